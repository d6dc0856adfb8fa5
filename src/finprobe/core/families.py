"""Finding benchmark families: the `finprobe.benchmarks` entry-point group, loaded one name at a time.

A family is registered by its distribution's metadata, e.g. in pyproject.toml:

    [project.entry-points."finprobe.benchmarks"]
    reasoning = "finprobe.benchmarks.reasoning:ReasoningBenchmark"

The value names a `Benchmark` subclass (or a zero-argument factory returning an instance). Listing names
imports nothing; a family's module is imported only when a run, a report or `finprobe list` needs it.
The core names families here but never imports one by name, so "core knows no benchmark" holds: the
built-in families are found exactly like a user's own package.

Entry points come from *installed* metadata: a new family folder in a source checkout needs
`pip install -e .` again before it is found (the error says so).
"""

from __future__ import annotations

import difflib
import json
import threading
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from finprobe.core.benchmark import CONTRACT_VERSION, Benchmark, DataFormat
from finprobe.core.suggest import close_matches

ENTRY_POINT_GROUP = "finprobe.benchmarks"

_lock = threading.Lock()
_loaded: dict[str, Benchmark] = {}


class FamilyError(KeyError):
    """A family that is unknown, ambiguous, broken, or written for another contract version."""

    def __str__(self) -> str:  # KeyError quotes its message; this one is read by people
        return str(self.args[0]) if self.args else ""


class FamilyStatus(BaseModel):
    """One registered family as `finprobe list` shows it: loaded, or broken with the reason."""

    name: str
    origin: str  # the entry point's value, e.g. "finprobe.benchmarks.reasoning:ReasoningBenchmark"
    distribution: str | None
    error: str | None = None


def _entry_points() -> dict[str, list[EntryPoint]]:
    found: dict[str, list[EntryPoint]] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        # The same distribution can be seen twice on sys.path (an editable install and a copy):
        # one value registered twice is one family, two values under one name are a conflict.
        if all(other.value != ep.value for other in found.get(ep.name, [])):
            found.setdefault(ep.name, []).append(ep)
    return found


def family_names() -> list[str]:
    """Registered family names, sorted. Imports no family."""
    return sorted(_entry_points())


def _distribution(ep: EntryPoint) -> str | None:
    dist = getattr(ep, "dist", None)  # EntryPoint.dist is set for entry points read from metadata
    return None if dist is None else dist.metadata["Name"]


def _instantiate(name: str, ep: EntryPoint) -> Benchmark:
    try:
        target = ep.load()
    except Exception as exc:  # noqa: BLE001 - a broken family is reported with its cause, never hidden
        raise FamilyError(f"benchmark family {name!r} ({ep.value}) failed to import: "
                          f"{type(exc).__name__}: {exc}") from exc
    try:
        family = target() if callable(target) and not isinstance(target, Benchmark) else target
    except Exception as exc:  # noqa: BLE001
        raise FamilyError(f"benchmark family {name!r} ({ep.value}) could not be created: "
                          f"{type(exc).__name__}: {exc}") from exc
    validate_family(family, name, ep.value)
    return family


def validate_family(family: object, name: str, origin: str = "") -> None:
    """Check that `family` keeps the contract: a `Benchmark` of this contract version, named `name`,
    with every required attribute. The error names the family and what is wrong."""
    where = f"benchmark family {name!r}" + (f" ({origin})" if origin else "")
    if not isinstance(family, Benchmark):
        raise FamilyError(f"{where} is a {type(family).__name__}, not a finprobe.core.benchmark.Benchmark")
    if family.contract_version != CONTRACT_VERSION:
        raise FamilyError(f"{where} is written for contract version {family.contract_version}; this finprobe "
                          f"implements version {CONTRACT_VERSION}")
    missing = [attr for attr in ("name", "description", "scorer_version", "roles") if not hasattr(family, attr)]
    if missing:
        raise FamilyError(f"{where} lacks {', '.join(missing)}")
    if family.name != name:
        raise FamilyError(f"{where} calls itself {family.name!r}: the entry point name and the family name must match")
    if "agent" not in family.roles:
        raise FamilyError(f"{where} declares no default for the agent role")


def load_family(name: str) -> Benchmark:
    """The family registered as `name` (created once per process). Raises FamilyError."""
    with _lock:
        if name in _loaded:
            return _loaded[name]
    eps = _entry_points()
    if name not in eps:
        known = sorted(eps)
        close = difflib.get_close_matches(name, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise FamilyError(f"unknown benchmark {name!r}{hint} Known: {', '.join(known) or 'none'}. "
                          f"(A family is found through the {ENTRY_POINT_GROUP!r} entry points of installed "
                          "packages: after adding one, run `pip install -e .` again.)")
    if len(eps[name]) > 1:
        values = ", ".join(f"{ep.value} from {_distribution(ep) or '?'}" for ep in eps[name])
        raise FamilyError(f"benchmark name {name!r} is registered twice ({values}); uninstall one of them")
    family = _instantiate(name, eps[name][0])
    with _lock:
        return _loaded.setdefault(name, family)


def family_statuses() -> list[FamilyStatus]:
    """Every registered family, loaded to check it; a broken one carries its error instead of vanishing."""
    out = []
    for name, eps in sorted(_entry_points().items()):
        ep = eps[0]
        error = None
        try:
            load_family(name)
        except FamilyError as exc:
            error = str(exc)
        out.append(FamilyStatus(name=name, origin=ep.value, distribution=_distribution(ep), error=error))
    return out


def available_families() -> list[str]:
    """Names of the families that load."""
    return [s.name for s in family_statuses() if s.error is None]


# --------------------------------------------------------------------------- hints for a wrong input
#: read at most this much of a file to recognise its format (only after it failed to load)
_SNIFF_BYTES = 64 * 1024 * 1024


def _first_record(source: str) -> dict[str, Any] | None:
    """The first record of a local JSON list, JSON object or JSONL file (None when there is none to see)."""
    path = Path(source)
    try:
        if not path.is_file() or path.stat().st_size > _SNIFF_BYTES:
            return None
        text = path.read_text(encoding="utf-8", errors="replace").lstrip("\ufeff \t\r\n")
    except OSError:
        return None
    obj: Any
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        try:  # JSON Lines: the first line alone
            obj = json.loads(text.split("\n", 1)[0])
        except (ValueError, RecursionError):
            return None
    if isinstance(obj, dict):  # a wrapper such as {"data": [...]} holds the records in a list value
        lists = [v for v in obj.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
        obj = lists[0] if len(lists) == 1 and len(obj) <= 3 else obj
    if isinstance(obj, list):
        obj = next((item for item in obj if isinstance(item, dict)), None)
    return obj if isinstance(obj, dict) else None


def data_hint(source: str, family: Benchmark, options: Any) -> str:
    """When `source` failed to load as `family`'s data: what it looks like instead (another family's
    format, or this family's under other options), as a hint with the command or option to use; "" when
    the file matches `family`'s own format as configured (then the error is about the records)."""
    record = _first_record(source)
    if record is None:
        return ""
    keys = set(record)
    candidates: list[tuple[int, Benchmark, DataFormat]] = []
    for name in family_names():
        try:
            other = load_family(name)
        except FamilyError:
            continue
        candidates += [(len(fmt.keys), other, fmt) for fmt in other.data_formats() if fmt.keys <= keys]
    if not candidates:
        return ""
    _, other, fmt = max(candidates, key=lambda c: (c[0], c[1] is family))
    current = options.model_dump(mode="json") if hasattr(options, "model_dump") else dict(options or {})
    if other is family:
        differ = {k: v for k, v in fmt.options.items() if str(current.get(k)) != v}
        if not differ:
            return ""
        flags = " ".join(f"-O {k}={v}" for k, v in differ.items())
        return f"this looks like {fmt.name} data, which {family.name} reads with {flags}"
    flags = "".join(f" -O {k}={v}" for k, v in fmt.options.items())
    return (f"this looks like {fmt.name} data, for the {other.name} family: "
            f"finprobe run {other.name} --data {source}{flags}")


def spec_hint(spec: str, role: str, family: Benchmark) -> str:
    """What a role spec that is no backend and none of `family`'s policies or components was probably
    meant to be: a close name, another family's policy, or a model name without its backend prefix."""
    own = [p.name for p in family.policies()] if role == "agent" else []
    own += family.components().get(role, [])
    if ":" not in spec:
        close = close_matches(spec, own)
        if close:
            return f"did you mean {' or '.join(repr(c) for c in close)}?"
        for name in family_names():
            try:
                other = load_family(name)
            except FamilyError:
                continue
            if other is not family and spec in {p.name for p in other.policies()}:
                mine = f"{family.name}'s are {', '.join(own)}" if own else f"{family.name} has none for {role}"
                return f"{spec!r} is a baseline policy of {other.name}, not of {family.name} ({mine})"
        if spec and spec not in ("local",) and not spec.startswith("/"):
            return (f"a model is named with its backend: openai:{spec} (any OpenAI-compatible endpoint; "
                    f"also vllm:, ollama:, llamacpp:, openrouter:)"
                    + (f"; {family.name}'s baseline policies: {', '.join(own)}" if own else ""))
    return ""
