"""The regret family (RegretBench) as a `finprobe.core.benchmark.Benchmark`.

One sample per CIG. Its episode plays every intent of the CIG as the hidden one, `rollouts` times each
(DESIGN §5: z over all intents × R rollouts, default 3), against the persona simulator, and stores every
rollout (turns, mapped actions, observations, reward parts) in the transcript; the reference planner's
and the immediate baseline's exact values for the CIG are stored beside them, so the report needs only
the stored records.

Roles: `agent` (a model spec, default `local`, or the baselines `planner` — the exact reference planner —
and `immediate`), `user` (`template`: the persona simulator's template verbaliser; a model spec phrases the
replies with an LLM, the semantic outcome staying the simulator's).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator

from finprobe.benchmarks.regret.cig import CIG, load_cigs
from finprobe.benchmarks.regret.doctor import doctor as cig_doctor
from finprobe.benchmarks.regret.episode import EpisodeConfig, EpisodeResult, run_episode
from finprobe.benchmarks.regret.mapper import ActionMapper
from finprobe.benchmarks.regret.metrics import ReferenceValues, aggregate, per_instance, reference_values
from finprobe.benchmarks.regret.persona import PERSONAS, get_persona, llm_verbaliser
from finprobe.benchmarks.regret.policies import ImmediatePolicy, PlannerPolicy, PolicyBackend
from finprobe.benchmarks.regret.profile import COST_PROFILES, get_profile
from finprobe.benchmarks.regret.prompts import PROMPT_METHODS
from finprobe.core.benchmark import (
    AggregationSettings,
    Benchmark,
    DataFormat,
    DoctorReport,
    EpisodeContext,
    FamilyOptions,
    Finding,
    MetricInfo,
    ModeInfo,
    PolicyInfo,
)
from finprobe.core.display import PlotData, Series, TableData, interval, number, rate
from finprobe.core.models._base import ModelBackend
from finprobe.core.schema import (
    Action,
    Message,
    Outcome,
    Sample,
    SampleRecord,
    SampleStatus,
    Score,
    Step,
    StepKind,
    Transcript,
)

SCORER_VERSION = "regret-1"
POLICIES = {"planner": "the exact reference planner (expectimax over beliefs): regret = lambda x its answer's tokens "
                       "(the paper's reference commits without tokens); 0 under the full-cost profile",
            "immediate": "answers at once with the MAP intent: the immediate-answer baseline"}
HEADLINE = ("reward", "regret", "n_regret", "success", "avg_turns", "avg_cost", "avg_penalty", "forced_terminal_rate")


def demo_cigs_path() -> Path:
    """The bundled demo CIGs: converted from the fictional FinInteract demo set and small sample records."""
    return Path(__file__).parent / "data" / "demo_cigs.jsonl"


class RegretOptions(FamilyOptions):
    persona: str = Field("cooperative", description=f"the simulated user: {', '.join(PERSONAS)}")
    method: Literal["baseline", "one-shot", "explanation"] = Field(
        "baseline", description=f"prompt method (RegretBench Appendix C): {', '.join(PROMPT_METHODS)}")
    rollouts: int = Field(3, ge=1, le=100, description="rollouts per (CIG, hidden intent)")
    horizon: int = Field(5, ge=0, le=20, description="clarifying questions allowed")
    profile: str = Field("default", description=f"cost profile (lambda and penalty weights): {', '.join(COST_PROFILES)}")
    mapper: Literal["auto", "lexical", "embeddings"] = Field(
        "auto", description="question -> action mapper: sentence embeddings when installed (auto), or lexical")
    token_source: Literal["text", "usage"] = Field(
        "text", description="assistant tokens for the cost: counted on the question/answer text, or the backend's usage")

    @field_validator("persona")
    @classmethod
    def _persona(cls, value: str) -> str:
        get_persona(value)
        return value

    @field_validator("profile")
    @classmethod
    def _profile(cls, value: str) -> str:
        get_profile(value)
        return value


def cig_of(sample: Sample) -> CIG:
    return CIG.model_validate(sample.data["cig"])


def _clean(value: Any) -> Any:
    """JSON has no NaN: an undefined metric is null."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    return value


def _instance_values(episodes: list[EpisodeResult], ref: ReferenceValues) -> dict[str, float]:
    """One CIG's metrics, by the same per-instance estimator the aggregate averages (`metrics.per_instance`)."""
    per = per_instance(episodes, {ref.cig_id: ref})
    return {k: v[ref.cig_id] for k, v in per.items() if ref.cig_id in v}


def _results(record: SampleRecord) -> list[EpisodeResult]:
    if record.status != SampleStatus.scored or record.transcript is None:
        return []
    return [EpisodeResult.model_validate(e) for e in record.transcript.info.get("episodes") or []]


class RegretBenchmark(Benchmark[RegretOptions]):
    """Clarification as a policy: reward, cost, penalties and regret against an exact reference planner."""

    name = "regret"
    description = "RegretBench: clarification interaction graphs, persona simulator, regret vs an exact planner"
    version = "1"
    roles = {"agent": "local", "user": "template"}
    scorer_version = SCORER_VERSION
    options_model = RegretOptions
    constrained_roles = frozenset()  # replies are free text classified ASK/ANSWER, as in the paper
    demo_limit = 6
    demo_options = {"rollouts": "1"}

    # ------------------------------------------------------------------ catalogue
    def modes(self) -> list[ModeInfo]:
        return [ModeInfo(name="dialogue", description="ASK/ANSWER dialogue with the persona simulator, horizon "
                                                      "questions at most, every intent x rollouts")]

    def policies(self) -> list[PolicyInfo]:
        return [PolicyInfo(name=n, description=d) for n, d in POLICIES.items()]

    def policy_backend(self, name: str, sample: Sample, options: RegretOptions) -> ModelBackend:
        cig = cig_of(sample)
        persona, profile = get_persona(options.persona), get_profile(options.profile)
        if name == "planner":
            return PolicyBackend(PlannerPolicy(cig, persona, profile, options.horizon))
        if name == "immediate":
            return PolicyBackend(ImmediatePolicy(cig, persona, profile, options.horizon))
        raise KeyError(f"unknown regret policy {name!r}; known: {', '.join(POLICIES)}")

    def components(self) -> dict[str, list[str]]:
        return {"user": ["template"]}

    # ------------------------------------------------------------------ data
    def check_config(self, mode: str | None, options: RegretOptions) -> None:
        super().check_config(mode, options)
        ActionMapper(options.mapper)  # "embeddings" without the extra fails now, with the install line

    def load(self, data: str | None, options: RegretOptions) -> list[Sample]:
        cigs = load_cigs(data if data is not None else demo_cigs_path())
        return [Sample(id=c.cig_id, data={"cig": c.model_dump(mode="json")},
                       meta={"n_intents": len(c.intents), "n_variables": len(c.variables),
                             "source": str(c.metadata.get("source", "unknown"))}) for c in cigs]

    # ------------------------------------------------------------------ the episode
    async def run_episode(self, ctx: EpisodeContext[RegretOptions]) -> None:
        cig = cig_of(ctx.sample)
        opts = ctx.options
        persona, profile = get_persona(opts.persona), get_profile(opts.profile)
        mapper = _mapper(opts.mapper)
        agent = ctx.model("agent")
        verbaliser = None
        if ctx.role_specs.get("user", "template") != "template":
            user = ctx.model("user")

            async def phrase(messages: list[Message]) -> str:
                return (await user.generate(messages)).output or ""

            verbaliser = llm_verbaliser(phrase)
        config = EpisodeConfig(horizon=opts.horizon, method=opts.method, token_source=opts.token_source)
        episodes: list[EpisodeResult] = []
        for intent in cig.intents:
            for rollout in range(opts.rollouts):
                rng = random.Random(f"{ctx.seed}:{intent.intent_id}:{rollout}")
                episodes.append(await run_episode(cig, intent.intent_id, agent.generate, persona=persona,
                                                  profile=profile, mapper=mapper, rng=rng, config=config,
                                                  rollout=rollout, verbaliser=verbaliser))
        ref = reference_values([cig], persona, profile, opts.horizon)[cig.cig_id]
        transcript = ctx.transcript
        # Every dialogue (each intent x rollout) in order, so the report shows them all; the label on each
        # dialogue's system message says which one it is (the calls keep exactly what was sent).
        transcript.messages = [
            m.model_copy(update={"name": f"intent {e.intent_id}, rollout {e.rollout}"}) if i == 0 and m.role == "system"
            else m for e in episodes for i, m in enumerate(e.messages)]
        transcript.steps = _steps(episodes)
        transcript.outcome = Outcome.answered
        transcript.info.update({"episodes": [e.model_dump(mode="json") for e in episodes],
                                "reference": ref.model_dump(), "persona": opts.persona, "method": opts.method,
                                "profile": profile.label, "mapper": mapper.method})

    def score(self, sample: Sample, transcript: Transcript, options: RegretOptions) -> Score:
        """The CIG's mean reward over its intents and rollouts; passed when every rollout found the intent.
        The reward parts were fixed when the dialogue was played (they depend on the simulator's draws)."""
        episodes = [EpisodeResult.model_validate(e) for e in transcript.info.get("episodes") or []]
        if not episodes:
            return Score(value=None, passed=None, reason="no episodes", scorer_version=SCORER_VERSION)
        ref = ReferenceValues.model_validate(transcript.info["reference"])
        values = _instance_values(episodes, ref)
        mean_reward, success = values["reward"], values["success"]
        return Score(value=mean_reward, passed=success == 1.0, reason=None if success == 1.0 else "missed_intent",
                     scorer_version=SCORER_VERSION,
                     details={"reward": mean_reward, "success_rate": success, "regret": values["regret"],
                              "reference": ref.reference, "baseline": ref.baseline, "n_episodes": len(episodes)})

    # ------------------------------------------------------------------ aggregation and display
    def aggregate(self, records: Sequence[SampleRecord], samples: Mapping[str, Sample] | None,
                  options: RegretOptions, settings: AggregationSettings) -> dict[str, Any]:
        """RegretBench metrics (`metrics.aggregate`) over the stored rollouts, CIs resampling CIGs."""
        results: list[EpisodeResult] = []
        refs: dict[str, ReferenceValues] = {}
        for record in records:
            episodes = _results(record)
            if episodes and record.transcript is not None:
                results += episodes
                refs[record.sample_id] = ReferenceValues.model_validate(record.transcript.info["reference"])
        errors = [{"id": r.sample_id, "error": r.error or "not scored"} for r in records if r.status == SampleStatus.error]
        if not results:
            return {"n": len(records), "n_scored": 0, "errors": len(errors), "error_list": errors,
                    **{k: None for k in HEADLINE}, "by_persona": {}}
        out = _clean(aggregate(results, refs, seed=settings.seed, n_resamples=settings.n_resamples,
                               confidence=settings.confidence))
        out["n_scored"] = out.pop("n")
        out["n"] = len(records)
        out.update(errors=len(errors), error_list=errors, persona=options.persona, method=options.method,
                   profile=get_profile(options.profile).label, rollouts=options.rollouts, horizon=options.horizon)
        return out

    def headline_metrics(self) -> list[str]:
        return list(HEADLINE)

    def metric_info(self) -> dict[str, MetricInfo]:
        return {"reward": MetricInfo(label="reward R = U - C - P", better="higher"),
                "regret": MetricInfo(label="regret (R_ref - R)", better="lower"),
                "n_regret": MetricInfo(label="normalised regret", better="lower"),
                "success": MetricInfo(label="success", better="higher"),
                "avg_turns": MetricInfo(label="questions per dialogue"),
                "avg_cost": MetricInfo(label="cost C", better="lower"),
                "avg_penalty": MetricInfo(label="penalty P", better="lower"),
                "unsupported_rate": MetricInfo(label="unsupported-clarification rate", better="lower"),
                "forced_terminal_rate": MetricInfo(label="forced-terminal rate", better="lower"),
                "reference_reward": MetricInfo(label="reference planner R_ref"),
                "baseline_reward": MetricInfo(label="immediate-answer R_base")}

    def data_formats(self) -> list[DataFormat]:
        return [DataFormat(name="RegretBench CIG", keys=frozenset({"cig_id", "prompt", "intents", "variables"}))]

    def target(self, sample: Sample) -> list[str] | None:
        """Each intent's accepted answer, labelled with the intent (the hidden intent decides which is right)."""
        intents = (sample.data.get("cig") or {}).get("intents") or []
        out = [f"{i.get('intent_id')}: {' | '.join(i.get('answer_aliases') or []) or '(no answer text)'}"
               for i in intents if isinstance(i, dict)]
        return out or None

    def sample_values(self, record: SampleRecord, sample: Sample | None) -> dict[str, float | None]:
        episodes = _results(record)
        if not episodes or record.transcript is None:
            return {k: None for k in ("reward", "regret", "success", "avg_turns")}
        values = _instance_values(episodes, ReferenceValues.model_validate(record.transcript.info["reference"]))
        return {k: values[k] for k in ("reward", "regret", "success", "avg_turns")}

    def summary_tables(self, metrics: Mapping[str, Any]) -> list[TableData]:
        rows = []
        for name, label, fmt in (("reward", "reward R = U - C - P", number), ("regret", "regret (R_ref - R)", number),
                                 ("n_regret", "normalised regret", number), ("success", "success", rate),
                                 ("avg_turns", "questions per dialogue", number), ("avg_cost", "cost C", number),
                                 ("avg_penalty", "penalty P", number),
                                 ("unsupported_rate", "unsupported-clarification rate", rate),
                                 ("forced_terminal_rate", "forced-terminal rate", rate),
                                 ("reference_reward", "reference planner R_ref", number),
                                 ("baseline_reward", "immediate-answer R_base", number)):
            rows.append([label, fmt(metrics.get(name)),
                         interval(metrics.get(f"{name}_ci_low"), metrics.get(f"{name}_ci_high"), fmt)])
        tables = [TableData(
            title=f"regret: {metrics.get('n_scored', 0)} CIGs scored of {metrics.get('n', 0)} "
                  f"({metrics.get('errors', 0)} errors) · persona {metrics.get('persona')} · method "
                  f"{metrics.get('method')} · {metrics.get('rollouts')} rollouts · profile {metrics.get('profile')}",
            columns=["metric", "value", "95% CI"], rows=rows, align=["left", "right", "right"])]
        by = metrics.get("by_persona") or {}
        if by:
            tables.append(TableData(title="by persona", columns=["persona", "CIGs", "reward", "regret", "success",
                                                                 "questions", "R_ref", "R_base"],
                                    rows=[[p, b.get("n"), number(b.get("reward")), number(b.get("regret")),
                                           rate(b.get("success")), number(b.get("avg_turns")),
                                           number(b.get("reference_reward")), number(b.get("baseline_reward"))]
                                          for p, b in by.items()]))
        return tables

    def plots(self, metrics: Mapping[str, Any]) -> list[PlotData]:
        by = metrics.get("by_persona") or {}
        if not by:
            return []
        personas = list(by)
        return [PlotData(kind="bar", title="reward and regret per persona", categories=personas,
                         x_label="persona", y_label="per dialogue", source="by_persona",
                         series=[Series(name="reward", values=[by[p].get("reward") for p in personas],
                                        ci_low=[by[p].get("reward_ci_low") for p in personas],
                                        ci_high=[by[p].get("reward_ci_high") for p in personas]),
                                 Series(name="regret", values=[by[p].get("regret") for p in personas],
                                        ci_low=[by[p].get("regret_ci_low") for p in personas],
                                        ci_high=[by[p].get("regret_ci_high") for p in personas]),
                                 Series(name="reference R_ref", values=[by[p].get("reference_reward") for p in personas])])]

    # ------------------------------------------------------------------ data tools
    def doctor(self, data: str | None, options: RegretOptions) -> DoctorReport:
        """CIG defects: an intent with no alias, two intents no variable separates, a variable with one value,
        a reference question the mapper maps to another variable."""
        cigs = load_cigs(data if data is not None else demo_cigs_path())
        findings = cig_doctor(cigs, _mapper(options.mapper))
        return DoctorReport(n=len(cigs), findings=[Finding(id=f.id, kind=f.kind, detail=f.detail) for f in findings])


_mappers: dict[str, ActionMapper] = {}


def _mapper(method: str) -> ActionMapper:
    """One mapper per method per process (the embeddings model loads once)."""
    if method not in _mappers:
        _mappers[method] = ActionMapper(method)  # type: ignore[arg-type]
    return _mappers[method]


def _steps(episodes: list[EpisodeResult]) -> list[Step]:
    """The dialogues as transcript steps (one per assistant turn), for the report's transcript browser."""
    steps: list[Step] = []
    for ep in episodes:
        for turn in ep.turns:
            action = Action(name=str(turn.reply.kind).lower(), args={"text": turn.reply.text[:500]})
            observation = None
            if turn.observation is not None:
                observation = f"[{turn.observation.type}] {turn.observation.text}"
            steps.append(Step(index=len(steps), kind=StepKind.action, raw=turn.assistant_text, action=action,
                              observation=observation,
                              info={"intent": ep.intent_id, "rollout": ep.rollout, "turn": turn.index,
                                    "mapped": None if turn.mapped is None else turn.mapped.model_dump(mode="json"),
                                    "penalties": turn.penalties}))
    return steps
