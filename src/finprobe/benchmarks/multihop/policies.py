"""Baseline policies: `gold-path` replays a chain's gold tool calls through the episode, then answers from
what the tools returned; `reference-response` answers at once with the chain's reference response (the
release's full worked answer: final 1.0 and S = 1.0 on every chain if the scorers accept the release's own gold);
`first-hop` answers with hop 1's gold answer and no final answer (S = α·1/N on a chain of K ≥ 2 hops by the
paper's definition: 0.5, 0.25, 0.167, 0.125, 0.1 for K = 2 … 6; 0 for K = 1).

It is a model backend (like a scripted model) that reads the conversation: each of its earlier actions
and the observation that followed. Bound arguments of the next call are filled from the answers *it
derived* from earlier observations (never from the chain's stored answers), and the final answer is
derived from the last hop's observations with the hop's `derive` rule and written by `format_answer`.
So a chain scores 1.0 under `gold-path` only if its tool path really solves it against the market the
episode runs on: the check that the demo chains (and synthesized chains) are sound.

If a tool call fails or a derivation cannot be made, the policy answers "cannot determine (…)" with the
reason, which scores 0 and shows in the transcript.
"""

from __future__ import annotations

import json
from typing import Any

from finprobe.benchmarks.multihop.chains import Chain
from finprobe.benchmarks.multihop.solver import DeriveError, bind_args, derive, format_answer
from finprobe.core.agent import action_text
from finprobe.core.models._base import ModelOutput
from finprobe.core.schema import GenerateConfig, Message, Usage

__all__ = ["FIRST_HOP", "GOLD_PATH", "REFERENCE_RESPONSE", "FixedAnswerPolicy", "GoldPathPolicy", "POLICIES",
           "first_hop_answer"]

GOLD_PATH = "gold-path"
REFERENCE_RESPONSE = "reference-response"
FIRST_HOP = "first-hop"
POLICIES = {GOLD_PATH: "replays the chain's gold tool calls, then answers from their results (1.0 on a sound chain)",
            REFERENCE_RESPONSE: "answers with the chain's reference response (1.0 if the scorers accept the gold)",
            FIRST_HOP: "states hop 1's gold answer and gives no final answer (S = alpha/N on K >= 2 hops)"}


class FixedAnswerPolicy:
    """A policy that answers at once with one text (kind "policy"; deterministic, not cached)."""

    kind = "policy"
    cacheable = False
    supports_schema = False

    def __init__(self, name: str, answer: str):
        self.model = name
        self.answer = answer

    async def generate(self, messages: list[Message], config: GenerateConfig) -> ModelOutput:
        return ModelOutput(text=action_text("answer", value=self.answer), finish_reason="stop", usage=Usage())

    async def aclose(self) -> None:
        return None


def first_hop_answer(chain: Chain) -> str:
    """Hop 1's gold answer stated, and no final answer."""
    hop = chain.hops[0]
    names = [p.answer for p in hop.parts] or [hop.answer]
    if chain.language == "zh":
        return f"第一个子问题的答案是{'、'.join(names)}。其余步骤无法确定，最终答案未知。"
    return f"The answer to the first sub-question is {' and '.join(names)}. The rest could not be determined."
_OBS = "Observation: "


class GoldPathPolicy:
    """The gold-path policy for one chain, as a model backend (kind "policy"; deterministic, not cached)."""

    kind = "policy"
    cacheable = False
    supports_schema = False

    def __init__(self, chain: Chain):
        if not chain.has_gold_path():
            missing = [i + 1 for i, h in enumerate(chain.hops) if not h.tool_calls or h.derive is None]
            raise ValueError(f"chain {chain.id} has no gold tool path for hop(s) {missing}")
        self.model = GOLD_PATH
        self.chain = chain
        self._plan = [(k, j) for k, hop in enumerate(chain.hops, start=1) for j in range(len(hop.tool_calls))]

    @staticmethod
    def _observations(messages: list[Message]) -> list[str | None]:
        """For each of the policy's earlier replies, the observation that answered it (None if none did)."""
        out: list[str | None] = []
        for i, m in enumerate(messages):
            if m.role != "assistant":
                continue
            nxt = messages[i + 1] if i + 1 < len(messages) else None
            if nxt is not None and nxt.role == "user" and nxt.content.startswith(_OBS):
                out.append(nxt.content[len(_OBS):])
            else:
                out.append(None)
        return out

    def decide(self, messages: list[Message]) -> str:
        observations = self._observations(messages)
        results: dict[int, list[dict[str, Any]]] = {}
        values: dict[int, Any] = {}
        try:
            for (k, _), obs in zip(self._plan, observations, strict=False):
                if obs is None:
                    raise DeriveError("a tool call got no observation")
                try:
                    data = json.loads(obs)
                except json.JSONDecodeError:
                    raise DeriveError("an observation is not JSON (cut short?)") from None
                if not isinstance(data, dict) or "error" in data:
                    raise DeriveError(f"tool error: {data.get('error') if isinstance(data, dict) else data}")
                results.setdefault(k, []).append(data)
                hop = self.chain.hops[k - 1]
                if len(results[k]) == len(hop.tool_calls):
                    assert hop.derive is not None
                    values[k] = derive(hop.derive, results[k])
            n = len(observations)
            if n < len(self._plan):
                k, j = self._plan[n]
                call = self.chain.hops[k - 1].tool_calls[j]
                return action_text(call.tool, **bind_args(call, values))
            last = self.chain.hops[-1]
            return action_text("answer", value=format_answer(last.kind, values[len(self.chain.hops)], unit=last.unit,
                                                             language=self.chain.language))
        except DeriveError as exc:
            return action_text("answer", value=f"cannot determine ({exc})")

    async def generate(self, messages: list[Message], config: GenerateConfig) -> ModelOutput:
        return ModelOutput(text=self.decide(messages), finish_reason="stop", usage=Usage())

    async def aclose(self) -> None:
        return None
