"""Authoring source of `trajectories.jsonl`: agent trajectories over the demo chains, one item per
(trajectory, intermediate hop), labelled by the definition of "reaching" a hop.

Definition (as in `finprobe.benchmarks.multihop.process`): the agent reaches hop k when its own output —
reasoning text, tool-call arguments, final answer — states or uses hop k's gold answer as a finding. Not
reaching: the answer appears only in a tool result or in the question, is only listed among candidates
being checked, or is rejected; a different value (the other candidate, the neighbouring day or quarter,
the second holding) is not the answer.

How trajectories are made: for each hop the simulated agent follows one *behaviour* whose meaning under
the definition is fixed — the label comes from the behaviour and the value the agent holds, never from
running the detector:

| behaviour        | what the agent does at hop k                                              | reaches hop k |
|------------------|---------------------------------------------------------------------------|---------------|
| `state`          | states the finding in its reasoning (any name or format, EN or ZH)        | yes           |
| `use`            | says nothing, but passes the answer as an argument to a later tool call   | yes           |
| `final_only`     | says nothing, does not pass it on; the final answer's summary states it   | yes           |
| `wrong`          | picks another value (other candidate, next day/quarter, 2nd holding), goes on | no       |
| `state_wrong`    | states a wrong value explicitly and goes on with it                       | no            |
| `negated`        | states the right value only to reject it ("not X"), goes on with another  | no            |
| `candidates_only`| checks the candidates (or reads the result) and gives up                   | no            |
| `hedge`          | names the right and a wrong value without choosing, then gives up         | no            |

After a wrong value the agent continues on its own path (later hops are re-derived from its values with
the real tools), so later hops are reached only if its value happens to equal the gold one. Observations
are the real tool results of the demo market. Regenerate with

    .venv/bin/python bench/data/multihop/author_trajectories.py
"""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path
from typing import Any

from finprobe.benchmarks.multihop import demo_chains_path, demo_market, load_chains
from finprobe.benchmarks.multihop.chains import Chain, Hop
from finprobe.benchmarks.multihop.solver import DeriveError, bind_args, derive, format_answer
from finprobe.benchmarks.multihop.tools import MarketTools

SEED = 20240601
BEHAVIOURS = ["state", "use", "final_only", "wrong", "state_wrong", "negated", "candidates_only", "hedge"]
REACHES = {"state": True, "use": True, "final_only": True, "wrong": False, "state_wrong": False, "negated": False,
           "candidates_only": False, "hedge": False}
GIVES_UP = {"candidates_only", "hedge"}

db = demo_market()
_ZH_Q = "一二三四"


# --------------------------------------------------------------------------- writing values
def name_variants(value: Any, lang: str) -> list[str]:
    e = db.entity(str(value))
    if e is not None:
        names = [e.name_en, e.ticker, e.name_zh or e.name_en]
        short = [a for a in e.aliases if a not in names and a != e.entity_id]
        if lang == "zh":
            return [e.name_zh or e.name_en, e.name_zh or e.name_en, e.ticker, *[s for s in short if not s.isascii()]]
        return [e.name_en, e.name_en, e.ticker, *[s for s in short if s.isascii()]]
    s = db.sector(str(value))
    if s is not None:
        return [s.name_zh or s.name_en] if lang == "zh" else [s.name_en, s.name_en, s.sector_id]
    return [str(value)]


def date_variants(iso: str, lang: str) -> list[str]:
    d = dt.date.fromisoformat(iso)
    if lang == "zh":
        return [f"{d.year}年{d.month}月{d.day}日", iso, f"{d.month}月{d.day}日"]
    return [iso, d.strftime("%B %-d, %Y"), d.strftime("%-d %b %Y"), d.strftime("%b %-d")]


def period_variants(p: str, lang: str) -> list[str]:
    if "Q" in p:
        y, q = p[:4], int(p[-1])
        if lang == "zh":
            return [f"{y}年第{_ZH_Q[q - 1]}季度", f"{y}年{_ZH_Q[q - 1]}季度", p]
        return [p, f"Q{q} {y}", f"the {['first', 'second', 'third', 'fourth'][q - 1]} quarter of {y}"]
    y, m = int(p[:4]), int(p[5:])
    if lang == "zh":
        return [f"{y}年{m}月", p]
    return [p, dt.date(y, m, 1).strftime("%B %Y"), dt.date(y, m, 1).strftime("%b %Y")]


def write(hop: Hop, value: Any, lang: str, rng: random.Random) -> str:
    if hop.kind == "entity":
        return rng.choice(name_variants(value, lang))
    if hop.kind == "date":
        return rng.choice(date_variants(str(value), lang))
    if hop.kind == "period":
        return rng.choice(period_variants(str(value), lang))
    return format_answer(hop.kind, value, unit=hop.unit, language=lang)


# --------------------------------------------------------------------------- wrong values
def wrong_value(hop: Hop, value: Any, results: list[dict[str, Any]], rng: random.Random) -> Any:
    d = hop.derive
    assert d is not None
    if hop.kind == "entity":
        if d.op != "field" and d.field is None:  # the other candidate
            keys = [r.get(d.key.split(".")[0]) if d.key and "." not in d.key else None for r in results]
            others = [k for k in keys if k and k != value]
            if others:
                return rng.choice(others)
        if d.path.startswith("holdings"):
            return results[-1]["holdings"][1]["entity"]
        if d.path.endswith("sector_id"):
            return rng.choice([s.sector_id for s in db.sectors() if s.sector_id != value])
        if d.path == "index":
            return rng.choice([s.index_id for s in db.sectors() if s.index_id != value])
        return None
    if hop.kind == "date":
        shifted = db.shift_trading_day(str(value), rng.choice([-1, 1]))
        return shifted or db.shift_trading_day(str(value), 1)
    if hop.kind == "period":
        if "Q" in str(value):
            y, q = int(str(value)[:4]), int(str(value)[-1])
            q2 = q - 1 if q > 1 else q + 1
            return f"{y}Q{q2}"
        y, m = int(str(value)[:4]), int(str(value)[5:])
        m2 = m - 1 if m > 1 else m + 1
        return f"{y}-{m2:02d}"
    return None


# --------------------------------------------------------------------------- phrasing
EN_STATE = {
    "entity_cmp": ["{x} had the {adj} figure ({a} vs {b}).", "So {x} is the one.", "Comparing the two, {x} comes out "
                   "{adj}.", "{x} wins here: {a} against {b}.", "The {adj} one is {x}."],
    "entity": ["That gives {x}.", "The result is {x}.", "It is {x}.", "OK, {x}."],
    "date": ["The date is {x}.", "That was on {x}.", "So the day we need is {x}.", "Got it: {x}."],
    "period": ["That is {x}.", "The peak was in {x}.", "So the period is {x}."],
}
ZH_STATE = {
    "entity_cmp": ["{x}的数值更{adj}（{a} 对 {b}）。", "因此是{x}。", "比较可知{x}较{adj}。", "结论：{x}。"],
    "entity": ["结果是{x}。", "得到{x}。", "即{x}。"],
    "date": ["日期为{x}。", "该日是{x}。", "所以是{x}。"],
    "period": ["是{x}。", "最值出现在{x}。"],
}
# Phrasing set B: used only for the held-out file (never looked at while tuning the detector).
EN_STATE_B = {
    "entity_cmp": ["Between the two, {x} is {adj} ({a} against {b}).", "Result: {x} ({a}).", "{x} comes out on top "
                   "with {a}.", "Clearly {x}: {a} vs. {b}.", "The winner is {x}."],
    "entity": ["This points to {x}.", "Found it — {x}.", "{x} is the one we need.", "The tool says {x}."],
    "date": ["The relevant date is {x}.", "{x} it is.", "Confirmed: {x}.", "This happened on {x}."],
    "period": ["{x} is the answer for this step.", "Peak: {x}.", "The period in question is {x}."],
}
ZH_STATE_B = {
    "entity_cmp": ["两者相比，{x}更{adj}（{a}，{b}）。", "{x}胜出（{a}）。", "可见{x}的数值更{adj}。"],
    "entity": ["查到的是{x}。", "对应的是{x}。", "确定为{x}。"],
    "date": ["该日期为{x}。", "时间是{x}。", "确认日期：{x}。"],
    "period": ["对应期间为{x}。", "峰值在{x}。"],
}
EN_PLAN = ["Let me check {t}.", "Next, I'll query {t}.", "Now I need {t}.", "Looking up {t}."]
ZH_PLAN = ["查询{t}。", "接下来查{t}。", "需要获取{t}。"]


def stmt_key(hop: Hop) -> str:
    if hop.kind == "entity":
        return "entity_cmp" if hop.derive and hop.derive.op != "field" else "entity"
    return "date" if hop.kind == "date" else "period"


def adjective(hop: Hop, lang: str) -> str:
    up = hop.derive is not None and hop.derive.op == "max"
    if lang == "zh":
        return "高" if up else "低"
    return "higher" if up else "lower"


def action_json(tool: str, args: dict[str, Any]) -> str:
    return json.dumps({"action": tool, **{k: v for k, v in args.items() if v is not None}}, ensure_ascii=False)


def wrap(thought: str, action: str, style: str, lang: str) -> str:
    if not thought:
        return action
    if style == "terse":
        return f"{thought}\n{action}"
    if style == "react":
        return f"{'思考' if lang == 'zh' else 'Thought'}: {thought}\n{action}"
    if style == "markdown":
        return f"{thought}\n\n```json\n{action}\n```"
    return f"{thought} {action}"


# --------------------------------------------------------------------------- one trajectory
class Agent:
    def __init__(self, chain: Chain, behaviours: list[str], style: str, summary: bool, rng: random.Random,
                 phrasing: str = "A"):
        self.chain, self.behaviours, self.style, self.summary, self.rng = chain, behaviours, style, summary, rng
        self.phrasing = phrasing
        self.lang = chain.language
        self.tools = MarketTools(db, language=self.lang)
        self.messages: list[dict[str, str]] = []
        self.values: dict[int, Any] = {}
        self.final_answer: str | None = None
        self.used: set[int] = set()  # hops whose value the agent passed literally to a later call
        self.summarised: set[int] = set()  # hops stated in the final answer's summary
        #: every value the agent put in its own output as a finding: (value, how)
        self.exposed: list[tuple[str, str]] = []
        self.ended_at: int | None = None  # the hop at which the agent gave up

    def say(self, thought: str, tool: str, args: dict[str, Any]) -> dict[str, Any] | None:
        self.messages.append({"role": "assistant", "content": wrap(thought, action_json(tool, args), self.style,
                                                                   self.lang)})
        r = self.tools.execute(tool, args)
        self.messages.append({"role": "tool", "content": "Observation: " + r.observation()})
        return r.data if r.ok else None

    def run(self) -> None:
        rng, lang = self.rng, self.lang
        pending_thought = ""
        for k, hop in enumerate(self.chain.hops, start=1):
            behaviour = self.behaviours[k - 1] if k < len(self.chain.hops) else "final"
            results: list[dict[str, Any]] = []
            for j, call in enumerate(hop.tool_calls):
                try:
                    args = bind_args(call, self.values)
                except DeriveError:
                    self.give_up("missing value", k)
                    return
                for name, b in call.bind.items():
                    if b.transform == "value":
                        self.exposed.append((str(args[name]), "used"))
                        args[name] = self.render_arg(b.hop, args[name])
                        self.used.add(b.hop)
                plans = EN_PLAN if lang == "en" else ZH_PLAN
                plan = rng.choice(plans).format(t=call.tool) if rng.random() < 0.4 else ""
                thought = (pending_thought + " " + plan).strip() if j == 0 else plan
                pending_thought = ""
                # A terse agent writes no plans; what it states about a finding it still writes.
                data = self.say(thought if self.style != "terse" or not plan else thought.replace(plan, "").strip(),
                                call.tool, args)
                if data is None:
                    self.give_up("tool error", k)
                    return
                results.append(data)
            try:
                gold_like = derive(hop.derive, results) if hop.derive else None
            except DeriveError:
                self.give_up("tie", k)
                return
            if behaviour == "final":
                self.values[k] = gold_like
                self.finish(hop, gold_like)
                return
            value = gold_like
            if behaviour in ("wrong", "state_wrong", "negated"):
                alt = wrong_value(hop, gold_like, results, rng)
                if alt is None:
                    behaviour = "state"
                    self.behaviours[k - 1] = "state"
                else:
                    value = alt
            if behaviour in GIVES_UP:
                if behaviour == "hedge":
                    alt = wrong_value(hop, gold_like, results, rng)
                    a = write(hop, gold_like, lang, rng)
                    b = write(hop, alt, lang, rng) if alt is not None else "?"
                    if self.phrasing == "B":
                        text = (f"Can't decide between {a} and {b}." if lang == "en" else f"{a}和{b}都有可能。")
                    else:
                        text = (f"It could be {a} or {b}; I can't tell which." if lang == "en"
                                else f"可能是{a}，也可能是{b}，无法判断。")
                    self.messages.append({"role": "assistant", "content": text})
                self.give_up(behaviour, k)
                return
            self.values[k] = value
            if behaviour in ("state", "state_wrong", "negated"):
                self.exposed.append((str(value), "stated"))
            if behaviour in ("state", "state_wrong"):
                pending_thought = self.statement(hop, value, results)
            elif behaviour == "negated":
                g = write(hop, gold_like, lang, rng)
                v = write(hop, value, lang, rng)
                if self.phrasing == "B":
                    pending_thought = (f"I first thought {g}, but that is wrong — it is {v}." if lang == "en"
                                       else f"起初以为是{g}，但这是错的，应为{v}。")
                else:
                    pending_thought = (f"Not {g} — on a second look it is {v}." if lang == "en"
                                       else f"不是{g}，再核对一下应为{v}。")
            # "use", "wrong", "final_only": nothing said now; the value flows into later calls

    def render_arg(self, hop_no: int, value: Any) -> Any:
        hop = self.chain.hops[hop_no - 1]
        if hop.kind == "entity" and db.entity(str(value)) is not None:
            e = db.entity(str(value))
            assert e is not None
            return self.rng.choice([e.ticker, e.entity_id, e.name_en if self.lang == "en" else (e.name_zh or e.ticker)])
        return value

    def statement(self, hop: Hop, value: Any, results: list[dict[str, Any]]) -> str:
        lang, rng = self.lang, self.rng
        key = stmt_key(hop)
        table = (EN_STATE_B if lang == "en" else ZH_STATE_B) if self.phrasing == "B" else \
            (EN_STATE if lang == "en" else ZH_STATE)
        template = rng.choice(table[key])
        x = write(hop, value, lang, rng)
        a = b = "?"
        if key == "entity_cmp" and hop.derive is not None:
            path = hop.derive.path
            nums = [r.get(path) for r in results]
            mine = next((r.get(path) for r in results if str(r.get(hop.derive.key or "")) == str(value)), None)
            others = [n for n in nums if n != mine]
            a, b = str(mine), str(others[0]) if others else "?"
        return template.format(x=x, adj=adjective(hop, lang), a=a, b=b)

    def finish(self, hop: Hop, value: Any) -> None:
        lang = self.lang
        answer = format_answer(hop.kind, value, unit=hop.unit, language=lang) if hop.kind != "entity" else \
            name_variants(value, lang)[0]
        parts = []
        for k in sorted(self.values):
            if k == len(self.chain.hops):
                continue
            b = self.behaviours[k - 1]
            if b == "final_only" or (self.summary and b in ("state", "state_wrong")):
                h = self.chain.hops[k - 1]
                w = write(h, self.values[k], lang, self.rng)
                parts.append(f"step {k}: {w}" if lang == "en" else f"第{k}步：{w}")
                self.summarised.add(k)
                self.exposed.append((str(self.values[k]), "summarised"))
        self.exposed.append((str(value), "final"))
        if parts:
            answer = ("; ".join(parts) + ("; final: " if lang == "en" else "；最终：") + answer)
        self.final_answer = answer
        self.messages.append({"role": "assistant", "content": action_json("answer", {"value": answer})})

    def give_up(self, why: str, hop: int) -> None:
        self.ended_at = hop
        text = "I cannot determine the answer from the data." if self.lang == "en" else "根据现有数据无法确定答案。"
        self.final_answer = text
        self.messages.append({"role": "assistant", "content": action_json("answer", {"value": text})})


def labels_for(agent: Agent, chain: Chain) -> list[bool]:
    """Hop k is reached when its gold value is among the values the agent put in its own output as a finding
    — stated, passed to a tool call, summarised, or given as the final answer — whichever step the agent
    meant it for (FinHopper's process check asks whether the response contains the checkpoint). Rejected
    values, candidates only checked, and values seen only in tool results are not in `exposed`."""
    values = {v for v, _ in agent.exposed}
    return [str(hop.value) in values for hop in chain.intermediate]


def build(seed: int = SEED, phrasing: str = "A", rounds: int = 4) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    chains = [c for c in load_chains(demo_chains_path()) if c.k >= 2]
    items: list[dict[str, Any]] = []
    n_traj = 0
    for _ in range(rounds):
        for chain in chains:
            n_inter = chain.k - 1
            behaviours = [rng.choice(BEHAVIOURS) for _ in range(n_inter)]
            # Keep a trajectory going past its first hop more often than not: give-ups only at the end.
            for i in range(n_inter - 1):
                while behaviours[i] in GIVES_UP:
                    behaviours[i] = rng.choice(BEHAVIOURS)
            style = rng.choice(["terse", "react", "plain", "markdown"])
            agent = Agent(chain, list(behaviours), style, summary=rng.random() < 0.3, rng=rng, phrasing=phrasing)
            agent.run()
            labels = labels_for(agent, chain)
            n_traj += 1
            for k, (hop, label) in enumerate(zip(chain.intermediate, labels, strict=True), start=1):
                b = agent.behaviours[k - 1]
                if agent.ended_at is not None and k > agent.ended_at:
                    b = "after_give_up"
                ref = {"answer": hop.answer, "kind": hop.kind, "value": hop.value, "unit": hop.unit,
                       "aliases": hop.aliases, "distractors": hop.distractors}
                items.append({"id": f"t{n_traj:03d}/{chain.id}/hop{k}", "kind": b, "style": style,
                              "language": chain.language, "question": chain.question, "hop_index": k,
                              "hop_kind": hop.kind, "reference": ref, "messages": agent.messages,
                              "final_answer": agent.final_answer, "label": label})
    return items


# --------------------------------------------------------------------------- hand-written (held out)
def _hand(tid: str, chain_id: str, kind: str, messages: list[tuple[str, str]], final: str | None,
          labels: list[bool]) -> list[dict[str, Any]]:
    """Free-form trajectories written by hand, labelled by hand (one label per intermediate hop)."""
    chain = next(c for c in load_chains(demo_chains_path()) if c.id == chain_id)
    assert len(labels) == chain.k - 1, (tid, len(labels), chain.k)
    msgs = [{"role": r, "content": c} for r, c in messages]
    out = []
    for k, (hop, label) in enumerate(zip(chain.intermediate, labels, strict=True), start=1):
        ref = {"answer": hop.answer, "kind": hop.kind, "value": hop.value, "unit": hop.unit, "aliases": hop.aliases,
               "distractors": hop.distractors}
        out.append({"id": f"{tid}/{chain_id}/hop{k}", "kind": kind, "style": "hand", "language": chain.language,
                    "question": chain.question, "hop_index": k, "hop_kind": hop.kind, "reference": ref,
                    "messages": msgs, "final_answer": final, "label": label})
    return out


A, OBS = "assistant", "tool"
HAND_WRITTEN: list[dict[str, Any]] = [
    *_hand("h01", "demo-L2-3hop-01-en", "hand_correct", [
        (A, "I'll start by comparing trading volumes on 2024-01-10.\n"
            '{"action": "price", "entity": "Zephyrine Semiconductor", "date": "2024-01-10"}'),
        (OBS, 'Observation: {"entity": "ZPHR.DEMO", "date": "2024-01-10", "close": 19.84, "volume": 26192900}'),
        (A, '{"action": "price", "entity": "Norvex Devices", "date": "2024-01-10"}'),
        (OBS, 'Observation: {"entity": "NRVX.DEMO", "date": "2024-01-10", "close": 31.2, "volume": 3585800}'),
        (A, "Zephyrine traded far more (26.2M vs 3.6M shares). Now its Q3 2024 report date.\n"
            '{"action": "report_metric", "entity": "ZPHR", "metric": "revenue", "period": "2024Q3"}'),
        (OBS, 'Observation: {"entity": "ZPHR.DEMO", "period": "2024Q3", "value": 2181734401, "report_date": "2024-'
            '10-18"}'),
        (A, '{"action": "price", "entity": "DSEMII", "date": "2024-10-18"}'),
        (OBS, 'Observation: {"entity": "DSEMII.DEMO", "date": "2024-10-18", "close": 1745.99}'),
        (A, '{"action": "answer", "value": "1,745.99 points"}'),
    ], "1,745.99 points", [True, True]),
    *_hand("h02", "demo-L2-3hop-01-en", "hand_wrong_pick", [
        (A, '{"action": "price", "entity": "ZPHR", "date": "2024-01-10"}'),
        (OBS, 'Observation: {"entity": "ZPHR.DEMO", "date": "2024-01-10", "volume": 26192900}'),
        (A, '{"action": "price", "entity": "NRVX", "date": "2024-01-10"}'),
        (OBS, 'Observation: {"entity": "NRVX.DEMO", "date": "2024-01-10", "volume": 3585800}'),
        (A, "Norvex Devices had the larger volume. Looking up its Q3 report.\n"
            '{"action": "report_metric", "entity": "NRVX", "metric": "revenue", "period": "2024Q3"}'),
        (OBS, 'Observation: {"entity": "NRVX.DEMO", "period": "2024Q3", "report_date": "2024-10-29"}'),
        (A, '{"action": "price", "entity": "DSEMII", "date": "2024-10-29"}'),
        (OBS, 'Observation: {"entity": "DSEMII.DEMO", "date": "2024-10-29", "close": 1702.4}'),
        (A, '{"action": "answer", "value": "1,702.40 points"}'),
    ], "1,702.40 points", [False, False]),
    *_hand("h03", "demo-L2-4hop-01-en", "hand_correct", [
        (A, "Thought: compare the closes of the two liquor makers on 2024-04-18.\n"
            'Action: {"action": "price", "entity": "RDMS", "date": "2024-04-18"}'),
        (OBS, 'Observation: {"entity": "RDMS.DEMO", "date": "2024-04-18", "close": 83.5}'),
        (A, 'Action: {"action": "price", "entity": "SVPL", "date": "2024-04-18"}'),
        (OBS, 'Observation: {"entity": "SVPL.DEMO", "date": "2024-04-18", "close": 114.04}'),
        (A, "Thought: Redmere closed at 83.50 vs Silverpine's 114.04 — Redmere is lower. Its dividend events:\n"
            'Action: {"action": "events", "entity": "RDMS", "event_type": "dividend"}'),
        (OBS, 'Observation: {"entity": "RDMS.DEMO", "events": [{"event_type": "dividend", "date": "2023-05-30", '
            '"fiscal_year": 2022}, {"event_type": "dividend", "date": "2024-05-27", "fiscal_year": 2023}]}'),
        (A, "Thought: the FY2023 dividend's ex-dividend date is May 27, 2024. Count five trading days.\n"
            'Action: {"action": "trading_day", "date": "2024-05-27", "offset": 5}'),
        (OBS, 'Observation: {"date": "2024-05-27", "offset": 5, "result": "2024-06-03"}'),
        (A, 'Action: {"action": "price", "entity": "RDMS", "date": "2024-06-03"}'),
        (OBS, 'Observation: {"entity": "RDMS.DEMO", "date": "2024-06-03", "close": 86.27}'),
        (A, '{"action": "answer", "value": "86.27 yuan"}'),
    ], "86.27 yuan", [True, True, True]),
    *_hand("h04", "demo-L2-4hop-01-en", "hand_off_by_one_recovered", [
        (A, '{"action": "price", "entity": "RDMS", "date": "2024-04-18"}'),
        (OBS, 'Observation: {"entity": "RDMS.DEMO", "date": "2024-04-18", "close": 83.5}'),
        (A, '{"action": "price", "entity": "SVPL", "date": "2024-04-18"}'),
        (OBS, 'Observation: {"entity": "SVPL.DEMO", "date": "2024-04-18", "close": 114.04}'),
        (A, '{"action": "events", "entity": "RDMS", "event_type": "dividend"}'),
        (OBS, 'Observation: {"entity": "RDMS.DEMO", "events": [{"event_type": "dividend", "date": "2024-05-27", '
            '"fiscal_year": 2023}]}'),
        (A, "Five days after 2024-05-27 is June 1.\n"
            '{"action": "price", "entity": "RDMS", "date": "2024-06-01"}'),
        (OBS, 'Observation: {"error": "2024-06-01 is not a trading day (Saturday)", "hint": "previous trading day '
            '2024-05-31, next trading day 2024-06-03"}'),
        (A, "Use the next session then.\n"
            '{"action": "price", "entity": "RDMS", "date": "2024-06-03"}'),
        (OBS, 'Observation: {"entity": "RDMS.DEMO", "date": "2024-06-03", "close": 86.27}'),
        (A, '{"action": "answer", "value": "86.27"}'),
    ], "86.27", [True, True, True]),
    *_hand("h05", "demo-L1-2hop-02-zh", "hand_correct", [
        (A, '思考：先查天顶成长2024年一季度末的持仓。\n{"action": "fund_holdings", "fund": "天顶成长", "period": "'
            '2024Q1"}'),
        (OBS, 'Observation: {"fund": "ZGEF.DEMO", "period": "2024Q1", "holdings": [{"rank": 1, "entity": "QNTC.DEMO", '
            '"name": "宽塔云", "weight_pct": 9.49}, {"rank": 2, "entity": "NMBD.DEMO", "name": "宁伞数据", "weight'
                '_pct": 9.18}]}'),
        (A, '思考：第一大重仓股为宽塔云（占比9.49%），查询其上市日期。\n{"action": "lookup_entity", "query": "宽塔'
            '云"}'),
        (OBS, 'Observation: {"matches": [{"entity": "QNTC.DEMO", "name": "Quantara Cloud", "listing_date": "2009-0'
            '5-18"}]}'),
        (A, '{"action": "answer", "value": "2009年5月18日"}'),
    ], "2009年5月18日", [True]),
    *_hand("h06", "demo-L1-2hop-02-zh", "hand_wrong_rank", [
        (A, '{"action": "fund_holdings", "fund": "ZGEF", "period": "2024Q1"}'),
        (OBS, 'Observation: {"fund": "ZGEF.DEMO", "period": "2024Q1", "holdings": [{"rank": 1, "entity": "QNTC.DEMO", '
            '"name": "宽塔云", "weight_pct": 9.49}, {"rank": 2, "entity": "NMBD.DEMO", "name": "宁伞数据", "weight'
                '_pct": 9.18}]}'),
        (A, '思考：持仓比例最高的是宁伞数据。\n{"action": "lookup_entity", "query": "宁伞数据"}'),
        (OBS, 'Observation: {"matches": [{"entity": "NMBD.DEMO", "name": "Nimbrella Data", "listing_date": "2012-1'
            '1-05"}]}'),
        (A, '{"action": "answer", "value": "2012年11月5日"}'),
    ], "2012年11月5日", [False]),
    *_hand("h07", "demo-L2-4hop-02-en", "hand_correct", [
        (A, '{"action": "macro", "indicator": "PMI", "period": "2023"}'),
        (OBS, 'Observation: {"indicator": "PMI", "values": [{"period": "2023-01", "value": 48.4, "release_date": '
            '"2023-01-31"}, {"period": "2023-02", "value": 49.1, "release_date": "2023-02-28"}]}'),
        (A, "The lowest PMI reading in 2023 was in January 2023 (48.4), published on 31 January 2023. So the next "
            'session is Feb 1.\n{"action": "trading_day", "date": "2023-01-31", "offset": 1}'),
        (OBS, 'Observation: {"date": "2023-01-31", "offset": 1, "result": "2023-02-01"}'),
        (A, '{"action": "price", "entity": "HBSB", "date": "2023-02-01"}'),
        (OBS, 'Observation: {"entity": "HBSB.DEMO", "date": "2023-02-01", "change_pct": -0.11}'),
        (A, '{"action": "price", "entity": "MDCB", "date": "2023-02-01"}'),
        (OBS, 'Observation: {"entity": "MDCB.DEMO", "date": "2023-02-01", "change_pct": 0.57}'),
        (A, '{"action": "answer", "value": "Meridale Commercial Bank"}'),
    ], "Meridale Commercial Bank", [True, True, True]),
    *_hand("h08", "demo-L2-4hop-02-en", "hand_yearless_month", [
        (A, '{"action": "macro", "indicator": "PMI", "period": "2023"}'),
        (OBS, 'Observation: {"indicator": "PMI", "values": [{"period": "2023-01", "value": 48.4, "release_date": '
            '"2023-01-31"}, {"period": "2023-02", "value": 49.1, "release_date": "2023-02-28"}]}'),
        (A, "Lowest: January. Its figure came out at the end of that month; the following trading day:\n"
            '{"action": "trading_day", "date": "2023-01-31", "offset": 1}'),
        (OBS, 'Observation: {"date": "2023-01-31", "offset": 1, "result": "2023-02-01"}'),
        (A, '{"action": "price", "entity": "HBSB", "date": "2023-02-01"}'),
        (OBS, 'Observation: {"entity": "HBSB.DEMO", "date": "2023-02-01", "change_pct": -0.11}'),
        (A, '{"action": "price", "entity": "MDCB", "date": "2023-02-01"}'),
        (OBS, 'Observation: {"entity": "MDCB.DEMO", "date": "2023-02-01", "change_pct": 0.57}'),
        (A, '{"action": "answer", "value": "MDCB"}'),
    ], "MDCB", [True, True, True]),
    *_hand("h09", "demo-L3-5hop-03-en", "hand_terse", [
        (A, '{"action": "fund_metric", "fund": "ZGEF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-1'
            '2-31"}'),
        (OBS, 'Observation: {"fund": "ZGEF.DEMO", "value": 10.69}'),
        (A, '{"action": "fund_metric", "fund": "NWTF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-1'
            '2-31"}'),
        (OBS, 'Observation: {"fund": "NWTF.DEMO", "value": 9.12}'),
        (A, '{"action": "fund_holdings", "fund": "NWTF", "period": "2024Q3"}'),
        (OBS, 'Observation: {"fund": "NWTF.DEMO", "holdings": [{"rank": 1, "entity": "LXGD.DEMO", "name": "Lexigri'
            'd Software"}]}'),
        (A, '{"action": "lookup_entity", "query": "LXGD"}'),
        (OBS, 'Observation: {"matches": [{"entity": "LXGD.DEMO", "sector": "Software", "sector_id": "SOFT"}]}'),
        (A, '{"action": "list_sector", "sector": "Software"}'),
        (OBS, 'Observation: {"sector_id": "SOFT", "index": "DSOFTI.DEMO"}'),
        (A, '{"action": "price", "entity": "DSOFTI.DEMO", "date": "2024-11-04"}'),
        (OBS, 'Observation: {"entity": "DSOFTI.DEMO", "date": "2024-11-04", "change_pct": 1.46}'),
        (A, '{"action": "answer", "value": "1.46%"}'),
    ], "1.46%", [True, True, True, True]),
    *_hand("h10", "demo-L3-5hop-03-en", "hand_wrong_fund", [
        (A, '{"action": "fund_metric", "fund": "ZGEF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-1'
            '2-31"}'),
        (OBS, 'Observation: {"fund": "ZGEF.DEMO", "value": 10.69}'),
        (A, "That looks small enough; I'll take Zenith Growth.\n"
            '{"action": "fund_holdings", "fund": "ZGEF", "period": "2024Q3"}'),
        (OBS, 'Observation: {"fund": "ZGEF.DEMO", "holdings": [{"rank": 1, "entity": "TLMC.DEMO", "name": "Talmora'
            ' Circuits"}]}'),
        (A, "Top holding Talmora Circuits — a semiconductor maker.\n"
            '{"action": "price", "entity": "DSEMII", "date": "2024-11-04"}'),
        (OBS, 'Observation: {"entity": "DSEMII.DEMO", "date": "2024-11-04", "change_pct": 0.83}'),
        (A, '{"action": "answer", "value": "0.83%"}'),
    ], "0.83%", [False, False, False, False]),
    *_hand("h11", "demo-L2-3hop-02-zh", "hand_correct", [
        (A, '思考：先确认流明途汽车所属行业。\n{"action": "lookup_entity", "query": "流明途汽车"}'),
        (OBS, 'Observation: {"matches": [{"entity": "LMWA.DEMO", "name": "Lumenway Auto", "sector": "新能源汽车", '
            '"sector_id": "NEV"}]}'),
        (A, '思考：流明途汽车属于新能源汽车行业，查该行业指数。\n{"action": "list_sector", "sector": "新能源汽车"}'),
        (OBS, 'Observation: {"sector_id": "NEV", "name_zh": "新能源汽车", "index": "DNEVI.DEMO"}'),
        (A, '思考：对应的行业指数为演示新能源汽车指数（DNEVI）。\n{"action": "price", "entity": "DNEVI", "date": "'
            '2024-07-01"}'),
        (OBS, 'Observation: {"entity": "DNEVI.DEMO", "date": "2024-07-01", "close": 1981.35}'),
        (A, '{"action": "answer", "value": "1981.35点"}'),
    ], "1981.35点", [True, True]),
    *_hand("h12", "demo-L3-6hop-02-en", "hand_terse", [
        (A, '{"action": "macro", "indicator": "GDP_YOY", "period": "2023"}'),
        (OBS, 'Observation: {"indicator": "GDP_YOY", "values": [{"period": "2023Q1", "value": 4.1}, {"period": "20'
            '23Q2", '
            '"value": 5.9, "release_date": "2023-07-17"}]}'),
        (A, '{"action": "macro", "indicator": "GDP_YOY", "period": "2023Q2"}'),
        (OBS, 'Observation: {"indicator": "GDP_YOY", "values": [{"period": "2023Q2", "value": 5.9, "release_date": '
            '"2023-07-17"}]}'),
        (A, '{"action": "trading_day", "date": "2023-07-17", "offset": 1}'),
        (OBS, 'Observation: {"result": "2023-07-18"}'),
        (A, '{"action": "price", "entity": "HBSB", "date": "2023-07-18"}'),
        (OBS, 'Observation: {"entity": "HBSB.DEMO", "change_pct": -1.65}'),
        (A, '{"action": "price", "entity": "VRDP", "date": "2023-07-18"}'),
        (OBS, 'Observation: {"entity": "VRDP.DEMO", "change_pct": 0.65}'),
        (A, '{"action": "lookup_entity", "query": "VRDP"}'),
        (OBS, 'Observation: {"matches": [{"entity": "VRDP.DEMO", "sector": "Pharmaceuticals", "sector_id": "PHAR"}]}'),
        (A, '{"action": "list_sector", "sector": "PHAR"}'),
        (OBS, 'Observation: {"sector_id": "PHAR", "index": "DPHARI.DEMO"}'),
        (A, '{"action": "answer", "value": "Demo Pharmaceuticals Index"}'),
    ], "Demo Pharmaceuticals Index", [True, True, True, True, True]),
]


if __name__ == "__main__":
    for name, rows in (("trajectories.jsonl", build()),
                       ("trajectories_heldout.jsonl", build(seed=SEED + 1, phrasing="B", rounds=1) + HAND_WRITTEN)):
        path = Path(__file__).with_name(name)
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        kinds: dict[str, int] = {}
        for r in rows:
            kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
        print(f"{len(rows)} items ({sum(r['label'] for r in rows)} reached) -> {path}; by kind {kinds}")
