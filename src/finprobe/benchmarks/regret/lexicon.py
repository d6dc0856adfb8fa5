"""Words that name the kinds of latent variables CIGs use, for grounding free-form questions.

Keys are variable names (as converters write them); each lists the words an assistant uses when it asks
about that dimension ("which year", "what edition", "which country"). A CIG variable's own name and
description are always used too, so an unknown variable name still works (by its name and values)."""

from __future__ import annotations

VARIABLE_WORDS: dict[str, tuple[str, ...]] = {
    "year": ("year", "years", "decade", "era", "when", "date", "dated", "vintage", "timeframe", "time", "period",
             "cycle",
             "version", "release", "released", "edition", "season", "recent", "latest", "earlier", "older", "newer",
             "nineties", "eighties", "seventies", "sixties", "current", "production"),
    "period": ("period", "time", "era", "years", "span", "when", "timeframe", "during", "date", "stage", "phase"),
    "season": ("season", "seasons", "part", "year", "latest", "newest", "recent", "current", "new", "previous",
               "earlier", "later"),
    "episode": ("episode", "episodes", "installment", "part"),
    "ordinal": ("first", "second", "third", "last", "latest", "original", "new", "newest", "recent", "number",
                "one", "which", "edition", "installment", "generation", "sequel", "current", "previous", "past",
                "former", "incumbent", "predecessor", "prior", "earlier", "later", "oldest"),
    "medium": ("film", "movie", "series", "show", "tv", "television", "book", "novel", "musical", "play", "song",
               "album", "game", "version", "adaptation", "format", "medium", "media", "broadway", "stage",
               "comic", "anime", "manga", "cartoon", "miniseries", "sitcom", "remake", "reboot", "original", "lp",
               "record",
               "single", "singles", "albums", "production", "stage", "theatre", "theater"),
    "place": ("where", "place", "location", "country", "countries", "city", "state", "region", "area", "nation",
              "province", "county", "town", "located", "jurisdiction", "located"),
    "role": ("character", "role", "part", "played", "plays", "playing", "who", "person", "actor", "actress",
             "voice", "cast"),
    "artist": ("artist", "singer", "band", "performer", "perform", "group", "musician", "sung", "sings", "sang",
               "cover", "recording", "recorded", "original", "version"),
    "person": ("person", "who", "whom", "individual", "people", "figure", "scientist", "member", "name"),
    "version": ("version", "edition", "release", "variant", "one", "adaptation", "iteration", "remake"),
    "gender": ("men", "women", "mens", "womens", "male", "female", "boys", "girls", "gender", "ladies"),
    "competition": ("competition", "tournament", "sport", "league", "event", "cup", "championship", "contest"),
    "platform": ("platform", "console", "system", "device", "pc", "playstation", "xbox", "nintendo", "mac", "computer",
                 "operating"),
    "language": ("language", "languages", "english", "dub", "dubbed", "translation", "version", "region", "release"),
    "criterion": ("measure", "measured", "criterion", "metric", "terms", "area", "population", "size",
                  "counting", "count", "ranking", "ranked", "seat", "seats", "seating", "biggest", "largest"),
    "aspect": ("aspect", "sense", "meaning", "part", "kind", "respect", "regard", "perspective"),
    # product search (PSCon)
    "brand": ("brand", "brands", "make", "manufacturer", "maker", "company", "label"),
    "colour": ("colour", "color", "colours", "colors", "shade", "finish"),
    "size": ("size", "sizes", "big", "small", "large", "capacity", "dimensions", "how", "litre", "liter",
             "inch", "inches", "cubic", "storage", "memory", "gb", "tb", "ram"),
    "price_band": ("price", "budget", "cost", "spend", "expensive", "cheap", "range", "afford", "dollars"),
    "product_type": ("type", "kind", "style", "model", "category", "sort"),
    "material": ("material", "made", "fabric", "steel", "plastic", "wood"),
    # financial (FinInteract)
    "entity": ("entity", "company", "segment", "division", "business", "unit", "consolidated", "group",
               "subsidiary", "scope", "whole", "parent", "shareholders", "attributable"),
    "metric": ("metric", "measure", "definition", "defined", "basic", "diluted", "recurring", "exclude", "excluding",
               "include", "including"),
    "basis": ("basis", "gaap", "non", "adjusted", "reported", "ifrs", "accounting", "pro", "forma", "organic",
              "constant", "currency"),
    "vintage": ("vintage", "restated", "original", "filing", "filed", "amended", "report", "version",
                "as-reported", "restatement"),
    # a dimension no converter writes yet: named here so a question about it is recognised as about it
    # ("US dollars or another currency?" asks the currency, not the accounting basis)
    "currency": ("currency", "currencies", "dollars", "dollar", "usd", "euros", "euro", "eur", "yen", "pounds",
                 "sterling", "rmb", "yuan", "renminbi", "denominated", "converted", "conversion", "exchange"),
}

#: kinds of variables that ask about nearly the same thing (which occurrence in time; which work; which person):
#: a question worded for one of them is not about a dimension "missing" from a CIG that has another of them
RELATED_DIMENSIONS: tuple[frozenset[str], ...] = (
    frozenset({"year", "period", "season", "episode", "ordinal", "vintage", "version"}),
    frozenset({"medium", "version", "platform"}),
    frozenset({"role", "person", "artist"}),
    frozenset({"price_band", "currency"}),
)

#: words of VARIABLE_WORDS that are values of the dimension, not names of it: "the film or the series?" offers
#: media, "which medium?" names the dimension. A value word seen once is context ("which year's song?"),
#: two dimensions named are two questions ("which brand and colour?").
VALUE_WORDS: frozenset[str] = frozenset("""
film movie series show tv television book novel musical play song album game comic anime manga cartoon miniseries
sitcom remake lp record single singles albums broadway stage theatre theater original reboot
men women mens womens male female boys girls ladies
pc playstation xbox nintendo mac computer english dub dubbed
first second third last latest new newest recent current previous past former earlier later oldest older newer
nineties eighties seventies sixties
steel plastic wood gaap non adjusted reported ifrs pro forma organic constant basic diluted recurring
consolidated segment division subsidiary parent whole restated amended as-reported
big small large expensive cheap dollars dollar usd euros euro eur yen pounds sterling rmb yuan renminbi
""".split())
