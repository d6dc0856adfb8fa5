"""Helpers for the chain-synthesis tests (imported by test modules; pytest puts this folder on sys.path)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

from finprobe.benchmarks.multihop import Chain, EntityLexicon, GoldPathPolicy, MarketDB, MarketTools, run_chain_episode
from finprobe.benchmarks.multihop.market import write_demo_market
from finprobe.benchmarks.multihop.scoring import score_chain
from finprobe.core.benchmark import EpisodeContext, FamilyOptions, RoleModel
from finprobe.core.schema import GenerateConfig, ModelCall, Sample, Transcript


async def _call(role, backend, messages, config, transcript):
    out = await backend.generate(messages, config)
    call = ModelCall(role=role, backend=backend.kind, model=backend.model, messages=list(messages), config=config,
                     output=out.text, finish_reason=out.finish_reason, usage=out.usage)
    transcript.calls.append(call)
    return call


async def gold_path_score(chain: Chain, db: MarketDB, lexicon: EntityLexicon) -> tuple[float, Transcript]:
    """The chain played by the family's gold-path policy through the real episode, scored by the family."""
    t = Transcript()
    ctx = EpisodeContext(sample=Sample(id=chain.id, data={}), transcript=t, rng=random.Random(0),
                         models={"agent": RoleModel("agent", GoldPathPolicy(chain), t, GenerateConfig(), _call)},
                         options=FamilyOptions())
    await run_chain_episode(ctx, chain, MarketTools(db, language=chain.language))
    return score_chain(chain, t, lexicon=lexicon).score, t


def edited_market(path: Path, *statements: tuple[str, tuple[Any, ...]]) -> MarketDB:
    """The demo market written to `path` and changed by SQL statements: a user's own database with a defect."""
    write_demo_market(path)
    conn = sqlite3.connect(path)
    for sql, params in statements:
        conn.execute(sql, params)
    conn.commit()
    conn.close()
    return MarketDB.open(path)
