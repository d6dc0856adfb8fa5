"""The multihop family (FinHopper) as a `finprobe.core.benchmark.Benchmark`.

Roles: `agent` (a model spec, default `local`, or the baseline `gold-path`), `judge` (`none` by default:
the deterministic final matcher and process-hit detector; a model spec adds the LLM judge, whose
verdicts are stored in the transcript and used by the scorer as option `judge_use` says).

Modes: `tools` (default: the typed market tools, text search over the market's documents, and a user's
web search when `-O web_search=module:factory` names one) and `no-tools` (answer from what the model
knows: the without-tools setting of the paper).

Data: the bundled demo chains over the bundled (fictional) demo market when `data` is None; else a chain
file in the family's format or the public release format (`prompt_id`, ...). The market the tools query
is option `market` (a SQLite file in the documented schema, e.g. from `import_csv_dir` or
`write_demo_market`), else the chains' own (`demo:SEED` for chains over the demo market).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from itertools import zip_longest
from typing import Any, Literal

from pydantic import Field

from finprobe.benchmarks.multihop.chains import Chain, demo_chains_path, load_chains
from finprobe.benchmarks.multihop.doctor import doctor as chain_doctor
from finprobe.benchmarks.multihop.environment import MAX_ROUNDS, EpisodeSettings, run_chain_episode
from finprobe.benchmarks.multihop.judge import judge_final, judge_process, role_model_fn
from finprobe.benchmarks.multihop.market import DEMO_SEED, MarketDB, demo_market
from finprobe.benchmarks.multihop.mentions import EntityLexicon
from finprobe.benchmarks.multihop.metrics import ALPHA, ItemResult, aggregate
from finprobe.benchmarks.multihop.policies import GOLD_PATH, POLICIES, GoldPathPolicy
from finprobe.benchmarks.multihop.process import Trajectory
from finprobe.benchmarks.multihop.scoring import ChainScore, item_result, score_chain
from finprobe.benchmarks.multihop.tools import MarketTools, corpus_index, load_web_search
from finprobe.core.benchmark import (
    AggregationSettings,
    Benchmark,
    DataFormat,
    DoctorReport,
    EpisodeContext,
    FamilyOptions,
    Finding,
    MetricInfo,
    ModeInfo,
    PolicyInfo,
)
from finprobe.core.display import PlotData, Series, TableData, interval, number
from finprobe.core.models._base import ModelBackend
from finprobe.core.schema import Sample, SampleRecord, SampleStatus, Score, Transcript

SCORER_VERSION = "multihop-1"
MODES = {"tools": "ReAct with the typed market tools and text search (up to 42 rounds)",
         "no-tools": "answer from what the model knows, no tools (the paper's without-tools setting)"}


class MultihopOptions(FamilyOptions):
    market: str | None = Field(None, description="market database (SQLite) the tools query; default: the chains' "
                                                  "own market (the bundled fictional demo market for demo chains)")
    max_rounds: int = Field(MAX_ROUNDS, ge=1, le=500, description="rounds per episode")
    max_observation_chars: int = Field(6000, ge=200, description="cap on one tool result put back to the agent")
    alpha: float = Field(ALPHA, ge=0.0, le=1.0, description="weight of the process score when the final answer "
                                                            "is wrong: S = s_final + (1 - s_final) * alpha * hits/N")
    judge_use: Literal["final", "process", "both"] = Field(
        "both", description="what the LLM judge (--judge MODEL) decides; the deterministic scorers do the rest")
    release_judge_prompts: bool = Field(True, description="use a release file's own judge prompts verbatim")
    web_search: str | None = Field(None, description="a user's web-search plug-in, 'module:factory' (mode tools)")


_market_lock = threading.Lock()
_markets: dict[str, tuple[MarketDB, EntityLexicon]] = {}


def _market_key(chain: Chain, options: MultihopOptions) -> str:
    if options.market:
        return options.market
    if chain.market and chain.market.startswith("demo"):
        return chain.market
    return f"demo:{DEMO_SEED}"


def market_for(chain: Chain, options: MultihopOptions) -> tuple[MarketDB, EntityLexicon]:
    """The market database a chain's tools query, with its entity lexicon; opened once per process."""
    key = _market_key(chain, options)
    with _market_lock:
        if key not in _markets:
            if key.startswith("demo"):
                _, _, seed = key.partition(":")
                db = demo_market(int(seed) if seed else DEMO_SEED)
            else:
                db = MarketDB.open(key)
            _markets[key] = (db, EntityLexicon(db.alias_lexicon()))
        return _markets[key]


def chain_of(sample: Sample) -> Chain:
    return Chain.model_validate(sample.data["chain"])


def _stored_score(record: SampleRecord) -> ChainScore | None:
    if record.status != SampleStatus.scored or record.score is None or not record.score.details:
        return None
    return ChainScore.model_validate(record.score.details)


class MultihopBenchmark(Benchmark[MultihopOptions]):
    """K-hop financial search where each hop's answer conditions the next; final and process scores."""

    name = "multihop"
    description = "FinHopper: K-hop chains over a market database; final answer and step-wise process scoring"
    version = "1"
    roles = {"agent": "local", "judge": "none"}
    scorer_version = SCORER_VERSION
    options_model = MultihopOptions
    constrained_roles = frozenset({"agent", "judge"})
    # the demo suite on the embedded model: one chain per hop count (EN), a budget the gold path fits in
    demo_limit = 6
    demo_options = {"max_rounds": "12"}

    # ------------------------------------------------------------------ catalogue
    def modes(self) -> list[ModeInfo]:
        return [ModeInfo(name=n, description=d) for n, d in MODES.items()]

    def policies(self) -> list[PolicyInfo]:
        return [PolicyInfo(name=n, description=d) for n, d in POLICIES.items()]

    def policy_backend(self, name: str, sample: Sample, options: MultihopOptions) -> ModelBackend:
        if name != GOLD_PATH:
            raise KeyError(f"unknown multihop policy {name!r}; known: {', '.join(POLICIES)}")
        return GoldPathPolicy(chain_of(sample))

    def components(self) -> dict[str, list[str]]:
        return {"judge": ["none"]}

    # ------------------------------------------------------------------ data
    def check_config(self, mode: str | None, options: MultihopOptions) -> None:
        super().check_config(mode, options)
        if options.market:
            MarketDB.open(options.market).close()  # a bad file fails now, with its reason
        if options.web_search:
            load_web_search(options.web_search)

    def load(self, data: str | None, options: MultihopOptions) -> list[Sample]:
        chains = load_chains(data if data is not None else demo_chains_path())
        if data is None:  # the demo set round-robin over hop counts, so its first N chains cover every K
            by_k: dict[int, list[Chain]] = {}
            for c in chains:
                by_k.setdefault(c.k, []).append(c)
            chains = [c for group in zip_longest(*by_k.values()) for c in group if c is not None]
        return [Sample(id=c.id, data={"chain": c.model_dump(mode="json")},
                       meta={"K": c.k, "level": c.level, "language": c.language}) for c in chains]

    def check_samples(self, mode: str | None, options: MultihopOptions, samples: Sequence[Sample]) -> None:
        if (mode or "tools") == "tools":
            for sample in samples[:1]:
                market_for(chain_of(sample), options)  # opens (or generates) the market before any model call

    # ------------------------------------------------------------------ the episode
    async def run_episode(self, ctx: EpisodeContext[MultihopOptions]) -> None:
        chain = chain_of(ctx.sample)
        setting: Literal["tools", "no_tools"] = "no_tools" if ctx.mode == "no-tools" else "tools"
        tools = None
        market_name = None
        if setting == "tools":
            db, _ = market_for(chain, ctx.options)
            web = load_web_search(ctx.options.web_search) if ctx.options.web_search else None
            tools = MarketTools(db, corpus=corpus_index(db), web_search=web, language=chain.language)
            market_name = db.meta().get("name")
        settings = EpisodeSettings(setting=setting, max_rounds=ctx.options.max_rounds,
                                   max_observation_chars=ctx.options.max_observation_chars)
        await run_chain_episode(ctx, chain, tools, settings, market_name=market_name)
        if ctx.role_specs.get("judge", "none") != "none":
            judge = role_model_fn(ctx.model("judge"))
            use = ctx.options.judge_use
            transcript = ctx.transcript
            if use in ("final", "both"):
                answer = transcript.final_answer if transcript.outcome is not None else None
                verdict = await judge_final(judge, chain, answer, use_release_prompts=ctx.options.release_judge_prompts)
                transcript.info["judge_final"] = verdict.model_dump()
            if use in ("process", "both"):
                text = Trajectory.from_transcript(transcript, chain.question).render()
                verdict = await judge_process(judge, chain, text, use_release_prompts=ctx.options.release_judge_prompts)
                transcript.info["judge_process"] = verdict.model_dump()

    def score(self, sample: Sample, transcript: Transcript, options: MultihopOptions) -> Score:
        chain = chain_of(sample)
        _, lexicon = market_for(chain, options) if chain.market or options.market else (None, None)
        judged = "judge_final" in transcript.info or "judge_process" in transcript.info
        result = score_chain(chain, transcript, lexicon=lexicon, alpha=options.alpha,
                             judge=options.judge_use if judged else "none")
        reason = None if result.s_final else (result.final_verdict or "wrong")
        return Score(value=result.score, passed=bool(result.s_final), reason=reason, details=result.details(),
                     scorer_version=SCORER_VERSION)

    # ------------------------------------------------------------------ aggregation and display
    def aggregate(self, records: Sequence[SampleRecord], samples: Mapping[str, Sample] | None,
                  options: MultihopOptions, settings: AggregationSettings) -> dict[str, Any]:
        """DESIGN §6 aggregates (`metrics.aggregate`): micro `score`, `macro`, `final_accuracy`, `process`
        with CIs, `by_hops`, `by_level`, `by_language`, time per item. Errors are listed, not scored."""
        items = []
        for record in records:
            meta = record.meta or (samples[record.sample_id].meta if samples and record.sample_id in samples else {})
            if record.status == SampleStatus.skipped:
                continue
            chain_data = (samples or {}).get(record.sample_id)
            score = _stored_score(record)
            time_s = record.transcript.info.get("time_s") if record.transcript is not None else None
            if chain_data is not None:
                items.append(item_result(chain_of(chain_data), score, time_s=time_s, error=record.error))
            else:  # the data no longer loads: the stored record and its meta carry what the aggregate needs
                items.append(ItemResult(
                    id=record.sample_id, k=int(meta.get("K", 1)), level=str(meta.get("level", "")),
                    language=str(meta.get("language", "en")),
                    s_final=None if score is None else score.s_final, s_process=None if score is None else score.s_process,
                    score=None if score is None else score.score, hits=0 if score is None else sum(score.hits),
                    n_intermediate=0 if score is None else score.n_intermediate, time_s=time_s,
                    error=record.error if score is None else None))
        out = aggregate(items, seed=settings.seed, n_resamples=settings.n_resamples, confidence=settings.confidence)
        out["error_list"] = [{"id": r.sample_id, "error": r.error or "not scored"}
                             for r in records if r.status == SampleStatus.error]
        out["alpha"] = options.alpha
        return out

    def headline_metrics(self) -> list[str]:
        return ["score", "macro", "final_accuracy", "process"]

    def metric_info(self) -> dict[str, MetricInfo]:
        return {"score": MetricInfo(label="score S (micro)", better="higher"),
                "macro": MetricInfo(label="score S (macro over K)", better="higher"),
                "final_accuracy": MetricInfo(label="final accuracy", better="higher"),
                "process": MetricInfo(label="process score (K > 1)", better="higher")}

    def data_formats(self) -> list[DataFormat]:
        return [DataFormat(name="FinHopper chains", keys=frozenset({"id", "question", "final_answer", "hops"})),
                DataFormat(name="FinHopper release", keys=frozenset({"prompt_id", "prompt", "reference_response"}))]

    def target(self, sample: Sample) -> str | None:
        """The chain's final answer."""
        chain = sample.data.get("chain") or {}
        return None if chain.get("final_answer") is None else str(chain["final_answer"])

    def success(self, score: Score) -> bool:
        return bool(score.passed)  # the final answer is right

    def sample_values(self, record: SampleRecord, sample: Sample | None) -> dict[str, float | None]:
        score = _stored_score(record)
        if score is None:
            return {"score": None, "final_accuracy": None, "process": None}
        return {"score": score.score, "final_accuracy": float(score.s_final),
                "process": score.s_process if score.n_intermediate > 0 else None}

    def summary_tables(self, metrics: Mapping[str, Any]) -> list[TableData]:
        rows = []
        for name, label in (("score", "score S (micro)"), ("macro", "score S (macro over K)"),
                            ("final_accuracy", "final accuracy"), ("process", "process score (K > 1)")):
            rows.append([label, number(metrics.get(name)),
                         interval(metrics.get(f"{name}_ci_low"), metrics.get(f"{name}_ci_high"), number)])
        tables = [TableData(title=f"multihop: {metrics.get('n_scored', 0)} scored of {metrics.get('n', 0)} "
                                  f"({metrics.get('n_errors', 0)} errors; alpha {metrics.get('alpha', ALPHA)})",
                            columns=["metric", "value", "95% CI"], rows=rows, align=["left", "right", "right"])]
        for key, label in (("by_hops", "K"), ("by_level", "level"), ("by_language", "language")):
            groups = metrics.get(key) or {}
            if groups:
                tables.append(TableData(
                    title=f"by {label}", columns=[label, "n", "score", "95% CI", "final accuracy", "process"],
                    rows=[[k, g["n"], number(g.get("score")), interval(g.get("score_ci_low"), g.get("score_ci_high"), number),
                           number(g.get("final_accuracy")), number(g.get("process"))] for k, g in groups.items()]))
        mean = metrics.get("time_s_mean")
        if mean is not None:
            tables.append(TableData(title="time per item (s)", columns=["mean", "median", "items"],
                                    rows=[[f"{mean:.2f}", f"{metrics['time_s_median']:.2f}", metrics["time_s_n"]]]))
        return tables

    def plots(self, metrics: Mapping[str, Any]) -> list[PlotData]:
        hops = metrics.get("by_hops") or {}
        if not hops:
            return []
        score = Series(name="score", values=[g.get("score") for g in hops.values()],
                       ci_low=[g.get("score_ci_low") for g in hops.values()],
                       ci_high=[g.get("score_ci_high") for g in hops.values()])
        micro = Series(name="micro average", values=[metrics.get("score")] * len(hops))
        macro = Series(name="macro average", values=[metrics.get("macro")] * len(hops))
        return [
            PlotData(kind="bar", title="score by hop count", categories=[f"K={k}" for k in hops], x_label="hops",
                     y_label="score S", y_range=(0.0, 1.0), series=[score], source="by_hops"),
            PlotData(kind="line", title="score by hop count, with micro and macro averages",
                     categories=[f"K={k}" for k in hops], x_label="hops", y_label="score S", y_range=(0.0, 1.0),
                     series=[Series(name="score", values=score.values), micro, macro], source="by_hops"),
        ]

    # ------------------------------------------------------------------ data tools
    def doctor(self, data: str | None, options: MultihopOptions) -> DoctorReport:
        """Data defects of a chain file: duplicates (both ids named), label vs prompt_id, hop counts,
        missing answers, hops that could not be extracted from a release's reference response."""
        result = chain_doctor(data if data is not None else demo_chains_path())
        return DoctorReport(n=result.n, findings=[Finding(**f.model_dump()) for f in result.findings],
                            details=result.details)
