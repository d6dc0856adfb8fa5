"""The family's doctor: data defects of a chain file, reported rather than fixed (DESIGN §6 "Pitfalls").

Kinds of finding:
- `duplicate`: two records with the same question (after normalising case, width, spacing and
  punctuation) or the same id; the detail names both ids;
- `label_mismatch`: `label` disagrees with `prompt_id` (level or hop count), a level that does not fit the
  hop count (L1 = 1–2 hops, L2 = 3–4, L3 = 5–6), or a label/id that states neither;
- `hop_count_mismatch`: the steps found in `reference_response` (or the hops of a chain record) are not K;
- `missing_answer`: no final reference answer, or an intermediate hop without an answer;
- `hops_unsettled`: a release record whose hops the hop-gold sidecar cannot settle: its entry for the prompt_id
  was derived from another prompt text (a changed release), or it lists hops as unsettled (a prompt_id the
  sidecar does not know is only counted, in `details["hop_gold"]["absent"]`: its hops are extracted as before);
- `hops_unextracted`: (a record without sidecar gold) no per-hop steps could be found in the reference
  response (process scoring of this item has no gold checkpoints);
- `uncertain_extraction`: (likewise) some hop answers were taken from step text without an answer marker;
- `malformed`: a record that does not parse at all (the detail says why).

The doctor reads raw records, so one bad record never hides the findings of the others.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from finprobe.benchmarks.multihop.chains import Chain, level_for_hops, read_records
from finprobe.benchmarks.multihop.hop_gold import hops_from_sidecar, sidecar_entry
from finprobe.benchmarks.multihop.release import (
    ReleaseRecord,
    extract_hop_answers,
    parse_label,
    parse_prompt_id,
)
from finprobe.core.retrieval import detect_language
from finprobe.core.sources import validation_message

__all__ = ["DoctorResult", "Finding", "doctor", "doctor_records", "normalise_question"]


class Finding(BaseModel):
    id: str
    kind: str
    detail: str


class DoctorResult(BaseModel):
    n: int
    findings: list[Finding] = Field(default_factory=list)
    details: dict[str, Any] = Field(default_factory=dict)


def normalise_question(text: str) -> str:
    """A question's text for duplicate detection: NFKC, case-folded, without spaces or punctuation."""
    t = unicodedata.normalize("NFKC", text or "").casefold()
    return re.sub(r"[\W_]+", "", t)


def doctor(source: str | Path, *, sha256: str | None = None) -> DoctorResult:
    """Check a chain file (release format or the family's format). Unreadable files raise DataError."""
    return doctor_records(read_records(source, sha256=sha256))


def doctor_records(records: list[tuple[str, Any]]) -> DoctorResult:
    findings: list[Finding] = []
    questions: dict[str, str] = {}
    ids: dict[str, str] = {}
    release = bool(records) and isinstance(records[0][1], dict) and "prompt_id" in records[0][1]
    counts: dict[str, Any] = {"release_format": release, "hops_extracted": 0, "hops_uncertain": 0, "hops_missing": 0}
    if release:
        counts["hop_gold"] = {"applied": 0, "unsettled": 0, "stale": 0, "absent": 0}
        counts["hop_gold_how"] = {}
    for i, (where, rec) in enumerate(records, start=1):
        rid = str(rec.get("prompt_id" if release else "id", f"record {i}")) if isinstance(rec, dict) else f"record {i}"
        if not isinstance(rec, dict):
            findings.append(Finding(id=rid, kind="malformed", detail=f"{where}: not a JSON object"))
            continue
        question = rec.get("prompt" if release else "question")
        if rid in ids:
            findings.append(Finding(id=rid, kind="duplicate",
                                    detail=f"id {rid!r} is used twice: {ids[rid]} and {where}"))
        else:
            ids[rid] = where
        if isinstance(question, str) and question.strip():
            key = normalise_question(question)
            if key in questions and questions[key] != rid:
                findings.append(Finding(id=rid, kind="duplicate",
                                        detail=f"{questions[key]} and {rid} ask the same question"))
            questions.setdefault(key, rid)
        found = _check_release(rid, where, rec, counts) if release else _check_chain(rid, where, rec)
        findings.extend(found)
    return DoctorResult(n=len(records), findings=findings, details=counts)


def _check_release(rid: str, where: str, rec: dict[str, Any], counts: dict[str, Any]) -> list[Finding]:
    out: list[Finding] = []
    try:
        r = ReleaseRecord.model_validate(rec)
    except ValidationError as exc:
        return [Finding(id=rid, kind="malformed", detail=f"{where}: {validation_message(exc)}")]
    from_id, from_label = parse_prompt_id(r.prompt_id), parse_label(r.label)
    if from_id is None:
        out.append(Finding(id=rid, kind="label_mismatch",
                           detail=f"prompt_id {r.prompt_id!r} does not state level and hops (like L2_3hop_1)"))
    if r.label is None or from_label is None:
        out.append(Finding(id=rid, kind="label_mismatch",
                           detail=f"label {r.label!r} does not state level and hops (like L2_3hop)"))
    elif from_id is not None and from_id != from_label:
        out.append(Finding(id=rid, kind="label_mismatch",
                           detail=f"label {r.label!r} disagrees with prompt_id {r.prompt_id!r}"))
    declared = from_id or from_label
    if declared is None:
        return out
    level, k = declared
    try:
        if level_for_hops(k) != level:
            out.append(Finding(id=rid, kind="label_mismatch",
                               detail=f"{level} with {k} hops: {k} hops are level {level_for_hops(k)}"))
    except ValueError as exc:
        out.append(Finding(id=rid, kind="hop_count_mismatch", detail=str(exc)))
        return out
    if not (r.response_final_reference or "").strip():
        out.append(Finding(id=rid, kind="missing_answer",
                           detail="no final reference answer (response_final_reference)"))
    language = "zh" if detect_language(r.prompt) == "zh" else "en"
    gold, status = hops_from_sidecar(r.prompt_id, r.prompt, language, k)
    counts["hop_gold"][status] += 1
    if gold is not None:
        for h in gold:
            key = (h.how or "?").split(":")[0]
            counts["hop_gold_how"][key] = counts["hop_gold_how"].get(key, 0) + 1
        unsettled = [i + 1 for i, h in enumerate(gold) if not h.answer.strip()]
        if unsettled:
            out.append(Finding(id=rid, kind="hops_unsettled",
                               detail=f"the hop-gold sidecar does not settle hop(s) {', '.join(map(str, unsettled))}"))
        return out
    entry = sidecar_entry(r.prompt_id)
    if entry is not None:
        # a record of the release the sidecar does not fit: the release changed (or the prompt_id is reused)
        out.append(Finding(id=rid, kind="hops_unsettled", detail=(
            f"the hop-gold sidecar's entry for this prompt_id was derived from another prompt text or hop count "
            f"(K={entry.get('K')}): this record's hops fall back to best-effort extraction")))
    hops, flags = extract_hop_answers(r.reference_response, k)
    if "hops_not_found" in flags and k > 1:
        out.append(Finding(id=rid, kind="hops_unextracted",
                           detail=f"no step markers in reference_response: the {k - 1} intermediate answers "
                                  "cannot be extracted"))
        counts["hops_missing"] += k - 1
        return out
    if any(f.startswith("hop_count_mismatch") for f in flags):
        out.append(Finding(id=rid, kind="hop_count_mismatch",
                           detail=f"{len(hops)} steps in reference_response, {k} hops declared"))
    intermediate = hops[: k - 1]
    missing = [i + 1 for i in range(k - 1) if i >= len(intermediate) or intermediate[i].source == "missing"]
    if missing:
        out.append(Finding(id=rid, kind="missing_answer",
                           detail=f"no answer found for hop(s) {', '.join(map(str, missing))}"))
    uncertain = [i + 1 for i, h in enumerate(intermediate) if h.source == "extracted_uncertain"]
    if uncertain:
        out.append(Finding(id=rid, kind="uncertain_extraction",
                           detail=f"hop(s) {', '.join(map(str, uncertain))}: no answer marker, last sentence used"))
    counts["hops_extracted"] += sum(1 for h in intermediate if h.source == "extracted")
    counts["hops_uncertain"] += len(uncertain)
    counts["hops_missing"] += len(missing)
    return out


def _check_chain(rid: str, where: str, rec: dict[str, Any]) -> list[Finding]:
    out: list[Finding] = []
    hops = rec.get("hops")
    if not isinstance(hops, list) or not hops:
        return [Finding(id=rid, kind="malformed", detail=f"{where}: no hops")]
    k = len(hops)
    if rec.get("K") is not None and rec.get("K") != k:
        out.append(Finding(id=rid, kind="hop_count_mismatch", detail=f"K={rec.get('K')} but {k} hops are given"))
    try:
        level = level_for_hops(k)
        if rec.get("level") is not None and rec.get("level") != level:
            out.append(Finding(id=rid, kind="label_mismatch",
                               detail=f"level {rec.get('level')} but {k} hops are {level}"))
    except ValueError as exc:
        out.append(Finding(id=rid, kind="hop_count_mismatch", detail=str(exc)))
    if not str(rec.get("final_answer") or "").strip():
        out.append(Finding(id=rid, kind="missing_answer", detail="no final answer"))
    missing = [i + 1 for i, h in enumerate(hops[:-1])
               if not isinstance(h, dict) or not str(h.get("answer") or "").strip()]
    if missing:
        out.append(Finding(id=rid, kind="missing_answer",
                           detail=f"no answer for hop(s) {', '.join(map(str, missing))}"))
    if not out:
        try:
            Chain.model_validate(rec)
        except ValidationError as exc:
            out.append(Finding(id=rid, kind="malformed", detail=f"{where}: {validation_message(exc)}"))
    return out
