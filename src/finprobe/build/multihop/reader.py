"""Reading a question back into tool parameters: the verifier's half of single-hop verification.

`QuestionReader.read(pattern, text)` finds, in the question text alone, every value the pattern's slots
need — entity names (resolved through the market tools' own `lookup_entity`, so a name that two entities
share is reported, not guessed), sectors, dates, quarters, months, years, trading-day offsets, and the
words for metrics, price fields, fund metrics, horizons, indicators, basis and comparison direction —
and returns them as slot values. It knows which pattern the question instantiates (which tools, which
rule); every parameter value comes from the text. A question it cannot read unambiguously raises
`ReadError` with a reason code (`unparseable`, `ambiguous_entity`).

`find_mentions` is also the scope check's view of a free-text question (a paraphrase): which entities,
sectors, dates and periods it names, and which offsets and keywords it uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from finprobe.benchmarks.multihop.market.db import MarketDB
from finprobe.benchmarks.multihop.mentions import EntityLexicon, mask_spans
from finprobe.benchmarks.multihop.periods import find_time_mentions
from finprobe.benchmarks.multihop.tools import MarketTools
from finprobe.build.multihop.patterns import KEYWORD_KINDS, Pattern
from finprobe.build.multihop.pool import MarketPool
from finprobe.build.multihop.vocab import Vocabulary

__all__ = ["Mentions", "QuestionReader", "ReadError", "read_offsets"]

_SECTOR = "sector:"
_EN_ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
           "ninth": 9, "tenth": 10, "next": 1}
_EN_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10}
_ZH_NUM = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_OFFSET_EN = re.compile(
    r"(?i)\b(?:(?P<n>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|next|previous|\d+(?:st|nd|rd|th)?"
    r"|one|two|three|four|five|six|seven|eight|nine|ten)\s+)?trading\s+days?"
    r"(?:\s+(?P<dir>after|later|following|before|earlier|preceding|prior\s+to)\b)?")
_OFFSET_ZH = re.compile(r"(?P<dir>之后|以后|后|之前|以前|前)的?第\s*(?P<n>\d+|[一二两三四五六七八九十]+)\s*个交易日"
                        r"|(?P<n2>\d+|[一二两三四五六七八九十]+)\s*个交易日(?P<dir2>之后|以后|后|之前|以前|前)")


class ReadError(ValueError):
    def __init__(self, reason: str, detail: str):
        super().__init__(f"{reason}: {detail}")
        self.reason, self.detail = reason, detail


def _zh_int(s: str) -> int:
    if s.isdigit():
        return int(s)
    if s == "十":
        return 10
    if s.startswith("十"):
        return 10 + _ZH_NUM[s[1]]
    if s.endswith("十"):
        return _ZH_NUM[s[0]] * 10
    return _ZH_NUM[s] if len(s) == 1 else _ZH_NUM[s[0]] * 10 + _ZH_NUM[s[2]]


def read_offsets(text: str) -> list[int]:
    """Signed trading-day offsets written in `text` ("3rd trading day after" → 3, "之前的第2个交易日" → -2)."""
    out = []
    for m in _OFFSET_EN.finditer(text):
        raw, direction = (m["n"] or "").lower(), (m["dir"] or "").lower()
        if raw in ("next", "previous") and not direction:  # "the next trading day", "the previous trading day"
            out.append(1 if raw == "next" else -1)
            continue
        if not direction:  # "trading days" with no direction is not an offset
            continue
        n = 1 if raw in ("", "next", "previous") else (_EN_ORD.get(raw) or _EN_NUM.get(raw) or int(re.sub(r"\D", "",
                                                                                                        raw)))
        out.append(n if direction in ("after", "later", "following") else -n)
    for m in _OFFSET_ZH.finditer(text):
        raw, direction = (m["n"], m["dir"]) if m["n"] else (m["n2"], m["dir2"])
        n = _zh_int(raw)
        out.append(n if direction in ("之后", "以后", "后") else -n)
    return out


@dataclass
class Mentions:
    """What a question names: entity ids, sector ids, time values (canonical), offsets, keywords by kind."""

    entities: list[tuple[str, str]] = field(default_factory=list)  # (entity id, text as written)
    sectors: list[tuple[str, str]] = field(default_factory=list)
    times: list[tuple[str, str]] = field(default_factory=list)  # (kind, canonical value)
    offsets: list[int] = field(default_factory=list)
    keywords: dict[str, set[str]] = field(default_factory=dict)
    #: how many direction words ("higher", "较低", ...) of each op the text has
    keyword_counts: dict[str, int] = field(default_factory=dict)


class QuestionReader:
    """Reads slot values of a pattern from a question (see the module docstring)."""

    def __init__(self, db: MarketDB, pool: MarketPool, vocab: Vocabulary, tools: MarketTools):
        self.db, self.pool, self.vocab, self.tools = db, pool, vocab, tools
        names: dict[str, list[str]] = {e.entity_id: db.names_of(e.entity_id) for e in db.entities()}
        for s in db.sectors():
            names[_SECTOR + s.sector_id] = [n for n in (s.name_en, s.name_zh) if n]
        self.lexicon = EntityLexicon(names)

    # ------------------------------------------------------------------ mentions
    def find_mentions(self, text: str, *, bare_years: bool = True, resolve: bool = False) -> Mentions:
        """Every entity, sector, date/period, offset and keyword of `text`. With `resolve`, each entity name is
        looked up with the `lookup_entity` tool and a name that several entities answer to raises ReadError."""
        out = Mentions()
        spans: list[tuple[int, int]] = []
        for m in self.lexicon.find(text):
            spans.append((m.start, m.end))
            if m.key.startswith(_SECTOR):
                if resolve:
                    sectors = self.db.resolve_sector(m.raw)
                    if len(sectors) != 1:
                        raise ReadError("ambiguous_entity", f"{m.raw!r} names {len(sectors)} sectors")
                    out.sectors.append((sectors[0].sector_id, m.raw))
                else:
                    out.sectors.append((m.key[len(_SECTOR):], m.raw))
                continue
            if resolve:
                r = self.tools.execute("lookup_entity", {"query": m.raw})
                matches = (r.data or {}).get("matches", []) if r.ok else []
                if len(matches) != 1:
                    raise ReadError("ambiguous_entity" if len(matches) > 1 else "unparseable",
                                    f"{m.raw!r} resolves to {len(matches)} entities")
                out.entities.append((matches[0]["entity"], m.raw))
            else:
                out.entities.append((m.key, m.raw))
        masked = mask_spans(text, spans)
        times = find_time_mentions(masked, bare_years=bare_years)
        out.times = [(t.kind if t.has_year else f"{t.kind}:noyear", t.value) for t in times]
        masked = mask_spans(masked, [(t.start, t.end) for t in times])
        out.offsets = read_offsets(masked)
        taken: list[tuple[int, int]] = []
        for kind in (k for k in KEYWORD_KINDS if k != "op"):
            found = self.vocab.tables[kind].find(masked)
            if found:
                out.keywords[kind] = {f.key for f in found}
                taken += [(f.start, f.end) for f in found]
        ops = self.vocab.tables["op"].find(mask_spans(masked, taken))
        if ops:
            out.keywords["op"] = {f.key for f in ops}
            for f in ops:
                out.keyword_counts[f.key] = out.keyword_counts.get(f.key, 0) + 1
        return out

    # ------------------------------------------------------------------ slots
    def read(self, pattern: Pattern, text: str) -> dict[str, Any]:
        """The pattern's slot values as the question states them (implicit ones added). Raises ReadError."""
        kinds = {s.kind for s in pattern.slots}
        m = self.find_mentions(text, bare_years=bool(kinds & {"year", "fiscal_year"}), resolve=True)
        values: dict[str, Any] = dict(pattern.implicit(self.pool))
        entities = [eid for eid, _ in m.entities]
        times = list(m.times)
        entity_slots = [s for s in pattern.slots if s.kind in ("stock", "fund", "entity", "candidates")]
        if not entity_slots and entities:
            raise ReadError("unparseable", f"names an entity the pattern has no place for: {m.entities[0][1]!r}")
        for s in pattern.slots:
            if s.kind == "candidates":
                if not 2 <= len(entities) <= 3:
                    raise ReadError("unparseable", f"{len(entities)} candidates named (2 or 3 expected)")
                if len(set(entities)) != len(entities):
                    raise ReadError("unparseable", "a candidate is named twice")
                kinds_found = {self.pool.entity(e).kind for e in entities}
                if len(kinds_found) != 1:
                    raise ReadError("unparseable", f"candidates of different kinds: {sorted(kinds_found)}")
                values[s.name] = entities
            elif s.kind in ("stock", "fund", "entity"):
                if len(entities) != 1:
                    raise ReadError("unparseable", f"{len(entities)} entities named (1 expected)")
                kind = self.pool.entity(entities[0]).kind
                if s.kind != "entity" and kind != s.kind:
                    raise ReadError("unparseable", f"{entities[0]} is a {kind}, not a {s.kind}")
                values[s.name] = entities[0]
            elif s.kind == "sector":
                if len(m.sectors) != 1:
                    raise ReadError("unparseable", f"{len(m.sectors)} sectors named (1 expected)")
                values[s.name] = m.sectors[0][0]
            elif s.kind in ("day", "date", "quarter", "month", "year", "fiscal_year"):
                want = {"day": "date", "date": "date", "fiscal_year": "year"}.get(s.kind, s.kind)
                hits = [v for k, v in times if k == want]
                if len(hits) != 1:
                    raise ReadError("unparseable", f"{len(hits)} {want}s with a year stated (1 expected)")
                values[s.name] = hits[0]
                times.remove((want, hits[0]))
            elif s.kind == "offset":
                if len(set(m.offsets)) != 1:
                    raise ReadError("unparseable", f"offsets stated: {m.offsets or 'none'}")
                values[s.name] = m.offsets[0]
            elif s.kind in KEYWORD_KINDS:
                keys = m.keywords.get(s.kind, set())
                if len(keys) != 1:
                    raise ReadError("unparseable", f"{s.kind}: {sorted(keys) or 'none'} stated (1 expected)")
                values[s.name] = next(iter(keys))
        if times:
            raise ReadError("unparseable", f"dates/periods the pattern has no place for: {[v for _, v in times]}")
        return values
