"""Answer confidence parsing: a probability in (0, 1) is scaled to 0-100 (review finding)."""

from __future__ import annotations

import pytest
from amb_eval_support import DEMO, records, run
from hypothesis import given
from hypothesis import strategies as st

from finprobe.benchmarks.ambiguity.environment import parse_confidence
from finprobe.core.agent import action_text
from finprobe.core.models.scripted import ScriptedModel


@pytest.mark.parametrize("raw,expected", [
    ("0.85", 85.0), (0.85, 85.0), (" .5 ", 50.0), ("0.05", 5.0),
    ("85", 85.0), (85, 85.0), ("85%", 85.0), ("85.5", 85.5), ("0.85%", 0.85),
    ("1", 1.0), ("1.0", 1.0), (1, 1.0), (1.0, 1.0), ("0", 0.0), ("0.0", 0.0), ("100", 100.0),
    (None, None), ("high", None), ("101", None), (True, None), ("-0.5", None),
])
def test_parse_confidence(raw, expected):
    assert parse_confidence(raw) == (pytest.approx(expected) if expected is not None else None)


@given(st.floats(min_value=0.001, max_value=0.999))
def test_probabilities_are_scaled(p):
    assert parse_confidence(f"{p:.3f}") == pytest.approx(round(p, 3) * 100)


async def test_scaled_confidence_is_flagged_in_the_answer_step(tmp_path):
    inst = DEMO["amb-demo-001"]
    await run(tmp_path, mode="answer-only", limit=1,
              backend=ScriptedModel([action_text("answer", value=inst.answer, confidence="0.85")]))
    t = records(tmp_path)["amb-demo-001"].transcript
    step = t.steps[-1]
    assert step.info["confidence_scaled"] is True and step.info["confidence_raw"] == "0.85"
    assert t.final_args["confidence"] == pytest.approx(85.0)
