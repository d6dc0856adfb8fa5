"""The FinQA review (seed 002): a blind pass over every task, two further blind reviewers on the tasks that
need them, a decision by the article's rules, and a check of every rewording on the original wording —
producing a corrections overlay (`finprobe.benchmarks.reasoning.corrections`) and a funnel, resumable on
the run store. Reviewers are models (any endpoint spec), recorded records (`recorded:PATH`, written by
people or helper sessions) or, for the decision, the rules alone.

Public API: `ReviewConfig`, `ReviewRoles`, `review_split` (async) / `review_split_sync`, `ReviewResult`,
`TaskReview`, `ModelRole`, `RecordedRole`, `BlindRecord`, `Adjudication`, `load_recorded`, `ship_review`, and the
rules (`select`, `auto_decision`, `check_decision`, `rewording_outcome`).
"""

from __future__ import annotations

from finprobe.build.reasoning.outputs import ship_review
from finprobe.build.reasoning.pipeline import (
    PIPELINE_VERSION,
    ReviewConfig,
    ReviewResult,
    ReviewRoles,
    TaskReview,
    review_split,
    review_split_sync,
)
from finprobe.build.reasoning.records import Adjudication, BlindRecord, load_recorded
from finprobe.build.reasoning.roles import ModelRole, RecordedRole, blind_prompt
from finprobe.build.reasoning.rules import auto_decision, check_decision, rewording_outcome, select

__all__ = [
    "PIPELINE_VERSION", "Adjudication", "BlindRecord", "ModelRole", "RecordedRole", "ReviewConfig", "ReviewResult",
    "ReviewRoles", "TaskReview", "auto_decision", "blind_prompt", "check_decision", "load_recorded",
    "review_split", "review_split_sync", "rewording_outcome", "select", "ship_review",
]
