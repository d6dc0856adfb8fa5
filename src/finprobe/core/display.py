"""What a family shows, as plain data: tables and plots that the report layer renders.

A family never imports a rendering library (rich, matplotlib, HTML templates): it describes its tables
and plots with these records, and `finprobe.report` draws them in the terminal, as SVG in the HTML
report, or as JSON. So the same description serves every output, and the layering stays one-way.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Cell = str | int | float | None


class TableData(BaseModel):
    """A titled table. `align` has one entry per column ("left" or "right"); missing entries are right."""

    title: str
    columns: list[str]
    rows: list[list[Cell]] = Field(default_factory=list)
    align: list[Literal["left", "right"]] = Field(default_factory=list)
    caption: str | None = None

    def alignment(self, index: int) -> Literal["left", "right"]:
        return self.align[index] if index < len(self.align) else ("left" if index == 0 else "right")


class Series(BaseModel):
    """One series of a plot: a value per category (None: no value), with optional interval bounds."""

    name: str
    values: list[float | None]
    ci_low: list[float | None] | None = None
    ci_high: list[float | None] | None = None


class PlotData(BaseModel):
    """A plot described by its data.

    kinds: `bar` (grouped bars, one group per category, error bars from ci_low/ci_high), `stacked_bar`
    (one bar per category, the series stacked), `line` (one line per series over the categories),
    `reliability` (a calibration diagram: categories are bin labels, series[0] the accuracy per bin,
    series[1] the mean confidence per bin; the diagonal is drawn by the renderer).
    """

    kind: Literal["bar", "stacked_bar", "line", "reliability"]
    title: str
    categories: list[str]
    series: list[Series]
    x_label: str = ""
    y_label: str = ""
    #: fixed y range (e.g. (0, 1) for rates); None lets the renderer choose
    y_range: tuple[float, float] | None = None
    #: the metrics key this plot was drawn from, so a reader can find the numbers
    source: str | None = None


def rate(value: float | None) -> str:
    """A rate in [0, 1] as a percentage for display ("-" when undefined)."""
    return "-" if value is None else f"{100 * value:.1f}%"


def number(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def interval(low: float | None, high: float | None, fmt=rate) -> str:
    return "-" if low is None or high is None else f"{fmt(low)} - {fmt(high)}"


def count_table(title: str, label: str, counts: dict[str, int]) -> TableData:
    """A two-column table of counts (failure reasons, audit classes, taxonomy labels, ...)."""
    return TableData(title=title, columns=[label, "count"], rows=[[str(k), int(v)] for k, v in counts.items()])
