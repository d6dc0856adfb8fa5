"""Data pools: what each pattern can ask about, read from a market database through `MarketDB` only.

Table 5 of the paper lists a data pool per input state (entities, trading days and periods, industry
classifications, corporate events); here they are the database's stocks, funds and indices, its trading
calendar, the quarters each company reported (with release dates), dividends, fund holdings and metric
dates, sectors with an index, and macro series. Everything is read lazily and cached per entity, so a
large real market costs only what the sampled chains touch. Lists keep the database's order, so a seeded
`random.Random` picks the same values on every run.
"""

from __future__ import annotations

import bisect
from functools import cached_property

from finprobe.benchmarks.multihop.market.db import MarketDB
from finprobe.benchmarks.multihop.market.schema import Entity, Event, MacroIndicator, MacroValue, Sector

__all__ = ["MarketPool"]


class MarketPool:
    """Cached views of one market for sampling pattern slots (read-only)."""

    def __init__(self, db: MarketDB):
        self.db = db
        self.days: list[str] = db.trading_days()
        self.day_set = set(self.days)
        if not self.days:
            raise ValueError(f"{db.source}: the market has no trading calendar (table trading_days is empty)")
        self.start, self.end = self.days[0], self.days[-1]
        self._cache: dict[tuple[str, ...], object] = {}

    # ------------------------------------------------------------------ entities
    @cached_property
    def stocks(self) -> list[Entity]:
        return self.db.entities(kind="stock")

    @cached_property
    def funds(self) -> list[Entity]:
        return self.db.entities(kind="fund")

    @cached_property
    def indices(self) -> list[Entity]:
        return self.db.entities(kind="index")

    def of_kind(self, kind: str) -> list[Entity]:
        return {"stock": self.stocks, "fund": self.funds, "index": self.indices}[kind]

    def entity(self, entity_id: str) -> Entity:
        e = self.db.entity(entity_id)
        if e is None:
            raise KeyError(entity_id)
        return e

    @cached_property
    def sectors(self) -> list[Sector]:
        """Sectors whose index is an entity of the market."""
        return [s for s in self.db.sectors() if s.index_id and self.db.entity(s.index_id) is not None]

    def first_day(self, entity_id: str) -> str:
        """The first trading day an entity has data on: its listing (inception) day when inside the calendar."""
        e = self.entity(entity_id)
        if e.listing_date and e.listing_date > self.start:
            return self.db.shift_trading_day(e.listing_date, 0) or self.end
        return self.start

    def days_from(self, first: str) -> list[str]:
        return self.days[bisect.bisect_left(self.days, first):]

    def date_type(self, iso: str) -> str:
        """The answer type of a date: `day` (a trading day), `date` (in the calendar's range), `past_date`."""
        if iso in self.day_set:
            return "day"
        return "date" if self.start <= iso <= self.end else "past_date"

    # ------------------------------------------------------------------ reports
    @cached_property
    def metrics(self) -> list[str]:
        return [m.metric for m in self.db.metric_definitions()]

    @cached_property
    def release_metric(self) -> str | None:
        """The metric whose `report_date` says when a quarter's report came out (revenue when present)."""
        return "revenue" if "revenue" in self.metrics else (self.metrics[0] if self.metrics else None)

    def reported(self, entity_id: str, metric: str) -> dict[str, str | None]:
        """quarter -> report date of the single-quarter figures an entity has for `metric`."""
        key = ("reported", entity_id, metric)
        if key not in self._cache:
            rows = self.db.report_values(entity_id, metric=metric, basis="single_quarter")
            self._cache[key] = {r.period: r.report_date for r in rows}
        return self._cache[key]  # type: ignore[return-value]

    def release_dates(self, entity_id: str) -> dict[str, str]:
        """quarter -> the date its report was released, for reports released inside the calendar's range."""
        if self.release_metric is None:
            return {}
        return {q: d for q, d in self.reported(entity_id, self.release_metric).items()
                if d and self.start <= d <= self.end}

    def events(self, entity_id: str, event_type: str) -> list[Event]:
        key = ("events", entity_id, event_type)
        if key not in self._cache:
            self._cache[key] = self.db.events(entity_id, event_type)
        return self._cache[key]  # type: ignore[return-value]

    # ------------------------------------------------------------------ funds
    def holding_periods(self, fund_id: str) -> list[str]:
        """Quarters whose largest disclosed holding is an entity of the market."""
        key = ("holdings", fund_id)
        if key not in self._cache:
            out = []
            for period in self.db.holding_periods(fund_id):
                top = self.db.holdings(fund_id, period)
                if top and top[0].holding_id and self.db.entity(top[0].holding_id) is not None:
                    out.append(period)
            self._cache[key] = out
        return self._cache[key]  # type: ignore[return-value]

    def fund_dates(self, fund_id: str) -> list[str]:
        key = ("fund_dates", fund_id)
        if key not in self._cache:
            self._cache[key] = self.db.fund_metric_dates(fund_id)
        return self._cache[key]  # type: ignore[return-value]

    def fund_figure(self, fund_id: str, metric: str, horizon: str, as_of: str) -> bool:
        """Whether the fund has a `metric` over `horizon` on or before `as_of` (what `fund_metric` returns)."""
        key = ("fund_first", fund_id, metric, horizon)
        if key not in self._cache:
            dates = self.fund_dates(fund_id)
            first: str | None = None
            for day in dates:  # month ends, ascending: the first that has this figure
                if self.db.fund_metric(fund_id, metric, horizon, day) is not None:
                    first = day
                    break
            self._cache[key] = first
        cached = self._cache[key]
        return isinstance(cached, str) and as_of >= cached

    # ------------------------------------------------------------------ macro
    @cached_property
    def indicators(self) -> list[MacroIndicator]:
        return self.db.macro_indicators()

    def indicators_of(self, frequency: str) -> list[MacroIndicator]:
        return [m for m in self.indicators if m.frequency == frequency]

    def macro(self, indicator_id: str) -> list[MacroValue]:
        key = ("macro", indicator_id)
        if key not in self._cache:
            self._cache[key] = self.db.macro_values(indicator_id)
        return self._cache[key]  # type: ignore[return-value]

    def complete_years(self, indicator: MacroIndicator) -> list[str]:
        """Years with every month (monthly) or quarter (quarterly) of the series."""
        need = 12 if indicator.frequency == "monthly" else 4
        counts: dict[str, int] = {}
        for v in self.macro(indicator.indicator_id):
            counts[v.period[:4]] = counts.get(v.period[:4], 0) + 1
        return [y for y, n in sorted(counts.items()) if n == need]
