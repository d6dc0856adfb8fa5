"""The reference planner and the immediate-answer baseline as assistants that talk through text.

They see only the conversation, like any model: they reconstruct their state from it (their own questions
are their reference questions; a user reply that names exactly one value of the asked variable is that
observation, anything else is an unhelpful reply; the runtime's demand for an answer and the user's
end-of-patience message end the asking). With the template verbaliser this recovers the simulator's
semantic observations exactly, so the planner's measured reward estimates its planned value.
`PolicyBackend` wraps either as a `ModelBackend` (kind "policy") for the engine's baseline agents.
"""

from __future__ import annotations

import json

from finprobe.benchmarks.regret._text import count_tokens, mentions, norm
from finprobe.benchmarks.regret.cig import CIG
from finprobe.benchmarks.regret.persona import PATIENCE_END, Persona
from finprobe.benchmarks.regret.planner import Planner, answer_text, posterior, reference_question
from finprobe.benchmarks.regret.profile import CostProfile
from finprobe.benchmarks.regret.prompts import FORCE_MESSAGE
from finprobe.benchmarks.regret.replies import classify_reply
from finprobe.core.models._base import ModelOutput
from finprobe.core.schema import GenerateConfig, Message, Usage

__all__ = ["ImmediatePolicy", "PlannerPolicy", "PolicyBackend", "ask_json", "answer_json"]


def ask_json(question: str) -> str:
    return json.dumps({"type": "ASK", "question_text": question}, ensure_ascii=False)


def answer_json(response: str) -> str:
    return json.dumps({"type": "ANSWER", "final_response": response}, ensure_ascii=False)


class PlannerPolicy:
    """The exact planner playing the episode: `await policy(messages) -> str`."""

    name = "planner"

    def __init__(self, cig: CIG, persona: Persona, profile: CostProfile, horizon: int = 5,
                 planner: Planner | None = None):
        self.cig = cig
        self.persona = persona
        self.profile = profile
        self.planner = planner or Planner(cig, persona, profile, horizon)
        self._question_var = {reference_question(cig, v.name): v.name for v in cig.variables}

    def _state(self, messages: list[Message]) -> tuple[list[tuple[str, str]], int, int, bool]:
        """(informative observations, asks, unhelpful turns, must answer) read from the conversation."""
        obs: list[tuple[str, str]] = []
        asks = unhelpful = 0
        must_answer = False
        convo = [m for m in messages if m.role in ("assistant", "user")]
        for i, m in enumerate(convo):
            if m.role != "assistant":
                continue
            reply = classify_reply(m.content)
            if reply.kind != "ASK":
                continue
            nxt = convo[i + 1].content if i + 1 < len(convo) else ""
            if nxt.strip() == FORCE_MESSAGE:
                must_answer = True
                continue
            asks += 1
            var = self._question_var.get(reply.text)
            redundant = var is not None and max(posterior(self.cig, self.persona, obs)) >= \
                self.profile.resolved_threshold - 1e-12
            stated = []
            if var is not None:
                text = norm(nxt)
                stated = [v for v in self.cig.variable(var).values if mentions(text, v)]
                # "Season 1" is not stated when only "Season 11" is: keep values not inside a longer one.
                stated = [v for v in stated if not any(v != w and norm(v) in norm(w) for w in stated)]
            if len(stated) == 1:
                assert var is not None
                obs.append((var, stated[0]))
                unhelpful += 1 if redundant else 0
            else:
                unhelpful += 1
            if PATIENCE_END in nxt:
                must_answer = True
        return obs, asks, unhelpful, must_answer

    async def __call__(self, messages: list[Message]) -> str:
        obs, asks, unhelpful, must_answer = self._state(messages)
        decision = self.planner.decide(obs, asks, unhelpful)
        if decision.kind == "ask" and not must_answer:
            assert decision.variable is not None
            return ask_json(reference_question(self.cig, decision.variable))
        if decision.kind == "ask":  # cannot ask any more: answer with the best intent now
            counts_decision = self.planner.decide(obs, self.planner.horizon, unhelpful)
            intent_id = counts_decision.intent_id
        else:
            intent_id = decision.intent_id
        assert intent_id is not None
        return answer_json(answer_text(self.cig.intent(intent_id)))


class ImmediatePolicy:
    """Answers at once with the intent of highest prior expected reward (the MAP intent, shortest answer)."""

    name = "immediate"

    def __init__(self, cig: CIG, persona: Persona, profile: CostProfile, horizon: int = 5):
        self.cig = cig
        self._decision = Planner(cig, persona, profile, horizon).baseline_decision()

    async def __call__(self, messages: list[Message]) -> str:
        assert self._decision.intent_id is not None
        return answer_json(answer_text(self.cig.intent(self._decision.intent_id)))


class PolicyBackend:
    """A policy as a `ModelBackend` (per sample), for the engine's `--agent planner|immediate`."""

    kind = "policy"
    cacheable = False
    supports_schema = False

    def __init__(self, policy: PlannerPolicy | ImmediatePolicy):
        self.policy = policy
        self.model = policy.name

    async def generate(self, messages: list[Message], config: GenerateConfig) -> ModelOutput:
        text = await self.policy(messages)
        return ModelOutput(text=text, finish_reason="stop",
                           usage=Usage(output_tokens=count_tokens(classify_reply(text).text)))

    async def aclose(self) -> None:
        return None
