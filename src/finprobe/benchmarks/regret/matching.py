"""Final answer → intent (DESIGN §5): alias matching, normalised containment, fuzzy for long aliases.

Definition (the labelled set's): the answer selects intent z when it commits to one of z's aliases and to
no alias of another intent. Mentions the answer itself sets aside ("not the 1989 one", "rather than X",
"unlike X", "ahead of X") or puts in a parenthetical aside while naming another intent outside it
do not count. An answer that commits to the aliases of two intents is a hedge: no intent.
No match is a wrong answer (U = 0), never a guess.

The same alias is written many ways: with or without accents, "'72" for 1972, "July of 2018", "S4E9" or
"season four, episode nine" for "Season 4 Episode 9", "4 minutes 12.56 seconds" for "4:12.56" (rewritten
to the alias's form before matching), "27282" for "27,282", "Sept. 1988" for "September 1988", "108 degrees
Fahrenheit" for "108 °F" (both sides written one way), a title before a surname ("Gov. Nixon"), a one-letter
misspelling of a long name no other intent's alias is close to ("Vivian Leigh"), a surname or short name ("Klose", "the Falcons", "Quentin Bryce" for
"Dame Quentin Bryce"), a product title shortened or paraphrased. The last two are matched by distinctive
words: words of one intent's aliases that no other intent's aliases (nor the prompt) contain. A resemblance
never selects an intent when the answer names a model number that intent's aliases lack ("Galaxy S23 Ultra" is
not the "Galaxy S21 5G"). Also: a count in digits for an alias that is the count in words ("11" for "eleven", also
"11项"), "231 636" for "231,636", a full name two letters off ("Crosbie" for "Crosby", names of 15+ characters),
a name split or joined differently ("Body Rockers"), a model name shorter than every alias ("iPhone 8", "Latitude
7480": a word and its number that one intent's aliases alone have, with no figure the answer adds), and an answer
that names a second intent as background in a statement of its own while the other statement repeats the prompt's
qualifier ("X was the first; the current one is Y" for "Who is the current ...?").
"""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import BaseModel
from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from finprobe.benchmarks.regret._text import STOPWORDS, content_words, norm
from finprobe.benchmarks.regret.cig import CIG
from finprobe.benchmarks.regret.lexicon import VALUE_WORDS
from finprobe.core.numbers import ParsedNumber, find_dates, find_numbers, parse_number, same_figure

__all__ = ["IntentMatch", "match_intent", "FUZZY_MIN_WORDS", "FUZZY_THRESHOLD", "MISSPELLING_MIN_CHARS",
           "canonical_answer_forms"]

#: aliases of at least this many words may match fuzzily (long titles are rarely quoted verbatim)
FUZZY_MIN_WORDS = 4
#: rapidfuzz partial_ratio an alias needs to match fuzzily (chosen on bench/data/regret/matcher.jsonl)
FUZZY_THRESHOLD = 90.0
#: shorter aliases (names: "Vivien Leigh") of at least this many characters match an answer one letter off, when no
#: other intent's alias is within two letters of the same words
MISSPELLING_MIN_CHARS = 10
#: aliases of at least this many characters may be misspelt by two letters (a full name: "Cathy Lee Crosbie")
MISSPELLING_2_CHARS = 15
#: aliases of at least this many letters (spaces aside) match an answer that joins or splits their words
SPACED_MIN_CHARS = 8

_SET_ASIDE = re.compile(
    r"(?:\bnot\b|\bn't\b|\brather than\b|\binstead of\b|\bas opposed to\b|\bunlike\b|\bother than\b|\bnor\b|"
    r"\bexcept\b|\bexcluding\b|\bvs\b|\bversus\b|\bcompared (?:to|with)\b|\bconfused with\b|\bmistaken for\b|"
    r"\b(?:up|down|increased?|decreased?|rose|fell|grew|declined?) from\b|\bafter\b|\bbefore\b|\bsucceeded\b|"
    r"\bahead of\b)"
    r"(?:\W+\w+){0,4}\W*$")


_AMOUNT_REST = re.compile(r"(?i)\b(?:million|billion|thousand|trillion|mn|bn|mm|m|b|k|usd|us|rmb|cny|eur|hk|gbp|jpy|"
                          r"percent|pct|per cent|bps)\b|[^a-z]")


def _amount(alias: str) -> ParsedNumber | None:
    """A financial amount alias ("$538.9 million", "14.5%", "9.34亿元"): a number with a scale, currency or
    percent sign and no other words. Such aliases match any equal figure (1% tolerance), however written."""
    p = parse_number(alias)
    if p is None or not (p.currency or p.is_percent or p.scale != 1.0):
        return None
    rest = alias[:p.start] + alias[p.end:]
    return p if not _AMOUNT_REST.sub("", rest.lower()).strip() else None


_POSSESSIVE = re.compile(r"(?<=\w)['’]s\b")
#: a number written with commas between digit groups of three ("27,282")
_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d|[.,]\d)")
#: an abbreviated month before a (day and) year: "Sept. 1988", "Aug 3, 2001", "1 Dec 1999"
_MONTH_ABBREV = re.compile(r"(?i)\b(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?\s+"
                           r"(?=(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?\d{4}\b)")
_MONTH_NAMES = {m[:3]: m for m in "january february march april may june july august september october november "
                "december".split()}
#: a temperature with its unit spelled out or as a degree sign: "108 degrees Fahrenheit", "108°F", "42 deg. C"
_TEMPERATURE = re.compile(r"(?i)(\d+(?:\.\d+)?)\s*(?:(?:°|º|˚|degrees?|deg\.?)\s*(fahrenheit|celsius|centigrade|f|c)\b|"
                          r"(fahrenheit|celsius|centigrade)\b)")


def _temperature(m: re.Match[str]) -> str:
    unit = (m.group(2) or m.group(3)).lower()
    return f"{m.group(1)} °{'F' if unit.startswith('f') else 'C'}"


def _ungroup(m: re.Match[str]) -> str:
    return _ungroup_digits(m.group(0), m.group(0).replace(",", ""))


def _ungroup_digits(grouped: str, digits: str) -> str:
    # "1,710" stays apart from "1710", which may be a year: a count is matched without its separators only where
    # that cannot be read as a year ("27282" is "27,282")
    return grouped if digits.isdigit() and len(digits) == 4 and 1000 <= int(digits) <= 2099 else digits


#: a number written with spaces between digit groups of three ("231 636", SI style), not followed by a letter or
#: another digit group ("in 1990 231 636" keeps 1990 apart)
_SPACE_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+(?![\d\w]|[.,]\d)")


def _unify_forms(text: str) -> str:
    """The spellings aliases and answers both vary in, rewritten to one form on both sides: thousands
    separators (commas, or spaces between groups of three) dropped (see `_ungroup`), abbreviated months written in
    full, temperature units as °F/°C."""
    t = _GROUPED.sub(_ungroup, text)
    t = _SPACE_GROUPED.sub(lambda m: _ungroup_digits(m.group(0), re.sub(r"\D", "", m.group(0))), t)
    t = _MONTH_ABBREV.sub(lambda m: _MONTH_NAMES[m.group(1)[:3].lower()] + " ", t)
    return _TEMPERATURE.sub(_temperature, t)


@lru_cache(maxsize=65536)
def _n(text: str) -> str:
    """Normalised text without possessive 's ("George Michael's version" names "George Michael"), in the forms of
    `_unify_forms`."""
    return norm(_unify_forms(_POSSESSIVE.sub("", text)))


class IntentMatch(BaseModel):
    intent_id: str | None
    #: "alias" | "date" | "amount" | "fuzzy" | "alias_part" | "distinctive" | "background" for a match; "none" or
    #: "hedge" otherwise
    method: str
    matched: dict[str, list[str]] = {}
    score: float = 0.0


def _spans(alias_norm: str, text_norm: str) -> list[tuple[int, int]]:
    # A number alias also matches its ordinal ("78" in "ranked 78th").
    suffix = r"(?:st|nd|rd|th)?" if alias_norm.isdigit() else ""
    return [(m.start(), m.end()) for m in re.finditer(rf"(?<!\w){re.escape(alias_norm)}{suffix}(?!\w)", text_norm)]


def _alias_parts(cig: CIG) -> dict[str, list[str]]:
    """Parts of compound aliases ("Clark Gable and Jean Harlow", "Willemstad, Curaçao") that belong to one
    intent only: naming such a part names the intent."""
    parts: dict[str, set[str]] = {}
    for intent in cig.intents:
        for alias in intent.answer_aliases:
            pieces = [x.strip() for x in re.split(r",|\band\b|&|;|/", alias) if x.strip()]
            if len(pieces) < 2:
                continue
            for piece in pieces:
                n = _n(piece)
                if len(n) >= 3 and not n.isdigit():
                    parts.setdefault(n, set()).add(intent.intent_id)
    whole = {_n(a) for i in cig.intents for a in i.answer_aliases}
    out: dict[str, list[str]] = {}
    for n, owners in parts.items():
        if len(owners) == 1 and n not in whole:
            out.setdefault(next(iter(owners)), []).append(n)
    return out


def _set_aside(text_norm: str, start: int) -> bool:
    return bool(_SET_ASIDE.search(text_norm[max(0, start - 40):start]))


_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " \
         "seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_NUMBER_WORD = rf"(?:(?:{'|'.join(_TENS)})(?:[\s-]+(?:{'|'.join(_UNITS[1:10])}))?|{'|'.join(_UNITS)})"
#: things numbered in titles and schedules: "season seven", "episode twenty-two", "part two"
_COUNTED_WORD = re.compile(rf"(?i)\b(season|series|episode|part|chapter|volume|book|round|stage|track|act|scene|game)"
                           rf"\s+({_NUMBER_WORD})\b")
_SEASON_EPISODE = re.compile(r"(?i)\bS(\d{1,2})\s*[-.]?\s*E(\d{1,3})\b")
_DURATION = re.compile(r"(?i)\b(?:(\d+)\s*(?:hours?|hrs?|h)\s*,?\s*(?:and\s+)?)?(\d+)\s*(?:minutes?|mins?|m)\s*,?\s*"
                       r"(?:and\s+)?(\d+(?:\.\d+)?)\s*(?:seconds?|secs?|s)\b")
_MONTH_OF_YEAR = re.compile(r"(?i)\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                            r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+of\s+(\d{4})\b")
_YEAR_ABBREV = re.compile(r"(?<![\w'’‘])['’‘](\d{2})(?![\d'’‘]|s\b)")
_YEAR = re.compile(r"(?<!\d)(1[0-9]\d{2}|20\d{2})(?!\d)")
_BARE_TEMPERATURE = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)\s?([CF])\b")


def _number_word(words: str) -> int:
    parts = re.split(r"[\s-]+", words.lower())
    if parts[0] in _TENS:
        return 20 + 10 * _TENS.index(parts[0]) + (_UNITS.index(parts[1]) if len(parts) > 1 else 0)
    return _UNITS.index(parts[0])


def _bare_number(alias_norm: str) -> int | None:
    """The count an alias is, when it is only a count from 2 to 99 written in digits or words ("11", "eleven")."""
    if alias_norm.isdigit():
        n = int(alias_norm)
    elif re.fullmatch(_NUMBER_WORD, alias_norm, re.I):
        n = _number_word(alias_norm)
    else:
        return None
    return n if 2 <= n <= 99 else None


def _number_spans(n: int, text_norm: str) -> list[tuple[int, int]]:
    """Where normalised text states the count n in digits ("11" for the alias "eleven"; "11项": digits next to
    Chinese characters are still a number of their own). A count the answer writes in words against an alias in
    digits is left unmatched, as the author's set labels it ("nine games" against "9")."""
    return [(m.start(), m.end()) for m in re.finditer(rf"(?<![a-z0-9]){n}(?:st|nd|rd|th)?(?![a-z0-9])", text_norm)]


def canonical_answer_forms(answer: str, cig: CIG) -> str:
    """The answer with other spellings of the same thing rewritten to the form aliases use: "S4E9" →
    "Season 4 Episode 9", "season seven" → "season 7", "4 minutes 12.56 seconds" → "4:12.56",
    "July of 2018" → "July 2018", and "'72" → "1972" when one of the CIG's aliases has that year."""
    t = _SEASON_EPISODE.sub(lambda m: f"Season {int(m.group(1))} Episode {int(m.group(2))}", answer)
    t = _COUNTED_WORD.sub(lambda m: f"{m.group(1)} {_number_word(m.group(2))}", t)

    def duration(m: re.Match[str]) -> str:
        h, mins, sec = m.group(1), int(m.group(2)), m.group(3)
        whole, _, frac = sec.partition(".")
        sec_txt = f"{int(whole):02d}" + (f".{frac}" if frac else "")
        return f"{int(h)}:{mins:02d}:{sec_txt}" if h else f"{mins}:{sec_txt}"

    t = _DURATION.sub(duration, t)
    t = _MONTH_OF_YEAR.sub(lambda m: f"{m.group(1)} {m.group(2)}", t)
    if _BARE_TEMPERATURE.search(t) and any(_TEMPERATURE.search(a) for i in cig.intents for a in i.answer_aliases):
        # "42C" is a temperature only where the CIG's answers are temperatures (elsewhere: a seat, a form)
        t = _BARE_TEMPERATURE.sub(lambda m: f"{m.group(1)} °{m.group(2)}", t)
    if _YEAR_ABBREV.search(t):
        years = {y for i in cig.intents for a in i.answer_aliases for y in _YEAR.findall(a)}

        def year(m: re.Match[str]) -> str:
            full = [y for y in years if y[2:] == m.group(1)]
            return full[0] if len({y[:2] for y in full}) == 1 else m.group(0)

        t = _YEAR_ABBREV.sub(year, t)
    return t


#: words allowed in a name beside a distinctive one without being part of the alias ("General Cosgrove")
_TITLES = frozenset("mr mrs ms miss dr sir dame lord lady general gen president pres prof professor saint st captain "
                    "capt jr sr gov governor sen senator rep representative col colonel lt lieutenant maj major sgt "
                    "sergeant adm admiral cmdr commander rev reverend fr father hon judge justice mayor sheriff coach "
                    "king queen prince princess pope chancellor premier minister secretary ambassador".split())
_CAPITAL_RUN = re.compile(r"(?<![\w'’])[A-Z][\w'’.+&-]*(?:\s+[A-Z][\w'’.+&-]*)*")


def _alias_words(text: str) -> set[str]:
    """Meaningful words of a text for distinctive-word matching: no stopwords, no bare numbers, no 1-letter words
    (a 2-character word counts only with a digit: "S3", "4K")."""
    return {w for w in _n(text).split() if w not in STOPWORDS and not w.isdigit()
            and (len(w) >= 3 or (len(w) == 2 and any(c.isdigit() for c in w)))}


def _distinctive_words(cig: CIG) -> tuple[dict[str, set[str]], dict[str, set[str]], set[str]]:
    """Per intent: all alias words, and the words no other intent's aliases and not the prompt contain; plus
    the words of the variables' values (naming a value alone, "an OXO one", names a slot, not an item)."""
    words = {i.intent_id: set().union(*(_alias_words(a) for a in i.answer_aliases)) for i in cig.intents}
    prompt = _alias_words(cig.prompt)
    distinct = {k: w - prompt - set().union(*(o for j, o in words.items() if j != k)) for k, w in words.items()}
    values = set().union(*(_alias_words(v) for var in cig.variables for v in var.values))
    return words, distinct, values


def _match_distinctive(answer: str, cig: CIG) -> IntentMatch | None:
    """A surname, short name or paraphrased title: the answer's words that only one intent's aliases contain.

    A capitalised name counts only when its other words belong to the same intent's aliases too ("Ted
    Williams" does not name "Serena Williams"). Words of variable values alone never select (naming the
    brand is not naming the product) unless the answer describes the item with other words of its aliases.
    The intent with the most such words wins when it has at least twice as many as any other (one against
    none for names; "the Acanva pillows in black, king size" against a stray "size" for titles); otherwise
    the answer names several intents and selects none."""
    words, distinct, values = _distinctive_words(cig)
    text = _n(answer)
    runs = [_alias_words(r) - _TITLES for r in _CAPITAL_RUN.findall(answer)]
    found: dict[str, set[str]] = {}
    for k, dw in distinct.items():
        for w in dw:
            starts = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(w)}(?!\w)", text)]
            if not starts or all(_set_aside(text, s) for s in starts):
                continue
            if any(w in run and not run <= words[k] for run in runs):
                continue  # part of a longer name that is not this intent's
            found.setdefault(k, set()).add(w)
    # A model name: a word and the number after it ("iPhone 8", "Latitude 7480") that only one intent's aliases
    # have, when the answer names no figure that intent's aliases lack ("Dell Latitude 7480" for "Dell Latitude 7480
    # Business UltraBook"; not "Season 4 Episode 10" for "Season 4 Episode 9").
    for k, names in _model_names(cig).items():
        own = _intent_words(cig, k)
        for name in names:
            starts = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text)]
            if starts and not all(_set_aside(text, s) for s in starts) \
                    and all(t in own for t in text.split() if _has_digit(t)):
                found.setdefault(k, set()).add(name)
    # A value's words ("20L", "OXO") select only when the answer also describes that intent's item with other
    # words of its aliases ("the Cooluli 20L mini fridge for your bedroom", not "get an OXO one").
    answer_words = _alias_words(answer) - _alias_words(cig.prompt) - values
    found = {k: v for k, v in found.items() if v - values or len(answer_words & words[k]) >= 2 or len(found) > 1}
    # An answer that names another intent's model number does not select this one by its other words
    # ("the Examplephone X10 Pro Max 256GB": 256GB and "Pro Max" are the X12's, but X10 is another model).
    found = {k: v for k, v in found.items() if not _names_other_model(text, k, cig)}
    if not found:
        return None
    ranked = sorted(found, key=lambda k: -len(found[k]))
    best = ranked[0]
    second = len(found[ranked[1]]) if len(ranked) > 1 else 0
    matched = {k: sorted(v) for k, v in found.items()}
    if second and len(found[best]) < max(2, 2 * second):
        return IntentMatch(intent_id=None, method="hedge", matched=matched)
    return IntentMatch(intent_id=best, method="distinctive", matched=matched, score=1.0)


def _model_names(cig: CIG) -> dict[str, set[str]]:
    """Per intent: the model names of its aliases (a word of letters and the number after it: "iphone 8",
    "latitude 7480") that no other intent's aliases and not the prompt contain."""
    def names(text: str) -> set[str]:
        t = _n(text).split()
        return {f"{a} {b}" for a, b in zip(t, t[1:], strict=False)
                if a.isalpha() and len(a) >= 3 and a not in STOPWORDS and b.isdigit()}
    per = {i.intent_id: set().union(*(names(a) for a in i.answer_aliases)) for i in cig.intents}
    prompt = names(cig.prompt)
    return {k: v - prompt - set().union(*(o for j, o in per.items() if j != k)) for k, v in per.items()}


def _has_digit(token: str) -> bool:
    return any(c.isdigit() for c in token)


def _model_tokens(text_norm: str) -> set[str]:
    """Model numbers and other letter-digit codes ("s23", "g973u", "5g") of normalised text."""
    return {t for t in text_norm.split() if _has_digit(t) and not t.isdigit()}


def _intent_words(cig: CIG, intent_id: str) -> set[str]:
    return {w for i in cig.intents if i.intent_id == intent_id for a in i.answer_aliases for w in _n(a).split()}


def _names_other_model(text_norm: str, intent_id: str, cig: CIG) -> bool:
    """Whether the answer names a model number that this intent's aliases lack and another intent's aliases have."""
    own = _intent_words(cig, intent_id)
    others = set().union(*(_intent_words(cig, o.intent_id) for o in cig.intents if o.intent_id != intent_id))
    return any(m not in own and m in others for m in _model_tokens(text_norm))


def _whole_words(text_norm: str, start: int, end: int) -> str:
    """The words of normalised text that overlap [start, end)."""
    while start > 0 and text_norm[start - 1] != " ":
        start -= 1
    while end < len(text_norm) and text_norm[end] != " ":
        end += 1
    return text_norm[start:end]


def _contradicts(alias_norm: str, window_norm: str) -> bool:
    """Whether the part of an answer that resembles an alias names a number or model the alias does not have
    ("samsung galaxy s23" against "samsung galaxy s21 5g"): a resemblance is not a match then."""
    alias_words = set(alias_norm.split())
    return any(_has_digit(w) and w not in alias_words for w in window_norm.split())


def _edits_allowed(alias_norm: str) -> int:
    """Letters a misspelling may differ by: one, two for a name of at least MISSPELLING_2_CHARS characters
    ("cathy lee crosbie" for "cathy lee crosby")."""
    return 2 if len(alias_norm) >= MISSPELLING_2_CHARS else 1


def _misspelt(alias_norm: str, text_norm: str, intent_id: str, cig: CIG) -> list[tuple[int, int]]:
    """Spans of the answer a letter or two away from a long alias ("vivian leigh" for "vivien leigh"; see
    `_edits_allowed`), with the same numbers, not set aside, and farther from every other intent's alias."""
    k = len(alias_norm.split())
    tokens = [(m.start(), m.end()) for m in re.finditer(r"\S+", text_norm)]
    others = [_n(a) for i in cig.intents if i.intent_id != intent_id for a in i.answer_aliases]
    edits = _edits_allowed(alias_norm)
    spans = []
    for j in range(len(tokens) - k + 1):
        start, end = tokens[j][0], tokens[j + k - 1][1]
        window = text_norm[start:end]
        if Levenshtein.distance(window, alias_norm, score_cutoff=edits) > edits or _contradicts(alias_norm, window) \
                or _contradicts(window, alias_norm) or _set_aside(text_norm, start):
            continue
        if any(Levenshtein.distance(window, o, score_cutoff=edits + 1) <= edits + 1 for o in others if o):
            continue
        spans.append((start, end))
    return spans


def _spaced(alias_norm: str, text_norm: str) -> list[tuple[int, int]]:
    """Spans of the answer that write the alias with its words joined or split differently ("body rockers" for
    "bodyrockers", "bodyrockers" for "body rockers"): the same letters, spaces aside."""
    target = alias_norm.replace(" ", "")
    if len(target) < SPACED_MIN_CHARS:
        return []
    k = len(alias_norm.split())
    tokens = [(m.start(), m.end()) for m in re.finditer(r"\S+", text_norm)]
    spans = []
    for size in {max(1, k - 1), k + 1, k + 2} - {k}:
        for j in range(len(tokens) - size + 1):
            start, end = tokens[j][0], tokens[j + size - 1][1]
            if text_norm[start:end].replace(" ", "") == target and not _set_aside(text_norm, start):
                spans.append((start, end))
    return spans


_PARENTHETICAL = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")


def match_intent(answer: str, cig: CIG) -> IntentMatch:
    """The intent a final answer selects, or intent_id None ("none": no alias; "hedge": several intents)."""
    if not isinstance(answer, str) or not answer.strip():
        return IntentMatch(intent_id=None, method="none")
    answer = canonical_answer_forms(answer, cig)
    result = _match_aliases(answer, cig)
    if result.method == "hedge" and _PARENTHETICAL.search(answer):
        # "Sandor Clegane (played by Rory McCann)": an aside in brackets does not compete with the main clause.
        outside = _match_aliases(_PARENTHETICAL.sub(" ", answer), cig)
        if outside.intent_id is not None:
            return outside.model_copy(update={"matched": result.matched})
    if result.method == "hedge":
        background = _background_resolved(answer, cig)
        if background is not None:
            return background.model_copy(update={"matched": result.matched})
    if result.method == "none":
        return _match_distinctive(answer, cig) or result
    return result


_CLAUSE_BREAK = re.compile(r"\s*;\s*|(?<=[.!?])\s+")
_CONDITIONAL = re.compile(r"(?i)\b(?:if|whether|depending|depends|either|or|unless|assuming|maybe|perhaps|possibly|"
                          r"probably|could|might)\b")


_QUALIFIERS = content_words(" ".join(VALUE_WORDS))


def _background_resolved(answer: str, cig: CIG) -> IntentMatch | None:
    """An answer that names two intents in separate statements, one of which repeats the prompt's own qualifier
    ("Havel was the first; the current one is Zeman" for "Who is the current president?"): the other is
    background, and the answer commits to the one that answers the prompt's qualifier. Not when the answer
    hedges or conditions ("if", "or", "maybe"), and not when more than one statement restates the prompt."""
    if _CONDITIONAL.search(answer):
        return None
    clauses = [c for c in _CLAUSE_BREAK.split(answer) if c.strip()]
    if len(clauses) < 2:
        return None
    # the prompt's own qualifier ("current", "latest", "first", a year) says which reading it asks
    prompt = {w for w in content_words(cig.prompt) if w in _QUALIFIERS or w.isdigit()}
    if not prompt:
        return None
    picked: dict[str, bool] = {}
    for clause in clauses:
        m = _match_aliases(clause, cig)
        if m.method == "hedge":
            return None
        if m.intent_id is None:
            continue
        aliases = set().union(*(content_words(a) for a in m.matched.get(m.intent_id, [])))
        echoes = bool((content_words(clause) - aliases) & prompt)
        picked[m.intent_id] = picked.get(m.intent_id, False) or echoes
    echoing = [k for k, e in picked.items() if e]
    if len(picked) < 2 or len(echoing) != 1:
        return None
    return IntentMatch(intent_id=echoing[0], method="background", score=1.0)


def _match_aliases(answer: str, cig: CIG) -> IntentMatch:
    text = _n(answer)
    answer_dates: set[str] | None = None
    numbers: list[ParsedNumber] | None = None
    hits: dict[str, list[tuple[int, int, str, str]]] = {}  # intent -> (start, end, alias, method)
    for intent in cig.intents:
        for alias in intent.answer_aliases:
            a = _n(alias)
            if not a:
                continue
            found = [(s, e, alias, "alias") for s, e in _spans(a, text) if not _set_aside(text, s)]
            count = _bare_number(a) if not found else None
            if count is not None:  # "11" for the alias "eleven", "Ten" for "10"
                found = [(s, e, alias, "alias") for s, e in _number_spans(count, text) if not _set_aside(text, s)]
            if not found and find_dates(alias):
                answer_dates = find_dates(answer) if answer_dates is None else answer_dates
                if find_dates(alias) <= answer_dates:  # every date of the alias, in any format
                    found = [(0, 0, alias, "date")]
            amount = _amount(alias) if not found else None
            if amount is not None:
                answer_numbers = numbers if numbers is not None else find_numbers(answer)
                numbers = answer_numbers
                found = [(n.start, n.end, alias, "amount") for n in answer_numbers
                         if same_figure(amount, n) and not _set_aside(answer.lower(), n.start)]
            if not found and len(a.split()) >= FUZZY_MIN_WORDS and len(a) <= len(text):
                al = fuzz.partial_ratio_alignment(a, text)
                if al is not None and al.score >= FUZZY_THRESHOLD and not _set_aside(text, al.dest_start) \
                        and not _contradicts(a, _whole_words(text, al.dest_start, al.dest_end)):
                    found = [(al.dest_start, al.dest_end, alias, "fuzzy")]
            if not found:  # a resemblance: an exact mention of another intent's alias outranks it ("EJ DiMera")
                found = [(st, en, alias, "fuzzy") for st, en in _spaced(a, text)]
            if not found and len(a.split()) < FUZZY_MIN_WORDS and len(a) >= MISSPELLING_MIN_CHARS:
                found = [(st, en, alias, "fuzzy") for st, en in _misspelt(a, text, intent.intent_id, cig)]
            if found:
                hits.setdefault(intent.intent_id, []).extend(found)
    # A fuzzy resemblance never selects an intent whose aliases lack a model number the answer names while another
    # intent's aliases have it ("Galaxy S23 Ultra" resembles "Galaxy S21 5G", but S23 is another intent's model).
    for iid in [k for k, hs in hits.items() if all(h[3] == "fuzzy" for h in hs)]:
        if _names_other_model(text, iid, cig):
            del hits[iid]
    if not hits:
        for iid, parts in _alias_parts(cig).items():
            for part in parts:
                found = [(s, e, part, "alias_part") for s, e in _spans(part, text) if not _set_aside(text, s)]
                if found:
                    hits.setdefault(iid, []).extend(found)
    if len(hits) > 1 and any(h[3] != "fuzzy" for hs in hits.values() for h in hs):
        # An exact mention outranks a fuzzy resemblance ("Cooluli 15L ..." named, "Cooluli 20L ..." only similar).
        hits = {k: v for k, v in hits.items() if any(h[3] != "fuzzy" for h in v)}
    if not hits:
        return IntentMatch(intent_id=None, method="none")
    matched = {k: sorted({h[2] for h in v}) for k, v in hits.items()}
    if len(hits) > 1:
        # An intent whose every mention lies inside another intent's longer mention is not separately named
        # ("18" inside "18 years of age" of another intent; "Season 1" is not inside "Season 11" by word bounds).
        def covered(k: str) -> bool:
            spans = [h for h in hits[k] if h[3] in ("alias", "fuzzy")]
            return bool(spans) and all(any(o != k and h2[0] <= h[0] and h[1] <= h2[1]
                                           and (h2[1] - h2[0]) > (h[1] - h[0])
                           for o, hs in hits.items() for h2 in hs if h2[3] in ("alias", "fuzzy")) for h in spans)
        keep = {k: v for k, v in hits.items() if not covered(k)}
        if len(keep) != 1:
            return IntentMatch(intent_id=None, method="hedge", matched=matched)
        hits = keep
    (iid, hs), = hits.items()
    method = "alias" if any(h[3] == "alias" for h in hs) else hs[0][3]
    return IntentMatch(intent_id=iid, method=method, matched=matched, score=1.0)
