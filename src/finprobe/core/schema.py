"""Pydantic records shared by every benchmark family.

Everything a run writes to disk is one of these models, so a stored run can be re-read, re-scored and
reported without the code that produced it being in the same state.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


def utcnow() -> datetime:
    return datetime.now(UTC)


class Record(BaseModel):
    """Base for records: unknown fields are kept out, so typos in stored data are errors."""

    model_config = ConfigDict(extra="forbid")


# --------------------------------------------------------------------------- messages and calls
Role = Literal["system", "user", "assistant", "tool"]


class Message(Record):
    role: Role
    content: str
    name: str | None = None


class Usage(Record):
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cost_usd=self.cost_usd + other.cost_usd,
        )


class GenerateConfig(Record):
    """Sampling parameters for one model call. `None` means: the backend's default."""

    temperature: float | None = Field(0.0, ge=0, allow_inf_nan=False)
    max_tokens: int | None = Field(None, ge=1)
    seed: int | None = None
    stop: list[str] | None = None
    # A JSON schema the reply must follow (constrained decoding where the backend supports it).
    response_schema: dict[str, Any] | None = None
    #: seconds for one HTTP attempt; must be > 0 (HTTP clients read 0 as "no timeout at all")
    timeout_s: float | None = Field(None, gt=0, allow_inf_nan=False)


class ModelCall(Record):
    """One request to a model and what came back: the unit of accounting and of the response cache."""

    role: str
    backend: str
    model: str
    #: the input, unless it was the first `input_prefix` messages of the transcript (stored once there)
    messages: list[Message] = Field(default_factory=list)
    input_prefix: int | None = None
    config: GenerateConfig
    output: str | None = None
    #: stored form only: the output is the content of the transcript's message at this index (the store
    #: keeps each reply once); filled back into `output` when the record is read
    output_ref: int | None = None
    finish_reason: str | None = None
    usage: Usage = Field(default_factory=Usage)
    latency_s: float = 0.0
    attempts: int = 1
    cached: bool = False
    error: str | None = None
    #: the backend's notes on this call (e.g. "prompt ... cut to fit n_ctx"): visible in the transcript
    notes: list[str] = Field(default_factory=list)


# --------------------------------------------------------------------------- agent actions
class Action(Record):
    """An action the agent chose: a name and its arguments (e.g. search(query), answer(value, confidence))."""

    name: str
    args: dict[str, Any] = Field(default_factory=dict)


class StepKind(str, Enum):
    action = "action"  # a valid action and the environment's observation
    invalid = "invalid"  # the model's output could not be parsed into an allowed action
    refused = "refused"  # a valid action the mode does not allow now (e.g. answer before n asks)
    note = "note"  # something the environment did on its own (e.g. a template Q&A inserted by a mode)


class Step(Record):
    index: int
    kind: StepKind
    raw: str | None = None  # the model text this step was parsed from
    raw_ref: int | None = None  # stored form only: `raw` is the content of the transcript's message at this index
    action: Action | None = None
    observation: str | None = None
    error: str | None = None
    info: dict[str, Any] = Field(default_factory=dict)


class Outcome(str, Enum):
    answered = "answered"
    no_answer_budget = "no_answer_budget"
    no_answer_invalid = "no_answer_invalid"
    no_answer_stopped = "no_answer_stopped"  # the agent ended without answering (e.g. a silent policy)


class Transcript(Record):
    """Everything that happened in one episode: the messages, the parsed steps and every model call."""

    messages: list[Message] = Field(default_factory=list)
    steps: list[Step] = Field(default_factory=list)
    calls: list[ModelCall] = Field(default_factory=list)
    outcome: Outcome | None = None
    final_answer: str | None = None  # the agent's final text or answer value, as given
    #: stored form only: `final_answer` is the content of the message at this index
    final_answer_ref: int | None = None
    final_args: dict[str, Any] = Field(default_factory=dict)  # e.g. {"value": ..., "confidence": ...}
    info: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _resolve_refs(self) -> Transcript:
        """A stored transcript keeps each reply once (in `messages`) and refers to it from the call, the
        step and the final answer (`*_ref`); reading it back fills the texts in again, so a record reads
        back equal to the one that was written. Records written before references existed have none and
        read unchanged."""
        n = len(self.messages)
        if not n:  # nothing to resolve against (a new transcript, or an aggregation view)
            return self
        for call in self.calls:
            if call.output_ref is not None and call.output is None and 0 <= call.output_ref < n:
                call.output, call.output_ref = self.messages[call.output_ref].content, None
        for step in self.steps:
            if step.raw_ref is not None and step.raw is None and 0 <= step.raw_ref < n:
                step.raw, step.raw_ref = self.messages[step.raw_ref].content, None
        ref = self.final_answer_ref
        if ref is not None and self.final_answer is None and 0 <= ref < n:
            self.final_answer, self.final_answer_ref = self.messages[ref].content, None
        return self

    def usage_by_role(self) -> dict[str, Usage]:
        totals: dict[str, Usage] = {}
        for call in self.calls:
            totals[call.role] = totals.get(call.role, Usage()) + call.usage
        return totals


# --------------------------------------------------------------------------- scores and samples
class Score(Record):
    """A family scorer's verdict on one transcript. `value` is the headline (1.0 pass / 0.0 fail, or partial)."""

    value: float | None = None
    passed: bool | None = None
    reason: str | None = None  # why it failed (a failure-reason code), or why it was not scored
    details: dict[str, Any] = Field(default_factory=dict)
    scorer_version: str = "1"


class SampleStatus(str, Enum):
    scored = "scored"
    error = "error"  # model calls failed after retries, or the episode raised: not scored, counted
    skipped = "skipped"  # skipped by a corrections overlay: visible with its reason


class Sample(Record):
    """One benchmark instance, as the run engine sees it. `data` is the family's own instance record."""

    id: str
    data: dict[str, Any]
    meta: dict[str, Any] = Field(default_factory=dict)  # grouping keys for reports: level, language, ...
    skip_reason: str | None = None


class SampleRecord(Record):
    """What the store keeps for each finished sample (one trial of it): the durable unit of a run."""

    sample_id: str
    status: SampleStatus
    #: the trial index (1..K) under `--epochs K`; a sample's trials are separate records of one run
    epoch: int = Field(default=1, ge=1)
    attempt: int = 1
    meta: dict[str, Any] = Field(default_factory=dict)
    transcript: Transcript | None = None
    score: Score | None = None
    error: str | None = None
    started_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime = Field(default_factory=utcnow)
    usage_by_role: dict[str, Usage] = Field(default_factory=dict)


class RoleConfig(Record):
    """Which model plays a role: a backend spec (`local`, `openai:NAME`, `scripted`, or a baseline policy)."""

    spec: str
    base_url: str | None = None
    api_key_env: str | None = None
    args: dict[str, Any] = Field(default_factory=dict)
    generate: GenerateConfig = Field(default_factory=GenerateConfig)


#: the default deadline of one sample: far above any sane episode (a 10-round ambiguity episode on the
#: embedded CPU model takes about a minute), far below what retries can add up to against a hung server
#: (2 sample attempts x 6 HTTP attempts x 120 s = 24 minutes)
DEFAULT_SAMPLE_TIMEOUT_S = 600.0


class RunConfig(Record):
    benchmark: str
    data: str | None = None
    mode: str | None = None
    roles: dict[str, RoleConfig] = Field(default_factory=dict)
    seed: int = 0
    limit: int | None = Field(default=None, ge=1)
    #: run only these samples (`--sample-id`; each an id or a comma-separated list), in data order, before `limit`
    sample_ids: list[str] | None = None
    #: trials per sample (`--epochs K`): each is its own record with its own seed
    epochs: int = Field(default=1, ge=1, le=1000)
    #: model calls in flight at once (the runner keeps one more trial in play, ready for a freed slot)
    concurrency: int = Field(default=8, ge=1)
    sample_retries: int = Field(default=1, ge=0)
    #: deadline in seconds for one sample, all its attempts and retries included, time waiting for a free
    #: model slot (`concurrency`) not (operational: not part of the fingerprint); a sample past it is
    #: recorded as an error with that reason. None: no deadline
    sample_timeout_s: float | None = Field(default=DEFAULT_SAMPLE_TIMEOUT_S, gt=0, allow_inf_nan=False)
    #: family options as given (`-O KEY=VALUE`); typed and validated by the family's options model
    options: dict[str, Any] = Field(default_factory=dict)
    #: a named protocol of the family (`--protocol NAME`): its options under the ones given explicitly
    protocol: str | None = None


class RunManifest(Record):
    run_id: str
    fingerprint: str
    config: RunConfig
    package_version: str
    git_revision: str | None = None
    data_hash: str
    scorer_version: str
    n_samples: int
    created_at: datetime = Field(default_factory=utcnow)
    python: str | None = None
    #: the family's code version and the contract version it was written for
    family_version: str | None = None
    contract_version: int | None = None
    #: every option's effective value (defaults filled in), as the run used them
    options: dict[str, Any] = Field(default_factory=dict)
    #: versions of the libraries that change results (finprobe, numpy, bm25s, jieba, llama-cpp-python, ...)
    versions: dict[str, str] = Field(default_factory=dict)
    #: how each endpoint role sends response schemas, negotiated at run start and kept for the whole run
    #: (`finprobe.core.models.structured`): role -> json_schema | json_object_schema | json_object | prompt
    structured_output: dict[str, str] | None = None
    #: a short hash of each part of the run's identity (`provenance.fingerprint_parts`), so that a refused
    #: resume can name what changed (absent in folders written before finprobe kept them)
    fingerprint_parts: dict[str, str] | None = None
