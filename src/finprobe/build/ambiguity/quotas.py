"""Category quotas: which candidate the pipeline spends its next constructor call on.

The paper's four mechanisms (FinInteract, curation appendix):
1. priority: a candidate's priority is the sum over its candidate categories of target_share / pool
   frequency, with a category's term divided by `OVER_QUOTA_PENALTY` (3) once it has reached its quota;
2. hard exclusion: a candidate whose primary category has reached `EXCLUSION_FACTOR` (2) × its quota is
   not built (and an instance of it is not accepted);
3. rarity-adjusted initial sort: candidates in order of that priority with nothing accepted yet, so
   candidates that support rare categories come first;
4. dynamic re-sort: the remaining candidates are re-sorted every `RESORT_EVERY` (10) accepted instances.

The quota of a category is its target share × the target number of instances. Ties keep the input order,
so the schedule is deterministic given the outcomes (which is what makes a build resumable).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pydantic import BaseModel

from finprobe.benchmarks.ambiguity.categories import CATEGORY_NAMES, normalize_category
from finprobe.build.ambiguity.passages import Candidate

__all__ = ["EXCLUSION_FACTOR", "OVER_QUOTA_PENALTY", "RESORT_EVERY", "QuotaScheduler", "parse_quotas", "uniform_shares"]

OVER_QUOTA_PENALTY = 3.0
EXCLUSION_FACTOR = 2.0
RESORT_EVERY = 10


def uniform_shares() -> dict[str, float]:
    return {c: 1.0 / len(CATEGORY_NAMES) for c in CATEGORY_NAMES}


def parse_quotas(items: Sequence[str]) -> dict[str, float]:
    """Target shares from `CATEGORY=SHARE` items (shares or percentages; normalised to sum to 1).
    Categories not named get no share (they are excluded). An empty list gives uniform shares."""
    if not items:
        return uniform_shares()
    shares: dict[str, float] = {}
    for item in items:
        name, sep, value = item.partition("=")
        category = normalize_category(name.strip())
        if not sep or category is None:
            raise ValueError(f"--quota expects CATEGORY=SHARE with one of {', '.join(CATEGORY_NAMES)}, got {item!r}")
        try:
            share = float(value.strip().rstrip("%"))
        except ValueError:
            raise ValueError(f"--quota {item!r}: {value!r} is not a number") from None
        if not math.isfinite(share) or share < 0:
            raise ValueError(f"--quota {item!r}: the share must be >= 0")
        shares[category] = share
    total = sum(shares.values())
    if total <= 0:
        raise ValueError("--quota: the shares add up to 0")
    return {c: shares.get(c, 0.0) / total for c in CATEGORY_NAMES}


class QuotaState(BaseModel):
    accepted: dict[str, int]
    quota: dict[str, float]
    excluded: list[str]


class QuotaScheduler:
    """Orders candidates and admits accepted instances under category quotas (see module docstring)."""

    def __init__(self, candidates: Sequence[Candidate], target: int, shares: dict[str, float] | None = None, *,
                 resort_every: int = RESORT_EVERY):
        if target < 1:
            raise ValueError("target must be >= 1")
        self.target = target
        self.shares = shares or uniform_shares()
        self.quota = {c: self.shares.get(c, 0.0) * target for c in CATEGORY_NAMES}
        self.resort_every = resort_every
        self.accepted: dict[str, int] = {c: 0 for c in CATEGORY_NAMES}
        self.n_accepted = 0
        # pool frequency: the share of candidates that can support each category
        n = max(1, len(candidates))
        self.pool_frequency = {c: sum(1 for x in candidates if c in x.tags) / n for c in CATEGORY_NAMES}
        self._order = {x.key: i for i, x in enumerate(candidates)}
        self._remaining: list[Candidate] = list(candidates)
        self._since_sort = 0
        self._sort()

    # ------------------------------------------------------------------ priority
    def over_quota(self, category: str) -> bool:
        return self.accepted[category] >= self.quota[category]

    def excluded(self, category: str) -> bool:
        """Hard exclusion at EXCLUSION_FACTOR × quota (a category with no share is always excluded)."""
        return self.accepted[category] >= EXCLUSION_FACTOR * self.quota[category]

    def priority(self, candidate: Candidate) -> float:
        """Σ over the candidate's categories of target_share / pool_frequency, over-quota terms / 3."""
        total = 0.0
        for c in dict.fromkeys([candidate.category, *candidate.tags]):
            freq = self.pool_frequency.get(c, 0.0)
            if freq <= 0:
                continue
            term = self.shares.get(c, 0.0) / freq
            total += term / OVER_QUOTA_PENALTY if self.over_quota(c) else term
        return total

    def _sort(self) -> None:
        self._remaining.sort(key=lambda x: (-self.priority(x), self._order[x.key]))

    # ------------------------------------------------------------------ scheduling
    def done(self) -> bool:
        return self.n_accepted >= self.target

    def next_batch(self, size: int) -> tuple[list[Candidate], list[Candidate]]:
        """Up to `size` candidates to build next (in order), and the candidates skipped on the way because
        their primary category is excluded (they are dropped from the schedule)."""
        batch: list[Candidate] = []
        skipped: list[Candidate] = []
        keep: list[Candidate] = []
        for i, candidate in enumerate(self._remaining):
            if len(batch) >= size:
                keep.extend(self._remaining[i:])
                break
            if self.excluded(candidate.category):
                skipped.append(candidate)
            else:
                batch.append(candidate)
        self._remaining = keep
        return batch, skipped

    def admit(self, candidate: Candidate) -> str | None:
        """Record an instance that passed every step; None if admitted, else why not (target reached,
        category excluded at 2× quota)."""
        if self.done():
            return "target_reached"
        if self.excluded(candidate.category):
            return "quota_excluded"
        self.accepted[candidate.category] += 1
        self.n_accepted += 1
        self._since_sort += 1
        if self._since_sort >= self.resort_every:
            self._since_sort = 0
            self._sort()
        return None

    @property
    def remaining(self) -> int:
        return len(self._remaining)

    def state(self) -> QuotaState:
        return QuotaState(accepted=dict(self.accepted), quota=dict(self.quota),
                          excluded=[c for c in CATEGORY_NAMES if self.excluded(c)])
