import random

from finprobe.core.actions import ActionSpec, ArgSpec
from finprobe.core.agent import EnvResult, LoopConfig, action_text, run_react
from finprobe.core.benchmark import EpisodeContext, FamilyOptions, RoleModel
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import Action, GenerateConfig, ModelCall, Outcome, Sample, StepKind, Transcript


class Env:
    def __init__(self, refuse_answers: int = 0):
        self.refuse_answers = refuse_answers
        self.seen: list[Action] = []

    def actions(self):
        return [ActionSpec(name="search", description="s", args=[ArgSpec(name="query")]),
                ActionSpec(name="answer", description="a", args=[ArgSpec(name="value")])]

    async def step(self, action):
        self.seen.append(action)
        if action.name == "answer":
            if self.refuse_answers > 0:
                self.refuse_answers -= 1
                return EnvResult(observation="not yet", refused=True)
            return EnvResult(observation="ok", done=True, final=action.args)
        return EnvResult(observation=f"results for {action.args['query']}")


async def _direct_call(role, backend, messages, config, transcript):
    out = await backend.generate(messages, config)
    call = ModelCall(role=role, backend=backend.kind, model=backend.model, messages=messages, config=config,
                     output=out.text, finish_reason=out.finish_reason, usage=out.usage)
    transcript.calls.append(call)
    return call


def ctx_for(model):
    t = Transcript()
    return EpisodeContext(sample=Sample(id="s", data={}), transcript=t, rng=random.Random(0), options=FamilyOptions(),
                          models={"agent": RoleModel("agent", model, t, GenerateConfig(), _direct_call)})


async def test_search_then_answer():
    model = ScriptedModel([action_text("search", query="q"), action_text("answer", value="42")])
    ctx = ctx_for(model)
    await run_react(ctx, "sys", "task", Env())
    t = ctx.transcript
    assert t.outcome == Outcome.answered and t.final_answer == "42"
    assert [s.kind for s in t.steps] == [StepKind.action, StepKind.action]
    assert t.info["actions"] == ["search", "answer"]
    # the observation went back to the model
    assert "results for q" in model.requests[1][0][-1].content


async def test_invalid_actions_do_not_consume_rounds_and_three_in_a_row_end():
    model = ScriptedModel(["hello", action_text("search", query="q"), "junk", "more junk", "{}"])
    ctx = ctx_for(model)
    await run_react(ctx, "sys", "task", Env(), LoopConfig(max_rounds=10))
    t = ctx.transcript
    assert t.outcome == Outcome.no_answer_invalid
    assert [s.kind for s in t.steps].count(StepKind.invalid) == 4
    assert t.info["rounds_used"] == 1
    # the agent was told why its reply was invalid
    assert "Invalid action" in model.requests[1][0][-1].content


async def test_budget_exhaustion():
    model = ScriptedModel([action_text("search", query="q")], repeat_last=True)
    ctx = ctx_for(model)
    await run_react(ctx, "sys", "task", Env(), LoopConfig(max_rounds=3))
    assert ctx.transcript.outcome == Outcome.no_answer_budget
    assert len(model.requests) == 3


async def test_refused_answer_consumes_a_round_and_is_recorded():
    model = ScriptedModel([action_text("answer", value="1")], repeat_last=True)
    ctx = ctx_for(model)
    await run_react(ctx, "sys", "task", Env(refuse_answers=2), LoopConfig(max_rounds=5))
    kinds = [s.kind for s in ctx.transcript.steps]
    assert kinds == [StepKind.refused, StepKind.refused, StepKind.action]
    assert ctx.transcript.outcome == Outcome.answered


async def test_schema_is_sent_only_to_backends_that_enforce_it():
    plain = ScriptedModel([action_text("answer", value="1")])
    await run_react(ctx_for(plain), "sys", "task", Env())
    assert plain.requests[0][1].response_schema is None
    constrained = ScriptedModel([action_text("answer", value="1")], supports_schema=True)
    await run_react(ctx_for(constrained), "sys", "task", Env())
    assert "anyOf" in constrained.requests[0][1].response_schema
