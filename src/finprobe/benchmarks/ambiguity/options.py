"""Options of the ambiguity family (`-O KEY=VALUE`), typed, with their defaults in one place."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from finprobe.core.benchmark import FamilyOptions, aggregation_only

#: the episode budget of DESIGN §4
DEFAULT_MAX_ROUNDS = 10


class AmbiguityOptions(FamilyOptions):
    source: Literal["fininteract", "ambigqa"] = Field(
        "fininteract", description="data format: FinInteract release records (financial), or AmbigQA/AmbigNQ "
                                   "light files (general domain; default data: the bundled AmbigQA demo)")
    target: Literal["specific", "random"] = Field(
        "specific", description="source=ambigqa: the target reading, the most specific one or one drawn at "
                                "random per instance from the run's seed (the robustness check)")
    sample_seed: int | None = Field(
        None, description="source=ambigqa: shuffle the instances with this seed before --limit takes the first N "
                          "(default: file order)")
    corpus: str | None = Field(None, description="passage corpus (JSONL) for search; 'none' for no corpus; "
                                                 "default: the bundled demo corpus with the bundled demo data")
    noise_p: float = Field(0.1, ge=0.0, le=1.0, description="flip probability of the noisy user simulator")
    forced_n: int | None = Field(None, ge=1, le=50, description="asks required by mode forced-interaction (default 4)")
    max_rounds: int = Field(DEFAULT_MAX_ROUNDS, ge=1, le=200, description="rounds per episode")
    top_k: int = Field(3, ge=1, le=100, description="passages one search returns")
    passage_chars: int = Field(400, ge=1, description="characters of each passage a search shows")
    max_observation_chars: int = Field(1400, ge=1, description="cap on one observation put back into the conversation")
    oracle_retrieval: bool | Literal["auto"] = Field(
        False, description="search returns the instance's own passage first (the named oracle setting, on any "
                           "mode with search; 'auto': on wherever the mode searches, off elsewhere)")
    agent_max_tokens: int | None = Field(None, ge=1, description="reply cap for the agent (default 192 for the "
                                                                 "embedded local model, else the backend's)")
    max_asks: int | None = Field(None, ge=1, description="asks allowed per episode; a further interact is refused "
                                                         "(with a message) and not counted as an ask")
    confidence_call: bool = Field(False, description="ask the agent for its confidence in a separate call after "
                                                     "the episode (replaces the answer's own confidence)")
    invalid_reply_as_answer: bool = Field(False, description="a reply that is no valid action is the final answer "
                                                             "(instead of an invalid action)")
    paired_template_oracle: str | None = aggregation_only(
        None, "a template-oracle run folder on the same instances: assigns taxonomy label E6")
    hedge_rule: Literal["strict", "labelled"] = aggregation_only(
        "strict", "answers that state both readings' values, each labelled: a hedge, wrong against both (strict), "
                  "or graded for the reading the label of the answer's value names (labelled); the report counts "
                  "them either way")
    grader: Literal["finprobe", "published"] = aggregation_only(
        "finprobe", "whose verdicts the metrics use: finprobe's grader, or the published verdicts of an imported "
                    "run (`finprobe import ambiguity-results`)")

    @property
    def corpus_disabled(self) -> bool:
        return self.corpus is not None and self.corpus.lower() == "none"


#: The protocol of the published FinInteract runs (seed 000), which differs from finprobe's defaults in
#: ways that move the numbers: `--protocol fininteract-paper` sets these together (each is also an option).
FININTERACT_PAPER = {
    "oracle_retrieval": "auto",       # search returns the instance's own passage, not BM25 over a corpus
    "top_k": 1,                       # ... and only that passage
    "max_asks": 6,                    # a 7th ask is refused and not counted
    "max_rounds": 12,                 # at most 12 actions
    "confidence_call": True,          # confidence asked in a separate call after the episode
    "invalid_reply_as_answer": True,  # a reply that is no valid action is the final answer
}
