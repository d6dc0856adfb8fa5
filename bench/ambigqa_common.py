"""Shared helpers of the AmbigQA bench scripts: the labelled sets and their instances.

The instances are the bundled AmbigQA demo and `data/ambigqa/fixture_instances.json` (records written for
the benches, real-world facts); the labelled sets are in `data/ambigqa/` (see its README).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ambiguity_common import read_jsonl as _read_jsonl
from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance, demo_ambigqa_path, load_ambigqa

DATA = Path(__file__).resolve().parent / "data" / "ambigqa"


def instances(extra: Iterable[Path] = ()) -> dict[str, AmbigQAInstance]:
    """Demo and fixture instances by id (the `specific` target rule), plus those of `extra` AmbigQA files
    (e.g. `fixture_instances_independent.json`, real AmbigNQ records the independent sets are written on)."""
    out = {i.instance_id: i for i in load_ambigqa(demo_ambigqa_path())[0]}
    for path in (DATA / "fixture_instances.json", *extra):
        out.update({i.instance_id: i for i in load_ambigqa(path)[0]})
    return out


def read_jsonl(name: str) -> list[dict[str, Any]]:
    """A labelled set: a file name in `data/ambigqa/`, or a path (`--set FILE`)."""
    return _read_jsonl(name, DATA)


def add_set_options(ap: argparse.ArgumentParser, default: str) -> None:
    """`--set FILE` (another labelled set of the same format) and `--instances FILE` (more AmbigQA records)."""
    ap.add_argument("--set", default=default, metavar="FILE",
                    help=f"labelled set (JSON Lines; a name in data/ambigqa/ or a path; default {default})")
    ap.add_argument("--instances", action="append", type=Path, default=[], metavar="FILE",
                    help="more AmbigQA-format records the set refers to (repeatable); "
                         "for the independent sets: data/ambigqa/fixture_instances_independent.json")
