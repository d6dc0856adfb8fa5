"""CondAmbigQA records `{id, question, properties: [{condition, groundtruth, citations}]}` → CIGs
(DESIGN §5; RegretBench §3.2): each condition is an intent; its condition and ground truth form the intent's
context. The ground truths are paragraphs, so both the answer and the variable are extracted, precision first:

- **Answer alias** (RegretBench: "concise core spans from the ground truth"): the question says what kind of
  answer it wants (`answer_kind`: a date for "when", a number for "how many", a name for "who", ...). The alias
  is the first span of that kind in the ground truth that the question does not already name and no other
  intent has taken, read from the main clauses only ("While Chris Pratt plays Quill in the films, Jon McLaren
  voices him in the game" answers Jon McLaren). Names are runs of capitalised words inside one sentence, with
  leading connectives and determiners removed ("Although Alexandre Fadeev" → "Alexandre Fadeev"); a capitalised
  word that only starts a sentence is no name. No span of the kind: the record is dropped.
- **Variable**: what tells the conditions apart, named by each intent's own text and by no other's: a typed
  attribute (`attributes.features`: year, medium, season, place, ...) with exactly one such value per intent,
  else a short capitalised name (the network "ABC" against "Fox") as the generic `referent`. A value never
  repeats the intent's answer. Conditions without one are dropped ("not labelled by a concise attribute").

Every CIG then passes `common.vet` (fragments, concatenations, swapped slots, types, self-revealing slots) and
grounding. The LLM-assisted option (`llm.convert_with_generator`) covers what these rules drop.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Literal

from finprobe.benchmarks.regret._text import STOPWORDS, mentions, norm
from finprobe.benchmarks.regret.cig import CIG, ClarifyAction, Intent, Variable, ask_action
from finprobe.benchmarks.regret.places import is_place
from finprobe.benchmarks.regret.quality import GENERIC_VARIABLE, concatenation_reason, fragment_reason
from finprobe.build.regret.attributes import TYPE_ORDER, description, features, reference_questions
from finprobe.build.regret.common import ConversionResult

__all__ = ["AnswerKind", "answer_kind", "answer_spans", "condition_phrase", "convert_condambigqa_records",
           "main_clauses"]

AnswerKind = Literal["date", "number", "name", "none"]
MAX_VALUE_WORDS = 4

_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DATE = re.compile(rf"\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b|\b\d{{1,2}}\s+{_MONTH},?\s+\d{{4}}\b|"
                   rf"\b{_MONTH},?\s+\d{{4}}\b|\b(?:1[0-9]|20)\d{{2}}s?\b")
_NUMBER = re.compile(r"(?<![\w.])\$?\d[\d,]*(?:\.\d+)?(?:\s*(?:%|percent|million|billion|thousand|trillion))?"
                     r"(?:\s+(?:points|goals|runs|people|km|miles|meters|metres|feet|years|days|times|games|wins|"
                     r"seats|members|episodes|seasons|votes|yards|kilometers|kilograms|pounds|tons|degrees))?")
_CONTRAST = re.compile(r"(?i)\b(?:while|although|though|whereas|unlike|besides|apart from|in addition to|"
                       r"even though|compared (?:to|with))\b[^,.;:]*[,;:]")
_SENTENCE = re.compile(r"(?<=[a-z0-9\)”\"'%])[.!?]\s+(?=[A-Z“\"])")
#: a capitalised token: an initial or abbreviation may carry its full stop ("J.", "U.S.", "St."), a word may not
_CAP = r"(?:[A-Z][A-Za-z]{0,2}\.(?:[A-Z]\.)*|[A-Z][\w'’&-]*|[A-Z]{2,})"
_NAME = re.compile(rf"{_CAP}(?:\s+(?:(?:of|the|de|da|del|von|van|la|le|du|y)\s+)*{_CAP})*")
_LEAD_WORDS = STOPWORDS | {"although", "though", "while", "whereas", "however", "thus", "therefore", "hence",
                           "moreover", "furthermore", "additionally", "meanwhile", "these", "those", "after",
                           "before", "during", "since", "until", "unless", "because", "according", "regarding",
                           "including", "interpretation", "condition", "on", "in", "at", "for", "from", "by",
                           "with", "as", "into", "under", "over", "between", "among", "also", "both", "either",
                           "most", "part", "some", "many", "all", "other", "others", "another", "several", "each",
                           "every", "few", "much", "more", "less", "only", "later", "earlier", "early", "first",
                           "finally", "today", "now", "here", "yes", "no", "not", "additional", "further", "new"}
_NOT_NAMES = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
              "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
              "i", "god", "english"}


def answer_kind(question: str) -> AnswerKind:
    """The kind of answer a question asks for."""
    q = question.lower()
    if re.search(r"^\s*(?:why|how (?:do|does|did|is|are|was|were|can|could|would|should)|what (?:would|should|"
                 r"happens|happened|causes|caused|does|do|did) )|\bwhat is the (?:meaning|purpose|difference|"
                 r"reason|role|function|significance)\b", q):
        return "none"
    if re.search(r"^\s*when\b|\bwhat (?:year|date|day|month|time)\b|\bwhich year\b|\bin what year\b|"
                 r"\bhow long ago\b", q):
        return "date"
    if re.search(r"\bhow (?:many|much|old|tall|long|far|big|high|deep|fast)\b|\bwhat (?:is|was) the "
                 r"(?:number|population|amount|total|size|percentage|rate|age)\b|\bthe most points\b", q):
        return "number"
    return "name"


def main_clauses(text: str) -> str:
    """`text` without the contrast clauses ("While X plays Y in the films, ...") whose names are not the answer.
    CondAmbigQA separates sentences by runs of spaces as often as by full stops: a run becomes a newline."""
    t = re.sub(r"[ \t]{2,}|\s*\n\s*", "\n", text.strip())
    return _CONTRAST.sub(" ", t)


def _sentences(text: str) -> list[str]:
    return [" ".join(s.split()) for part in text.split("\n") for s in _SENTENCE.split(part) if s.strip()]


def _strip_lead(span: str) -> str:
    words = span.split()
    while words and words[0].lower().strip("“\"'") in _LEAD_WORDS:
        words.pop(0)
    out = " ".join(words)
    return re.sub(r"['’]s$", "", out).strip(" ,;:")


def _names(sentence: str, text: str = "") -> list[str]:
    """Capitalised names of one sentence, in order; a single capitalised word that starts the sentence is no
    name (it is capitalised because it starts the sentence) unless it is a place the surrounding `text` never
    writes in lower case ("Sucre is ...", not "Most scenes ..."); nor is a quoted title's part."""
    out = []
    quoted = [(m.start(), m.end()) for m in re.finditer(r"[“\"][^”\"]*[”\"]", sentence)]
    for m in _NAME.finditer(sentence):
        if any(a <= m.start() < b for a, b in quoted):
            continue
        raw = m.group(0)
        span = _strip_lead(raw)
        if not span or span.lower() in _NOT_NAMES:
            continue
        single = len(span.split()) == 1
        starts = sentence[:m.start()].strip() == "" and raw.split()[0] == span.split()[0]
        if single and (len(span) < 2 or starts and not (is_place(span) and not re.search(
                rf"(?<![\w.]\s)\b{re.escape(span.lower())}\b", text))):
            continue
        out.append(span)
    return out


def answer_spans(groundtruth: str, kind: AnswerKind) -> list[str]:
    """Candidate answer spans of `kind` in a ground truth's main clauses, in reading order."""
    text = main_clauses(groundtruth)
    out: list[str] = []
    if kind == "date":
        out = [m.group(0) for m in _DATE.finditer(text)]
    elif kind == "number":
        dates = [(m.start(), m.end()) for m in _DATE.finditer(text) if not re.fullmatch(r"\d{4}s?", m.group(0))]
        out = [m.group(0).strip() for m in _NUMBER.finditer(text)
               if not any(a <= m.start() < b for a, b in dates) and not re.fullmatch(r"(?:1[5-9]|20)\d{2}", m.group(0))]
    else:
        for sentence in _sentences(text):
            out += _names(sentence, text)
    return [s for s in dict.fromkeys(out) if fragment_reason(s) is None]


def _given(span: str, question: str) -> bool:
    """Whether the question already names the span (a name whose every word is in the question)."""
    qn = norm(question)
    if mentions(qn, span):
        return True
    words = [w for w in norm(span).split() if w not in STOPWORDS]
    return bool(words) and all(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", qn) for w in words)


#: head words of things that are not people ("UK Singles Chart", "World Cup"), for "who" questions
_NOT_PERSON = {"chart", "charts", "singles", "cup", "cups", "league", "party", "act", "company", "station", "festival",
               "award", "awards", "university", "college", "school", "records", "series", "film", "game", "games",
               "championship", "tournament", "olympics", "dlc", "museum", "church", "government", "court",
               "parliament", "congress", "senate", "republic", "empire", "kingdom", "war", "treaty", "stadium"}


def _person_like(span: str) -> bool:
    """A name that can answer "who": 2-5 capitalised words (a title's "of the" allowed), no institution word,
    not a place."""
    words = span.split()
    caps = [w for w in words if w[:1].isupper()]
    return 2 <= len(words) <= 5 and len(caps) >= 2 and not span.isupper() and not is_place(span) \
        and not {w.lower().strip(".,") for w in words} & _NOT_PERSON


def _shares_words(span: str, question: str) -> bool:
    """Whether a span repeats a content word of the question: "Patrick Verona" does not answer "Who plays
    patrick?", "Mandy Maguire" does not answer "Who gets mandy pregnant?"."""
    qn = set(norm(question).split()) - STOPWORDS
    return bool(set(norm(span).split()) - STOPWORDS & qn) or _given(span, question)


def _aliases(question: str, gts: list[str]) -> list[str] | str:
    """One answer alias per ground truth, pairwise different, or the reason there is none."""
    kind = answer_kind(question)
    if kind == "none":
        return "the question asks for an explanation, not a concise answer"
    taken: list[str] = []
    for gt in gts:
        spans = [s for s in answer_spans(gt, kind) if not _shares_words(s, question)]
        if kind == "name" and re.match(r"(?i)^\s*(?:who|whom|whose)\b", question):
            spans = [s for s in spans if _person_like(s)]
        pick = next((s for s in spans if norm(s) not in {norm(t) for t in taken}), None)
        if pick is None:
            if spans:
                return "clarification does not change the answer (conditions share an answer)"
            return f"no concise {kind} answer in a condition's ground truth"
        taken.append(pick)
    return taken


def _distinct(values: list[set[str]]) -> list[list[str]]:
    """Per intent, its values that no other intent's text names."""
    out = []
    for k, own in enumerate(values):
        others = set().union(*(v for j, v in enumerate(values) if j != k))
        out.append([v for v in own if norm(v) not in {norm(o) for o in others}])
    return out


def _typed_values(text: str) -> dict[str, set[str]]:
    """Every typed attribute value a text names (features of each clause, so a text with two years has both)."""
    out: dict[str, set[str]] = {}
    for clause in re.split(r"[,.;:]\s+|\s+(?:and|but|while|whereas)\s+", text):
        for t, v in features(clause).items():
            out.setdefault(t, set()).add(v)
    return out


#: typed attributes that cannot tell readings of a question of this kind apart without asking its answer
_ASKS_THE_ANSWER = {"date": {"year"}, "number": set(), "name": set(), "none": set()}
#: typed values that read the same ("the first" and "the original" one)
_SAME = [{"first", "original"}, {"latest", "newest", "most recent", "current", "last"}]


def _same_meaning(values: list[str]) -> bool:
    low = [v.lower() for v in values]
    return any(sum(v in group for v in low) >= 2 for group in _SAME)


def _kind_of(value: str) -> str:
    """The shape of a generic value, so that the values offered side by side are alike."""
    if is_place(value):
        return "place"
    if re.fullmatch(r"[A-Z][A-Z0-9&]{1,5}", value):
        return "acronym"
    if _person_like(value):
        return "person"
    return "other"


MAX_CONDITION_WORDS = 8
_LEAD = re.compile(r"^(?:if\s+referring\s+to|referring\s+to|if|when|assuming|in the context of|considering|for|"
                   r"regarding|in terms of|according to)\s+"
                   r"(?:the\s+(?:question|user|query)\s+(?:is\s+)?(?:refers?|asks?|asking|referring)\s+(?:to|about)\s+)?"
                   r"(?:we\s+(?:are\s+)?(?:consider|talking about|mean)\s+)?", re.I)


def condition_phrase(condition: str) -> str:
    """A short condition as a label ("If the question refers to the treaty ending the Crimean War" → "The treaty
    ending the Crimean War")."""
    t = _LEAD.sub("", " ".join(condition.split())).strip(" ,.;:")
    return t[0].upper() + t[1:] if t else t


def _variable(question: str, texts: list[str], aliases: list[str],
              conditions: list[str] | None = None) -> tuple[str, list[str]] | str:
    """(variable name, one value per intent) telling the conditions apart, or the reason there is none: the
    conditions themselves when all are short, else a typed attribute or alike names only each one's text names."""
    n = len(texts)
    if conditions:
        phrases = [condition_phrase(c) for c in conditions]
        if all(p and len(p.split()) <= MAX_CONDITION_WORDS and concatenation_reason(p) is None
               and not any(mentions(norm(p), a) for a in aliases) for p in phrases) \
                and len({p.lower() for p in phrases}) == n:
            return "condition", phrases
    banned = _ASKS_THE_ANSWER[answer_kind(question)]

    def usable(vals: list[str], k: int) -> list[str]:
        return [v for v in vals if not _given(v, question) and not mentions(norm(aliases[k]), v)
                and not mentions(norm(v), aliases[k]) and concatenation_reason(v) is None
                and len(v.split()) <= MAX_VALUE_WORDS and not any(mentions(norm(a), v) for a in aliases)]

    typed = [_typed_values(t) for t in texts]
    for t in TYPE_ORDER:
        if t == GENERIC_VARIABLE or t in banned:
            continue
        per = _distinct([typed[k].get(t, set()) for k in range(n)])
        per = [usable(sorted(v), k) for k, v in enumerate(per)]
        if all(len(v) == 1 for v in per) and len({norm(v[0]) for v in per}) == n \
                and not _same_meaning([v[0] for v in per]):
            return t, [v[0] for v in per]
    ordered = [list(dict.fromkeys(n_ for s in _sentences(main_clauses(t)) for n_ in _names(s, t))) for t in texts]
    per = _distinct([set(o) for o in ordered])
    picked = []
    for k, vals in enumerate(per):
        ok = usable([v for v in ordered[k] if v in vals], k)
        if not ok:
            return "conditions not labelled by a concise attribute that only their own text names"
        picked.append(ok[0])
    if len({norm(v) for v in picked}) < n:
        return "two conditions read the same"
    kinds = {_kind_of(v) for v in picked}
    # offered side by side, the names must be alike: places, or acronyms ("ABC" or "Fox"); people named in the
    # conditions are the answers' neighbours, not labels of the conditions
    if len(kinds) != 1 or kinds & {"other", "person"}:
        return "conditions not labelled by alike concise names (the distinguishing names are of different kinds)"
    return ("place" if kinds == {"place"} else GENERIC_VARIABLE), picked


def convert_condambigqa_records(records: Iterable[tuple[str, Any]], result: ConversionResult) -> None:
    for where, rec in records:
        result.n_records += 1
        if not isinstance(rec, dict) or not isinstance(rec.get("properties"), list) or not rec.get("question"):
            result.drop(str(rec.get("id") if isinstance(rec, dict) else "?"), "malformed record",
                        detail="expected {id, question, properties: [{condition, groundtruth, citations}]}",
                        where=where)
            continue
        rid = str(rec.get("id"))
        question = str(rec["question"]).strip()
        props = [p for p in rec["properties"] if isinstance(p, dict)]
        props = [p for p in props if str(p.get("condition") or "").strip() and str(p.get("groundtruth") or "").strip()]
        if len(props) < 2:
            result.drop(rid, "fewer than two valid conditional interpretations", where=where)
            continue
        conditions = [str(p["condition"]).strip() for p in props]
        gts = [str(p["groundtruth"]).strip() for p in props]
        aliases = _aliases(question, gts)
        if isinstance(aliases, str):
            result.drop(rid, aliases, where=where)
            continue
        # the variable is read from each intent's whole context, its answer excluded
        texts = [f"{c} {g}" for c, g in zip(conditions, gts, strict=True)]
        found = _variable(question, texts, aliases, conditions)
        if isinstance(found, str):
            result.drop(rid, found, where=where)
            continue
        name, values = found
        var = Variable(name=name, values=list(dict.fromkeys(values)), description=description(name))
        action = ClarifyAction(action=ask_action(name), reference_questions=reference_questions(name, var.values))
        intents = [Intent(intent_id=f"c{k + 1}", description=" ".join(conditions[k].split()), slots={name: values[k]},
                          answer_aliases=[aliases[k]], context=" ".join(f"{conditions[k]} {gts[k]}".split()))
                   for k in range(len(props))]
        result.keep(CIG(cig_id=f"condambigqa-{rid}", prompt=question, intents=intents, variables=[var],
                        actions=[action], metadata={"source": "condambigqa", "source_id": rid,
                                                    "answer_kind": answer_kind(question)}), rid, where)
