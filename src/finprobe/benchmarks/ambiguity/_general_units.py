"""Measured quantities in general-domain (AmbigQA) answers: "6.18 m" = "6.18 metres" = "618 cm", and
"20 ft 3 1/4 in" = "20 feet 3.25 inches", compared by value in one base unit per dimension.

`plain_fractions` first writes fractions one way: a vulgar fraction ("¼") becomes "1/4" (spaced from a whole
number before it: "3¼" -> "3 1/4"), and the fraction slash (U+2044) and division slash (U+2215) become "/".
`find_quantities` reads a number (with an optional fraction) followed by a unit word or symbol; adjacent
quantities of one dimension are one compound ("20 ft 3 1/4 in"). Only units written out after a number count:
a bare "in" is inches only after feet or at the end of a clause ("3 in."), never the preposition ("2 in 2019").
Two quantities agree when their values in the base unit are equal (to one part in a million): a metric value
is never equal to its rounded imperial conversion, so "6.18 m" does not state "20 ft 3 1/4 in".
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

__all__ = ["QuantityValue", "find_quantities", "plain_fractions", "whole_quantity"]

#: unit -> (dimension, size in the dimension's base unit: metres, kilograms); exact by definition
_UNITS: dict[str, tuple[str, float]] = {}
for _names, _dim, _size in (
    ("m metre metres meter meters", "length", 1.0),
    ("cm centimetre centimetres centimeter centimeters", "length", 0.01),
    ("mm millimetre millimetres millimeter millimeters", "length", 0.001),
    ("km kilometre kilometres kilometer kilometers", "length", 1000.0),
    ("ft foot feet", "length", 0.3048),
    ("in inch inches", "length", 0.0254),
    ("yd yard yards", "length", 0.9144),
    ("mi mile miles", "length", 1609.344),
    ("kg kilogram kilograms kilogramme kilogrammes", "mass", 1.0),
    ("g gram grams gramme grammes", "mass", 0.001),
    ("lb lbs pound pounds", "mass", 0.45359237),
):
    for _n in _names.split():
        _UNITS[_n] = (_dim, _size)

_UNIT_RE = "|".join(sorted((re.escape(u) for u in _UNITS), key=len, reverse=True))
#: a number with an optional fraction ("3 1/4", "3.25"), or a bare fraction ("1/2"); never part of a date
_PART = re.compile(r"(?<![\w./])(?P<fn2>\d+)/(?P<fd2>\d+)(?![/\d])"
                   r"|(?<![\w./])(?P<num>\d+(?:\.\d+)?)(?![/\d.])(?:\s+(?P<fn>\d+)/(?P<fd>\d+)(?![/\d]))?")
_AFTER_UNIT = re.compile(r"\s*(?P<unit>" + _UNIT_RE + r")\.?(?![a-z0-9])")


@dataclass(frozen=True)
class QuantityValue:
    """A measured quantity: its value in the dimension's base unit, and the [start, end) span it was stated at."""

    value: float
    dimension: str
    start: int
    end: int

    def same(self, other: QuantityValue) -> bool:
        if self.dimension != other.dimension:
            return False
        return abs(self.value - other.value) <= 1e-6 * max(abs(self.value), abs(other.value), 1e-9)


def plain_fractions(text: str) -> str:
    """Fractions in one form: "3¼" -> "3 1/4", "1⁄4" (fraction slash) -> "1/4"."""
    out: list[str] = []
    for ch in text:
        if ch in "\u2044\u2215":
            out.append("/")
            continue
        if unicodedata.category(ch) == "No" and "\u2044" in unicodedata.normalize("NFKC", ch):
            frac = unicodedata.normalize("NFKC", ch).replace("\u2044", "/")
            out.append((" " if out and out[-1][-1:].isdigit() else "") + frac)
            continue
        out.append(ch)
    return "".join(out)


def _part_value(m: re.Match[str]) -> float:
    if m.group("num") is not None:
        value = float(m.group("num"))
        if m.group("fn"):
            value += int(m.group("fn")) / max(int(m.group("fd")), 1)
        return value
    return int(m.group("fn2")) / max(int(m.group("fd2")), 1)


def find_quantities(text: str) -> list[QuantityValue]:
    """Quantities stated in `text` (already lower case, as `fold` writes it), compounds joined."""
    parts: list[tuple[float, str, str, int, int]] = []  # value in base unit, dimension, unit, start, end
    for m in _PART.finditer(text):
        u = _AFTER_UNIT.match(text, m.end())
        if not u:
            continue
        unit = u.group("unit")
        if unit == "in" and not (parts and parts[-1][2] in ("ft", "foot", "feet") and not
                                 text[parts[-1][4]:m.start()].strip()) and not re.match(r"\s*(?:$|[.,;)\]])",
                                                                                          text[u.end():]):
            continue  # "2 in 2019": the preposition
        dim, size = _UNITS[unit]
        parts.append((_part_value(m) * size, dim, unit, m.start(), u.end()))
    out: list[QuantityValue] = []
    for value, dim, _unit, start, end in parts:
        last = out[-1] if out else None
        if last is not None and last.dimension == dim and not text[last.end:start].strip(" ,"):
            out[-1] = QuantityValue(last.value + value, dim, last.start, end)  # "20 ft 3 1/4 in"
        else:
            out.append(QuantityValue(value, dim, start, end))
    return out


def whole_quantity(alias: str) -> QuantityValue | None:
    """The alias as one quantity ("6.18 m", "20 ft 3 1/4 in"), or None when it says anything else."""
    text = plain_fractions(alias).lower().strip()
    found = find_quantities(text)
    if len(found) != 1:
        return None
    q = found[0]
    rest = (text[:q.start] + text[q.end:]).strip(" .,()~")
    return q if rest in ("", "about", "approximately", "approx", "c", "ca") else None
