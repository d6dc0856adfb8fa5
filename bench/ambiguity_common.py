"""Shared helpers of the ambiguity bench scripts: the labelled sets, their instances, agreement tables.

The labelled sets live in `src/finprobe/benchmarks/ambiguity/data/labelled/` (see its README for how labels were decided); their
instances are the bundled demo set plus the fictional fixture instances written for the benches.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance, demo_instances_path, load_instances
from finprobe.benchmarks.ambiguity.judges import BareModel, labelled_dir

#: the labelled sets and their fictional instances live in the package (`finprobe judges ambiguity` reads them too)
DATA = labelled_dir()


def instances(extra: Iterable[Path] = ()) -> dict[str, AmbiguityInstance]:
    """Demo instances, the bench's fixture instances and any `extra` instance files, by id.

    An extra file may not redefine an id already loaded: a labelled set must name one instance unambiguously.
    """
    out = {i.instance_id: i for i in load_instances(demo_instances_path())}
    out.update({i.instance_id: i for i in load_instances(DATA / "invented-fixtures.instances.jsonl")})
    for path in extra:
        for inst in load_instances(path):
            if inst.instance_id in out:
                raise SystemExit(f"{path}: instance_id {inst.instance_id!r} is already defined")
            out[inst.instance_id] = inst
    return out


def require_instances(items: Iterable[dict[str, Any]], insts: dict[str, AmbiguityInstance], where: Path) -> None:
    """Stop with a clear message when a labelled set names an instance that was not loaded."""
    missing = sorted({str(it.get("instance_id")) for it in items} - set(insts))
    if missing:
        raise SystemExit(f"{where}: unknown instance_id {', '.join(missing[:5])}"
                         f"{' ...' if len(missing) > 5 else ''}; pass its instance file with --instances FILE")


def add_instances_option(ap: Any) -> None:
    """`--instances FILE` (repeatable): more fixture instances a labelled set refers to."""
    ap.add_argument("--instances", metavar="FILE", type=Path, action="append", default=[],
                    help="extra instance file (release format) the set refers to, e.g. "
                         "src/finprobe/benchmarks/ambiguity/data/labelled/invented-fr.instances.jsonl; repeatable")


def read_jsonl(name: str, folder: Path = DATA) -> list[dict[str, Any]]:
    """The items of a labelled set (JSON Lines in `folder`); a broken line stops the bench naming it."""
    path = folder / name
    items = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                items.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{n}: {exc}") from None
    return items


def agreement_table(items: Iterable[dict[str, Any]], ok: Callable[[dict[str, Any]], bool],
                    keys: Iterable[str]) -> list[str]:
    """Lines "key=value  agree/n  rate" for each grouping key (and the overall line first)."""
    items = list(items)
    lines = [_line("overall", items, ok)]
    for key in keys:
        groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for it in items:
            groups[str(it.get(key))].append(it)
        for value in sorted(groups):
            lines.append(_line(f"{key}={value}", groups[value], ok))
    return lines


def _line(name: str, items: list[dict[str, Any]], ok: Callable[[dict[str, Any]], bool]) -> str:
    good = sum(1 for it in items if ok(it))
    rate = good / len(items) if items else float("nan")
    return f"  {name:<32} {good:>4}/{len(items):<4} {rate:6.3f}"


#: a bare backend as an LLM simulator's model (the same one `finprobe judges ambiguity --user` uses)
BareGenerator = BareModel
