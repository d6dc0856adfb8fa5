"""The real FinInteract release in ../shared/data/fininteract (issue 23): every published row imports, and
`report --grader published` gives the figures the published rows define, per (model, mode).

The expected figures are computed here from the rows themselves by the paper's definitions (accuracy = the
published `correct`; default-capture = `default_captured`; DisE+ = mean of 1[correct]·1[asks>0]·H0/asks with
the published `n_asks`), so the test holds on any half of the release.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finprobe.benchmarks.ambiguity import BENCHMARK
from finprobe.benchmarks.ambiguity.instances import load_instances
from finprobe.benchmarks.ambiguity.published import import_results, parse_results
from finprobe.cli import app
from finprobe.core.store import RunStore

#: ../shared/data beside the checkout (tests/conftest.py's SHARED_DATA; a module-scoped fixture needs it here)
SHARED_DATA = Path(__file__).resolve().parents[3].parent / "shared" / "data"
RESULTS = ("eval_gpt5_gpt4o.dev.jsonl", "eval_gpt5mini.dev.jsonl", "eval_forced4_gpt-5.dev.jsonl")


@pytest.fixture(scope="module")
def release(tmp_path_factory):
    root = SHARED_DATA / "fininteract"
    if not (root / "results").is_dir():
        pytest.skip(f"the FinInteract release is not present at {root}")
    out = tmp_path_factory.mktemp("published")
    runs: dict[str, int] = {}
    for name in RESULTS:
        result = import_results(BENCHMARK, root / "results" / name, root / "final" / "fininteract_v1.dev.jsonl", out)
        assert result.n_rows == sum(1 for line in (root / "results" / name).read_text().splitlines() if line.strip())
        runs.update(result.runs)
    return root, out, runs


def _expected(root: Path) -> dict[str, dict[str, float]]:
    groups: dict[str, list] = defaultdict(list)
    for name in RESULTS:
        for row in parse_results(root / "results" / name):
            mode = {"answer-only": "answer-only", "answer+search": "answer-search",
                    "answer+search+interact": "answer-search-interact"}[row.mode]
            folder = f"{row.model}__{'forced-interaction__n' + str(row.forced_n) if row.forced_n else mode}"
            groups[folder].append(row)
    out = {}
    for folder, rows in groups.items():
        n = len(rows)
        out[folder] = {
            "n": n,
            "accuracy": sum(r.correct for r in rows) / n,
            "default_capture": sum(bool(r.default_captured) for r in rows) / n,
            "dise_plus": sum((r.h0 or 0) / r.n_asks for r in rows if r.correct and r.n_asks) / n,
            "rounds": sum(r.n_asks or 0 for r in rows) / n,
        }
    return out


def test_published_forced_n_zero_is_no_forced_run(release):
    root, _out, runs = release
    rows = parse_results(root / "results" / "eval_gpt5_gpt4o.dev.jsonl")
    assert {r.forced_n for r in rows} == {None}  # the files write 0: no asks forced
    names = sorted(Path(p).name for p in runs)
    assert "gpt-5__answer-search-interact" in names and "gpt-4o__answer-search" in names
    assert "gpt-5__forced-interaction__n4" in names and not any("__n0" in n for n in names)
    assert len(names) == 10  # 3 models x 3 modes + the forced-4 run


def test_published_grader_reports_the_published_figures(release):
    root, out, _runs = release
    expected = _expected(root)
    for folder, want in expected.items():
        res = CliRunner().invoke(app, ["report", str(out / folder), "--format", "json", "--grader", "published"])
        assert res.exit_code == 0, res.output
        got = json.loads(res.output)
        assert got["n_scored"] == want["n"], folder
        for key in ("accuracy", "default_capture", "dise_plus", "rounds"):
            assert got[key] == pytest.approx(want[key], abs=1e-9), (folder, key)


def test_asks_past_the_published_limit_are_refused_not_counted(release):
    root, out, _runs = release
    rows = {r.instance_id: r for r in parse_results(root / "results" / "eval_gpt5_gpt4o.dev.jsonl")
            if r.model == "gpt-5" and r.mode == "answer+search+interact"}
    over = [r for r in rows.values() if sum(t.get("action") == "interact" for t in r.trajectory) > (r.n_asks or 0)]
    assert over, "the published runs hold trajectories with a refused 7th ask"
    res = CliRunner().invoke(app, ["report", str(out / "gpt-5__answer-search-interact"), "--format", "json"])
    assert json.loads(res.output)["published_grader"]["asks_differ"] == 0


def test_grader_agreement_with_the_published_verdicts(release):
    """finprobe's grader against the published verdicts over every imported answer, under both hedge rules
    (the strict rule is the default because it agrees more: see the family's data/labelled/README.md)."""
    _root, out, runs = release
    agree = {"strict": 0, "labelled": 0}
    n = labelled = 0
    for folder in runs:
        res = CliRunner().invoke(app, ["report", folder, "--format", "json"])
        got = json.loads(res.output)
        pub = got["published_grader"]
        n += pub["n"]
        agree["strict"] += round(pub["agreement"] * pub["n"])
        agree["labelled"] += round(pub["agreement_labelled_hedge_rule"] * pub["n"])
        labelled += sum(got["labelled_readings"].values())
    assert labelled > 0  # the real answers hold such answers ("净利润为…，其中归属于母公司股东的净利润为…")
    assert agree["strict"] / n >= 0.98
    assert agree["strict"] > agree["labelled"]


def test_published_verdicts_on_answers_stating_both_readings(release):
    """The evidence for the strict default, by kind (see bench/ambiguity_hedge_rules.py for the features): the
    published grader accepts such an answer only when A is labelled as the intended reading, and even then rejects
    most of them, as wrong against both readings; and it gives the same sentence
    opposite verdicts on different instances, so no rule that reads the answer can follow it there."""
    root, _out, runs = release
    companies = {i.instance_id: i.company or "" for i in load_instances(root / "final" / "fininteract_v1.dev.jsonl")}
    kinds: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    verdicts_by_template: dict[str, set[bool]] = defaultdict(set)
    for folder in runs:
        got = json.loads(CliRunner().invoke(app, ["report", folder, "--format", "json"]).output)
        for kind, counts in got["published_grader"]["both_readings"].items():
            for key, value in counts.items():
                kinds[kind][key] += value
        assert got["both_readings"] == {k: v["n"] for k, v in got["published_grader"]["both_readings"].items()}
        for record in RunStore(folder).load_records().values():
            grade = record.score.details["grade"] if record.score is not None else {}
            if grade.get("labelled_readings") == "intended" and record.transcript is not None:
                text = (record.transcript.final_answer or "").replace(companies[record.sample_id] or "<C>", "<C>")
                verdicts_by_template[re.sub(r"\d+(?:\.\d+)?", "#", text)].add(
                    bool(record.transcript.info["published"]["correct"]))
    intended, unlabelled = kinds["intended"], kinds["unlabelled"]
    assert intended["n"] > 0 and unlabelled["n"] > 0
    assert unlabelled["published_correct"] == 0 and kinds["default"]["published_correct"] == 0
    assert 0 < intended["published_correct"] < intended["n"] / 2  # accepted sometimes, rejected mostly
    # most are hedges to the published grader too: wrong against both readings
    assert intended["published_correct"] + intended["published_default_captured"] < intended["n"] / 2
    assert intended["agree_strict"] > intended["agree_labelled"]
    assert any(v == {True, False} for v in verdicts_by_template.values())


def test_no_answer_side_hedge_rule_beats_the_strict_one(release):
    """bench/ambiguity_hedge_rules.py on the real rows: every candidate rule built on the answers' features (label,
    commitment, order, "其中" framing, A_d's own label, a third figure, the years) agrees with the published verdicts
    at most as often as the strict rule; even the majority verdict of each feature cell, fitted to these rows, stays
    under the issue's 99%; and the same instance gets both verdicts for near-identical answers."""
    import importlib.util

    root, _out, _runs = release
    path = Path(__file__).resolve().parents[3] / "bench" / "ambiguity_hedge_rules.py"
    spec = importlib.util.spec_from_file_location("ambiguity_hedge_rules", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    out = bench.study(bench.load(root))
    strict = out["rules"]["strict (all hedges)"]
    assert out["both_readings"] > 0 and strict["rate"] >= 0.98
    assert all(rule["agree"] <= strict["agree"] for rule in out["rules"].values())
    assert out["rules"]["labelled"]["agree"] < strict["agree"]
    assert out["fitted_ceiling"]["rate"] < 0.99
    assert out["same_instance_both_verdicts"]
