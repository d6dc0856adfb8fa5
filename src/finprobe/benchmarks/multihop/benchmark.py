"""The multihop family (FinHopper) as a `finprobe.core.benchmark.Benchmark`.

Roles: `agent` (a model spec, default `local`, or a baseline: `gold-path`, `reference-response`, `first-hop`),
`judge` (`none` by default: the deterministic final matcher and process-hit detector; a model spec adds the LLM
judge, whose verdicts are stored in the transcript and decide what option `judge_use` says).

Modes: `tools` (default: the typed tools over a market database, text search over its documents, and a web search
when `-O web_search=…` names one), `search` (no market tools: `web_search` and/or `search` over a user's corpus
(`-O corpus=PATH`): the paper's public-search setting for real-world chains) and `no-tools` (answer from what the
model knows: the paper's without-tools setting).

Data: the bundled demo chains over the bundled (fictional) demo market when `data` is None; else a chain file in
the family's format or the public release format (`prompt_id`, ...; the FinHopper release gets its hop gold from
the sidecar, see `hop_gold`). The market the tools query is option `market` (a SQLite file in the documented schema,
or `demo` / `demo:SEED` for the fictional demo market by name), else the chains' own (`demo:SEED` for demo chains).
Release chains are about real funds and stocks: mode `tools` refuses to run them on the fictional market unless
`-O market=demo` asks for it by name.

Protocol `finhopper-paper` (`--protocol finhopper-paper`) scores as the paper does: the release's two judges with
their prompts as released (a `--judge MODEL` is required), the process judge only when the final answer is wrong,
α = 0.5, up to 42 ReAct rounds; pair it with `--mode search` (the paper's with-tools setting) or `--mode no-tools`.
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
from finprobe.benchmarks.multihop.judge import JudgeUnusable, judge_final, judge_process, role_model_fn
from finprobe.benchmarks.multihop.market import DEMO_SEED, MarketDB, demo_market
from finprobe.benchmarks.multihop.mentions import EntityLexicon
from finprobe.benchmarks.multihop.metrics import ALPHA, ItemResult, aggregate
from finprobe.benchmarks.multihop.policies import (
    FIRST_HOP,
    GOLD_PATH,
    POLICIES,
    REFERENCE_RESPONSE,
    FixedAnswerPolicy,
    GoldPathPolicy,
    first_hop_answer,
)
from finprobe.benchmarks.multihop.process import Trajectory
from finprobe.benchmarks.multihop.scoring import ChainScore, item_result, score_chain
from finprobe.benchmarks.multihop.tools import MarketTools, SearchTools, corpus_index
from finprobe.benchmarks.multihop.websearch import WebSearch, web_search_for
from finprobe.core.benchmark import (
    AggregationSettings,
    Benchmark,
    DoctorReport,
    EpisodeContext,
    FamilyOptions,
    Finding,
    ModeInfo,
    PolicyInfo,
    PresetInfo,
)
from finprobe.core.display import PlotData, Series, TableData, interval, number
from finprobe.core.models._base import ModelBackend
from finprobe.core.retrieval import BM25Index, load_corpus
from finprobe.core.schema import Sample, SampleRecord, SampleStatus, Score, Transcript

SCORER_VERSION = "multihop-2"
MODES = {"tools": "ReAct with the typed market tools and text search (up to 42 rounds)",
         "search": "ReAct with web search and/or search over a corpus, no market tools (real-world chains)",
         "no-tools": "answer from what the model knows, no tools (the paper's without-tools setting)"}
FINHOPPER_PAPER = {"release_judge_prompts": "true", "judge_use": "both", "process_when": "final_wrong",
                   "alpha": "0.5", "max_rounds": "42"}


class MultihopOptions(FamilyOptions):
    market: str | None = Field(None, description="market database (SQLite) the tools query; default: the chains' "
                                                  "own market (the bundled fictional demo market for demo chains)")
    max_rounds: int = Field(MAX_ROUNDS, ge=1, le=500, description="rounds per episode")
    max_observation_chars: int = Field(6000, ge=200, description="cap on one tool result put back to the agent")
    alpha: float = Field(ALPHA, ge=0.0, le=1.0, description="weight of the process score when the final answer "
                                                            "is wrong: S = s_final + (1 - s_final) * alpha * hits/N")
    judge_use: Literal["final", "process", "both"] = Field(
        "both", description="what the LLM judge (--judge MODEL) decides; the deterministic scorers do the rest")
    release_judge_prompts: bool = Field(True, description="use a release file's own judge prompts as released "
                                                          "(their template, system prompts and reply format)")
    process_when: Literal["always", "final_wrong"] = Field(
        "always", description="when the process judge is asked: always, or only when the final answer is wrong "
                              "(the paper's protocol: S = 1 needs no process score)")
    web_search: str | None = Field(None, description="web search for the agent (modes tools, search): searxng, brave, "
                                                      "or a plug-in 'module:factory'")
    web_search_url: str | None = Field(None, description="the search service's address (searxng: required; "
                                                         "brave: default https://api.search.brave.com)")
    web_search_key_env: str | None = Field(None, description="the environment variable holding the search API key "
                                                             "(brave: default BRAVE_SEARCH_API_KEY)")
    web_search_results: int = Field(5, ge=1, le=20, description="results per web search shown to the agent")
    corpus: str | None = Field(None, description="a passage corpus (JSONL: passage_id, text) the `search` tool "
                                                 "searches in mode search")


_market_lock = threading.Lock()
_markets: dict[str, tuple[MarketDB, EntityLexicon]] = {}


def _market_key(chain: Chain, options: MultihopOptions) -> str:
    if options.market:
        return f"demo:{DEMO_SEED}" if options.market == "demo" else options.market
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


def web_search_of(options: MultihopOptions) -> WebSearch:
    """The web search the options name (see `websearch.web_search_for`)."""
    assert options.web_search
    return web_search_for(options.web_search, url=options.web_search_url, key_env=options.web_search_key_env)


_corpus_lock = threading.Lock()
_corpora: dict[str, BM25Index] = {}


def user_corpus(path: str) -> BM25Index:
    """The BM25 index of a user's passage corpus, built once per process."""
    with _corpus_lock:
        if path not in _corpora:
            _corpora[path] = BM25Index(load_corpus(path))
        return _corpora[path]


async def _judge(ctx: EpisodeContext[MultihopOptions], chain: Chain) -> None:
    """The LLM judges of one episode, as option `judge_use` says; their verdicts land in `transcript.info`. An
    unusable verdict makes the sample an error (`JudgeUnusable`), counted in the run's summary."""
    judge = role_model_fn(ctx.model("judge"))
    options, transcript = ctx.options, ctx.transcript
    trajectory = Trajectory.from_transcript(transcript, chain.question)
    release = options.release_judge_prompts and chain.judge_prompts is not None
    response = trajectory.render_response() if release else (
        transcript.final_answer if transcript.outcome is not None else None)
    final_correct: bool | None = None
    if options.judge_use in ("final", "both"):
        verdict = await judge_final(judge, chain, response, use_release_prompts=options.release_judge_prompts)
        transcript.info["judge_final"] = verdict.model_dump()
        if not verdict.ok:
            raise JudgeUnusable(f"the final-answer judge's reply could not be used: {verdict.reason}")
        final_correct = bool(verdict.correct)
    if options.judge_use in ("process", "both"):
        if options.process_when == "final_wrong" and final_correct:
            transcript.info["judge_process"] = {"skipped": "the final answer is right (S = 1)", "ok": True}
            return
        if not chain.intermediate:
            transcript.info["judge_process"] = {"skipped": "a 1-hop chain has no intermediate answer (N = 0)",
                                                "ok": True}
            return
        text = trajectory.render_response() if release else trajectory.render()
        verdict = await judge_process(judge, chain, text, use_release_prompts=options.release_judge_prompts)
        transcript.info["judge_process"] = verdict.model_dump()
        if not verdict.ok:
            raise JudgeUnusable(f"the process judge's reply could not be used: {verdict.reason}")


def chain_of(sample: Sample) -> Chain:
    return Chain.model_validate(sample.data["chain"])


def _stored_score(record: SampleRecord) -> ChainScore | None:
    if record.status != SampleStatus.scored or record.score is None or not record.score.details:
        return None
    return ChainScore.model_validate(record.score.details)


def judge_counts(records: Sequence[SampleRecord]) -> dict[str, int]:
    """How many LLM-judge verdicts the run asked for, used and could not use (a skipped process verdict, the
    paper's protocol when the final answer is right, is not asked). Errors of a sample count too."""
    asked = used = failed = 0
    for record in records:
        info = record.transcript.info if record.transcript is not None else {}
        for key in ("judge_final", "judge_process"):
            v = info.get(key)
            if not isinstance(v, dict) or v.get("skipped"):
                continue
            asked += 1
            if v.get("ok"):
                used += 1
            else:
                failed += 1
    return {"judge_verdicts": asked, "judge_verdicts_used": used, "judge_verdicts_failed": failed}


def checkpoint_counts(chains: Sequence[Chain]) -> dict[str, int]:
    """The paper's counts: step-level answers Σ K (572 in the release), of which the process checkpoints are the
    N = K − 1 intermediate answers of each item (the release's process prompt excludes the final answer)."""
    return {"items": len(chains), "step_answers": sum(c.k for c in chains),
            "process_checkpoints": sum(c.k - 1 for c in chains)}


def paper_table(metrics: Mapping[str, Any]) -> TableData | None:
    """The run as a row of the paper's Tables 2 and 3 (scores in %): S per hop count 1–6, the micro and macro
    averages, mean time per item; then L1/L2/L3."""
    hops = metrics.get("by_hops") or {}
    if not hops:
        return None

    def pct(v: Any) -> str:
        return "" if v is None else f"{100 * float(v):.1f}"

    cols = [f"{k}hop" for k in range(1, 7)]
    row = [pct((hops.get(str(k)) or {}).get("score")) for k in range(1, 7)]
    levels = metrics.get("by_level") or {}
    time = metrics.get("time_s_mean")
    return TableData(title="as the paper reports it (S in %)",
                     columns=[*cols, "Mic Avg.", "Mac Avg.", "L1", "L2", "L3", "Time (s)"],
                     rows=[[*row, pct(metrics.get("score")), pct(metrics.get("macro")),
                            *(pct((levels.get(lv) or {}).get("score")) for lv in ("L1", "L2", "L3")),
                            "" if time is None else f"{time:.1f}"]])


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
        chain = chain_of(sample)
        if name == GOLD_PATH:
            return GoldPathPolicy(chain)
        if name == REFERENCE_RESPONSE:
            return FixedAnswerPolicy(name, chain.reference_response or chain.final_answer)
        if name == FIRST_HOP:
            return FixedAnswerPolicy(name, first_hop_answer(chain))
        raise KeyError(f"unknown multihop policy {name!r}; known: {', '.join(POLICIES)}")

    def presets(self) -> list[PresetInfo]:
        return [PresetInfo(name="finhopper-paper", options=dict(FINHOPPER_PAPER), description=(
            "score as the FinHopper paper: the release's final and process judges as released (give --judge MODEL), "
            "the process judge only when the final answer is wrong, alpha 0.5, 42 rounds; use --mode search "
            "(public search) or --mode no-tools"))]

    def components(self) -> dict[str, list[str]]:
        return {"judge": ["none"]}

    # ------------------------------------------------------------------ data
    def check_config(self, mode: str | None, options: MultihopOptions) -> None:
        super().check_config(mode, options)
        mode = mode or "tools"
        if options.web_search and mode == "no-tools":
            raise ValueError("-O web_search applies to modes tools and search: mode no-tools gives the agent no tools")
        if options.corpus and mode != "search":
            raise ValueError("-O corpus applies to mode search (mode tools searches the market's own documents)")
        if mode == "search" and not (options.web_search or options.corpus):
            raise ValueError("mode search needs a web search (-O web_search=searxng|brave|module:factory) or a "
                             "corpus (-O corpus=PATH)")
        if options.market and mode != "tools":
            raise ValueError(f"-O market applies to mode tools (mode {mode} has no market tools)")
        if options.market and not options.market.startswith("demo"):
            MarketDB.open(options.market).close()  # a bad file fails now, with its reason
        if options.web_search:
            web_search_of(options)
        if options.corpus:
            load_corpus(options.corpus)

    def check_roles(self, mode: str | None, options: MultihopOptions, role_specs: Mapping[str, str]) -> None:
        judge = role_specs.get("judge", "none")
        if options.process_when == "final_wrong" and judge != "none" and options.judge_use == "process":
            raise ValueError("process_when=final_wrong needs the final verdict: use judge_use=both")
        if options.release_judge_prompts and options.process_when == "final_wrong" and judge == "none":
            raise ValueError("protocol finhopper-paper scores with the release's LLM judges: give --judge MODEL "
                             "(or drop the protocol for the deterministic scorers)")

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
        if (mode or "tools") != "tools" or not samples:
            return
        chain = chain_of(samples[0])
        if chain.source == "release" and not options.market:
            raise ValueError(
                "the FinHopper release is about real funds and stocks, and the bundled market is fictional: run it "
                "with --mode search (-O web_search=…), --mode no-tools, or a market of your own (-O market=PATH); "
                "-O market=demo uses the fictional demo market anyway")
        market_for(chain, options)  # opens (or generates) the market before any model call

    # ------------------------------------------------------------------ the episode
    async def run_episode(self, ctx: EpisodeContext[MultihopOptions]) -> None:
        chain = chain_of(ctx.sample)
        options = ctx.options
        setting: Literal["tools", "search", "no_tools"] = (
            "no_tools" if ctx.mode == "no-tools" else "search" if ctx.mode == "search" else "tools")
        tools: MarketTools | SearchTools | None = None
        market_name = None
        web = web_search_of(options) if options.web_search else None
        if setting == "tools":
            db, _ = market_for(chain, options)
            tools = MarketTools(db, corpus=corpus_index(db), web_search=web, language=chain.language,
                                web_top_k=options.web_search_results)
            market_name = db.meta().get("name")
        elif setting == "search":
            tools = SearchTools(corpus=user_corpus(options.corpus) if options.corpus else None, web_search=web,
                                web_top_k=options.web_search_results)
        settings = EpisodeSettings(setting=setting, max_rounds=options.max_rounds,
                                   max_observation_chars=options.max_observation_chars)
        await run_chain_episode(ctx, chain, tools, settings, market_name=market_name)
        if ctx.role_specs.get("judge", "none") != "none":
            await _judge(ctx, chain)

    def score(self, sample: Sample, transcript: Transcript, options: MultihopOptions) -> Score:
        chain = chain_of(sample)
        _, lexicon = market_for(chain, options) if chain.market or options.market else (None, None)
        has_final, has_process = "judge_final" in transcript.info, "judge_process" in transcript.info
        judge: Literal["none", "final", "process", "both"] = (
            "both" if has_final and has_process else "final" if has_final else "process" if has_process else "none")
        result = score_chain(chain, transcript, lexicon=lexicon, alpha=options.alpha, judge=judge)
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
        out.update(judge_counts(records))
        out["checkpoints"] = checkpoint_counts([chain_of(x) for x in (samples or {}).values()])
        return out

    def headline_metrics(self) -> list[str]:
        return ["score", "macro", "final_accuracy", "process"]

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
        asked = metrics.get("judge_verdicts") or 0
        if asked:
            rows.append([f"judge verdicts used: {metrics.get('judge_verdicts_used', 0)} of {asked}",
                         f"{metrics.get('judge_verdicts_failed', 0)} unusable", ""])
        tables = [TableData(title=f"multihop: {metrics.get('n_scored', 0)} scored of {metrics.get('n', 0)} "
                                  f"({metrics.get('n_errors', 0)} errors; alpha {metrics.get('alpha', ALPHA)})",
                            columns=["metric", "value", "95% CI"], rows=rows, align=["left", "right", "right"])]
        paper = paper_table(metrics)
        if paper is not None:
            tables.append(paper)
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
