"""The terminal summary: the family's tables plus errors, skips and per-role usage, drawn with rich."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table

from finprobe.core.aggregation import error_reason
from finprobe.core.display import TableData, count_table
from finprobe.report._text import clean_terminal

#: a column is never narrower than its longest word up to this many characters (longer words fold)
_MAX_WORD = 24
#: when even that does not fit, the longest words fold, but no column gets narrower than this
_MIN_SQUEEZED = 8


def _longest_word(texts: list[str]) -> int:
    return max((len(w) for t in texts for w in t.split()), default=1)


def _transposed(data: TableData) -> TableData:
    """A short, wide table turned on its side: one row per column, one column per row."""
    if len(data.rows) == 1:
        return TableData(title=data.title, caption=data.caption, columns=["", "value"],
                         rows=[[col, cell] for col, cell in zip(data.columns, data.rows[0], strict=False)],
                         align=["left", "right"])
    return TableData(title=data.title, caption=data.caption,
                     columns=[data.columns[0], *("" if r[0] is None else str(r[0]) for r in data.rows)],
                     rows=[[col, *(r[j] if j < len(r) else None for r in data.rows)]
                           for j, col in enumerate(data.columns) if j > 0],
                     align=["left", *(["right"] * len(data.rows))])


def rich_table(data: TableData, console: Console | None = None) -> Table:
    """Draw a family's plain table with rich: cells are text, never markup, and terminal control
    characters in them (model answers, server errors) are removed. Nothing is cut: in a terminal
    (`console`) too narrow for the table, columns wrap at spaces but keep every word whole (up to
    `_MAX_WORD` characters) where that fits; else a short table is turned on its side; else only long
    headers fold; else words fold. Without a console, rich sizes the table itself."""
    if console is None:
        return _draw(data, None)
    short = len(data.rows) <= 3 and len(data.columns) > 3
    candidates = [(data, True, False), *([(_transposed(data), True, False)] if short else []), (data, False, False),
                  (data, False, True)]
    for candidate, header_words, squeeze in candidates:
        widths = _fit_widths(candidate, console.width, header_words=header_words, squeeze=squeeze)
        if widths is not None:
            return _draw(candidate, widths)
    return _draw(data, None)


def _fit_widths(data: TableData, width: int, *, header_words: bool, squeeze: bool = False) -> list[int] | None:
    """Column widths that fit `width` terminal columns, each column at least as wide as its longest word
    (of its cells, and of its header too with `header_words`): the widest column gives way first. None
    when those floors alone do not fit; with `squeeze`, the largest floors are lowered first (only the
    longest words fold), down to `_MIN_SQUEEZED` characters."""
    available = width - (3 * len(data.columns) + 1)  # a border and a space either side of each column
    natural, floor = [], []
    for i, col in enumerate(data.columns):
        cells = [clean_terminal("" if r[i] is None else r[i]) for r in data.rows if i < len(r)]
        header = clean_terminal(col)
        natural.append(max((len(line) for t in [header, *cells] for line in t.splitlines()), default=1))
        floor.append(min(_longest_word([*cells, *([header] if header_words else [])]), _MAX_WORD))
    while squeeze and sum(floor) > available and max(floor) > _MIN_SQUEEZED:
        floor[floor.index(max(floor))] -= 1
    if sum(floor) > available:
        return None
    widths = [max(n, f) for n, f in zip(natural, floor, strict=True)]
    while sum(widths) > available:
        i = max(range(len(widths)), key=lambda j: (widths[j] > floor[j], widths[j]))
        if widths[i] <= floor[i]:
            return None
        widths[i] -= 1
    return widths


def _draw(data: TableData, widths: list[int] | None) -> Table:
    from rich.text import Text

    table = Table(title=Text(clean_terminal(data.title)), caption=None if data.caption is None else
                  Text(clean_terminal(data.caption)))
    for i, col in enumerate(data.columns):
        table.add_column(Text(clean_terminal(col)), justify=data.alignment(i), overflow="fold",
                         width=None if widths is None else widths[i])
    for row in data.rows:
        table.add_row(*(Text("" if cell is None else clean_terminal(cell)) for cell in row))
    return table


def usage_table(metrics: Mapping[str, Any]) -> TableData | None:
    usage = (metrics.get("run") or {}).get("usage_by_role") or metrics.get("usage_by_role")
    if not usage:
        return None
    return TableData(title="tokens and cost by role", columns=["role", "input tokens", "output tokens", "cost (USD)"],
                     rows=[[role, f"{u['input_tokens']:,}", f"{u['output_tokens']:,}", f"{u['cost_usd']:.4f}"]
                           for role, u in usage.items()])


def epochs_table(metrics: Mapping[str, Any]) -> TableData | None:
    epochs = metrics.get("epochs")
    if not epochs:
        return None
    rows: list[list[Any]] = [[f"pass^{k}", "-" if v["value"] is None else f"{v['value']:.3f}",
                              "-" if v["ci_low"] is None else f"{v['ci_low']:.3f} - {v['ci_high']:.3f}", v["n"]]
                             for k, v in epochs["pass_k"].items()]
    consistency = epochs.get("consistency")
    rows.append(["consistency (all trials agree)", "-" if consistency is None else f"{consistency:.3f}", "-",
                 epochs.get("n_complete", 0)])
    return TableData(title=f"{epochs['k']} trials per sample", columns=["statistic", "value", "95% CI", "samples"],
                     rows=rows)


def all_error_warning(metrics: Mapping[str, Any]) -> str | None:
    """The line that leads a report whose every stored trial ended in error (its numbers measure nothing),
    with the most common reason; None otherwise."""
    run = metrics.get("run") or {}
    n_error, n_scored = run.get("n_error") or 0, run.get("n_scored") or 0
    if not n_error or n_scored:
        return None
    reasons = Counter(error_reason(item.get("error")) for item in metrics.get("error_list") or [])
    top = f"; most common reason: {reasons.most_common(1)[0][0]}" if reasons else ""
    return (f"every trial of this run ended in error ({n_error} of {run.get('n_stored', n_error)}): no sample was "
            f"scored, so the metrics below measure nothing{top}")


def print_tables(console: Console, tables: list[TableData]) -> None:
    for table in tables:
        console.print(rich_table(table, console))


def print_summary(console: Console, bench: Any, metrics: Mapping[str, Any], title: str | None = None, *,
                  report_path: str | None = None, tables: list[TableData] | None = None) -> None:
    """The family's tables, pass^k (with epochs), usage per role, completeness and errors; then the
    path of the run's HTML report when there is one. `tables` replaces the family's tables (a brief
    summary, e.g. the demo suite's headline beside the baselines: the rest is in the HTML report); a run
    whose every trial ended in error says so first."""
    from rich.text import Text

    if title:
        console.rule(Text(clean_terminal(title)))
    warning = all_error_warning(metrics)
    if warning:
        console.print(Text(clean_terminal(warning), style="bold red"))
    brief = tables is not None
    if tables is None:
        tables = list(bench.summary_tables(metrics))
        for extra in (epochs_table(metrics), usage_table(metrics)):
            if extra is not None:
                tables.append(extra)
    print_tables(console, tables)
    run = metrics.get("run") or {}
    if run.get("structured_output"):
        modes = ", ".join(f"{role}={mode}" for role, mode in run["structured_output"].items())
        console.print(f"[dim]structured output (the whole run): {modes}[/dim]")
    if run.get("n_missing"):
        unit = "trials" if run.get("epochs", 1) > 1 else "samples"
        console.print(f"[yellow]run incomplete: {run['n_stored']} of {run['n_expected']} {unit} stored "
                      f"({run['n_missing']} missing); run the same command again to finish it[/yellow]")
    errors = metrics.get("error_list") or []
    if errors:
        console.print(f"[red]{len(errors)} samples ended in error[/red]:")
        for item in errors[: 3 if brief else 10]:
            console.print(Text(clean_terminal(f"  {item['id']}: {item['error'][:200]}")))
    if report_path:
        console.print(Text.assemble(("HTML report: ", "bold"), clean_terminal(report_path)))


__all__ = ["all_error_warning", "count_table", "epochs_table", "print_summary", "print_tables", "rich_table", "usage_table"]
