"""Shared helpers of the AmbigQA bench scripts: the labelled sets and their instances.

The instances are the bundled AmbigQA demo and `data/ambigqa/fixture_instances.json` (records written for
the benches, real-world facts); the labelled sets are in `data/ambigqa/` (see its README).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance, demo_ambigqa_path, load_ambigqa

DATA = Path(__file__).resolve().parent / "data" / "ambigqa"


def instances() -> dict[str, AmbigQAInstance]:
    """Demo and fixture instances by id (the `specific` target rule)."""
    out = {i.instance_id: i for i in load_ambigqa(demo_ambigqa_path())[0]}
    out.update({i.instance_id: i for i in load_ambigqa(DATA / "fixture_instances.json")[0]})
    return out


def read_jsonl(name: str) -> list[dict[str, Any]]:
    path = DATA / name
    items = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                items.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{n}: {exc}") from None
    return items
