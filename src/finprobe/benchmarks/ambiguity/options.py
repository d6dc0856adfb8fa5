"""Options of the ambiguity family (`-O KEY=VALUE`), typed, with their defaults in one place."""

from __future__ import annotations

from pydantic import Field

from finprobe.core.benchmark import FamilyOptions, aggregation_only

#: the episode budget of DESIGN §4
DEFAULT_MAX_ROUNDS = 10


class AmbiguityOptions(FamilyOptions):
    corpus: str | None = Field(None, description="passage corpus (JSONL) for search; 'none' for no corpus; "
                                                 "default: the bundled demo corpus with the bundled demo data")
    noise_p: float = Field(0.1, ge=0.0, le=1.0, description="flip probability of the noisy user simulator")
    forced_n: int | None = Field(None, ge=1, le=50, description="asks required by mode forced-interaction (default 4)")
    max_rounds: int = Field(DEFAULT_MAX_ROUNDS, ge=1, le=200, description="rounds per episode")
    top_k: int = Field(3, ge=1, le=100, description="passages one search returns")
    passage_chars: int = Field(400, ge=1, description="characters of each passage a search shows")
    max_observation_chars: int = Field(1400, ge=1, description="cap on one observation put back into the conversation")
    oracle_retrieval: bool = Field(False, description="search returns the instance's own passage first "
                                                      "(the named oracle setting, on any mode with search)")
    agent_max_tokens: int | None = Field(None, ge=1, description="reply cap for the agent (default 192 for the "
                                                                 "embedded local model, else the backend's)")
    paired_template_oracle: str | None = aggregation_only(
        None, "a template-oracle run folder on the same instances: assigns taxonomy label E6")

    @property
    def corpus_disabled(self) -> bool:
        return self.corpus is not None and self.corpus.lower() == "none"
