"""Gold tool paths: filling bound arguments, deriving a hop's answer from tool results, rendering answers.

A chain's hops carry the tool calls that solve them (`ToolCall`) and the rule that turns the results into
the answer (`Derivation`). `solve_chain` runs a chain's path against a `MarketTools` — each hop's bound
arguments filled from the answers *it derived itself* for earlier hops — and returns every hop's derived
value. The `gold-path` policy does the same through the episode (reading the observations); chain
synthesis uses `solve_chain` to check that a chain re-solves to its answers.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, Field

from finprobe.benchmarks.multihop.chains import Binding, Chain, Derivation, Hop, ToolCall
from finprobe.benchmarks.multihop.market.db import MarketDB
from finprobe.benchmarks.multihop.periods import format_date, month_of, quarter_of, year_of
from finprobe.benchmarks.multihop.tools import MarketTools

__all__ = [
    "DeriveError",
    "HopSolution",
    "bind_args",
    "derive",
    "format_answer",
    "gold_answer",
    "resolve_path",
    "solve_chain",
]


class DeriveError(ValueError):
    """A result does not hold what the derivation asks for (or a max/min is tied)."""


_FILTER = re.compile(r"^(?P<name>[^\[\]]+)\[(?P<key>[^=\]]+)=(?P<value>[^\]]*)\]$")


def resolve_path(obj: Any, path: str) -> Any:
    """The value at a dotted path: "close", "events.0.date", "values[period=2024-03].value"."""
    cur = obj
    for seg in [s for s in path.split(".") if s]:
        m = _FILTER.match(seg)
        if m:
            items = cur.get(m["name"]) if isinstance(cur, dict) else None
            if not isinstance(items, list):
                raise DeriveError(f"{m['name']!r} is not a list in the result")
            hits = [x for x in items if isinstance(x, dict) and str(x.get(m["key"])) == m["value"]]
            if not hits:
                raise DeriveError(f"no item of {m['name']!r} has {m['key']}={m['value']}")
            cur = hits[0]
        elif isinstance(cur, list):
            try:
                cur = cur[int(seg)]
            except (ValueError, IndexError):
                raise DeriveError(f"no item {seg!r} in a list of {len(cur)}") from None
        elif isinstance(cur, dict):
            if seg not in cur:
                raise DeriveError(f"no field {seg!r} in the result (fields: {', '.join(list(cur)[:12])})")
            cur = cur[seg]
        else:
            raise DeriveError(f"cannot read {seg!r} from {type(cur).__name__}")
    return cur


_ISO = re.compile(r"^\d{4}-\d{2}(?:-\d{2})?$|^\d{4}Q[1-4]$")


def _comparable(v: Any, where: str) -> float | str:
    """A value max/min can compare: a number, or an ISO date/period (which sort as text)."""
    if isinstance(v, str) and _ISO.match(v):
        return v
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise DeriveError(f"{where}: expected a number or an ISO date, got {v!r}")
    return float(v)


def derive(derivation: Derivation, results: list[dict[str, Any]]) -> Any:
    """A hop's answer value from its calls' results (see `Derivation`). Raises DeriveError."""
    if not results:
        raise DeriveError("the hop has no tool results")
    if derivation.op == "field":
        try:
            return resolve_path(results[derivation.call], derivation.path)
        except IndexError:
            raise DeriveError(f"no call {derivation.call}") from None
    if derivation.field is None:  # max/min across the hop's calls
        scored = [(_comparable(resolve_path(r, derivation.path), derivation.path), r) for r in results]
    else:  # max/min over the items of a list
        items = resolve_path(results[derivation.call], derivation.path)
        if not isinstance(items, list) or not items:
            raise DeriveError(f"{derivation.path!r} is not a non-empty list")
        scored = [(_comparable(resolve_path(x, derivation.field), derivation.field), x) for x in items]
    if len({type(v) for v, _ in scored}) > 1:
        raise DeriveError(f"{derivation.op}: cannot compare numbers with dates")
    values = [v for v, _ in scored]
    best = max(values) if derivation.op == "max" else min(values)
    winners = [r for s, r in scored if s == best]
    if len(winners) > 1:
        raise DeriveError(f"{derivation.op} of {derivation.field or derivation.path} is tied ({best})")
    assert derivation.key is not None
    return resolve_path(winners[0], derivation.key)


def _transform(value: Any, binding: Binding) -> Any:
    if binding.transform == "value":
        return value
    fn = {"quarter_of": quarter_of, "month_of": month_of, "year_of": year_of}[binding.transform]
    try:
        return fn(str(value))
    except ValueError:
        raise DeriveError(f"{binding.transform}: {value!r} is not a date") from None


def bind_args(call: ToolCall, values: dict[int, Any]) -> dict[str, Any]:
    """The call's arguments with bound ones taken from `values` (hop number -> derived value)."""
    args = dict(call.args)
    for arg, binding in call.bind.items():
        if binding.hop not in values:
            raise DeriveError(f"argument {arg!r} needs hop {binding.hop}'s answer, not derived yet")
        args[arg] = _transform(values[binding.hop], binding)
    return args


class HopSolution(BaseModel):
    value: Any = None
    calls: list[dict[str, Any]] = Field(default_factory=list)  # {"tool", "args", "ok", "result" | "error"}
    error: str | None = None


def solve_chain(chain: Chain, tools: MarketTools) -> list[HopSolution]:
    """Replay the chain's gold path against `tools`, each hop bound to the values derived before it.
    A hop that fails (a tool error, a derivation error) stops the chain; its solution carries the error."""
    values: dict[int, Any] = {}
    out: list[HopSolution] = []
    for k, hop in enumerate(chain.hops, start=1):
        sol = HopSolution()
        out.append(sol)
        if not hop.tool_calls or hop.derive is None:
            sol.error = "the hop has no gold tool path"
            break
        results = []
        try:
            for call in hop.tool_calls:
                args = bind_args(call, values)
                r = tools.execute(call.tool, args)
                sol.calls.append({"tool": call.tool, "args": args, "ok": r.ok,
                                  **({"result": r.data} if r.ok else {"error": r.error})})
                if not r.ok:
                    raise DeriveError(f"{call.tool} failed: {r.error}")
                assert r.data is not None
                results.append(r.data)
            sol.value = derive(hop.derive, results)
        except DeriveError as exc:
            sol.error = f"hop {k}: {exc}"
            break
        values[k] = sol.value
    return out


# --------------------------------------------------------------------------- answers
_UNIT_TEXT = {"en": {"yuan": " yuan", "shares": " shares", "%": "%", "points": " points"},
              "zh": {"yuan": "元", "shares": "股", "%": "%", "points": "点"}}


def format_answer(kind: str, value: Any, *, unit: str | None = None, language: str = "en") -> str:
    """An answer written from a derived value without the database: an entity as its id, a date in ISO
    (2024年4月26日 in Chinese), a period as is, a number with thousands separators and its unit."""
    lang = "zh" if language == "zh" else "en"
    if kind == "date":
        return format_date(str(value), lang)
    if kind == "number":
        x = float(value)
        # Counts and amounts as integers; other figures as stored (a percent stored as -1.0 stays "-1.0").
        body = f"{int(x):,}" if x.is_integer() and (abs(x) >= 1000 or isinstance(value, int)) else f"{x:,}"
        return body + _UNIT_TEXT[lang].get(unit or "", f" {unit}" if unit else "")
    if kind == "period":
        v = str(value)
        if lang == "zh":
            if re.fullmatch(r"\d{4}Q[1-4]", v):
                return f"{v[:4]}年第{'一二三四'[int(v[5]) - 1]}季度"
            if re.fullmatch(r"\d{4}-\d{2}", v):
                return f"{v[:4]}年{int(v[5:])}月"
        return v
    return str(value)


def gold_answer(kind: str, value: Any, db: MarketDB, *, unit: str | None = None,
                language: str = "en") -> tuple[str, list[str]]:
    """(answer, aliases) for a derived value, with names from the database: an entity's name in the
    chain's language with every other name as aliases; a sector's names; dates and periods with their
    canonical form as an alias."""
    lang = "zh" if language == "zh" else "en"
    if kind == "entity":
        e = db.entity(str(value))
        if e is not None:
            return e.name(lang), [n for n in db.names_of(e.entity_id) if n != e.name(lang)]
        s = db.sector(str(value))
        if s is not None:
            names = [n for n in (s.name_en, s.name_zh, s.sector_id) if n]
            main = (s.name_zh or s.name_en) if lang == "zh" else s.name_en
            return main, [n for n in names if n != main]
        raise DeriveError(f"{value!r} is neither an entity nor a sector of this market")
    answer = format_answer(kind, value, unit=unit, language=lang)
    aliases = [str(value)] if kind in ("date", "period") and str(value) != answer else []
    return answer, aliases


def hop_from_solution(hop: Hop, value: Any, db: MarketDB, language: str) -> Hop:
    """The hop with its gold answer, aliases and value filled from a derived value."""
    answer, aliases = gold_answer(hop.kind, value, db, unit=hop.unit, language=language)
    return hop.model_copy(update={"answer": answer, "aliases": aliases, "value": value})
