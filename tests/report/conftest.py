"""Fixtures of the report tests: stored runs made by the real runner and store."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # report_support, report_cdp

from report_cdp import chromium_path  # noqa: E402
from report_support import PAYLOAD_TEXT, PAYLOADS, demo_samples, policy_run  # noqa: E402

from finprobe.benchmarks.reasoning import demo_path  # noqa: E402
from finprobe.benchmarks.reasoning.loader import load_finqa, to_sample  # noqa: E402
from finprobe.benchmarks.reasoning.policies import reference_reply  # noqa: E402
from finprobe.core.aio import run_async  # noqa: E402
from finprobe.core.families import load_family  # noqa: E402
from finprobe.core.models._base import ModelError  # noqa: E402
from finprobe.core.models.scripted import ScriptedModel  # noqa: E402
from finprobe.core.runner import Runner  # noqa: E402
from finprobe.core.schema import RoleConfig, RunConfig  # noqa: E402


@pytest.fixture(autouse=True)
def _need_chromium(request):
    """A browser test (marker `browser`) needs Chromium: it fails without it where FINPROBE_REQUIRE_BROWSER is set
    (CI), and skips elsewhere."""
    if request.node.get_closest_marker("browser") is None or chromium_path() is not None:
        return
    message = "chromium is not installed (Debian: apt-get install -y chromium; .ci/run installs it)"
    if os.environ.get("FINPROBE_REQUIRE_BROWSER"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def demo_ids() -> list[str]:
    return [s.id for s in demo_samples()]


@pytest.fixture(scope="session")
def hostile_run(tmp_path_factory) -> Path:
    """A reasoning run whose answers, errors and one sample id carry script payloads, with passes, fails
    and an error: what the escaping tests and the browser test open."""
    root = tmp_path_factory.mktemp("hostile")
    records = json.loads(demo_path().read_text())[:6]
    records[0]["id"] = "evil-<img src=x onerror=window.__pwned=6>"
    data = root / "data.json"
    data.write_text(json.dumps(records))
    samples = [to_sample(r) for r in load_finqa(data)]
    replies: dict[str, str | Exception] = {
        samples[0].id: f"{PAYLOAD_TEXT}\nANSWER: 1",
        samples[1].id: f"I reason <b>carefully</b>: {PAYLOADS[1]}\n" + reference_reply(samples[1]),
        samples[2].id: ModelError("HTTP 500: <script>window.__pwned=7</script> \x1b[31mred\x1b[0m "
                                  "\x1b]0;title\x07[bold]markup[/bold]", retryable=False),
        samples[3].id: reference_reply(samples[3]),
    }
    by_question = {s.data["qa"]["question"]: s.id for s in samples}

    def reply(messages, config):
        sid = next((i for q, i in by_question.items() if q in messages[-1].content), None)
        return replies.get(sid, f"=HYPERLINK(\"http://x\")\n{PAYLOADS[0]}\nANSWER: 0")

    cfg = RunConfig(benchmark="reasoning", data=str(data), roles={"agent": RoleConfig(spec="scripted")},
                    sample_retries=0)
    out = root / "run"
    run_async(Runner(cfg, out, benchmark=load_family("reasoning"), progress=False,
                     backends={"agent": ScriptedModel(reply)}).run())
    return out


@pytest.fixture(scope="session")
def ambiguity_run(tmp_path_factory) -> Path:
    """An ambiguity run with a policy that asks, searches the simulator and answers (multi-turn episodes)."""
    return policy_run(tmp_path_factory.mktemp("amb") / "run", "ambiguity", "ask-then-oracle")


@pytest.fixture(scope="session")
def ambiguity_default_run(tmp_path_factory) -> Path:
    return policy_run(tmp_path_factory.mktemp("amb-default") / "run", "ambiguity", "default")
