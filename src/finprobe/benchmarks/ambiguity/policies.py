"""Baseline policies: per-sample backends that pin the metrics (no model involved).

Each reads the conversation so far and replies with one action as JSON text, like an agent would:
- `oracle`: answers A (confidence 100)                → accuracy 1, default-capture 0;
- `default`: answers A_d (confidence 100)             → default-capture 1, accuracy 0;
- `ask-then-oracle`: asks the gold primary category's template question (proposing the intended
  reading), then answers A                          → IR 1, Round 1, AC@1 touch 1, accuracy 1;
- `silent`: never answers; searches with the question every turn until the budget ends
  (in a mode without search its action is invalid and the episode ends "no answer (invalid)").

In gated modes the answering policies comply with the environment's refusals: `ask_required` /
`state_unresolved` → ask the template question; `precheck_required` → precheck naming the primary
category's field (category-aware) or, in the generic control, the template question itself as the one
unclear point (so the question it then asks is about that point). The numbers above hold for the default mode (A+S+I).
"""

from __future__ import annotations

import re

from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance
from finprobe.benchmarks.ambiguity.categories import CATEGORY_FIELD
from finprobe.benchmarks.ambiguity.environment import GENERIC_PRECHECK_DESCRIPTION
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.benchmarks.ambiguity.prompts import CONFIDENCE_PROMPT
from finprobe.benchmarks.ambiguity.templates import template_question
from finprobe.core.agent import action_text
from finprobe.core.models._base import ModelOutput
from finprobe.core.schema import GenerateConfig, Message, Sample, Usage

__all__ = ["POLICIES", "PolicyBackend", "ScriptedPolicyBackend", "policy_backend"]

POLICIES: dict[str, str] = {
    "oracle": "answers the intended answer A (accuracy 1)",
    "default": "answers the default answer A_d (default-capture 1, accuracy 0)",
    "ask-then-oracle": "asks the gold category's template question once, then answers A",
    "silent": "never answers: searches until the round budget ends",
}
_REFUSED = re.compile(r"Refused \[(\w+)\]")


def instance_of(sample: Sample) -> AmbiguityInstance:
    return AmbiguityInstance.model_validate(sample.data["instance"])


def gold_question(instance: AmbiguityInstance) -> str:
    """The primary category's template question proposing the intended reading."""
    try:
        return template_question(instance, instance.primary_category, "intended").question
    except ValueError:  # no field separates the readings: a generic question is the honest fallback
        return "Could you clarify what you mean?" if instance.language == "en" else "您能说明一下具体指什么吗？"


class ScriptedPolicyBackend:
    """A baseline policy as a model backend (kind "policy"): deterministic, not cached, no schema. It reads the
    conversation and replies with one action, complying with the environment's refusals; subclasses say what
    it asks and what it answers."""

    kind = "policy"
    cacheable = False
    supports_schema = False
    #: refusal codes answered by asking the clarifying question
    ask_codes: tuple[str, ...] = ("ask_required", "state_unresolved")

    def __init__(self, name: str, instance: AmbiguityInstance | AmbigQAInstance):
        self.model = name
        self.instance = instance

    def question(self) -> str:
        """The clarifying question proposing the intended reading."""
        raise NotImplementedError

    def answer_value(self) -> str:
        """The value answered: the default reading's for `default`, the intended one's otherwise."""
        raise NotImplementedError

    def on_refusal(self, code: str | None, messages: list[Message]) -> str | None:
        """The action answering a refusal (None: not one this policy handles)."""
        return action_text("interact", question=self.question()) if code in self.ask_codes else None

    def decide(self, messages: list[Message]) -> str:
        if self.model == "silent":
            return action_text("search", query=self.instance.question)
        last = messages[-1].content if messages and messages[-1].role == "user" else ""
        if last in CONFIDENCE_PROMPT.values():
            return "100"
        refused = _REFUSED.search(last)
        complied = self.on_refusal(refused.group(1) if refused else None, messages)
        if complied is not None:
            return complied
        asked = any(m.role == "assistant" and '"interact"' in m.content for m in messages)
        if self.model == "ask-then-oracle" and not asked:
            return action_text("interact", question=self.question())
        return action_text("answer", value=self.answer_value(), confidence=100)

    async def generate(self, messages: list[Message], config: GenerateConfig) -> ModelOutput:
        return ModelOutput(text=self.decide(messages), finish_reason="stop", usage=Usage())

    async def aclose(self) -> None:
        return None


class PolicyBackend(ScriptedPolicyBackend):
    """A baseline policy on a financial (FinInteract) instance."""

    instance: AmbiguityInstance

    def __init__(self, name: str, instance: AmbiguityInstance):
        if name not in POLICIES:
            raise KeyError(f"unknown ambiguity policy {name!r}; known: {', '.join(POLICIES)}")
        super().__init__(name, instance)

    def question(self) -> str:
        return gold_question(self.instance)

    def answer_value(self) -> str:
        return (self.instance.default_answer if self.model == "default" else self.instance.answer) or ""

    def on_refusal(self, code: str | None, messages: list[Message]) -> str | None:
        if code == "precheck_required":
            if any(GENERIC_PRECHECK_DESCRIPTION in m.content for m in messages):
                return action_text("precheck", unknown=self.question().replace(";", ",").replace("；", "，"))
            return action_text("precheck", unknown=CATEGORY_FIELD[self.instance.primary_category])
        return super().on_refusal(code, messages)


def policy_backend(name: str, sample: Sample) -> PolicyBackend:
    """The backend of baseline policy `name` for one sample. Raises KeyError for an unknown policy."""
    return PolicyBackend(name, instance_of(sample))
