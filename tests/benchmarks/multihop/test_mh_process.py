"""The process-hit detector: a hop is reached when the agent's own output states or uses its answer."""

from __future__ import annotations

import json

import pytest

from finprobe.benchmarks.multihop import Hop, Trajectory, hop_reached
from finprobe.benchmarks.multihop.chains import Derivation
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


# --------------------------------------------------------------------------- statements taken back, short names
# New invented candidates (not the labelled sets' items).
LARK = Hop(answer="Larkspur Foods", kind="entity", value="LKSF.DEMO", aliases=["LKSF", "Larkspur", "云雀食品", "云雀"],
           distractors=[["TDWS.DEMO", "TDWS", "Tidewell Shipping", "潮井航运", "Tidewell", "潮井"]])
LARK_Q = "Of Larkspur Foods and Tidewell Shipping, take the one with the higher turnover on 2024-02-06: what was its close?"
LARK_Q_ZH = "云雀食品和潮井航运中，2024年2月6日换手率较高的那家公司当天收盘价是多少？"
LARK_CALLS = [act("price", entity="LKSF", date="2024-02-06"), obs({"turnover_rate": 2.31}),
              act("price", entity="TDWS", date="2024-02-06"), obs({"turnover_rate": 2.28})]


def said(*texts, hop=LARK, question=LARK_Q, calls=LARK_CALLS, final=None):
    msgs = list(calls) + [{"role": "assistant", "content": t} for t in texts]
    return hop_reached(Trajectory.from_messages(msgs, question, final), hop).hit


@pytest.mark.parametrize(("texts", "question", "expected"), [
    (["Thought: 云雀食品换手率2.31%，看起来更高。等等，云雀食品当天的数据是前一日的，实际上潮井航运更活跃，所以取潮井航运。"],
     LARK_Q_ZH, False),
    (["Thought: 潮井航运换手率2.28%，看似更高。等等，应比较当日数据，实际上云雀食品更活跃，所以取云雀食品。"], LARK_Q_ZH, True),
    (["Larkspur Foods (2.31%) and Tidewell Shipping (2.28%) are nearly level; turnover is rounded, so I'll go with "
      "Tidewell Shipping."], LARK_Q, False),
    (["Larkspur Foods (2.31%) and Tidewell Shipping (2.28%) are nearly level; so I'll go with Larkspur Foods."],
     LARK_Q, True),
    (["Larkspur Foods had the higher turnover.", "Wait — I swapped the rows: Tidewell Shipping had the higher turnover."],
     LARK_Q, False),
    # a later comparison on another measure, with no retraction, takes nothing back
    (["Larkspur Foods had the higher turnover.", "Tidewell Shipping had the larger volume, for the record."], LARK_Q, True),
    (["Larkspur Foods had the higher turnover, but Tidewell Shipping traded more shares."], LARK_Q, True),
])
def test_a_statement_taken_back_does_not_reach(texts, question, expected):
    assert said(*texts, question=question) is expected


Q3 = Hop(answer="2023Q3", kind="period", value="2023Q3")
Q3_QUESTION = "In the quarter of 2023 with the highest single-quarter revenue of Larkspur Foods, when was the report out?"


@pytest.mark.parametrize(("text", "expected"), [
    ("Q3 revenue looks highest, but it includes a one-off asset sale, so I rule it out; among comparable quarters "
     "Q1 is the highest.", False),
    ("第三季度营收看似最高，但含一次性资产出售收入，排除；可比季度中第一季度最高。", False),
    ("Q3 revenue is the highest (2.41 billion yuan).", True),
    ("第三季度营收最高（24.1亿元），报告于10月27日发布。", True),
])
def test_a_period_ruled_out_does_not_reach(text, expected):
    assert said(text, hop=Q3, question=Q3_QUESTION, calls=[]) is expected


ASHMOOR = Hop(answer="Ashmoor Value Fund", kind="entity", value="ASVF.DEMO", aliases=["ASVF", "Ashmoor Value"],
              distractors=[["BRKF.DEMO", "BRKF", "Brackenfell Income Fund", "Brackenfell Income"]])
FUND_Q = ("Of Ashmoor Value Fund and Brackenfell Income Fund, take the one with the higher one-year return: what is "
          "its largest holding?")


@pytest.mark.parametrize(("text", "expected"), [
    ("Both look solid: Ashmoor Value 12.1%, Brackenfell 10.4%. I'll check both funds' holdings.", False),
    ("Ashmoor Value returned 12.1%, ahead of Brackenfell at 10.4%.", True),
])
def test_the_other_candidate_by_its_short_name(text, expected):
    assert said(text, hop=ASHMOOR, question=FUND_Q, calls=[]) is expected


SEPT_2024 = Hop(answer="2024-09", kind="period", value="2024-09")
PMI_Q = "In the month of 2024 when the PMI was lowest, what was the CPI year on year?"


@pytest.mark.parametrize(("text", "expected"), [
    ("Thought: PMI最低为9月（49.1），10月8日发布。", True),
    ("Thought: 9月PMI最低（49.1）。", True),
    ("The minimum is 49.1 (Sept). Now the CPI for that month.", True),
    ("Thought: PMI最低为8月（49.1）。", False),
    ("The minimum is 49.1 (Aug). Now the CPI for that month.", False),
])
def test_a_yearless_month_stated_as_the_finding_reaches(text, expected):
    assert said(text, hop=SEPT_2024, question=PMI_Q, calls=[]) is expected


# --------------------------------------------------------------------------- fix2mh: rejected, or only the loser
# New invented trajectories (not the labelled sets' items). The hop carries its derivation rule, as a chain does.
LARK_MORE = LARK.model_copy(update={"derive": Derivation(op="max", path="turnover_rate", key="entity"),
                                    "question": "Which had the higher turnover on 2024-02-06?"})
LARK_LOWER = LARK.model_copy(update={"derive": Derivation(op="min", path="close", key="entity"),
                                     "question": "Which closed lower on 2024-02-06?"})


@pytest.mark.parametrize(("text", "hop", "expected"), [
    # the gold named only as the one passed over
    ("Tidewell's turnover in yuan exceeds Larkspur's, so the larger one is Tidewell Shipping, not Larkspur.",
     LARK_MORE, False),
    ("潮井航运成交额明显高于云雀食品，换手率也应更高，应选潮井航运。", LARK_MORE, False),
    ("Larkspur closed higher than Tidewell, so Tidewell it is.", LARK_LOWER, False),
    # ... but the reference of a claim worded the other way is the one chosen
    ("Tidewell Shipping's turnover was lower than Larkspur Foods'.", LARK_MORE, True),
    ("潮井航运的换手率低于云雀食品。", LARK_MORE, True),
    ("Tidewell closed higher than Larkspur.", LARK_LOWER, True),
    ("云雀食品收盘价低于潮井航运。", LARK_LOWER, True),
    ("Larkspur's turnover exceeds Tidewell's, so Larkspur is the one.", LARK_MORE, True),
    # stated, then set aside or reconsidered
    ("云雀食品换手率2.31%较高……不对，重新考虑后选潮井航运。", LARK_MORE, False),
    ("Larkspur Foods shows 2.31%, but that print is stale, so I'll set Larkspur aside; the higher clean reading "
     "is Tidewell Shipping's.", LARK_MORE, False),
])
def test_a_gold_passed_over_or_set_aside_is_not_reached(text, hop, expected):
    assert said(text, hop=hop) is expected


MARCH = Hop(answer="2024-03", kind="period", value="2024-03", question="In which month of 2024 was PPI YoY highest?",
            derive=Derivation(op="max", path="values", field="value", key="period"))
MARCH_Q = "In the month of 2024 when PPI YoY was highest, what was CPI YoY?"
PPI_CALL = [act("macro", indicator="PPI_YOY", period="2024"), obs({"values": []})]
EXPORTS_Q2 = Hop(answer="2023Q2", kind="period", value="2023Q2",
                 derive=Derivation(op="max", path="values", field="value", key="period"))


@pytest.mark.parametrize(("text", "hop", "expected"), [
    ("March shows the peak at 2.1%, but that is a one-off, so I'll put March aside; the highest underlying month is "
     "May 2024.", MARCH, False),
    ("3月最高，为2.1%，但属于一次性因素，不予考虑；剔除后最高的是5月。", MARCH, False),
    ("March is the highest at 2.1%.", MARCH, True),
    ("Q4 looks strongest after Q2's 6.1% — no, Q2 is higher, but Q2 was flattered by a weak base, so the meaningful "
     "peak is Q4 2023.", EXPORTS_Q2, False),
    ("二季度6.1%更高，但基数偏低，所以真正的高点是四季度。", EXPORTS_Q2, False),
    ("Q2 is the highest at 6.1%, so the next quarter is Q3 2023.", EXPORTS_Q2, True),  # a conclusion, no contrast
])
def test_a_period_stated_then_set_aside_is_not_reached(text, hop, expected):
    assert said(text, hop=hop, question=MARCH_Q, calls=PPI_CALL) is expected


# --------------------------------------------------------------------------- fix3-mh: a gold set aside for another
@pytest.mark.parametrize(("text", "expected"), [
    ("PPI peaked at 2.1% in March 2024, but March is skewed by a base effect; I'll use the April 2024 reading "
     "instead.", False),
    ("2024年3月PPI同比2.1%为全年最高，但受基数效应扭曲，用4月的读数代替。", False),
    ("March 2024 is the highest at 2.1%; I'll use it to look up the release date.", True),
    ("March 2024 is the highest at 2.1%, not April as the headline suggested.", True),
])
def test_a_period_replaced_by_another_instead_is_not_reached(text, expected):
    assert said(text, hop=MARCH, question=MARCH_Q, calls=PPI_CALL) is expected
