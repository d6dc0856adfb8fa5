"""Typed attributes of the phrases that tell readings apart ("the 1978 film", "in Nebraska", "as Corie
Bratter", "season 2"), and CIG variables built from them.

`features(phrase)` finds the typed attributes of one reading's distinguishing phrase; `build_variables`
turns the readings' attributes into CIG variables: an attribute type every reading has, with at least two
values; types that split the readings the same way are merged into one `version` variable (asking either
is one question); the readings must end up pairwise separated, or the record is not cleanly labelled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from finprobe.benchmarks.regret.cig import ClarifyAction, Variable, ask_action
from finprobe.benchmarks.regret.places import is_place
from finprobe.benchmarks.regret.quality import CRITERIA, GENERIC_VARIABLE

__all__ = ["TYPE_ORDER", "VariablePlan", "build_variables", "features", "reference_questions"]

_YEAR = re.compile(r"\b(1[5-9]\d{2}|20\d{2})(?:s\b|\s*[-–]\s*(?:\d{2}|\d{4})\b)?")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth", "last", "latest", "original", "final", "newest", "most recent")
_ORDINAL = re.compile(r"\b(" + "|".join(_ORDINALS) + r"|\d+(?:st|nd|rd|th))\b", re.I)
_MEDIA = ("film", "movie", "tv series", "television series", "tv show", "series", "show", "sitcom", "miniseries",
          "musical", "play", "opera", "novel", "book", "song", "single", "album", "video game", "game",
          "comic", "manga", "anime", "cartoon", "soundtrack", "broadway", "remake", "sequel", "documentary",
          "poem", "short story", "web series", "radio")
_MEDIUM = re.compile(r"\b(" + "|".join(sorted((re.escape(m) for m in _MEDIA), key=len, reverse=True)) + r")s?\b", re.I)
_SEASON = re.compile(r"\b(season|series|episode|part|volume|vol\.?|chapter|book|edition|round|week|stage|leg|"
                     r"phase|generation|gen)\s+(\d+|[ivx]+|one|two|three|four|five|six|seven|eight|nine|ten)\b", re.I)
_GENDER = re.compile(r"\b(men's|women's|mens|womens|male|female|boys'?|girls'?|ladies'?|men|women)\b", re.I)
_PLATFORM = re.compile(r"\b(playstation(?: \d| vita| portable)?|ps\d|xbox(?: one| 360| series [xs])?|nintendo "
                       r"(?:switch|ds|3ds|wii u?|64)|wii u?|microsoft windows|windows|mac ?os|ios|android|pc|"
                       r"game ?boy(?: advance| color)?|sega \w+)\b", re.I)
_ROLE = re.compile(r"(?:^|\b)(?:as|character(?: of)?|role of|the role)\s+"
                   r"(['\"]?[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,3})")
_ARTIST = re.compile(r"(?:^|\b)by\s+(?:the\s+)?([A-Z][\w.'&-]*(?:\s+[A-Z][\w.'&-]*){0,3})")
_CRITERION = re.compile(r"(?:^|\b)(?:by|in terms of|measured by)\s+((?:total\s+|seating\s+|land\s+)?[a-z][a-z-]+)\b")
_NOT_ROLE = re.compile(r"^(?:celsius|fahrenheit|mrs?|ms|dr)\.?$", re.I)
_CORPORATE = re.compile(r"\b(?:llc|inc|corp|corporation|ltd|company|group)\b\.?", re.I)
_LANGUAGES = {"english", "japanese", "spanish", "french", "german", "chinese", "mandarin", "cantonese", "hindi",
              "korean", "italian", "portuguese", "russian", "arabic", "dutch", "swedish", "latin", "greek",
              "hebrew", "turkish", "polish", "tamil", "telugu", "urdu", "bengali", "persian", "irish", "welsh"}
_LANGUAGE = re.compile(r"\b(" + "|".join(sorted(_LANGUAGES)) + r")\b", re.I)
_MEDIUM_CANON = {"movie": "film", "tv show": "tv series", "television series": "tv series", "show": "tv series",
                 "series": "tv series", "book": "novel"}
_PLACE = re.compile(r"(?:^|\b)(?:in|at|from|of)\s+(?:the\s+)?([A-Z][\w.'-]*(?:\s+(?:of\s+)?[A-Z][\w.'-]*){0,3})")
_MONTHS = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december"}
_ROLE_WORDS = re.compile(r"\b(character|role|actor|actress|voice|voiced|singer|player|coach|captain|host|"
                         r"narrator)\b", re.I)

#: attribute types, in the order used to name merged variables' values
TYPE_ORDER = ("year", "ordinal", "season", "medium", "place", "language", "role", "artist", "criterion", "gender",
              "platform", GENERIC_VARIABLE)

_QUESTIONS: dict[str, tuple[str, str]] = {
    # type -> (the question naming the dimension, a description of the variable)
    "year": ("Which year do you mean?", "year"),
    "ordinal": ("Which one in the order do you mean: the first, the second, or another?", "order"),
    "season": ("Which season or part do you mean?", "season or part"),
    "medium": ("Which medium do you mean: film, TV, book, music, or something else?", "medium"),
    "place": ("Which place do you mean?", "place"),
    "role": ("Which character or role do you mean?", "character or role"),
    "artist": ("Which artist's version do you mean?", "artist"),
    "gender": ("Do you mean the men's or the women's?", "gender"),
    "platform": ("Which platform do you mean?", "platform"),
    "language": ("Which language or region do you mean?", "language"),
    "criterion": ("Which measure do you mean?", "measure"),
    "version": ("Which version do you mean?", "version"),
    "condition": ("Which situation do you mean?", "condition"),
    "person": ("Which person do you mean?", "person"),
    GENERIC_VARIABLE: ("Which one do you mean?", "which one"),
}


def features(phrase: str) -> dict[str, str]:
    """Typed attributes of a distinguishing phrase: type -> value (as written, compact)."""
    out: dict[str, str] = {}
    years = list(dict.fromkeys(m.group(0).replace(" ", "") for m in _YEAR.finditer(phrase)))
    # one value per reading: a year, a range written as one ("1990-91", "1990s"), or two years joined as a range
    # ("from 1990 to 1995"); several years are no single value, so the reading has no year attribute
    if len(years) == 1:
        out["year"] = years[0]
    elif len(years) == 2 and all(y.isdigit() for y in years) and re.search(
            rf"{years[0]}\s*(?:to|-|–|through|until)\s*{years[1]}", phrase):
        out["year"] = f"{years[0]} to {years[1]}"
    m = _SEASON.search(phrase)
    if m:
        out["season"] = f"{m.group(1).lower()} {m.group(2)}"
    m = _ORDINAL.search(phrase)
    if m and "season" not in out:
        out["ordinal"] = m.group(1).lower()
    media = [x.group(1).lower() for x in _MEDIUM.finditer(phrase)]
    if media:
        out["medium"] = " ".join(dict.fromkeys(_MEDIUM_CANON.get(m, m) for m in media))
    m = _GENDER.search(phrase)
    if m:
        g = m.group(1).lower().rstrip("'")
        out["gender"] = {"mens": "men's", "men": "men's", "male": "men's", "boys": "boys'", "womens": "women's",
                         "women": "women's", "female": "women's", "girls": "girls'", "ladies": "women's"}.get(g, g)
    m = _PLATFORM.search(phrase)
    if m:
        out["platform"] = m.group(1)
    m = _ROLE.search(phrase)
    if m and not _NOT_ROLE.search(m.group(1)):
        out["role"] = m.group(1).strip("'\"")
    elif _ROLE_WORDS.search(phrase) and len(phrase.split()) <= 4:
        out["role"] = _ROLE_WORDS.search(phrase).group(1).lower()  # type: ignore[union-attr]
    m = _ARTIST.search(phrase)
    if m:
        if not _CORPORATE.search(m.group(1)):
            out["artist"] = m.group(1).strip()
    else:
        m = _CRITERION.search(phrase)
        if m and set(m.group(1).lower().split()) & CRITERIA:
            out["criterion"] = m.group(1)
    m = _LANGUAGE.search(phrase)
    if m:
        out["language"] = m.group(1).capitalize()
    for m in _PLACE.finditer(phrase):
        cand = m.group(1).strip().rstrip(".,")
        if (cand.split()[0].lower() in _MONTHS or _YEAR.fullmatch(cand) or cand.lower() in _MEDIA
                or cand.lower() in _LANGUAGES or _SEASON.fullmatch(cand)):
            continue
        # A capitalised name after in / at / from / of is a place only when the gazetteer says so ("in Nebraska");
        # otherwise ("in the National Football League", "of the Lok Sabha") it tells the readings apart without a
        # type: the generic referent ("Which one do you mean?").
        if is_place(cand):
            out["place"] = cand
        elif cand.lower() not in {"season", "seasons", "part", "episode"} and not re.search(r"['’]s?$", cand):
            out.setdefault(GENERIC_VARIABLE, cand)
        break
    return out


def reference_questions(vtype: str, values: list[str]) -> list[str]:
    """The dimension question and, for up to four values, the question offering them."""
    first = _QUESTIONS.get(vtype, (f"Which {vtype.replace('_', ' ')} do you mean?", vtype))[0]
    qs = [first]
    if 2 <= len(values) <= 4:
        offered = ", ".join(values[:-1]) + " or " + values[-1]
        qs.append(f"Do you mean {offered}?")
    return qs


def description(vtype: str) -> str:
    return _QUESTIONS.get(vtype, ("", vtype.replace("_", " ")))[1]


@dataclass
class VariablePlan:
    variables: list[Variable]
    actions: list[ClarifyAction]
    #: per reading, variable -> value
    slots: list[dict[str, str]]


def _partition(values: list[str]) -> tuple[int, ...]:
    seen: dict[str, int] = {}
    return tuple(seen.setdefault(v.lower(), len(seen)) for v in values)


def build_variables(per_reading: list[dict[str, str]]) -> VariablePlan | str:
    """CIG variables from each reading's typed attributes, or the reason they cannot be built."""
    n = len(per_reading)
    shared = [t for t in TYPE_ORDER if all(t in f for f in per_reading)]
    cols = {t: [f[t] for f in per_reading] for t in shared}
    cols = {t: vals for t, vals in cols.items() if len({v.lower() for v in vals}) >= 2}
    if not cols:
        return "alternatives not labelled by a shared concise attribute (year, place, role, medium, ...)"
    # Types that split the readings identically are one question: merge them ("1978 film" / "1971 musical").
    groups: dict[tuple[int, ...], list[str]] = {}
    for t, vals in cols.items():
        groups.setdefault(_partition(vals), []).append(t)
    # the generic referent adds nothing to a typed attribute that splits the readings the same way
    groups = {k: [t for t in ts if t != GENERIC_VARIABLE] or ts for k, ts in groups.items()}
    named: list[tuple[str, list[str]]] = []
    for types in groups.values():
        if len(types) == 1:
            named.append((types[0], cols[types[0]]))
        else:
            named.append(("version", [" ".join(cols[t][i] for t in types) for i in range(n)]))
    keys = [tuple(vals[i].lower() for _, vals in named) for i in range(n)]
    if len(set(keys)) < n:
        return "readings not separated by their attributes (two readings share every attribute value)"
    names = [t for t, _ in named]
    if len(set(names)) < len(names):  # two merged groups both called "version"
        named = [(f"{t}_{k + 1}" if names.count(t) > 1 else t, v) for k, (t, v) in enumerate(named)]
    variables, actions = [], []
    slots: list[dict[str, str]] = [{} for _ in range(n)]
    for name, vals in named:
        canon: dict[str, str] = {}
        for v in vals:
            canon.setdefault(v.lower(), v)
        values = list(canon.values())
        base = name.split("_")[0]
        variables.append(Variable(name=name, values=values, description=description(base)))
        actions.append(ClarifyAction(action=ask_action(name), reference_questions=reference_questions(base, values)))
        for i, v in enumerate(vals):
            slots[i][name] = canon[v.lower()]
    return VariablePlan(variables=variables, actions=actions, slots=slots)
