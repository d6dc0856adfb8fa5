"""Drawing a family's `PlotData` as SVG with matplotlib, for the HTML report.

Generic over the plot kinds of `finprobe.core.display.PlotData` (`bar`, `stacked_bar`, `line`,
`reliability`): a new family gets plots by returning PlotData, nothing here changes. matplotlib is used
through `matplotlib.figure.Figure` (no pyplot, no global backend or figure registry), so rendering needs
no display and is safe to call from any thread.

The SVG is inlined in the report, so it is checked to be inert: text is written as `<text>` elements
(matplotlib escapes it), math parsing is off (a label such as "$5bn vs $3bn" is text, not mathtext),
comments and the XML prologue are dropped, and a figure that somehow carries a script, an event
attribute or an external reference is refused (`UnsafeSVG`).
"""

from __future__ import annotations

import io
import logging
import math
import re
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from finprobe.core.display import PlotData, Series

__all__ = ["RenderedPlot", "UnsafeSVG", "render_plot", "render_plots"]

#: figure size in inches at 100 dpi: wide enough for ~12 category labels, small enough for a grid of two
_BASE_SIZE = (6.4, 3.6)
_RC: dict[str, Any] = {
    "svg.fonttype": "none",  # text stays text: small, searchable, and CJK labels use the browser's fonts
    "text.parse_math": False,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.grid.axis": "y",
    "grid.alpha": 0.3,
    "font.size": 9,
    "svg.hashsalt": "finprobe",
}
_SVG_NS = "{http://www.w3.org/2000/svg}"
_URL = re.compile(r"url\(([^)]*)\)")
_FORBIDDEN_TAGS = {"script", "foreignObject", "iframe", "object", "embed", "a", "image", "animate", "set"}


class UnsafeSVG(ValueError):
    """A rendered figure contained something that must not be inlined in an HTML page."""


class RenderedPlot(BaseModel):
    """One plot as the report shows it: its title and source key, and the SVG (or why it failed)."""

    title: str
    kind: str
    source: str | None = None
    svg: str | None = None
    error: str | None = None


def _nan(values: Sequence[float | None]) -> list[float]:
    return [math.nan if v is None else float(v) for v in values]


def _yerr(series: Series) -> list[list[float]] | None:
    """Asymmetric error bars from ci_low/ci_high (NaN where a bound or the value is missing)."""
    if series.ci_low is None or series.ci_high is None:
        return None
    lows, highs = [], []
    for v, lo, hi in zip(series.values, series.ci_low, series.ci_high, strict=False):
        if v is None or lo is None or hi is None:
            lows.append(math.nan)
            highs.append(math.nan)
        else:
            lows.append(max(0.0, v - lo))
            highs.append(max(0.0, hi - v))
    return [lows, highs]


def _bin_bounds(label: str) -> tuple[float, float] | None:
    """(lo, hi) from a bin label such as "0.2-0.4" (reliability categories); None if it is not one."""
    m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*[-–]\s*(-?\d+(?:\.\d+)?)\s*", label)
    return (float(m.group(1)), float(m.group(2))) if m else None


def _draw_bar(ax, plot: PlotData) -> None:
    n_series = max(1, len(plot.series))
    width = 0.8 / n_series
    x = list(range(len(plot.categories)))
    for i, series in enumerate(plot.series):
        offsets = [xi - 0.4 + width * (i + 0.5) for xi in x]
        ax.bar(offsets, _nan(series.values), width=width, label=series.name, yerr=_yerr(series), capsize=3,
               error_kw={"elinewidth": 1})
    _categories(ax, plot.categories)


def _draw_stacked(ax, plot: PlotData) -> None:
    x = list(range(len(plot.categories)))
    bottom = [0.0] * len(x)
    for series in plot.series:
        heights = [0.0 if v is None else float(v) for v in series.values]
        ax.bar(x, heights, bottom=bottom, label=series.name, width=0.6)
        bottom = [b + h for b, h in zip(bottom, heights, strict=False)]
    _categories(ax, plot.categories)


def _draw_line(ax, plot: PlotData) -> None:
    x = list(range(len(plot.categories)))
    for series in plot.series:
        ax.plot(x, _nan(series.values), marker="o", label=series.name)
        if series.ci_low is not None and series.ci_high is not None:
            ax.fill_between(x, _nan(series.ci_low), _nan(series.ci_high), alpha=0.2)
    _categories(ax, plot.categories)


def _draw_reliability(ax, plot: PlotData) -> None:
    """Accuracy per confidence bin as bars over the bin, mean confidence as points, and the diagonal
    (perfect calibration). Bins that are not numeric ranges are drawn over their index instead."""
    accuracy = plot.series[0] if plot.series else Series(name="accuracy", values=[])
    confidence = plot.series[1] if len(plot.series) > 1 else None
    bounds = [_bin_bounds(c) for c in plot.categories]
    if bounds and all(b is not None for b in bounds):
        lows = [b[0] for b in bounds if b is not None]
        widths = [b[1] - b[0] for b in bounds if b is not None]
        ax.bar(lows, _nan(accuracy.values), width=widths, align="edge", alpha=0.7, edgecolor="black",
               linewidth=0.5, label=accuracy.name)
        if confidence is not None:
            ax.plot(_nan(confidence.values), _nan(accuracy.values), "o", color="black", label=confidence.name)
        ax.plot([0, 1], [0, 1], "--", color="gray", linewidth=1, label="perfect calibration")
        ax.set_xlim(min(0.0, *lows), max(1.0, *(lo + w for lo, w in zip(lows, widths, strict=False))))
    else:
        x = list(range(len(plot.categories)))
        ax.bar(x, _nan(accuracy.values), alpha=0.7, label=accuracy.name)
        if confidence is not None:
            ax.plot(x, _nan(confidence.values), "o--", color="black", label=f"{confidence.name} (calibrated: equal)")
        _categories(ax, plot.categories)


def _categories(ax, categories: Sequence[str]) -> None:
    ax.set_xticks(range(len(categories)))
    long = max((len(c) for c in categories), default=0) > 10 or len(categories) > 8
    ax.set_xticklabels([str(c) for c in categories], rotation=30 if long else 0, ha="right" if long else "center")


_DRAW = {"bar": _draw_bar, "stacked_bar": _draw_stacked, "line": _draw_line, "reliability": _draw_reliability}


def _check_inert(svg: str) -> None:
    """Refuse an SVG with scripts, event handlers, foreign content or external references."""
    root = ET.fromstring(svg)
    for el in root.iter():
        tag = el.tag.replace(_SVG_NS, "") if isinstance(el.tag, str) else ""
        if tag in _FORBIDDEN_TAGS:
            raise UnsafeSVG(f"rendered SVG contains a <{tag}> element")
        for name, value in el.attrib.items():
            local = name.rsplit("}", 1)[-1].lower()
            if local.startswith("on"):
                raise UnsafeSVG(f"rendered SVG contains an event attribute {local!r}")
            if local == "href" and not value.startswith("#"):
                raise UnsafeSVG("rendered SVG contains an external reference")
            if any(not ref.strip().strip("'\"").startswith("#") for ref in _URL.findall(value)):
                raise UnsafeSVG("rendered SVG references an external resource")


def _check_shape(plot: PlotData) -> None:
    """Every series has one value (and one bound) per category: a ragged plot would be drawn wrong."""
    n = len(plot.categories)
    for series in plot.series:
        for what, values in (("values", series.values), ("ci_low", series.ci_low), ("ci_high", series.ci_high)):
            if values is not None and len(values) != n:
                raise ValueError(f"series {series.name!r} has {len(values)} {what} for {n} categories")


def render_plot(plot: PlotData, index: int = 0) -> str:
    """One plot as an inline `<svg>` element (no XML prologue, no comments), checked to be inert.
    Raises ValueError for a plot whose series do not match its categories."""
    import matplotlib

    _check_shape(plot)
    from matplotlib.figure import Figure

    rc: Any = dict(_RC, **{"svg.hashsalt": f"finprobe-{index}"})  # distinct clip-path ids per figure on one page
    n = len(plot.categories)
    width = max(_BASE_SIZE[0], min(14.0, 0.45 * n * max(1, len(plot.series) if plot.kind == "bar" else 1)))
    with matplotlib.rc_context(rc), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # missing glyphs (CJK labels): the browser draws text, not matplotlib
        logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
        fig = Figure(figsize=(width, _BASE_SIZE[1]), layout="constrained")
        ax = fig.subplots()
        _DRAW[plot.kind](ax, plot)
        ax.set_title(plot.title)
        ax.set_xlabel(plot.x_label)
        ax.set_ylabel(plot.y_label)
        if plot.y_range is not None:
            ax.set_ylim(*plot.y_range)
        if len(plot.series) > 1 or plot.kind == "reliability":
            ax.legend(fontsize=8, loc="best")
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    text = buf.getvalue()
    text = re.sub(r"<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--.*?-->|<metadata>.*?</metadata>", "", text, flags=re.S).strip()
    _check_inert(text)
    return text


def render_plots(plots: Sequence[PlotData]) -> list[RenderedPlot]:
    """Every plot rendered; one that fails to draw is kept with its error instead of breaking the report."""
    out = []
    for i, plot in enumerate(plots):
        try:
            out.append(RenderedPlot(title=plot.title, kind=plot.kind, source=plot.source, svg=render_plot(plot, i)))
        except UnsafeSVG:
            raise
        except Exception as exc:  # noqa: BLE001 - a plot that cannot be drawn is shown as its error
            out.append(RenderedPlot(title=plot.title, kind=plot.kind, source=plot.source,
                                    error=f"{type(exc).__name__}: {exc}"))
    return out
