"""The public release format of FinHopper (DESIGN §6) and best-effort extraction of per-hop answers.

A release file is a JSON array of records

    {"prompt_id": "L2_3hop_1", "prompt": "...", "reference_response": "...",
     "response_final_reference": "...", "judge_prompt_template": "...", "label": "L2_3hop",
     "final_judge_system_prompt": "...", "process_judge_system_prompt": "..."}

K and the level are read from `prompt_id` (and checked against `label`). The per-hop answers are not
fields: they sit in `reference_response` as free text, so `extract_hop_answers` splits it into steps
("Step 1:", "Hop 2", "1.", "第一步：", "步骤2：", "（3）", "①" …) and takes each step's answer after an answer
marker ("Answer:", "→", "答案：", "结果为" …). A step without a marker keeps its last sentence and is
flagged `extracted_uncertain`; a step that is not found is `missing`. The chain's `flags` say when the
number of steps found differs from K. Extraction never invents an answer: what it cannot find is missing.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from finprobe.benchmarks.multihop.chains import Chain, Hop, JudgePrompts, level_for_hops
from finprobe.benchmarks.multihop.hop_gold import hops_from_sidecar
from finprobe.benchmarks.multihop.periods import find_time_mentions
from finprobe.core.benchmark import DataError
from finprobe.core.numbers import find_numbers
from finprobe.core.retrieval import detect_language
from finprobe.core.sources import validation_message

__all__ = [
    "ExtractedHop",
    "ReleaseRecord",
    "chain_from_release",
    "chains_from_release",
    "extract_hop_answers",
    "infer_kind",
    "parse_label",
    "parse_prompt_id",
]

_ID_RE = re.compile(r"^\s*(L[1-3])\s*[_\-\s]\s*(\d+)\s*[_\-]?\s*hops?(?:\s*[_\-]\s*(\S+))?\s*$", re.I)
_LABEL_RE = re.compile(r"^\s*(L[1-3])\s*[_\-\s]\s*(\d+)\s*[_\-]?\s*hops?\s*$", re.I)


class ReleaseRecord(BaseModel):
    """One record of the release format. Unknown extra fields are kept (in `Chain.meta["extra"]`)."""

    model_config = ConfigDict(extra="allow")

    prompt_id: str
    prompt: str
    reference_response: str | None = None
    response_final_reference: str | None = None
    judge_prompt_template: str | None = None
    label: str | None = None
    final_judge_system_prompt: str | None = None
    process_judge_system_prompt: str | None = None

    @field_validator("prompt_id", mode="before")
    @classmethod
    def _id_text(cls, v: Any) -> Any:
        return str(v) if isinstance(v, int) and not isinstance(v, bool) else v

    @field_validator("response_final_reference", "reference_response", mode="before")
    @classmethod
    def _answer_text(cls, v: Any) -> Any:
        # A final reference stored as a number is still an answer.
        return str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v


def parse_prompt_id(prompt_id: str) -> tuple[str, int] | None:
    """("L2", 3) from "L2_3hop_1" (also "L2-3hop-1", "l2_3hops_12"); None when it does not say."""
    m = _ID_RE.match(str(prompt_id))
    return (m.group(1).upper(), int(m.group(2))) if m else None


def parse_label(label: str | None) -> tuple[str, int] | None:
    """("L2", 3) from "L2_3hop"; None when it does not say."""
    m = _LABEL_RE.match(str(label or ""))
    return (m.group(1).upper(), int(m.group(2))) if m else None


# --------------------------------------------------------------------------- extraction
class ExtractedHop(BaseModel):
    answer: str
    question: str | None = None
    source: str  # "extracted" | "extracted_uncertain" | "missing"


_ZH_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_CIRCLED = "①②③④⑤⑥⑦⑧⑨"
# Step markers: distinctive ones ("Step 2", "Hop 2", "第二步", "步骤2", "②") anywhere after a line start or a
# sentence end; list numbering ("2.", "(2)", "（2）") only at a line start.
_STEP_RE = re.compile(
    r"(?im)(?:^|(?<=[.。;；!?！？]))[ \t>*#\-]*(?:\*\*)?\s*(?:"
    r"(?:step|hop|sub-?question|sub-?q)\s*(?P<en>\d+)"
    r"|第\s*(?P<zh>[一二三四五六七八九十\d]+)\s*(?:步|跳|问|个子问题|环节)"
    r"|(?:步骤|子问题|跳)\s*(?P<zh2>[一二三四五六七八九十\d]+)"
    r"|(?P<circ>[①②③④⑤⑥⑦⑧⑨])"
    r")\s*(?:\*\*)?\s*[:：.、)\-]?\s*"
    r"|^[ \t>*#\-]*(?:[(（]\s*(?P<par>\d+)\s*[)）]|(?P<num>\d+)\s*[.)、](?!\d))\s*[:：]?\s*"
)
_FINAL_RE = re.compile(
    r"(?im)^[ \t>*#\-]*(?:\*\*)?\s*(?:final\s+answer|最终答案|最终结论|综上所述?|结论)\s*(?:\*\*)?\s*[:：]?")
_ANSWER_RE = re.compile(
    r"(?i)(?:\banswer\s*(?:is|:|：)|\bresult\s*(?:is|:|：)|→|->|=>|⇒|答案\s*(?:为|是|：|:)|结果\s*(?:为|是|：|:)|即为|答：)\s*"
    r"(?P<a>[^\n]+)"
)
_SENTENCE_END = re.compile(r"(?<=[。！？!?；;])|(?<=\.)\s+(?=[A-Z])")


def _step_number(m: re.Match[str]) -> int:
    g = m.groupdict()
    for name in ("en", "par", "num"):
        if g.get(name):
            return int(g[name])
    for name in ("zh", "zh2"):
        if g.get(name):
            s = g[name]
            return int(s) if s.isdigit() else (10 + _ZH_DIGITS.get(s[-1], 0) if s.startswith("十") and len(s) > 1
                                               else _ZH_DIGITS.get(s, 0))
    return _CIRCLED.index(g["circ"]) + 1


def _clean_answer(text: str) -> str:
    a = text.strip().lstrip("：:").strip().strip("*").strip()
    a = re.split(r"(?<=[。！？!?])|[；;]\s*(?:next|then|接下来|然后)", a)[0]
    return a.strip().rstrip("。.；;,，").strip().strip("*").strip()


_COPULA = re.compile(r"(?i)(?:\s(?:is|was|are|were|=)\s|->|→|为|是|：|:\s)")


def _tail_of_statement(sentence: str) -> str:
    """The part of "the larger one is X" / "最高的月份为X" / "发布日：X" after its last copula or colon."""
    last = None
    for m in _COPULA.finditer(sentence):
        last = m
    return sentence[last.end():] if last is not None and sentence[last.end():].strip() else sentence


def extract_hop_answers(reference_response: str | None, k: int) -> tuple[list[ExtractedHop], list[str]]:
    """Per-hop answers from a free-text reference response: (K hops, flags). Best effort; see the module
    docstring. Flags: `hop_count_mismatch:<found>/<K>`, `hops_extracted_uncertain`, `hops_not_found`."""
    text = (reference_response or "").strip()
    flags: list[str] = []
    if text.startswith(("[", "{")):
        structured = _from_json(text)
        if structured is not None:
            text = structured
    final_m = list(_FINAL_RE.finditer(text))
    body = text[: final_m[-1].start()] if final_m else text
    marks = list(_STEP_RE.finditer(body))
    # Keep a run of consecutive step numbers starting at 1 (list numbering inside a step is not a step).
    steps: list[tuple[int, re.Match[str]]] = []
    for m in marks:
        n = _step_number(m)
        if n == len(steps) + 1:
            steps.append((n, m))
    hops: list[ExtractedHop] = []
    for _, m in steps:
        # A step ends at the next step marker of any number (an out-of-sequence "Step 3" is not this step's text).
        end = min((x.start() for x in marks if x.start() > m.start()), default=len(body))
        chunk = body[m.end():end].strip()
        answers = list(_ANSWER_RE.finditer(chunk))
        if answers:
            a = _clean_answer(_tail_of_statement(answers[-1].group("a")))
            q = chunk[: answers[-1].start()].strip() or None
            hops.append(ExtractedHop(answer=a, question=q, source="extracted" if a else "missing"))
        elif chunk:
            sentences = [s.strip() for s in _SENTENCE_END.split(chunk) if s.strip()]
            last = _tail_of_statement(sentences[-1]) if sentences else ""
            hops.append(ExtractedHop(answer=_clean_answer(last), question=chunk, source="extracted_uncertain"))
        else:
            hops.append(ExtractedHop(answer="", source="missing"))
    if not steps:
        flags.append("hops_not_found")
        if k == 1:
            return [], flags
    elif len(steps) not in (k, k - 1):
        flags.append(f"hop_count_mismatch:{len(steps)}/{k}")
    if any(h.source == "extracted_uncertain" for h in hops[: k - 1]):
        flags.append("hops_extracted_uncertain")
    return hops, flags


def _from_json(text: str) -> str | None:
    """A reference response stored as a JSON list of steps, rendered as "Step n: ... Answer: ..." lines."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError:
        return None
    items = obj.get("steps") if isinstance(obj, dict) else obj
    if not isinstance(items, list):
        return None
    lines = []
    for i, item in enumerate(items, start=1):
        if isinstance(item, dict):
            q = item.get("question") or item.get("q") or ""
            a = item.get("answer") or item.get("a") or ""
            lines.append(f"Step {i}: {q} Answer: {a}")
        else:
            lines.append(f"Step {i}: {item}")
    return "\n".join(lines)


def infer_kind(answer: str) -> str:
    """The answer type of a free-text answer: "date", "period", "number" or "text" (names are text)."""
    a = (answer or "").strip()
    if not a:
        return "text"
    times = find_time_mentions(a)
    covered = sum(m.end - m.start for m in times)
    if times and covered >= 0.5 * len(re.sub(r"\s", "", a)):
        return "date" if times[0].kind == "date" else "period"
    nums = [n for n in find_numbers(a) if not n.is_year_like]
    letters = re.sub(r"[\d\s.,%$¥€+\-()]|亿|万|千|百|元|股|点|shares?|yuan|points?|million|billion|thousand|bn|mn",
                     "", a, flags=re.I)
    if nums and len(letters) <= 6:
        return "number"
    return "text"


# --------------------------------------------------------------------------- records -> chains
def chain_from_release(rec: dict[str, Any], where: str) -> Chain:
    """One release record as a chain (K from `prompt_id`, else from `label`); flags record the doubts."""
    try:
        r = ReleaseRecord.model_validate(rec)
    except ValidationError as exc:
        raise DataError(f"{where}: prompt_id={rec.get('prompt_id')!r}: {validation_message(exc)}") from None
    if not r.prompt.strip():
        raise DataError(f"{where}: prompt_id={r.prompt_id!r}: the prompt is empty")
    flags: list[str] = []
    from_id, from_label = parse_prompt_id(r.prompt_id), parse_label(r.label)
    if from_id and from_label and from_id != from_label:
        flags.append(f"label_mismatch:{r.label}")
    declared = from_id or from_label
    if declared is None:
        raise DataError(f"{where}: prompt_id={r.prompt_id!r}: neither prompt_id nor label "
                        f"({r.label!r}) says how many hops (expected like L2_3hop_1 / L2_3hop)")
    level, k = declared
    try:
        true_level = level_for_hops(k)
    except ValueError as exc:
        raise DataError(f"{where}: prompt_id={r.prompt_id!r}: {exc}") from None
    if true_level != level:
        flags.append(f"level_mismatch:{level}/{k}hop")
    final = (r.response_final_reference or "").strip()
    if not final:
        flags.append("missing_final_answer")
    language = "zh" if detect_language(r.prompt) == "zh" else "en"
    gold, status = hops_from_sidecar(r.prompt_id, r.prompt, language, k)
    if gold is not None:
        hops = gold
        if status == "unsettled":
            flags.append("missing_hop_answer")
    else:
        if status == "stale":
            flags.append("hop_gold_stale")
        hops, more_flags = _extracted_hops(r.reference_response, k, final)
        flags += more_flags
    extra = {key: v for key, v in rec.items() if key not in ReleaseRecord.model_fields}
    prompts = JudgePrompts(final_system=r.final_judge_system_prompt or None,
                           process_system=r.process_judge_system_prompt or None,
                           template=r.judge_prompt_template or None)
    return Chain(id=r.prompt_id, question=r.prompt, final_answer=final, hops=hops, language=language,
                 reference_response=r.reference_response, source="release",
                 judge_prompts=prompts if any(prompts.model_dump().values()) else None,
                 flags=flags, meta={"label": r.label, "declared_level": level, "hop_gold": status,
                                    **({"extra": extra} if extra else {})})


def _extracted_hops(reference_response: str | None, k: int, final: str) -> tuple[list[Hop], list[str]]:
    """Hops from best-effort extraction (a release record the sidecar does not cover): the first K−1 steps
    found in the reference response, then the final reference."""
    extracted, flags = extract_hop_answers(reference_response, k)
    hops: list[Hop] = []
    for i in range(k - 1):
        if i < len(extracted):
            e = extracted[i]
            hops.append(Hop(answer=e.answer, question=e.question, kind=infer_kind(e.answer),
                            source=e.source if e.answer else "missing"))
        else:
            hops.append(Hop(answer="", source="missing"))
    last_q = extracted[k - 1].question if len(extracted) >= k else None
    hops.append(Hop(answer=final, question=last_q, kind=infer_kind(final), source="gold" if final else "missing"))
    if any(h.source == "missing" for h in hops[:-1]):
        flags.append("missing_hop_answer")
    return hops, flags


def chains_from_release(records: list[tuple[str, Any]]) -> list[Chain]:
    """Release records as chains. Nothing is dropped: a repeated `prompt_id` gets a `#2`, `#3` … suffix and
    the flag `duplicate_id` (the doctor reports it). Malformed records raise DataError naming the record."""
    chains: list[Chain] = []
    counts: dict[str, int] = {}
    for where, rec in records:
        if not isinstance(rec, dict):
            raise DataError(f"{where}: expected a JSON object, got {type(rec).__name__}")
        chain = chain_from_release(rec, where)
        n = counts.get(chain.id, 0) + 1
        counts[chain.id] = n
        if n > 1:
            chain = chain.model_copy(update={"id": f"{chain.id}#{n}", "flags": [*chain.flags, "duplicate_id"]})
        chains.append(chain)
    return chains
