"""The `finprobe` command: run, list, validate, report, export, rescore, repair, compare, doctor, audit, import,
build, check.

Errors are one line on stderr (`error: ...`) and never a traceback: exit status 2 for bad input (an
option, a file, a folder), 1 for a run in which no sample was scored, and 1 with "internal error" for a
bug (set FINPROBE_DEBUG=1 to see its traceback). A run stopped by Ctrl-C, SIGTERM or SIGHUP says in one
line what it stored and the command that resumes it, and exits 130, 143 or 129.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, Optional

import click
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
        _INVOCATION[:] = list(args) if args is not None else sys.argv[1:]
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


#: the arguments of this invocation (for the command that resumes an interrupted run)
_INVOCATION: list[str] = []

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
def _user_errors(where: str = "") -> Iterator[None]:
    """Problems with the user's input (a moved data file, not a run folder, a bad option, ...) end with
    a one-line message and exit status 2, not a traceback. `where` (e.g. the family of a demo run) leads it."""
    try:
        yield
    except (click.exceptions.Exit, typer.Exit):
        raise  # an exit already decided (click's Exit is a RuntimeError: it must not become "error: 2")
    except USER_ERRORS as exc:
        _fail(f"{where}{_message(exc)}")


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
                 sample_timeout: float | None = None, protocol: str | None = None) -> RunConfig:
    """Merge a config file (optional) and command-line flags into one RunConfig (flags win). Every bad
    value raises ValueError naming the flag or the file."""
    raw: dict[str, Any] = read_run_config(config_file) if config_file is not None else {}
    raw["benchmark"] = benchmark or raw.get("benchmark")
    if data is not None and not data.startswith(("http://", "https://")):
        data = str(Path(data).resolve())  # so report/rescore find it from any working directory
    given = {"data": data, "mode": mode, "limit": limit, "concurrency": concurrency, "seed": seed,
             "sample_retries": sample_retries, "epochs": epochs, "sample_timeout_s": sample_timeout,
             "protocol": protocol}
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
        if field in ("api_key_env", "base_url"):  # the role's own settings, not backend arguments
            if field == "base_url":
                check_base_url(str(value), what=f"--set {key}")
            rc = rc.model_copy(update={field: str(value)})
        elif field in ("spec", "model"):
            raise typer.BadParameter(f"--set {key}: the model is the role's spec; give it as --{role} "
                                     "openai:MODEL (or local, a policy, ...)")
        elif field in _GEN_FIELDS:
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


def _print_preflight(checks: list[Any]) -> None:
    """What the preflight checked and cost, one line per endpoint role, before the first sample."""
    for check in checks:
        console.print(Text(safe_text(check.line(), one_line=True), style="dim"), soft_wrap=True)
        for note in check.notes:
            console.print(Text.assemble(("note: ", "yellow"), safe_text(note, one_line=True)), soft_wrap=True)


def _run_one(config: RunConfig, out: Path | None, fresh: bool, cache: bool, progress: bool, *,
             baselines: bool = False, preflight: bool = True, max_errors: float | None = None,
             where: str = "") -> tuple[Path, bool]:
    """Run one family through the Python API (`finprobe.api.run_config`, then `finish_run`: the baselines
    and the HTML report), then the summary, the report's path and a last line on how the trials ended.
    Returns the run folder and whether the run scored samples and played every trial. A signal while
    trials run stops them (what finished is stored) and says how to resume; one while the report is
    written says how to write it."""
    from finprobe.api import finish_run, run_config
    from finprobe.core.families import load_family
    from finprobe.core.runner import RunInterrupted
    from finprobe.report import print_summary

    with _user_errors(where):
        try:
            result = run_config(config, out=out, fresh=fresh, cache=cache, progress=progress, preflight=preflight,
                                max_errors=max_errors, baselines=False, report=False, handle_signals=True,
                                on_preflight=_print_preflight)
        except RunInterrupted as exc:
            unit = "trials" if config.epochs > 1 else "samples"
            errors = f" ({exc.n_errors} errors, redone on resume)" if exc.n_errors else ""
            raise _Interrupted(exc.signum, f"{exc.n_finished} of {exc.n_trials} {unit} stored in {exc.out_dir}"
                               f"{errors}; resume with: {_resume_command()}") from None
        try:
            finish_run(result, baselines=baselines)
        except (_Interrupted, KeyboardInterrupt) as exc:
            signum = exc.signum if isinstance(exc, _Interrupted) else signal.SIGINT
            raise _Interrupted(signum, f"the run is complete ({result.n_trials - result.n_errors} of "
                                       f"{result.n_trials} stored) but its HTML report was not written; write it "
                                       f"with: finprobe report {shlex.quote(str(result.run_dir))} --html "
                                       f"{shlex.quote(str(result.run_dir / 'report.html'))}") from None
    bench = load_family(result.family)
    if result.report_error is not None:
        err_console.print(Text(f"warning: the HTML report could not be written ({result.report_error}); "
                               f"make it with: finprobe report {result.run_dir} --html report.html"))
    brief = None
    if result.baselines:  # the demo suite: the headline beside the baselines; every table is in the HTML report
        from finprobe.report.baselines import side_by_side_table

        agent = {**bench.roles, **{r: rc.spec for r, rc in result.manifest.config.roles.items()}}.get("agent", "?")
        brief = [side_by_side_table(bench, [(f"this run ({agent})", result.metrics), *result.baselines],
                                    with_ci=False)]
    print_summary(console, bench, result.metrics, title=f"{result.family} — {result.run_dir}",
                  report_path=None if result.report_path is None else str(result.report_path), tables=brief)
    reasons = "; ".join(f"{n} × {reason}" for reason, n in list(result.error_reasons.items())[:3])
    more = len(result.error_reasons) - 3
    if more > 0:
        reasons += f"; and {more} other reasons"
    if result.stopped is not None:
        _print_error(f"{result.stopped} · {result.run_dir} resumes: fix the cause and run the same command again")
        return result.run_dir, False
    if result.n_scored == 0 and result.n_trials > result.n_skipped:
        _print_error(f"no sample was scored in {result.run_dir}: {result.n_errors} of {result.n_trials} "
                     f"{'trials' if config.epochs > 1 else 'samples'} ended in error"
                     + (f" ({reasons})" if reasons else ""))
        return result.run_dir, False
    errors = f"{result.n_errors} errors" + (f" ({reasons})" if reasons else "")
    console.print(Text(safe_text(f"{result.n_ran} samples run, {result.n_resumed} resumed from the store, "
                                 f"{errors} · stored in {result.run_dir}", one_line=True), style="dim"),
                  soft_wrap=True)
    return result.run_dir, True


class _Interrupted(BaseException):
    """A signal stopped `finprobe run` (raised by `_signals_interrupt`'s handlers, or from the runner's
    RunInterrupted): `message` says what is stored and what to do next."""

    def __init__(self, signum: int, message: str = ""):
        super().__init__(message)
        self.signum, self.message = signum, message


@contextmanager
def _signals_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP (and Ctrl-C's KeyboardInterrupt) as `_Interrupted` while `run` prepares and
    finishes; while trials execute, the runner handles them itself (it stores what finished first)."""
    from finprobe.core.interrupt import SIGNALS

    def raise_interrupted(signum: int, frame: Any) -> None:
        raise _Interrupted(signum)

    previous = {}
    for sig in SIGNALS:
        if sig != signal.SIGINT:
            try:
                previous[sig] = signal.signal(sig, raise_interrupted)
            except (ValueError, OSError):  # not the main thread
                pass
    try:
        try:
            yield
        except KeyboardInterrupt:
            raise _Interrupted(signal.SIGINT) from None
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _resume_command() -> str:
    """This invocation's command without --fresh: the command that resumes the run."""
    args = [a for a in _INVOCATION if a != "--fresh"]
    return "finprobe " + shlex.join(args) if args else "the same finprobe run command"


def parse_max_errors(text: str | None) -> float | None:
    """`--max-errors` as the API takes it: a count (5), a fraction (0.1) or a percentage (10%)."""
    if text is None or not str(text).strip():
        return None
    raw = str(text).strip()
    try:
        value = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        raise typer.BadParameter(f"--max-errors {raw!r}: a count (5), a fraction (0.1) or a percentage (10%)") from None
    if value < 0 or value != value or (value >= 1 and value != int(value)) or (raw.endswith("%") and value >= 1):
        raise typer.BadParameter(f"--max-errors {raw!r}: a count (0, 1, 2, ...), a fraction between 0 and 1, or a "
                                 "percentage below 100%")
    return value


@app.command()
def run(
    benchmark: Optional[str] = typer.Argument(None, help="Family to run; omitted: the bundled demo suite."),
    data: Optional[str] = typer.Option(None, help="Data file or URL in the family's official format (default: bundled demo)."),
    mode: Optional[str] = typer.Option(None, help="Mode (see `finprobe list modes`)."),
    agent: Optional[str] = typer.Option(None, envvar="FINPROBE_AGENT",
                                        help="Agent model or baseline policy: local, openai:MODEL, reference, ..."),
    user: Optional[str] = typer.Option(None, help="User simulator: a component name or a model spec."),
    judge: Optional[str] = typer.Option(None, help="Judge: a component name or a model spec."),
    classifier: Optional[str] = typer.Option(None, help="Question classifier: a component or a model spec."),
    base_url: Optional[str] = typer.Option(None, help="Base URL for OpenAI-compatible roles (http:// or https://, no credentials)."),
    api_key_env: Optional[str] = typer.Option(None, envvar="FINPROBE_API_KEY_ENV",
                                              help="Name of the env variable holding the API key."),
    set_: list[str] = typer.Option([], "--set", help="ROLE.KEY=VALUE: generation (temperature, max_tokens, ...) or backend args."),
    option: list[str] = typer.Option([], "--option", "-O", help="Family option KEY=VALUE (e.g. corpus=PATH)."),
    corpus: Optional[str] = typer.Option(None, help="Passage corpus (ambiguity): shortcut for -O corpus=PATH."),
    limit: Optional[int] = typer.Option(None, help="Run only the first N samples (N >= 1)."),
    sample_id: list[str] = typer.Option([], "--sample-id", help="Run only this sample (repeatable, or ID,ID,...)."),
    epochs: Optional[int] = typer.Option(None, help="Trials per sample (each its own seed); reports add pass^k."),
    protocol: Optional[str] = typer.Option(None, help="A named protocol of the family: a preset of options "
                                                      "(see `finprobe list options FAMILY`); -O overrides it."),
    concurrency: Optional[int] = typer.Option(None, help="Model calls in flight at once (default 8)."),
    seed: Optional[int] = typer.Option(None, help="Run seed (default 0)."),
    sample_retries: Optional[int] = typer.Option(None, help="Retries of a sample whose model calls failed."),
    sample_timeout: Optional[float] = typer.Option(None, help="Deadline in seconds for one sample, its retries included (default 600); past it the sample is an error."),
    config_file: Optional[Path] = typer.Option(None, "--config", help="YAML run config; flags override it."),
    prices: Optional[Path] = typer.Option(None, help="Price table (YAML/JSON: model -> input/output USD per 1M tokens)."),
    out: Optional[Path] = typer.Option(None, help="Run folder (default: runs/<benchmark>-<mode>-<agent>-<hash>)."),
    fresh: bool = typer.Option(False, help="Start over in the run folder instead of resuming."),
    cache: bool = typer.Option(False, help="Use the response cache (~/.cache/finprobe)."),
    progress: bool = typer.Option(True, help="Show a progress bar."),
    max_errors: Optional[str] = typer.Option(None, envvar="FINPROBE_MAX_ERRORS",
                                             help="Stop early once more trials than this ended in error: a count "
                                                  "(5), a fraction (0.1) or a percentage (10%); resumable."),
    preflight: bool = typer.Option(True, help="Check each endpoint role's key, server and model with one tiny "
                                              "request before the first sample."),
    persona: Optional[str] = typer.Option(None, help="regret: the simulated user (shortcut for -O persona=...)."),
    method: Optional[str] = typer.Option(None, help="regret: the prompt method (shortcut for -O method=...)."),
) -> None:
    """Run a benchmark (resumes an interrupted run in the same folder). Every input is loaded and checked,
    and every endpoint preflighted, before the first sample. Exit status: 0 when samples were scored (errors
    of some are listed), 1 when none was or the run stopped early (--max-errors), 2 for bad input."""
    from finprobe.core.families import available_families, load_family

    error_budget = parse_max_errors(max_errors)
    if benchmark is None and config_file is not None:  # the file names the family: no demo suite
        with _user_errors():
            named = read_run_config(config_file).get("benchmark")
        if named is not None and not isinstance(named, str):
            _fail(f"{config_file}: benchmark must be a family name (see `finprobe list`), not {named!r}")
        benchmark = named
    if corpus:
        option = [*option, f"corpus={corpus}"]
    for key, value in (("persona", persona), ("method", method)):
        if value is not None:
            option = [*option, f"{key}={value}"]
    names = [benchmark] if benchmark else available_families()
    demo = benchmark is None  # the demo suite: each family beside its baselines, then where to go next
    configs = []
    for name in names:  # every family's inputs are checked before the first one runs
        with _user_errors(f"{name}: " if demo else ""):
            family_options, family_limit = option, limit
            if demo and data is None:
                family = load_family(name)
                family_options = [*(f"{k}={v}" for k, v in family.demo_options.items()), *option]
                family_limit = limit if limit is not None else family.demo_limit
            config = build_config(name, data=data, mode=mode, limit=family_limit, concurrency=concurrency, seed=seed,
                                  role_specs={"agent": agent, "user": user, "judge": judge, "classifier": classifier},
                                  base_url=base_url, api_key_env=api_key_env, sets=set_, options=family_options,
                                  config_file=config_file, sample_retries=sample_retries, epochs=epochs,
                                  sample_timeout=sample_timeout, protocol=protocol)
            if sample_id:
                config = config.model_copy(update={"sample_ids": list(sample_id)})
            if prices is not None:
                config = _apply_prices(config, prices)
        configs.append((name, config))
    ok = True
    folders: list[Path] = []
    from finprobe.core.interrupt import exit_status, signal_name

    try:
        with _signals_interrupt():
            for name, config in configs:
                target = out if (out is None or benchmark) else out / name
                folder, scored = _run_one(config, target, fresh, cache, progress, baselines=demo,
                                          preflight=preflight, max_errors=error_budget,
                                          where=f"{name}: " if demo else "")
                folders.append(folder)
                ok = scored and ok
    except _Interrupted as exc:
        what = exc.message or "before any sample ran: nothing new was stored"
        err_console.print(Text(f"interrupted by {signal_name(exc.signum)}: {safe_text(what, one_line=True)}"),
                          soft_wrap=True)
        raise typer.Exit(exit_status(exc.signum)) from None
    if demo:
        _print_next_steps(folders)
    if not ok:
        raise typer.Exit(1)


def _print_next_steps(folders: list[Path]) -> None:
    from finprobe.report.html import REPORT_NAME

    console.rule("next")
    for folder in folders:
        if (folder / REPORT_NAME).exists():
            console.print(Text.assemble(("HTML report: ", "bold"), str(folder / REPORT_NAME)))
    console.print("The embedded model (SmolLM2-135M) only proves the pipeline; the baselines above show each "
                  "metric's scale. Run a real model through any OpenAI-compatible endpoint:")
    console.print("  finprobe run reasoning --agent openai:MODEL --base-url https://HOST/v1 --api-key-env MY_API_KEY",
                  markup=False, highlight=False)


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
        table = Table(title="benchmarks", caption="* the mode a run without --mode plays")
        for col in ("benchmark", "modes", "baseline policies", "roles (default)"):
            table.add_column(col, overflow="fold", no_wrap=col in ("modes", "baseline policies"))
        for status in statuses:
            if status.error:
                table.add_row(status.name, Text(f"broken: {status.error}", style="red"), "", "")
                continue
            b = load_family(status.name)
            default = b.default_mode()
            table.add_row(status.name, "\n".join(m.name + (" *" if m.name == default else "") for m in b.modes()),
                          "\n".join(p.name for p in b.policies()), "\n".join(f"{r}: {s}" for r, s in b.roles.items()))
        console.print(table)
    if what in ("backends", "all"):
        # URLs and variable names are copied into commands: never wrapped or cut (descriptions follow)
        table = Table(title="model backends")
        for col in ("spec", "default base URL", "key variable"):
            table.add_column(col, overflow="fold")
        for info in BACKENDS:
            table.add_row(info.spec, info.base_url or ("https://api.openai.com/v1" if info.name == "openai" else "-"),
                          info.api_key_env or "-")
        console.print(table)
        for info in BACKENDS:
            console.print(Text.assemble((info.spec, "bold"), f": {info.description}"))
        console.print(Text("Every endpoint's base URL can also come from $FINPROBE_BASE_URL; --api-key-env NAME "
                           "reads the key from another variable."), style="dim")
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
        table.add_column("option", no_wrap=True)  # names are typed back: never cut
        table.add_column("values · default · description", overflow="fold")
        for info in describe_options(bench.options_model):
            note = " [aggregation only: not part of the run fingerprint]" if info.aggregation_only else ""
            table.add_row(Text(info.name, style="bold"),
                          Text.assemble((f"{info.type} · default {info.default!r}", "cyan"), "\n",
                                        info.description + note))
        console.print(table)
        for preset in bench.presets():
            settings = ", ".join(f"{k}={v}" for k, v in preset.options.items())
            console.print(Text(f"--protocol {preset.name}: {preset.description} ({settings})"))


@app.command()
def validate(
    benchmark: str = typer.Argument(..., help="Family whose inputs to check."),
    data: Optional[str] = typer.Option(None, help="Data file or URL (default: bundled demo)."),
    mode: Optional[str] = typer.Option(None, help="Mode (see `finprobe list modes`)."),
    agent: Optional[str] = typer.Option(None, envvar="FINPROBE_AGENT", help="Agent model or baseline policy."),
    user: Optional[str] = typer.Option(None, help="User simulator."),
    judge: Optional[str] = typer.Option(None, help="Judge."),
    classifier: Optional[str] = typer.Option(None, help="Question classifier."),
    base_url: Optional[str] = typer.Option(None, help="Base URL for OpenAI-compatible roles."),
    api_key_env: Optional[str] = typer.Option(None, envvar="FINPROBE_API_KEY_ENV",
                                              help="Name of the env variable holding the API key."),
    set_: list[str] = typer.Option([], "--set", help="ROLE.KEY=VALUE, as for run."),
    option: list[str] = typer.Option([], "--option", "-O", help="Family option KEY=VALUE."),
    corpus: Optional[str] = typer.Option(None, help="Passage corpus: shortcut for -O corpus=PATH."),
    limit: Optional[int] = typer.Option(None, help="Only the first N samples."),
    sample_id: list[str] = typer.Option([], "--sample-id", help="Only this sample (repeatable, or ID,ID,...)."),
    epochs: Optional[int] = typer.Option(None, help="Trials per sample."),
    concurrency: Optional[int] = typer.Option(None, help="Model calls in flight at once."),
    seed: Optional[int] = typer.Option(None, help="Run seed."),
    sample_retries: Optional[int] = typer.Option(None, help="Retries of a sample whose model calls failed."),
    sample_timeout: Optional[float] = typer.Option(None, help="Deadline in seconds for one sample."),
    config_file: Optional[Path] = typer.Option(None, "--config", help="YAML run config; flags override it."),
    prices: Optional[Path] = typer.Option(None, help="Price table (YAML/JSON)."),
    preflight: bool = typer.Option(True, help="Check each endpoint role's key, server and model with one tiny "
                                              "request (--no-preflight: send nothing)."),
) -> None:
    """Load and check everything a run would (data, corpus, corrections, options, config, prices, roles,
    endpoint URLs and keys), and preflight each endpoint role (its key, its server, its model) with one tiny
    request, without running a sample. Takes the same options as `run`. Exit status 2 names what is wrong."""
    from finprobe.api import validate_config

    if corpus:
        option = [*option, f"corpus={corpus}"]
    with _user_errors():
        config = build_config(benchmark, data=data, mode=mode, limit=limit, concurrency=concurrency, seed=seed,
                              role_specs={"agent": agent, "user": user, "judge": judge, "classifier": classifier},
                              base_url=base_url, api_key_env=api_key_env, sets=set_, options=option,
                              config_file=config_file, sample_retries=sample_retries, epochs=epochs,
                              sample_timeout=sample_timeout)
        if sample_id:
            config = config.model_copy(update={"sample_ids": list(sample_id)})
        if prices is not None:
            config = _apply_prices(config, prices)
        found = validate_config(config, preflight=preflight)
    _print_preflight(found.preflight)
    sent = sum(c.requests for c in found.preflight)
    cost = (f"; preflight: {sent} request{'s' if sent != 1 else ''}, {sum(c.tokens for c in found.preflight)} tokens"
            if found.preflight else "; no endpoint role" if preflight else "; preflight skipped (no request sent)")
    console.print(f"ok: {found.n_samples} samples ({found.n_skipped} skipped by corrections){cost}", highlight=False)


def _write_output(path: Path, text: str) -> None:
    """Write a report to `path`, or fail with one line (a folder, a read-only place, a full disk)."""
    if path.is_dir():
        _fail(f"{path}: is a folder; --output takes a file path")
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"{path}: cannot write: {exc.strerror or exc}")


def _write_or_print(text: str | None, output: Path | None) -> None:
    if text is None:
        return
    if output:
        _write_output(output, text)
    else:
        sys.stdout.write(text + ("\n" if not text.endswith("\n") else ""))


@app.command()
def report(run_dir: Path, format: str = typer.Option("table", help="table | json | csv | parquet | html"),
           table: Optional[str] = typer.Option(
               None, help="With json/csv/parquet: `samples` (one row per sample x epoch) or `aggregate` (one row "
                          "per metric). Default: samples for csv/parquet; for json, the metrics object itself."),
           output: Optional[Path] = typer.Option(None, help="Write to this file instead of stdout."),
           html: Optional[Path] = typer.Option(None, "--html", help="Also write the self-contained HTML report here."),
           seed: Optional[int] = typer.Option(None, help="Bootstrap seed (default: the run's own seed)."),
           option: list[str] = typer.Option([], "--option", "-O", help="An aggregation option KEY=VALUE "
                                            "(e.g. bootstrap_resamples=5000)."),
           grader: Optional[str] = typer.Option(None, help="ambiguity: whose verdicts the metrics use "
                                                           "(finprobe | published, for imported runs).")) -> None:
    """Summarise a stored run: terminal table, JSON metrics, per-sample or aggregate exports, an HTML report."""
    from finprobe.report import load_run, print_summary
    from finprobe.report._export import EXPORT_FORMATS, export_table

    overrides = dict(_kv(option, "--option", typed=False))
    if grader is not None:
        overrides["grader"] = grader

    formats = ("table", "html", *EXPORT_FORMATS)
    if format not in formats:
        raise typer.BadParameter(f"format must be one of {', '.join(formats)}")
    if table is not None and format not in EXPORT_FORMATS:
        raise typer.BadParameter("--table goes with --format json, csv or parquet")
    with _user_errors():
        run_ = load_run(run_dir, seed=seed, overrides=overrides)
        _print_warnings(run_)
        if html is not None:
            from finprobe.report.html import write_run_report

            write_run_report(run_, html)
        if format == "table":
            print_summary(console, run_.bench, run_.metrics, title=f"{run_.manifest.config.benchmark} — {run_dir}",
                          report_path=None if html is None else str(html))
        elif format == "html":
            from finprobe.report.html import render_html

            _write_or_print(render_html(run_), output)
        elif format == "json" and table is None:
            _write_or_print(json.dumps(run_.metrics, indent=2, ensure_ascii=False, default=str), output)
        else:
            _write_or_print(export_table(run_, table or "samples", format, output), output)


@app.command()
def export(run_dir: Path, format: str = typer.Option("inspect", help="inspect | json | csv | parquet"),
           output: Optional[str] = typer.Option(
               None, help="File (.json or .eval for inspect) or folder (created if missing); default: the run folder "
                          "(inspect) or stdout."),
           table: str = typer.Option("samples", help="With json/csv/parquet: samples | aggregate.")) -> None:
    """Export a stored run: as an Inspect AI eval log (`inspect view` opens it) or as a flat table."""
    from finprobe.report import load_run
    from finprobe.report._export import EXPORT_FORMATS, export_table

    if format not in ("inspect", *EXPORT_FORMATS):
        raise typer.BadParameter(f"format must be one of inspect, {', '.join(EXPORT_FORMATS)}")
    with _user_errors():
        run_ = load_run(run_dir)
        _print_warnings(run_)
        if format == "inspect":
            from finprobe.report.inspect_log import write_inspect_log

            path = write_inspect_log(run_, output if output is not None else run_dir, folder=_output_is_folder(output))
            console.print(Text(f"Inspect log: {path}  (open with: inspect view --log-dir {path.parent})"),
                          soft_wrap=True)
        else:
            target = None if output is None else Path(output)
            _write_or_print(export_table(run_, table, format, target), target)


def _output_is_folder(output: str | None) -> bool:
    """Whether export's `--output` names a folder for the Inspect log: none given (the run folder), an
    existing folder, a path written with a trailing slash, or a name without a suffix (`logs`)."""
    if output is None or output.endswith(("/", "\\")):
        return True
    path = Path(output)
    return path.is_dir() or path.suffix == ""


@app.command()
def runs(root: Path = typer.Argument(Path("runs"), help="Folder holding run folders (default: ./runs)."),
         format: str = typer.Option("table", help="table | json")) -> None:
    """Past runs under a folder, newest first: family, agent, mode, samples, headline metric with its CI, date."""
    from finprobe.report.runs import list_runs

    if format not in ("table", "json"):
        raise typer.BadParameter("format must be table or json")
    with _user_errors():
        listings = list_runs(root)
    if format == "json":
        sys.stdout.write(json.dumps([r.model_dump(mode="json") for r in listings], indent=2, ensure_ascii=False) + "\n")
        return
    if not listings:
        console.print(Text(f"no run folders under {root}"))
        return
    from finprobe.core.display import TableData
    from finprobe.report import print_tables

    rows: list[list[Any]] = []
    for r in listings:
        try:
            name = str(Path(r.path).relative_to(root))
        except ValueError:
            name = r.path
        if r.problem is not None and r.family == "?":
            rows.append([name, f"unreadable: {r.problem}", "", "", ""])
            continue
        if r.value is not None:
            # the CI as one word, so a narrow column breaks between the value and its CI, never inside it
            ci = "" if r.ci_low is None or r.ci_high is None else f" [{r.ci_low:.3f}–{r.ci_high:.3f}]"
            headline = f"{r.label}\n{r.value:.3f}{ci}"
        else:
            headline = "not finished" if not r.finished else f"{r.label or '-'} -"
        n = f"{r.n_stored if r.n_stored is not None else '?'}/{r.n_expected or r.n_samples}"
        if r.n_errors:
            n += f"\n{r.n_errors} errors"
        date = r.created_at.strftime("%Y-%m-%d\n%H:%M") if r.created_at else "?"
        rows.append([name, f"{r.family}\n{r.mode}\n{r.agent}", n, headline, date])
    print_tables(console, [TableData(title=f"runs under {root} (newest first)",
                                     columns=["run", "family / mode / agent", "n", "headline [95% CI]", "date"],
                                     rows=rows, align=["left", "left", "right", "right", "left"])])


@app.command()
def rescore(run_dir: Path, format: str = typer.Option("table", help="table | json")) -> None:
    """Re-grade a stored run with the current scorer (no model calls); rewrites scores and metrics."""
    from finprobe.report import print_summary, rescore_run

    with _user_errors():
        run_ = rescore_run(run_dir)
    _print_warnings(run_)
    if format == "json":
        sys.stdout.write(json.dumps(run_.metrics, indent=2, ensure_ascii=False, default=str) + "\n")
    else:
        print_summary(console, run_.bench, run_.metrics, title=f"rescored — {run_dir}")


@app.command()
def repair(run_dir: Path, format: str = typer.Option("table", help="table | json")) -> None:
    """Set aside the lines of a run's samples.jsonl that are not records of the run (damaged, or of samples not
    in its data) into samples.removed.jsonl with their line numbers, keeping every good record; the next run
    with the same command redoes exactly the trials left without a record."""
    from finprobe.core.repair import repair_run

    if format not in ("table", "json"):
        raise typer.BadParameter("format must be table or json")
    with _user_errors():
        result = repair_run(run_dir)
    for note in result.notes:
        _print_warning(note)
    if format == "json":
        sys.stdout.write(result.model_dump_json(indent=2) + "\n")
    else:
        console.print(Text(safe_text(result.summary(), one_line=True)), soft_wrap=True)


def _print_warning(text: str) -> None:
    err_console.print(Text.assemble(("warning:", "yellow"), " ", safe_text(text, one_line=True)))


def _print_warnings(run_: Any) -> None:
    """What a stored run's reader must be told (an older folder, foreign records, an old scorer), on stderr."""
    for text in getattr(run_, "warnings", ()):
        _print_warning(text)


@app.command()
def compare(runs: list[Path] = typer.Argument(..., help="Two or more run folders; each is compared with the first."),
            format: str = typer.Option("table", help="table | json | html"),
            output: Optional[Path] = typer.Option(None, help="Write json/html to this file instead of stdout."),
            html: Optional[Path] = typer.Option(None, "--html", help="Also write the HTML comparison here."),
            seed: Optional[int] = typer.Option(None, help="Bootstrap seed (default: the first run's seed)."),
            resamples: int = typer.Option(10000)) -> None:
    """Runs side by side: deltas against the first run with paired bootstrap p-values, and outcome flips."""
    from finprobe.report import load_run
    from finprobe.report.compare import compare_loaded, print_comparison

    if format not in ("table", "json", "html"):
        raise typer.BadParameter("format must be table, json or html")
    if len(runs) < 2:
        raise typer.BadParameter("compare needs at least two run folders")
    with _user_errors():
        loaded = [load_run(r) for r in runs]
        for run_ in loaded:
            _print_warnings(run_)
        result = compare_loaded(loaded, seed=seed, n_resamples=resamples)
        if html is not None or format == "html":
            from finprobe.report.html import render_compare_html

            page = render_compare_html(result, loaded)
            if html is not None:
                html.write_text(page, encoding="utf-8")
    if format == "json":
        _write_or_print(json.dumps(result, indent=2, ensure_ascii=False, default=str), output)
    elif format == "html":
        _write_or_print(page, output)
    else:
        print_comparison(console, result)
        if html is not None:
            console.print(Text.assemble(("HTML comparison: ", "bold"), str(html)))


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


@app.command("import")
def import_(kind: str = typer.Argument(..., help="What to import: ambiguity-results."),
            source: str = typer.Argument(..., help="The published file (path or URL)."),
            data: str = typer.Option(..., help="The instances the results are about (the family's data format)."),
            out: Path = typer.Option(..., help="Folder for the run folders (one per model, mode and forced_n)."),
            corpus: Optional[str] = typer.Option(None, help="ambiguity: the passage corpus, if any.")) -> None:
    """Turn published results into run folders that report, rescore and compare read like any run."""
    if kind != "ambiguity-results":
        err_console.print(f"[red]error:[/red] cannot import {kind!r}; known: ambiguity-results")
        raise typer.Exit(2)
    from finprobe.benchmarks.ambiguity.published import import_results
    from finprobe.core.families import load_family

    with _user_errors():
        result = import_results(load_family("ambiguity"), source, data, out, corpus=corpus)
    for folder, n in result.runs.items():
        console.print(f"{folder}: {n} rows", highlight=False)
    console.print(f"{result.n_rows} rows imported into {len(result.runs)} run folders", highlight=False)


@app.command()
def judges(benchmark: str = typer.Argument(..., help="The family whose judges to measure: ambiguity."),
           set_: list[str] = typer.Option([], "--set", help="A bundled labelled set (id) or your own JSONL file; "
                                          "repeatable (default: every bundled set that can run here)."),
           user: Optional[str] = typer.Option(None, help="Measure an LLM simulator on this model spec "
                                              "(openai:MODEL, vllm:MODEL, ...) instead of the deterministic one."),
           base_url: Optional[str] = typer.Option(None, help="Endpoint of --user."),
           instances: list[str] = typer.Option([], help="Instance file the items name (the release's for the real "
                                               "sets); repeatable."),
           judge: list[str] = typer.Option([], help="simulator | classifier | grader (default: all that apply)."),
           hedge_rule: str = typer.Option("strict", help="The grader's hedge rule: strict | labelled."),
           show: int = typer.Option(20, help="Disagreements listed per set and judge."),
           format: str = typer.Option("table", help="table | json")) -> None:
    """Agreement of the family's simulator, classifier and grader with labelled sets, by language and kind (Wilson
    95% intervals). Item format: `finprobe.benchmarks.ambiguity.judges` (README: "Measuring the judges")."""
    if benchmark != "ambiguity":
        _fail(f"no judges to measure for {benchmark!r}; known: ambiguity")
    from finprobe.benchmarks.ambiguity.judges import default_sets, judges_tables, run_judges

    with _user_errors():
        if base_url is not None:
            check_base_url(base_url)
        report_ = run_judges(set_ or default_sets(), user=user, base_url=base_url, instances=instances,
                             judges=judge or ("simulator", "classifier", "grader"), hedge_rule=hedge_rule, show=show)
    if format == "json":
        sys.stdout.write(report_.model_dump_json(indent=2) + "\n")
    else:
        from finprobe.report import print_tables

        print_tables(console, judges_tables(report_))


# --------------------------------------------------------------------------- check (issue 14)
@app.command()
def check(
    endpoint: str = typer.Argument(..., help="Endpoint spec: openai:MODEL, vllm:MODEL, llamacpp:MODEL, ..."),
    base_url: Optional[str] = typer.Option(None, help="Base URL (default: the preset's, or $FINPROBE_BASE_URL)."),
    api_key_env: Optional[str] = typer.Option(None, help="Name of the env variable holding the API key."),
    role: str = typer.Option("agent", help="Role the recommended --set values are written for."),
    format: str = typer.Option("table", help="table | json"),
) -> None:
    """Probe an OpenAI-compatible endpoint with a handful of tiny requests: what it supports, what to --set."""
    from rich.markup import escape
    from rich.table import Table

    from finprobe.core.models.openai_compat import OpenAICompatibleModel
    from finprobe.core.models.probe import probe_endpoint
    from finprobe.core.models.registry import build_backend

    if format not in ("table", "json"):
        raise typer.BadParameter("format must be table or json")
    with _user_errors():
        backend = build_backend(RoleConfig(spec=endpoint, base_url=base_url, api_key_env=api_key_env))
        if not isinstance(backend, OpenAICompatibleModel):
            raise ValueError(f"{endpoint!r} is not an endpoint: check probes OpenAI-compatible servers")

    async def probe():
        try:
            return await probe_endpoint(backend, spec=endpoint, role=role)
        finally:
            await backend.aclose()

    result = run_async(probe())
    if format == "json":
        sys.stdout.write(result.model_dump_json(indent=2) + "\n")
    else:
        table = Table(title=f"{endpoint} at {result.base_url}")
        for col in ("check", "", "detail"):
            table.add_column(col)
        marks = {True: "[green]yes[/green]", False: "[red]no[/red]", None: "[dim]-[/dim]"}
        for c in result.checks:  # details quote server and model text: escaped, never read as markup
            table.add_row(c.label, marks[c.ok], escape(c.detail))
        console.print(table)
        for note in result.notes:
            console.print(f"[yellow]note:[/yellow] {escape(note)}")
        if result.usable:
            sets = " ".join(f"--set {s}" for s in result.recommended)
            console.print(f"recommended: [bold]{sets}[/bold] (a run negotiates the same by itself)")
        console.print(f"[dim]{result.requests} requests, {result.tokens} tokens spent[/dim]")
    if not result.usable:
        raise typer.Exit(1)


# --------------------------------------------------------------------------- build: construction pipelines
build_app = typer.Typer(add_completion=False, no_args_is_help=True,
                        help="Build new benchmark instances from filings (construction pipelines).")
app.add_typer(build_app, name="build")


def _verifier_roles(specs: list[str], default_spec: str, trials: int) -> list[tuple[str, str, int]]:
    """(role name, spec, trials) from `SPEC` or `SPEC*N` items; trials without a count are split evenly."""
    items = specs or [default_spec]
    parsed: list[tuple[str, int | None]] = []
    for item in items:
        spec, star, count = item.rpartition("*") if "*" in item else (item, "", "")
        if star and not count.isdigit():
            raise typer.BadParameter(f"--verifier {item!r}: expected SPEC or SPEC*TRIALS")
        parsed.append((spec.strip(), int(count) if star else None))
    free = [i for i, (_, n) in enumerate(parsed) if n is None]
    left = trials - sum(n for _, n in parsed if n is not None)
    if free and left < len(free):
        raise typer.BadParameter(f"--trials {trials} cannot be split over {len(free)} verifier roles")
    counts = [n for _, n in parsed]
    for j, i in enumerate(free):
        counts[i] = left // len(free) + (1 if j < left % len(free) else 0)
    names = ["verifier"] if len(parsed) == 1 else [f"verifier-{i + 1}" for i in range(len(parsed))]
    return [(names[i], spec, counts[i] or 0) for i, (spec, _) in enumerate(parsed)]


def _print_funnel(funnel: dict[str, Any], out: Path) -> None:
    from rich.table import Table

    table = Table(title=f"build funnel — {out}")
    for col in ("step", "in", "out", "rejected (reasons)"):
        table.add_column(col)
    for step in funnel["steps"]:
        reasons = ", ".join(f"{k} {v}" for k, v in step["reasons"].items())
        if step.get("failed_rules"):
            reasons += "; every failed rule: " + ", ".join(f"{k} {v}" for k, v in step["failed_rules"].items())
        table.add_row(step["step"], str(step["in"]), str(step["out"]), reasons)
    console.print(table)
    cost = Table(title="tokens and cost by role")
    for col in ("role", "model", "calls", "input tokens", "output tokens", "cost USD"):
        cost.add_column(col)
    for role, row in funnel["cost"]["by_role"].items():
        cost.add_row(role, row["model"], str(row["calls"]), str(row["input_tokens"]), str(row["output_tokens"]),
                     f"{row['cost_usd']:.4f}")
    console.print(cost)
    console.print(f"accepted {funnel['accepted']} of target {funnel['target']} "
                  f"({', '.join(f'{k} {v}' for k, v in funnel['accepted_by_category'].items()) or 'none'}); "
                  f"{funnel['errors']} errors; total cost ${funnel['cost']['total_usd']:.4f}")


@build_app.command("regret")
def build_regret_cmd(
    source: str = typer.Argument(..., help="The source file (path or URL; .gz too) in its official format."),
    kind: str = typer.Option(..., "--from", help="ambignq | pscon | condambigqa | ambigdocs | fininteract"),
    out: Path = typer.Option(..., help="Folder for cigs.jsonl, dropped.jsonl, controls.jsonl and counts.json."),
    generator: Optional[str] = typer.Option(None, help="LLM-assisted option: a generator model spec (openai:MODEL, "
                                                        "local, ...) for the records the rules cannot structure."),
    generator_limit: Optional[int] = typer.Option(None, help="At most this many records given to the generator."),
    base_url: Optional[str] = typer.Option(None, help="Base URL for an OpenAI-compatible generator."),
    api_key_env: Optional[str] = typer.Option(None, help="Name of the env variable holding the API key."),
    format: str = typer.Option("table", help="table | json (the counts)"),
) -> None:
    """Convert public data to clarification interaction graphs (CIGs); every dropped record keeps its reason."""
    from finprobe.build.regret import CONVERTER_KINDS, convert

    if kind not in CONVERTER_KINDS:
        raise typer.BadParameter(f"--from must be one of {', '.join(CONVERTER_KINDS)}")
    with _user_errors():
        if generator is None:
            result = convert(kind, source, out)
        else:
            result = run_async(_convert_with_generator(kind, source, out, generator, generator_limit, base_url,
                                                       api_key_env))
    counts = result.counts
    if format == "json":
        sys.stdout.write(json.dumps(counts, indent=2, ensure_ascii=False) + "\n")
        return
    console.print(f"{counts['records']} records from {source}: {counts['cigs']} CIGs, {counts['controls']} controls "
                  f"(no clarification needed), {counts['dropped']} dropped", highlight=False)
    if result.generator is not None:
        g = result.generator
        console.print(f"generator {generator}: {g['tried']} records tried, {g['added']} CIGs added, "
                      f"{g['failed']} failed ({g['calls']} calls)", highlight=False)
    for reason, n in counts["dropped_by_reason"].items():
        console.print(Text(f"  dropped {n}: {reason}"))
    console.print(f"written to {out}/cigs.jsonl, dropped.jsonl, controls.jsonl, counts.json", highlight=False)


async def _convert_with_generator(kind: str, source: str, out: Path, spec: str, limit: int | None,
                                  base_url: str | None, api_key_env: str | None) -> Any:
    """The `generator` role bound to its backend for one conversion; calls and tokens counted, backend closed."""
    from finprobe.build.regret import convert_with_generator
    from finprobe.core.models.registry import build_backend

    role = RoleConfig(spec=spec, base_url=base_url, api_key_env=api_key_env,
                      generate=GenerateConfig(temperature=0.0, max_tokens=1200))
    backend = build_backend(role)
    calls = {"calls": 0, "input_tokens": 0, "output_tokens": 0}

    async def generate(messages: list[Any]) -> str:
        reply = await backend.generate(messages, role.generate)
        calls["calls"] += 1
        calls["input_tokens"] += reply.usage.input_tokens or 0
        calls["output_tokens"] += reply.usage.output_tokens or 0
        return reply.text

    try:
        result = await convert_with_generator(kind, source, generate, limit=limit)
    finally:
        await backend.aclose()
    result.generator = {"spec": spec, **(result.generator or {}), **calls}
    result.write(out)
    return result


@build_app.command("ambiguity")
def build_ambiguity_cmd(
    out: Path = typer.Option(..., help="Build folder: instances.jsonl, corpus.jsonl, candidates.jsonl, funnel.json."),
    passages: list[str] = typer.Option([], "--passages", help="Candidate passages JSONL (path or URL); repeatable."),
    xbrl: list[str] = typer.Option([], "--xbrl", help="SEC XBRL companyfacts JSON (path or URL); repeatable."),
    target: Optional[int] = typer.Option(None, help="Instances to accept (default 100; demo 12)."),
    quota: list[str] = typer.Option([], "--quota", help="CATEGORY=SHARE target share (repeatable; default uniform)."),
    constructor: str = typer.Option("local", help="Constructor model spec (local, openai:MODEL, ...)."),
    verifier: list[str] = typer.Option([], "--verifier", help="Verifier spec, or SPEC*TRIALS; repeatable "
                                                              "(default: the constructor's spec)."),
    trials: int = typer.Option(10, help="Verifier trials in all, split over --verifier roles without a count."),
    min_leaks: int = typer.Option(2, help="Reject when at least this many trials give A with the intended reading."),
    base_url: Optional[str] = typer.Option(None, help="Base URL for OpenAI-compatible roles."),
    api_key_env: Optional[str] = typer.Option(None, help="Name of the env variable holding the API key."),
    prices: Optional[Path] = typer.Option(None, help="Price table (YAML/JSON: model -> USD per 1M tokens)."),
    seed: int = typer.Option(0, help="Seed of every model call (per candidate and trial)."),
    concurrency: int = typer.Option(4, help="Candidates built at once."),
    demo: bool = typer.Option(False, help="Scripted roles on the bundled fictional passages and XBRL file."),
    fresh: bool = typer.Option(False, help="Start over in the build folder instead of resuming."),
    format: str = typer.Option("table", help="table | json (the funnel)."),
) -> None:
    """Build FinInteract (ambiguity) instances: constructor → 14 checks → doctor → verifier → quotas (resumable)."""
    from finprobe.build.ambiguity import BuildConfig, RoleBinding, build_ambiguity_sync, parse_quotas
    from finprobe.build.ambiguity.demo import DEMO_SHARES, DEMO_TARGET, demo_candidates, demo_roles
    from finprobe.build.ambiguity.passages import candidates_from_passages, load_passages
    from finprobe.build.ambiguity.xbrl import import_company_facts
    from finprobe.core.models.registry import build_backend

    with _user_errors():
        if demo:
            if passages or xbrl or verifier or constructor != "local":
                raise ValueError("--demo runs the scripted roles on the bundled passages: drop --passages, --xbrl, "
                                 "--constructor and --verifier")
            candidates = demo_candidates()
            ctor, verifiers = demo_roles()
            shares = parse_quotas(quota) if quota else DEMO_SHARES
            config = BuildConfig(target=target or DEMO_TARGET, shares=shares, min_leaks=min_leaks, seed=seed,
                                 concurrency=concurrency, source="demo (bundled fictional passages)")
        else:
            if not passages and not xbrl:
                raise ValueError("give --passages FILE and/or --xbrl FILE (or --demo)")
            pool = [p for src in passages for p in load_passages(src)]
            pool += [p for src in xbrl for p in import_company_facts(src)]
            candidates = candidates_from_passages(pool)
            roles = {"constructor": RoleConfig(spec=constructor, base_url=base_url, api_key_env=api_key_env,
                                               generate=GenerateConfig(temperature=0.0, max_tokens=2000))}
            plan = _verifier_roles(verifier, constructor, trials)
            for name, spec, _n in plan:
                roles[name] = RoleConfig(spec=spec, base_url=base_url, api_key_env=api_key_env,
                                         generate=GenerateConfig(temperature=1.0, max_tokens=400))
            run_config = RunConfig(benchmark="build:ambiguity", roles=roles)
            if prices is not None:
                run_config = _apply_prices(run_config, prices)
            bound = {name: RoleBinding(name=name, spec=rc.spec, backend=build_backend(rc), generate=rc.generate)
                     for name, rc in run_config.roles.items()}
            ctor = bound["constructor"]
            verifiers = []
            for name, _spec, n in plan:
                bound[name].trials = n
                verifiers.append(bound[name])
            config = BuildConfig(target=target or 100, shares=parse_quotas(quota), min_leaks=min_leaks, seed=seed,
                                 concurrency=concurrency, source=", ".join([*passages, *xbrl]))
        result = build_ambiguity_sync(candidates, out, config, ctor, verifiers, fresh=fresh)
    if format == "json":
        sys.stdout.write(json.dumps(result.funnel, indent=2, ensure_ascii=False) + "\n")
    else:
        _print_funnel(result.funnel, out)
        console.print(f"[dim]{result.n_processed} candidates built, {result.n_resumed} resumed from the store · "
                      f"{out / 'instances.jsonl'}[/dim]")


# --------------------------------------------------------------------------- build multihop (FinHopper synthesis)
def _print_multihop_funnel(funnel: dict[str, Any], out: Path) -> None:
    from rich.markup import escape

    table = Table(title=f"build multihop funnel — {out}")
    for col in ("step", "in", "out", "dropped (reasons)"):
        table.add_column(col)
    for step in funnel["steps"]:
        table.add_row(step["step"], str(step["in"]), str(step["out"]),
                      escape(", ".join(f"{k} {v}" for k, v in step["drops"].items())))
    hop = funnel["single_hop_qa"]
    table.add_row("(single-hop QA)", str(hop["in"]), str(hop["out"]),
                  escape(", ".join(f"{k} {v}" for k, v in hop["drops"].items())))
    console.print(table)
    depth = Table(title="chains per depth")
    for col in ("K", "target", "accepted", "attempts", "shortfall"):
        depth.add_column(col)
    for k, row in funnel["per_depth"].items():
        depth.add_row(k, str(row["target"]), str(row["accepted"]), str(row["attempts"]), str(row["shortfall"]))
    console.print(depth)
    if funnel["cost"]["by_role"]:
        cost = Table(title="tokens and cost by role")
        for col in ("role", "model", "calls", "input tokens", "output tokens", "cost USD"):
            cost.add_column(col)
        for role, row in funnel["cost"]["by_role"].items():
            cost.add_row(role, escape(row["model"]), str(row["calls"]), str(row["input_tokens"]),
                         str(row["output_tokens"]), f"{row['cost_usd']:.4f}")
        console.print(cost)
    console.print(f"accepted {funnel['accepted']} of {funnel['target']} "
                  f"({', '.join(f'{k} {v}' for k, v in funnel['accepted_by_language'].items()) or 'none'}); "
                  f"{funnel['errors']} errors; total cost ${funnel['cost']['total_usd']:.4f}")


@build_app.command("multihop")
def build_multihop_cmd(
    out: Path = typer.Option(..., help="Build folder: chains.json, funnel.json, attempts.jsonl, the run store."),
    db: Optional[Path] = typer.Option(None, help="Market database (SQLite in the multihop schema)."),
    demo: bool = typer.Option(False, help="Use the bundled fictional demo market."),
    n: int = typer.Option(200, help="Chains to build."),
    depths: str = typer.Option("1-6", help="Depths K: a range (1-6) or a list (2,4,6)."),
    depth_weights: Optional[str] = typer.Option(None, help="Weights of the depths: 1,1,2,2,3,3 or K=W items "
                                                           "(default uniform)."),
    seed: int = typer.Option(0, help="Seed of the walks, the data pools and every model call."),
    languages: str = typer.Option("en,zh", help="Languages of the chains (each chain draws one)."),
    critic: list[str] = typer.Option([], "--critic", help="LLM question-critic spec (repeatable)."),
    paraphraser: Optional[str] = typer.Option(None, help="LLM paraphraser spec (a paraphrase must pass every "
                                                          "critic again)."),
    base_url: Optional[str] = typer.Option(None, help="Base URL for OpenAI-compatible roles."),
    api_key_env: Optional[str] = typer.Option(None, help="Name of the env variable holding the API key."),
    prices: Optional[Path] = typer.Option(None, help="Price table (YAML/JSON: model -> USD per 1M tokens)."),
    max_hop_tries: int = typer.Option(4, help="Single-hop QAs generated per hop before the attempt is dropped."),
    concurrency: int = typer.Option(4, help="Attempts whose model calls run at once (LLM roles only)."),
    fresh: bool = typer.Option(False, help="Start over in the build folder instead of resuming."),
    format: str = typer.Option("table", help="table | json (the funnel)."),
) -> None:
    """Build FinHopper chains: state-transition walks, verified single hops, answer substitution, critics."""
    from finprobe.benchmarks.multihop.market import DEMO_SEED, MarketDB, demo_market
    from finprobe.build.multihop import (
        BuildConfig,
        DepthDistribution,
        RoleBinding,
        build_multihop_sync,
        parse_depth_weights,
        parse_depths,
    )
    from finprobe.core.models.registry import build_backend

    with _user_errors():
        if demo == (db is not None):
            raise ValueError("give either --db MARKET.sqlite or --demo")
        market_db = demo_market(DEMO_SEED) if demo or db is None else MarketDB.open(db)
        market = f"demo:{DEMO_SEED}" if demo else str(Path(str(db)).resolve())
        ks = parse_depths(depths)
        weights = parse_depth_weights(depth_weights, ks) if depth_weights else None
        langs = [x.strip() for x in languages.split(",") if x.strip()]
        if not langs or any(x not in ("en", "zh") for x in langs):
            raise ValueError(f"--languages {languages!r}: en, zh or en,zh")
        roles: dict[str, RoleConfig] = {}
        for i, spec in enumerate(critic):
            roles["critic" if len(critic) == 1 else f"critic-{i + 1}"] = RoleConfig(
                spec=spec, base_url=base_url, api_key_env=api_key_env,
                generate=GenerateConfig(temperature=0.0, max_tokens=400))
        if paraphraser:
            roles["paraphraser"] = RoleConfig(spec=paraphraser, base_url=base_url, api_key_env=api_key_env,
                                              generate=GenerateConfig(temperature=0.7, max_tokens=600))
        run_config = RunConfig(benchmark="build:multihop", roles=roles)
        if prices is not None:
            run_config = _apply_prices(run_config, prices)
        bound = {name: RoleBinding(name=name, spec=rc.spec, backend=build_backend(rc), generate=rc.generate)
                 for name, rc in run_config.roles.items()}
        config = BuildConfig(n=n, depths=DepthDistribution(depths=ks, weights=weights), seed=seed,
                             languages=langs,
                             max_hop_tries=max_hop_tries, concurrency=concurrency, market=market)
        result = build_multihop_sync(market_db, out, config, critics=[r for k, r in bound.items() if k != "paraphraser"],
                                     paraphraser=bound.get("paraphraser"), fresh=fresh)
    if format == "json":
        sys.stdout.write(json.dumps(result.funnel, indent=2, ensure_ascii=False) + "\n")
    else:
        _print_multihop_funnel(result.funnel, out)
        console.print(f"[dim]{result.n_processed} attempts run, {result.n_resumed} resumed from the store · "
                      f"{out / 'chains.json'}[/dim]")


# --------------------------------------------------------------------------- build reasoning (the FinQA review)
def _print_review_funnel(funnel: dict[str, Any], out: Path) -> None:
    from rich.markup import escape

    table = Table(title=f"build reasoning funnel — {out}")
    for col in ("stage", "in", "outcome"):
        table.add_column(col)
    for st in funnel["stages"]:
        detail = {k: v for k, v in st.items() if k not in ("stage", "in", "note", "role")}
        text = ", ".join(f"{k} {json.dumps(v, ensure_ascii=False) if isinstance(v, dict) else v}"
                         for k, v in detail.items() if v not in ({}, 0))
        table.add_row(st["stage"] + (f" ({st['role']})" if "role" in st else ""), str(st["in"]), escape(text))
    console.print(table)
    cost = Table(title="records, tokens and cost by role")
    for col in ("role", "kind", "records", "calls", "input tokens", "output tokens", "cost USD"):
        cost.add_column(col)
    for role, row in funnel["cost"]["by_role"].items():
        cost.add_row(role, row["kind"], str(row["records"]), str(row["calls"]), str(row["input_tokens"]),
                     str(row["output_tokens"]), f"{row['cost_usd']:.4f}")
    console.print(cost)
    ov = funnel["overlay"]
    console.print(f"overlay: {ov['entries']} entries ({', '.join(f'{k} {v}' for k, v in ov['by_kind'].items())}); "
                  f"tasks: {', '.join(f'{k} {v}' for k, v in funnel['status'].items())}", highlight=False)
    if funnel["pending"]:
        console.print(Text("pending (inputs for the missing reviewers in " + str(out / "pending") + "): "
                           + ", ".join(f"{k} {v}" for k, v in funnel["pending"].items())))


@build_app.command("reasoning")
def build_reasoning_cmd(
    data: str = typer.Option(..., help="FinQA-style data file (official record format; path or URL)."),
    out: Path = typer.Option(..., help="Build folder: corrections.yaml, funnel.json, review.jsonl, records/, "
                                       "pending/, the run store."),
    blind: Optional[str] = typer.Option(None, help="Blind pass reviewer (A): a model spec, or recorded:PATH "
                                                   "(JSONL file, folder or glob). None: pending."),
    second: list[str] = typer.Option([], "--second", help="Further blind reviewer (B, C, ...), repeatable: two "
                                                          "or more; more than two are optional evidence."),
    adjudicator: str = typer.Option("rules", help="Decision: rules (the pipeline's rules alone), a model spec, "
                                                  "recorded:PATH, or none (pending)."),
    rewording: list[str] = typer.Option([], "--rewording", help="Reviewer of the original wording of every "
                                                                "rewording (R1, R2, ...), repeatable."),
    version: Optional[str] = typer.Option(None, help="The overlay's version (default SPLIT-review)."),
    split: Optional[str] = typer.Option(None, help="Name of the split (default: the file's name, e.g. test)."),
    limit: Optional[int] = typer.Option(None, help="Only the first N tasks."),
    base_url: Optional[str] = typer.Option(None, help="Base URL for OpenAI-compatible roles."),
    api_key_env: Optional[str] = typer.Option(None, help="Name of the env variable holding the API key."),
    prices: Optional[Path] = typer.Option(None, help="Price table (YAML/JSON: model -> USD per 1M tokens)."),
    seed: int = typer.Option(0, help="Seed of every model call."),
    concurrency: int = typer.Option(4, help="Model calls in flight at once."),
    fresh: bool = typer.Option(False, help="Start over in the build folder instead of resuming."),
    ship: Optional[Path] = typer.Option(None, help="Copy the overlay and its records into this package data "
                                                   "folder (corrections/SPLIT.yaml, review/SPLIT/)."),
    allow_incomplete: bool = typer.Option(False, help="With --ship: ship although tasks are pending."),
    records: Optional[Path] = typer.Option(None, help="Replay a shipped review folder (review/SPLIT: its records "
                                                      "and funnel) instead of giving the roles."),
    format: str = typer.Option("table", help="table | json (the funnel)."),
) -> None:
    """Review a FinQA-style split (seed 002): blind pass → selection → two more blind reviewers → decision →
    rewording check; writes a corrections overlay and a funnel (resumable)."""
    from finprobe.benchmarks.reasoning.loader import load_finqa, to_sample
    from finprobe.build.reasoning import (
        ModelRole,
        RecordedRole,
        ReviewConfig,
        ReviewRoles,
        review_split_sync,
        ship_review,
    )
    from finprobe.build.reasoning.records import Adjudication, BlindRecord
    from finprobe.build.reasoning.roles import parse_role_spec
    from finprobe.core.calls import RoleBinding
    from finprobe.core.models.registry import build_backend
    from finprobe.core.sources import source_name

    with _user_errors():
        if format not in ("table", "json"):
            raise ValueError(f"--format {format!r}: table or json")
        samples = [to_sample(r) for r in load_finqa(data)][:limit]
        ids = [s.id for s in samples]
        name = split or source_name(data).removesuffix(".json")
        if records is not None:
            if blind or second or rewording:
                raise ValueError("--records replays a review folder: drop --blind, --second and --rewording")
            from finprobe.build.reasoning.outputs import roles_from_records

            replay, shipped_funnel = roles_from_records(records, ids)
            name = split or shipped_funnel.get("split") or name
            version = version or shipped_funnel.get("version")
        plan: list[tuple[str, str, type[BlindRecord] | type[Adjudication]]] = [("A", blind, BlindRecord)] if blind else []
        plan += [(chr(ord("B") + i), spec, BlindRecord) for i, spec in enumerate(second)]
        plan += [(f"R{i + 1}", spec, BlindRecord) for i, spec in enumerate(rewording)]
        kind, _ = parse_role_spec(adjudicator)
        if kind not in ("rules", "none"):
            plan.append(("adjudicator", adjudicator, Adjudication))
        model_roles = {}
        for role, spec, _model in plan:
            role_kind, rest = parse_role_spec(spec)
            if role_kind in ("rules", "none"):
                raise ValueError(f"{role}: {spec!r} is for --adjudicator only")
            if role_kind == "model":
                model_roles[role] = RoleConfig(spec=rest, base_url=base_url, api_key_env=api_key_env,
                                               generate=GenerateConfig(temperature=0.0, max_tokens=2000))
        run_config = RunConfig(benchmark="build:reasoning", roles=model_roles)
        if prices is not None:
            run_config = _apply_prices(run_config, prices)
        bound: dict[str, Any] = {}
        for role, spec, model in plan:
            role_kind, rest = parse_role_spec(spec)
            if role_kind == "recorded":
                bound[role] = RecordedRole.open(role, rest, model, ids)
            else:
                rc = run_config.roles[role]
                bound[role] = ModelRole(RoleBinding(name=role, spec=rc.spec, backend=build_backend(rc),
                                                    generate=rc.generate))
        roles = replay if records is not None else ReviewRoles(
            blind=bound.get("A"), second=[bound[chr(ord("B") + i)] for i in range(len(second))],
            adjudicator=bound.get("adjudicator", kind if kind in ("rules",) else None),
            rewording=[bound[f"R{i + 1}"] for i in range(len(rewording))])
        config = ReviewConfig(version=version or f"{name}-review", split=name, source=data, seed=seed,
                              concurrency=concurrency)
        result = review_split_sync(samples, out, config, roles, fresh=fresh)
        shipped = ship_review(out, ship, name, allow_incomplete=allow_incomplete) if ship is not None else []
    if format == "json":
        sys.stdout.write(json.dumps(result.funnel, indent=2, ensure_ascii=False) + "\n")
    else:
        _print_review_funnel(result.funnel, out)
        console.print(f"[dim]{result.n_calls} model calls made · {out / 'corrections.yaml'}[/dim]")
        for path in shipped:
            console.print(Text(f"shipped {path}"))


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
