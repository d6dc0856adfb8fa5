"""The evaluation modes of the ambiguity family (DESIGN §4): each a named, reproducible configuration.

A mode fixes which actions the agent has, what the prompt adds, what the environment inserts before the
agent starts, and which rules gate the answer. The environment enforces the rules (`environment.py`);
nothing here depends on a model following instructions.

| mode | actions | prompt adds | enforced rule |
|---|---|---|---|
| answer-only | answer | - | - |
| answer+search | search, answer | - | - |
| answer+search+interact (default) | search, interact, answer | - | - |
| forced-interaction | search, interact, answer | - | answer refused until n=4 accepted asks; rounds >= n+1 |
| always-ask | search, interact, answer | - | answer refused until >= 1 accepted ask |
| context-oracle | answer | C + a passage of both evidence spans (order shuffled by the seeded RNG) | - |
| interpretation-oracle | answer | the intended interpretation (no evidence) | - |
| template-oracle | search, interact, answer | - | the gold primary category's template question is asked and answered before the agent starts |
| category-oracle | search, interact, answer | the name and description of the primary category | - |
| category-aware | precheck, search, interact, answer | the five categories and their state fields | precheck first; state {entity, period, metric, basis, vintage}; one question per unknown field; answer refused until resolved |
| generic-structured | precheck, search, interact, answer | no category names | the same structure over agent-named "points" |
| oracle-retrieval | search, answer | - | search returns the instance's own passage first, then BM25's ranking |

Search never returns C, and never the gold passage except in the named oracle-retrieval setting
(the mode above, or the option `oracle_retrieval=true` on any mode with search); every search step
records `oracle_retrieval` in its info so a transcript always says which search it got.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from finprobe.benchmarks.ambiguity.options import AmbiguityOptions

DEFAULT_MODE = "answer+search+interact"
DEFAULT_FORCED_ASKS = 4

Structure = Literal["category", "generic"]


class ModeConfig(BaseModel):
    """What one mode changes. `actions` in the order they are listed to the agent."""

    name: str
    description: str
    actions: tuple[str, ...]
    #: accepted interact actions required before an answer is accepted (forced-interaction, always-ask)
    min_asks: int = 0
    #: the prompt carries C plus a passage made of both evidence spans, shuffled
    context_oracle: bool = False
    #: the prompt carries the intended interpretation
    interpretation_oracle: bool = False
    #: the prompt names the primary category
    category_oracle: bool = False
    #: the gold primary category's template Q&A is inserted before the agent starts
    template_oracle: bool = False
    #: precheck → interpretation state → one yes/no question per unknown item → gated answer
    structure: Structure | None = None
    #: search returns the instance's own passage first (a named setting, never a silent fallback)
    oracle_retrieval: bool = False


_SI = ("search", "interact", "answer")

MODES: dict[str, ModeConfig] = {m.name: m for m in [
    ModeConfig(name="answer-only", actions=("answer",),
               description="A: answer from the question alone (no search, no interaction)"),
    ModeConfig(name="answer+search", actions=("search", "answer"),
               description="A+S: BM25 search over the passage corpus, then answer"),
    ModeConfig(name="answer+search+interact", actions=_SI,
               description="A+S+I (default): search, ask the simulated user yes/no questions, answer"),
    ModeConfig(name="forced-interaction", actions=_SI, min_asks=DEFAULT_FORCED_ASKS,
               description="A+S+I where an answer is refused until n asks (option forced_n, default 4; "
                           "needs max_rounds >= n+1)"),
    ModeConfig(name="always-ask", actions=_SI, min_asks=1,
               description="A+S+I where an answer is refused until at least one ask"),
    ModeConfig(name="context-oracle", actions=("answer",), context_oracle=True,
               description="answer with C and a passage holding both evidence spans (shuffled) in the prompt"),
    ModeConfig(name="interpretation-oracle", actions=("answer",), interpretation_oracle=True,
               description="answer with the intended interpretation in the prompt, no evidence"),
    ModeConfig(name="template-oracle", actions=_SI, template_oracle=True,
               description="A+S+I after the gold primary category's template question was asked and answered"),
    ModeConfig(name="category-oracle", actions=_SI, category_oracle=True,
               description="A+S+I with the primary ambiguity category named in the prompt"),
    ModeConfig(name="category-aware", actions=("precheck",) + _SI, structure="category",
               description="pre-check → interpretation state {entity, period, metric, basis, vintage} → one "
                           "templated yes/no question per unknown field → answer only once resolved"),
    ModeConfig(name="generic-structured", actions=("precheck",) + _SI, structure="generic",
               description="the category-aware structure with the category names removed (the control)"),
    ModeConfig(name="oracle-retrieval", actions=("search", "answer"), oracle_retrieval=True,
               description="A+S where search returns the instance's own passage first (named oracle setting)"),
]}


def get_mode(name: str | None, options: AmbiguityOptions | None = None) -> ModeConfig:
    """The configuration of mode `name` (the default when None), with option overrides applied.

    Options: `forced_n` (asks forced-interaction requires), `oracle_retrieval` (oracle search on any mode
    with search). Raises ValueError for an unknown mode.
    """
    key = name or DEFAULT_MODE
    if key not in MODES:
        raise ValueError(f"unknown ambiguity mode {key!r}; known: {', '.join(MODES)}")
    mode = MODES[key]
    if options is None:
        return mode
    update: dict[str, Any] = {}
    if mode.name == "forced-interaction" and options.forced_n is not None:
        update["min_asks"] = options.forced_n
    if options.oracle_retrieval is True and "search" not in mode.actions:
        raise ValueError(f"oracle_retrieval needs a mode with search; {key!r} has none")
    if options.oracle_retrieval and "search" in mode.actions:
        update["oracle_retrieval"] = True
    return mode.model_copy(update=update) if update else mode
