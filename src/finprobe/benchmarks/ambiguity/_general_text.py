"""Text helpers for general-domain (AmbigQA) questions and answers, English only.

`squad_normalize` is AmbigQA's answer normalisation (the SQuAD one its official evaluation uses: lower case,
punctuation removed, the articles a/an/the removed, whitespace folded), with two additions that only widen
what counts as punctuation and letters: Unicode punctuation (curly quotes, dashes) is punctuation too, and
accents are folded ("Timothée" = "Timothee"). `answer_tokens` keeps each token's character span in the
text, so matchers can say *where* an answer states something.
"""

from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass

__all__ = ["STOPWORDS", "US_STATE_CODES", "Token", "answer_tokens", "content_tokens", "fold", "squad_normalize", "stem"]

_ASCII_PUNCT = frozenset(string.punctuation)
_ARTICLES = frozenset({"a", "an", "the"})

#: function words and question frames: they carry no reading of their own
STOPWORDS = frozenset("""
a an the and or but nor of to in on at by for with from into onto as than then so such
is are was were be been being am do does did doing done have has had having will would shall should can could
may might must it its it's this that these those there here which who whom whose what when where why how
i me my we our you your he him his she her they them their one ones some any each every all both either neither
not no yes if about also just only very really please thanks thank up out over under again further once
s t ll ve re d m
""".split())


#: USPS codes of the US states and DC ("Lake Placid, NY" names New York)
US_STATE_CODES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho",
    "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina",
    "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas",
    "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington", "WV": "West Virginia",
    "WI": "Wisconsin", "WY": "Wyoming", "DC": "District of Columbia",
}


def fold(text: str) -> str:
    """NFKC, accents removed, lower case."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def _is_punct(ch: str) -> bool:
    return ch in _ASCII_PUNCT or unicodedata.category(ch).startswith("P")


def _strip_punct(word: str) -> str:
    return "".join(ch for ch in word if not _is_punct(ch))


def squad_normalize(text: str) -> str:
    """AmbigQA's normalisation: lower case, punctuation removed, articles removed, whitespace folded."""
    words = _strip_punct(fold(text)).split()
    return " ".join(w for w in words if w not in _ARTICLES)


@dataclass(frozen=True)
class Token:
    """One normalised token and the [start, end) character span of the word it came from."""

    text: str
    start: int
    end: int


def answer_tokens(text: str, *, possessives: bool = False) -> list[Token]:
    """The tokens of `squad_normalize(text)` with their spans in `fold(text)` (which keeps the length of the
    NFKC text for Latin script). Punctuation is removed inside a word ("U.S." -> "us", "1,000" -> "1000"),
    as SQuAD's normalisation does, and a word that is only punctuation or an article yields no token.
    `possessives`: a trailing "'s" is dropped first ("Cash's" -> "cash"), for matching names in running text
    (apply it to both sides: "Philosopher's Stone" -> "philosopher stone")."""
    folded = fold(text)
    out: list[Token] = []
    for m in re.finditer(r"\S+", folded):
        raw = m.group(0)
        if possessives:
            raw = re.sub(r"['’]s(?=\W*$)", "", raw)
        word = _strip_punct(raw)
        if word and word not in _ARTICLES:
            out.append(Token(word, m.start(), m.end()))
    return out


def stem(word: str) -> str:
    """A light English stem: possessive and plural endings folded ("movies" -> "movie", "series" stays)."""
    if len(word) <= 3 or word.endswith(("ss", "us", "is", "series", "species")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("'s"):
        return word[:-1]
    return word


def content_tokens(text: str) -> set[str]:
    """Stemmed tokens that are not stopwords: what a question says beyond its grammar."""
    words = re.findall(r"[a-z0-9]+", fold(text).replace("'s ", " ").replace("’s ", " "))
    return {stem(w) for w in words if w not in STOPWORDS}
