"""What a general-domain (AmbigQA) text states, as typed propositions: the facts the deterministic user
simulator (`general_simulator`) compares between a clarification question, C and the other readings.

`read_text_facts` reads years (and the years that name a sports season, and those that anchor a shift: "after
2018"), decades, ordinals with what they count, recency, medium, version and other facets (format, platform,
unit and unit system, theatre district, kind of place, event, a quantifier's scope, ...), the role
asked about, gender, places, the kind of answer asked for, and the remaining content words (stemmed, with
synonyms); terms in the scope of an exclusion ("not", "rather than") are kept apart. The lexicons are here;
how the propositions are judged is in `general_simulator`'s docstring.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from finprobe.benchmarks.ambiguity._general_text import STOPWORDS, fold, stem

__all__ = ["ERA_YEARS", "FRAME_WORDS", "INSIDE", "PLACE_RE", "exclusion_spans", "TextFacts", "match_stem", "read_text_facts", "same_head"]

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
ERA_YEARS: dict[tuple[str, int], tuple[int, int]] = {("world war", 1): (1914, 1918), ("world war", 2): (1939, 1945)}
#: heads that count whatever the sentence counts ("the 9th time Notre Dame won a title" = "the ninth title")
_ANY_HEAD = frozenset({"", "time"})
_HEAD_RE = "|".join(sorted((re.escape(h) + "s?" for h in _HEADS), key=len, reverse=True))
_ORD_WORD = "|".join(sorted(_ORDINALS, key=len, reverse=True))
_CARD_WORD = "|".join(sorted(_CARDINALS, key=len, reverse=True))
_ORDINAL_BEFORE = re.compile(_B + rf"(?P<n>{_ORD_WORD}|\d{{1,3}}(?:st|nd|rd|th))\s+(?:[a-z'-]+\s+){{0,3}}?(?P<h>{_HEAD_RE})" + _E)
_ORDINAL_AFTER = re.compile(_B + rf"(?P<h>{_HEAD_RE})\s+(?:no\.?\s*|number\s+|#\s*)?(?P<n>\d{{1,3}}|{_CARD_WORD}|{_ROMAN_RE})" + _E)
_WWII = re.compile(_B + r"ww(?P<n>ii|i|1|2)" + _E)
_BARE_ORDINAL = re.compile(_B + rf"(?<!per )(?P<n>{_ORD_WORD}|\d{{1,3}}(?:st|nd|rd|th))" + _E)
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
    ("stage", _alt(r"musicals?", r"(?:stage|broadway|west end) (?:show|version|production|musical)",
                   # "play" as a noun only ("the play"), never the verb of "who plays Carrie"
                   r"(?:(?<=the )|(?<=a )|(?<=this )|(?<=that )|(?<=stage )|(?<=\d )|(?<=original ))plays?",
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
    # a character's civilian name ("Robin's secret identity") is the character, not the actor who plays it
    ("persona", "character", _alt(r"characters?", r"fictional", r"cartoon character", r"secret identit(?:y|ies)",
                                  r"alter egos?", r"civilian (?:identity|name)")),
    ("persona", "performer", _alt(r"performers?", r"real (?:person|singer|people|name)", r"voice actors?", r"vocals",
                                  r"vocalists?", r"in real life", r"actual (?:singer|person|performer)")),
    ("sport", "football", _alt(r"soccer", r"association football", r"fifa", r"premier league", r"mls", r"la liga")),
    ("sport", "american_football", _alt(r"american football", r"nfl", r"super bowl", r"gridiron", r"college football")),
    ("sport", "basketball", _alt(r"basketball", r"nba", r"wnba")),
    ("sport", "ice_hockey", _alt(r"ice hockey", r"hockey", r"nhl", r"stanley cup")),
    ("sport", "baseball", _alt(r"baseball", r"mlb", r"world series")),
    ("sport", "cricket", _alt(r"cricket")),
    ("sport", "rugby", _alt(r"rugby(?: union| league)?")),
    ("sport", "golf", _alt(r"golf")),
    ("sport", "volleyball", _alt(r"volleyball")),
    ("sport", "handball", _alt(r"handball")),
    # a bare "football" is association or American football (judged against both), never rugby or cricket
    ("sport", "football_any", _alt(r"(?<!american )(?<!college )(?<!australian )(?<!gaelic )(?<!association )football")),
    # the body an eclipse, a calendar or a year follows
    ("body", "solar", _alt(r"solar")),
    ("body", "lunar", _alt(r"lunar")),
    # the level of government: "a state holiday" is not C's "federal holiday"
    ("government", "federal", _alt(r"federal(?:ly)?")),
    ("government", "state", _alt(r"state(?=[ -](?:holidays?|laws?|level|governments?|legislatures?|courts?|"
                                 r"elections?|taxe?s?|police|parks?|highways?|constitutions?|officials?|"
                                 r"recogni[sz]ed|funding))", r"statewide")),
    # what a speed is given per: "km per hour" is not C's "km/s"
    ("per_time", "second", _alt(r"km/s", r"m/s", r"kps", r"km/sec", r"(?:km|kilomet(?:re|er)s?|m|met(?:re|er)s?|miles?) "
                                r"per second")),
    ("per_time", "hour", _alt(r"km/h", r"kph", r"mph", r"(?:km|kilomet(?:re|er)s?|miles?) (?:per|an) hour")),
    ("draw", "singles", _alt(r"singles")),
    ("draw", "doubles", _alt(r"doubles", r"mixed doubles")),
    ("event", "release", _alt(r"releas\w*", r"came out", r"come out", r"comes out", r"coming out", r"launch\w*",
                              r"publish\w*", r"hit (?:theaters|theatres|cinemas|stores)")),
    # finishing a work is another event than its release ("when Twain finished writing it" vs "published")
    ("event", "complete", _alt(r"finish(?:ed|es|ing)? (?:writing|recording|filming|it)", r"completed writing")),
    # units an answer is given in ("in km" = "in kilometres"; "in miles" is another unit)
    ("unit", "km", _alt(r"km(?!/h)(?! (?:per|an) hour)", r"kilomet(?:re|er)s?(?! (?:per|an) hour)")),
    ("unit", "mile", _alt(r"miles?(?! per hour)")),
    ("unit", "metre", _alt(r"metres?", r"meters?")),
    ("unit", "foot", _alt(r"feet", r"ft")),
    ("unit", "kmh", _alt(r"km/h", r"kph", r"(?:kilomet(?:re|er)s|km) (?:per|an) hour")),
    ("unit", "mph", _alt(r"mph", r"miles per hour")),
    ("unit", "kg", _alt(r"kg", r"kilogram(?:me)?s?", r"kilos?")),
    ("unit", "pound", _alt(r"lbs?", r"pounds?")),
    ("unit", "cm", _alt(r"cm", r"centimet(?:re|er)s?")),
    ("unit", "inch", _alt(r"inch(?:es)?")),
    # the system a unit belongs to: C's "in metric system" is settled by "in metres", contradicted by "in feet"
    ("unit_system", "metric", _alt(r"metric(?: system| units?)?", r"si units?", r"km(?!/h)", r"kilomet(?:re|er)s?",
                                   r"metres?", r"meters?", r"centimet(?:re|er)s?", r"cm", r"kg", r"kilogram(?:me)?s?",
                                   r"km/h", r"kph")),
    ("unit_system", "imperial", _alt(r"imperial(?: system| units?)?", r"(?:us |u\.s\. )?customary(?: system| units?)?",
                                     r"miles?", r"feet", r"foot", r"ft", r"inch(?:es)?", r"yards?", r"lbs?",
                                     r"pounds?", r"mph")),
    # a theatre district names a production's city: "the off-Broadway run" is not the Australian production
    # (judged against a place C names; it blocks nothing where C names none)
    ("district_city", "new york", _alt(r"(?:off-)?broadway")),
    ("district_city", "london", _alt(r"west end")),
    # game platforms (a version of a game): the PC release is not the Nintendo Switch one
    ("platform", "pc", _alt(r"pc", r"windows", r"steam", r"mac")),
    ("platform", "playstation", _alt(r"playstation(?: ?[1-5])?", r"ps ?[1-5]", r"psp", r"ps vita")),
    ("platform", "xbox", _alt(r"xbox(?: one| 360| series [xs])?")),
    ("platform", "switch", _alt(r"nintendo switch")),
    ("platform", "wii", _alt(r"wii(?: u)?")),
    ("platform", "nintendo_ds", _alt(r"(?:nintendo )?3ds", r"nintendo ds")),
]
#: a count or state taken now ("their total today") vs at a time C fixes ("as of 1989", "by 2000")
_TIME_POINT: list[tuple[str, re.Pattern[str]]] = [
    ("present", re.compile(_alt(r"(?:as of |up )?today", r"as of now", r"to date", r"right now", r"nowadays",
                                r"at present", r"these days", r"so far", r"as it stands"))),
    ("fixed", re.compile(_alt(r"as of (?:(?:january|february|march|april|may|june|july|august|september|october|"
                              r"november|december) )?(?:1[0-9]|20)\d{2}", r"(?:by|until|through) (?:the end of )?"
                              r"(?:1[0-9]|20)\d{2}"))),
]
#: an age ("5-year-old Miss Honey" is a child, "the adult Miss Honey" is not)
_AGE = re.compile(_B + r"(?P<n>\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
                  r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty)[- ]years?[- ]olds?" + _E)
_AGE_TENS = {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60}
#: a quantifier over a whole set ("the total number", "in total", "for all riders", "at any age", "in general"),
#: read as ("scope", what it quantifies): "total", "general", or "all rider" / "any age" (quantifier and noun).
#: How it is judged against a C that narrows the prompt is in `general_simulator`.
_SCOPE = re.compile(_B + r"(?:(?P<total>in total|total(?=\s+(?:number|count|tally|of)\b)|overall|altogether|"
                    r"all together|combined)|(?<=s\s)(?P<post>total)(?=\s+(?:were|was|are|is|in|at|on|for)\b|\s*[?.,]|$)"
                    r"|(?P<general>in general)"
                    r"|(?:for|to|of|by|among|across|on|at|in) (?P<q>all|every|any) (?:the )?(?P<num>(?:two|three|four|five|six|seven|"
                    r"eight|nine|ten|\d+) )?(?P<noun>[a-z]+))" + _E)
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
#: a year after a shift cue is an anchor, not the year proposed: "after 2018", "before the 2000 season",
#: "the one following Russia 2018" (up to two words between)
_SHIFT_DIRECTION = {"since": "after", "after": "after", "following": "after", "later than": "after", "succeeding": "after",
                    "before": "before", "preceding": "before", "prior to": "before", "earlier than": "before"}
_SHIFT_CUE = re.compile(_B + r"(?P<cue>since|after|following|later than|succeeding|before|preceding|prior to|earlier than)"
                        r"\s+(?:the\s+)?(?:(?!(?:after|before|in|on|at|of|and|or)\s)[a-z]+\s+){0,2}$")
_SHIFT_WORD = re.compile(_alt(r"next", r"previous", r"subsequent", r"prior", r"following", r"preceding", r"after",
                              r"before"))
#: "S3E4": season 3, episode 4
_EPISODE_CODE = re.compile(_B + r"s(?P<s>\d{1,2})\s?e(?P<e>\d{1,3})" + _E)
_ASKS: list[tuple[str, str]] = [  # what kind of answer the question proposes
    ("person", _B + r"(?:asking|know|wondering|question is|interested in|looking for)\s+(?:about\s+)?"
               r"(?:who|whom|whose|the name of the person|which person|which (?:actor|singer|player))" + _E),
    ("time", _B + r"(?:asking|know|wondering|question is|interested in|looking for)\s+(?:about\s+)?"
             r"(?:when|what (?:year|date|day|time)|the (?:year|date|day|time) (?:when|that|it|of|in))" + _E
             + "|" + _alt(r"(?:release|air|premiere|exact|specific|calendar) dates?")),
    ("place", _B + r"(?:asking|know|wondering|question is|interested in|looking for)\s+(?:about\s+)?"
              r"(?:where|which (?:place|city|country|location))" + _E + "|" + _alt(r"the location", r"the venue")),
    ("count", _alt(r"how many", r"how much", r"the number of", r"the total number", r"the count",
                   r"(?:the )?(?:\w+ ){0,3}number itself", r"the (?:actual |exact )?(?:figure|value)")),
]
_PERSON_NOUN = (r"(?:person|people|actor|actress|singer|team|band|player|character|artist|president|primeminister|"
                r"author|writer|man|woman|men|women|director|composer|host|winner|coach|captain)")
_C_ASKS = [("count", r"\bhow (?:many|much)\b"),
           # "What was the name of the actor that ...", "What is the actor's name ...": a person, as "who" is
           ("person", r"^\s*(?:who|whom|whose)\b|^\s*(?:which|what) " + _PERSON_NOUN + r"\b"
                      r"|^\s*what (?:is|was|are|were) (?:the )?names? of (?:the |a |an |this |that )?" + _PERSON_NOUN
                      + r"s?\b|^\s*what (?:is|was) (?:the |this |that )?" + _PERSON_NOUN + r"'s names?\b"),
           ("time", r"^\s*when\b|^\s*(?:(?:on|in|at) )?(?:what|which) (?:year|date|day|time)\b"
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
    "new zealand": "new zealand|new zealander", "india": "india|indian", "china": "china|chinese", "japan": "japan|japanese",
    "france": "france|french", "germany": "germany|german", "italy": "italy|italian", "spain": "spain|spanish",
    "mexico": "mexico|mexican", "brazil": "brazil|brazilian", "russia": "russia|russian",
    "south africa": "south africa|south african", "south korea": "south korea|korea|korean",
    "philippines": "philippines|filipino", "pakistan": "pakistan|pakistani", "nigeria": "nigeria|nigerian", "kenya": "kenya|kenyan",
    "egypt": "egypt|egyptian", "israel": "israel|israeli", "turkey": "turkey|turkish", "greece": "greece|greek", "sweden": "sweden|swedish",
    "norway": "norway|norwegian", "denmark": "denmark|danish", "netherlands": "netherlands|holland|dutch", "belgium": "belgium|belgian",
    "switzerland": "switzerland|swiss", "austria": "austria|austrian", "poland": "poland|polish", "portugal": "portugal|portuguese",
    "argentina": "argentina|argentine|argentinian", "chile": "chile|chilean", "colombia": "colombia|colombian", "cuba": "cuba|cuban", "jamaica": "jamaica|jamaican",
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
    # more countries with their adjectives ("the Slovenian election" names a place as "the US election" does);
    # names that are also common words or given names (Georgia, Jordan, Chad, Turkey's "turkish" kept) are left out
    "slovenia": "slovenia|slovenian|slovene", "slovakia": "slovakia|slovak|slovakian", "croatia": "croatia|croatian",
    "serbia": "serbia|serbian", "bosnia": "bosnia|bosnian|bosnia and herzegovina", "albania": "albania|albanian",
    "hungary": "hungary|hungarian", "czech republic": "czech republic|czechia|czech", "romania": "romania|romanian",
    "bulgaria": "bulgaria|bulgarian", "ukraine": "ukraine|ukrainian", "belarus": "belarus|belarusian",
    "lithuania": "lithuania|lithuanian", "latvia": "latvia|latvian", "estonia": "estonia|estonian",
    "finland": "finland|finnish", "iceland": "iceland|icelandic", "luxembourg": "luxembourg", "malta": "malta|maltese",
    "cyprus": "cyprus|cypriot", "iran": "iran|iranian", "iraq": "iraq|iraqi", "syria": "syria|syrian",
    "lebanon": "lebanon|lebanese", "saudi arabia": "saudi arabia|saudi", "afghanistan": "afghanistan|afghan",
    "bangladesh": "bangladesh|bangladeshi", "sri lanka": "sri lanka|sri lankan", "nepal": "nepal|nepalese|nepali",
    "vietnam": "vietnam|vietnamese", "thailand": "thailand|thai", "indonesia": "indonesia|indonesian",
    "malaysia": "malaysia|malaysian", "singapore": "singapore|singaporean", "taiwan": "taiwan|taiwanese",
    "north korea": "north korea|north korean", "mongolia": "mongolia|mongolian", "rwanda": "rwanda|rwandan",
    "uganda": "uganda|ugandan", "tanzania": "tanzania|tanzanian", "ethiopia": "ethiopia|ethiopian",
    "ghana": "ghana|ghanaian", "senegal": "senegal|senegalese", "zimbabwe": "zimbabwe|zimbabwean",
    "zambia": "zambia|zambian", "algeria": "algeria|algerian", "morocco": "morocco|moroccan",
    "tunisia": "tunisia|tunisian", "libya": "libya|libyan", "sudan": "sudan|sudanese", "somalia": "somalia|somali",
    "venezuela": "venezuela|venezuelan", "peru": "peru|peruvian", "ecuador": "ecuador|ecuadorian",
    "bolivia": "bolivia|bolivian", "uruguay": "uruguay|uruguayan", "paraguay": "paraguay|paraguayan",
    "haiti": "haiti|haitian", "puerto rico": "puerto rico|puerto rican", "honduras": "honduras|honduran",
    "guatemala": "guatemala|guatemalan", "nicaragua": "nicaragua|nicaraguan", "costa rica": "costa rica|costa rican",
    "panama": "panama|panamanian",
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
INSIDE = {"united states": "north america", "canada": "north america", "mexico": "north america",
           "england": "united kingdom", "scotland": "united kingdom", "wales": "united kingdom",
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


PLACE_RE = re.compile(_B + "(?:" + "|".join(sorted(_PLACES, key=len, reverse=True)) + ")" + _E)
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
event events
""".split())
FRAME_WORDS = _FRAME
_EXCLUSION = re.compile(_B + r"(?:not|rather than|instead of|as opposed to|other than|excluding|except(?: for)?|"
                        r"but not|apart from|aside from|never)" + _E + r"|n't" + _E)
_CLAUSE_END = re.compile(r"[,;:?!.]|" + _B + r"(?:but|and|while|whereas|so)" + _E)
# --------------------------------------------------------------------------- facts of a text
@dataclass
class TextFacts:
    """What a text states, with the polarity of each item: `neg` holds those inside an exclusion."""

    years: set[int] = field(default_factory=set)
    #: years that name a sports season ("the 2016 season"): its games may be played the next calendar year
    season_years: set[int] = field(default_factory=set)
    decades: set[int] = field(default_factory=set)
    ordinals: set[tuple[str, int]] = field(default_factory=set)
    #: years that anchor a shift ("the next World Cup after 2018" proposes a year after 2018, not 2018)
    shifts: set[tuple[str, int]] = field(default_factory=set)
    recency: set[str] = field(default_factory=set)
    media: set[str] = field(default_factory=set)
    facets: set[tuple[str, str]] = field(default_factory=set)  # version, format, event
    roles: set[str] = field(default_factory=set)
    genders: set[str] = field(default_factory=set)
    places: set[str] = field(default_factory=set)
    asks: set[str] = field(default_factory=set)
    words: set[str] = field(default_factory=set)
    #: places named after "in" / "at" (where something happens, not who takes part: "the tournament in Japan")
    loc_places: set[str] = field(default_factory=set)
    #: the word right after a bare ordinal, with the ordinal ("the first Speaker": ("speaker", 1))
    bound: set[tuple[str, int]] = field(default_factory=set)
    #: every content word, those inside a facet's phrase too ("war" in "World War II"): what C affirms
    all_words: set[str] = field(default_factory=set)
    neg: dict[str, set[Any]] = field(default_factory=dict)

    def all_items(self) -> dict[str, set[Any]]:
        return {"year": set(self.years), "decade": set(self.decades), "ordinal": set(self.ordinals),
                "shift": set(self.shifts), "recency": set(self.recency),
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
    **dict.fromkeys(("complete", "completed", "completion", "finish", "finished", "finishing", "done", "finalize",
                     "finalized", "finalised", "finalise", "finalizing", "finalising", "finalization", "finalisation"),
                    "complete"),
    # a music group is a band; singers behind the lead are its backing (backup) singers
    **dict.fromkeys(("band", "bands", "group", "groups"), "band"),
    **dict.fromkeys(("backup", "backing", "back-up", "back"), "backup"),
    # a motor-racing constructor is a team
    **dict.fromkeys(("team", "teams", "constructor", "constructors"), "team"),
    **dict.fromkeys(("acre", "acres", "acreage"), "acre"),
    **dict.fromkeys(("announce", "announced", "announcement", "unveil", "unveiled", "unveiling", "revealed"),
                    "announce"),
    **dict.fromkeys(("soccer", "football"), "football"),
    **dict.fromkeys(("ncaa", "college", "collegiate"), "college"),
    **dict.fromkeys(("pm", "premier"), "primeminister"),
    **dict.fromkeys(("died", "die", "dies", "death", "dead"), "die"),
    **dict.fromkeys(("born", "birth"), "born"),
    **dict.fromkeys(("built", "build", "construction", "constructed", "erected"), "build"),
    # "distinct wars" = "separate wars" (not "each country separately": an adverb of its own)
    **dict.fromkeys(("distinct", "separate", "separated"), "separate"),
}


#: phrases read as one word (rewritten in the text before it is folded, so character positions stay aligned)
_PHRASES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bprime ministers?\b", re.I), "primeminister"),
    # "who made it famous" asks for the performer, as "who popularized it" does
    (re.compile(r"\bmade (?:it|the song|them|him|her|this) (?:famous|popular|a hit)\b", re.I), "popularized"),
    # a kind of place as one word, so "area" in "floor area" does not read as C's "metro area"
    (re.compile(r"\bmetro(?:politan)? areas?\b", re.I), "metroarea"),
    # "across the whole country" is what another reading's "nationwide" says
    (re.compile(r"\b(?:(?:across|throughout|all over|over) (?:the )?(?:whole |entire )?(?:country|nation)|"
                r"country-?wide|nation-?wide)\b", re.I), "nationwide"),
]


def _rewrite_phrases(text: str) -> str:
    for pattern, word in _PHRASES:
        text = pattern.sub(word, text)
    return text


def match_stem(word: str) -> str:
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


def same_head(a: str, b: str) -> bool:
    """Two ordinals count the same things (a bare "the second" or "the 9th time" counts anything)."""
    return a == b or a in _ANY_HEAD or b in _ANY_HEAD


def _head(raw: str) -> str:
    raw = raw.lower()
    return _HEADS.get(raw) or _HEADS.get(raw.rstrip("s")) or raw


def exclusion_spans(norm: str, protected: tuple[str, ...] = ()) -> list[tuple[int, int]]:
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
    excluded = exclusion_spans(norm, protected) if not as_context else []
    consumed: list[tuple[int, int]] = []

    sets: dict[str, set[Any]] = {
        "year": facts.years, "decade": facts.decades, "ordinal": facts.ordinals, "shift": facts.shifts,
        "recency": facts.recency, "media": facts.media,
        "facet": facts.facets, "role": facts.roles, "gender": facts.genders, "place": facts.places,
        "asks": facts.asks}

    def add(kind: str, value: Any, start: int, end: int) -> None:
        consumed.append((start, end))
        if any(a <= start < b for a, b in excluded):
            facts.neg.setdefault(kind, set()).add(value)
            return
        sets[kind].add(value)

    shifted = False
    for m in re.finditer(_B + r"((?:1[0-9]|20)\d{2})(?:s|'s)?" + _E, norm):
        cue = _SHIFT_CUE.search(norm[:m.start()])
        if cue and not m.group(0).endswith("s") and cue.group("cue") != "since":
            add("shift", (_SHIFT_DIRECTION[cue.group("cue")], int(m.group(1))), cue.start("cue"), m.end())
            shifted = True
            continue
        if cue:  # "since 2004" is that year and what follows it ("the owner after 2004?" is C's "since 2004")
            add("shift", ("after", int(m.group(1))), cue.start("cue"), m.end())
        if not m.group(0).endswith("s"):
            add("year", int(m.group(1)), m.start(), m.end())
            if re.match(r"\s+(?:[a-z]+\s+)?season", norm[m.end():]):
                facts.season_years.add(int(m.group(1)))
        else:
            add("decade", int(m.group(1)) // 10 * 10, m.start(), m.end())
    if shifted:  # "the next one after 2018": "next" says which way, it describes nothing
        for m in _SHIFT_WORD.finditer(norm):
            consumed.append((m.start(), m.end()))
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
                nxt = re.match(r"\s+([a-z]+)", norm[m.end():])
                if nxt and nxt.group(1) not in STOPWORDS and nxt.group(1) not in _FRAME:
                    facts.bound.add((match_stem(nxt.group(1)), n))
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
    for value, time_re in _TIME_POINT:
        for m in time_re.finditer(norm):
            add("facet", ("time_point", value), m.start(), m.end())
    for m in _AGE.finditer(norm):
        raw = m.group("n")
        age = int(raw) if raw.isdigit() else _CARDINALS.get(raw) or _AGE_TENS.get(raw, 0)
        add("facet", ("age", "young" if age < 18 else "adult"), m.start(), m.end())
        add("facet", ("age_years", str(age)), m.start(), m.end())  # "a 7-year-old" is not C's 14-year-old
    for m in _SCOPE.finditer(norm):
        noun = m.group("noun") or ""
        if m.group("num"):  # "all three national series": the noun its numeral counts ends the phrase
            run = re.match(r"(?:\s+(?!(?:" + "|".join(STOPWORDS) + r")\b)[a-z]+){0,2}", norm[m.end():])
            noun = (run.group(0).split() or [noun])[-1] if run else noun
        scope = (f"{m.group('q')} {match_stem(noun)}" if m.group("q")
                 else "general" if m.group("general") else "total")
        add("facet", ("scope", scope), m.start(), m.end())
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
    for m in PLACE_RE.finditer(norm):
        if m.group(0) in ("la", "us") and not _US_UPPER.search(text[max(0, m.start() - 1):m.end() + 1]) \
                and not re.search(r"\bL\.?A\.?\b", text):
            continue
        add("place", _place_name(m.group(0)), m.start(), m.end())
        if re.search(r"\b(?:in|at|held in|hosted (?:in|by))\s+(?:the\s+)?$", norm[:m.start()]):
            facts.loc_places.add(_place_name(m.group(0)))
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
        w = match_stem(word)
        facts.all_words.add(w)
        if any(a <= m.start() < b for a, b in consumed):
            continue
        if any(a <= m.start() < b for a, b in excluded):
            facts.neg.setdefault("word", set()).add(w)
        else:
            facts.words.add(w)
    return facts
