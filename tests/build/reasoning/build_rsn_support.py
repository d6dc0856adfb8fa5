"""Helpers for the review-pipeline tests: the bundled (fictional) demo tasks and scripted reviewers.

A scripted reviewer is a `ScriptedModel` whose reply is chosen by the task it is shown: the test's script
maps a task id to the record the reviewer should return (default: a clear answer equal to the reference).
It finds the task from the prompt alone, so a reviewer that was shown anything but the blind prompt (or
the adjudicator's dossier) would not find its task and the test would fail.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from finprobe.benchmarks.reasoning import BENCHMARK
from finprobe.build.reasoning import ModelRole
from finprobe.build.reasoning.roles import blind_prompt
from finprobe.build.reasoning.rules import task_facts
from finprobe.core.calls import RoleBinding
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import Message, Sample

T1 = "DEMO/fictional-northwind-2023.pdf-3"  # operating margin 0.14488 (signed)
T2 = "DEMO/fictional-bluefin-2023.pdf-5"  # total capex of 2022 and 2023 combined: 26350
T3 = "DEMO/fictional-quillmark-2023.pdf-2"  # lowest shares outstanding: 48.2
T4 = "DEMO/fictional-harrow-valley-2023.pdf-2"  # share of revenue from gas: 0.2374


def demo_samples() -> list[Sample]:
    return BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": "none"}))


def reference(task_id: str) -> Any:
    sample = next(s for s in demo_samples() if s.id == task_id)
    return task_facts(sample.data).reference


def clear(value: Any, reason: str = "computed from the table") -> dict[str, Any]:
    return {"answer": value, "verdict": "clear", "readings": [], "reason": reason}


def ambiguous(first: Any, second: Any) -> dict[str, Any]:
    return {"answer": first, "verdict": "ambiguous", "reason": "two readings",
            "readings": [{"reading": "one sum", "answer": first}, {"reading": "one value per year", "answer": second}]}


def missing() -> dict[str, Any]:
    return {"answer": None, "verdict": "missing_data", "readings": [], "reason": "the excerpt lacks the figure"}


class Reviewer:
    """A scripted reviewer role: `script[task id]` is the reply object (or a raw string); every other task
    gets a clear reference answer. `seen` lists the prompts it was shown."""

    def __init__(self, name: str, script: dict[str, Any] | None = None, *, dossier: bool = False):
        self.samples = {s.id: s for s in demo_samples()}
        self.by_prompt = {blind_prompt(s.data): s.id for s in self.samples.values()}
        self.script = script or {}
        self.dossier = dossier
        self.seen: list[list[Message]] = []
        self.model = ScriptedModel(self._reply, model=f"scripted-{name}")
        self.role = ModelRole(RoleBinding(name=name, spec=f"scripted:{name}", backend=self.model))

    def task_of(self, messages: list[Message]) -> str:
        user = messages[1].content
        if self.dossier:
            user = user.split("\n\nFinQA program: ", 1)[0]
        return self.by_prompt[user]

    def _reply(self, messages: list[Message], config: Any) -> str | Exception:
        self.seen.append(messages)
        task = self.task_of(messages)
        reply = self.script.get(task)
        if callable(reply):
            reply = reply(len([m for m in self.seen if self.task_of(m) == task]))
        if reply is None:
            reply = clear(task_facts(self.samples[task].data).reference)
        if isinstance(reply, (str, Exception)):
            return reply  # an exception is raised by the scripted backend
        return json.dumps(reply)


def adjudicator(script: dict[str, dict[str, Any]]) -> Reviewer:
    """A scripted adjudicator: `script[task]` is its decision; unscripted tasks are kept."""
    full = {k: {"readings": [], **v} for k, v in script.items()}
    r = Reviewer("adjudicator", dossier=True)
    r.script = {t: full.get(t, {"kinds": [], "reason": "kept: the reference is right"})
                for t in r.samples}
    return r


Reply = Callable[[int], Any]
