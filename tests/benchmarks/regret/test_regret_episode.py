"""Episodes: the planner's measured reward against its planned value, the baseline, penalties, horizon,
patience, refusals, verbalisers and reproducibility."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from regret_fixtures import rookie, simpsons

from finprobe.benchmarks.regret import (
    FORCE_MESSAGE,
    PERSONAS,
    ActionMapper,
    EpisodeConfig,
    ImmediatePolicy,
    Persona,
    Planner,
    PlannerPolicy,
    PolicyBackend,
    get_profile,
    run_episode,
)
from finprobe.benchmarks.regret.persona import PATIENCE_END, UNSUPPORTED_REPLY
from finprobe.core.schema import GenerateConfig, Message, ModelCall, Usage

#: the reference pays for its answer like any assistant, so its episodes must reproduce its plan exactly
PROFILE = get_profile("full-cost")
MAPPER = ActionMapper("lexical")


async def play(cig, intent, assistant, persona=PERSONAS["cooperative"], seed=0, **kw):
    return await run_episode(cig, intent, assistant, persona=persona, profile=PROFILE, mapper=MAPPER,
                             rng=random.Random(seed), **kw)


async def test_cooperative_planner_episodes_equal_the_planned_value_exactly():
    for cig in (simpsons(), rookie()):
        planner = Planner(cig, PERSONAS["cooperative"], PROFILE)
        policy = PlannerPolicy(cig, PERSONAS["cooperative"], PROFILE, planner=planner)
        per = planner.intent_values()
        for intent in cig.intents:
            res = await play(cig, intent.intent_id, policy)
            assert res.success and res.reward == pytest.approx(per[intent.intent_id], abs=1e-12)
            assert res.penalty == 0 and not res.forced_terminal


async def test_under_the_papers_accounting_the_planner_played_pays_only_its_answer_tokens_more():
    """default@2 values the reference as the paper does (its commitment costs no tokens): the planner played as an
    assistant is charged its answer's tokens, so its reward is the planned value minus λ·tokens(answer)."""
    from finprobe.benchmarks.regret._text import count_tokens
    from finprobe.benchmarks.regret.planner import answer_text

    paper = get_profile("default")
    assert paper.label == "default@2" and not paper.reference_answer_tokens
    for cig in (simpsons(), rookie()):
        planner = Planner(cig, PERSONAS["cooperative"], paper)
        policy = PlannerPolicy(cig, PERSONAS["cooperative"], paper, planner=planner)
        per = planner.intent_values()
        for intent in cig.intents:
            res = await run_episode(cig, intent.intent_id, policy, persona=PERSONAS["cooperative"], profile=paper,
                                    mapper=MAPPER, rng=random.Random(0))
            gap = paper.token_cost * count_tokens(answer_text(intent))
            assert res.success and res.reward == pytest.approx(per[intent.intent_id] - gap, abs=1e-12)


@pytest.mark.parametrize("persona", ["vague", "contradictory", "vague-strict", "contradictory-strict"])
async def test_planner_mean_reward_matches_its_plan_within_sampling_error(persona):
    cig = rookie()
    p = PERSONAS[persona]
    planner = Planner(cig, p, PROFILE)
    policy = PlannerPolicy(cig, p, PROFILE, planner=planner)
    rewards = []
    for seed in range(400):
        intent = cig.intents[seed % len(cig.intents)].intent_id
        rewards.append((await play(cig, intent, policy, persona=p, seed=seed)).reward)
    se = statistics.stdev(rewards) / math.sqrt(len(rewards))
    assert abs(statistics.mean(rewards) - planner.value()) < 4 * se + 1e-9


async def test_immediate_baseline_gets_its_expected_value():
    cig = rookie()
    policy = ImmediatePolicy(cig, PERSONAS["cooperative"], PROFILE)
    results = [await play(cig, i.intent_id, policy) for i in cig.intents]
    assert sum(r.success for r in results) == 1
    assert statistics.mean(r.reward for r in results) == pytest.approx(
        Planner(cig, PERSONAS["cooperative"], PROFILE).baseline_value())
    assert all(r.asks == 0 for r in results)


def scripted(*replies):
    it = iter(replies)

    async def assistant(messages: list[Message]) -> str:
        return next(it)

    return assistant


async def test_unsupported_asks_are_penalised_and_use_up_patience():
    cig = simpsons()
    persona = Persona(name="p2", patience=2)
    res = await play(cig, "short", scripted("Can you tell me more?", "What do you want exactly?",
                                             "Could you clarify?", "It first aired on April 19, 1987."),
                     persona=persona)
    assert [t.observation.type for t in res.turns[:2]] == ["unsupported", "unsupported"]
    assert res.turns[0].observation.text == UNSUPPORTED_REPLY
    assert PATIENCE_END in res.turns[1].observation.text  # patience used up at the second unhelpful turn
    assert res.turns[2].refused_ask and res.messages[-2].content == FORCE_MESSAGE
    assert res.forced_terminal and res.outcome == "forced" and res.success
    assert res.penalty_events == {"unsupported": 2, "forced_terminal": 1}
    assert res.penalty == pytest.approx(2 * PROFILE.unsupported + PROFILE.forced_terminal)
    assert res.unsupported_asks == 2 and res.asks == 2


async def test_asking_past_the_horizon_forces_an_answer_then_ends_unanswered():
    cig = simpsons()
    always_ask = scripted(*["Which format do you mean?"] * 10)
    res = await play(cig, "series", always_ask, config=EpisodeConfig(horizon=2))
    assert res.asks == 2 and res.forced_terminal and res.outcome == "no_answer" and not res.success
    assert res.penalty_events["forced_terminal"] == 1
    assert res.penalty_events["redundant"] == 1  # the second ask came after the intent was resolved
    assert res.reward == pytest.approx(-res.cost - res.penalty)


async def test_refusal_is_penalised_and_scores_zero():
    res = await play(simpsons(), "short", scripted("I'm sorry, I can't answer that."))
    assert res.refusal and res.utility == 0 and res.penalty == pytest.approx(PROFILE.refusal)


async def test_hedged_answer_is_wrong_without_refusal_penalty():
    res = await play(simpsons(), "short", scripted("Either April 19, 1987 or December 17, 1989."))
    assert res.match is not None and res.match.method == "hedge"
    assert not res.success and not res.refusal and res.penalty == 0


async def test_cost_counts_the_question_and_answer_text_not_the_json_wrapper():
    ask = '{"type": "ASK", "question_text": "Which format do you mean?"}'
    answer = '```json\n{"type": "ANSWER", "final_response": "April 19, 1987"}\n```'
    res = await play(simpsons(), "short", scripted(ask, answer))
    assert res.tokens == 6 + 4 and res.cost == pytest.approx(0.010)
    assert res.turns[0].mapped.action == "ask:format" and res.turns[0].mapped.method == "lexical"


async def test_usage_tokens_when_asked_for():
    async def assistant(messages):
        return ModelCall(role="agent", backend="x", model="m", config=GenerateConfig(), output="April 19, 1987",
                         usage=Usage(output_tokens=250))

    res = await play(simpsons(), "short", assistant, config=EpisodeConfig(token_source="usage"))
    assert res.tokens == 250 and res.success


async def test_same_seed_same_episode_and_different_seed_can_differ():
    cig = rookie()
    p = PERSONAS["contradictory"]
    policy = PlannerPolicy(cig, p, PROFILE)
    a = await play(cig, "r1", policy, persona=p, seed=5)
    b = await play(cig, "r1", policy, persona=p, seed=5)
    assert a.model_dump() == b.model_dump()
    texts = {tuple(m.content for m in (await play(cig, "r1", policy, persona=p, seed=s)).messages) for s in range(20)}
    assert len(texts) > 1


async def test_llm_verbaliser_is_used_only_when_it_keeps_the_semantics():
    cig = simpsons()

    async def faithful(obs, cig_, intent):
        return f"Oh, the {obs.value}, definitely." if obs.value else "No idea, sorry."

    async def lossy(obs, cig_, intent):
        return "The other one, I think."

    ask = "Which format do you mean?"
    res = await play(cig, "short", scripted(ask, "April 19, 1987"), verbaliser=faithful)
    assert res.turns[0].observation.verbaliser == "llm" and "animated short" in res.turns[0].observation.text
    res = await play(cig, "short", scripted(ask, "April 19, 1987"), verbaliser=lossy)
    assert res.turns[0].observation.verbaliser.startswith("template")
    assert "animated short" in res.turns[0].observation.text


async def test_policy_backend_speaks_the_model_protocol():
    cig = simpsons()
    backend = PolicyBackend(PlannerPolicy(cig, PERSONAS["cooperative"], PROFILE))
    out = await backend.generate([Message(role="user", content=cig.prompt)], GenerateConfig())
    assert '"ASK"' in out.text and out.usage.output_tokens == 6
    assert backend.kind == "policy" and backend.model == "planner"
