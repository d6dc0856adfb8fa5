"""Planning time of the exact reference planner.

1. Every CIG converted from the real AmbigNQ train file (../shared/data), under each persona: total time,
   time per CIG by number of intents and of variables, the slowest CIG, states expanded.
2. Growth on synthetic CIGs (k intents, m variables of up to 4 values, each intent a distinct value tuple):
   the largest CIG planned exactly within a per-CIG budget.
The planner is single-threaded pure Python; nothing is pruned, so the time is the price of exactness.

    python bench/regret_planner.py [--budget 20] [--personas cooperative,vague,contradictory]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from finprobe.benchmarks.regret import CIG, PERSONAS, Planner, get_profile  # noqa: E402
from finprobe.build.regret import convert  # noqa: E402
from regret_data import AMBIGNQ  # noqa: E402


def synthetic(k: int, m: int, rng: random.Random) -> CIG:
    """k intents over m variables of up to 4 values, every intent a distinct value tuple."""
    sizes = [4] * m
    tuples = list(itertools.product(*[range(s) for s in sizes]))
    rng.shuffle(tuples)
    chosen = tuples[:k]
    variables = [{"name": f"v{j}", "values": [f"value {j}-{t}" for t in range(sizes[j])]} for j in range(m)]
    intents = [{"intent_id": f"i{n}", "description": f"intent {n}", "answer_aliases": [f"answer {n}"],
                "slots": {f"v{j}": f"value {j}-{tup[j]}" for j in range(m)}} for n, tup in enumerate(chosen)]
    actions = [{"action": f"ask:v{j}", "reference_questions": [f"Which v{j} do you mean?"]} for j in range(m)]
    return CIG.model_validate({"cig_id": f"syn-{k}-{m}", "prompt": "p?", "intents": intents,
                               "variables": variables, "actions": actions})


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=20.0, help="seconds per synthetic CIG before stopping growth")
    ap.add_argument("--personas", default="cooperative,vague,contradictory")
    args = ap.parse_args()
    profile = get_profile("default")
    t0 = time.perf_counter()
    cigs = convert("ambignq", AMBIGNQ).cigs
    t_convert = time.perf_counter() - t0
    print(f"AmbigNQ train: {len(cigs)} CIGs converted in {t_convert:.1f} s")
    for name in args.personas.split(","):
        persona = PERSONAS[name]
        by_shape: dict[tuple[int, int], list[float]] = defaultdict(list)
        slowest = (0.0, "", 0)
        t0 = time.perf_counter()
        states = 0
        for cig in cigs:
            t = time.perf_counter()
            p = Planner(cig, persona, profile)
            p.value()
            dt = time.perf_counter() - t
            states += p.expanded
            by_shape[(len(cig.intents), len(cig.variables))].append(dt)
            if dt > slowest[0]:
                slowest = (dt, cig.cig_id, p.expanded)
        total = time.perf_counter() - t0
        print(f"\npersona {name}: all {len(cigs)} CIGs planned exactly in {total:.2f} s "
              f"({states} states; slowest {slowest[1]} {slowest[0] * 1000:.0f} ms, {slowest[2]} states)")
        print(f"  {'intents':>7} {'vars':>4} {'CIGs':>5} {'mean ms':>8} {'max ms':>8}")
        for (k, m), ts in sorted(by_shape.items()):
            print(f"  {k:>7} {m:>4} {len(ts):>5} {statistics.mean(ts) * 1000:>8.2f} {max(ts) * 1000:>8.2f}")

    print(f"\nsynthetic CIGs (variables of 4 values; budget {args.budget:.0f} s per CIG, horizon 5):")
    rng = random.Random(0)
    for name in args.personas.split(","):
        persona = PERSONAS[name]
        within: dict[int, tuple[int, float]] = {}  # variables -> (most intents planned within budget, seconds)
        for m in (1, 2, 3, 4, 5, 6):
            for k in (4, 8, 16, 32, 64, 128, 256, 512, 1024):
                if k > 4 ** m:
                    break
                cig = synthetic(k, m, rng)
                t = time.perf_counter()
                p = Planner(cig, persona, profile)
                v = p.value()
                dt = time.perf_counter() - t
                print(f"  {name:<13} intents {k:>4} variables {m}: {dt * 1000:>9.1f} ms, {p.expanded:>7} states, "
                      f"value {v:.4f}")
                if dt > args.budget:
                    break
                within[m] = (k, dt)
        print(f"  {name}: most intents planned exactly within {args.budget:.0f} s, by number of variables: "
              + ", ".join(f"{m} var: {k} intents ({dt:.1f} s)" for m, (k, dt) in sorted(within.items())))

if __name__ == "__main__":
    main()
