"""FinHopper chain synthesis (DESIGN §6 "Synthesis", paper §3.3–3.5): fresh, leak-free, verifiable multi-hop
chains of any depth over any market database in the documented schema (the bundled fictional demo market,
or a user's own data loaded with `import_csv_dir`).

Pipeline (`pipeline`): a seeded random walk on the answer-state transition graph (`graph`) → per hop an
atomic pattern and its data pool (`patterns`, `pool`) → single-hop QA generated with the market tools and
verified by re-deriving it from its question text alone (`singlehop`, `reader`) → merge by answer
substitution with referring phrases, EN and ZH (`merge`) → deterministic question and answer critics
(`critics`) → optional LLM critics and paraphrase (`roles`) → the family's chain format with gold hop
answers and gold tool paths, a funnel report, resumable on the run store.

Public API: `BuildConfig`, `build_multihop` (async) / `build_multihop_sync`, `BuildResult`, `RoleBinding`,
`Synthesizer` (one attempt at a time), `DepthDistribution`, `parse_depths`, `parse_depth_weights`,
`TRANSITIONS`, `transition_matrix`, `sample_walk`, `PATTERNS`, `question_critic`, `answer_critic`,
`leak_problems`.
"""

from __future__ import annotations

from finprobe.build.multihop.critics import CriticResult, LengthBounds, answer_critic, leak_problems, question_critic
from finprobe.build.multihop.graph import (
    STATES,
    TRANSITIONS,
    DepthDistribution,
    parse_depth_weights,
    parse_depths,
    sample_walk,
    transition_matrix,
)
from finprobe.build.multihop.patterns import PATTERNS, Pattern
from finprobe.build.multihop.pipeline import (
    PIPELINE_VERSION,
    AttemptOutcome,
    BuildConfig,
    BuildResult,
    Synthesizer,
    build_multihop,
    build_multihop_sync,
)
from finprobe.build.multihop.roles import RoleBinding

__all__ = [
    "PATTERNS",
    "PIPELINE_VERSION",
    "STATES",
    "TRANSITIONS",
    "AttemptOutcome",
    "BuildConfig",
    "BuildResult",
    "CriticResult",
    "DepthDistribution",
    "LengthBounds",
    "Pattern",
    "RoleBinding",
    "Synthesizer",
    "answer_critic",
    "build_multihop",
    "build_multihop_sync",
    "leak_problems",
    "parse_depth_weights",
    "parse_depths",
    "question_critic",
    "sample_walk",
    "transition_matrix",
]
