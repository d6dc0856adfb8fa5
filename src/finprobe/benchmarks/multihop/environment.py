"""The multi-hop episode: a ReAct agent with the market tools (or none), up to 42 rounds, answering once.

`MultihopEnv` is the `core.agent.Environment` (the tools of `MarketTools` plus `answer`); `run_chain_episode`
plays one chain in an `EpisodeContext` and records the setting, the tool calls and the time the item took
(`transcript.info["time_s"]`, wall clock from the first model call to the answer). Settings (DESIGN §6,
"with-tools vs without-tools"): `tools` gives the agent every tool of the market; `search` only text search
(a web search service and/or a user's corpus: the paper's public-search setting for real-world chains);
`no_tools` only `answer`, so it must answer from what it knows.
"""

from __future__ import annotations

import time
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from finprobe.benchmarks.multihop.chains import Chain
from finprobe.benchmarks.multihop.tools import MarketTools, SearchTools
from finprobe.core.actions import ActionSpec, ArgSpec
from finprobe.core.agent import EnvResult, LoopConfig, run_react
from finprobe.core.benchmark import EpisodeContext
from finprobe.core.schema import Action

__all__ = ["ANSWER_SPEC", "EpisodeSettings", "MultihopEnv", "Setting", "run_chain_episode", "system_prompt",
           "task_prompt"]

Setting = Literal["tools", "search", "no_tools"]
MAX_ROUNDS = 42  # the FinHopper paper's ReAct iteration budget

ANSWER_SPEC = ActionSpec(
    name="answer",
    description="Give the final answer: the name, date, period or figure (with its unit) the question asks for.",
    # room for a short worked answer (each step's answer, then the final one); not more: llama.cpp's grammar
    # parser refuses a string bounded above ~1,000 characters (and llama-cpp-python then crashes)
    args=[ArgSpec(name="value", max_length=1000)],
)


class EpisodeSettings(BaseModel):
    """How an episode runs. `max_observation_chars` is generous: tool results are JSON the agent must read whole."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    setting: Setting = "tools"
    max_rounds: int = MAX_ROUNDS
    max_consecutive_invalid: int = 3
    max_observation_chars: int = 6000


class MultihopEnv:
    """The tools (unless the setting is `no_tools`) and `answer`. A tool error is an observation, not an end."""

    def __init__(self, tools: MarketTools | SearchTools | None, setting: Setting = "tools"):
        if setting != "no_tools" and tools is None:
            raise ValueError(f"the {setting!r} setting needs its tools")
        self.tools = tools if setting != "no_tools" else None
        self.setting = setting
        self.calls = 0
        self.failed_calls = 0

    def actions(self) -> list[ActionSpec]:
        return [*(self.tools.specs() if self.tools is not None else []), ANSWER_SPEC]

    async def step(self, action: Action) -> EnvResult:
        if action.name == "answer":
            value = str(action.args.get("value", "")).strip()
            return EnvResult(observation="Answer recorded.", done=True, final={"value": value})
        assert self.tools is not None  # the loop only passes actions this env offered
        t0 = time.perf_counter()
        result = await self.tools.call(action.name, action.args)
        self.calls += 1
        self.failed_calls += 0 if result.ok else 1
        info: dict[str, Any] = {**result.record(), "elapsed_s": round(time.perf_counter() - t0, 6)}
        return EnvResult(observation=result.observation(), info=info)


_SYSTEM = {
    ("en", "tools"): (
        "You are a financial research agent. Answer the user's question, which may need several steps in "
        "which each answer sets up the next. Use the tools to look facts up; do not guess figures. {market} "
        "When you know the answer, give it with the answer action: just the name, date, period or figure "
        "(with its unit) that the question asks for."),
    ("zh", "tools"): (
        "你是一名金融研究助手。用户的问题可能需要多步推理，每一步的答案决定下一步查询的条件。请使用工具查询事实，"
        "不要猜测数据。{market}得出结论后，用 answer 动作给出最终答案："
        "只写问题所问的名称、日期、期间或数值（带单位）。"),
    ("en", "search"): (
        "You are a financial research agent. Answer the user's question, which may need several steps in which "
        "each answer sets up the next. Search for the facts (web search, and document search when offered); do not "
        "guess figures or dates. When you know the answer, give it with the answer action: the answer of each "
        "step, then the final answer the question asks for (a name, date, period or figure with its unit)."),
    ("zh", "search"): (
        "你是一名金融研究助手。用户的问题可能需要多步推理，每一步的答案决定下一步查询的条件。请用搜索工具查找事实"
        "（网络搜索，以及提供时的文档搜索），不要猜测数据或日期。得出结论后，用 answer 动作作答：先写每一步的答案，"
        "再写问题所问的最终答案（名称、日期、期间或数值，带单位）。"),
    ("en", "no_tools"): (
        "You are a financial research agent. Answer the user's question from what you know. Give the answer "
        "with the answer action: just the name, date, period or figure (with its unit) the question asks for."),
    ("zh", "no_tools"): (
        "你是一名金融研究助手。请根据你已有的知识回答用户的问题，用 answer 动作给出最终答案："
        "只写问题所问的名称、日期、期间或数值（带单位）。"),
}
_MARKET_NOTE = {"en": "The market data are those of {name}. ", "zh": "市场数据来自{name}。"}


def system_prompt(language: str, setting: Setting, market_name: str | None = None) -> str:
    lang = "zh" if language == "zh" else "en"
    note = _MARKET_NOTE[lang].format(name=market_name) if market_name and setting == "tools" else ""
    return _SYSTEM[(lang, setting)].format(market=note) if setting == "tools" else _SYSTEM[(lang, setting)]


def task_prompt(chain: Chain) -> str:
    return chain.question


async def run_chain_episode(ctx: EpisodeContext, chain: Chain, tools: MarketTools | SearchTools | None,
                            settings: EpisodeSettings | None = None, *, market_name: str | None = None) -> MultihopEnv:
    """Play one chain: the agent (role "agent") runs the ReAct loop over `MultihopEnv`; everything lands in
    `ctx.transcript` (messages, steps with each tool call's arguments and result, model calls), plus
    `info`: setting, time_s, tool_calls, failed_tool_calls, chain id, K, level, language."""
    s = settings or EpisodeSettings()
    env = MultihopEnv(tools, s.setting)
    loop = LoopConfig(max_rounds=s.max_rounds, max_consecutive_invalid=s.max_consecutive_invalid,
                      max_observation_chars=s.max_observation_chars)
    info = ctx.transcript.info
    info.update({"chain": chain.id, "K": chain.k, "level": chain.level, "language": chain.language,
                 "setting": s.setting, "max_rounds": s.max_rounds})
    t0 = time.perf_counter()
    try:
        await run_react(ctx, system_prompt(chain.language, s.setting, market_name), task_prompt(chain), env, loop)
    finally:
        info["time_s"] = round(time.perf_counter() - t0, 4)
        info["tool_calls"] = env.calls
        info["failed_tool_calls"] = env.failed_calls
    return env
