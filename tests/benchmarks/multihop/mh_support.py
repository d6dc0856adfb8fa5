"""Helpers for the multihop tests (imported by test modules; pytest puts this folder on sys.path)."""

from __future__ import annotations

import random

from finprobe.benchmarks.multihop import Chain, EpisodeSettings, MarketDB, MarketTools, run_chain_episode
from finprobe.core.benchmark import EpisodeContext, FamilyOptions, RoleModel
from finprobe.core.schema import GenerateConfig, ModelCall, Sample, Transcript


async def direct_call(role, backend, messages, config, transcript):
    """The runner's call path without cache or retries: the backend's reply recorded as a ModelCall."""
    out = await backend.generate(messages, config)
    call = ModelCall(role=role, backend=backend.kind, model=backend.model, messages=list(messages), config=config,
                     output=out.text, finish_reason=out.finish_reason, usage=out.usage)
    transcript.calls.append(call)
    return call


def context_for(backend, sample_id: str = "s", roles: dict | None = None) -> EpisodeContext:
    t = Transcript()
    models = {"agent": RoleModel("agent", backend, t, GenerateConfig(), direct_call)}
    for role, b in (roles or {}).items():
        models[role] = RoleModel(role, b, t, GenerateConfig(), direct_call)
    return EpisodeContext(sample=Sample(id=sample_id, data={}), transcript=t, rng=random.Random(0), models=models,
                          options=FamilyOptions())


async def play(chain: Chain, backend, db: MarketDB, settings: EpisodeSettings | None = None) -> Transcript:
    ctx = context_for(backend, chain.id)
    tools = MarketTools(db, language=chain.language)
    await run_chain_episode(ctx, chain, tools, settings)
    return ctx.transcript


class ListSearch:
    """A web-search plug-in (`-O web_search=mh_support:list_search`): fixed results naming the query."""

    async def search(self, query: str, k: int):
        from finprobe.benchmarks.multihop.websearch import WebResult

        return [WebResult(title=f"{query} #{i}", url=f"https://example.test/{i}", snippet="plug-in result")
                for i in range(k)]


def list_search() -> ListSearch:
    return ListSearch()
