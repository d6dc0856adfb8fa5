"""Speed of the multihop market layer: demo-market generation, tool calls, gold-path solving, episodes, scoring.

Run: .venv/bin/python bench/multihop_market.py [--repeat N]
All numbers come from one run on this machine (it is shared and noisy: compare the ratios, not absolute
times). Chain synthesis (issue 11) needs ~1,000 chains/min without LLM roles, i.e. well over 17 solved
chains/s, so `solve_chain` throughput is the figure that matters for it.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from typing import Any

from finprobe.benchmarks.multihop import (
    Chain,
    EntityLexicon,
    GoldPathPolicy,
    MarketDB,
    MarketTools,
    build_demo_market,
    demo_chains_path,
    load_chains,
    market_corpus,
    run_chain_episode,
    score_chain,
    solve_chain,
)
from finprobe.core.benchmark import EpisodeContext, RoleModel
from finprobe.core.retrieval import BM25Index
from finprobe.core.schema import GenerateConfig, ModelCall, Sample, Transcript

CALLS: list[tuple[str, dict[str, Any]]] = [
    ("lookup_entity", {"query": "Zephyrine"}), ("price", {"entity": "ZPHR", "date": "2024-03-05"}),
    ("trading_day", {"date": "2024-02-08", "offset": 1}),
    ("report_metric", {"entity": "ZPHR", "metric": "net_profit", "period": "2024Q3", "basis": "cumulative"}),
    ("fund_metric", {"fund": "ZGEF", "metric": "return", "horizon": "1Y", "as_of": "2024-06-28"}),
    ("fund_holdings", {"fund": "ZGEF", "period": "2024Q2"}), ("macro", {"indicator": "CPI", "period": "2024"}),
    ("events", {"entity": "ZPHR", "event_type": "earnings_release"}), ("list_sector", {"sector": "Semiconductors"}),
    ("price", {"entity": "ZPHR", "date": "2024-02-10"}),  # an error path
]


async def _call(role, backend, messages, config, transcript):  # the runner's call path, without cache/retries
    out = await backend.generate(messages, config)
    call = ModelCall(role=role, backend=backend.kind, model=backend.model, messages=list(messages), config=config,
                     output=out.text)
    transcript.calls.append(call)
    return call


async def play(chain: Chain, backend, db: MarketDB) -> Transcript:
    t = Transcript()
    ctx = EpisodeContext(sample=Sample(id=chain.id, data={}), transcript=t, rng=random.Random(0),
                         models={"agent": RoleModel("agent", backend, t, GenerateConfig(), _call)})
    await run_chain_episode(ctx, chain, MarketTools(db, language=chain.language))
    return t


def timed(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    r = args.repeat

    t_build = timed(lambda: build_demo_market(), r)
    db = build_demo_market()
    print(f"demo market generation: {t_build:.2f} s ({len(db.table_rows('daily_bars'))} bars)")
    t_hash = timed(db.content_hash, r)
    print(f"content hash: {t_hash:.2f} s")
    t_index = timed(lambda: BM25Index(market_corpus(db)), 1)
    print(f"BM25 index over {len(db.documents())} documents: {t_index:.2f} s")

    tools = MarketTools(db)
    n = 2000
    rng = random.Random(0)
    batch = [rng.choice(CALLS) for _ in range(n)]
    t_calls = timed(lambda: [tools.execute(name, a) for name, a in batch], r)
    print(f"tool calls: {n / t_calls:,.0f} calls/s (mixed tools, median of {r})")

    chains = load_chains(demo_chains_path())
    t_solve = timed(lambda: [solve_chain(c, tools) for c in chains], r)
    solve_rate = len(chains) / t_solve
    print(f"solve_chain (gold path re-derived): {solve_rate:,.1f} chains/s ({60 * solve_rate:,.0f} chains/min)")

    async def episodes() -> list:
        return [await play(c, GoldPathPolicy(c), db) for c in chains]

    t0 = time.perf_counter()
    transcripts = asyncio.run(episodes())
    t_ep = time.perf_counter() - t0
    print(f"gold-path episodes through run_react: {len(chains) / t_ep:,.1f} episodes/s "
          f"(ratio to bare solving: {t_ep / t_solve:.1f}x)")

    lexicon = EntityLexicon(db.alias_lexicon())
    t_score = timed(lambda: [score_chain(c, t, lexicon=lexicon) for c, t in zip(chains, transcripts, strict=True)], r)
    print(f"score_chain (matcher + process detector): {len(chains) / t_score:,.1f} items/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
