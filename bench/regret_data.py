"""CIGs the regret benches and labelled sets refer to, built the same way every time: AmbigNQ and PSCon
converted from the real files in ../shared/data (never copied into the repository; CondAmbigQA's dev half
too), the FinInteract demo
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
CONDAMBIGQA = SHARED / "condambigqa" / "mcaqa.dev.json"


@cache
def conversions() -> dict[str, ConversionResult]:
    return {
        "ambignq": convert("ambignq", AMBIGNQ),
        "pscon": convert("pscon", PSCON),
        "fininteract": convert("fininteract", demo_instances_path()),
        "condambigqa": convert("condambigqa", DATA / "sources" / "condambigqa_sample.json"),
        "condambigqa_real": convert("condambigqa", CONDAMBIGQA),
        "ambigdocs": convert("ambigdocs", DATA / "sources" / "ambigdocs_sample.json"),
    }


@cache
def all_cigs() -> dict[str, CIG]:
    return {c.cig_id: c for r in conversions().values() for c in r.cigs}


def load_items(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def answerable(items: list[dict[str, Any]], cigs: dict[str, CIG], what: str) -> list[dict[str, Any]]:
    """The items whose CIG the converters still make and whose label it still has (a variable's ask for the
    mapper, an intent for the matcher); the others are counted and left out, never relabelled. The converters
    changed under issue 26 (records dropped for fragments, mistypes, self-revealing slots; PSCon sizes split by
    measure), so labels written against earlier CIGs can name what no longer exists."""
    def ok(it: dict[str, Any]) -> bool:
        cig = cigs.get(it["cig"])
        if cig is None:
            return False
        labels = [x for x in str(it["label"]).split("|") if x not in ("unsupported", "None")]
        if what == "mapper":
            return all(x.split(":", 1)[-1] in {v.name for v in cig.variables} for x in labels)
        return it["label"] is None or it["label"] in {i.intent_id for i in cig.intents}

    kept = [it for it in items if ok(it)]
    if len(kept) < len(items):
        gone = len({it["cig"] for it in items if it["cig"] not in cigs})
        print(f"  ({len(items) - len(kept)} of {len(items)} items left out: {gone} of their CIGs are no longer made, "
              "or no longer have the labelled variable or intent)")
    return kept


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
