"""The generic LLM-judge helper: strict structured parsing, one retry, unscored (never wrong) on failure."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finprobe.core.benchmark import RoleModel
from finprobe.core.judge import json_object_schema, judge_json, parse_judge_reply
from finprobe.core.models._base import ModelError
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import GenerateConfig, Message, ModelCall, Transcript

FIELDS = {"verdict": ["correct", "incorrect"], "tags": {"any_of": ["a", "b"]}, "ok": [True, False]}


def test_parse_variants():
    assert parse_judge_reply('{"verdict": "Correct", "tags": ["b", "a", "b"], "ok": "yes"}', FIELDS) == \
        {"verdict": "correct", "tags": ["b", "a"], "ok": True}
    fenced = 'Sure.\n```json\n{"verdict": "incorrect", "tags": "a, b", "ok": false}\n```'
    assert parse_judge_reply(fenced, FIELDS) == {"verdict": "incorrect", "tags": ["a", "b"], "ok": False}
    assert parse_judge_reply('I think {"verdict": "correct", "tags": [], "ok": true} overall', FIELDS)["ok"] is True
    for bad in ("correct", '{"verdict": "maybe", "tags": [], "ok": true}', '{"verdict": "correct", "ok": true}',
                '{"verdict": "correct", "tags": ["c"], "ok": true}', '{"verdict": "correct", "tags": [], "ok": "sure"}'):
        with pytest.raises(ValueError):
            parse_judge_reply(bad, FIELDS)


@given(st.text(max_size=200))
def test_parser_never_raises_anything_but_value_error(text):
    try:
        parse_judge_reply(text, FIELDS)
    except ValueError:
        pass


def test_schema_shape():
    schema = json_object_schema(FIELDS)
    assert schema["required"] == ["verdict", "tags", "ok"]
    assert schema["properties"]["tags"]["type"] == "array" and schema["properties"]["ok"] == {"type": "boolean"}


def _role(backend) -> RoleModel:
    async def call(role, backend, messages, config, transcript):
        out = await backend.generate(messages, config)
        return ModelCall(role=role, backend="scripted", model="m", config=config, output=out.text)
    return RoleModel("judge", backend, Transcript(), GenerateConfig(), call)


async def test_retry_then_unscored_with_reason():
    msgs = [Message(role="user", content="grade")]
    good = await judge_json(_role(ScriptedModel(["nope", '{"verdict": "correct", "tags": [], "ok": true}'])), msgs, FIELDS)
    assert good.ok and good.attempts == 2 and good.data["verdict"] == "correct"
    bad = await judge_json(_role(ScriptedModel(["nope", "still nope"])), msgs, FIELDS)
    assert not bad.ok and "unparseable" in bad.reason and bad.raw == ["nope", "still nope"]
    failed = await judge_json(_role(ScriptedModel([ModelError("HTTP 500")])), msgs, FIELDS)
    assert not failed.ok and "judge call failed" in failed.reason
