"""Agreement of the deterministic ambiguity grader with hand-labelled final answers.

The labelled set (`src/finprobe/benchmarks/ambiguity/data/labelled/invented-demo-author.grader.jsonl`, written by `make_grader_answers.py` from
values and answer shapes labelled by hand) holds realistic answers: values buried in explanations,
markdown and bold, "approximately", rounding, units and scale words, 亿元/万元, percentages with amounts
beside them, comparison figures, wrong year labels, fiscal years named by their start, hedges that state
both readings, and answers with no value. Each answer has a label against the intended answer A and one
against the default answer A_d; `unsure` marks labels a careful reader could dispute.

    python bench/ambiguity_grader.py [--show] [--set src/finprobe/benchmarks/ambiguity/data/labelled/invented-demo-annotator.grader.jsonl]
    python bench/ambiguity_grader.py --show --set src/finprobe/benchmarks/ambiguity/data/labelled/invented-fr-annotator.grader.jsonl \
        --instances src/finprobe/benchmarks/ambiguity/data/labelled/invented-fr.instances.jsonl

Reports agreement by kind of answer (verdict vs A, and the pair of verdicts vs A and A_d), on all labels
and on the labels a careful reader is sure of. Goal: >= 0.95.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ambiguity_common import (
    DATA,
    add_instances_option,
    agreement_table,
    instances,
    read_jsonl,
    require_instances,
)
from finprobe.benchmarks.ambiguity.grading import grade_answer


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--show", action="store_true", help="list the disagreements")
    ap.add_argument("--set", metavar="FILE", type=Path, default=DATA / "invented-demo-author.grader.jsonl",
                    help="labelled set to measure (default: %(default)s), e.g. invented-demo-annotator.grader.jsonl")
    add_instances_option(ap)
    args = ap.parse_args(argv)
    items = read_jsonl(args.set.name, args.set.resolve().parent)
    insts = instances(args.instances)
    require_instances(items, insts, args.set)
    flagged = hedges = 0
    for it in items:
        g = grade_answer(insts[it["instance_id"]], it["answer"])
        it["got"] = "correct" if g.correct else "incorrect"
        it["got_default"] = "correct" if g.default_captured or (g.verdict_default == "match") else "incorrect"
        it["verdict"] = g.verdict_intended
        flagged += getattr(g, "year_label_conflict", False)  # getattr: the bench also runs on older graders
        hedges += g.verdict_intended == "hedge"

    def ok(it: dict[str, Any]) -> bool:
        return it["got"] == it["label"]

    def ok_both(it: dict[str, Any]) -> bool:
        return ok(it) and it["got_default"] == it["label_default"]

    sure = [it for it in items if not it["unsure"]]
    print(f"deterministic grader: {len(items)} labelled answers ({len(sure)} sure) on "
          f"{len({i['instance_id'] for i in items})} instances; year_label_conflict flagged {flagged}, "
          f"hedges {hedges}")
    for name, subset in (("all labels", items), ("labels a careful reader is sure of", sure)):
        print(f"{name}: verdict vs A")
        print("\n".join(agreement_table(subset, ok, ["kind", "lang", "label"])))
        print(f"{name}: both verdicts (vs A and vs A_d)")
        print("\n".join(agreement_table(subset, ok_both, [])))
    if args.show:
        for it in items:
            if not ok_both(it):
                mark = "?" if it["unsure"] else " "
                print(f"  {it['id']}{mark} label={it['label']}/{it['label_default']} "
                      f"got={it['got']}/{it['got_default']} ({it['verdict']}): {it['answer']!r}")
    rate = sum(ok(it) for it in sure) / len(sure)
    return 0 if rate >= 0.95 else 1


if __name__ == "__main__":
    sys.exit(main())
