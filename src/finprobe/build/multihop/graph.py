"""The answer-state transition graph of FinHopper synthesis (paper §3.3), its transition matrix, the depth
distribution, and the seeded random walk.

States S = {Entity, Time, Sector, Event, Indicator}: the type of a hop's answer. An edge s_i → s_j means an
answer of state s_i can be the constraint of a following question whose answer has state s_j. The edges
are exactly those the pattern library (`patterns.PATTERNS`) realises — a pattern whose input slot accepts
an answer of state s_i and whose answer has state s_j — and a test checks this table against it:

| from \\ to  | Entity | Time | Sector | Event | Indicator | successors D(s) (what realises them)                    |
|------------|:------:|:----:|:------:|:-----:|:---------:|---------------------------------------------------------|
| Entity     |   ✓    |  ✓   |   ✓    |   ✓   |     ✓     | compare with others, top holding of a fund / report or  |
|            |        |      |        |       |           | ex-dividend or listing date, best quarter / its sector / |
|            |        |      |        |       |           | first report after a date / price, report or fund figure |
| Time       |   ✓    |  ✓   |        |   ✓   |     ✓     | compare on that day or quarter, top holding at that     |
|            |        |      |        |       |           | quarter end / n trading days later, release dates, best |
|            |        |      |        |       |           | month of that year / first report on or after / figures |
| Sector     |   ✓    |      |        |       |           | the sector's index                                      |
| Event      |   ✓    |  ✓   |        |       |     ✓     | compare in the report's quarter / its release date /    |
|            |        |      |        |       |           | a figure of that report                                 |
| Indicator  |        |      |        |       |           | terminal: a figure constrains nothing the tools can ask |

P_ij = 1/|D(s_i)| for (s_i → s_j) ∈ E, else 0 (paper eq. 1); Indicator has no successors, so a walk that
reaches it before depth K is rejected and redrawn (which samples the walk conditioned on lasting K hops).
A build walks the graph its market realises (`restrict`: the edges of the patterns that have data there; the
demo market realises all of the table), so D(s) holds only the successors valid in that market. The initial
state s_0 ~ π_0 is uniform over the states with successors; s_0 is the type of the explicit
constraint the first hop's question names (an entity, a date, a sector, a report), s_k the answer type of
hop k. Depth K is drawn from a configurable distribution over 1–6 (`DepthDistribution`).

Event answers are periodic reports (earnings releases), identified by the quarter they cover; Time answers
are trading days, calendar dates, quarters and months; Entity answers are stocks, funds and indices.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field, model_validator

__all__ = [
    "ANSWER_TYPES",
    "AnswerType",
    "DepthDistribution",
    "INITIAL_STATES",
    "STATES",
    "STATE_OF",
    "State",
    "TRANSITIONS",
    "parse_depths",
    "parse_depth_weights",
    "restrict",
    "sample_walk",
    "transition_matrix",
    "transition_table_rows",
]

State = Literal["Entity", "Time", "Sector", "Event", "Indicator"]
STATES: tuple[State, ...] = ("Entity", "Time", "Sector", "Event", "Indicator")

#: valid successors D(s) of each state (see the module table)
TRANSITIONS: dict[State, tuple[State, ...]] = {
    "Entity": ("Entity", "Time", "Sector", "Event", "Indicator"),
    "Time": ("Entity", "Time", "Event", "Indicator"),
    "Sector": ("Entity",),
    "Event": ("Entity", "Time", "Indicator"),
    "Indicator": (),
}
INITIAL_STATES: tuple[State, ...] = tuple(s for s in STATES if TRANSITIONS[s])

#: the fine types of answers (what a following slot can accept) and their state
AnswerType = Literal["stock", "fund", "index", "sector", "day", "date", "past_date", "quarter", "month", "report",
                     "number"]
STATE_OF: dict[str, State] = {
    "stock": "Entity", "fund": "Entity", "index": "Entity", "sector": "Sector",
    "day": "Time",  # a trading day
    "date": "Time",  # a calendar date inside the market's calendar that is not a trading day
    "past_date": "Time",  # a date outside the calendar (e.g. an old listing date): a final answer only
    "quarter": "Time", "month": "Time", "report": "Event", "number": "Indicator",
}
ANSWER_TYPES: tuple[str, ...] = tuple(STATE_OF)


Transitions = dict[State, tuple[State, ...]]


def restrict(edges: dict[State, set[State]]) -> Transitions:
    """The graph a market realises: `TRANSITIONS` limited to `edges` (e.g. no Event in a market without
    corporate events), successors kept in `STATES` order so the walk's draws stay reproducible."""
    return {s: tuple(t for t in TRANSITIONS[s] if t in edges.get(s, set())) for s in STATES}


def transition_matrix(transitions: Transitions | None = None) -> dict[State, dict[State, float]]:
    """P as nested dicts: P[s_i][s_j] = 1/|D(s_i)| on edges, 0 elsewhere (a terminal state's row is all 0)."""
    tr = transitions or TRANSITIONS
    return {a: {b: (1.0 / len(tr[a]) if b in tr[a] else 0.0) for b in STATES} for a in STATES}


def transition_table_rows(transitions: Transitions | None = None) -> list[dict[str, object]]:
    """The table as rows for the funnel report: state, successors, P of each."""
    tr = transitions or TRANSITIONS
    p = transition_matrix(tr)
    return [{"state": s, "successors": list(tr[s]), "p": {t: round(p[s][t], 4) for t in tr[s]}} for s in STATES]


def sample_walk(rng: random.Random, k: int, initial: State | None = None,
                transitions: Transitions | None = None) -> list[State] | None:
    """A walk (s_0, …, s_K) with s_0 ~ π_0 (or `initial`) and s_{i+1} ~ P[s_i] (over `transitions`, by default
    the full graph); None when it reaches a state without successors before K hops (the caller rejects it)."""
    tr = transitions or TRANSITIONS
    state: State = initial if initial is not None else rng.choice([s for s in STATES if tr[s]])
    walk: list[State] = [state]
    for _ in range(k):
        successors = tr[state]
        if not successors:
            return None
        state = rng.choice(successors)
        walk.append(state)
    return walk


# --------------------------------------------------------------------------- depth
class DepthDistribution(BaseModel):
    """The distribution depth K is drawn from: depths (1–6) and their weights (normalised)."""

    depths: list[int] = Field(default_factory=lambda: [1, 2, 3, 4, 5, 6])
    weights: list[float] | None = None

    @model_validator(mode="after")
    def _check(self) -> DepthDistribution:
        if not self.depths or any(not 1 <= d <= 6 for d in self.depths) or len(set(self.depths)) != len(self.depths):
            raise ValueError(f"depths must be distinct values in 1..6, got {self.depths}")
        if self.weights is not None:
            if len(self.weights) != len(self.depths):
                raise ValueError(f"{len(self.weights)} depth weights for {len(self.depths)} depths")
            if any(w < 0 for w in self.weights) or sum(self.weights) <= 0:
                raise ValueError("depth weights must be >= 0 with a positive sum")
        return self

    def probabilities(self) -> dict[int, float]:
        w = self.weights or [1.0] * len(self.depths)
        total = sum(w)
        return {d: x / total for d, x in zip(self.depths, w, strict=True)}

    def draw(self, rng: random.Random, n: int) -> dict[int, int]:
        """Targets per depth from n i.i.d. draws of K (the paper samples K per chain)."""
        probs = self.probabilities()
        depths = list(probs)
        counts = {d: 0 for d in depths}
        for d in rng.choices(depths, weights=[probs[d] for d in depths], k=n):
            counts[d] += 1
        return counts


def parse_depths(text: str) -> list[int]:
    """"1-6", "2,4,6", "3" → depths. Raises ValueError with the reason."""
    s = text.strip()
    m = re.fullmatch(r"(\d)\s*-\s*(\d)", s)
    if m:
        lo, hi = int(m[1]), int(m[2])
        if lo > hi:
            raise ValueError(f"--depths {text!r}: empty range")
        out = list(range(lo, hi + 1))
    else:
        try:
            out = [int(x) for x in s.split(",") if x.strip()]
        except ValueError:
            raise ValueError(f"--depths {text!r}: expected a range like 1-6 or a list like 2,4,6") from None
    if not out or any(not 1 <= d <= 6 for d in out):
        raise ValueError(f"--depths {text!r}: depths are 1 to 6")
    return sorted(set(out))


def parse_depth_weights(text: str, depths: Sequence[int]) -> list[float]:
    """"1,1,2,2,3,3" (one per depth, in order) or "5=2,6=2" (named depths; others weigh 1)."""
    s = text.strip()
    try:
        if "=" in s:
            named = {}
            for item in s.split(","):
                k, _, w = item.partition("=")
                named[int(k)] = float(w)
            unknown = sorted(set(named) - set(depths))
            if unknown:
                raise ValueError(f"--depth-weights {text!r}: depths {unknown} are not in --depths")
            return [named.get(d, 1.0) for d in depths]
        values = [float(x) for x in s.split(",") if x.strip()]
    except ValueError as exc:
        if "--depth-weights" in str(exc):
            raise
        raise ValueError(f"--depth-weights {text!r}: expected numbers like 1,1,2 or K=W items") from None
    if len(values) != len(depths):
        raise ValueError(f"--depth-weights {text!r}: {len(values)} weights for {len(depths)} depths")
    return values
