"""The FinInteract construction pipeline: schedule → constructor → 14 checks → doctor → verifier → admission.

Each candidate (passage, value, primary category) goes through:
1. **constructor** (role `constructor`): the instance JSON (`constructor.py`); a reply that does not parse
   is retried once, then the candidate is rejected as `unparseable`; `viable: false` is `declined`;
2. **checks**: R1–R14 (`checks.py`), every failed rule recorded;
3. **doctor**: the instance must load with the family's own loader and have no doctor finding
   (`finprobe.benchmarks.ambiguity.doctor`): the output is doctor-clean by construction;
4. **verifier**: N trials answer Q without C (`verifier.py`); ≥ 2 leaks reject;
5. **admission** (in schedule order): quota exclusion at 2× quota, the target, and duplicate questions
   against the instances already accepted.
Candidates are scheduled by `QuotaScheduler` (rarity sort, 3× over-quota penalty, re-sort every 10).

Durability: every processed candidate is one `SampleRecord` in the run store (`core/store.py`: append-only,
crash-safe), with its model calls, tokens and cost, and its outcome. The schedule is a deterministic
function of the stored outcomes, so a killed build resumes where it stopped without redoing finished
candidates; a candidate whose model calls failed is recorded as an error and redone on the next run. The
fingerprint covers what decides an outcome (roles, trials, seed, data, pipeline version), not the target or
the quotas: a build can be resumed with a larger target and reuses every stored outcome.

Outputs in the run folder: `instances.jsonl` (release format), `corpus.jsonl` (the passages, for the
search tool), `candidates.jsonl` (one line per candidate: where it stopped and why), `funnel.json`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import os
import platform
import re
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from finprobe.benchmarks.ambiguity.doctor import doctor_instances
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.build.ambiguity.checks import CheckInput, CheckResult, failed_rules, run_checks
from finprobe.build.ambiguity.constructor import (
    CONSTRUCTOR_SCHEMA,
    ConstructedInstance,
    constructor_messages,
    parse_constructed,
    reminder_message,
)
from finprobe.build.ambiguity.passages import Candidate, CandidatePassage, passage_record
from finprobe.build.ambiguity.quotas import QuotaScheduler, uniform_shares
from finprobe.build.ambiguity.verifier import (
    VERIFIER_SCHEMA,
    TrialOutcome,
    VerifierDecision,
    assess_trial,
    decide,
    verifier_messages,
)
from finprobe.core.calls import RoleBinding, RoleCaller
from finprobe.core.models._base import ModelError
from finprobe.core.provenance import git_revision, package_version, run_fingerprint, sample_seed
from finprobe.core.runner import Redactor
from finprobe.core.schema import (
    Message,
    RoleConfig,
    RunConfig,
    RunManifest,
    SampleRecord,
    SampleStatus,
    Score,
    Transcript,
    Usage,
)
from finprobe.core.sources import validation_message
from finprobe.core.store import RunStore

__all__ = ["BuildConfig", "BuildResult", "CandidateOutcome", "PIPELINE_VERSION", "RoleBinding", "build_ambiguity",
           "build_ambiguity_sync"]

#: bump when a step's rules change: part of the fingerprint, so stored outcomes are not reused across it
PIPELINE_VERSION = "build-ambiguity-1"
STEPS = ("constructor", "checks", "doctor", "verifier")


class BuildConfig(BaseModel):
    """What a build aims for and how it runs. Only `trials`, `min_leaks`, `seed` and the generation
    settings decide a candidate's outcome (and the fingerprint); the rest only steer the schedule."""

    target: int = 100
    shares: dict[str, float] = Field(default_factory=uniform_shares)
    min_leaks: int = 2
    seed: int = 0
    #: candidates built at once (each with its verifier trials in parallel)
    concurrency: int = 4
    id_prefix: str = "amb-build"
    source: str | None = None  # where the passages came from (for the manifest)


class CandidateOutcome(BaseModel):
    """What happened to one candidate in the steps that do not depend on other candidates."""

    key: str
    passage_id: str
    category: str
    language: str
    passed: bool
    step: str  # the step that rejected it, or "verifier" when it passed them all
    reason: str  # a reason code: declined, unparseable, R3, answer_not_in_span, leak, ...
    reasons: list[str] = Field(default_factory=list)  # every reason code (all failed checks)
    detail: str = ""
    instance: dict[str, Any] | None = None
    checks: list[CheckResult] = Field(default_factory=list)
    doctor: list[dict[str, str]] = Field(default_factory=list)
    verifier: VerifierDecision | None = None
    trials: list[TrialOutcome] = Field(default_factory=list)


class BuildResult(BaseModel):
    out_dir: str
    funnel: dict[str, Any]
    n_accepted: int
    n_processed: int  # candidates run in this invocation
    n_resumed: int  # candidates whose stored outcome was reused
    n_errors: int


# --------------------------------------------------------------------------- helpers
def _digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _jsonl(rows: Sequence[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def _exact_span(span: str, text: str) -> str:
    """`span` as the passage writes it, when the two differ only in whitespace or wrapping quotes."""
    s = span.strip().strip("\"'“”「」")
    if not s or s in text:
        return s or span
    pattern = r"\s*".join(re.escape(part) for part in s.split())
    m = re.search(pattern, text)
    return m.group(0) if m else span


def assemble_instance(candidate: Candidate, built: ConstructedInstance, prefix: str, model: str) -> dict[str, Any]:
    """The release-format record of a constructed candidate (passage metadata + the constructor's fields)."""
    p: CandidatePassage = candidate.passage
    k = max(2, int(built.k_readings or 2))
    iid = f"{prefix}-{hashlib.sha256(candidate.key.encode()).hexdigest()[:10]}"
    return {
        "instance_id": iid, "passage_id": p.passage_id, "language": p.language,
        "source": p.source or "finprobe build ambiguity", "ticker": p.ticker, "company": p.company,
        "filing_type": p.filing_type, "filing_date": p.filing_date,
        "question": built.question.strip(), "context": built.context.strip(), "answer": built.answer.strip(),
        "default_answer": built.default_answer.strip(),
        "intended_evidence_span": _exact_span(built.intended_evidence_span, p.text),
        "default_evidence_span": _exact_span(built.default_evidence_span, p.text),
        "intended_interpretation": {k_: v for k_, v in built.intended_interpretation.items() if v.strip()},
        "default_interpretation": {k_: v for k_, v in built.default_interpretation.items() if v.strip()},
        "shared_attributes": list(built.shared_attributes),
        "distinctive_attributes": list(built.distinctive_attributes),
        "axes": list(built.axes_exercised), "n_axes": len(built.axes_exercised),
        "h0": round(math.log2(k), 3),
        "qc": {"built_by": "finprobe build ambiguity", "pipeline": PIPELINE_VERSION, "candidate_key": candidate.key,
               "constructor_model": model, "k_readings": k, "checks": "R1-R14 passed"},
    }


# --------------------------------------------------------------------------- one candidate
class _Builder:
    def __init__(self, config: BuildConfig, constructor: RoleBinding, verifiers: list[RoleBinding]):
        self.config = config
        self.constructor = constructor
        self.verifiers = verifiers
        envs = [n for n in os.environ if n.endswith("_API_KEY")]
        self.call = RoleCaller(Redactor(envs))

    def _outcome(self, candidate: Candidate, **kw: Any) -> CandidateOutcome:
        return CandidateOutcome(key=candidate.key, passage_id=candidate.passage.passage_id, category=candidate.category,
                                language=candidate.passage.language, **kw)

    async def construct(self, candidate: Candidate, transcript: Transcript
                        ) -> tuple[ConstructedInstance | None, CandidateOutcome | None]:
        messages = constructor_messages(candidate)
        config = self.constructor.config_for(CONSTRUCTOR_SCHEMA, sample_seed(self.config.seed, candidate.key))
        problem = ""
        for _attempt in range(2):
            call = await self.call(self.constructor, messages, config, transcript)
            try:
                built = parse_constructed(call.output or "")
            except ValueError as exc:
                problem = str(exc)
                messages = [*messages, Message(role="assistant", content=call.output or ""), reminder_message(problem)]
                continue
            if not built.viable:
                return None, self._outcome(candidate, passed=False, step="constructor", reason="declined",
                                           reasons=["declined"], detail=built.reason or "no viable ambiguity")
            return built, None
        return None, self._outcome(candidate, passed=False, step="constructor", reason="unparseable",
                                   reasons=["unparseable"], detail=problem)

    async def verify(self, candidate: Candidate, instance: AmbiguityInstance, transcript: Transcript
                     ) -> list[TrialOutcome]:
        jobs: list[tuple[int, RoleBinding]] = []
        for role in self.verifiers:
            for _ in range(role.trials):
                jobs.append((len(jobs), role))

        async def trial(i: int, role: RoleBinding) -> TrialOutcome:
            messages = verifier_messages(instance.question, instance.language)
            config = role.config_for(VERIFIER_SCHEMA, sample_seed(self.config.seed, f"{candidate.key}:trial{i}"))
            outcome: TrialOutcome | None = None
            for _attempt in range(2):  # an unparseable reply is asked again once, like the judge
                call = await self.call(role, messages, config, transcript)
                outcome = assess_trial(instance, call.output or "", trial=i, role=role.name)
                if outcome.parsed:
                    return outcome
                messages = [*messages, Message(role="assistant", content=call.output or ""),
                            Message(role="user", content='Reply with only the JSON object {"answer": ..., '
                                                         '"interpretation": {...}}.')]
            assert outcome is not None
            return outcome

        return list(await asyncio.gather(*(trial(i, role) for i, role in jobs)))

    async def run_candidate(self, candidate: Candidate) -> SampleRecord:
        """The candidate's record: scored (its outcome in `score.details`) or, when a model call failed
        for good, an error with the step it failed in (redone on resume)."""
        transcript = Transcript()
        meta = {"passage_id": candidate.passage.passage_id, "category": candidate.category,
                "language": candidate.passage.language}
        try:
            outcome = await self._steps(candidate, transcript)
        except ModelError as exc:
            last = transcript.calls[-1].role if transcript.calls else self.constructor.name
            step = "constructor" if last == self.constructor.name else "verifier"
            return SampleRecord(sample_id=candidate.key, status=SampleStatus.error, meta={**meta, "step": step},
                                transcript=transcript, error=f"model call failed: {self.call.redact(str(exc))}",
                                usage_by_role=transcript.usage_by_role())
        score = Score(value=1.0 if outcome.passed else 0.0, passed=outcome.passed, reason=outcome.reason,
                      details=outcome.model_dump(mode="json"), scorer_version=PIPELINE_VERSION)
        return SampleRecord(sample_id=candidate.key, status=SampleStatus.scored, meta=meta, transcript=transcript,
                            score=score, usage_by_role=transcript.usage_by_role())

    async def _steps(self, candidate: Candidate, transcript: Transcript) -> CandidateOutcome:
        built, rejected = await self.construct(candidate, transcript)
        if rejected is not None or built is None:
            assert rejected is not None
            return rejected
        record = assemble_instance(candidate, built, self.config.id_prefix, self.constructor.backend.model)
        results = run_checks(CheckInput(record=record, passage=candidate.passage, category=candidate.category,
                                        candidate_value=candidate.value.value if candidate.value else None))
        failed = failed_rules(results)
        if failed:
            detail = "; ".join(f"{r.rule} {r.detail}" for r in results if not r.passed)
            return self._outcome(candidate, passed=False, step="checks", reason=failed[0], reasons=failed,
                                 detail=detail, instance=record, checks=results)
        try:
            instance = AmbiguityInstance.model_validate(record)
        except ValidationError as exc:
            return self._outcome(candidate, passed=False, step="doctor", reason="invalid_record",
                                 reasons=["invalid_record"], detail=validation_message(exc), instance=record,
                                 checks=results)
        findings = doctor_instances([record])
        if findings:
            return self._outcome(candidate, passed=False, step="doctor", reason=findings[0].kind,
                                 reasons=list(dict.fromkeys(f.kind for f in findings)),
                                 detail="; ".join(f.detail for f in findings), instance=record, checks=results,
                                 doctor=[f.model_dump() for f in findings])
        trials = await self.verify(candidate, instance, transcript)
        decision = decide(trials, min_leaks=self.config.min_leaks)
        record["qc"]["verifier"] = {"trials": decision.n_trials, "leaks": decision.n_leaks,
                                    "gave_answer": decision.n_gives_answer,
                                    "stated_intended": decision.n_states_intended,
                                    "roles": {r.name: r.backend.model for r in self.verifiers}}
        if decision.rejected:
            code = "leak" if decision.n_leaks >= self.config.min_leaks else "untested"
            return self._outcome(candidate, passed=False, step="verifier", reason=code, reasons=[code],
                                 detail=decision.reason, instance=record, checks=results, verifier=decision,
                                 trials=trials)
        return self._outcome(candidate, passed=True, step="verifier", reason="passed", reasons=[],
                             detail=decision.reason, instance=record, checks=results, verifier=decision,
                             trials=trials)


# --------------------------------------------------------------------------- the build
def _manifest(config: BuildConfig, candidates: list[Candidate], constructor: RoleBinding,
              verifiers: list[RoleBinding]) -> RunManifest:
    roles = {constructor.name: RoleConfig(spec=constructor.spec, generate=constructor.generate)}
    for v in verifiers:
        roles[v.name] = RoleConfig(spec=v.spec, generate=v.generate, args={"trials": v.trials})
    run_config = RunConfig(benchmark="build:ambiguity", data=config.source, roles=roles, seed=config.seed,
                           options={"min_leaks": config.min_leaks, "target": config.target,
                                    "shares": config.shares, "id_prefix": config.id_prefix})
    digest = _digest([[c.key, c.passage.model_dump(mode="json"), c.category] for c in candidates])
    fingerprint = run_fingerprint(run_config, digest, PIPELINE_VERSION, roles=roles,
                                  options={"min_leaks": config.min_leaks, "id_prefix": config.id_prefix})
    return RunManifest(run_id=uuid.uuid4().hex[:12], fingerprint=fingerprint,
                       config=run_config, package_version=package_version(), git_revision=git_revision(),
                       data_hash=digest, scorer_version=PIPELINE_VERSION, n_samples=len(candidates),
                       python=platform.python_version())


def _outcome_of(record: SampleRecord) -> CandidateOutcome | None:
    if record.status != SampleStatus.scored or record.score is None:
        return None
    return CandidateOutcome.model_validate(record.score.details)


async def build_ambiguity(candidates: list[Candidate], out_dir: str | Path, config: BuildConfig,
                          constructor: RoleBinding, verifiers: list[RoleBinding], *, fresh: bool = False,
                          on_record: Callable[[SampleRecord], None] | None = None) -> BuildResult:
    """Build instances from `candidates` into `out_dir` (resuming what is stored there); see the module
    docstring. `on_record` is called after each candidate's record is stored (progress, tests)."""
    if not verifiers or sum(v.trials for v in verifiers) < 1:
        raise ValueError("the verifier needs at least one trial")
    if len({c.key for c in candidates}) != len(candidates):
        raise ValueError("candidate keys must be unique (a passage listed twice?)")
    names = [constructor.name, *(v.name for v in verifiers)]
    if len(set(names)) != len(names):
        raise ValueError(f"role names must differ: {names}")
    out = Path(out_dir)
    store = RunStore.open_for_run(out, _manifest(config, candidates, constructor, verifiers), fresh=fresh)
    records = store.load_records()
    builder = _Builder(config, constructor, verifiers)
    scheduler = QuotaScheduler(candidates, config.target, config.shares)
    status: dict[str, str] = {}  # candidate key -> final status
    accepted: list[dict[str, Any]] = []
    n_processed = n_resumed = 0
    try:
        while not scheduler.done():
            size = max(1, min(config.concurrency, config.target - scheduler.n_accepted))
            batch, skipped = scheduler.next_batch(size)
            for c in skipped:
                status[c.key] = "skipped:quota_excluded"
            if not batch:
                break
            todo = [c for c in batch if c.key not in records or records[c.key].status != SampleStatus.scored]
            fresh_records = await asyncio.gather(*(builder.run_candidate(c) for c in todo))
            for record in fresh_records:
                store.append(record)
                records[record.sample_id] = record
                n_processed += 1
                if on_record is not None:
                    on_record(record)
            n_resumed += len(batch) - len(todo)
            for c in batch:  # admission in schedule order
                outcome = _outcome_of(records[c.key])
                if outcome is None:
                    status[c.key] = "error"
                    continue
                if not outcome.passed:
                    status[c.key] = f"rejected:{outcome.step}"
                    continue
                assert outcome.instance is not None
                dup = [f for f in doctor_instances([*accepted, outcome.instance])
                       if f.kind == "duplicate_question" and f.id == outcome.instance["instance_id"]]
                why = "duplicate_question" if dup else scheduler.admit(c)
                if why is None:
                    status[c.key] = "accepted"
                    accepted.append(outcome.instance)
                else:
                    status[c.key] = f"not_admitted:{why}"
        for c in candidates:
            status.setdefault(c.key, "not_reached")
    finally:
        store.close()
    funnel = _funnel(candidates, records, status, scheduler, accepted, constructor, verifiers)
    passages = {c.passage.passage_id: c.passage for c in candidates}
    _atomic_write(out / "instances.jsonl", _jsonl(accepted))
    _atomic_write(out / "corpus.jsonl", _jsonl([passage_record(p) for p in passages.values()]))
    _atomic_write(out / "candidates.jsonl", _jsonl(_candidate_rows(candidates, records, status)))
    _atomic_write(out / "funnel.json", json.dumps(funnel, indent=2, ensure_ascii=False) + "\n")
    return BuildResult(out_dir=str(out), funnel=funnel, n_accepted=len(accepted), n_processed=n_processed,
                       n_resumed=n_resumed, n_errors=sum(1 for s in status.values() if s == "error"))


def build_ambiguity_sync(*args: Any, **kwargs: Any) -> BuildResult:
    from finprobe.core.aio import run_async

    return run_async(build_ambiguity(*args, **kwargs))


# --------------------------------------------------------------------------- reports
def _candidate_rows(candidates: list[Candidate], records: dict[str, SampleRecord],
                    status: dict[str, str]) -> list[dict[str, Any]]:
    rows = []
    for c in candidates:
        record = records.get(c.key)
        outcome = _outcome_of(record) if record is not None else None
        row: dict[str, Any] = {"key": c.key, "passage_id": c.passage.passage_id, "category": c.category,
                               "language": c.passage.language, "status": status[c.key]}
        if outcome is not None:
            row.update(step=outcome.step, reason=outcome.reason, reasons=outcome.reasons, detail=outcome.detail,
                       instance_id=(outcome.instance or {}).get("instance_id"))
        elif record is not None:
            row.update(error=record.error)
        rows.append(row)
    return rows


def _usage_row(usage: Usage, calls: int, failed: int) -> dict[str, Any]:
    return {"calls": calls, "failed_calls": failed, "input_tokens": usage.input_tokens,
            "output_tokens": usage.output_tokens, "cost_usd": round(usage.cost_usd, 6)}


def _funnel(candidates: list[Candidate], records: dict[str, SampleRecord], status: dict[str, str],
            scheduler: QuotaScheduler, accepted: list[dict[str, Any]], constructor: RoleBinding,
            verifiers: list[RoleBinding]) -> dict[str, Any]:
    """Counts in and out of every step with the reasons (they add up: in = out + Σ reasons), and tokens and
    cost per role and per step."""
    keys = [c.key for c in candidates]
    scheduled = [k for k in keys if not status[k].startswith(("skipped", "not_reached"))]
    steps: list[dict[str, Any]] = [{
        "step": "schedule", "in": len(keys), "out": len(scheduled),
        "reasons": dict(Counter(status[k].split(":")[-1] for k in keys if k not in scheduled)),
    }]
    alive = list(scheduled)
    rule_counts: Counter[str] = Counter()
    for step in STEPS:
        reasons: Counter[str] = Counter()
        survivors = []
        for k in alive:
            record = records[k]
            outcome = _outcome_of(record)
            if outcome is None:  # an error: its model calls failed in the step named in its meta
                if record.meta.get("step", "constructor") == step:
                    reasons["model_error"] += 1
                else:
                    survivors.append(k)
                continue
            if not outcome.passed and outcome.step == step:
                reasons[outcome.reason] += 1
                if step == "checks":
                    rule_counts.update(outcome.reasons)
                continue
            survivors.append(k)
        row: dict[str, Any] = {"step": step, "in": len(alive), "out": len(survivors), "reasons": dict(reasons)}
        if step == "checks":
            row["failed_rules"] = dict(sorted(rule_counts.items(), key=lambda kv: int(kv[0][1:])))
            row["note"] = ("reasons count each rejected candidate once (its first failed rule); failed_rules "
                           "counts every failed rule")
        steps.append(row)
        alive = survivors
    admission = Counter(status[k].split(":")[-1] for k in alive if status[k] != "accepted")
    steps.append({"step": "admission", "in": len(alive), "out": sum(1 for k in alive if status[k] == "accepted"),
                  "reasons": dict(admission)})
    # cost
    by_role: dict[str, Usage] = {}
    calls: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    for record in records.values():
        if record.sample_id not in status:
            continue
        for call in record.transcript.calls if record.transcript else []:
            by_role[call.role] = by_role.get(call.role, Usage()) + call.usage
            calls[call.role] += 1
            if call.error:
                failed[call.role] += 1
    roles = {constructor.name: "constructor", **{v.name: "verifier" for v in verifiers}}
    by_step: dict[str, Usage] = {}
    for role, usage in by_role.items():
        by_step[roles.get(role, role)] = by_step.get(roles.get(role, role), Usage()) + usage
    total = sum((u.cost_usd for u in by_role.values()), 0.0)
    by_category = Counter(a["axes"][0] for a in accepted)
    by_language = Counter(a["language"] for a in accepted)
    return {
        "pipeline": PIPELINE_VERSION,
        "candidates": len(keys),
        "accepted": len(accepted),
        "target": scheduler.target,
        "steps": steps,
        "accepted_by_category": dict(by_category),
        "accepted_by_language": dict(by_language),
        "quota": {"shares": scheduler.shares, "quota": scheduler.quota, "accepted": scheduler.accepted,
                  "excluded": scheduler.state().excluded, "pool_frequency": scheduler.pool_frequency},
        "errors": sum(1 for s in status.values() if s == "error"),
        "yield": (len(accepted) / len(scheduled)) if scheduled else None,
        "cost": {
            "by_role": {r: {"model": _model_of(r, constructor, verifiers),
                            **_usage_row(u, calls[r], failed[r])} for r, u in sorted(by_role.items())},
            "by_step": {s: _usage_row(u, sum(calls[r] for r in by_role if roles.get(r, r) == s),
                                      sum(failed[r] for r in by_role if roles.get(r, r) == s))
                        for s, u in sorted(by_step.items())},
            "total_usd": round(total, 6),
            "per_accepted_usd": round(total / len(accepted), 6) if accepted else None,
            "note": "cost is 0 for roles without a price (local, scripted, or no --prices table)",
        },
    }


def _model_of(role: str, constructor: RoleBinding, verifiers: list[RoleBinding]) -> str:
    for r in (constructor, *verifiers):
        if r.name == role:
            return r.backend.model
    return "?"
