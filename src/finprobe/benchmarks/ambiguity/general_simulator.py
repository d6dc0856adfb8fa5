"""Simulated users for general-domain (AmbigQA) instances: which reading does a yes/no question propose?

The user knows C, the target reading's disambiguated question. The other readings' questions (never their
answers) are used only to recognise that a question points at another reading, as the financial
simulator uses the default interpretation.

`GeneralSimulator` (deterministic, English) reads a clarification question as propositions:

- typed facets: years (a year C gives a sports season, "the 2016 season", admits games played the next
  year); ordinals with what they count ("the second season", "season 2", "series 2", "S3E4", "Part II",
  "Division III", "Super Bowl LIV"; "the 9th time" counts whatever its sentence counts, so it is "the ninth
  title"), and the numbered eras every user dates ("World War I" = 1914-1918); recency ("the most recent",
  "the original"; C's "has been ... since 2004" is the current one); medium (film, serial, TV, song, album,
  book, stage, game); version (original vs. remake/cover; "the original air date" is no version), format
  (animated vs. live-action), game platform (PC, PlayStation, Xbox, Switch) and unit (km = kilometres,
  miles); the role asked about (who sang / the lead vocal, wrote, played or voiced, directed, produced,
  won, hosted, translated — only where the question asks about the role, "who wrote it", "the songwriter",
  not in descriptions such as "written by"); gender (men's / women's, "what man"); places (countries, US
  states, large cities, with aliases: US, UK, LA, lower-case "us" in AmbigNQ's "when did us go to war");
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

Known limits: no outside knowledge (C "the 2017 film" does not tell it that this film is live-action);
places inside places ("Los Angeles" vs "the US") are unsettled; paraphrases the lexicon lacks are unsettled.
`GeneralLLMSimulator` asks a model (strict parse, one retry); `GeneralFreeFormSimulator` answers open
questions with C itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from finprobe.benchmarks.ambiguity._general_text import STOPWORDS, fold, stem
from finprobe.benchmarks.ambiguity._propositions import clean_question, is_off_intent, is_open_question
from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance
from finprobe.benchmarks.ambiguity.simulators import IDK, NO, YES, FreeFormReply, SimReply, YesNo, parse_yes_no_reply
from finprobe.core.schema import Message, ModelCall

__all__ = ["GeneralFreeFormSimulator", "GeneralLLMSimulator", "GeneralSimulator", "TextFacts", "read_text_facts"]

_B, _E = r"(?<![a-z0-9])", r"(?![a-z0-9])"


def _alt(*words: str) -> str:
    return _B + "(?:" + "|".join(words) + ")" + _E


# --------------------------------------------------------------------------- lexicons
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
             "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
             "twentieth": 20}
_CARDINALS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
              "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
              "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20}
_ROMAN_RE = r"(?:l?x{0,3}(?:ix|iv|v?i{0,3})|x?l(?:ix|iv|v?i{0,3}))"
#: things that are counted ("season 2", "the second season"); synonyms folded
_HEADS = {"season": "season", "series": "season", "episode": "episode", "part": "part", "chapter": "chapter",
          "book": "book", "volume": "volume", "film": "film", "movie": "film", "game": "game", "round": "round",
          "edition": "edition", "term": "term", "album": "album", "installment": "installment",
          "instalment": "installment", "generation": "generation", "world war": "world war",
          "super bowl": "super bowl", "amendment": "amendment", "place": "place", "time": "time",
          "person": "person", "man": "person", "woman": "person", "president": "president", "wave": "wave",
          "stage": "stage", "leg": "leg", "day": "day", "week": "week", "act": "act", "title": "title",
          "half": "half", "quarter": "quarter", "period": "period", "inning": "inning", "olympics": "olympics",
          "division": "division", "tier": "tier", "level": "level"}
#: the years of numbered eras every user knows: "World War I" agrees with C's "in 1917", "World War II" does not
_ERA_YEARS: dict[tuple[str, int], tuple[int, int]] = {("world war", 1): (1914, 1918), ("world war", 2): (1939, 1945)}
#: heads that count whatever the sentence counts ("the 9th time Notre Dame won a title" = "the ninth title")
_ANY_HEAD = frozenset({"", "time"})
_HEAD_RE = "|".join(sorted((re.escape(h) + "s?" for h in _HEADS), key=len, reverse=True))
_ORD_WORD = "|".join(sorted(_ORDINALS, key=len, reverse=True))
_CARD_WORD = "|".join(sorted(_CARDINALS, key=len, reverse=True))
_ORDINAL_BEFORE = re.compile(_B + rf"(?P<n>{_ORD_WORD}|\d{{1,3}}(?:st|nd|rd|th))\s+(?:[a-z'-]+\s+){{0,3}}?(?P<h>{_HEAD_RE})" + _E)
_ORDINAL_AFTER = re.compile(_B + rf"(?P<h>{_HEAD_RE})\s+(?:no\.?\s*|number\s+|#\s*)?(?P<n>\d{{1,3}}|{_CARD_WORD}|{_ROMAN_RE})" + _E)
_WWII = re.compile(_B + r"ww(?P<n>ii|i|1|2)" + _E)
_BARE_ORDINAL = re.compile(_B + rf"(?P<n>{_ORD_WORD}|\d{{1,3}}(?:st|nd|rd|th))" + _E)
_REGNAL = re.compile(r"(?<![A-Za-z])(?P<name>[A-Z][a-z]+)\s+(?P<n>[IVX]{1,5})(?![A-Za-z])")

_RECENCY: list[tuple[str, str]] = [
    ("latest", _alt(r"most recent(?:ly)?", r"latest", r"newest", r"current(?:ly)?", r"recent", r"last",
                    r"this year'?s?", r"upcoming", r"newer")),
    ("earliest", _alt(r"earliest", r"oldest", r"very first", r"first ever")),
]
_MEDIA: list[tuple[str, str]] = [
    ("tv", _alt(r"tv(?: series| show| shows| program(?:me)?| adaptation| version)?", r"television(?: series| show)?",
                r"sitcom", r"mini-?series", r"show", r"series finale", r"episodes?", r"seasons?", r"anime",
                r"(?:animated|cartoon|web|anime) series", r"cartoon show")),
    ("film", _alt(r"films?", r"movies?", r"motion pictures?", r"feature films?", r"cinema", r"screenplay",
                  r"(?<!tv )(?<!television )(?<!radio )serials?")),
    ("song", _alt(r"songs?", r"singles?", r"tracks?", r"tunes?", r"ballad", r"anthem")),
    ("album", _alt(r"albums?", r"lp", r"ep", r"records?(?= by| from)", r"soundtrack")),
    ("book", _alt(r"books?", r"novels?", r"novella", r"book series", r"the novel", r"comics?", r"manga",
                  r"poem", r"memoir")),
    ("stage", _alt(r"musicals?", r"(?:stage|broadway|west end) (?:show|version|production|musical)", r"plays?",
                   r"broadway", r"opera")),
    ("game", _alt(r"video ?games?", r"game series")),
]
_VERSION: list[tuple[str, str, str]] = [  # (facet, value, pattern)
    # "the original air date" is the first broadcast of the episode C names, not an original version
    ("version", "original", _alt(r"original(?:ly)?(?! air| broadcast| airing)"
                                 r"(?: version| recording| release| film| movie| song| series)?",
                                 r"first version", r"first recorded", r"first released")),
    ("version", "remake", _alt(r"remakes?", r"reboots?", r"covers?", r"covered", r"cover version", r"revival",
                               r"re-?recordings?", r"re-?makes?", r"re-?imagining", r"redo", r"new version",
                               r"later version", r"updated version")),
    ("format", "animated", _alt(r"animated", r"animation", r"cartoon", r"disney animated")),
    ("format", "live_action", _alt(r"live[- ]action", r"live action")),
    ("season", "summer", _alt(r"summer")),
    ("season", "winter", _alt(r"winter")),
    ("age", "adult", _alt(r"adult", r"grown-?up", r"older")),
    ("age", "young", _alt(r"young(?:er)?", r"child", r"kid", r"cub", r"teen(?:age)?", r"little")),
    ("persona", "character", _alt(r"characters?", r"fictional", r"cartoon character")),
    ("persona", "performer", _alt(r"performers?", r"real (?:person|singer|people|name)", r"voice actors?", r"vocals",
                                  r"vocalists?", r"in real life", r"actual (?:singer|person|performer)")),
    ("sport", "football", _alt(r"soccer", r"association football", r"fifa", r"premier league", r"mls", r"la liga")),
    ("sport", "american_football", _alt(r"american football", r"nfl", r"super bowl", r"gridiron", r"college football")),
    ("sport", "basketball", _alt(r"basketball", r"nba", r"wnba")),
    ("sport", "ice_hockey", _alt(r"ice hockey", r"hockey", r"nhl", r"stanley cup")),
    ("sport", "baseball", _alt(r"baseball", r"mlb", r"world series")),
    ("sport", "other", _alt(r"cricket", r"rugby", r"golf", r"volleyball", r"handball")),
    ("draw", "singles", _alt(r"singles")),
    ("draw", "doubles", _alt(r"doubles", r"mixed doubles")),
    ("event", "release", _alt(r"releas\w*", r"came out", r"come out", r"comes out", r"coming out", r"launch\w*",
                              r"publish\w*", r"hit (?:theaters|theatres|cinemas|stores)")),
    # finishing a work is another event than its release ("when Twain finished writing it" vs "published")
    ("event", "complete", _alt(r"finish(?:ed|es|ing)? (?:writing|recording|filming|it)", r"completed writing")),
    # units an answer is given in ("in km" = "in kilometres"; "in miles" is another unit)
    ("unit", "km", _alt(r"km(?!/h)", r"kilomet(?:re|er)s?(?! per hour)")),
    ("unit", "mile", _alt(r"miles?(?! per hour)")),
    ("unit", "metre", _alt(r"metres?", r"meters?")),
    ("unit", "foot", _alt(r"feet", r"ft")),
    ("unit", "kmh", _alt(r"km/h", r"kph", r"kilomet(?:re|er)s per hour")),
    ("unit", "mph", _alt(r"mph", r"miles per hour")),
    ("unit", "kg", _alt(r"kg", r"kilogram(?:me)?s?", r"kilos?")),
    ("unit", "pound", _alt(r"lbs?", r"pounds?")),
    # game platforms (a version of a game): the PC release is not the Nintendo Switch one
    ("platform", "pc", _alt(r"pc", r"windows", r"steam", r"mac")),
    ("platform", "playstation", _alt(r"playstation(?: ?[1-5])?", r"ps ?[1-5]", r"psp", r"ps vita")),
    ("platform", "xbox", _alt(r"xbox(?: one| 360| series [xs])?")),
    ("platform", "switch", _alt(r"nintendo switch")),
    ("platform", "wii", _alt(r"wii(?: u)?")),
    ("platform", "nintendo_ds", _alt(r"(?:nintendo )?3ds", r"nintendo ds")),
]
#: the kind of place a question asks for: "In what city ..." is not "In what location ..." (the venue) or "What
#: state ..."; read in C and the readings from the wh-phrase only, in a clarification question after a determiner
#: or at the start of a text (an alternative of a choice)
_PLACE_KINDS = {"city": "city", "cities": "city", "town": "city", "metroarea": "metro", "venue": "venue",
                "location": "venue", "building": "venue", "stadium": "venue", "arena": "venue", "studio": "venue",
                "theater": "venue", "theatre": "venue", "hall": "venue", "address": "venue", "site": "venue",
                "state": "state", "province": "state", "country": "country", "nation": "country", "road": "road",
                "highway": "road", "freeway": "road", "motorway": "road", "interstate": "road", "route": "road"}
_KIND_WORD = "|".join(sorted(_PLACE_KINDS, key=len, reverse=True))
_C_PLACE_KIND = re.compile(r"^\s*(?:(?:in|at|on|from|to|for|of)\s+)?(?:what|which)\s+(?:[a-z]+\s+)?"
                           rf"(?P<k>{_KIND_WORD})s?" + _E)
_Q_PLACE_KIND = re.compile(r"(?:" + _B + r"(?:which|what|the|a|an|this|that)\s+(?:(?:specific|exact|particular|actual|"
                           r"precise|same|host|individual)\s+)?|^\s*(?:[a-z]+\s+)?)"  # or opening an alternative: "or TV studio"
                           rf"(?P<k>{_KIND_WORD})s?" + _E +
                           r"(?!\s+(?:capitol|capital|university|college|park|fair|department|police|house|legislature|"
                           r"senate|line|lines|championship|title|of the union|record|records|level|team)\b)")
#: facets read from the text with its case ("the Switch release", not "switch to")
_CASED_FACETS: list[tuple[str, str, re.Pattern[str]]] = [
    ("platform", "switch", re.compile(r"(?<!^)(?<![.?!]\s)(?<![A-Za-z])Switch(?![A-Za-z])")),
]
_ROLE_WORDS: dict[str, str] = {}
for _group, _words in {
    # "band" is not a role: "which band" asks for a group, "the lead vocal" for a person (a content word)
    "sing": "sing sings sang sung singing singer singers vocal vocals vocalist perform performs performed performing "
            "performer performers recorded recording artist popularized popularised popularize popularise",
    "write": "write writes wrote written writing writer writers songwriter songwriters lyricist lyrics penned "
             "author authors authored compose composes composed composer composers",
    "act": "play plays played playing portray portrays portrayed actor actors actress actresses cast voice voices "
           "voiced voicing",
    "direct": "direct directs directed directing director directors",
    "produce": "produce produces produced producing producer producers",
    "win": "win wins won winning winner winners champion champions",
    "host": "host hosts hosted hosting held",
    "translate": "translate translates translated translating translator translators translation",
}.items():
    for _w in _words.split():
        _ROLE_WORDS[_w] = _group
_ROLE_ASK = re.compile(_B + r"(?:who|whom|the (?:one|person|people|team|band|artist) (?:who|that))\s+(?:\w+\s+){0,2}?"
                       r"(?P<w>" + "|".join(sorted(_ROLE_WORDS, key=len, reverse=True)) + r")" + _E)
_ROLE_NOUN = re.compile(_B + r"(?P<w>singer|songwriter|lyricist|composer|actor|actress|director|producer|writer|"
                        r"author|performer|vocalist|winner|champion|host)s?" + _E)
_GENDER: list[tuple[str, str]] = [
    ("men", _alt(r"men'?s?", r"male", r"boys'?", r"gentlemen'?s?", r"mens", r"man'?s?")),
    ("women", _alt(r"women'?s?", r"female", r"girls'?", r"ladies'?", r"womens", r"woman'?s?")),
]
#: "man" / "woman" inside a counted phrase ("the first man on the Moon") mean a person, not a gender
_SINGULAR_GENDER = re.compile(_alt(r"man'?s?", r"woman'?s?"))
#: lower-case "us" as the country in AmbigNQ's lower-cased questions ("when did us go to war"), not the pronoun
_US_LOWER = re.compile(r"(?:(?<=\bdid )|(?<=\bdoes )|(?<=\bthe )|(?<=\bin )|(?<=\bwas )|(?<=\bhas ))us(?![a-z.'])"
                       r"|(?<![a-z])us(?= (?:president|presidents|history|army|navy|government|open|congress|senate|"
                       r"constitution|military|troops|citizens?|dollar|supreme court|national|house|flag|capital|"
                       r"census|election|marines?|air force|states?|team)\b)")
#: "was the first Super Bowl played": a game is played, nobody plays a part (a passive "played" without "by")
_GAME_PLAYED = re.compile(r"\b(?:was|were|is|are|be|been|being)\b(?:\s+[\w'-]+){0,6}\s+played$")
#: "S3E4": season 3, episode 4
_EPISODE_CODE = re.compile(_B + r"s(?P<s>\d{1,2})\s?e(?P<e>\d{1,3})" + _E)
_ASKS: list[tuple[str, str]] = [  # what kind of answer the question proposes
    ("person", _B + r"(?:asking|know|wondering|question is|interested in|looking for)\s+(?:about\s+)?"
               r"(?:who|whom|whose|the name of the person|which person|which (?:actor|singer|team|player))" + _E),
    ("time", _B + r"(?:asking|know|wondering|question is|interested in|looking for)\s+(?:about\s+)?"
             r"(?:when|what (?:year|date|day|time)|the (?:year|date|day|time) (?:when|that|it|of|in))" + _E
             + "|" + _alt(r"(?:release|air|premiere|exact|specific|calendar) dates?")),
    ("place", _B + r"(?:asking|know|wondering|question is|interested in|looking for)\s+(?:about\s+)?"
              r"(?:where|which (?:place|city|country|location))" + _E + "|" + _alt(r"the location", r"the venue")),
    ("count", _alt(r"how many", r"how much", r"the number of", r"the total number", r"the count",
                   r"(?:the )?(?:\w+ ){0,3}number itself", r"the (?:actual |exact )?(?:figure|value)")),
]
_C_ASKS = [("count", r"\bhow (?:many|much)\b"),
           ("person", r"^\s*(?:who|whom|whose)\b|^\s*(?:which|what) (?:person|actor|actress|singer|team|band|player|"
                      r"character|artist|president|prime minister|author|writer)\b"),
           ("time", r"^\s*when\b|^\s*(?:what|which) (?:year|date|day|time)\b"
                    r"|^\s*what (?:is|was) the (?:\w+ ){0,2}(?:date|year)\b"),
           ("place", r"^\s*where\b|^\s*(?:(?:in|at|on) )?(?:what|which) (?:city|country|place|state|location|venue|"
                     r"road|highway|metroarea|region|stadium|town|province)\b"),
           ("count", r"\bhow (?:many|much)\b"),
           ("time", r"\b(?:release|air|premiere|pre-release|launch) dates?\b")]

_PLACES: dict[str, str] = {}
for _canon, _names in {
    "united states": "united states|united states of america|usa|u\\.s\\.a\\.?|u\\.s\\.|america|american|the states",
    "united kingdom": "united kingdom|uk|u\\.k\\.|britain|great britain|british",
    "england": "england|english", "scotland": "scotland|scottish", "wales": "wales|welsh",
    "ireland": "ireland|irish", "canada": "canada|canadian", "australia": "australia|australian",
    "new zealand": "new zealand", "india": "india|indian", "china": "china|chinese", "japan": "japan|japanese",
    "france": "france|french", "germany": "germany|german", "italy": "italy|italian", "spain": "spain|spanish",
    "mexico": "mexico|mexican", "brazil": "brazil|brazilian", "russia": "russia|russian",
    "south africa": "south africa|south african", "south korea": "south korea|korea|korean",
    "philippines": "philippines|filipino", "pakistan": "pakistan", "nigeria": "nigeria", "kenya": "kenya",
    "egypt": "egypt", "israel": "israel", "turkey": "turkey", "greece": "greece|greek", "sweden": "sweden|swedish",
    "norway": "norway", "denmark": "denmark", "netherlands": "netherlands|holland|dutch", "belgium": "belgium",
    "switzerland": "switzerland|swiss", "austria": "austria", "poland": "poland|polish", "portugal": "portugal",
    "argentina": "argentina", "chile": "chile", "colombia": "colombia", "cuba": "cuba", "jamaica": "jamaica",
    "europe": "europe|european", "asia": "asia", "africa": "africa", "north america": "north america",
    "south america": "south america", "pacific": "pacific", "atlantic": "atlantic",
    "new york": "new york city|new york|nyc|manhattan", "los angeles": "los angeles|l\\.a\\.|la",
    "london": "london", "paris": "paris", "tokyo": "tokyo", "chicago": "chicago", "boston": "boston",
    "washington dc": "washington,? d\\.?c\\.?|d\\.c\\.", "rio de janeiro": "rio de janeiro|rio", "beijing": "beijing",
    "sydney": "sydney", "toronto": "toronto", "berlin": "berlin", "rome": "rome", "moscow": "moscow",
    "hollywood": "hollywood", "las vegas": "las vegas", "miami": "miami", "atlanta": "atlanta",
    "seattle": "seattle", "dallas": "dallas", "houston": "houston", "nashville": "nashville",
    "new orleans": "new orleans", "san francisco": "san francisco", "philadelphia": "philadelphia",
    "detroit": "detroit", "dublin": "dublin", "edinburgh": "edinburgh", "mumbai": "mumbai", "delhi": "delhi|new delhi",
}.items():
    for _n in _names.split("|"):
        _PLACES[_n] = _canon
for _state in ("alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho "
               "illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota "
               "mississippi missouri montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah "
               "vermont virginia wisconsin wyoming").split():
    _PLACES[_state] = _state
for _state in ("new hampshire", "new jersey", "new mexico", "north carolina", "north dakota", "rhode island",
               "south carolina", "south dakota", "west virginia"):
    _PLACES[_state] = _state
#: places inside other places: naming the larger one is not a contradiction (it is unsettled)
_INSIDE = {"united states": "north america", "canada": "north america", "mexico": "north america","england": "united kingdom", "scotland": "united kingdom", "wales": "united kingdom",
           "london": "united kingdom", "edinburgh": "united kingdom", "paris": "france", "tokyo": "japan",
           "rio de janeiro": "brazil", "beijing": "china", "sydney": "australia", "toronto": "canada",
           "berlin": "germany", "rome": "italy", "moscow": "russia", "dublin": "ireland", "mumbai": "india",
           "delhi": "india", **{c: "united states" for c in (
               "new york", "los angeles", "chicago", "boston", "washington dc", "hollywood", "las vegas", "miami",
               "atlanta", "seattle", "dallas", "houston", "nashville", "new orleans", "san francisco",
               "philadelphia", "detroit")}}
def _place_name(text: str) -> str:
    """The canonical name of a matched place ("u.s." and "the states" -> "united states")."""
    if text in _PLACES:
        return _PLACES[text]
    return next(canon for pattern, canon in _PLACES.items() if re.fullmatch(pattern, text))


_PLACE_RE = re.compile(_B + "(?:" + "|".join(sorted(_PLACES, key=len, reverse=True)) + ")" + _E)
_US_UPPER = re.compile(r"(?<![A-Za-z])(?:US|U\.S\.?|USA)(?![A-Za-z])")

#: words of a question's frame: they ask, they do not propose anything
_FRAME = frozenset("""
mean meant meaning asking ask asked refer referring reference talk talking want wanting wanted look looking know
knowing wonder wondering interested interest question questions clarify clarifying clarification confirm confirming
specifically specific exactly exact particular particularly right correct think like need please answer answers
version versions one ones thing things info information regarding concerning guess assume curious sure quick
help find tell say said intend intended context sense case kind type sort just ok okay sorry also actually
would could should might shall will me let us give provide list answer respond reply yes no rather instead
opposed other than whether either any another which same different here there now then still get got go
going come gets make made use used yeah hi hello great thanks thank check checking understand understanding
ambiguous ambiguity possible possibly probably maybe perhaps likely different various multiple several two both
you're you've i'm it's that's what's name names person people
""".split())
_EXCLUSION = re.compile(_B + r"(?:not|rather than|instead of|as opposed to|other than|excluding|except(?: for)?|"
                        r"but not|apart from|aside from|never)" + _E + r"|n't" + _E)
_CLAUSE_END = re.compile(r"[,;:?!.]|" + _B + r"(?:but|and|while|whereas|so)" + _E)
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
                        r"two |four )?\w+|each|the answers? (?:for|to) (?:both|all|each))\b", re.I)
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


# --------------------------------------------------------------------------- facts of a text
@dataclass
class TextFacts:
    """What a text states, with the polarity of each item: `neg` holds those inside an exclusion."""

    years: set[int] = field(default_factory=set)
    #: years that name a sports season ("the 2016 season"): its games may be played the next calendar year
    season_years: set[int] = field(default_factory=set)
    decades: set[int] = field(default_factory=set)
    ordinals: set[tuple[str, int]] = field(default_factory=set)
    recency: set[str] = field(default_factory=set)
    media: set[str] = field(default_factory=set)
    facets: set[tuple[str, str]] = field(default_factory=set)  # version, format, event
    roles: set[str] = field(default_factory=set)
    genders: set[str] = field(default_factory=set)
    places: set[str] = field(default_factory=set)
    asks: set[str] = field(default_factory=set)
    words: set[str] = field(default_factory=set)
    #: every content word, those inside a facet's phrase too ("war" in "World War II"): what C affirms
    all_words: set[str] = field(default_factory=set)
    neg: dict[str, set[Any]] = field(default_factory=dict)

    def all_items(self) -> dict[str, set[Any]]:
        return {"year": set(self.years), "decade": set(self.decades), "ordinal": set(self.ordinals), "recency": set(self.recency),
                "media": set(self.media), "facet": set(self.facets), "role": set(self.roles),
                "gender": set(self.genders), "place": set(self.places), "asks": set(self.asks),
                "word": set(self.words)}


#: words that name the same thing, folded to one form before stemming
_SYNONYMS = {
    **dict.fromkeys(("began", "begin", "begun", "begins", "beginning", "start", "started", "starts", "starting",
                     "outbreak", "commenced", "commence", "onset", "entered", "enter", "entry", "joined",
                     "premiere", "premiered", "premieres", "premiering", "debut", "debuted", "debuts"), "begin"),
    **dict.fromkeys(("end", "ended", "ends", "ending", "conclude", "concluded", "conclusion", "over", "finale"),
                    "end"),
    **dict.fromkeys(("tournament", "tournaments", "championship", "championships"), "championship"),
    **dict.fromkeys(("complete", "completed", "completion", "finish", "finished", "finishing", "done"), "complete"),
    **dict.fromkeys(("announce", "announced", "announcement", "unveil", "unveiled", "unveiling", "revealed"),
                    "announce"),
    **dict.fromkeys(("soccer", "football"), "football"),
    **dict.fromkeys(("ncaa", "college", "collegiate"), "college"),
    **dict.fromkeys(("pm", "premier"), "primeminister"),
    **dict.fromkeys(("died", "die", "dies", "death", "dead"), "die"),
    **dict.fromkeys(("born", "birth"), "born"),
    **dict.fromkeys(("built", "build", "construction", "constructed", "erected"), "build"),
}


#: phrases read as one word (rewritten in the text before it is folded, so character positions stay aligned)
_PHRASES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bprime ministers?\b", re.I), "primeminister"),
    # "who made it famous" asks for the performer, as "who popularized it" does
    (re.compile(r"\bmade (?:it|the song|them|him|her|this) (?:famous|popular|a hit)\b", re.I), "popularized"),
    # a kind of place as one word, so "area" in "floor area" does not read as C's "metro area"
    (re.compile(r"\bmetro(?:politan)? areas?\b", re.I), "metroarea"),
]


def _rewrite_phrases(text: str) -> str:
    for pattern, word in _PHRASES:
        text = pattern.sub(word, text)
    return text


def _match_stem(word: str) -> str:
    """A stem for matching content words across forms ("released" ~ "release", "premiering" ~ "premiere")."""
    if word in _SYNONYMS:
        return _SYNONYMS[word]
    w = stem(word)
    if len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
    if len(w) > 8 and w.endswith("al"):
        w = w[:-2]
    if len(w) > 4 and w.endswith("e"):
        w = w[:-1]
    return w


def _ordinal_value(raw: str) -> int | None:
    raw = raw.lower().rstrip(".")
    if raw in _ORDINALS:
        return _ORDINALS[raw]
    if raw in _CARDINALS:
        return _CARDINALS[raw]
    m = re.fullmatch(r"(\d{1,3})(?:st|nd|rd|th)?", raw)
    if m:
        return int(m.group(1))
    return _roman(raw) if raw and re.fullmatch(_ROMAN_RE, raw) else None


def _roman(raw: str) -> int | None:
    """"liv" -> 54; None for what is not a roman numeral below 90."""
    values = {"i": 1, "v": 5, "x": 10, "l": 50}
    total = 0
    for k, ch in enumerate(raw):
        v = values.get(ch)
        if v is None:
            return None
        nxt = values.get(raw[k + 1]) if k + 1 < len(raw) else None
        total += -v if nxt is not None and nxt > v else v
    return total or None


def _same_head(a: str, b: str) -> bool:
    """Two ordinals count the same things (a bare "the second" or "the 9th time" counts anything)."""
    return a == b or a in _ANY_HEAD or b in _ANY_HEAD


def _head(raw: str) -> str:
    raw = raw.lower()
    return _HEADS.get(raw) or _HEADS.get(raw.rstrip("s")) or raw


def _exclusion_spans(norm: str, protected: tuple[str, ...] = ()) -> list[tuple[int, int]]:
    """[cue end, clause end) for each exclusion cue that is not part of a protected text's words."""
    spans = []
    for m in _EXCLUSION.finditer(norm):
        words = re.match(r"\S*(?:\s+\S+){0,2}", norm[max(0, norm.rfind(" ", 0, m.start()) + 1):])
        run = re.sub(r"[^\w' ]", "", words.group(0)) if words else ""
        if run and any(run in re.sub(r"[^\w' ]", "", t) for t in protected):
            continue
        end = _CLAUSE_END.search(norm, m.end())
        spans.append((m.end(), end.start() if end else len(norm)))
    return spans


def read_text_facts(text: str, *, as_context: bool = False, protected: tuple[str, ...] = ()) -> TextFacts:
    """The propositions of `text` (a question, C, or a reading's question). An exclusion cue inside words
    the `protected` texts also contain (a title: "You Don't Mess Around with Jim") excludes nothing."""
    facts = TextFacts()
    text = _rewrite_phrases(text)
    norm = fold(text)
    excluded = _exclusion_spans(norm, protected) if not as_context else []
    consumed: list[tuple[int, int]] = []

    sets: dict[str, set[Any]] = {
        "year": facts.years, "decade": facts.decades, "ordinal": facts.ordinals, "recency": facts.recency, "media": facts.media,
        "facet": facts.facets, "role": facts.roles, "gender": facts.genders, "place": facts.places,
        "asks": facts.asks}

    def add(kind: str, value: Any, start: int, end: int) -> None:
        consumed.append((start, end))
        if any(a <= start < b for a, b in excluded):
            facts.neg.setdefault(kind, set()).add(value)
            return
        sets[kind].add(value)

    for m in re.finditer(_B + r"((?:1[0-9]|20)\d{2})(?:s|'s)?" + _E, norm):
        if not m.group(0).endswith("s"):
            add("year", int(m.group(1)), m.start(), m.end())
            if re.match(r"\s+(?:[a-z]+\s+)?season", norm[m.end():]):
                facts.season_years.add(int(m.group(1)))
        else:
            add("decade", int(m.group(1)) // 10 * 10, m.start(), m.end())
    for m in _EPISODE_CODE.finditer(norm):
        add("ordinal", ("season", int(m.group("s"))), m.start(), m.end())
        add("ordinal", ("episode", int(m.group("e"))), m.start(), m.end())
    for m in _WWII.finditer(norm):
        add("ordinal", ("world war", {"i": 1, "1": 1, "ii": 2, "2": 2}[m.group("n")]), m.start(), m.end())
    for regex in (_ORDINAL_BEFORE, _ORDINAL_AFTER):
        for m in regex.finditer(norm):
            n = _ordinal_value(m.group("n"))
            if n is not None and not (regex is _ORDINAL_AFTER and m.group("n") == "i"
                                      and _head(m.group("h")) not in ("world war", "part", "chapter", "volume",
                                                                      "episode", "act", "book", "division")):
                add("ordinal", (_head(m.group("h")), n), m.start(), m.end())
    for m in _REGNAL.finditer(text):
        n = _roman(m.group("n").lower())
        if any(a <= m.start("n") < b for a, b in consumed):
            continue
        if m.group("n") == "I" and re.match(r"\s+[a-z]", text[m.end("n"):]):
            continue  # "Before I answer": the pronoun
        if n is not None and m.group("name").lower() not in STOPWORDS and m.group("name").lower() not in _HEADS:
            add("ordinal", (m.group("name").lower(), n), m.start("n"), m.end("n"))
    for m in _BARE_ORDINAL.finditer(norm):
        if not any(a <= m.start() < b for a, b in consumed):
            n = _ordinal_value(m.group("n"))
            if n is not None:
                add("ordinal", ("", n), m.start(), m.end())
    for value, pattern in _RECENCY:
        for m in re.finditer(pattern, norm):
            if not any(a <= m.start() < b for a, b in consumed) and not re.match(r"\s+(?:name|names|word)\b",
                                                                                 norm[m.end():]):
                add("recency", value, m.start(), m.end())
    for value, pattern in _MEDIA:
        for m in re.finditer(pattern, norm):
            add("media", value, m.start(), m.end())
    for facet, value, pattern in _VERSION:
        for m in re.finditer(pattern, norm):
            add("facet", (facet, value), m.start(), m.end())
    kinds = _C_PLACE_KIND if as_context else _Q_PLACE_KIND
    for m in kinds.finditer(norm):
        add("facet", ("place_kind", _PLACE_KINDS[m.group("k")]), m.start("k"), m.end("k"))
    for facet, value, cased in _CASED_FACETS:
        for m in cased.finditer(text):
            add("facet", (facet, value), m.start(), m.end())
    role_spans = [(m.start("w"), m.end("w"), _ROLE_WORDS[m.group("w")]) for m in _ROLE_ASK.finditer(norm)]
    if as_context:  # C and readings: the question's main verb (and verbs joined to it by "and") is the role
        first = next((m for m in re.finditer(r"[a-z]+", norm) if m.group(0) in _ROLE_WORDS
                      and not norm[m.end():].startswith(" by") and not _GAME_PLAYED.search(norm[:m.end()])), None)
        if first is not None:
            role_spans.append((first.start(), first.end(), _ROLE_WORDS[first.group(0)]))
            for m in re.finditer(r"\s+and\s+(?:[a-z]+ly\s+|first\s+)?([a-z]+)", norm[first.end():first.end() + 40]):
                if m.group(1) in _ROLE_WORDS and m.start() == 0:
                    role_spans.append((first.end() + m.start(1), first.end() + m.end(1), _ROLE_WORDS[m.group(1)]))
    role_spans += [(m.start("w"), m.end("w"), _ROLE_WORDS.get(m.group("w"), "")) for m in _ROLE_NOUN.finditer(norm)]
    for start, end, group in role_spans:
        if group:
            add("role", group, start, end)
    for word in _ROLE_WORDS:  # role words in descriptions ("written by") are not content words either
        for m in re.finditer(_B + word + _E, norm):
            consumed.append((m.start(), m.end()))
    for value, pattern in _GENDER:
        for m in re.finditer(pattern, norm):
            if _SINGULAR_GENDER.fullmatch(m.group(0)) and any(a <= m.start() < b for a, b in consumed):
                continue
            add("gender", value, m.start(), m.end())
    for m in _PLACE_RE.finditer(norm):
        if m.group(0) in ("la", "us") and not _US_UPPER.search(text[max(0, m.start() - 1):m.end() + 1]) \
                and not re.search(r"\bL\.?A\.?\b", text):
            continue
        add("place", _place_name(m.group(0)), m.start(), m.end())
    for m in _US_UPPER.finditer(text):
        add("place", "united states", m.start(), m.end())
    for m in _US_LOWER.finditer(text):
        add("place", "united states", m.start(), m.end())
    if as_context and re.search(r"\b(?:has|have) been\b.*\bsince (?:1[0-9]|20)\d\d\b", norm):
        facts.recency.add("latest")  # "who has been the parent company since 2004": the current one
    if as_context:
        for value, pattern in _C_ASKS:
            if re.search(pattern, norm):
                facts.asks.add(value)
                break
    else:
        for value, pattern in _ASKS:
            for m in re.finditer(pattern, norm):
                add("asks", value, m.start(), m.end())
    for m in re.finditer(r"[a-z0-9]+(?:'[a-z]+)?", norm):
        word = m.group(0).split("'")[0]
        if word in STOPWORDS or word in _FRAME or len(word) < 2 and not word.isdigit():
            continue
        w = _match_stem(word)
        facts.all_words.add(w)
        if any(a <= m.start() < b for a, b in consumed):
            continue
        if any(a <= m.start() < b for a, b in excluded):
            facts.neg.setdefault("word", set()).add(w)
        else:
            facts.words.add(w)
    return facts


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

_BLOCKING = {"year", "decade", "ordinal", "recency", "role", "gender", "place", "asks"}


class GeneralSimulator:
    """Deterministic yes / no / I don't know for AmbigQA instances (module docstring)."""

    method = "deterministic"

    def __init__(self, instance: AmbigQAInstance):
        self.instance = instance
        self.c = read_text_facts(instance.context, as_context=True)
        self.others = [read_text_facts(r.question, as_context=True)
                       for k, r in enumerate(instance.readings) if k != instance.target]
        self.prompt = read_text_facts(instance.question, as_context=True)
        self._texts = [fold(instance.question), *(fold(r.question) for r in instance.readings)]
        self._known = {_match_stem(w) for t in self._texts for w in re.findall(r"[a-z0-9]+", t)}

    # ------------------------------------------------------------------ one proposition
    def _in(self, facts: TextFacts, kind: str, value: Any) -> bool:
        items: set[Any] = facts.all_words if kind == "word" else facts.all_items()[kind]
        if kind == "decade":
            return any(value <= y < value + 10 for y in facts.years) or value in items
        if kind == "facet" and value == ("version", "original") and value not in items:
            return any(n == 1 for _, n in facts.ordinals)  # "the original iPhone" = "the first iPhone"
        if kind == "ordinal":
            head, n = value
            span = _ERA_YEARS.get(value)
            if span and any(span[0] <= y <= span[1] for y in facts.years):
                return True
            return any(n == m and _same_head(head, h) for h, m in items)
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
        if kind == "ordinal":
            head, n = value
            span = _ERA_YEARS.get(value)
            if span and c.years and not any(span[0] <= y <= span[1] for y in c.years):
                return True
            return any(m != n and _same_head(head, h) for h, m in c.ordinals)
        if kind == "recency":
            other = {"latest": "earliest", "earliest": "latest"}[value]
            return other in c.recency or (value == "latest" and any(n == 1 for _, n in c.ordinals))
        if kind == "media":
            return bool(c.media) and value not in c.media
        if kind == "facet":
            name, v = value
            if value == ("version", "original") and any(n > 1 for _, n in c.ordinals):
                return True
            return any(f == name and x != v for f, x in c.facets)
        if kind == "role":
            return bool(c.roles) and value not in c.roles
        if kind == "gender":
            return bool(c.genders)
        if kind == "place":
            return bool(c.places) and not any(_INSIDE.get(p) == value or _INSIDE.get(value) == p for p in c.places)
        if kind == "asks":
            return bool(c.asks)
        return False

    def _judge_item(self, kind: str, value: Any, j: _Judgement) -> None:
        label = f"{kind}={value}"
        if self._in(self.c, kind, value):
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
        for kind, values in q.all_items().items():
            for value in sorted(values, key=str):
                self._judge_item(kind, value, j)
        for kind, values in q.neg.items():
            for value in sorted(values, key=str):
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
            if not own or any(_match_stem(w) in self._known for w in own) or _PLACE_RE.fullmatch(fold(m.group(0))):
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
        if (_PROCESS.search(text) and _COVER_ALL.search(fold(text))) or _OFFER_ALL.search(text):
            return self._reply(IDK, "an offer about the answer's form (all readings), not the user's intent", info)
        tag = bool(_TAG.search(text))
        positive = _positive_form(text)
        if positive is not None:
            info["read_as"] = text = positive
        elif _NEGATED_HEAD.search(text) and not tag:
            return self._reply(IDK, "an elliptical negation: yes and no would be ambiguous", info)
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


def _shared_run(window: str, text: str, at: int) -> bool:
    """The words around position `at` of `window` (the "or" and a word on each side) occur in `text`."""
    left = re.findall(r"[a-z0-9']+", window[:at])[-1:]
    right = re.findall(r"[a-z0-9']+", window[at + 2:])[:1]
    if not left or not right:
        return False
    return re.search(rf"\b{re.escape(left[0])}\s+or\s+{re.escape(right[0])}\b", text) is not None


# --------------------------------------------------------------------------- LLM and free-form
class _Generator(Protocol):
    async def generate(self, messages: list[Message], **overrides: Any) -> ModelCall: ...


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

    def __init__(self, instance: AmbigQAInstance, model: _Generator):
        self.instance = instance
        self.model = model

    def messages(self, question: str) -> list[Message]:
        return [Message(role="system", content=_LLM_SYSTEM.format(context=self.instance.context)),
                Message(role="user", content=_LLM_USER.format(question=self.instance.question, ask=question))]

    async def reply(self, question: str) -> SimReply:
        messages = self.messages(question)
        raw: list[str | None] = []
        for attempt in (1, 2):
            call = await self.model.generate(messages)
            raw.append(call.output)
            parsed = parse_yes_no_reply(call.output or "")
            if parsed is not None:
                return SimReply(answer=parsed, method=self.method, info={"raw": raw, "attempts": attempt})
            messages = [*messages, Message(role="assistant", content=call.output or ""),
                        Message(role="user", content=_LLM_RETRY)]
        return SimReply(answer=IDK, method=self.method, info={"raw": raw, "attempts": 2, "parse_failure": True})


class GeneralFreeFormSimulator:
    """Answers any question with what the user meant: C, the target's disambiguated question."""

    method = "free_form_context"

    def __init__(self, instance: AmbigQAInstance):
        self.instance = instance

    async def reply(self, question: str) -> FreeFormReply:
        return FreeFormReply(text=f"I mean: {self.instance.context}", method=self.method, info={})
