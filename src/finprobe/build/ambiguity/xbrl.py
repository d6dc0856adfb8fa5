"""Candidate passages from SEC XBRL "company facts" JSON (data.sec.gov/api/xbrl/companyfacts/CIK##########.json).

Layout: `{"cik", "entityName", "facts": {taxonomy: {concept: {"label", "description", "units": {unit:
[{"start"?, "end", "val", "accn", "fy", "fp", "form", "filed", "frame"?}, ...]}}}}}`. A fact's period is
its `start`/`end` dates. **`fy`/`fp` are the fiscal year and period of the filing that reported the fact,
not of the fact**: a 10-K for fiscal 2023 also reports 2022 and 2021 figures under fy=2023, so they are never
used as the fact's period (reading them as such is how period labels end up contradicting filing dates).

Facts that share a concept and period but differ in scope become one passage stating both values:
- **filing vintage**: the same concept, unit and period reported with different values by different
  filings (an original 10-K and a later 10-K's recast comparatives, or a 10-K/A);
- **concept pairs** reported by the same filing for the same period (`CONCEPT_PAIRS`): net income
  attributable to the parent vs. including noncontrolling interests (entity scope), basic vs. diluted EPS
  (metric definition); and GAAP vs. non-GAAP: a concept named `Adjusted<X>` or `NonGaap<X>` in a company
  taxonomy paired with `us-gaap:<X>` (SEC's own files carry no non-GAAP measures; files that merge a
  company's extension facts do);
- **dimensional facts**: a fact with a `dims` mapping (axis → member; SEC's companyfacts API omits
  dimensional facts, so this is an extension for files built from a filing's XBRL instance) paired with
  the same concept without dimensions: a business segment vs. the consolidated total (entity scope), revenue
  recognised at a point in time or over time vs. total revenue (recognition policy);
- **quarter vs. year-to-date**: the same concept and end date in one 10-Q over three months and over the
  year to date (temporal scope).
Values are written exactly as filed (in millions only when that is exact), with the filing cited.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from finprobe.build.ambiguity.passages import CandidatePassage, CandidateValue
from finprobe.core.benchmark import DataError
from finprobe.core.sources import decode_text, read_source

__all__ = ["CONCEPT_PAIRS", "ConceptPair", "XbrlFact", "facts_of", "import_company_facts", "load_company_facts"]

STANDARD_TAXONOMIES = frozenset({"us-gaap", "dei", "srt", "ifrs-full", "invest"})


class XbrlFact(BaseModel):
    """One reported value of one concept, as the companyfacts file lists it."""

    taxonomy: str
    concept: str
    label: str
    unit: str
    val: float
    start: str | None = None
    end: str
    accn: str
    fy: int | None = None
    fp: str | None = None
    form: str
    filed: str
    frame: str | None = None
    dims: dict[str, str] = {}

    @property
    def days(self) -> int | None:
        if self.start is None:
            return None
        return (date.fromisoformat(self.end) - date.fromisoformat(self.start)).days + 1

    @property
    def period_key(self) -> tuple[str | None, str]:
        return (self.start, self.end)


@dataclass(frozen=True)
class ConceptPair:
    """Two concepts one filing reports for the same period that answer one question two ways.

    `default` is the headline reading a non-expert assumes; `intended` the scoped one the instance asks for.
    """

    category: str
    default: str  # "taxonomy:Concept"
    intended: str
    default_scope: str
    intended_scope: str


CONCEPT_PAIRS: tuple[ConceptPair, ...] = (
    ConceptPair("entity_scope", "us-gaap:NetIncomeLoss", "us-gaap:ProfitLoss",
                "attributable to the parent's shareholders", "including noncontrolling interests"),
    ConceptPair("entity_scope", "us-gaap:StockholdersEquity",
                "us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
                "attributable to the parent's shareholders", "including noncontrolling interests"),
    ConceptPair("metric_definition", "us-gaap:EarningsPerShareDiluted", "us-gaap:EarningsPerShareBasic",
                "diluted", "basic"),
)

#: axis local name -> (category, how the dimensional value is scoped)
_AXES: dict[str, str] = {
    "StatementBusinessSegmentsAxis": "entity_scope",
    "SegmentReportingInformationBySegmentAxis": "entity_scope",
    "ConsolidatedEntitiesAxis": "entity_scope",
    "TimingOfTransferOfGoodOrServiceAxis": "recognition_policy",
}
_NONGAAP = re.compile(r"^(?:Adjusted|NonGaap|NonGAAP)(?P<base>[A-Z]\w+)$")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


# --------------------------------------------------------------------------- reading the file
def _where(taxonomy: str, concept: str, unit: str, i: int) -> str:
    return f"facts.{taxonomy}.{concept}.units.{unit}[{i}]"


def facts_of(data: dict[str, Any], *, source: str = "<companyfacts>") -> list[XbrlFact]:
    """Every fact of a companyfacts document; a malformed fact raises DataError naming the file and its path."""
    facts = data.get("facts")
    if not isinstance(facts, dict):
        raise DataError(f"{source}: no 'facts' object (expected SEC companyfacts JSON)")
    out: list[XbrlFact] = []
    for taxonomy, concepts in facts.items():
        if not isinstance(concepts, dict):
            raise DataError(f"{source}: facts.{taxonomy} is not an object")
        for concept, body in concepts.items():
            units = body.get("units") if isinstance(body, dict) else None
            if not isinstance(units, dict):
                raise DataError(f"{source}: facts.{taxonomy}.{concept} has no 'units' object")
            label = str(body.get("label") or concept)
            for unit, items in units.items():
                if not isinstance(items, list):
                    raise DataError(f"{source}: facts.{taxonomy}.{concept}.units.{unit} is not a list")
                for i, item in enumerate(items):
                    where = _where(taxonomy, concept, unit, i)
                    if not isinstance(item, dict):
                        raise DataError(f"{source}: {where}: expected an object")
                    try:
                        fact = XbrlFact(taxonomy=taxonomy, concept=concept, label=label, unit=unit, **item)
                        for d in (fact.start, fact.end, fact.filed):
                            if d is not None:
                                date.fromisoformat(d)
                    except (ValidationError, TypeError) as exc:
                        msg = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else str(exc)
                        loc = (".".join(str(x) for x in exc.errors()[0]["loc"])
                               if isinstance(exc, ValidationError) else "")
                        raise DataError(f"{source}: {where}: {loc + ': ' if loc else ''}{msg}") from None
                    except ValueError as exc:
                        raise DataError(f"{source}: {where}: bad date: {exc}") from None
                    out.append(fact)
    return out


def load_company_facts(path_or_url: str | Path) -> dict[str, Any]:
    src = str(path_or_url)
    try:
        data = json.loads(decode_text(read_source(src, what="company facts"), src))
    except json.JSONDecodeError as exc:
        raise DataError(f"{src}:{exc.lineno}: invalid JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise DataError(f"{src}: expected a JSON object (SEC companyfacts)")
    return data


# --------------------------------------------------------------------------- writing values and periods
def _long_date(iso: str) -> str:
    d = date.fromisoformat(iso)
    return f"{_MONTHS[d.month - 1]} {d.day}, {d.year}"


def period_phrase(fact: XbrlFact) -> str:
    """"the fiscal year ended December 31, 2023", "the three months ended March 31, 2024", "December 31, 2023"."""
    end = _long_date(fact.end)
    days = fact.days
    if days is None:
        return end
    if 350 <= days <= 380:
        return f"the fiscal year ended {end}"
    for months, lo, hi in (("three", 80, 100), ("six", 170, 195), ("nine", 260, 285)):
        if lo <= days <= hi:
            return f"the {months} months ended {end}"
    return f"the period {_long_date(fact.start or fact.end)} to {end}"


def period_label(fact: XbrlFact) -> str:
    days = fact.days
    if days is None:
        return f"as of {fact.end}"
    if 350 <= days <= 380:
        return f"fiscal year ended {fact.end}"
    return f"{fact.start} to {fact.end}"


def format_value(fact: XbrlFact) -> str:
    """The value as filed, exactly: "$46,751 million", "$14.87" (per share), "2,570,000,000 shares"."""
    v = fact.val
    unit = fact.unit
    if unit.upper().startswith("USD") and "/" in unit:
        return f"${v:,.2f}" if v >= 0 else f"-${-v:,.2f}"
    if unit.upper() == "USD":
        sign, a = ("-" if v < 0 else ""), abs(v)
        if a >= 1e6 and a % 1e6 == 0:
            return f"{sign}${a / 1e6:,.0f} million"
        if a >= 1e6 and (a * 10) % 1e6 == 0:
            return f"{sign}${a / 1e6:,.1f} million"
        return f"{sign}${a:,.0f}"
    if unit == "shares":
        return f"{v:,.0f} shares"
    return f"{v:,g} {unit}"


_TIMING = {"TransferredAtPointInTimeMember": "at a point in time", "TransferredOverTimeMember": "over time"}


def _member_words(member: str) -> str:
    local = member.split(":")[-1]
    if local in _TIMING:
        return _TIMING[local]
    local = re.sub(r"(?:Segment)?Member$", "", local)
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", local).strip()


def _scoped(label: str, scope: str) -> str:
    """The label with its scope in parentheses, unless the label already says it."""
    return label if scope.split(" (")[0].lower() in label.lower() else f"{label} ({scope})"


def _filing(fact: XbrlFact) -> str:
    return f"Form {fact.form} filed {fact.filed} (accession {fact.accn})"


def _pid(*parts: str) -> str:
    return "xbrl-" + hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:12]


# --------------------------------------------------------------------------- pairing
def _passage(meta: dict[str, Any], pid: str, category: str, filing: XbrlFact, sentences: list[str],
             intended: tuple[str, str], default: tuple[str, str], period: str, note: str) -> CandidatePassage:
    text = " ".join([f"[SEC XBRL company facts] {meta['company']} (CIK {meta['cik']}).", *sentences])
    value = CandidateValue(value=intended[0], evidence_span=intended[1], category=category,
                           other_value=default[0], other_evidence_span=default[1], note=note)
    return CandidatePassage(passage_id=pid, text=text, language="en", company=meta["company"],
                            ticker=meta.get("ticker"), period=period, filing_type=filing.form,
                            filing_date=filing.filed, source=f"SEC XBRL companyfacts CIK {meta['cik']}",
                            categories=[category], candidate_values=[value])


def _vintage_pairs(facts: list[XbrlFact], meta: dict[str, Any]) -> Iterable[CandidatePassage]:
    groups: dict[tuple[Any, ...], list[XbrlFact]] = defaultdict(list)
    for f in facts:
        if not f.dims:
            groups[(f.taxonomy, f.concept, f.unit, f.start, f.end)].append(f)
    for (_tax, concept, _unit, _start, _end), items in groups.items():
        items = sorted(items, key=lambda f: (f.filed, f.accn))
        original = items[0]
        later = next((f for f in items[1:] if f.val != original.val and f.accn != original.accn), None)
        if later is None:
            continue
        what = "amended filing" if later.form.endswith("/A") else "later filing"
        phrase = period_phrase(original)
        s_orig = (f"As originally reported in its {_filing(original)}, {original.label} for {phrase} amounted to "
                  f"{format_value(original)}.")
        s_later = (f"In its {_filing(later)}, the {what} restated {original.label} for {phrase} to "
                   f"{format_value(later)}.")
        pid = _pid(str(meta["cik"]), concept, original.end, "vintage", later.accn)
        # The default reading is the figure a reader finds first: the most recent filing's.
        yield _passage(meta, pid, "filing_vintage", later, [s_orig, s_later],
                       intended=(format_value(original), s_orig), default=(format_value(later), s_later),
                       period=period_label(original),
                       note=f"{concept}: original {original.accn} vs {what} {later.accn}")


def _same_filing_pairs(facts: list[XbrlFact], meta: dict[str, Any],
                       pairs: tuple[ConceptPair, ...]) -> Iterable[CandidatePassage]:
    by_key: dict[tuple[str, str, str | None, str, str], XbrlFact] = {}
    for f in facts:
        if not f.dims:
            by_key.setdefault((f"{f.taxonomy}:{f.concept}", f.accn, f.start, f.end, f.unit), f)
    # GAAP vs non-GAAP: company-taxonomy Adjusted<X> next to us-gaap:<X>
    dynamic: list[ConceptPair] = []
    for f in facts:
        m = _NONGAAP.match(f.concept)
        if f.taxonomy not in STANDARD_TAXONOMIES and m:
            pair = ConceptPair("metric_definition", f"us-gaap:{m.group('base')}", f"{f.taxonomy}:{f.concept}",
                               "GAAP", "non-GAAP (adjusted)")
            if pair not in dynamic:
                dynamic.append(pair)
    seen: set[tuple[str, str, str | None, str]] = set()
    for pair in (*pairs, *dynamic):
        for (name, accn, start, end, unit), d in by_key.items():
            if name != pair.default or (pair.intended, accn, start, end) in seen:
                continue
            i = by_key.get((pair.intended, accn, start, end, unit))
            if i is None or i.val == d.val or not i.form.startswith(("10-K", "10-Q", "20-F")):
                continue
            seen.add((pair.intended, accn, start, end))
            phrase = period_phrase(d)
            s_d = f"{_scoped(d.label, pair.default_scope)} for {phrase} amounted to {format_value(d)}."
            s_i = f"{_scoped(i.label, pair.intended_scope)} for {phrase} amounted to {format_value(i)}."
            pid = _pid(str(meta["cik"]), pair.default, pair.intended, accn, end)
            yield _passage(meta, pid, pair.category, d, [f"From its {_filing(d)}:", s_d, s_i],
                           intended=(format_value(i), s_i), default=(format_value(d), s_d),
                           period=period_label(d), note=f"{pair.intended} vs {pair.default}")


def _dimensional_pairs(facts: list[XbrlFact], meta: dict[str, Any]) -> Iterable[CandidatePassage]:
    totals = {(f.taxonomy, f.concept, f.unit, f.start, f.end, f.accn): f for f in facts if not f.dims}
    for f in facts:
        if len(f.dims) != 1:
            continue
        axis, member = next(iter(f.dims.items()))
        category = _AXES.get(axis.split(":")[-1])
        total = totals.get((f.taxonomy, f.concept, f.unit, f.start, f.end, f.accn))
        if category is None or total is None or total.val == f.val:
            continue
        words = _member_words(member)
        phrase = period_phrase(f)
        if category == "recognition_policy":
            s_i = f"{f.label} recognized {words} for {phrase} amounted to {format_value(f)}."
            s_d = f"Total {total.label.lower()} for {phrase} amounted to {format_value(total)}."
        else:
            scope = f"the {words} segment" if "Segment" in axis else words
            s_i = f"{f.label} of {scope} for {phrase} amounted to {format_value(f)}."
            s_d = f"Consolidated {total.label.lower()} for {phrase} amounted to {format_value(total)}."
        pid = _pid(str(meta["cik"]), f.concept, axis, member, f.accn, f.end)
        yield _passage(meta, pid, category, f, [f"From its {_filing(f)}:", s_d, s_i],
                       intended=(format_value(f), s_i), default=(format_value(total), s_d),
                       period=period_label(f), note=f"{f.concept} [{axis}={member}] vs total")


def _quarter_ytd_pairs(facts: list[XbrlFact], meta: dict[str, Any]) -> Iterable[CandidatePassage]:
    groups: dict[tuple[str, str, str, str, str], list[XbrlFact]] = defaultdict(list)
    for f in facts:
        if not f.dims and f.start is not None and f.form.startswith("10-Q"):
            groups[(f.taxonomy, f.concept, f.unit, f.end, f.accn)].append(f)
    for (_tax, concept, _unit, end, accn), items in groups.items():
        quarter = next((f for f in items if (f.days or 0) <= 100), None)
        ytd = next((f for f in items if 170 <= (f.days or 0) <= 285), None)
        if quarter is None or ytd is None or quarter.val == ytd.val:
            continue
        s_q = f"{quarter.label} for {period_phrase(quarter)} amounted to {format_value(quarter)}."
        s_y = f"{ytd.label} for {period_phrase(ytd)} amounted to {format_value(ytd)}."
        pid = _pid(str(meta["cik"]), concept, end, accn, "qytd")
        # A quarterly report's headline figure is the quarter; the year-to-date total is the scoped reading.
        yield _passage(meta, pid, "temporal_scope", quarter, [f"From its {_filing(quarter)}:", s_q, s_y],
                       intended=(format_value(ytd), s_y), default=(format_value(quarter), s_q),
                       period=period_label(ytd), note=f"{concept}: year-to-date vs quarter")


def import_company_facts(data: dict[str, Any] | str | Path, *, ticker: str | None = None,
                         pairs: tuple[ConceptPair, ...] = CONCEPT_PAIRS) -> list[CandidatePassage]:
    """Candidate passages (each stating both values, with the filings cited) from a companyfacts document
    or file; see the module docstring for which facts are paired."""
    source = "<companyfacts>"
    if not isinstance(data, dict):
        source = str(data)
        data = load_company_facts(data)
    name = data.get("entityName")
    if not isinstance(name, str) or not name.strip():
        raise DataError(f"{source}: no entityName")
    meta = {"company": name.strip(), "cik": data.get("cik", "?"), "ticker": ticker}
    facts = facts_of(data, source=source)
    out: list[CandidatePassage] = []
    seen: set[str] = set()
    for passage in (*_vintage_pairs(facts, meta), *_same_filing_pairs(facts, meta, pairs),
                    *_dimensional_pairs(facts, meta), *_quarter_ytd_pairs(facts, meta)):
        if passage.passage_id not in seen:
            seen.add(passage.passage_id)
            out.append(passage)
    return out
