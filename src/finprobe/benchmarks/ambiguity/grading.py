"""Grading a FinInteract final answer: deterministic and magnitude-aware, with an optional LLM judge.

Deterministic grading (`grade_answer`, DESIGN §2): the answer's value text is compared with the intended
answer A and, separately, with the default answer A_d by `finprobe.core.numbers.magnitude_match`: both
sides' scale words applied, 1% band and equality at the coarser stated precision, comparison figures
("vs.", "同比") are context, two different candidate values are a hedge (wrong), no candidate value is
"no answer" (the non-committal flag), and a fiscal-year mismatch is wrong: the years the answer states
are checked against the years of the reading's own period (its `period` field) as well as those the
reference text states.

- correct          = the answer matches A;
- default_captured = the answer matches A_d and not A.

Rules on top of `magnitude_match` (issue 7):
- a rate reference is graded on the answer's percentages (amounts beside them are context), and when the
  reading's metric is a growth rate or change, "grew 12%" states the value (`rate_of_change`);
- fiscal years named by the calendar year in which they start ("fiscal 2023, ended February 3, 2024") are
  not a year mismatch: the reading's period years include those names (`fiscal_year_aliases`);
- `year_label_conflict`: the value equals the reference at its full stated precision and only the year
  label conflicts: graded a match and flagged, so a report can list such instances (instance labels can be
  wrong, e.g. a filing dated April 2024 cannot hold fiscal 2024 annual results);
- hedges: an answer that states both readings' values is a hedge, wrong against both readings (`hedge_rule`
  "strict", the default); `hedge` is set on such grades (and on every other hedge verdict) so reports can
  count them (`metrics.hedge_count`). When each of the two values carries a label and the label of A names the
  intended reading where the two readings differ while the label of A_d does not ("净利润为79.63亿元，其中归属于母公司
  股东的净利润为72.34亿元" when the user wants the parent's share; "FY2023: $412.35M; FY2022: $398.70M" when the
  readings differ by year), the grade says so (`labelled_readings`: "intended", or "default" the other way round).
  `hedge_rule="labelled"` grades such an answer for the reading its label matches: correct when that is the
  intended one, default-captured when it is the default one. The strict rule is the default because it is what
  the published verdicts apply to most such answers (measured on the real release: see
  data/labelled/README.md, "Grader on the published runs");
- derivations: the figures an answer's value is derived from (add-backs, "excluding $X of …", quarters that
  sum to it, a reconciliation table; role `operand` in `classify_numbers`) are not second candidates, so
  "$305.4M (excluding $82.1M of SBC and $34.4M of amortization)" is a match. A derivation that states the
  other reading's value itself ("$701.3M (EBITDA of $642.8M plus $58.5M of one-offs)" when A_d is $642.8M)
  still states both readings, and stays a hedge under the paper's rule. Comparison figures and the whole of
  a share ("compared with GAAP operating income of $188.9M", "占合并营业收入（86.40亿元）的25.1%") are context,
  not statements of a value.
- a breakdown in parentheses whose parts sum to the value ("$612.8M ($301.5M in Q1 and $311.3M in Q2)") and the
  inputs of a stated quotient ("$2.41 (net income of $412.0M divided by 171.0M diluted shares)") are operands; a
  share restated as an amount ("43% of the company's adjusted EBITDA, or $318.2 million") states the amount;
- a figure labelled as another metric than the reading's ("扣非后归母净利润2.37亿元，当年非经常性损益合计0.52亿元":
  the label's head figure, the last one not governed by "excluding"/扣除 …, is the non-recurring items' total) is
  context (role `other_metric`); it still counts as stated, so an answer that gives A_d under its own label
  remains a hedge;
- fiscal-year names: an answer that names another fiscal year than the reading's period does ("$612.8 million
  for fiscal 2024" for the first half of fiscal 2025) has a year conflict even where the calendar years overlap
  (graded like any year conflict: a match flagged `year_label_conflict` at full precision, else wrong).

LLM judge (role `judge`, optional): asked for {"verdict_intended": correct|incorrect,
"verdict_default": correct|incorrect}; a reply that does not parse (after one retry) or a failed judge
call leaves the instance unscored by the judge, with the reason — never "wrong". The verdict is stored
in the transcript (`info["judge"]`), so re-scoring needs no model call.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from finprobe.benchmarks.ambiguity._propositions import metric_mentions, read_facts
from finprobe.benchmarks.ambiguity._text import normalise
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance, Interpretation
from finprobe.core.benchmark import RoleModel
from finprobe.core.judge import judge_json
from finprobe.core.numbers import (
    MagnitudeMatch,
    OtherFigure,
    classify_numbers,
    extract_years,
    fiscal_year_aliases,
    fiscal_year_mentions,
    magnitude_match,
    parse_number,
    same_figure,
)
from finprobe.core.schema import Message

__all__ = ["Grade", "HEDGE_RULES", "JUDGE_FIELDS", "grade_answer", "judge_messages", "labelled_readings", "run_judge"]

JUDGE_FIELDS: dict[str, list[Any]] = {"verdict_intended": ["correct", "incorrect"],
                                      "verdict_default": ["correct", "incorrect"]}


class Grade(BaseModel):
    """The deterministic verdicts on one final answer (None values: nothing to grade)."""

    answered: bool  # the episode ended with an accepted answer action
    verdict_intended: str  # magnitude_match verdict vs A: match | mismatch | no_answer | hedge | year_mismatch
    verdict_default: str | None  # the same vs A_d (None when the instance has no A_d)
    correct: bool
    default_captured: bool
    #: the answer was given but states no value ("please specify the period")
    non_committal: bool
    candidate: float | None = None
    reason_intended: str = ""
    reason_default: str = ""
    #: the verdict against A is a hedge (two values, or both readings' values stated)
    hedge: bool = False
    #: the answer states both A and A_d (a hedge however each value is labelled)
    hedge_both_readings: bool = False
    #: a match whose only conflict is a year label (see the module docstring)
    year_label_conflict: bool = False
    #: both readings' values stated, each labelled: "intended" when A's label names the intended reading (and
    #: A_d's does not), "default" the other way round, None otherwise (see the module docstring)
    labelled_readings: str | None = None
    #: the hedge rule the verdicts follow: "strict" or "labelled"
    hedge_rule: str = "strict"


_COMPARISON_BASE = re.compile(r"(?i)\s(?:vs\.?|versus|compared (?:with|to)|against|over)\s.*$|(?:相比|较|对比).*$")


def _period_years(interp: Interpretation) -> set[int]:
    """Years of the reading's period, fiscal-year names included; the base period of a comparison
    ("fiscal year 2023 vs fiscal year 2022") is not the reading's period."""
    period = interp.get("period")
    if not period:
        return set()
    own = _COMPARISON_BASE.sub("", period)
    return extract_years(own) | fiscal_year_aliases(own)


def _period_fiscal_years(interp: Interpretation) -> set[int]:
    """The fiscal-year names of the reading's period ("first half of fiscal 2025" -> {2025}); a year that ends
    in January or February may be named by either calendar year ("fiscal 2023, ended February 3, 2024")."""
    own = _COMPARISON_BASE.sub("", interp.get("period") or "")
    names = {y for _s, _e, y in fiscal_year_mentions(own)}
    if names:
        aliases = fiscal_year_aliases(own)
        names |= aliases | {y + 1 for y in aliases}
    return names


#: figures an answer may name beside the one asked for that are never that figure: the total of non-recurring
#: items, the minority's share, taxes, add-back items
_ITEM_FIGURES = re.compile(
    r"(?<![a-z])(?:non-?recurring (?:items|gains(?: and losses)?|charges)|one-?(?:time|off) (?:items|gains|charges)"
    r"|special items|(?:non-?controlling|minority) interests?|income tax(?:es)?(?: expense)?|stock-based compensation"
    r"|restructuring charges|impairment(?: charges?)?|government grants?)(?![a-z])"
    r"|非经常性损益(?:合计|总额|净额|金额)?|少数股东损益|政府补助|所得税费用|股份支付费用|资产减值损失")
#: a figure's name after these is what it excludes or includes, not the figure itself ("net income excluding
#: non-recurring items", "扣除非经常性损益后的净利润", "attributable to noncontrolling interests")
_MODIFIER_BEFORE = re.compile(r"(?:(?<![a-z])(?:excluding|excl\.?|ex-|including|incl\.?|before|after|net of|less|plus"
                              r"|without|with|attributable to|of which|from)\s+(?:the\s+|all\s+)?|扣除|剔除|不含|含|包括|扣非)\s*$")


#: words before "revenue" / 收入 that name the whole, a basis, a period or the reporting entity, not a component
_WHOLE_QUALIFIERS_EN = frozenset(
    """total net gross operating reported organic the of its their our his her this that consolidated group company
    companys annual quarterly fiscal full-year half-year year adjusted gaap recognised recognized overall entire
    whole combined aggregate sales revenue revenues turnover in for and as was were is are of to at on by with""".split())
_WHOLE_QUALIFIERS_ZH = re.compile(r"营业|营收|总|合计|全部|合并|公司|集团|本期|当期|报告期|全年|年度|季度|整体|全口径|所有")
_COMPONENT_HEAD_EN = re.compile(r"(?<![a-z])([a-z][a-z-]+)\s+(?:revenues?|sales)$")
_COMPONENT_HEAD_ZH = re.compile(r"([\u4e00-\u9fff]{2,4})收入$")


def _component_qualifier(label_norm: str, start: int, end: int) -> str | None:
    """The word that narrows a revenue figure's label to a part of revenue ("commission revenue", 佣金收入,
    "subscription sales"), or None: the head `label_norm[start:end]` is a bare revenue word and the word before it
    names no whole, basis, period or entity (`read_facts` finds nothing in it)."""
    head = label_norm[start:end]
    if head in ("收入",):
        m = _COMPONENT_HEAD_ZH.search(label_norm[max(0, start - 4):end])
        if m is None:
            return None
        word = re.split(r"[的为是按]", m.group(1))[-1]
        if len(word) < 2 or _WHOLE_QUALIFIERS_ZH.search(word):
            return None
    elif re.fullmatch(r"revenues?|sales", head):
        m = _COMPONENT_HEAD_EN.search(label_norm[max(0, start - 30):end])
        if m is None or m.group(1) in _WHOLE_QUALIFIERS_EN or m.group(1).endswith("'s"):
            return None
        word = m.group(1)
    else:
        return None
    facts = read_facts(word)
    if not facts.empty() or facts.metrics or re.search(r"\d", word):
        return None
    return word


def _other_figure(interp: Interpretation) -> OtherFigure | None:
    """A predicate: the label of an answer's figure names another figure than the reading's metric (its head
    noun, the last figure name not governed by "excluding", "including", 扣除 ...). None when the reading's
    metric names no known figure."""
    metric = interp.get("metric") or ""
    wanted = read_facts(metric).metrics
    if not wanted:
        return None
    norm_metric = normalise(metric)
    # an item the metric itself is ("non-recurring gains"), not one it excludes ("excluding non-recurring items")
    wanted_items = {m.group(0) for m in _ITEM_FIGURES.finditer(norm_metric)
                    if not _MODIFIER_BEFORE.search(norm_metric[max(0, m.start() - 24):m.start()])}
    # a reading that wants the whole of revenue ("营业收入", "total revenue"): a figure labelled as a part of it
    # ("代订业务佣金收入1,530.2万元", "commission revenue of $15.3 million") is another figure, unless the reading
    # itself names that part (its entity, basis or any other field)
    reading_text = normalise(" ".join(interp.values().values()))
    metric_whole = "revenue" in wanted and not any(
        _component_qualifier(norm_metric, s, e) for s, e, _m in metric_mentions(norm_metric))

    def other(label: str) -> bool:
        norm = normalise(label)
        names = [(s, e, m) for s, e, m in metric_mentions(norm)]
        names += [(m.start(), m.end(), "item:" + m.group(0)) for m in _ITEM_FIGURES.finditer(norm)
                  if not any(s <= m.start() < e for s, e, _ in metric_mentions(norm))]
        for s, e, kind in sorted(names, reverse=True):
            if _MODIFIER_BEFORE.search(norm[max(0, s - 24):s]):
                continue
            if kind.startswith("item:"):
                return kind[5:] not in wanted_items
            if kind == "revenue" and metric_whole:
                part = _component_qualifier(norm, s, e)
                core = re.sub(r"业务$|(?<=[a-z])(?:-based|-related)$", "", part or "") or part
                if core is not None and (core[-2:] if core[:1] > "\u4e00" else core) not in reading_text:
                    return True
            return kind not in wanted
        return False
    return other


_PER_SHARE = re.compile(r"(?i)per[- ]share|\beps\b|每股")


_RATE_OF_CHANGE = re.compile(r"(?i)growth|grew|change|increase|decrease|decline|增长|增速|增幅|变动|下降|降幅")


def _is_rate_of_change(interp: Interpretation) -> bool:
    return bool(_RATE_OF_CHANGE.search(interp.get("metric") or ""))


def _states_both(answer: str, a: str, a_d: str) -> bool:
    """The answer states A and A_d as figures of its own (comparison figures aside)."""
    ra, rd = parse_number(a), parse_number(a_d)
    if ra is None or rd is None:
        return False
    stated = [c.number for c in classify_numbers(answer)
              if c.role in ("candidate", "period", "per_unit", "share", "count", "operand", "other_metric")]
    return any(same_figure(n, ra) for n in stated) and any(same_figure(n, rd) for n in stated)


_LABEL_BOUNDARY = re.compile(r"[，,；;。\n]|(?<![a-z])(?:and|while|whereas|of which|but)(?![a-z])|其中|而|以及|和")
#: how far before a figure its label may start (a label is the clause that names the figure)
_LABEL_SPAN = 80


def _figure_labels(answer: str, figure: str) -> list[str]:
    """The labels of every statement of `figure` in `answer`: the clause before the number (back to the previous
    number or clause boundary) and a parenthesis right after it ("68.20亿元（含少数股东损益）")."""
    ref = parse_number(figure)
    if ref is None:
        return []
    stated = [c.number for c in classify_numbers(answer)
              if c.role in ("candidate", "period", "per_unit", "share", "count", "operand", "other_metric")]
    numbers = [c.number for c in classify_numbers(answer) if c.role != "label"]
    labels = []
    for n in stated:
        if not same_figure(n, ref):
            continue
        prev_end = max((m.end for m in numbers if m.end <= n.start), default=0)
        before = answer[max(prev_end, n.start - _LABEL_SPAN):n.start]
        cut = list(_LABEL_BOUNDARY.finditer(normalise(before)))
        if cut:
            before = before[cut[-1].end():]
        after = re.match(r"\s*[(（]([^()（）]{1,40})[)）]", answer[n.end:])
        labels.append(before + (" " + after.group(1) if after else ""))
    return labels


def _names_reading(label: str, mine: Interpretation, other: Interpretation) -> bool:
    """The label names `mine` where the two readings differ (a facet value, a year or a metric only `mine` has)
    and states nothing only `other` has."""
    facts = read_facts(label)
    a, b = read_facts(" ".join(mine.values().values())), read_facts(" ".join(other.values().values()))
    named = contradicted = False
    for facet, values in facts.facets.items():
        ours, theirs = a.facets.get(facet, set()), b.facets.get(facet, set())
        if ours == theirs:
            continue
        if values & (ours - theirs):
            named = True
        if values & (theirs - ours):
            contradicted = True
    pairs: list[tuple[set[Any], set[Any], set[Any]]] = [(set(a.years), set(b.years), set(facts.years)),
                                                         (set(a.metrics), set(b.metrics), set(facts.metrics))]
    for ours_, theirs_, values_ in pairs:
        if ours_ != theirs_ and values_:
            named = named or bool(values_ & (ours_ - theirs_))
            contradicted = contradicted or bool(values_ & (theirs_ - ours_))
    return named and not contradicted


def labelled_readings(instance: AmbiguityInstance, answer: str) -> str | None:
    """Which reading an answer that states both readings' values labels as its answer: "intended" when every
    statement of A is labelled with the intended reading and no statement of A_d is, "default" the other way
    round, None when the labels do not tell (see the module docstring)."""
    if instance.default_answer is None:
        return None
    intended, default = instance.intended_interpretation, instance.default_interpretation
    labels_a = _figure_labels(answer, instance.answer)
    labels_d = _figure_labels(answer, instance.default_answer)
    if not labels_a or not labels_d:
        return None
    if all(_names_reading(x, intended, default) for x in labels_a) and \
            not any(_names_reading(x, intended, default) for x in labels_d):
        return "intended"
    if all(_names_reading(x, default, intended) for x in labels_d) and \
            not any(_names_reading(x, default, intended) for x in labels_a):
        return "default"
    return None


def _match(answer: str, reference: str, interp: Interpretation) -> MagnitudeMatch:
    """`magnitude_match` against one reading: its period's years and fiscal-year names, its kind of figure."""
    return magnitude_match(answer, reference, reference_years=_period_years(interp),
                           reference_fiscal_years=_period_fiscal_years(interp),
                           rate_of_change=_is_rate_of_change(interp),
                           reference_per_share=bool(_PER_SHARE.search(interp.get("metric") or "")),
                           other_figure=_other_figure(interp))


HEDGE_RULES = ("strict", "labelled")


def grade_answer(instance: AmbiguityInstance, answer: str | None, *, answered: bool = True,
                 hedge_rule: str = "strict") -> Grade:
    """Grade `answer` (the answer action's value) against A and A_d. Deterministic; never raises.

    `hedge_rule`: "strict" (both readings' values stated is a hedge, wrong against both) or "labelled" (such an
    answer whose labels say which value is its answer is graded for that reading; see the module docstring)."""
    if hedge_rule not in HEDGE_RULES:
        raise ValueError(f"hedge_rule must be one of {', '.join(HEDGE_RULES)}, not {hedge_rule!r}")
    if not answered or answer is None:
        return Grade(answered=False, verdict_intended="no_answer",
                     verdict_default=None if instance.default_answer is None else "no_answer",
                     correct=False, default_captured=False, non_committal=False,
                     reason_intended="no final answer")
    vs_a = _match(answer, instance.answer, instance.intended_interpretation)
    vs_d = None if instance.default_answer is None else _match(answer, instance.default_answer,
                                                                instance.default_interpretation)
    verdict_a, reason_a = vs_a.verdict, vs_a.reason
    verdict_d, reason_d = (None, "") if vs_d is None else (vs_d.verdict, vs_d.reason)
    both = instance.default_answer is not None and _states_both(answer, instance.answer, instance.default_answer)
    labelled = labelled_readings(instance, answer) if both else None
    if both and hedge_rule == "labelled" and labelled is not None:
        which = "intended" if labelled == "intended" else "default"
        verdict_a, reason_a = ("match", "both readings stated; A labelled as the intended reading") if which == "intended" \
            else ("mismatch", "both readings stated; A_d labelled as the answer")
        verdict_d, reason_d = ("match", "both readings stated; A_d labelled as the answer") if which == "default" \
            else ("mismatch", "both readings stated; A labelled as the intended reading")
    elif both:
        verdict_a, reason_a = "hedge", "states both readings' values"
        verdict_d, reason_d = "hedge", "states both readings' values"
    correct = verdict_a == "match"
    default_captured = verdict_d == "match" and not correct
    return Grade(
        answered=True, verdict_intended=verdict_a, verdict_default=verdict_d,
        correct=correct, default_captured=default_captured, non_committal=verdict_a == "no_answer",
        candidate=vs_a.candidate, reason_intended=reason_a, reason_default=reason_d,
        hedge=verdict_a == "hedge", hedge_both_readings=both,
        year_label_conflict=correct and vs_a.year_label_conflict and not labelled,
        labelled_readings=labelled, hedge_rule=hedge_rule,
    )


# --------------------------------------------------------------------------- LLM judge
_JUDGE_SYSTEM = (
    "You grade a financial answer. Tolerance: +/-1% on the value after applying units and scale words "
    "(million, B, 亿, 万); currency notation may differ; a different fiscal year is incorrect; an answer "
    "giving two different values, or no value, is incorrect. Reply with one JSON object: "
    '{"verdict_intended": "correct"|"incorrect", "verdict_default": "correct"|"incorrect"}.'
)


def _reading(interp: Interpretation) -> str:
    return "; ".join(f"{k}: {v}" for k, v in interp.values().items()) or "-"


def judge_messages(instance: AmbiguityInstance, answer: str) -> list[Message]:
    """The judge's prompt: the question, both readings with their answers, and the answer to grade."""
    user = (
        f"Question: {instance.question}\n"
        f"Intended reading ({_reading(instance.intended_interpretation)}): {instance.answer}\n"
        f"Default reading ({_reading(instance.default_interpretation)}): {instance.default_answer or '-'}\n"
        f"Answer to grade: {answer}\n"
        "Is the answer correct for the intended reading? For the default reading?"
    )
    return [Message(role="system", content=_JUDGE_SYSTEM), Message(role="user", content=user)]


async def run_judge(model: RoleModel, instance: AmbiguityInstance, answer: str | None) -> dict[str, Any]:
    """Run the LLM judge on a final answer; the dict stored as `transcript.info["judge"]`.

    `ok` False: unscored by the judge (`reason` says why: no final answer, unparseable reply, failed call).
    """
    if answer is None:
        return {"ok": False, "reason": "no final answer to judge", "verdict_intended": None,
                "verdict_default": None, "raw": []}
    verdict = await judge_json(model, judge_messages(instance, answer), JUDGE_FIELDS)
    if not verdict.ok:
        return {"ok": False, "reason": verdict.reason, "verdict_intended": None, "verdict_default": None,
                "raw": verdict.raw}
    return {"ok": True, "reason": None, "raw": verdict.raw,
            "verdict_intended": verdict.data["verdict_intended"] == "correct",
            "verdict_default": verdict.data["verdict_default"] == "correct"}
