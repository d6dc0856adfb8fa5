"""The multihop episode through `core.agent.run_react`: the gold-path policy re-solves every demo chain
(deriving answers from tool results), the 0.5 rule, with/without tools, errors and the round budget."""

from __future__ import annotations

import json

import pytest
from mh_support import context_for, play

from finprobe.benchmarks.multihop import (
    EpisodeSettings,
    GoldPathPolicy,
    MarketTools,
    MultihopEnv,
    build_demo_market,
    run_chain_episode,
    score_chain,
)
from finprobe.core.agent import action_text
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import Action, Outcome, StepKind


async def test_gold_path_scores_one_on_every_demo_chain(demo_chains, db, lexicon):
    assert len(demo_chains) == 48
    for chain in demo_chains:
        t = await play(chain, GoldPathPolicy(chain), db)
        s = score_chain(chain, t, lexicon=lexicon)
        assert t.outcome == Outcome.answered and s.s_final == 1 and s.score == 1.0, (chain.id, t.final_answer)
        calls = [st for st in t.steps if st.action is not None and st.action.name != "answer"]
        assert len(calls) == sum(len(h.tool_calls) for h in chain.hops)
        assert all(st.action is not None and st.info["tool"] == st.action.name and st.info["ok"] for st in calls)
        assert all(json.loads(str(st.observation)) for st in calls)  # every call recorded with its full result
        assert t.info["time_s"] >= 0 and t.info["setting"] == "tools" and t.info["tool_calls"] == len(calls)


async def test_gold_path_derives_its_answers_instead_of_copying_them(demo_chains, db, lexicon):
    chain = next(c for c in demo_chains if c.id == "demo-L2-4hop-01-en")
    blanked = chain.model_copy(update={
        "final_answer": "?",
        "hops": [h.model_copy(update={"answer": "?", "value": None, "aliases": []}) for h in chain.hops]})
    t = await play(chain, GoldPathPolicy(blanked), db)
    assert score_chain(chain, t, lexicon=lexicon).score == 1.0
    # On another (fictional) market the same tool path gives other answers: the policy follows the tools.
    other = build_demo_market(seed=8)
    changed = 0
    for c in demo_chains[:12]:
        t2 = await play(c, GoldPathPolicy(c), other)
        changed += score_chain(c, t2, lexicon=lexicon).s_final == 0
    assert changed >= 6


async def test_intermediate_hops_right_final_wrong_scores_exactly_half(demo_chains, db, lexicon):
    chain = next(c for c in demo_chains if c.id == "demo-L2-3hop-01-en")  # Zephyrine -> 2024-10-18 -> 1,745.99
    agent = ScriptedModel([
        action_text("price", entity="ZPHR", date="2024-01-10"),
        action_text("price", entity="NRVX", date="2024-01-10"),
        "Zephyrine Semiconductor traded more shares. " + action_text("report_metric", entity="ZPHR",
                                                                      metric="revenue", period="2024Q3"),
        "It reported on 2024-10-18. " + action_text("price", entity="DSEMII", date="2024-10-18"),
        action_text("answer", value="1,802.50 points"),
    ])
    t = await play(chain, agent, db)
    s = score_chain(chain, t, lexicon=lexicon)
    assert (s.s_final, s.hits, s.s_process, s.score) == (0, [True, True], 0.5, 0.5)


async def test_a_one_hop_chain_has_no_process_credit(demo_chains, db, lexicon):
    chain = next(c for c in demo_chains if c.id == "demo-L1-1hop-01-en")
    t = await play(chain, ScriptedModel([action_text("answer", value="Zephyrine Semiconductor")]), db)
    s = score_chain(chain, t, lexicon=lexicon)
    assert (s.s_final, s.n_intermediate, s.s_process, s.score) == (0, 0, 0.0, 0.0)


async def test_without_tools_only_answer_is_offered(demo_chains, db, lexicon):
    chain = next(c for c in demo_chains if c.id == "demo-L1-1hop-01-zh")
    agent = ScriptedModel([action_text("price", entity="ZPHR", date="2024-03-05"),
                           action_text("answer", value="奎隆微芯")])
    t = await play(chain, agent, db, EpisodeSettings(setting="no_tools"))
    assert [s.kind for s in t.steps] == [StepKind.invalid, StepKind.action]
    assert "answer" in t.messages[0].content and "price(" not in t.messages[0].content
    assert "请根据你已有的知识" in t.messages[0].content  # the Chinese system prompt
    assert t.info["setting"] == "no_tools" and t.info["tool_calls"] == 0
    assert score_chain(chain, t, lexicon=lexicon).score == 1.0
    with pytest.raises(ValueError):
        MultihopEnv(None, "tools")


async def test_tool_errors_are_observations_and_the_agent_goes_on(demo_chains, db):
    chain = next(c for c in demo_chains if c.id == "demo-L1-1hop-01-en")
    agent = ScriptedModel([
        action_text("price", entity="Zephyrin", date="2024-03-05"),
        action_text("price", entity="ZPHR", date="2024-02-10"),
        '{"action": "price", "entity": "ZPHR"}',  # missing argument: an invalid action, the agent is told why
        action_text("answer", value="QLMC"),
    ])
    t = await play(chain, agent, db)
    assert [s.kind for s in t.steps] == [StepKind.action, StepKind.action, StepKind.invalid, StepKind.action]
    assert t.steps[0].info == {"tool": "price", "args": {"entity": "Zephyrin", "date": "2024-03-05"}, "ok": False,
                               "code": "unknown_entity", "elapsed_s": t.steps[0].info["elapsed_s"]}
    assert "did you mean" in str(t.steps[0].observation) and "not a trading day" in str(t.steps[1].observation)
    assert "needs the argument 'date'" in str(t.steps[2].error)
    assert t.info["failed_tool_calls"] == 2 and t.outcome == Outcome.answered


async def test_the_round_budget_is_42_by_default(demo_chains, db):
    chain = demo_chains[0]
    agent = ScriptedModel([action_text("trading_day", date="2024-03-05", offset=1)], repeat_last=True)
    t = await play(chain, agent, db)
    assert t.outcome == Outcome.no_answer_budget and t.info["rounds_used"] == 42 == t.info["max_rounds"]
    assert score_chain(chain, t).score == 0.0


async def test_env_step_directly(db):
    env = MultihopEnv(MarketTools(db))
    r = await env.step(Action(name="answer", args={"value": " 42 yuan "}))
    assert r.done and r.final == {"value": "42 yuan"}
    r = await env.step(Action(name="trading_day", args={"date": "2024-02-08", "offset": 1}))
    assert not r.done and json.loads(r.observation)["result"] == "2024-02-19" and r.info["ok"]


async def test_run_chain_episode_records_context_info(demo_chains, db):
    chain = demo_chains[5]
    ctx = context_for(GoldPathPolicy(chain), chain.id)
    env = await run_chain_episode(ctx, chain, MarketTools(db, language=chain.language), market_name="demo")
    info = ctx.transcript.info
    assert (info["chain"], info["K"], info["level"], info["language"]) == (chain.id, chain.k, chain.level,
                                                                           chain.language)
    assert env.calls == info["tool_calls"] and "demo" in ctx.transcript.messages[0].content
