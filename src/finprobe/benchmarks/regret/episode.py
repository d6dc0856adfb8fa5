"""One RegretBench episode (DESIGN §5; RegretBench §4.1): an assistant, a hidden intent, a simulated user.

The assistant is any async callable `messages -> str | ModelCall` (a RoleModel's `generate`, a baseline
policy, the reference planner). Each turn its reply is classified ASK / ANSWER; an ASK is mapped to a
supported action (or unsupported) and answered by the persona simulator; an ANSWER is matched to an
intent. At most `horizon` asks: an ask beyond it, or after the user's patience ran out, is not answered —
the runtime demands a final answer (a forced terminal answer, penalised); a further ask ends the episode
without an answer. Reward R = U − C − P under the cost profile, C = λ · assistant tokens (of the question
or final response each turn, `count_tokens`; `token_source="usage"` takes the backend's output tokens).
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Literal

from pydantic import BaseModel, Field

from finprobe.benchmarks.regret._text import count_tokens
from finprobe.benchmarks.regret.cig import CIG
from finprobe.benchmarks.regret.mapper import ActionMapper, MappedAction
from finprobe.benchmarks.regret.matching import IntentMatch, match_intent
from finprobe.benchmarks.regret.persona import Observation, Persona, UserSimulator, Verbaliser
from finprobe.benchmarks.regret.planner import posterior
from finprobe.benchmarks.regret.profile import CostProfile
from finprobe.benchmarks.regret.prompts import FORCE_MESSAGE, system_prompt, task_prompt
from finprobe.benchmarks.regret.replies import ReplyClassification, classify_reply
from finprobe.core.schema import Message, ModelCall

__all__ = ["Assistant", "EpisodeConfig", "EpisodeResult", "TurnRecord", "run_episode"]

Assistant = Callable[[list[Message]], Awaitable[str | ModelCall]]


class EpisodeConfig(BaseModel):
    horizon: int = Field(default=5, ge=0)
    method: str = "baseline"
    token_source: Literal["text", "usage"] = "text"


class TurnRecord(BaseModel):
    index: int
    assistant_text: str
    tokens: int
    reply: ReplyClassification
    mapped: MappedAction | None = None
    observation: Observation | None = None
    redundant: bool = False
    #: this ask came when no ask was allowed (horizon or patience): the runtime demanded an answer
    refused_ask: bool = False
    penalties: dict[str, float] = Field(default_factory=dict)


class EpisodeResult(BaseModel):
    """Everything needed for the transcript and the score of one rollout."""

    cig_id: str
    intent_id: str
    rollout: int
    persona: str
    profile: str
    horizon: int
    method: str
    turns: list[TurnRecord] = Field(default_factory=list)
    messages: list[Message] = Field(default_factory=list)
    final_answer: str | None = None
    match: IntentMatch | None = None
    predicted_intent: str | None = None
    #: "answered" | "forced" (answered after the runtime demanded it) | "no_answer"
    outcome: str = "no_answer"
    success: bool = False
    utility: float = 0.0
    cost: float = 0.0
    penalty: float = 0.0
    reward: float = 0.0
    tokens: int = 0
    asks: int = 0
    unsupported_asks: int = 0
    forced_terminal: bool = False
    refusal: bool = False
    penalty_events: dict[str, int] = Field(default_factory=dict)


def _text_and_tokens(out: str | ModelCall) -> tuple[str, int | None]:
    if isinstance(out, ModelCall):
        return out.output or "", (out.usage.output_tokens or None)
    return str(out), None


async def run_episode(
    cig: CIG,
    intent_id: str,
    assistant: Assistant,
    *,
    persona: Persona,
    profile: CostProfile,
    mapper: ActionMapper,
    rng: random.Random,
    config: EpisodeConfig | None = None,
    rollout: int = 0,
    verbaliser: Verbaliser | None = None,
) -> EpisodeResult:
    """Play one rollout against hidden intent `intent_id`. Assistant errors propagate (the runner records them)."""
    cfg = config or EpisodeConfig()
    intent = cig.intent(intent_id)
    sim = UserSimulator(cig, intent, persona, rng, verbaliser)
    res = EpisodeResult(cig_id=cig.cig_id, intent_id=intent_id, rollout=rollout, persona=persona.name,
                        profile=profile.label, horizon=cfg.horizon, method=cfg.method)
    res.messages = [Message(role="system", content=system_prompt(cfg.method, cfg.horizon)),
                    Message(role="user", content=task_prompt(cig))]
    informative: list[tuple[str, str]] = []
    demanded = False  # the runtime has demanded a final answer

    def charge(turn: TurnRecord, event: str) -> None:
        w = profile.penalty(event)
        turn.penalties[event] = turn.penalties.get(event, 0.0) + w
        res.penalty_events[event] = res.penalty_events.get(event, 0) + 1

    while True:
        out = await assistant(list(res.messages))
        raw, usage_tokens = _text_and_tokens(out)
        reply = classify_reply(raw)
        tokens = usage_tokens if (cfg.token_source == "usage" and usage_tokens) else count_tokens(reply.text)
        turn = TurnRecord(index=len(res.turns), assistant_text=raw, tokens=tokens, reply=reply)
        res.turns.append(turn)
        res.tokens += tokens
        res.messages.append(Message(role="assistant", content=raw))
        if reply.kind == "ANSWER":
            res.final_answer = reply.text
            res.match = match_intent(reply.text, cig)
            res.predicted_intent = res.match.intent_id
            res.outcome = "forced" if demanded else "answered"
            if reply.refusal and res.predicted_intent is None:
                res.refusal = True
                charge(turn, "refusal")
            break
        if demanded:  # asked again after the runtime demanded an answer: the episode ends unanswered
            res.outcome = "no_answer"
            break
        if res.asks >= cfg.horizon or sim.exhausted:
            demanded = True
            turn.refused_ask = True
            res.forced_terminal = True
            charge(turn, "forced_terminal")
            res.messages.append(Message(role="user", content=FORCE_MESSAGE))
            continue
        res.asks += 1
        mapped = mapper.map(reply.text, cig)
        turn.mapped = mapped
        redundant = False
        if mapped.variable is not None:
            redundant = max(posterior(cig, persona, informative)) >= profile.resolved_threshold - 1e-12
        turn.redundant = redundant
        obs = await sim.reply(mapped.variable, redundant=redundant)
        turn.observation = obs
        if obs.type == "unsupported":
            res.unsupported_asks += 1
            charge(turn, "unsupported")
        elif obs.type == "uncertain":
            charge(turn, "uncertain")
        elif obs.type == "off_topic":
            charge(turn, "off_topic")
        elif obs.type == "contradict":
            charge(turn, "contradiction")
        if redundant:
            charge(turn, "redundant")
        if obs.type in ("provide_slot", "contradict"):
            assert obs.variable is not None and obs.value is not None
            informative.append((obs.variable, obs.value))
        res.messages.append(Message(role="user", content=obs.text))

    res.success = res.predicted_intent == intent_id
    res.utility = 1.0 if res.success else 0.0
    res.cost = profile.token_cost * res.tokens
    res.penalty = sum(sum(t.penalties.values()) for t in res.turns)
    res.reward = res.utility - res.cost - res.penalty
    return res
