"""Cost profiles: the named, versioned weights of R = U − C − P (DESIGN §5; RegretBench §4.1, eq. 2–5).

Every weight that enters a reward lives here, so a run's reward is reproducible from its profile's name
and version alone (both are recorded with every episode)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["COST_PROFILES", "CostProfile", "PENALTY_EVENTS", "get_profile"]

#: events that carry a penalty p_t (RegretBench §4.1: "unsupported clarification actions, uncertain or
#: off-topic user outcomes, contradictions, refusals, redundant clarification after the intent is
#: effectively resolved, and forced terminal answers")
PENALTY_EVENTS = ("unsupported", "uncertain", "off_topic", "contradiction", "refusal", "redundant", "forced_terminal")


class CostProfile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    version: str
    #: λ: cost per assistant token (C = λ · Σ_t N_t^asst)
    token_cost: float = Field(default=0.001, ge=0)
    unsupported: float = Field(default=0.05, ge=0)
    uncertain: float = Field(default=0.02, ge=0)
    off_topic: float = Field(default=0.02, ge=0)
    contradiction: float = Field(default=0.02, ge=0)
    refusal: float = Field(default=0.1, ge=0)
    redundant: float = Field(default=0.05, ge=0)
    forced_terminal: float = Field(default=0.1, ge=0)
    #: the intent counts as resolved (a further ask is redundant) once the posterior of one intent
    #: reaches this value under the persona's observation model
    resolved_threshold: float = Field(default=0.95, gt=0, le=1)

    def penalty(self, event: str) -> float:
        if event not in PENALTY_EVENTS:
            raise KeyError(f"unknown penalty event {event!r}")
        return float(getattr(self, event))

    @property
    def label(self) -> str:
        return f"{self.name}@{self.version}"


COST_PROFILES: dict[str, CostProfile] = {
    "default": CostProfile(name="default", version="1"),
    # Cost only: no penalties, to separate the token cost from penalty effects in an analysis.
    "tokens-only": CostProfile(name="tokens-only", version="1", unsupported=0, uncertain=0, off_topic=0,
                               contradiction=0, refusal=0, redundant=0, forced_terminal=0),
}


def get_profile(name: str) -> CostProfile:
    try:
        return COST_PROFILES[name]
    except KeyError:
        raise KeyError(f"unknown cost profile {name!r}; known: {', '.join(COST_PROFILES)}") from None
