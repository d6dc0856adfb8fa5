"""The run engine, layered: episode (one trial of one sample) → batch (all trials, concurrently) → store.

- `play_sample` plays one trial with per-sample retries and always returns a SampleRecord: scored,
  skipped (with the overlay's reason) or error (with the reason). Nothing is dropped.
- `Runner.run` prepares the run (options, data, roles, manifest), opens the store (resuming the trials
  that finished), executes the rest under a concurrency limit with a progress bar, and writes the
  aggregate metrics. The family is handed in: the engine never looks a family up by name.
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import time
import traceback
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from finprobe.core.aggregation import aggregate_run, ordered
from finprobe.core.benchmark import AggregationSettings, Benchmark, EpisodeContext, FamilyOptions, RoleModel
from finprobe.core.cache import ResponseCache, cache_key
from finprobe.core.models._base import ModelBackend, ModelError
from finprobe.core.models.registry import build_backend
from finprobe.core.models.structured import recorded_structured_output, settle_structured_output
from finprobe.core.provenance import (
    data_hash,
    git_revision,
    library_versions,
    package_version,
    run_fingerprint,
    run_info,
    sample_seed,
)
from finprobe.core.schema import (
    GenerateConfig,
    Message,
    ModelCall,
    RoleConfig,
    RunConfig,
    RunManifest,
    Sample,
    SampleRecord,
    SampleStatus,
    Score,
    Transcript,
    Usage,
    utcnow,
)
from finprobe.core.store import RunStore


class Redactor:
    """Removes secret values (API keys read from the environment) from any text we store or print."""

    def __init__(self, env_names: list[str]):
        self._secrets = [v for n in env_names if (v := os.environ.get(n)) and len(v) >= 4]

    def __call__(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text


class RunResult(BaseModel):
    out_dir: str
    manifest: RunManifest
    metrics: dict[str, Any]
    n_samples: int
    n_trials: int  # samples × epochs
    n_resumed: int  # trials finished before this invocation
    n_ran: int
    n_errors: int


@dataclass
class _Trial:
    """One unit of work: a sample's `epoch`-th trial."""

    sample: Sample
    epoch: int


class Runner:
    """Runs one RunConfig of `benchmark` into one run folder.

    `backends` injects ready backends by role (tests, benches); `on_record` sees each stored record."""

    def __init__(self, config: RunConfig, out_dir: str | Path, *, benchmark: Benchmark[Any],
                 fresh: bool = False, cache: ResponseCache | None = None, progress: bool = True,
                 backends: dict[str, ModelBackend] | None = None,
                 on_record: Callable[[SampleRecord], None] | None = None):
        if benchmark.name != config.benchmark:
            raise ValueError(f"the run config is for {config.benchmark!r}, the family given is {benchmark.name!r}")
        self.config = config
        self.out_dir = Path(out_dir)
        self.bench = benchmark
        self.options: FamilyOptions = benchmark.parse_options(config.options, config.protocol)
        self.fresh = fresh
        self.cache = cache
        self.progress = progress
        self._injected = backends or {}
        self._on_record = on_record
        self._shared: dict[str, ModelBackend] = {}
        self._redact = Redactor([rc.api_key_env for rc in config.roles.values() if rc.api_key_env] +
                                [n for n in os.environ if n.endswith("_API_KEY")])
        self.cost = 0.0
        self.errors = 0

    # ------------------------------------------------------------------ roles
    def role_configs(self) -> dict[str, RoleConfig]:
        roles = {name: RoleConfig(spec=spec) for name, spec in self.bench.roles.items()}
        roles.update(self.config.roles)
        return roles

    def _backend_for(self, role: str, rc: RoleConfig, sample: Sample) -> ModelBackend | None:
        if role in self._injected:
            return self._injected[role]
        policies = {p.name for p in self.bench.policies()}
        if rc.spec in policies:
            return self.bench.policy_backend(rc.spec, sample, self.options)
        if rc.spec in self.bench.components().get(role, []):
            return None  # a built-in component: the family builds it from role_specs
        if role not in self._shared:
            self._shared[role] = build_backend(rc)
        return self._shared[role]

    def check_roles(self, roles: dict[str, RoleConfig]) -> None:
        """Resolve every role before any sample runs: a bad spec or a missing key variable fails the
        run at once, with its reason, instead of turning every sample into an error."""
        policies = {p.name for p in self.bench.policies()}
        for role, rc in roles.items():
            if role in self._injected or rc.spec in self.bench.components().get(role, []):
                continue
            if rc.spec in policies:
                if role != "agent":
                    raise ValueError(f"{rc.spec!r} is a baseline policy: it can only play the agent")
                continue
            if role not in self._shared:
                try:
                    self._shared[role] = build_backend(rc)
                except (ModelError, TypeError, ValueError) as exc:  # bad spec, missing key, unknown argument
                    raise ValueError(f"role {role} ({rc.spec}): {self._redact(str(exc))}") from None

    # ------------------------------------------------------------------ model calls
    async def _call(self, role: str, backend: ModelBackend, messages: list[Message], config: GenerateConfig,
                    transcript: Transcript, epoch: int = 1) -> ModelCall:
        start = time.perf_counter()
        # Store the input once: when it is a prefix of the transcript's messages, keep a count instead.
        prefix = len(messages) <= len(transcript.messages) and transcript.messages[: len(messages)] == messages
        base: dict[str, Any] = dict(role=role, backend=backend.kind, model=backend.model, config=config,
                                    messages=[] if prefix else list(messages),
                                    input_prefix=len(messages) if prefix else None)
        key = None
        if self.cache is not None and backend.cacheable:
            # Trials of one sample must not replay one cached answer: the epoch is part of the key.
            key = cache_key(backend, messages, config, epoch=epoch)
            hit = self.cache.get(key)
            if hit is not None:
                call = ModelCall(**base, output=hit.text, finish_reason=hit.finish_reason, usage=hit.usage,
                                 cached=True, latency_s=time.perf_counter() - start, notes=hit.notes)
                transcript.calls.append(call)
                return call
        try:
            out = await backend.generate(messages, config)
        except ModelError as exc:
            transcript.calls.append(ModelCall(**base, error=self._redact(str(exc)), attempts=exc.attempts,
                                              latency_s=time.perf_counter() - start))
            raise
        if key is not None and self.cache is not None:
            self.cache.put(key, out)
        self.cost += out.usage.cost_usd
        call = ModelCall(**base, output=out.text, finish_reason=out.finish_reason, usage=out.usage,
                         attempts=out.attempts, latency_s=time.perf_counter() - start, notes=out.notes)
        transcript.calls.append(call)
        return call

    # ------------------------------------------------------------------ one trial
    async def run_sample(self, sample: Sample, roles: dict[str, RoleConfig], epoch: int = 1) -> SampleRecord:
        """Play and score one trial: always a record (scored, skipped or error), never an exception."""
        record = await self.play_sample(sample, roles, epoch)
        return self.score_record(sample, record)

    async def play_sample(self, sample: Sample, roles: dict[str, RoleConfig], epoch: int = 1) -> SampleRecord:
        """Play one trial's episode with per-sample retries. A played episode comes back as a record
        with status `scored` and no score yet (`score_record` adds it); skips and errors are final."""
        started = utcnow()
        if sample.skip_reason:
            return SampleRecord(sample_id=sample.id, epoch=epoch, status=SampleStatus.skipped, meta=sample.meta,
                                score=Score(reason=sample.skip_reason, scorer_version=self.bench.scorer_version),
                                error=None, started_at=started)
        attempts = 1 + max(0, self.config.sample_retries)
        last_error = ""
        transcript = Transcript()
        # Calls of failed attempts were paid for: they stay in the record (info) and in its usage.
        failed_calls: list[ModelCall] = []
        seed = sample_seed(self.config.seed, sample.id, epoch)

        async def call(role: str, backend: ModelBackend, messages: list[Message], config: GenerateConfig,
                       transcript: Transcript) -> ModelCall:
            return await self._call(role, backend, messages, config, transcript, epoch=epoch)

        attempt = 0
        for attempt in range(1, attempts + 1):
            if attempt > 1:
                failed_calls.extend(transcript.calls)
            transcript = Transcript()
            if failed_calls:
                transcript.info["failed_attempt_calls"] = [c.model_dump(mode="json") for c in failed_calls]
            try:
                models = {}
                for role, rc in roles.items():
                    backend = self._backend_for(role, rc, sample)
                    if backend is not None:
                        defaults = rc.generate if rc.generate.seed is not None else rc.generate.model_copy(update={"seed": seed})
                        models[role] = RoleModel(role, backend, transcript, defaults, call)
                ctx: EpisodeContext[Any] = EpisodeContext(
                    sample=sample, mode=self.config.mode, options=self.options, seed=seed, epoch=epoch,
                    transcript=transcript, models=models, role_specs={r: rc.spec for r, rc in roles.items()},
                    rng=random.Random(seed))
                await self.bench.run_episode(ctx)
                return SampleRecord(sample_id=sample.id, epoch=epoch, status=SampleStatus.scored, attempt=attempt,
                                    meta=sample.meta, transcript=transcript, started_at=started,
                                    usage_by_role=_usage(transcript, failed_calls))
            except ModelError as exc:
                last_error = f"model call failed after retries: {self._redact(str(exc))}"
                if not exc.retryable:
                    last_error = f"model call failed (not retryable): {self._redact(str(exc))}"
                    break  # a 400/401 or a prompt that cannot fit will fail the same way again
                continue  # per-sample retry with a fresh transcript
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a bug in an episode: recorded, never drops the sample
                last_error = self._bug("episode", exc)
                break
        return SampleRecord(sample_id=sample.id, epoch=epoch, status=SampleStatus.error, attempt=attempt,
                            meta=sample.meta, transcript=transcript, error=last_error, started_at=started,
                            usage_by_role=_usage(transcript, failed_calls))

    def score_record(self, sample: Sample, record: SampleRecord) -> SampleRecord:
        """Add the score to a played record (a scorer bug turns it into an error with the reason)."""
        if record.status != SampleStatus.scored or record.score is not None or record.transcript is None:
            return record
        try:
            score = self.bench.score(sample, record.transcript, self.options)
        except Exception as exc:  # noqa: BLE001 - recorded with its reason
            return record.model_copy(update={"status": SampleStatus.error, "error": self._bug("scorer", exc),
                                             "finished_at": utcnow()})
        return record.model_copy(update={"score": score, "finished_at": utcnow()})

    def _bug(self, where: str, exc: Exception) -> str:
        tb = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
        at = f" (at {Path(tb.filename).name}:{tb.lineno})" if tb else ""
        return self._redact(f"{where} raised {type(exc).__name__}: {exc}{at}")

    # ------------------------------------------------------------------ preparing the run
    def load_samples(self) -> list[Sample]:
        """The run's samples, checked: mode and options, unique ids, the limit, mode-vs-data checks."""
        self.bench.check_config(self.config.mode, self.options)
        samples = self.bench.load_for_run(self.config.data, self.options, self.config.seed)
        seen: set[str] = set()
        for s in samples:
            if s.id in seen:
                raise ValueError(f"duplicate sample id {s.id!r} in the data: ids must be unique")
            seen.add(s.id)
        if self.config.limit is not None:
            samples = samples[: self.config.limit]
        self.bench.check_samples(self.config.mode, self.options, samples)
        return samples

    def manifest_for(self, samples: list[Sample]) -> RunManifest:
        digest = data_hash(samples)
        fingerprint = run_fingerprint(self.config, digest, self.bench.scorer_version, roles=self.role_configs(),
                                      options=self.options.fingerprint_part())
        return RunManifest(
            run_id=uuid.uuid4().hex[:12], fingerprint=fingerprint, config=self.config,
            package_version=package_version(), git_revision=git_revision(), data_hash=digest,
            scorer_version=self.bench.scorer_version, n_samples=len(samples),
            python=library_versions()["python"], family_version=self.bench.version,
            contract_version=self.bench.contract_version, options=self.options.model_dump(mode="json"),
            versions=library_versions(self.bench.result_libraries),
        )

    def settings(self) -> AggregationSettings:
        return AggregationSettings.for_run(self.config.seed, self.options)

    # ------------------------------------------------------------------ the run
    async def run(self) -> RunResult:
        samples = self.load_samples()
        roles = self.role_configs()
        self.check_roles(roles)  # before the store is touched: a bad spec must not cost a --fresh folder
        manifest = self.manifest_for(samples)
        # Structured output (issue 14): one request shape per endpoint role for the whole run, negotiated now
        # or re-used from the manifest of the run being resumed, so results never mix modes.
        constrained = {r: b for r, b in self._shared.items() if r in self.bench.constrained_roles}
        manifest.structured_output = await settle_structured_output(
            constrained, None if self.fresh else recorded_structured_output(self.out_dir, manifest.fingerprint))
        store = RunStore.open_for_run(self.out_dir, manifest, fresh=self.fresh)
        manifest = store.read_manifest()
        # Read the store once: resumed records stay in memory and merge with this run's records, so the
        # aggregate needs no second pass over the file.
        trials = store.load_trials()
        finished = {key for key, r in trials.items() if r.status in (SampleStatus.scored, SampleStatus.skipped)}
        pending = [_Trial(s, e) for e in range(1, self.config.epochs + 1) for s in samples
                   if (s.id, e) not in finished]
        n_trials = len(samples) * self.config.epochs
        try:
            ran = await self._execute(pending, roles, store, trials, resumed=n_trials - len(pending))
        finally:
            store.close()
            for backend in {id(b): b for b in self._shared.values()}.values():
                await backend.aclose()
        kept = [r for (sid, e), r in trials.items() if e <= self.config.epochs]
        metrics = aggregate_run(self.bench, kept, samples, self.options, self.settings(), self.config.epochs)
        metrics.setdefault("run", {})
        metrics["run"].update(run_info(manifest, ordered(kept, [s.id for s in samples]), self.settings()))
        store.write_metrics(metrics)
        return RunResult(out_dir=str(self.out_dir), manifest=manifest, metrics=metrics, n_samples=len(samples),
                         n_trials=n_trials, n_resumed=n_trials - len(pending), n_ran=ran,
                         n_errors=sum(1 for r in kept if r.status == SampleStatus.error))

    async def _execute(self, pending: list[_Trial], roles: dict[str, RoleConfig], store: RunStore,
                       trials: dict[tuple[str, int], SampleRecord], *, resumed: int) -> int:
        """Play `pending` trials with a fixed pool of workers; store each as it finishes. Returns how many ran."""
        ran = 0
        progress, task_id = self._progress(len(pending) + resumed, resumed)
        # A fixed pool of `concurrency` workers pulling from one iterator (synchronous `next`, so safe on
        # one event loop): no task per sample waiting on a semaphore, so a 100k-sample run costs no more
        # to schedule than a small one, and the first requests leave at once.
        queue = iter(pending)
        # Scoring and storing a finished trial wait until the replies that arrived together have each
        # sent their next request: with a fixed endpoint latency, replies come back in bursts, and
        # every bit of work done before the next request goes out delays the whole burst.
        unfinished: list[tuple[Sample, SampleRecord]] = []
        loop = asyncio.get_running_loop()
        failures: list[BaseException] = []  # a store failure inside the callback stops the workers

        def finish() -> None:
            try:
                finish_batch()
            except BaseException as exc:  # noqa: BLE001 - re-raised by the workers and after the run
                failures.append(exc)

        def finish_batch() -> None:
            nonlocal ran
            batch = unfinished[:]
            unfinished.clear()
            for sample, played in batch:
                record = self.score_record(sample, played)
                store.append(record)
                trials[(record.sample_id, record.epoch)] = record
                ran += 1
                if record.status == SampleStatus.error:
                    self.errors += 1
                if self._on_record:
                    self._on_record(record)
                if progress is not None:
                    progress.update(task_id, advance=1, errors=self.errors, cost=self.cost)

        async def worker() -> None:
            for trial in queue:
                if failures:
                    raise failures[0]
                played = await self.play_sample(trial.sample, roles, trial.epoch)
                if not unfinished:
                    loop.call_soon(finish)
                unfinished.append((trial.sample, played))

        async def syncer() -> None:
            while True:
                await asyncio.sleep(1.0)
                await asyncio.to_thread(store.sync)

        sync_task = asyncio.create_task(syncer())
        gc_threshold = gc.get_threshold()
        # Every finished sample stays in memory for the aggregate, so the live heap keeps growing and
        # each collection of the oldest generation walks all of it; at the default threshold that was
        # ~40% of the harness's CPU per sample (bench/throughput.py). Freeze what exists before the
        # run and collect the young generation less often; both are restored afterwards.
        gc.freeze()
        gc.set_threshold(max(gc_threshold[0], 50_000), *gc_threshold[1:])
        try:
            if progress is not None:
                progress.start()
            # A TaskGroup: if one worker fails (e.g. the disk is full), the others are cancelled before
            # the store closes, instead of writing on in the background.
            try:
                async with asyncio.TaskGroup() as group:
                    for _ in range(min(max(1, self.config.concurrency), len(pending))):
                        group.create_task(worker())
            except* BaseException as group_error:  # surface the cause itself, not the group around it
                raise group_error.exceptions[0] from None
            finish_batch()  # whatever the last scheduled call did not see
            if failures:
                raise failures[0]
        finally:
            gc.set_threshold(*gc_threshold)
            gc.unfreeze()
            sync_task.cancel()
            if progress is not None:
                progress.stop()
        return ran

    def _progress(self, total: int, completed: int) -> tuple[Any, Any]:
        if not self.progress:
            return None, None
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        progress = Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("errors {task.fields[errors]}"), TextColumn("${task.fields[cost]:.4f}"),
            TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(), transient=False,
        )
        task_id = progress.add_task(f"{self.config.benchmark}", total=total, completed=completed, errors=0, cost=0.0)
        return progress, task_id


def _usage(transcript: Transcript, extra_calls: list[ModelCall]) -> dict[str, Usage]:
    totals = transcript.usage_by_role()
    for call in extra_calls:
        totals[call.role] = totals.get(call.role, Usage()) + call.usage
    return totals
