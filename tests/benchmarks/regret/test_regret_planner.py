"""The reference planner against an independent brute-force enumerator (exact rational arithmetic over raw
histories, no memoisation, no shared code beyond the CIG and the token counter)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from regret_fixtures import rookie, simpsons

from finprobe.benchmarks.regret import CIG, PERSONAS, CostProfile, Persona, Planner, get_profile
from finprobe.benchmarks.regret._text import count_tokens
from finprobe.benchmarks.regret.planner import answer_text, reference_question

F = Fraction


def brute_force(cig: CIG, persona: Persona, profile: CostProfile, horizon: int) -> Fraction:
    """max over policies of E[R], by enumerating every history; beliefs recomputed from the raw history."""
    lam = F(str(profile.token_cost))
    pen = {k: F(str(getattr(profile, k))) for k in ("off_topic", "uncertain", "contradiction", "redundant")}
    c, v, x0 = F(str(persona.cooperation)), F(str(persona.vagueness)), F(str(persona.contradiction))
    k = len(cig.intents)

    def x_of(var):
        return x0 if len(cig.variable(var).values) > 1 else F(0)

    def like(intent, var, value):
        n = len(cig.variable(var).values)
        x = x_of(var)
        return (1 - x) if intent.slots[var] == value else (x / (n - 1) if n > 1 else F(0))

    def belief(history):
        w = [F(1)] * k
        for var, value in history:
            w = [wi * like(i, var, value) for wi, i in zip(w, cig.intents, strict=True)]
        s = sum(w)
        return [wi / s for wi in w]

    lam_answer = lam if profile.reference_answer_tokens else F(0)

    def answer_value(b):
        return max(b[i] - lam_answer * count_tokens(answer_text(cig.intents[i])) for i in range(k))

    def value(history, asks, unhelpful):
        b = belief(history)
        best = answer_value(b)
        if asks >= horizon or (persona.patience is not None and unhelpful >= persona.patience):
            return best
        resolved = max(b) >= F(str(profile.resolved_threshold))
        for var in (vv.name for vv in cig.variables):
            q = -lam * count_tokens(reference_question(cig, var)) - (pen["redundant"] if resolved else 0)
            inc = 1 if resolved else 0
            if 1 - c:
                q += (1 - c) * (-pen["off_topic"] + value(history, asks + 1, unhelpful + 1))
            if c * v:
                q += c * v * (-pen["uncertain"] + value(history, asks + 1, unhelpful + 1))
            for u in cig.variable(var).values:
                n = len(cig.variable(var).values)
                x = x_of(var)
                p_true = sum(bi for bi, i in zip(b, cig.intents, strict=True) if i.slots[var] == u)
                p_wrong = 1 - p_true
                p_con = c * (1 - v) * (x / (n - 1) if n > 1 else F(0)) * p_wrong
                p_u = c * (1 - v) * (1 - x) * p_true + p_con
                if p_u == 0:
                    continue
                q += -pen["contradiction"] * p_con + p_u * value(history + [(var, u)], asks + 1, unhelpful + inc)
            best = max(best, q)
        return best

    return value([], 0, 0)


def random_cig(rng: random.Random, n_intents: int, n_vars: int) -> CIG:
    variables: list[dict] = []
    slots: list[dict[str, str]] = [{} for _ in range(n_intents)]
    for j in range(n_vars):
        n_vals = rng.randint(1, 3)
        values = [f"value {j}{chr(97 + t)}" for t in range(n_vals)]
        variables.append({"name": f"v{j}", "values": values})
        for s in slots:
            s[f"v{j}"] = rng.choice(values)
    intents = [{"intent_id": f"i{t}", "description": f"intent {t}", "slots": slots[t],
                "answer_aliases": [" ".join(["answer"] * rng.randint(1, 3)) + f" {t}"]} for t in range(n_intents)]
    actions = [{"action": f"ask:v{j}", "reference_questions": [
        "Which " + " ".join(["one"] * rng.randint(1, 4)) + f" v{j}?"]} for j in range(n_vars)]
    return CIG.model_validate({"cig_id": "rand", "prompt": "p?", "intents": intents, "variables": variables,
                               "actions": actions})


PERSONA_CASES = [
    PERSONAS["cooperative"], PERSONAS["vague"], PERSONAS["contradictory"],
    Persona(name="impatient", cooperation=0.7, vagueness=0.3, contradiction=0.2, patience=1),
    Persona(name="unlimited", cooperation=0.8, vagueness=0.2, contradiction=0.1, patience=None),
]


@pytest.mark.parametrize("persona", PERSONA_CASES, ids=lambda p: p.name)
@pytest.mark.parametrize("horizon", [0, 1, 3])
@pytest.mark.parametrize("profile_name", ["default", "full-cost"])
def test_planner_equals_brute_force_on_fixture_cigs(persona, horizon, profile_name):
    profile = get_profile(profile_name)
    for cig in (simpsons(), rookie()):
        planned = Planner(cig, persona, profile, horizon).value()
        assert planned == pytest.approx(float(brute_force(cig, persona, profile, horizon)), abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n_intents=st.integers(1, 4), n_vars=st.integers(0, 2),
       persona=st.sampled_from(PERSONA_CASES), horizon=st.integers(0, 3), answer_tokens=st.booleans())
def test_planner_equals_brute_force_on_random_cigs(seed, n_intents, n_vars, persona, horizon, answer_tokens):
    cig = random_cig(random.Random(seed), n_intents, n_vars)
    profile = CostProfile(name="t", version="1", token_cost=0.01, redundant=0.03, resolved_threshold=0.9,
                          reference_answer_tokens=answer_tokens)
    planned = Planner(cig, persona, profile, horizon).value()
    assert planned == pytest.approx(float(brute_force(cig, persona, profile, horizon)), abs=1e-12)


def test_values_per_intent_average_to_the_planned_value(cig_rookie):
    for persona in PERSONA_CASES:
        p = Planner(cig_rookie, persona, get_profile("default"))
        per = p.intent_values()
        assert sum(per.values()) / len(per) == pytest.approx(p.value(), abs=1e-12)


def test_cooperative_planner_asks_once_and_beats_the_baseline(cig_simpsons):
    profile = get_profile("full-cost")
    p = Planner(cig_simpsons, PERSONAS["cooperative"], profile)
    q = reference_question(cig_simpsons, "format")
    assert q == "Which format do you mean?"  # the cheaper reference question
    expected = 1 - profile.token_cost * (count_tokens(q) + count_tokens("April 19, 1987"))
    assert p.value() == pytest.approx(expected)
    assert p.baseline_value() == pytest.approx(0.5 - profile.token_cost * count_tokens("April 19, 1987"))
    d = p.decide([], 0, 0)
    assert d.kind == "ask" and d.variable == "format"
    d2 = p.decide([("format", "half-hour series")], 1, 0)
    assert d2.kind == "answer" and d2.intent_id == "series"
    # The paper's accounting (default): the reference commits without tokens, asks still cost theirs.
    paper = Planner(cig_simpsons, PERSONAS["cooperative"], get_profile("default"))
    assert paper.value() == pytest.approx(1 - profile.token_cost * count_tokens(q))
    assert paper.baseline_value() == pytest.approx(0.5)


def test_asking_is_not_worth_it_when_tokens_cost_more_than_the_margin(cig_simpsons):
    expensive = CostProfile(name="x", version="1", token_cost=0.2)
    p = Planner(cig_simpsons, PERSONAS["cooperative"], expensive)
    assert p.decide([], 0, 0).kind == "answer"
    assert p.value() == pytest.approx(p.baseline_value())


def test_no_ask_after_the_horizon_or_patience(cig_rookie):
    p = Planner(cig_rookie, PERSONAS["vague"], get_profile("default"), horizon=2)
    assert p.decide([], 2, 0).kind == "answer"
    assert p.decide([], 0, PERSONAS["vague"].patience or 0).kind == "answer"


def test_planner_is_exact_not_greedy():
    """A CIG where the greedy one-step choice is wrong: `coarse` halves the intents cheaply but needs a second
    question; `fine` costs more tokens but identifies the intent at once. With horizon 1 only `fine` pays."""
    intents = [{"intent_id": f"i{t}", "description": f"i{t}", "answer_aliases": [f"a{t}"],
                "slots": {"coarse": "x" if t < 2 else "y", "fine": f"f{t}"}} for t in range(4)]
    cig = CIG.model_validate({
        "cig_id": "g", "prompt": "p?", "intents": intents,
        "variables": [{"name": "coarse", "values": ["x", "y"]}, {"name": "fine", "values": ["f0", "f1", "f2", "f3"]}],
        "actions": [{"action": "ask:coarse", "reference_questions": ["x or y?"]},
                    {"action": "ask:fine", "reference_questions": ["Which of the four exact variants f do you mean?"]}],
    })
    p = Planner(cig, PERSONAS["cooperative"], get_profile("default"), horizon=1)
    assert p.decide([], 0, 0).variable == "fine"
    assert p.value() == pytest.approx(float(brute_force(cig, PERSONAS["cooperative"], get_profile("default"), 1)))


def test_planner_scales_to_converted_sizes():
    rng = random.Random(3)
    cig = random_cig(rng, 9, 2)
    p = Planner(cig, PERSONAS["contradictory"], get_profile("default"))
    v = p.value()
    assert p.baseline_value() - 1e-12 <= v <= 1.0
    assert all(len(key[0]) <= 5 for key in itertools.islice(p._memo, 1000))
