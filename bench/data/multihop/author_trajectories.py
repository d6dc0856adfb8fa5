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
| `state`          | states the finding in its reasoning (full name, ticker, short name, other date format, EN or ZH) | yes |
| `use`            | says nothing, but passes the answer as an argument to a later tool call   | yes           |
| `final_only`     | says nothing, does not pass it on; the final answer's summary states it   | yes           |
| `wrong`          | picks another value (other candidate, neighbouring day/quarter, 2nd holding) and goes on with it | no |
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
    def __init__(self, chain: Chain, behaviours: list[str], style: str, summary: bool, rng: random.Random):
        self.chain, self.behaviours, self.style, self.summary, self.rng = chain, behaviours, style, summary, rng
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
                plan = rng.choice(EN_PLAN if lang == "en" else ZH_PLAN).format(t=call.tool) if rng.random() < 0.4 else ""
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
        template = rng.choice((EN_STATE if lang == "en" else ZH_STATE)[key])
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


def build() -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    chains = [c for c in load_chains(demo_chains_path()) if c.k >= 2]
    items: list[dict[str, Any]] = []
    n_traj = 0
    for round_no in range(4):
        for chain in chains:
            n_inter = chain.k - 1
            behaviours = [rng.choice(BEHAVIOURS) for _ in range(n_inter)]
            # Keep a trajectory going past its first hop more often than not: give-ups only at the end.
            for i in range(n_inter - 1):
                while behaviours[i] in GIVES_UP:
                    behaviours[i] = rng.choice(BEHAVIOURS)
            style = rng.choice(["terse", "react", "plain", "markdown"])
            agent = Agent(chain, list(behaviours), style, summary=rng.random() < 0.3, rng=rng)
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


if __name__ == "__main__":
    path = Path(__file__).with_name("trajectories.jsonl")
    rows = build()
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    kinds: dict[str, int] = {}
    for r in rows:
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
    print(f"{len(rows)} items ({sum(r['label'] for r in rows)} reached) -> {path}; by kind {kinds}")
