"""The family's judges measured as a product feature: `finprobe judges ambiguity` (issue 23).

The user simulator (deterministic, or an LLM simulator behind any endpoint), the question-category classifier
and the answer grader are run against labelled sets and their agreement with the labels is reported by
language and by kind of input, each rate with its Wilson 95% interval.

Labelled sets. The bundled ones are listed in `data/labelled/catalog.json`, which says what each set is: its
source (real model questions from the published FinInteract runs, or questions written for the project), who
labelled it and how (blind to the rules or not), and which rule changes were fitted to it (a set rules were
fitted to measures an upper bound). A user's own set is any JSON Lines file in the format below; `--set` takes a
catalog id or a path.

Formats (one JSON object per line; unknown keys are kept and ignored):

- simulator / classifier item: `instance_id`, `question` (the agent's question), `reply` (yes | no | I don't
  know: what a user who knows only C and the intended interpretation answers; null when the labellers differ),
  optionally `sure` (true: a careful reader is sure of the reply; default true) or `reply_confidence`
  (high | low), `categories` (the ambiguity categories the question touches, judged from the question alone),
  `central`, `language`, `kind` (any grouping of your own), `id`. The bench sets' keys are read too (`label` for
  `reply`, `unsure` for not `sure`, `lang`, `main`); so is the labellers' `agent_question`.
- grader item: `instance_id`, `answer` (the final answer text), `correct` (true/false: the answer matches the
  intended reading) or `label` ("correct" | "incorrect"), optionally `sure` / `unsure`, `language`, `kind`, `id`.

An item names its instance; instances are read from the files the catalog entry names (bundled fictional
instances) or from `--instances FILE` (the release's instance file for the real sets: the release's C and
interpretations are not shipped). The agreement goals (issue 23): simulator >= 0.90 on sure labels in each
language with at most 2% wrong "yes"; classifier touch >= 0.90; grader >= 0.99 against published verdicts.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from finprobe.benchmarks.ambiguity.categories import CATEGORY_NAMES, classify_question
from finprobe.benchmarks.ambiguity.grading import grade_answer
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance, load_instances
from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator, LLMSimulator, SimReply, parse_yes_no_reply
from finprobe.core.aio import run_async
from finprobe.core.benchmark import DataError
from finprobe.core.display import TableData
from finprobe.core.schema import GenerateConfig, Message, ModelCall, RoleConfig
from finprobe.core.stats import wilson_interval

__all__ = ["Agreement", "BareModel", "JudgeReport", "JudgesReport", "LabelledItem", "LabelledSet", "SetReport", "catalog",
           "HELD_OUT_SET", "default_sets", "judges_tables", "read_items", "real_question_agreement", "resolve_set", "run_judges",
           "shared_data_root"]

Judge = Literal["simulator", "grader"]


def labelled_dir() -> Path:
    return Path(str(resources.files("finprobe.benchmarks.ambiguity") / "data" / "labelled"))


class LabelledSet(BaseModel):
    """One labelled set: what it is and where it comes from (an entry of `catalog.json`)."""

    id: str
    judge: Judge
    file: str  # in the bundled folder; "" for a set read from the shared data folder (`shared`)
    #: path under the shared data folder (`../shared/data`, or $FINPROBE_SHARED_DATA) of a set not shipped
    shared: str | None = None
    source: str
    labelled_by: str
    #: were the labels written before (and without reading) the rules they measure?
    blind: bool
    #: rule changes made while reading this set's disagreements (its figures are an upper bound after them)
    fitted: list[str] = Field(default_factory=list)
    #: for a held-out set: what it is held out from (no rule was changed after its labels were read)
    held_out: str | None = None
    #: bundled instance files the items name ("release": the FinInteract release's instances, via --instances)
    instances: list[str] = Field(default_factory=list)
    note: str = ""
    #: the deterministic simulator's agreement measured on this set (sure labels), kept for run reports
    measured: dict[str, Any] | None = None

    def path(self) -> Path:
        return shared_data_root() / self.shared if self.shared else labelled_dir() / self.file

    def needs_release(self) -> bool:
        return "release" in self.instances


def shared_data_root() -> Path:
    """Where the real release data is read from: $FINPROBE_SHARED_DATA, else ../shared/data (the workspace's)."""
    return Path(os.environ.get("FINPROBE_SHARED_DATA") or Path.cwd().parent / "shared" / "data")


def default_release_instances() -> list[Path]:
    """The release's instance file under the shared data folder, when present (the real sets' instances)."""
    path = shared_data_root() / "fininteract" / "final" / "fininteract_v1.dev.jsonl"
    return [path] if path.is_file() else []


def catalog() -> list[LabelledSet]:
    """The bundled labelled sets."""
    data = json.loads((labelled_dir() / "catalog.json").read_text(encoding="utf-8"))
    return [LabelledSet.model_validate(e) for e in data["sets"]]


#: the bundled real-question set the rules were fitted to (its figure is an upper bound)
REAL_SET = "real-commissioned"
#: the bundled real-question set no rule was fitted to: the agreement every run report quotes
HELD_OUT_SET = "real-heldout"


def real_question_agreement() -> dict[str, Any] | None:
    """The deterministic simulator's measured agreement on real model questions, from the catalog: the held-out
    set's figure (no rule was fitted to it, so it estimates agreement on unseen questions), with the fitted set's
    figure beside it under `fitted_set` (an upper bound). The held-out set alone when the other is missing."""
    sets = {s.id: s for s in catalog()}
    held, fitted = sets.get(HELD_OUT_SET), sets.get(REAL_SET)
    primary = held if held is not None and held.measured is not None else fitted
    if primary is None or primary.measured is None:
        return None
    out: dict[str, Any] = {"set": primary.id, "held_out": primary is held, **primary.measured}
    if primary is held and fitted is not None and fitted.measured is not None:
        out["fitted_set"] = {"set": fitted.id, **fitted.measured}
    return out


class LabelledItem(BaseModel):
    """One labelled item, normalised from any of the accepted formats."""

    id: str
    instance_id: str
    language: str | None = None
    kind: str | None = None
    question: str | None = None
    answer: str | None = None
    reply: str | None = None  # simulator label
    correct: bool | None = None  # grader label
    sure: bool = True
    categories: list[str] = Field(default_factory=list)


def _item(raw: dict[str, Any], where: str) -> LabelledItem:
    if not isinstance(raw, dict):
        raise DataError(f"{where}: expected a JSON object")
    iid = raw.get("instance_id")
    if not isinstance(iid, str) or not iid:
        raise DataError(f"{where}: instance_id is missing (each item names the instance it is about)")
    question = raw.get("question", raw.get("agent_question"))
    answer = raw.get("answer")
    if question is None and answer is None:
        raise DataError(f"{where}: give `question` (simulator/classifier item) or `answer` (grader item)")
    sure = raw.get("sure")
    if sure is None:
        sure = not raw["unsure"] if "unsure" in raw else raw.get("reply_confidence", "high") != "low"
    item = LabelledItem(id=str(raw.get("id") or raw.get("item") or where), instance_id=iid,
                        language=raw.get("language", raw.get("lang")), kind=raw.get("kind"), sure=bool(sure))
    if question is not None:
        item.question = str(question)
        reply = raw.get("reply", raw.get("label"))
        if reply is not None:
            parsed = parse_yes_no_reply(reply)
            if parsed is None:
                raise DataError(f"{where}: reply {reply!r} is not yes, no or I don't know")
            item.reply = parsed
        item.categories = [c for c in raw.get("categories") or [] if c in CATEGORY_NAMES]
        item.kind = item.kind or raw.get("central") or raw.get("main")
    else:
        item.answer = str(answer)
        label = raw.get("correct", raw.get("label"))
        if isinstance(label, str):
            label = {"correct": True, "incorrect": False}.get(label.lower())
        if not isinstance(label, bool):
            raise DataError(f"{where}: `correct` must be true or false (or label correct / incorrect)")
        item.correct = label
    return item


def read_items(path: str | Path) -> list[LabelledItem]:
    """The items of a labelled set file; a bad line stops with a DataError naming the file and line."""
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{p}: cannot read the labelled set ({exc})") from None
    items = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DataError(f"{p}:{n}: not JSON ({exc.msg})") from None
        items.append(_item(raw, f"{p}:{n}"))
    if not items:
        raise DataError(f"{p}: no labelled items")
    return items


def resolve_set(ref: str) -> tuple[LabelledSet | None, Path]:
    """A catalog entry by id, or a user's file (path). Raises DataError for neither."""
    for entry in catalog():
        if entry.id == ref:
            if not entry.path().is_file():
                raise DataError(f"--set {ref}: {entry.path()} is not present (a set read from the shared data folder; "
                                "set FINPROBE_SHARED_DATA to the folder that holds it)")
            return entry, entry.path()
    p = Path(ref)
    if p.is_file():
        return None, p
    known = ", ".join(s.id for s in catalog())
    raise DataError(f"--set {ref}: neither a bundled set ({known}) nor a file")


def default_sets() -> list[str]:
    """The sets `finprobe judges ambiguity` measures without --set: every bundled set whose file and instances are
    present (the real sets need the release's instances)."""
    out = []
    for entry in catalog():
        if not entry.path().is_file():
            continue
        if entry.needs_release() and not default_release_instances():
            continue
        out.append(entry.id)
    return out


class Agreement(BaseModel):
    n: int
    agree: int
    rate: float | None
    ci_low: float
    ci_high: float

    @classmethod
    def of(cls, flags: Sequence[bool]) -> Agreement:
        n, k = len(flags), sum(flags)
        lo, hi = wilson_interval(k, n)
        return cls(n=n, agree=k, rate=k / n if n else None, ci_low=lo, ci_high=hi)


def _grouped(items: Sequence[tuple[LabelledItem, bool]], key: Callable[[LabelledItem], str | None]
             ) -> dict[str, Agreement]:
    groups: dict[str, list[bool]] = defaultdict(list)
    for it, ok in items:
        groups[str(key(it) or "-")].append(ok)
    return {k: Agreement.of(v) for k, v in sorted(groups.items())}


class JudgeReport(BaseModel):
    """One judge on one set: agreement on sure labels (and on all labels), by language and kind."""

    judge: str
    who: str  # which simulator / classifier / grader answered
    sure: Agreement
    all: Agreement
    by_language: dict[str, Agreement]
    by_kind: dict[str, Agreement]
    by_label: dict[str, Agreement] = Field(default_factory=dict)
    #: simulator: wrong "yes" replies over sure labels (the costliest error), and replies from unsure rules
    wrong_yes: int | None = None
    unsure_rule_replies: int | None = None
    unsure_rule_agreement: Agreement | None = None
    disagreements: list[dict[str, Any]] = Field(default_factory=list)
    skipped: int = 0


class SetReport(BaseModel):
    set: str
    file: str
    entry: LabelledSet | None
    n_items: int
    judges: list[JudgeReport]


class JudgesReport(BaseModel):
    simulator: str
    sets: list[SetReport]


# --------------------------------------------------------------------------- the judges
class BareModel:
    """A backend as an LLM simulator's model (temperature 0, a short reply)."""

    def __init__(self, spec: str, base_url: str | None):
        from finprobe.core.models.registry import build_backend

        self.backend = build_backend(RoleConfig(spec=spec, base_url=base_url))
        self.config = GenerateConfig(temperature=0.0, max_tokens=8)

    async def generate(self, messages: list[Message], **overrides: Any) -> ModelCall:
        out = await self.backend.generate(messages, self.config)
        return ModelCall(role="user", backend=self.backend.kind, model=self.backend.model, messages=messages,
                         config=self.config, output=out.text, usage=out.usage)

    async def aclose(self) -> None:
        await self.backend.aclose()


async def _replies(items: Sequence[LabelledItem], insts: dict[str, AmbiguityInstance], user: str | None,
                   base_url: str | None) -> list[SimReply]:
    if user is None:
        return [DeterministicSimulator(insts[it.instance_id]).decide(it.question or "") for it in items]
    model = BareModel(user, base_url)
    try:
        return [await LLMSimulator(insts[it.instance_id], model).reply(it.question or "") for it in items]
    finally:
        await model.aclose()


def _judge_report(judge: str, who: str, scored: list[tuple[LabelledItem, bool]], extra: dict[str, Any]) -> JudgeReport:
    sure = [(it, ok) for it, ok in scored if it.sure]
    return JudgeReport(judge=judge, who=who, sure=Agreement.of([ok for _, ok in sure]),
                       all=Agreement.of([ok for _, ok in scored]),
                       by_language=_grouped(sure, lambda it: it.language), by_kind=_grouped(sure, lambda it: it.kind),
                       **extra)


def _simulator(items: list[LabelledItem], insts: dict[str, AmbiguityInstance], user: str | None,
               base_url: str | None, show: int) -> JudgeReport | None:
    labelled = [it for it in items if it.question is not None and it.reply is not None]
    if not labelled:
        return None
    replies = run_async(_replies(labelled, insts, user, base_url))
    scored = [(it, r.answer == it.reply) for it, r in zip(labelled, replies, strict=True)]
    sure_pairs = [(it, r) for it, r in zip(labelled, replies, strict=True) if it.sure]
    unsure = [(it, ok) for (it, ok), r in zip(scored, replies, strict=True) if r.info.get("unsure")]
    disagreements = [{"id": it.id, "instance_id": it.instance_id, "label": it.reply, "got": r.answer,
                      "sure": it.sure, "question": it.question, "rule": r.info.get("rule")}
                     for it, r in zip(labelled, replies, strict=True) if r.answer != it.reply][:show]
    who = f"LLM simulator ({user})" if user else "deterministic simulator"
    return _judge_report("simulator", who, scored, {
        "by_label": _grouped([(it, ok) for it, ok in scored if it.sure], lambda it: it.reply),
        "wrong_yes": sum(1 for it, r in sure_pairs if r.answer == "yes" and it.reply != "yes"),
        "unsure_rule_replies": None if user else len(unsure),
        "unsure_rule_agreement": None if user else Agreement.of([ok for _, ok in unsure]),
        "disagreements": disagreements, "skipped": len(items) - len(labelled)})


def _classifier(items: list[LabelledItem], insts: dict[str, AmbiguityInstance], show: int) -> JudgeReport | None:
    labelled = [it for it in items if it.question is not None and it.categories]
    if not labelled:
        return None
    scored: list[tuple[LabelledItem, bool]] = []
    misses: list[dict[str, Any]] = []
    for it in labelled:
        verdict = classify_question(it.question or "", insts[it.instance_id].language)
        ok = bool(set(verdict.categories) & set(it.categories))
        scored.append((it, ok))
        if not ok and len(misses) < show:
            misses.append({"id": it.id, "labelled": it.categories, "got": verdict.categories, "question": it.question})
    # touch is judged on every item with categories; the label's reply confidence does not bear on its categories
    flagged = [(it.model_copy(update={"sure": True}), ok) for it, ok in scored]
    return _judge_report("classifier", "lexicon classifier (touch: a predicted category meets a labelled one)",
                         flagged, {"disagreements": misses, "skipped": len(items) - len(labelled)})


def _grader(items: list[LabelledItem], insts: dict[str, AmbiguityInstance], hedge_rule: str, show: int
            ) -> JudgeReport | None:
    labelled = [it for it in items if it.answer is not None and it.correct is not None]
    if not labelled:
        return None
    scored: list[tuple[LabelledItem, bool]] = []
    misses: list[dict[str, Any]] = []
    for it in labelled:
        grade = grade_answer(insts[it.instance_id], it.answer, hedge_rule=hedge_rule)
        ok = grade.correct == it.correct
        scored.append((it, ok))
        if not ok and len(misses) < show:
            misses.append({"id": it.id, "label": it.correct, "got": grade.correct, "answer": it.answer,
                           "reason": grade.reason_intended})
    return _judge_report("grader", f"deterministic grader (hedge rule {hedge_rule})", scored,
                         {"disagreements": misses, "skipped": len(items) - len(labelled)})


def _instances(entry: LabelledSet | None, extra: Iterable[str | Path]) -> dict[str, AmbiguityInstance]:
    out: dict[str, AmbiguityInstance] = {}
    from finprobe.benchmarks.ambiguity.instances import demo_instances_path

    files: list[Path] = [demo_instances_path()]
    if entry is not None:
        files += [labelled_dir() / f for f in entry.instances if f != "release"]
        if entry.needs_release() and not extra:
            files += default_release_instances()
    files += [Path(p) for p in extra]
    for f in files:
        for inst in load_instances(f):
            out.setdefault(inst.instance_id, inst)
    return out


def run_judges(sets: Sequence[str], *, user: str | None = None, base_url: str | None = None,
               instances: Sequence[str | Path] = (), judges: Sequence[str] = ("simulator", "classifier", "grader"),
               hedge_rule: str = "strict", show: int = 20) -> JudgesReport:
    """Measure the judges on each labelled set (catalog ids or files). Raises DataError naming what is missing
    (an unknown set, an item whose instance was not loaded: pass --instances)."""
    reports = []
    for ref in sets:
        entry, path = resolve_set(ref)
        items = read_items(path)
        insts = _instances(entry, instances)
        missing = sorted({it.instance_id for it in items} - set(insts))
        if missing:
            hint = (" (the release's instance file, e.g. ../shared/data/fininteract/final/fininteract_v1.dev.jsonl)"
                    if entry is not None and entry.needs_release() else "")
            raise DataError(f"{path}: {len(missing)} items name instances not loaded (e.g. {', '.join(missing[:3])}); "
                            f"pass --instances FILE{hint}")
        out: list[JudgeReport] = []
        if "simulator" in judges and (r := _simulator(items, insts, user, base_url, show)) is not None:
            out.append(r)
        if "classifier" in judges and (r := _classifier(items, insts, show)) is not None:
            out.append(r)
        if "grader" in judges and (r := _grader(items, insts, hedge_rule, show)) is not None:
            out.append(r)
        reports.append(SetReport(set=entry.id if entry else str(path), file=str(path), entry=entry,
                                 n_items=len(items), judges=out))
    return JudgesReport(simulator=f"LLM simulator ({user})" if user else "deterministic simulator", sets=reports)


# --------------------------------------------------------------------------- display
def _cell(a: Agreement | None) -> str:
    if a is None or a.rate is None:
        return "-"
    return f"{a.agree}/{a.n} = {a.rate:.3f} [{a.ci_low:.2f}, {a.ci_high:.2f}]"


def judges_tables(report: JudgesReport) -> list[TableData]:
    """The report as tables: one per set and judge (overall, by language, by kind), then the disagreements."""
    tables = []
    for s in report.sets:
        entry = s.entry
        about = [["file", s.file], ["items", s.n_items]]
        if entry is not None:
            about += [["source", entry.source], ["labelled by", entry.labelled_by],
                      ["blind to the rules", "yes" if entry.blind else "no"],
                      ["rules fitted to it", "; ".join(entry.fitted) if entry.fitted else "none"]]
            about += [["held out", entry.held_out]] if entry.held_out else []
            about += [["note", entry.note]] if entry.note else []
        else:
            about += [["source", "your own set (provenance not recorded)"]]
        tables.append(TableData(title=f"labelled set {s.set}", columns=["", ""], rows=about, align=["left", "left"]))
        for j in s.judges:
            rows: list[list[Any]] = [["sure labels", _cell(j.sure)], ["all labels", _cell(j.all)]]
            rows += [[f"language={k}", _cell(v)] for k, v in j.by_language.items()]
            rows += [[f"kind={k}", _cell(v)] for k, v in j.by_kind.items()]
            rows += [[f"label={k}", _cell(v)] for k, v in j.by_label.items()]
            if j.wrong_yes is not None:
                rows.append(["wrong yes (sure labels)", f"{j.wrong_yes}/{j.sure.n}"])
            if j.unsure_rule_replies is not None:
                rows.append(["replies from a rule it is unsure of", f"{j.unsure_rule_replies} "
                             f"(agreement {_cell(j.unsure_rule_agreement)})"])
            tables.append(TableData(title=f"{j.judge} on {s.set}: {j.who}",
                                    columns=["agreement", "agree/n = rate [Wilson 95%]"], rows=rows,
                                    align=["left", "left"]))
            if j.disagreements:
                keys = list(j.disagreements[0])
                tables.append(TableData(title=f"{j.judge} disagreements on {s.set} (first {len(j.disagreements)})",
                                        columns=keys, rows=[[str(d.get(k)) for k in keys] for d in j.disagreements],
                                        align=["left"] * len(keys)))
    return tables
