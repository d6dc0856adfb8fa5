"""The HTML report's content, checked on the document itself (the browser tests check it rendered)."""

import base64
import hashlib
import json
import re
from html import unescape
from html.parser import HTMLParser

import pytest
from report_support import PAYLOADS, reasoning_run, right

from finprobe.report import load_run
from finprobe.report.html import render_html, write_run_report


class _Scripts(HTMLParser):
    def __init__(self):
        super().__init__()
        self.scripts: list[tuple[dict, str]] = []
        self.tags: list[str] = []
        self._in: dict | None = None
        self._buf: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "script":
            self._in, self._buf = dict(attrs), []

    def handle_endtag(self, tag):
        if tag == "script" and self._in is not None:
            self.scripts.append((self._in, "".join(self._buf)))
            self._in = None

    def handle_data(self, data):
        if self._in is not None:
            self._buf.append(data)


def parse(html: str) -> _Scripts:
    p = _Scripts()
    p.feed(html)
    return p


def page_data(html: str) -> dict:
    scripts = parse(html).scripts
    return json.loads(next(body for attrs, body in scripts if attrs.get("type") == "application/json"))


def test_hostile_text_never_becomes_markup(hostile_run):
    html = render_html(load_run(hostile_run))
    parsed = parse(html)
    # exactly the page's own two script blocks: the JSON data and the app; no img/iframe/svg-with-handler tags
    assert [attrs.get("type") for attrs, _ in parsed.scripts] == ["application/json", None]
    assert "img" not in parsed.tags and "iframe" not in parsed.tags
    for payload in PAYLOADS:
        assert payload not in html
    assert "evil-\\u003cimg src=x onerror=window.__pwned=6\\u003e" in html  # the sample id, as escaped JSON
    data_block = parsed.scripts[0][1]
    assert "<" not in data_block and ">" not in data_block and "&" not in data_block
    # ... and the exact texts come back out of the JSON
    browser = page_data(html)["browsers"]["transcripts"]
    first = json.loads(browser["details"][0])
    assert all(p in first["final_answer"] for p in PAYLOADS)
    assert "<script>window.__pwned=7</script>" in json.loads(browser["details"][2])["error"]


def test_content_security_policy_allows_only_the_page_script(hostile_run):
    html = render_html(load_run(hostile_run))
    csp = unescape(re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1))
    app = parse(html).scripts[1][1]
    digest = base64.b64encode(hashlib.sha256(app.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in csp and "default-src 'none'" in csp and "unsafe-inline" not in \
        csp.split("style-src")[0]
    assert "connect-src 'none'" in csp


def test_report_holds_manifest_tables_plots_problems_and_every_transcript(hostile_run):
    run = load_run(hostile_run)
    path = write_run_report(run)
    assert path == hostile_run / "report.html"
    html = path.read_text()
    for table in run.bench.summary_tables(run.metrics):
        assert f"<caption>{table.title}</caption>" in html
    assert html.count("<svg") == len(run.bench.plots(run.metrics)) == 2
    m = run.manifest
    for text in (m.data_hash, m.fingerprint, m.run_id, m.package_version, "seed (episodes and bootstrap)",
                 "tokens and cost by role", "scripted", "errors by type", "model call: HTTP 500"):
        assert text in html, text
    for name, version in m.versions.items():
        assert f"<th>{name}</th><td>{version}</td>" in html
    browser = page_data(html)["browsers"]["transcripts"]
    assert [e["id"] for e in browser["index"]] == [r.sample_id for r in run.trials]
    assert [e["outcome"] for e in browser["index"]] == ["fail", "pass", "error", "pass", "fail", "fail"]
    outcome_filter = next(f for f in browser["filters"] if f["key"] == "outcome")
    assert outcome_filter["values"] == [["error", 1], ["fail", 3], ["pass", 2]]
    assert {f["key"] for f in browser["filters"]} >= {"outcome", "reason", "error_type", "level", "operations"}


def test_long_repeated_texts_are_stored_once(tmp_path, demo_ids):
    run = load_run(reasoning_run(tmp_path / "run", {i: right(i) for i in demo_ids}, limit=10))
    system = run.trials[0].transcript.messages[0].content
    assert len(system) > 200
    html = render_html(run)
    data = page_data(html)
    assert data["strings"].count(system) == 1 and html.count(json.dumps(system)[1:40]) == 1
    detail = json.loads(data["browsers"]["transcripts"]["details"][0])
    assert detail["messages"][0] == {"role": "system", "ref": data["strings"].index(system)}


def test_epochs_list_every_trial_and_show_pass_k(tmp_path, demo_ids):
    run = load_run(reasoning_run(tmp_path / "run", {demo_ids[0]: right(demo_ids[0])}, limit=3, epochs=3))
    html = render_html(run)
    browser = page_data(html)["browsers"]["transcripts"]
    assert len(browser["index"]) == 9 and browser["epochs"] == 3
    assert "3 trials per sample" in html and "pass^3" in html


@pytest.mark.parametrize("fixture", ["ambiguity_run", "ambiguity_default_run"])
def test_ambiguity_report_has_its_plots_and_multi_turn_episodes(request, fixture):
    run = load_run(request.getfixturevalue(fixture))
    html = render_html(run)
    plots = run.bench.plots(run.metrics)
    assert {p.kind for p in plots} >= {"bar", "line", "stacked_bar"}
    assert html.count("<svg") == len(plots)
    detail = json.loads(page_data(html)["browsers"]["transcripts"]["details"][0])
    actions = [s["action"]["name"] for s in detail["steps"] if "action" in s]
    assert actions[-1] == "answer"
    if fixture == "ambiguity_run":
        assert actions[0] == "interact" and detail["steps"][0]["observation"].startswith("User:")
