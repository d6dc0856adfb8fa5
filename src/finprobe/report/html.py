"""Self-contained HTML reports: one run (`render_html`) and a comparison of runs (`render_compare_html`).

One file each, with its CSS, script, plots (inline SVG) and data inside: it opens from disk, offline,
and can be mailed. Model output and data are text, never markup:
- page text goes through Jinja2's autoescaping;
- transcripts travel as JSON in a `<script type="application/json">` block with `<`, `>` and `&`
  written as \\u escapes (`_transcripts.script_json`), and the page's script writes them with
  `textContent` only;
- a Content-Security-Policy allows the page's own script (by its hash) and nothing else: no other
  script, no event-handler attribute, no network request, even if some text were to slip through.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from finprobe.core.display import TableData
from finprobe.core.schema import RoleConfig, SampleStatus
from finprobe.report._export import record_outcome
from finprobe.report._run import StoredRun
from finprobe.report._terminal import all_error_warning, epochs_table, usage_table
from finprobe.report._text import error_type
from finprobe.report._transcripts import browser_payload, dumps, record_detail, script_escape, script_json
from finprobe.report.plots import render_plots

__all__ = ["REPORT_NAME", "render_compare_html", "render_html", "write_run_report"]

#: the report `finprobe run` writes into each run folder
REPORT_NAME = "report.html"
#: errors and skips listed in full on the page (all of them stay in the transcript browser)
MAX_LISTED = 200
_SECRET_WORDS = ("key", "token", "secret", "password", "authorization")


@cache
def _asset(name: str) -> str:
    return (resources.files("finprobe.report") / "templates" / name).read_text(encoding="utf-8")


@cache
def _env() -> Environment:
    return Environment(loader=PackageLoader("finprobe.report", "templates"),
                       autoescape=select_autoescape(default=True, default_for_string=True),
                       trim_blocks=False, lstrip_blocks=False)


def _csp(script: str) -> str:
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
    return (f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'; img-src data:; "
            "font-src data:; connect-src 'none'; form-action 'none'; base-uri 'none'")


def _page(template: str, **context: Any) -> str:
    script = _asset("report.js")
    return _env().get_template(template).render(css=_asset("report.css"), script=script, csp=_csp(script),
                                                 **context)


def _redacted(args: Mapping[str, Any]) -> dict[str, Any]:
    """Backend arguments as shown: values under secret-looking names are hidden."""
    return {k: ("***" if any(w in k.lower() for w in _SECRET_WORDS) and k != "api_key_env" else v)
            for k, v in args.items()}


def _roles(run: StoredRun) -> list[dict[str, Any]]:
    configured = run.manifest.config.roles
    roles: dict[str, RoleConfig | None] = {name: None for name in run.bench.roles}
    roles.update({name: rc for name, rc in configured.items()})
    out = []
    for name, rc in roles.items():
        if rc is None:
            out.append({"role": name, "spec": run.bench.roles[name], "source": "family default", "endpoint": "",
                        "generate": "", "args": ""})
            continue
        endpoint = rc.base_url or ""
        if rc.api_key_env:
            endpoint += f" (key from ${rc.api_key_env})"
        generate = {k: v for k, v in rc.generate.model_dump(exclude_none=True).items() if k != "response_schema"}
        out.append({"role": name, "spec": rc.spec, "source": "run config", "endpoint": endpoint.strip(),
                    "generate": json.dumps(generate, ensure_ascii=False) if generate else "",
                    "args": json.dumps(_redacted(rc.args), ensure_ascii=False, default=str) if rc.args else ""})
    return out


def _manifest_rows(run: StoredRun) -> list[tuple[str, Any]]:
    m, cfg = run.manifest, run.manifest.config
    info = run.metrics.get("run") or {}
    cost = info.get("cost_usd")
    return [
        ("run id", m.run_id), ("fingerprint", m.fingerprint), ("benchmark", cfg.benchmark),
        ("family version", m.family_version), ("contract version", m.contract_version),
        ("mode", run.mode),
        ("protocol", cfg.protocol or "none"),
        ("structured output (whole run)", ", ".join(f"{r}: {v}" for r, v in (m.structured_output or {}).items())
         or "not negotiated (no endpoint role)"),
        ("data source", cfg.data or f"bundled demo set of {cfg.benchmark}"), ("data hash (sha256)", m.data_hash),
        ("samples in the data", m.n_samples), ("limit", cfg.limit or "none"), ("trials per sample (epochs)", cfg.epochs),
        ("stored trials", f"{info['n_stored'] if 'n_stored' in info else len(run.trials)} of "
                          f"{info.get('n_expected', '?')}"),
        ("seed (episodes and bootstrap)", cfg.seed), ("bootstrap seed used here", run.settings.seed),
        ("bootstrap", f"{run.settings.n_resamples} resamples, {run.settings.confidence:.0%} percentile intervals"),
        ("scorer version", m.scorer_version), ("finprobe", m.package_version),
        ("git revision", m.git_revision or "unknown"), ("python", m.python or "unknown"),
        ("total cost (USD)", "-" if cost is None else f"{cost:.4f}"),
        ("created", m.created_at.isoformat()), ("run folder", str(run.path)),
    ]


def _tables(run: StoredRun, extra: Sequence[TableData]) -> list[TableData]:
    tables = list(run.bench.summary_tables(run.metrics))
    epochs = epochs_table(run.metrics)
    if epochs is not None:
        tables.append(epochs)
    return [*tables, *extra]


def render_html(run: StoredRun, *, extra_tables: Sequence[TableData] = ()) -> str:
    """The run's report as one HTML document (see the module docstring for what it holds)."""
    page, data = _run_page(run, extra_tables)
    before, _, after = page.rpartition(_DATA_MARK)  # the last: only our script follows it
    return before + script_escape(data) + after


#: where the page's data goes (`_run_page`): the page is rendered around it, the data written in pieces
_DATA_MARK = "\x00finprobe-data\x00"
#: characters of the page's data escaped and written at once
_WRITE_CHARS = 1 << 20


def _run_page(run: StoredRun, extra_tables: Sequence[TableData]) -> tuple[str, str]:
    """The page with `_DATA_MARK` where its data goes, and the data as JSON text (not yet `script_escape`d):
    a large run's report is written without its data (tens of megabytes) ever being copied whole."""
    cfg = run.manifest.config
    info = run.metrics.get("run") or {}
    errors: list[dict[str, Any]] = []
    skipped: list[dict[str, Any]] = []
    first_trials = 0

    def seen(r: Any) -> None:  # one pass over the records, streamed from the store with the transcripts'
        nonlocal first_trials
        first_trials += r.epoch == 1
        if r.status == SampleStatus.error:
            errors.append({"id": r.sample_id, "epoch": r.epoch, "error": r.error or "unknown error"})
        elif r.status == SampleStatus.skipped and r.epoch == 1:
            skipped.append({"id": r.sample_id, "reason": (r.score.reason if r.score else None) or r.error or "skipped"})

    payload = {"browsers": {"transcripts": browser_payload(run.stream_trials(), run.bench.success, target_of(run), seen=seen)}}
    payload["strings"] = payload["browsers"]["transcripts"].pop("strings")
    text = dumps(payload)
    del payload  # from here on the JSON text holds the episodes
    types = Counter(error_type(e["error"]) or "unknown" for e in errors)
    agent = {**run.bench.roles, **{k: v.spec for k, v in cfg.roles.items()}}.get("agent", "-")
    incomplete = (f"{info['n_stored']} of {info['n_expected']} trials stored ({info['n_missing']} missing); "
                  "run the same command again to finish it") if info.get("n_missing") else ""
    return _page(
        "run.html.j2",
        title=f"finprobe · {cfg.benchmark} · {run.manifest.run_id}", manifest=run.manifest, agent=agent, mode=run.mode,
        n_samples=first_trials, incomplete=incomplete, all_error=all_error_warning(run.metrics),
        tables=_tables(run, extra_tables),
        plots=render_plots(run.bench.plots(run.metrics)), manifest_rows=_manifest_rows(run), roles=_roles(run),
        usage=usage_table(run.metrics), options=sorted(run.manifest.options.items()),
        versions=sorted(run.manifest.versions.items()), errors=errors, error_types=types.most_common(),
        skipped=skipped, max_listed=MAX_LISTED,
        metrics_json=json.dumps(run.metrics, indent=1, ensure_ascii=False, default=str),
        data_json=_DATA_MARK,
    ), text


def target_of(run: StoredRun) -> Any:
    """The gold answer of a sample of `run` by id (the family's `target`; None when the data no longer loads)."""
    samples = run.samples or {}

    def target(sample_id: str) -> str | list[str] | None:
        sample = samples.get(sample_id)
        return None if sample is None else run.bench.target(sample)

    return target


def _gold_text(target: str | list[str] | None) -> str | None:
    return " · ".join(target) if isinstance(target, list) else target


def write_run_report(run: StoredRun, path: str | Path | None = None, *,
                     extra_tables: Sequence[TableData] = ()) -> Path:
    """Write the run's HTML report (by default `report.html` in the run folder); returns its path."""
    target = Path(path) if path is not None else run.path / REPORT_NAME
    page, data = _run_page(run, extra_tables)
    before, _, after = page.rpartition(_DATA_MARK)  # the last: only our script follows it
    with open(target, "w", encoding="utf-8") as fh:
        fh.write(before)
        for start in range(0, len(data), _WRITE_CHARS):  # the escapes are of single characters: piecewise is whole
            fh.write(script_escape(data[start:start + _WRITE_CHARS]))
        fh.write(after)
    return target


# --------------------------------------------------------------------------- comparison
def _flip_browser(result: Mapping[str, Any], pair: Mapping[str, Any], runs: Sequence[StoredRun]) -> dict[str, Any]:
    """The flipped samples of one pair as a browser: index entries and both runs' episodes side by side."""
    a, b = runs[pair["a"]], runs[pair["b"]]
    trials_a = {(r.sample_id, r.epoch): r for r in a.trials}
    trials_b = {(r.sample_id, r.epoch): r for r in b.trials}
    labels = [result["runs"][pair["a"]]["label"], result["runs"][pair["b"]]["label"]]
    gold_a, gold_b = target_of(a), target_of(b)
    index, details = [], []
    for kind in ("wrong_to_right", "right_to_wrong"):
        for flip in pair["flips"][kind]:
            key = (flip["id"], flip["epoch"])
            ra, rb = trials_a.get(key), trials_b.get(key)
            index.append({
                "id": flip["id"], "epoch": flip["epoch"],
                "outcome": f"{flip['a']['outcome']}→{flip['b']['outcome']}",
                "reason": f"A: {flip['a']['reason'] or '-'} | B: {flip['b']['reason'] or '-'}",
                "error": None, "error_type": None, "end": None,
                "answer": f"A: {flip['a']['answer'] or '-'} | B: {flip['b']['answer'] or '-'}",
                "target": _gold_text(gold_a(flip["id"])),
                "meta": {k: v for k, v in flip["meta"].items() if isinstance(v, (str, int, float, bool, list))},
            })
            details.append(dumps({"labels": labels, "runs": [
                None if ra is None else record_detail(ra, success=a.bench.success, target=gold_a(flip["id"])),
                None if rb is None else record_detail(rb, success=b.bench.success, target=gold_b(flip["id"]))]}))
    filters = []
    outcomes = Counter(e["outcome"] for e in index)
    if outcomes:
        filters.append({"key": "outcome", "label": "flip", "meta": False, "values": sorted(map(list, outcomes.items()))})
    return {"index": index, "details": details, "filters": filters,
            "epochs": max((e["epoch"] for e in index), default=1)}


def render_compare_html(result: Mapping[str, Any], runs: Sequence[StoredRun]) -> str:
    """A comparison (`finprobe.report.compare.compare_loaded`) as one HTML document: the runs side by side,
    paired deltas with p-values against the first run, and each pair's flipped samples with both episodes."""
    browsers = {f"flips-{i}": _flip_browser(result, pair, runs) for i, pair in enumerate(result["pairs"])}
    return _page("compare.html.j2", title=f"finprobe · compare {len(runs)} {result['benchmark']} runs",
                 result=result, data_json=script_json({"browsers": browsers, "strings": []}))


def outcome_counts(run: StoredRun) -> dict[str, int]:
    """How the run's trials ended (pass / fail / error / skipped / unscored)."""
    return dict(Counter(record_outcome(r, run.bench.success) for r in run.trials))
