"""Speed of FinHopper chain synthesis (`finprobe build multihop`) on the demo market without LLM roles.

Run: .venv/bin/python bench/multihop_synthesis.py [--n 1000] [--repeat 3] [--seed 0] [--json]

Issue 11's goal: 1,000 chains in under a minute on 2 cores. Each repeat is a fresh build (nothing resumed)
into a temporary folder, in this one process (the build uses one core). Reported per repeat: wall time,
CPU time of this process, chains/s, and the machine's load average before and after (the machine is shared:
wall time moves with other people's jobs, CPU time much less); then the spread over repeats and the drop
rates by reason (per step of the funnel and for single-hop QA candidates), which are the same for every
repeat since the build is deterministic.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from finprobe.benchmarks.multihop.market import DEMO_SEED, build_demo_market
from finprobe.build.multihop import BuildConfig, Synthesizer, build_multihop_sync


def _load() -> tuple[float, float, float]:
    try:
        return os.getloadavg()
    except OSError:  # pragma: no cover - not on this platform
        return (float("nan"),) * 3


def one_run(n: int, seed: int, workdir: Path, i: int) -> dict[str, Any]:
    load_before = _load()
    t0, c0 = time.perf_counter(), time.process_time()
    db = build_demo_market(DEMO_SEED)  # a fresh market each run: generation counted apart below
    t_market = time.perf_counter() - t0
    config = BuildConfig(n=n, seed=seed, market=f"demo:{DEMO_SEED}")
    t1, c1 = time.perf_counter(), time.process_time()
    synth = Synthesizer(db, config)
    result = build_multihop_sync(db, workdir / f"run{i}", config, fresh=True, synthesizer=synth)
    wall, cpu = time.perf_counter() - t1, time.process_time() - c1
    assert result.n_accepted == n, f"accepted {result.n_accepted} of {n}"
    return {"wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "chains_per_s": round(n / wall, 1),
            "chains_per_cpu_s": round(n / cpu, 1), "market_build_s": round(t_market, 3),
            "total_with_market_s": round(time.perf_counter() - t0, 3), "cpu_total_s": round(time.process_time() - c0, 3),
            "load_before": [round(x, 2) for x in load_before], "load_after": [round(x, 2) for x in _load()],
            "attempts": result.funnel["attempts"], "funnel": result.funnel}


def drop_rates(funnel: dict[str, Any]) -> dict[str, Any]:
    steps = {}
    for s in funnel["steps"]:
        steps[s["step"]] = {"in": s["in"], "out": s["out"],
                            "drop_rate": {k: round(v / s["in"], 4) for k, v in s["drops"].items()} if s["in"] else {}}
    hop = funnel["single_hop_qa"]
    return {"steps": steps,
            "single_hop_qa": {"in": hop["in"], "out": hop["out"],
                              "drop_rate": {k: round(v / hop["in"], 4) for k, v in hop["drops"].items()}},
            "attempts_per_chain": round(funnel["attempts"] / max(1, funnel["accepted"]), 2),
            "chains_per_walk_that_survived": round(funnel["accepted"] / max(1, funnel["steps"][0]["out"]), 3)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    runs = []
    with tempfile.TemporaryDirectory(prefix="mh-synth-bench-") as tmp:
        for i in range(args.repeat):
            runs.append(one_run(args.n, args.seed, Path(tmp), i))
    walls = [r["wall_s"] for r in runs]
    cpus = [r["cpu_s"] for r in runs]
    out = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "n": args.n, "seed": args.seed, "repeat": args.repeat,
        "runs": [{k: v for k, v in r.items() if k != "funnel"} for r in runs],
        "wall_s": {"min": min(walls), "median": statistics.median(walls), "max": max(walls)},
        "cpu_s": {"min": min(cpus), "median": statistics.median(cpus), "max": max(cpus)},
        "chains_per_s_median": round(args.n / statistics.median(walls), 1),
        "goal": "1000 chains in < 60 s on 2 cores",
        "goal_met": max(walls) * 1000 / args.n < 60,
        "drop_rates": drop_rates(runs[0]["funnel"]),
        "same_funnel_every_run": all(r["funnel"] == runs[0]["funnel"] for r in runs),
    }
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"FinHopper synthesis, demo market, n={args.n}, seed={args.seed}, {args.repeat} fresh builds "
          f"({out['machine']['cpus']} CPUs, Python {out['machine']['python']})")
    for i, r in enumerate(out["runs"]):
        print(f"  run {i}: {r['wall_s']:.2f} s wall, {r['cpu_s']:.2f} s CPU, {r['chains_per_s']} chains/s, "
              f"{r['attempts']} attempts; market {r['market_build_s']:.2f} s; load {r['load_before']} -> "
              f"{r['load_after']}")
    w = out["wall_s"]
    print(f"wall: min {w['min']:.2f} / median {w['median']:.2f} / max {w['max']:.2f} s; CPU median "
          f"{out['cpu_s']['median']:.2f} s; {out['chains_per_s_median']} chains/s; goal met: {out['goal_met']}")
    d = out["drop_rates"]
    print(f"attempts per accepted chain: {d['attempts_per_chain']}")
    for step, row in d["steps"].items():
        rates = ", ".join(f"{k} {v:.1%}" for k, v in row["drop_rate"].items()) or "-"
        print(f"  {step:<16} in {row['in']:>5}  out {row['out']:>5}  drops: {rates}")
    hop = d["single_hop_qa"]
    rates = ", ".join(f"{k} {v:.1%}" for k, v in hop["drop_rate"].items())
    print(f"  {'single-hop QA':<16} in {hop['in']:>5}  out {hop['out']:>5}  drops: {rates}")
    print(f"deterministic (same funnel every run): {out['same_funnel_every_run']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
