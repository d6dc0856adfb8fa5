"""The scale of every metric, for a newcomer: a run's headline metrics beside the family's baseline
policies on the same data (e.g. reasoning `reference`, which must pass everything; ambiguity `oracle`,
`default`, `ask-then-oracle`).

Baselines need no model, so they are run for real, each into its own temporary folder, with the run's
own data, mode, limit, seed and options; only the agent changes. Nothing is hard-coded: a family's
baselines are its `Benchmark.policies()`.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from finprobe.core.aio import run_async
from finprobe.core.benchmark import Benchmark
from finprobe.core.display import TableData
from finprobe.core.runner import Runner
from finprobe.core.schema import RoleConfig, RunConfig
from finprobe.report.compare import headline_names, label_of

__all__ = ["arun_baselines", "run_baselines", "side_by_side_table"]


def run_baselines(bench: Benchmark[Any], config: RunConfig, *, policies: Sequence[str] | None = None,
                  workdir: str | Path | None = None) -> list[tuple[str, dict[str, Any]]]:
    """Run each baseline policy (all of the family's by default) on `config`'s data; returns
    (policy, metrics) pairs. The run folders live in `workdir`, or in a temporary folder removed after."""
    return run_async(arun_baselines(bench, config, policies=policies, workdir=workdir))


async def arun_baselines(bench: Benchmark[Any], config: RunConfig, *, policies: Sequence[str] | None = None,
                         workdir: str | Path | None = None) -> list[tuple[str, dict[str, Any]]]:
    """`run_baselines` inside a running event loop."""
    names = list(policies) if policies is not None else [p.name for p in bench.policies()]
    out: list[tuple[str, dict[str, Any]]] = []
    with tempfile.TemporaryDirectory(prefix="finprobe-baselines-") as tmp:
        root = Path(workdir) if workdir is not None else Path(tmp)
        for name in names:
            roles = {role: rc for role, rc in config.roles.items() if role != "agent"}
            roles["agent"] = RoleConfig(spec=name)
            cfg = config.model_copy(update={"roles": roles})
            result = await Runner(cfg, root / name, benchmark=bench, progress=False, fresh=True).run()
            out.append((name, result.metrics))
    return out


def _cell(metrics: Mapping[str, Any], name: str, with_ci: bool) -> str:
    value = metrics.get(name)
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return "-"
    if not with_ci:
        return f"{value:.3f}"
    lo, hi = metrics.get(f"{name}_ci_low"), metrics.get(f"{name}_ci_high")
    ci = f" [{lo:.3f}, {hi:.3f}]" if isinstance(lo, (int, float)) and isinstance(hi, (int, float)) else ""
    return f"{value:.3f}{ci}"


def side_by_side_table(bench: Benchmark[Any], columns: Sequence[tuple[str, Mapping[str, Any]]], *,
                       title: str | None = None, with_ci: bool = True) -> TableData:
    """One row per headline metric, one column per run (value [95% CI], or the value alone for a narrow
    terminal), plus samples and errors."""
    names = headline_names(bench, dict(columns[0][1])) if columns else []
    rows: list[list[Any]] = [[label_of(bench, name), *(_cell(m, name, with_ci) for _, m in columns)] for name in names]
    rows.append(["samples (errors)", *(f"{m.get('n', '-')} ({len(m.get('error_list') or [])})" for _, m in columns)])
    what = "value [95% CI]" if with_ci else "value; CIs in the HTML report"
    return TableData(title=title or f"{bench.name}: this run beside the baseline policies ({what})",
                     columns=["metric", *(label for label, _ in columns)], rows=rows,
                     align=["left", *(["right"] * len(columns))],
                     caption="baselines use no model: same data, mode, seed and options; only the agent differs")
