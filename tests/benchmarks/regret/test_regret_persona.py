"""The persona observation model and simulator."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from regret_fixtures import rookie

from finprobe.benchmarks.regret import PERSONAS, Persona, UserSimulator, get_persona, outcome_distribution


@given(c=st.floats(0, 1), v=st.floats(0, 1), x=st.floats(0, 1), n=st.integers(1, 6))
def test_outcome_distribution_is_a_distribution(c, v, x, n):
    values = [f"v{i}" for i in range(n)]
    dist = outcome_distribution(Persona(name="t", cooperation=c, vagueness=v, contradiction=x), "v0", values)
    assert sum(p for *_, p in dist) == pytest.approx(1.0)
    assert all(p > 0 for *_, p in dist)
    assert all(val != "v0" for t, val, _ in dist if t == "contradict")


def test_presets_and_unknown_persona():
    assert set(PERSONAS) == {"cooperative", "vague", "contradictory", "vague-strict", "contradictory-strict"}
    coop = outcome_distribution(PERSONAS["cooperative"], "a", ["a", "b"])
    assert coop == [("provide_slot", "a", 1.0)]
    with pytest.raises(KeyError, match="known: cooperative"):
        get_persona("grumpy")


def test_simulator_frequencies_follow_the_persona():
    cig = rookie()
    p = PERSONAS["contradictory-strict"]
    sim = UserSimulator(cig, cig.intents[0], p.model_copy(update={"patience": None}), random.Random(1))
    counts = Counter(sim.sample("year").type for _ in range(20000))
    expected = {t: pr for t, _, pr in outcome_distribution(p, "2017", ["2017", "2016"])}
    for t, pr in expected.items():
        assert counts[t] / 20000 == pytest.approx(pr, abs=0.015)


async def test_replies_carry_the_stated_value_and_patience_ends_the_dialogue():
    cig = rookie()
    sim = UserSimulator(cig, cig.intents[3], PERSONAS["cooperative"].model_copy(update={"patience": 1}),
                        random.Random(0))
    obs = await sim.reply("league")
    assert obs.type == "provide_slot" and obs.value == "American League" and "American League" in obs.text
    assert not obs.ended
    obs = await sim.reply(None)
    assert obs.type == "unsupported" and obs.ended and sim.exhausted


@pytest.mark.shared_data
def test_paper_personas_reproduce_table_5_reference_rewards(shared_data):
    """Issue 26: under the default profile (the paper's accounting) the reference planner's mean reward on real
    converted CIGs is within 0.005 of the paper's R_ref = reward + regret (Table 5) for each persona; the strict
    personas stay harsher."""
    import statistics

    from finprobe.benchmarks.regret import get_profile, reference_values
    from finprobe.benchmarks.regret.persona import PAPER_R_REF
    from finprobe.build.regret import convert

    path = shared_data / "ambigqa" / "train_light.json"
    if not path.exists():
        pytest.skip("shared data not present")
    cigs = convert("ambignq", path).cigs[:150]
    cond = shared_data / "condambigqa" / "mcaqa.dev.json"
    if cond.exists():
        cigs += convert("condambigqa", cond).cigs
    r_ref = {}
    for name in ("cooperative", "vague", "contradictory", "vague-strict", "contradictory-strict"):
        refs = reference_values(cigs, PERSONAS[name], get_profile("default"))
        r_ref[name] = statistics.mean(r.reference for r in refs.values())
    for name, paper in PAPER_R_REF.items():
        assert abs(r_ref[name] - paper) <= 0.005, (name, r_ref[name], paper)
    assert r_ref["cooperative"] > r_ref["vague"] > r_ref["vague-strict"]
    assert r_ref["vague"] > r_ref["contradictory"] > r_ref["contradictory-strict"]
