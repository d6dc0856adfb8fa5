"""The ReAct loop shared by every family that lets an agent act: prompt, act, observe, until an answer.

A family supplies an `Environment` (which actions exist now, and what each does); the loop owns the
model calls, action parsing, the invalid-action policy and the round budget, and writes everything to
the episode's transcript. Policies (in the DESIGN's words):
- an unparseable or unknown action is invalid: recorded, the agent is told why, no round is consumed;
  after `max_consecutive_invalid` in a row the episode ends as "no answer (invalid)";
- a valid action the environment refuses now (e.g. an answer before the required asks) is recorded as
  refused and, by default, consumes a round;
- running out of rounds ends as "no answer (budget)".
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from pydantic import BaseModel, Field

from finprobe.core.actions import ActionParseError, ActionSpec, action_schema, parse_action
from finprobe.core.benchmark import EpisodeContext
from finprobe.core.schema import Action, Message, Outcome, Step, StepKind


class EnvResult(BaseModel):
    observation: str
    done: bool = False  # the episode ends here (e.g. an accepted answer)
    final: dict[str, Any] | None = None  # the final answer's arguments when done by answering
    refused: bool = False  # a valid action not allowed now; `observation` says why
    consumes_round: bool = True
    info: dict[str, Any] = Field(default_factory=dict)


class Environment(Protocol):
    def actions(self) -> list[ActionSpec]:
        """The actions the agent may take (the same list every turn; refusals are the env's job)."""
        ...

    async def step(self, action: Action) -> EnvResult: ...


class LoopConfig(BaseModel):
    role: str = "agent"
    max_rounds: int = 10
    max_consecutive_invalid: int = 3
    #: use constrained decoding (JSON schema of the actions) when the backend enforces schemas
    constrained: bool = True
    #: cap on the characters of one observation put back into the conversation (small-context models)
    max_observation_chars: int = 2000
    #: how the agent is told to format actions (appended to the system prompt)
    format_instructions: bool = True
    #: a reply that is no valid action ends the episode as the final answer (its whole text), instead of
    #: being an invalid action (the protocol of some published evaluations)
    invalid_as_answer: bool = False


def format_instructions(specs: list[ActionSpec]) -> str:
    lines = ["Reply with exactly one action as a JSON object and nothing else. Actions:"]
    for spec in specs:
        lines.append(f"- {spec.signature}: {spec.description} Example: {spec.example}")
    return "\n".join(lines)


#: (the specs, their format instructions, their action schema) by the identity of a list of specs: a family
#: hands the loop the same specs every episode, and rendering them anew cost ~5 µs per episode. The specs
#: are kept with their renderings, so an id here cannot be reused by another object while it is cached.
_RENDERED: dict[tuple[int, ...], tuple[list[ActionSpec], str, dict[str, Any]]] = {}
_RENDERED_MAX = 256


def _rendered(specs: list[ActionSpec]) -> tuple[str, dict[str, Any]]:
    """`format_instructions(specs)` and `action_schema(specs)`, cached (treat the schema as read-only)."""
    key = tuple(map(id, specs))
    hit = _RENDERED.get(key)
    if hit is None:
        if len(_RENDERED) >= _RENDERED_MAX:  # specs built per episode: never let them pile up
            _RENDERED.clear()
        hit = _RENDERED[key] = (list(specs), format_instructions(specs), action_schema(specs))
    return hit[1], hit[2]


def _invalid_feedback(exc: ActionParseError, specs: list[ActionSpec]) -> str:
    allowed = "; ".join(spec.example for spec in specs)
    return f"Invalid action ({exc}). Reply with exactly one JSON object, one of: {allowed}"


async def run_react(ctx: EpisodeContext, system_prompt: str, task_prompt: str, env: Environment,
                    config: LoopConfig | None = None) -> None:
    """Run one ReAct episode, writing messages, steps, calls and the outcome into `ctx.transcript`."""
    cfg = config or LoopConfig()
    transcript = ctx.transcript
    model = ctx.model(cfg.role)
    specs = env.actions()
    instructions, specs_schema = _rendered(specs)
    system = system_prompt
    if cfg.format_instructions:
        system = f"{system_prompt}\n\n{instructions}"
    if not transcript.messages:
        transcript.messages = [Message(role="system", content=system), Message(role="user", content=task_prompt)]
    schema = specs_schema if (cfg.constrained and model.supports_schema) else None

    rounds = 0
    invalid_in_a_row = 0
    while True:
        if rounds >= cfg.max_rounds:
            transcript.outcome = Outcome.no_answer_budget
            break
        call = await (model.generate(list(transcript.messages), response_schema=schema) if schema is not None
                      else model.generate(list(transcript.messages)))
        text = call.output or ""
        transcript.messages.append(Message(role="assistant", content=text))
        index = len(transcript.steps)
        try:
            action = parse_action(text, specs)
        except ActionParseError as exc:
            invalid_in_a_row += 1
            reason = exc.reason if call.finish_reason != "length" else f"{exc.reason}:truncated"
            if cfg.invalid_as_answer:
                transcript.steps.append(Step(index=index, kind=StepKind.invalid, raw=text, error=str(exc),
                                             info={"reason": reason, "taken_as_answer": True}))
                transcript.outcome = Outcome.answered
                transcript.final_answer = text.strip()
                transcript.final_args = {"value": text.strip(), "from_invalid_reply": True}
                break
            transcript.steps.append(Step(index=index, kind=StepKind.invalid, raw=text, error=str(exc),
                                         info={"reason": reason}))
            if invalid_in_a_row >= cfg.max_consecutive_invalid:
                transcript.outcome = Outcome.no_answer_invalid
                break
            transcript.messages.append(Message(role="user", content=_invalid_feedback(exc, specs)))
            continue
        invalid_in_a_row = 0
        result = await env.step(action)
        observation = result.observation
        if len(observation) > cfg.max_observation_chars:
            observation = observation[: cfg.max_observation_chars] + " [...]"
        transcript.steps.append(Step(
            index=index, kind=StepKind.refused if result.refused else StepKind.action, raw=text,
            action=action, observation=result.observation, info=result.info,
        ))
        if result.consumes_round:
            rounds += 1
        if result.done:
            transcript.outcome = Outcome.answered if result.final is not None else Outcome.no_answer_stopped
            if result.final is not None:
                transcript.final_args = result.final
                value = result.final.get("value")
                transcript.final_answer = None if value is None else str(value)
            break
        transcript.messages.append(Message(role="user", content=f"Observation: {observation}"))
    transcript.info["rounds_used"] = rounds
    transcript.info["actions"] = [s.action.name for s in transcript.steps if s.action is not None]


def action_text(name: str, **args: Any) -> str:
    """The JSON text of an action, as a policy or a scripted model would write it."""
    return json.dumps({"action": name, **args}, ensure_ascii=False)
