"""`finprobe build reasoning`: recorded reviewers end to end (review → ship → `run reasoning` with the
overlay, `reference` passing every corrected task, both pass rates in the report), a model reviewer over
HTTP against the local OpenAI-compatible server with prices and a key that is never written, and the
one-line errors for bad role setups."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from build_rsn_support import T1, T2, T3, T4, ambiguous, clear, demo_samples, missing, reference
from typer.testing import CliRunner

from finprobe.benchmarks.reasoning import demo_path
from finprobe.benchmarks.reasoning.corrections import load_corrections
from finprobe.build.reasoning.roles import blind_prompt
from finprobe.cli import app
from finprobe.testing.mock_server import MockServerThread

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def _write(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


def _blind_rows(letter: str, script: dict) -> list[dict]:
    rows = []
    for s in demo_samples():
        body = script.get(s.id) or clear(reference(s.id))
        rows.append({"id": s.id, **body, "reviewer": f"helper session {letter}, blind pass"})
    return rows


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> Path:
    """The records a review by people or helper sessions leaves: A over every task, B and C on the selected
    ones, an adjudication per selected task, a check of the original wording of each rewording."""
    d = tmp_path_factory.mktemp("records")
    ref1 = reference(T1)
    _write(d / "batch_00.A.jsonl", _blind_rows("A", {T1: clear(ref1 * 2), T2: ambiguous(26350, 13000),
                                                     T3: missing(), T4: clear(0.5)}))
    selected = {T1, T2, T3, T4}
    b = [r for r in _blind_rows("B", {T1: clear(ref1 * 2), T2: clear(13000), T3: missing()}) if r["id"] in selected]
    c = [r for r in _blind_rows("C", {T3: missing()}) if r["id"] in selected]
    _write(d / "batch_00.B.jsonl", b)
    _write(d / "batch_00.C.jsonl", c)
    who = {"reviewer": "helper session D, adjudication", "reviewer_kind": "person"}
    _write(d / "adjudication.jsonl", [
        {"id": T1, "kinds": ["value"], "value": ref1 * 2, "reason": "operating income / net sales", **who},
        {"id": T2, "kinds": ["question"], "question": "what were the 2022 and 2023 capital expenditures combined?",
         "readings": [{"reading": "sum", "answer": 26350}, {"reading": "2023 only", "answer": 13000}],
         "reason": "one sum or one year", **who},
        {"id": T3, "kinds": ["skip"], "skip": "no 2020 shares outstanding in the table", "reason": "missing", **who},
        {"id": T4, "kinds": [], "reason": "B and C reached the reference; A misread the row", **who},
    ])
    _write(d / "rewording.jsonl", [{"id": T2, **ambiguous(26350, 13000), "reviewer": "helper session E"}])
    return d


def _review(recorded: Path, out: Path, *extra) -> object:
    return invoke("build", "reasoning", "--data", demo_path(), "--out", out, "--version", "demo-2026.1",
                  "--blind", f"recorded:{recorded}/*.A.jsonl", "--second", f"recorded:{recorded}/*.B.jsonl",
                  "--second", f"recorded:{recorded}/*.C.jsonl", "--adjudicator",
                  f"recorded:{recorded}/adjudication.jsonl", "--rewording", f"recorded:{recorded}/rewording.jsonl",
                  *extra)


def test_recorded_review_ships_an_overlay_that_run_reasoning_applies(recorded, tmp_path):
    out, data_dir = tmp_path / "review", tmp_path / "pkgdata"
    r = _review(recorded, out, "--ship", data_dir)
    assert r.exit_code == 0, r.output
    assert "build reasoning funnel" in r.output and "overlay: 3 entries (value 1, question 1, sign_agnostic 0, skip 1)" \
        in " ".join(r.output.split())
    shipped = data_dir / "corrections" / "demo.yaml"
    assert shipped.read_bytes() == (out / "corrections.yaml").read_bytes()
    assert sorted(p.name for p in (data_dir / "review" / "demo").iterdir()) == [
        "adjudication.jsonl", "blind.A.jsonl", "blind.B.jsonl", "blind.C.jsonl", "funnel.json", "rewording.R1.jsonl"]
    overlay = load_corrections(shipped)
    assert overlay.corrections[T3].provenance.decided_by == "helper session D, adjudication (person)"
    # the same records give the same bytes
    again = _review(recorded, tmp_path / "again")
    assert again.exit_code == 0 and (tmp_path / "again" / "corrections.yaml").read_bytes() == shipped.read_bytes()
    # run the family with it: the reference passes every task that is not skipped; both pass rates are reported
    for policy, expect in (("reference", 1.0), ("human-answer", None)):
        run = tmp_path / f"run-{policy}"
        r = invoke("run", "reasoning", "--data", demo_path(), "--agent", policy, "-O", f"corrections={shipped}",
                   "--out", run)
        assert r.exit_code == 0, r.output
        m = json.loads(invoke("report", run, "--format", "json").output)
        assert m["corrections"] == {"version": "demo-2026.1", "value": 1, "question": 1, "sign_agnostic": 0, "skip": 1}
        assert m["skipped"] == 1 and m["skipped_tasks"] == [{"id": T3, "reason": "no 2020 shares outstanding in the table"}]
        if expect is not None:
            assert m["pass_rate"] == expect and m["original_pass_rate"] == pytest.approx(18 / 19)
        else:
            assert m["original_pass_rate"] is not None and m["original"]["n"] == 19
        rows = invoke("report", run, "--format", "csv").output.splitlines()
        header = rows[0].split(",")
        col = header.index("correction")
        cells = {line.split(",")[0]: line.split(",")[col] for line in rows[1:]}
        assert cells[T1] == "value" and cells[T2] == "question" and cells[T3] == "skip" and cells[T4] == ""


def test_an_incomplete_review_is_not_shipped_unless_allowed(recorded, tmp_path):
    r = invoke("build", "reasoning", "--data", demo_path(), "--out", tmp_path / "part", "--blind",
               f"recorded:{recorded}/*.A.jsonl", "--ship", tmp_path / "pkg")
    assert r.exit_code == 2 and "not complete" in r.output and "--allow-incomplete" in r.output
    pending = tmp_path / "part" / "pending"
    assert sorted(p.name for p in pending.iterdir()) == ["second.B.jsonl", "second.C.jsonl"]
    r = invoke("build", "reasoning", "--data", demo_path(), "--out", tmp_path / "part", "--blind",
               f"recorded:{recorded}/*.A.jsonl", "--ship", tmp_path / "pkg", "--allow-incomplete", "--format", "json")
    assert r.exit_code == 0 and json.loads(r.output)["pending"] == {"second.B": 4, "second.C": 4}


def _mock_reply(body: dict) -> str:
    user = body["messages"][-1]["content"]
    sample = next(s for s in demo_samples() if blind_prompt(s.data) == user)
    return json.dumps(clear(reference(sample.id), "from the table"))


def test_model_reviewer_over_http_with_prices_and_a_key_never_written(tmp_path, monkeypatch):
    key = "sk-finprobe-review-test-77aa"
    monkeypatch.setenv("FINPROBE_REVIEW_KEY", key)
    prices = tmp_path / "prices.yaml"
    prices.write_text("blind-model: {input: 1.0, output: 4.0}\n")
    out = tmp_path / "http"
    with MockServerThread(_mock_reply, expected_api_key=key) as server:
        r = invoke("build", "reasoning", "--data", demo_path(), "--out", out, "--blind", "openai:blind-model",
                   "--base-url", server.base_url, "--api-key-env", "FINPROBE_REVIEW_KEY", "--prices", prices,
                   "--format", "json")
        log = server.server.log
    assert r.exit_code == 0, r.output
    assert len(log) == 20 and all(entry.auth_ok for entry in log)
    funnel = json.loads(r.output)
    a = funnel["cost"]["by_role"]["A"]
    assert a["kind"] == "model" and a["calls"] == 20 and a["model"] == "blind-model"
    assert a["cost_usd"] == pytest.approx((a["input_tokens"] * 1.0 + a["output_tokens"] * 4.0) / 1e6) and a["cost_usd"] > 0
    assert funnel["status"] == {"unselected": 20} and funnel["complete"]
    for path in out.rglob("*"):
        if path.is_file():
            assert key.encode() not in path.read_bytes(), path


@pytest.mark.parametrize("args,fragment", [
    (["--second", "recorded:{d}/*.B.jsonl"], "two --second roles"),
    (["--blind", "rules"], "for --adjudicator only"),
    (["--blind", "recorded:{d}/absent.jsonl"], "no such record file"),
    (["--blind", "recorded:"], "name the records"),
    (["--blind", "nosuch:model"], "unknown model spec"),
    (["--format", "yaml"], "table or json"),
])
def test_bad_role_setups_are_one_line_errors(recorded, tmp_path, args, fragment):
    r = invoke("build", "reasoning", "--data", demo_path(), "--out", tmp_path / "x",
               *[a.format(d=recorded) for a in args])
    assert r.exit_code == 2, r.output
    assert fragment in r.output and "Traceback" not in r.output


TEST_JSON = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "finqa" / "test.json"


@pytest.mark.shared_data
def test_the_shipped_test_overlay_is_regenerated_byte_for_byte_from_its_shipped_records(tmp_path):
    """The bundled overlay of the FinQA test split is a product of the pipeline: replaying the review records
    shipped next to it (`data/review/test/`) gives the very same file."""
    if not TEST_JSON.is_file():
        pytest.skip(f"FinQA test file not present at {TEST_JSON}")
    from finprobe.benchmarks.reasoning.corrections import bundled_overlay

    overlay = bundled_overlay("test")
    assert overlay.review == "../review/test"
    review_dir = (Path(overlay.source).parent / overlay.review).resolve()
    r = invoke("build", "reasoning", "--data", TEST_JSON, "--out", tmp_path / "replay", "--records", review_dir,
               "--format", "json")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "replay" / "corrections.yaml").read_bytes() == Path(overlay.source).read_bytes()
    funnel = json.loads(r.output)
    shipped = json.loads((review_dir / "funnel.json").read_text(encoding="utf-8"))
    assert funnel["overlay"] == shipped["overlay"] and funnel["status"] == shipped["status"]
    assert funnel["cost"]["by_role"]["A"]["records"] == shipped["cost"]["by_role"]["A"]["records"]
