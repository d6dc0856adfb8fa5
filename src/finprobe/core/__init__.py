"""The domain-neutral engine: records, model backends, the agent loop, the runner and the store.

It knows no benchmark; families plug in through `Benchmark` (see `finprobe.core.benchmark`).
Submodules with their own API: `numbers` (financial numbers), `stats` (bootstrap, ECE), `retrieval`
(corpus + BM25), `judge` (LLM judge), `sources` (reading data files).
"""

from finprobe.core.actions import ActionParseError, ActionSpec, ArgSpec, action_schema, parse_action
from finprobe.core.agent import Environment, EnvResult, LoopConfig, run_react
from finprobe.core.benchmark import Benchmark, DataError, EpisodeContext, ModeInfo, PolicyInfo, RoleModel
from finprobe.core.runner import Runner, RunResult
from finprobe.core.schema import (
    Action,
    GenerateConfig,
    Message,
    ModelCall,
    Outcome,
    RoleConfig,
    RunConfig,
    RunManifest,
    Sample,
    SampleRecord,
    SampleStatus,
    Score,
    Step,
    StepKind,
    Transcript,
    Usage,
)
from finprobe.core.store import RunStore, StoreError

__all__ = [
    "Action", "ActionParseError", "ActionSpec", "ArgSpec", "Benchmark", "DataError", "EnvResult", "Environment",
    "EpisodeContext", "GenerateConfig", "LoopConfig", "Message", "ModeInfo", "ModelCall", "Outcome", "PolicyInfo",
    "RoleConfig", "RoleModel", "RunConfig", "RunManifest", "RunResult", "RunStore", "Runner", "Sample",
    "SampleRecord", "SampleStatus", "Score", "Step", "StepKind", "StoreError", "Transcript", "Usage",
    "action_schema", "parse_action", "run_react",
]
