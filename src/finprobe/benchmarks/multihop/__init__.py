"""The multihop family (FinHopper, DESIGN §6): K-hop financial chains over a market database, with typed
tools, a ReAct episode, final + process scoring, and the public release format.

Public API (the family glue and chain synthesis use these; submodules hold the details):
- chains: `Chain`, `Hop`, `ToolCall`, `Binding`, `Derivation`, `load_chains`, `demo_chains_path`, `level_for_hops`
- release format: `chains_from_release`, `extract_hop_answers`; the FinHopper hop gold (sidecar): `hops_from_sidecar`,
  `load_sidecar`; data defects: `doctor`, `DoctorResult`, `Finding`
- market: `MarketDB`, `import_csv_dir`, `demo_market`, `build_demo_market`, `write_demo_market`, `DEMO_SEED`
- tools and episode: `MarketTools`, `SearchTools` (the search-only mode), `corpus_index`, `market_corpus`,
  `MultihopEnv`, `EpisodeSettings`, `run_chain_episode`
- web search: `WebSearch` (the plug-in interface), `WebResult`, `WebSearchError`, `SearxngSearch`, `BraveSearch`,
  `web_search_for`, `load_web_search`
- policies: `GoldPathPolicy`, `GOLD_PATH`, `FixedAnswerPolicy`, `first_hop_answer`; gold paths: `solve_chain`
- scoring: `match_final`, `hop_reached`, `Trajectory`, `EntityLexicon`, `score_chain`, `ChainScore`,
  `item_result`; metrics: `aggregate`, `ItemResult`, `process_score`, `combined_score`, `ALPHA`
- LLM judge: `judge_final`, `judge_process`, `role_model_fn`, `JudgeResult`
"""

from finprobe.benchmarks.multihop.chains import (
    Binding,
    Chain,
    Derivation,
    Hop,
    JudgePrompts,
    ToolCall,
    demo_chains_path,
    level_for_hops,
    load_chains,
)
from finprobe.benchmarks.multihop.doctor import DoctorResult, Finding, doctor
from finprobe.benchmarks.multihop.environment import EpisodeSettings, MultihopEnv, run_chain_episode
from finprobe.benchmarks.multihop.hop_gold import hops_from_sidecar, load_sidecar
from finprobe.benchmarks.multihop.judge import JudgeResult, judge_final, judge_process, role_model_fn
from finprobe.benchmarks.multihop.market import (
    DEMO_SEED,
    MarketDB,
    build_demo_market,
    demo_market,
    import_csv_dir,
    write_demo_market,
)
from finprobe.benchmarks.multihop.matching import MatchResult, match_final
from finprobe.benchmarks.multihop.mentions import EntityLexicon
from finprobe.benchmarks.multihop.metrics import ALPHA, ItemResult, aggregate, combined_score, process_score
from finprobe.benchmarks.multihop.policies import GOLD_PATH, FixedAnswerPolicy, GoldPathPolicy, first_hop_answer
from finprobe.benchmarks.multihop.process import HitResult, Trajectory, hop_reached, process_hits
from finprobe.benchmarks.multihop.release import chains_from_release, extract_hop_answers
from finprobe.benchmarks.multihop.scoring import ChainScore, item_result, score_chain
from finprobe.benchmarks.multihop.solver import solve_chain
from finprobe.benchmarks.multihop.tools import MarketTools, SearchTools, corpus_index, market_corpus
from finprobe.benchmarks.multihop.websearch import (
    BraveSearch,
    SearxngSearch,
    WebResult,
    WebSearch,
    WebSearchError,
    load_web_search,
    web_search_for,
)

__all__ = [
    "ALPHA", "DEMO_SEED", "GOLD_PATH", "Binding", "BraveSearch", "Chain", "ChainScore", "Derivation", "DoctorResult",
    "EntityLexicon", "EpisodeSettings", "Finding", "FixedAnswerPolicy", "GoldPathPolicy", "HitResult", "Hop",
    "ItemResult", "JudgePrompts", "JudgeResult", "MarketDB", "MarketTools", "MatchResult", "MultihopEnv",
    "SearchTools", "SearxngSearch", "ToolCall", "Trajectory", "WebResult", "WebSearch", "WebSearchError",
    "aggregate", "build_demo_market", "chains_from_release", "combined_score", "corpus_index", "demo_chains_path",
    "demo_market", "doctor", "extract_hop_answers", "first_hop_answer", "hop_reached", "hops_from_sidecar",
    "import_csv_dir", "item_result", "judge_final", "judge_process", "level_for_hops", "load_chains",
    "load_sidecar", "load_web_search", "market_corpus", "match_final", "process_hits", "process_score",
    "role_model_fn", "run_chain_episode", "score_chain", "solve_chain", "web_search_for", "write_demo_market",
]
