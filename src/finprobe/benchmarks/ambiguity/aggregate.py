"""The run-level report of the ambiguity family: the `report --format json` object and per-sample values.

JSON layout (flat): every headline metric `M` in `metrics.HEADLINE` is a number (or null when undefined)
with `M_ci_low` / `M_ci_high` next to it (percentile bootstrap, 95%). Also: `n` (all instances),
`n_scored`, `errors` + `error_list` [{id, error}], `taxonomy` (label → count, one label per instance),
`taxonomy_paired` (whether E6 could be assigned), `taxonomy_unpaired` (the labels without the paired run),
`non_committal` (count) and `non_committal_rate`, `hedges`, `hedge_rule`, `labelled_readings` and
`both_readings` (answers that state both readings' values, by kind: intended / default / unlabelled), `outcomes` (how episodes ended), `ece_coverage`,
`ece_bins`, `ac1_n` (instances with an ask), `n_questions`, `by_language` / `by_category` (primary) /
`by_h0` / `by_source` (each group: n and the headline metrics), `judge` (null unless an LLM judge ran:
its accuracy, agreement with the deterministic grader, disagreements, unscored instances with reasons),
`published_grader` (null unless the run was imported from published results: agreement with the published verdicts
under both hedge rules, and on the answers that state both readings' values by kind),
`classifier` (which classifier produced the categories; agreement when an LLM classifier also ran), `simulator`
(which user simulator answered how many asks, how many replies came from a rule it is unsure of, and its
agreement measured on the bundled real-question set; null when nothing was asked).

`any_valid` and `overstatement` (any-valid ÷ intended, bootstrap CI of the ratio; null when intended accuracy
is 0, with `overstatement_note`) are the single-gold measurement of seed 000 (Table 6(b), Table 8).
`domain`: finance | general | mixed. General-domain (AmbigQA) runs also report `em_intended`, `f1_intended`,
`f1_best` (AmbigQA's exact match and token F1, with CIs), `conversion` (the data file's records, instances and
skipped records by reason, which add up to the records), `target_rule`, `by_readings`, and `notes` (AC@1 and
the category rates are null: the question taxonomy is financial).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from finprobe.benchmarks.ambiguity import metrics as M
from finprobe.benchmarks.ambiguity.options import AmbiguityOptions
from finprobe.core.benchmark import AggregationSettings, RunStatistic
from finprobe.core.schema import Sample, SampleRecord, SampleStatus, StepKind
from finprobe.core.stats import bootstrap_ci

__all__ = ["aggregate", "paired_template_oracle", "sample_values"]


def _by(facts: list[M.InstanceFacts], key: str) -> dict[str, Any]:
    groups: dict[str, list[M.InstanceFacts]] = {}
    for f in facts:
        value = getattr(f, key)
        label = "unknown" if value is None else (f"{value:.2f}" if isinstance(value, float) else str(value))
        groups.setdefault(label, []).append(f)
    return {k: M.headline(v) for k, v in sorted(groups.items())}


def paired_template_oracle(run_dir: str | Path) -> dict[str, bool]:
    """Per-instance correctness of a stored template-oracle run (for E6). Raises ValueError if the folder
    holds another mode or benchmark."""
    from finprobe.core.store import RunStore

    store = RunStore(run_dir)
    manifest = store.read_manifest()
    if manifest.config.benchmark != "ambiguity" or manifest.config.mode != "template-oracle":
        raise ValueError(f"paired_template_oracle: {run_dir} is a {manifest.config.benchmark}/"
                         f"{manifest.config.mode} run, not an ambiguity template-oracle run")
    out: dict[str, bool] = {}
    for sid, record in store.load_records().items():
        if record.status == SampleStatus.scored and record.score is not None:
            out[sid] = bool(record.score.passed)
    return out


def _judge_report(facts: list[M.InstanceFacts]) -> dict[str, Any] | None:
    ran = [(f, f.judge) for f in facts if f.judge is not None]
    if not ran:
        return None
    ok = [(f, judge) for f, judge in ran if judge.get("ok")]
    disagreements = []
    agree_int = agree_def = n_def = 0
    for f, judge in ok:
        j_int = bool(judge.get("verdict_intended"))
        agree_int += j_int == f.correct
        if f.verdict_default is not None and judge.get("verdict_default") is not None:
            d_def = f.verdict_default == "match"
            j_def = bool(judge["verdict_default"])
            n_def += 1
            agree_def += j_def == d_def
            if j_def != d_def:
                disagreements.append({"id": f.id, "reading": "default", "deterministic": d_def, "judge": j_def})
        if j_int != f.correct:
            disagreements.append({"id": f.id, "reading": "intended", "deterministic": f.correct, "judge": j_int})
    return {
        "n_ran": len(ran), "n_judged": len(ok),
        "accuracy_judge": (sum(bool(judge.get("verdict_intended")) for _, judge in ok) / len(ok)) if ok else None,
        "agreement_intended": agree_int / len(ok) if ok else None,
        "agreement_default": agree_def / n_def if n_def else None,
        "disagreements": sorted(disagreements, key=lambda d: (d["id"], d["reading"])),
        "unscored": [{"id": f.id, "reason": judge.get("reason") or "unscored"} for f, judge in ran if not judge.get("ok")],
    }


def _published_report(records: Sequence[SampleRecord], samples: Mapping[str, Sample] | None) -> dict[str, Any] | None:
    """Agreement of finprobe's grader with the published verdicts of an imported run (None otherwise)."""
    pairs = []
    for r in records:
        published = r.transcript.info.get("published") if r.transcript is not None else None
        if r.status != SampleStatus.scored or not published:
            continue
        ours = M.facts_from_record(r, (samples or {}).get(r.sample_id))
        pairs.append((r, ours, published))
    if not pairs:
        return None
    agree = sum(1 for _, ours, pub in pairs if ours.correct == bool(pub.get("correct")))
    labelled = [M.facts_from_record(r, (samples or {}).get(r.sample_id), hedge_rule="labelled") for r, _, _ in pairs]
    agree_labelled = sum(1 for ours, (_, _, pub) in zip(labelled, pairs, strict=True)
                         if ours.correct == bool(pub.get("correct")))
    with_default = [(r, ours, pub) for r, ours, pub in pairs if pub.get("default_captured") is not None]
    agree_default = sum(1 for _, ours, pub in with_default if ours.default_captured == bool(pub["default_captured"]))
    asks_differ = sum(1 for _, ours, pub in pairs if pub.get("n_asks") is not None and pub["n_asks"] != ours.asks)
    # the answers that state both readings' values, by kind, with the published verdicts on them: the evidence for
    # choosing a hedge rule (measured on the real release: data/labelled/README.md, "Grader on the published runs")
    both_readings = {}
    for kind in M.BOTH_READINGS_KINDS:
        group = [(o, lab, pub) for (_, o, pub), lab in zip(pairs, labelled, strict=True) if M.both_readings_kind(o) == kind]
        both_readings[kind] = {
            "n": len(group),
            "published_correct": sum(1 for *_, pub in group if pub.get("correct")),
            "published_default_captured": sum(1 for *_, pub in group if pub.get("default_captured")),
            "agree_strict": sum(1 for o, _, pub in group if o.correct == bool(pub.get("correct"))),
            "agree_labelled": sum(1 for _, lab, pub in group if lab.correct == bool(pub.get("correct"))),
        }
    return {
        "n": len(pairs), "agreement": agree / len(pairs),
        # the same under the other hedge rule: answers stating both readings' values, each labelled, graded for
        # the reading their label names
        "agreement_labelled_hedge_rule": agree_labelled / len(pairs),
        "agreement_default_capture": agree_default / len(with_default) if with_default else None,
        "accuracy_published": sum(1 for *_, pub in pairs if pub.get("correct")) / len(pairs),
        "accuracy_finprobe": sum(1 for _, ours, _ in pairs if ours.correct) / len(pairs),
        "asks_differ": asks_differ,
        "both_readings": both_readings,
        "disagreements": [{"id": r.sample_id, "finprobe": ours.correct, "published": bool(pub.get("correct")),
                           "answer": (r.transcript.final_answer or "")[:200] if r.transcript else ""}
                          for r, ours, pub in pairs if ours.correct != bool(pub.get("correct"))][:100],
    }


def _simulator_report(records: Sequence[SampleRecord]) -> dict[str, Any] | None:
    """Which user simulator answered the asks, how many of its replies came from a rule it is unsure of, and its
    agreement measured on the bundled real-question set (issue 23; `judges.real_question_agreement`)."""
    from finprobe.benchmarks.ambiguity.judges import real_question_agreement

    methods: Counter[str] = Counter()
    unsure = 0
    for r in records:
        t = r.transcript
        if t is None:
            continue
        published = t.info.get("published") or {}
        for s in t.steps:
            if s.action is None or s.action.name != "interact" or s.kind != StepKind.action:
                continue
            if "simulator" in s.info:
                methods[str(s.info["simulator"])] += 1
                unsure += bool((s.info.get("simulator_info") or {}).get("unsure"))
            elif published:
                methods[f"published ({published.get('user_sim') or 'unknown'})"] += 1
    if not methods:
        return None
    measured = real_question_agreement() if any(m.startswith(("deterministic", "noisy(deterministic"))
                                                for m in methods) else None
    return {"methods": dict(methods), "replies": sum(methods.values()), "unsure_rule_replies": unsure,
            "measured_on_real_questions": measured}


def _classifier_report(records: Sequence[SampleRecord], facts: list[M.InstanceFacts]) -> dict[str, Any]:
    used = Counter(q.classifier for f in facts for q in f.questions)
    comparisons = []
    for r in records:
        if r.score is None:
            continue
        for q in r.score.details.get("questions") or []:
            if q.get("lexicon") is not None and q.get("classifier") != "lexicon":
                comparisons.append((r.sample_id, q))
    out: dict[str, Any] = {"used": dict(used)}
    if comparisons:
        agree = sum(1 for _, q in comparisons if q["lexicon"].get("main") == q.get("main"))
        out["agreement_main"] = agree / len(comparisons)
        out["n_compared"] = len(comparisons)
        out["disagreements"] = [{"id": sid, "question": q.get("question", "")[:200], "llm": q.get("main"),
                                 "lexicon": q["lexicon"].get("main")}
                                for sid, q in comparisons if q["lexicon"].get("main") != q.get("main")][:50]
    return out


def aggregate(records: Sequence[SampleRecord], samples: Mapping[str, Sample] | None = None,
              options: AmbiguityOptions | None = None, settings: AggregationSettings | None = None) -> dict[str, Any]:
    """The run's metrics as one JSON-able dict (layout in the module docstring)."""
    options = options or AmbiguityOptions()
    settings = settings or AggregationSettings()
    seed, n_resamples = settings.seed, settings.n_resamples
    all_facts = [M.facts_from_record(r, (samples or {}).get(r.sample_id), options.grader, options.hedge_rule)
                 for r in records]
    facts = [f for f in all_facts if f.status == SampleStatus.scored.value]
    errors = [f for f in all_facts if f.status == SampleStatus.error.value]
    paired, paired_error = None, None
    if options.paired_template_oracle:
        try:
            paired = paired_template_oracle(options.paired_template_oracle)
        except (OSError, ValueError, RuntimeError) as exc:  # moved or replaced since the run: say so, no E6
            paired_error = str(exc)

    out: dict[str, Any] = {"n": len(records), "n_scored": len(facts), "errors": len(errors),
                           "error_list": [{"id": f.id, "error": f.error or "unknown error"} for f in errors]}
    for name in M.HEADLINE:
        value = M.METRIC_FUNCTIONS[name](facts)
        lo, hi = (M.bootstrap_metric(name, facts, seed=seed, n_resamples=n_resamples, confidence=settings.confidence)
                  if value is not None else (None, None))
        out[name], out[f"{name}_ci_low"], out[f"{name}_ci_high"] = value, lo, hi
    out["overstatement_note"] = _overstatement_note(facts, out, settings)
    domains = sorted({f.domain for f in facts})
    out["domain"] = domains[0] if len(domains) == 1 else ("mixed" if domains else None)
    calib = M.ece(facts)
    out["ece_coverage"] = calib["coverage"]
    out["ece_n_with_confidence"] = calib["n_with_confidence"]
    out["ece_bins"] = calib["bins"]
    out["ac1_n"] = len([f for f in facts if f.asks > 0 and f.questions])
    out["n_questions"] = sum(len(f.questions) for f in facts)
    out["taxonomy"] = M.taxonomy(facts, paired)
    out["taxonomy_paired"] = paired is not None
    if paired_error:
        out["taxonomy_paired_error"] = paired_error
    out["taxonomy_unpaired"] = M.taxonomy(facts) if paired is not None else out["taxonomy"]
    # An answer that commits to two different values is a hedge and wrong (DESIGN §2); one that states both
    # readings' values, each labelled, is one too under the strict rule, and graded for the labelled reading
    # under the labelled rule: both are counted so the report shows how often that decided a verdict.
    out["hedges"] = M.hedge_count(facts)
    out["hedge_rule"] = options.hedge_rule
    out["labelled_readings"] = M.labelled_readings_count(facts)
    out["both_readings"] = M.both_readings_count(facts)
    out["year_label_conflicts"] = M.year_label_conflict_count(facts)
    out["non_committal"] = sum(1 for f in facts if f.non_committal)
    out["non_committal_rate"] = out["non_committal"] / len(facts) if facts else None
    out["outcomes"] = dict(sorted(Counter(f.outcome or "none" for f in facts).items()))
    out["by_language"] = _by(facts, "language")
    out["by_category"] = _by([f for f in facts if f.domain != "general"], "category")
    out["by_h0"] = _by(facts, "h0")
    out["by_source"] = _by(facts, "source")
    out["judge"] = _judge_report(facts)
    out["grader"] = options.grader
    out["published_grader"] = _published_report(records, samples)
    out["classifier"] = _classifier_report(records, facts)
    out["simulator"] = _simulator_report(records)
    out["ci"] = {"method": "percentile bootstrap over instances", "confidence": settings.confidence,
                 "n_resamples": n_resamples,
                 "seed": seed,
                 # the same intervals keyed by metric, for consumers that prefer {"ci_low", "ci_high"} objects
                 "metrics": {name: {"ci_low": out[f"{name}_ci_low"], "ci_high": out[f"{name}_ci_high"]}
                             for name in M.HEADLINE}}
    out["labels"] = {f.id: M.taxonomy_label(f, None if paired is None else paired.get(f.id)) for f in facts}
    if out["domain"] in ("general", "mixed"):
        out.update(_general_report(facts, samples, settings))
    return out


def _overstatement_note(facts: list[M.InstanceFacts], out: dict[str, Any], settings: AggregationSettings) -> str | None:
    if not facts:
        return None
    if out["overstatement"] is None:
        return "undefined: intended accuracy is 0 (no answer matches its target reading)"
    _, _, note = M.overstatement_interval(facts, seed=settings.seed, n_resamples=settings.n_resamples,
                                          confidence=settings.confidence)
    return note


def _mean_ci(values: list[float], settings: AggregationSettings) -> tuple[float | None, float | None, float | None]:
    if not values:
        return None, None, None
    interval = bootstrap_ci(values, n_resamples=settings.n_resamples, confidence=settings.confidence, seed=settings.seed)
    return interval.estimate, interval.ci_low, interval.ci_high


def _general_report(facts: list[M.InstanceFacts], samples: Mapping[str, Sample] | None,
                    settings: AggregationSettings) -> dict[str, Any]:
    """What only AmbigQA runs report (module docstring)."""
    general = [f for f in facts if f.domain == "general"]
    out: dict[str, Any] = {}
    for key, attr in (("em_intended", "em_target"), ("f1_intended", "f1_target"), ("f1_best", "f1_best")):
        values = [float(getattr(f, attr) or 0.0) for f in general]
        out[key], out[f"{key}_ci_low"], out[f"{key}_ci_high"] = _mean_ci(values, settings)
    conversion = None
    rules: Counter[str] = Counter()
    for sample in (samples or {}).values():
        if sample.data.get("kind") == "ambigqa":
            conversion = conversion or sample.data.get("conversion")
            rules[str(sample.meta.get("target_rule"))] += 1
    out["conversion"] = conversion
    out["target_rule"] = ",".join(sorted(rules)) if rules else None
    groups: dict[str, list[M.InstanceFacts]] = {}
    for f in general:
        k = round(2 ** f.h0) if f.h0 is not None else None
        groups.setdefault("unknown" if k is None else str(k), []).append(f)
    out["by_readings"] = {k: M.headline(v) for k, v in sorted(groups.items(), key=lambda kv: (len(kv[0]), kv[0]))}
    out["notes"] = ["AC@1, generic/none/wrong-category rates: null for AmbigQA (the question taxonomy is financial)",
                    "E2 and E4 do not apply to AmbigQA; E5 = asked, got a yes or no, still wrong; E3 = every reply "
                    "was \"I don't know\""]
    return out


def sample_values(record: SampleRecord, sample: Sample | None = None) -> dict[str, float | None]:
    """Per-instance values whose mean over instances is the run metric (for paired comparisons).

    None where the instance does not enter the metric (an error record; AC@1 without an ask)."""
    keys = ("accuracy", "any_valid", "default_capture", "interaction_rate", "rounds", "mean_actions", "mean_steps", "ac1_touch",
            "ac1_central", "dise_plus", "non_committal_rate")
    if record.status != SampleStatus.scored:
        return {k: None for k in keys}
    f = M.facts_from_record(record, sample)
    asked = f.asks > 0 and bool(f.questions)
    return {
        "accuracy": float(f.correct), "any_valid": float(f.any_valid), "default_capture": float(f.default_captured),
        "interaction_rate": float(f.asks > 0), "rounds": float(f.asks), "mean_actions": float(f.actions),
        "mean_steps": float(f.steps),
        "ac1_touch": M.first_question_touch(f) if asked else None,
        "ac1_central": M.first_question_central(f) if asked else None,
        "dise_plus": M.dise_plus_value(f), "non_committal_rate": float(f.non_committal),
    }


def paired_item(record: SampleRecord, sample: Sample | None = None) -> M.InstanceFacts | None:
    """One instance's facts for run-level statistics in paired comparisons (None for error records)."""
    if record.status != SampleStatus.scored:
        return None
    return M.facts_from_record(record, sample)


def _ece_value(facts: Sequence[M.InstanceFacts]) -> float | None:
    value = M.ece(facts)["ece"]
    return None if value is None else float(value)


def run_statistics() -> dict[str, RunStatistic]:
    """Run-level metrics that are not means over instances: compared by resampling shared instances."""
    return {"overstatement": M.overstatement, "ece": _ece_value, "generic_ask_rate": M.generic_ask_rate, "none_ask_rate": M.none_ask_rate,
            "wrong_category_rate": M.wrong_category_rate}
