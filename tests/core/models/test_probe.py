"""`finprobe check` (probe_endpoint and the CLI command) against the real mock server over HTTP."""

from __future__ import annotations

import itertools
import json

from typer.testing import CliRunner

from finprobe.cli import app
from finprobe.core.models.openai_compat import OpenAICompatibleModel
from finprobe.core.models.probe import probe_endpoint
from finprobe.core.models.registry import PRESETS
from finprobe.core.models.structured import StructuredOutput
from finprobe.testing.mock_server import MockOpenAIServer, MockServerThread

S = StructuredOutput


def seeded_model(body: dict) -> str:
    """Replies like a sampling model that honours `seed`, and writes actions only when constrained."""
    if body.get("response_format") is not None:
        return json.dumps({"action": "answer", "value": "4"})
    return f"word-{body.get('seed')}"


def backend(base_url: str, model: str = "mock-model", **kw) -> OpenAICompatibleModel:
    return OpenAICompatibleModel(base_url, model, max_retries=0, timeout_s=5.0, **kw)


async def test_a_llama_cpp_python_like_server_is_described_correctly():
    async with MockOpenAIServer(seeded_model, response_formats={"text", "json_object", "json_object+schema"},
                                reject_status=500) as srv:
        b = backend(srv.base_url)
        report = await probe_endpoint(b, spec="openai:mock-model")
        await b.aclose()
    ok = {c.name: c.ok for c in report.checks}
    assert ok == {"models": True, "chat": True, "usage": True, "seed": True, "json_schema": False,
                  "json_object_schema": True, "json_object": None, "bad_request": True, "latency": None}
    assert "HTTP 500" in report.check("json_schema").detail
    assert "HTTP 400" in report.check("bad_request").detail and "OpenAI-style" in report.check("bad_request").detail
    assert report.usable and report.structured_output is S.json_object_schema
    assert report.recommended == ["agent.structured_output=json_object_schema"]
    assert report.requests == 7 and srv.n_requests == 6  # + GET /models, which the mock does not count
    assert srv.rejections == {"json_schema": 1}
    assert report.tokens > 0 and report.notes == []


async def test_the_recommendation_follows_the_preset_order():
    async with MockOpenAIServer(seeded_model) as srv:  # accepts everything
        generic, llamacpp = backend(srv.base_url), backend(srv.base_url,
                                                           structured_output_ladder=PRESETS["llamacpp"].ladder)
        r1 = await probe_endpoint(generic)
        r2 = await probe_endpoint(llamacpp, role="judge")
        for b in (generic, llamacpp):
            await b.aclose()
    assert r1.structured_output is S.json_schema and r2.recommended == ["judge.structured_output=json_object_schema"]


async def test_missing_usage_ignored_seed_and_unlisted_model_are_reported():
    counter = itertools.count()

    def unseeded(body: dict) -> str:
        return f"reply {next(counter)}"  # a new reply every time, whatever the seed

    async with MockOpenAIServer(unseeded, report_usage=False, model="served-model") as srv:
        b = backend(srv.base_url, model="other-model")
        report = await probe_endpoint(b)
        await b.aclose()
    assert report.check("usage").ok is False and report.check("seed").ok is False
    assert "'other-model' is not among them" in report.check("models").detail
    notes = " ".join(report.notes)
    assert "token usage" in notes and "seed is not honoured" in notes and "not listed" in notes
    # constrained modes were accepted but the replies are prose: nothing constrained works
    assert report.check("json_schema").ok is False and "not a valid action" in report.check("json_schema").detail
    assert report.structured_output is S.prompt and report.tokens == 0


async def test_a_fixed_reply_cannot_tell_whether_seed_is_honoured():
    async with MockOpenAIServer(default_reply="same") as srv:
        b = backend(srv.base_url)
        report = await probe_endpoint(b)
        await b.aclose()
    assert report.check("seed").ok is None and "cannot tell" in report.check("seed").detail


async def test_auth_failure_and_dead_endpoint_make_it_unusable_with_a_hint():
    async with MockOpenAIServer(default_reply="x", expected_api_key="sk-right") as srv:
        b = backend(srv.base_url)
        report = await probe_endpoint(b)
        await b.aclose()
    assert not report.usable and report.check("chat").ok is False and "HTTP 401" in report.check("chat").detail
    assert any("--api-key-env" in n for n in report.notes) and report.requests == 2  # stops at the first failure
    dead = backend("http://127.0.0.1:9/v1")
    report = await probe_endpoint(dead)
    await dead.aclose()
    assert not report.usable and report.requests == 1 and "unreachable" in report.notes[0]


def test_cli_check_prints_the_table_and_json_and_escapes_model_text(monkeypatch):
    cli = CliRunner()
    key = "sk-finprobe-check-7c1d"
    monkeypatch.setenv("FINPROBE_CHECK_KEY", key)

    def reply(body: dict) -> str:
        if body.get("response_format") is not None:
            return '{"action": "answer", "value": "[bold]4[/bold]"}'
        return f"[red]word {body.get('seed')}[/red] {key}"  # markup-looking text, and a leaked key

    with MockServerThread(reply, expected_api_key=key) as server:
        table = cli.invoke(app, ["check", "openai:mock-model", "--base-url", server.base_url,
                                 "--api-key-env", "FINPROBE_CHECK_KEY"], catch_exceptions=False)
        js = cli.invoke(app, ["check", "openai:mock-model", "--base-url", server.base_url,
                              "--api-key-env", "FINPROBE_CHECK_KEY", "--format", "json"], catch_exceptions=False)
        assert all(entry.auth_ok for entry in server.server.log)
    assert table.exit_code == 0, table.output
    text = " ".join(table.output.split())
    assert "recommended: --set agent.structured_output=json_schema" in text
    assert "requests" in text and "[red]word" in text  # shown literally, not read as markup
    assert key not in table.output and key not in js.output
    data = json.loads(js.output)
    assert data["usable"] and data["structured_output"] == "json_schema" and data["requests"] == 7


def test_cli_check_refuses_non_endpoints_and_fails_on_a_dead_one():
    cli = CliRunner()
    r = cli.invoke(app, ["check", "local"])
    assert r.exit_code == 2 and "not an endpoint" in r.output
    r = cli.invoke(app, ["check", "openai:m", "--base-url", "http://127.0.0.1:9/v1"])
    assert r.exit_code == 1 and "unreachable" in r.output
