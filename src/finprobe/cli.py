"""The `finprobe` command: run, list, validate, report, rescore, compare, audit.

Errors are one line on stderr (`error: ...`) and never a traceback: exit status 2 for bad input (an
option, a file, a folder), 1 for a run in which no sample was scored, and 1 with "internal error" for a
bug (set FINPROBE_DEBUG=1 to see its traceback).
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, Optional

import typer
import yaml
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

try:  # typer >= 0.25 carries its own copy of click, whose exceptions are these
    from typer._click import exceptions as _click_errors
except ImportError:  # pragma: no cover - older typer raises click's own
    from click import exceptions as _click_errors  # type: ignore[no-redef]

from finprobe.core.aio import run_async
from finprobe.core.safety import check_base_url, safe_text
from finprobe.core.schema import GenerateConfig, RoleConfig, RunConfig
from finprobe.core.sources import validation_message

# Errors are never wrapped: a long path must stay one line (and greppable), whatever the terminal width.
err_console = Console(stderr=True, soft_wrap=True, highlight=False)


def _message(exc: BaseException) -> str:
    """An exception as one line of plain text (no markup, no control characters)."""
    if isinstance(exc, ValidationError):
        text = validation_message(exc)
    elif isinstance(exc, KeyError) and exc.args:
        text = str(exc.args[0])
    elif isinstance(exc, OSError) and exc.strerror:
        text = f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    elif isinstance(exc, RecursionError):
        text = "input nested too deeply (Python's recursion limit)"
    else:
        text = str(exc) or type(exc).__name__
    return safe_text(text, one_line=True)


def _print_error(text: str) -> None:
    err_console.print(Text.assemble(("error:", "red"), " ", safe_text(text, one_line=True)))


_NoArgsIsHelp: type[Exception] = getattr(_click_errors, "NoArgsIsHelpError", type("_Never", (Exception,), {}))


class _Finprobe(TyperGroup):
    """Every error as one line: click's usage errors included (not its multi-line box), and anything
    unexpected as "internal error", never a traceback."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        try:
            rv = super().main(args=args, prog_name=prog_name, complete_var=complete_var, standalone_mode=False,
                              windows_expand_args=windows_expand_args, **extra)
            code = rv if isinstance(rv, int) else 0
        except _NoArgsIsHelp as exc:
            ctx = getattr(exc, "ctx", None)
            typer.echo(ctx.get_help() if ctx is not None else "", err=True)
            code = 2
        except _click_errors.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "finprobe"
            _print_error(f"{exc.format_message()} (see `{where} --help`)")
            code = exc.exit_code
        except _click_errors.ClickException as exc:
            _print_error(exc.format_message())
            code = exc.exit_code
        except typer.Abort:
            _print_error("aborted")
            code = 1
        except Exception as exc:  # noqa: BLE001 - a bug: one line, the traceback on request
            if os.environ.get("FINPROBE_DEBUG"):
                raise
            _print_error(f"internal error: {type(exc).__name__}: {_message(exc)} "
                         "(a finprobe bug; FINPROBE_DEBUG=1 shows the traceback)")
            code = 1
        if not standalone_mode:
            return code
        sys.exit(code)


app = typer.Typer(cls=_Finprobe, add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="finprobe: evaluate how LLM agents handle financial questions.")
console = Console()

ROLE_FLAGS = ("agent", "user", "judge", "classifier")
_GEN_FIELDS = set(GenerateConfig.model_fields)
#: RunConfig fields and the flags that set them (so a bad value names the flag, not the field)
_FLAG_OF = {"data": "--data", "mode": "--mode", "limit": "--limit", "concurrency": "--concurrency", "seed": "--seed",
            "sample_retries": "--sample-retries", "epochs": "--epochs", "sample_timeout_s": "--sample-timeout"}

#: what a bad input raises in the layers below: each becomes one line and exit status 2
USER_ERRORS = (ValueError, KeyError, OSError, RuntimeError, RecursionError, yaml.YAMLError)


def _fail(text: str) -> NoReturn:
    _print_error(text)
    raise typer.Exit(2)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Problems with the user's input (a moved data file, not a run folder, a bad option, ...) end with
    a one-line message and exit status 2, not a traceback."""
    try:
        yield
    except USER_ERRORS as exc:
        _fail(_message(exc))


def _parse_scalar(text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except (yaml.YAMLError, RecursionError):
        return text


def _kv(items: list[str], what: str, *, typed: bool = True) -> list[tuple[str, Any]]:
    """KEY=VALUE pairs. `typed` reads each value as a YAML scalar (for --set); family options stay text,
    since the family's options model gives each its type (so `-O sha256=00` stays the string "00")."""
    out = []
    for item in items:
        if "=" not in item:
            raise typer.BadParameter(f"{what} expects KEY=VALUE, got {item!r}")
        key, _, value = item.partition("=")
        if not key.strip():
            raise typer.BadParameter(f"{what} expects KEY=VALUE, got {item!r}")
        out.append((key.strip(), _parse_scalar(value) if typed else value.strip()))
    return out


def read_run_config(path: Path) -> dict[str, Any]:
    """A YAML run config as a mapping; every problem raises ValueError naming the file."""
    if path.is_dir():
        raise ValueError(f"{path}: is a folder; --config takes a YAML file")
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the run config: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: the run config is not UTF-8 text (byte {exc.start})") from None
    try:
        raw = yaml.safe_load(text)
    except yaml.constructor.ConstructorError as exc:
        line = f"line {exc.problem_mark.line + 1}: " if exc.problem_mark else ""
        raise ValueError(f"{path}: {line}{exc.problem}: run configs are read with yaml.safe_load, which builds "
                         "no Python objects; remove the tag") from None
    except yaml.MarkedYAMLError as exc:
        line = f"line {exc.problem_mark.line + 1}: " if exc.problem_mark else ""
        raise ValueError(f"{path}: invalid YAML: {line}{exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise ValueError(f"{path}: invalid YAML: {exc}") from None
    except RecursionError:
        raise ValueError(f"{path}: invalid run config: nested too deeply") from None
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: a run config is a YAML mapping (benchmark, data, mode, roles, options, ...), "
                         f"not a {type(raw).__name__}")
    return raw


def build_config(benchmark: str, *, data: str | None, mode: str | None, role_specs: dict[str, str | None],
                 base_url: str | None, api_key_env: str | None, sets: list[str], options: list[str],
                 limit: int | None, concurrency: int | None, seed: int | None, config_file: Path | None,
                 sample_retries: int | None, epochs: int | None = None,
                 sample_timeout: float | None = None) -> RunConfig:
    """Merge a config file (optional) and command-line flags into one RunConfig (flags win). Every bad
    value raises ValueError naming the flag or the file."""
    raw: dict[str, Any] = read_run_config(config_file) if config_file is not None else {}
    raw["benchmark"] = benchmark or raw.get("benchmark")
    if data is not None and not data.startswith(("http://", "https://")):
        data = str(Path(data).resolve())  # so report/rescore find it from any working directory
    given = {"data": data, "mode": mode, "limit": limit, "concurrency": concurrency, "seed": seed,
             "sample_retries": sample_retries, "epochs": epochs, "sample_timeout_s": sample_timeout}
    raw.update({key: value for key, value in given.items() if value is not None})
    try:
        config = RunConfig.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = str(err["loc"][0]) if err.get("loc") else ""
        if given.get(field) is not None:
            raise ValueError(f"{_FLAG_OF[field]} {given[field]}: {err['msg']}") from None
        where = f"{config_file}: " if config_file is not None else ""
        raise ValueError(f"{where}{validation_message(exc)}") from None
    if base_url is not None:
        check_base_url(base_url)
    roles = dict(config.roles)
    for role, spec in role_specs.items():
        if spec:
            roles[role] = roles.get(role, RoleConfig(spec=spec)).model_copy(update={"spec": spec})
    for role, rc in roles.items():
        update: dict[str, Any] = {}
        if base_url and rc.base_url is None:
            update["base_url"] = base_url
        if api_key_env and rc.api_key_env is None:
            update["api_key_env"] = api_key_env
        roles[role] = rc.model_copy(update=update)
        if roles[role].base_url is not None:
            check_base_url(str(roles[role].base_url), what=f"role {role}: base_url")
    for key, value in _kv(sets, "--set"):
        role, _, field = key.partition(".")
        if not field:
            raise typer.BadParameter(f"--set expects ROLE.KEY=VALUE, got {key!r}")
        if role not in roles:
            raise typer.BadParameter(f"--set {key}: give the role's model first (e.g. --{role} SPEC)")
        rc = roles[role]
        if field in _GEN_FIELDS:
            given_value: Any = [value] if field == "stop" and isinstance(value, str) else value
            try:  # validated now: a bad value must not reach the manifest and make the folder unreadable
                generate = GenerateConfig.model_validate({**rc.generate.model_dump(), field: given_value})
            except ValidationError as exc:
                raise typer.BadParameter(f"--set {key}={value!r}: {exc.errors()[0]['msg']}") from None
            rc = rc.model_copy(update={"generate": generate})
        else:
            rc = rc.model_copy(update={"args": {**rc.args, field: value}})
        roles[role] = rc
    opts = dict(config.options)
    opts.update(dict(_kv(options, "--option", typed=False)))
    return config.model_copy(update={"roles": roles, "options": opts})


def _apply_prices(config: RunConfig, path: Path) -> RunConfig:
    """Attach each endpoint role's price from a table keyed by model name (cost per call in transcripts)."""
    from finprobe.core.models.pricing import load_price_table
    from finprobe.core.models.registry import parse_spec

    if path.is_dir():
        raise ValueError(f"{path}: is a folder; --prices takes a YAML or JSON file")
    table = load_price_table(path)
    roles = {}
    for role, rc in config.roles.items():
        _, model = parse_spec(rc.spec)
        if model in table and "price" not in rc.args:
            rc = rc.model_copy(update={"args": {**rc.args, "price": table[model].model_dump()}})
        roles[role] = rc
    return config.model_copy(update={"roles": roles})


def _default_out(config: RunConfig, agent: str, fingerprint: str) -> Path:
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", f"{config.benchmark}-{config.mode or 'default'}-{agent}").strip("-")
    return Path("runs") / f"{slug}-{fingerprint[:8]}"


def _prepare(config: RunConfig, out: Path | None, *, fresh: bool = False, cache: bool = False,
             progress: bool = False) -> tuple[Any, list[Any]]:
    """A Runner with every input loaded and checked (data, corpus, corrections, options, roles, endpoint
    URLs and keys) and its run folder chosen: what `validate` checks and `run` does before any request."""
    from finprobe.core.cache import ResponseCache
    from finprobe.core.families import load_family
    from finprobe.core.runner import Runner

    runner = Runner(config, out or Path("."), benchmark=load_family(config.benchmark), fresh=fresh,
                    cache=ResponseCache() if cache else None, progress=progress)
    samples = runner.load_samples()
    runner.check_roles(runner.role_configs())
    if out is None:
        agent = runner.role_configs().get("agent")
        runner.out_dir = _default_out(config, agent.spec if agent else "none",
                                      runner.manifest_for(samples).fingerprint)
    return runner, samples


def _run_one(config: RunConfig, out: Path | None, fresh: bool, cache: bool, progress: bool) -> bool:
    """Run one family; returns whether any sample was scored (or skipped by design)."""
    from finprobe.report import print_summary

    with _user_errors():
        runner, samples = _prepare(config, out, fresh=fresh, cache=cache, progress=progress)
        result = run_async(runner.run(samples))
    print_summary(console, runner.bench, result.metrics, title=f"{config.benchmark} — {runner.out_dir}")
    reasons = "; ".join(f"{n} × {reason}" for reason, n in list(result.error_reasons.items())[:3])
    more = len(result.error_reasons) - 3
    if more > 0:
        reasons += f"; and {more} other reasons"
    if result.n_scored == 0 and result.n_trials > result.n_skipped:
        _print_error(f"no sample was scored in {runner.out_dir}: {result.n_errors} of {result.n_trials} "
                     f"{'trials' if config.epochs > 1 else 'samples'} ended in error"
                     + (f" ({reasons})" if reasons else ""))
        return False
    errors = f"{result.n_errors} errors" + (f" ({reasons})" if reasons else "")
    console.print(Text(safe_text(f"{result.n_ran} samples run, {result.n_resumed} resumed from the store, "
                                 f"{errors} · stored in {runner.out_dir}", one_line=True), style="dim"),
                  soft_wrap=True)
    return True


@app.command()
def run(
    benchmark: Optional[str] = typer.Argument(None, help="Family to run; omitted: the bundled demo suite."),
    data: Optional[str] = typer.Option(None, help="Data file or URL in the family's official format (default: bundled demo)."),
    mode: Optional[str] = typer.Option(None, help="Mode (see `finprobe list modes`)."),
    agent: Optional[str] = typer.Option(None, help="Agent model or baseline policy: local, openai:MODEL, reference, ..."),
    user: Optional[str] = typer.Option(None, help="User simulator: a component name or a model spec."),
    judge: Optional[str] = typer.Option(None, help="Judge: a component name or a model spec."),
    classifier: Optional[str] = typer.Option(None, help="Question classifier: a component or a model spec."),
    base_url: Optional[str] = typer.Option(None, help="Base URL for OpenAI-compatible roles (http:// or https://, no credentials)."),
    api_key_env: Optional[str] = typer.Option(None, help="Name of the env variable holding the API key."),
    set_: list[str] = typer.Option([], "--set", help="ROLE.KEY=VALUE: generation (temperature, max_tokens, ...) or backend args."),
    option: list[str] = typer.Option([], "--option", "-O", help="Family option KEY=VALUE (e.g. corpus=PATH)."),
    corpus: Optional[str] = typer.Option(None, help="Passage corpus (ambiguity): shortcut for -O corpus=PATH."),
    limit: Optional[int] = typer.Option(None, help="Run only the first N samples (N >= 1)."),
    epochs: Optional[int] = typer.Option(None, help="Trials per sample (each its own seed); reports add pass^k."),
    concurrency: Optional[int] = typer.Option(None, help="Samples in flight at once (default 8)."),
    seed: Optional[int] = typer.Option(None, help="Run seed (default 0)."),
    sample_retries: Optional[int] = typer.Option(None, help="Retries of a sample whose model calls failed."),
    sample_timeout: Optional[float] = typer.Option(None, help="Deadline in seconds for one sample, its retries included (default 600); past it the sample is an error."),
    config_file: Optional[Path] = typer.Option(None, "--config", help="YAML run config; flags override it."),
    prices: Optional[Path] = typer.Option(None, help="Price table (YAML/JSON: model -> input/output USD per 1M tokens)."),
    out: Optional[Path] = typer.Option(None, help="Run folder (default: runs/<benchmark>-<mode>-<agent>-<hash>)."),
    fresh: bool = typer.Option(False, help="Start over in the run folder instead of resuming."),
    cache: bool = typer.Option(False, help="Use the response cache (~/.cache/finprobe)."),
    progress: bool = typer.Option(True, help="Show a progress bar."),
) -> None:
    """Run a benchmark (resumes an interrupted run in the same folder). Every input is loaded and checked
    before the first request. Exit status: 0 when samples were scored (errors of some are listed), 1 when
    none was, 2 for bad input."""
    from finprobe.core.families import available_families

    if corpus:
        option = [*option, f"corpus={corpus}"]
    names = [benchmark] if benchmark else available_families()
    configs = []
    for name in names:  # every family's inputs are checked before the first one runs
        with _user_errors():
            config = build_config(name, data=data, mode=mode, limit=limit, concurrency=concurrency, seed=seed,
                                  role_specs={"agent": agent, "user": user, "judge": judge, "classifier": classifier},
                                  base_url=base_url, api_key_env=api_key_env, sets=set_, options=option,
                                  config_file=config_file, sample_retries=sample_retries, epochs=epochs,
                                  sample_timeout=sample_timeout)
            if prices is not None:
                config = _apply_prices(config, prices)
        configs.append((name, config))
    ok = True
    for name, config in configs:
        target = out if (out is None or benchmark) else out / name
        ok = _run_one(config, target, fresh, cache, progress) and ok
    if not ok:
        raise typer.Exit(1)


@app.command("list")
def list_(what: str = typer.Argument("all", help="benchmarks | modes | backends | policies | options | all"),
          family: Optional[str] = typer.Argument(None, help="With `options`: the family whose options to list.")) -> None:
    """List benchmarks, their modes, baseline policies and options, and model backends."""
    from finprobe.core.families import family_statuses, load_family
    from finprobe.core.models.registry import BACKENDS

    kinds = ("benchmarks", "modes", "backends", "policies", "options", "all")
    if what not in kinds:
        _fail(f"finprobe list {what!r}: list one of {', '.join(kinds)}")
    if family is not None and what != "options":
        _fail(f"finprobe list {what} takes no family (only `finprobe list options FAMILY` does)")
    statuses = family_statuses()
    if what == "options":
        _list_options([family] if family else [s.name for s in statuses if s.error is None])
        return
    if what in ("benchmarks", "modes", "policies", "all"):
        table = Table(title="benchmarks")
        for col in ("benchmark", "modes", "baseline policies", "roles (default)"):
            table.add_column(col)
        for status in statuses:
            if status.error:
                table.add_row(status.name, Text(f"broken: {status.error}", style="red"), "", "")
                continue
            b = load_family(status.name)
            table.add_row(status.name, "\n".join(m.name for m in b.modes()), "\n".join(p.name for p in b.policies()),
                          "\n".join(f"{r}: {s}" for r, s in b.roles.items()))
        console.print(table)
    if what in ("backends", "all"):
        table = Table(title="model backends")
        for col in ("spec", "description", "default base URL", "key variable"):
            table.add_column(col)
        for info in BACKENDS:
            table.add_row(info.spec, info.description, info.base_url or "", info.api_key_env or "")
        console.print(table)
    if what in ("modes", "all"):
        for status in statuses:
            if status.error is None:
                for m in load_family(status.name).modes():
                    console.print(f"[bold]{status.name}[/bold] / {m.name}: {m.description}", highlight=False)


def _list_options(names: list[str]) -> None:
    from finprobe.core.benchmark import describe_options
    from finprobe.core.families import load_family

    for name in names:
        with _user_errors():
            bench = load_family(name)
        table = Table(title=f"{name} options (-O KEY=VALUE)")
        for col in ("option", "type", "default", "description"):
            table.add_column(col)
        for info in describe_options(bench.options_model):
            note = " [aggregation only: not part of the run fingerprint]" if info.aggregation_only else ""
            table.add_row(info.name, info.type, repr(info.default), Text(info.description + note))
        console.print(table)


@app.command()
def validate(
    benchmark: str = typer.Argument(..., help="Family whose inputs to check."),
    data: Optional[str] = typer.Option(None, help="Data file or URL (default: bundled demo)."),
    mode: Optional[str] = typer.Option(None, help="Mode (see `finprobe list modes`)."),
    agent: Optional[str] = typer.Option(None, help="Agent model or baseline policy."),
    user: Optional[str] = typer.Option(None, help="User simulator."),
    judge: Optional[str] = typer.Option(None, help="Judge."),
    classifier: Optional[str] = typer.Option(None, help="Question classifier."),
    base_url: Optional[str] = typer.Option(None, help="Base URL for OpenAI-compatible roles."),
    api_key_env: Optional[str] = typer.Option(None, help="Name of the env variable holding the API key."),
    set_: list[str] = typer.Option([], "--set", help="ROLE.KEY=VALUE, as for run."),
    option: list[str] = typer.Option([], "--option", "-O", help="Family option KEY=VALUE."),
    corpus: Optional[str] = typer.Option(None, help="Passage corpus: shortcut for -O corpus=PATH."),
    limit: Optional[int] = typer.Option(None, help="Only the first N samples."),
    epochs: Optional[int] = typer.Option(None, help="Trials per sample."),
    concurrency: Optional[int] = typer.Option(None, help="Samples in flight at once."),
    seed: Optional[int] = typer.Option(None, help="Run seed."),
    sample_retries: Optional[int] = typer.Option(None, help="Retries of a sample whose model calls failed."),
    sample_timeout: Optional[float] = typer.Option(None, help="Deadline in seconds for one sample."),
    config_file: Optional[Path] = typer.Option(None, "--config", help="YAML run config; flags override it."),
    prices: Optional[Path] = typer.Option(None, help="Price table (YAML/JSON)."),
) -> None:
    """Load and check everything a run would (data, corpus, corrections, options, config, prices, roles,
    endpoint URLs and keys) without sending a request. Takes the same options as `run`."""
    if corpus:
        option = [*option, f"corpus={corpus}"]
    with _user_errors():
        config = build_config(benchmark, data=data, mode=mode, limit=limit, concurrency=concurrency, seed=seed,
                              role_specs={"agent": agent, "user": user, "judge": judge, "classifier": classifier},
                              base_url=base_url, api_key_env=api_key_env, sets=set_, options=option,
                              config_file=config_file, sample_retries=sample_retries, epochs=epochs,
                              sample_timeout=sample_timeout)
        if prices is not None:
            config = _apply_prices(config, prices)
        _, samples = _prepare(config, Path("."))
    skipped = sum(1 for s in samples if s.skip_reason)
    console.print(f"ok: {len(samples)} samples ({skipped} skipped by corrections)", highlight=False)


def _write_output(path: Path, text: str) -> None:
    """Write a report to `path`, or fail with one line (a folder, a read-only place, a full disk)."""
    if path.is_dir():
        _fail(f"{path}: is a folder; --output takes a file path")
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"{path}: cannot write: {exc.strerror or exc}")


@app.command()
def report(run_dir: Path, format: str = typer.Option("table", help="table | json | csv | html"),
           output: Optional[Path] = typer.Option(None, help="Write to this file instead of stdout."),
           seed: Optional[int] = typer.Option(None, help="Bootstrap seed (default: the run's own seed).")) -> None:
    """Summarise a stored run: terminal table, JSON metrics, CSV of samples, or an HTML report."""
    from finprobe.report import load_run, print_summary, samples_csv

    with _user_errors():
        run_ = load_run(run_dir, seed=seed)
    if format == "json":
        text = json.dumps(run_.metrics, indent=2, ensure_ascii=False, default=str)
    elif format == "csv":
        text = samples_csv(run_.records)
    elif format == "html":
        from finprobe.report.html import render_html

        text = render_html(run_)
    elif format == "table":
        print_summary(console, run_.bench, run_.metrics, title=f"{run_.manifest.config.benchmark} — {run_dir}")
        return
    else:
        raise typer.BadParameter("format must be table, json, csv or html")
    if output:
        _write_output(output, text)
    else:
        sys.stdout.write(text + ("\n" if not text.endswith("\n") else ""))


@app.command()
def rescore(run_dir: Path, format: str = typer.Option("table", help="table | json")) -> None:
    """Re-grade a stored run with the current scorer (no model calls); rewrites scores and metrics."""
    from finprobe.report import print_summary, rescore_run

    with _user_errors():
        run_ = rescore_run(run_dir)
    if format == "json":
        sys.stdout.write(json.dumps(run_.metrics, indent=2, ensure_ascii=False, default=str) + "\n")
    else:
        print_summary(console, run_.bench, run_.metrics, title=f"rescored — {run_dir}")


@app.command()
def compare(run_a: Path, run_b: Path, format: str = typer.Option("table", help="table | json"),
            seed: Optional[int] = typer.Option(None, help="Bootstrap seed (default: run A's seed)."),
            resamples: int = typer.Option(10000)) -> None:
    """Per-metric deltas between two runs on the same instances, with paired bootstrap p-values."""
    from finprobe.report.compare import compare_runs, print_comparison

    with _user_errors():
        result = compare_runs(run_a, run_b, seed=seed, n_resamples=resamples)
    if format == "json":
        sys.stdout.write(json.dumps(result, indent=2, ensure_ascii=False, default=str) + "\n")
    else:
        print_comparison(console, result)


@app.command()
def doctor(benchmark: str, data: Optional[str] = typer.Option(None, help="Data file or URL (default: the demo set)."),
           format: str = typer.Option("table", help="table | json"),
           option: list[str] = typer.Option([], "--option", "-O")) -> None:
    """Report data defects of a data set: each finding names the record, a kind and a detail."""
    report_ = _doctor(benchmark, data, option)
    if format == "json":
        sys.stdout.write(json.dumps({"n": report_.n, "findings": [f.model_dump() for f in report_.findings]},
                                    indent=2, ensure_ascii=False) + "\n")
    else:
        from finprobe.core.families import load_family
        from finprobe.report import print_tables

        print_tables(console, load_family(benchmark).doctor_tables(report_))


@app.command()
def audit(benchmark: str, data: Optional[str] = typer.Option(None), format: str = typer.Option("table"),
          option: list[str] = typer.Option([], "--option", "-O")) -> None:
    """The doctor's full family-specific audit (reasoning: human answer vs exe_ans, executor matches)."""
    report_ = _doctor(benchmark, data, option)
    if format == "json":
        sys.stdout.write(json.dumps(report_.details or report_.model_dump(), indent=2, ensure_ascii=False,
                                    default=str) + "\n")
    else:
        from finprobe.core.families import load_family
        from finprobe.report import print_tables

        print_tables(console, load_family(benchmark).doctor_tables(report_))


def _doctor(benchmark: str, data: str | None, option: list[str]) -> Any:
    from finprobe.core.families import load_family

    with _user_errors():
        bench = load_family(benchmark)
        try:
            report_ = bench.doctor(data, bench.parse_options(dict(_kv(option, "--option", typed=False))))
        except RecursionError:
            raise ValueError(f"{data or 'the demo data'}: nested too deeply to read (Python's recursion limit)") from None
        if report_ is None:
            raise ValueError(f"{benchmark} has no doctor")
    return report_


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
