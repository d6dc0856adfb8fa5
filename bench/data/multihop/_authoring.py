"""What the annotators' set-writing scripts share: the demo chains, a hop's reference as the matchers read it,
an agent's turn in each trajectory style, rows for final answers and trajectories, and writing the JSONL.

Each `author_*.py` keeps its own items and labels; its output must stay byte-identical when this module
changes (regenerate and `git diff --exit-code` the .jsonl files).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
CHAINS = ROOT / "src" / "finprobe" / "benchmarks" / "multihop" / "data" / "demo_chains.json"


def demo_chains() -> dict[str, dict[str, Any]]:
    """The bundled demo chains by id, as raw JSON."""
    return {c["id"]: c for c in json.loads(CHAINS.read_text(encoding="utf-8"))}


def reference(hop: dict[str, Any]) -> dict[str, Any]:
    """A hop's gold answer in the form the bench hands to the matchers."""
    return {"answer": hop["answer"], "kind": hop["kind"], "value": hop.get("value"), "unit": hop.get("unit"),
            "aliases": hop.get("aliases") or [], "distractors": hop.get("distractors") or []}


def assistant_turn(style: str, language: str, thought: str, action: dict[str, Any]) -> str:
    """An agent's turn: bare JSON (terse), prose with a fenced JSON action, or ReAct "Thought / Action"."""
    js = json.dumps(action, ensure_ascii=False)
    if style == "terse":
        return js
    if style == "prose":
        return f"{thought}\n\n```json\n{js}\n```" if thought else f"```json\n{js}\n```"
    label = "思考" if language == "zh" else "Thought"
    return f"{label}: {thought}\nAction: {js}" if thought else f"Action: {js}"


def _with_note(row: dict[str, Any], note: str | None) -> dict[str, Any]:
    """A note starting with "unsure:" marks the label unsure; any note is kept."""
    if note:
        if note.startswith("unsure:"):
            row["unsure"] = True
            note = note[len("unsure:"):].strip()
        row["note"] = note
    return row


def final_answer_rows(items: Iterable[tuple[str, int | None, str, str, bool, str | None]], prefix: str,
                      chains: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of final-answer items (chain id, hop number or None for the final hop, kind, answer, label, note)."""
    rows = []
    counter: dict[str, int] = {}
    for chain_id, hop_no, kind, answer, label, note in items:
        chain = chains[chain_id]
        hop = chain["hops"][-1] if hop_no is None else chain["hops"][hop_no - 1]
        counter[chain_id] = counter.get(chain_id, 0) + 1
        question = chain["question"] if hop_no is None else (hop.get("question") or chain["question"])
        rows.append(_with_note({
            "id": f"{prefix}/{chain_id}/{counter[chain_id]}", "kind": kind, "language": chain.get("language", "en"),
            "question": question, "hop": hop_no, "reference": reference(hop), "answer": answer, "label": label,
        }, note))
    return rows


def trajectory_rows(trajectories: Iterable[dict[str, Any]], prefix: str,
                    chains: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (trajectory, intermediate hop). Every tool step is executed on the demo market, so each
    observation is real; a step marked "error" must fail, any other must succeed."""
    from finprobe.benchmarks.multihop import MarketTools, demo_market

    db = demo_market()
    tools = {"en": MarketTools(db, language="en"), "zh": MarketTools(db, language="zh")}
    rows: list[dict[str, Any]] = []
    for traj in trajectories:
        chain = chains[traj["chain"]]
        language = chain.get("language", "en")
        messages: list[dict[str, str]] = []
        for step in traj["steps"]:
            thought, tool, args = step[0], step[1], step[2]
            expect_error = len(step) > 3 and step[3] == "error"
            result = tools[language].execute(tool, args)
            if result.ok == expect_error:
                raise SystemExit(f"{traj['id']}: {tool} {args} -> ok={result.ok}: {result.observation()}")
            messages.append({"role": "assistant",
                             "content": assistant_turn(traj["style"], language, thought, {"action": tool, **args})})
            messages.append({"role": "tool", "content": f"Observation: {result.observation()}"})
        thought, value = traj["answer"]
        messages.append({"role": "assistant", "content": assistant_turn(traj["style"], language, thought,
                                                                        {"action": "answer", "value": value})})
        k = len(chain["hops"])
        if sorted(traj["labels"]) != list(range(1, k)):
            raise SystemExit(f"{traj['id']}: labels must cover hops 1..{k - 1}")
        for hop_no, (label, kind, note) in sorted(traj["labels"].items()):
            hop = chain["hops"][hop_no - 1]
            rows.append(_with_note({
                "id": f"{prefix}/{traj['id']}/{traj['chain']}/hop{hop_no}", "kind": kind, "style": traj["style"],
                "language": language, "question": chain["question"], "hop_index": hop_no, "hop_kind": hop["kind"],
                "reference": reference(hop), "messages": messages, "final_answer": value, "label": label,
            }, note))
    return rows


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def summary(rows: list[dict[str, Any]]) -> str:
    return f"{sum(not r['label'] for r in rows)} negatives, {sum(bool(r.get('unsure')) for r in rows)} unsure"
