"""Components a text counts in or leaves out of a figure, as word sets (EN and ZH).

The lexicon of `_propositions` knows the financial items a reading is defined by (minority interests,
non-recurring items, pass-through charges, ...). A user's context C also leaves out components the lexicon
cannot know: "the franchise and management fee business shouldn't be in it", "设备交付验收时一次性确认的收入不要
算进来". `item_polarities` reads, clause by clause, the phrase an inclusion or exclusion cue governs ("should
X be included?", "exclude X", "X需要包含在内吗", "剔除X") and returns its content words with the cue's
polarity, so the simulator can judge a question that counts in what C leaves out (a contradiction) or leaves
out the same thing (an affirmation). Words are compared by a light stem ("franchised" ~ "franchise",
"managed" ~ "management"); words that name any figure ("revenue", "business", 收入, 部分) do not make two
phrases the same component.
"""

from __future__ import annotations

import re

from finprobe.benchmarks.ambiguity._text import STRUCTURAL_WORDS, normalise
from finprobe.core.retrieval import tokenize

__all__ = ["item_polarities", "same_item", "item_words"]

_B, _E = r"(?<![a-z])", r"(?![a-z])"


def _en(*alts: str) -> str:
    return "|".join(f"{_B}(?:{a}){_E}" for a in alts)


#: exclusion cues that govern the phrase before them ("X shouldn't be in it", "X不要算进来")
_EXCL_BACK = re.compile(
    _en(r"(?:should|must|would|will)(?:n't| not) be (?:in(?: it| there| the (?:figure|number|total))?|part of (?:it|the "
        r"(?:figure|number|total))|included|counted|added)", r"(?:is|are)(?:n't| not) (?:included|counted|part of it)",
        r"(?:should |must |to )?(?:be |is |are )?(?:excluded|left out|kept out|taken out|stripped out|removed)",
        r"stays? out", r"(?:do not|don't) (?:count|include) (?:it|them)")
    + r"|不要算进来|不要算进去|不要算在内|不要包含在内|不要包括在内|不要计入|不应计入|不应算进来|不算进来|不算在内|不计入|"
      r"不包括在内|不含在内|排除在外|剔除在外|除外|不要算|不算")
#: exclusion cues that govern the phrase after them ("exclude X", "without X", "剔除X")
_EXCL_FWD = re.compile(
    _en(r"exclud(?:e|es|ing)", r"exclusive of", r"without", r"leav(?:e|ing) out", r"strip(?:ping)? out", r"net of",
        r"other than", r"except(?: for)?", r"(?:do not|don't|doesn't|does not) (?:want|need|include|count)",
        r"not (?:including|counting)", r"take out", r"remove", r"as opposed to", r"rather than", r"instead of",
        r"ignor(?:e|es|ing)", r"disregard(?:s|ing)?", r"set(?:ting)? aside",
        # "before the company recast the prior year for the lease accounting change": the figure before a
        # restatement leaves out what the restatement was made for
        r"before (?:(?:the|its|a|any) )?(?:[\w-]+ ){0,2}(?:recast|restat\w*|revis\w*|re-?present\w*|adjust\w*)"
        r"(?: (?:[\w'-]+ ){0,4}?(?:for|to reflect|to incorporate|to apply))")
    + r"|不含|不包括|不包含|剔除了?|扣除了?|扣掉|除去|排除|去掉|不要(?!算)|不想要|不计")
#: inclusion cues that govern the phrase before them ("should X be included?", "X需要包含在内吗")
_INCL_BACK = re.compile(
    _en(r"(?:be |is |are )?(?:included|counted|added in|added back)", r"be (?:in|part of) (?:it|the (?:figure|number|total))")
    + r"|(?<!不)(?<!不要)(?:包含在内|包括在内|算在内|计算在内|算进来|算进去|算进|算上|加进来|包括进来|纳入进?来?|计入)")
#: inclusion cues that govern the phrase after them ("include X", "counting X", "包含X")
_INCL_FWD = re.compile(_en(r"includ(?:e|es|ing)", r"inclusive of", r"counting", r"together with", r"count in",
                           r"reflect(?:s|ing)?", r"incorporat(?:e|es|ing)", r"tak(?:e|es|ing) into account")
                       + r"|(?<![不也])(?:包含|包括)(?!在内)|连同|加上|含(?!在内)")
#: a negated disposal construction: "不能把X算进去", "别把X计入" leave X out (the inclusion verb after X is negated)
_NEG_BA = re.compile(r"(?:不能|不可以|不可|不得|不要|不应该|不应|不该|别|不用|不必|不希望|不想|无需|不需要)(?:再|都|也)?把")
_CLAUSE = re.compile(r"[;?!。；？！()（）\[\]]|,(?!\d)|，|、|(?<![a-z])(?:but|or|whereas|while|so)(?![a-z])|还是|或者|但")

#: words that name a dimension, a figure in general, or question scaffolding: never what makes a component
_WEAK = frozenset(
    """should shall would will could can may must do does did i we you they it its their the a an of in on for to from
    is are be been being that this these those there which what any all part portion piece share figure number total
    business businesses revenue revenues income profit earnings sales sale amount also only just want need like please both
    so at by as with
    收入 营业收入 部分 那部分 这部分 业务 利润 金额 数字 数据 需要 要 是否 是不是 应该 应 该 把 将 请 对 对吗 吧 还 都 和 与 及
    或 就 先 再 这 那 此 其 吗 呢 的 了 也 时 里 中 在 内 进来 进去 算 一下 您 你 我 我们
    全部 全额 所有 全""".split()
) | STRUCTURAL_WORDS
_CJK = re.compile(r"[\u4e00-\u9fff]+")
_SUFFIXES = ("ments", "ment", "ings", "ing", "ed", "es", "s")


def _stem(word: str) -> str:
    """A light English stem: "franchised"/"franchise" -> "franchis", "managed"/"management" -> "manag"."""
    if not word.isascii() or len(word) <= 4:
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    return word[:-1] if word.endswith("e") and len(word) > 4 else word


def item_words(phrase: str, background: frozenset[str] = frozenset()) -> frozenset[str]:
    """The content words of a component's phrase (stemmed; weak words and `background` left out)."""
    return frozenset(_stem(t) for t in tokenize(phrase)
                     if t not in _WEAK and t not in background and not t.isdigit() and t.strip("-/.'"))


def _cjk_related(u: str, v: str) -> bool:
    """Two Chinese words that name parts of the same thing: one holds the other (款 / 房款) or they share a
    character (票款 / 机票)."""
    if not (_CJK.fullmatch(u) and _CJK.fullmatch(v)):
        return False
    return u in v or v in u or bool(set(u) & set(v))


def same_item(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two phrases name the same component: they share at least half of the shorter one's words.

    Chinese phrases segment the same component differently ("代收的机票和酒店款" / "代收的全部票款和房款"): once
    the phrases share one word exactly, a Chinese word also counts as shared when the other phrase has a word
    that holds it or shares a character with it (`_cjk_related`)."""
    if not a or not b:
        return False
    common = a & b
    if not common:
        return False
    if len(common) * 2 >= min(len(a), len(b)):
        return True
    short, other = (a, b) if len(a) <= len(b) else (b, a)
    matched = sum(1 for w in short if w in other or any(_cjk_related(w, v) for v in other))
    return matched * 2 >= len(short)


def _clauses(norm: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _CLAUSE.finditer(norm):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(norm)))
    return [(a, b) for a, b in out if b > a]


def item_polarities(text: str, background: frozenset[str] = frozenset()) -> list[tuple[frozenset[str], str]]:
    """(words, "excl" | "incl") for each phrase an exclusion or inclusion cue governs in `text`, clause by
    clause (see the module docstring). Phrases with no content word are left out. Never raises."""
    if not isinstance(text, str) or not text.strip():
        return []
    norm = normalise(text).replace("’", "'")
    out: list[tuple[frozenset[str], str]] = []
    for lo, hi in _clauses(norm):
        clause = norm[lo:hi]
        cues: list[tuple[int, int, str, bool]] = []  # start, end, polarity, governs backward
        for pattern, pol, back in ((_EXCL_BACK, "excl", True), (_INCL_BACK, "incl", True), (_EXCL_FWD, "excl", False),
                                   (_INCL_FWD, "incl", False)):
            for m in pattern.finditer(clause):
                if not any(m.start() < e and s < m.end() for s, e, _p, _b in cues):
                    cues.append((m.start(), m.end(), pol, back))
        cues.sort()
        for k, (s, e, pol, back) in enumerate(cues):
            if back:
                start = cues[k - 1][1] if k > 0 else 0
                phrase = clause[start:s]
                if pol == "incl":
                    # the negation may be the cue just before ("不要把X算进去"), so look from its start
                    lo2 = cues[k - 1][0] if k > 0 else 0
                    neg = _NEG_BA.search(clause, lo2, s)
                    if neg is not None:
                        pol, phrase = "excl", clause[max(neg.end(), start):s]
            else:
                end = cues[k + 1][0] if k + 1 < len(cues) else len(clause)
                phrase = clause[e:end]
            words = item_words(phrase, background)
            if words:
                out.append((words, pol))
    return out
