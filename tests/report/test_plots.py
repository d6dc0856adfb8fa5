"""matplotlib renderers for every PlotData kind: real SVG, data text escaped, nothing executable."""

import re
import xml.etree.ElementTree as ET

import pytest

from finprobe.core.display import PlotData, Series
from finprobe.report.plots import UnsafeSVG, _check_inert, render_plot, render_plots

HOSTILE = "<script>alert(1)</script>"


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return ["".join(el.itertext()) for el in root.iter("{http://www.w3.org/2000/svg}text")]


def _plot(kind: str, **kw) -> PlotData:
    base = dict(kind=kind, title=f"{kind} $5bn vs $3bn", categories=["Medium", HOSTILE, "中文"], y_range=(0.0, 1.0),
                series=[Series(name="accuracy", values=[0.5, None, 0.25], ci_low=[0.3, None, 0.1],
                               ci_high=[0.7, None, 0.4]),
                        Series(name="default-capture", values=[0.1, 0.2, 0.3])])
    base.update(kw)
    return PlotData(**base)


@pytest.mark.parametrize("kind", ["bar", "stacked_bar", "line", "reliability"])
def test_every_kind_renders_inert_svg_with_its_labels_as_text(kind):
    svg = render_plot(_plot(kind))
    assert svg.startswith("<svg") and "<?xml" not in svg and "<!--" not in svg
    texts = _texts(svg)
    assert f"{kind} $5bn vs $3bn" in texts  # no mathtext: dollar signs stay text
    assert HOSTILE in texts and "中文" in texts  # the label is text (escaped in the markup)
    assert "<script" not in svg and "&lt;script&gt;" in svg
    _check_inert(svg)


def test_bar_error_bars_follow_the_intervals():
    svg = render_plot(PlotData(kind="bar", title="t", categories=["a", "b"], y_range=(0, 1),
                               series=[Series(name="s", values=[0.5, 0.5], ci_low=[0.4, 0.1], ci_high=[0.6, 0.9])]))
    # two error bars of different lengths: a LineCollection path per bar
    spans = sorted(abs(float(a) - float(b)) for a, b in
                   re.findall(r'<path d="M [\d.]+ ([\d.]+) \nL [\d.]+ ([\d.]+) \n"', svg))
    assert len(spans) >= 2 and spans[-1] > 3 * spans[0]


def test_reliability_uses_numeric_bins_and_draws_the_diagonal():
    plot = PlotData(kind="reliability", title="reliability", categories=["0.0-0.2", "0.2-0.4", "0.4-0.6",
                                                                           "0.6-0.8", "0.8-1.0"],
                    series=[Series(name="accuracy", values=[None, 0.1, 0.5, None, 0.9]),
                            Series(name="mean confidence", values=[None, 0.3, 0.5, None, 0.95])])
    texts = _texts(render_plot(plot))
    assert "perfect calibration" in texts and "1.0" in texts


def test_a_plot_that_cannot_draw_is_reported_not_fatal():
    bad = PlotData(kind="bar", title="ragged", categories=["a", "b"], series=[Series(name="s", values=[1.0])])
    good = _plot("line")
    out = render_plots([bad, good])
    assert out[0].svg is None and out[0].error and out[1].svg


def test_inert_check_refuses_scripts_events_and_external_references():
    ns = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
    for body in ("<script>alert(1)</script>", '<rect onload="x()"/>', '<image xlink:href="http://x/y.png"/>',
                 '<rect style="fill: url(http://x/#a)"/>', "<foreignObject><div/></foreignObject>"):
        with pytest.raises(UnsafeSVG):
            _check_inert(f"<svg {ns}>{body}</svg>")
    _check_inert(f'<svg {ns}><defs><clipPath id="c"/></defs><rect clip-path="url(#c)"/><use xlink:href="#c"/></svg>')
