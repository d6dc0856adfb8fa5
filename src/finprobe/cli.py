"""The `finprobe` command: run, list, validate, report, rescore, compare, audit."""

from __future__ import annotations

import json
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Optional

import typer
import yaml
from rich.console import Console

from finprobe.core.aio import run_async
from finprobe.core.schema import GenerateConfig, RoleConfig, RunConfig

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="finprobe: evaluate how LLM agents handle financial questions.")
console = Console()
err_console = Console(stderr=True)

ROLE_FLAGS = ("agent", "user", "judge", "classifier")
_GEN_FIELDS = set(GenerateConfig.model_fields)


@contextmanager
def _user_errors():
    """Problems with the user's input (a moved data file, not a run folder, ...) end with a one-line
    message and exit status 2, not a traceback."""
    try:
        yield
    except (ValueError, KeyError, OSError, RuntimeError) as exc:
        err_console.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None


def _parse_scalar(text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


def _kv(items: list[str], what: str) -> list[tuple[str, Any]]:
    out = []
    for item in items:
        if "=" not in item:
            raise typer.BadParameter(f"{what} expects KEY=VALUE, got {item!r}")
        key, _, value = item.partition("=")
        out.append((key.strip(), _parse_scalar(value)))
    return out


def build_config(benchmark: str, *, data: str | None, mode: str | None, role_specs: dict[str, str | None],
                 base_url: str | None, api_key_env: str | None, sets: list[str], options: list[str],
                 limit: int | None, concurrency: int | None, seed: int | None, config_file: Path | None,
                 sample_retries: int | None) -> RunConfig:
    """Merge a config file (optional) and command-line flags into one RunConfig (flags win)."""
    raw: dict[str, Any] = {}
    if config_file is not None:
        raw = yaml.safe_load(config_file.read_text(encoding="utf-8")) or {}
    raw["benchmark"] = benchmark or raw.get("benchmark")
    if data is not None and not data.startswith(("http://", "https://")):
        data = str(Path(data).resolve())  # so report/rescore find it from any working directory
    for key, value in (("data", data), ("mode", mode), ("limit", limit), ("concurrency", concurrency),
                       ("seed", seed), ("sample_retries", sample_retries)):
        if value is not None:
            raw[key] = value
    config = RunConfig.model_validate(raw)
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
    for key, value in _kv(sets, "--set"):
        role, _, field = key.partition(".")
        if not field:
            raise typer.BadParameter(f"--set expects ROLE.KEY=VALUE, got {key!r}")
        if role not in roles:
            raise typer.BadParameter(f"--set {key}: give the role's model first (e.g. --{role} SPEC)")
        rc = roles[role]
        if field in _GEN_FIELDS:
            if field == "stop" and isinstance(value, str):
                value = [value]
            try:  # validated now: a bad value must not reach the manifest and make the folder unreadable
                generate = GenerateConfig.model_validate({**rc.generate.model_dump(), field: value})
            except ValueError as exc:
                raise typer.BadParameter(f"--set {key}={value!r}: {exc.errors()[0]['msg'] if hasattr(exc, 'errors') else exc}")
            rc = rc.model_copy(update={"generate": generate})
        else:
            rc = rc.model_copy(update={"args": {**rc.args, field: value}})
        roles[role] = rc
    opts = dict(config.options)
    opts.update(dict(_kv(options, "--option")))
    return config.model_copy(update={"roles": roles, "options": opts})


def _apply_prices(config: RunConfig, path: Path) -> RunConfig:
    """Attach each endpoint role's price from a table keyed by model name (cost per call in transcripts)."""
    from finprobe.core.models.pricing import load_price_table
    from finprobe.core.models.registry import parse_spec

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


def _run_one(config: RunConfig, out: Path | None, fresh: bool, cache: bool, progress: bool) -> Path:
    from finprobe.core.cache import ResponseCache
    from finprobe.core.runner import Runner
    from finprobe.report import print_summary

    runner = Runner(config, out or Path("."), fresh=fresh, cache=ResponseCache() if cache else None,
                    progress=progress)
    if out is None:
        samples = runner.load_samples()
        agent = runner.role_configs().get("agent")
        runner.out_dir = _default_out(config, agent.spec if agent else "none",
                                      runner.manifest_for(samples).fingerprint)
    result = run_async(runner.run())
    print_summary(console, runner.bench, result.metrics, title=f"{config.benchmark} — {runner.out_dir}")
    console.print(f"[dim]{result.n_ran} samples run, {result.n_resumed} resumed from the store, "
                  f"{result.n_errors} errors · stored in {runner.out_dir}[/dim]")
    return runner.out_dir


@app.command()
def run(
    benchmark: Optional[str] = typer.Argument(None, help="Family to run; omitted: the bundled demo suite."),
    data: Optional[str] = typer.Option(None, help="Data file or URL in the family's official format (default: bundled demo)."),
    mode: Optional[str] = typer.Option(None, help="Mode (see `finprobe list modes`)."),
    agent: Optional[str] = typer.Option(None, help="Agent model or baseline policy: local, openai:MODEL, reference, ..."),
    user: Optional[str] = typer.Option(None, help="User simulator: a component name or a model spec."),
    judge: Optional[str] = typer.Option(None, help="Judge: a component name or a model spec."),
    classifier: Optional[str] = typer.Option(None, help="Question classifier: a component or a model spec."),
    base_url: Optional[str] = typer.Option(None, help="Base URL for OpenAI-compatible roles."),
    api_key_env: Optional[str] = typer.Option(None, help="Name of the env variable holding the API key."),
    set_: list[str] = typer.Option([], "--set", help="ROLE.KEY=VALUE: generation (temperature, max_tokens, ...) or backend args."),
    option: list[str] = typer.Option([], "--option", "-O", help="Family option KEY=VALUE (e.g. corpus=PATH)."),
    corpus: Optional[str] = typer.Option(None, help="Passage corpus (ambiguity): shortcut for -O corpus=PATH."),
    limit: Optional[int] = typer.Option(None, help="Run only the first N samples."),
    concurrency: Optional[int] = typer.Option(None, help="Samples in flight at once (default 8)."),
    seed: Optional[int] = typer.Option(None, help="Run seed (default 0)."),
    sample_retries: Optional[int] = typer.Option(None, help="Retries of a sample whose model calls failed."),
    config_file: Optional[Path] = typer.Option(None, "--config", help="YAML run config; flags override it."),
    prices: Optional[Path] = typer.Option(None, help="Price table (YAML/JSON: model -> input/output USD per 1M tokens)."),
    out: Optional[Path] = typer.Option(None, help="Run folder (default: runs/<benchmark>-<mode>-<agent>-<hash>)."),
    fresh: bool = typer.Option(False, help="Start over in the run folder instead of resuming."),
    cache: bool = typer.Option(False, help="Use the response cache (~/.cache/finprobe)."),
    progress: bool = typer.Option(True, help="Show a progress bar."),
) -> None:
    """Run a benchmark (resumes an interrupted run in the same folder)."""
    from finprobe.benchmarks import available

    if corpus:
        option = [*option, f"corpus={corpus}"]
    names = [benchmark] if benchmark else available()
    for name in names:
        try:
            config = build_config(name, data=data, mode=mode, limit=limit, concurrency=concurrency, seed=seed,
                                  role_specs={"agent": agent, "user": user, "judge": judge, "classifier": classifier},
                                  base_url=base_url, api_key_env=api_key_env, sets=set_, options=option,
                                  config_file=config_file, sample_retries=sample_retries)
            if prices is not None:
                config = _apply_prices(config, prices)
            target = out if (out is None or benchmark) else out / name
            _run_one(config, target, fresh, cache, progress)
        except (ValueError, KeyError, FileNotFoundError, RuntimeError) as exc:
            err_console.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(2) from None


@app.command("list")
def list_(what: str = typer.Argument("all", help="benchmarks | modes | backends | policies | all")) -> None:
    """List benchmarks, their modes and baseline policies, and model backends."""
    from rich.table import Table

    from finprobe.benchmarks import get_benchmark, available
    from finprobe.core.models.registry import BACKENDS

    if what in ("benchmarks", "modes", "policies", "all"):
        table = Table(title="benchmarks")
        for col in ("benchmark", "modes", "baseline policies", "roles (default)"):
            table.add_column(col)
        for name in available():
            b = get_benchmark(name)
            table.add_row(name, "\n".join(m.name for m in b.modes()), "\n".join(p.name for p in b.policies()),
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
        for name in available():
            b = get_benchmark(name)
            for m in b.modes():
                console.print(f"[bold]{name}[/bold] / {m.name}: {m.description}")


@app.command()
def validate(benchmark: str, data: Optional[str] = typer.Option(None), mode: Optional[str] = typer.Option(None),
             option: list[str] = typer.Option([], "--option", "-O")) -> None:
    """Load and check a data set (and mode/options) without running anything."""
    from finprobe.benchmarks import get_benchmark

    bench = get_benchmark(benchmark)
    opts = dict(_kv(option, "--option"))
    try:
        bench.validate_options(mode, opts)
        samples = bench.load(data, opts)
    except (ValueError, FileNotFoundError) as exc:
        err_console.print(f"[red]invalid:[/red] {exc}")
        raise typer.Exit(2) from None
    skipped = sum(1 for s in samples if s.skip_reason)
    console.print(f"ok: {len(samples)} samples ({skipped} skipped by corrections)")


@app.command()
def report(run_dir: Path, format: str = typer.Option("table", help="table | json | csv | html"),
           output: Optional[Path] = typer.Option(None, help="Write to this file instead of stdout.")) -> None:
    """Summarise a stored run: terminal table, JSON metrics, CSV of samples, or an HTML report."""
    from finprobe.report import load_run, print_summary, samples_csv

    with _user_errors():
        run_ = load_run(run_dir)
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
        output.write_text(text, encoding="utf-8")
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
            seed: int = typer.Option(0), resamples: int = typer.Option(10000)) -> None:
    """Per-metric deltas between two runs on the same instances, with paired bootstrap p-values."""
    from finprobe.report.compare import compare_runs, print_comparison

    with _user_errors():
        result = compare_runs(run_a, run_b, seed=seed, n_resamples=resamples)
    if format == "json":
        sys.stdout.write(json.dumps(result, indent=2, ensure_ascii=False, default=str) + "\n")
    else:
        print_comparison(console, result)


@app.command()
def audit(benchmark: str, data: Optional[str] = typer.Option(None), format: str = typer.Option("table"),
          option: list[str] = typer.Option([], "--option", "-O")) -> None:
    """Audit a data set for reference defects (reasoning: human answer vs exe_ans, executor matches)."""
    from finprobe.benchmarks import get_benchmark

    bench = get_benchmark(benchmark)
    if not hasattr(bench, "audit"):
        err_console.print(f"[red]error:[/red] {benchmark} has no audit")
        raise typer.Exit(2)
    try:
        result = bench.audit(data, dict(_kv(option, "--option")))
    except (ValueError, FileNotFoundError) as exc:
        err_console.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
    if format == "json":
        sys.stdout.write(json.dumps(result, indent=2, ensure_ascii=False, default=str) + "\n")
    else:
        bench.print_audit(console, result)


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


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
