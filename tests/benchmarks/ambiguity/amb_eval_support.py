"""Helpers shared by the ambiguity evaluation tests: running the demo with policies or scripted agents."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from finprobe.benchmarks.ambiguity import BENCHMARK
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance, demo_instances_path, load_instances
from finprobe.core.agent import action_text
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.runner import Runner, RunResult
from finprobe.core.schema import Message, RoleConfig, RunConfig
from finprobe.core.store import RunStore

DEMO: dict[str, AmbiguityInstance] = {i.instance_id: i for i in load_instances(demo_instances_path())}
BY_QUESTION: dict[str, AmbiguityInstance] = {i.question: i for i in DEMO.values()}


def question_of(messages: list[Message]) -> str:
    """The user question of a conversation (the task prompt's first line)."""
    return messages[1].content.split("\n")[0].removeprefix("Question: ")


def instance_of(messages: list[Message], table: dict[str, AmbiguityInstance] | None = None) -> AmbiguityInstance:
    return (table or BY_QUESTION)[question_of(messages)]


def last_observation(messages: list[Message]) -> str:
    return messages[-1].content if messages[-1].role == "user" else ""


def agent_actions(messages: list[Message]) -> list[str]:
    """Names of the actions the agent already wrote (parsed loosely from its JSON replies)."""
    out = []
    for m in messages[2:]:
        if m.role == "assistant":
            try:
                out.append(json.loads(m.content).get("action"))
            except json.JSONDecodeError:
                out.append(None)
    return out


def scripted(fn: Callable[[list[Message]], str]) -> ScriptedModel:
    return ScriptedModel(lambda messages, config: fn(messages))


async def run(tmp: Path, *, mode: str | None = None, agent: str = "scripted", backend: Any = None,
              roles: dict[str, str] | None = None, backends: dict[str, Any] | None = None,
              options: dict[str, Any] | None = None, data: str | None = None, limit: int | None = None
              ) -> RunResult:
    role_cfg = {"agent": RoleConfig(spec=agent)}
    for role, spec in (roles or {}).items():
        role_cfg[role] = RoleConfig(spec=spec)
    injected = dict(backends or {})
    if backend is not None:
        injected["agent"] = backend
    cfg = RunConfig(benchmark="ambiguity", mode=mode, roles=role_cfg, options=options or {}, data=data,
                    limit=limit, concurrency=4)
    return await Runner(cfg, tmp, benchmark=BENCHMARK, progress=False, backends=injected).run()


def records(path: Path) -> dict:
    return RunStore(path).load_records()


def answer(value: str, confidence: int | None = 90) -> str:
    if confidence is None:
        return action_text("answer", value=value)
    return action_text("answer", value=value, confidence=confidence)


def fictional_instance(iid: str, lang: str, company: str, context: str, intended: dict[str, str], default: dict[str, str],
          attrs: list[str], axes: list[str], **extra: Any) -> AmbiguityInstance:
    """A fictional instance for rule tests: only C, the interpretations and the attributes matter."""
    return AmbiguityInstance.model_validate({
        "instance_id": iid, "language": lang, "company": company, "ticker": extra.get("ticker", "TEST-FICT"),
        "question": extra.get("question", "?"), "context": context, "answer": "1.0", "default_answer": "2.0",
        "intended_interpretation": intended, "default_interpretation": default, "distinctive_attributes": attrs,
        "axes": axes, "n_axes": len(axes), "h0": 1.0,
    })
