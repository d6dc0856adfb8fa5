"""Agreement of the FinInteract build's rule-based judges with hand labels, by kind of input.

Two judging components decide what the construction pipeline keeps:
1. the verifier's interpretation matcher (`compare_interpretation`): does a verifier trial's stated
   interpretation state the intended reading? Labelled sets: `verifier_interpretations.jsonl` (the set the
   rule was developed on) and `verifier_interpretations_heldout.jsonl` (written and labelled before the rule
   was run on it; its first measurement is in the build report);
2. the question-level sanity checks R1 (not yes/no), R2 (no disambiguating term), R4 (company named) and
   R5 (a financial metric): `check_questions.jsonl`, realistic constructor questions in EN and ZH (polite
   wrappers, fragments, tickers, leaked qualifiers, terms of another category).
Labels follow the definitions (what a careful reader would say), never the rules' output.
Goal: >= 0.95 agreement on each set.

    python bench/build_ambiguity_judges.py [--show-misses]
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from finprobe.benchmarks.ambiguity.instances import demo_instances_path, load_instances
from finprobe.build.ambiguity.checks import CHECKS, CheckInput
from finprobe.build.ambiguity.passages import CandidatePassage
from finprobe.build.ambiguity.verifier import compare_interpretation

DATA = Path(__file__).resolve().parents[1] / "tests" / "build" / "ambiguity" / "data"
GOAL = 0.95


def _table(title: str, by_kind: dict[str, list[bool]]) -> float:
    total = [ok for oks in by_kind.values() for ok in oks]
    rate = sum(total) / len(total)
    print(f"\n{title}: {sum(total)}/{len(total)} = {rate:.3f} (goal {GOAL})")
    for kind, oks in sorted(by_kind.items()):
        print(f"  {kind:<22} {sum(oks):>3}/{len(oks):<3} {sum(oks) / len(oks):.2f}")
    return rate


def bench_interpretations(name: str, show: bool) -> float:
    instances = {i.instance_id: i for i in load_instances(demo_instances_path())}
    by_kind: dict[str, list[bool]] = defaultdict(list)
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        got = compare_interpretation(item["stated"], instances[item["instance_id"]]).aligned
        ok = got == item["aligned"]
        by_kind[item["kind"]].append(ok)
        if show and not ok:
            print(f"  miss {item['instance_id']} {item['stated']} label={item['aligned']}")
    return _table(f"interpretation matcher ({name})", by_kind)


def _check_input(item: dict) -> CheckInput:
    passage = CandidatePassage(passage_id="p", text="-", language=item["language"], company=item["company"],
                               ticker=item["ticker"])
    record = {"question": item["question"], "axes": [item["category"]], "answer": "1", "default_answer": "2",
              "intended_interpretation": {}, "default_interpretation": {}}
    return CheckInput(record=record, passage=passage, category=item["category"])


def bench_checks(show: bool) -> float:
    by_kind: dict[str, list[bool]] = defaultdict(list)
    by_rule: dict[str, list[bool]] = defaultdict(list)
    for line in (DATA / "check_questions.jsonl").read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        c = _check_input(item)
        for rule, label in item["labels"].items():
            got = CHECKS[rule](c).passed
            ok = got == label
            by_kind[f"{item['language']}:{item['kind']}"].append(ok)
            by_rule[f"{rule} {item['language']}"].append(ok)
            if show and not ok:
                print(f"  miss {rule} {item['question']!r} label={'pass' if label else 'fail'}")
    _table("question checks by rule", by_rule)
    return _table("question checks by kind of question", by_kind)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--show-misses", action="store_true")
    args = ap.parse_args(argv)
    rates = [bench_interpretations("verifier_interpretations.jsonl", args.show_misses),
             bench_interpretations("verifier_interpretations_heldout.jsonl", args.show_misses),
             bench_checks(args.show_misses)]
    return 0 if all(r >= GOAL for r in rates) else 1


if __name__ == "__main__":
    raise SystemExit(main())
