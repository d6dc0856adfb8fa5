"""The release's category conventions (issue 23): 归母 vs 含少数股东 is labelled entity scope on some instances and
metric definition on others, so a question about it touches both; a template question names the category it asks
about even when its value comes from another field; the ask-then-oracle baseline touches the true category on the
real release (read from ../shared/data when present)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finprobe.benchmarks.ambiguity.categories import classify_question
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.benchmarks.ambiguity.templates import template_qa, template_question
from finprobe.cli import app

RELEASE = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "fininteract"

# a metric-definition instance whose readings share the metric field and differ in the basis (invented figures)
PARENT_METRIC = AmbiguityInstance.model_validate({
    "instance_id": "conv-zh", "language": "zh", "company": "澄湖电力", "question": "澄湖电力的净利润是多少？",
    "context": "口径：按归属于母公司股东的净利润（不含少数股东损益）；期间：2023年度。", "answer": "9.34亿元",
    "default_answer": "11.89亿元",
    "intended_interpretation": {"entity": "澄湖电力（合并报表）", "period": "2023年度", "metric": "净利润",
                                "basis": "归属于母公司股东（不含少数股东损益）"},
    "default_interpretation": {"entity": "澄湖电力（合并报表）", "period": "2023年度", "metric": "净利润",
                               "basis": "含少数股东损益的净利润"},
    "axes": ["metric_definition"], "n_axes": 1, "h0": 2.0})


@pytest.mark.parametrize("question", ["您需要的是归属于母公司股东的净利润吗？", "是归母净利润吗？",
                                      "Do you want net income attributable to shareholders of the parent?",
                                      "Should minority interests be excluded?"])
def test_the_parents_share_touches_entity_scope_and_metric_definition(question):
    v = classify_question(question, None)
    assert {"entity_scope", "metric_definition"} <= set(v.categories)


def test_a_template_keeps_its_categorys_frame():
    tq = template_question(PARENT_METRIC, "metric_definition")
    assert tq.fallback_from == "metric" and tq.field == "basis"
    assert tq.question.startswith("您说的指标是指") and "确认" not in tq.question
    assert "metric_definition" in classify_question(tq.question, "zh").categories
    question, reply = template_qa(PARENT_METRIC)
    assert reply == "yes"


@pytest.mark.skipif(not (RELEASE / "final").is_dir(), reason="the FinInteract release is not in ../shared/data")
def test_ask_then_oracle_touches_the_true_category_on_the_release(tmp_path):
    for name in ("fininteract_v1.dev.jsonl", "fininteract_v1.1.dev.jsonl"):
        out = tmp_path / name
        r = CliRunner().invoke(app, ["run", "ambiguity", "--data", str(RELEASE / "final" / name), "--agent",
                                     "ask-then-oracle", "--corpus", str(RELEASE / "sources" / "zh_passages.jsonl"),
                                     "--out", str(out), "--no-progress"])
        assert r.exit_code == 0, r.output
        m = json.loads(CliRunner().invoke(app, ["report", str(out), "--format", "json"]).output)
        assert m["accuracy"] == 1.0 and m["ac1_touch"] >= 0.97, name
