"""The process-hit detector: does a trajectory reach hop k's gold answer? (the I(k_i ⪯ A) of DESIGN §6)

Definition (what the labelled set is labelled by): the agent reaches a hop when **its own output** — its
reasoning text, the arguments of its tool calls, or its final answer — states or uses that hop's answer
as a finding. Not counted: the answer appearing only in a tool result or in the question; the answer
merely listed among the candidates being checked; the answer rejected ("not X", "不是X").

How it is detected:
- **use in a tool call**: an argument equal to the hop's answer (an entity by any alias, a date or period
  in any format, a figure within tolerance) reaches the hop — unless the same call was also made with
  another value for that argument (the same tool, the other arguments equal): such "mirrored" calls check
  candidates side by side and say nothing about which one the agent picked;
- **a statement in text**: a mention of the answer in the agent's text (thought or final answer) that is
  not rejected. When the answer is one of several candidates — it appears in the question, in mirrored
  calls, or next to another candidate in the same sentence — the mention must *select* it: a comparative
  or superlative right after it ("X had the higher close", "X最高") before another candidate is named,
  a conclusion marker right before it ("so X", "因此X", "→ X"), or a statement naming it alone that is not
  a plan ("X's close was 21.76", but not "let me check X");
- **a comparison** chooses by the hop's direction (`comparisons`): the gold named only as the one passed over
  ("Ashgrove's turnover exceeds Harborstone's", "隼信银行…明显高于港石银行" for a `max` hop) is not reached;
  named as the reference of a claim worded the other way ("港石银行低于隼信银行" for a `min` hop) it is;
- **a statement taken back** does not count: when, later in the same turn, the agent settles on another
  candidate after a retraction ("wait", "actually", "I'll set X aside", "等等", "实际上", "排除", "重新考虑"),
  after calling its first pick only apparent ("looks higher", "看似最高"), with a choice marker ("so I'll go
  with Y", "所以取Y", "选Y"), by putting another in its place ("X is distorted …; I'll use Y instead", "用Y代替"),
  or with a conclusion after a contrast ("X is higher, but …, so the meaningful peak is Y") — or does so after a
  retraction at the start of its next turn.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, Field

from finprobe.benchmarks.multihop.chains import Chain, Hop
from finprobe.benchmarks.multihop.comparisons import Role, comparison_roles, hop_direction
from finprobe.benchmarks.multihop.mentions import (
    EntityLexicon,
    Mention,
    figure_matches,
    find_gold_mentions,
    gold_time_value,
    is_context,
    is_negated,
    reference_number,
    selected_by_comparison,
    sentences,
    time_equal,
)
from finprobe.benchmarks.multihop.periods import find_time_mentions
from finprobe.core.actions import json_object_spans
from finprobe.core.numbers import find_numbers, normalise_text_answer
from finprobe.core.schema import StepKind, Transcript

__all__ = ["HitResult", "Trajectory", "Turn", "hop_reached", "process_hits"]


class Turn(BaseModel):
    """One agent turn: its words outside the action, and the action it took (if any)."""

    text: str = ""
    action: str | None = None
    args: dict[str, Any] = Field(default_factory=dict)
    observation: str | None = None


class Trajectory(BaseModel):
    """What the agent did in an episode, as the process detector reads it."""

    question: str = ""
    turns: list[Turn] = Field(default_factory=list)
    final_answer: str | None = None

    @classmethod
    def from_transcript(cls, transcript: Transcript, question: str = "") -> Trajectory:
        turns: list[Turn] = []
        for step in transcript.steps:
            if step.kind == StepKind.note:
                continue
            raw = step.raw or ""
            action = step.action
            text = _strip_action(raw) if action is not None else raw
            if action is not None and action.name == "answer":
                turns.append(Turn(text=text))
                continue
            turns.append(Turn(text=text, action=action.name if action else None,
                              args=dict(action.args) if action else {}, observation=step.observation))
        return cls(question=question, turns=turns, final_answer=transcript.final_answer)

    @classmethod
    def from_messages(cls, messages: list[dict[str, str]], question: str = "",
                      final_answer: str | None = None) -> Trajectory:
        """From plain messages: `assistant` turns hold the agent's text with at most one JSON action;
        `tool` turns are observations. A JSON action named "answer" gives the final answer."""
        turns: list[Turn] = []
        answer = final_answer
        for msg in messages:
            if msg.get("role") == "assistant":
                content = msg.get("content", "")
                obj = _json_action(content)
                text = _strip_action(content) if obj is not None else content
                if obj is not None and obj.get("action") == "answer":
                    answer = str(obj.get("value", "")) if answer is None else answer
                    turns.append(Turn(text=text))
                elif obj is not None:
                    args = {k: v for k, v in obj.items() if k != "action"}
                    turns.append(Turn(text=text, action=str(obj.get("action")), args=args))
                else:
                    turns.append(Turn(text=text))
            elif msg.get("role") in ("tool", "user") and turns:
                turns[-1].observation = msg.get("content", "")
        return cls(question=question, turns=turns, final_answer=answer)


    def render(self) -> str:
        """The agent's own output as text (its words, its tool calls, its final answer; no tool results), the
        input of the LLM process judge: what the agent said and did, not what the tools showed it."""
        lines = []
        for i, turn in enumerate(self.turns, start=1):
            if turn.text.strip():
                lines.append(f"[{i}] {turn.text.strip()}")
            if turn.action:
                lines.append(f"[{i}] call {turn.action}({json.dumps(turn.args, ensure_ascii=False)})")
        if self.final_answer:
            lines.append(f"final answer: {self.final_answer}")
        return "\n".join(lines)

    def render_response(self, result_chars: int = 500) -> str:
        """The agent's whole response as a release judge reads a "student answer": its words, each search or
        tool call with the start of what it returned (the release's hard filter asks whether the answer rests
        on searched data), then its final answer. An agent that only answered is just its answer."""
        lines = []
        for turn in self.turns:
            if turn.text.strip():
                lines.append(turn.text.strip())
            if turn.action:
                lines.append(f"[{turn.action}] {json.dumps(turn.args, ensure_ascii=False)}")
                if turn.observation:
                    obs = turn.observation.strip()
                    lines.append("→ " + (obs if len(obs) <= result_chars else obs[: result_chars - 1] + "…"))
        if self.final_answer:
            lines.append(("Final answer: " if lines else "") + self.final_answer)
        return "\n".join(lines)


def _json_action(text: str) -> dict[str, Any] | None:
    return next((v for _, _, v in json_object_spans(text) if isinstance(v, dict) and "action" in v), None)


def _strip_action(text: str) -> str:
    """The reply without its JSON action object (and a code fence around it)."""
    for start, end, value in json_object_spans(text):
        if isinstance(value, dict):
            rest = text[:start] + " " + text[end:]
            return re.sub(r"```(?:json)?\s*```", " ", rest).strip()
    return text


class HitResult(BaseModel):
    hit: bool
    how: str = ""  # "tool_call", "statement", "final_answer", or why not
    evidence: str = ""


# --------------------------------------------------------------------------- cues
_SELECT_AFTER = re.compile(
    r"(?i)^(?:[^.;。；!?！？\n]|(?<=\d)\.(?=\d)){0,60}?(?:\b(?:higher|highest|larger|largest|bigger|biggest|greater|greatest|more|most|"
    r"lower|lowest|smaller|smallest|less|least|fewer|fewest|better|best|worse|worst|top|tops|topped|leads?|led|wins?|won|"
    r"outperform(?:ed|s)?|beats?|beat|exceed(?:ed|s)?|ahead|earlier|earliest|later|latest|first|"
    r"is\s+the\s+(?:one|answer|company|fund|winner)|it\s+is)\b|"
    r"更高|最高|较高|更大|最大|较大|更多|最多|更低|最低|较低|更小|最小|较小|更少|最少|领先|胜出|高于|低于|大于|小于|超过|"
    r"更早|最早|更晚|最晚|居首|第一)"
)
_SELECT_BEFORE = re.compile(
    r"(?i)(?:\b(?:only|so|thus|therefore|hence|i\.e\.|meaning|which\s+means|answer(?:\s+is)?|winner(?:\s+is)?|"
    r"pick|choose|go\s+with|that\s+(?:company|fund|day|date|quarter|month|sector)\s+is|it\s+is|it's|is)\b|→|=>|⇒|=|"
    r"所以|因此|故|即|也就是|答案|结论|确定为|确定是|选择|只有|仅有|唯有|为|是)\s*(?:the\s+)?$"
    # a superlative naming the candidate after a preposition: "… was highest on 2024-11-15"
    r"|(?i:\b(?:highest|lowest|largest|smallest|greatest|biggest|best|worst|earliest|latest)\s+(?:on|in|at|for)\s*$)"
)
_PLAN = re.compile(
    r"(?i)\b(?:let\s+me|let's|i'?ll|i\s+will|i\s+need|need\s+to|next\b|now\s+(?:i|let|check|get|look)|check|look\s+up|"
    r"query|fetch|get\s+the|find\s+(?:out|the)|compare|comparing|whether|if\b|which\s+of)|"
    r"查询|查一下|查看|获取|需要|接下来|下一步|先看|看看|比较一下|对比|是否|哪"
)


class _Canon:
    """Canonical argument values, so the same entity or date written two ways compares equal."""

    def __init__(self, hop: Hop, lexicon: EntityLexicon | None):
        self.gold_names = {normalise_text_answer(n.replace(".", " ")) for n in hop.names()}
        self.lexicon = lexicon

    def __call__(self, v: Any) -> str:
        s = str(v).strip()
        times = find_time_mentions(s, bare_years=True)
        if len(times) == 1 and times[0].end - times[0].start >= len(s) * 0.6:
            return times[0].value
        key = normalise_text_answer(s.replace(".", " "))
        if key in self.gold_names:
            return "__gold__"
        if self.lexicon:
            found = self.lexicon.find(s)
            if len(found) == 1 and found[0].end - found[0].start >= 0.6 * len(s):
                return "entity:" + found[0].key
        return key


def _value_kind(v: Any) -> str:
    """What sort of value an argument holds: a date/period kind, a number, or a name."""
    s = str(v).strip()
    times = find_time_mentions(s, bare_years=True)
    if len(times) == 1 and times[0].end - times[0].start >= len(s) * 0.6:
        return times[0].kind
    if re.fullmatch(r"[-+]?[\d,.]+%?", s):
        return "number"
    return "name"


def _mirrored(calls: list[Turn], i: int, arg: str, norm: _Canon) -> bool:
    """Whether call `i` checks one candidate among several: the same call was also made with another value
    of `arg` of the same sort (same tool, other arguments equal) — and not repeated for this value after
    all of those, which would be picking it."""
    me = calls[i]
    rest = {k: norm(v) for k, v in me.args.items() if k != arg}
    mine = norm(me.args.get(arg, ""))
    kind = _value_kind(me.args.get(arg, ""))
    def same_block(j: int) -> bool:
        other = calls[j]
        return other.action == me.action and arg in other.args and \
            {k: norm(v) for k, v in other.args.items() if k != arg} == rest

    def failed(j: int) -> bool:  # a call the tool rejected checked nothing
        obs = calls[j].observation or ""
        return obs.lstrip().startswith(("Observation: {\"error\"", "{\"error\""))

    # Candidates are checked side by side: a partner is in the same unbroken run of such calls.
    partners = []
    for j, other in enumerate(calls):
        if j == i or not same_block(j):
            continue
        lo, hi = min(i, j), max(i, j)
        if not all(same_block(x) for x in range(lo + 1, hi)):
            continue
        if norm(other.args[arg]) != mine and _value_kind(other.args[arg]) == kind and not failed(j):
            partners.append(j)
    if not partners:
        return False
    repeats = [j for j, other in enumerate(calls) if j != i and other.action == me.action
               and {k: norm(v) for k, v in other.args.items()} == {k: norm(v) for k, v in me.args.items()}]
    return not any(j > max(partners) and i < j for j in repeats) and not (i > max(partners) and repeats)


def _arg_is_gold(value: Any, hop: Hop, lexicon: EntityLexicon | None) -> bool:
    text = str(value).strip()
    if not text:
        return False
    if hop.kind in ("entity", "text"):
        key = normalise_text_answer(text.replace(".", " "))
        names = {normalise_text_answer(n.replace(".", " ")) for n in hop.names()}
        if key in names:
            return True
        gold, other = find_gold_mentions(text, hop, lexicon)
        return bool(gold) and not other and sum(m.end - m.start for m in gold) >= 0.6 * len(text)
    if hop.kind in ("date", "period"):
        g = gold_time_value(hop)
        ms = find_time_mentions(text, bare_years=True)
        return g is not None and len(ms) == 1 and time_equal(ms[0].value, g)
    ref = reference_number(hop)
    nums = find_numbers(text)
    return ref is not None and len(nums) == 1 and figure_matches(nums[0], ref)


def _in_question(question: str, hop: Hop, lexicon: EntityLexicon | None) -> bool:
    gold, _ = find_gold_mentions(question, hop, lexicon)
    return bool(gold)


_QUOTED = re.compile(r"`[^`\n]{1,300}`|\"[^\"\n]{1,300}\"|“[^”\n]{1,300}”|「[^」\n]{1,300}」|‘[^’\n]{1,300}’")


def _unquoted(text: str) -> str:
    """`text` with its quotations blanked (same length, so offsets still hold)."""
    return _QUOTED.sub(lambda m: " " * len(m.group()), text)


def _question_rivals(hop: Hop, lexicon: EntityLexicon | None) -> set[str] | None:
    """The keys of a hop's rival candidates: its distractors, and those its own question lists beside its gold
    ("on which of 2024-02-06, 2025-06-19 and 2025-07-28 …"); None when it has none. A hop that chooses among
    named candidates is taken back only for one of them, not for a later hop's date or entity."""
    keys: set[str] = set()
    if hop.distractors:  # its rivals by name (the previous hop's other answers, for "of those two days, …")
        if hop.kind in ("date", "period"):
            keys |= {m.value for d in hop.distractors for n in d for m in find_time_mentions(n)}
        else:
            keys |= {f"__distractor{i}__" for i in range(len(hop.distractors))}
    if hop.question:
        gold, other = find_gold_mentions(hop.question, hop, lexicon)
        if gold and other:
            keys |= {o.key for o in other}
    return keys or None


def _selects(text: str, m: Mention, others: list[Mention]) -> bool:
    """Whether a mention picks the gold among candidates: a comparative/superlative follows it before the
    next candidate, or a conclusion marker precedes it with no candidate in between."""
    nxt = min((o.start for o in others if o.start >= m.end), default=len(text))
    after = text[m.end:nxt]
    if _SELECT_AFTER.match(after):
        return True
    prev = max((o.end for o in others if o.end <= m.start), default=0)
    before = text[prev:m.start]
    return bool(_SELECT_BEFORE.search(before))


_HEDGE = re.compile(r"(?i)\b(?:either|maybe|perhaps|possibly|could\s+be|might\s+be|can'?t\s+tell|not\s+sure|unclear|"
                    r"or\s+(?:maybe|possibly|perhaps)|can'?t\s+decide|undecided)\b|也可能|可能是|或许|无法判断|不确定|难以判断|说不准|都有可能")


_RETRACT = re.compile(
    r"(?i)\b(?:wait|actually|on\s+second\s+thought|on\s+reflection|correction|scratch\s+that|i\s+was\s+wrong|"
    r"my\s+mistake|instead|rules?\s+(?:it\s+|that\s+)?out|ruled\s+(?:it\s+|that\s+)?out|ruling\s+out|"
    r"exclud(?:e|ed|ing)|discard(?:ed)?|disregard(?:ed|ing)?|reconsider(?:ed|ing)?|"
    r"(?:set|put|leave|leaving|setting|putting)\s+(?:\w+\s+){0,3}aside)\b|"
    r"等等|等一下|实际上|其实|不对|更正|纠正|排除|剔除|改为|改选|改取|重新考虑|不予考虑|不考虑|舍去|舍弃"
)
_TENTATIVE = re.compile(
    r"(?i)\b(?:seems?|seemingly|looks?|appears?|apparently|at\s+first\s+glance|on\s+the\s+surface)\b|"
    r"看似|看起来|似乎|乍看|表面上|貌似"
)
_CHOICE_BEFORE = re.compile(
    r"(?i)(?:\b(?:so|thus|therefore|hence|go(?:ing)?\s+with|pick(?:ing)?|choos(?:e|ing)|tak(?:e|ing)|the\s+answer\s+is)\b"
    r"|所以|因此|故|取|选|选择|选取|选用|改用|确定为|确定是)\s*(?:the\s+)?[*_`\"'“「]*\s*$"
)
# "…, but …, so the meaningful peak is Y": a conclusion naming another candidate after a contrast.
_CONCLUDED_BEFORE = re.compile(
    r"(?i)(?:\b(?:so|thus|therefore|hence)\b|所以|因此)[^.;!?。；！？\n]{0,40}?"
    r"(?:\b(?:is|was|would\s+be)\b|应为|应是|为|是)\s*(?:the\s+)?[*_`\"'“「]*\s*$"
)
_CONTRAST = re.compile(r"(?i)\b(?:but|however|yet|though)\b|但是?|不过|然而")
# "I'll use Y instead", "going with the February reading instead", "改用Y", "用Y代替": another candidate put in the
# place of the one stated before — a substitution, whatever reason is given ("X is distorted by …").
_SUBSTITUTE_BEFORE = re.compile(
    r"(?i)(?:\b(?:use|using|used|rely(?:ing)?\s+on|switch(?:ing)?\s+to|opt(?:ing)?\s+for|go(?:ing)?\s+with|"
    r"tak(?:e|ing)|pick(?:ing)?|work(?:ing)?\s+with)\b[^.;!?。；！？\n]{0,30}"
    r"|(?:用|以|采用|使用|换用|转用)[^，。；！？\n]{0,12})$"
)
_SUBSTITUTE_AFTER = re.compile(r"(?i)^(?:[^.;!?。；！？\n]|(?<=\d)\.(?=\d)){0,40}?(?:\binstead\b|代替|替代|取代|替换)")


def _settles_on_other(text: str, hop: Hop, lexicon: EntityLexicon | None, *, tentative: bool,
                      need_retraction: bool, contrast_before: bool = False) -> bool:
    """Whether `text` (what the agent wrote after a statement of the gold) settles on another candidate: one
    chosen by a comparative ("实际上隼信银行更活跃", "Q2 was the highest") or a choice marker ("so I'll go with
    Y", "选Y") or put in its place ("I'll use Y instead", "用Y代替"), after a retraction cue ("wait", "I'll set it aside", "重新考虑"), after a first pick called only
    apparent (`tentative`), or — unless `need_retraction` — marked as the choice itself; or one concluded after a
    contrast ("…, but …, so the meaningful peak is Y"; `contrast_before`: the contrast came earlier in the
    sentence)."""
    gold, other = find_gold_mentions(text, hop, lexicon)
    everything = sorted(gold + other, key=lambda m: m.start)
    rivals = _question_rivals(hop, lexicon)
    own = _unquoted(text)  # cue words inside a quotation ("`… was actually far better than expected`") are not the agent's
    for o in other:
        if is_negated(text, o) or is_context(text, o) or (rivals is not None and o.key not in rivals):
            continue
        prev = max((m.end for m in everything if m.end <= o.start), default=0)
        marked = bool(_CHOICE_BEFORE.search(text[prev:o.start])) or (
            bool(_SUBSTITUTE_BEFORE.search(text[prev:o.start])) and bool(_SUBSTITUTE_AFTER.match(text[o.end:])))
        concluded = not need_retraction and bool(_CONCLUDED_BEFORE.search(text[prev:o.start])) and \
            (contrast_before or bool(_CONTRAST.search(own[:o.start])))
        if not (marked or concluded or selected_by_comparison(text, o, everything)):
            continue
        if concluded or _RETRACT.search(own[:o.start]) or (not need_retraction and (tentative or marked)):
            return True
    return False


def _taken_back(text: str, m: Mention, later: str, hop: Hop, lexicon: EntityLexicon | None) -> bool:
    """Whether the statement of the gold at `m` is taken back: the rest of its turn, or a retraction opening the
    agent's next turn (`later`), settles on another candidate."""
    s, e = next(((s, e) for s, e in sentences(text) if s <= m.start < e), (m.start, len(text)))
    tentative = bool(_TENTATIVE.search(text[m.end:e]))
    contrast = bool(_CONTRAST.search(text[s:m.start]))
    # a hop that asks for a fact, no choice ("when was its 2023 report released?"): another date concluded later
    # ("因此2024年10月24日…") is a later hop's finding, taken back only with a retraction
    fact = hop_direction(hop) == "none"
    if _settles_on_other(text[m.end:], hop, lexicon, tentative=tentative and not fact, need_retraction=fact,
                         contrast_before=contrast):
        return True
    return bool(later) and _settles_on_other(later, hop, lexicon, tentative=False, need_retraction=True)


def _roles(text: str, gold: list[Mention], other: list[Mention], hop: Hop) -> dict[int, Role]:
    """The candidates' roles in the comparative claims of `text` ("隼信银行…明显高于港石银行" makes 港石银行 the
    one passed over for a `max` hop); none for a hop that is no choice between candidates."""
    direction = hop_direction(hop)
    if direction == "none":
        return {}
    everything = sorted(gold + other, key=lambda m: m.start)
    return comparison_roles(text, everything, direction)


def _text_hit(text: str, hop: Hop, lexicon: EntityLexicon | None, candidate: bool, later: str = "") -> Mention | None:
    gold, other = find_gold_mentions(text, hop, lexicon)
    if not gold:
        return None
    roles = _roles(text, gold, other, hop)
    for s, e in sentences(text):
        # A mention as the one passed over in a comparison ("Ashgrove's turnover exceeds Harborstone's") states
        # no finding about it.
        g = [m for m in gold if s <= m.start < e and not is_negated(text, m)
             and roles.get(m.start) not in ("loser", "unclear")]
        if not g or _HEDGE.search(text[s:e]):
            continue
        o = [m for m in other if s <= m.start < e]
        sentence = text[s:e]
        for m in g:
            # A candidate named in one list with its rivals ("the answer is A and B") is not chosen over them.
            if candidate and _listed_with(text, [m], other):
                if roles.get(m.start) == "winner" and not _taken_back(text, m, later, hop, lexicon):
                    return m
                continue
            # Not a candidate: stated beside at most one other value ("five days after X is Y") it is a
            # finding; in a list of several values it is only restated data.
            found = (roles.get(m.start) == "winner" or _selects(text, m, o)
                     or (not candidate and len({x.key for x in o}) <= 1)
                     or (not o and candidate and not _PLAN.search(sentence)))
            if found and not _taken_back(text, m, later, hop, lexicon):
                return m
    return None


_LIST_JOIN = r"\s*(?:、|，|,|;|；|和|与|及|以及|\band\b|&)\s*(?:the\s+)?"


def _listed_with(text: str, gold: list[Mention], other: list[Mention]) -> list[Mention]:
    """The other candidates named in one list with a statement of the gold ("A; B", "A、B和C"), a list the
    sentence split (at "；") cuts: a list of candidates selects none of them."""
    everything = sorted(gold + other, key=lambda m: m.start)
    listed: list[Mention] = []
    for i, m in enumerate(everything):
        if not m.gold:
            continue
        for step in (-1, 1):
            j, cur = i + step, m
            while 0 <= j < len(everything):
                nxt = everything[j]
                lo, hi = (nxt, cur) if step < 0 else (cur, nxt)
                if not re.fullmatch(_LIST_JOIN, text[lo.end:hi.start]):
                    break
                if not nxt.gold and nxt not in listed:
                    listed.append(nxt)
                cur, j = nxt, j + step
    return listed


def hop_reached(trajectory: Trajectory, hop: Hop, *, lexicon: EntityLexicon | None = None) -> HitResult:
    """Whether the trajectory reaches `hop`'s answer (see the module docstring). Never raises. A several-part
    answer is reached when every part is ("must cover them completely", the release's process prompt); a part
    named in one list with a part that is reached ("the top two are X and Y") is reached with it."""
    if hop.parts:
        subs = hop.part_hops()
        results = [_hop_reached(trajectory, sub, lexicon) for sub in subs]
        texts = [t.text for t in trajectory.turns] + [trajectory.final_answer or ""]
        changed = True
        while changed and not all(r.hit for r in results):
            changed = False
            for i, (sub, r) in enumerate(zip(subs, results, strict=True)):
                if r.hit:
                    continue
                for j, other in enumerate(results):
                    if not other.hit or not other.evidence or j == i:
                        continue
                    names = "|".join(re.escape(n) for n in sorted(sub.names(), key=len, reverse=True) if n)
                    near = rf"{re.escape(other.evidence)}{_LIST_JOIN}(?:{names})|(?:{names}){_LIST_JOIN}{re.escape(other.evidence)}"
                    if names and any(re.search(near, t, flags=re.I) for t in texts):
                        results[i] = HitResult(hit=True, how="listed with a reached part", evidence=sub.answer)
                        changed = True
                        break
        missing = [sub.answer for sub, r in zip(subs, results, strict=True) if not r.hit]
        if missing:
            return HitResult(hit=False, how=f"part {missing[0]!r} not reached")
        return HitResult(hit=True, how="every part", evidence="; ".join(r.evidence for r in results))
    return _hop_reached(trajectory, hop, lexicon)


def _hop_reached(trajectory: Trajectory, hop: Hop, lexicon: EntityLexicon | None = None) -> HitResult:
    if not hop.answer.strip() and hop.value is None:
        return HitResult(hit=False, how="no gold answer for this hop")
    calls = [t for t in trajectory.turns if t.action]
    norm = _Canon(hop, lexicon)
    # a hop with rival candidates (named in its question, or the previous hop's other answers) is a choice
    candidate = _in_question(trajectory.question, hop, lexicon) or bool(hop.distractors)
    mirrored_gold = False
    for i, call in enumerate(calls):
        for arg, value in call.args.items():
            if not _arg_is_gold(value, hop, lexicon):
                continue
            if _mirrored(calls, i, arg, norm):
                mirrored_gold = True
                continue
            return HitResult(hit=True, how="tool_call", evidence=f"{call.action}({arg}={value})")
    candidate = candidate or mirrored_gold
    texts = [t.text for t in trajectory.turns]
    for i, text in enumerate(texts):
        m = _text_hit(text, hop, lexicon, candidate, later=texts[i + 1] if i + 1 < len(texts) else "")
        if m is not None:
            return HitResult(hit=True, how="statement", evidence=m.raw)
    if trajectory.final_answer:
        m = _text_hit(trajectory.final_answer, hop, lexicon, candidate)
        if m is not None:
            return HitResult(hit=True, how="final_answer", evidence=m.raw)
    return HitResult(hit=False, how="not reached" if not candidate else "only checked as a candidate")


def process_hits(trajectory: Trajectory, chain: Chain, *, lexicon: EntityLexicon | None = None) -> list[HitResult]:
    """One `HitResult` per intermediate hop (hops 1..K−1) of the chain."""
    return [hop_reached(trajectory, hop, lexicon=lexicon) for hop in chain.intermediate]

