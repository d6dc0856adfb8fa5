"""The reports on a phone (390 px) and a desktop (1400 px) in Debian's headless Chromium (report_cdp.py):
the page never scrolls sideways, a table wider than the screen scrolls inside its own box, the headline
table of every family fits the screen, a value with its CI stays on one line, opened transcripts stay
inside the screen, and the gold answer is shown beside the agent's. Screenshots go to each test's tmp
folder. Without chromium the tests skip locally and fail in CI (FINPROBE_REQUIRE_BROWSER=1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from report_cdp import Chromium
from report_support import reasoning_run

import finprobe
from finprobe.core.models._base import ModelError
from finprobe.report import load_run
from finprobe.report.compare import compare_loaded
from finprobe.report.html import render_compare_html, write_run_report

pytestmark = pytest.mark.browser

WIDTHS = (390, 1400)

#: elements wider than the screen that are not inside a scroll box, and where the page itself overflows
_OVERFLOW = """(() => {
  const W = document.documentElement.clientWidth, bad = [];
  const boxed = e => { for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) { return true; } } return false; };
  for (const e of document.body.querySelectorAll('*')) {
    if (boxed(e)) { continue; }
    const r = e.getBoundingClientRect();
    if (r.width > 0 && (r.right > W + 1 || r.left < -1)) { bad.push(e.tagName + '.' + e.className + ':' + Math.round(r.right)); }
  }
  return {W: W, page: document.documentElement.scrollWidth, bad: bad.slice(0, 8)};
})()"""

#: numeric cells (a value with its CI) taller than one line
_WRAPPED_NUMBERS = """(() => [...document.querySelectorAll('#summary td.num')].filter(td => {
  const range = document.createRange(); range.selectNodeContents(td);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return tops.size > 1;
}).map(td => td.textContent).slice(0, 5))()"""

#: the first summary table (the headline metrics): its right edge and the screen's width
_HEADLINE = """(() => { const t = document.querySelector('#summary table.data');
  return [t.getBoundingClientRect().right, document.documentElement.clientWidth]; })()"""

#: opened transcripts: message texts that leave the screen
_CLIPPED = """(() => { const W = document.documentElement.clientWidth;
  return [...document.querySelectorAll('tr.detail .msg pre, tr.detail dl.kv dd')].filter(p => {
    const r = p.getBoundingClientRect(); return r.width > 0 && (r.right > W + 1 || r.left < -1); }).length; })()"""


@pytest.fixture(scope="module")
def family_reports(tmp_path_factory) -> dict[str, Path]:
    """One run of each family through the Python API (baseline policies: no model), each with its report."""
    root = tmp_path_factory.mktemp("widths")
    agents = {"reasoning": "reference", "ambiguity": "ask-then-oracle", "regret": "planner", "multihop": "gold-path"}
    out = {}
    for family, agent in agents.items():
        result = finprobe.run(family, agent=agent, limit=3, out=root / family)
        assert result.report_path is not None and result.report_path.is_file()
        out[family] = result.report_path
    return out


async def _check(page, url: str, width: int, shot: Path, *, open_rows: bool = True) -> None:
    await page.send("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1,
                    mobile=width < 700)
    await page.goto(url)
    if open_rows:
        await page.eval("[...document.querySelectorAll('table.list tr.row')].slice(0, 3).forEach(r => r.click())")
        await page.eval("document.querySelectorAll('tr.detail details').forEach(d => { d.open = true; })")
    found = await page.eval(_OVERFLOW)
    assert found["page"] <= found["W"], f"{shot.name}: the page scrolls sideways ({found})"
    assert found["bad"] == [], f"{shot.name}: elements outside the screen and outside a scroll box: {found['bad']}"
    assert await page.eval(_CLIPPED) == 0, f"{shot.name}: transcript text leaves the screen"
    await page.screenshot(shot)


async def test_run_reports_fit_a_phone_and_a_desktop(family_reports, tmp_path):
    async with Chromium(tmp_path) as chromium:
        page = await chromium.page()
        for family, report in family_reports.items():
            for width in WIDTHS:
                await _check(page, report.as_uri(), width, tmp_path / f"{family}-{width}.png")
                right, screen = await page.eval(_HEADLINE)
                assert right <= screen + 1, f"{family} at {width} px: the headline table is cut ({right} > {screen})"
                assert await page.eval(_WRAPPED_NUMBERS) == [], f"{family} at {width} px: a value with its CI wraps"
                # the gold answer is shown in the list and in the opened transcript
                gold = await page.eval("[...document.querySelectorAll('table.list td.gold')].map(t => t.textContent)")
                assert gold and all(g.strip() for g in gold), f"{family}: no gold answer in the transcript list"
                assert "gold answer" in await page.eval("document.querySelector('tr.detail').textContent")
        assert page.problems() == []


@pytest.fixture
def compare_and_failed(tmp_path, demo_ids) -> tuple[Path, Path]:
    """A comparison page, and the report of a run whose every sample ended in error (a long error text)."""
    ids = demo_ids[:6]
    a = reasoning_run(tmp_path / "a", {i: f"ANSWER: {i}" for i in ids[:2]}, limit=6)
    b = reasoning_run(tmp_path / "b", {i: ModelError("HTTP 401: invalid key " + "x" * 300, retryable=False)
                                       for i in ids}, limit=6)
    runs = [load_run(a), load_run(b)]
    compare_page = tmp_path / "compare.html"
    compare_page.write_text(render_compare_html(compare_loaded(runs, n_resamples=200), runs), encoding="utf-8")
    assert finprobe.load_run(b).all_errors
    return compare_page, write_run_report(runs[1])


async def test_compare_and_all_error_reports_fit_a_phone(compare_and_failed, tmp_path):
    compare_page, failed_page = compare_and_failed
    async with Chromium(tmp_path) as chromium:
        page = await chromium.page()
        for width in WIDTHS:
            await _check(page, compare_page.as_uri(), width, tmp_path / f"compare-{width}.png", open_rows=False)
            await _check(page, failed_page.as_uri(), width, tmp_path / f"all-errors-{width}.png")
            banner = await page.eval("(document.querySelector('#all-error') || {}).textContent || ''")
            assert banner.startswith("every trial of this run ended in error (6 of 6)")
        assert page.problems() == []
