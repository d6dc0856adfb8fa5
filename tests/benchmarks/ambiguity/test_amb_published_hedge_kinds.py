"""The report counts each kind of answer that states both readings' values, and shows the published verdicts on each
kind beside finprobe's under both hedge rules (issue 23, item 4).

Regression fixture in the published format (invented rows on fictional instances): both readings stated with A
labelled as the intended reading (once accepted by the published grader, once rejected, as the real release does for
the same phrasing), with A_d's label naming the default reading, with no label that tells them apart, and one plain
correct answer. The real release is measured in test_fininteract_release.py and bench/ambiguity_hedge_rules.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finprobe.benchmarks.ambiguity import BENCHMARK
from finprobe.benchmarks.ambiguity.published import import_results
from finprobe.cli import app

FIXTURES = Path(__file__).parent / "fixtures"


def report(run: Path, *extra: str) -> dict:
    res = CliRunner().invoke(app, ["report", str(run), "--format", "json", *extra])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("both-readings")
    result = import_results(BENCHMARK, FIXTURES / "published_both_readings.jsonl",
                            FIXTURES / "both_readings.instances.jsonl", out)
    assert sorted(Path(p).name for p in result.runs) == ["model-a__answer-search", "model-b__answer-search"]
    return out


def test_the_report_counts_each_kind(runs):
    m = report(runs / "model-a__answer-search")
    assert m["both_readings"] == {"intended": 1, "default": 1, "unlabelled": 1}
    assert m["labelled_readings"] == {"intended": 1, "default": 1}  # the older key keeps its meaning
    assert m["hedge_rule"] == "strict" and m["hedges"] == 3 and m["accuracy"] == 0.0
    b = report(runs / "model-b__answer-search")
    assert b["both_readings"] == {"intended": 1, "default": 0, "unlabelled": 0}


def test_published_verdicts_by_kind_under_both_rules(runs):
    pub = report(runs / "model-a__answer-search")["published_grader"]
    kinds = pub["both_readings"]
    assert kinds["intended"] == {"n": 1, "published_correct": 1, "published_default_captured": 0,
                                 "agree_strict": 0, "agree_labelled": 1}
    assert kinds["default"] == {"n": 1, "published_correct": 0, "published_default_captured": 0,
                                "agree_strict": 1, "agree_labelled": 1}
    assert kinds["unlabelled"]["n"] == 1 and kinds["unlabelled"]["agree_strict"] == 1
    assert pub["agreement"] == pytest.approx(2 / 3) and pub["agreement_labelled_hedge_rule"] == 1.0
    # the same phrasing rejected by the published grader: there the strict rule agrees and the labelled one does not
    other = report(runs / "model-b__answer-search")["published_grader"]
    assert other["both_readings"]["intended"]["agree_strict"] == 1
    assert other["both_readings"]["intended"]["agree_labelled"] == 0
    assert other["agreement"] == 1.0 and other["agreement_labelled_hedge_rule"] == 0.5


def test_the_labelled_rule_regrades_without_changing_the_counts(runs):
    m = report(runs / "model-a__answer-search", "-O", "hedge_rule=labelled")
    assert m["hedge_rule"] == "labelled" and m["both_readings"] == {"intended": 1, "default": 1, "unlabelled": 1}
    assert m["accuracy"] == pytest.approx(1 / 3) and m["default_capture"] == pytest.approx(1 / 3)
    assert m["hedges"] == 1  # only the unlabelled one stays a hedge


def test_the_report_tables_show_the_kinds(runs):
    tables = {t.title: t for t in BENCHMARK.summary_tables(report(runs / "model-a__answer-search"))}
    taxonomy = tables["error taxonomy (E6 needs -O paired_template_oracle=RUN)"]
    col = taxonomy.columns.index("both readings stated (A labelled / A_d labelled / unlabelled)")
    assert taxonomy.rows[0][col] == "1 / 1 / 1 (strict)"
    published = next(t for title, t in tables.items() if title.startswith("finprobe's grader vs the published"))
    col = published.columns.index("both readings stated: published correct")
    assert published.rows[0][col] == "intended 1/1; default 0/1; unlabelled 0/1"
