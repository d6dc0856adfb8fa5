"""Agreement of the AmbigQA text-answer grader with hand-labelled final answers.

The labelled set (`bench/data/ambigqa/grader_answers.jsonl`, written by `make_grader_answers.py`) holds
answers of the shapes real models give on 34 demo and fixture instances (`split: dev`, on which the
grader's rules were developed, and `split: heldout`, free-form answers written afterwards and measured once): aliases and other forms of the
target's answer (case, punctuation, accents, dates and numbers in other formats), answers wrapped in
explanations, "I think it's ...", markdown, answers of another reading, wrong entities, partial lists and
coarser dates, two-reading hedges, exclusions ("X, not Y") and non-committal answers. Each carries the
verdict a careful reader gives by definition (intended / default_capture / hedge / wrong / non_committal),
decided when it was written, not by running the grader; `unsure` marks disputable ones.

    python bench/ambigqa_grader.py            # agreement by kind and by label
    python bench/ambigqa_grader.py --show     # also list the disagreements
    python bench/ambigqa_grader.py --set grader_answers_independent.jsonl \
        --instances bench/data/ambigqa/fixture_ids_independent.json --show   # the independent set

Goal: agreement >= 0.95 on the labels a careful reader is sure of.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ambigqa_common import add_set_options, instances, read_jsonl
from ambiguity_common import agreement_table
from finprobe.benchmarks.ambiguity.text_grading import TextGrade, grade_text_answer

GOAL = 0.95


def verdict(grade: TextGrade) -> str:
    """The grade as one of the labels."""
    if grade.hedge:
        return "hedge"
    if grade.correct:
        return "intended"
    if grade.default_captured:
        return "default_capture"
    if grade.non_committal:
        return "non_committal"
    return "wrong"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--show", action="store_true", help="list the disagreements")
    add_set_options(ap, "grader_answers.jsonl")
    args = ap.parse_args(argv)
    items = read_jsonl(args.set)
    insts = instances(args.instances, args.train)
    for it in items:
        it["predicted"] = verdict(grade_text_answer(insts[it["instance_id"]], it["answer"]))

    def ok(it: dict[str, Any]) -> bool:
        return it["predicted"] == it["label"]

    def correct_ok(it: dict[str, Any]) -> bool:  # the binary verdict the accuracy metric uses
        return (it["predicted"] == "intended") == (it["label"] == "intended")

    sure = [it for it in items if not it["unsure"]]
    print(f"AmbigQA grader: {len(items)} labelled answers ({len(sure)} sure) on "
          f"{len({i['instance_id'] for i in items})} instances")
    print("all labels (five-way verdict):")
    print("\n".join(agreement_table(items, ok, ["split", "kind", "label"])))
    print("labels a careful reader is sure of (five-way verdict):")
    print("\n".join(agreement_table(sure, ok, ["split", "kind", "label"])))
    print("intended vs not (what accuracy counts), sure labels:")
    print("\n".join(agreement_table(sure, correct_ok, ["split"])))
    rate = sum(ok(it) for it in sure) / len(sure)
    print(f"goal >= {GOAL:.2f} on sure labels: {'met' if rate >= GOAL else 'NOT met'} ({rate:.3f})")
    if args.show:
        bad = [it for it in items if not ok(it)]
        print(f"\ndisagreements: {len(bad)}")
        for it in bad:
            print(f"  {it['id']:<16} {it['kind']:<14} label={it['label']:<16} got={it['predicted']:<16} "
                  f"{'(unsure) ' if it['unsure'] else ''}{it['answer']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
