"""Shared helpers of the AmbigQA bench scripts: the labelled sets and their instances.

The instances are the bundled AmbigQA demo and `data/ambigqa/fixture_instances.json` (records written for
the benches, real-world facts); the labelled sets are in `data/ambigqa/` (see its README). Sets written on
real AmbigNQ records keep only the records' ids in the repository (`data/ambigqa/fixture_ids_independent.json`):
the records are read from `../shared/data/ambigqa/train_light.json` (relative to the repository root), which
is never copied into the repository.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ambiguity_common import read_jsonl as _read_jsonl
from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance, convert_records, demo_ambigqa_path, load_ambigqa
from finprobe.core.formats import load_ambignq

DATA = Path(__file__).resolve().parent / "data" / "ambigqa"
REPO = Path(__file__).resolve().parents[1]
#: the real AmbigNQ train file, beside the checkout (never copied into the repository)
SHARED_TRAIN = REPO.parent / "shared" / "data" / "ambigqa" / "train_light.json"


def _id_list(path: Path) -> list[str] | None:
    """The record ids of an id-list file (a JSON list of id strings), or None for an AmbigQA-format file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, list) and data and all(isinstance(x, str) for x in data):
        return data
    return None


def instances_from_shared(ids_file: Path, train: Path = SHARED_TRAIN) -> list[AmbigQAInstance]:
    """The instances of the records `ids_file` lists, read from the shared AmbigNQ train file (in the
    list's order); stops with a message naming the file when it is absent or lacks a record."""
    ids = _id_list(ids_file)
    if ids is None:
        raise SystemExit(f"{ids_file}: not a JSON list of AmbigNQ record ids")
    if not train.is_file():
        raise SystemExit(f"{ids_file} lists AmbigNQ train records, read from {train}, which is absent: the shared "
                         f"data folder must sit beside the checkout (../shared/data, see the workplace README), "
                         f"or pass its path with --train")
    records = {r.id: r for r in load_ambignq(train)}
    missing = [i for i in ids if i not in records]
    if missing:
        raise SystemExit(f"{ids_file}: {len(missing)} ids not in {train}: {missing[:5]}")
    found, summary = convert_records([records[i] for i in ids], source=str(train))
    if len(found) != len(ids):
        raise SystemExit(f"{ids_file}: {len(ids) - len(found)} records of {train} are not ambiguous instances: "
                         f"{summary.examples}")
    return found


def instances(extra: Iterable[Path] = (), train: Path = SHARED_TRAIN) -> dict[str, AmbigQAInstance]:
    """Demo and fixture instances by id (the `specific` target rule), plus those of `extra` files: AmbigQA-format
    files, or id lists (`fixture_ids_independent.json`) whose records are read from `train`."""
    out = {i.instance_id: i for i in load_ambigqa(demo_ambigqa_path())[0]}
    for path in (DATA / "fixture_instances.json", *extra):
        loaded = instances_from_shared(path, train) if _id_list(path) is not None else load_ambigqa(path)[0]
        out.update({i.instance_id: i for i in loaded})
    return out


def read_jsonl(name: str) -> list[dict[str, Any]]:
    """A labelled set: a file name in `data/ambigqa/`, or a path (`--set FILE`)."""
    return _read_jsonl(name, DATA)


def add_set_options(ap: argparse.ArgumentParser, default: str) -> None:
    """`--set FILE` (another labelled set of the same format), `--instances FILE` (more AmbigQA records, or a
    list of AmbigNQ record ids) and `--train FILE` (where listed ids are read)."""
    ap.add_argument("--set", default=default, metavar="FILE",
                    help=f"labelled set (JSON Lines; a name in data/ambigqa/ or a path; default {default})")
    ap.add_argument("--instances", action="append", type=Path, default=[], metavar="FILE",
                    help="more AmbigQA-format records the set refers to, or a JSON list of AmbigNQ record ids "
                         "read from --train (repeatable); for the independent sets: "
                         "bench/data/ambigqa/fixture_ids_independent.json")
    ap.add_argument("--train", type=Path, default=SHARED_TRAIN, metavar="FILE",
                    help=f"the AmbigNQ train_light.json listed ids are read from (default {SHARED_TRAIN})")
