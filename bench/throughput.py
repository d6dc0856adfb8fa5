"""Harness throughput against the local mock server: achieved samples/s over the ideal C/L.

Runs N samples of the engine's toy benchmark (one model call per sample: ReAct parse, scoring, a durable
transcript per sample and the run's aggregate) through the real OpenAI-compatible HTTP client against
the mock server (in its own process), at latency L and concurrency C; then the same at L = 0 to measure
the harness's CPU per sample. The bare aiohttp client (the same requests, nothing else) is measured in
the same run at the same L and C, as the reference the harness is compared with. The engine alone (the
same run with an in-process backend that answers at once: no HTTP, no server) is measured too, which
splits the harness's CPU into the engine's share and the HTTP client's. A minimal pipeline (`measure_floor`:
the same client doing only what each sample must — the request, the reply's action, the score, a stored
line) gives the floor a Python harness on this client could reach at L = 0. Each measurement runs
in a fresh process, `--repeat` times, interleaved, and the spread is reported: the machine is shared and
noisy, so only ratios measured side by side mean anything.

    python bench/throughput.py [--n 2000] [--latency 0.1] [--concurrency 64] [--repeat 3]
                               [--baseline-src OTHER_CHECKOUT/src]

`--baseline-src` also measures the harness of another checkout (e.g. `git worktree add /tmp/base main`,
then `--baseline-src /tmp/base/src`) in the same runs, alternating which goes first, and reports the
paired ratios: on a noisy machine a change of a few percent shows only side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().strip()  # "serving http://127.0.0.1:PORT/v1"
        if not line.startswith("serving "):
            self.proc.kill()
            raise RuntimeError(f"mock server did not start: {line!r}")
        return line.split()[1]

    def __exit__(self, *exc: object) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


# --------------------------------------------------------------------------- one measurement (a child process)
class InstantModel:
    """A backend that answers every request at once, in process, with the mock server's reply and usage:
    the engine's CPU with no HTTP exchange at all."""

    kind = "instant"
    model = "instant"
    cacheable = False
    supports_schema = False

    async def generate(self, messages: list, config: object) -> object:
        from finprobe.core.models import ModelOutput
        from finprobe.core.schema import Usage

        await asyncio.sleep(0)  # the reply comes back through the event loop, as a real one does
        return ModelOutput(text=REPLY, finish_reason="stop", usage=Usage(input_tokens=86, output_tokens=13))

    async def aclose(self) -> None:
        return None


def measure_harness(n: int, concurrency: int, base_url: str) -> dict:
    from finprobe.core.aio import run_async
    from finprobe.core.models.openai_compat import OpenAICompatibleModel
    from finprobe.core.runner import Runner
    from finprobe.core.schema import RoleConfig, RunConfig, SampleStatus
    from finprobe.core.store import RunStore
    from finprobe.testing.toy import ToyBenchmark

    with tempfile.TemporaryDirectory() as tmp:
        async def go():  # type: ignore[no-untyped-def]
            backend = (InstantModel() if base_url == "instant" else
                       OpenAICompatibleModel(base_url=base_url, model="mock", max_concurrency=concurrency,
                                             timeout_s=30))
            config = RunConfig(benchmark="toy", concurrency=concurrency,
                               roles={"agent": RoleConfig(spec="mock")}, options={"n": n})
            runner = Runner(config, tmp, benchmark=ToyBenchmark(n), progress=False,
                            backends={"agent": backend}, fresh=True)
            try:
                return await runner.run()
            finally:
                await backend.aclose()

        cpu0, t0 = cpu_seconds(), time.perf_counter()
        result = run_async(go())
        wall, cpu = time.perf_counter() - t0, cpu_seconds() - cpu0
        records = RunStore(tmp).load_records()
    stored = sum(1 for r in records.values() if r.status == SampleStatus.scored and r.transcript and r.transcript.calls)
    return {"wall_s": wall, "cpu_s": cpu, "stored": stored, "errors": result.n_errors}


def measure_bare(n: int, concurrency: int, base_url: str) -> dict:
    """The bare aiohttp client: the same request and reply parsing, and nothing else."""
    import aiohttp
    import orjson

    from finprobe.core.aio import run_async

    async def go() -> None:
        connector = aiohttp.TCPConnector(limit=concurrency, limit_per_host=0)
        async with aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.DummyCookieJar()) as session:
            jobs = iter(range(n))

            async def worker() -> None:
                for i in jobs:
                    body = orjson.dumps({"model": "mock", "messages": [{"role": "user", "content": f"q{i}"}]})
                    async with session.post(base_url + "/chat/completions", data=body,
                                            headers={"Content-Type": "application/json"}) as resp:
                        raw = await resp.read()
                    orjson.loads(raw)["choices"][0]["message"]["content"]

            await asyncio.gather(*(worker() for _ in range(concurrency)))

    cpu0, t0 = cpu_seconds(), time.perf_counter()
    run_async(go())
    return {"wall_s": time.perf_counter() - t0, "cpu_s": cpu_seconds() - cpu0, "stored": n, "errors": 0}


def measure_floor(n: int, concurrency: int, base_url: str) -> dict:
    """The least a harness does per sample, on the bare client: build the prompt, post it, parse the reply's
    action, score it against the gold value, and store a record (messages, the call, the step, the score)
    as a JSON line, written in batches and synced at the end. No retries, deadlines, typed records,
    redaction or aggregation: the floor the engine's CPU per sample is compared with."""
    import aiohttp
    import orjson

    from finprobe.core.aio import run_async

    system = "You answer questions by looking things up."

    async def go(fd: int) -> None:
        connector = aiohttp.TCPConnector(limit=concurrency, limit_per_host=0)
        lines: list[bytes] = []
        async with aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.DummyCookieJar()) as session:
            jobs = iter(range(n))

            async def worker() -> None:
                for i in jobs:
                    started = time.time()
                    messages = [{"role": "system", "content": system},
                                {"role": "user", "content": f"What is the value of k{i}?"}]
                    body = orjson.dumps({"model": "mock", "messages": messages, "temperature": 0.0, "seed": i})
                    async with session.post(base_url + "/chat/completions", data=body,
                                            headers={"Content-Type": "application/json"}) as resp:
                        reply = orjson.loads(await resp.read())
                    text = reply["choices"][0]["message"]["content"]
                    action = orjson.loads(text)
                    passed = str(action.get("value")) == str(i * 7)
                    messages.append({"role": "assistant", "content": text})
                    record = {"sample_id": f"t{i:04d}", "epoch": 1, "status": "scored", "started_at": started,
                              "transcript": {"messages": messages, "calls": [
                                  {"role": "agent", "model": "mock", "output_ref": 2, "usage": reply.get("usage"),
                                   "finish_reason": "stop", "latency_s": time.time() - started}],
                                  "steps": [{"kind": "action", "action": action}]},
                              "score": {"value": float(passed), "passed": passed}, "finished_at": time.time()}
                    lines.append(orjson.dumps(record) + b"\n")
                    if len(lines) >= concurrency:
                        os.write(fd, b"".join(lines))
                        lines.clear()

            await asyncio.gather(*(worker() for _ in range(concurrency)))
        os.write(fd, b"".join(lines))
        os.fsync(fd)

    with tempfile.TemporaryDirectory() as tmp:
        fd = os.open(os.path.join(tmp, "samples.jsonl"), os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            cpu0, t0 = cpu_seconds(), time.perf_counter()
            run_async(go(fd))
            wall, cpu = time.perf_counter() - t0, cpu_seconds() - cpu0
        finally:
            os.close(fd)
        with open(os.path.join(tmp, "samples.jsonl"), "rb") as fh:
            stored = sum(1 for _ in fh)
    return {"wall_s": wall, "cpu_s": cpu, "stored": stored, "errors": 0}


def _child(kind: str, n: int, concurrency: int, base_url: str, src: str | None = None) -> dict:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [src, os.environ.get("PYTHONPATH")])))
    proc = subprocess.run([sys.executable, __file__, "--child", kind, str(n), str(concurrency), base_url],
                          capture_output=True, text=True, env=env if src else None)
    if proc.returncode != 0:
        raise RuntimeError(f"{kind} measurement failed: {proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} (min {min(values):.3f}, max {max(values):.3f})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--latency", type=float, default=0.1)
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--overhead-n", type=int, default=2000, help="samples for the L = 0 overhead run")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--baseline-src", help="the src folder of another checkout, measured alongside")
    ap.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        kind, n, c, url = args.child
        measure = {"harness": measure_harness, "bare": measure_bare, "floor": measure_floor}[kind]
        print(json.dumps(measure(int(n), int(c), url)))
        return 0

    ideal = args.concurrency / args.latency
    rows: dict[str, list[dict]] = {"harness": [], "bare": [], "harness_l0": [], "bare_l0": [], "engine_l0": [], "floor_l0": [],
                                   "baseline": [], "baseline_l0": [], "baseline_engine_l0": []}
    loads = []
    with MockServerProcess(args.latency) as loaded_url, MockServerProcess(0.0) as zero_url:
        for i in range(args.repeat):
            loads.append(os.getloadavg()[0])
            kinds = [("bare", "bare", None), ("harness", "harness", None)]
            if args.baseline_src:
                pair = [("harness", "harness", None), ("baseline", "harness", args.baseline_src)]
                kinds = [kinds[0], *(pair if i % 2 == 0 else pair[::-1])]
            for row, kind, src in kinds:
                if row == "bare":
                    rows["floor_l0"].append(_child("floor", args.overhead_n, args.concurrency, zero_url))
                rows[row].append(_child(kind, args.n, args.concurrency, loaded_url, src))
                rows[f"{row}_l0"].append(_child(kind, args.overhead_n, args.concurrency, zero_url, src))
                if kind == "harness":
                    rows["engine_l0" if row == "harness" else f"{row}_engine_l0"].append(
                        _child(kind, args.overhead_n, args.concurrency, "instant", src))
    ratio = [args.n / r["wall_s"] / ideal for r in rows["harness"]]
    bare_ratio = [args.n / r["wall_s"] / ideal for r in rows["bare"]]
    cpu = [1000 * r["cpu_s"] / args.overhead_n for r in rows["harness_l0"]]
    bare_cpu = [1000 * r["cpu_s"] / args.overhead_n for r in rows["bare_l0"]]
    engine_cpu = [1000 * r["cpu_s"] / args.overhead_n for r in rows["engine_l0"]]
    floor_cpu = [1000 * r["cpu_s"] / args.overhead_n for r in rows["floor_l0"]]
    print(f"L={args.latency * 1000:.0f} ms, C={args.concurrency}, {args.n} samples, {args.repeat} runs each "
          f"(1-min load average {', '.join(f'{x:.1f}' for x in loads)} on {os.cpu_count()} CPUs):")
    print(f"  harness: {_spread(ratio)} of the ideal {ideal:.0f}/s")
    print(f"  bare aiohttp client: {_spread(bare_ratio)} of the ideal")
    print(f"  harness / bare: {_spread([h / b for h, b in zip(ratio, bare_ratio, strict=True)])}")
    print(f"L=0, {args.overhead_n} samples: harness CPU {_spread(cpu)} ms per sample (bare client "
          f"{_spread(bare_cpu)} ms per request; the server runs in another process)")
    print(f"  the engine alone (an instant in-process backend, no HTTP): {_spread(engine_cpu)} ms per sample; "
          f"the HTTP client's share, harness - engine: {_spread([h - e for h, e in zip(cpu, engine_cpu, strict=True)])} ms")
    print(f"  a minimal pipeline on the bare client (request, action, score, a stored line): {_spread(floor_cpu)} "
          f"ms per sample; harness / minimal: {_spread([h / f for h, f in zip(cpu, floor_cpu, strict=True)])}")
    if args.baseline_src:
        base_ratio = [args.n / r["wall_s"] / ideal for r in rows["baseline"]]
        base_cpu = [1000 * r["cpu_s"] / args.overhead_n for r in rows["baseline_l0"]]
        base_engine = [1000 * r["cpu_s"] / args.overhead_n for r in rows["baseline_engine_l0"]]
        print(f"  baseline ({args.baseline_src}): {_spread(base_ratio)} of the ideal; L=0 CPU {_spread(base_cpu)} ms, "
              f"the engine alone {_spread(base_engine)} ms")
        print(f"  harness / baseline, paired: throughput {_spread([h / b for h, b in zip(ratio, base_ratio, strict=True)])}, "
              f"CPU {_spread([h / b for h, b in zip(cpu, base_cpu, strict=True)])}, "
              f"engine CPU {_spread([h / b for h, b in zip(engine_cpu, base_engine, strict=True)])}")
    print(json.dumps({"ratio_of_ideal": ratio, "bare_ratio_of_ideal": bare_ratio, "cpu_ms_per_sample": cpu,
                      "bare_cpu_ms_per_request": bare_cpu, "engine_cpu_ms_per_sample": engine_cpu,
                      "floor_cpu_ms_per_sample": floor_cpu, "load": loads, "rows": rows}))
    ok = all(r["stored"] == args.n and r["errors"] == 0 for r in rows["harness"]) and all(
        r["stored"] == args.overhead_n and r["errors"] == 0 for r in rows["engine_l0"] + rows["floor_l0"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    sys.exit(main())
