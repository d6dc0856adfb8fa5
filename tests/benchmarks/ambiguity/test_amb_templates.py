from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity.categories import CATEGORY_NAMES, classify_question
from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator
from finprobe.benchmarks.ambiguity.templates import (
    CATEGORY_TEMPLATES,
    FIELD_TEMPLATES,
    fill_template,
    template_qa,
    template_question,
)

FIELDS = ("entity", "period", "metric", "basis", "vintage")


def test_one_template_per_category_and_field_in_both_languages():
    for lang in ("en", "zh"):
        assert set(FIELD_TEMPLATES[lang]) == set(FIELDS)
        assert set(CATEGORY_TEMPLATES[lang]) == set(CATEGORY_NAMES)
        for template in FIELD_TEMPLATES[lang].values():
            assert template.count("{value}") == 1
            assert template.endswith("?" if lang == "en" else "？")
    assert FIELD_TEMPLATES["zh"]["entity"] == "您问的是{value}口径吗？"
    assert CATEGORY_TEMPLATES["en"]["metric_definition"] == FIELD_TEMPLATES["en"]["metric"]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("category", CATEGORY_NAMES)
def test_each_category_template_names_its_category(lang, category):
    # filled with a neutral placeholder, the frame alone points the classifier at the category, except the
    # Chinese entity frame "您问的是{value}口径吗？", whose cue (合并, 母公司, 分部, ...) is in the value itself
    question = CATEGORY_TEMPLATES[lang][category].format(value="X")
    if (lang, category) == ("zh", "entity_scope"):
        assert classify_question(question, lang).generic
        assert classify_question(CATEGORY_TEMPLATES[lang][category].format(value="合并报表"), lang).main == category
    else:
        assert classify_question(question, lang).main == category


def test_fill_template_unknown_field():
    assert fill_template("currency", "USD", "en") == "For the currency, do you mean USD?"
    assert fill_template("currency", "人民币", "zh") == "您问的currency是人民币吗？"


def test_template_question_intended_and_default(instances):
    inst = instances["t-en-1"]
    tq = template_question(inst, "entity_scope")
    assert tq.question == "For the reporting entity, do you mean Industrial Products segment?"
    assert (tq.field, tq.reading, tq.category, tq.fallback_from) == ("entity", "intended", "entity_scope", None)
    tq = template_question(inst, "entity", "default")
    assert tq.question == "For the reporting entity, do you mean Acme Widgets consolidated?"
    assert tq.category == "entity_scope"


def test_template_question_zh_metric(instances):
    tq = template_question(instances["t-zh-2"], "metric_definition")
    assert tq.question == "您说的指标是指扣除非经常性损益后的净利润吗？"
    tq = template_question(instances["t-zh-2"], "metric_definition", "default")
    assert tq.question == "您说的指标是指净利润（含非经常性损益）吗？"


def test_template_question_vintage_extra_field(instances):
    tq = template_question(instances["t-en-2"], "filing_vintage")
    assert tq.question == "For the filing version, do you mean as restated?" and tq.field == "vintage"


def test_fallback_when_category_field_does_not_differ(instances):
    tq = template_question(instances["t-en-1"], "temporal_scope")
    assert tq.fallback_from == "period" and tq.field == "entity" and tq.category == "temporal_scope"


def test_no_distinctive_field_raises(instances):
    inst = instances["t-en-1"].model_copy(deep=True)
    inst.default_interpretation = inst.intended_interpretation.model_copy()
    with pytest.raises(ValueError, match="do not differ"):
        template_question(inst, "entity_scope")


@pytest.mark.parametrize("iid", ["t-en-1", "t-en-2", "t-zh-1", "t-zh-2"])
def test_template_qa_answers_yes_and_default_template_no(instances, iid):
    inst = instances[iid]
    question, answer = template_qa(inst)
    assert answer == "yes"
    assert question == template_question(inst, inst.primary_category).question
    for category in inst.axes:
        default_q = template_question(inst, category, "default").question
        assert DeterministicSimulator(inst).decide(default_q).answer == "no"
