"""Which hedge rule the published FinInteract grader applies to answers that state both readings' values (issue 23).

    python bench/ambiguity_hedge_rules.py [--release ../shared/data/fininteract] [--show] [--format json]

Grades every published row with finprobe's grader (the answer alone, as `finprobe import ambiguity-results` does)
and compares the verdicts with the published ones. For the answers that state both readings' values (A and A_d) it
reads answer-side features that a principled hedge rule could rest on, tabulates the published verdicts by each,
and measures candidate rules over all rows (strict grading on every other row):

- `labelled`: the label of A names the intended reading and no label of A_d does (`Grade.labelled_readings`);
- `committed`: the answer commits (no question back, no "for reference", "cannot determine", 无法 / 供参考 …);
- `intended_first`: A is stated before A_d (the first-stated value, the sentence's headline, is A);
- `intended_of_which` / `default_of_which`: the value is framed as a part of the other ("其中 …", "of which",
  "including", 包括 just before it);
- `default_label_names_default`: the label of A_d names the default reading ("合并", "含少数股东损益") rather than the
  bare metric;
- `third_figure`: a third candidate figure beside A and A_d ("归母 … 扣非 …", a total and its parts);
- `year_ok`: every year the answer names is a year of the intended reading's period.

It also reports the best agreement any rule over these features could reach when fitted to these very rows (the
majority verdict in each feature cell: an optimistic ceiling), and groups the answers by their sentence template
(company, figures and years masked) and by instance: one template with both verdicts shows that no answer-side rule
can match the published grader there, and one instance with both verdicts that no rule reading the instance can. Exit status 0 when no candidate rule agrees more than the strict rule.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from finprobe.benchmarks.ambiguity.grading import _figure_labels, _names_reading, _period_years, grade_answer
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance, load_instances
from finprobe.benchmarks.ambiguity.published import parse_results
from finprobe.core.numbers import classify_numbers, extract_years, parse_number, same_figure

RESULTS = ("eval_gpt5_gpt4o.dev.jsonl", "eval_gpt5mini.dev.jsonl", "eval_forced4_gpt-5.dev.jsonl")
DEFAULT_RELEASE = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "fininteract"
#: the roles of `classify_numbers` that state a figure (as `grading._states_both` reads them)
STATED = ("candidate", "period", "per_unit", "share", "count", "operand", "other_metric")
NOT_COMMITTED = re.compile(r"[?？]|无法|未指明|未能|供参考|参考：|以公司年报为准|for reference|could you|please specify"
                           r"|cannot determine", re.I)
PART_OF = re.compile(r"(?:其中|包括|of which|including|includes|comprising|comprises)[^0-9]{0,40}$", re.I)
FEATURES = ("labelled", "committed", "intended_first", "intended_of_which", "default_of_which",
            "default_label_names_default", "third_figure", "year_ok")


def features(inst: AmbiguityInstance, answer: str, labelled: str | None) -> dict[str, Any]:
    """The answer-side features of an answer that states both A and A_d (see the module docstring)."""
    assert inst.default_answer is not None
    ra, rd = parse_number(inst.answer), parse_number(inst.default_answer)
    assert ra is not None and rd is not None
    stated = [c for c in classify_numbers(answer) if c.role in STATED]
    pos_a = [c.number.start for c in stated if same_figure(c.number, ra)]
    pos_d = [c.number.start for c in stated if same_figure(c.number, rd)]
    third = [c for c in stated if c.role == "candidate" and not same_figure(c.number, ra) and not same_figure(c.number, rd)]
    labels_d = _figure_labels(answer, inst.default_answer)
    # years named by the answer, not the digits of its figures ("2023年", "fiscal 2024")
    years = {y for y in extract_years(re.sub(r"\d+(?:\.\d+)?\s*(?:亿元|万元|元|billion|million|[BM]\b)", "", answer))}
    period_years = _period_years(inst.intended_interpretation)
    return {
        "labelled": labelled or "none",
        "committed": not NOT_COMMITTED.search(answer),
        "intended_first": min(pos_a) < min(pos_d),
        "intended_of_which": any(PART_OF.search(answer[max(0, p - 60):p]) for p in pos_a),
        "default_of_which": any(PART_OF.search(answer[max(0, p - 60):p]) for p in pos_d),
        "default_label_names_default": any(_names_reading(x, inst.default_interpretation, inst.intended_interpretation)
                                           for x in labels_d),
        "third_figure": bool(third),
        "year_ok": not years or not period_years or years <= period_years,
    }


def template(inst: AmbiguityInstance, answer: str) -> str:
    """The answer's sentence with the company, figures and years masked (to find identical phrasings)."""
    text = answer
    for name in filter(None, [inst.company, inst.ticker]):
        text = text.replace(name, "<C>")
    text = re.sub(r"^\S{2,6}?(?=(?:在)?\d{4}年|最新的)", "<C>", text)  # a short company name opening the sentence
    return re.sub(r"\d+(?:\.\d+)?", "#", text)


def load(release: Path) -> list[dict[str, Any]]:
    insts = {i.instance_id: i for i in load_instances(release / "final" / "fininteract_v1.dev.jsonl")}
    rows = []
    for name in RESULTS:
        for r in parse_results(release / "results" / name):
            inst = insts[r.instance_id]
            g = grade_answer(inst, r.final_answer, answered=r.final_answer is not None)
            row = {"id": r.instance_id, "model": r.model, "mode": r.mode, "forced_n": r.forced_n,
                   "published": r.correct, "published_dc": bool(r.default_captured),
                   "strict": g.correct, "strict_dc": g.default_captured, "both": g.hedge_both_readings,
                   "labelled": g.labelled_readings, "answer": r.final_answer or "", "verdict": g.verdict_intended}
            if g.hedge_both_readings:
                row["features"] = features(inst, row["answer"], g.labelled_readings)
                row["template"] = template(inst, row["answer"])
            rows.append(row)
    return rows


#: candidate rules: the verdict each gives an answer stating both readings ("correct", "default" = default-captured,
#: "hedge" = wrong against both); every other answer keeps the strict grader's verdicts
RULES: dict[str, Callable[[dict[str, Any]], str]] = {
    "strict (all hedges)": lambda f: "hedge",
    "labelled": lambda f: "correct" if f["labelled"] == "intended" else "hedge",
    "labelled, committed": lambda f: "correct" if f["labelled"] == "intended" and f["committed"] else "hedge",
    "labelled, committed, year ok":
        lambda f: "correct" if f["labelled"] == "intended" and f["committed"] and f["year_ok"] else "hedge",
    "labelled, A stated last": lambda f: "correct" if f["labelled"] == "intended" and not f["intended_first"] else "hedge",
    "labelled, A stated first": lambda f: "correct" if f["labelled"] == "intended" and f["intended_first"] else "hedge",
    "labelled, A framed as 'of which'":
        lambda f: "correct" if f["labelled"] == "intended" and f["intended_of_which"] else "hedge",
    "labelled, A_d framed as 'of which'":
        lambda f: "correct" if f["labelled"] == "intended" and f["default_of_which"] else "hedge",
    "labelled, A_d's label names its reading":
        lambda f: "correct" if f["labelled"] == "intended" and f["default_label_names_default"] else "hedge",
    "labelled, committed, A_d's label names its reading":
        lambda f: "correct" if f["labelled"] == "intended" and f["committed"] and f["default_label_names_default"]
        else "hedge",
    "labelled, no third figure":
        lambda f: "correct" if f["labelled"] == "intended" and not f["third_figure"] else "hedge",
    "labelled, third figure": lambda f: "correct" if f["labelled"] == "intended" and f["third_figure"] else "hedge",
    "the first-stated value is the answer": lambda f: "correct" if f["intended_first"] else "default",
}


def study(rows: list[dict[str, Any]]) -> dict[str, Any]:
    both = [r for r in rows if r["both"]]
    n = len(rows)
    rest = sum(r["strict"] == r["published"] for r in rows if not r["both"])
    by_feature: dict[str, dict[str, list[int]]] = {}
    for key in (*FEATURES, "model", "mode"):
        cells: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for r in both:
            value = r["features"][key] if key in r["features"] else r[key]
            cells[str(value)][0 if r["published"] else 1] += 1
        by_feature[key] = {k: {"published_correct": a, "published_wrong": w} for k, (a, w) in sorted(cells.items())}
    rest_dc = sum(r["strict_dc"] == r["published_dc"] for r in rows if not r["both"])
    rules = {}
    for name, verdict_of in RULES.items():
        verdicts = [(r, verdict_of(r["features"])) for r in both]
        agree = rest + sum((v == "correct") == r["published"] for r, v in verdicts)
        agree_dc = rest_dc + sum((v == "default") == r["published_dc"] for r, v in verdicts)
        taken = [r for r, v in verdicts if v == "correct"]
        rules[name] = {"agree": agree, "n": n, "rate": agree / n, "agree_default_capture": agree_dc,
                       "accepts": len(taken), "accepts_published_correct": sum(r["published"] for r in taken)}
    cells: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0])
    for r in both:
        cells[tuple(r["features"][k] for k in FEATURES)][0 if r["published"] else 1] += 1
    ceiling = rest + sum(max(a, w) for a, w in cells.values())
    templates: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in both:
        templates[r["template"]].append(r)
    instances: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in both:
        if r["features"]["labelled"] == "intended":
            instances[r["id"]].append(r)
    # the same instance (same C, same interpretations, same reference values) with both verdicts: not even a rule that
    # reads the instance as well as the answer can follow the published grader there
    same_instance = [{"id": i, "verdicts": [f"{r['model']} {r['mode']}: {'correct' if r['published'] else 'wrong'}"
                                            for r in g]}
                     for i, g in sorted(instances.items()) if len({r["published"] for r in g}) > 1]
    split = [{"template": t, "published_correct": sum(r["published"] for r in g),
              "published_wrong": sum(not r["published"] for r in g),
              "answers": [f"{r['id']} {r['model']} {r['mode']}" for r in g]}
             for t, g in templates.items() if len(g) > 1]
    others = [{"id": r["id"], "model": r["model"], "mode": r["mode"], "published": r["published"],
               "finprobe": r["strict"], "verdict": r["verdict"], "answer": r["answer"][:200]}
              for r in rows if not r["both"] and r["strict"] != r["published"]]
    return {
        "n_rows": n, "both_readings": len(both),
        "both_readings_published_correct": sum(r["published"] for r in both),
        "both_readings_published_default_captured": sum(r["published_dc"] for r in both),
        "by_kind": {k: {"n": sum(1 for r in both if (r["labelled"] or "unlabelled") == k),
                        "published_correct": sum(r["published"] for r in both if (r["labelled"] or "unlabelled") == k)}
                    for k in ("intended", "default", "unlabelled")},
        "by_feature": by_feature, "rules": rules,
        "fitted_ceiling": {"agree": ceiling, "n": n, "rate": ceiling / n, "cells": len(cells),
                           "mixed_cells": sum(1 for a, w in cells.values() if a and w)},
        "templates": split, "same_instance_both_verdicts": same_instance,
        "instances_with_several": sum(1 for g in instances.values() if len(g) > 1),
        "other_disagreements": others,
        "answers": [{"id": r["id"], "model": r["model"], "mode": r["mode"], "published": r["published"],
                     "published_dc": r["published_dc"], **r["features"], "answer": r["answer"]} for r in both],
    }


def _print(out: dict[str, Any], show: bool) -> None:
    print(f"{out['n_rows']} published rows; {out['both_readings']} answers state both readings' values: published "
          f"correct {out['both_readings_published_correct']}, default-captured "
          f"{out['both_readings_published_default_captured']}")
    print("by kind: " + "; ".join(f"{k} {v['published_correct']}/{v['n']} published correct"
                                  for k, v in out["by_kind"].items()))
    print("\npublished verdicts by feature (correct / wrong):")
    for key, cells in out["by_feature"].items():
        print(f"  {key:28s} " + "; ".join(f"{v}: {c['published_correct']}/{c['published_wrong']}" for v, c in cells.items()))
    print(f"\nagreement with the published verdicts (correct) over {out['n_rows']} rows, strict grading on every "
          "other row:")
    for name, r in out["rules"].items():
        print(f"  {name:52s} {r['agree']}/{r['n']} = {r['rate']:.4f}  accepts {r['accepts']:2d} "
              f"({r['accepts_published_correct']:2d} published correct); default-capture agreement "
              f"{r['agree_default_capture']}/{r['n']}")
    c = out["fitted_ceiling"]
    print(f"  {'fitted ceiling (majority per feature cell)':52s} {c['agree']}/{c['n']} = {c['rate']:.4f}  "
          f"({c['cells']} cells, {c['mixed_cells']} with both verdicts)")
    print("\nidentical sentence templates (company, figures, years masked):")
    for t in out["templates"]:
        print(f"  {t['published_correct']} correct / {t['published_wrong']} wrong: {t['template'][:90]}")
    print(f"\ninstances whose answers labelling A as the intended reading got both verdicts "
          f"({len(out['same_instance_both_verdicts'])} of {out['instances_with_several']} with several such answers):")
    for i in out["same_instance_both_verdicts"]:
        print(f"  {i['id']}: " + "; ".join(i["verdicts"]))
    print(f"\nother disagreements ({len(out['other_disagreements'])}):")
    for d in out["other_disagreements"]:
        print(f"  {d['id']} {d['model']} {d['mode']}: published {d['published']}, finprobe {d['finprobe']} "
              f"({d['verdict']}): {d['answer'][:100]!r}")
    if show:
        print("\nthe answers that state both readings' values:")
        for a in out["answers"]:
            flags = " ".join(f"{k}={int(a[k]) if isinstance(a[k], bool) else a[k]}" for k in FEATURES)
            print(f"  {a['id'][-4:]} {a['model']:10s} {a['mode']:24s} published={'correct' if a['published'] else 'wrong'}"
                  f"{' (dc)' if a['published_dc'] else ''}  {flags}\n      {a['answer'][:160]!r}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--release", type=Path, default=DEFAULT_RELEASE, help="the release folder (default: %(default)s)")
    ap.add_argument("--show", action="store_true", help="list every answer that states both readings with its features")
    ap.add_argument("--format", choices=("text", "json"), default="text")
    args = ap.parse_args(argv)
    if not (args.release / "results").is_dir():
        print(f"error: no results/ folder in {args.release}; pass --release", file=sys.stderr)
        return 2
    out = study(load(args.release))
    if args.format == "json":
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        _print(out, args.show)
    strict = out["rules"]["strict (all hedges)"]["agree"]
    return 0 if all(r["agree"] <= strict for r in out["rules"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
