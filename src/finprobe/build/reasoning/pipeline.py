"""The review of a FinQA-style split, stage by stage (seed 002), producing a corrections overlay and a funnel.

Stages (the rules are in `rules`, the roles and what they see in `roles`):
1. **blind** (role A): every task, blind (excerpt + original question);
2. **select**: tasks whose blind answer disagrees with the reference beyond the contract's tolerance, whose
   two FinQA fields disagree, or that A found ambiguous or without data;
3. **second** (roles B, C, and optionally more): the selected tasks, blind in the same way;
4. **decide** (the adjudicator, or the rules): a selected task where every blind answer agrees with the
   reference is settled; any other gets a decision, checked against the rules (a decision that breaks one
   is *rejected*: the task stays unchanged and the funnel names the rule);
5. **rewording** (roles R1, ...): each decided rewording is checked by reviewers who see only the original
   wording; it stays only if every one of them also finds two readings, else the original is restored.

A stage whose role has no record for a task yet (a `recorded:` file still being written, or no role given)
leaves the task *pending* there, writes what the missing reviewer must be shown to
`OUT/pending/<stage>.<role>.jsonl` ({id, prompt}) and goes on with the other tasks; the overlay holds only
finished decisions. Run the build again with more records and it continues.

Durability: every model call of a model role is one `SampleRecord` in the build's run store (keyed
`<stage>/<role>/<task id>`, with the role's spec and the prompt's digest): a killed build resumes without
paying twice, and a role whose model changes is asked again. A reply that gives no usable record (after
one reminder) or a call that failed is an error: the task waits at that stage and is asked again when the
build resumes. Recorded roles are re-read on every run.

Outputs in OUT: `corrections.yaml` (the overlay), `funnel.json`, `review.jsonl` (one line per task: where it
stopped and why), `records/` (every record used, one file per role, sorted by id: the overlay's
provenance), `pending/`, and the run store (`manifest.json`, `samples.jsonl`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import platform
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from finprobe.benchmarks.reasoning.corrections import records_digest
from finprobe.build.reasoning.records import Adjudication, BlindRecord
from finprobe.build.reasoning.roles import (
    ModelRole,
    RecordedRole,
    adjudication_messages,
    adjudication_prompt,
    blind_messages,
)
from finprobe.build.reasoning.rules import (
    Decision,
    TaskFacts,
    auto_decision,
    check_decision,
    rewording_outcome,
    select,
    settled,
    task_facts,
)
from finprobe.core.calls import RoleCaller
from finprobe.core.models._base import ModelError
from finprobe.core.provenance import git_revision, package_version, run_fingerprint, sample_seed
from finprobe.core.runner import Redactor
from finprobe.core.schema import Message, RoleConfig, RunConfig, RunManifest, Sample, SampleRecord, SampleStatus, Score
from finprobe.core.store import RunStore

__all__ = ["PIPELINE_VERSION", "ReviewConfig", "ReviewResult", "ReviewRoles", "TaskReview", "review_split",
           "review_split_sync"]

#: bump when a rule changes: part of the store's fingerprint, so stored calls are not reused across it
PIPELINE_VERSION = "build-reasoning-1"
Role = ModelRole | RecordedRole


class ReviewConfig(BaseModel):
    """What the review is of and how it runs."""

    version: str  # the overlay's version, e.g. "test-2026.1"
    split: str | None = None  # test, dev, or a name for the user's own set
    source: str | None = None  # where the data came from (for the manifest and the overlay)
    seed: int = 0
    concurrency: int = 4  # model calls in flight at once


@dataclass
class ReviewRoles:
    """The reviewers of each stage. `adjudicator` is a role, "rules" (the decision rules alone), or None
    (every selected task that is not settled stays pending)."""

    blind: Role | None = None
    second: list[Role] = field(default_factory=list)
    adjudicator: Role | str | None = "rules"
    rewording: list[Role] = field(default_factory=list)

    def all(self) -> list[Role]:
        out = [] if self.blind is None else [self.blind]
        out += self.second + self.rewording
        if isinstance(self.adjudicator, (ModelRole, RecordedRole)):
            out.append(self.adjudicator)
        return out


class TaskReview(BaseModel):
    """Where one task went through the review (one line of `review.jsonl`)."""

    id: str
    status: str  # unselected | pending:<stage> | error:<stage> | settled | kept | corrected | rejected | unresolved
    selected: list[str] = []
    blind: dict[str, dict[str, Any]] = {}  # letter -> {verdict, answer, reviewer_kind}
    decision: Decision | None = None
    rewording: dict[str, str] | None = None  # {"status": kept|restored|pending, "why": ...}
    final: list[str] = []  # the kinds of fix shipped in the overlay
    errors: list[str] = []


class ReviewResult(BaseModel):
    out_dir: str
    funnel: dict[str, Any]
    tasks: list[TaskReview]
    n_calls: int  # model calls made in this invocation
    complete: bool  # no task is pending or in error


# --------------------------------------------------------------------------- asking one role
@dataclass
class _Job:
    task_id: str
    stage: str
    messages: list[Message]

    @property
    def prompt(self) -> str:
        return self.messages[-1].content

    def digest(self) -> str:
        text = json.dumps([m.model_dump(mode="json") for m in self.messages], sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class _Outcome:
    records: dict[str, Any] = field(default_factory=dict)  # task id -> BlindRecord | Adjudication
    pending: list[_Job] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)  # task id -> why the role gave no usable record


class _Asker:
    """Runs one role over a list of jobs: replays a recorded role, or asks a model role (reusing stored calls)."""

    def __init__(self, store: RunStore, stored: dict[str, SampleRecord], config: ReviewConfig,
                 on_record: Callable[[SampleRecord], None] | None):
        self.store = store
        self.stored = stored
        self.config = config
        self.on_record = on_record
        self.call = RoleCaller(Redactor([n for n in os.environ if n.endswith("_API_KEY")]))
        self.sem = asyncio.Semaphore(max(1, config.concurrency))
        self.n_calls = 0

    async def run(self, role: Role | None, jobs: list[_Job]) -> _Outcome:
        out = _Outcome()
        if role is None:
            out.pending = list(jobs)
            return out
        if isinstance(role, RecordedRole):
            for job in jobs:
                record = role.records.get(job.task_id)
                if record is None:
                    out.pending.append(job)
                else:
                    out.records[job.task_id] = record
            return out
        results = await asyncio.gather(*(self._ask(role, job) for job in jobs))
        for job, (record, problem) in zip(jobs, results, strict=True):
            if record is not None:
                out.records[job.task_id] = record
            else:
                out.errors[job.task_id] = problem
        return out

    async def _ask(self, role: ModelRole, job: _Job) -> tuple[Any, str]:
        key = f"{job.stage}/{role.name}/{job.task_id}"
        digest = job.digest()
        model = Adjudication if job.stage == "adjudication" else BlindRecord
        old = self.stored.get(key)
        if old is not None and old.status == SampleStatus.scored and old.score is not None and \
                old.meta.get("spec") == role.spec and old.meta.get("prompt_sha256") == digest:
            return model.model_validate(old.score.details["record"]), ""
        from finprobe.core.schema import Transcript

        transcript = Transcript(messages=list(job.messages))
        meta = {"stage": job.stage, "role": role.name, "spec": role.spec, "task": job.task_id,
                "prompt_sha256": digest}
        async with self.sem:
            try:
                record, problem = await role.ask(self.call, job.messages, job.task_id, job.stage,
                                                 sample_seed(self.config.seed, key), transcript)
            except ModelError as exc:
                rec = SampleRecord(sample_id=key, status=SampleStatus.error, meta=meta, transcript=transcript,
                                   error=f"model call failed: {self.call.redact(str(exc))}",
                                   usage_by_role=transcript.usage_by_role())
                self._keep(key, rec)
                return None, rec.error or "model call failed"
        if record is None:  # no usable record: an error, asked again when the build resumes
            rec = SampleRecord(sample_id=key, status=SampleStatus.error, meta=meta, transcript=transcript,
                               error=f"unparseable reply: {problem}", usage_by_role=transcript.usage_by_role())
            self._keep(key, rec)
            return None, rec.error or problem
        rec = SampleRecord(sample_id=key, status=SampleStatus.scored, meta=meta, transcript=transcript,
                           score=Score(reason="ok", details={"record": record.model_dump(mode="json")},
                                       scorer_version=PIPELINE_VERSION),
                           usage_by_role=transcript.usage_by_role())
        self._keep(key, rec)
        return record, ""

    def _keep(self, key: str, record: SampleRecord) -> None:
        self.store.append(record)
        self.stored[key] = record
        self.n_calls += 1
        if self.on_record is not None:
            self.on_record(record)


# --------------------------------------------------------------------------- the review
def _manifest(samples: Sequence[Sample], config: ReviewConfig, roles: ReviewRoles) -> RunManifest:
    role_configs = {r.name: RoleConfig(spec=r.spec) for r in roles.all()}
    if isinstance(roles.adjudicator, str):
        role_configs["adjudicator"] = RoleConfig(spec=roles.adjudicator)
    run_config = RunConfig(benchmark="build:reasoning", data=config.source, roles=role_configs, seed=config.seed,
                           options={"version": config.version, "split": config.split})
    digest = records_digest(samples)
    # Roles are not in the fingerprint: each stored call carries its role's spec, so a build can add or
    # change reviewers and keep every call already paid for.
    fingerprint = run_fingerprint(run_config, digest, PIPELINE_VERSION, roles={}, options={})
    return RunManifest(run_id=uuid.uuid4().hex[:12], fingerprint=fingerprint, config=run_config,
                       package_version=package_version(), git_revision=git_revision(), data_hash=digest,
                       scorer_version=PIPELINE_VERSION, n_samples=len(samples), python=platform.python_version())


def _blind_jobs(ids: Sequence[str], data: dict[str, dict[str, Any]], stage: str) -> list[_Job]:
    return [_Job(task_id=i, stage=stage, messages=blind_messages(data[i])) for i in ids]


def _letters(roles: Sequence[Role]) -> list[str]:
    return [r.name for r in roles]


async def review_split(samples: Sequence[Sample], out_dir: str | Path, config: ReviewConfig, roles: ReviewRoles, *,
                       fresh: bool = False, on_record: Callable[[SampleRecord], None] | None = None) -> ReviewResult:
    """Review `samples` (original FinQA tasks, no overlay) into `out_dir`; see the module docstring."""
    from finprobe.build.reasoning.outputs import write_outputs

    names = _letters(roles.all())
    if len(set(names)) != len(names):
        raise ValueError(f"reviewer role names must differ: {names}")
    if len(roles.second) == 1:
        raise ValueError("the selected tasks go to two further blind reviewers: give two --second roles (or none)")
    if any("correction" in s.data for s in samples):
        raise ValueError("review the original tasks: load the data without a corrections overlay")
    ids = [s.id for s in samples]
    data = {s.id: s.data for s in samples}
    facts = {s.id: task_facts(s.data) for s in samples}
    out = Path(out_dir)
    store = RunStore.open_for_run(out, _manifest(samples, config, roles), fresh=fresh)
    try:
        stored = dict(store.load_records())
        asker = _Asker(store, stored, config, on_record)
        tasks, state = await _stages(ids, data, facts, roles, asker)
    finally:
        store.close()
    return write_outputs(out, samples, tasks, state, config, roles, stored, asker.n_calls)


@dataclass
class _State:
    """Every stage's records and pending jobs, for the outputs."""

    blind: dict[str, dict[str, BlindRecord]] = field(default_factory=dict)  # letter -> task id -> record
    adjudication: dict[str, Adjudication] = field(default_factory=dict)
    rewording: dict[str, dict[str, BlindRecord]] = field(default_factory=dict)
    pending: dict[str, list[_Job]] = field(default_factory=dict)  # "<stage>.<role>" -> jobs


async def _stages(ids: list[str], data: dict[str, dict[str, Any]], facts: dict[str, TaskFacts], roles: ReviewRoles,
                  asker: _Asker) -> tuple[list[TaskReview], _State]:
    state = _State()
    reviews = {i: TaskReview(id=i, status="") for i in ids}

    def note_pending(stage: str, role_name: str, outcome: _Outcome) -> None:
        if outcome.pending:
            state.pending[f"{stage}.{role_name}"] = outcome.pending
        for tid in (j.task_id for j in outcome.pending):
            reviews[tid].status = reviews[tid].status or f"pending:{stage}"
        for tid, why in outcome.errors.items():
            reviews[tid].errors.append(f"{stage} {role_name}: {why}")
            reviews[tid].status = reviews[tid].status or f"error:{stage}"

    # 1. blind pass
    a_name = roles.blind.name if roles.blind is not None else "A"
    first = await asker.run(roles.blind, _blind_jobs(ids, data, "blind"))
    note_pending("blind", a_name, first)
    state.blind[a_name] = first.records
    # 2. selection
    selected = []
    for i in ids:
        if i not in first.records:
            continue
        reviews[i].selected = select(facts[i], first.records[i])
        if reviews[i].selected:
            selected.append(i)
        else:
            reviews[i].status = "unselected"
    # 3. two (or more) further blind reviewers
    seconds: list[Role | None] = list(roles.second) or [None, None]  # no roles: both pending, named B and C
    second_names = [r.name if r is not None else n for r, n in zip(seconds, ("B", "C"), strict=False)]
    second_names += [r.name for r in seconds[2:] if r is not None]
    complete = set(selected)
    for k, role in enumerate(seconds):
        outcome = await asker.run(role, _blind_jobs(selected, data, "blind"))
        state.blind[second_names[k]] = outcome.records
        if k < 2:  # the first two are required; more are optional evidence
            note_pending("second", second_names[k], outcome)
            complete -= set(outcome.errors) | {j.task_id for j in outcome.pending}
    # 4. decision
    blind_of = {i: {letter: recs[i] for letter, recs in state.blind.items() if i in recs} for i in ids}
    to_adjudicate, decisions = [], {}
    for i in selected:
        if i not in complete:
            continue
        recs = blind_of[i]
        if isinstance(roles.adjudicator, str):  # the rules alone
            decisions[i] = auto_decision(facts[i], recs)
        elif settled(facts[i], recs) and not (isinstance(roles.adjudicator, RecordedRole)
                                             and i in roles.adjudicator.records):
            decisions[i] = Decision(status="settled", reason="every blind reviewer reached the reference")
        else:
            to_adjudicate.append(i)
    jobs = [_Job(task_id=i, stage="adjudication",
                 messages=adjudication_messages(adjudication_prompt(data[i], facts[i], blind_of[i])))
            for i in to_adjudicate]
    adj_role = roles.adjudicator if isinstance(roles.adjudicator, (ModelRole, RecordedRole)) else None
    outcome = await asker.run(adj_role, jobs)
    note_pending("adjudication", adj_role.name if adj_role is not None else "adjudicator", outcome)
    state.adjudication = outcome.records
    for i, adj in outcome.records.items():
        decision = Decision.from_adjudication(adj)
        problems = check_decision(facts[i], decision, blind_of[i])
        if problems:
            decision = decision.model_copy(update={"status": "rejected", "problems": problems})
        decisions[i] = decision
    # 5. rewording check
    reworded = [i for i, d in decisions.items() if d.status == "decided" and "question" in d.kinds]
    checks: dict[str, dict[str, BlindRecord]] = {i: {} for i in reworded}
    required_pending: set[str] = set()
    rewording_roles: list[Role | None] = list(roles.rewording) or [None]
    for role in rewording_roles:
        name = role.name if role is not None else "R1"
        outcome = await asker.run(role, _blind_jobs(reworded, data, "rewording"))
        state.rewording[name] = outcome.records
        if outcome.pending:
            state.pending[f"rewording.{name}"] = outcome.pending
        required_pending |= {j.task_id for j in outcome.pending} | set(outcome.errors)
        for tid, why in outcome.errors.items():
            reviews[tid].errors.append(f"rewording {name}: {why}")
        for tid, record in outcome.records.items():
            checks[tid][name] = record
    # the outcome of each task
    for i in ids:
        review = reviews[i]
        review.blind = {k: {"verdict": r.verdict, "answer": r.answer, "reviewer_kind": r.reviewer_kind}
                        for k, r in blind_of[i].items()}
        if i not in decisions:
            if not review.status:
                review.status = "pending:decide"
            continue
        decision = decisions[i]
        review.decision = decision
        if decision.status in ("settled", "rejected", "unresolved"):
            review.status = decision.status
            continue
        final = list(decision.kinds)
        if "question" in final:
            if i in required_pending:
                review.rewording = {"status": "pending", "why": "a reviewer of the original wording has no record yet"}
            else:
                status, why = rewording_outcome(facts[i], decision, blind_of[i], checks[i])
                review.rewording = {"status": status, "why": why}
            if review.rewording["status"] != "kept":
                final.remove("question")
        review.final = final
        review.status = "corrected" if final else ("pending:rewording" if review.rewording and
                                                   review.rewording["status"] == "pending" else "kept")
    return [reviews[i] for i in ids], state


def review_split_sync(*args: Any, **kwargs: Any) -> ReviewResult:
    from finprobe.core.aio import run_async

    return run_async(review_split(*args, **kwargs))
