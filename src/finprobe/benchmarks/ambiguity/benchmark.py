"""The ambiguity family (FinInteract) as a `finprobe.core.benchmark.Benchmark`.

Roles and their built-in components:
- `agent`: a model spec (default `local`) or a baseline policy (`oracle`, `default`, `ask-then-oracle`, `silent`);
- `user`: `deterministic` (default), `noisy` (option `noise_p`, default 0.1), `freeform` (answers open
  questions from C by sentence overlap); any other spec is a model, used as the LLM simulator;
- `judge`: `none` (default: deterministic grading only) or a model spec (LLM judge, stored per transcript);
- `classifier`: `lexicon` (default, run at score time) or a model spec (LLM classifier, stored per transcript).

Data: the bundled demo set and corpus when `data` is None; else a release-format JSONL/JSON file
(`--data`) and a passage corpus (`--corpus`, option `corpus`), required for modes with search.
With `-O source=ambigqa`: AmbigQA/AmbigNQ light files (general domain, the paper's Table 8; default data:
the bundled AmbigQA demo), see `ambigqa.py` (instances, skip reasons, target rule), `general.py` (modes,
prompts, baselines), `general_simulator.py` and `text_grading.py`.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from finprobe.benchmarks.ambiguity import aggregate as _agg
from finprobe.benchmarks.ambiguity.ambigqa import (
    SKIP_REASONS,
    AmbigQAInstance,
    ConversionSummary,
    convert_record,
    demo_ambigqa_path,
    load_ambigqa,
)
from finprobe.benchmarks.ambiguity.classifier import agent_questions, classify_transcript_questions, llm_classify
from finprobe.benchmarks.ambiguity.corpus import demo_corpus_path, load_ambiguity_corpus
from finprobe.benchmarks.ambiguity.doctor import doctor_report
from finprobe.benchmarks.ambiguity.environment import AmbiguityEnv, parse_confidence
from finprobe.benchmarks.ambiguity.general import (
    GENERAL_ACTION_SPECS,
    SEARCH_ABSENT,
    GeneralPolicyBackend,
    general_mode,
    general_system_prompt,
    general_task_prompt,
)
from finprobe.benchmarks.ambiguity.general_simulator import (
    GeneralFreeFormSimulator,
    GeneralLLMSimulator,
    GeneralSimulator,
)
from finprobe.benchmarks.ambiguity.grading import grade_answer, run_judge
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance, demo_instances_path, load_instances
from finprobe.benchmarks.ambiguity.modes import DEFAULT_MODE, MODES, ModeConfig, get_mode
from finprobe.benchmarks.ambiguity.options import FININTERACT_PAPER, AmbiguityOptions
from finprobe.benchmarks.ambiguity.policies import POLICIES, instance_of, policy_backend
from finprobe.benchmarks.ambiguity.prompts import confidence_prompt, system_prompt, task_prompt
from finprobe.benchmarks.ambiguity.search import SearchTool
from finprobe.benchmarks.ambiguity.simulators import (
    DeterministicSimulator,
    FreeFormSimulator,
    LLMSimulator,
    NoisySimulator,
)
from finprobe.benchmarks.ambiguity.tables import metric_info, plots, summary_tables
from finprobe.benchmarks.ambiguity.templates import template_question
from finprobe.benchmarks.ambiguity.text_grading import grade_text_answer
from finprobe.core.agent import LoopConfig, action_text, format_instructions, run_react
from finprobe.core.benchmark import (
    AggregationSettings,
    Benchmark,
    DataError,
    DataFormat,
    DoctorReport,
    EpisodeContext,
    Finding,
    MetricInfo,
    ModeInfo,
    PolicyInfo,
    PresetInfo,
    RunStatistic,
)
from finprobe.core.display import PlotData, TableData
from finprobe.core.formats import load_ambignq
from finprobe.core.models._base import ModelBackend
from finprobe.core.retrieval import BM25Index
from finprobe.core.schema import Action, Message, Outcome, Sample, SampleRecord, Score, Step, StepKind, Transcript

#: 2: derivation operands, table units, share wholes and long comparison phrases in grading; the simulator
#: judges the question, not a preamble (see `grading` and `simulators`)
#: 3: a share restated as an amount, parenthesised breakdowns, figures labelled as another metric, ratio inputs
#: and fiscal-year-name conflicts in grading; the simulator judges C's own exclusions, period starts and ends,
#: the fiscal calendar and negated actions
SCORER_VERSION = "ambiguity-3"
#: reply cap for the embedded model: one action is < 100 tokens, and a 135M model that starts repeating
#: itself would otherwise fill the whole max_tokens budget on every turn
LOCAL_AGENT_MAX_TOKENS = 192
USER_COMPONENTS = ["deterministic", "noisy", "freeform"]

_index_lock = threading.Lock()
_indexes: dict[tuple[str, str], BM25Index] = {}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _index(path: str, digest: str) -> BM25Index:
    """A BM25 index per corpus file content, built once per process."""
    key = (path, digest)
    with _index_lock:
        if key not in _indexes:
            _indexes[key] = BM25Index(load_ambiguity_corpus(path))
        return _indexes[key]


class AmbiguityBenchmark(Benchmark[AmbiguityOptions]):
    """Ambiguous financial questions: recognise, ask the right yes/no question, integrate the reply."""

    name = "ambiguity"
    description = "FinInteract: clarify-then-integrate on ambiguous financial questions (EN + ZH)"
    version = "2"
    roles = {"agent": "local", "user": "deterministic", "judge": "none", "classifier": "lexicon"}
    scorer_version = SCORER_VERSION
    options_model = AmbiguityOptions
    result_libraries = ("bm25s", "jieba")
    constrained_roles = frozenset({"agent", "judge", "classifier"})

    # ------------------------------------------------------------------ protocol: catalogue
    def modes(self) -> list[ModeInfo]:
        return [ModeInfo(name=m.name, description=m.description) for m in MODES.values()]

    def default_mode(self) -> str:
        """What `get_mode(None)` plays (listed third, after answer-only and answer+search)."""
        return DEFAULT_MODE

    def policies(self) -> list[PolicyInfo]:
        return [PolicyInfo(name=n, description=d) for n, d in POLICIES.items()]

    def policy_backend(self, name: str, sample: Sample, options: AmbiguityOptions) -> ModelBackend:
        if is_general(sample):
            if name not in POLICIES:
                raise KeyError(f"unknown ambiguity policy {name!r}; known: {', '.join(POLICIES)}")
            return GeneralPolicyBackend(name, general_instance_of(sample))
        return policy_backend(name, sample)

    def presets(self) -> list[PresetInfo]:
        return [PresetInfo(name="fininteract-paper", options=dict(FININTERACT_PAPER), description=(
            "the protocol of the published FinInteract runs: search returns the instance's own passage, at "
            "most 6 asks and 12 actions, confidence asked after the episode, an unparseable reply is the answer"))]

    def components(self) -> dict[str, list[str]]:
        return {"user": list(USER_COMPONENTS), "judge": ["none"], "classifier": ["lexicon"]}

    # ------------------------------------------------------------------ options and data
    def check_config(self, mode: str | None, options: AmbiguityOptions) -> None:
        if options.source == "ambigqa":
            self._check_general_config(mode, options)
            return
        if options.target != "specific" or options.sample_seed is not None:
            raise ValueError("options target and sample_seed apply to -O source=ambigqa only")
        cfg = get_mode(mode, options)
        if cfg.min_asks and options.max_rounds < cfg.min_asks + 1:
            raise ValueError(f"mode {cfg.name} needs max_rounds >= {cfg.min_asks + 1} (n asks + the answer)")
        if options.forced_n is not None and cfg.name != "forced-interaction":
            raise ValueError("forced_n applies to mode forced-interaction only")
        if options.corpus is not None and not options.corpus_disabled and not Path(options.corpus).is_file():
            if Path(options.corpus).is_dir():
                raise ValueError(f"{options.corpus}: is a folder; --corpus (-O corpus) takes a passage file "
                                 "(JSON Lines or a JSON array)")
            raise ValueError(f"corpus file not found: {options.corpus}")
        if options.paired_template_oracle:
            _agg.paired_template_oracle(options.paired_template_oracle)  # raises if not such a run

    @staticmethod
    def _check_general_config(mode: str | None, options: AmbiguityOptions) -> None:
        general_mode(get_mode(mode, options))  # raises for a mode that does not apply
        fixed = {"corpus": options.corpus is not None, "oracle_retrieval": bool(options.oracle_retrieval),
                 "paired_template_oracle": options.paired_template_oracle is not None,
                 "grader": options.grader != "finprobe"}
        wrong = [name for name, set_ in fixed.items() if set_]
        if wrong:
            raise ValueError(f"option{'s' if len(wrong) > 1 else ''} {', '.join(wrong)} do not apply to "
                             "-O source=ambigqa (no passage corpus, no template-oracle run, no published verdicts)")
        if mode == "forced-interaction" and options.max_rounds < (options.forced_n or 4) + 1:
            raise ValueError("mode forced-interaction needs max_rounds >= n+1 (n asks + the answer)")

    def load(self, data: str | None, options: AmbiguityOptions) -> list[Sample]:
        """Instances as samples (seed 0; see `load_for_run`)."""
        return self.load_for_run(data, options, 0)

    def load_for_run(self, data: str | None, options: AmbiguityOptions, seed: int) -> list[Sample]:
        """Instances as samples; `data["corpus"]` names the corpus file (and its hash) episodes search.
        With `-O source=ambigqa`: AmbigQA instances, the random target rule seeded by `seed`."""
        if options.source == "ambigqa":
            instances_, summary = load_ambigqa(data if data is not None else demo_ambigqa_path(),
                                               target=options.target, seed=seed, sample_seed=options.sample_seed)
            return [self._general_sample(inst, summary) for inst in instances_]
        instances = load_instances(data if data is not None else demo_instances_path())
        corpus: str | None = options.corpus
        if options.corpus_disabled:
            corpus = None
        elif corpus is None and data is None:
            corpus = str(demo_corpus_path())
        corpus_ref = None if corpus is None else {"path": str(corpus), "sha256": _sha256(Path(corpus))}
        return [self._sample(inst, corpus_ref) for inst in instances]

    def check_samples(self, mode: str | None, options: AmbiguityOptions, samples: Sequence[Sample]) -> None:
        """Before anything runs: a corpus that is given must load (a bad line, wrong types, non-UTF-8,
        duplicate ids, no passage: DataError naming the file), a searching mode needs a corpus, and oracle
        retrieval needs every instance's own passage in it (else each episode would end in the same error)."""
        if options.source == "ambigqa":
            return
        cfg = get_mode(mode, options)
        refs = {json.dumps(s.data.get("corpus"), sort_keys=True) for s in samples}
        for ref in sorted(refs):
            loaded = json.loads(ref)
            if loaded is None:
                continue
            # A searching mode indexes it now (episodes reuse the index); others only parse it.
            passages = (_index(loaded["path"], loaded["sha256"]).passages if "search" in cfg.actions
                        else load_ambiguity_corpus(loaded["path"]))
            if not passages:
                raise DataError(f"{loaded['path']}: the corpus holds no passage")
        if "search" not in cfg.actions:
            return
        if any(s.data.get("corpus") is None for s in samples):
            raise ValueError(f"mode {cfg.name} searches a passage corpus: give --corpus PASSAGES.jsonl")
        if cfg.oracle_retrieval:
            for ref in refs:
                ref = json.loads(ref)
                index = _index(ref["path"], ref["sha256"])
                missing = [s.id for s in samples
                           if (pid := instance_of(s).passage_id) is None or index.get(pid) is None]
                if missing:
                    raise ValueError(f"oracle retrieval: the passages of {len(missing)} instances are not in "
                                     f"{ref['path']} (e.g. {', '.join(missing[:5])})")

    @staticmethod
    def _sample(inst: AmbiguityInstance, corpus_ref: dict | None) -> Sample:
        meta = {"language": inst.language, "category": inst.primary_category, "axes": list(inst.axes),
                "n_axes": inst.n_axes, "h0": inst.h0, "source": inst.source}
        return Sample(id=inst.instance_id, data={"instance": inst.model_dump(mode="json"), "corpus": corpus_ref},
                      meta=meta)

    @staticmethod
    def _general_sample(inst: AmbigQAInstance, summary: ConversionSummary) -> Sample:
        meta: dict[str, Any] = {"language": inst.language, "category": None, "axes": [], "n_axes": 0, "h0": inst.h0,
                "source": inst.source, "domain": "general", "n_readings": len(inst.readings),
                "target": inst.target, "target_rule": inst.target_rule}
        return Sample(id=inst.instance_id, meta=meta,
                      data={"kind": "ambigqa", "ambigqa": inst.model_dump(mode="json"),
                            "conversion": summary.model_dump(exclude={"examples"})})

    # ------------------------------------------------------------------ the episode
    def _simulator(self, ctx: EpisodeContext[AmbiguityOptions], inst: AmbiguityInstance) -> Any:
        spec = ctx.role_specs.get("user", "deterministic")
        if spec == "deterministic":
            return DeterministicSimulator(inst)
        if spec == "noisy":
            return NoisySimulator(DeterministicSimulator(inst), ctx.options.noise_p,
                                  random.Random(f"{ctx.seed}:noise"))
        if spec == "freeform":
            return FreeFormSimulator(inst)
        return LLMSimulator(inst, ctx.model("user"))

    def _search(self, ctx: EpisodeContext[AmbiguityOptions], inst: AmbiguityInstance, mode: ModeConfig):
        if "search" not in mode.actions:
            return None, None
        ref = ctx.sample.data.get("corpus")
        if not ref:
            raise ValueError(f"mode {mode.name} needs a passage corpus: pass --corpus PASSAGES.jsonl")
        index = _index(ref["path"], ref["sha256"])
        tool = SearchTool(index, top_k=ctx.options.top_k, max_chars=ctx.options.passage_chars,
                          messages_language=inst.language)
        own = index.get(inst.passage_id) if inst.passage_id else None
        return tool, own

    def _general_simulator(self, ctx: EpisodeContext[AmbiguityOptions], inst: AmbigQAInstance) -> Any:
        spec = ctx.role_specs.get("user", "deterministic")
        if spec == "deterministic":
            return GeneralSimulator(inst)
        if spec == "noisy":
            return NoisySimulator(GeneralSimulator(inst), ctx.options.noise_p, random.Random(f"{ctx.seed}:noise"))
        if spec == "freeform":
            return GeneralFreeFormSimulator(inst)
        return GeneralLLMSimulator(inst, ctx.model("user"))

    async def _run_general_episode(self, ctx: EpisodeContext[AmbiguityOptions]) -> None:
        """An AmbigQA episode: the family's loop and environment, interact and answer only (`general.py`)."""
        inst = general_instance_of(ctx.sample)
        base = get_mode(ctx.mode, ctx.options)
        mode = general_mode(base)
        transcript = ctx.transcript
        env = AmbiguityEnv(inst, mode, transcript, simulator=self._general_simulator(ctx, inst),
                           max_asks=ctx.options.max_asks, specs=GENERAL_ACTION_SPECS)
        task, added = general_task_prompt(inst, mode)
        transcript.info.update({"mode": mode.name, "roles": dict(ctx.role_specs), "prompt_added": added,
                                "min_asks": mode.min_asks, "source": "ambigqa", "target": inst.target,
                                "target_rule": inst.target_rule, "offered_actions": list(mode.actions)})
        if "search" in base.actions:
            transcript.info["search"] = SEARCH_ABSENT
        self._cap_agent_tokens(ctx)
        loop = LoopConfig(max_rounds=ctx.options.max_rounds, max_observation_chars=ctx.options.max_observation_chars,
                          invalid_as_answer=ctx.options.invalid_reply_as_answer)
        await run_react(ctx, general_system_prompt(mode), task, env, loop)
        transcript.info["asks"] = env.asks
        if ctx.options.confidence_call and transcript.outcome == Outcome.answered:
            await self._ask_confidence(ctx, inst)
        if ctx.role_specs.get("judge", "none") != "none":
            # The LLM judge's prompt is written for financial values; AmbigQA answers are graded
            # deterministically only, and the report lists every instance as unscored by the judge.
            transcript.info["judge"] = {"ok": False, "reason": "no LLM judge for AmbigQA answers",
                                        "verdict_intended": None, "verdict_default": None, "raw": []}

    async def run_episode(self, ctx: EpisodeContext[AmbiguityOptions]) -> None:
        if is_general(ctx.sample):
            await self._run_general_episode(ctx)
            return
        inst = instance_of(ctx.sample)
        mode = get_mode(ctx.mode, ctx.options)
        transcript = ctx.transcript
        tool, own = self._search(ctx, inst, mode)
        env = AmbiguityEnv(inst, mode, transcript, simulator=self._simulator(ctx, inst), search=tool,
                           own_passage=own, max_asks=ctx.options.max_asks)
        system = system_prompt(mode)
        task, added = task_prompt(inst, mode, ctx.rng)
        transcript.info.update({"mode": mode.name, "roles": dict(ctx.role_specs), "prompt_added": added,
                                "oracle_retrieval": mode.oracle_retrieval, "min_asks": mode.min_asks})
        if mode.template_oracle:
            await self._insert_template_qa(transcript, env, inst, system, task)
        self._cap_agent_tokens(ctx)
        loop = LoopConfig(max_rounds=ctx.options.max_rounds, max_observation_chars=ctx.options.max_observation_chars,
                          invalid_as_answer=ctx.options.invalid_reply_as_answer)
        await run_react(ctx, system, task, env, loop)
        transcript.info["asks"] = env.asks
        if ctx.options.confidence_call and transcript.outcome == Outcome.answered:
            await self._ask_confidence(ctx, inst)
        if ctx.role_specs.get("judge", "none") != "none":
            answer = transcript.final_answer if transcript.outcome == Outcome.answered else None
            transcript.info["judge"] = await run_judge(ctx.model("judge"), inst, answer)
        if ctx.role_specs.get("classifier", "lexicon") != "lexicon":
            entries = []
            for step in agent_questions(transcript):
                question = step.action.args.get("question", "") if step.action is not None else ""
                verdict = await llm_classify(ctx.model("classifier"), str(question),
                                             inst.question)
                entries.append({"step": step.index, **verdict})
            transcript.info["classifier_llm"] = entries

    @staticmethod
    async def _ask_confidence(ctx: EpisodeContext[AmbiguityOptions], inst: AmbiguityInstance | AmbigQAInstance) -> None:
        """Option `confidence_call`: ask for the confidence in a separate call after the answer; it replaces
        the answer's own confidence (kept in `info["confidence_call"]["answer_confidence"]`)."""
        transcript = ctx.transcript
        question = Message(role="user", content=confidence_prompt(inst.language))
        call = await ctx.model("agent").generate([*transcript.messages, question], response_schema=None)
        reply = call.output or ""
        transcript.messages += [question, Message(role="assistant", content=reply)]
        number = re.search(r"\d+(?:\.\d+)?\s*%?", reply)
        parsed = parse_confidence(number.group(0)) if number else None
        transcript.info["confidence_call"] = {"raw": reply, "parsed": parsed,
                                              "answer_confidence": transcript.final_args.get("confidence")}
        transcript.final_args = {**transcript.final_args, "confidence": parsed}

    @staticmethod
    def _cap_agent_tokens(ctx: EpisodeContext[AmbiguityOptions]) -> None:
        """Cap the agent's reply length: option `agent_max_tokens`, else 192 for the embedded `local` model.
        The cap is visible in every call's stored config and in `transcript.info["agent_max_tokens"]`."""
        cap = ctx.options.agent_max_tokens
        if cap is None and ctx.role_specs.get("agent", "").startswith("local"):
            cap = LOCAL_AGENT_MAX_TOKENS
        agent = ctx.models.get("agent")
        if cap is None or agent is None:
            return
        current = agent.defaults.max_tokens
        agent.defaults = agent.defaults.model_copy(update={"max_tokens": int(cap) if current is None
                                                           else min(current, int(cap))})
        ctx.transcript.info["agent_max_tokens"] = agent.defaults.max_tokens

    @staticmethod
    async def _insert_template_qa(transcript: Transcript, env: AmbiguityEnv, inst: AmbiguityInstance,
                                  system: str, task: str) -> None:
        """template-oracle: ask the gold primary category's template question before the agent starts."""
        try:
            tq = template_question(inst, inst.primary_category, "intended")
        except ValueError as exc:
            transcript.steps.append(Step(index=0, kind=StepKind.note, error=f"no template question: {exc}",
                                         info={"inserted_by": "template-oracle"}))
            transcript.info["template_oracle"] = {"inserted": False, "reason": str(exc)}
            return
        reply = await env.simulator.reply(tq.question)
        text = getattr(reply, "answer", None) or getattr(reply, "text", "")
        observation = f"User: {text}"
        transcript.messages = [
            Message(role="system", content=f"{system}\n\n{format_instructions(env.actions())}"),
            Message(role="user", content=task),
            Message(role="assistant", content=action_text("interact", question=tq.question)),
            Message(role="user", content=f"Observation: {observation}"),
        ]
        transcript.steps.append(Step(
            index=0, kind=StepKind.note, action=Action(name="interact", args={"question": tq.question}),
            observation=observation,
            info={"inserted_by": "template-oracle", "category": tq.category, "field": tq.field,
                  "fallback_from": tq.fallback_from, "reply": text, "simulator": reply.method},
        ))
        transcript.info["template_oracle"] = {"inserted": True, "question": tq.question, "reply": text}

    # ------------------------------------------------------------------ scoring and reports
    def score(self, sample: Sample, transcript: Transcript, options: AmbiguityOptions) -> Score:
        """The final answer graded against the intended and the default reading: financial grading
        (`grading.grade_answer`), or, for AmbigQA instances, short-answer grading against every reading
        (`text_grading`; questions are then not classified: the category taxonomy is financial)."""
        answered = transcript.outcome == Outcome.answered
        if is_general(sample):
            grade: Any = grade_text_answer(general_instance_of(sample), transcript.final_answer, answered=answered)
            questions: list[dict[str, Any]] = []
        else:
            inst = instance_of(sample)
            grade = grade_answer(inst, transcript.final_answer, answered=answered)
            questions = classify_transcript_questions(transcript, inst.question, inst.language)
        if grade.correct:
            reason = None
        elif not answered:
            reason = transcript.outcome.value if transcript.outcome else "no_outcome"
        elif grade.non_committal:
            reason = "non_committal"
        elif grade.default_captured:
            reason = "default_captured"
        else:
            reason = grade.verdict_intended  # mismatch | hedge | year_mismatch
        details = {"grade": grade.model_dump(), "questions": questions, "judge": transcript.info.get("judge")}
        return Score(value=float(grade.correct), passed=grade.correct, reason=reason, details=details,
                     scorer_version=SCORER_VERSION)

    def aggregate(self, records: Sequence[SampleRecord], samples: Mapping[str, Sample] | None,
                  options: AmbiguityOptions, settings: AggregationSettings) -> dict[str, Any]:
        return _agg.aggregate(records, samples, options, settings)

    def headline_metrics(self) -> list[str]:
        return list(_agg.M.HEADLINE)

    def metric_info(self) -> dict[str, MetricInfo]:
        return metric_info()

    def data_formats(self) -> list[DataFormat]:
        return [DataFormat(name="FinInteract release", keys=frozenset({"instance_id", "question", "context", "answer"}),
                           options={"source": "fininteract"}),
                DataFormat(name="AmbigQA/AmbigNQ light", keys=frozenset({"id", "question", "annotations"}),
                           options={"source": "ambigqa"})]

    def target(self, sample: Sample) -> str | list[str] | None:
        """The intended reading's answer (FinInteract); the target reading's accepted answers (AmbigQA)."""
        if is_general(sample):
            return list(general_instance_of(sample).target_reading.answers)
        answer = (sample.data.get("instance") or {}).get("answer")
        return None if answer is None else str(answer)

    def sample_values(self, record: SampleRecord, sample: Sample | None) -> dict[str, float | None]:
        """Per-instance values of the metrics that are means over instances (compare, epochs)."""
        return _agg.sample_values(record, sample)

    def paired_item(self, record: SampleRecord, sample: Sample | None) -> Any:
        """One instance's facts, for the run-level statistics of `finprobe compare`."""
        return _agg.paired_item(record, sample)

    def run_statistics(self) -> dict[str, RunStatistic]:
        """ECE and the per-question rates: compared by resampling shared instances (`finprobe compare`)."""
        return _agg.run_statistics()

    def summary_tables(self, metrics: Mapping[str, Any]) -> list[TableData]:
        return summary_tables(metrics)

    def doctor(self, data: str | None, options: AmbiguityOptions) -> DoctorReport:
        """Data defects of a release file (`finprobe doctor ambiguity --data FILE`): periods that contradict
        the filing date, equal readings, answers missing from their spans, duplicates, bad categories and h0.
        With `-O source=ambigqa`: every record that makes no instance, with its reason, and the counts."""
        if options.source == "ambigqa":
            return general_doctor_report(data if data is not None else str(demo_ambigqa_path()))
        return doctor_report(data if data is not None else demo_instances_path())

    def doctor_tables(self, report: DoctorReport) -> list[TableData]:
        conversion = report.details.get("conversion")
        if not conversion:
            return super().doctor_tables(report)
        skipped = conversion["skipped"]
        rows = [["instances", conversion["instances"]], *([f"skipped: {k}", v] for k, v in skipped.items()),
                ["records (total)", conversion["records"]]]
        kinds: dict[str, int] = {}
        for f in report.findings:
            kinds[f.kind] = kinds.get(f.kind, 0) + 1
        return [TableData(title=f"ambiguity doctor (source=ambigqa): {conversion['file']}", columns=["", "records"],
                          rows=rows),
                TableData(title=f"findings by kind ({len(report.findings)}; all of them with --format json)",
                          columns=["kind", "count"], rows=[[k, v] for k, v in sorted(kinds.items())]),
                TableData(title="first findings", columns=["id", "kind", "detail"], align=["left"] * 3,
                          rows=[[f.id, f.kind, f.detail] for f in report.findings[:30]])]

    def plots(self, metrics: Mapping[str, Any]) -> list[PlotData]:
        return plots(metrics)


def is_general(sample: Sample) -> bool:
    """The sample is an AmbigQA (general-domain) instance."""
    return sample.data.get("kind") == "ambigqa"


def general_instance_of(sample: Sample) -> AmbigQAInstance:
    return AmbigQAInstance.model_validate(sample.data["ambigqa"])


def general_doctor_report(data: str) -> DoctorReport:
    """The records of an AmbigQA file that make no instance (kind `skipped_<reason>`), and the kept records
    whose data a reader should know about (`annotators_disagree`, `reading_dropped`, `annotation_choice`)."""
    records = load_ambignq(data)
    findings: list[Finding] = []
    skipped = dict.fromkeys(SKIP_REASONS, 0)
    for record in records:
        out = convert_record(record)
        if isinstance(out, str):
            skipped[out] += 1
            findings.append(Finding(id=record.id, kind=f"skipped_{out}", detail=_SKIP_DETAIL[out]))
            continue
        if out.annotators_disagree:
            findings.append(Finding(id=record.id, kind="annotators_disagree",
                                    detail="kept; another annotator wrote singleAnswer for this question"))
        for note in out.load_notes:
            kind = "reading_dropped" if note.startswith("reading") else "annotation_choice"
            findings.append(Finding(id=record.id, kind=kind, detail=note))
    summary = ConversionSummary(file=data, records=len(records), instances=len(records) - sum(skipped.values()),
                                skipped=skipped)
    return DoctorReport(n=len(records), findings=findings, details={"conversion": summary.model_dump(exclude={"examples"})})


_SKIP_DETAIL = {"single_answer": "every annotation is singleAnswer (an unambiguous control)",
                "fewer_than_two_readings": "no multipleQAs annotation keeps two answered, distinct readings",
                "answers_not_distinct": "no two readings have disjoint answers: the reading does not change the answer"}
