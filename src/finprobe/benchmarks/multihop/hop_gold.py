"""The hop gold of the FinHopper release: the sidecar the project ships (`data/finhopper_hops.json`), applied
when a release file is loaded.

The release stores no per-hop fields; the sidecar gives, for every `prompt_id`, the gold answer of each of
its K sub-questions in English and Chinese, derived from the record's own `prompt` and `reference_response`
(`finprobe.build.multihop.release_hops` writes it and says how each hop was settled: `how` is `rule:<name>`
when deterministic rules read the same answer from both languages, `reviewed` when it was read by hand, and
`release_final` when the last hop is the release's `response_final_reference` as is). Each hop carries its
kind, its parts for a several-part answer, the release's other spellings of it (`aliases`) and the other
candidates of its sub-question (`distractors`).

An entry applies only to the prompt it was derived from: the sidecar records each prompt's SHA-256, and a
record whose prompt differs (another version of the release, an edited file) gets no sidecar hops; its chain
is flagged `hop_gold_stale` and falls back to best-effort extraction. A hop the sidecar lists as unsettled has
no answer (`missing_hop_answer`); the doctor reports both.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from finprobe.benchmarks.multihop.chains import Hop, HopPart

__all__ = ["SIDECAR_PATH", "GoldStatus", "hops_from_sidecar", "load_sidecar", "sidecar_entry"]

SIDECAR_PATH = Path(str(resources.files("finprobe.benchmarks.multihop") / "data" / "finhopper_hops.json"))
GoldStatus = Literal["applied", "absent", "stale", "unsettled"]
_KINDS = {"entity", "date", "period", "number", "text", "none"}


@lru_cache(maxsize=4)
def load_sidecar(path: str | None = None) -> dict[str, Any]:
    """The sidecar as a dict (read once per process); {} when the file is absent."""
    p = Path(path) if path else SIDECAR_PATH
    if not p.is_file():
        return {}
    data: dict[str, Any] = json.loads(p.read_text(encoding="utf-8"))
    return data


def sidecar_entry(prompt_id: str) -> dict[str, Any] | None:
    entry = (load_sidecar().get("chains") or {}).get(prompt_id)
    return entry if isinstance(entry, dict) else None


def _hop(h: dict[str, Any], lang: str) -> Hop:
    view = h.get(lang) or {}
    kind = h.get("kind") if h.get("kind") in _KINDS else "text"
    value = h.get("value")
    values = value if isinstance(value, list) else None
    parts = [HopPart(answer=str(p.get("answer") or ""), aliases=[str(a) for a in p.get("aliases") or []],
                     value=values[i] if values and i < len(values) else None)
             for i, p in enumerate(view.get("parts") or [])]
    answer = str(view.get("answer") or "")
    alternatives = [_hop({**a, "how": h.get("how")}, lang).model_copy(update={"question": view.get("question")})
                    for a in h.get("alternatives") or []]
    return Hop(answer=answer, question=view.get("question") or None, kind=kind,
               value=None if values is not None else value,
               aliases=[str(a) for a in view.get("aliases") or []],
               distractors=[[str(n) for n in d] for d in view.get("distractors") or []],
               owner=[str(n) for n in view.get("owner") or []], alternatives=alternatives,
               figure_label=[str(n) for n in view.get("figure_label") or []],
               parts=parts, ordered=bool(h.get("ordered")), source="sidecar" if answer else "missing",
               how=str(h.get("how") or "") or None, note=h.get("note"))


def hops_from_sidecar(prompt_id: str, prompt: str, language: str, k: int) -> tuple[list[Hop] | None, GoldStatus]:
    """The K gold hops of a release record from the sidecar, and whether they apply: `absent` (no entry),
    `stale` (the entry was derived from another prompt text or another K), `unsettled` (applied, but some hop
    has no answer), `applied`."""
    entry = sidecar_entry(prompt_id)
    if entry is None:
        return None, "absent"
    lang = "zh" if language == "zh" else "en"
    digest = hashlib.sha256(prompt.encode("utf-8")).hexdigest()
    hops_data = entry.get("hops") or []
    if (entry.get("prompt_sha256") or {}).get(lang) != digest or len(hops_data) != k:
        return None, "stale"
    hops = [_hop(h, lang) for h in hops_data]
    return hops, "unsettled" if any(not h.answer.strip() for h in hops) else "applied"
