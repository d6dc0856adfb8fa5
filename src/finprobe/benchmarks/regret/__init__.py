"""The regret family (RegretBench): clarification as a policy, scored by reward and regret against an exact
reference planner over clarification interaction graphs (CIGs). Public API re-exported here."""

from finprobe.benchmarks.regret.cig import (
    CIG,
    OBSERVATION_TYPES,
    ClarifyAction,
    Intent,
    ObservationSchema,
    Variable,
    ask_action,
    dump_cigs,
    load_cigs,
    parse_cigs,
)
from finprobe.benchmarks.regret.doctor import CIGFinding, doctor
from finprobe.benchmarks.regret.episode import Assistant, EpisodeConfig, EpisodeResult, TurnRecord, run_episode
from finprobe.benchmarks.regret.mapper import ActionMapper, MappedAction, embeddings_available
from finprobe.benchmarks.regret.matching import IntentMatch, match_intent
from finprobe.benchmarks.regret.metrics import ReferenceValues, aggregate, reference_values
from finprobe.benchmarks.regret.persona import (
    PERSONAS,
    Observation,
    Persona,
    UserSimulator,
    get_persona,
    llm_verbaliser,
    outcome_distribution,
)
from finprobe.benchmarks.regret.planner import Decision, Planner, answer_text, posterior, reference_question
from finprobe.benchmarks.regret.policies import ImmediatePolicy, PlannerPolicy, PolicyBackend
from finprobe.benchmarks.regret.profile import COST_PROFILES, CostProfile, get_profile
from finprobe.benchmarks.regret.prompts import FORCE_MESSAGE, PROMPT_METHODS, system_prompt, task_prompt
from finprobe.benchmarks.regret.replies import ReplyClassification, classify_reply

__all__ = [
    "CIG", "COST_PROFILES", "FORCE_MESSAGE", "OBSERVATION_TYPES", "PERSONAS", "PROMPT_METHODS", "ActionMapper",
    "Assistant", "CIGFinding", "ClarifyAction", "CostProfile", "Decision", "EpisodeConfig", "EpisodeResult",
    "ImmediatePolicy", "Intent", "IntentMatch", "MappedAction", "Observation", "ObservationSchema", "Persona",
    "Planner", "PlannerPolicy", "PolicyBackend", "ReferenceValues", "ReplyClassification", "TurnRecord",
    "UserSimulator", "Variable", "aggregate", "answer_text", "ask_action", "classify_reply", "doctor",
    "dump_cigs", "embeddings_available", "get_persona", "get_profile", "llm_verbaliser", "load_cigs",
    "match_intent", "outcome_distribution", "parse_cigs", "posterior", "reference_question", "reference_values",
    "run_episode", "system_prompt", "task_prompt",
]
