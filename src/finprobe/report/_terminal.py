"""The terminal summary: the family's tables plus errors, skips and per-role usage."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table


def count_table(title: str, label: str, counts: dict[str, int]) -> Table:
    """A two-column table of counts (failure reasons, audit classes, ...)."""
    table = Table(title=title)
    table.add_column(label)
    table.add_column("count", justify="right")
    for key, n in counts.items():
        table.add_row(str(key), str(n))
    return table


def usage_table(metrics: dict[str, Any]) -> Table | None:
    usage = (metrics.get("run") or {}).get("usage_by_role") or metrics.get("usage_by_role")
    if not usage:
        return None
    table = Table(title="tokens and cost by role")
    for col in ("role", "input tokens", "output tokens", "cost (USD)"):
        table.add_column(col, justify="right" if col != "role" else "left")
    for role, u in usage.items():
        table.add_row(role, f"{u['input_tokens']:,}", f"{u['output_tokens']:,}", f"{u['cost_usd']:.4f}")
    return table


def print_summary(console: Console, bench: Any, metrics: dict[str, Any], title: str | None = None) -> None:
    if title:
        console.rule(title)
    for renderable in bench.summary_tables(metrics):
        console.print(renderable)
    table = usage_table(metrics)
    if table is not None:
        console.print(table)
    run = metrics.get("run") or {}
    if run.get("structured_output"):
        modes = ", ".join(f"{role}={mode}" for role, mode in run["structured_output"].items())
        console.print(f"[dim]structured output (the whole run): {modes}[/dim]")
    if run.get("n_missing"):
        console.print(f"[yellow]run incomplete: {run['n_stored']} of {run['n_expected']} samples stored "
                      f"({run['n_missing']} missing); run the same command again to finish it[/yellow]")
    errors = metrics.get("error_list") or []
    if errors:
        console.print(f"[red]{len(errors)} samples ended in error[/red] (counted as not passed):")
        for item in errors[:10]:
            console.print(f"  {item['id']}: {item['error'][:200]}", markup=False)
