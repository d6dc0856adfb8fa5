"""The corrections overlay: a versioned YAML file, keyed by FinQA id, applied when tasks are loaded.

    version: "test-2026.1"
    split: test                      # optional: the split it was written for
    data:                            # optional: the data it was written for (checked when present)
      file: test.json
      n: 1147
      records_sha256: "…"            # `records_digest` of the reviewed file's tasks
      ids_sha256: "…"                # `ids_digest` of its ids
    review: ../review/test           # optional: the review records behind it (relative to this file)
    corrections:
      "ABC/2015/page_12.pdf-3":
        value: 0.0419          # override the reference value (number, or yes/no)
        question: "..."         # reword the question shown to the model
        sign_agnostic: true     # force (or, with false, forbid) sign-agnostic grading
        skip: "the excerpt lacks the 2014 figure"   # the task stays, marked skipped with this reason
        note: "why this correction is right"
        provenance: {decided_by: "...", reviewers: ["..."], blind_answers: {A: 94}, rewording_check: "..."}

The project ships one overlay per FinQA split (`data/corrections/<split>.yaml`). `run reasoning` applies
the bundled overlay whose `data.records_sha256` equals the loaded file's (`overlay_for`): the overlay is
chosen by what the file holds, not by its name. A file with the very ids of a reviewed split but other
content is an error (the corrections were checked against other excerpts); any other file gets no overlay.

The overlay never deletes a task: a skipped task is still a Sample with `skip_reason` set, and the engine
records it as skipped with that reason. The applied correction is stored in `Sample.data["correction"]`
so scoring needs nothing but the sample; `Sample.meta["correction_kinds"]` lists its kinds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from finprobe.core.benchmark import DataError
from finprobe.core.schema import Sample

#: the kinds of fix, in the order reports list them
KINDS = ("value", "question", "sign_agnostic", "skip")
#: `-O corrections=` values that mean "the original tasks"
NO_OVERLAY = ("none", "false", "off")


class Provenance(BaseModel):
    """Who made a correction and on what evidence (written by `finprobe build reasoning`)."""

    model_config = ConfigDict(extra="forbid")

    decided_by: str | None = None  # the adjudicator (or "rules": the pipeline's own decision rules)
    reviewers: list[str] = Field(default_factory=list)  # every reviewer whose record the decision used
    blind_answers: dict[str, float | str | None] = Field(default_factory=dict)  # reviewer letter -> answer
    rewording_check: str | None = None  # the outcome of the check on the original wording


class Correction(BaseModel):
    """One task's correction. Every field is optional; a correction with no field is an error."""

    model_config = ConfigDict(extra="forbid")

    value: float | str | None = None
    question: str | None = None
    sign_agnostic: bool | None = None
    skip: str | None = None  # the reason the task is skipped
    note: str | None = None
    provenance: Provenance | None = None

    @field_validator("value", mode="before")
    @classmethod
    def _value(cls, v: Any) -> Any:
        if isinstance(v, bool):
            raise ValueError("value must be a number or 'yes'/'no'")
        if isinstance(v, str):
            t = v.strip().lower()
            if t not in ("yes", "no"):
                raise ValueError(f"value {v[:40]!r} must be a number or 'yes'/'no'")
            return t
        return v

    @field_validator("question", "skip")
    @classmethod
    def _non_empty(cls, v: str | None) -> str | None:
        if v is not None and not v.strip():
            raise ValueError("must not be empty")
        return v

    @property
    def kinds(self) -> list[str]:
        """The kinds of fix this correction makes, in `KINDS` order."""
        return [k for k in KINDS if getattr(self, k) is not None]

    def grading_fields(self) -> dict[str, Any]:
        """What scoring and the prompt need (`Sample.data["correction"]`): the fix and its note."""
        return self.model_dump(exclude_none=True, exclude={"provenance"})


class DataIdentity(BaseModel):
    """The data an overlay was written for."""

    model_config = ConfigDict(extra="forbid")

    file: str | None = None
    n: int | None = None
    records_sha256: str | None = None
    ids_sha256: str | None = None  # `ids_digest` of its task ids: recognises the split in other content


class CorrectionSet(BaseModel):
    """A versioned overlay; `source` is where it was read from (for reports)."""

    model_config = ConfigDict(extra="forbid")

    version: str
    split: str | None = None
    data: DataIdentity | None = None
    review: str | None = None
    corrections: dict[str, Correction] = Field(default_factory=dict)
    source: str | None = None

    def counts(self, ids: Sequence[str] | None = None) -> dict[str, int]:
        """Entries by kind (an entry with two kinds counts in both), over `ids` when given."""
        keys = self.corrections if ids is None else [i for i in ids if i in self.corrections]
        out = dict.fromkeys(KINDS, 0)
        for key in keys:
            for kind in self.corrections[key].kinds:
                out[kind] += 1
        return out


# --------------------------------------------------------------------------- data identity
def task_content(data: dict[str, Any]) -> list[Any]:
    """The parts of a FinQA record that a correction was checked against (the excerpt, the question and
    both references), without the fields the loader ignores and without any overlay."""
    qa = data["qa"]
    # a synthetic id (`dev-null-7`) is made from the file's name: leave it out, so a renamed copy matches
    return [None if data.get("synthetic_id") else data["id"], data.get("pre_text"), data.get("table"), data.get("post_text"),
            qa["question"], qa.get("answer", ""), qa["program"], qa["exe_ans"]]


def records_digest(samples: Sequence[Sample]) -> str:
    """sha256 of the tasks' content in canonical JSON (see `task_content`): the same for two files that
    hold the same records, whatever their key order, spacing or extra fields."""
    digest = hashlib.sha256()
    for s in samples:
        digest.update(json.dumps(task_content(s.data), sort_keys=True, ensure_ascii=False,
                                 separators=(",", ":")).encode())
        digest.update(b"\n")
    return digest.hexdigest()


# --------------------------------------------------------------------------- reading
def bundled_dir() -> Path:
    return Path(str(resources.files("finprobe.benchmarks.reasoning") / "data" / "corrections"))


def bundled_paths() -> list[Path]:
    """The bundled overlays, one per reviewed split (`data/corrections/<split>.yaml`)."""
    return sorted(bundled_dir().glob("*.yaml"))


def load_corrections(path: str | Path) -> CorrectionSet:
    """Read an overlay. Raises DataError naming the file and entry."""
    p = Path(path)
    if p.is_dir():
        raise DataError(f"{p}: is a folder; -O corrections takes a corrections YAML file")
    try:
        raw = yaml.safe_load(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"{p}: cannot read corrections: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise DataError(f"{p}: the corrections file is not UTF-8 text (byte {exc.start}); "
                        "-O corrections takes a corrections YAML file") from None
    except yaml.YAMLError as exc:
        raise DataError(f"{p}: invalid YAML: {exc}") from None
    if not isinstance(raw, dict) or "version" not in raw:
        raise DataError(f"{p}: a corrections file is a mapping with 'version' and 'corrections'")
    entries = raw.get("corrections") or {}
    if not isinstance(entries, dict):
        raise DataError(f"{p}: 'corrections' must be a mapping keyed by FinQA id")
    parsed: dict[str, Correction] = {}
    for key, body in entries.items():
        try:
            corr = Correction.model_validate(body or {})
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(x) for x in err["loc"])
            raise DataError(f"{p}: correction {key!r}: {loc + ': ' if loc else ''}{err['msg']}") from None
        if not corr.kinds:
            raise DataError(f"{p}: correction {key!r} changes nothing")
        if corr.skip is not None and len(corr.kinds) > 1:
            raise DataError(f"{p}: correction {key!r}: a skipped task takes no other fix "
                            f"(it has {', '.join(corr.kinds)})")
        parsed[str(key)] = corr
    extra = set(raw) - {"version", "split", "data", "review", "corrections"}
    if extra:
        raise DataError(f"{p}: unknown top-level keys {sorted(extra)}")
    try:
        data = DataIdentity.model_validate(raw["data"]) if raw.get("data") is not None else None
    except ValidationError as exc:
        err = exc.errors()[0]
        raise DataError(f"{p}: data.{'.'.join(str(x) for x in err['loc'])}: {err['msg']}") from None
    return CorrectionSet(version=str(raw["version"]), split=None if raw.get("split") is None else str(raw["split"]),
                         data=data, review=None if raw.get("review") is None else str(raw["review"]),
                         corrections=parsed, source=str(p))


@lru_cache(maxsize=8)
def _bundled(path: str, mtime_ns: int) -> CorrectionSet:
    return load_corrections(path)


def bundled_overlays() -> list[CorrectionSet]:
    return [_bundled(str(p), p.stat().st_mtime_ns) for p in bundled_paths()]


def bundled_overlay(split: str) -> CorrectionSet:
    """The bundled overlay of one split (`test`, `dev`). Raises DataError for an unknown split."""
    for overlay in bundled_overlays():
        if overlay.split == split:
            return overlay
    known = ", ".join(o.split or "?" for o in bundled_overlays())
    raise DataError(f"no bundled corrections for split {split!r} (bundled: {known})")


def ids_digest(samples: Sequence[Sample]) -> str:
    """sha256 of the sorted task ids, one per line (synthetic ids, made from the file's name, left out)."""
    ids = [s.id for s in samples if not s.data.get("synthetic_id")]
    return hashlib.sha256("\n".join(sorted(ids)).encode()).hexdigest()


def overlay_for(samples: Sequence[Sample], where: str = "the data") -> CorrectionSet | None:
    """The bundled overlay written for exactly these tasks (by `records_digest`), or None when no bundled
    overlay was. A file with the ids of a reviewed split but other content raises DataError: its
    corrections were checked against other excerpts, and applying them (or silently not) would mislead."""
    overlays = [o for o in bundled_overlays() if o.data is not None and o.data.records_sha256]
    if not overlays:
        return None
    digest = records_digest(samples)
    for overlay in overlays:
        if overlay.data is not None and overlay.data.records_sha256 == digest:
            return overlay
    ids = ids_digest(samples)
    for overlay in overlays:
        assert overlay.data is not None
        if overlay.data.ids_sha256 and overlay.data.ids_sha256 == ids:
            raise DataError(
                f"{where}: holds the task ids of the reviewed FinQA {overlay.split} split, but not the same "
                f"content (records sha256 {digest[:12]}…, the overlay {overlay.version} was checked against "
                f"{(overlay.data.records_sha256 or '')[:12]}…): pass -O corrections=none for the original tasks, or "
                "-O corrections=PATH for an overlay made for this file")
    return None


# --------------------------------------------------------------------------- applying
def check_overlay(samples: Sequence[Sample], overlay: CorrectionSet, where: str = "the data") -> None:
    """Raise DataError when `overlay` was written for other data (its `data.records_sha256`) or names ids
    that are not in `samples`."""
    name = overlay.source or f"corrections {overlay.version}"
    if overlay.data is not None and overlay.data.records_sha256:
        digest = records_digest(samples)
        if digest != overlay.data.records_sha256:
            made_for = overlay.data.file or "another file"
            n = f", {overlay.data.n} tasks" if overlay.data.n is not None else ""
            raise DataError(
                f"{name}: written for other data ({made_for}{n}, records sha256 "
                f"{overlay.data.records_sha256[:12]}…); {where} has {len(samples)} tasks with records sha256 "
                f"{digest[:12]}…: use the overlay made for this file, or -O corrections=none")
    missing = unmatched_ids(samples, overlay)
    if missing:
        shown = ", ".join(repr(i) for i in missing[:10]) + (f" and {len(missing) - 10} more" if len(missing) > 10 else "")
        raise DataError(f"{name}: {len(missing)} correction id{'s' if len(missing) != 1 else ''} not in {where}: "
                        f"{shown} (a typo, or an overlay for another split?)")


def overlay_key(sample: Sample, overlay: CorrectionSet) -> str:
    """The overlay key of a sample: its id, except that a synthetic id (`copy-null-7`, made from the loaded
    file's name) is read as the overlay's own file's (`dev-null-7`), so a renamed copy of the reviewed file
    gets every correction, the null-id tasks' too (the records digest already proved it is the same data)."""
    if sample.data.get("synthetic_id") and overlay.data is not None and overlay.data.file and "-null-" in sample.id:
        return f"{Path(overlay.data.file).stem}-null-{sample.id.rsplit('-null-', 1)[1]}"
    return sample.id


def apply_corrections(samples: Sequence[Sample], overlay: CorrectionSet) -> list[Sample]:
    """Samples with the overlay applied (new objects). Every sample gets `meta.corrections_version`;
    corrected ones `data.correction`, `meta.corrected` and `meta.correction_kinds`. Ids the overlay does
    not know are unchanged; ids of the overlay that are not in `samples` are the caller's check
    (`check_overlay`)."""
    out: list[Sample] = []
    for sample in samples:
        corr = overlay.corrections.get(overlay_key(sample, overlay))
        meta = {**sample.meta, "corrections_version": overlay.version}
        if corr is None:
            out.append(sample.model_copy(update={"meta": meta}))
            continue
        data = {**sample.data, "correction": corr.grading_fields()}
        meta["corrected"] = True
        meta["correction_kinds"] = corr.kinds
        if corr.value is not None:
            # a yes/no override turns a numeric task into a yes/no one and vice versa
            meta["question_type"] = "yes_no" if isinstance(corr.value, str) else "numeric"
        out.append(sample.model_copy(update={
            "data": data, "meta": meta, "skip_reason": corr.skip or sample.skip_reason,
        }))
    return out


def unmatched_ids(samples: Sequence[Sample], overlay: CorrectionSet) -> list[str]:
    """Overlay ids that match no loaded sample (e.g. a dev overlay applied to the test split)."""
    have = {overlay_key(s, overlay) for s in samples}
    return sorted(k for k in overlay.corrections if k not in have)


def resolve_overlay(samples: Sequence[Sample], choice: str | None, where: str) -> CorrectionSet | None:
    """The overlay a run applies: None for `none`; the bundled overlay made for these tasks by default
    (None when there is none); `bundled:SPLIT` for one bundled split's; else the file `choice`, checked
    against the data (`check_overlay`)."""
    if choice is not None and choice.lower() in NO_OVERLAY:
        return None
    if choice is None:
        return overlay_for(samples, where)
    overlay = bundled_overlay(choice.split(":", 1)[1]) if choice.startswith("bundled:") else load_corrections(choice)
    check_overlay(samples, overlay, where)
    return overlay
