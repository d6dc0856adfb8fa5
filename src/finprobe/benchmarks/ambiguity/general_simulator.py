"""Simulated users for general-domain (AmbigQA) instances: which reading does a yes/no question propose?

The user knows C, the target reading's disambiguated question. The other readings' questions (never their
answers) are used only to recognise that a question points at another reading, as the financial
simulator uses the default interpretation.

`GeneralSimulator` (deterministic, English) reads a clarification question as propositions
(`_general_facts.read_text_facts`, where the lexicons are):

- typed facets: years (a year C gives a sports season, "the 2016 season", admits games played the next
  year); ordinals with what they count ("the second season", "season 2", "series 2", "S3E4", "Part II",
  "Division III", "Super Bowl LIV"; "the 9th time" counts whatever its sentence counts, so it is "the ninth
  title"), and the numbered eras every user dates ("World War I" = 1914-1918); recency ("the most recent",
  "the original"; C's "has been ... since 2004" is the current one); medium (film, serial, TV, song, album,
  book, stage, game); version (original vs. remake/cover; "the original air date" is no version), format
  (animated vs. live-action), game platform (PC, PlayStation, Xbox, Switch), unit (km = kilometres,
  miles) and unit system (C's "in metric system" is settled by "in metres", contradicted by "feet and
  inches"), and the city a theatre district names ("off-Broadway", "West End": judged only against a place C
  names); years that anchor a shift ("the next World Cup *after 2018*", "prior to 2019") propose a year on that
  side of the anchor, "since 2004" is 2004 and after; the role asked about (who sang / the lead vocal, wrote, played or voiced, directed, produced,
  won, hosted, translated — only where the question asks about the role, "who wrote it", "the songwriter",
  not in descriptions such as "written by"); gender (men's / women's, "what man"); places (countries, US
  states, large cities, with aliases and nationality adjectives: US, UK, LA, "Slovenian", lower-case "us" in
  AmbigNQ's "when did us go to war");
  the kind of place asked for (C's "In what city" vs "the venue", "which state", "the metro area", "what
  road"); and the kind of answer asked for (a person, a time, a place, a number: "are you asking when ...");
- every other content word of the question (stemmed, with synonyms: start = premiere, end = finale,
  tournament = championship, NCAA = college), e.g. names, titles, events.

Each proposition is *affirmed* when C states it, *contradicted* when C states another value of the same
facet (another year, ordinal, medium, version, platform, unit, role, gender, place, kind of place or answer
kind) or when it is what another reading states and C does not ("the fan film" when another reading is
about the fan film; "the band" when another reading asks which band), *unsettled* otherwise. A term in the
scope of an exclusion ("not", "rather than", "instead of", "as opposed to") is contradicted when C states it
and ignored otherwise.

Judged beyond single facets:
- a **quantifier over the whole set** ("the total number", "overall", "for all riders", "at any age", "in
  general") is contradicted when C narrows the prompt (adds words, years, ordinals, places or facets the prompt
  lacks: "How many *non-core* sports", "yellow helmets *for the leading team*") and the question states none of
  those qualifiers;
- a **superlative over another set**: "the first human *in space*" is contradicted when C's "first" ranks a set
  it names otherwise ("the first people *to land on the moon*");
- C that asks when something **began** ("did we begin calling ourselves ...", with no ordinal of its own)
  settles a bare "first" ("when the name was first used"), unless the question says "start" itself ("first
  start" adds to it);
- C that asks who played or sang contradicts "the character" ("Robin's secret identity");
- a follow-up put under a **premise** ("the film, and if so the 1960 original or the remake?") is no when
  the premise is contradicted.

The reply:
- **no** when any proposition is contradicted;
- **I don't know** when a constraint C does not settle is proposed (a year, ordinal, role, gender, place,
  answer kind or recency C does not state; words C does not use marked as a restriction, "toll roads
  specifically"), or nothing is affirmed;
- **I don't know** when the question names, as the thing proposed, a name that neither C nor the prompt
  nor any reading contains ("Was it the actress Jane Wyatt?", "the Winter Games in Lake Placid?" when C asks
  where): a guess of the answer, or a question that contains it, which the user, knowing only C, cannot
  check (names that describe, "the 2005 Tim Burton film", "starring Emma Watson", are no guesses);
- **yes** when something C states *and that separates the readings* (a term some other reading lacks) is
  affirmed — words that neither C nor any reading uses ("live-action", "starring Emma Watson") describe the
  referent and do not block it; or when only what every reading shares is affirmed (a plain confirmation,
  "you're asking who played Gaston?") and nothing else is proposed;
- a parenthesis glosses what precedes it: "World War I (1917)" is settled by the year C states; when C
  settles what precedes it, the parenthesis counts only where it contradicts C;
- **I don't know** also for a question that is not yes/no ("Which film do you mean?"), a request about the
  agent's process ("Should I search again?", "Would it help if I gave both?") or an offer of every
  reading's answer ("Would you like both?"), and a choice between readings ("the city or the exact
  venue?", "the date it signed, or the date it joined?") unless every alternative is contradicted.

**Negated questions** are answered as a user naturally answers them (English answers the positive
proposition):
- a negative question ("Isn't it the 2017 film?", "Aren't you asking who sang lead?", "Don't you mean
  ...?") is answered as its positive form: yes when C states it, no when C rules it out;
- a negative statement with a reversed tag ("You don't mean the calendar year, do you?") asks whether the
  positive holds: "no" = "no, I don't";
- a negative statement put for confirmation ("You're not asking about the 1991 film, right?", "..., correct?")
  is confirmed or denied: its terms are exclusions, so yes when C rules them out, no when C states them;
- an elliptical negation ("Not the 1991 one?", "Not the surrender of Germany, then?") is I don't know: a
  bare yes or no would not say which.

Also judged (classes found on the third independent sets):
- kinds that exclude each other: each sport of its own (a bare "football" is soccer or American football,
  never rugby), solar / lunar, state / federal, a speed per second / per hour ("km per hour" is not C's "km/s";
  "per second" is no ordinal), ages ("the adult Miss X" vs C's "5-year-old"; two ages in years differ);
  a deputy of the office C names ("the Deputy Speaker", "the vice president") and a relative of someone C
  names ("the Hound's brother") are other people; "with X" where C says "without X" is no;
- two words the question joins as another reading does ("the Summer Olympics") where C puts a word between
  them ("the Summer Youth Olympics") name another referent;
- in "X rather than Y" what X and Y share ("Youth Olympics") is not excluded;
- a bare ordinal is bound to the noun after it: "the first Speaker" is no when C counts its Speaker second (and
  its "first" counts another noun); a noun another reading binds to another ordinal ("a second visit") does not
  tell the readings apart ("their first visit?" is judged by "first");
- the present ("today", "to date") against a time C fixes ("as of 1989") is no; a sequel's number C puts after
  the prompt's title ("... Toy Story 3") contradicts "the first movie";
- synonyms: finalized = complete, group = band, backing = backup, constructor = team, acreage = acres;
  "the event" is a frame word ("the 2017 event" = "the 2017 one");
- a place after "in" / "at" (where something was held: "the 2019 tournament in Japan") is judged only against a
  place C names the same way, not against a team C names;
- a request to add something ("Do you want the driver's nationality as well?") is about the answer's form (I
  don't know), and a question that quotes another reading's question whole (and not C's) is no.

Known limits: no outside knowledge (C "the 2017 film" does not tell it that this film is live-action);
places inside places ("Los Angeles" vs "the US") are unsettled; paraphrases the lexicon lacks are unsettled.
`GeneralLLMSimulator` asks a model (strict parse, one retry); `GeneralFreeFormSimulator` answers open
questions with C itself.
"""

from __future__ import annotations

import re
from typing import Any

from finprobe.benchmarks.ambiguity._general_facts import (
    ERA_YEARS,
    FRAME_WORDS,
    INSIDE,
    PLACE_RE,
    TextFacts,
    exclusion_spans,
    match_stem,
    read_text_facts,
    same_head,
)
from finprobe.benchmarks.ambiguity._general_text import STOPWORDS, fold
from finprobe.benchmarks.ambiguity._propositions import clean_question, is_off_intent, is_open_question
from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance
from finprobe.benchmarks.ambiguity.simulators import (
    IDK,
    NO,
    YES,
    FreeFormReply,
    Generator,
    SimReply,
    YesNo,
    ask_yes_no,
)
from finprobe.core.schema import Message

__all__ = ["GeneralFreeFormSimulator", "GeneralLLMSimulator", "GeneralSimulator", "TextFacts", "read_text_facts"]

_B, _E = r"(?<![a-z0-9])", r"(?![a-z0-9])"


_NEGATED_HEAD = re.compile(r"^\s*(?:not\b|no\b|don'?t you|didn'?t you|isn'?t (?:it|this|that)|aren'?t you|wasn'?t it|"
                           r"you (?:don'?t|do not|didn'?t|aren'?t|are not)|you'?re not|you are not|i assume you'?re not)",
                           re.I)
_TAG = re.compile(r"(?:,|\s)\s*(?:right|correct|is that right|is that correct|am i right|yes)\s*\??\s*$", re.I)
_WHEN_YOU_SAY = re.compile(r"^\s*(?:when|where|if) you (?:say|said|ask|asked|mention|mentioned|refer to|wrote|write)\b"
                           r"[^,?]*,\s*", re.I)
_PROCESS = re.compile(r"^\s*(?:should|shall|can|could|may) i\b|^\s*(?:would|do) you (?:like|want) me to\b|"
                      r"^\s*is it (?:ok|okay|alright|fine) if i\b|^\s*want me to\b|"
                      r"^\s*would it (?:help|be (?:helpful|useful|better|ok|okay|fine|easier)) if i\b|"
                      r"^\s*i (?:can|could) (?:give|list|answer|provide|cover|name)\b", re.I)
#: an offer of every reading's answer ("Would you like both people buried there?"): about the answer's form
_OFFER_ALL = re.compile(r"^\s*(?:would|do) you (?:like|want|need) (?:me to (?:\w+ )?)?(?:both|all (?:the |of the |three |"
                        r"two |four )?\w+|each|(?:the )?answers? (?:for|to|on) (?:both|all|each))\b", re.I)
#: a request to add something to the answer ("Do you want the driver's nationality as well?"): its form
_OFFER_MORE = re.compile(r"^\s*(?:would|do) you (?:also )?(?:like|want|need)\b.*\b(?:as well|too|also|in addition|"
                         r"additionally)\s*[?.!]*\s*$|^\s*(?:would|do) you also (?:like|want|need)\b", re.I)
#: a negative question ("Isn't it the voice actor you want?") asks what its positive form asks
_NEG_QUESTION = re.compile(r"^\s*(?P<aux>isn'?t|aren'?t|wasn'?t|weren'?t|don'?t|doesn'?t|didn'?t|won'?t|wouldn'?t|"
                           r"haven'?t|hasn'?t)\s+(?=(?:you|it|this|that|they|we)\b)", re.I)
_POSITIVE_AUX = {"isn": "is", "aren": "are", "wasn": "was", "weren": "were", "don": "do", "doesn": "does",
                 "didn": "did", "won": "will", "wouldn": "would", "haven": "have", "hasn": "has"}
#: a negative statement with a reversed tag ("You don't mean the calendar year, do you?") asks whether the
#: positive holds ("no" = "I don't")
_NEG_REVERSED_TAG = re.compile(r"^\s*(?:so,?\s+)?(?P<subj>you|it|this|that|they)(?:'re|'s| are| is)?\s+(?:don'?t|do not|"
                               r"didn'?t|did not|aren'?t|are not|isn'?t|is not|wasn'?t|was not|not)\s+(?P<body>.*?)"
                               r"[,\s]+(?:do|did|are|is|was|were) (?:you|it|this|that|they)\s*\?*\s*$", re.I)
#: a restriction ("toll roads specifically"): what it adds is a constraint, not a description
_RESTRICTION = re.compile(_B + r"(?:specifically|exclusively|in particular|solely)" + _E)
_COVER_ALL = re.compile(_B + r"(?:both|all|every|each|either|list|several)" + _E)
_NOT_CHOICE = re.compile(_B + r"(?:or not|or something else|or otherwise|or anything else|or so|or other|or any other|"
                         r"or another|or similar|or both)" + _E)


# --------------------------------------------------------------------------- judging
class _Judgement:
    def __init__(self) -> None:
        self.affirmed: list[str] = []        # stated by C and by every other reading
        self.distinctive: list[str] = []     # stated by C, missing from some other reading
        self.contradicted: list[str] = []
        self.blocking: list[str] = []        # a constraint C does not settle
        self.descriptors: list[str] = []     # words no reading uses

    def verdict(self) -> tuple[YesNo, str]:
        if self.contradicted:
            return NO, "a proposition is contradicted"
        if self.blocking:
            return IDK, "proposes something C does not settle"
        if self.distinctive:
            return YES, "affirms what C states and another reading does not"
        if self.affirmed and len(self.affirmed) > len(self.descriptors):
            return YES, "confirms what every reading shares (its own terms outnumber the unknown ones)"
        if self.affirmed:
            return IDK, "confirms the question but adds more that C does not settle"
        return IDK, "proposes nothing the user can judge"

    def as_info(self) -> dict[str, list[str]]:
        return {"affirmed": self.affirmed, "distinctive": self.distinctive, "contradicted": self.contradicted,
                "unsettled": self.blocking, "descriptors": self.descriptors}


#: a run of capitalised words (a name), with the lower-case words names contain ("Mall of America")
_NAME_LINKS = frozenset({"of", "the", "de", "da", "del", "van", "von", "la", "le", "du", "and", "y"})
_NAME_WORD = r"(?:St\.|Mt\.|[A-Z][a-z][\w'’-]*|[A-Z]\.(?:\s?[A-Z]\.)*)"
_NAME_RUN = re.compile(r"(?<![.?!:*#—–]\s)(?<![\w'’.])(?<!^)" + _NAME_WORD +
                       r"(?:\s+(?:(?:of|the|de|da|del|van|von|la|le|du|and|y)\s+)?" + _NAME_WORD + r")*")
#: what follows a name that is the thing proposed: the end of the clause, "you were thinking of", "who ..."
_NAME_END = re.compile(r"\s*(?:$|[?!.,;:)\]—–]|-\s|(?:you|that|which|who|as|right|correct|instead)\b)")
#: words before a name that make it a description of the referent, not the referent
_DESCRIBING = frozenset({"by", "with", "starring", "featuring", "from", "directed", "written", "sung", "voiced",
                         "played", "hosted", "produced", "feat", "ft", "and", "like", "than", "vs", "versus", "against",
                         "of", "not", "besides", "except", "excluding"})
#: capitalised words that are no names of their own: months, days, and the generic nouns of event and work
#: titles ("the 2016 Games", "the Winter Games": a name needs a word of its own)
_NOT_NAMES = frozenset("""january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday games olympics olympic cup series championship
championships bowl awards award open show day war prize trophy tour league festival final finals tournament season
episode film movie book album song edition version conference division summit treaty act amendment""".split())

_BLOCKING = {"year", "decade", "ordinal", "shift", "recency", "role", "gender", "place", "asks"}
#: a superlative with what it ranks over: "the first human *in space*", "the first people *to land* ..."
_QUALIFIED_ORDINAL = re.compile(
    r"\b(?P<n>first|second|third|fourth|fifth|last|latest|earliest)\s+(?:(?:humans?|persons?|people|man|men|woman|"
    r"women|ones?|astronauts?|players?|teams?|countr(?:y|ies)|nations?|americans?)\s+)?"
    r"(?:to\s+(?P<verb>[a-z]+)|(?:in|on|into|at|from)\s+(?:the\s+)?(?P<obj>[a-z]+))")
#: a follow-up put under a premise: "Are you asking about the film, and if so the 1960 original or the remake?"
_PREMISE = re.compile(r"^(?P<premise>.+?),?\s+(?:and\s+)?if (?:so|yes|that'?s (?:the case|right|it)|it is|you do)\b"
                      r"[,:]?\s*(?P<rest>.+)$", re.I)
#: C asks when something began ("did we begin calling ourselves ..."), not when it began somewhere or after
#: an anchor ("based beginning in January 1998")
#: a relative of someone named: "the Hound's brother"
_RELATIVE = re.compile(r"\b(?P<owner>[a-z]+)'s\s+(?:(?:older|younger|elder|big|little|twin|half|step)[ -]?)?"
                       r"(?P<rel>brother|sister|sibling|father|mother|parent|son|daughter|wife|husband|cousin|uncle|"
                       r"aunt|nephew|niece|grandfather|grandmother|grandson|granddaughter|girlfriend|boyfriend|"
                       r"partner|fiance|fiancee)s?\b")
#: the deputy of an office: "the Deputy Speaker", "the vice president", "an assistant coach"
_DEPUTY = re.compile(r"\b(?P<mod>deputy|vice|assistant|associate|acting|interim|lieutenant)[ -]"
                     r"(?P<office>[a-z]+)")
_C_BEGINS = re.compile(r"\b(?:begin|began|begun|begins|start|started|starts)\s+(?!in\b|on\b|at\b|from\b|with\b|of\b|"
                       r"after\b|before\b|by\b|\d)[a-z]")


class GeneralSimulator:
    """Deterministic yes / no / I don't know for AmbigQA instances (module docstring)."""

    method = "deterministic"

    def __init__(self, instance: AmbigQAInstance):
        self.instance = instance
        self.c = read_text_facts(instance.context, as_context=True)
        self.others = [read_text_facts(r.question, as_context=True)
                       for k, r in enumerate(instance.readings) if k != instance.target]
        self.prompt = read_text_facts(instance.question, as_context=True)
        for n in _sequel_numbers(instance.context, instance.question):
            self.c.ordinals.add(("", n))  # C's "How to Train Your Dragon 2": the second film of the title
        self._texts = [fold(instance.question), *(fold(r.question) for r in instance.readings)]
        self._known = {match_stem(w) for t in self._texts for w in re.findall(r"[a-z0-9]+", t)}
        self._narrowing = self._c_narrowing()
        self._c_begins = bool(_C_BEGINS.search(fold(instance.context))) and not self.c.ordinals \
            and not self.c.recency
        self._c_qualified = {m.group("n"): m for m in _QUALIFIED_ORDINAL.finditer(fold(instance.context))}
        self._q_loc_places: set[str] | None = None

    def _c_narrowing(self) -> list[tuple[str, Any]]:
        """What C adds to the prompt (words, years, ordinals, places, facets): the qualifiers that make C a
        part of what the prompt asks about ("How many *non-core* sports", "yellow helmets *for the leading
        team*")."""
        out: list[tuple[str, Any]] = [("word", w) for w in sorted(self.c.words - self.prompt.all_words)]
        prompt_items = self.prompt.all_items()
        for kind in ("year", "ordinal", "place", "facet"):
            for value in sorted(self.c.all_items()[kind] - prompt_items[kind], key=str):
                if kind != "facet" or value[0] not in ("persona", "scope", "unit_system"):
                    out.append((kind, value))
        return out

    # ------------------------------------------------------------------ one proposition
    def _in(self, facts: TextFacts, kind: str, value: Any, *, begins: bool = True) -> bool:
        items: set[Any] = facts.all_words if kind == "word" else facts.all_items()[kind]
        if kind == "decade":
            return any(value <= y < value + 10 for y in facts.years) or value in items
        if kind == "facet" and value == ("version", "original") and value not in items:
            return any(n == 1 for _, n in facts.ordinals)  # "the original iPhone" = "the first iPhone"
        if kind == "ordinal":
            head, n = value
            span = ERA_YEARS.get(value)
            if span and any(span[0] <= y <= span[1] for y in facts.years):
                return True
            if n == 1 and head in ("", "time") and facts is self.c and self._c_begins and begins:
                return True  # "when the name was first used" = C's "when did we begin calling ourselves ..."
            return any(n == m and same_head(head, h) for h, m in items)
        if kind == "shift":
            return value in items or any(_shift_holds(value, y) for y in facts.years)
        if kind == "place":
            return value in items
        return value in items

    def _conflicts(self, kind: str, value: Any) -> bool:
        """C states another value of the same facet."""
        c = self.c
        if kind == "year":
            return bool(c.years) and value - 1 not in c.season_years
        if kind == "decade":
            return bool(c.years) and not any(value <= y < value + 10 for y in c.years)
        if kind == "shift":  # "the next World Cup after 2018" when C says 2018 (or 2014)
            return bool(c.years) and not any(_shift_holds(value, y) for y in c.years)
        if kind == "ordinal":
            head, n = value
            span = ERA_YEARS.get(value)
            if span and c.years and not any(span[0] <= y <= span[1] for y in c.years):
                return True
            return any(m != n and same_head(head, h) for h, m in c.ordinals)
        if kind == "recency":
            other = {"latest": "earliest", "earliest": "latest"}[value]
            return other in c.recency or (value == "latest" and any(n == 1 for _, n in c.ordinals))
        if kind == "media":
            return bool(c.media) and value not in c.media
        if kind == "facet":
            name, v = value
            if value == ("version", "original") and any(n > 1 for _, n in c.ordinals):
                return True
            if name == "district_city" and c.places:  # "off-Broadway" when C says "in Australia"
                return v not in c.places and not any(INSIDE.get(v) == p for p in c.places)
            if name == "scope":  # quantifiers are judged against what C narrows (`_judge`), not each other
                return False
            if name == "sport" and "football_any" in (v, *(x for f, x in c.facets if f == "sport")):
                # a bare "football" is either code: it agrees with soccer and with American football
                football = {"football_any", "football", "american_football"}
                return any(f == "sport" and not ({x, v} <= football) for f, x in c.facets)
            if value == ("persona", "character") and c.roles & {"act", "sing"} and not any(
                    f == "persona" for f, _ in c.facets):
                return True  # C asks who played or sang: the performer ("the character's name?" is no)
            return any(f == name and x != v for f, x in c.facets)
        if kind == "role":
            return bool(c.roles) and value not in c.roles
        if kind == "gender":
            return bool(c.genders)
        if kind == "place":
            if self._q_loc_places is not None and value in self._q_loc_places and not c.loc_places:
                return False  # "the tournament in Japan" names where it was held; C's place takes part
            return bool(c.places) and not any(INSIDE.get(p) == value or INSIDE.get(value) == p for p in c.places)
        if kind == "asks":
            return bool(c.asks)
        return False

    def _judge_item(self, kind: str, value: Any, j: _Judgement, *, begins: bool = True) -> None:
        label = f"{kind}={value}"
        if self._in(self.c, kind, value, begins=begins):
            if any(not self._in(o, kind, value) for o in self.others):
                j.distinctive.append(label)
            else:
                j.affirmed.append(label)
        elif self._conflicts(kind, value):
            j.contradicted.append(label)
        elif any(self._in(o, kind, value) for o in self.others) and not self._in(self.prompt, kind, value):
            j.contradicted.append(f"{label} (another reading)")
        elif kind == "word" and self._in(self.prompt, kind, value):
            j.affirmed.append(label)
        elif kind in _BLOCKING:
            j.blocking.append(label)
        else:
            j.descriptors.append(label)

    def _judge(self, text: str) -> _Judgement:
        j = _Judgement()
        q = read_text_facts(text, protected=tuple(self._texts))
        self._q_loc_places = q.loc_places
        positive = q.all_items()
        for kind, values in positive.items():
            for value in sorted(values, key=str):
                if kind == "ordinal" and value[0] == "" and self._ordinal_of_other_noun(q, value[1]):
                    j.contradicted.append(f"ordinal {value[1]} of a noun C counts otherwise")
                    continue
                if kind == "word" and self._ordinal_carries(q, value):
                    continue  # "their first visit" when another reading asks about a second visit
                if kind == "facet" and value[0] == "scope" and not self._in(self.c, kind, value) \
                        and self._narrowing and not self._states_narrowing(q, value[1]):
                    # "the total number of sports" when C counts the non-core ones: the whole, where C is a part
                    j.contradicted.append(f"scope={value[1]}, where C narrows the prompt ({self._narrowing[0][1]})")
                    continue
                if kind == "ordinal" and "begin" in q.all_words:
                    # "when did it first start": "first" adds to "start", it is no paraphrase of it
                    self._judge_item(kind, value, j, begins=False)
                    continue
                self._judge_item(kind, value, j)
        j.contradicted += self._other_superlative(fold(text))
        j.contradicted += self._other_person(fold(text))
        j.contradicted += self._split_name(fold(text))
        for kind, values in q.neg.items():
            for value in sorted(values, key=str):
                if value in positive.get(kind, ()) or (kind == "word" and value in q.words):
                    continue  # "the Summer Youth Olympics rather than the Winter Youth Olympics": shared by both
                in_c = self._in(self.c, kind, value)
                if in_c and any(not self._in(o, kind, value) for o in self.others):
                    # excluding what only C states points away from the target
                    j.contradicted.append(f"excludes {kind}={value}, which C states")
                elif not in_c and (self._conflicts(kind, value) or (
                        any(self._in(o, kind, value) for o in self.others) and not self._in(self.prompt, kind, value))):
                    # excluding what C rules out ("not the 1991 one" when C says 2017) points at the target
                    j.distinctive.append(f"excludes {kind}={value}, which C rules out")
        if j.descriptors and _RESTRICTION.search(fold(text)):
            # "toll roads specifically": words C does not use restrict the answer here, they do not describe
            j.blocking += [f"restricts to {d}" for d in j.descriptors]
        return j

    def _ordinal_of_other_noun(self, q: TextFacts, n: int) -> bool:
        """"the first Speaker" when C asks for the second Speaker (and its "first" counts another noun, "the
        first Lok Sabha"): a bare ordinal is bound to the noun right after it."""
        nouns = {w for w, k in q.bound if k == n}
        return any((w, k) in self.c.bound and k != n and (w, n) not in self.c.bound
                   for w in nouns for k in range(1, 100))

    def _ordinal_carries(self, q: TextFacts, word: str) -> bool:
        """A noun the question binds to an ordinal ("their first visit") that another reading binds to another
        ordinal ("a second visit"): the ordinal tells the readings apart, the noun does not."""
        mine = {k for w, k in q.bound if w == word}
        if not mine or word in self.c.all_words:
            return False
        holders = [o for o in self.others if word in o.all_words]
        return bool(holders) and all(any(w == word and k not in mine for w, k in o.bound) for o in holders)

    def _other_person(self, norm: str) -> list[str]:
        """Another person or office than C's: a relative of someone C names ("the Hound's brother") or a
        deputy of the office C names ("the Deputy Speaker", "the vice president") when C says neither."""
        out = []
        for m in _RELATIVE.finditer(norm):
            owner, rel = match_stem(m.group("owner")), m.group("rel")
            if owner in self.c.all_words and match_stem(rel) not in self.c.all_words:
                out.append(f"{m.group(0)!r}: a relative of someone C names")
        for m in _DEPUTY.finditer(norm):
            mod, office = m.group("mod"), match_stem(m.group("office"))
            if office in self.c.all_words and match_stem(mod.split()[0]) not in self.c.all_words:
                out.append(f"{m.group(0)!r}: another office than C's")
        return out

    def _split_name(self, norm: str) -> list[str]:
        """Two words the question joins as another reading does ("the Summer Olympics") where C puts a word
        between them ("the Summer Youth Olympics"): the name of another referent."""
        def pairs(t: str) -> set[tuple[str, str]]:
            ws = re.findall(r"[a-z0-9]+", t)
            return {(a, b) for a, b in zip(ws, ws[1:], strict=False) if a not in STOPWORDS and b not in STOPWORDS
                    and a not in FRAME_WORDS and b not in FRAME_WORDS}
        c_norm = fold(self.instance.context)
        c_words = set(re.findall(r"[a-z0-9]+", c_norm))
        joined = pairs(c_norm) | pairs(self._texts[0])
        others = set().union(*(pairs(fold(r.question)) for k, r in enumerate(self.instance.readings)
                               if k != self.instance.target))
        return [f"{a} {b}: C puts a word between" for a, b in sorted(pairs(norm) & others - joined)
                if a in c_words and b in c_words
                and re.search(rf"\b{a}\s+[a-z]+\s+{b}\b", c_norm)]

    def _echoes_other(self, text: str) -> bool:
        """The question quotes another reading's question whole ("Do you mean: Who plays Obi Wan in Star Wars
        Episode 3?") and not C's: it proposes that reading."""
        def words(t: str) -> str:
            return " " + " ".join(re.findall(r"[a-z0-9]+", fold(t))) + " "
        q = words(text)
        if words(self.instance.context) in q:
            return False
        return any(len(words(r.question).split()) >= 4 and words(r.question) in q
                   and words(r.question) != words(self.instance.context)
                   for k, r in enumerate(self.instance.readings) if k != self.instance.target)

    def _with_without(self, norm: str) -> bool:
        """"with parental consent" when C says "without parental consent" (or the other way round)."""
        c = fold(self.instance.context)
        for m in re.finditer(r"\b(with|without)\s+(?:(?:the|a|an|any|their|his|her)\s+)?([a-z]+(?:\s+[a-z]+)?)", norm):
            other = "without" if m.group(1) == "with" else "with"
            words = re.escape(m.group(2).split()[0])
            if re.search(rf"\b{other}\s+(?:(?:the|a|an|any|their|his|her)\s+)?{words}\b", c) and not re.search(
                    rf"\b{other}\b", norm):
                return True
        return False

    def _states_narrowing(self, q: TextFacts, scope: str) -> bool:
        """The question states one of C's qualifiers; the noun its quantifier counts is no qualifier ("for all
        passengers" when C says "front-seat passengers")."""
        counted = scope.split()[-1] if " " in scope else None
        return any(self._in(q, k, v) for k, v in self._narrowing if (k, v) != ("word", counted))

    def _other_superlative(self, norm: str) -> list[str]:
        """A superlative C also uses but over something C does not name: "the first human in space" when C
        asks for the first people to land on the moon ranks another set, so it proposes another referent."""
        out = []
        excluded = exclusion_spans(norm, tuple(self._texts))
        for m in _QUALIFIED_ORDINAL.finditer(norm):
            word = m.group("verb") or m.group("obj")
            if m.group("n") not in self._c_qualified or word in STOPWORDS or word in FRAME_WORDS \
                    or any(a <= m.start() < b for a, b in excluded):
                continue  # "rather than just the first to step out" proposes nothing
            if match_stem(word) not in self.c.all_words:
                out.append(f"the {m.group('n')} {word!r}: C's {m.group('n')} ranks something else")
        return out

    def _judge_glossed(self, text: str) -> _Judgement:
        """A parenthesis glosses what precedes it: "World War I (1917)" is settled by the year C states, and
        "the 2016 season (the title game played in January 2017)" by what C states outside it."""
        inner = [m.group(1) for m in re.finditer(r"\(([^()]*)\)", text)]
        if not inner:
            return self._judge(text)
        outer, gloss = self._judge(re.sub(r"\([^()]*\)", " ", text)), self._judge(" ".join(inner))
        if outer.distinctive and not outer.contradicted:
            # C identifies the referent outside the parenthesis: the gloss elaborates it, and only what it
            # contradicts counts ("the next Summer Olympics (Tokyo 2020)" when C says 2018)
            outer.contradicted += gloss.contradicted
            return outer
        if gloss.distinctive and not gloss.contradicted and not outer.contradicted:
            outer.distinctive += gloss.distinctive
            outer.blocking = []  # what the gloss settles is what the name outside it means
            return outer
        return self._judge(text)

    def _guessed_names(self, text: str) -> list[str]:
        """Names the question proposes as the referent or the answer ("Was it the actress Jane Wyatt you were
        thinking of?", "the Winter Games in Lake Placid" when C asks where) that neither C nor the prompt nor a
        reading contains: the user knows only C, so such a guess is never confirmed. A name that describes
        ("the 2005 Tim Burton film", "starring Emma Watson", "Leonard Cohen's original") is no guess."""
        out = []
        for m in _NAME_RUN.finditer(text):
            words = [w for w in re.findall(r"[A-Za-z][\w'’.-]*", m.group(0)) if w.lower() not in _NAME_LINKS]
            if not words or re.search(r"['’]s$", words[-1]):
                continue  # a possessive describes ("Dolly Parton's original")
            own = [fold(w).strip(".'’-") for w in words if fold(w).strip(".'’-") not in _NOT_NAMES]
            if not own or any(match_stem(w) in self._known for w in own) or PLACE_RE.fullmatch(fold(m.group(0))):
                continue
            before = [w for w in re.findall(r"[A-Za-z']+", text[:m.start()]) if w.lower() not in ("the", "a", "an")]
            prev = before[-1].lower() if before else ""
            if prev in _DESCRIBING or (prev in ("in", "at", "on", "near") and "place" not in self.c.asks):
                continue
            if not _NAME_END.match(text[m.end():]):
                continue  # a name before a noun describes it ("the Johnny Depp version")
            out.append(m.group(0))
        return out

    # ------------------------------------------------------------------ the question
    def _alternatives(self, text: str) -> list[str]:
        norm = fold(text)
        if _NOT_CHOICE.search(norm):
            return [_NOT_CHOICE.sub(" ", norm)]
        parts, start = [], 0
        for m in re.finditer(r"(?<![a-z])or(?![a-z])", norm):
            window = norm[max(0, m.start() - 25):m.end() + 25]
            if any(_shared_run(window, t, m.start() - max(0, m.start() - 25)) for t in self._texts):
                continue  # "or" inside a title the question and a reading share ("Is You Is or Is You Ain't")
            if norm.count('"', 0, m.start()) % 2 or norm.count("“", 0, m.start()) > norm.count("”", 0, m.start()):
                continue
            parts.append(norm[start:m.start()])
            start = m.end()
        parts.append(norm[start:])
        parts = [p for p in parts if p.strip(" ,?.")]
        return parts if len(parts) > 1 else [norm]

    def decide(self, question: str) -> SimReply:
        text = clean_question(question)
        info: dict[str, Any] = {"question": text}
        text = _WHEN_YOU_SAY.sub("", text)
        sentences = [s for s in re.split(r"(?<=[?])\s*", text) if s.strip()] or [text]
        yes_no = [s for s in sentences if not is_open_question(s)]
        if not yes_no:
            return self._reply(IDK, "not a yes/no question", info)
        text = " ".join(yes_no)
        if (_PROCESS.search(text) and _COVER_ALL.search(fold(text))) or _OFFER_ALL.search(text) \
                or _OFFER_MORE.search(text):
            return self._reply(IDK, "an offer about the answer's form (all readings), not the user's intent", info)
        tag = bool(_TAG.search(text))
        positive = _positive_form(text)
        if positive is not None:
            info["read_as"] = text = positive
        elif _NEGATED_HEAD.search(text) and not tag:
            return self._reply(IDK, "an elliptical negation: yes and no would be ambiguous", info)
        if self._echoes_other(text):
            return self._reply(NO, "quotes another reading's question whole", info)
        if self._with_without(fold(text)):
            return self._reply(NO, "states with what C states without (or the other way round)", info)
        premise = _PREMISE.match(text)
        if premise and self._judge(premise.group("premise")).contradicted:
            return self._reply(NO, "the premise of a follow-up question is contradicted", info)
        alternatives = self._alternatives(text)
        if len(alternatives) > 1:
            judged = [self._judge(a) for a in alternatives]
            info["alternatives"] = [jd.as_info() for jd in judged]
            # an alternative that only describes ("or the date it officially joined") is still an alternative
            substantive = [jd for jd in judged if jd.affirmed or jd.distinctive or jd.contradicted or jd.blocking
                           or jd.descriptors]
            if len(substantive) > 1:
                if all(jd.contradicted for jd in substantive):
                    return self._reply(NO, "a choice between alternatives that are all contradicted", info)
                return self._reply(IDK, "a choice between alternatives", info)
        judgement = self._judge_glossed(text)
        for name in self._guessed_names(text):
            judgement.blocking.append(f"names {name!r}: a candidate answer the user, who knows only C, cannot check")
        info.update(judgement.as_info())
        answer, rule = judgement.verdict()
        if answer == IDK and rule == "proposes nothing the user can judge" and (
                is_off_intent(text) or _PROCESS.search(text)):
            rule = "a request about the agent's process, not the user's intent"
        return self._reply(answer, rule, info)

    def _reply(self, answer: YesNo, rule: str, info: dict[str, Any]) -> SimReply:
        return SimReply(answer=answer, method=self.method, info={"rule": rule, **info})

    async def reply(self, question: str) -> SimReply:
        return self.decide(question)


def _positive_form(text: str) -> str | None:
    """The question a negative question or a negative statement with a reversed tag asks, or None
    (the negation policy in the module docstring)."""
    m = _NEG_QUESTION.match(text)
    if m:
        aux = re.match(r"[a-z]+?(?=n'?t)", m.group("aux").lower())
        return _POSITIVE_AUX.get(aux.group(0) if aux else "", "is") + " " + text[m.end():]
    m = _NEG_REVERSED_TAG.match(text)
    if m:
        return f"{m.group('subj')} {m.group('body')}?"
    return None


def _sequel_numbers(context: str, prompt: str) -> list[int]:
    """The number C puts after the prompt's title ("... in how to train your dragon 2" when the prompt says "...
    in how to train your dragon"): a sequel's number, so "the first movie" is another film."""
    c, p = fold(context), fold(prompt)
    out = []
    for m in re.finditer(r"([a-z]+) ([2-9])(?![0-9a-z])", c):
        if re.search(rf"\b{m.group(1)}\b", p) and not re.search(rf"\b{m.group(1)} {m.group(2)}\b", p):
            out.append(int(m.group(2)))
    return out


def _shift_holds(shift: tuple[str, int], year: int) -> bool:
    """`year` lies on the side of the anchor a shift names ("after 2018": 2022 does, 2018 does not)."""
    direction, anchor = shift
    return year > anchor if direction == "after" else year < anchor


def _shared_run(window: str, text: str, at: int) -> bool:
    """The words around position `at` of `window` (the "or" and a word on each side) occur in `text`."""
    left = re.findall(r"[a-z0-9']+", window[:at])[-1:]
    right = re.findall(r"[a-z0-9']+", window[at + 2:])[:1]
    if not left or not right:
        return False
    return re.search(rf"\b{re.escape(left[0])}\s+or\s+{re.escape(right[0])}\b", text) is not None


# --------------------------------------------------------------------------- LLM and free-form
_LLM_SYSTEM = ("You are role-playing a user who asked an assistant a general-knowledge question. You know exactly "
               "what you meant: {context}\n\nThe assistant will ask you a yes/no clarification question. Reply "
               "with exactly one of: yes, no, I don't know. Reply \"I don't know\" when the question cannot be "
               "answered from what you meant. Write nothing else.")
_LLM_USER = "Your original question: {question}\nThe assistant asks: {ask}"
_LLM_RETRY = "Reply with exactly one of: yes, no, I don't know."


class GeneralLLMSimulator:
    """A model plays the user, prompted with C only (never an answer); strict parse, one retry, then
    "I don't know" with the parse failure logged. Model errors propagate (the runner records them)."""

    method = "llm"

    def __init__(self, instance: AmbigQAInstance, model: Generator):
        self.instance = instance
        self.model = model

    def messages(self, question: str) -> list[Message]:
        return [Message(role="system", content=_LLM_SYSTEM.format(context=self.instance.context)),
                Message(role="user", content=_LLM_USER.format(question=self.instance.question, ask=question))]

    async def reply(self, question: str) -> SimReply:
        return await ask_yes_no(self.model, self.messages(question), _LLM_RETRY, self.method)


class GeneralFreeFormSimulator:
    """Answers any question with what the user meant: C, the target's disambiguated question."""

    method = "free_form_context"

    def __init__(self, instance: AmbigQAInstance):
        self.instance = instance

    async def reply(self, question: str) -> FreeFormReply:
        return FreeFormReply(text=f"I mean: {self.instance.context}", method=self.method, info={})
