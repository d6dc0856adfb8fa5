"""Templated yes/no clarification questions: one per category and per interpretation field, EN and ZH.

A template proposes one value of one interpretation field ("For the metric definition, do you mean
non-GAAP operating income?"). Filled with the intended value it is the question a perfectly targeted
agent would ask (the template-oracle mode); filled with the default value it proposes the naive reading.
Each template carries a cue word of its category ("reporting entity", "口径", "期间", "确认", "版本") and
nothing else that names a reading. Chinese net-income contrasts are 归母 / 扣非 / 含少数股东, not GAAP vs.
non-GAAP: the values come from the instance, the templates only frame them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from finprobe.benchmarks.ambiguity.categories import CATEGORY_FIELD, CATEGORY_NAMES, normalize_category
from finprobe.benchmarks.ambiguity.instances import INTERPRETATION_FIELDS, AmbiguityInstance

__all__ = [
    "CATEGORY_TEMPLATES",
    "FIELD_TEMPLATES",
    "TemplateQuestion",
    "fill_template",
    "template_qa",
    "template_question",
]

FIELD_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "entity": "For the reporting entity, do you mean {value}?",
        "metric": "For the metric definition, do you mean {value}?",
        "period": "For the reporting period, do you mean {value}?",
        "basis": "For the recognition basis, do you mean {value}?",
        "vintage": "For the filing version, do you mean {value}?",
    },
    "zh": {
        "entity": "您问的是{value}口径吗？",
        "metric": "您说的指标是指{value}吗？",
        "period": "您问的期间是{value}吗？",
        "basis": "您问的金额是按{value}确认的吗？",
        "vintage": "您要的是{value}这一版本的数据吗？",
    },
}
#: the same templates keyed by category (each category is about one field)
CATEGORY_TEMPLATES: dict[str, dict[str, str]] = {
    lang: {cat: table[CATEGORY_FIELD[cat]] for cat in CATEGORY_NAMES} for lang, table in FIELD_TEMPLATES.items()
}


class TemplateQuestion(BaseModel):
    question: str
    category: str | None  # None when built for a field that no category is about (an extra field)
    field: str
    value: str
    reading: Literal["intended", "default"]
    language: Literal["en", "zh"]
    #: set when the category's own field does not separate the readings and another distinctive field was used
    fallback_from: str | None = None


def fill_template(field: str, value: str, language: str) -> str:
    """The template question for `field` proposing `value` (unknown fields use the entity template frame)."""
    table = FIELD_TEMPLATES["zh" if language == "zh" else "en"]
    template = table.get(field)
    if template is None:
        template = ("您问的{field}是{value}吗？" if language == "zh" else "For the {field}, do you mean {value}?")
        return template.format(field=field, value=value.strip())
    return template.format(value=value.strip())


def template_question(instance: AmbiguityInstance, category_or_field: str,
                      reading: Literal["intended", "default"] = "intended") -> TemplateQuestion:
    """The template question for a category (or interpretation field) filled from one of the readings.

    When the category's field has no value or does not differ between the two readings on this instance,
    the first field that does differ is used instead and `fallback_from` records the swap; a ValueError
    is raised if no field differs.
    """
    if category_or_field in INTERPRETATION_FIELDS or normalize_category(category_or_field) is None:
        field = category_or_field  # a field name, or an extra (release-specific) interpretation field
        category = next((c for c, f in CATEGORY_FIELD.items() if f == field), None)
    else:
        category = normalize_category(category_or_field)
        assert category is not None  # the branch above takes every name that does not normalise
        field = CATEGORY_FIELD[category]
    distinctive = instance.distinctive_fields()
    fallback_from = None
    if field not in distinctive:
        if not distinctive:
            raise ValueError(f"instance {instance.instance_id}: intended and default readings do not differ")
        fallback_from, field = field, distinctive[0]
    interp = instance.intended_interpretation if reading == "intended" else instance.default_interpretation
    value = interp.get(field)
    if value is None:
        raise ValueError(f"instance {instance.instance_id}: the {reading} reading has no value for {field!r}")
    # the question names the category it asks about: with a value taken from another field (归母 vs 含少数股东 is
    # the basis field of a metric-definition instance), the category's own frame is kept ("您说的指标是指…吗？"),
    # not the other field's ("按…确认", the recognition frame)
    frame = fallback_from if fallback_from is not None and category is not None else field
    return TemplateQuestion(question=fill_template(frame, value, instance.language), category=category,
                            field=field, value=value, reading=reading, language=instance.language,
                            fallback_from=fallback_from)


def template_qa(instance: AmbiguityInstance, category: str | None = None) -> tuple[str, str]:
    """The gold category's template question (proposing the intended reading) and the simulated answer.

    `category` defaults to the instance's primary category; the answer comes from the deterministic
    simulator, so it is "yes" whenever the template separates the readings.
    """
    from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator

    tq = template_question(instance, category or instance.primary_category, "intended")
    return tq.question, DeterministicSimulator(instance).decide(tq.question).answer
