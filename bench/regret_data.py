"""CIGs the regret benches and labelled sets refer to, built the same way every time: AmbigNQ and PSCon
converted from the real files in ../shared/data (never copied into the repository), the FinInteract demo
set bundled with the ambiguity family, and the CondAmbigQA / AmbigDocs sample records in
bench/data/regret/sources (written for this project)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from finprobe.benchmarks.ambiguity.instances import demo_instances_path
from finprobe.benchmarks.regret import CIG
from finprobe.build.regret import ConversionResult, convert

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
DATA = ROOT / "bench" / "data" / "regret"
AMBIGNQ = SHARED / "ambigqa" / "train_light.json"
PSCON = SHARED / "pscon" / "conversation_en.json"


@cache
def conversions() -> dict[str, ConversionResult]:
    return {
        "ambignq": convert("ambignq", AMBIGNQ),
        "pscon": convert("pscon", PSCON),
        "fininteract": convert("fininteract", demo_instances_path()),
        "condambigqa": convert("condambigqa", DATA / "sources" / "condambigqa_sample.json"),
        "ambigdocs": convert("ambigdocs", DATA / "sources" / "ambigdocs_sample.json"),
    }


@cache
def all_cigs() -> dict[str, CIG]:
    return {c.cig_id: c for r in conversions().values() for c in r.cigs}


def load_items(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def report(rows: list[tuple[str, bool]], title: str) -> float:
    """Print agreement by kind (n, correct, accuracy) and return the overall accuracy."""
    kinds: dict[str, list[bool]] = {}
    for kind, ok in rows:
        kinds.setdefault(kind, []).append(ok)
    print(f"\n{title}")
    print(f"  {'kind':<24}{'n':>5}{'acc':>8}")
    for kind in sorted(kinds):
        v = kinds[kind]
        print(f"  {kind:<24}{len(v):>5}{sum(v) / len(v):>8.3f}")
    acc = sum(ok for _, ok in rows) / len(rows)
    print(f"  {'ALL':<24}{len(rows):>5}{acc:>8.3f}")
    return acc


def prf(pairs: list[tuple[str, str]], positive: Callable[[str], bool]) -> tuple[float, float]:
    """Precision and recall of predicting a `positive` label exactly right, over (gold, predicted) pairs."""
    tp = sum(1 for g, p in pairs if positive(p) and p == g)
    pp = sum(1 for _, p in pairs if positive(p))
    gp = sum(1 for g, _ in pairs if positive(g))
    return (tp / pp if pp else float("nan")), (tp / gp if gp else float("nan"))


def report_sure(items: list[dict[str, Any]], oks: list[bool]) -> None:
    """Accuracy over the items whose label is not marked `"unsure": true` (borderline by the definition)."""
    sure = [ok for it, ok in zip(items, oks, strict=True) if not it.get("unsure")]
    if len(sure) < len(items):
        print(f"  {'sure labels only':<24}{len(sure):>5}{sum(sure) / max(len(sure), 1):>8.3f}")
