"""`finprobe judges ambiguity` (issue 23): the judges measured on labelled sets, the catalogued layout of the sets,
the user's own JSONL format, an LLM simulator through a real HTTP endpoint, and the run report's simulator
statement. The real sets are measured when ../shared/data holds the release (their instances are not shipped)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finprobe.benchmarks.ambiguity.judges import (
    HELD_OUT_SET,
    REAL_SET,
    catalog,
    default_release_instances,
    read_items,
    run_judges,
)
from finprobe.cli import app
from finprobe.core.benchmark import DataError


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_the_catalog_says_what_each_set_is():
    sets = catalog()
    ids = [s.id for s in sets]
    assert len(ids) == len(set(ids)) and REAL_SET in ids
    for s in sets:
        assert s.source and s.labelled_by and isinstance(s.blind, bool)
        if not s.shared:
            assert s.path().is_file(), s.id
            for inst in s.instances:
                assert inst == "release" or (s.path().parent / inst).is_file()
        # no file is named after the order it was made in
        assert not any(w in s.file for w in ("fresh", "third", "independent", "second"))
    real = next(s for s in sets if s.id == REAL_SET)
    assert real.blind and real.fitted and real.needs_release() and real.measured is not None


def test_judges_on_a_bundled_invented_set():
    r = invoke("judges", "ambiguity", "--set", "invented-th-annotator", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    (s,) = data["sets"]
    assert s["entry"]["id"] == "invented-th-annotator" and s["entry"]["blind"] is True
    judges = {j["judge"]: j for j in s["judges"]}
    sim = judges["simulator"]
    assert sim["who"] == "deterministic simulator" and sim["sure"]["n"] == 100
    assert set(sim["by_language"]) == {"en", "zh"} and sim["by_kind"]
    assert sim["sure"]["ci_low"] <= sim["sure"]["rate"] <= sim["sure"]["ci_high"]
    assert sim["unsure_rule_replies"] is not None and sim["wrong_yes"] is not None
    assert "classifier" in judges
    table = invoke("judges", "ambiguity", "--set", "invented-th-annotator.grader")
    assert table.exit_code == 0 and "grader on invented-th-annotator.grader" in table.output
    assert "Wilson 95%" in table.output and "rules fitted to it" in table.output


def _user_set(tmp_path: Path) -> Path:
    lines = [
        # the demo instance amb-demo-001: Northwind Trading, Wholesale Distribution segment, fiscal 2023
        {"instance_id": "amb-demo-001", "question": "Do you mean Northwind Trading Co. (NWTX)?", "reply": "yes",
         "kind": "confirmation", "language": "en", "categories": ["entity_scope"]},
        {"instance_id": "amb-demo-001", "question": "Could you share a link to the filing?", "reply": "I don't know",
         "kind": "request", "language": "en"},
        {"instance_id": "amb-demo-001", "question": "Do you want the figure for the most recent quarter?",
         "reply": "no", "reply_confidence": "low", "kind": "period", "language": "en",
         "categories": ["temporal_scope"]},
        {"instance_id": "amb-demo-001", "answer": "$538.9 million", "correct": True, "kind": "plain"},
    ]
    path = tmp_path / "mine.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


def test_a_users_own_set(tmp_path):
    path = _user_set(tmp_path)
    items = read_items(path)
    assert [it.sure for it in items] == [True, True, False, True] and items[3].correct is True
    report = run_judges([str(path)])
    judges = {j.judge: j for j in report.sets[0].judges}
    sim = judges["simulator"]
    assert sim.sure.n == 2 and sim.all.n == 3 and set(sim.by_kind) == {"confirmation", "request"}
    assert judges["classifier"].all.n == 2 and judges["grader"].all.n == 1
    assert report.sets[0].entry is None


def test_bad_sets_are_one_line_errors(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"instance_id": "amb-demo-001", "question": "q?", "reply": "yes"}\n{not json\n', encoding="utf-8")
    r = invoke("judges", "ambiguity", "--set", bad)
    assert r.exit_code == 2 and "bad.jsonl:2" in r.output
    bad.write_text('{"instance_id": "amb-demo-001", "question": "q?", "reply": "maybe"}\n', encoding="utf-8")
    r = invoke("judges", "ambiguity", "--set", bad)
    assert r.exit_code == 2 and "bad.jsonl:1" in r.output and "maybe" in r.output
    bad.write_text('{"instance_id": "no-such-instance", "question": "q?", "reply": "yes"}\n', encoding="utf-8")
    r = invoke("judges", "ambiguity", "--set", bad)
    assert r.exit_code == 2 and "--instances" in r.output
    r = invoke("judges", "ambiguity", "--set", "no-such-set")
    assert r.exit_code == 2 and "real-commissioned" in r.output
    with pytest.raises(DataError, match="instance_id"):
        bad.write_text('{"question": "q?", "reply": "yes"}\n', encoding="utf-8")
        read_items(bad)


def test_an_llm_simulator_through_a_real_endpoint(tmp_path):
    from finprobe.testing.mock_server import MockServerThread

    path = _user_set(tmp_path)
    with MockServerThread(default_reply="Yes.") as server:
        r = invoke("judges", "ambiguity", "--set", path, "--user", "openai:mock-user", "--base-url",
                   server.base_url, "--judge", "simulator", "--format", "json")
        n_requests = server.server.n_requests
    assert r.exit_code == 0, r.output
    sim = json.loads(r.output)["sets"][0]["judges"][0]
    assert sim["who"] == "LLM simulator (openai:mock-user)" and n_requests == 3
    # the model says "Yes." to everything: right on the confirmation only
    assert sim["sure"]["agree"] == 1 and sim["sure"]["n"] == 2 and sim["unsure_rule_replies"] is None


def test_a_run_report_states_its_simulator(tmp_path):
    out = tmp_path / "run"
    r = invoke("run", "ambiguity", "--agent", "ask-then-oracle", "--limit", "3", "--out", out, "--no-progress")
    assert r.exit_code == 0, r.output
    m = json.loads(invoke("report", out, "--format", "json").output)
    sim = m["simulator"]
    assert sim["methods"] == {"deterministic": 3} and sim["replies"] == 3 and sim["unsure_rule_replies"] >= 0
    # the report quotes the held-out figure (no rule fitted to it), with the fitted set's upper bound beside it
    measured = sim["measured_on_real_questions"]
    assert measured["set"] == HELD_OUT_SET and measured["held_out"] is True
    assert measured["fitted_set"]["set"] == REAL_SET
    held = next(e for e in catalog() if e.id == HELD_OUT_SET).measured
    assert (measured["agree"], measured["n"], measured["wrong_yes"]) == (held["agree"], held["n"], held["wrong_yes"])
    text = invoke("report", out).output
    flat = " ".join(text.split())
    assert "user simulator" in flat and HELD_OUT_SET in flat and "held out" in flat


@pytest.mark.skipif(not default_release_instances(), reason="the FinInteract release is not in ../shared/data")
def test_real_question_sets_meet_the_goals_and_the_catalog_figure():
    """On the real sets (rules were fitted to both, so these guard against regressions; the catalog records the
    first, blind measurement): >= 0.90 on sure labels in each language, wrong "yes" <= 2%, classifier touch >= 0.90."""
    report = run_judges([REAL_SET, "real-shared-dev", "real-labelled-cd", "real-labelled-ef"],
                        judges=["simulator", "classifier"])
    for s in report.sets:
        sim, cls = s.judges
        for lang in ("en", "zh"):
            assert sim.by_language[lang].rate >= 0.90, (s.set, lang)
            assert cls.by_language[lang].rate >= 0.90, (s.set, lang)
        assert sim.wrong_yes <= 0.02 * sim.sure.n
    real = report.sets[0].judges[0]
    measured = next(e for e in catalog() if e.id == REAL_SET).measured
    assert (real.sure.agree, real.sure.n, real.wrong_yes) == (measured["agree"], measured["n"], measured["wrong_yes"])


@pytest.mark.skipif(not default_release_instances(), reason="the FinInteract release is not in ../shared/data")
@pytest.mark.parametrize(("set_id", "size", "languages"), [("real-heldout", 300, {"en", "zh"}),
                                                           ("real-heldout-zh", 200, {"zh"})])
def test_the_held_out_set_is_measured_as_catalogued(set_id, size, languages):
    """The held-out sets (labellers G and H; I and J, Chinese only; read only after the rules were frozen) are
    reported as measured, good or bad: each catalog entry records no fitted rule and the figures of the one held-out
    measurement, which a live run must reproduce (a rule change that moves them must re-measure, and say in the
    catalog whether it read these labels)."""
    entry = next(e for e in catalog() if e.id == set_id)
    assert entry.blind and entry.fitted == [] and entry.held_out and entry.measured is not None
    items = read_items(entry.path())
    assert len(items) == size and {it.language for it in items} == languages
    sim, cls = run_judges([set_id], judges=["simulator", "classifier"]).sets[0].judges
    m = entry.measured
    assert (sim.sure.agree, sim.sure.n, sim.wrong_yes) == (m["agree"], m["n"], m["wrong_yes"])
    assert {k: round(v.rate or 0, 4) for k, v in sim.by_language.items()} == m["by_language"]
    assert (cls.sure.agree, cls.sure.n) == (m["classifier_touch"]["agree"], m["classifier_touch"]["n"])
