"""The FinInteract episode environment: search / interact / answer (and precheck), with each mode's rules.

The agent loop (`finprobe.core.agent.run_react`) owns the model calls, parsing, invalid actions and the
round budget; this environment decides what each valid action does and whether the mode allows it now.
A refused action is recorded as such (`Refused [code]: why`) and consumes a round, so a policy that
keeps trying to answer too early ends as "no answer (budget)" rather than looping.

Refusal codes (stable, also in the step info as `refused`): `ask_required` (forced-interaction,
always-ask), `precheck_required` and `state_unresolved` (category-aware, generic-structured),
`precheck_repeated`, `precheck_invalid`, `empty_question`, `ask_limit` (option `max_asks`: the question
is not put to the user and not counted as an ask).

Interpretation state (category-aware / generic-structured): `precheck(unknown)` lists the unclear items
(fields of {entity, period, metric, basis, vintage}, or free-text points in the generic control). A later
ask settles the first unsettled item it is about: in category-aware mode, the first item whose category
the question classifier (`classify_question`, given the original question) says the question touches; in
generic-structured mode, the first point whose text shares a content token (`core.retrieval.tokenize`)
with the question. "yes"/"no" (or a free-form reply) resolve it, "I don't know" records that the user
declined. A question about no open item is still answered by the simulator and still counts as an ask,
but settles nothing, and the observation says so ("State unchanged: ..."). The answer is accepted only
when every item is settled. The state is kept in `transcript.info["state"]` and snapshotted in each step's info.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance
from finprobe.benchmarks.ambiguity.categories import CATEGORIES, CATEGORY_FIELD, classify_question, normalize_category
from finprobe.benchmarks.ambiguity.instances import INTERPRETATION_FIELDS, AmbiguityInstance
from finprobe.benchmarks.ambiguity.modes import ModeConfig
from finprobe.benchmarks.ambiguity.search import SearchTool
from finprobe.benchmarks.ambiguity.simulators import IDK, parse_yes_no_reply
from finprobe.benchmarks.ambiguity.templates import FIELD_TEMPLATES
from finprobe.core.actions import ActionSpec, ArgSpec
from finprobe.core.agent import EnvResult
from finprobe.core.retrieval import Passage, SearchHit, tokenize
from finprobe.core.schema import Action, Transcript

__all__ = ["ACTION_SPECS", "GENERIC_PRECHECK_DESCRIPTION", "AmbiguityEnv", "parse_confidence"]

_FIELD_OF = {**{f: f for f in INTERPRETATION_FIELDS}, **CATEGORY_FIELD}
_CATEGORY_OF_FIELD = {field: cat for cat, field in CATEGORY_FIELD.items()}

ACTION_SPECS: dict[str, ActionSpec] = {
    "search": ActionSpec(name="search", description="Search the filings.", args=[ArgSpec(name="query", max_length=200)]),
    "interact": ActionSpec(name="interact", description="Ask the user one yes/no question.",
                           args=[ArgSpec(name="question", max_length=300)]),
    # confidence is text so that a missing or unparseable confidence is recorded as missing (None),
    # not an invalid action and never 0.
    "answer": ActionSpec(name="answer", description="Final answer: the value with its unit, confidence 0-100.",
                         args=[ArgSpec(name="value", max_length=120),
                               ArgSpec(name="confidence", required=False, max_length=8)]),
}
GENERIC_PRECHECK_DESCRIPTION = "First step: the unclear points of the question, separated by ';', or none."
_PRECHECK = {
    "category": ActionSpec(name="precheck", description=(
        "First step: the unclear fields among entity, period, metric, basis, vintage (comma-separated) or none."),
        args=[ArgSpec(name="unknown", max_length=120)]),
    "generic": ActionSpec(name="precheck", description=GENERIC_PRECHECK_DESCRIPTION,
        args=[ArgSpec(name="unknown", max_length=300)]),
}
_GENERIC_TEMPLATE = {"en": "About {point}: do you mean ...?", "zh": "关于{point}，您指的是……吗？"}
_MAX_POINTS = 5


def parse_confidence(raw: Any) -> float | None:
    """A 0-100 confidence from the answer's argument ("85", 85, "85%", "0.85"); None when absent or unparseable.

    A value strictly between 0 and 1 written with a decimal point ("0.85", or a float 0.85) is a
    probability and is scaled to 0-100 (85); see `confidence_is_probability`. 0 and 1 themselves ("1",
    "1.0", 1) stay on the 0-100 scale: "1.0" could mean either, and nothing in the answer says which.
    """
    if raw is None or isinstance(raw, bool):
        return None
    if isinstance(raw, (int, float)):
        value = float(raw)
    else:
        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?|\.\d+)\s*%?\s*", str(raw))
        if not m:
            return None
        value = float(m.group(1))
    if confidence_is_probability(raw):
        value *= 100.0
    return value if 0.0 <= value <= 100.0 else None


def confidence_is_probability(raw: Any) -> bool:
    """Whether a confidence argument is a probability: a float, or a decimal number without "%", strictly
    between 0 and 1."""
    if isinstance(raw, bool):
        return False
    if isinstance(raw, float):
        return 0.0 < raw < 1.0
    if isinstance(raw, str):
        m = re.fullmatch(r"\s*(\d*\.\d+)\s*", raw)
        return m is not None and 0.0 < float(m.group(1)) < 1.0
    return False


class AmbiguityEnv:
    """One episode's environment. `simulator` has `async reply(question)` (yes/no or free-form)."""

    def __init__(self, instance: AmbiguityInstance | AmbigQAInstance, mode: ModeConfig, transcript: Transcript, *,
                 simulator: Any, search: SearchTool | None = None, own_passage: Passage | None = None,
                 max_asks: int | None = None, specs: Mapping[str, ActionSpec] | None = None):
        self.instance = instance
        #: the action descriptions shown to the agent (the general domain words the answer differently)
        self.specs = {**ACTION_SPECS, **(specs or {})}
        self.max_asks = max_asks
        self.mode = mode
        self.transcript = transcript
        self.simulator = simulator
        self.search_tool = search
        self.own_passage = own_passage
        self.asks = 0
        self.state: dict[str, Any] | None = None  # set by precheck in the structured modes
        if "search" in mode.actions and search is None:
            raise ValueError(f"mode {mode.name!r} needs a search corpus")
        if mode.oracle_retrieval and own_passage is None:
            raise ValueError(f"oracle retrieval: passage {instance.passage_id!r} of {instance.instance_id} "
                             "is not in the corpus")

    # ------------------------------------------------------------------ actions
    def actions(self) -> list[ActionSpec]:
        out = []
        for name in self.mode.actions:
            out.append(_PRECHECK[self.mode.structure or "category"] if name == "precheck" else self.specs[name])
        return out

    async def step(self, action: Action) -> EnvResult:
        handler = {"search": self._search, "interact": self._interact, "answer": self._answer,
                   "precheck": self._precheck}[action.name]
        return await handler(action.args)

    def _refuse(self, code: str, message: str, **info: Any) -> EnvResult:
        return EnvResult(observation=f"Refused [{code}]: {message}", refused=True,
                         info={"refused": code, **info, **self._state_info()})

    def _state_info(self) -> dict[str, Any]:
        return {} if self.state is None else {"state": _copy_state(self.state)}

    # ------------------------------------------------------------------ search
    async def _search(self, args: dict[str, Any]) -> EnvResult:
        assert self.search_tool is not None
        query = args.get("query", "")
        result = self.search_tool.search(query)
        hits = list(result.hits)
        observation = result.observation
        if self.mode.oracle_retrieval and query.strip():
            own = self.own_passage
            assert own is not None
            rest = [h for h in hits if h.passage_id != own.passage_id][: self.search_tool.top_k - 1]
            first = SearchHit(passage_id=own.passage_id, score=0.0, text=own.text, rank=1, language=own.language)
            hits = [first] + [h.model_copy(update={"rank": i + 2}) for i, h in enumerate(rest)]
            observation = self.search_tool.render(hits)
        info = {"query": query, "hits": [h.passage_id for h in hits], "oracle_retrieval": self.mode.oracle_retrieval}
        return EnvResult(observation=observation, info=info)

    # ------------------------------------------------------------------ interact
    async def _interact(self, args: dict[str, Any]) -> EnvResult:
        question = str(args.get("question", "")).strip()
        if not question:
            return self._refuse("empty_question", "the question is empty.")
        if self.mode.structure and self.state is None:
            return self._refuse("precheck_required", "call precheck first.")
        if self.max_asks is not None and self.asks >= self.max_asks:
            return self._refuse("ask_limit", f"you have asked {self.asks} questions, the most allowed; answer now.",
                                asks=self.asks)
        reply = await self.simulator.reply(question)
        text = getattr(reply, "answer", None) or getattr(reply, "text", "")
        self.asks += 1
        info: dict[str, Any] = {"question": question, "reply": text, "simulator": reply.method,
                                "simulator_info": reply.info}
        observation = f"User: {text}"
        if self.state is not None:
            open_items = [it for it in self.state["items"] if it["status"] == "unknown"]
            verdict = classify_question(question, self.instance.language, original_question=self.instance.question)
            item = self._item_about(question, open_items, verdict.categories)
            if item is not None:
                item["status"] = "declined" if parse_yes_no_reply(text) == IDK else "resolved"
                item["question"], item["reply"] = question, text
                item["classifier_main"] = verdict.main
                info["settles"] = item["name"]
                observation += "\n" + self._state_line()
            elif open_items:
                info["settles"] = None
                observation += "\nState unchanged: the question is not about " + ", ".join(
                    self._item_label(it) for it in open_items) + ". " + self._state_line()
            else:
                observation += "\n" + self._state_line()
            self.transcript.info["state"] = _copy_state(self.state)
        info.update(self._state_info())
        return EnvResult(observation=observation, info=info)

    def _item_about(self, question: str, open_items: list[dict[str, Any]],
                    categories: list[str]) -> dict[str, Any] | None:
        """The first open item the question is about (see the module docstring), or None."""
        if self.mode.structure == "category":
            touched = set(categories)
            return next((it for it in open_items if _CATEGORY_OF_FIELD.get(it["name"]) in touched), None)
        q = set(tokenize(question))
        return next((it for it in open_items if q & set(tokenize(it["point"]))), None)

    def _item_label(self, item: dict[str, Any]) -> str:
        return item["name"] if self.mode.structure == "category" else f"{item['name']} ({item['point']})"

    # ------------------------------------------------------------------ precheck (structured modes)
    async def _precheck(self, args: dict[str, Any]) -> EnvResult:
        if self.state is not None:
            return self._refuse("precheck_repeated", "precheck was already done.")
        raw = str(args.get("unknown", "")).strip()
        none = raw.lower().strip(" .") in {"", "none", "no", "nothing", "无", "没有"}
        ignored: list[str] = []
        if self.mode.structure == "category":
            names: list[str] = []
            if not none:
                for token in re.split(r"[,，;；/\s]+", raw):
                    if not token:
                        continue
                    field = _FIELD_OF.get(token.lower()) or CATEGORY_FIELD.get(normalize_category(token) or "")
                    if field is None:
                        ignored.append(token)
                    elif field not in names:
                        names.append(field)
                if not names:
                    return self._refuse("precheck_invalid", f"no field in {raw[:60]!r}; use entity, period, "
                                        "metric, basis, vintage (comma-separated) or none.")
            items = [{"name": f, "status": "unknown"} for f in names]
            known = [f for f in INTERPRETATION_FIELDS if f not in names]
        else:
            points = [] if none else [p.strip() for p in re.split(r"[;；\n]+", raw) if p.strip()][:_MAX_POINTS]
            items = [{"name": f"point {i + 1}", "point": p, "status": "unknown"} for i, p in enumerate(points)]
            known = []
        self.state = {"structure": self.mode.structure, "items": items, "known": known}
        self.transcript.info["state"] = _copy_state(self.state)
        info = {"unknown": raw, **self._state_info()}
        if ignored:
            info["ignored"] = ignored
        return EnvResult(observation=self._state_line(), info=info)

    def _state_line(self) -> str:
        assert self.state is not None
        items = self.state["items"]
        if self.mode.structure == "category":
            parts = [f"{it['name']}={it['status']}" for it in items] + [f"{f}=known" for f in self.state["known"]]
        else:
            parts = [f"{it['name']} ({it['point']})={it['status']}" for it in items] or ["nothing unclear"]
        line = "State: " + ", ".join(parts) + "."
        nxt = next((it for it in items if it["status"] == "unknown"), None)
        if nxt is None:
            return line + " All resolved: you may answer."
        lang = self.instance.language
        if self.mode.structure == "category":
            hint = FIELD_TEMPLATES[lang][nxt["name"]].format(value="...")
            return f"{line} Next: one yes/no question about {nxt['name']}, e.g. \"{hint}\""
        hint = _GENERIC_TEMPLATE[lang].format(point=nxt["point"])
        return f"{line} Next: one yes/no question about {nxt['name']}, e.g. \"{hint}\""

    # ------------------------------------------------------------------ answer
    async def _answer(self, args: dict[str, Any]) -> EnvResult:
        if self.mode.structure:
            if self.state is None:
                return self._refuse("precheck_required", "call precheck before answering.")
            open_items = [it["name"] for it in self.state["items"] if it["status"] == "unknown"]
            if open_items:
                return self._refuse("state_unresolved", f"ask about {', '.join(open_items)} before answering. "
                                    + self._state_line(), unresolved=open_items)
        if self.asks < self.mode.min_asks:
            need = self.mode.min_asks - self.asks
            return self._refuse("ask_required", f"ask {need} more yes/no question(s) with interact before "
                                "answering.", asks=self.asks, required=self.mode.min_asks)
        value = str(args.get("value", "")).strip()
        raw_conf = args.get("confidence")
        confidence = parse_confidence(raw_conf)
        info: dict[str, Any] = {"confidence_raw": raw_conf}
        if raw_conf is not None and confidence is None:
            info["confidence_unparsed"] = True
        if confidence is not None and confidence_is_probability(raw_conf):
            info["confidence_scaled"] = True
        return EnvResult(observation="Answer recorded.", done=True,
                         final={"value": value, "confidence": confidence}, info={**info, **self._state_info()})


def _copy_state(state: dict[str, Any]) -> dict[str, Any]:
    return {"structure": state["structure"], "items": [dict(it) for it in state["items"]],
            "known": list(state["known"])}


def category_prompt_lines(language: str = "en") -> str:
    """The five categories with their state fields, for the category-aware system prompt."""
    del language
    return "\n".join(f"- {c.field} ({c.name}): {c.description.split(':')[0]}" for c in CATEGORIES.values())
