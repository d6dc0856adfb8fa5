"""The run engine, layered: episode (one trial of one sample) → batch (all trials, concurrently) → store.

- `play_sample` plays one trial with per-sample retries and always returns a SampleRecord: scored,
  skipped (with the overlay's reason) or error (with the reason). Nothing is dropped.
- `Runner.run` prepares the run (options, data, roles, manifest), opens the store (resuming the trials
  that finished), executes the rest under a concurrency limit with a progress bar, and writes the
  aggregate metrics. The family is handed in: the engine never looks a family up by name.
"""

from __future__ import annotations

import asyncio
import functools
import os
import platform
import random
import time
import traceback
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from finprobe.core.aggregation import quiet_gc, run_metrics, run_trials, tally
from finprobe.core.benchmark import (
    AggregationSettings,
    Benchmark,
    DataError,
    EpisodeContext,
    FamilyOptions,
    RoleModel,
)
from finprobe.core.cache import ResponseCache, cache_key
from finprobe.core.interrupt import RunInterrupted, cancel_on_signals
from finprobe.core.models._base import ModelBackend, ModelError
from finprobe.core.models.pricing import Price
from finprobe.core.models.registry import build_backend
from finprobe.core.models.structured import recorded_structured_output, settle_structured_output
from finprobe.core.provenance import (
    UsageSum,
    data_hash,
    fingerprint_parts,
    git_revision,
    library_versions,
    package_version,
    run_identity,
    sample_seed,
    stable_hash,
)
from finprobe.core.safety import Redactor, check_api_key, check_base_url, safe_text
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
from finprobe.core.sources import non_finite_field, validation_message
from finprobe.core.store import PARSED_VIEWS_LIMIT, RecordViews, RunStore, TrialKey, serialize, view_line

__all__ = ["Redactor", "RunInterrupted", "RunResult", "Runner"]


class RunResult(BaseModel):
    out_dir: str
    manifest: RunManifest
    metrics: dict[str, Any]
    n_samples: int
    n_trials: int  # samples × epochs
    n_resumed: int  # trials finished before this invocation
    n_ran: int
    n_errors: int
    #: trials stored as scored (a run with none scored failed as a whole: the CLI exits non-zero)
    n_scored: int = 0
    n_skipped: int = 0
    #: error records by reason (`finprobe.core.aggregation.error_reason`), most common first
    error_reasons: dict[str, int] = Field(default_factory=dict)


@dataclass
class _Trial:
    """One unit of work: a sample's `epoch`-th trial."""

    sample: Sample
    epoch: int


@dataclass
class _Attempts:
    """What a trial's attempts have produced so far (kept outside the attempt so a deadline that cuts
    one short can still record its calls)."""

    #: the current attempt's transcript (None before the first attempt starts)
    transcript: Transcript | None = None
    #: calls of failed attempts were paid for: they stay in the record (info) and in its usage
    failed_calls: list[ModelCall] = field(default_factory=list)
    attempt: int = 0
    last_error: str = ""
    #: the trial's deadline (None without one), paused while its calls wait for a model slot
    deadline: asyncio.Timeout | None = None


class Runner:
    """Runs one RunConfig of `benchmark` into one run folder.

    `backends` injects ready backends by role (tests, benches); `on_record` sees each stored record.
    `handle_signals`: SIGINT, SIGTERM and SIGHUP stop the run cleanly and raise `RunInterrupted` with
    what was stored (`finprobe.core.interrupt`; the CLI's way); otherwise they act as they would."""

    def __init__(self, config: RunConfig, out_dir: str | Path, *, benchmark: Benchmark[Any],
                 fresh: bool = False, cache: ResponseCache | None = None, progress: bool = True,
                 backends: dict[str, ModelBackend] | None = None,
                 on_record: Callable[[SampleRecord], None] | None = None, handle_signals: bool = False):
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
        # The run's secrets: every key variable a role names, and any *_API_KEY in the environment.
        self._redact = Redactor.from_environment(
            [rc.api_key_env for rc in config.roles.values() if rc.api_key_env] +
            [n for n in os.environ if n.endswith("_API_KEY")])
        self.cost = 0.0
        self.errors = 0
        #: model calls in flight, at most `concurrency` (set while trials run; see `_execute`)
        self._slots: asyncio.Semaphore | None = None
        self.handle_signals = handle_signals
        #: the samples `load_samples` returned and their content hash
        self._digest: tuple[list[Sample], str] | None = None
        #: the views of the stored records and the run's sample ids, while the run executes (for the
        #: counts of `RunInterrupted`)
        self._live: tuple[dict[TrialKey, tuple[SampleStatus, bytes]], list[str]] | None = None

    def _clean(self, text: str) -> str:
        """Text from outside (a server's error body, an exception) as stored: secrets removed, control
        characters and terminal escapes stripped, one line."""
        return safe_text(self._redact(text), one_line=True)

    # ------------------------------------------------------------------ roles
    def role_configs(self) -> dict[str, RoleConfig]:
        roles = {name: RoleConfig(spec=spec) for name, spec in self.bench.roles.items()}
        roles.update(self.config.roles)
        return roles

    @functools.cached_property
    def _policy_names(self) -> frozenset[str]:
        return frozenset(p.name for p in self.bench.policies())

    @functools.cached_property
    def _components(self) -> dict[str, list[str]]:
        return self.bench.components()

    def _backend_for(self, role: str, rc: RoleConfig, sample: Sample) -> ModelBackend | None:
        if role in self._injected:
            return self._injected[role]
        if rc.spec in self._policy_names:
            return self.bench.policy_backend(rc.spec, sample, self.options)
        if rc.spec in self._components.get(role, ()):
            return None  # a built-in component: the family builds it from role_specs
        if role not in self._shared:
            self._shared[role] = build_backend(rc)
        return self._shared[role]

    def check_roles(self, roles: dict[str, RoleConfig]) -> None:
        """Resolve every role before any sample runs: a bad spec or a missing key variable fails the
        run at once, with its reason, instead of turning every sample into an error."""
        self.bench.check_roles(self.config.mode, self.options, {r: rc.spec for r, rc in roles.items()})
        policies = {p.name for p in self.bench.policies()}
        for role, rc in roles.items():
            if role in self._injected or rc.spec in self.bench.components().get(role, []):
                continue
            if rc.spec in policies:
                if role != "agent":
                    raise ValueError(f"{rc.spec!r} is a baseline policy: it can only play the agent")
                continue
            if rc.base_url is not None:
                check_base_url(rc.base_url, what=f"role {role}: base URL")
            if role not in self._shared:
                try:
                    self._shared[role] = build_backend(rc)
                except ValidationError as exc:  # e.g. a price table entry
                    raise ValueError(f"role {role} ({rc.spec}): {exc.title}: {validation_message(exc)}") from None
                except (ModelError, TypeError, ValueError) as exc:  # bad spec, missing key, unknown argument
                    raise ValueError(f"role {role} ({rc.spec}): {self._clean(str(exc))}") from None
            self._check_endpoint(role, rc, self._shared[role])

    @staticmethod
    def _check_endpoint(role: str, rc: RoleConfig, backend: ModelBackend) -> None:
        """An endpoint role's URL (from the flag, the environment or a preset) and key, before any request."""
        url = getattr(backend, "base_url", None)
        if isinstance(url, str) and url:
            where = "" if rc.base_url else " (from $FINPROBE_BASE_URL, $OPENAI_BASE_URL or the preset)"
            check_base_url(url, what=f"role {role}: base URL{where}")
        price = getattr(backend, "price", None)
        if price is not None and not isinstance(price, Price):
            raise ValueError(f"role {role} ({rc.spec}): price must be a mapping "
                             f"{{input: USD per 1M tokens, output: USD per 1M tokens}}, not {price!r:.60}")
        key_env = getattr(backend, "api_key_env", None)
        if isinstance(key_env, str) and key_env:
            check_api_key(key_env, os.environ.get(key_env, ""))
        if hasattr(backend, "model_path"):  # a local model file: it must exist before the first sample
            try:
                path = backend.model_path
            except ModelError as exc:
                raise ValueError(f"role {role} ({rc.spec}): {exc}") from None
            if isinstance(path, (str, os.PathLike)) and not Path(path).is_file():
                raise ValueError(f"role {role} ({rc.spec}): model file not found: {path}")

    # ------------------------------------------------------------------ model calls
    async def _call(self, role: str, backend: ModelBackend, messages: list[Message], config: GenerateConfig,
                    transcript: Transcript, epoch: int = 1, deadline: asyncio.Timeout | None = None) -> ModelCall:
        start = time.perf_counter()
        # Store the input once: when it is a prefix of the transcript's messages, keep a count instead.
        held = transcript.messages
        prefix = len(messages) <= len(held) and all(a is b or a == b for a, b in zip(messages, held, strict=False))
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
        slots = self._slots
        if slots is not None:
            start += await _take_slot(slots, deadline)  # the call's latency does not count the wait
        try:
            try:
                out = await backend.generate(messages, config)
            finally:
                if slots is not None:
                    slots.release()
            if slots is not None:
                await _behind_the_burst()
        except ModelError as exc:
            transcript.calls.append(ModelCall(**base, error=self._clean(str(exc)), attempts=exc.attempts,
                                              latency_s=time.perf_counter() - start))
            raise
        if self._redact and self._redact.found_in(out.text):
            # A server that reflects the key: the episode, the cache and the store all see it redacted.
            out = out.model_copy(update={"text": self._redact(out.text)})
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
        """Play one trial's episode with per-sample retries, within the sample deadline. A played episode
        comes back as a record with status `scored` and no score yet (`score_record` adds it); skips and
        errors (a deadline passed included) are final."""
        started = utcnow()
        if sample.skip_reason:
            return SampleRecord(sample_id=sample.id, epoch=epoch, status=SampleStatus.skipped, meta=sample.meta,
                                score=Score(reason=sample.skip_reason, scorer_version=self.bench.scorer_version),
                                error=None, started_at=started)
        state = _Attempts()
        deadline = self.config.sample_timeout_s
        if deadline is None:
            return await self._attempts(sample, roles, epoch, started, state)
        try:
            async with asyncio.timeout(deadline) as state.deadline:
                return await self._attempts(sample, roles, epoch, started, state)
        except TimeoutError:  # only the deadline: everything inside ends as a record or a ModelError
            state.last_error = (f"sample deadline exceeded: not finished after {deadline:g} s "
                                f"(--sample-timeout) in attempt {state.attempt}")
            return self._error_record(sample, epoch, started, state)

    async def _attempts(self, sample: Sample, roles: dict[str, RoleConfig], epoch: int, started: Any,
                        state: _Attempts) -> SampleRecord:
        attempts = 1 + max(0, self.config.sample_retries)
        seed = sample_seed(self.config.seed, sample.id, epoch)
        role_specs = {r: rc.spec for r, rc in roles.items()}

        async def call(role: str, backend: ModelBackend, messages: list[Message], config: GenerateConfig,
                       transcript: Transcript) -> ModelCall:
            return await self._call(role, backend, messages, config, transcript, epoch=epoch, deadline=state.deadline)

        for attempt in range(1, attempts + 1):
            state.attempt = attempt
            if attempt > 1:
                state.failed_calls.extend(state.transcript.calls if state.transcript is not None else ())
            transcript = state.transcript = Transcript()
            if state.failed_calls:
                transcript.info["failed_attempt_calls"] = [c.model_dump(mode="json") for c in state.failed_calls]
            try:
                models = {}
                for role, rc in roles.items():
                    backend = self._backend_for(role, rc, sample)
                    if backend is not None:
                        defaults = rc.generate if rc.generate.seed is not None else rc.generate.model_copy(update={"seed": seed})
                        models[role] = RoleModel(role, backend, transcript, defaults, call)
                ctx: EpisodeContext[Any] = EpisodeContext(
                    sample=sample, mode=self.config.mode, options=self.options, seed=seed, epoch=epoch,
                    transcript=transcript, models=models, role_specs=role_specs, rng=_LazyRandom(seed))
                await self.bench.run_episode(ctx)
                return SampleRecord(sample_id=sample.id, epoch=epoch, status=SampleStatus.scored, attempt=attempt,
                                    meta=sample.meta, transcript=transcript, started_at=started,
                                    usage_by_role=_usage(transcript, state.failed_calls))
            except ModelError as exc:
                state.last_error = f"model call failed after retries: {self._clean(str(exc))}"
                if not exc.retryable:
                    state.last_error = f"model call failed (not retryable): {self._clean(str(exc))}"
                    break  # a 400/401 or a prompt that cannot fit will fail the same way again
                continue  # per-sample retry with a fresh transcript
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a bug in an episode: recorded, never drops the sample
                state.last_error = self._bug("episode", exc)
                break
        return self._error_record(sample, epoch, started, state)

    @staticmethod
    def _error_record(sample: Sample, epoch: int, started: Any, state: _Attempts) -> SampleRecord:
        transcript = state.transcript if state.transcript is not None else Transcript()
        return SampleRecord(sample_id=sample.id, epoch=epoch, status=SampleStatus.error, attempt=state.attempt,
                            meta=sample.meta, transcript=transcript, error=state.last_error,
                            started_at=started, usage_by_role=_usage(transcript, state.failed_calls))

    def score_record(self, sample: Sample, record: SampleRecord) -> SampleRecord:
        """Add the score to the record `play_sample` returned, in place (a scorer bug turns it into an error
        with the reason). The record is the runner's own until it is stored: no copy is needed."""
        if record.status != SampleStatus.scored or record.score is not None or record.transcript is None:
            return record
        try:
            record.score = self.bench.score(sample, record.transcript, self.options)
        except Exception as exc:  # noqa: BLE001 - recorded with its reason
            record.status, record.error = SampleStatus.error, self._bug("scorer", exc)
        record.finished_at = utcnow()
        return record

    def _bug(self, where: str, exc: Exception) -> str:
        tb = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
        at = f" (at {Path(tb.filename).name}:{tb.lineno})" if tb else ""
        return self._clean(f"{where} raised {type(exc).__name__}: {exc}{at}")

    # ------------------------------------------------------------------ preparing the run
    def load_samples(self) -> list[Sample]:
        """The run's samples, checked before anything is paid for: mode and options, the data (and what
        the family loads with it: corrections, corpus, ...), unique ids, the limit, mode-vs-data checks."""
        self.bench.check_config(self.config.mode, self.options)
        where = self.config.data or f"the bundled {self.bench.name} demo data"
        try:
            samples = self.bench.load_for_run(self.config.data, self.options, self.config.seed)
        except RecursionError:  # a parser below hit Python's recursion limit on hostile nesting
            raise DataError(f"{where}: nested too deeply to read (Python's recursion limit)") from None
        if not samples:
            raise DataError(f"{where}: no samples in the data")
        seen: set[str] = set()
        for s in samples:
            if s.id in seen:
                raise DataError(f"{where}: duplicate sample id {s.id!r}: ids must be unique")
            seen.add(s.id)
        if self.config.limit is not None:
            samples = samples[: self.config.limit]
        try:
            self.bench.check_samples(self.config.mode, self.options, samples)
        except RecursionError:
            raise DataError(f"{where}: an input of the run is nested too deeply to read") from None
        try:  # the content hash (the fingerprint's) is computed here, once, so `validate` sees what it refuses
            self._digest = (samples, data_hash(samples))
        except ValueError:
            for s in samples:
                field_path = non_finite_field(s.data)
                if field_path is not None:
                    raise DataError(f"{where}: sample {s.id!r}: {field_path} is not a finite number (NaN or "
                                    "infinity): no answer can match it and JSON cannot store it; fix or remove "
                                    "the record") from None
            raise
        return samples

    def fingerprint_for(self, digest: str, *, scorer_version: str | None = None) -> tuple[str, dict[str, str]]:
        """The fingerprint of this run on data whose content hash is `digest` (with the family's scorer, or
        `scorer_version`), and its parts (per role, data, scorer, seed, ...: what lets a refused resume name
        the change)."""
        identity = run_identity(self.config, digest, scorer_version or self.bench.scorer_version,
                                roles=self.role_configs(), options=self.options.fingerprint_part())
        return stable_hash(identity), fingerprint_parts(identity)

    def manifest_for(self, samples: list[Sample]) -> RunManifest:
        digest = self._digest[1] if self._digest is not None and self._digest[0] is samples else data_hash(samples)
        fingerprint, parts = self.fingerprint_for(digest)
        return RunManifest(
            run_id=uuid.uuid4().hex[:12], fingerprint=fingerprint, fingerprint_parts=parts, config=self.config,
            package_version=package_version(), git_revision=git_revision(), data_hash=digest,
            scorer_version=self.bench.scorer_version, n_samples=len(samples),
            python=platform.python_version(), family_version=self.bench.version,
            contract_version=self.bench.contract_version, options=self.options.model_dump(mode="json"),
            versions=library_versions(self.bench.result_libraries),
        )

    def settings(self) -> AggregationSettings:
        return AggregationSettings.for_run(self.config.seed, self.options)

    # ------------------------------------------------------------------ the run
    async def run(self, samples: list[Sample] | None = None) -> RunResult:
        """Check everything, lock the folder, play the trials not yet finished, and aggregate from the store.
        `samples`: this run's `load_samples()`, when the caller has loaded them already.

        Nothing finished is kept in memory: each record is stored as it finishes and the metrics are
        computed from the folder afterwards (`finprobe.core.aggregation.run_metrics`, the same path as
        `report`), so memory stays flat however many samples run, and `metrics.json` equals the report."""
        try:
            if not self.handle_signals:
                return await self._run(samples)
            task = asyncio.current_task()
            with cancel_on_signals(asyncio.get_running_loop(), task) as signals:
                try:
                    return await self._run(samples)
                except asyncio.CancelledError:
                    if signals.signum is None or task is None:
                        raise
                    task.uncancel()  # the cancellation was ours: it ends here, as RunInterrupted
                    raise self._interrupted(signals.signum) from None
        finally:
            self._live = self._digest = None  # neither the data set nor the views outlive the run

    def _interrupted(self, signum: int) -> RunInterrupted:
        views, ids = self._live or ({}, [])
        expected, epochs = set(ids), self.config.epochs
        statuses = [status for (sid, e), (status, _) in views.items() if sid in expected and e <= epochs]
        errors = sum(1 for status in statuses if status == SampleStatus.error)
        return RunInterrupted(signum, self.out_dir, n_trials=len(ids) * epochs, n_finished=len(statuses) - errors,
                              n_errors=errors)

    async def _run(self, samples: list[Sample] | None) -> RunResult:
        try:
            if samples is None:
                samples = self.load_samples()
            roles = self.role_configs()
            self.check_roles(roles)  # before the store is touched: a bad spec must not cost a --fresh folder
            manifest = self.manifest_for(samples)
            # Structured output (issue 14): one request shape per endpoint role for the whole run, negotiated
            # now (before --fresh clears anything: an unusable endpoint must not cost the folder) or re-used
            # from the manifest of the run being resumed, so results never mix modes. Only roles whose replies
            # must follow a schema are probed.
            recorded = None if self.fresh else recorded_structured_output(self.out_dir, manifest.fingerprint)
            constrained = {r: b for r, b in self._shared.items() if r in self.bench.constrained_roles}
            manifest.structured_output = await settle_structured_output(constrained, recorded)
            store = RunStore.open_for_run(self.out_dir, manifest, fresh=self.fresh, redactor=self._redact,
                                          write_manifest=False)
            try:
                with quiet_gc():
                    return await self._run_in(store, samples, roles)
            finally:
                store.close()
        finally:
            for backend in {id(b): b for b in self._shared.values()}.values():
                await backend.aclose()

    async def _run_in(self, store: RunStore, samples: list[Sample], roles: dict[str, RoleConfig]) -> RunResult:
        # The aggregation view of every stored record (compact JSON, ~1.2 KB each): the resumed ones read
        # now, this run's added as they are stored, so the metrics need no second pass over the file.
        views = store.load_view_map()
        self._live = (views, [s.id for s in samples])
        finished = {key for key, (status, _) in views.items()
                    if status in (SampleStatus.scored, SampleStatus.skipped)}
        pending = [_Trial(s, e) for e in range(1, self.config.epochs + 1) for s in samples
                   if (s.id, e) not in finished]
        n_trials = len(samples) * self.config.epochs
        ran = 0
        # The run's data goes into the folder before its first record (the metrics read it from there,
        # so `report` computes them from the folder alone); a resumed folder has it already.
        stored = store.ensure_data(samples, required=bool(pending))
        if pending or not (store.path / "manifest.json").exists():
            store.write_manifest()  # a finished run that is opened again rewrites nothing
        # A small run keeps its views parsed too, parsed as they are stored (in the idle time between
        # replies) rather than all at the end: by id() of the view's bytes, which `views` keeps alive.
        parsed: dict[int, SampleRecord] | None = {} if len(samples) * self.config.epochs <= PARSED_VIEWS_LIMIT else None
        synced: asyncio.Future[None] | None = None
        if pending:
            store.open_append()  # an unwritable folder fails here, before any request
            ran = await self._execute(pending, roles, store, views, parsed, resumed=n_trials - len(pending))
            # The records reach the disk (fsync, milliseconds of waiting) in a worker thread while the
            # metrics are computed from the views in memory; metrics.json is written only once they are there.
            synced = asyncio.get_running_loop().run_in_executor(None, store.sync)
        try:
            manifest = store.read_manifest()
            order = [s.id for s in samples]
            all_views = RecordViews([view for _, view in views.values()], list(views), parsed)
            trials = run_trials(self.bench, store, self.config.epochs, order, views=all_views)
            totals = tally(trials.records)
            metrics = run_metrics(self.bench, store, manifest, stored if stored is not None else samples,
                                  self.options, self.settings(), trials=trials, totals=totals)
        except BaseException:
            if synced is not None:
                await asyncio.wait([synced])  # the store closes after this: never under a running fsync
            raise
        if synced is not None:
            await synced
        store.write_metrics(metrics)
        return RunResult(out_dir=str(self.out_dir), manifest=manifest, metrics=metrics, n_samples=len(samples),
                         n_trials=n_trials, n_resumed=n_trials - len(pending), n_ran=ran,
                         n_errors=totals.statuses[SampleStatus.error], n_scored=totals.statuses[SampleStatus.scored],
                         n_skipped=totals.statuses[SampleStatus.skipped],
                         error_reasons=dict(totals.reasons.most_common()))

    async def _execute(self, pending: list[_Trial], roles: dict[str, RoleConfig], store: RunStore,
                       views: dict[TrialKey, tuple[SampleStatus, bytes]], parsed: dict[int, SampleRecord] | None,
                       *, resumed: int) -> int:
        """Play `pending` trials with a fixed pool of workers; store each as it finishes. Returns how many ran."""
        ran = 0
        progress, task_id = self._progress(len(pending) + resumed, resumed)
        # A fixed pool of `concurrency` workers pulling from one iterator (synchronous `next`, so safe on
        # one event loop): no task per sample waiting on a semaphore, so a 100k-sample run costs no more
        # to schedule than a small one, and the first requests leave at once.
        queue = iter(pending)
        # Scoring and storing finished trials wait until the event loop is idle (`_IdleFlush`): with a
        # fixed endpoint latency, replies come back in bursts, and every bit of work done while a burst
        # is being answered delays the next requests of the whole burst. A batch is then scored,
        # serialised and appended with one write.
        unfinished: list[tuple[Sample, SampleRecord]] = []
        failures: list[BaseException] = []  # a store failure inside the callback stops the workers
        redactor = self._redact

        def finish() -> None:
            try:
                finish_batch()
            except BaseException as exc:  # noqa: BLE001 - re-raised by the workers and after the run
                failures.append(exc)

        flush = _IdleFlush(asyncio.get_running_loop(), finish, unfinished,
                           max_batch=max(_MAX_BATCH, self.config.concurrency))

        def finish_batch() -> None:
            nonlocal ran
            if not unfinished:
                return
            batch = unfinished[:]
            unfinished.clear()
            records = [self.score_record(sample, played) for sample, played in batch]
            lines = [serialize(record, redactor) for record in records]
            store.append_lines(lines)
            for line in lines:  # the view of exactly what was stored (redacted, compacted)
                key, status, view = view_line(line)
                if parsed is not None:
                    if key in views:  # a redone error: its old view goes, and its id() may be reused
                        parsed.pop(id(views[key][1]), None)
                    parsed[id(view)] = SampleRecord.model_validate_json(view)
                views[key] = (status, view)
            ran += len(records)
            self.errors += sum(1 for r in records if r.status == SampleStatus.error)
            if self._on_record:
                for record in records:
                    self._on_record(record)
            if progress is not None:
                progress.update(task_id, advance=len(records), errors=self.errors, cost=self.cost)

        async def worker() -> None:
            for trial in queue:
                if failures:
                    raise failures[0]
                played = await self.play_sample(trial.sample, roles, trial.epoch)
                unfinished.append((trial.sample, played))
                flush.added()

        async def syncer() -> None:
            while True:
                await asyncio.sleep(1.0)
                await asyncio.to_thread(store.sync)

        # `concurrency` bounds the model calls in flight (`_slots`, taken in `_call`); one more trial than
        # that is in play, so that when a reply frees a slot a request that is already built takes it
        # at once (Inspect AI runs max_connections + 1 samples by default, for the same reason).
        slots = max(1, self.config.concurrency)
        workers = slots + _READY_TRIALS
        self._slots = asyncio.Semaphore(slots)
        sync_task = asyncio.create_task(syncer())
        try:
            if progress is not None:
                progress.start()
            # A TaskGroup: if one worker fails (e.g. the disk is full), the others are cancelled before
            # the store closes, instead of writing on in the background.
            try:
                async with asyncio.TaskGroup() as group:
                    for _ in range(min(workers, len(pending))):
                        group.create_task(worker())
            except* BaseException as group_error:  # surface the cause itself, not the group around it
                raise group_error.exceptions[0] from None
            finish_batch()  # whatever the last scheduled call did not see
            if failures:
                raise failures[0]
        except asyncio.CancelledError:  # interrupted (a signal): trials that finished are stored, not redone
            if not failures:
                finish_batch()
            raise
        finally:
            self._slots = None
            flush.close()
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


#: trials in play beyond the model calls in flight: one, built and waiting for the next free slot
_READY_TRIALS = 1


async def _take_slot(slots: asyncio.Semaphore, deadline: asyncio.Timeout | None) -> float:
    """Take a model slot; returns the seconds waited for it. Waiting is the run's queue, not the
    trial's time: its deadline is paused meanwhile."""
    if not slots.locked():
        await slots.acquire()
        return 0.0
    when = deadline.when() if deadline is not None else None
    if deadline is not None:
        deadline.reschedule(None)
    queued = time.perf_counter()
    await slots.acquire()
    waited = time.perf_counter() - queued
    if deadline is not None and when is not None:
        deadline.reschedule(when + waited)
    return waited


async def _behind_the_burst() -> None:
    """Let the event loop run what is ready before this reply is processed, twice over: the other replies
    that arrived with it (each frees its slot and its connection), then the requests those freed slots
    wake (trials waiting with a built request). With a fixed endpoint latency, replies arrive in bursts,
    and processing one reply (parsing, the transcript, the next prompt) before the others' requests have
    gone out delays every request behind it. `bench/throughput.py` (L = 100 ms, C = 64), paired runs:
    ×1.017 against one pass (which puts each reply's processing between the requests it should let
    through, and measured worse than none), ×1.007–1.028 against the runner without the ready trial and
    the passes; at C = 8, 0.957 → 0.979 of the ideal (the bare client: 0.980). No CPU cost measurable."""
    await asyncio.sleep(0)
    await asyncio.sleep(0)


#: finished trials are scored and stored once no other trial has finished for this long (a burst of
#: replies is over), ...
_IDLE_S = 0.002
#: ... or once this many wait (at least the concurrency), ...
_MAX_BATCH = 256
#: ... or once the oldest has waited this long: a crash loses at most this much finished work
_MAX_LAG_S = 0.25


class _IdleFlush:
    """Calls `flush` when the event loop has had no new item in `waiting` for `_IDLE_S` (a burst of replies
    is over), when `max_batch` items wait, or when the oldest has waited `_MAX_LAG_S` (a steady stream of
    replies, as from a fast endpoint). One timer at a time, re-armed while items keep coming.

    A small object rather than closures: a closure that re-arms itself refers to itself, and that cycle
    kept everything it reached (the run's parsed records) alive until a garbage collection, measured as
    a 100 ms collection at the start of the next run in one process."""

    def __init__(self, loop: asyncio.AbstractEventLoop, flush: Callable[[], None], waiting: list[Any], *,
                 max_batch: int):
        self._loop, self._flush, self._waiting, self._max_batch = loop, flush, waiting, max_batch
        self._timer: asyncio.TimerHandle | None = None
        self._first_at = self._last_at = 0.0

    def added(self) -> None:
        """An item was appended to `waiting`."""
        now = self._last_at = self._loop.time()
        n = len(self._waiting)
        if n == 1:
            self._first_at = now
        if n == self._max_batch:
            self._loop.call_soon(self._flush)  # once per batch: the flush takes all that wait by then
        elif self._timer is None:
            self._timer = self._loop.call_at(now + _IDLE_S, self._check)

    def _check(self) -> None:
        self._timer = None
        if not self._waiting:
            return
        now = self._loop.time()
        if now - self._last_at < _IDLE_S and now - self._first_at < _MAX_LAG_S:
            self._timer = self._loop.call_at(self._last_at + _IDLE_S, self._check)  # replies still coming in
            return
        self._flush()

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


class _LazyRandom(random.Random):
    """A `random.Random(seed)` that seeds itself on first use: seeding the Mersenne Twister costs several
    microseconds per sample, and most episodes never draw a number. The numbers are the very ones
    `random.Random(seed)` gives (both `random` and `getrandbits` are overridden, so the inherited
    methods draw exactly as the base class does)."""

    def __init__(self, seed: int):  # the base __init__ would seed now
        self._lazy_seed: int | None = seed
        self.gauss_next = None  # what the base seed() sets (gauss() reads it before drawing)

    def _ready(self) -> None:
        if self._lazy_seed is not None:
            seed, self._lazy_seed = self._lazy_seed, None
            super().seed(seed)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self._lazy_seed = None
        super().seed(*args, **kwargs)

    def random(self) -> float:
        if self._lazy_seed is not None:
            self._ready()
        return super().random()

    def getrandbits(self, k: int) -> int:
        if self._lazy_seed is not None:
            self._ready()
        return super().getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        self._ready()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._lazy_seed = None
        super().setstate(state)

    def randbytes(self, n: int) -> bytes:
        self._ready()
        return super().randbytes(n)


def _usage(transcript: Transcript, extra_calls: list[ModelCall]) -> dict[str, Usage]:
    """Usage per role of a trial's calls, its failed attempts' calls included (they were paid for)."""
    total = UsageSum()
    for call in transcript.calls:
        total.add({call.role: call.usage})
    for call in extra_calls:
        total.add({call.role: call.usage})
    return total.by_role()
