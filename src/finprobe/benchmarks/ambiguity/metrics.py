"""FinInteract metrics (DESIGN §4), each one function with its definition, computed from stored records.

Everything here reads a stored `SampleRecord` only: the transcript's steps (asks, actions, searches, the
final answer's confidence), the score's details written at score time (the deterministic grade, the
question categories from the classifier, the judge's stored verdict) and the record's meta (language,
primary category, true axes, H0, source). No model is called, so `finprobe rescore` and `report`
reproduce the live run's numbers exactly.

Denominators. Metrics are over the *scored* instances of a run (`n_scored`); instances whose model calls
failed are `errors`, listed in `error_list` with their reason and counted in `n`, but not scored as wrong.
An "ask" is an accepted `interact` action of the agent (a step of kind `action`); questions the
environment inserted itself (template-oracle's note step) and refused interacts are not asks.

Confidence intervals: percentile bootstrap over instances (`finprobe.core.stats.bootstrap_items`, 1,000
seeded resamples; option `bootstrap_resamples`), reported flat as `<metric>_ci_low` / `<metric>_ci_high`
next to `<metric>`. Conditional metrics are bootstrapped over the instances they are defined on
(AC@1 over askers, the per-question rates over instances with questions, ECE over answers with a
confidence). Undefined values (no asker, no confidence) are null, never 0.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from pydantic import BaseModel, Field

from finprobe.core.schema import Sample, SampleRecord, StepKind
from finprobe.core.stats import bootstrap_items, expected_calibration_error

TAXONOMY_LABELS = ("Correct", "E1", "E2", "E3", "E4", "E5", "E6", "E7")
HEADLINE = ("accuracy", "any_valid", "overstatement", "default_capture", "interaction_rate", "rounds", "mean_actions", "mean_steps", "ac1_touch",
            "ac1_central", "generic_ask_rate", "none_ask_rate", "wrong_category_rate", "ece", "dise_plus")


class QuestionFacts(BaseModel):
    """One agent question with the categories the classifier gave it (it never sees the true axes)."""

    question: str = ""
    categories: list[str] = Field(default_factory=list)
    main: str | None = None
    generic: bool = True
    #: not about the user's intent ("May I search again?"); False in records scored before it existed
    none: bool = False
    classifier: str = "lexicon"


class InstanceFacts(BaseModel):
    """What the metrics need from one stored record."""

    id: str
    status: str
    error: str | None = None
    language: str | None = None
    category: str | None = None  # primary
    axes: list[str] = Field(default_factory=list)
    h0: float | None = None
    source: str | None = None
    outcome: str | None = None
    answered: bool = False
    correct: bool = False
    default_captured: bool = False
    non_committal: bool = False
    asks: int = 0
    actions: int = 0
    steps: int = 0  # every agent step: accepted, refused and invalid actions
    searched: bool = False
    questions: list[QuestionFacts] = Field(default_factory=list)
    confidence: float | None = None  # 0-1; None when not given or not parsed
    judge: dict[str, Any] | None = None
    verdict_default: str | None = None
    hedge: bool = False  # the final answer is a hedge (two values, or both readings' values)
    year_label_conflict: bool = False  # correct, but the answer names another year than the reference
    #: both readings' values stated, each labelled: the reading A's or A_d's label names ("intended" / "default")
    labelled_readings: str | None = None
    #: the answer states both readings' values (A and A_d), labelled or not (`Grade.hedge_both_readings`)
    both_readings: bool = False
    #: the answer matches some reading the instance records (A or A_d; any AmbigQA reading), not a hedge
    any_valid: bool = False
    #: "finance" (FinInteract) or "general" (AmbigQA)
    domain: str = "finance"
    #: asks the user answered yes or no (not "I don't know")
    settled_asks: int = 0
    #: AmbigQA only: exact match and token F1 of the whole answer against the target's aliases, and the
    #: best F1 over all readings
    em_target: float | None = None
    f1_target: float | None = None
    f1_best: float | None = None


def facts_from_record(record: SampleRecord, sample: Sample | None = None, grader: str = "finprobe",
                      hedge_rule: str = "strict") -> InstanceFacts:
    """Extract the metric inputs of one record (meta from the record, else from the sample).

    `hedge_rule="labelled"`: an answer that states both readings' values, each labelled, counts for the reading
    its label names (`Grade.labelled_readings`) instead of as a hedge. `grader="published"`: correctness and
    default-capture come from the published verdicts an imported run keeps in `transcript.info["published"]`
    (records without them keep finprobe's verdicts)."""
    meta = record.meta or (sample.meta if sample is not None else {})
    facts = InstanceFacts(id=record.sample_id, status=record.status.value, error=record.error,
                          language=meta.get("language"), category=meta.get("category"),
                          axes=list(meta.get("axes") or []), h0=meta.get("h0"), source=meta.get("source"),
                          domain=meta.get("domain") or "finance")
    t = record.transcript
    if t is not None:
        accepted = [s.action for s in t.steps if s.kind == StepKind.action and s.action is not None]
        facts.asks = sum(1 for a in accepted if a.name == "interact")
        facts.actions = len(accepted)
        facts.steps = sum(1 for s in t.steps if s.kind in (StepKind.action, StepKind.refused, StepKind.invalid))
        facts.searched = any(a.name == "search" for a in accepted)
        facts.settled_asks = sum(1 for s in t.steps if s.kind == StepKind.action and s.action is not None
                                 and s.action.name == "interact" and s.info.get("reply") in ("yes", "no"))
        facts.outcome = t.outcome.value if t.outcome is not None else None
        conf = t.final_args.get("confidence") if t.final_args else None
        facts.confidence = float(conf) / 100.0 if isinstance(conf, (int, float)) and not isinstance(conf, bool) else None
    details = record.score.details if record.score is not None else {}
    grade = details.get("grade") or {}
    facts.answered = bool(grade.get("answered", False))
    facts.correct = bool(grade.get("correct", False))
    facts.default_captured = bool(grade.get("default_captured", False))
    facts.non_committal = bool(grade.get("non_committal", False))
    facts.verdict_default = grade.get("verdict_default")
    # records scored before these flags existed: a hedge verdict is a hedge
    facts.hedge = bool(grade.get("hedge", grade.get("verdict_intended") == "hedge"))
    facts.year_label_conflict = bool(grade.get("year_label_conflict", False))
    facts.labelled_readings = grade.get("labelled_readings")
    facts.both_readings = bool(grade.get("hedge_both_readings", False))
    if hedge_rule == "labelled" and facts.labelled_readings in ("intended", "default") and facts.hedge:
        facts.hedge = False
        facts.correct = facts.labelled_readings == "intended"
        facts.default_captured = facts.labelled_readings == "default"
    # FinInteract grades record A and A_d: any-valid is "matches A, or matches A_d" (= correct or captured)
    facts.any_valid = bool(grade.get("any_valid", facts.correct or facts.default_captured))
    for key in ("em_target", "f1_target", "f1_best"):
        if grade.get(key) is not None:
            setattr(facts, key, float(grade[key]))
    facts.questions = [QuestionFacts(**q) for q in details.get("questions") or []]
    facts.judge = details.get("judge")
    published = (t.info.get("published") if t is not None else None) or None
    if grader == "published" and published is not None:
        facts.correct = bool(published.get("correct"))
        captured = published.get("default_captured")
        facts.default_captured = bool(captured) if captured is not None else facts.default_captured
        facts.any_valid = facts.correct or facts.default_captured
    return facts


# --------------------------------------------------------------------------- the metrics
def _mean(values: Sequence[float]) -> float | None:
    return float(sum(values) / len(values)) if values else None


def accuracy(facts: Sequence[InstanceFacts]) -> float | None:
    """Share of instances whose final answer matches A (magnitude-aware, 1%, fiscal-year mismatch wrong)."""
    return _mean([1.0 if f.correct else 0.0 for f in facts])


def any_valid(facts: Sequence[InstanceFacts]) -> float | None:
    """Any-valid accuracy: share of instances whose final answer matches *some* accepted reading (A or A_d
    for FinInteract, any reading for AmbigQA), hedges excluded: what a lenient single-gold benchmark credits
    (seed 000, Table 6(b) and Table 8)."""
    return _mean([1.0 if f.any_valid else 0.0 for f in facts])


def overstatement(facts: Sequence[InstanceFacts]) -> float | None:
    """The overstatement factor: any-valid accuracy ÷ intended accuracy (a ratio of means over the same
    instances; seed 000, Finding 8: "overstates competence by 2.1-2.3x"). None when intended accuracy is 0
    (undefined) or there are no instances."""
    valid, intended = any_valid(facts), accuracy(facts)
    if valid is None or not intended:
        return None
    return valid / intended


def overstatement_interval(facts: Sequence[InstanceFacts], *, seed: int = 0, n_resamples: int = 1000,
                           confidence: float = 0.95) -> tuple[float | None, float | None, str | None]:
    """Percentile bootstrap CI of the overstatement factor: instances resampled with replacement, the ratio of
    the resample's means. A resample with no intended-correct instance has an infinite ratio (or none, when
    it has no valid answer either: it is left out); when such resamples reach a percentile, that bound is
    unbounded (None) and the note says how many there were. Returns (low, high, note)."""
    pop = list(facts)
    n = len(pop)
    if n == 0:
        return None, None, None
    valid = np.array([1.0 if f.any_valid else 0.0 for f in pop])
    intended = np.array([1.0 if f.correct else 0.0 for f in pop])
    rng = np.random.default_rng(seed)
    rows = max(1, 2_000_000 // n)
    means_v, means_i = np.empty(n_resamples), np.empty(n_resamples)
    for lo in range(0, n_resamples, rows):
        hi = min(n_resamples, lo + rows)
        idx = rng.integers(0, n, size=(hi - lo, n))
        means_v[lo:hi], means_i[lo:hi] = valid[idx].mean(axis=1), intended[idx].mean(axis=1)
    defined = ~((means_i == 0) & (means_v == 0))
    ratio = np.full(n_resamples, np.inf)
    np.divide(means_v, means_i, out=ratio, where=means_i > 0)
    ratio = ratio[defined]
    if ratio.size == 0:
        return None, None, "undefined in every resample"
    n_inf = int(np.isinf(ratio).sum())
    finite = ratio[np.isfinite(ratio)]
    alpha = 1.0 - confidence
    q_lo, q_hi = np.quantile(np.where(np.isinf(ratio), 1e300, ratio), [alpha / 2, 1 - alpha / 2])
    top = float(finite.max()) if finite.size else -math.inf
    low = None if q_lo > top else float(q_lo)
    high = None if q_hi > top else float(q_hi)
    note = None
    if n_inf:
        note = f"{n_inf} of {n_resamples} resamples have no intended-correct instance (ratio unbounded)"
    return low, high, note


def default_capture(facts: Sequence[InstanceFacts]) -> float | None:
    """Share of all instances whose final answer matches A_d and not A."""
    return _mean([1.0 if f.default_captured else 0.0 for f in facts])


def interaction_rate(facts: Sequence[InstanceFacts]) -> float | None:
    """IR: share of instances with at least one ask (accepted interact action)."""
    return _mean([1.0 if f.asks > 0 else 0.0 for f in facts])


def rounds(facts: Sequence[InstanceFacts]) -> float | None:
    """Round: mean number of asks per instance, counted from the transcript steps (never a capped counter)."""
    return _mean([float(f.asks) for f in facts])


def mean_actions(facts: Sequence[InstanceFacts]) -> float | None:
    """Mean number of accepted agent actions per instance (search, interact, precheck, the final answer);
    invalid and refused actions are not counted."""
    return _mean([float(f.actions) for f in facts])


def mean_steps(facts: Sequence[InstanceFacts]) -> float | None:
    """Mean number of agent steps per instance, every step counted: accepted, refused and invalid actions
    (the published protocol's step count; `mean_actions` counts accepted actions only)."""
    return _mean([float(f.steps) for f in facts])


def first_question_touch(f: InstanceFacts) -> float:
    """One asker's AC@1-touch value: 1 when its first question's category set intersects the true axes."""
    return 1.0 if set(f.questions[0].categories) & set(f.axes) else 0.0


def first_question_central(f: InstanceFacts) -> float:
    """One asker's AC@1-central value: 1 when its first question's main category is a true axis."""
    return 1.0 if f.questions[0].main is not None and f.questions[0].main in f.axes else 0.0


def askers(facts: Sequence[InstanceFacts]) -> list[InstanceFacts]:
    """The instances AC@1 is defined on: at least one accepted ask with a classified question."""
    return [f for f in facts if f.asks > 0 and f.questions]


def ac1_touch(facts: Sequence[InstanceFacts]) -> float | None:
    """AC@1 touch: over instances with >= 1 ask, share whose first question's category set intersects
    the true axes. None when no instance has an ask."""
    return _mean([first_question_touch(f) for f in askers(facts)])


def ac1_central(facts: Sequence[InstanceFacts]) -> float | None:
    """AC@1 central: over instances with >= 1 ask, share whose first question's single main category
    (the classifier's unique top category; none on a tie) is a true axis. None when nobody asked."""
    return _mean([first_question_central(f) for f in askers(facts)])


def _is_wrong_category(q: QuestionFacts, axes: list[str]) -> bool:
    return bool(q.categories) and not (set(q.categories) & set(axes))


def generic_ask_rate(facts: Sequence[InstanceFacts]) -> float | None:
    """Per question: share of all agent questions that are about the user's intent but name no category
    ("Could you clarify what you mean?"). Questions that are not about the user's intent at all ("May I
    search again?", classified `none`) are not generic: they count in the denominator only (see
    `none_ask_rate`). None without questions."""
    qs = [q for f in facts for q in f.questions]
    return _mean([1.0 if (q.generic or not q.categories) and not q.none else 0.0 for q in qs])


def none_ask_rate(facts: Sequence[InstanceFacts]) -> float | None:
    """Per question: share of all agent questions that are not about the user's intent (requests about the
    agent's own process, classified `none`). generic_ask_rate + none_ask_rate is the old generic rate."""
    qs = [q for f in facts for q in f.questions]
    return _mean([1.0 if q.none else 0.0 for q in qs])


def wrong_category_rate(facts: Sequence[InstanceFacts]) -> float | None:
    """Per question: share of all agent questions that touch some category but no true axis."""
    qs = [(q, f.axes) for f in facts for q in f.questions]
    return _mean([1.0 if _is_wrong_category(q, axes) else 0.0 for q, axes in qs])


def hedge_count(facts: Sequence[InstanceFacts]) -> int:
    """Number of instances whose final answer is a hedge: it commits to two different values (under the strict
    hedge rule also answers that state both readings' values each with its own label), graded wrong against
    both readings (see `grading.py`)."""
    return sum(1 for f in facts if f.hedge)


def labelled_readings_count(facts: Sequence[InstanceFacts]) -> dict[str, int]:
    """Answers that state both readings' values, each labelled, by the reading the label of the answer's value
    names: hedges under the strict rule, graded for that reading under the labelled one."""
    return {k: sum(1 for f in facts if f.labelled_readings == k) for k in ("intended", "default")}


BOTH_READINGS_KINDS = ("intended", "default", "unlabelled")


def both_readings_kind(f: InstanceFacts) -> str | None:
    """The kind of an answer that states both readings' values: "intended" / "default" when the label of the
    answer's value names that reading (`labelled_readings`), "unlabelled" when the labels do not tell; None when
    the answer does not state both."""
    if not f.both_readings:
        return None
    return f.labelled_readings if f.labelled_readings in ("intended", "default") else "unlabelled"


def both_readings_count(facts: Sequence[InstanceFacts]) -> dict[str, int]:
    """Answers that state both readings' values, by kind (`both_readings_kind`): every kind is a hedge under the
    strict rule; under the labelled rule "intended" is correct, "default" default-captured, "unlabelled" a hedge."""
    kinds = Counter(both_readings_kind(f) for f in facts)
    return {k: kinds.get(k, 0) for k in BOTH_READINGS_KINDS}


def year_label_conflict_count(facts: Sequence[InstanceFacts]) -> int:
    """Number of instances graded correct whose answer states the reference value at its full precision
    under another year label (`Grade.year_label_conflict`): candidates for a wrong instance label."""
    return sum(1 for f in facts if f.year_label_conflict)


def ece(facts: Sequence[InstanceFacts]) -> dict[str, Any]:
    """ECE: 5 equal-width bins of confidence/100 against correctness, over the answers that state a
    confidence; `coverage` = that share of all instances (a missing confidence is None, never 0)."""
    res = expected_calibration_error([f.confidence for f in facts], [f.correct for f in facts], n_bins=5)
    return {"ece": None if math.isnan(res.ece) else res.ece,
            "coverage": None if math.isnan(res.coverage) else res.coverage,
            "n_with_confidence": res.n_with_confidence, "bins": [b.model_dump() for b in res.bins]}


def dise_plus_value(f: InstanceFacts) -> float:
    """1[correct] · 1[asks > 0] · H0 / asks for one instance."""
    if not f.correct or f.asks <= 0 or f.h0 is None:
        return 0.0
    return float(f.h0) / f.asks


def dise_plus(facts: Sequence[InstanceFacts]) -> float | None:
    """DisE+: mean over all instances of 1[correct]·1[asks>0]·H0/asks."""
    return _mean([dise_plus_value(f) for f in facts])


def taxonomy_label(f: InstanceFacts, template_oracle_correct: bool | None = None) -> str:
    """One error-taxonomy label per instance (checked in this order):

    Correct / E7: correct, and E7 when asks > 2·H0 (over-elicitation).
    E6: wrong here but correct on the same instance in the paired template-oracle run (only when one
        is given: it overrides the labels below, which stay available as `taxonomy_unpaired`).
    E4: wrong, no ask, searched, and the answer is the default (retrieval dominance).
    E1: wrong, no ask (ambiguity blindness).
    E5: asked, some question touched a true category, still wrong (mis-integration).
    E2: asked, no question touched a true category, some question named a wrong category.
    E3: asked, only generic questions.
    AmbigQA instances (no categories): E5 when some ask got a yes or a no, E3 when every reply was
    "I don't know"; E2 never; E4 never (no search).
    """
    if f.correct:
        h0 = f.h0 or 0.0
        return "E7" if f.asks > 2 * h0 else "Correct"
    if template_oracle_correct:
        return "E6"
    if f.asks == 0:
        return "E4" if f.searched and f.default_captured else "E1"
    if f.domain == "general":
        # AmbigQA questions carry no category: E5 = the user settled something (a yes or a no) and the answer
        # is still wrong (mis-integration); E3 = every reply was "I don't know". E2 does not apply.
        return "E5" if f.settled_asks else "E3"
    axes = set(f.axes)
    if any(set(q.categories) & axes for q in f.questions):
        return "E5"
    if any(_is_wrong_category(q, f.axes) for q in f.questions):
        return "E2"
    return "E3"


def taxonomy(facts: Sequence[InstanceFacts], paired: dict[str, bool] | None = None) -> dict[str, int]:
    """Counts of the taxonomy labels (all labels present, zeros included)."""
    counts = Counter(taxonomy_label(f, None if paired is None else paired.get(f.id)) for f in facts)
    return {label: counts.get(label, 0) for label in TAXONOMY_LABELS}


METRIC_FUNCTIONS: dict[str, Callable[[Sequence[InstanceFacts]], float | None]] = {
    "accuracy": accuracy, "any_valid": any_valid, "overstatement": overstatement,
    "default_capture": default_capture, "interaction_rate": interaction_rate,
    "rounds": rounds, "mean_actions": mean_actions, "mean_steps": mean_steps, "ac1_touch": ac1_touch, "ac1_central": ac1_central,
    "generic_ask_rate": generic_ask_rate, "none_ask_rate": none_ask_rate, "wrong_category_rate": wrong_category_rate,
    "ece": lambda fs: ece(fs)["ece"], "dise_plus": dise_plus,
}

#: which instances each metric's bootstrap resamples (the population the metric is defined on)
_POPULATION: dict[str, Callable[[InstanceFacts], bool]] = {
    "ac1_touch": lambda f: f.asks > 0 and bool(f.questions),
    "ac1_central": lambda f: f.asks > 0 and bool(f.questions),
    "generic_ask_rate": lambda f: bool(f.questions),
    "none_ask_rate": lambda f: bool(f.questions),
    "wrong_category_rate": lambda f: bool(f.questions),
    "ece": lambda f: f.confidence is not None,
}


def bootstrap_metric(name: str, facts: Sequence[InstanceFacts], *, seed: int = 0, n_resamples: int = 1000,
                     confidence: float = 0.95) -> tuple[float | None, float | None]:
    """Percentile bootstrap CI of metric `name`, resampling the instances it is defined on
    (`finprobe.core.stats.bootstrap_items`)."""
    if name == "overstatement":
        low, high, _ = overstatement_interval(facts, seed=seed, n_resamples=n_resamples, confidence=confidence)
        return low, high
    keep = _POPULATION.get(name)
    pop = [f for f in facts if keep is None or keep(f)]
    if not pop:
        return None, None
    interval = bootstrap_items(pop, METRIC_FUNCTIONS[name], n_resamples=n_resamples, confidence=confidence,
                               seed=seed)
    lo, hi = interval.ci_low, interval.ci_high
    return (None if math.isnan(lo) else lo), (None if math.isnan(hi) else hi)


def headline(facts: Sequence[InstanceFacts]) -> dict[str, Any]:
    """The headline metrics (no CIs) of a group of scored instances: used for the breakdowns."""
    out: dict[str, Any] = {"n": len(facts)}
    for name, fn in METRIC_FUNCTIONS.items():
        out[name] = fn(facts)
    return out
