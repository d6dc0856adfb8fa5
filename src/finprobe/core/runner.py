"""The run engine, layered: episode (one sample) → batch (all samples, concurrently) → store (durable).

- `run_sample` plays one sample with per-sample retries and always returns a SampleRecord: scored,
  skipped (with the overlay's reason) or error (with the reason). Nothing is dropped.
- `Runner.run` loads the data, fingerprints the run, resumes from the store (redoing only samples that
  are missing or ended in error), runs the rest under a concurrency limit with a progress bar, and
  writes the aggregate metrics.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import os
import platform
import random
import subprocess
import time
import traceback
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from finprobe.core.benchmark import Benchmark, EpisodeContext, RoleModel
from finprobe.core.cache import ResponseCache, cache_key
from finprobe.core.models._base import ModelBackend, ModelError
from finprobe.core.models.registry import build_backend
from finprobe.core.models.structured import recorded_structured_output, settle_structured_output
from finprobe.core.schema import (
    GenerateConfig, Message, ModelCall, RoleConfig, RunConfig, RunManifest, Sample, SampleRecord,
    SampleStatus, Score, Transcript, Usage, utcnow,
)
from finprobe.core.store import RunStore


def _hash(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


def data_hash(samples: list[Sample]) -> str:
    return _hash([[s.id, s.data, s.skip_reason] for s in samples])


#: backend arguments that change how a run goes, not what it produces: left out of the fingerprint, so
#: adding a price table or raising a timeout on resume is not "a different run"
OPERATIONAL_ARGS = frozenset({"price", "max_concurrency", "max_retries", "timeout_s", "backoff_base_s",
                              "backoff_max_s", "retry_after_cap_s", "n_threads"})


def run_fingerprint(config: RunConfig, data_digest: str, scorer_version: str,
                    roles: dict[str, RoleConfig] | None = None) -> str:
    """Hash of what determines a run's results: the effective roles (defaults filled in, endpoints
    resolved), mode, seed, limit, options, data and scorer; not how fast it ran or where keys live."""
    from finprobe.core.models.registry import resolved_base_url

    effective = roles if roles is not None else config.roles
    roles_out = {}
    for name, rc in sorted(effective.items()):
        dumped = rc.model_dump(exclude={"api_key_env"})
        dumped["args"] = {k: v for k, v in rc.args.items() if k not in OPERATIONAL_ARGS}
        dumped["generate"] = rc.generate.model_dump(exclude={"timeout_s"})
        dumped["base_url"] = resolved_base_url(rc)
        roles_out[name] = dumped
    return _hash({
        "benchmark": config.benchmark, "mode": config.mode, "roles": roles_out, "seed": config.seed,
        "limit": config.limit, "options": config.options, "data": data_digest, "scorer": scorer_version,
    })


def sample_seed(run_seed: int, sample_id: str) -> int:
    return int(hashlib.sha256(f"{run_seed}:{sample_id}".encode()).hexdigest()[:8], 16)


def git_revision() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=Path(__file__).parent, capture_output=True,
                             text=True, timeout=5)
        return out.stdout.strip() or None if out.returncode == 0 else None
    except (OSError, subprocess.SubprocessError):
        return None


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("finprobe")
    except PackageNotFoundError:
        return "0+unknown"


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
    n_resumed: int  # finished before this invocation
    n_ran: int
    n_errors: int


class Runner:
    """Runs one RunConfig into one run folder. `backends` injects ready backends by role (tests, benches)."""

    def __init__(self, config: RunConfig, out_dir: str | Path, *, benchmark: Benchmark | None = None,
                 fresh: bool = False, cache: ResponseCache | None = None, progress: bool = True,
                 backends: dict[str, ModelBackend] | None = None,
                 on_record: Callable[[SampleRecord], None] | None = None):
        from finprobe.benchmarks import get_benchmark

        self.config = config
        self.out_dir = Path(out_dir)
        self.bench = benchmark or get_benchmark(config.benchmark)
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
            return self.bench.policy_backend(rc.spec, sample, self.config.options)
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
                    transcript: Transcript) -> ModelCall:
        start = time.perf_counter()
        # Store the input once: when it is a prefix of the transcript's messages, keep a count instead.
        prefix = len(messages) <= len(transcript.messages) and transcript.messages[: len(messages)] == messages
        base = dict(role=role, backend=backend.kind, model=backend.model, config=config,
                    messages=[] if prefix else list(messages), input_prefix=len(messages) if prefix else None)
        key = None
        if self.cache is not None and backend.cacheable:
            key = cache_key(backend, messages, config)
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
        if key is not None:
            self.cache.put(key, out)
        self.cost += out.usage.cost_usd
        call = ModelCall(**base, output=out.text, finish_reason=out.finish_reason, usage=out.usage,
                         attempts=out.attempts, latency_s=time.perf_counter() - start, notes=out.notes)
        transcript.calls.append(call)
        return call

    # ------------------------------------------------------------------ one sample
    async def run_sample(self, sample: Sample, roles: dict[str, RoleConfig]) -> SampleRecord:
        """Play and score one sample: always a record (scored, skipped or error), never an exception."""
        record = await self.play_sample(sample, roles)
        return self.score_record(sample, record)

    async def play_sample(self, sample: Sample, roles: dict[str, RoleConfig]) -> SampleRecord:
        """Play one sample's episode with per-sample retries. A played episode comes back as a record
        with status `scored` and no score yet (`score_record` adds it); skips and errors are final."""
        started = utcnow()
        if sample.skip_reason:
            return SampleRecord(sample_id=sample.id, status=SampleStatus.skipped, meta=sample.meta,
                                score=Score(reason=sample.skip_reason, scorer_version=self.bench.scorer_version),
                                error=None, started_at=started)
        attempts = 1 + max(0, self.config.sample_retries)
        last_error = ""
        transcript = Transcript()
        # Calls of failed attempts were paid for: they stay in the record (info) and in its usage.
        failed_calls: list[ModelCall] = []
        for attempt in range(1, attempts + 1):
            if attempt > 1:
                failed_calls.extend(transcript.calls)
            transcript = Transcript()
            if failed_calls:
                transcript.info["failed_attempt_calls"] = [c.model_dump(mode="json") for c in failed_calls]
            seed = sample_seed(self.config.seed, sample.id)
            try:
                models = {}
                for role, rc in roles.items():
                    backend = self._backend_for(role, rc, sample)
                    if backend is not None:
                        defaults = rc.generate if rc.generate.seed is not None else rc.generate.model_copy(update={"seed": seed})
                        models[role] = RoleModel(role, backend, transcript, defaults, self._call)
                ctx = EpisodeContext(sample=sample, mode=self.config.mode, options=self.config.options,
                                     seed=seed, transcript=transcript, models=models,
                                     role_specs={r: rc.spec for r, rc in roles.items()}, rng=random.Random(seed))
                await self.bench.run_episode(ctx)
                return SampleRecord(sample_id=sample.id, status=SampleStatus.scored, attempt=attempt,
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
        return SampleRecord(sample_id=sample.id, status=SampleStatus.error, attempt=attempt, meta=sample.meta,
                            transcript=transcript, error=last_error, started_at=started,
                            usage_by_role=_usage(transcript, failed_calls))

    def score_record(self, sample: Sample, record: SampleRecord) -> SampleRecord:
        """Add the score to a played record (a scorer bug turns it into an error with the reason)."""
        if record.status != SampleStatus.scored or record.score is not None or record.transcript is None:
            return record
        try:
            score = self.bench.score(sample, record.transcript, self.config.options)
        except Exception as exc:  # noqa: BLE001 - recorded with its reason
            return record.model_copy(update={"status": SampleStatus.error, "error": self._bug("scorer", exc),
                                             "finished_at": utcnow()})
        return record.model_copy(update={"score": score, "finished_at": utcnow()})

    def _bug(self, where: str, exc: Exception) -> str:
        tb = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
        at = f" (at {Path(tb.filename).name}:{tb.lineno})" if tb else ""
        return self._redact(f"{where} raised {type(exc).__name__}: {exc}{at}")

    # ------------------------------------------------------------------ the batch
    def load_samples(self) -> list[Sample]:
        self.bench.validate_options(self.config.mode, self.config.options)
        samples = self.bench.load(self.config.data, self.config.options)
        ids = [s.id for s in samples]
        if len(set(ids)) != len(ids):
            dup = next(i for i in ids if ids.count(i) > 1)
            raise ValueError(f"duplicate sample id {dup!r} in the data: ids must be unique")
        if self.config.limit is not None:
            samples = samples[: self.config.limit]
        check = getattr(self.bench, "check_samples", None)  # optional: checks that need mode and data together
        if check is not None:
            check(self.config.mode, self.config.options, samples)
        return samples

    def manifest_for(self, samples: list[Sample]) -> RunManifest:
        digest = data_hash(samples)
        return RunManifest(
            run_id=uuid.uuid4().hex[:12],
            fingerprint=run_fingerprint(self.config, digest, self.bench.scorer_version, self.role_configs()),
            config=self.config, package_version=package_version(), git_revision=git_revision(),
            data_hash=digest, scorer_version=self.bench.scorer_version, n_samples=len(samples),
            python=platform.python_version(),
        )

    async def run(self) -> RunResult:
        samples = self.load_samples()
        roles = self.role_configs()
        self.check_roles(roles)  # before the store is touched: a bad spec must not cost a --fresh folder
        manifest = self.manifest_for(samples)
        # Structured output (issue 14): one request shape per endpoint role for the whole run, negotiated now
        # or re-used from the manifest of the run being resumed, so results never mix modes.
        manifest.structured_output = await settle_structured_output(
            self._shared, None if self.fresh else recorded_structured_output(self.out_dir, manifest.fingerprint))
        store = RunStore.open_for_run(self.out_dir, manifest, fresh=self.fresh)
        manifest = store.read_manifest()
        # Read the store once: resumed records are kept in memory and merged with this run's records,
        # so the aggregate needs no second pass over the file.
        records = store.load_records()
        done = {sid for sid, r in records.items() if r.status in (SampleStatus.scored, SampleStatus.skipped)}
        pending = [s for s in samples if s.id not in done]
        ran = 0
        progress, task_id = self._progress(len(samples), len(samples) - len(pending))
        # A fixed pool of `concurrency` workers pulling from one iterator (synchronous `next`, so safe on
        # one event loop): no task per sample waiting on a semaphore, so a 100k-sample run costs no more
        # to schedule than a small one, and the first requests leave at once.
        queue = iter(pending)
        # Scoring and storing a finished sample wait until the replies that arrived together have each
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
                records[record.sample_id] = record
                ran += 1
                if record.status == SampleStatus.error:
                    self.errors += 1
                if self._on_record:
                    self._on_record(record)
                if progress is not None:
                    progress.update(task_id, advance=1, errors=self.errors, cost=self.cost)

        async def worker() -> None:
            for sample in queue:
                if failures:
                    raise failures[0]
                played = await self.play_sample(sample, roles)
                if not unfinished:
                    loop.call_soon(finish)
                unfinished.append((sample, played))

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
            store.close()
            for backend in {id(b): b for b in self._shared.values()}.values():
                await backend.aclose()
        by_id = {s.id: s for s in samples}
        ordered = [records[s.id] for s in samples if s.id in records]
        metrics = self.bench.aggregate(ordered, by_id, self.config.options)
        store.write_metrics(metrics)
        return RunResult(out_dir=str(self.out_dir), manifest=manifest, metrics=metrics, n_samples=len(samples),
                         n_resumed=len(samples) - len(pending), n_ran=ran,
                         n_errors=sum(1 for r in ordered if r.status == SampleStatus.error))

    def _progress(self, total: int, completed: int):
        if not self.progress:
            return None, None
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                                   TimeRemainingColumn)

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


def usage_totals(records: list[SampleRecord]) -> dict[str, Usage]:
    """Tokens and cost per role over a run (errors included: their calls were paid for too)."""
    totals: dict[str, Usage] = {}
    for record in records:
        for role, usage in record.usage_by_role.items():
            totals[role] = totals.get(role, Usage()) + usage
    return totals
