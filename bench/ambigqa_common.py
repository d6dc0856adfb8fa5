"""Shared helpers of the AmbigQA bench scripts: the labelled sets and their instances.

The instances are the bundled AmbigQA demo and `data/ambigqa/fixture_instances.json` (records written for
the benches, real-world facts); the labelled sets are in `data/ambigqa/` (see its README).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ambiguity_common import read_jsonl as _read_jsonl
from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance, demo_ambigqa_path, load_ambigqa

DATA = Path(__file__).resolve().parent / "data" / "ambigqa"


def instances() -> dict[str, AmbigQAInstance]:
    """Demo and fixture instances by id (the `specific` target rule)."""
    out = {i.instance_id: i for i in load_ambigqa(demo_ambigqa_path())[0]}
    out.update({i.instance_id: i for i in load_ambigqa(DATA / "fixture_instances.json")[0]})
    return out


def read_jsonl(name: str) -> list[dict[str, Any]]:
    return _read_jsonl(name, DATA)
