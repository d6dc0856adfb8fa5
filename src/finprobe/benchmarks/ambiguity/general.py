"""The ambiguity family on general-domain (AmbigQA) instances: which modes apply, prompts, actions, baselines.

`-O source=ambigqa` runs the family's engine, modes, simulator and report on AmbigQA-format data (the
paper's Table 8). What differs from the financial instances, and why:

- **No search.** AmbigQA has no passage corpus, and search must never fall back to C or to a gold passage
  (DESIGN §4). So search is *absent*: `answer+search+interact` (and `always-ask`, `forced-interaction`)
  offer only interact and answer, and the transcript says so (`info["search"]`); a `search` action is an
  unknown action (invalid). Modes whose point is search (`answer+search`, `oracle-retrieval`) and the
  modes built on the financial category taxonomy (`category-*`, `generic-structured`, `template-oracle`,
  `interpretation-oracle`) are refused before anything runs.
- **Context oracle** gives C (the target's disambiguated question); there are no evidence spans.
- **Answers** are short texts graded by `text_grading` (aliases, dates and numbers by value).
- **Question categories** (AC@1, generic and wrong-category rates) are the financial taxonomy's: they are
  not computed for AmbigQA (null in the report, with a note); the user simulator is `general_simulator`.

Baselines: `oracle` answers the target's first answer, `default` the first reading's first answer,
`ask-then-oracle` asks "Are you asking: C" and then answers the target, `silent` tries to search (an
invalid action without a corpus) until the episode ends "no answer (invalid)".
"""

from __future__ import annotations

from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance
from finprobe.benchmarks.ambiguity.modes import ModeConfig
from finprobe.benchmarks.ambiguity.policies import ScriptedPolicyBackend
from finprobe.core.actions import ActionSpec, ArgSpec

__all__ = ["GENERAL_ACTION_SPECS", "GENERAL_MODES", "GeneralPolicyBackend", "SEARCH_ABSENT", "general_mode",
           "general_system_prompt", "general_task_prompt", "oracle_question"]

#: modes that work on AmbigQA instances (search is removed where the financial mode has it)
GENERAL_MODES = ("answer-only", "context-oracle", "answer+search+interact", "always-ask", "forced-interaction")
SEARCH_ABSENT = "absent: AmbigQA has no passage corpus, so the agent is offered interact and answer only"

GENERAL_ACTION_SPECS: dict[str, ActionSpec] = {
    "interact": ActionSpec(name="interact", description="Ask the user one yes/no question.",
                           args=[ArgSpec(name="question", max_length=300)]),
    "answer": ActionSpec(name="answer", description="Final answer: a short answer (a name, date, number or "
                                                    "phrase), confidence 0-100.",
                         args=[ArgSpec(name="value", max_length=300),
                               ArgSpec(name="confidence", required=False, max_length=8)]),
}


def general_mode(mode: ModeConfig) -> ModeConfig:
    """The mode with search removed (see the module docstring). Raises ValueError for a mode that does
    not apply to AmbigQA instances."""
    if mode.name not in GENERAL_MODES:
        raise ValueError(f"mode {mode.name!r} does not apply to -O source=ambigqa (no passage corpus, no financial "
                         f"categories); use one of: {', '.join(GENERAL_MODES)}")
    actions = tuple(a for a in mode.actions if a != "search")
    return mode if actions == mode.actions else mode.model_copy(update={"actions": actions})


def general_system_prompt(mode: ModeConfig) -> str:
    parts = ["You answer a user's general-knowledge question."]
    if "interact" in mode.actions:
        parts.append("Use interact to ask the user a yes/no question; the user replies yes, no or I don't know.")
    if mode.min_asks:
        parts.append(f"You must ask at least {mode.min_asks} question(s) with interact before answering.")
    parts.append("Finish with answer: a short answer (a name, date, number or short phrase) and your confidence "
                 "from 0 to 100.")
    return " ".join(parts)


def general_task_prompt(instance: AmbigQAInstance, mode: ModeConfig) -> tuple[str, dict]:
    """The task prompt and what it added (recorded in the transcript info)."""
    lines = [f"Question: {instance.question}"]
    added: dict = {}
    if mode.context_oracle:
        lines.append(f"What the user means: {instance.context}")
        added["context"] = True
    return "\n".join(lines), added


def oracle_question(instance: AmbigQAInstance) -> str:
    """A yes/no question proposing the target reading (the `ask-then-oracle` baseline's)."""
    return f"Are you asking: {instance.context.rstrip('?')}?"


class GeneralPolicyBackend(ScriptedPolicyBackend):
    """A baseline policy on an AmbigQA instance: asks the oracle question, answers a reading's first answer."""

    instance: AmbigQAInstance
    ask_codes = ("ask_required",)

    def question(self) -> str:
        return oracle_question(self.instance)

    def answer_value(self) -> str:
        inst = self.instance
        return (inst.readings[0] if self.model == "default" else inst.target_reading).answers[0]
