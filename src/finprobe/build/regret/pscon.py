"""PSCon product-search conversations → product CIGs (DESIGN §5; RegretBench §3.2, §5.5).

Prompt: the user's first message. Intents: the candidate products the system showed (recommended products
and every product the user rated), identified by their titles. Variables: the clarifying attributes the
system asked about (`clarifying_attribute`, normalised: "Brand: X" → brand, "Price: $50 to $100" →
price_band, "Colour"/"Color" → colour, ...), valued for each product from its title; an attribute whose
value cannot be read from every candidate's title (price bands: titles carry no prices) is recorded as
dropped in the CIG's metadata. When the asked attributes do not separate the products, title attributes
(brand, colour, size) are added. Products that no variable separates become one intent (a product that
matches the same answers to every question); the liked products (`user_rating` "(liked)") are recorded
as `metadata.liked_intents`. Records with fewer than three candidate products, no liked candidate, or
fewer than two separable intents are dropped with their reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from finprobe.benchmarks.regret.cig import CIG, ClarifyAction, Intent, Variable, ask_action
from finprobe.build.regret.common import ConversionResult

__all__ = ["TITLE_ATTRIBUTES", "candidate_products", "convert_pscon_records", "normalise_attribute", "product_aliases"]

_COLOURS = ("stainless steel", "rose gold", "space gray", "navy blue", "light blue", "dark blue", "white", "black",
            "silver", "grey", "gray", "red", "blue", "green", "pink", "purple", "gold", "yellow", "orange", "brown",
            "beige", "ivory", "clear", "transparent", "bronze", "copper", "teal", "cream", "charcoal", "multicolor")
_COLOUR_RE = re.compile(r"\b(" + "|".join(_COLOURS) + r")\b", re.I)
_NUM = r"\b(\d+(?:\.\d+)?\s*(?:-\s*)?"
#: sizes by what they measure: one variable per measure, so "16GB" (memory) never meets '15.6"' (a screen) or
#: "850 g" (a weight) in one variable
_SIZE_CLASSES: dict[str, re.Pattern[str]] = {
    "storage": re.compile(_NUM + r"(?:gb|tb))(?!\w)(?!\s*(?:ram|memory|ddr|unified|lpddr|gddr))", re.I),
    "screen_size": re.compile(_NUM + r"(?:inch(?:es)?|in\.|\"|”))(?!\w)", re.I),
    "weight": re.compile(_NUM + r"(?:lbs?|pounds?|kg|oz|ounces?|grams?|g(?=\s)))(?!\w)", re.I),
    "capacity": re.compile(_NUM + r"(?:cu\.?\s*ft\.?|cubic\s+(?:ft|feet)\.?|l|liters?|litres?|qt|quarts?|ml|"
                                 r"gallons?|gal))(?!\w)", re.I),
    "pack_size": re.compile(_NUM + r"(?:pack|count|pcs|pieces|piece|ct))(?!\w)", re.I),
    "power": re.compile(_NUM + r"(?:watts?|w|mah))(?!\w)", re.I),
}
#: what a PSCon variable may be: the asked attributes, or these read from the titles when none separates
TITLE_ATTRIBUTES = ("brand", "colour", *_SIZE_CLASSES)

_MODEL_RE = re.compile(r"\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{4,}\b")
_ATTRIBUTE_NAMES = {
    "brand": "brand", "brands": "brand", "price": "price_band", "colour": "colour", "color": "colour",
    "size": "size", "type": "product_type", "kind": "product_type", "gender": "gender", "material": "material",
}


def normalise_attribute(raw: str) -> tuple[str, str | None]:
    """("Brand: MAYBELLINE") → ("brand", "MAYBELLINE"); ("Price: $50 to $100") → ("price_band", "$50 to $100")."""
    name, _, value = raw.partition(":")
    key = re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")
    if "material" in key:
        key = "material"
    key = _ATTRIBUTE_NAMES.get(key, key) or "attribute"
    v = " ".join(value.split()) or None
    if v and not re.search(r"\w", v.replace("$", "")):
        v = None
    return key, v


def product_aliases(title: str) -> list[str]:
    """Ways an answer names a product: the title before its first comma or dash, the model number, the title."""
    head = re.split(r",| - | – | \| |\(", title)[0].strip()
    out = [head] if len(head.split()) >= 2 else []
    out += [m for m in _MODEL_RE.findall(title) if not re.fullmatch(r"\d+(?:GB|TB|MB|G|K|W|V|MAH)", m)]
    out.append(title.strip())
    return list(dict.fromkeys(a for a in out if a))


def _brand(title: str, known: list[str]) -> str:
    title = re.sub(r"^\s*brand\s*:\s*", "", title, flags=re.I)
    low = title.lower()
    for b in sorted(known, key=len, reverse=True):
        if low.startswith(b.lower() + " ") or low == b.lower():
            return b
    words = title.split()
    if words[0].endswith(".") and len(words) > 1:  # "Dr. Brown's"
        return f"{words[0]} {words[1]}".strip(",")
    return words[0].strip(",")


def _size_class(titles: list[str]) -> str | None:
    """The first measure (`_SIZE_CLASSES`) that every title states."""
    return next((c for c, rx in _SIZE_CLASSES.items() if all(rx.search(t) for t in titles)), None)


def _value_key(attr: str, value: str) -> str:
    """Values that differ only in spelling are one value ("55-Inch" / "55 Inch", "Acer" / "acer")."""
    v = value.lower()
    if attr in _SIZE_CLASSES:
        v = re.sub(r"[\s.-]", "", v).replace("inches", "inch").replace('"', "inch").replace("cubicft", "cuft")
    return v


def _title_value(attr: str, title: str, known_brands: list[str]) -> str | None:
    if attr == "brand":
        return _brand(title, known_brands)
    if attr == "colour":
        brand = _brand(title, known_brands)
        m = _COLOUR_RE.search(title[len(brand):] if title.lower().startswith(brand.lower()) else title)
        return m.group(1).lower().replace("gray", "grey") if m else None
    if attr in _SIZE_CLASSES:
        m = _SIZE_CLASSES[attr].search(title)
        return " ".join(m.group(1).split()) if m else None
    return None


_QUESTIONS = {
    "brand": ["Which brand would you prefer?", "Do you have a brand in mind?"],
    "colour": ["What colour would you like?", "Do you have a colour preference?"],
    "storage": ["How much storage do you need?", "What storage capacity are you looking for?"],
    "screen_size": ["What screen size are you looking for?", "How big should the screen be?"],
    "weight": ["How heavy can it be?", "What weight are you looking for?"],
    "capacity": ["What capacity are you looking for?", "How big should it be?"],
    "pack_size": ["How many do you want in a pack?", "What pack size are you looking for?"],
    "power": ["How powerful should it be?", "What wattage are you looking for?"],
}


_ATTRIBUTE_PREFIX = re.compile(r"^\s*([A-Za-z][\w &/-]{0,30}?)\s*:\s*\S")


def _is_attribute(text: str, asked: set[str]) -> bool:
    """Whether a rated string is a clarifying attribute ("Brand: HP", "Price: $500 to $600", "Departments:
    Nintendo Switch Consoles") rather than a product title ("Tactics Ogre: Reborn ...")."""
    m = _ATTRIBUTE_PREFIX.match(text)
    if not m:
        return False
    key = normalise_attribute(m.group(1) + ":")[0]
    return key in asked or key in set(_ATTRIBUTE_NAMES.values()) or key in {"departments", "department",
                                                                             "operation_system", "os"}


def _candidates(conv: list[dict[str, Any]]) -> tuple[dict[str, str], set[str]]:
    asked = {normalise_attribute(a)[0] for m in conv for a in m.get("clarifying_attribute") or []}
    titles: dict[str, str] = {}
    liked: set[str] = set()
    for m in conv:
        for p in m.get("recommended_products") or []:
            if p.get("product_id") and p.get("product_title"):
                titles.setdefault(p["product_id"], p["product_title"].strip())
        for r in m.get("user_rating") or []:
            rate = str(r.get("product_rate") or "")
            mm = re.match(r"(?s)(.*)\((liked|disliked)\)\s*$", rate)
            if not r.get("product_id") or not mm or _is_attribute(mm.group(1), asked):
                continue  # a rating of a clarifying attribute ("Brand: HP(liked)"), not of a product
            titles.setdefault(r["product_id"], mm.group(1).strip())
            if mm.group(2) == "liked":
                liked.add(r["product_id"])
    return titles, liked


def candidate_products(conv: list[dict[str, Any]]) -> tuple[dict[str, str], set[str], str | None]:
    """(product id -> title, liked product ids, the user's request): the request is the first user message that
    states what is wanted (it carries search keywords)."""
    users = [m for m in conv if m.get("role") == "user" and str(m.get("content", "")).strip()]
    first_user = next((m for m in users if m.get("keywords")), users[0] if users else None)
    titles, liked = _candidates(conv)
    return titles, liked, str(first_user["content"]).strip() if first_user is not None else None


def convert_pscon_records(records: Iterable[tuple[str, Any]], result: ConversionResult) -> None:
    """Convert (where, conversation record) pairs into `result`."""
    records = list(records)
    known_brands = sorted({v for _, rec in records if isinstance(rec, dict)
                           for m in rec.get("conversation") or [] for a in m.get("clarifying_attribute") or []
                           for k, v in [normalise_attribute(a)] if k == "brand" and v})
    for where, rec in records:
        result.n_records += 1
        if not isinstance(rec, dict) or not isinstance(rec.get("conversation"), list):
            result.drop(str(rec.get("conv_id") if isinstance(rec, dict) else "?"), "malformed record",
                        detail="expected {conv_id, conversation: [...]}", where=where)
            continue
        rid = str(rec.get("conv_id"))
        conv = rec["conversation"]
        titles, liked, request = candidate_products(conv)
        if request is None:
            result.drop(rid, "no user request", where=where)
            continue
        if len(titles) < 3:
            result.drop(rid, "fewer than three candidate products", detail=str(len(titles)), where=where)
            continue
        liked &= set(titles)
        if not liked:
            result.drop(rid, "no liked candidate product (no target intent)", where=where)
            continue
        asked: list[str] = []
        for m in conv:
            for a in m.get("clarifying_attribute") or []:
                key, _ = normalise_attribute(a)
                if key not in asked:
                    asked.append(key)
        pids = list(titles)
        variables: dict[str, list[str]] = {}
        dropped_vars: dict[str, str] = {}
        # "Size" asked: the measure every candidate's title states (a laptop's screen, a fridge's capacity)
        classes = [_size_class(list(titles.values())) if a == "size" else a for a in asked]
        asked = [a for a in dict.fromkeys(classes) if a is not None]
        for attr in asked + [a for a in TITLE_ATTRIBUTES if a not in asked]:
            vals = [_title_value(attr, titles[p], known_brands) for p in pids]
            if attr == "brand" and attr not in asked and not all(
                    any(titles[p].lower().startswith(b.lower()) for b in known_brands) for p in pids):
                continue  # unasked, and the titles do not start with known brands (e.g. game titles)
            if any(v is None for v in vals):
                if attr in asked:
                    dropped_vars[attr] = "not readable from every candidate's title"
                continue
            if len({_value_key(attr, v) for v in vals if v}) < 2:
                if attr in asked:
                    dropped_vars[attr] = "the same for every candidate"
                continue
            if attr not in asked:
                keys_now = {tuple(_value_key(k, variables[k][i]) for k in variables) for i in range(len(pids))}
                if variables and len(keys_now) == len(pids):
                    continue  # the asked attributes already separate every product
            variables[attr] = [v for v in vals if v is not None]
        if not variables:
            result.drop(rid, "no attribute separates the candidate products", where=where)
            continue
        groups: dict[tuple[str, ...], list[str]] = {}
        for i, p in enumerate(pids):
            groups.setdefault(tuple(_value_key(k, variables[k][i]) for k in variables), []).append(p)
        if len(groups) < 2:
            result.drop(rid, "fewer than two separable intents", where=where)
            continue
        canon = {k: {_value_key(k, v): v for v in reversed(vals)} for k, vals in variables.items()}
        intents, liked_intents = [], []
        for n, (value_keys, members) in enumerate(groups.items()):
            iid = f"p{n + 1}"
            slots = {k: canon[k][v] for k, v in zip(variables, value_keys, strict=True)}
            aliases = [a for p in members for a in product_aliases(titles[p])]
            intents.append(Intent(intent_id=iid, description=" | ".join(titles[p] for p in members), slots=slots,
                                  answer_aliases=aliases))
            if liked & set(members):
                liked_intents.append(iid)
        # An alias two intents share names neither: keep only each intent's own.
        counts: dict[str, int] = {}
        for intent in intents:
            for a in {a.lower() for a in intent.answer_aliases}:
                counts[a] = counts.get(a, 0) + 1
        for intent in intents:
            intent.answer_aliases = [a for a in intent.answer_aliases if counts[a.lower()] == 1]
        cig_vars = [Variable(name=k, values=list(dict.fromkeys(canon[k][_value_key(k, v)] for v in vals)),
                             description=k.replace("_", " ")) for k, vals in variables.items()]
        actions = [ClarifyAction(action=ask_action(k), reference_questions=_QUESTIONS.get(
            k, [f"What {k.replace('_', ' ')} are you looking for?"])) for k in variables]
        result.keep(CIG(
            cig_id=f"pscon-{rid}", prompt=request, intents=intents, variables=cig_vars,
            actions=actions,
            metadata={"source": "pscon", "source_id": rid, "liked_intents": liked_intents,
                      "clarified_attributes": asked, "dropped_variables": dropped_vars,
                      "n_products": len(pids)},
        ), rid, where)
