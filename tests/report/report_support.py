"""Helpers of the report tests: stored runs made by the real runner and store (scripted models,
baseline policies), the script payloads, and the switch that turns a missing optional tool into a
failure in CI. (Fixtures are in conftest.py; this module has a unique name so tests can import it.)"""

from __future__ import annotations

import importlib
import json
import os
from pathlib import Path

import pytest

from finprobe.benchmarks.reasoning import demo_path
from finprobe.benchmarks.reasoning.loader import load_finqa, to_sample
from finprobe.benchmarks.reasoning.policies import reference_reply
from finprobe.core.aio import run_async
from finprobe.core.families import load_family
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.runner import Runner
from finprobe.core.schema import RoleConfig, RunConfig

#: text that would run script if a report ever put data into the page as HTML
PAYLOADS = [
    "<script>document.title='pwned-1';window.__pwned=1</script>",
    "<img src=x onerror=\"document.title='pwned-2';window.__pwned=2\">",
    "</script><script>window.__pwned=3</script>",
    "<svg onload=\"window.__pwned=4\"></svg>",
    "<iframe srcdoc=\"<script>parent.__pwned=5</script>\"></iframe>",
]
PAYLOAD_TEXT = " ".join(PAYLOADS)


def require_extra(module: str):
    """Import an optional dependency; skip without it locally, fail in CI (FINPROBE_REQUIRE_EXTRAS=1)."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if os.environ.get("FINPROBE_REQUIRE_EXTRAS"):
            raise
        pytest.skip(f"{module} is not installed ({exc}); dev/setup.sh installs it")


def demo_samples():
    return [to_sample(r) for r in load_finqa(demo_path())]


def reasoning_run(out: Path, reply_for: dict[str, str | Exception] | None = None, *, default: str = "ANSWER: -999999",
                  limit: int | None = 8, epochs: int = 1, data: str | None = None, seed: int = 0) -> Path:
    """A reasoning run whose agent replies per sample (matched by the sample's question in the prompt)."""
    samples = demo_samples()
    by_question = {s.data["qa"]["question"]: s.id for s in samples}
    replies = reply_for or {}

    def reply(messages, config):
        text = messages[-1].content
        sid = next((i for q, i in by_question.items() if q in text), None)
        value = replies.get(sid, default) if sid is not None else default
        return value

    cfg = RunConfig(benchmark="reasoning", data=data, limit=limit, epochs=epochs, seed=seed,
                    roles={"agent": RoleConfig(spec="scripted")}, sample_retries=0)
    run_async(Runner(cfg, out, benchmark=load_family("reasoning"), progress=False,
                     backends={"agent": ScriptedModel(reply)}).run())
    return out


def right(sid: str) -> str:
    return reference_reply(next(s for s in demo_samples() if s.id == sid))


def policy_run(out: Path, benchmark: str, policy: str, *, limit: int | None = None, epochs: int = 1) -> Path:
    cfg = RunConfig(benchmark=benchmark, limit=limit, epochs=epochs, roles={"agent": RoleConfig(spec=policy)})
    run_async(Runner(cfg, out, benchmark=load_family(benchmark), progress=False).run())
    return out




def page_data(html: str) -> dict:
    """The JSON data block of a report page."""
    start = html.index('<script type="application/json" id="fp-data">') + len('<script type="application/json" id="fp-data">')
    return json.loads(html[start: html.index("</script>", start)])
