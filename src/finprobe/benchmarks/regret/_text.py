"""Text helpers shared by the regret family's components: one tokenizer for costs, one normaliser for
matching values and aliases, and whole-word mention finding."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from finprobe.core.numbers import normalise_text_answer

_TOKEN_RE = re.compile(r"\w+|[^\w\s]", re.UNICODE)
_WORD_RE = re.compile(r"[a-z0-9]+")
_POSSESSIVE_RE = re.compile(r"(?<=\w)['’]s\b")
_CJK_RE = re.compile(r"[\u3400-\u9fff]")

#: words that carry no meaning for matching a question to a variable
STOPWORDS = frozenset("""
a an the of in on at to for from by with about as is are was were be been being do does did you your yours
i me my we our it its this that these those which what who whom whose when where how why or and but if
would could can will shall should may might must please just so then than there here any some one ones
mean meant asking ask question referring refer talking talk like want wanted looking interested thinking
know let tell clarify specify confirm sure quick more exactly particular specific kind sort type
""".split())


def count_tokens(text: str) -> int:
    """Tokens of `text` for the cost C = λ·tokens: words and punctuation marks (`\\w+|[^\\w\\s]`).

    A fixed, model-independent count, so the planner's cost of a question equals the cost charged when
    the same text is sent in an episode."""
    return len(_TOKEN_RE.findall(text or ""))


#: Latin letters that Unicode does not decompose into a base letter and a mark
_LETTER_FOLDS = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
                               "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i"})


def fold_accents(text: str) -> str:
    """Latin letters without diacritics ("Iēsus Nazarēnus" → "Iesus Nazarenus", "Curaçao" → "Curacao"):
    answers and aliases write the same name with and without accents or macrons. Only a letter that
    decomposes into an ASCII base plus combining marks is folded, so CJK and other scripts are untouched."""
    if text.isascii():
        return text
    out = []
    for ch in text.translate(_LETTER_FOLDS):
        if ch.isascii():
            out.append(ch)
            continue
        d = unicodedata.normalize("NFD", ch)
        out.append(d[0] if len(d) > 1 and d[0].isascii() and all(unicodedata.combining(c) for c in d[1:]) else ch)
    return "".join(out)


@lru_cache(maxsize=65536)
def norm(text: str) -> str:
    """Case-folded, accent-folded, punctuation-free text (legal suffixes and a leading "the" dropped): see
    `fold_accents` and `finprobe.core.numbers.normalise_text_answer`."""
    return normalise_text_answer(fold_accents(text))


def stem(word: str) -> str:
    """A light English stemmer, enough to meet "singles"/"single", "performs"/"performer"/"performing"."""
    if len(word) <= 4 or word.isdigit():
        return word
    for suffix in ("ings", "ers", "ing", "er", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)]
    return word


def words(text: str) -> list[str]:
    return _WORD_RE.findall(_POSSESSIVE_RE.sub("", fold_accents(text).lower().replace("’", "'")))


def content_words(text: str) -> set[str]:
    """Stemmed words that carry meaning (stopwords dropped)."""
    return {stem(w) for w in words(text) if w not in STOPWORDS and len(w) > 1 or w.isdigit()}


def has_cjk(text: str) -> bool:
    return bool(_CJK_RE.search(text))


def cjk_bigrams(text: str) -> set[str]:
    t = "".join(_CJK_RE.findall(text))
    return {t[i:i + 2] for i in range(len(t) - 1)}


def mentions(text_norm: str, phrase: str) -> list[int]:
    """Start offsets where normalised `phrase` occurs in normalised text as whole words."""
    p = norm(phrase)
    if not p:
        return []
    if _CJK_RE.search(p):  # Chinese is written without spaces: a substring is a mention
        return [m.start() for m in re.finditer(re.escape(p.replace(" ", "")), text_norm.replace(" ", ""))]
    return [m.start() for m in re.finditer(rf"(?<!\w){re.escape(p)}(?!\w)", text_norm)]
