"""The Python API: what `finprobe run`, `finprobe validate` and `finprobe runs` do, as functions.

    import finprobe
    result = finprobe.run("reasoning", agent="openai:gpt-4o-mini", limit=20)
    print(result.metrics["pass_rate"], result.run_dir / "report.html")

- `run(family, agent=..., data=..., mode=..., limit=..., out=..., **options)` runs one family and returns a
  `RunResult`: `.metrics` is the mapping `finprobe report RUN --format json` prints, `.run_dir` the run
  folder (with its `report.html`), `.headline` the family's headline metrics with their CIs. Keyword
  arguments beyond the named ones are the family's options (`-O KEY=VALUE`: `top_k=3`, `persona="vague"`).
- `arun(...)` is the same coroutine for code that already runs an event loop (Jupyter: `await
  finprobe.arun(...)`); `run` works there too (it plays the run on a worker thread).
- `load_run(path)` reads a stored run folder back as the same `RunResult`.
- `run_config(config)` / `arun_config(config)` take a whole `RunConfig` (what `--config FILE` and the flags
  build); the `finprobe` command is a thin layer over these.

Every run checks its inputs and preflights each endpoint role (key, server, model; one tiny request each)
before the first sample, resumes an interrupted run in the same folder, and writes `report.html`.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from finprobe.core.aio import run_async
from finprobe.core.cache import ResponseCache
from finprobe.core.display import TableData
from finprobe.core.families import load_family
from finprobe.core.models.preflight import EndpointCheck
from finprobe.core.runner import Runner
from finprobe.core.safety import check_base_url
from finprobe.core.schema import GenerateConfig, RoleConfig, RunConfig, RunManifest, Sample
from finprobe.core.store import RunStore
from finprobe.report import StoredRun
from finprobe.report import load_run as _load_stored
from finprobe.report.compare import headline_names

__all__ = ["GenerateConfig", "Metric", "RoleConfig", "RunConfig", "RunResult", "Validation", "arun", "arun_config",
           "afinish_run", "avalidate_config", "finish_run", "load_run", "make_config", "run", "run_config", "validate_config"]

T = TypeVar("T")
#: a role given as a spec ("openai:gpt-4o-mini", "reference") or as a full RoleConfig
RoleArg = str | RoleConfig | None


@dataclass(frozen=True)
class Metric:
    """One headline metric: its key, label, value and bootstrap CI (None where undefined)."""

    name: str
    label: str
    value: float | None
    ci_low: float | None
    ci_high: float | None

    def __str__(self) -> str:
        if self.value is None:
            return f"{self.label}: -"
        ci = "" if self.ci_low is None or self.ci_high is None else f" [{self.ci_low:.3f}, {self.ci_high:.3f}]"
        return f"{self.label}: {self.value:.3f}{ci}"


@dataclass
class RunResult:
    """A finished (or stopped, or resumed) run: where it is, what it measured, how its trials ended."""

    run_dir: Path
    family: str
    mode: str
    #: the aggregate, exactly what `finprobe report RUN --format json` prints (also `metrics.json`)
    metrics: dict[str, Any]
    manifest: RunManifest
    n_samples: int
    n_trials: int
    n_scored: int
    n_errors: int
    n_skipped: int
    #: trials played by this call and trials found finished in the folder (0 for `load_run`)
    n_ran: int = 0
    n_resumed: int = 0
    error_reasons: dict[str, int] = field(default_factory=dict)
    #: why the run stopped before every trial was played (`max_errors`); None when it did not
    stopped: str | None = None
    #: what the preflight checked, per endpoint role (requests and tokens it cost)
    preflight: list[EndpointCheck] = field(default_factory=list)
    #: the family's baseline policies on the same data (policy, metrics), when asked for
    baselines: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    #: the HTML report written into the run folder (None if it could not be written: `report_error` says why)
    report_path: Path | None = None
    report_error: str | None = None

    @property
    def headline(self) -> dict[str, Metric]:
        """The family's headline metrics, by key, with labels and CIs."""
        bench = load_family(self.family)
        info = bench.metric_info()
        out = {}
        for name in headline_names(bench, self.metrics):
            value = self.metrics.get(name)
            out[name] = Metric(name=name, label=info[name].label if name in info else name,
                               value=_number(value), ci_low=_number(self.metrics.get(f"{name}_ci_low")),
                               ci_high=_number(self.metrics.get(f"{name}_ci_high")))
        return out

    @property
    def all_errors(self) -> bool:
        """Every stored trial ended in error: the metrics measure nothing."""
        return self.n_errors > 0 and self.n_scored == 0

    def stored(self) -> StoredRun:
        """The run folder read back with its full records (transcripts, scores), for analysis."""
        return _load_stored(self.run_dir)

    def __repr__(self) -> str:
        first = next(iter(self.headline.values()), None)
        return (f"RunResult({self.family}, mode {self.mode}, {self.n_scored} scored, {self.n_errors} errors of "
                f"{self.n_trials} trials" + (f", {first}" if first is not None else "") + f", run_dir={str(self.run_dir)!r})")


@dataclass(frozen=True)
class Validation:
    """What `validate` found: the samples a run would play and the preflight of each endpoint role."""

    n_samples: int
    n_skipped: int
    preflight: list[EndpointCheck]
    run_dir: Path


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


# --------------------------------------------------------------------------- building a config
def make_config(family: str, *, data: str | Path | None = None, mode: str | None = None, limit: int | None = None,
                sample_ids: Sequence[str] | None = None, epochs: int | None = None, seed: int | None = None,
                agent: RoleArg = None, user: RoleArg = None, judge: RoleArg = None, classifier: RoleArg = None,
                base_url: str | None = None, api_key_env: str | None = None, protocol: str | None = None,
                concurrency: int | None = None, sample_retries: int | None = None,
                sample_timeout: float | None = None, options: Mapping[str, Any] | None = None) -> RunConfig:
    """A RunConfig from keyword arguments (what `run` builds). `base_url` and `api_key_env` apply to every
    role given as a spec string without its own. Raises ValueError (pydantic's ValidationError included)."""
    if base_url is not None:
        check_base_url(base_url)
    roles: dict[str, RoleConfig] = {}
    for name, spec in (("agent", agent), ("user", user), ("judge", judge), ("classifier", classifier)):
        if isinstance(spec, RoleConfig):
            roles[name] = spec
        elif spec is not None:
            roles[name] = RoleConfig(spec=str(spec), base_url=base_url, api_key_env=api_key_env)
    if data is not None and not str(data).startswith(("http://", "https://")):
        data = str(Path(data).resolve())  # so report and rescore find it from any working directory
    given = {"data": data, "mode": mode, "limit": limit, "sample_ids": list(sample_ids) if sample_ids else None,
             "epochs": epochs, "seed": seed, "protocol": protocol, "concurrency": concurrency,
             "sample_retries": sample_retries, "sample_timeout_s": sample_timeout}
    opts = {k: str(v) if isinstance(v, Path) else v for k, v in (options or {}).items()}
    return RunConfig.model_validate({"benchmark": family, "roles": roles, "options": opts,
                                     **{k: v for k, v in given.items() if v is not None}})


def default_out(config: RunConfig, agent: str, fingerprint: str) -> Path:
    """`runs/<benchmark>-<mode>-<agent>-<fingerprint[:8]>`: the folder of a run made without `out`."""
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", f"{config.benchmark}-{config.mode or 'default'}-{agent}").strip("-")
    return Path("runs") / f"{slug}-{fingerprint[:8]}"


def prepare(config: RunConfig, out: str | Path | None, *, fresh: bool = False, cache: bool = False,
            progress: bool = False, max_errors: float | None = None) -> tuple[Runner, list[Sample]]:
    """A Runner with every input loaded and checked (mode, options, data, corpus, corrections, roles, endpoint
    URLs and key variables) and its run folder chosen; nothing is sent yet."""
    runner = Runner(config, out or Path("."), benchmark=load_family(config.benchmark), fresh=fresh,
                    cache=ResponseCache() if cache else None, progress=progress, max_errors=max_errors)
    samples = runner.load_samples()
    roles = runner.role_configs()
    runner.check_roles(roles)
    if out is None:
        agent = roles.get("agent")
        runner.out_dir = default_out(runner.config, agent.spec if agent else "none",
                                     runner.manifest_for(samples).fingerprint)
    return runner, samples


def _not_in_use(folder: Path) -> None:
    """Raise RunLockedError when another process holds `folder`'s lock (the run would be refused there):
    the same lock the run takes (on the folder itself, so a deleted `run.lock` hides no writer)."""
    if folder.is_dir():
        store = RunStore(folder)
        store.lock()
        store.unlock()


def _sync(make: Callable[[], Any]) -> Any:
    """Run the coroutine `make()` returns to its end: here when no event loop runs in this thread, else on a
    worker thread with its own loop (a notebook's loop is already running and must not be re-entered)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return run_async(make())
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="finprobe-run") as pool:
        return pool.submit(lambda: run_async(make())).result()


# --------------------------------------------------------------------------- running
async def arun_config(config: RunConfig, *, out: str | Path | None = None, fresh: bool = False, cache: bool = False,
                      progress: bool = False, preflight: bool = True, max_errors: float | None = None,
                      baselines: bool = False, report: bool = True, handle_signals: bool = False,
                      on_preflight: Callable[[list[EndpointCheck]], None] | None = None) -> RunResult:
    """Run `config` (see the module docstring): check, preflight, play the unfinished trials, aggregate,
    write `report.html` (beside the family's baseline policies when `baselines`; see `afinish_run`). Bad
    input raises ValueError (one line, naming the file, option or role, and the fix) before anything is
    sent. `handle_signals`: SIGINT, SIGTERM and SIGHUP while trials run store what finished and raise
    `finprobe.core.interrupt.RunInterrupted` with the counts (main thread only; the CLI's way)."""
    runner, samples = prepare(config, None if out is None else Path(out), fresh=fresh, cache=cache,
                              progress=progress, max_errors=max_errors)
    runner.handle_signals = handle_signals
    checks: list[EndpointCheck] = []
    if preflight:
        try:
            _not_in_use(runner.out_dir)  # a folder another process writes: refused before any request
            checks = await runner.preflight()
        except BaseException:
            await runner.aclose()
            raise
        if on_preflight is not None:
            on_preflight(checks)
    result = await runner.run(samples)
    del samples  # the report reads the folder's own data: the loaded set's memory goes to the report's records
    out_result = RunResult(
        run_dir=runner.out_dir, family=runner.bench.name, mode=str(runner.config.mode), metrics=result.metrics,
        manifest=result.manifest, n_samples=result.n_samples, n_trials=result.n_trials, n_scored=result.n_scored,
        n_errors=result.n_errors, n_skipped=result.n_skipped, n_ran=result.n_ran, n_resumed=result.n_resumed,
        error_reasons=result.error_reasons, stopped=result.stopped, preflight=checks)
    await afinish_run(out_result, baselines=baselines, report=report)
    return out_result


async def afinish_run(result: RunResult, *, baselines: bool = False, report: bool = True) -> RunResult:
    """The end of a run whose trials are stored: the family's baseline policies on the same data
    (`result.baselines`, when `baselines`) and `report.html` written into the run folder beside them
    (`result.report_path`, or `result.report_error` saying why it could not be). Returns `result`."""
    bench = load_family(result.family)
    extra: list[TableData] = []
    if baselines:
        from finprobe.report.baselines import arun_baselines, side_by_side_table

        result.baselines = await arun_baselines(bench, result.manifest.config)
        agent = {**bench.roles, **{r: rc.spec for r, rc in result.manifest.config.roles.items()}}.get("agent", "?")
        extra.append(side_by_side_table(bench, [(f"this run ({agent})", result.metrics), *result.baselines]))
    if report:
        from finprobe.report.html import write_run_report

        try:
            result.report_path = write_run_report(_load_stored(result.run_dir), extra_tables=extra)
        except Exception as exc:  # noqa: BLE001 - the run is stored; `finprobe report RUN --html` makes it again
            result.report_error = f"{type(exc).__name__}: {exc}"
    return result


def finish_run(result: RunResult, **kwargs: Any) -> RunResult:
    """`afinish_run` to its end, from code with or without a running event loop."""
    return _sync(lambda: afinish_run(result, **kwargs))


def run_config(config: RunConfig, **kwargs: Any) -> RunResult:
    """`arun_config` to its end, from code with or without a running event loop."""
    return _sync(lambda: arun_config(config, **kwargs))


async def arun(family: str, *, agent: RoleArg = None, data: str | Path | None = None, mode: str | None = None,
               limit: int | None = None, out: str | Path | None = None, sample_ids: Sequence[str] | None = None,
               epochs: int | None = None, seed: int | None = None, user: RoleArg = None, judge: RoleArg = None,
               classifier: RoleArg = None, base_url: str | None = None, api_key_env: str | None = None,
               protocol: str | None = None, concurrency: int | None = None, sample_retries: int | None = None,
               sample_timeout: float | None = None, max_errors: float | None = None, fresh: bool = False,
               cache: bool = False, progress: bool = False, preflight: bool = True,
               **options: Any) -> RunResult:
    """Run benchmark `family` and return its RunResult (await it inside a running event loop, e.g. Jupyter).

    `agent`, `user`, `judge`, `classifier`: a spec (`local`, `openai:MODEL`, `vllm:MODEL`, ..., or a baseline
    policy such as `reference`) or a RoleConfig (its `generate` holds temperature, max_tokens, ...).
    `data`: a path or URL in the family's format (default: the bundled demo set). `out`: the run folder
    (default `runs/<family>-<mode>-<agent>-<hash>`); running again resumes it, `fresh=True` starts over.
    `max_errors`: stop once more trials than this ended in error (a count, or a fraction of the trials).
    `**options`: the family's options (see `finprobe list options FAMILY`)."""
    config = make_config(family, data=data, mode=mode, limit=limit, sample_ids=sample_ids, epochs=epochs, seed=seed,
                         agent=agent, user=user, judge=judge, classifier=classifier, base_url=base_url,
                         api_key_env=api_key_env, protocol=protocol, concurrency=concurrency,
                         sample_retries=sample_retries, sample_timeout=sample_timeout, options=options)
    return await arun_config(config, out=out, fresh=fresh, cache=cache, progress=progress, preflight=preflight,
                             max_errors=max_errors)


def run(family: str, **kwargs: Any) -> RunResult:
    """`arun` to its end (see there for the arguments); works with or without a running event loop."""
    return _sync(lambda: arun(family, **kwargs))


def load_run(path: str | Path) -> RunResult:
    """A stored run folder as a RunResult (metrics recomputed from its records, as `report` does)."""
    stored = _load_stored(path)
    info = stored.metrics.get("run") or {}
    return RunResult(
        run_dir=Path(path), family=stored.bench.name, mode=stored.mode, metrics=stored.metrics,
        manifest=stored.manifest, n_samples=stored.manifest.n_samples,
        n_trials=int(info.get("n_expected") or stored.manifest.n_samples * stored.manifest.config.epochs),
        n_scored=int(info.get("n_scored", 0)), n_errors=int(info.get("n_error", 0)),
        n_skipped=int(info.get("n_skipped", 0)),
        report_path=stored.path / "report.html" if (stored.path / "report.html").is_file() else None)


# --------------------------------------------------------------------------- validating
async def avalidate_config(config: RunConfig, *, preflight: bool = True) -> Validation:
    """Everything a run checks before its first sample (inputs; with `preflight`, each endpoint role's key,
    server and model with one tiny request), without running anything. Raises ValueError with the fix."""
    runner, samples = prepare(config, None)
    checks: list[EndpointCheck] = []
    try:
        if preflight:
            checks = await runner.preflight()
    finally:
        await runner.aclose()
    return Validation(n_samples=len(samples), n_skipped=sum(1 for s in samples if s.skip_reason), preflight=checks,
                      run_dir=runner.out_dir)


def validate_config(config: RunConfig, *, preflight: bool = True) -> Validation:
    """`avalidate_config` to its end, with or without a running event loop."""
    return _sync(lambda: avalidate_config(config, preflight=preflight))
