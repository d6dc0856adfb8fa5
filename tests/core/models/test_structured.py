"""Structured-output negotiation: the real HTTP client against the real mock server on 127.0.0.1, with the
mock refusing the request shapes real servers refuse (llama-cpp-python: json_schema -> HTTP 500)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finprobe.core.models._base import ModelError
from finprobe.core.models.openai_compat import (
    OpenAICompatibleModel,
    names_request_field,
    request_fields,
)
from finprobe.core.models.registry import PRESETS, build_backend
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.models.structured import (
    DEFAULT_LADDER,
    PROBE_SCHEMA,
    StructuredOutput,
    negotiate_structured_output,
    recorded_structured_output,
    settle_structured_output,
)
from finprobe.core.runner import Runner
from finprobe.core.schema import GenerateConfig, Message, RoleConfig, RunConfig
from finprobe.testing.mock_server import MockOpenAIServer, response_format_kind
from finprobe.testing.toy import ToyBenchmark

S = StructuredOutput
MSGS = [Message(role="system", content="You act."), Message(role="user", content="Go.")]


def fast(base_url: str, **kw) -> OpenAICompatibleModel:
    kw.setdefault("backoff_base_s", 0.0)
    kw.setdefault("backoff_max_s", 0.0)
    kw.setdefault("timeout_s", 5.0)
    return OpenAICompatibleModel(base_url, "mock-model", **kw)


def actions_when_constrained(body: dict) -> str:
    """A model that writes a valid action only when the request constrains it (like a tiny model on a
    server that enforces the schema); prose otherwise."""
    if body.get("response_format") is None:
        return "Sure! The answer is four."
    return json.dumps({"action": "answer", "value": "4"})


# --------------------------------------------------------------------------- request bodies per mode
def test_each_mode_sends_its_request_shape():
    m = OpenAICompatibleModel("http://127.0.0.1:9/v1", "m")
    config = GenerateConfig(response_schema=PROBE_SCHEMA)
    bodies = {}
    for mode in S:
        m.use_structured_output(mode)
        bodies[mode] = m.build_body(MSGS, config)
    assert bodies[S.json_schema]["response_format"]["json_schema"]["schema"] == PROBE_SCHEMA
    assert bodies[S.json_schema]["messages"][0]["content"] == "You act."  # no schema in the prompt
    assert bodies[S.json_object_schema]["response_format"] == {"type": "json_object", "schema": PROBE_SCHEMA}
    assert bodies[S.json_object]["response_format"] == {"type": "json_object"}
    for mode in (S.json_object_schema, S.json_object):
        system = bodies[mode]["messages"][0]["content"]
        assert system.startswith("You act.") and json.dumps(PROBE_SCHEMA, separators=(",", ":")) in system
    assert "response_format" not in bodies[S.prompt] and bodies[S.prompt]["messages"][0]["content"] == "You act."
    assert m.supports_schema is False  # prompt mode: the agent loop sends no schema at all
    assert [response_format_kind(bodies[mode]) for mode in S] == ["json_schema", "json_object+schema",
                                                                  "json_object", "text"]


def test_supports_schema_false_is_the_prompt_mode_and_explicit():
    m = OpenAICompatibleModel("http://127.0.0.1:9/v1", "m", supports_schema=False)
    assert (m.structured_output, m.structured_output_explicit, m.supports_schema) == (S.prompt, True, False)
    default = OpenAICompatibleModel("http://127.0.0.1:9/v1", "m")
    assert (default.structured_output, default.structured_output_explicit, default.supports_schema) == (None, False,
                                                                                                       True)
    with pytest.raises(ValueError, match="unknown structured_output"):
        OpenAICompatibleModel("http://127.0.0.1:9/v1", "m", structured_output="grammar")


def test_presets_carry_their_dialect():
    assert PRESETS["llamacpp"].ladder[0] is S.json_object_schema
    assert PRESETS["vllm"].ladder[0] is S.json_schema and PRESETS["openai"].ladder == DEFAULT_LADDER
    for preset in PRESETS.values():
        assert preset.ladder[-1] is S.prompt  # every dialect can fall back to plain prompting
    backend = build_backend(RoleConfig(spec="llamacpp:smol"))
    assert backend.base_url == "http://localhost:8080/v1"  # type: ignore[attr-defined]
    assert backend.structured_output_ladder == PRESETS["llamacpp"].ladder  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- rejection is not retried
def test_a_5xx_naming_a_request_field_is_recognised():
    body = {"model": "m", "messages": [], "response_format": {"type": "json_schema", "json_schema": {}}}
    fields = request_fields(body)
    assert "model" not in fields and "response_format" in fields and "json_schema" in fields
    llama_cpp_python = ("1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'),"
                        " 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema'}")
    assert names_request_field(llama_cpp_python, fields) == "json_schema"
    assert names_request_field("CUDA error: out of memory", fields) is None
    assert names_request_field("model failed to load", fields) is None
    assert names_request_field("my_response_format_x", fields) is None  # a word, not a substring


@given(st.text(max_size=200))
def test_names_request_field_never_names_what_is_absent(text):
    named = names_request_field(text, ("response_format", "seed", "messages"))
    assert named is None or named in text


async def test_schema_rejection_with_500_is_not_retried():
    async with MockOpenAIServer(default_reply="x", response_formats={"text", "json_object", "json_object+schema"},
                                reject_status=500) as srv:
        m = fast(srv.base_url, max_retries=5)
        m.use_structured_output(S.json_schema)
        with pytest.raises(ModelError) as info:
            await m.generate(MSGS, GenerateConfig(response_schema=PROBE_SCHEMA))
        await m.aclose()
    assert info.value.rejected and info.value.status == 500 and info.value.attempts == 1
    assert "not retried" in str(info.value) and srv.n_requests == 1


async def test_a_plain_500_is_still_retried():
    async with MockOpenAIServer(default_reply="x", schedule=["500", "500", None]) as srv:
        m = fast(srv.base_url, max_retries=5)
        out = await m.generate(MSGS, GenerateConfig())
        await m.aclose()
    assert out.attempts == 3 and srv.n_requests == 3


# --------------------------------------------------------------------------- negotiation
async def test_negotiation_falls_back_like_llama_cpp_python():
    async with MockOpenAIServer(actions_when_constrained, response_formats={"text", "json_object",
                                "json_object+schema"}, reject_status=500) as srv:
        m = fast(srv.base_url)
        result = await negotiate_structured_output(m)
        await m.aclose()
    assert result.mode is S.json_object_schema and m.structured_output is S.json_object_schema
    assert [(s.mode, s.outcome) for s in result.steps] == [(S.json_schema, "rejected"),
                                                           (S.json_object_schema, "works")]
    assert srv.n_requests == 2 and srv.rejections == {"json_schema": 1}  # one request for the refusal


async def test_negotiation_walks_down_to_json_mode_and_then_to_prompting():
    async with MockOpenAIServer(actions_when_constrained, response_formats={"text", "json_object"}) as srv:
        m = fast(srv.base_url)
        result = await negotiate_structured_output(m)
        await m.aclose()
    assert result.mode is S.json_object and srv.rejections == {"json_schema": 1, "json_object+schema": 1}
    async with MockOpenAIServer(lambda body: '{"action": "answer", "value": "4"}', response_formats={"text"}) as srv:
        m = fast(srv.base_url)
        result = await negotiate_structured_output(m)
        await m.aclose()
    assert result.mode is S.prompt and m.supports_schema is False
    assert [s.outcome for s in result.steps] == ["rejected", "rejected", "rejected", "works"]


async def test_a_constraint_the_server_ignores_is_passed_over():
    """Accepted but not enforced (the reply is prose): the next mode is tried; when nothing parses, the
    last accepted mode (closest to plain prompting) is used."""
    async with MockOpenAIServer(default_reply="I think it is 4.") as srv:
        m = fast(srv.base_url)
        result = await negotiate_structured_output(m)
        await m.aclose()
    assert [s.outcome for s in result.steps] == ["unparsed"] * 4 and result.mode is S.prompt
    assert "no_json" in result.steps[0].detail


async def test_negotiation_stops_on_auth_errors_and_dead_endpoints():
    async with MockOpenAIServer(default_reply="x", expected_api_key="right") as srv:
        m = fast(srv.base_url)
        with pytest.raises(ModelError, match="HTTP 401"):
            await negotiate_structured_output(m)
        await m.aclose()
    assert srv.n_requests == 1
    dead = fast("http://127.0.0.1:9/v1", max_retries=0)
    with pytest.raises(ModelError, match="negotiation stopped at json_schema"):
        await negotiate_structured_output(dead)
    await dead.aclose()


async def test_settle_keeps_explicit_and_recorded_modes_without_a_request():
    async with MockOpenAIServer(actions_when_constrained, response_formats={"text", "json_object",
                                "json_object+schema"}, reject_status=500) as srv:
        backends = {"agent": fast(srv.base_url), "judge": fast(srv.base_url, structured_output="json_object"),
                    "user": ScriptedModel(["hi"])}
        modes = await settle_structured_output(backends)
        assert modes == {"agent": "json_object_schema", "judge": "json_object"}
        assert srv.n_requests == 2  # the agent's negotiation only; the judge's mode was set by the user
        again = {"agent": fast(srv.base_url)}
        assert await settle_structured_output(again, recorded={"agent": "json_object"}) == {"agent": "json_object"}
        assert again["agent"].structured_output is S.json_object and srv.n_requests == 2
        for b in [*backends.values(), *again.values()]:
            await b.aclose()
    assert await settle_structured_output({"user": ScriptedModel(["hi"])}) is None


# --------------------------------------------------------------------------- through the runner
def toy_replies(body: dict) -> str:
    system = body["messages"][0]["content"]
    if system.startswith("You are a calculator"):  # the negotiation probe
        return actions_when_constrained(body)
    task = body["messages"][1]["content"]
    key = task.split("value of ")[1].rstrip("?")
    if body.get("response_format") is None:
        return "Let me think about it."  # unconstrained, this model rambles
    return json.dumps({"action": "answer", "value": str(int(key[1:]) * 7), "confidence": 80})


async def test_runner_negotiates_records_and_reuses_the_mode_on_resume(tmp_path):
    async with MockOpenAIServer(toy_replies, response_formats={"text", "json_object", "json_object+schema"},
                                reject_status=500) as srv:
        roles = {"agent": RoleConfig(spec="openai:mock-model", base_url=srv.base_url)}
        first = await Runner(RunConfig(benchmark="toy", roles=roles, limit=3, concurrency=2), tmp_path,
                             benchmark=ToyBenchmark(6), progress=False).run()
        assert first.manifest.structured_output == {"agent": "json_object_schema"}
        assert first.n_errors == 0 and first.metrics["passed"] == 3
        episode = [e.body for e in srv.log if not e.body["messages"][0]["content"].startswith("You are a calc")]
        assert episode and all(response_format_kind(b) == "json_object+schema" for b in episode)
        assert all("validates against this JSON schema" in b["messages"][0]["content"] for b in episode)
        probes = srv.n_requests - len(episode)
        assert probes == 2
        assert recorded_structured_output(tmp_path, first.manifest.fingerprint) == {"agent": "json_object_schema"}
        # Kill-and-resume: the recorded mode is re-used, nothing is negotiated again.
        store_lines = (tmp_path / "samples.jsonl").read_text().splitlines()
        (tmp_path / "samples.jsonl").write_text("\n".join(store_lines[:1]) + "\n")
        before = srv.n_requests
        resumed = await Runner(RunConfig(benchmark="toy", roles=roles, limit=3, concurrency=2), tmp_path,
                               benchmark=ToyBenchmark(6), progress=False).run()
        new = srv.log[before:]
        assert resumed.n_ran == 2 and resumed.manifest.structured_output == {"agent": "json_object_schema"}
        assert all(not e.body["messages"][0]["content"].startswith("You are a calc") for e in new)
        assert all(response_format_kind(e.body) == "json_object+schema" for e in new)


async def test_an_unusable_endpoint_fails_the_run_before_the_store(tmp_path):
    async with MockOpenAIServer(default_reply="x", expected_api_key="right") as srv:
        roles = {"agent": RoleConfig(spec="openai:mock-model", base_url=srv.base_url)}
        with pytest.raises(ValueError, match="role agent .*HTTP 401"):
            await Runner(RunConfig(benchmark="toy", roles=roles), tmp_path / "run", benchmark=ToyBenchmark(2),
                         progress=False).run()
    assert not (tmp_path / "run" / "manifest.json").exists()


async def test_a_mode_rejected_mid_run_is_an_error_record_not_six_retries(tmp_path):
    """A run pinned to json_schema against a server that refuses it: every sample is an error that names
    the refusal, each after one HTTP request."""
    async with MockOpenAIServer(toy_replies, response_formats={"text", "json_object"}, reject_status=500) as srv:
        roles = {"agent": RoleConfig(spec="openai:mock-model", base_url=srv.base_url,
                                     args={"structured_output": "json_schema"})}
        result = await Runner(RunConfig(benchmark="toy", roles=roles), tmp_path, benchmark=ToyBenchmark(2),
                              progress=False).run()
    assert result.manifest.structured_output == {"agent": "json_schema"}
    assert result.n_errors == 2 and srv.n_requests == 2  # no negotiation, no retries, no per-sample retry
    record = next(iter(result.metrics["error_list"]))
    assert "not retryable" in record["error"] and "response_format" in record["error"]
