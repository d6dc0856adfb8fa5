"""Simulated users for the `interact` action: they answer only from the context C and the intended reading.

Yes/no simulators return a `SimReply` whose answer is exactly "yes", "no" or "I don't know":
- `DeterministicSimulator`: decides from the structured interpretations (no model);
- `LLMSimulator`: asks a model, strict parse, one retry, then "I don't know" with the failure logged;
- `NoisySimulator`: wraps another and flips yes/no with probability p (seeded).
`FreeFormSimulator` answers open questions with text (`FreeFormReply`).

Replies are parsed strictly (`parse_yes_no_reply`), never by substring search: "I don't know." is
"I don't know", never "no".
"""

from __future__ import annotations

import random
import re
import unicodedata
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from finprobe.benchmarks.ambiguity._calendar import same_bound
from finprobe.benchmarks.ambiguity._items import item_polarities, item_words, same_item
from finprobe.benchmarks.ambiguity._propositions import (
    Facts,
    clean_question,
    distribute_negation,
    drop_examples,
    is_example_sentence,
    is_off_intent,
    is_open_question,
    is_tag_statement,
    merge_specific_choices,
    negated_action,
    negated_statement,
    negations_as_exclusions,
    positive_form,
    question_focus,
    read_facts,
    split_alternatives,
    split_set_aside,
)
from finprobe.benchmarks.ambiguity._text import (
    CONCEPT_PREFIX,
    NEGATED_PREFIX,
    concept_tokens,
    is_decisive,
    normalise,
    polar_tokens,
)
from finprobe.benchmarks.ambiguity.instances import INTERPRETATION_FIELDS, AmbiguityInstance
from finprobe.core.numbers import fiscal_year_aliases
from finprobe.core.retrieval import tokenize
from finprobe.core.schema import Message, ModelCall

__all__ = [
    "DeterministicSimulator",
    "FreeFormReply",
    "FreeFormSimulator",
    "Generator",
    "LLMSimulator",
    "NoisySimulator",
    "SimReply",
    "YesNo",
    "ask_yes_no",
    "parse_yes_no_reply",
]

YesNo = Literal["yes", "no", "I don't know"]
YES: YesNo = "yes"
NO: YesNo = "no"
IDK: YesNo = "I don't know"


class SimReply(BaseModel):
    """A yes/no simulator's reply: the answer, which simulator produced it, and how it decided."""

    answer: YesNo
    method: str
    info: dict[str, Any] = Field(default_factory=dict)


class FreeFormReply(BaseModel):
    """A free-form simulator's reply to an open question."""

    text: str
    method: str
    info: dict[str, Any] = Field(default_factory=dict)


class Generator(Protocol):
    """What an LLM simulator needs of its model: the role's `generate`."""

    async def generate(self, messages: list[Message], **overrides: Any) -> ModelCall: ...


# --------------------------------------------------------------------------- strict reply parser
_QUOTES = "\"'`“”‘’「」『』«»"
_TRAILING = ".!?。！？,，;；:：…~～ \t\r\n"
_REPLIES: dict[str, YesNo] = {
    "yes": YES, "no": NO, "i don't know": IDK,
    "是": YES, "否": NO, "不知道": IDK,
}


def parse_yes_no_reply(text: Any) -> YesNo | None:
    """"yes" / "no" / "I don't know" when `text` is exactly one of them, else None. Never raises.

    Surrounding whitespace and quotes and trailing punctuation are removed, case is ignored, a curly
    apostrophe counts as a straight one; 是 / 否 / 不知道 are accepted too. Nothing else is: no substring
    search, so "I don't know." is "I don't know" and "No idea" or "yes and no" are None.
    """
    if not isinstance(text, str):
        return None
    s = unicodedata.normalize("NFKC", text).replace("’", "'").replace("‘", "'")
    prev = None
    while s != prev:
        prev = s
        s = s.strip().strip(_QUOTES).rstrip(_TRAILING)
    return _REPLIES.get(s.lower())


async def ask_yes_no(model: Generator, messages: list[Message], retry: str, method: str) -> SimReply:
    """A model's yes / no / I don't know, parsed strictly (`parse_yes_no_reply`). An unparseable reply is
    retried once with `retry` appended; a second one is answered "I don't know" with `info["parse_failure"]`.
    Model errors propagate (the runner records them)."""
    raw: list[str | None] = []
    for attempt in (1, 2):
        call = await model.generate(messages)
        raw.append(call.output)
        parsed = parse_yes_no_reply(call.output or "")
        if parsed is not None:
            return SimReply(answer=parsed, method=method, info={"raw": raw, "attempts": attempt})
        messages = [*messages, Message(role="assistant", content=call.output or ""), Message(role="user", content=retry)]
    return SimReply(answer=IDK, method=method, info={"raw": raw, "attempts": 2, "parse_failure": True})


# --------------------------------------------------------------------------- deterministic
#: period types that can stand together (a balance-sheet date is compatible with any period ending there)
_COMPATIBLE_PERIODS = {("point", "annual"), ("annual", "point"), ("point", "quarter"), ("point", "q4"),
                       ("quarter", "q1"), ("quarter", "q2"), ("quarter", "q3"), ("quarter", "q4"),
                       ("q1", "quarter"), ("q2", "quarter"), ("q3", "quarter"), ("q4", "quarter")}


class _Judgement:
    """Propositions of one question (or one alternative of a choice) judged against what the user knows."""

    def __init__(self) -> None:
        self.affirmed: list[str] = []
        self.contradicted: list[str] = []
        self.unsettled: list[str] = []

    def verdict(self) -> YesNo:
        if self.contradicted:
            return NO
        if self.affirmed and not self.unsettled:
            return YES
        return IDK

    def as_info(self) -> dict[str, list[str]]:
        return {"affirmed": self.affirmed, "contradicted": self.contradicted, "unsettled": self.unsettled}


class DeterministicSimulator:
    """Answers a yes/no question from everything C and the intended interpretation settle (no model involved).

    The question is read as a set of propositions (`_propositions.read_facts`): entity (the company, a
    ticker, a named segment, consolidated / parent-only / continuing operations, the parent's share vs.
    minority interests), period (years, fiscal-year names, period type: annual, quarter, YTD, TTM, half
    year, a balance-sheet date; "the most recent"), metric family, basis (GAAP vs. adjusted, recurring vs.
    non-recurring items, basic vs. diluted, gross vs. net, point in time vs. over time, organic vs.
    reported) and vintage (original vs. restated/amended). Each is judged against the facts of the
    intended interpretation, its distinctive attributes and the context C:

    - affirmed when the user's facts state the same value; contradicted when they state another one
      (another year, another period type, the other scope or basis, another metric); a value the intended
      reading does not state but the default reading does marks the default ("consolidated" when the
      default is "consolidated, including minority interests"), unless the question also affirms what
      distinguishes the two readings on that field ("consolidated net income attributable to
      shareholders"); otherwise unsettled;
    - the older token rule still runs over the fields on which the two readings differ (values named by
      the instance that no facet covers, e.g. "the hardware unit"): naming only the intended value
      affirms, naming only the default value contradicts. Exclusion cues ("excluding", "net of", 剔除,
      不计入 ...) are scoped (`_text.polar_tokens`).

    Answer: "no" when any proposition is contradicted (one is enough); "yes" when some are affirmed and
    none is unsettled; "I don't know" otherwise — and always for a question that is not a yes/no question
    ("Which year?", "哪个口径？"), a request about the agent's own process ("May I search again?"), a
    choice between readings unless every alternative is contradicted ("GAAP or adjusted?"), and a
    negated question about a distinctive value ("Not the segment figure?"), to which yes and no are
    ambiguous. A negated statement put for confirmation ("Minority interests shouldn't be counted,
    right?") is read as an exclusion. Markdown and yes/no wrappers ("(please answer yes or no)") are
    ignored; a question in either language is judged on an instance in either language.

    What is judged is the question itself (`_propositions.question_focus`): findings put before it ("The
    10-K shows basic EPS of $2.87 and diluted EPS of $2.41. …", a markdown list of both figures) are not
    propositions put to the user; a question that only points back ("Would that be what you need?") is
    judged with the sentence before it. An English negative question ("Isn't it the diluted figure?",
    "Don't you want the full-year figure?") is answered as its positive (`positive_form`). Besides the
    facets, the question is checked for what it sets aside ("rather than the 2023 annual figure", "not the
    latest one", "而不是…全年数"), "the prior fiscal year" when C says "the latest", an annualized figure, a
    growth rate of a level metric, the whole of a metric the user wants a part of ("total company revenue",
    全部营业收入), and a subsidiary or joint venture taken on its own. A question about how the agent gets
    the figure ("Should I calculate EBITDA myself from the income statement?", 我需要先去年报里查…吗) is
    a process question: "I don't know".

    C's own exclusions are propositions too (`_items`): a question that counts in a component C leaves out
    ("Should the franchise business be included?" when C says it "shouldn't be in it", 设备交付时确认的收入需要
    包含在内吗 when C says 不要算进来) is contradicted, one that leaves it out is affirmed. A period is judged by its
    start and end where both sides state them (`_calendar`: "the six months ended June 30, 2024" is not the six
    months ended December 31; "July 1 to December 31, 2024" is a span, not a balance-sheet date); statements
    about the fiscal calendar ("Does the fiscal year begin on July 1?") are judged against what C says, and a
    Chinese filing's fiscal year is the calendar year. A question that negates the agent's own action ("Should
    I not limit this to X?", 我是不是不应该…) or a negated statement put for confirmation ("You're not looking
    for X, right?") gets the positive question's answer reversed.

    Read as real models ask (fitted to the real-question sets, see data/labelled/README.md): "a specific quarter or
    year", "a specific time period or event", 特定年份或季度 ask whether the user has one period in mind, and the
    examples given of such a period ("(e.g., 2022, 2021)", "such as the most recent year") illustrate it; an "or"
    inside examples of anything else is no choice, and a choice whose common part is contradicted is a "no". An
    offer of figures the user does not want ("Is it okay if I provide both the FY2025 and the TTM revenue?") is
    declined; an offer of both readings stays "I don't know". A question cut off mid-sentence is never a "yes".

    Known limits: propositions are found by a bilingual lexicon and clause-scoped cues, so paraphrases
    the lexicon lacks are not seen (they leave the answer "I don't know" rather than wrong, unless a
    recognised proposition is contradicted); C itself is read for "the most recent" and for items it
    leaves out, the other facts come from the interpretation fields and distinctive attributes.
    """

    method = "deterministic"

    def __init__(self, instance: AmbiguityInstance, *, threshold: float = 0.5):
        if not 0.0 < threshold <= 1.0:
            raise ValueError("threshold must be in (0, 1]")
        self.instance = instance
        self.threshold = threshold
        background: set[str] = set()
        # the company, and the words of the user's own question ("AT&T's operating income"): repeating them names
        # neither reading
        for name in (instance.company, instance.ticker, instance.question):
            if name:
                background |= {t for t in concept_tokens(name) if not t.startswith(CONCEPT_PREFIX)}
        background |= {NEGATED_PREFIX + t for t in background}
        self._background = background
        iv, dv = instance.intended_interpretation.values(), instance.default_interpretation.values()
        order = [f for f in INTERPRETATION_FIELDS if f in iv or f in dv]
        order += [f for f in list(iv) + list(dv) if f not in order]
        self.fields: list[tuple[str, set[str], set[str]]] = []
        all_default: set[str] = set()
        for field in dict.fromkeys(order):
            t_int = self._value_tokens(iv.get(field, ""))
            t_def = self._value_tokens(dv.get(field, ""))
            all_default |= t_def
            if t_int != t_def:
                self.fields.append((field, t_int, t_def))
        self.attributes: list[tuple[str, set[str]]] = []
        for phrase in instance.distinctive_attributes:
            # an attribute phrased as an exclusion ("excluding the Consumer segment") keeps its tokens
            # marked, so it is hit only by a question that excludes the same thing
            s = self._value_tokens(phrase) - all_default
            if s:
                self.attributes.append((phrase, s))
        self._relevant: set[str] = set()
        for _f, ti, td in self.fields:
            self._relevant |= ti ^ td
        for _p, s in self.attributes:
            self._relevant |= s
        self._relevant = {t.removeprefix(NEGATED_PREFIX) for t in self._relevant}
        self._init_facts(iv, dv)

    # ------------------------------------------------------------------ facts of the two readings
    def _init_facts(self, iv: dict[str, str], dv: dict[str, str]) -> None:
        inst = self.instance
        self.field_facts = {f: read_facts(v) for f, v in iv.items()}
        self.default_field_facts = {f: read_facts(v) for f, v in dv.items()}
        known = Facts()
        for facts in self.field_facts.values():
            _merge(known, facts)
        default_values = {(f, v) for facts in self.default_field_facts.values() for f, vs in facts.facets.items()
                          for v in vs}
        for attribute in inst.distinctive_attributes:
            # the release lists a distinctive attribute as "intended vs. default", or each reading's as an item of
            # its own ("security class: common stock"): what describes the default reading is not the user's
            facts = read_facts(_intended_side(attribute))
            if not any((f, v) in default_values and v not in known.facets.get(f, set())
                       for f, vs in facts.facets.items() for v in vs):
                _merge(known, facts)
        context = read_facts(inst.context)
        # C settles what it states plainly about facets the interpretation leaves open, and "the latest"
        for facet, values in context.facets.items():
            if facet not in known.facets and len(values) == 1:
                for v in values:
                    known.add(facet, v, (facet, v) in context.weak)
        known.latest = known.latest or context.latest
        # a comparison with other companies, a period named by an event: only where C or the reading speaks of them
        known.peers = context.peers or any(f.peers for f in self.field_facts.values())
        known.event_period = context.event_period or any(f.event_period for f in self.field_facts.values())
        period = self.field_facts.get("period") or Facts()
        known.years, known.fiscal_years, known.periods = period.years, period.fiscal_years, set(period.periods)
        known.latest = known.latest or period.latest
        self.user_metrics = _user_metrics(iv, context)
        self.early_year_end = bool(fiscal_year_aliases(iv.get("period", ""))) or any(
            m in (2, 3) for m in _iso_year_start(iv.get("period", "")))
        known.periods = _user_periods(known.periods, period, context, self.user_metrics)
        # a filing's figures are reported figures: guidance, forecasts and analysts' estimates are other figures
        known.facets.setdefault("source", {"reported"})
        # where the user's period starts and ends: the intended period, else the span C names
        bounded = period if period.starts or period.ends else context
        known.starts, known.ends = list(bounded.starts), list(bounded.ends)
        # the company's fiscal calendar: what C or the intended reading says; a Chinese filing's fiscal year is
        # the calendar year (会计年度自公历1月1日起至12月31日止), so there "fiscal" and "calendar" year coincide
        stated = [f.fy_start_implied for f in (context, *self.field_facts.values()) if f.fy_start_implied]
        stated += _iso_year_start(" ".join([inst.context, iv.get("period", "")]))
        known.fy_start = stated[0] if stated else (1 if inst.language == "zh" else None)
        if known.fy_start == 1 and "calendar" not in known.facets:
            known.facets["calendar"] = {"fiscal", "calendar"}
        elif known.fy_start is not None and "calendar" not in known.facets:
            known.facets["calendar"] = {"fiscal"}  # a year ending January 31 is no calendar year
        timing = known.facets.get("timing", set())
        if {"pit", "over_time"} <= timing:
            timing.add("combined")  # revenue recognised at a point in time and over time: the whole of it
        self.known = known
        # components C leaves out of the figure ("the franchise business shouldn't be in it", 不要算进来)
        background = frozenset(t for name in (inst.company, inst.ticker) if name for t in tokenize(name))
        self._item_background = background
        self.context_exclusions = [w for w, pol in item_polarities(inst.context, background) if pol == "excl"]
        default = Facts()
        for facts in self.default_field_facts.values():
            _merge(default, facts)
        self.default = default
        # per field: the facets on which the readings differ (what "affirms the distinction" means)
        self.distinguishing: dict[str, set[str]] = {}
        for f in set(self.field_facts) | set(self.default_field_facts):
            a, b = self.field_facts.get(f, Facts()).facets, self.default_field_facts.get(f, Facts()).facets
            self.distinguishing[f] = {k for k in set(a) & set(b) if a[k] != b[k]}
        self.entity_words = {t for t in concept_tokens(iv.get("entity", "")) if not t.startswith(CONCEPT_PREFIX)}
        self.company_names = _company_names(inst.company)
        # the release's Chinese companies are listed A-share companies (SSE 50 / CSI 300 annual reports)
        self.listed = inst.language == "zh" or bool(re.search(r"上市公司|listed", inst.context + iv.get("entity", "")))
        self.ticker = (inst.ticker or "").split("-")[0].lower() or None
        self.metric_qualified = bool(_metric_qualifier(iv.get("metric", "")))

    # ------------------------------------------------------------------ the older token rule
    def _value_tokens(self, text: str) -> set[str]:
        pt = polar_tokens(text)
        return (pt.marked() | {NEGATED_PREFIX + t for t in pt.polar}) - self._background

    def _hit(self, q: set[str], s: set[str]) -> bool:
        common = q & s
        if not common:
            return False
        return len(common) / len(s) >= self.threshold or any(is_decisive(t) for t in common)

    def _excludes(self, negated: set[str], mine: set[str], other: set[str]) -> bool:
        """The question excludes what only `other` says (so it points at `mine`)."""
        only_other = {t for t in other - mine if not t.startswith(NEGATED_PREFIX)}
        return bool(only_other) and self._hit(negated, only_other)

    def _proposes(self, q: set[str], mine: set[str], other: set[str]) -> bool:
        """The question names what only `mine` says. A value whose words the other reading's value contains too
        ("Operating revenues" beside "Total operating revenues") is named by neither reading's words alone."""
        only_mine = mine - other
        return bool(only_mine) and self._hit(q, only_mine)

    def _token_rule(self, text: str) -> dict[str, Any]:
        pt = polar_tokens(text)
        q, negated = pt.marked() - self._background, pt.negated - self._background
        intended = [f for f, ti, td in self.fields
                    if self._proposes(q, ti, td) or self._excludes(negated, ti, td)]
        default = [f for f, ti, td in self.fields
                   if self._proposes(q, td, ti) or self._excludes(negated, td, ti)]
        attrs = [p for p, s in self.attributes if self._hit(q, s)]
        excluded_attrs = [p for p, s in self.attributes
                          if self._hit(negated, {t for t in s if not t.startswith(NEGATED_PREFIX)})]
        return {"intended_fields": intended, "default_fields": default, "attributes": attrs,
                "excluded_attributes": excluded_attrs, "negated_tokens": sorted(negated),
                "polar_tokens": sorted(pt.polar & self._relevant)}

    # ------------------------------------------------------------------ propositions
    def _judge(self, text: str) -> tuple[_Judgement, dict[str, Any]]:
        j = _Judgement()
        qf = read_facts(text)
        k, d = self.known, self.default
        affirmed_facets: set[str] = set()
        self._judge_investee(qf, j)
        if _PARENT_ONLY.search(text) and "parent" in k.facets.get("attribution", set()) \
                and "parent_only" not in k.facets.get("scope", set()):
            # 归属于母公司股东 is the parent's shareholders' share of the consolidated figure, not the parent company's
            # own statements (母公司单体报表)
            j.contradicted.append("scope=parent_only (the parent's own statements, not its shareholders' share)")
        for facet, values in qf.facets.items():
            weak = qf.is_weak(facet)
            if facet in k.facets and not (k.is_weak(facet) and weak):
                bad = values - k.facets[facet]
                if facet == "scope" and "segment" in values and "segment" in k.facets[facet]:
                    bad.discard("segment")
                if bad:
                    j.contradicted.append(f"{facet}={','.join(sorted(bad))}")
                else:
                    j.affirmed.append(f"{facet}={','.join(sorted(values))}")
                    affirmed_facets.add(facet)
            elif facet in d.facets and values <= d.facets[facet]:
                j.contradicted.append(f"{facet}={','.join(sorted(values))} (default reading)")
            elif facet == "calendar":
                # "for a specific fiscal year", "the most recent fiscal year": how the company names its years is no
                # proposition about the figure unless the user's reading sets fiscal against calendar years
                continue
            elif not weak:
                j.unsettled.append(f"{facet}={','.join(sorted(values))}")
        # a default-marked value is neutral when the question affirms what distinguishes the readings there
        if affirmed_facets:
            for f, facets in self.distinguishing.items():
                if facets & affirmed_facets:
                    own = set(self.default_field_facts.get(f, Facts()).facets)
                    j.contradicted = [c for c in j.contradicted
                                      if not (c.endswith("(default reading)") and c.split("=")[0] in own)]
        self._judge_segments(qf, j)
        self._judge_period(qf, j)
        self._judge_bounds(qf, j)
        self._judge_metric(qf, j)
        self._judge_filing(qf, j)
        self._judge_company(text, j)
        if _THRESHOLD.search(text):
            # "净利润是否达到某个特定金额", "did revenue exceed a certain threshold": the user wants the figure, and whether
            # it passes an amount the question does not give is nothing C settles
            j.unsettled.append("whether the figure reaches an amount")
        if qf.peers and not self.known.peers:
            j.contradicted.append("a comparison with other companies, not the company's own figure")
        tokens = self._token_rule(text)
        decided = {f for f, facets in self.distinguishing.items() if facets & set(qf.facets)}
        for f in tokens["intended_fields"]:
            j.affirmed.append(f"{f} (named)")
        for f in tokens["default_fields"]:
            if f not in decided and f not in tokens["intended_fields"] and not (f == "period" and qf.years):
                j.contradicted.append(f"{f} (names the default reading)")
        j.affirmed += [f"attribute {a!r}" for a in tokens["attributes"]]
        j.contradicted += [f"excludes {a!r}" for a in tokens["excluded_attributes"]]
        self._judge_context_exclusions(text, j)
        self._judge_context_items(text, j)
        return j, tokens

    def _judge_investee(self, qf: Facts, j: _Judgement) -> None:
        """"The joint venture on its own", "子公司单独": a part of the group taken alone is another reporting
        entity than the company, its shareholders' share or its segment (unless the user's entity is one)."""
        scope = qf.facets.get("scope", set())
        if "investee" not in scope:
            return
        scope.discard("investee")
        if not scope:
            del qf.facets["scope"]
        entity = self.instance.intended_interpretation.get("entity") or ""
        if "investee" in read_facts(entity).facets.get("scope", set()) or re.search(
                r"(?i)joint venture|\bjv\b|subsidiar|associate|affiliate|合营|联营|合资|子公司", entity):
            j.affirmed.append("scope=investee")
        elif entity or self.known.facets.get("scope") or self.known.facets.get("attribution"):
            j.contradicted.append("scope=investee (a part of the group on its own)")

    def _judge_segments(self, qf: Facts, j: _Judgement) -> None:
        if "segment" not in qf.facets.get("scope", set()) or not qf.segment_names:
            return
        for names in qf.segment_names:
            if names & self.entity_words:
                j.affirmed.append(f"segment {' '.join(sorted(names))}")
            elif "segment" in self.known.facets.get("scope", set()):
                j.contradicted.append(f"segment {' '.join(sorted(names))} (another segment)")

    def _judge_period(self, qf: Facts, j: _Judgement) -> None:
        k = self.known
        if qf.years:
            if not k.years:
                j.unsettled.append(f"year {sorted(qf.years)}")
            elif qf.fiscal_years and k.fiscal_years:
                (j.affirmed if qf.fiscal_years & k.fiscal_years else j.contradicted).append(
                    f"fiscal year {sorted(qf.fiscal_years)}")
            elif self.early_year_end and k.fiscal_years and not qf.years & k.fiscal_years:
                # "net sales for the year 2022" when the user's year is the one the company labels 2021 (ended January
                # 30, 2022): a bare year names the company's label, so the other reading's label is another year
                other = (self.default_field_facts.get("period") or Facts()).fiscal_years
                (j.contradicted if qf.years & other or not qf.years & k.years else j.unsettled).append(
                    f"year {sorted(qf.years)} (the company labels the user's year {sorted(k.fiscal_years)})")
            elif self.early_year_end and not k.fiscal_years and qf.years & (k.years | {max(k.years) - 1}):
                # a fiscal year ending in January or February: "2024" may name the year it starts in (retailers'
                # "fiscal 2023, ended February 3, 2024") or the one it ends in (FY2025 ended January 31, 2025)
                j.unsettled.append(f"year {sorted(qf.years)} (a fiscal year ending early in the calendar year)")
            elif qf.years & k.years:
                j.affirmed.append(f"year {sorted(qf.years & k.years)}")
            else:
                j.contradicted.append(f"year {sorted(qf.years)}")
        if qf.periods:
            if not k.periods and "multi_year" in qf.periods:
                # every reading of a FinInteract question is one period: several years taken together are none of them
                j.contradicted.append("period ['multi_year'] (several years, not one period)")
            elif not k.periods:
                j.unsettled.append(f"period {sorted(qf.periods)}")
            else:
                bad = {p for p in qf.periods if p not in k.periods and not any(
                    (p, kp) in _COMPATIBLE_PERIODS for kp in k.periods)}
                if bad:
                    j.contradicted.append(f"period {sorted(bad)}")
                else:
                    j.affirmed.append(f"period {sorted(qf.periods)}")
        if qf.latest:
            if k.latest:
                j.affirmed.append("the most recent period")
            elif qf.years and k.years and qf.years <= k.years:
                # "the latest complete year (e.g. the 2023 annual report)": a year that is the user's pins the
                # period; whether it is also the latest one does not change what the user wants
                j.affirmed.append("the user's year pins 'the most recent' (example year)")
            else:
                j.unsettled.append("the most recent period")
        if qf.specific_period and not qf.years:
            if k.years or k.fiscal_years:
                j.affirmed.append("a specific period (the user's names its year)")
            else:
                j.unsettled.append("a specific period")
        # what the question sets aside: a year ("rather than the 2023 annual figure"), "not the latest one"
        if qf.excluded_years & k.years and not qf.years & k.years:
            j.contradicted.append(f"sets aside the user's year {sorted(qf.excluded_years & k.years)}")
        if (qf.not_latest or qf.prior) and k.latest:
            j.contradicted.append("not the most recent period")
        elif qf.prior or (qf.not_latest and qf.past):
            # "a specific past fiscal year (not the most recent)": whether the user's year is the latest is unsettled
            j.unsettled.append("not the most recent period")
        if qf.event_period and not k.event_period:
            j.unsettled.append("a period named by an event")
        if qf.historical and not qf.specific_period and not qf.years:
            j.unsettled.append("historical figures")
        if qf.annualized and k.periods and not re.search(r"(?i)annuali[sz]|年化",
                                                          self.instance.intended_interpretation.get("period") or ""):
            j.contradicted.append("an annualized figure, not the period itself")

    def _judge_bounds(self, qf: Facts, j: _Judgement) -> None:
        """Where the period starts and ends ("the six months ended June 30, 2024" is not the six months ended
        December 31), and when the fiscal year starts ("Does the fiscal year begin on July 1?")."""
        k = self.known
        for mine, theirs, what in ((qf.starts, k.starts, "starts"), (qf.ends, k.ends, "ends")):
            if mine and theirs:
                if all(any(same_bound(a, b) for b in theirs) for a in mine):
                    j.affirmed.append(f"period {what} {mine}")
                else:
                    j.contradicted.append(f"period {what} {mine}")
        for start, end in qf.excluded_bounds:
            checks = [(b, theirs) for b, theirs in ((start, k.starts), (end, k.ends)) if b is not None and theirs]
            if checks and all(any(same_bound(b, t) for t in theirs) for b, theirs in checks):
                j.contradicted.append("sets aside the user's period")
        if qf.fy_start is not None:
            if k.fy_start is None:
                j.unsettled.append(f"fiscal year starts in month {qf.fy_start}")
            elif qf.fy_start == k.fy_start:
                j.affirmed.append(f"fiscal year starts in month {qf.fy_start}")
            else:
                j.contradicted.append(f"fiscal year starts in month {qf.fy_start}")

    def _judge_filing(self, qf: Facts, j: _Judgement) -> None:
        """A filing named as the source ("the 2023 annual report"): the reading whose vintage names it."""
        if not qf.filing_years:
            return
        mine = self.field_facts.get("vintage")
        other = self.default_field_facts.get("vintage")
        if mine is not None and qf.filing_years & mine.filing_years:
            j.affirmed.append(f"filing {sorted(qf.filing_years)}")
        elif other is not None and qf.filing_years & other.filing_years:
            j.contradicted.append(f"filing {sorted(qf.filing_years)} (default reading)")

    def _judge_metric(self, qf: Facts, j: _Judgement) -> None:
        intended = self.field_facts.get("metric")
        metric_text = self.instance.intended_interpretation.get("metric") or ""
        if qf.growth and metric_text and not (intended is not None and intended.growth) \
                and not {"change", "organic"} & set(self.known.facets):
            j.contradicted.append("a growth rate or change, not the level of the metric")
        if qf.total_metric and not qf.metrics and self.metric_qualified:
            j.contradicted.append("the total of the metric, not the part asked for")
        wanted = self.user_metrics
        if not qf.metrics or not wanted:
            return
        if qf.metrics & wanted:
            j.affirmed.append(f"metric {sorted(qf.metrics & wanted)}")
            if qf.total_metric and self.metric_qualified:
                j.contradicted.append("the total of the metric, not the part asked for")
        elif not ({"revenue"} >= qf.metrics and "eps" in wanted):
            j.contradicted.append(f"metric {sorted(qf.metrics)}")

    def _judge_company(self, text: str, j: _Judgement) -> None:
        norm = normalise(text)
        if self.listed and re.search(r"上市公司(?!股东)|a股公司|(?:a|h)股上市", norm):
            j.affirmed.append("the company (the listed company)")
        if any(name in norm for name in self.company_names) or (
                self.ticker and re.search(rf"(?<![a-z0-9]){re.escape(self.ticker)}(?![a-z0-9])", norm)):
            j.affirmed.append("the company")
        # "您说的“同花顺”是指扑克牌中的牌型吗": the company's name taken as something that is no company
        if any(name in norm for name in self.company_names) and _NOT_A_COMPANY.search(norm):
            j.contradicted.append("the name as something other than the company")
        # "GE HealthCare", "GE Vernova": the ticker and another name are another company
        if self.ticker:
            own = set(tokenize(self.instance.company or ""))
            for m in re.finditer(rf"(?<![A-Za-z0-9]){re.escape(self.ticker.upper())}\s+([A-Z][A-Za-z]+)", text):
                word = m.group(1).lower()
                facts = read_facts(word)
                if word not in own and word not in _AFTER_A_NAME and facts.empty() and not facts.metrics:
                    j.contradicted.append(f"another company ({m.group(0)})")
        # "Acme Holdings (ACME)": a ticker after a capitalised name; another company's ticker contradicts
        for other in re.findall(r"[A-Z][\w&.'-]+\s*[(（]\s*([A-Z]{2,5})\s*[)）]", text):
            if self.ticker and other.lower() != self.ticker and other not in _ACRONYMS:
                j.contradicted.append(f"ticker {other}")

    def _judge_context_exclusions(self, text: str, j: _Judgement) -> None:
        """An item C leaves out ("the gain on the warehouse sale") that the question counts in."""
        excluded = polar_tokens(self.instance.context).negated - self._background - _WEAK_TOKENS
        if not excluded:
            return
        norm = normalise(text)
        m = re.search(r"(?<![a-z])(?:including|include|includes|included|with|counting)(?![a-z])(.*)", norm)
        if m is None:
            return
        counted = {t for t in concept_tokens(m.group(1)) if not t.startswith(CONCEPT_PREFIX)} - _WEAK_TOKENS
        if counted & excluded:
            j.contradicted.append(f"counts what C leaves out: {sorted(counted & excluded)}")

    def _judge_context_items(self, text: str, j: _Judgement) -> None:
        """A component C leaves out that the question counts in (a contradiction) or also leaves out (an
        affirmation): "Should the franchise business be included?", "需要剔除设备交付时确认的收入吗"."""
        for words, pol in item_polarities(text, self._item_background):
            for excluded in self.context_exclusions:
                if same_item(words, excluded):
                    which = " ".join(sorted(words & excluded))
                    if pol == "incl":
                        j.contradicted.append(f"counts in what C leaves out: {which}")
                    else:
                        j.affirmed.append(f"leaves out what C leaves out: {which}")
                    break

    # ------------------------------------------------------------------ decide
    def decide(self, question: str) -> SimReply:
        focus, referent = question_focus(question)
        # examples of "a specific period" illustrate it and "a specific quarter or year" is one proposition (the user
        # has one period in mind), as the real-question labellers read them
        text = distribute_negation(merge_specific_choices(drop_examples(positive_form(clean_question(focus)))))
        positive = negated_action(text) or negated_statement(text)
        if positive is not None:
            # "Should I not limit this to X?" proposes not doing it, "You're not looking for X, right?" states
            # that X is not wanted: the positive question's answer, reversed
            reply = self.decide(positive)
            flipped = {YES: NO, NO: YES}.get(reply.answer, reply.answer)
            return self._reply(flipped, "a negated action: the positive question's answer reversed",
                               {**reply.info, "rule_positive": reply.info.get("rule"), "question": text,
                                "positive": positive})
        info: dict[str, Any] = {"question": text}
        if referent is not None:
            # a question that only points back ("Would that be what you need?") is about the sentence before it
            alone, _ = self._judge(text)
            if not (alone.affirmed or alone.contradicted or alone.unsettled) and not is_open_question(text):
                text = positive_form(clean_question(f"{referent} {focus}"))
                info.update(question=text, referent=True)
        if is_off_intent(text):
            if _DELIVERY_OFFER.search(text) and not _CHOICE_IN_PARENS.search(text) and not _OFFERS_A_CHOICE.search(text):
                # "Is it okay if I provide both the FY2025 and the TTM revenue?", 您是否希望我提供过去五个会计年度的净利润:
                # an offer of figures the user does not want is declined; an offer of both readings ("Should I give both
                # the original and the recast numbers?") includes the user's and stays a question about the agent
                parts = [p for p in _BOTH_PARTS.split(text) if p.strip()] if _BOTH.search(text) else [text]
                offered = [self._judge(p)[0] for p in parts]
                if all(o.contradicted for o in offered):
                    info.update(offered[0].as_info())
                    return self._reply(NO, "an offer of a figure the user does not want", info)
            return self._reply(IDK, "a request about the agent's process, not the user's intent", info)
        sentences = [s for s in re.split(r"(?<=[?？])\s*", text) if s.strip()] or [text]
        open_sentences = [s for s in sentences if is_open_question(s)]
        # "您能明确告诉我具体年份吗？例如，2020年或2021年？": examples of what an open question asks for are part of it
        yes_no = [s for s in sentences if s not in open_sentences
                  and not (open_sentences and is_example_sentence(s))]
        if not yes_no:
            return self._reply(IDK, "not a yes/no question", info)
        text = " ".join(yes_no)
        if is_tag_statement(text):
            text = negations_as_exclusions(text)
        aside_judgement = None
        main, aside = split_set_aside(text)
        if aside is not None and not _leading_negation(text):
            # "X rather than Y", "X（而不是Y）": Y is judged as a proposition of its own; the user affirming it
            # contradicts the question, the user rejecting it supports it
            text, aside_judgement = main, self._judge(aside)[0]
            info["set_aside"] = {"text": aside, **aside_judgement.as_info()}
        tokens = self._token_rule(text)
        info.update(tokens)
        if tokens["polar_tokens"] and not is_tag_statement(text) and _leading_negation(text):
            return self._reply(IDK, "negated question about a distinctive attribute", info)
        alternatives = split_alternatives(text)
        if len(alternatives) > 1:
            judged = [self._judge(a)[0] for a in alternatives]
            info["alternatives"] = [jd.as_info() for jd in judged]
            shared = _CHOICE_IN_PARENS.sub(" ", text)
            if shared != text and len(split_alternatives(shared)) == 1 and (common := self._judge(shared)[0]).contradicted:
                # "历年（例如近5年或全部可得年度）的净利润": what every alternative shares is already contradicted
                info.update(common.as_info())
                return self._reply(NO, "a choice whose common part is contradicted", info)
            substantive = [jd for jd in judged if jd.affirmed or jd.contradicted or jd.unsettled]
            if len(substantive) > 1:
                # "the latest quarterly or interim figure?" when the user wants the annual one: each alternative
                # has a proposition the user rejects, so the user wants none of them
                if all(jd.contradicted for jd in substantive):
                    return self._reply(NO, "a choice between alternatives that are all contradicted", info)
                return self._reply(IDK, "a choice between alternatives", info)
            # "as reported or as restated?": one alternative is judged, the other names something the lexicon
            # cannot read (it may be the user's reading, or not) — still a choice, not a yes/no question
            if len(substantive) == 1 and any(
                    item_words(a, self._item_background)
                    for a, jd in zip(alternatives, judged, strict=True) if jd is not substantive[0]):
                return self._reply(IDK, "a choice between alternatives, one the user cannot judge", info)
        judgement, _ = self._judge(text)
        if aside_judgement is not None:
            _add_set_aside(judgement, aside_judgement)
        info.update(judgement.as_info())
        answer = judgement.verdict()
        if answer == YES and _UNFINISHED.search(question):
            # "... provide AT&T's 2023 operating income from a": what the cut-off words propose is unknown (a cut-off
            # question whose words already contradict what the user wants is still a "no")
            return self._reply(IDK, "an unfinished question", {**info, "would_be": YES})
        rule = {YES: "affirmed by what the user knows", NO: "a proposition is contradicted",
                IDK: "not settled by what the user knows" if judgement.affirmed or judgement.unsettled
                else "proposes nothing the user can judge"}[answer]
        return self._reply(answer, rule, info)

    def _reply(self, answer: YesNo, rule: str, info: dict[str, Any]) -> SimReply:
        decisive = {YES: info.get("affirmed") or [], NO: info.get("contradicted") or [],
                    IDK: info.get("unsettled") or []}[answer]
        weak = [d for d in decisive if d.startswith(_WEAK_GROUNDS) or d.endswith(_WEAK_GROUND_SUFFIXES)]
        if rule in _WEAK_RULES or info.get("set_aside") or info.get("referent") or (decisive and len(weak) == len(decisive)):
            weak = weak or [rule]
        return SimReply(answer=answer, method=self.method,
                        info={**info, "rule": rule, "unsure": bool(weak), **({"unsure_grounds": weak} if weak else {})})

    async def reply(self, question: str) -> SimReply:
        return self.decide(question)


#: a question cut off mid-sentence ("... operating income from a"): what it proposes is not known
_UNFINISHED = re.compile(r"(?i)(?<![a-z])(?:a|an|the|from|of|to|for|in|with|and|or|by|its|their|on|at|than)\s*$"
                         r"|(?:的|和|或|与|及|在|从|按)\s*$")
#: an offer of options for the user to choose from (我可以先列出常见的时间口径供您选择)
_OFFERS_A_CHOICE = re.compile(r"(?i)供您选择|让您选|您选一个|(?<![a-z])(?:options|choose|pick)(?![a-z])")
_BOTH = re.compile(r"(?i)(?<![a-z])both(?![a-z])|两个|两种|两组|同时")
_BOTH_PARTS = re.compile(r"(?i)(?<![a-z])(?:and|as well as|plus)(?![a-z])|以及|和|与|及")
#: an offer to give the user figures (not to search or compute them)
_DELIVERY_OFFER = re.compile(r"(?i)(?<![a-z])(?:provide|give|report|share|list|send|present|show|quote)(?![a-z])"
                             r"|提供|给出|列出|告诉您|报告给|展示")
#: a choice put inside parentheses: "历年（例如近5年或全部可得年度）", "(e.g. FY2023 or FY2022)"
_CHOICE_IN_PARENS = re.compile(r"[(（][^()（）]*(?:(?<![a-z])or(?![a-z])|或|还是)[^()（）]*[)）]", re.I)


#: a question put as a negation ("Not the segment figure?", 不是分部的数吗): yes and no are ambiguous; unlike a
#: proposition that sets the other reading aside ("growth in total net income (not EPS)?")
_LEADING_NEGATION = re.compile(
    r"^\W*(?:(?:so|and|but|just to (?:check|confirm)|to confirm)\W+)?(?:(?:is|are|was|do|does|should|would)\s+"
    r"(?:it|this|that|you|we|they)\s+)?(?:not|no|never)(?![a-z])"
    r"|^\W*(?:(?:您|你)(?:要|想要|需要|问)?的?)?(?:不是|并非|而非|不要|不需要|不含)", re.I)


#: what a company's name may be taken for that is no company (a poker hand, a word)
_NOT_A_COMPANY = re.compile(r"扑克|牌型|纸牌|棋牌|成语|词语|字面|poker|card (?:hand|game)|playing cards?|dictionary")
#: words that follow a company's ticker without naming another company ("GE Inc.", "GE Revenue")
_AFTER_A_NAME = {"inc", "corp", "corporation", "company", "co", "group", "holdings", "plc", "ltd", "limited", "llc",
                 "stock", "shares", "share", "common", "ticker", "is", "was", "in", "for", "and", "or", "the", "s", "has",
                 "had", "reported", "reports", "fiscal", "fy", "annual", "quarterly", "total", "consolidated", "did",
                 "does", "will", "would", "on", "at", "as", "from", "to", "of", "by", "with", "ltm", "ttm", "q"}

#: whether a figure passes an amount ("是否达到某个特定金额", "exceeded a certain threshold")
_THRESHOLD = re.compile(r"(?i)(?:达到|超过|超出|突破|高于|低于)(?:了)?(?:某个|某一|一定|特定|某)[^，。？?]{0,6}(?:金额|数额|水平|目标|阈值)"
                        r"|(?<![a-z])(?:exceed\w*|surpass\w*|reach\w*|above|below|hit)\s+(?:a|any|some)\s+(?:certain|specific|given|particular)?"
                        r"\s*(?:threshold|amount|level|target|milestone)")

#: the parent company's own statements, named as such (not a flip of "excluding subsidiaries")
_PARENT_ONLY = re.compile(r"(?i)母公司(?:单体|单独|本部|自身)|单体报表|parent[- ]company[- ]only|stand-?alone|parent[- ]only")


#: grounds of a reply the rules are not sure of (the reply is flagged `info["unsure"]` when it rests on them only):
#: the older token rule (words of a reading's value or attribute), a year standing for "the most recent", a
#: "specific period", the listed company, what a question sets aside
_WEAK_GROUNDS = ("attribute ", "excludes ", "the user's year pins", "a specific period", "the company (the listed",
                 "sets aside")
_WEAK_GROUND_SUFFIXES = ("(named)", "(names the default reading)")
#: rules whose reply the simulator is not sure of
_WEAK_RULES = {"a negated action: the positive question's answer reversed", "a choice between alternatives that are "
               "all contradicted", "a choice between alternatives, one the user cannot judge"}


def _own_affirmations(j: _Judgement) -> list[str]:
    """What a part of a question affirms besides the company and the metric, which every part shares."""
    return [a for a in j.affirmed if not a.startswith(("the company", "metric "))]


def _add_set_aside(j: _Judgement, aside: _Judgement) -> None:
    """What the question sets aside, judged on its own, as a proposition of the question: wanted by the user (a
    contradiction), not wanted (an affirmation), or unsettled. Affirming only the company or the metric the
    question also names says nothing about the aside."""
    own = _own_affirmations(aside)
    if aside.contradicted:
        j.affirmed.append("sets aside what the user does not want")
    elif own and not aside.unsettled:
        j.contradicted.append("sets aside what the user wants: " + ", ".join(own))
    elif aside.unsettled:
        j.unsettled.append("sets aside: " + ", ".join(aside.unsettled))


def _leading_negation(text: str) -> bool:
    return bool(_LEADING_NEGATION.search(text.replace("’", "'")))


_ACRONYMS = {"LTM", "TTM", "YTD", "GAAP", "EPS", "SBC", "GMV", "NCI", "USD", "RMB", "CNY", "HKD", "EBIT",
             "EBITDA", "FY", "CY", "JV", "US", "SEC", "AI", "ASC", "IFRS", "PIT"}
_WEAK_TOKENS = {"one", "item", "such", "share", "figure", "number", "profit", "income", "revenue", "net", "gain"}


#: metric families that are balances at a date, not flows over a period
_BALANCES = {"total_assets", "net_assets", "total_liabilities", "receivables", "contract_liabilities", "par_value",
             "market_cap", "share_price"}


def _user_metrics(iv: dict[str, str], context: Facts) -> set[str]:
    """The metric family the user wants: the metric field's, else the one its basis names ("metric: earnings
    growth rate; basis: EBITDA", "basis: GAAP income from operations"), else the single one C names ("Interpret
    'earnings' as EBITDA ..."). Generic words (earnings, income, profit, 利润) name no family."""
    for text in (iv.get("metric", ""), iv.get("basis", "")):
        metrics = read_facts(text).metrics - {"income_tax"}
        if metrics:
            return metrics
    named = context.metrics - {"income_tax"}
    return named if len(named) == 1 else set()


def _user_periods(periods: set[str], period: Facts, context: Facts, metrics: set[str]) -> set[str]:
    """The period type the user wants: the intended period's; else the one C states; else, for a period stated
    as years only ("2024 vs 2023 year-over-year", "2023年"), the annual period; a flow metric at a bare date
    ("revenue, 2020-12-31") is the year ending there."""
    if not periods:
        periods = {p for p in context.periods if p != "point"} or set(periods)
    if not periods and (period.years or period.fiscal_years):
        periods = {"annual"}
    if periods == {"point"} and metrics and not metrics & _BALANCES:
        periods = {"annual"}
    return periods


#: the release writes a distinctive attribute as "category: intended vs. default" ("Entity scope: consolidated
#: total vs. Family of Apps segment", "实体口径：归属于上市公司股东 vs 合并整体（含少数股东）")
_VERSUS = re.compile(r"\s+(?:vs\.?|versus)\s+|\s*(?:对比|相对于)\s*", re.I)


def _iso_year_start(text: str) -> list[int]:
    """The month a fiscal year starts in, from a year that ends on an ISO date ("Year ended 2024-01-31",
    "fiscal year ended 2023-10-29"); a year ending in the first week of a month started in that month."""
    out = []
    for m in re.finditer(r"(?i)(?:year|fy|年度?)[^.;,；，]{0,20}?(?:ended|ending|截至|截止)?\s*(?:19|20)\d{2}-(\d{2})-(\d{2})", text):
        month, day = int(m.group(1)), int(m.group(2))
        if 1 <= month <= 12:
            out.append(month if day <= 7 else month % 12 + 1)
    return out


def _intended_side(attribute: str) -> str:
    """What an "intended vs. default" attribute says of the intended reading (the whole text otherwise)."""
    return _VERSUS.split(attribute, maxsplit=1)[0]


def _merge(into: Facts, facts: Facts) -> None:
    for facet, values in facts.facets.items():
        for v in values:
            into.add(facet, v, (facet, v) in facts.weak)
    into.latest = into.latest or facts.latest
    into.metrics |= facts.metrics


_LEGAL = re.compile(r"\(fictional\)|（虚构）|\(虚构\)|股份有限公司|有限责任公司|有限公司|集团|"
                    r"(?<![a-z])(?:inc|corp|corporation|co|ltd|plc|llc|holdings|group|company)\.?(?![a-z])", re.I)


def _company_names(company: str | None) -> list[str]:
    """Forms of the company's name a question may use: "northwind trading", "northwind", "青岚精密"."""
    if not company:
        return []
    base = normalise(_LEGAL.sub(" ", company)).strip(" .,")
    base = re.sub(r"\s+", " ", base)
    names = [base] if len(base) >= 3 else []
    if re.search(r"[\u4e00-\u9fff]", base):
        names += [base[:n] for n in (4, 3, 2) if len(base) > n]
    else:
        first = base.split(" ")[0] if base else ""
        if len(first) >= 4:
            names.append(first)
    return names


def _metric_qualifier(metric: str) -> set[str]:
    """Words that narrow a metric to a part of it ("subscription revenue", "贸易业务收入")."""
    norm = normalise(metric)
    m = re.search(r"([a-z]+)\s+(?:revenues?|sales)", norm)
    if m and m.group(1) not in {"total", "net", "gross", "operating", "reported", "organic", "the", "of"}:
        return {m.group(1)}
    m = re.search(r"([\u4e00-\u9fff]{2,6})(?:业务)?收入", norm)
    if m and not m.group(1).endswith(("营业", "总")):
        return {m.group(1)}
    return set()


# --------------------------------------------------------------------------- LLM
def _interpretation_lines(instance: AmbiguityInstance) -> str:
    return "\n".join(f"- {k}: {v}" for k, v in instance.intended_interpretation.values().items())


_LLM_SYSTEM = {
    "en": ("You are role-playing a user who asked an assistant a question about a company's financial "
           "filings. You know exactly what you meant:\n{context}\n\nYour intended reading:\n{interp}\n\n"
           "The assistant will ask you a yes/no clarification question. Reply with exactly one of: yes, no, "
           "I don't know. Reply \"yes\" only when everything the question proposes matches what you meant; \"no\" "
           "when any part contradicts it (another metric, period type, year, basis, scope or filing version); "
           "\"I don't know\" when what you know does not settle it (for instance whether your year is the most "
           "recent one), and for open questions, requests for data, links or documents, and questions about how the "
           "assistant works. When unsure between yes and I don't know, say I don't know. Write nothing else."),
    "zh": ("你在扮演一位向助手询问公司财务报告问题的用户。你清楚自己想问的是什么：\n{context}\n\n你想要的口径：\n{interp}\n\n"
           "助手会问你一个是非澄清问题。只能回答以下之一：是、否、不知道。只有当问题提出的每一点都符合你想要的口径时才回答\"是\"；"
           "只要有一点与之矛盾（指标、期间类型、年份、口径、范围或披露版本不同）就回答\"否\"；你所知道的信息无法确定时（例如你要的年份"
           "是否为最近一年），以及开放式问题、索要数据、链接或文件的请求、关于助手做法的问题，回答\"不知道\"。在\"是\"和\"不知道\"之间"
           "拿不准时，回答\"不知道\"。不要写其他任何内容。"),
}
_LLM_USER = {
    "en": "Your original question: {question}\nThe assistant asks: {ask}",
    "zh": "你最初的问题：{question}\n助手问：{ask}",
}
_LLM_RETRY = {
    "en": "Reply with exactly one of: yes, no, I don't know.",
    "zh": "只能回答以下之一：是、否、不知道。",
}


class LLMSimulator:
    """A model plays the user, prompted with C and the intended interpretation only (never the answer).

    The reply is parsed strictly; an unparseable reply is retried once, then logged as a parse failure
    (`info["parse_failure"]`) and answered "I don't know". Model errors propagate (the runner records them).
    """

    method = "llm"

    def __init__(self, instance: AmbiguityInstance, model: Generator):
        self.instance = instance
        self.model = model

    def messages(self, question: str) -> list[Message]:
        lang = self.instance.language
        system = _LLM_SYSTEM[lang].format(context=self.instance.context,
                                          interp=_interpretation_lines(self.instance))
        user = _LLM_USER[lang].format(question=self.instance.question, ask=question)
        return [Message(role="system", content=system), Message(role="user", content=user)]

    async def reply(self, question: str) -> SimReply:
        return await ask_yes_no(self.model, self.messages(question), _LLM_RETRY[self.instance.language], self.method)


# --------------------------------------------------------------------------- noisy
class _YesNoSimulator(Protocol):
    async def reply(self, question: str) -> SimReply: ...


class NoisySimulator:
    """Flips the wrapped simulator's yes↔no with probability p; "I don't know" is passed through.

    One draw from `rng` per yes/no reply (none for "I don't know"), so a seeded RNG replays exactly.
    """

    def __init__(self, base: _YesNoSimulator, p: float, rng: random.Random):
        if not 0.0 <= p <= 1.0:
            raise ValueError("p must be in [0, 1]")
        self.base = base
        self.p = p
        self.rng = rng

    @property
    def method(self) -> str:
        return f"noisy({getattr(self.base, 'method', type(self.base).__name__)})"

    async def reply(self, question: str) -> SimReply:
        base = await self.base.reply(question)
        info = {"base_answer": base.answer, "base_method": base.method, "base_info": base.info, "p": self.p,
                "flipped": False}
        answer = base.answer
        if answer in (YES, NO):
            if self.rng.random() < self.p:
                answer = NO if answer == YES else YES
                info["flipped"] = True
        return SimReply(answer=answer, method=self.method, info=info)


# --------------------------------------------------------------------------- free-form
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；])")
_FREEFORM_SYSTEM = {
    "en": ("You are role-playing a user who asked an assistant a question about a company's financial "
           "filings. What you know about your own request:\n{context}\n\nAnswer the assistant's question "
           "briefly, using only what you know above. Do not state any figures you were not given. If the "
           "question cannot be answered from it, reply \"I don't know\"."),
    "zh": ("你在扮演一位向助手询问公司财务报告问题的用户。关于你的需求，你知道的是：\n{context}\n\n"
           "请只根据以上信息简短回答助手的问题，不要给出你不知道的数字。如果无法回答，请回答\"不知道\"。"),
}
_IDK_TEXT = {"en": "I don't know.", "zh": "不知道。"}


class FreeFormSimulator:
    """Answers open (non-yes/no) questions from C.

    With a model: the model is prompted with C only. Without: the sentence of C sharing the most tokens
    with the question (ties: the earlier sentence); "I don't know." when no sentence shares any token.
    """

    def __init__(self, instance: AmbiguityInstance, model: Generator | None = None):
        self.instance = instance
        self.model = model
        self.sentences = [s.strip() for s in _SENTENCE_END.split(instance.context) if s.strip()]

    @property
    def method(self) -> str:
        return "free_form_llm" if self.model is not None else "free_form_overlap"

    def best_sentence(self, question: str) -> tuple[str | None, int]:
        q = set(tokenize(question)) | concept_tokens(question)
        best, best_score = None, 0
        for sentence in self.sentences:
            score = len(q & (set(tokenize(sentence)) | concept_tokens(sentence)))
            if score > best_score:
                best, best_score = sentence, score
        return best, best_score

    async def reply(self, question: str) -> FreeFormReply:
        lang = self.instance.language
        if self.model is None:
            sentence, score = self.best_sentence(question)
            if sentence is None:
                return FreeFormReply(text=_IDK_TEXT[lang], method=self.method, info={"overlap": 0})
            return FreeFormReply(text=sentence, method=self.method, info={"overlap": score})
        messages = [
            Message(role="system", content=_FREEFORM_SYSTEM[lang].format(context=self.instance.context)),
            Message(role="user", content=_LLM_USER[lang].format(question=self.instance.question, ask=question)),
        ]
        call = await self.model.generate(messages)
        text = (call.output or "").strip()
        if not text:
            return FreeFormReply(text=_IDK_TEXT[lang], method=self.method, info={"empty_reply": True})
        return FreeFormReply(text=text, method=self.method, info={})
