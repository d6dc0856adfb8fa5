"""How the HTML report scales with the number of samples: file size, render time and (with Chromium) the
time until the page is ready to use, as ratios measured in one run.

For each size N, a reasoning run of N samples (the bundled demo tasks repeated under new ids, answered by
a scripted model: the real runner and store) is written, read back (`load_run`), rendered
(`render_html`) and, when Chromium is installed, opened headless until its transcript browser is ready.
Reported per size: bytes per trial, render time relative to reading the run back, and the browser's
time-to-ready relative to the smallest size's.

    python bench/report_scale.py [--sizes 500 5000] [--no-browser]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

from finprobe.benchmarks.reasoning import demo_path
from finprobe.core.aio import run_async
from finprobe.core.families import load_family
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.runner import Runner
from finprobe.core.schema import RoleConfig, RunConfig
from finprobe.report import load_run
from finprobe.report.html import render_html

REPLIES = ["The growth is computed from the table.\nANSWER: 1", "ANSWER: 0.5", "I think <b>so</b>\nANSWER: 12%"]


def make_run(root: Path, n: int) -> Path:
    records = json.loads(demo_path().read_text())
    data = root / f"data-{n}.json"
    data.write_text(json.dumps([dict(records[i % len(records)], id=f"{records[i % len(records)]['id']}#{i}")
                                for i in range(n)]))
    cfg = RunConfig(benchmark="reasoning", data=str(data), concurrency=32, roles={"agent": RoleConfig(spec="s")})
    out = root / f"run-{n}"
    run_async(Runner(cfg, out, benchmark=load_family("reasoning"), progress=False,
                     backends={"agent": ScriptedModel(REPLIES * (n // 3 + 1))}).run())
    return out


async def time_to_ready(paths: list[Path], workdir: Path) -> list[float]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "report"))  # the tests' CDP client
    from report_cdp import Chromium

    out = []
    async with Chromium(workdir) as chromium:
        page = await chromium.page()
        for path in paths:
            t0 = time.perf_counter()
            await page.goto(path.as_uri())  # returns once the page's script has built the browser
            out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 5000])
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    import matplotlib.figure  # noqa: F401 - imported once up front, so the first size does not pay for it

    with tempfile.TemporaryDirectory(prefix="finprobe-report-bench-") as tmp:
        root = Path(tmp)
        rows, pages = [], []
        for n in args.sizes:
            run_dir = make_run(root, n)
            t0 = time.perf_counter()
            run = load_run(run_dir)
            t_load = time.perf_counter() - t0
            t0 = time.perf_counter()
            html = render_html(run)
            t_render = time.perf_counter() - t0
            page = run_dir / "report.html"
            page.write_text(html, encoding="utf-8")
            pages.append(page)
            rows.append((n, page.stat().st_size, t_load, t_render))
        ready: list[float | None] = [None] * len(rows)
        if not args.no_browser:
            try:
                ready = list(asyncio.run(time_to_ready(pages, root)))
            except FileNotFoundError as exc:
                print(f"(no browser timing: {exc})")
    print(f"{'samples':>8} {'size':>10} {'bytes/trial':>12} {'render/load':>12} {'ready (s)':>10} {'ready ratio':>12}")
    for (n, size, t_load, t_render), t_ready in zip(rows, ready, strict=True):
        base = ready[0]
        ratio = "-" if t_ready is None or base is None else f"{t_ready / base:.2f}"
        shown = "-" if t_ready is None else f"{t_ready:.2f}"
        print(f"{n:>8} {size / 2**20:>8.1f}Mi {size / n:>12,.0f} {t_render / t_load:>12.2f} {shown:>10} {ratio:>12}")


if __name__ == "__main__":
    main()
