"""What a careful reader rejects in a CIG (issue 26), as checks the converters apply before keeping a CIG (rule-
based and LLM-assisted alike) and `doctor regret` reports with the CIG id and a reason.

- `fragment_alias`: an answer alias that is not an answer but a piece of a sentence: a connective or pronoun
  ("Although", "These", "Thus"), a span that starts with one ("Although Alexandre Fadeev", "When the Speaker"),
  crosses a sentence boundary ("Mia.   Ethan Winters", "Europe.   They"), ends in a function word ("Clea. The"),
  or has unbalanced brackets or quotes. A long alias (a product title, a list) is still an answer.
  Titles are answers: "This Is Us", "When Harry Met Sally", "Stand By Me" (every word capitalised) are not
  flagged for their first or last word.
- `concatenated_value`: a variable value that strings several values together ("1973, 1973, 1947, 1973",
  "Parvati Parvati", "1934, 2010, 1950 first"): each intent has one value per variable.
- `swapped_slots` / `misaligned_slot`: a slot value that the intent's own text (description and context) does
  not name while another intent's text does, in both directions (swapped) or in one (misaligned).
- `mistyped_variable`: a typed variable whose values are not of its type (a `place` that holds a league or a
  character, a `year` without a year, a `criterion` that is a word fragment); `referent` is the generic type.
- `self_revealing_slot`: an intent whose slot value names its own answer (its first alias, the one the planner
  answers with), or is named by it: asking gives the answer away.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from finprobe.benchmarks.regret._text import mentions, norm
from finprobe.benchmarks.regret.cig import CIG
from finprobe.benchmarks.regret.places import is_place

__all__ = ["QUALITY_KINDS", "QualityFinding", "concatenation_reason", "fragment_reason", "mistyped_reason",
           "quality_findings", "revealing", "GENERIC_VARIABLE"]

QUALITY_KINDS = ("fragment_alias", "concatenated_value", "swapped_slots", "misaligned_slot", "mistyped_variable",
                 "self_revealing_slot")
#: the variable a CIG uses when no specific type fits its values ("Which one do you mean?")
GENERIC_VARIABLE = "referent"

#: words that are never an answer alone and never start an answer span taken from running text
_CONNECTIVES = frozenset("""
although though whereas however thus therefore hence moreover furthermore additionally meanwhile nevertheless
nonetheless consequently accordingly instead also these those this that they them their theirs there it its
he she his hers him we our such both either neither while if when whether because since unless until after
before during as and or but nor yet so then which who whom whose what where why how is are was were be been
being has have had do does did not according regarding including interpretation answer condition context
instance example question
""".split())
#: words a span of running text does not end with (a title's last word may be a particle: "Stand By Me")
_BAD_LAST = frozenset("""
the a an of and or but nor that which who whom whose these those this while although whereas its their
is was are were been has have had
""".split())
_ABBREVIATIONS = frozenset("""
mr mrs ms dr st jr sr vs no mt ft gen gov sen rep col lt capt prof rev inc ltd co corp jan feb mar apr jun jul
aug sep sept oct nov dec ph.d a.m p.m e.g i.e etc vol ch pp fig op hon ors anr est approx maj sgt pt adm
cu fl oz lb lbs qt pcs pk edn ed cm mm kg ml ct pkg dept univ
""".split())
#: a full stop after a word (not an initial or an abbreviation) and a capitalised word: two sentences joined
_SENTENCE_BREAK = re.compile(r"(?<![\w.])([A-Za-z][a-z]+|\d+)\.\s+[A-Z]")
#: words that start a span of running text but no answer ("These ...", "Although X", "When the Speaker")
_STARTS = frozenset("""
although though whereas however thus therefore hence moreover furthermore additionally meanwhile nevertheless
nonetheless consequently accordingly instead also these those this they it he she his her their its we there
while if when whether because since unless which who whom whose according regarding including interpretation
""".split())
_YEAR = re.compile(r"(?<![\d])(1[5-9]\d{2}|20\d{2})(?![\d])")
_RANGE = re.compile(r"^\D*(1[5-9]\d{2}|20\d{2})s?\s*(?:to|-|–|—|and)\s*(1[5-9]\d{2}|20\d{2}|\d{2})s?\D*$")


def _words(text: str) -> list[str]:
    return re.findall(r"[\w'’.&-]+", text)


def _title_case(words: list[str]) -> bool:
    small = {"a", "an", "the", "of", "and", "or", "in", "on", "at", "to", "for", "by", "with", "from", "as", "is"}
    return all(w[:1].isupper() or w[:1].isdigit() or w.lower() in small for w in words) and words[0][:1].isupper()


def fragment_reason(alias: str) -> str | None:
    """Why an alias is a sentence fragment rather than an answer, or None."""
    a = " ".join(alias.split())
    words = _words(a)
    if not words:
        return "no word"
    low = [w.lower().strip(".") for w in words]
    if len(words) == 1 and low[0] in _CONNECTIVES:
        return f"{a!r} is a connective or function word, not an answer"
    if re.search(r"\S {2,}\S", alias.strip()):
        return f"{a!r} joins two pieces of running text (a run of spaces)"
    for m in _SENTENCE_BREAK.finditer(a):
        if m.group(1).lower() not in _ABBREVIATIONS:
            return f"{a!r} crosses a sentence boundary"
    title = _title_case(words)
    if len(words) > 1 and low[0] in _STARTS and (not title or low[0] in _SPAN_STARTERS):
        return f"{a!r} starts with the connective {words[0]!r}"
    if len(words) > 1 and low[-1] in _BAD_LAST and words[-1] != "A" \
            and not (title and low[-1] not in {"the", "a", "an", "and", "of"}):
        return f"{a!r} ends with {words[-1]!r}"
    for o, c in ("()", "[]", "“”"):
        if a.count(o) != a.count(c):
            return f"{a!r} has an unbalanced {o}{c}"
    if a.count('"') % 2:
        return f"{a!r} has an unbalanced quote"
    return None


#: connectives that start no title: a span starting with one is a fragment even in title case
_SPAN_STARTERS = frozenset("although though whereas however thus therefore hence moreover furthermore "
                           "additionally meanwhile nevertheless nonetheless consequently accordingly according "
                           "regarding including interpretation".split())


def concatenation_reason(value: str) -> str | None:
    """Why a variable value strings several values together, or None. A parenthetical gloss is part of one
    value ("third quarter (three months ended September 30, 2024)")."""
    v = " ".join(value.split())
    bare = re.sub(r"\([^()]*\)", " ", v)
    years = _YEAR.findall(bare)
    if len(years) >= 2 and not _RANGE.match(bare):
        return f"{v!r} holds {len(years)} years"
    if "..." in v or "…" in v or ";" in v:
        return f"{v!r} joins several phrases"
    if len([p for p in bare.split(",") if p.strip()]) >= 3:
        return f"{v!r} is a list"
    tokens = [w.lower() for w in _words(bare)]
    dup = next((a for a, b in zip(tokens, tokens[1:], strict=False) if a == b and len(a) > 1), None)
    if dup is not None:
        return f"{v!r} repeats {dup!r}"
    return None


_SEASON = re.compile(r"\b(season|series|episode|part|volume|vol\.?|chapter|book|edition|round|week|stage|leg|phase|"
                     r"generation|gen)s?\s+(\d+|[ivx]+|one|two|three|four|five|six|seven|eight|nine|ten)\b", re.I)
_ORDINAL = re.compile(r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|last|"
                      r"latest|original|final|newest|most recent|current|\d+(?:st|nd|rd|th))\b", re.I)
_GENDER = re.compile(r"^(men's|women's|boys'?|girls'?|male|female|mixed)$", re.I)
#: measures a "by ..." criterion can be (RegretBench's "Which measure do you mean?")
CRITERIA = frozenset("""
area population size height length weight capacity seating attendance points goals runs wins titles medals
rank ranking revenue sales value volume depth elevation speed distance gdp income budget gross earnings votes
assists rebounds touchdowns yards hits saves appearances caps streams views subscribers followers enrollment
density diameter mass circumference duration age time temperature price cost number count total single combined
individual career season game games
""".split())
_MEDIA = frozenset("""
film movie tv series show sitcom miniseries musical play opera novel book song single album video game comic
manga anime cartoon soundtrack broadway remake sequel documentary poem story web radio television original
""".split())
#: the units a product measure's values carry
_UNITS = {"storage": re.compile(r"(?i)\d\s*(?:gb|tb|g)\b"), "screen_size": re.compile(r"(?i)\d\s*(?:-\s*)?(?:inch|in\b|\"|”)"),
          "weight": re.compile(r"(?i)\d\s*(?:-\s*)?(?:lbs?|pounds?|kg|oz|ounces?|grams?|g)\b")}
_ROLE_NOT = re.compile(r"\b(celsius|fahrenheit|mrs?|ms|dr|degrees?)\b\.?$", re.I)
_CORPORATE = re.compile(r"\b(llc|inc|corp|corporation|ltd|company|group|gmbh|ag)\b\.?", re.I)


def mistyped_reason(name: str, values: list[str]) -> str | None:
    """Why a typed variable's values are not of its type, or None (generic and unknown types pass)."""
    base = name.split("_")[0]
    bad: list[str] = []
    if base == "year":
        bad = [v for v in values if not _YEAR.search(v)]
    elif base == "season":
        bad = [v for v in values if not _SEASON.search(v)]
    elif base == "ordinal":
        bad = [v for v in values if not _ORDINAL.search(v)]
    elif base == "gender":
        bad = [v for v in values if not _GENDER.match(v.strip())]
    elif base == "place":
        bad = [v for v in values if not is_place(v)]
    elif base == "criterion":
        bad = [v for v in values if not set(v.lower().split()) & CRITERIA]
    elif base == "medium":
        bad = [v for v in values if not set(v.lower().split()) <= _MEDIA]
    elif base == "role":
        bad = [v for v in values if _ROLE_NOT.search(v.strip()) or len(v.split()) > 5]
    elif base == "artist":
        bad = [v for v in values if _CORPORATE.search(v)]
    elif name in _UNITS:
        bad = [v for v in values if not _UNITS[name].search(v)]
    if bad:
        return f"values {bad[:4]} of {name!r} are not of its type"
    return None


#: product facets (PSCon): a product's title names its brand, colour or size, and the facet still leaves the
#: product to be named
PRODUCT_FACETS = frozenset({"brand", "colour", "color", "material", "product_type", "gender", "storage",
                            "screen_size", "weight", "capacity", "pack_size", "power", "size", "price_band"})


def revealing(value: str, aliases: list[str], variable: str = "") -> str | None:
    """The alias a slot value gives away, or None: the value names the whole alias ("Tina Turner" for the answer
    "Tina Turner"), or the alias contains the value ("2017" in "23 April 2017", "Van Halen" in "Alex Van Halen"),
    except a product facet in a product title ("Samsung" in "Samsung Galaxy S21")."""
    nv = norm(value)
    if not nv:
        return None
    for a in aliases:
        na = norm(a)
        if not na:
            continue
        if mentions(nv, a) or (mentions(na, value) and variable.split("_")[0] not in PRODUCT_FACETS
                               and variable not in PRODUCT_FACETS):
            return a
    return None


def _text(intent_description: str, context: str | None) -> str:
    return norm(f"{intent_description} {context or ''}")


class QualityFinding(BaseModel):
    kind: str
    detail: str
    intent_id: str | None = None
    variable: str | None = None
    alias: str | None = None


def quality_findings(cig: CIG) -> list[QualityFinding]:
    """Every issue-26 defect of one CIG (see the module docstring); a control is checked for its aliases only."""
    out: list[QualityFinding] = []
    for intent in cig.intents:
        for k, alias in enumerate(intent.answer_aliases):
            why = fragment_reason(alias)
            if why:
                which = "first alias" if k == 0 else f"alias {k + 1}"
                out.append(QualityFinding(kind="fragment_alias", intent_id=intent.intent_id, alias=alias,
                                          detail=f"intent {intent.intent_id!r} {which}: {why}"))
    if cig.is_control:
        return out
    for var in cig.variables:
        for value in var.values:
            why = concatenation_reason(value)
            if why:
                out.append(QualityFinding(kind="concatenated_value", variable=var.name,
                                          detail=f"variable {var.name!r}: {why}"))
        why = mistyped_reason(var.name, var.values)
        if why:
            out.append(QualityFinding(kind="mistyped_variable", variable=var.name, detail=why))
    texts = {i.intent_id: _text(i.description, i.context) for i in cig.intents}
    for var in cig.variables:
        def named(value: str, iid: str) -> bool:
            return bool(mentions(texts[iid], value))

        own_missing = {i.intent_id: not named(i.slots[var.name], i.intent_id) for i in cig.intents}
        reported: set[str] = set()
        for a in cig.intents:
            va = a.slots[var.name]
            if not own_missing[a.intent_id]:
                continue
            for b in cig.intents:
                vb = b.slots[var.name]
                if b is a or vb == va or not named(va, b.intent_id):
                    continue
                if own_missing[b.intent_id] and named(vb, a.intent_id):
                    if b.intent_id not in reported:
                        out.append(QualityFinding(
                            kind="swapped_slots", variable=var.name, intent_id=a.intent_id,
                            detail=f"variable {var.name!r}: intent {a.intent_id!r} has {va!r}, named only by intent "
                                   f"{b.intent_id!r}, which has {vb!r}, named only by {a.intent_id!r}"))
                    reported.add(a.intent_id)
                else:
                    out.append(QualityFinding(
                        kind="misaligned_slot", variable=var.name, intent_id=a.intent_id,
                        detail=f"variable {var.name!r}: intent {a.intent_id!r} has {va!r}, which its own text does "
                               f"not name and intent {b.intent_id!r}'s does"))
                break
        for intent in cig.intents:
            # the first alias is the answer the planner gives; later ones are other spellings of it
            given = revealing(intent.slots[var.name], intent.answer_aliases[:1], var.name)
            if given is not None:
                out.append(QualityFinding(kind="self_revealing_slot", variable=var.name, intent_id=intent.intent_id,
                                          alias=given,
                                          detail=f"intent {intent.intent_id!r}: its {var.name!r} value "
                                                 f"{intent.slots[var.name]!r} gives away its answer {given!r}"))
    return out
