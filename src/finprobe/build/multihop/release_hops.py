"""The hop gold of the FinHopper release: one gold answer per sub-question of every chain, EN and ZH, written
as the sidecar the multihop family loads with the release (`benchmarks/multihop/data/finhopper_hops.json`).

How each hop is settled (recorded in its `how`):
- `rule:<name>`: the deterministic rules of `release_rules` read the same answer from **both** languages of the
  chain (the same date; the candidate at the same position of the sub-question's list) — two independent texts
  agreeing; a review entry that gives the same answer confirms it and leaves `how` as it is;
- `reviewed`: read by hand from `prompt` and `reference_response` (both languages) and recorded with a note in
  the review file (`build/multihop/data/finhopper_hops_review.yaml`); a review entry always wins over the rules;
- `release_final`: the last hop when neither settles it: the release's own `response_final_reference`, whole.
A hop neither settles is written with an empty answer and listed in `unsettled` (the doctor reports it).

Each hop carries what the family's matcher and process detector use: the answer (and its parts, for "which two
…" or a ranking; `ordered` for a ranking), the other ways the release writes it (`aliases`: the prompt's and
the reference response's translations of a name differ), the other candidates of the sub-question
(`distractors`), its kind and, for dates, the ISO value. The sidecar is keyed by `prompt_id` and records the
SHA-256 of each prompt, so a changed release is noticed rather than mis-scored.

Rebuild (and check that the shipped file is current) with

    python -m finprobe.build.multihop.release_hops ../shared/data/finhopper            # writes the sidecar
    python -m finprobe.build.multihop.release_hops ../shared/data/finhopper --check    # exit 1 if it differs
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from rapidfuzz import fuzz

from finprobe.benchmarks.multihop.matching import says_none_qualifies
from finprobe.benchmarks.multihop.periods import find_time_mentions
from finprobe.benchmarks.multihop.release import infer_kind
from finprobe.build.multihop.release_rules import (
    HopDraft,
    Lang,
    en_key,
    en_short_forms,
    en_spellings,
    expected_count,
    extract_answers,
    final_reference_parts,
    split_scoring_note,
    split_subquestions,
)

__all__ = ["REVIEW_PATH", "SIDECAR_VERSION", "build_sidecar", "main", "prompt_digest", "read_review"]

SIDECAR_VERSION = "1"
REVIEW_PATH = Path(str(resources.files("finprobe.build.multihop") / "data" / "finhopper_hops_review.yaml"))
LANGS: tuple[Lang, Lang] = ("en", "zh")
_K_RE = re.compile(r"^L\d_(\d)hop")


def prompt_digest(prompt: str) -> str:
    """SHA-256 of a prompt's text (UTF-8), as the sidecar records it."""
    return hashlib.sha256(prompt.encode("utf-8")).hexdigest()


class _StrictLoader(yaml.SafeLoader):
    """A YAML loader that refuses a key given twice in one mapping (a second review entry would silently
    replace the first)."""


def _mapping_without_repeats(loader: _StrictLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        if key in seen:
            raise ValueError(f"{key_node.start_mark}: {key!r} is given twice")
        seen.add(key)
    return loader.construct_mapping(node)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_repeats)


def read_review(path: Path = REVIEW_PATH) -> dict[str, Any]:
    """The hand review: {prompt_id: {"split": {lang: [...]}, "hops": {n: {...}}, "note": ...}}."""
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_StrictLoader) if path.is_file() else None  # noqa: S506
    return dict((data or {}).get("chains") or {})


def _k_of(prompt_id: str) -> int:
    m = _K_RE.match(prompt_id)
    if m is None:
        raise ValueError(f"prompt_id {prompt_id!r} does not state its hop count")
    return int(m.group(1))


def _as_parts(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if value.strip() else []
    return [str(v) for v in value if str(v).strip()]


def _dates(parts: list[str]) -> list[str] | None:
    out = []
    for p in parts:
        ds = [m.value for m in find_time_mentions(p) if m.kind == "date" and not m.value.startswith("--")]
        if len(ds) != 1:
            return None
        out.append(ds[0])
    return out or None


def _candidate_index(part: str, candidates: list[str], lang: Lang) -> int | None:
    if part in candidates:
        return candidates.index(part)
    if lang == "zh" or not candidates:
        return None
    scores = [fuzz.ratio(en_key(part), en_key(c)) for c in candidates]
    best = max(range(len(candidates)), key=lambda i: scores[i])
    return best if scores[best] >= 85 and sorted(scores)[-2:][0] < scores[best] else None


def _language_hop(draft: HopDraft, parts: list[str], lang: Lang, texts: str,
                  extra: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """One language's view of a hop: question, answer, parts with aliases (`extra`: reviewed aliases by part),
    distractors."""
    cands = draft.candidates if draft.choice == "entity" else []
    indices = [_candidate_index(p, cands, lang) for p in parts]
    if cands and draft.indices and len(draft.indices) == len(parts) and any(i is None for i in indices):
        indices = [i if i is not None else draft.indices[n] for n, i in enumerate(indices)]

    def names_for(i: int | None, written: str) -> list[str]:
        names = [written, *(extra or {}).get(written, [])]
        if i is not None:
            names.append(cands[i])
            if lang == "en":
                names += en_spellings(cands[i], texts, cands) + en_short_forms(cands[i], texts, cands)
        if lang == "en" and cands:
            names += en_spellings(written, texts, [c for j, c in enumerate(cands) if j != i])
        if lang == "en":
            names += en_short_forms(written, texts, [c for j, c in enumerate(cands) if j != i])
        out: list[str] = []
        for n in names:
            if n and n not in out:
                out.append(n)
        return out

    part_names = [names_for(i, p) for i, p in zip(indices, parts, strict=True)]
    chosen = {i for i in indices if i is not None}
    distractors = []
    for j, c in enumerate(cands):
        if j in chosen:
            continue
        names = [c] + (en_spellings(c, texts, cands) if lang == "en" else [])
        distractors.append(names)
    sep = "; " if lang == "en" else "；"
    out: dict[str, Any] = {"question": draft.question, "answer": sep.join(parts)}
    if len(parts) > 1:
        out["parts"] = [{"answer": n[0], "aliases": n[1:]} for n in part_names]
    elif part_names:
        out["aliases"] = part_names[0][1:]
    if distractors:
        out["distractors"] = distractors
    return out


def _agree(e: HopDraft, z: HopDraft) -> bool:
    if not (e.rule and z.rule and e.parts and z.parts):
        return False
    if e.values or z.values:
        return e.values == z.values
    return e.indices == z.indices and len(e.candidates) == len(z.candidates)


def _chain_entry(pid: str, recs: dict[Lang, dict[str, Any]], review: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    k = _k_of(pid)
    problems: list[str] = []
    split = review.get("split") or {}
    drafts: dict[Lang, list[HopDraft]] = {}
    for lang in LANGS:
        rec = recs[lang]
        qs = split.get(lang) or split_subquestions(rec["prompt"], lang, k)
        if qs is None or len(qs) != k:
            problems.append(f"{lang}: the prompt's sub-questions could not be split into {k}")
            qs = [rec["prompt"]] + [""] * (k - 1) if qs is None or len(qs) != k else qs
        drafts[lang] = extract_answers(list(qs), rec.get("reference_response") or "", lang,
                                       final_reference=rec.get("response_final_reference") or "")
    reviewed_hops = {int(n): v for n, v in (review.get("hops") or {}).items()}
    final_note: str | None = None
    hops: list[dict[str, Any]] = []
    unsettled: list[int] = []
    for t in range(k):
        e, z = drafts["en"][t], drafts["zh"][t]
        rv: dict[str, Any] | None = reviewed_hops.get(t + 1)
        parts: dict[Lang, list[str]]
        if rv is not None:
            parts = {lang: _as_parts(rv.get(lang)) for lang in LANGS}
            rule_parts: dict[Lang, list[str]] = {"en": e.parts, "zh": z.parts}
            how = (f"rule:{z.rule}" if _agree(e, z) and _same(parts, rule_parts) else "reviewed")
        elif _agree(e, z):
            parts, how = {"en": list(e.parts), "zh": list(z.parts)}, f"rule:{z.rule}"
        elif t == k - 1:
            parts, how, final_note = _final_parts(recs, e, z)
        else:
            parts, how = {"en": [], "zh": []}, "unsettled"
            unsettled.append(t + 1)
        kind = (rv or {}).get("kind") or _kind_of(e, z, parts)
        entry: dict[str, Any] = {"n": t + 1, "kind": kind, "how": how}
        values = _dates(parts["zh"]) or _dates(parts["en"]) if kind == "date" else None
        if values:
            entry["value"] = values if len(values) > 1 else values[0]
        n_cands = len(z.candidates) if z.candidates else len(e.candidates)
        if rv is not None and rv.get("ordered") is not None:
            entry["ordered"] = bool(rv["ordered"])
        elif len(parts["zh"]) > 1 and expected_count(z.question, "zh", n_cands) == n_cands and n_cands > 2:
            entry["ordered"] = True
        texts = {lang: "\n".join(str(recs[lang].get(f) or "") for f in ("prompt", "reference_response",
                                                                         "response_final_reference"))
                 for lang in LANGS}
        for lang in LANGS:
            d = drafts[lang][t]
            extra = _reviewed_aliases((rv or {}).get("aliases"), lang, parts[lang])
            entry[lang] = _language_hop(d, parts[lang], lang, texts[lang], extra)
        alternatives = [_alternative(a) for a in _as_list((rv or {}).get("also"))]
        if alternatives:
            entry["alternatives"] = alternatives
        for lang in LANGS:
            owner = _as_parts(((rv or {}).get("owner") or {}).get(lang))
            if owner:
                entry[lang]["owner"] = owner
            label = _as_parts(((rv or {}).get("figure_label") or {}).get(lang))
            if label:
                entry[lang]["figure_label"] = label
            rivals = [_as_parts(r) for r in (((rv or {}).get("rivals") or {}).get(lang) or [])]
            if rivals:
                entry[lang]["distractors"] = rivals
        if rv is not None and rv.get("note"):
            entry["note"] = str(rv["note"])
        elif t == k - 1 and rv is None and how == "release_final" and final_note:
            entry["note"] = final_note
        hops.append(entry)
    _rivals_from_previous(hops)
    chain: dict[str, Any] = {"K": k, "prompt_sha256": {lang: prompt_digest(recs[lang]["prompt"]) for lang in LANGS},
                             "hops": hops}
    if unsettled:
        chain["unsettled"] = unsettled
    if review.get("note"):
        chain["note"] = str(review["note"])
    return chain, problems


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def _alternative(spec: dict[str, Any]) -> dict[str, Any]:
    """Another answer a reviewed hop accepts (`also:` in the review): its kind and per-language answer."""
    out: dict[str, Any] = {"kind": str(spec.get("kind") or "text")}
    for lang in LANGS:
        parts = _as_parts(spec.get(lang))
        out[lang] = {"answer": parts[0] if parts else "", "aliases": parts[1:]}
    if out["kind"] == "date":
        values = _dates([out["zh"]["answer"]]) or _dates([out["en"]["answer"]])
        if values:
            out["value"] = values[0]
    return out


def _reviewed_aliases(value: Any, lang: Lang, parts: list[str]) -> dict[str, list[str]]:
    """Reviewed aliases of a hop's answer in one language: `{en: [...]}` for a one-part answer, or
    `{en: {part: [...]}}` by part."""
    got = (value or {}).get(lang)
    if not got:
        return {}
    if isinstance(got, dict):
        unknown = [p for p in got if p not in parts]
        if unknown:
            raise ValueError(f"aliases for {unknown} name no part of the answer {parts}")
        return {str(p): _as_parts(a) for p, a in got.items()}
    if len(parts) != 1:
        raise ValueError(f"a plain alias list needs a one-part answer, not {parts}")
    return {parts[0]: _as_parts(got)}


def _final_parts(recs: dict[Lang, dict[str, Any]], e: HopDraft, z: HopDraft) -> tuple[dict[Lang, list[str]], str, str | None]:
    """The last hop from the release's own short final answer (`response_final_reference`), without its
    grading note: split into parts where both languages name the same candidates or the same dates, else whole."""
    answers: dict[Lang, str] = {}
    notes: list[str] = []
    for lang in LANGS:
        answers[lang], note = split_scoring_note(str(recs[lang].get("response_final_reference") or ""))
        if note:
            notes.append(note)
    pe, ie, ve = final_reference_parts(answers["en"], e, "en")
    pz, iz, vz = final_reference_parts(answers["zh"], z, "zh")
    note = f"the release's grading note: {notes[0]}" if notes else None
    if ve and ve == vz and len(ve) >= 2:
        e.values, z.values = ve, vz
        return {"en": pe, "zh": pz}, "release_final", note
    if iz and len(e.candidates) == len(z.candidates):
        # The Chinese final answer names candidates exactly; the English one may translate them afresh
        # ("Hatou Co., Ltd." for the prompt's "HTO Securities"): the English candidates at the same positions.
        e.indices, z.indices = list(iz), list(iz)
        if ie == iz:
            return {"en": pe, "zh": pz}, "release_final", note
        if len(iz) == 1:
            return {"en": [answers["en"]], "zh": pz}, "release_final", note
        listed = [x.strip() for x in re.split(r",\s*(?:and\s+)?|;\s*|\s+and\s+", answers["en"]) if x.strip()]
        if len(listed) == len(iz):  # the English final lists its own translations, in the Chinese order
            return {"en": listed, "zh": pz}, "release_final", note
        return {"en": [e.candidates[i] for i in iz], "zh": pz}, "release_final", note
    return {lang: [answers[lang]] for lang in LANGS}, "release_final", note


def _rivals_from_previous(hops: list[dict[str, Any]]) -> None:
    """A hop that chooses among the previous hop's answer ("of those two funds, which …") has the previous hop's
    other parts as its rival candidates (its own sub-question names none)."""
    for prev, hop in zip(hops, hops[1:], strict=False):
        values: list[Any] | None = prev["value"] if isinstance(prev.get("value"), list) else None
        mine_values: list[Any] = hop["value"] if isinstance(hop.get("value"), list) else [hop.get("value")]
        for lang in LANGS:
            pv, hv = prev[lang], hop[lang]
            prev_parts = pv.get("parts") or []
            if len(prev_parts) < 2 or hv.get("distractors"):
                continue
            mine = [p["answer"] for p in hv.get("parts") or []] or [hv["answer"]]
            names = [[p["answer"], *p.get("aliases", [])] for p in prev_parts]
            if values is not None and len(values) == len(prev_parts) and None not in mine_values:
                chosen = [values[i] in mine_values for i in range(len(prev_parts))]  # a date or figure by value
            else:
                chosen = [any(m in n for m in mine) for n in names]
            if sum(chosen) != len(mine):
                continue
            rivals = [n for n, c in zip(names, chosen, strict=True) if not c]
            if rivals:
                hv["distractors"] = rivals


def _same(a: dict[Lang, list[str]], b: dict[Lang, list[str]]) -> bool:
    return all([p.strip() for p in a[lang]] == [p.strip() for p in b[lang]] for lang in LANGS)


def _kind_of(e: HopDraft, z: HopDraft, parts: dict[Lang, list[str]]) -> str:
    if any(len(parts[lang]) == 1 and says_none_qualifies(parts[lang][0]) for lang in LANGS):
        return "none"
    if z.choice == "entity" or e.choice == "entity":
        if z.parts or e.parts:
            return "entity"
    if z.values or e.values:
        return "date"
    sample = (parts["zh"] or parts["en"] or [""])[0]
    kind = infer_kind(sample)
    return "entity" if kind == "text" and (z.choice == "entity" or e.choice == "entity") else kind


def build_sidecar(release_dir: Path, review: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(sidecar, report) from the release folder (`benchmark_en.json`, `benchmark_zh.json`) and the review."""
    review = read_review() if review is None else review
    files = {lang: release_dir / f"benchmark_{lang}.json" for lang in LANGS}
    records = {lang: {r["prompt_id"]: r for r in json.loads(p.read_text(encoding="utf-8"))} for lang, p in files.items()}
    if set(records["en"]) != set(records["zh"]):
        raise ValueError("the English and Chinese files hold different prompt_ids")
    chains: dict[str, Any] = {}
    problems: dict[str, list[str]] = {}
    unknown = sorted(set(review) - set(records["en"]))
    for pid in sorted(records["en"], key=_order):
        entry, probs = _chain_entry(pid, {lang: records[lang][pid] for lang in LANGS}, review.get(pid) or {})
        chains[pid] = entry
        if probs:
            problems[pid] = probs
    hows: dict[str, int] = {}
    for c in chains.values():
        for h in c["hops"]:
            key = f"{'final' if h['n'] == c['K'] else 'intermediate'} {h['how'].split(':')[0]}"
            hows[key] = hows.get(key, 0) + 1
    sidecar = {
        "about": ("Gold answers of every hop of the FinHopper release (Wu et al., 2026), EN and ZH, derived by "
                  "finprobe from each record's prompt and reference_response; see finprobe.build.multihop."
                  "release_hops for how each hop was settled ('how')."),
        "version": SIDECAR_VERSION,
        "release": {f"benchmark_{lang}.json": hashlib.sha256(files[lang].read_bytes()).hexdigest() for lang in LANGS},
        "chains": chains,
    }
    report = {"chains": len(chains), "hops": sum(c["K"] for c in chains.values()), "how": dict(sorted(hows.items())),
              "unsettled": {pid: c["unsettled"] for pid, c in chains.items() if c.get("unsettled")},
              "problems": problems, "review_entries_without_chain": unknown}
    return sidecar, report


def _order(pid: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", pid))


def sidecar_path() -> Path:
    return Path(str(resources.files("finprobe.benchmarks.multihop") / "data" / "finhopper_hops.json"))


def render(sidecar: dict[str, Any]) -> str:
    """The sidecar as JSON with one line per hop (compact, and a change to a hop is a one-line diff)."""
    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    head = {k: v for k, v in sidecar.items() if k != "chains"}
    lines = ["{"] + [f" {one(k)}:{one(v)}," for k, v in head.items()] + [' "chains":{']
    chains = list(sidecar.get("chains", {}).items())
    for i, (pid, entry) in enumerate(chains):
        rest = {k: v for k, v in entry.items() if k != "hops"}
        lines.append(f"  {one(pid)}:{{" + "".join(f"{one(k)}:{one(v)}," for k, v in rest.items()) + '"hops":[')
        hops = entry.get("hops", [])
        lines += [f"   {one(h)}{',' if j < len(hops) - 1 else ''}" for j, h in enumerate(hops)]
        lines.append("  ]}" + ("," if i < len(chains) - 1 else ""))
    lines += [" }", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m finprobe.build.multihop.release_hops", description=__doc__.split("\n")[0])
    ap.add_argument("release", type=Path, help="the release folder (benchmark_en.json, benchmark_zh.json)")
    ap.add_argument("--review", type=Path, default=REVIEW_PATH, help="the hand review (YAML)")
    ap.add_argument("--out", type=Path, default=None, help="where to write the sidecar (default: the shipped one)")
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 when the sidecar would change")
    args = ap.parse_args(argv)
    sidecar, report = build_sidecar(args.release, read_review(args.review))
    out = args.out or sidecar_path()
    text = render(sidecar)
    print(json.dumps(report, ensure_ascii=False, indent=1))
    if args.check:
        current = out.read_text(encoding="utf-8") if out.is_file() else ""
        if current != text:
            print(f"{out} is not current: rebuild it", file=sys.stderr)
            return 1
        return 0
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
