"""`finprobe runs [DIR]`: the run folders under a directory, one line each (family, agent, mode, samples,
headline metric with its CI, date), newest first.

Read from each folder's `manifest.json` and `metrics.json` only (the metrics the run wrote when it ended),
so listing a hundred runs reads no records. A folder whose run never finished has no metrics yet: it is
listed as incomplete. A folder that cannot be read is listed with the reason, never skipped silently.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from finprobe.core.families import FamilyError, load_family
from finprobe.core.store import MANIFEST, METRICS, RunStore
from finprobe.report.compare import headline_names

__all__ = ["RunListing", "list_runs"]

#: how deep below DIR run folders are looked for (the demo suite writes DIR/<family>/)
MAX_DEPTH = 3


class RunListing(BaseModel):
    """One run folder as `finprobe runs` lists it."""

    path: str
    family: str = "?"
    agent: str = "?"
    mode: str = "?"
    #: samples in the run, trials stored and expected (samples x epochs)
    n_samples: int = 0
    n_stored: int | None = None
    n_expected: int | None = None
    n_errors: int | None = None
    #: the family's first headline metric: its key, label, value and CI (None: not measured yet)
    metric: str | None = None
    label: str | None = None
    value: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    created_at: datetime | None = None
    #: the run ended and wrote its metrics
    finished: bool = False
    problem: str | None = None


def _folders(root: Path) -> list[Path]:
    found: list[Path] = []

    def walk(folder: Path, depth: int) -> None:
        if (folder / MANIFEST).is_file():
            found.append(folder)
            return
        if depth >= MAX_DEPTH:
            return
        try:
            children = sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith("."))
        except OSError:
            return
        for child in children:
            walk(child, depth + 1)

    walk(root, 0)
    return found


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _listing(folder: Path) -> RunListing:
    out = RunListing(path=str(folder))
    try:
        manifest = RunStore(folder).read_manifest()
    except (OSError, ValueError) as exc:
        out.problem = str(exc)
        return out
    cfg = manifest.config
    out.family, out.n_samples, out.created_at = cfg.benchmark, manifest.n_samples, manifest.created_at
    bench = None
    try:
        bench = load_family(cfg.benchmark)
    except FamilyError as exc:
        out.problem = str(exc)
    roles = {**(bench.roles if bench is not None else {}), **{r: rc.spec for r, rc in cfg.roles.items()}}
    out.agent = roles.get("agent", "?")
    out.mode = cfg.mode or (bench.default_mode() if bench is not None else "default")
    try:
        metrics = json.loads((folder / METRICS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return out  # not finished (or killed before its end): listed as incomplete
    if not isinstance(metrics, dict):
        return out
    out.finished = True
    run = metrics.get("run") or {}
    out.n_stored, out.n_expected = run.get("n_stored"), run.get("n_expected")
    out.n_errors = run.get("n_error", len(metrics.get("error_list") or []))
    names = headline_names(bench, metrics) if bench is not None else [
        k for k, v in metrics.items() if _number(v) is not None and f"{k}_ci_low" in metrics]
    if names:
        name = names[0]
        info = bench.metric_info().get(name) if bench is not None else None
        out.metric, out.label = name, info.label if info is not None else name
        out.value = _number(metrics.get(name))
        out.ci_low, out.ci_high = _number(metrics.get(f"{name}_ci_low")), _number(metrics.get(f"{name}_ci_high"))
    return out


def list_runs(root: str | Path = "runs") -> list[RunListing]:
    """Every run folder under `root` (or `root` itself), newest first. Raises ValueError when `root` is
    not a folder."""
    base = Path(root)
    if not base.is_dir():
        raise ValueError(f"{base}: no such folder (runs are written to ./runs unless --out names another)")
    listings = [_listing(folder) for folder in _folders(base)]
    return sorted(listings, key=lambda r: (r.created_at is None, -(r.created_at.timestamp() if r.created_at else 0),
                                           r.path))
