"""Memory of a whole `finprobe run` (loading, sampling, metrics, the HTML report) and of `finprobe report`,
at N samples of real FinQA data against the mock server, reported as ratios within one measurement.

- `run`: the real command, `finprobe run reasoning --data FILE --agent openai:mock ...`, in a child
  process whose resident set size is sampled every 50 ms together with the number of records stored. Its
  **sampling plateau** is the median RSS while 10 % to 90 % of the records are stored (what a run of this
  size needs to execute: the data set, the transcripts in flight, the views); its **peak** is the child's
  own maximum (`wait4`'s ru_maxrss), which includes loading the data and the end of the run (metrics and
  the HTML report). Target: peak ≤ 1.3 × plateau.
- `report`: `finprobe report RUN --format json` in a child, peak RSS, once with the data file where the
  run found it and once with it moved away. A report that is a function of the run folder alone does not
  read the data file, so the two peaks are the same (ratio ~1.00; a report that re-read a 59 MB data file
  measured ~250 MB more). Its JSON must be the same bytes both times, and equal the folder's metrics.json.

The N samples are the real FinQA dev records (`../shared/data/finqa/dev.json`, else the bundled demo) repeated
under new ids into one data file (12,362 = 14 × 883 by default: a 59 MB file), so the data, the prompts and
the transcripts are real-sized. Exit status 0 when every target holds and no sample ended in error.

    python bench/memory.py [--sizes 12362] [--concurrency 64]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FINQA_DEV = ROOT.parent / "shared" / "data" / "finqa" / "dev.json"
#: a run's peak over its sampling plateau, at most
RUN_RATIO_LIMIT = 1.3
#: `report`'s peak with the data file present over the same without it, at most (noise allowance)
REPORT_RATIO_LIMIT = 1.05


def write_data(n: int, path: Path) -> int:
    """N FinQA records (the real dev split repeated under new ids) as one JSON file; returns its size."""
    if FINQA_DEV.exists():
        base = json.loads(FINQA_DEV.read_text())
    else:
        from finprobe.benchmarks.reasoning import demo_path

        base = json.loads(demo_path().read_text())
    records = []
    for i in range(n):
        record = dict(base[i % len(base)])
        record["id"] = f"{record.get('id') or 'noid-' + str(i % len(base))}~{i // len(base)}"
        records.append(record)
    path.write_text(json.dumps(records))
    return path.stat().st_size


def _status_mb(pid: int, field: str) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def _lines(path: Path) -> int:
    try:
        with open(path, "rb") as fh:
            return sum(block.count(b"\n") for block in iter(lambda: fh.read(1 << 20), b""))
    except OSError:
        return 0


def measure(cmd: list[str], samples_file: Path | None = None) -> dict:
    """Run `cmd` as a child; its peak RSS (ru_maxrss), and RSS samples with the records stored so far."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    trace = []
    t0 = time.perf_counter()
    while proc.poll() is None:
        rss = _status_mb(proc.pid, "VmRSS")
        if rss is not None:
            trace.append((time.perf_counter() - t0, rss, _lines(samples_file) if samples_file else 0))
        time.sleep(0.05)
    out, err = proc.communicate()
    peak = max([r for _, r, _ in trace] or [0.0])  # a lower bound: `_measure_here` adds the exact peak
    return {"rc": proc.returncode, "stdout": out.decode(), "stderr": err.decode()[-2000:], "trace": trace,
            "peak_mb": peak, "wall_s": time.perf_counter() - t0}


def _peak_of_child(cmd: list[str], samples_file: Path | None = None) -> dict:
    """`measure` in a fresh Python process, so that its children's maximum RSS is this child's alone."""
    probe = subprocess.run([sys.executable, __file__, "--measure", json.dumps({"cmd": cmd, "samples": str(samples_file)
                                                                              if samples_file else None})],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        raise RuntimeError(probe.stderr[-3000:])
    return json.loads(probe.stdout.strip().splitlines()[-1])


def _measure_here(spec: dict) -> dict:
    import resource

    result = measure(spec["cmd"], Path(spec["samples"]) if spec["samples"] else None)
    maxrss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    result["peak_mb"] = max(result["peak_mb"], maxrss)
    return result


def plateau(trace: list[tuple[float, float, int]], n: int) -> tuple[float, float]:
    """(median, max) RSS while 10-90 % of the n records are stored."""
    during = [rss for _, rss, lines in trace if 0.1 * n <= lines <= 0.9 * n]
    if not during:
        raise RuntimeError("no RSS sample while the run was sampling (run too short to measure)")
    return statistics.median(during), max(during)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[12362])
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--measure", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.measure:
        print(json.dumps(_measure_here(json.loads(args.measure))))
        return 0

    sys.path.insert(0, str(Path(__file__).parent))
    from throughput import MockServerProcess

    finprobe = [sys.executable, "-m", "finprobe.cli"]
    rows, ok = [], True
    with tempfile.TemporaryDirectory() as tmp, MockServerProcess(0.0, reply="ANSWER: 1") as base_url:
        for n in args.sizes:
            data = Path(tmp) / f"finqa{n}.json"
            size_mb = write_data(n, data) / 2**20
            out = Path(tmp) / f"run{n}"
            run = _peak_of_child([*finprobe, "run", "reasoning", "--data", str(data), "--agent", "openai:mock",
                                  "--base-url", base_url, "--out", str(out), "--no-progress",
                                  "--concurrency", str(args.concurrency)], out / "samples.jsonl")
            if run["rc"] != 0:
                raise RuntimeError(f"run failed: {run['stderr']}")
            median, top = plateau(run["trace"], n)
            metrics = json.loads((out / "metrics.json").read_text())
            report = _peak_of_child([*finprobe, "report", str(out), "--format", "json"])
            data.rename(data.with_suffix(".moved"))
            report_moved = _peak_of_child([*finprobe, "report", str(out), "--format", "json"])
            same = (report["stdout"] == report_moved["stdout"] == (out / "metrics.json").read_text() + "\n"
                    and report_moved["stderr"] == "")
            row = {"n": n, "data_mb": size_mb, "run_peak_mb": run["peak_mb"], "run_plateau_mb": median,
                   "run_sampling_max_mb": top, "run_peak_over_plateau": run["peak_mb"] / median,
                   "run_wall_s": run["wall_s"], "errors": metrics["errors"],
                   "report_peak_mb": report["peak_mb"], "report_peak_data_moved_mb": report_moved["peak_mb"],
                   "report_over_report_without_data": report["peak_mb"] / report_moved["peak_mb"],
                   "report_over_run_plateau": report["peak_mb"] / median, "report_json_same": same}
            rows.append(row)
            ok = (ok and row["run_peak_over_plateau"] <= RUN_RATIO_LIMIT and row["errors"] == 0 and same
                  and row["report_over_report_without_data"] <= REPORT_RATIO_LIMIT)
            print(f"n={n:>6} ({size_mb:.0f} MB of data): run peak {run['peak_mb']:.0f} MB / sampling plateau "
                  f"{median:.0f} MB = {row['run_peak_over_plateau']:.2f} (limit {RUN_RATIO_LIMIT}; max while "
                  f"sampling {top:.0f} MB; {run['wall_s']:.0f} s, {metrics['errors']} errors); report --format "
                  f"json peak {report['peak_mb']:.0f} MB, {report_moved['peak_mb']:.0f} MB with the data file "
                  f"moved = {row['report_over_report_without_data']:.2f}, {row['report_over_run_plateau']:.2f} of "
                  f"the run's plateau; same JSON: {same}", flush=True)
    print(json.dumps(rows))
    return 0 if ok else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
