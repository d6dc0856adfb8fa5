"""Helpers of the AmbigQA (general-domain) tests: light-format records, runs of the family on them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from finprobe.benchmarks.ambiguity import BENCHMARK
from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance, Reading, demo_ambigqa_path, load_ambigqa
from finprobe.benchmarks.ambiguity.text_grading import grade_text_answer
from finprobe.core.runner import Runner, RunResult
from finprobe.core.schema import Message, RoleConfig, RunConfig

REPO = Path(__file__).resolve().parents[3]
SHARED_TRAIN = REPO.parent / "shared" / "data" / "ambigqa" / "train_light.json"
DEMO_AQ: dict[str, AmbigQAInstance] = {i.instance_id: i for i in load_ambigqa(demo_ambigqa_path())[0]}
BY_QUESTION_AQ: dict[str, AmbigQAInstance] = {i.question: i for i in DEMO_AQ.values()}


def mq(*pairs: tuple[str, list[str]]) -> dict:
    return {"type": "multipleQAs", "qaPairs": [{"question": q, "answer": a} for q, a in pairs]}


def sa(*answers: str) -> dict:
    return {"type": "singleAnswer", "answer": list(answers)}


def write_light(path: Path, records: list[dict]) -> Path:
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def instance_for(messages: list[Message]) -> AmbigQAInstance:
    """The demo instance of a conversation (its task prompt's first line is the question)."""
    return BY_QUESTION_AQ[messages[1].content.split("\n")[0].removeprefix("Question: ")]


async def run_aq(tmp: Path, *, agent: str = "scripted", mode: str | None = None, backend: Any = None,
                 options: dict[str, Any] | None = None, data: str | None = None, limit: int | None = None,
                 seed: int = 0, roles: dict[str, str] | None = None, backends: dict[str, Any] | None = None
                 ) -> RunResult:
    role_cfg = {"agent": RoleConfig(spec=agent), **{r: RoleConfig(spec=s) for r, s in (roles or {}).items()}}
    injected = dict(backends or {})
    if backend is not None:
        injected["agent"] = backend
    cfg = RunConfig(benchmark="ambiguity", mode=mode, roles=role_cfg, options={"source": "ambigqa", **(options or {})},
                    data=data, limit=limit, seed=seed, concurrency=4)
    return await Runner(cfg, tmp, benchmark=BENCHMARK, progress=False, backends=injected).run()


def reading_instance(*readings: tuple[str, list[str]], target: int, question: str) -> AmbigQAInstance:
    """An AmbigQA instance from (reading question, answers) pairs."""
    return AmbigQAInstance(instance_id="t", question=question, target=target,
                           readings=[Reading(question=q, answers=a) for q, a in readings])


def verdict(i: AmbigQAInstance, answer: str) -> str:
    """The text grader's verdict in the labelled sets' vocabulary."""
    g = grade_text_answer(i, answer)
    return ("hedge" if g.hedge else "intended" if g.correct else "default_capture" if g.default_captured
            else "non_committal" if g.non_committal else "wrong")
