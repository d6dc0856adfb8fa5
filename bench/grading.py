"""Grading and executor speed on the real FinQA dev file, as ratios measured in one run.

For every dev task: execute its program (the DSL parser/executor), then grade two replies (the reference
answer under the contract, and FinQA's human answer). The cost is compared with the cost of loading the
file, measured in the same run, and expressed per task in microseconds.

    python bench/grading.py [--data ../shared/data/finqa/dev.json] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from finprobe.benchmarks.reasoning import execute, grade, load_finqa, reference_value, to_sample
from finprobe.benchmarks.reasoning.grader import format_contract_value

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "finqa" / "dev.json"


def best_of(repeat: int, fn) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DEFAULT)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    if not args.data.exists():
        print(f"no FinQA file at {args.data}", file=sys.stderr)
        return 2
    t_load = best_of(args.repeat, lambda: [to_sample(r) for r in load_finqa(args.data)])
    samples = [to_sample(r) for r in load_finqa(args.data)]
    n = len(samples)
    t_exec = best_of(args.repeat, lambda: [execute(s.data["qa"]["program"], s.data.get("table") or []) for s in samples])
    replies = [(s.data, "ANSWER: " + format_contract_value(reference_value(s.data)[0])) for s in samples]
    human = [(s.data, "ANSWER: " + (s.data["qa"].get("answer") or "")) for s in samples]
    t_ref = best_of(args.repeat, lambda: [grade(d, r) for d, r in replies])
    t_human = best_of(args.repeat, lambda: [grade(d, r) for d, r in human])
    passed_ref = sum(bool(grade(d, r).passed) for d, r in replies)
    passed_human = sum(bool(grade(d, r).passed) for d, r in human)
    print(f"FinQA dev: {n} tasks; load+validate {1e6 * t_load / n:.0f} µs/task")
    print(f"executor: {1e6 * t_exec / n:.1f} µs/program = {t_exec / t_load:.3f}× the load cost")
    print(f"grader (reference replies): {1e6 * t_ref / n:.1f} µs/answer = {t_ref / t_load:.3f}× the load cost; "
          f"passed {passed_ref}/{n}")
    print(f"grader (human answers): {1e6 * t_human / n:.1f} µs/answer = {t_human / t_load:.3f}× the load cost; "
          f"passed {passed_human}/{n}")
    return 0 if passed_ref == n else 1


if __name__ == "__main__":
    sys.exit(main())
