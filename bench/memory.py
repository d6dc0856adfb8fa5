"""Peak memory of a run and of its report, at 1k / 10k / 100k samples, against the mock server.

Each measurement runs in a fresh child process and reports its peak resident set size (VmHWM):
- `run`: the engine plays N reasoning samples through the real OpenAI-compatible client against the mock
  server (another process), stores every transcript (~10 KB a record: real FinQA prompts with their
  tables), scores them with the real grader and aggregates the run;
- `report`: `report --format json` on that folder (metrics recomputed from the store).

The N samples are the real FinQA dev records (`../shared/data/finqa/dev.json`, else the bundled demo)
repeated under new ids, so transcripts are realistic while the data set itself stays small in memory:
what grows with N is the harness's own footprint, which this bench measures. `after_load` is the RSS once
the samples are loaded, before any request: peak minus it is what the run added.

    python bench/memory.py [--sizes 1000 10000 100000] [--concurrency 64]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FINQA_DEV = ROOT.parent / "shared" / "data" / "finqa" / "dev.json"
LIMIT_MB = 500


def peak_rss_mb() -> float:
    """Peak resident set size of this process (VmHWM; ru_maxrss where /proc is absent)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def scaled_family(n: int):  # noqa: ANN201 - a Benchmark subclass built on demand (children only)
    from finprobe.benchmarks.reasoning.benchmark import ReasoningBenchmark
    from finprobe.benchmarks.reasoning.loader import load_finqa, to_sample
    from finprobe.core.schema import Sample

    class ScaledReasoning(ReasoningBenchmark):
        """The reasoning family over the real records repeated to `n` samples (new ids, shared data)."""

        def load(self, data, options):  # type: ignore[no-untyped-def]
            source = FINQA_DEV if FINQA_DEV.exists() else None
            base = [to_sample(r) for r in load_finqa(source)] if source else super().load(None, options)
            return [Sample(id=f"{s.id}~{i // len(base)}", data=s.data, meta=s.meta)
                    for i, s in ((i, base[i % len(base)]) for i in range(n))]

    return ScaledReasoning()


def child_run(n: int, out: str, base_url: str, concurrency: int) -> dict:
    from finprobe.core.aio import run_async
    from finprobe.core.models.openai_compat import OpenAICompatibleModel
    from finprobe.core.runner import Runner
    from finprobe.core.schema import RoleConfig, RunConfig

    family = scaled_family(n)
    config = RunConfig(benchmark="reasoning", concurrency=concurrency, roles={"agent": RoleConfig(spec="openai:mock")})

    async def go():  # type: ignore[no-untyped-def]
        backend = OpenAICompatibleModel(base_url=base_url, model="mock", max_concurrency=concurrency, timeout_s=60)
        runner = Runner(config, out, benchmark=family, progress=False, backends={"agent": backend}, fresh=True)
        samples = runner.load_samples()
        loaded = rss_mb()
        t0 = time.perf_counter()
        try:
            result = await runner.run(samples)
        finally:
            await backend.aclose()
        return loaded, time.perf_counter() - t0, result

    loaded, wall, result = run_async(go())
    return {"n": n, "after_load_mb": loaded, "peak_mb": peak_rss_mb(), "wall_s": wall, "errors": result.n_errors,
            "scored": result.n_scored, "bytes_per_record": (Path(out) / "samples.jsonl").stat().st_size / n}


def child_report(n: int, out: str) -> dict:
    import finprobe.report._run as stored

    family = scaled_family(n)
    stored.load_family = lambda name: family  # the scaled family is not an installed entry point
    t0 = time.perf_counter()
    run = stored.load_run(out)
    text = json.dumps(run.metrics, indent=2, ensure_ascii=False, default=str)
    return {"n": n, "peak_mb": peak_rss_mb(), "wall_s": time.perf_counter() - t0, "json_chars": len(text),
            "metrics_n": run.metrics.get("n")}


def _child(args: list[str]) -> dict:
    proc = subprocess.run([sys.executable, __file__, "--child", *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"child {args[0]} failed: {proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        kind, n = args.child[0], int(args.child[1])
        result = (child_run(n, args.child[2], args.child[3], int(args.child[4])) if kind == "run"
                  else child_report(n, args.child[2]))
        print(json.dumps(result))
        return 0

    sys.path.insert(0, str(Path(__file__).parent))
    from throughput import MockServerProcess

    rows = []
    with tempfile.TemporaryDirectory() as tmp, MockServerProcess(0.0, reply="ANSWER: 1") as base_url:
        for n in args.sizes:
            out = os.path.join(tmp, f"run{n}")
            run = _child(["run", str(n), out, base_url, str(args.concurrency)])
            report = _child(["report", str(n), out])
            rows.append({"n": n, "run": run, "report": report})
            print(f"n={n:>7}: run peak {run['peak_mb']:7.1f} MB (after loading the samples {run['after_load_mb']:6.1f} MB,"
                  f" {run['wall_s']:6.1f} s, {run['bytes_per_record'] / 1024:.1f} KB a record, "
                  f"{run['scored']} scored, {run['errors']} errors); report --format json peak "
                  f"{report['peak_mb']:7.1f} MB ({report['wall_s']:.1f} s)", flush=True)
    print(json.dumps(rows))
    worst = max(max(r["run"]["peak_mb"], r["report"]["peak_mb"]) for r in rows)
    return 0 if worst < LIMIT_MB and all(r["run"]["errors"] == 0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
