"""The general-domain user simulator: which reading a yes/no question proposes, from C alone; the LLM
simulator's strict parse; the labelled question set as a regression guard."""

from __future__ import annotations

import sys

import pytest
from aq_support import DEMO_AQ, REPO, SHARED_TRAIN
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.benchmarks.ambiguity.ambigqa import load_ambigqa
from finprobe.benchmarks.ambiguity.general_simulator import (
    GeneralFreeFormSimulator,
    GeneralLLMSimulator,
    GeneralSimulator,
    read_text_facts,
)
from finprobe.core.schema import GenerateConfig, ModelCall

GASTON = DEMO_AQ["aqdemo-01"]      # C: the 2017 live-action film (the other reading: the 1991 animated film)
CUP = DEMO_AQ["aqdemo-02"]         # C: the 2014 FIFA World Cup held in Brazil
HALLELUJAH = DEMO_AQ["aqdemo-03"]  # C: who wrote and originally recorded it in 1984
MOON = DEMO_AQ["aqdemo-09"]        # C: the first person to walk on the Moon
POTTER = DEMO_AQ["aqdemo-16"]      # C: the first book's title in the United States


@pytest.mark.parametrize("inst, question, expected", [
    (GASTON, "Do you mean the 2017 live-action film?", "yes"),
    (GASTON, "Are you asking about the 1991 animated Disney movie?", "no"),
    (GASTON, "Do you mean the Broadway musical?", "no"),
    (GASTON, "Just to confirm, you want to know who played Gaston in Beauty and the Beast?", "yes"),
    (GASTON, "Is the answer Luke Evans?", "I don't know"),
    (GASTON, "Do you mean the 2017 film or the 1991 one?", "I don't know"),
    (GASTON, "Which version do you mean?", "I don't know"),
    (GASTON, "Would you like me to answer for both versions?", "I don't know"),
    (GASTON, "Not the 1991 one?", "I don't know"),
    (GASTON, "You're not asking about the 1991 cartoon, right?", "yes"),
    (GASTON, "**Quick clarification:** is this about the 2017 version? (yes/no)", "yes"),
    (CUP, "Are you asking about the 2014 tournament in Brazil?", "yes"),
    (CUP, "Do you mean the 2018 World Cup?", "no"),
    (CUP, "Do you mean the most recent World Cup?", "I don't know"),
    (CUP, "Are you asking about the women's World Cup?", "I don't know"),
    (CUP, "Are you asking which country hosted it?", "no"),
    (HALLELUJAH, "Are you asking who wrote the song?", "yes"),
    (HALLELUJAH, "Do you mean the Jeff Buckley cover?", "no"),
    (HALLELUJAH, "Do you mean the original recording rather than a cover?", "yes"),
    (MOON, "Are you asking about the second man on the Moon?", "no"),
    (MOON, "Are you asking who was first?", "yes"),
    (MOON, "Are you asking about the last person to walk on the Moon?", "no"),
    (POTTER, "Do you mean the US edition?", "yes"),
    (POTTER, "Is this about the British title?", "no"),
    (POTTER, "Do you mean the first movie?", "no"),
])
def test_replies_from_c(inst, question, expected):
    reply = GeneralSimulator(inst).decide(question)
    assert reply.answer == expected, reply.info
    assert reply.method == "deterministic" and reply.info["rule"]


def test_facts_of_a_question():
    facts = read_text_facts("Do you mean the second season of the 2019 US remake, not the animated one?")
    assert facts.years == {2019} and ("season", 2) in facts.ordinals and facts.places == {"united states"}
    assert ("version", "remake") in facts.facets and ("format", "animated") in facts.neg["facet"]
    assert read_text_facts("World War II").ordinals == {("world war", 2)}
    assert read_text_facts("Super Bowl LIV").ordinals == {("super bowl", 54)}


async def test_llm_simulator_parses_strictly_and_logs_failures():
    class Script:
        def __init__(self, outputs: list[str]):
            self.outputs, self.seen = list(outputs), []

        async def generate(self, messages, **overrides):
            self.seen.append(messages)
            return ModelCall(role="user", backend="scripted", model="s", messages=messages, config=GenerateConfig(),
                             output=self.outputs.pop(0))

    ok = Script(["I don't know."])
    reply = await GeneralLLMSimulator(GASTON, ok).reply("Do you mean the 2017 film?")
    assert reply.answer == "I don't know" and reply.info["attempts"] == 1
    assert GASTON.context in ok.seen[0][0].content and "Luke Evans" not in ok.seen[0][0].content
    bad = Script(["Probably yes, the 2017 one", "yes and no"])
    reply = await GeneralLLMSimulator(GASTON, bad).reply("Do you mean the 2017 film?")
    assert reply.answer == "I don't know" and reply.info["parse_failure"] and len(bad.seen) == 2


async def test_free_form_user_states_what_they_meant():
    reply = await GeneralFreeFormSimulator(GASTON).reply("Which film do you mean?")
    assert GASTON.context in reply.text and "Luke Evans" not in reply.text


def test_labelled_question_set_agreement_stays_above_the_goal():
    """The bench's labelled set (bench/data/ambigqa/simulator_questions.jsonl) as a regression guard."""
    sys.path.insert(0, str(REPO / "bench"))
    try:
        from ambigqa_common import instances, read_jsonl
        from ambigqa_simulator import GOAL
    finally:
        sys.path.pop(0)
    items, insts = read_jsonl("simulator_questions.jsonl"), instances()
    sure = [it for it in items if not it["unsure"]]
    agree = sum(GeneralSimulator(insts[it["instance_id"]]).decide(it["question"]).answer == it["label"] for it in sure)
    assert len(items) >= 300 and agree / len(sure) >= GOAL
    heldout = [it for it in sure if it["split"] == "heldout"]
    assert sum(GeneralSimulator(insts[it["instance_id"]]).decide(it["question"]).answer == it["label"]
               for it in heldout) / len(heldout) >= GOAL


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=80))
def test_the_simulator_never_raises(text):
    assert GeneralSimulator(GASTON).decide(text).answer in ("yes", "no", "I don't know")


@pytest.mark.shared_data
def test_on_the_real_train_file_the_target_is_confirmed_and_other_readings_refused():
    """Every 5th AmbigNQ instance: "Are you asking: <reading>?" is a yes for the target and a no for the
    others (this is no labelled measurement, a robustness sweep over real readings: the simulator must not
    crash on them, and must tell its own reading from the others)."""
    if not SHARED_TRAIN.exists():
        pytest.skip(f"AmbigNQ train file not present at {SHARED_TRAIN}")
    insts = load_ambigqa(SHARED_TRAIN)[0][::5]
    own = other = own_yes = other_no = 0
    for inst in insts:
        sim = GeneralSimulator(inst)
        for k, reading in enumerate(inst.readings):
            answer = sim.decide(f"Are you asking: {reading.question}").answer
            if k == inst.target:
                own, own_yes = own + 1, own_yes + (answer == "yes")
            else:
                other, other_no = other + 1, other_no + (answer == "no")
    assert own_yes / own >= 0.98 and other_no / other >= 0.85
