"""Grading short text answers against the readings of a general-domain (AmbigQA) instance.

**Matching a reading.** The answer matches a reading when it states one of the reading's answers (aliases):
- *exact*: AmbigQA's normalised answer equals a normalised alias (`_general_text.squad_normalize`);
- *stated*: the normalised alias occurs in the normalised answer as a run of whole tokens ("I think it's
  **Luke Evans**.", answers wrapped in explanations), unless that run is part of a longer phrase copied
  from the question or a reading's question ("Tom" inside "the Tom and Jerry short" is not an answer "Tom"),
  or follows an exclusion ("not", "rather than", "instead of", "unlike": "Luke Evans, not Richard White"
  does not state Richard White);
- *by value*: a date alias and a date in the answer agree on every part the alias states (day, month, year:
  "March 3, 1990" = "3 March 1990" = "1990-03-03" = "17.11.2017"-style dotted and slashed dates, read day or
  month first as the answer's own unambiguous dates settle, "16/04/2003 ... 01/05/2004", and either way where
  nothing settles it ("9/3/2020" states 9 March 2020 and 3 September 2020); "05/1993" is a month;
  an answer may be finer than the alias, "March 3, 1990" states the year 1990, never coarser: "2019" does not
  state "July 14, 2019"); a number alias ("11",
  "1,000", "7 million", "eleven", "3rd") and a number in the answer are equal in value (ordinals match
  ordinals only; a version "7.1.2" is no number, so "7.1" does not state it); a measured quantity alias
  ("6.18 m", "20 ft 3 1/4 in") and a quantity in the answer are equal in one base unit ("6.18 metres",
  "618 cm"; `_general_units`; fractions in any form, "3¼" = "3 1⁄4" = "3 1/4");
- a list alias ("Fran Walsh, Philippa Boyens, Peter Jackson") is also stated when each of its members is, and
  a two-member list ("Iowa, Maryland") by the two participants of a contest ("Iowa beat Maryland", "Iowa vs
  Maryland": the opponent cue names the other participant here, no context); a parenthesised qualifier in an alias is optional ("Annie Get Your Gun (1946)").
A stated alias inside a longer stated alias of another reading does not count ("White" in "Richard White"),
nor does one that only modifies another reading's stated answer next to it (a possessive in an apposition or
before it, "Roger Taylor, Queen's drummer, sang lead", "the Eagles' Don Henley"; the place it is in or of, "SH 130
in Texas"), nor an artist named as a possessive before the title the question names ("backing vocals on Billy
Preston's 'That's the Way God Planned It'"): that names context. Another reading's answer stated only inside
a list answer ("Neil Armstrong" in "Neil Armstrong and Buzz Aldrin", alias "Armstrong and Aldrin") is a
member of that list, not a second answer.
Spans of years with a shortened end are read in full ("2015–16" = "2015-16" = "2015-2016"; ISO dates are no
spans); a name stated with middle initials the alias lacks states it ("Janet Q. Doe" = "Janet Doe"); a hedge
word opening an alias ("approximately 300000 km/s") is optional; a reading named only as the object of a verb
whose subject is another reading's stated answer ("Ron shot Carl": not "played", "joined" and other verbs that
pair two answers, and not across punctuation) is what that answer acted on, not a second answer.
Names are compared in one form: spaced initials joined ("C. K. Nayudu" = "CK Nayudu"), "Saint" = "St.",
"Mount" = "Mt.", titles of rank and office with their abbreviations ("Colonel" = "Col.", "Doctor" = "Dr."),
and a capitalised US state code after a comma read as the state ("Bloomington, MN" = "Bloomington, Minnesota").

**Verdicts** (the paper's Table 8 grading):
- `hedge`: the answer states answers of two readings at different places ("Luke Evans (2017) or Richard
  White (1991)"): wrong against every reading, even when each answer is labelled with its reading;
- `intended` (`correct`): it matches the target reading and is not a hedge;
- `any_valid`: it matches some reading and is not a hedge;
- `default_captured`: any-valid but not intended (a valid, non-target reading);
- `non_committal`: it matches nothing and says it cannot answer, or asks back ("it depends", "which one
  do you mean?", "Could you tell me which marriage you mean?"), says the answer is not known yet ("it hasn't
  been announced"), says it found nothing ("I couldn't find reliable information"), or is empty.
Exact match (AmbigQA's EM, the whole normalised answer equal to an alias) and token F1 (SQuAD's, best alias)
are reported beside the verdicts for the target and for the best reading.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from pydantic import BaseModel, Field

from finprobe.benchmarks.ambiguity._general_text import US_STATE_CODES, Token, answer_tokens, fold, squad_normalize
from finprobe.benchmarks.ambiguity._general_units import find_quantities, plain_fractions, whole_quantity
from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance

__all__ = ["DateValue", "NumberValue", "TextGrade", "find_dates", "find_numbers", "grade_text_answer",
           "token_f1"]

# --------------------------------------------------------------------------- dates
_MONTHS = {name: i for i, names in enumerate([
    ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
    ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
    ("december", "dec")], 1) for name in names}
_MON = r"(?P<{}>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<{}>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<{}>[12]\d{{3}})(?!\d)"
_B, _E = r"(?<![a-z0-9])", r"(?![a-z0-9])"
_DATE_PATTERNS = [re.compile(p) for p in (
    _B + _MON.format("m1") + r"\s+" + _DAY.format("d1") + r"\s*,?\s*" + _YEAR.format("y1"),           # March 3, 1990
    _B + _DAY.format("d2") + r"\s+(?:of\s+)?" + _MON.format("m2") + r"\s*,?\s*" + _YEAR.format("y2"),  # 3 March 1990
    _B + r"(?P<y3>[12]\d{3})-(?P<m3>[01]?\d)-(?P<d3>[0-3]?\d)" + _E,                                   # 1990-03-03
    _B + r"(?P<a4>[0-3]?\d)/(?P<b4>[0-3]?\d)/(?P<y4>[12]\d{3})" + _E,                                   # 3/3/1990
    _B + r"(?P<a9>[0-3]?\d)\.(?P<b9>[0-3]?\d)\.(?P<y9>[12]\d{3})" + _E,                                # 17.11.2017
    _B + r"(?P<m10>0?[1-9]|1[0-2])/(?P<y10>[12]\d{3})" + _E,                                             # 05/1993
    _B + _MON.format("m5") + r"\s*,?\s*(?:of\s+)?" + _YEAR.format("y5"),                               # March 1990
    _B + _MON.format("m6") + r"\s+" + _DAY.format("d6") + _E,                                           # March 3
    _B + _DAY.format("d7") + r"\s+(?:of\s+)?" + _MON.format("m7") + _E,                                # 3 March
    _B + _YEAR.format("y8") + r"(?!s)" + _E,                                                            # 1990
)]


@dataclass(frozen=True)
class DateValue:
    """A date at the precision it was stated: any of year, month, day may be None."""

    year: int | None
    month: int | None
    day: int | None
    start: int = 0
    end: int = 0
    #: an all-number date whose order nothing settles ("9/3/2020"): it may be read the other way too
    either_order: bool = False

    def parts(self) -> dict[str, int]:
        return {k: v for k, v in (("year", self.year), ("month", self.month), ("day", self.day)) if v is not None}

    def states(self, other: DateValue) -> bool:
        """This date states `other`: it has every part `other` has, with the same values."""
        mine = self.parts()
        if all(mine.get(k) == v for k, v in other.parts().items()):
            return True
        if self.either_order and self.month is not None and self.day is not None:
            swapped = DateValue(self.year, self.day, self.month).parts()
            return all(swapped.get(k) == v for k, v in other.parts().items())
        return False


def _valid(year: int | None, month: int | None, day: int | None) -> bool:
    return (month is None or 1 <= month <= 12) and (day is None or 1 <= day <= 31)


def _numeric_order(s: str) -> bool | None:
    """How the text writes all-number dates: True when one of them can only be day first ("16/04/2003"),
    False when one can only be month first ("04/16/2003"), None when none settles it (or they disagree)."""
    day_first = month_first = False
    for m in re.finditer(_B + r"([0-3]?\d)[/.]([0-3]?\d)[/.][12]\d{3}" + _E, s):
        a, b = int(m.group(1)), int(m.group(2))
        day_first |= a > 12 >= b
        month_first |= b > 12 >= a
    return day_first if day_first != month_first else None


def find_dates(text: str) -> list[DateValue]:
    """Dates stated in `text` (folded), longest first, without overlaps: a year inside a full date is not
    a second date. All-number dates are read in the order the text itself settles ("16/04/2003 ...
    01/05/2004" is day first throughout, as "04/16/2003 ... 05/01/2004" is month first); where nothing
    settles it, slashed dates are read month first (US) and dotted ones ("17.11.2017") day first, as
    those conventions write them. "05/1993" is a month and a year."""
    s = fold(text)
    order = _numeric_order(s)
    found: list[DateValue] = []
    taken: list[tuple[int, int]] = []
    for pattern in _DATE_PATTERNS:
        for m in pattern.finditer(s):
            if any(m.start() < e and b < m.end() for b, e in taken):
                continue
            g = {k: v for k, v in m.groupdict().items() if v is not None}
            key = next(iter(g))[1:]
            year = int(g[f"y{key}"]) if f"y{key}" in g else None
            month: int | None
            day: int | None
            either = False
            if f"a{key}" in g:
                a, b = int(g[f"a{key}"]), int(g[f"b{key}"])
                day_first = order if order is not None else (key == "9")
                if a > 12 or b > 12:  # one reading only
                    day_first = a > 12
                month, day = (b, a) if day_first else (a, b)
                # neither the date nor the text settles the order ("9/3/2020"): both readings are stated
                either = order is None and a != b and a <= 12 and b <= 12
            else:
                mon = g.get(f"m{key}")
                month = (_MONTHS[mon] if mon in _MONTHS else int(mon)) if mon else None
                day = int(g[f"d{key}"]) if f"d{key}" in g else None
            if not _valid(year, month, day):
                continue
            found.append(DateValue(year, month, day, m.start(), m.end(), either))
            taken.append((m.start(), m.end()))
    return sorted(found, key=lambda d: d.start)


def _with_context_year(dates: list[DateValue]) -> list[DateValue]:
    """Year-less dates ("May 8 in Europe and September 2 ...") take the year when the answer states exactly
    one year on its own ("It ended in 1945: May 8 ..., September 2 ...")."""
    years = {d.year for d in dates if d.month is None and d.year is not None}
    if len(years) != 1:
        return dates
    (year,) = years
    return [DateValue(year, d.month, d.day, d.start, d.end, d.either_order) if d.year is None else d for d in dates]


def _whole_date(alias: str) -> DateValue | None:
    """The alias as one date ("July 14,2019", "in 1990"), or None when it says more than a date."""
    s = fold(alias).replace(",", ", ")
    dates = find_dates(s)
    if len(dates) != 1:
        return None
    d = dates[0]
    rest = (s[: d.start] + " " + s[d.end:]).strip(" ,.;:()")
    return d if rest in ("", "on", "in", "by", "circa", "c.", "around", "about") else None


# --------------------------------------------------------------------------- numbers
_UNITS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
          "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                  "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
                  "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
                  "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
                  "hundredth": 100}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000,
           "trillion": 1_000_000_000_000}
_WORD = "|".join(sorted([*_UNITS, *_TENS, *_ORDINAL_WORDS, *_SCALES, "a", "and"], key=len, reverse=True))
_NUMBER = re.compile(
    # a version ("7.1.2") is no number: "7.1" is not read out of it
    r"(?<![\w.])(?P<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?!\.\d)(?P<ord>st|nd|rd|th)?"
    r"(?:\s*(?P<scale>hundred|thousand|million|billion|trillion|k|m|bn)(?![a-z]))?"
    rf"|(?<![a-z])(?P<words>(?:(?:{_WORD})(?:[\s-]+|(?![a-z])))+)")


@dataclass(frozen=True)
class NumberValue:
    value: float
    ordinal: bool
    start: int
    end: int


def _words_value(words: list[str]) -> tuple[float, bool] | None:
    """"twenty-five" -> 25, "one hundred and five" -> 105, "third" -> 3 (ordinal); None if not a number."""
    total, current, seen, ordinal = 0, 0, False, False
    for w in words:
        if w in ("and", "a"):
            continue
        if ordinal:
            return None  # nothing follows an ordinal word
        if w in _UNITS:
            current += _UNITS[w]
        elif w in _TENS:
            current += _TENS[w]
        elif w in _ORDINAL_WORDS:
            current += _ORDINAL_WORDS[w]
            ordinal = True
        elif w in _SCALES:
            scale = _SCALES[w]
            if scale == 100:
                current = max(current, 1) * 100
            else:
                total += max(current, 1) * scale
                current = 0
        else:
            return None
        seen = True
    return (float(total + current), ordinal) if seen else None


def find_numbers(text: str) -> list[NumberValue]:
    """Numbers stated in `text` (folded): digits with separators and scale words ("7 million"), number
    words ("eleven", "twenty-five"), ordinals ("3rd", "third"). Years are numbers too."""
    s = fold(text)
    out: list[NumberValue] = []
    for m in _NUMBER.finditer(s):
        if m.group("digits"):
            value = float(m.group("digits").replace(",", ""))
            scale = m.group("scale")
            if scale:
                value *= {"k": 1e3, "m": 1e6, "bn": 1e9}.get(scale) or _SCALES[scale]
            out.append(NumberValue(value, bool(m.group("ord")), m.start(), m.end()))
        else:
            raw = m.group("words")
            words = [w for w in re.split(r"[\s-]+", raw.strip()) if w]
            while words and words[-1] in ("and", "a"):
                words.pop()
            while words and words[0] in ("and", "a"):
                words.pop(0)
            if not words or (len(words) == 1 and words[0] in _SCALES):
                continue
            parsed = _words_value(words)
            if parsed is not None:
                out.append(NumberValue(parsed[0], parsed[1], m.start(), m.start() + len(raw.rstrip(" -"))))
    return out


def _whole_number(alias: str) -> NumberValue | None:
    """The alias as one number, optionally with one unit word ("11", "eleven", "1,000", "7 million",
    "6 players", "3rd"), or None."""
    s = fold(alias).strip(" .")
    numbers = find_numbers(s)
    if len(numbers) != 1:
        return None
    n = numbers[0]
    rest = (s[: n.start] + s[n.end:]).strip(" .,$%")
    if rest and (len(rest.split()) > 1 or _whole_date(alias) is not None):
        return None
    return n


# --------------------------------------------------------------------------- the grade
class TextGrade(BaseModel):
    """The deterministic verdicts on one final answer (see the module docstring)."""

    answered: bool
    #: against the target: match | mismatch | hedge | no_answer
    verdict_intended: str
    #: against the other readings: match (a non-target reading, not a hedge) | mismatch | hedge | no_answer
    verdict_default: str | None
    correct: bool
    any_valid: bool
    default_captured: bool
    non_committal: bool
    hedge: bool = False
    target: int
    #: readings the answer states (hedges included), and how each was matched
    matched: list[int] = Field(default_factory=list)
    methods: dict[str, str] = Field(default_factory=dict)
    em_target: float = 0.0
    f1_target: float = 0.0
    em_best: float = 0.0
    f1_best: float = 0.0
    reason_intended: str = ""


#: cues before a name that make it context, not an answer: an exclusion ("not X"), an opponent ("beating X"),
#: a successor or predecessor ("succeeded by X")
_EXCLUSION = re.compile(r"(?:\bnot|n't|\brather than|\binstead of|\bas opposed to|\bunlike|\bother than|\bbut not"
                        r"|\bexcluding|\bexcept|\bbeat|\bbeating|\bbeats|\bdefeat(?:ed|ing|s)?|\bagainst|\bversus"
                        r"|\bvs\.?|\bover|\bopposite|\balongside|\b(?:succeeded|preceded|replaced|followed) by"
                        r"|\breplacing|\bsucceeding|\brunners?-up)\s*(?:the\s+|a\s+|by\s+|for\s+|in\s+)?[\"'“‘(]?\s*$")
_NON_COMMITTAL = re.compile(
    r"\b(?:i (?:do not|don't|dont) know|i'?m not sure|not sure|unknown|unclear|cannot (?:be )?(?:determine|answer|"
    r"say)|can't (?:determine|answer|say)|unable to (?:determine|answer)|it depends|depends on (?:which|what|the)|"
    r"(?:could|can) you (?:clarify|specify)|please (?:clarify|specify)|which (?:one|version|year|film|movie|song|"
    r"team|event) do you mean|need more (?:information|context)|ambiguous|(?:can't|cannot|can not) give"
    r"|(?:two|several|multiple) possible|more than one (?:answer|possible)|do you mean"
    # a request to clarify ("Could you tell me which marriage you mean?") and an answer not yet known
    r"|which (?:\w+ ){1,2}(?:do|did|would) you (?:mean|have in mind|want|like)|(?:could|can|would) you (?:please )?"
    r"(?:tell me|let me know|say|confirm) (?:which|what|whether|if)|(?:has|have|had)(?: not|n't) (?:yet )?been "
    r"(?:announced|released|confirmed|revealed|decided|determined|scheduled)|(?:yet )?to be (?:announced|determined|"
    r"confirmed)|tba|tbd"
    # says it found no answer ("I couldn't find reliable cast information")
    r"|(?:couldn'?t|could not|can'?t|cannot|was unable to|am unable to|wasn'?t able to) (?:find|locate|verify)"
    r"|no reliable (?:information|data|source|record)s?)\b|\?\s*$")


def token_f1(prediction: str, reference: str) -> float:
    """SQuAD's token F1 between two normalised texts."""
    p, r = squad_normalize(prediction).split(), squad_normalize(reference).split()
    common = Counter(p) & Counter(r)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision, recall = same / len(p), same / len(r)
    return 2 * precision * recall / (precision + recall)


#: a season or a span of years with its end year shortened: "2015–16", "1999-00"
_SHORT_SPAN = re.compile(r"(?<![\d.,/-])((?:1[0-9]|20)\d\d)\s*[-–—]\s*(\d\d)(?![\d.,/–—-])")
#: a hedge word that opens an alias and says nothing of its value ("approximately 300000 km/s")
_APPROX = re.compile(r"^\s*(?:approximately|approx\.?|about|around|roughly|nearly|almost|circa|some|~|≈)\s+", re.I)


def _full_years(text: str) -> str:
    """Spans of years in one form: "2015–16" and "2015-16" -> "2015-2016" (the end year in full, the next
    century where it would fall before the start: "1999-00" -> "1999-2000")."""
    def full(m: re.Match[str]) -> str:
        start = int(m.group(1))
        end = start // 100 * 100 + int(m.group(2))
        if end < start:
            end += 100
        return f"{m.group(1)}-{end}" if end - start <= 10 else m.group(0)
    return _SHORT_SPAN.sub(full, text)


def _plain(text: str) -> str:
    """The forms answers and aliases are compared in: fractions (`plain_fractions`) and spans of years."""
    return _full_years(plain_fractions(text))


def _variants(alias: str) -> list[str]:
    out = [alias]
    bare = re.sub(r"\s*\([^()]*\)\s*", " ", alias).strip()
    if bare and bare != alias:
        out.append(bare)
    for form in list(out):  # "approximately 300000 km/s" is stated by "about 300,000 km/s" and "300,000 km/s"
        plain = _APPROX.sub("", form)
        if plain != form and plain.strip():
            out.append(plain)
    return out


def _members(alias: str) -> list[str]:
    """The members of a list alias ("A, B & C" -> A, B, C); one member when it is no list."""
    parts = [p.strip() for p in re.split(r"\s*(?:,|;|&|\band\b)\s*", alias) if p.strip()]
    return parts if len(parts) > 1 and all(squad_normalize(p) for p in parts) else [alias]


#: words written in two forms in names ("Saint Thomas" = "St. Thomas", "Mount Everest" = "Mt. Everest", and
#: titles of rank and office: "Colonel Bradford Taylor" = "Col. Bradford Taylor")
_SAME_WORD = {"saint": "st", "mount": "mt", "colonel": "col", "general": "gen", "lieutenant": "lt",
              "sergeant": "sgt", "captain": "capt", "commander": "cmdr", "admiral": "adm", "major": "maj",
              "corporal": "cpl", "brigadier": "brig", "doctor": "dr", "professor": "prof", "senator": "sen",
              "governor": "gov", "reverend": "rev", "junior": "jr", "senior": "sr", "mister": "mr"}


def _same_forms(tokens: list[Token]) -> list[Token]:
    """Tokens with the forms of a name made equal: "saint" -> "st", and spaced initials joined ("C. K. Nayudu"
    -> "ck nayudu", as "CK Nayudu" and "C.K. Nayudu" already are)."""
    out: list[Token] = []
    run: list[Token] = []

    def flush() -> None:
        if len(run) > 1:
            out.append(Token("".join(t.text for t in run), run[0].start, run[-1].end))
        else:
            out.extend(run)
        run.clear()

    for t in tokens:
        if len(t.text) == 1 and t.text.isalpha():
            run.append(t)
            continue
        flush()
        out.append(Token(_SAME_WORD.get(t.text, t.text), t.start, t.end))
    flush()
    return out


def _grading_tokens(text: str) -> list[Token]:
    """`answer_tokens` (possessives dropped) in the forms names are compared in: `_same_forms`, and a US state
    code after a comma read as the state ("Lake Placid, NY" = "Lake Placid, New York"; the code must be in
    capitals: "in" and "or" are words)."""
    text = _plain(text)
    nfkc = unicodedata.normalize("NFKC", text)
    aligned = len(nfkc) == len(fold(text))  # spans index both (Latin script)
    tokens: list[Token] = []
    for t in answer_tokens(text, possessives=True):
        raw = re.sub(r"[^\w]", "", nfkc[t.start:t.end]) if aligned else ""
        if raw in US_STATE_CODES and re.search(r",\s*$", nfkc[:t.start]):
            tokens += [Token(w, t.start, t.end) for w in squad_normalize(US_STATE_CODES[raw]).split()]
        else:
            tokens.append(t)
    return _same_forms(tokens)


def _plain_words(text: str) -> list[str]:
    """A question's normalised words in the forms the answer's are in (possessives dropped, as in
    `_grading_tokens`: "That's the Way" is copied by "That's the Way"), for telling copied runs."""
    return [t.text for t in _same_forms(answer_tokens(text, possessives=True))]


class _Answer:
    """An answer prepared once: its tokens, dates, numbers, and the spans copied from the questions."""

    def __init__(self, text: str, question_texts: list[str]):
        text = _plain(text)
        self.text = text
        self.folded = fold(text)
        self.tokens = _grading_tokens(text)
        self.words = [t.text for t in self.tokens]
        self.dates = _with_context_year(find_dates(text))
        self.numbers = find_numbers(text)
        self.quantities = find_quantities(self.folded)
        self.question_seqs = [_plain_words(q) for q in question_texts]

    def _in_question(self, seq: list[str]) -> bool:
        n = len(seq)
        return any(q[i:i + n] == seq for q in self.question_seqs for i in range(len(q) - n + 1))

    def _copied(self, i: int, j: int) -> bool:
        """Tokens [i, j) lie inside a longer run copied from a question."""
        words = self.words
        return ((i > 0 and self._in_question(words[i - 1:j])) or
                (j < len(words) and self._in_question(words[i:j + 1])))

    def title_follows(self, at: int) -> bool:
        """The words from character `at` on (past quotes) begin with a run of two or more words copied from a
        question: the title of the work the question names."""
        idx = next((k for k, t in enumerate(self.tokens) if t.start >= at), None)
        if idx is None or not re.fullmatch(r"\s*[\"'“‘]?\s*", self.folded[at:self.tokens[idx].start]):
            return False
        return idx + 2 <= len(self.words) and self._in_question(self.words[idx:idx + 2])

    def _excluded(self, start: int) -> bool:
        return bool(_EXCLUSION.search(self.folded[max(0, start - 30):start]))

    def stated_spans(self, alias: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Character spans where the answer states `alias` (tokens, dates or numbers), and spans where it
        names it as context (after an exclusion or opponent cue)."""
        found: list[tuple[int, int]] = []
        for variant in _variants(alias):
            seq = [t.text for t in _grading_tokens(variant)]
            n = len(seq)
            if n == 0:
                continue
            for i in range(len(self.words) - n + 1):
                if self.words[i:i + n] == seq and not self._copied(i, i + n):
                    found.append((self.tokens[i].start, self.tokens[i + n - 1].end))
                elif n > 1 and self.words[i] == seq[0]:
                    end = self._with_initials(seq, i)  # "Janet L. Yellen" states "Janet Yellen"
                    if end is not None and not self._copied(i, end):
                        found.append((self.tokens[i].start, self.tokens[end - 1].end))
        date = _whole_date(alias)
        if date is not None:
            found += [(d.start, d.end) for d in self.dates if d.states(date)]
        quantity = whole_quantity(alias)
        if quantity is not None:  # "6.18 m" = "6.18 metres" = "618 cm" (by value, one dimension)
            found += [(x.start, x.end) for x in self.quantities if x.same(quantity)]
        number = _whole_number(alias) if (date is None or date.month is None) and quantity is None else None
        if number is not None:
            found += [(x.start, x.end) for x in self.numbers
                      if x.value == number.value and x.ordinal == number.ordinal and not self._number_copied(x)]
        context = [s for s in found if self._excluded(s[0])]
        return [s for s in found if s not in context], context

    def _with_initials(self, seq: list[str], i: int) -> int | None:
        """The end of a run from token `i` that states the name `seq` with middle initials the name lacks
        ("Janet L. Yellen", "John F. W. Kennedy"); None when there is none or nothing was skipped."""
        if not all(w.isalpha() and len(w) > 1 for w in seq):
            return None
        k, skipped = i + 1, False
        for w in seq[1:]:
            while k < len(self.words) and len(self.words[k]) == 1 and self.words[k].isalpha():
                k, skipped = k + 1, True
            if k >= len(self.words) or self.words[k] != w:
                return None
            k += 1
        return k if skipped else None

    def _number_copied(self, x: NumberValue) -> bool:
        idx = [k for k, t in enumerate(self.tokens) if t.start < x.end and x.start < t.end]
        return bool(idx) and self._copied(idx[0], idx[-1] + 1)


def _reading_spans(answer: _Answer, aliases: list[str]) -> tuple[list[tuple[int, int]], list[tuple[int, int]], str | None]:
    """Where the answer states one of a reading's aliases, where it names one as context, and how
    (stated | list)."""
    spans: list[tuple[int, int]] = []
    context: list[tuple[int, int]] = []
    method: str | None = None
    for alias in aliases:
        found, ctx = answer.stated_spans(alias)
        context += ctx
        if found:
            spans += found
            method = method or "stated"
            continue
        members = _members(alias)
        if len(members) > 1:
            member_spans = [answer.stated_spans(m) for m in members]
            member_spans = _participants(answer.folded, member_spans)
            context += [s for _, ms in member_spans for s in ms]
            if all(ms for ms, _ in member_spans):
                spans += [s for ms, _ in member_spans for s in ms]
                method = method or "list"
    return spans, context, method


#: what joins the two participants of a game or a contest: "Iowa beat Maryland", "Iowa vs Maryland"
_VERSUS = re.compile(r"\W*(?:beat|beats|beating|defeated|defeats|defeating|vs\.?|versus|against|over)\W+(?:the\s+)?",
                     re.I)


def _participants(text: str, member_spans: list[tuple[list[tuple[int, int]], list[tuple[int, int]]]]
                  ) -> list[tuple[list[tuple[int, int]], list[tuple[int, int]]]]:
    """A list alias's member named after an opponent cue ("Maryland" in "Iowa beat Maryland") is a member
    when another member stands right before the cue: the answer names both participants the alias lists
    ("Iowa, Maryland"), the opponent is no context here."""
    stated = [s for found, _ in member_spans for s in found]
    out = []
    for found, ctx in member_spans:
        joined = [c for c in ctx if any(s[1] <= c[0] and _VERSUS.fullmatch(text[s[1]:c[0]]) for s in stated)]
        out.append((found + joined, [c for c in ctx if c not in joined]))
    return out


def grade_text_answer(instance: AmbigQAInstance, answer: str | None, *, answered: bool = True) -> TextGrade:
    """Grade `answer` (the answer action's value) against every reading. Deterministic; never raises."""
    target = instance.target
    if not answered or answer is None:
        return TextGrade(answered=False, verdict_intended="no_answer", verdict_default="no_answer", correct=False,
                         any_valid=False, default_captured=False, non_committal=False, target=target,
                         reason_intended="no final answer")
    prepared = _Answer(answer, [instance.question, *(r.question for r in instance.readings)])
    answer = prepared.text
    norm = squad_normalize(answer)
    spans: dict[int, list[tuple[int, int]]] = {}
    methods: dict[str, str] = {}
    context: list[tuple[int, int]] = []
    for k, reading in enumerate(instance.readings):
        exact = any(norm == squad_normalize(_plain(v)) for a in reading.answers for v in _variants(a))
        found, ctx, method = _reading_spans(prepared, reading.answers)
        context += ctx
        if exact:
            found = found or [(0, len(prepared.folded))]
            method = "exact"
        if found:
            spans[k], methods[str(k)] = found, method or "stated"
    # a name inside a phrase named as context ("not J. R. R. Tolkien" also holds "Tolkien") is context too
    for k in list(spans):
        kept = [s for s in spans[k] if not any(c[0] <= s[0] and s[1] <= c[1] for c in context)]
        if kept:
            spans[k] = kept
        else:
            del spans[k]
            methods.pop(str(k), None)
    _drop_list_members(prepared.folded, spans, methods)
    # a span inside a longer span of another reading is that reading's ("White" in "Richard White")
    for k in list(spans):
        others = [s for j, ss in spans.items() if j != k for s in ss]
        kept = [s for s in spans[k] if not any(o[0] <= s[0] and s[1] <= o[1] and o != s for o in others)]
        if kept:
            spans[k] = kept
        else:
            del spans[k]
            methods.pop(str(k), None)
    _drop_modifiers(prepared, spans, methods)
    _drop_objects(prepared.folded, spans, methods)
    matched = sorted(spans)
    hedge = any(not _overlap(spans[a], spans[b]) for i, a in enumerate(matched) for b in matched[i + 1:])
    correct = target in spans and not hedge
    any_valid = bool(matched) and not hedge
    non_committal = not matched and (not norm or bool(_NON_COMMITTAL.search(prepared.folded)))
    others_matched = [k for k in matched if k != target]
    verdict_intended = ("hedge" if hedge else "match" if correct else "no_answer" if non_committal else "mismatch")
    verdict_default = ("hedge" if hedge else "match" if others_matched and not correct
                       else "no_answer" if non_committal else "mismatch")
    em = [max((float(norm == squad_normalize(a)) for a in r.answers), default=0.0) for r in instance.readings]
    f1 = [max((token_f1(answer, a) for a in r.answers), default=0.0) for r in instance.readings]
    reason = {"hedge": "states answers of two readings", "match": "",
              "no_answer": "non-committal (states no answer)",
              "mismatch": "states an answer of another reading" if others_matched else "states no reading's answer"}
    return TextGrade(answered=True, verdict_intended=verdict_intended, verdict_default=verdict_default,
                     correct=correct, any_valid=any_valid, default_captured=any_valid and not correct,
                     non_committal=non_committal, hedge=hedge, target=target, matched=matched, methods=methods,
                     em_target=em[target], f1_target=f1[target], em_best=max(em), f1_best=max(f1),
                     reason_intended=reason[verdict_intended])


#: what joins the members of a list named in running text: "Neil Armstrong and Buzz Aldrin", "Troy, Bell"
_LIST_JOIN = re.compile(r"\W*(?:,|&|\band\b|,\s*and\b)\s*(?:[a-z][\w'’.-]*\s+){0,2}")


def _drop_list_members(text: str, spans: dict[int, list[tuple[int, int]]], methods: dict[str, str]) -> None:
    """A reading stated only inside another reading's list answer is a member of that list, not a second
    answer: "Neil Armstrong and Buzz Aldrin" answers "the first people to land" (alias "Armstrong and
    Aldrin"), and also holds "Neil Armstrong" (the first to walk), which is no hedge. The list's phrase runs
    from its first member to its last, members joined by "and", "&" or a comma (first names between)."""
    phrases: dict[int, list[tuple[int, int]]] = {}
    for k, ss in spans.items():
        if methods.get(str(k)) != "list":
            continue
        ordered = sorted(ss)
        runs: list[list[tuple[int, int]]] = [[ordered[0]]] if ordered else []
        for sp in ordered[1:]:
            if _LIST_JOIN.fullmatch(text[runs[-1][-1][1]:sp[0]]):
                runs[-1].append(sp)
            else:
                runs.append([sp])
        phrases[k] = [(r[0][0], r[-1][1]) for r in runs if len(r) > 1]
    for j in list(spans):
        inside = [p for k, ps in phrases.items() if k != j for p in ps]
        # a shorter span within a list's phrase, or reaching back only over a member's first name
        kept = [s for s in spans[j] if not any(p[0] - 25 <= s[0] and s[1] <= p[1] and s[0] < p[1] and p[0] < s[1]
                                               and s[1] - s[0] < p[1] - p[0] for p in inside)]
        if not kept and inside and len(spans) > 1:
            del spans[j]
            methods.pop(str(j), None)
        elif kept:
            spans[j] = kept


def _modifies(answer: _Answer, span: tuple[int, int], others: list[tuple[int, int]]) -> bool:
    """The answer named at `span` modifies another stated answer next to it: a possessive in an apposition
    ("Roger Taylor, Queen's drummer") or right before it ("the Eagles' Don Henley"), or the place that answer
    is in or of ("SH 130 in Texas"); or it is the artist of the work the question names, as a possessive
    before that title ("... sang backing vocals on Billy Preston's 'That's the Way God Planned It'"). A
    possessive elsewhere names a version's performer ("Aretha Franklin's 1967 version"): no modifier."""
    text = answer.folded
    own = text[span[0]:span[1]]
    possessive = bool(re.search(r"(?:['’]s|s['’])$", own) and re.match(r"\s+\W?\w", text[span[1]:]))
    if possessive and answer.title_follows(span[1]):
        return True
    for o in others:
        if possessive and o[0] >= span[1] and not text[span[1]:o[0]].strip():
            return True
        if o[1] > span[0]:
            continue
        # a token's span holds its word's punctuation ("Taylor,", "(Eagles'"): the gap takes it in
        word = text[o[0]:o[1]]
        between = word[len(word.rstrip(",(")):] + text[o[1]:span[0]] + own[:len(own) - len(own.lstrip("("))]
        if re.fullmatch(r"\s*,?\s*(?:in|of|from)\s+(?:the\s+)?", between) and not re.match(r"\W*\d", own):
            return True  # a place or a group ("in Texas", "of the Eagles"); "in 1962" is a date of its own
        if possessive and re.fullmatch(r"\s*[,(]\s*(?:the\s+)?", between):
            return True
    return False


def _drop_modifiers(answer: _Answer, spans: dict[int, list[tuple[int, int]]], methods: dict[str, str]) -> None:
    """A reading named only as a modifier of another reading's stated answer is context, not a second answer
    (the answer is the other one): "Roger Taylor, Queen's drummer, sang lead" answers the lead vocalist.
    Two answers each stated in their own right stay a hedge ("Aretha Franklin's 1967 version is the famous
    one, but Otis Redding wrote it")."""
    if len(spans) < 2:
        return
    drop = []
    for k, ss in spans.items():
        others = [o for j, os in spans.items() if j != k for o in os]
        if all(_modifies(answer, s, others) for s in ss):
            drop.append(k)
    if len(drop) < len(spans):
        for k in drop:
            del spans[k]
            methods.pop(str(k), None)


#: what stands between a subject and its object: a verb, an adverb before it ("accidentally shot"), never a
#: conjunction, a preposition or a copula; nor a verb that pairs two answers ("Jane Wyatt played Margaret":
#: the actor and the character; "Aldrin joined Armstrong": two people who did the same)
_VERB_GAP = re.compile(r"\s+(?:[a-z]+ly\s+)?(?!(?:and|or|nor|but|then|also|later|vs|versus|is|was|are|were|be|as|with|"
                       r"to|in|on|at|by|for|from|of|before|after|not|than|while|when|until|since|if|the|a|an|"
                       r"plays?|played|portray(?:s|ed)?|voice[sd]?|join(?:s|ed)?|became|becomes|accompanied|"
                       r"partnered|succeeded|preceded|followed|replaced|sits|sat|lies|lay)\s)"
                       r"[a-z]+\s+")


def _drop_objects(text: str, spans: dict[int, list[tuple[int, int]]], methods: dict[str, str]) -> None:
    """A reading named only as the object of a verb whose subject is another reading's stated answer is what
    that answer acted on, not a second answer: "Ron Anderson accidentally shot Carl" answers who shot him."""
    if len(spans) < 2:
        return
    drop = []
    for k, ss in spans.items():
        subjects = [o for j, os in spans.items() if j != k and j not in drop for o in os]
        # a token's span holds its punctuation: "The Hague, although Amsterdam ..." starts another clause
        if all(any(o[1] <= s[0] and text[o[1] - 1].isalnum() and _VERB_GAP.fullmatch(text[o[1]:s[0]])
                   for o in subjects) for s in ss):
            drop.append(k)
    if len(drop) < len(spans):
        for k in drop:
            del spans[k]
            methods.pop(str(k), None)


def _overlap(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> bool:
    return any(x[0] < y[1] and y[0] < x[1] for x in a for y in b)
