"""Structured modes: an ask settles only an open item it is about (review finding: any question settled one)."""

from __future__ import annotations

import pytest
from amb_eval_support import DEMO, records, run

from finprobe.core.agent import action_text
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import Outcome

FIRST = "amb-demo-001"  # entity scope: the Wholesale Distribution segment vs the consolidated total


async def test_category_aware_off_topic_question_settles_nothing(tmp_path):
    inst = DEMO[FIRST]
    script = [action_text("precheck", unknown="entity"),
              action_text("interact", question="Is the weather nice today?"),
              action_text("answer", value=inst.answer, confidence=90),
              action_text("interact", question="Do you mean the Wholesale Distribution segment?"),
              action_text("answer", value=inst.answer, confidence=90)]
    await run(tmp_path, mode="category-aware", backend=ScriptedModel(script), limit=1)
    t = records(tmp_path)[FIRST].transcript
    off, refused, on = t.steps[1], t.steps[2], t.steps[3]
    assert off.info["settles"] is None and off.info["reply"] in ("yes", "no", "I don't know")
    assert "State unchanged: the question is not about entity" in off.observation
    assert off.info["state"]["items"][0]["status"] == "unknown"
    assert refused.info["refused"] == "state_unresolved"
    assert on.info["settles"] == "entity" and on.info["reply"] == "yes"
    assert t.outcome == Outcome.answered
    # the off-topic question still counts as an ask
    assert sum(1 for s in t.steps if s.action and s.action.name == "interact") == 2


async def test_category_aware_settles_the_item_the_question_is_about(tmp_path):
    inst = DEMO[FIRST]
    script = [action_text("precheck", unknown="entity, period"),
              action_text("interact", question="Do you mean the calendar year?"),
              action_text("interact", question="Do you mean the Wholesale Distribution segment?"),
              action_text("answer", value=inst.answer, confidence=90)]
    await run(tmp_path, mode="category-aware", backend=ScriptedModel(script), limit=1)
    t = records(tmp_path)[FIRST].transcript
    assert t.steps[1].info["settles"] == "period"  # not the first open item (entity)
    assert t.steps[2].info["settles"] == "entity"
    assert t.outcome == Outcome.answered


async def test_generic_structured_needs_a_shared_word(tmp_path):
    inst = DEMO[FIRST]
    script = [action_text("precheck", unknown="which part of the company"),
              action_text("interact", question="Is the weather nice today?"),
              action_text("interact", question="Do you mean the wholesale part?"),
              action_text("answer", value=inst.answer, confidence=90)]
    await run(tmp_path, mode="generic-structured", backend=ScriptedModel(script), limit=1)
    t = records(tmp_path)[FIRST].transcript
    assert t.steps[1].info["settles"] is None and "State unchanged" in t.steps[1].observation
    assert t.steps[2].info["settles"] == "point 1"
    assert t.outcome == Outcome.answered


@pytest.mark.parametrize("mode", ["category-aware", "generic-structured"])
async def test_ask_then_oracle_completes_in_structured_modes(tmp_path, mode):
    result = await run(tmp_path, mode=mode, agent="ask-then-oracle")
    assert result.metrics["accuracy"] == 1.0
    for rec in records(tmp_path).values():
        assert rec.transcript.outcome == Outcome.answered
