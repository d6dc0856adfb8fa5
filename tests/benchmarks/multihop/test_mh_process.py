"""The process-hit detector: a hop is reached when the agent's own output states or uses its answer."""

from __future__ import annotations

import json

import pytest

from finprobe.benchmarks.multihop import Hop, Trajectory, hop_reached
from finprobe.core.schema import Action, Step, StepKind, Transcript

ZEPH = Hop(answer="Zephyrine Semiconductor", kind="entity", value="ZPHR.DEMO",
           aliases=["ZPHR", "ZPHR.DEMO", "Zephyrine", "泽风半导体", "泽风"],
           distractors=[["NRVX.DEMO", "NRVX", "Norvex Devices", "诺维器件", "Norvex", "诺维"]])
REPORT_DAY = Hop(answer="2024-10-18", kind="date", value="2024-10-18")
QUESTION = ("Between Zephyrine Semiconductor and Norvex Devices, take the one with the larger trading volume on "
            "2024-01-10. What was the index close on the day that company released its 2024 Q3 report?")


def act(tool, text="", **args):
    body = json.dumps({"action": tool, **args})
    return {"role": "assistant", "content": f"{text}\n{body}" if text else body}


def obs(data):
    return {"role": "tool", "content": "Observation: " + json.dumps(data)}


COMPARE = [act("price", entity="ZPHR", date="2024-01-10"), obs({"entity": "ZPHR.DEMO", "volume": 26192900}),
           act("price", entity="NRVX", date="2024-01-10"), obs({"entity": "NRVX.DEMO", "volume": 3585800})]


def reached(messages, hop=ZEPH, final=None, lexicon=None):
    return hop_reached(Trajectory.from_messages(messages, QUESTION, final), hop, lexicon=lexicon).hit


def test_mirrored_candidate_checks_do_not_reach(lexicon):
    assert not reached(COMPARE, lexicon=lexicon)


def test_using_the_answer_in_a_later_call_reaches(lexicon):
    msgs = COMPARE + [act("report_metric", entity="ZPHR.DEMO", metric="revenue", period="2024Q3"),
                      obs({"report_date": "2024-10-18"})]
    assert reached(msgs, lexicon=lexicon)
    assert reached(msgs + [act("price", entity="DSEMII", date="2024-10-18")], REPORT_DAY, lexicon=lexicon)


def test_using_the_other_candidate_does_not(lexicon):
    msgs = COMPARE + [act("report_metric", entity="NRVX", metric="revenue", period="2024Q3")]
    assert not reached(msgs, lexicon=lexicon)


@pytest.mark.parametrize(("text", "hit"), [
    ("Zephyrine traded far more (26.2M vs 3.6M).", True),
    ("So the company is ZPHR.", True),
    ("泽风半导体成交量更大。", True),
    ("Let me check Zephyrine's report next.", False),  # a plan, not a finding
    ("I need to compare Zephyrine Semiconductor and Norvex Devices.", False),
    ("Not Zephyrine — Norvex Devices had the larger volume.", False),
    ("I first thought Zephyrine, but that is wrong — it is Norvex Devices.", False),
    ("It could be Zephyrine or Norvex; I can't tell.", False),
    ("可能是泽风，也可能是诺维，无法判断。", False),
])
def test_statements(text, hit, lexicon):
    msgs = COMPARE + [{"role": "assistant", "content": text}]
    assert reached(msgs, lexicon=lexicon) is hit


def test_an_answer_seen_only_in_a_tool_result_is_not_reached():
    msgs = [act("report_metric", entity="ZPHR", metric="revenue", period="2024Q3"),
            obs({"report_date": "2024-10-18"}), act("answer", value="I cannot determine it.")]
    assert not reached(msgs, REPORT_DAY)


def test_the_final_answer_summary_counts():
    assert reached([act("answer", value="ZPHR's Q3 report came out on 18 October 2024; close 1745.99")], REPORT_DAY)


def test_a_date_stated_beside_a_derived_one_is_a_finding_but_a_list_is_not():
    assert reached([{"role": "assistant", "content": "The first trading day after 2024-10-18 is 2024-10-21."}],
                   REPORT_DAY)
    listing = "Report dates: 2024-10-17 (NRVX), 2024-10-18 (ZPHR), 2024-10-29 (BVSI)."
    assert not reached([{"role": "assistant", "content": listing}], REPORT_DAY)


def test_a_rejected_call_is_not_a_candidate_and_repeating_a_candidate_picks_it(lexicon):
    retry = [act("price", entity="ZPHR", date="2024-06-01"), obs({"error": "not a trading day"}),
             act("price", entity="ZPHR", date="2024-06-03"), obs({"close": 86.27})]
    day = Hop(answer="2024-06-03", kind="date", value="2024-06-03")
    assert reached(retry, day, lexicon=lexicon)
    again = COMPARE + [act("price", entity="ZPHR.DEMO", date="2024-01-10")]
    assert reached(again, lexicon=lexicon)


def test_from_transcript_reads_steps_not_observations():
    t = Transcript(steps=[
        Step(index=0, kind=StepKind.action, raw='Checking. {"action": "price", "entity": "ZPHR", "date": "2024-01-10"}',
             action=Action(name="price", args={"entity": "ZPHR", "date": "2024-01-10"}),
             observation='{"entity": "ZPHR.DEMO", "report_date": "2024-10-18"}'),
        Step(index=1, kind=StepKind.invalid, raw="hmm", error="no json"),
        Step(index=2, kind=StepKind.action, raw='{"action": "answer", "value": "1745.99"}',
             action=Action(name="answer", args={"value": "1745.99"})),
    ], final_answer="1745.99")
    traj = Trajectory.from_transcript(t, QUESTION)
    assert [turn.action for turn in traj.turns] == ["price", None, None]
    assert traj.turns[0].text == "Checking." and traj.final_answer == "1745.99"
    assert not hop_reached(traj, REPORT_DAY).hit  # 2024-10-18 was only in the observation
    text = traj.render()
    assert "Checking." in text and 'call price({"entity": "ZPHR"' in text and "final answer: 1745.99" in text
    assert "2024-10-18" not in text  # the judge sees the agent's output, not the tools' results


def test_no_gold_no_hit():
    assert not hop_reached(Trajectory(), Hop(answer="", source="missing")).hit
