"""Baseline policies: per-sample backends that answer without a model.

- `reference`: answers the grading reference under the contract (`ANSWER: 0.02597`, `ANSWER: yes`).
  It must pass every non-skipped task: a failure means the grader or the data pipeline is broken.
- `human-answer`: answers FinQA's human-written `answer` verbatim (`ANSWER: 14.5%`). How many pass shows
  how far the human answers are from the program results under the contract.
"""

from __future__ import annotations

from finprobe.benchmarks.reasoning.grader import format_contract_value, reference_value
from finprobe.core.models._base import ModelOutput
from finprobe.core.schema import GenerateConfig, Message, Sample, Usage

POLICIES = {
    "reference": "answers the grading reference value under the answer contract (sanity check: passes all)",
    "human-answer": "answers FinQA's human-written answer verbatim",
}


class _FixedAnswer:
    """A backend that always replies with one text."""

    kind = "policy"
    cacheable = False
    supports_schema = False

    def __init__(self, model: str, text: str):
        self.model = model
        self._text = text

    async def generate(self, messages: list[Message], config: GenerateConfig) -> ModelOutput:
        return ModelOutput(text=self._text, finish_reason="stop", usage=Usage())

    async def aclose(self) -> None:
        return None


def reference_reply(sample: Sample) -> str:
    value, _ = reference_value(sample.data)
    return f"ANSWER: {format_contract_value(value)}"


def human_answer_reply(sample: Sample) -> str:
    return f"ANSWER: {sample.data['qa'].get('answer', '')}"


def policy_backend(name: str, sample: Sample) -> _FixedAnswer:
    """The backend of baseline policy `name` for one sample. Raises KeyError for an unknown policy."""
    if name == "reference":
        return _FixedAnswer("reference", reference_reply(sample))
    if name == "human-answer":
        return _FixedAnswer("human-answer", human_answer_reply(sample))
    raise KeyError(f"unknown reasoning policy {name!r}; known: {', '.join(POLICIES)}")
