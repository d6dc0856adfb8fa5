"""Harness throughput against the local mock server: achieved samples/s over the ideal C/L.

Runs N samples of the engine's toy benchmark (one model call per sample: ReAct parse, scoring and a
durable transcript per sample) through the real OpenAI-compatible HTTP client against the mock server,
at latency L and concurrency C. Then the same at L = 0 to measure the harness overhead per sample.
Everything is measured in this one run and reported as ratios, since these machines are noisy.

    python bench/throughput.py [--n 2000] [--latency 0.1] [--concurrency 64]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from finprobe.core.aio import run_async
from finprobe.core.models.openai_compat import OpenAICompatibleModel
from finprobe.core.runner import Runner
from finprobe.core.schema import RoleConfig, RunConfig, SampleStatus
from finprobe.core.store import RunStore
from finprobe.testing.toy import ToyBenchmark

REPLY = json.dumps({"action": "answer", "value": "0", "confidence": 50})


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class MockServerProcess:
    """The mock server in its own process, as a real endpoint would be: the harness's CPU is measured alone."""

    def __init__(self, latency: float, reply: str = REPLY):
        self.cmd = [sys.executable, "-m", "finprobe.testing.mock_server", "--latency", str(latency), "--reply", reply]

    def __enter__(self) -> str:
        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline().strip()  # "serving http://127.0.0.1:PORT/v1"
        if not line.startswith("serving "):
            self.proc.kill()
            raise RuntimeError(f"mock server did not start: {line!r}")
        return line.split()[1]

    def __exit__(self, *exc) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def measure(n: int, latency: float, concurrency: int, out: Path) -> dict:
    with MockServerProcess(latency) as base_url:
        async def go():
            backend = OpenAICompatibleModel(base_url=base_url, model="mock", max_concurrency=concurrency,
                                            timeout_s=30)
            config = RunConfig(benchmark="toy", concurrency=concurrency,
                               roles={"agent": RoleConfig(spec="mock")}, options={"n": n})
            runner = Runner(config, out, benchmark=ToyBenchmark(n), progress=False,
                            backends={"agent": backend}, fresh=True)
            try:
                return await runner.run()
            finally:
                await backend.aclose()

        cpu0, t0 = cpu_seconds(), time.perf_counter()
        result = run_async(go())
        wall, cpu = time.perf_counter() - t0, cpu_seconds() - cpu0
    records = RunStore(out).load_records()
    stored = sum(1 for r in records.values() if r.status == SampleStatus.scored and r.transcript and r.transcript.calls)
    return {"n": n, "latency_s": latency, "concurrency": concurrency, "wall_s": wall, "cpu_s": cpu,
            "samples_per_s": n / wall, "stored_transcripts": stored, "errors": result.n_errors}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--latency", type=float, default=0.1)
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--overhead-n", type=int, default=1000, help="samples for the L = 0 overhead run")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        loaded = measure(args.n, args.latency, args.concurrency, Path(tmp) / "latency")
        bare = measure(args.overhead_n, 0.0, args.concurrency, Path(tmp) / "overhead")
    ideal = args.concurrency / args.latency
    ratio = loaded["samples_per_s"] / ideal
    print(f"throughput: {loaded['n']} samples, L={args.latency*1000:.0f} ms, C={args.concurrency}: "
          f"{loaded['samples_per_s']:.1f} samples/s = {ratio:.3f} of ideal ({ideal:.0f}/s); "
          f"transcripts stored {loaded['stored_transcripts']}/{loaded['n']}, errors {loaded['errors']}")
    print(f"overhead at L=0: {bare['n']} samples in {bare['wall_s']:.2f} s wall = "
          f"{1000*bare['wall_s']/bare['n']:.2f} ms wall and {1000*bare['cpu_s']/bare['n']:.2f} ms CPU per sample "
          f"(harness only; the server runs in another process)")
    print(json.dumps({"ratio_of_ideal": ratio, "loaded": loaded, "overhead": bare}))
    ok = loaded["stored_transcripts"] == loaded["n"] and loaded["errors"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
