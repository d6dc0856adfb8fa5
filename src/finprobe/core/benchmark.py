"""The family contract: everything the engine, the report and the CLI may ask of a benchmark family.

A family subclasses `Benchmark` (abstract where a family must decide, with defaults where it may omit
something), declares its options as a `FamilyOptions` model, and is registered under the entry-point
group `finprobe.benchmarks` (see `finprobe.core.families`). Nothing a family offers is discovered by
probing: the engine calls only what this class declares.

Contract version history (`CONTRACT_VERSION`, checked when a family loads):
  1 — this shape: typed options, AggregationSettings, display data, doctor, success for pass^k.
      Additive since: `aggregates_text` (aggregation views of records; default False).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from finprobe.core.display import PlotData, TableData
from finprobe.core.models._base import ModelBackend
from finprobe.core.schema import GenerateConfig, Message, ModelCall, Sample, SampleRecord, Score, Transcript
from finprobe.core.sources import DataError, validation_message

CONTRACT_VERSION = 1

__all__ = [
    "CONTRACT_VERSION", "AggregationSettings", "Benchmark", "DataError", "DoctorReport", "EpisodeContext",
    "FamilyOptions", "Finding", "ModeInfo", "OptionInfo", "PolicyInfo", "PresetInfo", "RoleModel", "RunStatistic",
    "aggregation_only", "describe_options",
]


# --------------------------------------------------------------------------- options
def aggregation_only(default: Any, description: str, **constraints: Any) -> Any:
    """Declare an option that changes only how results are aggregated (bootstrap size, a paired run
    for one label), not what the episodes produce: it stays out of the run fingerprint, so changing it
    on `report`/`rescore` or a resumed run is not "a different run"."""
    return Field(default, description=description, json_schema_extra={"aggregation_only": True}, **constraints)


class FamilyOptions(BaseModel):
    """Base of every family's options (`-O KEY=VALUE`). Unknown keys are errors; values are typed.

    The two common options below only change aggregation. The run's seed is not an option: `--seed`
    drives episodes and bootstrap alike (one seed)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    bootstrap_resamples: int = aggregation_only(1000, "bootstrap resamples for every CI", ge=100, le=1_000_000)
    ci_level: float = aggregation_only(0.95, "confidence level of every CI", gt=0.5, lt=1.0)

    @classmethod
    def aggregation_fields(cls) -> frozenset[str]:
        return frozenset(name for name, info in cls.model_fields.items()
                         if isinstance(info.json_schema_extra, dict) and info.json_schema_extra.get("aggregation_only"))

    def fingerprint_part(self) -> dict[str, Any]:
        """The options that determine results: those set to a non-default value, aggregation-only excluded."""
        return self.model_dump(mode="json", exclude_defaults=True, exclude=set(self.aggregation_fields()))


OptionsT = TypeVar("OptionsT", bound=FamilyOptions)


class OptionInfo(BaseModel):
    """One option as `finprobe list options FAMILY` shows it."""

    name: str
    type: str
    default: Any
    description: str
    aggregation_only: bool


def describe_options(model: type[FamilyOptions]) -> list[OptionInfo]:
    aggregation = model.aggregation_fields()
    out = []
    for name, info in model.model_fields.items():
        annotation = info.annotation
        type_name = getattr(annotation, "__name__", None) or str(annotation).replace("typing.", "")
        out.append(OptionInfo(name=name, type=type_name, default=info.get_default(call_default_factory=True),
                              description=info.description or "", aggregation_only=name in aggregation))
    return out


class AggregationSettings(BaseModel):
    """How aggregates are computed: the run's seed (or an explicit override) and the CI settings."""

    model_config = ConfigDict(frozen=True)

    seed: int = 0
    n_resamples: int = 1000
    confidence: float = 0.95

    @classmethod
    def for_run(cls, seed: int, options: FamilyOptions) -> AggregationSettings:
        return cls(seed=seed, n_resamples=options.bootstrap_resamples, confidence=options.ci_level)


# --------------------------------------------------------------------------- what an episode gets
class RoleModel:
    """A backend bound to a role inside one episode: every call is recorded in the transcript.

    The runner builds these; families only call `generate`.
    """

    def __init__(self, role: str, backend: ModelBackend, transcript: Transcript,
                 defaults: GenerateConfig, call: Callable[..., Any]):
        self.role = role
        self.backend = backend
        self.defaults = defaults
        self._transcript = transcript
        self._call = call  # runner-provided coroutine: (role, backend, messages, config, transcript) -> ModelCall

    @property
    def supports_schema(self) -> bool:
        return self.backend.supports_schema

    async def generate(self, messages: list[Message], **overrides: Any) -> ModelCall:
        """Call the model. The runner appends the ModelCall to the transcript, also when it fails
        (then the ModelError propagates and the runner decides: retry the sample or record an error)."""
        config = self.defaults.model_copy(update=overrides) if overrides else self.defaults
        call: ModelCall = await self._call(self.role, self.backend, messages, config, self._transcript)
        return call


@dataclass
class EpisodeContext(Generic[OptionsT]):
    """What an episode gets from the engine: its models by role, the run's mode and options, a seeded RNG.

    A plain dataclass, not a record: it is built once per sample on the hot path and never stored."""

    sample: Sample
    transcript: Transcript
    rng: random.Random
    options: OptionsT
    mode: str | None = None
    seed: int = 0
    #: the trial index (1..K) under `--epochs K`
    epoch: int = 1
    models: dict[str, RoleModel] = field(default_factory=dict)
    #: the spec of every role (LLM or component), e.g. {"agent": "local", "user": "deterministic"}
    role_specs: dict[str, str] = field(default_factory=dict)

    def model(self, role: str) -> RoleModel:
        try:
            return self.models[role]
        except KeyError:
            raise KeyError(f"this run configures no model for role {role!r}") from None


# --------------------------------------------------------------------------- catalogue records
class ModeInfo(BaseModel):
    name: str
    description: str


class PolicyInfo(BaseModel):
    """A baseline policy: selected like a model (`--agent NAME`), built per sample from the instance."""

    name: str
    description: str


class PresetInfo(BaseModel):
    """A named protocol (`--protocol NAME`): options set together, e.g. to reproduce a paper's setup.
    Options given explicitly (`-O`) override the preset's."""

    name: str
    description: str
    options: dict[str, Any]


class Finding(BaseModel):
    """One data defect found by a family's doctor: the record's id, a kind (a stable code), a detail."""

    id: str
    kind: str
    detail: str


class DoctorReport(BaseModel):
    """What `finprobe doctor FAMILY` prints: the number of records checked and the defects found.
    `details` carries family-specific summaries (e.g. the reasoning audit's classes)."""

    n: int
    findings: list[Finding] = Field(default_factory=list)
    details: dict[str, Any] = Field(default_factory=dict)


#: a run-level statistic for paired comparisons: items (one per shared instance) -> value
RunStatistic = Callable[[Sequence[Any]], "float | None"]


# --------------------------------------------------------------------------- the contract
class Benchmark(abc.ABC, Generic[OptionsT]):
    """A benchmark family. Subclass it, fill in the class attributes, implement the abstract methods.

    Identity (class attributes): `name`, `description`, `version` (the family's code; recorded in the
    manifest), `scorer_version` (bump when scoring changes: part of the run fingerprint and of every
    Score), `roles` (role -> default spec, e.g. {"agent": "local", "user": "deterministic"}),
    `options_model` (the family's `FamilyOptions` subclass), `result_libraries` (distributions whose
    version changes results, recorded in the manifest), `constrained_roles` (roles that reply in JSON).
    """

    name: ClassVar[str]
    description: ClassVar[str]
    version: ClassVar[str] = "1"
    scorer_version: ClassVar[str]
    contract_version: ClassVar[int] = CONTRACT_VERSION
    roles: ClassVar[dict[str, str]]
    options_model: ClassVar[type[FamilyOptions]] = FamilyOptions
    result_libraries: ClassVar[tuple[str, ...]] = ()
    #: roles whose replies must follow a JSON schema (actions, verdicts): the runner negotiates a
    #: structured-output mode with their endpoints before the run; other roles are sent plain chat
    constrained_roles: ClassVar[frozenset[str]] = frozenset({"agent"})
    #: what `finprobe run` with no arguments (the demo suite on the embedded model) runs of this family: the
    #: first `demo_limit` samples with `demo_options`, so a newcomer's first run ends in minutes
    demo_limit: ClassVar[int | None] = None
    demo_options: ClassVar[dict[str, str]] = {}
    #: whether `aggregate` and `sample_values` read transcript texts. By default (False) they get
    #: aggregation views of the stored records: the transcript's texts (messages, each call's input and
    #: output and response schema, each step's raw text and observation, failed attempts' calls) are
    #: left out, everything else (status, score, error, meta, usage, outcome, final answer and args,
    #: steps' kinds and actions, calls' roles, usage and errors, info) is kept. That keeps a 100k-sample
    #: aggregate in memory at a fraction of the size. A family whose metrics read those texts sets True.
    aggregates_text: ClassVar[bool] = False

    # ------------------------------------------------------------------ catalogue
    def modes(self) -> list[ModeInfo]:
        """Named, reproducible configurations. The first is the default."""
        return [ModeInfo(name="default", description="the family's only mode")]

    def default_mode(self) -> str:
        return self.modes()[0].name

    def policies(self) -> list[PolicyInfo]:
        """Baseline policies that can play the agent (`--agent NAME`)."""
        return []

    def policy_backend(self, name: str, sample: Sample, options: OptionsT) -> ModelBackend:
        """A per-sample backend for baseline policy `name` (e.g. one that answers the reference value)."""
        raise KeyError(f"{self.name} has no baseline policy {name!r}")

    def presets(self) -> list[PresetInfo]:
        """Named protocols: bundles of options (`--protocol NAME`)."""
        return []

    def components(self) -> dict[str, list[str]]:
        """Built-in non-LLM components by role (e.g. {"user": ["deterministic", "noisy"]}).

        A role whose spec names one of these gets no model backend: the family builds the component
        itself from `EpisodeContext.role_specs`."""
        return {}

    # ------------------------------------------------------------------ options and data
    def parse_options(self, raw: Mapping[str, Any] | FamilyOptions | None, protocol: str | None = None) -> OptionsT:
        """Typed options from `-O KEY=VALUE` pairs (strings are coerced by the model's types), over the
        options of preset `protocol` when one is named. Raises ValueError with one line per problem."""
        if isinstance(raw, self.options_model) and protocol is None:
            return raw  # type: ignore[return-value]
        if isinstance(raw, FamilyOptions):
            raw = raw.model_dump(exclude_defaults=True)
        if protocol is not None:
            presets = {p.name: p for p in self.presets()}
            if protocol not in presets:
                raise ValueError(f"unknown {self.name} protocol {protocol!r}; known: {', '.join(presets) or 'none'}")
            raw = {**presets[protocol].options, **(raw or {})}
        known = list(self.options_model.model_fields)
        unknown = sorted(str(key) for key in (raw or {}) if key not in known)
        if unknown:
            hint = "; the run's seed is --seed (it drives episodes and bootstrap alike)" if "seed" in unknown else ""
            raise ValueError(f"unknown {self.name} option{'s' if len(unknown) > 1 else ''} "
                             f"{', '.join(map(repr, unknown))}; known: {', '.join(known)}{hint}")
        try:
            return self.options_model.model_validate(dict(raw or {}))  # type: ignore[return-value]
        except ValidationError as exc:
            raise ValueError(f"{self.name} options: {validation_message(exc)}") from None

    def check_config(self, mode: str | None, options: OptionsT) -> None:
        """Raise ValueError for an unknown mode or options that cannot work together, before any data loads."""
        known = [m.name for m in self.modes()]
        if mode is not None and mode not in known:
            raise ValueError(f"unknown {self.name} mode {mode!r}; known: {', '.join(known)}")

    @abc.abstractmethod
    def load(self, data: str | None, options: OptionsT) -> list[Sample]:
        """Instances as samples (the bundled demo set when `data` is None). Raise DataError on malformed data."""

    def load_for_run(self, data: str | None, options: OptionsT, seed: int) -> list[Sample]:
        """The instances of a run whose seed is `seed`: what the engine and the report load. By default
        `load(data, options)`; a family whose instances depend on the run's seed (a seeded random
        assignment, e.g. of the target reading) overrides this, with `load` being seed 0."""
        return self.load(data, options)

    def check_roles(self, mode: str | None, options: OptionsT, role_specs: Mapping[str, str]) -> None:
        """Raise ValueError for roles the options cannot work with (e.g. a protocol that scores with a judge
        model given no judge), before the first model call. `role_specs`: role -> spec."""

    def check_samples(self, mode: str | None, options: OptionsT, samples: Sequence[Sample]) -> None:
        """Raise ValueError for a run that cannot work once data and mode are both known (e.g. a
        searching mode without a corpus), before the first model call."""

    # ------------------------------------------------------------------ the episode
    @abc.abstractmethod
    async def run_episode(self, ctx: EpisodeContext[OptionsT]) -> None:
        """Play one episode, filling `ctx.transcript`. Model failures propagate as ModelError."""

    @abc.abstractmethod
    def score(self, sample: Sample, transcript: Transcript, options: OptionsT) -> Score:
        """Grade one transcript. Deterministic: the same transcript always gets the same Score."""

    def success(self, score: Score) -> bool:
        """The binary outcome of one trial (for pass^k over `--epochs`)."""
        return bool(score.passed)

    # ------------------------------------------------------------------ aggregation and display
    @abc.abstractmethod
    def aggregate(self, records: Sequence[SampleRecord], samples: Mapping[str, Sample] | None, options: OptionsT,
                  settings: AggregationSettings) -> dict[str, Any]:
        """The run's metrics as one JSON-able dict (the `report --format json` object).

        `records` come in data order, one per sample (one epoch), as aggregation views unless
        `aggregates_text` (see there); `samples` is None when the data no longer loads. Must include `n`
        and `error_list` ([{id, error}]); each headline metric `M` sits beside `M_ci_low` / `M_ci_high`,
        seeded by `settings.seed`."""

    def headline_metrics(self) -> list[str]:
        """The keys of the aggregate that are headline numbers (each with `_ci_low`/`_ci_high`)."""
        return []

    def summary_tables(self, metrics: Mapping[str, Any]) -> list[TableData]:
        """The terminal/HTML summary of an aggregate, as plain tables."""
        return []

    def plots(self, metrics: Mapping[str, Any]) -> list[PlotData]:
        """Plots of an aggregate, as plain data (the report draws them)."""
        return []

    def sample_values(self, record: SampleRecord, sample: Sample | None) -> dict[str, float | None]:
        """Per-instance values whose mean over instances is a run metric (paired comparisons, epochs).
        None: the instance does not enter that metric (e.g. an error record)."""
        if record.score is None or record.score.value is None or record.status.value != "scored":
            return {"score": None}
        return {"score": float(record.score.value)}

    def sample_columns(self, record: SampleRecord) -> dict[str, str | int | float | bool | None]:
        """Family columns of the per-sample export (`report --format csv`), after the fixed ones (e.g.
        reasoning's `correction`). Read from the record alone (its meta and score)."""
        return {}

    def paired_item(self, record: SampleRecord, sample: Sample | None) -> Any:
        """One instance's data for `run_statistics` (None to leave it out)."""
        return None

    def run_statistics(self) -> dict[str, RunStatistic]:
        """Run-level metrics that are not means over instances (e.g. ECE), compared by resampling the
        shared instances and recomputing the statistic on both runs."""
        return {}

    # ------------------------------------------------------------------ data tools
    def doctor(self, data: str | None, options: OptionsT) -> DoctorReport | None:
        """Data defects of a source file (`finprobe doctor FAMILY --data FILE`); None: no doctor."""
        return None

    def doctor_tables(self, report: DoctorReport) -> list[TableData]:
        """A doctor report as tables: by default, the counts by kind and the findings."""
        counts: dict[str, int] = {}
        for f in report.findings:
            counts[f.kind] = counts.get(f.kind, 0) + 1
        return [
            TableData(title=f"{self.name} doctor: {len(report.findings)} findings in {report.n} records",
                      columns=["kind", "count"], rows=[[k, v] for k, v in sorted(counts.items())]),
            TableData(title="findings", columns=["id", "kind", "detail"], align=["left", "left", "left"],
                      rows=[[f.id, f.kind, f.detail] for f in report.findings]),
        ]
