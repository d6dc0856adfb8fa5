"""The review's decision rules measured on a real review: the adjudicator's decisions are the labels.

Data: a review folder (default the shipped one, `src/finprobe/benchmarks/reasoning/data/review/test/`, or
`--records DIR`: any `records/` folder `finprobe build reasoning` wrote) and the FinQA file it reviewed.
The records are real reviewer output (blind answers of people or model sessions, and a non-blind
adjudicator's decision per selected task); nothing here was fitted to them.

Measured, on the selected tasks that have an adjudication record:
- agreement of `rules.auto_decision` (what the rules alone decide) with the adjudicator, by the
  adjudicator's kind of decision (keep, value, question, sign_agnostic, skip). The rules cannot write a
  rewording, so on `question` decisions agreement means the rules left the task `unresolved` (they saw it
  needs one) rather than deciding something else. Goal: ≥ 0.90 on keep, value and skip decisions;
- how many adjudicator decisions `rules.check_decision` rejects, by rule (each one is a decision the
  blind records do not support: the pipeline does not apply it);
- the blind pass's agreement with FinQA's reference, by verdict.

Run: .venv/bin/python bench/reasoning_review_rules.py [--records DIR] [--data FILE] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from finprobe.benchmarks.reasoning.loader import load_finqa, to_sample
from finprobe.build.reasoning.records import Adjudication, BlindRecord, load_recorded
from finprobe.build.reasoning.rules import Decision, agree, auto_decision, check_decision, task_facts

ROOT = Path(__file__).resolve().parents[1]
REVIEW = ROOT / "src" / "finprobe" / "benchmarks" / "reasoning" / "data" / "review" / "test"
DATA = ROOT / ".." / "shared" / "data" / "finqa" / "test.json"
GOAL = 0.90


def _label(kinds: list[str]) -> str:
    return ";".join(kinds) or "keep"


def measure(review_dir: Path, data: Path) -> dict[str, Any]:
    samples = {s.id: s for s in (to_sample(r) for r in load_finqa(data))}
    ids = list(samples)
    blind: dict[str, dict[str, BlindRecord]] = {}
    for path in sorted(review_dir.glob("blind.*.jsonl")):
        blind[path.name.split(".")[1]] = load_recorded(str(path), BlindRecord, ids)
    adjudication_path = review_dir / "adjudication.jsonl"
    adjudications = load_recorded(str(adjudication_path), Adjudication, ids) if adjudication_path.is_file() else {}
    facts = {i: task_facts(samples[i].data) for i in ids}

    first = blind.get("A", {})
    by_verdict: dict[str, Counter[str]] = defaultdict(Counter)
    for i, r in first.items():
        f = facts[i]
        ok = r.verdict == "clear" and agree(r.answer, f.reference, f.sign_agnostic)
        by_verdict[r.verdict]["agrees" if ok else "differs"] += 1

    agreement: dict[str, Counter[str]] = defaultdict(Counter)
    rejected: Counter[str] = Counter()
    examples: list[dict[str, Any]] = []
    for i, adj in sorted(adjudications.items()):
        records = {k: recs[i] for k, recs in blind.items() if i in recs}
        label = _label(list(adj.kinds))
        rules = auto_decision(facts[i], records)
        if "question" in adj.kinds:
            hit = rules.status == "unresolved" or "question" in rules.kinds
        else:
            hit = rules.status != "unresolved" and _label(rules.kinds) == label and (
                "value" not in adj.kinds or agree(rules.value, adj.value, facts[i].sign_agnostic))
        agreement[label]["agree" if hit else "differ"] += 1
        if not hit and len(examples) < 20:
            examples.append({"id": i, "adjudicator": label, "rules": _label(rules.kinds), "status": rules.status})
        for problem in check_decision(facts[i], Decision.from_adjudication(adj), records):
            rejected[problem.split(" is reached")[0].split(" ")[0] if problem.startswith("value ") else problem] += 1

    def rate(c: Counter[str]) -> float | None:
        n = c["agree"] + c["differ"]
        return c["agree"] / n if n else None

    core = Counter[str]()
    for label in ("keep", "value", "skip"):
        core.update(agreement.get(label, Counter()))
    return {
        "review": str(review_dir), "blind_records": {k: len(v) for k, v in blind.items()},
        "adjudications": len(adjudications),
        "blind_pass_vs_reference": {k: dict(v) for k, v in sorted(by_verdict.items())},
        "rules_vs_adjudicator": {k: {**dict(v), "agreement": rate(v)} for k, v in sorted(agreement.items())},
        "agreement_keep_value_skip": rate(core), "goal": GOAL,
        "decisions_the_rules_reject": dict(rejected.most_common()),
        "disagreements": examples,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=Path, default=REVIEW)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not args.data.is_file():
        print(f"no data file at {args.data}", file=sys.stderr)
        return 2
    result = measure(args.records, args.data)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"review {result['review']}: blind records {result['blind_records']}, "
          f"{result['adjudications']} adjudications")
    print(f"blind pass vs FinQA's reference, by verdict: {result['blind_pass_vs_reference']}")
    if not result["adjudications"]:
        print("no adjudication records yet: nothing to measure the rules against")
        return 0
    for label, row in result["rules_vs_adjudicator"].items():
        print(f"  adjudicator {label:<24} rules agree {row.get('agree', 0):>4} / "
              f"{row.get('agree', 0) + row.get('differ', 0):<4} ({row['agreement']:.3f})")
    core = result["agreement_keep_value_skip"]
    print(f"keep/value/skip agreement {core if core is None else round(core, 3)} (goal ≥ {GOAL})")
    print(f"adjudicator decisions the rules reject: {result['decisions_the_rules_reject']}")
    return 0 if core is None or core >= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
