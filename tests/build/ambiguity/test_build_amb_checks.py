"""R1–R14: each check passes a good EN and ZH candidate and fails a bad one, in both languages."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from build_amb_support import EN_PASSAGE, ZH_PASSAGE, en_record, zh_record

from finprobe.build.ambiguity import checks as C
from finprobe.build.ambiguity.checks import CHECKS, CheckInput, CheckResult, run_checks, span_overlap

Mutation = Callable[[dict[str, Any]], None]


def _set(**kw: Any) -> Mutation:
    def apply(rec: dict[str, Any]) -> None:
        for key, value in kw.items():
            if "." in key:
                outer, inner = key.split(".")
                rec[outer][inner] = value
            else:
                rec[key] = value
    return apply


def _keep(rec: dict[str, Any]) -> None:
    return None


# (rule, language, mutation, passes?) — every rule has at least one passing and one failing case per language
CASES: list[tuple[str, str, Mutation, bool]] = [
    # R1 yes/no
    ("R1", "en", _keep, True),
    ("R1", "en", _set(question="Is Acme Widgets' 2023 operating income $538.9 million?"), False),
    ("R1", "en", _set(question="Did Acme Widgets report operating income above $500 million in 2023?"), False),
    ("R1", "en", _set(answer="Yes"), False),
    ("R1", "en", _set(question="How much operating income did Acme Widgets earn in 2023?"), True),
    ("R1", "zh", _keep, True),
    ("R1", "zh", _set(question="青岚精密2023年的净利润是2.58亿元吗？"), False),
    ("R1", "zh", _set(question="青岚精密2023年的净利润是否超过3亿元？"), False),
    ("R1", "zh", _set(answer="是"), False),
    # R2 disambiguating terms in Q (the instance's categories)
    ("R2", "en", _keep, True),
    ("R2", "en", _set(question="What was Acme Widgets' segment operating income in 2023?"), False),
    ("R2", "en", _set(question="What was Acme Widgets' consolidated operating income in 2023?"), False),
    ("R2", "en", _set(question="What was Acme Widgets' Industrial Products segment operating income in 2023?"), False),
    # a term of another category does not settle this instance's ambiguity
    ("R2", "en", _set(question="What was Acme Widgets' operating income in fiscal 2023?"), True),
    ("R2", "zh", _keep, True),
    ("R2", "zh", _set(question="青岚精密2023年的扣非净利润是多少？"), False),
    ("R2", "zh", _set(question="青岚精密2023年归母净利润是多少？"), False),
    ("R2", "zh", _set(question="青岚精密2023年度的净利润是多少？"), True),
    # R3 A taken from the passage (and the candidate value)
    ("R3", "en", _keep, True),
    ("R3", "en", _set(answer="$540 million"), False),  # a rounding of the passage's figure
    ("R3", "en", _set(answer="$538.9 billion"), False),  # wrong scale
    ("R3", "en", _set(answer="538,900,000 dollars"), True),  # same figure, written in full
    ("R3", "zh", _keep, True),
    ("R3", "zh", _set(answer="2.6亿元"), False),
    ("R3", "zh", _set(answer="2.58万元"), False),
    ("R3", "zh", _set(answer="258,000,000元"), True),
    # R4 company named
    ("R4", "en", _keep, True),
    ("R4", "en", _set(question="What was the company's operating income in 2023?"), False),
    ("R4", "en", _set(question="What was acme widgets' operating income in 2023?"), False),  # not a proper noun
    ("R4", "en", _set(question="What was ACME's operating income in 2023?"), True),  # the ticker
    ("R4", "zh", _keep, True),
    ("R4", "zh", _set(question="该公司2023年的净利润是多少？"), False),
    ("R4", "zh", _set(question="青岚精密股份有限公司2023年的净利润是多少？"), True),
    # R5 a financial metric
    ("R5", "en", _keep, True),
    ("R5", "en", _set(question="Where is Acme Widgets headquartered?"), False),
    ("R5", "en", _set(question="What were Acme Widgets' total assets at the end of 2023?"), True),
    ("R5", "zh", _keep, True),
    ("R5", "zh", _set(question="青岚精密的董事长是谁？"), False),
    ("R5", "zh", _set(question="青岚精密2023年的每股收益是多少？"), True),
    # R6 a percentage for a count question
    ("R6", "en", _keep, True),
    ("R6", "en", _set(question="How many stores did Acme Widgets operate in 2023?", answer="12.5%"), False),
    ("R6", "en", _set(question="How many stores did Acme Widgets operate in 2023?", answer="412 stores"), True),
    ("R6", "zh", _keep, True),
    ("R6", "zh", _set(question="青岚精密2023年末有多少家子公司？", answer="15%"), False),
    ("R6", "zh", _set(question="青岚精密2023年末有多少家子公司？", answer="15家"), True),
    # R7 C does not contain A
    ("R7", "en", _keep, True),
    ("R7", "en", _set(context="I need my own segment's profit, which should be about $539 million."), False),
    ("R7", "en", _set(context="I need the Industrial Products figure of $538.9 million."), False),
    ("R7", "en", _set(context="I run the business I joined in 2019 and need my own unit's profit."), True),
    ("R7", "zh", _keep, True),
    ("R7", "zh", _set(context="我记得扣非后大约是2.58亿元，想确认一下。"), False),
    ("R7", "zh", _set(context="我想看扣非口径，大约是258,000,000元。"), False),
    ("R7", "zh", _set(context="我想看2023年剔除一次性收益后的利润。"), True),
    # R8 the readings differ
    ("R8", "en", _keep, True),
    ("R8", "en", _set(**{"intended_interpretation.entity": "Acme Widgets consolidated"}), False),
    ("R8", "en", _set(**{"intended_interpretation.entity": "acme widgets  consolidated"}), False),
    ("R8", "zh", _keep, True),
    ("R8", "zh", _set(**{"intended_interpretation.metric": "净利润（含非经常性损益）"}), False),
    # R9 category labels
    ("R9", "en", _keep, True),
    ("R9", "en", _set(axes=["entity_scope", "liquidity"]), False),
    ("R9", "en", _set(axes=["metric_definition"]), False),  # not the primary category asked for
    ("R9", "en", _set(axes=["entity_scope", "temporal_scope"]), True),
    ("R9", "zh", _keep, True),
    ("R9", "zh", _set(axes=["metric_definition", "metric_definition"]), False),
    ("R9", "zh", _set(axes=[]), False),
    # R10 A present
    ("R10", "en", _keep, True),
    ("R10", "en", _set(answer="0"), False),
    ("R10", "en", _set(answer="N/A"), False),
    ("R10", "zh", _keep, True),
    ("R10", "zh", _set(answer="无"), False),
    ("R10", "zh", _set(answer="."), False),
    # R11 A_d present and different
    ("R11", "en", _keep, True),
    ("R11", "en", _set(default_answer=""), False),
    ("R11", "en", _set(default_answer="$538,900,000"), False),  # the same figure
    ("R11", "zh", _keep, True),
    ("R11", "zh", _set(default_answer="2.58亿元"), False),
    ("R11", "zh", _set(default_answer="不适用"), False),
    # R12 both spans, quoted from the passage
    ("R12", "en", _keep, True),
    ("R12", "en", _set(default_evidence_span=""), False),
    ("R12", "en", _set(default_evidence_span="Consolidated operating income was $412.6 million"), False),  # paraphrase
    ("R12", "zh", _keep, True),
    ("R12", "zh", _set(intended_evidence_span=" "), False),
    ("R12", "zh", _set(intended_evidence_span="扣非净利润为2.58亿元"), False),
    # R13 spans distinct
    ("R13", "en", _keep, True),
    ("R13", "en", _set(default_evidence_span="The Industrial Products segment reported operating income of "
                                              "$538.9 million"), False),
    ("R13", "en", _set(default_evidence_span="Industrial Products segment reported operating income of "
                                              "$538.9 million;"), False),
    ("R13", "zh", _keep, True),  # the 扣非 / 归母 pair shares most words, yet is two pieces of evidence
    ("R13", "zh", _set(default_evidence_span="归属于上市公司股东的扣除非经常性损益的净利润为2.58亿元"), False),
    # R14 far enough apart
    ("R14", "en", _keep, True),
    ("R14", "en", _set(default_answer="$530.1 million"), False),  # 1.6% apart
    ("R14", "en", _set(answer="12.4%", default_answer="11.2%"), False),  # 1.2 pp
    ("R14", "en", _set(answer="12.4%", default_answer="10.7%"), True),  # 1.7 pp
    ("R14", "en", _set(answer="12.4%", default_answer="$412.6 million"), False),  # rate vs amount
    ("R14", "zh", _keep, True),
    ("R14", "zh", _set(default_answer="2.62亿元"), False),  # 1.5% apart
    ("R14", "zh", _set(answer="18.6%", default_answer="17.5%"), False),
]


def _input(lang: str, mutate: Mutation) -> CheckInput:
    rec = copy.deepcopy(en_record() if lang == "en" else zh_record())
    mutate(rec)
    passage = EN_PASSAGE if lang == "en" else ZH_PASSAGE
    category = "entity_scope" if lang == "en" else "metric_definition"
    return CheckInput(record=rec, passage=passage, category=category)


CASE_IDS = [f"{r}-{lang}-{'pass' if ok else 'fail'}-{i}" for i, (r, lang, _m, ok) in enumerate(CASES)]


@pytest.mark.parametrize("rule,lang,mutate,passes", CASES, ids=CASE_IDS)
def test_check(rule, lang, mutate, passes):
    result = CHECKS[rule](_input(lang, mutate))
    assert result.rule == rule
    assert result.passed is passes, result.detail
    if not passes:
        assert result.detail  # a failure says why


def test_every_rule_has_a_pass_and_a_fail_in_both_languages():
    seen = {(r, lang, ok) for r, lang, _m, ok in CASES}
    for rule in CHECKS:
        for lang in ("en", "zh"):
            assert (rule, lang, True) in seen and (rule, lang, False) in seen, (rule, lang)


def test_checks_are_named_functions_r1_to_r14():
    assert list(CHECKS) == [f"R{i}" for i in range(1, 15)]
    for rule, fn in CHECKS.items():
        assert fn.__name__.startswith(rule.lower() + "_") and fn.__doc__


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_clean_candidates_pass_all_checks(lang):
    assert all(r.passed for r in run_checks(_input(lang, _keep)))


def test_all_failed_rules_are_recorded_not_only_the_first(en):
    en["question"] = "Is Acme Widgets' consolidated operating income $412.6 million?"
    en["context"] = "It is $538.9 million, I think."
    results = run_checks(CheckInput(record=en, passage=EN_PASSAGE, category="entity_scope"))
    assert C.failed_rules(results) == ["R1", "R2", "R7"]


def test_candidate_value_must_be_the_answer(en):
    inp = CheckInput(record=en, passage=EN_PASSAGE, category="entity_scope", candidate_value="$412.6 million")
    result = C.r3_answer_from_passage(inp)
    assert not result.passed and "candidate value" in result.detail


def test_a_check_that_raises_fails_the_candidate(monkeypatch, en):
    def broken(c: CheckInput) -> CheckResult:
        raise RuntimeError("bug")

    monkeypatch.setitem(CHECKS, "R5", broken)
    results = run_checks(CheckInput(record=en, passage=EN_PASSAGE, category="entity_scope"))
    r5 = next(r for r in results if r.rule == "R5")
    assert not r5.passed and "bug" in r5.detail and len(results) == 14


def test_span_overlap_is_jaccard():
    assert span_overlap("a b c d", "a b c d") == 1.0
    assert span_overlap("revenue was 10", "profit was 12") < 0.5
