"""Exclusion- and negation-phrased clarification questions (review finding: they were answered "no")."""

from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity._text import polar_tokens
from finprobe.benchmarks.ambiguity.instances import demo_instances_path, load_instances
from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator

DEMO = {i.instance_id: i for i in load_instances(demo_instances_path())}


@pytest.mark.parametrize("iid,question,expected", [
    # excluding what only the default reading adds proposes the intended one
    ("amb-demo-004", "您指的是不含少数股东损益的净利润吗？", "yes"),
    ("amb-demo-004", "您要的净利润是否剔除了非经常性损益？", "yes"),
    ("amb-demo-004", "是扣除少数股东损益后的净利润吗？", "yes"),
    ("amb-demo-009", "您要的净利润是否剔除了非经常性损益？", "yes"),
    ("amb-demo-002", "Do you mean net income excluding noncontrolling interests?", "yes"),
    ("amb-demo-002", "Should noncontrolling interests be excluded?", "yes"),
    ("amb-demo-002", "Net income without minority interests?", "yes"),
    ("amb-demo-018", "Should pass-through fuel charges be excluded?", "yes"),
    ("amb-demo-018", "Do you mean revenues net of pass-through fuel charges?", "yes"),
    # the plain (non-negated) forms keep their old answers
    ("amb-demo-002", "Do you mean net income including noncontrolling interests?", "no"),
    ("amb-demo-004", "是含少数股东损益的净利润吗？", "no"),
    ("amb-demo-004", "是含非经常性损益的净利润吗？", "no"),
    ("amb-demo-018", "Including pass-through fuel charges?", "no"),
    # excluding the intended reading's own distinctive attribute proposes the default
    ("amb-demo-001", "Do you mean excluding the Wholesale Distribution segment?", "no"),
    ("amb-demo-009", "是不扣除非经常性损益的净利润吗？", "no"),
    # a negated question is ambiguous to answer: never a yes/no
    ("amb-demo-001", "Not the Wholesale Distribution segment?", "I don't know"),
    ("amb-demo-016", "Not on a net basis?", "I don't know"),
    ("amb-demo-004", "不是归母净利润吗？", "I don't know"),
])
def test_negation_is_scoped(iid, question, expected):
    reply = DeterministicSimulator(DEMO[iid]).decide(question)
    assert reply.answer == expected, reply.info


def test_excluded_tokens_are_set_apart():
    pt = polar_tokens("Do you mean net income excluding noncontrolling interests, for fiscal 2023?")
    assert "@nci" in pt.negated and "@nci" not in pt.plain and "@fy" in pt.plain
    # a cue inside a concept phrase is not a cue: 扣除非经常性损益 is the 扣非 reading itself
    assert "@kf" in polar_tokens("扣除非经常性损益后的净利润").plain
    assert "@kf" in polar_tokens("是不扣除非经常性损益的吗").negated
    assert polar_tokens("Not the segment figure?").polar == {"@segment"}
