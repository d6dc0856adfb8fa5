"""The demo build: the whole pipeline on bundled, visibly fictional passages with scripted model roles.

Inputs (`data/`): `demo_passages.jsonl` (EN and ZH passages of fictional companies, with candidate values)
and `demo_companyfacts.json` (a fictional company in SEC companyfacts layout, run through the XBRL
importer). The constructor and the two verifier roles (`demo-verifier-a`, `demo-verifier-b`, 5 trials each,
as in the paper's GPT-5 / GPT-5-mini split) are `ScriptedModel`s replying from `demo_script.json`; they see
exactly the prompts real models would see and pick their reply from them (the passage id and category in
the constructor prompt, the question in the verifier prompt). The script is written so that every step
rejects something: a declined and an unparseable construction, failed checks in EN and ZH, a doctor
finding, a verifier leak next to lucky guesses, a duplicate question at admission, and quota scheduling.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from importlib import resources
from pathlib import Path
from typing import Any

from finprobe.build.ambiguity.constructor import CONSTRUCTOR_SCHEMA
from finprobe.build.ambiguity.passages import Candidate, CandidatePassage, candidates_from_passages, load_passages
from finprobe.build.ambiguity.pipeline import RoleBinding
from finprobe.build.ambiguity.xbrl import import_company_facts
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import GenerateConfig, Message

__all__ = ["DEMO_SHARES", "DEMO_TARGET", "DemoScript", "demo_candidates", "demo_companyfacts_path", "demo_passages",
           "demo_passages_path", "demo_roles", "demo_script_path"]

#: the demo's target and category shares: temporal_scope's small share (quota 0.96 of 12) makes the hard
#: exclusion at 2 x quota skip its third and fourth candidates, and the pool runs out at 11 accepted of the
#: 12 asked for, so every step's rejections show in the funnel
DEMO_TARGET = 12
DEMO_SHARES = {"entity_scope": 0.3, "metric_definition": 0.3, "temporal_scope": 0.08, "recognition_policy": 0.17,
               "filing_vintage": 0.15}
DEMO_TICKER = "EXI-DEMO"


def _data(name: str) -> Path:
    return Path(str(resources.files("finprobe.build.ambiguity") / "data" / name))


def demo_passages_path() -> Path:
    return _data("demo_passages.jsonl")


def demo_companyfacts_path() -> Path:
    return _data("demo_companyfacts.json")


def demo_script_path() -> Path:
    return _data("demo_script.json")


def demo_passages() -> list[CandidatePassage]:
    """The bundled passages plus those the XBRL importer makes from the bundled companyfacts file."""
    return [*load_passages(demo_passages_path()), *import_company_facts(demo_companyfacts_path(), ticker=DEMO_TICKER)]


def demo_candidates() -> list[Candidate]:
    return candidates_from_passages(demo_passages())


_EMPTY_READING = {f: "" for f in ("entity", "period", "metric", "basis", "vintage")}
_PASSAGE = re.compile(r"^Passage \(([^)]+)\):", re.M)
_CATEGORY = re.compile(r"^Primary category \(mandatory\): (\w+)", re.M)
_VALUE = re.compile(r"^Candidate value \(the intended answer A\): (.+)$", re.M)


class DemoScript:
    """Scripted replies for the demo roles, looked up from the prompts."""

    def __init__(self, path: Path | None = None):
        doc = json.loads((path or demo_script_path()).read_text(encoding="utf-8"))
        self.constructor: dict[tuple[str, str, str], Any] = {}
        self.verifier: dict[str, list[dict[str, Any]]] = {}
        for entry in doc["script"]:
            reply = entry["reply"]
            self.constructor[(entry["passage_id"], entry["category"], entry.get("value", ""))] = reply
            if isinstance(reply, dict) and reply.get("viable"):
                plan: list[str] = []
                for step in entry["verifier"]:
                    plan += [step["reading"]] * int(step["times"])
                self.verifier[reply["question"].strip()] = [{"plan": plan, "instance": reply}]
        self._calls: dict[str, int] = defaultdict(int)

    def construct(self, messages: list[Message], config: GenerateConfig) -> str:
        text = "\n".join(m.content for m in messages if m.role == "user")
        pid, cat, value = _PASSAGE.search(text), _CATEGORY.search(text), _VALUE.search(text)
        if pid is None or cat is None:
            return "I need a passage and a category."
        reply = self.constructor.get((pid.group(1), cat.group(1), value.group(1).strip() if value else ""))
        if reply is None:
            reply = {key: ("" if spec.get("type") == "string" else [] if spec.get("type") == "array" else None)
                     for key, spec in CONSTRUCTOR_SCHEMA["properties"].items()}
            reply.update(viable=False, k_readings=2, intended_interpretation=dict(_EMPTY_READING),
                         default_interpretation=dict(_EMPTY_READING),
                         reason="the demo constructor has no scripted instance for this passage and category")
        return reply if isinstance(reply, str) else json.dumps(reply, ensure_ascii=False)

    def verify(self, messages: list[Message], config: GenerateConfig) -> str:
        question = next((m.content for m in messages if m.role == "user"), "").strip()
        entries = self.verifier.get(question)
        if not entries:
            return json.dumps({"answer": "I don't know", "interpretation": dict(_EMPTY_READING)})
        plan, inst = entries[0]["plan"], entries[0]["instance"]
        i = self._calls[question]
        self._calls[question] += 1
        reading = plan[i] if i < len(plan) else "default"
        if reading == "prose":
            return "I'm not sure which figure you mean; it depends on the filing."
        answer = inst["answer"] if reading in ("intended", "lucky") else inst["default_answer"]
        interp = inst["intended_interpretation"] if reading == "intended" else inst["default_interpretation"]
        return json.dumps({"answer": answer, "interpretation": interp}, ensure_ascii=False)


def demo_roles(script: DemoScript | None = None) -> tuple[RoleBinding, list[RoleBinding]]:
    """The demo's constructor and its two verifier roles (5 trials each), all scripted."""
    script = script or DemoScript()
    constructor = RoleBinding(name="constructor", spec="demo",
                              backend=ScriptedModel(script.construct, model="demo-constructor"))
    verifiers = [RoleBinding(name=name, spec="demo", backend=ScriptedModel(script.verify, model=f"demo-{name}"),
                             generate=GenerateConfig(temperature=1.0), trials=5)
                 for name in ("verifier-a", "verifier-b")]
    return constructor, verifiers
