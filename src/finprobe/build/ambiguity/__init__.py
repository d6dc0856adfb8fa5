"""FinInteract construction (DESIGN §4 "Construction"): candidate passages (JSONL or SEC XBRL company facts)
→ constructor LLM → 14 code-level checks → ambiguity doctor → adversarial verifier → category quotas,
written in the release format the ambiguity family loads, with the funnel and its cost.

Public API (see each module): `load_passages`, `import_company_facts`, `candidates_from_passages`,
`run_checks` / `CHECKS`, `compare_interpretation`, `QuotaScheduler`, `BuildConfig`, `RoleBinding`,
`build_ambiguity` (async) / `build_ambiguity_sync`, and the demo (`demo_candidates`, `demo_roles`).
"""

from __future__ import annotations

from finprobe.build.ambiguity.checks import CHECKS, CheckInput, CheckResult, run_checks
from finprobe.build.ambiguity.passages import (
    Candidate,
    CandidatePassage,
    CandidateValue,
    candidates_from_passages,
    load_passages,
    tag_categories,
)
from finprobe.build.ambiguity.pipeline import (
    BuildConfig,
    BuildResult,
    CandidateOutcome,
    RoleBinding,
    build_ambiguity,
    build_ambiguity_sync,
)
from finprobe.build.ambiguity.quotas import QuotaScheduler, parse_quotas
from finprobe.build.ambiguity.verifier import compare_interpretation, decide
from finprobe.build.ambiguity.xbrl import import_company_facts

__all__ = [
    "BuildConfig",
    "BuildResult",
    "CHECKS",
    "Candidate",
    "CandidateOutcome",
    "CandidatePassage",
    "CandidateValue",
    "CheckInput",
    "CheckResult",
    "QuotaScheduler",
    "RoleBinding",
    "build_ambiguity",
    "build_ambiguity_sync",
    "candidates_from_passages",
    "compare_interpretation",
    "decide",
    "import_company_facts",
    "load_passages",
    "parse_quotas",
    "run_checks",
    "tag_categories",
]
