"""Terminal tables for an ambiguity run (rich): headline metrics with CIs, taxonomy, breakdowns, judge."""

from __future__ import annotations

from typing import Any

from rich.table import Table

_LABELS = {
    "accuracy": "accuracy", "default_capture": "default-capture", "interaction_rate": "IR (asked >= 1)",
    "rounds": "Round (asks/instance)", "mean_actions": "actions/instance", "ac1_touch": "AC@1 touch",
    "ac1_central": "AC@1 central", "generic_ask_rate": "generic-ask rate", "wrong_category_rate": "wrong-category rate",
    "ece": "ECE (5 bins)", "dise_plus": "DisE+",
}
_RATES = {"accuracy", "default_capture", "interaction_rate", "ac1_touch", "ac1_central", "generic_ask_rate",
          "wrong_category_rate"}


def _fmt(name: str, value: Any) -> str:
    if value is None:
        return "-"
    return f"{100 * value:.1f}%" if name in _RATES else f"{value:.3f}"


def summary_tables(metrics: dict[str, Any]) -> list[Any]:
    tables: list[Any] = []
    head = Table(title=f"ambiguity: {metrics.get('n_scored', 0)} scored of {metrics.get('n', 0)} "
                       f"({metrics.get('errors', 0)} errors)")
    for col in ("metric", "value", "95% CI", "note"):
        head.add_column(col, justify="left" if col in ("metric", "note") else "right")
    notes = {"ac1_touch": f"over {metrics.get('ac1_n', 0)} askers", "ac1_central": f"over {metrics.get('ac1_n', 0)} askers",
             "generic_ask_rate": f"over {metrics.get('n_questions', 0)} questions",
             "wrong_category_rate": f"over {metrics.get('n_questions', 0)} questions",
             "ece": "coverage " + _fmt("accuracy", metrics.get("ece_coverage"))}
    for name, label in _LABELS.items():
        lo, hi = metrics.get(f"{name}_ci_low"), metrics.get(f"{name}_ci_high")
        ci = "-" if lo is None or hi is None else f"{_fmt(name, lo)} - {_fmt(name, hi)}"
        head.add_row(label, _fmt(name, metrics.get(name)), ci, notes.get(name, ""))
    tables.append(head)

    tax = Table(title="error taxonomy" + (" (E6 from the paired template-oracle run)" if metrics.get("taxonomy_paired")
                                          else " (E6 needs -O paired_template_oracle=RUN)"))
    labels = list((metrics.get("taxonomy") or {}).keys())
    for label in labels + ["non-committal", "outcomes"]:
        tax.add_column(label, justify="right")
    outcomes = ", ".join(f"{k} {v}" for k, v in (metrics.get("outcomes") or {}).items())
    tax.add_row(*[str(metrics["taxonomy"][k]) for k in labels], str(metrics.get("non_committal", 0)), outcomes)
    tables.append(tax)

    for key, title in (("by_language", "language"), ("by_category", "primary category"), ("by_h0", "H0"),
                       ("by_source", "source")):
        groups = metrics.get(key) or {}
        if not groups:
            continue
        t = Table(title=f"by {title}")
        for col in (title, "n", "accuracy", "default-capture", "IR", "Round", "AC@1 touch", "DisE+"):
            t.add_column(col, justify="left" if col == title else "right")
        for name, g in groups.items():
            t.add_row(name, str(g["n"]), _fmt("accuracy", g["accuracy"]), _fmt("default_capture", g["default_capture"]),
                      _fmt("interaction_rate", g["interaction_rate"]), _fmt("rounds", g["rounds"]),
                      _fmt("ac1_touch", g["ac1_touch"]), _fmt("dise_plus", g["dise_plus"]))
        tables.append(t)

    judge = metrics.get("judge")
    if judge:
        t = Table(title=f"LLM judge vs deterministic grading ({judge['n_judged']} judged, "
                        f"{len(judge['unscored'])} unscored)")
        for col in ("judge accuracy", "agreement (intended)", "agreement (default)", "disagreements"):
            t.add_column(col, justify="right")
        t.add_row(_fmt("accuracy", judge["accuracy_judge"]), _fmt("accuracy", judge["agreement_intended"]),
                  _fmt("accuracy", judge["agreement_default"]), str(len(judge["disagreements"])))
        tables.append(t)
        if judge["disagreements"]:
            d = Table(title="judge disagreements")
            for col in ("id", "reading", "deterministic", "judge"):
                d.add_column(col)
            for item in judge["disagreements"][:20]:
                d.add_row(item["id"], item["reading"], str(item["deterministic"]), str(item["judge"]))
            tables.append(d)
    return tables
