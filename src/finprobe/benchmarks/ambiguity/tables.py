"""What an ambiguity run shows, as plain data: headline metrics with CIs, taxonomy, breakdowns, judge, plots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from finprobe.core.benchmark import MetricInfo
from finprobe.core.display import PlotData, Series, TableData

_LABELS = {
    "accuracy": "accuracy", "any_valid": "any-valid accuracy", "overstatement": "overstatement (any-valid / accuracy)",
    "default_capture": "default-capture", "interaction_rate": "IR (asked >= 1)",
    "rounds": "Round (asks/instance)", "mean_actions": "actions/instance", "mean_steps": "steps/instance (all)", "ac1_touch": "AC@1 touch",
    "ac1_central": "AC@1 central", "generic_ask_rate": "generic-ask rate", "none_ask_rate": "not-about-intent rate",
    "wrong_category_rate": "wrong-category rate",
    "ece": "ECE (5 bins)", "dise_plus": "DisE+",
}
#: which direction of each metric is better (absent: neither, e.g. how often an agent asks)
_BETTER: dict[str, Literal["higher", "lower"]] = {
    "accuracy": "higher", "any_valid": "higher", "default_capture": "lower", "ac1_touch": "higher",
    "ac1_central": "higher", "generic_ask_rate": "lower", "none_ask_rate": "lower", "wrong_category_rate": "lower",
    "ece": "lower", "dise_plus": "higher"}
_RATES = {"accuracy", "any_valid", "default_capture", "interaction_rate", "ac1_touch", "ac1_central", "generic_ask_rate",
          "none_ask_rate", "wrong_category_rate"}
_BREAKDOWNS = (("by_language", "language"), ("by_category", "primary category"), ("by_h0", "H0"),
               ("by_source", "source"))


def metric_info() -> dict[str, MetricInfo]:
    """Each headline metric's label (as in the summary table) and its better direction."""
    return {name: MetricInfo(label=label, better=_BETTER.get(name)) for name, label in _LABELS.items()}


def _fmt(name: str, value: Any) -> str:
    if value is None:
        return "-"
    if name == "overstatement":
        return f"{value:.2f}x"
    return f"{100 * value:.1f}%" if name in _RATES else f"{value:.3f}"


def _labelled_cell(metrics: Mapping[str, Any]) -> str:
    """Answers stating both readings' values: how many label A as the answer, how many A_d, how many say neither,
    and the hedge rule that graded them (strict: all hedges, wrong; labelled: the labelled ones for their reading)."""
    counts = metrics.get("both_readings") or metrics.get("labelled_readings") or {}
    return (f"{counts.get('intended', 0)} / {counts.get('default', 0)} / {counts.get('unlabelled', 0)} "
            f"({metrics.get('hedge_rule', 'strict')})")


def _both_readings_cell(published: Mapping[str, Any]) -> str:
    """The published verdicts on answers stating both readings' values, by kind: correct of n."""
    kinds = published.get("both_readings") or {}
    return "; ".join(f"{kind} {k['published_correct']}/{k['n']}" for kind, k in kinds.items() if k["n"]) or "-"


def summary_tables(metrics: Mapping[str, Any]) -> list[TableData]:
    tables: list[TableData] = []
    notes = {"ac1_touch": f"over {metrics.get('ac1_n', 0)} askers",
             "ac1_central": f"over {metrics.get('ac1_n', 0)} askers",
             "generic_ask_rate": f"over {metrics.get('n_questions', 0)} questions",
             "none_ask_rate": f"over {metrics.get('n_questions', 0)} questions",
             "wrong_category_rate": f"over {metrics.get('n_questions', 0)} questions",
             "ece": "coverage " + _fmt("accuracy", metrics.get("ece_coverage")),
             "overstatement": metrics.get("overstatement_note") or "",
             "accuracy": "intended: the target reading" if metrics.get("domain") == "general" else ""}
    rows: list[list[Any]] = []
    for name, label in _LABELS.items():
        lo, hi = metrics.get(f"{name}_ci_low"), metrics.get(f"{name}_ci_high")
        ci = "-" if lo is None or hi is None else f"{_fmt(name, lo)} - {_fmt(name, hi)}"
        rows.append([label, _fmt(name, metrics.get(name)), ci, notes.get(name, "")])
    domain = " (AmbigQA, general domain)" if metrics.get("domain") == "general" else ""
    tables.append(TableData(
        title=f"ambiguity{domain}: {metrics.get('n_scored', 0)} scored of {metrics.get('n', 0)} "
              f"({metrics.get('errors', 0)} errors)",
        columns=["metric", "value", "95% CI", "note"], rows=rows, align=["left", "right", "right", "left"]))

    labels = list((metrics.get("taxonomy") or {}).keys())
    outcomes = ", ".join(f"{k} {v}" for k, v in (metrics.get("outcomes") or {}).items())
    tables.append(TableData(
        title="error taxonomy" + (" (E6 from the paired template-oracle run)" if metrics.get("taxonomy_paired")
                                  else " (E6 needs -O paired_template_oracle=RUN)"),
        columns=[*labels, "non-committal", "hedges (wrong)", "both readings stated (A labelled / A_d labelled / unlabelled)",
                 "year-label conflicts (right)", "outcomes"],
        rows=[[*(metrics["taxonomy"][k] for k in labels), metrics.get("non_committal", 0), metrics.get("hedges", 0),
               _labelled_cell(metrics), metrics.get("year_label_conflicts", 0), outcomes]]))

    if metrics.get("domain") in ("general", "mixed"):
        tables += _general_tables(metrics)
    for key, title in _BREAKDOWNS:
        groups = metrics.get(key) or {}
        if not groups:
            continue
        tables.append(TableData(
            title=f"by {title}",
            columns=[title, "n", "accuracy", "default-capture", "IR", "Round", "AC@1 touch", "DisE+"],
            rows=[[name, g["n"], _fmt("accuracy", g["accuracy"]), _fmt("default_capture", g["default_capture"]),
                   _fmt("interaction_rate", g["interaction_rate"]), _fmt("rounds", g["rounds"]),
                   _fmt("ac1_touch", g["ac1_touch"]), _fmt("dise_plus", g["dise_plus"])] for name, g in groups.items()]))

    sim = metrics.get("simulator")
    if sim:
        measured = sim.get("measured_on_real_questions")
        where = ("not measured here: `finprobe judges ambiguity --user SPEC` measures an LLM simulator"
                 if not measured else _simulator_agreement(measured))
        tables.append(TableData(
            title="user simulator (which answered the asks; `finprobe judges ambiguity` measures it)",
            columns=["simulator", "replies", "from a rule it is unsure of", "measured agreement on real questions"],
            rows=[[", ".join(f"{k} ({v})" for k, v in sim["methods"].items()), sim["replies"],
                   sim["unsure_rule_replies"], where]]))
    published = metrics.get("published_grader")
    if published:
        tables.append(TableData(
            title=f"finprobe's grader vs the published verdicts ({published['n']} imported answers; metrics use "
                  f"the {metrics.get('grader', 'finprobe')} grader)",
            columns=["agreement", "agreement (labelled hedge rule)", "agreement (default-capture)",
                     "accuracy (published)", "accuracy (finprobe)", "both readings stated: published correct",
                     "disagreements"],
            rows=[[_fmt("accuracy", published["agreement"]),
                   _fmt("accuracy", published.get("agreement_labelled_hedge_rule")),
                   _fmt("accuracy", published["agreement_default_capture"]),
                   _fmt("accuracy", published["accuracy_published"]), _fmt("accuracy", published["accuracy_finprobe"]),
                   _both_readings_cell(published), len(published["disagreements"])]]))
    judge = metrics.get("judge")
    if judge:
        tables.append(TableData(
            title=f"LLM judge vs deterministic grading ({judge['n_judged']} judged, {len(judge['unscored'])} unscored)",
            columns=["judge accuracy", "agreement (intended)", "agreement (default)", "disagreements"],
            rows=[[_fmt("accuracy", judge["accuracy_judge"]), _fmt("accuracy", judge["agreement_intended"]),
                   _fmt("accuracy", judge["agreement_default"]), len(judge["disagreements"])]]))
        if judge["disagreements"]:
            tables.append(TableData(
                title="judge disagreements", columns=["id", "reading", "deterministic", "judge"],
                rows=[[d["id"], d["reading"], str(d["deterministic"]), str(d["judge"])]
                      for d in judge["disagreements"][:20]], align=["left"] * 4))
    return tables


def _general_tables(metrics: Mapping[str, Any]) -> list[TableData]:
    """AmbigQA runs: the single-gold illusion in one row (the paper's Table 8 columns), the data, by readings."""
    def ci(name: str) -> str:
        lo, hi = metrics.get(f"{name}_ci_low"), metrics.get(f"{name}_ci_high")
        kind = "accuracy" if name != "overstatement" else name
        return f"{_fmt(kind, metrics.get(name))} [{_fmt(kind, lo)}, {_fmt(kind, hi)}]"

    tables = [TableData(
        title=f"the single-gold illusion (target rule: {metrics.get('target_rule') or '-'})",
        columns=["intended", "any-valid", "overstatement", "default-capture", "ask rate", "EM (target)",
                 "F1 (target)"],
        rows=[[ci("accuracy"), ci("any_valid"), ci("overstatement"), ci("default_capture"), ci("interaction_rate"),
               _fmt("accuracy", metrics.get("em_intended")), _fmt("accuracy", metrics.get("f1_intended"))]])]
    conversion = metrics.get("conversion")
    if conversion:
        skipped = conversion.get("skipped") or {}
        tables.append(TableData(
            title=f"data: {conversion.get('records')} records of {conversion.get('file')}",
            columns=["instances", *(f"skipped: {k}" for k in skipped), "this run"],
            rows=[[conversion.get("instances"), *skipped.values(), metrics.get("n")]]))
    groups = metrics.get("by_readings") or {}
    if groups:
        tables.append(TableData(
            title="by number of readings", columns=["readings", "n", "intended", "any-valid", "default-capture", "IR"],
            rows=[[k, g["n"], _fmt("accuracy", g["accuracy"]), _fmt("any_valid", g["any_valid"]),
                   _fmt("default_capture", g["default_capture"]), _fmt("interaction_rate", g["interaction_rate"])]
                  for k, g in groups.items()]))
    return tables


def plots(metrics: Mapping[str, Any]) -> list[PlotData]:
    """Accuracy and default-capture per primary category, accuracy vs H0, the taxonomy, the reliability diagram."""
    out: list[PlotData] = []
    cats = metrics.get("by_category") or {}
    if cats:
        out.append(PlotData(kind="bar", title="accuracy and default-capture by primary category",
                            categories=list(cats), x_label="primary category", y_label="share", y_range=(0.0, 1.0),
                            source="by_category",
                            series=[Series(name="accuracy", values=[g["accuracy"] for g in cats.values()]),
                                    Series(name="default-capture", values=[g["default_capture"] for g in cats.values()])]))
    h0 = metrics.get("by_h0") or {}
    if h0:
        out.append(PlotData(kind="line", title="accuracy vs H0", categories=list(h0), x_label="H0 (bits)",
                            y_label="accuracy", y_range=(0.0, 1.0), source="by_h0",
                            series=[Series(name="accuracy", values=[g["accuracy"] for g in h0.values()])]))
    if metrics.get("domain") in ("general", "mixed") and metrics.get("accuracy") is not None:
        out.append(PlotData(kind="bar", title="the single-gold illusion: intended vs any-valid accuracy",
                            categories=["intended", "any-valid", "default-capture"], y_label="share",
                            y_range=(0.0, 1.0), source="accuracy",
                            series=[Series(name="this run", values=[metrics.get("accuracy"), metrics.get("any_valid"),
                                                                    metrics.get("default_capture")])]))
    tax = metrics.get("taxonomy") or {}
    if tax:
        out.append(PlotData(kind="stacked_bar", title="error taxonomy", categories=["run"], y_label="instances",
                            source="taxonomy", series=[Series(name=k, values=[float(v)]) for k, v in tax.items()]))
    bins = metrics.get("ece_bins") or []
    if bins and any(b.get("count") for b in bins):
        out.append(PlotData(kind="reliability", title=f"reliability (ECE {_fmt('ece', metrics.get('ece'))})",
                            categories=[f"{b['lo']:.1f}-{b['hi']:.1f}" for b in bins], x_label="confidence",
                            y_label="accuracy", y_range=(0.0, 1.0), source="ece_bins",
                            series=[Series(name="accuracy", values=[b["accuracy"] for b in bins]),
                                    Series(name="mean confidence", values=[b["mean_confidence"] for b in bins])]))
    return out


def _simulator_agreement(measured: dict[str, Any]) -> str:
    """The catalogued agreement of the deterministic simulator, as one cell: the held-out figure first (an
    estimate for unseen questions), then the figure on the set its rules were fitted to (an upper bound)."""
    head = (f"{measured['agree']}/{measured['n']} = {measured['rate']:.3f} on sure labels of {measured['set']} "
            f"(EN {measured['by_language']['en']:.3f}, ZH {measured['by_language']['zh']:.3f}; "
            f"{measured['wrong_yes']} wrong yes")
    if not measured.get("held_out"):
        return f"{head}; rules were fitted to this set, so an upper bound); first blind measurement {measured.get('first_blind')}"
    text = f"{head}; held out: no rule was fitted to it)"
    fitted = measured.get("fitted_set")
    if fitted:
        text += (f"; {fitted['agree']}/{fitted['n']} = {fitted['rate']:.3f} on {fitted['set']}, which the rules were "
                 f"fitted to (an upper bound)")
    return text
