"""The reports in a real browser: Debian's headless Chromium, driven over the DevTools protocol (cdp.py).

Checks that each page renders its tables and plots without a script error or a CSP violation, that the
transcript filters and search work, that injected script payloads in transcripts, answers, ids and
errors stay text (with the page's CSP switched off, so the escaping itself is what is tested), and that
a 5,000-sample report stays light (one page of rows, transcripts built only when opened). Screenshots
are saved in each test's tmp folder. Without chromium the tests skip locally and fail in CI
(FINPROBE_REQUIRE_BROWSER=1, set by .ci/run)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from report_cdp import Chromium
from report_support import PAYLOADS, reasoning_run, right

from finprobe.benchmarks.reasoning import demo_path
from finprobe.core.agent import action_text
from finprobe.core.aio import run_async
from finprobe.core.families import load_family
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.runner import Runner
from finprobe.core.schema import RoleConfig, RunConfig
from finprobe.report import load_run
from finprobe.report.compare import compare_loaded
from finprobe.report.html import render_compare_html, write_run_report

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def ambiguity_hostile_run(tmp_path_factory) -> Path:
    """Ambiguity episodes whose question to the user and final answer carry script payloads."""
    question = "<img src=x onerror=\"document.title='pwned-8';window.__pwned=8\"> do you mean the segment?"
    value = "<script>window.__pwned=9</script>$538.9 million"

    def reply(messages, config):
        asked = sum(1 for m in messages if m.role == "assistant")
        return action_text("interact", question=question) if asked == 0 else \
            action_text("answer", value=value, confidence="80")

    cfg = RunConfig(benchmark="ambiguity", limit=6, roles={"agent": RoleConfig(spec="scripted")})
    out = tmp_path_factory.mktemp("amb-hostile") / "run"
    run_async(Runner(cfg, out, benchmark=load_family("ambiguity"), progress=False,
                     backends={"agent": ScriptedModel(reply)}).run())
    return out


async def _set(page, selector: str, value: str, event: str = "change") -> None:
    await page.eval(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); "
                    f"e.value = {json.dumps(value)}; e.dispatchEvent(new Event({json.dumps(event)})); }})()")


async def _shown(page, browser: str = "transcripts") -> int:
    return int(await page.eval(f"document.querySelector('[data-browser=\"{browser}\"]').dataset.shown"))


async def _open_all_rows(page) -> int:
    return await page.eval("(() => { const rows = [...document.querySelectorAll('table.list tr.row')];"
                           " rows.forEach(r => r.click()); return document.querySelectorAll('tr.detail').length; })()")


async def _check_run_page(page, run_dir: Path, shots: Path, name: str) -> None:
    run = load_run(run_dir)
    path = write_run_report(run)
    await page.goto(path.as_uri())
    tables = run.bench.summary_tables(run.metrics)
    assert await page.eval("document.querySelectorAll('#summary table.data').length") >= len(tables)
    captions = await page.eval("[...document.querySelectorAll('#summary caption')].map(c => c.textContent)")
    assert [t.title for t in tables] == captions[: len(tables)]
    n_plots = len(run.bench.plots(run.metrics))
    widths = await page.eval("[...document.querySelectorAll('.plot svg')].map(s => s.getBoundingClientRect().width)")
    assert len(widths) == n_plots > 0 and all(w > 200 for w in widths)
    bars = await page.eval("document.querySelectorAll('.plot svg path, .plot svg rect').length")
    assert bars > 10 * n_plots  # drawn, not empty frames
    n = len(run.trials)
    assert await _shown(page) == n
    assert await page.eval("document.querySelectorAll('table.list tr.row').length") == min(n, 50)
    # filter by outcome: only those rows, as many as the run has
    counts: dict[str, int] = {}
    for r in run.trials:
        key = "error" if r.status.value == "error" else ("pass" if run.bench.success(r.score) else "fail")
        counts[key] = counts.get(key, 0) + 1
    for outcome, expected in counts.items():
        await _set(page, "[data-browser=transcripts] select[data-filter=outcome]", outcome)
        assert await _shown(page) == expected
        shown = await page.eval("[...document.querySelectorAll('table.list tr.row')].map(r => r.dataset.outcome)")
        assert set(shown) == {outcome}
    await page.eval("document.querySelector('[data-browser=transcripts] button.reset').click()")
    assert await _shown(page) == n
    # search the full transcripts, then open one: its conversation is built on demand
    await page.send("Page.bringToFront")
    assert await page.eval("document.querySelectorAll('tr.detail').length") == 0
    await page.screenshot(shots / f"{name}.png")


async def test_run_reports_of_both_families_render_and_filter(hostile_run, ambiguity_run, tmp_path):
    async with Chromium(tmp_path) as chromium:
        page = await chromium.page()
        await _check_run_page(page, hostile_run, tmp_path, "reasoning-report")
        await _check_run_page(page, ambiguity_run, tmp_path, "ambiguity-report")
        # open a multi-turn ambiguity episode: the question to the user and the simulator's reply are shown
        await page.eval("document.querySelector('table.list tr.row').click()")
        text = await page.eval("document.querySelector('tr.detail').textContent")
        assert "interact" in text and "User: yes" in text and "answer" in text
        await page.screenshot(tmp_path / "ambiguity-transcript.png")
        assert page.problems() == []
        print(f"screenshots: {sorted(str(p) for p in tmp_path.glob('*.png'))}")


async def test_injected_scripts_stay_text(hostile_run, ambiguity_hostile_run, tmp_path):
    async with Chromium(tmp_path) as chromium:
        page = await chromium.page()
        await page.send("Page.setBypassCSP", enabled=True)  # test the escaping itself, not only the CSP
        for run_dir, needle in ((hostile_run, PAYLOADS[0]),
                                (ambiguity_hostile_run, "<script>window.__pwned=9</script>$538.9 million")):
            path = write_run_report(load_run(run_dir))
            await page.goto(path.as_uri())
            title = await page.eval("document.title")
            await page.eval("window.scrollTo(0, document.body.scrollHeight)")
            opened = await _open_all_rows(page)
            assert opened == len(load_run(run_dir).trials)
            await page.eval("new Promise(r => setTimeout(r, 300))")  # give any handler a chance to fire
            assert await page.eval("typeof window.__pwned") == "undefined"
            assert await page.eval("document.title") == title and "pwned" not in title
            assert await page.eval("document.querySelectorAll('img, iframe, script:not([id]):not([type])').length") \
                == 1  # the page's own script only
            details = await page.eval("[...document.querySelectorAll('tr.detail')].map(d => d.textContent).join(' ')")
            assert needle in details  # shown as the text it is
        await page.screenshot(tmp_path / "payloads-as-text.png")
        assert page.problems() == []


@pytest.fixture
def flip_page(tmp_path, demo_ids) -> Path:
    ids = demo_ids[:6]
    a = reasoning_run(tmp_path / "a", {i: right(i) for i in ids[:3]}, limit=6)
    b = reasoning_run(tmp_path / "b", {i: right(i) for i in (ids[0], ids[3], ids[4])}, limit=6)
    runs = [load_run(a), load_run(b)]
    html_path = tmp_path / "compare.html"
    html_path.write_text(render_compare_html(compare_loaded(runs, n_resamples=300), runs))
    return html_path


async def test_compare_report_lists_flips_with_both_episodes(flip_page, tmp_path, demo_ids):
    ids = demo_ids[:6]
    html_path = flip_page
    async with Chromium(tmp_path) as chromium:
        page = await chromium.page()
        await page.goto(html_path.as_uri())
        assert await _shown(page, "flips-0") == 4
        flips = await page.eval("[...document.querySelectorAll('[data-browser=\"flips-0\"] tr.row')]"
                                ".map(r => [r.querySelector('td.id').textContent, r.dataset.outcome])")
        assert flips == [[ids[3], "fail→pass"], [ids[4], "fail→pass"], [ids[1], "pass→fail"], [ids[2], "pass→fail"]]
        await _set(page, "[data-browser='flips-0'] select[data-filter=outcome]", "pass→fail")
        assert await _shown(page, "flips-0") == 2
        await page.eval("document.querySelector('[data-browser=\"flips-0\"] tr.row').click()")
        sides = await page.eval("[...document.querySelectorAll('.side h4')].map(h => h.textContent)")
        assert sides == ["A", "B"]
        assert await page.eval("document.querySelectorAll('table.deltas tbody tr').length") >= 1
        await page.screenshot(tmp_path / "compare.png")
        assert page.problems() == []


@pytest.fixture
def big_run(tmp_path) -> Path:
    """5,000 reasoning samples (the demo tasks repeated under new ids), answered by a scripted model."""
    records = json.loads(demo_path().read_text())
    big = [dict(records[i % len(records)], id=f"{records[i % len(records)]['id']}#{i}") for i in range(5000)]
    data = tmp_path / "big.json"
    data.write_text(json.dumps(big))
    replies = ["The growth is computed from the table.\nANSWER: 1", "ANSWER: 0.5", "I think <b>so</b>\nANSWER: 12%"]
    cfg = RunConfig(benchmark="reasoning", data=str(data), concurrency=32, roles={"agent": RoleConfig(spec="s")})
    run_async(Runner(cfg, tmp_path / "run", benchmark=load_family("reasoning"), progress=False,
                     backends={"agent": ScriptedModel(replies * 1700)}).run())
    return tmp_path / "run"


async def test_a_5000_sample_report_stays_light(big_run, tmp_path, record_property):
    """5,000 samples: the file size is reported; the page shows 50 rows, builds no transcript until one is
    opened, and still filters, searches and pages through all of them."""
    run = load_run(big_run)
    path = write_run_report(run)
    size = path.stat().st_size
    record_property("report_5000_samples_bytes", size)
    print(f"5,000-sample report: {size:,} bytes ({size / 2**20:.1f} MiB) at {path}")
    levels = {}
    for r in run.trials:
        levels[r.meta["level"]] = levels.get(r.meta["level"], 0) + 1
    async with Chromium(tmp_path) as chromium:
        page = await chromium.page()
        await page.goto(path.as_uri())
        assert await _shown(page) == 5000
        assert await page.eval("document.querySelectorAll('table.list tr.row').length") == 50
        assert await page.eval("document.querySelectorAll('tr.detail').length") == 0
        assert await page.eval("document.getElementsByTagName('*').length") < 3000  # not 5,000 rendered rows
        await _set(page, "[data-browser=transcripts] select[data-filter=level]", "Hard")
        assert await _shown(page) == levels["Hard"]
        await page.eval("document.querySelector('[data-browser=transcripts] button.reset').click()")
        await _set(page, "[data-browser=transcripts] input.search", "#4321", "input")
        await page.until("document.querySelector('[data-browser=transcripts]').dataset.shown === '1'")
        await _set(page, "[data-browser=transcripts] input.search", "", "input")
        await page.until("document.querySelector('[data-browser=transcripts]').dataset.shown === '5000'")
        first = await page.eval("document.querySelector('table.list tr.row td.id').textContent")
        await page.eval("document.querySelector('.pager button:last-child').click()")
        second = await page.eval("document.querySelector('table.list tr.row td.id').textContent")
        assert first != second and second.endswith("#50")
        await page.eval("document.querySelector('table.list tr.row').click()")
        assert await page.eval("document.querySelectorAll('tr.detail').length") == 1
        await page.eval("document.getElementById('transcripts').scrollIntoView()")
        await page.screenshot(tmp_path / "report-5000.png", full_page=False)
        assert page.problems() == []
