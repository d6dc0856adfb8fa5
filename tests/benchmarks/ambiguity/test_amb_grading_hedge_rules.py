"""The two hedge rules for answers that state both readings' values, each labelled (issue 23).

Strict (the default): a hedge, wrong against both readings. Labelled (`hedge_rule="labelled"`, also the
aggregation option `-O hedge_rule=labelled`): graded for the reading the label of the answer's value names.
Instances and answers are invented (fictional companies); the real published answers are measured in
`test_fininteract_release.py` and bench/ambiguity_hedge_rules.py.
"""

from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity.grading import grade_answer, labelled_readings
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance


def _inst(lang: str, answer: str, default: str, intended: dict[str, str], default_reading: dict[str, str]
          ) -> AmbiguityInstance:
    return AmbiguityInstance.model_validate({
        "instance_id": f"hr-{lang}", "language": lang, "company": "Juniper Vale Co. (fictional)", "question": "?",
        "context": "-", "answer": answer, "default_answer": default, "intended_interpretation": intended,
        "default_interpretation": default_reading, "axes": ["entity_scope"], "n_axes": 1, "h0": 1.0,
    })


PARENT_ZH = _inst("zh", "72.34亿元", "79.63亿元",
                  {"entity": "归属于母公司股东（不含少数股东损益）", "period": "2022年度", "metric": "净利润"},
                  {"entity": "合并报表整体（含少数股东损益）", "period": "2022年度", "metric": "净利润"})
SEGMENT_EN = _inst("en", "$46.75B", "$62.87B",
                   {"entity": "total company (consolidated)", "period": "fiscal year 2023", "metric": "operating income"},
                   {"entity": "Apps segment", "period": "fiscal year 2023", "metric": "operating income"})
YEARS_EN = _inst("en", "$412.35M", "$398.70M",
                 {"entity": "consolidated", "period": "fiscal year 2023", "metric": "revenue"},
                 {"entity": "consolidated", "period": "fiscal year 2022", "metric": "revenue"})


@pytest.mark.parametrize(("inst", "answer", "which"), [
    (PARENT_ZH, "青岚精密2022年的净利润为79.63亿元，其中归属于母公司股东的净利润为72.34亿元。", "intended"),
    (PARENT_ZH, "2022年实现净利润（含少数股东损益）79.63亿元；归母净利润72.34亿元。", "intended"),
    (SEGMENT_EN, "Consolidated operating income was $46.75B; the Apps segment earned $62.87B.", "intended"),
    (SEGMENT_EN, "The Apps segment's operating income was $62.87B, and the company total was $46.75B.", "intended"),
    (YEARS_EN, "FY2023: $412.35M; FY2022: $398.70M", "intended"),
    # the two values with no label that tells them apart: still a hedge under either rule
    (PARENT_ZH, "净利润为79.63亿元或72.34亿元。", None),
    (SEGMENT_EN, "Operating income was $46.75B or $62.87B.", None),
])
def test_labelled_readings_are_recognised(inst, answer, which):
    assert labelled_readings(inst, answer) == which
    strict = grade_answer(inst, answer)
    assert strict.hedge and strict.hedge_both_readings and not strict.correct and not strict.default_captured
    assert strict.labelled_readings == which
    labelled = grade_answer(inst, answer, hedge_rule="labelled")
    assert labelled.correct is (which == "intended") and labelled.hedge is (which is None)


def test_an_answer_labelled_as_the_default_reading_is_default_captured():
    answer = "The company's operating income was $46.75B; for the Apps segment it was $62.87B, which is the figure."
    # the label of A names the consolidated total, so A is the intended reading's figure; swap the roles
    swapped = SEGMENT_EN.model_copy(update={"answer": "$62.87B", "default_answer": "$46.75B",
                                            "intended_interpretation": SEGMENT_EN.default_interpretation,
                                            "default_interpretation": SEGMENT_EN.intended_interpretation})
    assert labelled_readings(swapped, answer) == "intended"
    reverse = _inst("zh", "79.63亿元", "72.34亿元", PARENT_ZH.default_interpretation.values(),
                    PARENT_ZH.intended_interpretation.values())
    g = grade_answer(reverse, "净利润为79.63亿元，其中归属于母公司股东的净利润为72.34亿元。", hedge_rule="labelled")
    assert g.labelled_readings == "default" and not g.correct and g.default_captured


def test_unknown_hedge_rule_is_an_error():
    with pytest.raises(ValueError, match="hedge_rule"):
        grade_answer(PARENT_ZH, "72.34亿元", hedge_rule="lenient")
