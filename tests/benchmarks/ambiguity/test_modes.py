"""Every mode runs on the demo with a scripted agent, and each mode's rule is enforced by the environment."""

from __future__ import annotations

import json
import re

import pytest
from amb_eval_support import DEMO, agent_actions, answer, instance_of, last_observation, records, run, scripted

from finprobe.benchmarks.ambiguity import BENCHMARK
from finprobe.benchmarks.ambiguity.categories import CATEGORIES, CATEGORY_FIELD
from finprobe.benchmarks.ambiguity.environment import GENERIC_PRECHECK_DESCRIPTION
from finprobe.benchmarks.ambiguity.modes import MODES
from finprobe.benchmarks.ambiguity.templates import template_question
from finprobe.core.agent import action_text
from finprobe.core.schema import Outcome, StepKind

FIRST = "amb-demo-001"


def offers(messages, name: str) -> bool:
    return f'{{"action": "{name}"' in messages[0].content


def sensible(messages) -> str:
    """A well-behaved scripted agent: precheck, search, one on-category ask, then answer A."""
    inst = instance_of(messages)
    acts = agent_actions(messages)
    gold_q = template_question(inst, inst.primary_category).question
    if "Refused [ask_required]" in last_observation(messages) or "Refused [state_unresolved]" in last_observation(messages):
        return action_text("interact", question=gold_q)
    if offers(messages, "precheck") and "precheck" not in acts:
        if GENERIC_PRECHECK_DESCRIPTION in messages[0].content:
            # the generic control settles a point only with a question about it: name the point in words
            return action_text("precheck", unknown=template_question(inst, inst.primary_category, "intended").value)
        return action_text("precheck", unknown=CATEGORY_FIELD[inst.primary_category])
    if offers(messages, "search") and "search" not in acts:
        return action_text("search", query=inst.question)
    if offers(messages, "interact") and "interact" not in acts:
        return action_text("interact", question=gold_q)
    return answer(inst.answer)


def test_all_modes_are_listed():
    names = {m.name for m in BENCHMARK.modes()}
    assert names == set(MODES)
    assert {"answer-only", "answer+search", "answer+search+interact", "forced-interaction", "always-ask",
            "context-oracle", "interpretation-oracle", "template-oracle", "category-oracle", "category-aware",
            "generic-structured", "oracle-retrieval"} == names


@pytest.mark.parametrize("mode", sorted(MODES))
async def test_every_mode_runs_on_the_demo(tmp_path, mode):
    result = await run(tmp_path, mode=mode, backend=scripted(sensible))
    m = result.metrics
    assert m["errors"] == 0 and m["n_scored"] == len(DEMO)
    assert m["accuracy"] == 1.0
    for rec in records(tmp_path).values():
        assert rec.transcript.info["mode"] == mode
        assert rec.transcript.outcome == Outcome.answered


def test_mode_options_are_validated():
    with pytest.raises(ValueError, match="unknown ambiguity mode"):
        BENCHMARK.check_config("nope", BENCHMARK.parse_options({}))
    with pytest.raises(ValueError, match="max_rounds"):
        BENCHMARK.check_config("forced-interaction", BENCHMARK.parse_options({"max_rounds": 4}))
    BENCHMARK.check_config("forced-interaction", BENCHMARK.parse_options({"max_rounds": 5}))
    with pytest.raises(ValueError, match="needs a mode with search"):
        BENCHMARK.check_config("answer-only", BENCHMARK.parse_options({"oracle_retrieval": True}))
    with pytest.raises(ValueError, match="unknown ambiguity option"):
        BENCHMARK.check_config(None, BENCHMARK.parse_options({"bogus": 1}))


# --------------------------------------------------------------------------- gated answers
async def test_forced_interaction_refuses_early_answers(tmp_path):
    eager = scripted(lambda messages: answer(instance_of(messages).answer))
    await run(tmp_path, mode="forced-interaction", backend=eager, limit=2)
    for rec in records(tmp_path).values():
        t = rec.transcript
        assert t.outcome == Outcome.no_answer_budget and t.final_answer is None
        assert len(t.steps) == 10 and all(s.kind == StepKind.refused for s in t.steps)
        assert all(s.info["refused"] == "ask_required" for s in t.steps)
        assert rec.score.passed is False


async def test_forced_interaction_accepts_after_n_asks(tmp_path):
    def patient(messages):
        if "Refused [ask_required]" in last_observation(messages):
            return action_text("interact", question="Do you mean the consolidated figure?")
        return answer(instance_of(messages).answer)

    await run(tmp_path / "n4", mode="forced-interaction", backend=scripted(patient), limit=1)
    t = records(tmp_path / "n4")[FIRST].transcript
    assert [s.kind for s in t.steps] == [StepKind.refused, StepKind.action] * 4 + [StepKind.action]
    assert t.outcome == Outcome.answered and t.info["asks"] == 4
    await run(tmp_path / "n2", mode="forced-interaction", backend=scripted(patient), limit=1,
              options={"forced_n": 2})
    t = records(tmp_path / "n2")[FIRST].transcript
    assert t.info["asks"] == 2 and t.outcome == Outcome.answered and t.info["min_asks"] == 2


async def test_always_ask_requires_one_ask(tmp_path):
    def once(messages):
        if "Refused [ask_required]" in last_observation(messages):
            return action_text("interact", question="Is it the whole company?")
        return answer(instance_of(messages).answer)

    await run(tmp_path, mode="always-ask", backend=scripted(once), limit=2)
    for rec in records(tmp_path).values():
        kinds = [s.kind for s in rec.transcript.steps]
        assert kinds == [StepKind.refused, StepKind.action, StepKind.action]
        assert rec.transcript.steps[0].info == {"refused": "ask_required", "asks": 0, "required": 1}
        assert rec.transcript.outcome == Outcome.answered


async def test_template_oracle_inserts_the_gold_template_qa(tmp_path):
    agent = scripted(lambda messages: answer(instance_of(messages).answer))
    result = await run(tmp_path, mode="template-oracle", backend=agent)
    for rec in records(tmp_path).values():
        inst = DEMO[rec.sample_id]
        t = rec.transcript
        note = t.steps[0]
        gold = template_question(inst, inst.primary_category, "intended")
        assert note.kind == StepKind.note and note.info["inserted_by"] == "template-oracle"
        assert note.action.args["question"] == gold.question and note.info["category"] == inst.primary_category
        assert json.loads(t.messages[2].content) == {"action": "interact", "question": gold.question}
        assert t.messages[3].content == f"Observation: User: {note.info['reply']}"
        assert note.info["reply"] == "yes"
    # the agent saw the inserted Q&A before its first reply; the inserted ask is not the agent's ask
    assert all(len(req[0]) == 4 for req in agent.requests)
    assert result.metrics["interaction_rate"] == 0.0


async def test_category_aware_gates_the_answer_on_the_state(tmp_path):
    inst = DEMO[FIRST]
    gold = template_question(inst, "entity_scope").question
    script = [
        answer(inst.answer),                                        # refused: precheck first
        action_text("interact", question=gold),                     # refused: precheck first
        action_text("precheck", unknown="revenue"),                 # refused: not a field
        action_text("precheck", unknown="entity, period"),
        answer(inst.answer),                                        # refused: state unresolved
        action_text("interact", question=gold),                     # settles entity (yes)
        action_text("interact", question="For the reporting period, do you mean fiscal year 2023?"),
        answer(inst.answer),                                        # accepted
    ]
    from finprobe.core.models.scripted import ScriptedModel
    await run(tmp_path, mode="category-aware", backend=ScriptedModel(script), limit=1)
    t = records(tmp_path)[FIRST].transcript
    codes = [s.info.get("refused") for s in t.steps]
    assert codes == ["precheck_required", "precheck_required", "precheck_invalid", None, "state_unresolved",
                     None, None, None]
    assert t.steps[3].info["state"]["items"] == [{"name": "entity", "status": "unknown"},
                                                 {"name": "period", "status": "unknown"}]
    assert "Next: one yes/no question about entity" in t.steps[3].observation
    assert t.steps[4].info["unresolved"] == ["entity", "period"]
    assert t.steps[5].info["settles"] == "entity" and t.steps[6].info["settles"] == "period"
    state = t.info["state"]
    assert state["items"][0]["status"] == "resolved" and state["items"][0]["reply"] == "yes"
    assert state["items"][1]["status"] in ("resolved", "declined")
    assert state["known"] == ["metric", "basis", "vintage"]
    assert t.outcome == Outcome.answered and t.info["asks"] == 2
    # the system prompt names the categories' fields
    assert "entity" in t.messages[0].content and "vintage" in t.messages[0].content


async def test_category_aware_precheck_none_allows_an_immediate_answer(tmp_path):
    from finprobe.core.models.scripted import ScriptedModel
    inst = DEMO[FIRST]
    await run(tmp_path, mode="category-aware", limit=1,
              backend=ScriptedModel([action_text("precheck", unknown="none"), answer(inst.default_answer)]))
    t = records(tmp_path)[FIRST].transcript
    assert t.outcome == Outcome.answered and t.info["state"]["items"] == []


async def test_generic_structured_has_the_structure_without_category_names(tmp_path):
    inst = DEMO[FIRST]
    from finprobe.core.models.scripted import ScriptedModel
    script = [answer(inst.answer), action_text("precheck", unknown="which part of the company; which year"),
              answer(inst.answer), action_text("interact", question="Do you mean the wholesale part?"),
              # a point is settled only by a question about it (shares a word with it): "year"
              action_text("interact", question="Do you mean the fiscal year 2023?"), answer(inst.answer)]
    await run(tmp_path, mode="generic-structured", backend=ScriptedModel(script), limit=1)
    t = records(tmp_path)[FIRST].transcript
    system = t.messages[0].content.lower()
    for cat in CATEGORIES.values():
        for word in (cat.name, cat.title.lower(), cat.field, cat.name.replace("_", " ")):
            assert not re.search(rf"\b{re.escape(word)}\b", system), word
    assert [s.info.get("refused") for s in t.steps] == ["precheck_required", None, "state_unresolved", None, None, None]
    items = t.info["state"]["items"]
    assert [it["point"] for it in items] == ["which part of the company", "which year"]
    assert all(it["status"] in ("resolved", "declined") for it in items)
    assert t.outcome == Outcome.answered


# --------------------------------------------------------------------------- prompt oracles
async def test_context_oracle_prompt_holds_c_and_both_spans_shuffled(tmp_path):
    agent = scripted(lambda messages: answer(instance_of(messages).answer))
    await run(tmp_path / "a", mode="context-oracle", backend=agent)
    await run(tmp_path / "b", mode="context-oracle", backend=scripted(lambda m: answer(instance_of(m).answer)))
    orders = []
    for rec in records(tmp_path / "a").values():
        inst, t = DEMO[rec.sample_id], rec.transcript
        task = t.messages[1].content
        assert inst.context in task
        assert inst.intended_evidence_span in task and inst.default_evidence_span in task
        order = t.info["prompt_added"]["evidence_order"]
        assert sorted(order) == ["default", "intended"]
        first_span = inst.intended_evidence_span if order[0] == "intended" else inst.default_evidence_span
        other = inst.default_evidence_span if order[0] == "intended" else inst.intended_evidence_span
        assert task.index(first_span) < task.index(other)
        orders.append(order[0])
        # seeded: the same run config gives the same order
        assert records(tmp_path / "b")[rec.sample_id].transcript.info["prompt_added"] == t.info["prompt_added"]
        assert not offers(t.messages, "search") and not offers(t.messages, "interact")
    assert set(orders) == {"intended", "default"}


async def test_interpretation_and_category_oracle_prompts(tmp_path):
    agent = scripted(lambda messages: answer(instance_of(messages).answer))
    await run(tmp_path / "i", mode="interpretation-oracle", backend=agent)
    await run(tmp_path / "c", mode="category-oracle", backend=scripted(sensible))
    await run(tmp_path / "d", mode="answer+search+interact", backend=scripted(sensible), limit=3)
    for rec in records(tmp_path / "i").values():
        inst, task = DEMO[rec.sample_id], rec.transcript.messages[1].content
        for value in inst.intended_interpretation.values().values():
            assert value in task
        assert inst.context not in task and (inst.intended_evidence_span or "@@") not in task
    for rec in records(tmp_path / "c").values():
        assert DEMO[rec.sample_id].primary_category in rec.transcript.messages[1].content
    for rec in records(tmp_path / "d").values():
        assert DEMO[rec.sample_id].primary_category not in rec.transcript.messages[1].content


# --------------------------------------------------------------------------- search and oracle retrieval
def _searcher(query_of):
    def fn(messages):
        if "search" not in agent_actions(messages):
            return action_text("search", query=query_of(instance_of(messages)))
        return answer(instance_of(messages).answer)
    return fn


async def test_oracle_retrieval_puts_the_own_passage_first_and_says_so(tmp_path):
    other = DEMO["amb-demo-002"]
    await run(tmp_path / "o", mode="oracle-retrieval", backend=scripted(_searcher(lambda i: other.question)))
    await run(tmp_path / "s", mode="answer+search", backend=scripted(_searcher(lambda i: other.question)))
    moved = 0
    for sid, rec in records(tmp_path / "o").items():
        step = rec.transcript.steps[0]
        assert step.info["oracle_retrieval"] is True and step.info["hits"][0] == DEMO[sid].passage_id
        assert rec.transcript.info["oracle_retrieval"] is True
        plain = records(tmp_path / "s")[sid].transcript.steps[0]
        assert plain.info["oracle_retrieval"] is False
        moved += plain.info["hits"][:1] != [DEMO[sid].passage_id]
    assert moved >= len(DEMO) - 1  # plain BM25 ranks the other company's passage first


async def test_search_never_returns_the_context(tmp_path):
    await run(tmp_path, mode="answer+search", backend=scripted(_searcher(lambda i: i.context)))
    for sid, rec in records(tmp_path).items():
        obs = rec.transcript.steps[0].observation
        assert DEMO[sid].context not in obs


async def test_answer_only_offers_only_the_answer(tmp_path):
    from finprobe.core.models.scripted import ScriptedModel
    inst = DEMO[FIRST]
    await run(tmp_path, mode="answer-only", limit=1,
              backend=ScriptedModel([action_text("search", query="x"), answer(inst.answer)]))
    t = records(tmp_path)[FIRST].transcript
    assert t.steps[0].kind == StepKind.invalid and t.steps[0].info["reason"] == "unknown_action"
    assert t.outcome == Outcome.answered and t.info["rounds_used"] == 1  # the invalid action used no round


async def test_category_precheck_ignores_filler_words_but_needs_a_field(tmp_path):
    from finprobe.core.models.scripted import ScriptedModel
    inst = DEMO[FIRST]
    script = [action_text("precheck", unknown="the revenue"), action_text("precheck", unknown="the entity and period"),
              action_text("interact", question="Is it the segment?"),
              action_text("interact", question="Is it the calendar year?"),
              answer(inst.answer)]
    await run(tmp_path, mode="category-aware", backend=ScriptedModel(script), limit=1)
    t = records(tmp_path)[FIRST].transcript
    assert t.steps[0].info["refused"] == "precheck_invalid"
    assert [it["name"] for it in t.steps[1].info["state"]["items"]] == ["entity", "period"]
    assert t.steps[1].info["ignored"] == ["the", "and"]
    assert t.outcome == Outcome.answered
