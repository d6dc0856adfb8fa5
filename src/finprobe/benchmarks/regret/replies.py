"""The ASK/ANSWER reply classifier (DESIGN §5): a free-text or JSON assistant turn → ASK (with the question
text) or ANSWER (with the final response), plus whether the answer is a refusal.

Definition (what the labelled set in bench/data/regret is labelled by): a reply is an ASK when it requests
information from the user before committing to an answer — also when it sketches the possible readings
first and then asks which one is meant. It is an ANSWER when it commits to an answer (or refuses), even
if it ends with a courtesy offer ("let me know if you meant something else", "want more detail?") or an
afterthought alternative ("Or did you mean the 1932 film?"). JSON replies `{"type": "ASK",
"question_text": ...}` / `{"type": "ANSWER", "final_response": ...}` (the protocol of RegretBench
Appendix C) are read with the engine's action parser; replies that are not valid JSON fall back to text.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from finprobe.core.actions import ActionParseError, ActionSpec, ArgSpec, parse_action

__all__ = ["ReplyKind", "ReplyClassification", "classify_reply"]

ReplyKind = Literal["ASK", "ANSWER"]


class ReplyClassification(BaseModel):
    kind: ReplyKind
    #: the question (ASK) or the final response (ANSWER), without wrappers
    text: str
    refusal: bool = False
    #: "json" when a JSON action was parsed, "text" for the free-text rules
    method: str = "text"
    note: str | None = None


_TEXT_ARGS = ("question_text", "question", "final_response", "answer", "response", "text", "content", "message")
_SPECS = [
    ActionSpec(name=name, description="", args=[ArgSpec(name=a, required=False) for a in _TEXT_ARGS])
    for name in ("ask", "clarify", "clarification", "question", "answer", "final", "final_answer", "respond")
]
_ASK_NAMES = {"ask", "clarify", "clarification", "question"}

_FENCE_RE = re.compile(r"```[a-zA-Z]*\n?(.*?)```", re.S)
_MD_RE = re.compile(r"(\*\*|__|\*|`|^#+\s*|^\s*>\s*)", re.M)
_BULLET_RE = re.compile(r"^\s*(?:[-•*]|\d+[.)])\s+", re.M)
_ASK_LABEL = re.compile(r"^\s*(?:ask|clarif(?:y|ying question|ication(?: question)?)|question)\s*[:：\-]\s*", re.I)
_ANSWER_LABEL = re.compile(r"^\s*(?:final\s+answer|final[_ ]response|answer)\s*[:：\-]\s*", re.I)
_SPEAKER = re.compile(r"^\s*(?:assistant|ai|bot)\s*[:：]\s*", re.I)
#: a sentence: up to its end mark, or a line that introduces a list ("please specify:")
_SENT_RE = re.compile(r"[^.?!。？！\n]+(?:[.?!。？！]+|[:：](?=[ \t]*\n)|$)")
_QUOTED_RE = re.compile(r"\"[^\"\n]{1,120}\"|“[^”\n]{1,120}”|「[^」\n]{1,120}」")
#: a request for information without a question mark ("Please tell me which year you mean.")
_REQUEST = re.compile(r"^(?:(?:please|kindly)\s+)?(?:(?:could|can|would) you\s+)?(?:please\s+)?(?:tell me|let me know|"
                      r"specify|clarify|confirm|indicate)\b(?!\s+if\b)|\bi(?:'d| would)?\s+need to know\b|"
                      r"^(?:please\s+)?specify\b|"
                      # after a purpose or set-up clause: "To help you, please specify:", "So I can answer, please tell
                      # me which year" (not after a condition: "If you meant X, please let me know" is an offer)
                      r"^(?!\s*(?:if|in case|should|whenever|when|hope|thanks|thank you)\b)[^,;:]{1,60},\s*"
                      r"(?:please|kindly)\s+(?:tell me|let me know|specify|clarify|confirm|indicate|provide|share|"
                      r"choose|select|pick)(?:\s*:|\s+(?:which|what|whether|who|when|where|how|the following)\b)|"
                      # inside a polite wrapper: "It might help if you could tell me which country you mean."
                      r"\b(?:(?:could|can|would|will) you|you (?:could|can|would|might))\s+(?:please\s+)?"
                      r"(?:tell me|let me know|specify|clarify|confirm|indicate|share)(?:\s+"
                      r"(?:which|what|whether|who|when|where|how|your)\b|\s*[:：]\s*$)|"
                      # a request for more information that says what is needed: "I need a bit more information —
                      # specifically, which season you mean."
                      r"\bi(?:'d| would)?\s+need\s+(?:a\s+(?:bit|little)\s+)?(?:more|some|further|additional)\s+"
                      r"(?:information|info|details|context|clarification)\b.*\b(?:which|what|whether|who|when|where)\b|"
                      # an imperative after a dash or "just": "... the song or the track — just say which."
                      r"(?:[—–;:]\s*|\b(?:just|simply)\s+)(?:say|tell me|let me know|pick|choose)\s+"
                      r"(?:which|what|whether)\b(?!.*\bif\b)|"
                      # "Kindly share the capacity you need", "Please provide your budget"
                      r"^(?:please|kindly)\s+(?:share|provide|give me|send)\s+(?:the|your|which|what|whether|more|some|"
                      r"a few)\b(?!.*\b(?:feedback|thoughts|questions|comments)\b)|"
                      # Chinese after a purpose clause: 为了给出准确答案，请说明… ; a request offering alternatives
                      r"^(?:为了|为便于|为确保|为|以便)[^，,。；]{0,30}[，,]\s*(?:请|麻烦|烦请)您?(?:告诉我|告知|说明|确认|提供|"
                      r"指明|明确|选择|具体说明)|(?:请|麻烦|烦请)您?(?:告诉我|告知|说明|确认|指明|明确|选择)[^。！]*还是|"
                      # a Chinese either-or question put to the user without ？: 您是想了解男足还是女足
                      r"^(?:请问)?(?:您|你)(?:是)?(?:想|要|需要|指|问|说)[^。，,！]*还是[^。，,！]*[。]?$|"
                      # Chinese: 请告诉我… / 麻烦说明… / 能否告诉我… (a sentence that opens with the request, so
                      # the courtesy "如需母公司口径，请告诉我" stays an offer)
                      r"^(?:请|麻烦|烦请)您?(?:告诉我|告知|说明|确认|提供|指明|明确|选择|具体说明)|^(?:能否|可否|可以)(?:请您?)?"
                      r"(?:告诉我|说明|确认|提供)", re.I)
#: "Tell me if you want the gross or the net figure": a request when nothing has been answered before it (after an
#: answer, "Let me know if you want more detail or a summary" is an offer)
_CONDITIONAL_REQUEST = re.compile(r"^(?:(?:just|please|kindly)\s+)?(?:tell me|let me know)\s+(?:if|whether)\s+you\b"
                                  r"(?!.*\b(?:more|further|additional|less)\s+(?:detail|details|information|info|"
                                  r"context)\b|.*\b(?:summary|elaborat|explanation)).*\bor\b", re.I)
#: a question introducing a list of options with a colon: "Which release do you mean:" (not "What you need to know:")
_COLON_QUESTION = re.compile(r"^(?:(?:which|what|whose)\s+(?:[\w'’-]+\s+){0,3}(?:do|did|are|were|would|should|could|"
                             r"will)\s+you|(?:do|did|are|would|could|can|will)\s+you)\b.*[:：]$", re.I)
_FOLLOW_UP_PURPOSE = re.compile(r"\b(?:i'll|i will|i can|so i|once (?:you|i)|then i|that way|this will|it will help|"
                                r"so that|and i'll)\b", re.I)
_META = re.compile(r"\b(?:not sure|depend|ambiguous|several|multiple|make sure|before i|clarif|might be|could be|"
                   r"guess|confirm|check|different|a few|two|three|there (?:are|is|were)|could refer|can refer|"
                   r"question|help|sorry|hmm|happy|sure|thanks|thank you|great|okay|ok\b|got it|understood)", re.I)
_CLARIFY_CUE = re.compile(r"\b(?:do|did) you mean\b|\bare you (?:asking|referring|talking)\b|"
                          r"\bare you thinking (?:of|about) (?:the|a|an)\b|\bwhich\b|"
                          r"\bwhat\b.*\b(?:mean|prefer|looking for|size|brand|colou?r|year|season|country)\b|\bor\b|"
                          r"\byou mean\b|\bjust to confirm\b|是|还是|吗", re.I)

#: questions that close an answer instead of asking for what is needed to give one
_COURTESY = re.compile(
    r"^(?!\s*(?:which|what)\b).*\b(?:let me know(?!\s+(?:which|what|whether|who|when|where|how|your)\b)|"
    r"would you like(?! to know about\b)|"
    r"do you want (?:me|more|further|additional)|"
    r"want me to|shall i|should i (?:also|go)|anything else|is there anything|does (?:that|this) help|"
    r"need (?:any )?(?:more|further)|can i help|hope (?:this|that) helps|happy to help|"
    r"(?:more|further|additional) (?:details|information|info)\b.*\?$|feel free)", re.I)
#: Chinese questions that close an answer: 还有其他问题吗？ 需要更多信息吗？ 希望对您有帮助 要不要我…？
_COURTESY_ZH = re.compile(r"(?:还|您|你)?有(?:其他|别的|什么|其它)(?:的)?(?:问题|疑问|需要|想了解|想知道|可以帮)|"
                          r"(?:需要|想要|要不要|是否需要)(?:我)?(?:(?:再|进一步|继续)\w{0,4}|(?:更多|其他|其它|进一步|详细)的?"
                          r"(?:信息|帮助|细节|说明|解释|数据|内容))|希望(?:这|以上|上述)?\w{0,4}(?:有所)?帮助|"
                          r"有什么(?:其他|其它|别的)?(?:可以|能|需要)(?:帮|为您)|随时(?:告诉|问|联系|提问)|"
                          r"如(?:有|果有)(?:其他|其它|任何)?(?:问题|疑问|需要)|(?:是否|要不要|需要)我(?:帮您|为您|替您)")
#: an acknowledgement or interjection before the first words of a sentence ("Got it 👍 Which colour…?",
#: "Sure! Which year…?"): it says nothing about whether the sentence is a question put to the user
_ACKNOWLEDGEMENT = re.compile(
    r"^(?:[^\w\s]|\s)*(?:(?:got it|sure(?: thing)?|ok(?:ay)?|alright|all right|great|thanks|thank you|of course|"
    r"certainly|understood|no problem|absolutely|perfect|sounds good|i see|ah|oh|hmm|happy to help|"
    r"好的|明白了?|收到|当然|没问题|了解)(?:[^\w]|\s)+)+", re.I)
#: an alternative offered after an answer: "Or did you mean ...?", "If you meant ... instead, ..."
_AFTERTHOUGHT = re.compile(r"^\s*(?:or\s+(?:did|do|were|are|was)\s+you|if\s+(?:you|instead)\b.*\b(?:meant|instead)\b|"
                           r"if that'?s not (?:what|the one))", re.I)
_REFUSAL = re.compile(
    r"\b(?:i(?:'m| am) (?:sorry,? )?(?:but )?(?:not able|unable)|"
    r"i can(?:no|')t (?:answer|help(?! but)|provide|determine|say(?! enough))|"
    # not the intensifiers "I cannot overstate / stress enough / believe / recommend it enough"
    r"i cannot(?!\s+(?:overstate|overemphasi[sz]e|understate|stress|emphasi[sz]e|believe|imagine|wait|thank|"
    r"recommend|praise|agree|express|say enough|help but|help thinking|resist))|i do(?:n't| not) (?:know|have (?:enough|that|the|access|(?:\w+\s+){0,2}(?:information|data|details)))|"
    r"unable to (?:answer|determine|provide)|"
    r"(?:not|no) (?:enough|sufficient) information|i won't|i will not|i must decline|can't be determined|"
    r"cannot be determined|impossible to (?:say|know|determine))|"
    r"(?:无法|不能|没法)(?:提供|回答|确定|判断|给出|获取|查询|找到)|(?:没有|缺乏)(?:足够|相关)的?(?:信息|数据|资料)|我不知道|"
    # an apology followed by an inability: "I'm sorry, I can't recommend products from live listings."
    r"\b(?:sorry|apologi[sz]e)\b[^.?!]{0,20}?\bi\s*(?:can(?:no|['’])t|am unable|['’]m unable|am not able|"
    r"['’]m not able)\b(?!\s+(?:help but|help thinking|stress|overstate|believe|wait|resist|thank))",
    re.I)
#: a question put to the user about what they mean (not "Did you know?", not "Are you thinking of moving?")
_ADDRESSED_ASK = re.compile(
    r"\b(?:do|did) you mean\b|\bare you (?:asking|referring|talking|interested|looking)\b|"
    r"\bare you thinking (?:of|about) (?:the|a|an)\b|"
    r"\b(?:could|can|would|will) you (?:please )?(?:tell me|let me know|specify|clarify|confirm|indicate|share)\b|"
    r"\b(?:which|what|whose)\b.*\byou(?:'re|'d)?\b|\byou (?:have in mind|prefer|want|need)\b|"
    r"您|你(?:指|想|要|问)", re.I)
#: a sentence after a question that answers it ("If so, it's 3:43.13.") rather than explaining the choice
_COMMITS = re.compile(r"^\s*(?:if so|if yes|if that'?s|in that case|assuming|then|yes|no|it'?s|it is|it was|that'?s|"
                      r"that is|that was|the answer|he|she|they)\b|^\s*(?:如果是|是的|那么)", re.I)
_HAS_QUESTION_WORD = re.compile(
    r"^\s*(?:which|what|who|when|where|how|why|whose|do|does|did|are|is|was|were|could|can|would|will|"
    r"should|may|just to|to confirm|quick question|are you)\b", re.I)


def _clean(text: str) -> str:
    t = _FENCE_RE.sub(lambda m: m.group(1), text)
    t = _MD_RE.sub("", t)
    t = _BULLET_RE.sub("", t)
    t = _SPEAKER.sub("", t)
    return t.strip()


def _from_json(text: str) -> ReplyClassification | None:
    if "{" not in text:
        return None
    try:
        action = parse_action(text, _SPECS)
    except ActionParseError:
        return None
    body = next((str(action.args[a]) for a in _TEXT_ARGS if action.args.get(a) not in (None, "")), "")
    if action.name in _ASK_NAMES:
        return ReplyClassification(kind="ASK", text=body.strip(), method="json")
    return ReplyClassification(kind="ANSWER", text=body.strip(), refusal=_is_refusal(body), method="json")


def _is_refusal(text: str) -> bool:
    first = " ".join(_SENT_RE.findall(text.strip())[:2])
    return bool(_REFUSAL.search(first))


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT_RE.findall(text) if s.strip()]


def classify_reply(text: str) -> ReplyClassification:
    """Classify one assistant turn. Never raises: an empty reply is an ANSWER with empty text (no intent)."""
    if not isinstance(text, str) or not text.strip():
        return ReplyClassification(kind="ANSWER", text="", method="text", note="empty reply")
    parsed = _from_json(text)
    if parsed is not None:
        return parsed
    t = _clean(text)
    if _ASK_LABEL.match(t):
        return ReplyClassification(kind="ASK", text=_ASK_LABEL.sub("", t, count=1).strip(), note="labelled")
    if _ANSWER_LABEL.match(t):
        body = _ANSWER_LABEL.sub("", t, count=1).strip()
        return ReplyClassification(kind="ANSWER", text=body, refusal=_is_refusal(body), note="labelled")
    # Quoted titles ("Who's That Girl?") are not questions to the user.
    sents = _sentences(_QUOTED_RE.sub("«title»", t))
    clarifying: list[int] = []
    for i, s in enumerate(sents):
        if _COLON_QUESTION.match(_ACKNOWLEDGEMENT.sub("", s)):
            s = s[:-1] + "?"  # a question that lists its options after a colon
        if not s.endswith(("?", "？")):
            if _REQUEST.search(s) or (_CONDITIONAL_REQUEST.match(_ACKNOWLEDGEMENT.sub("", s))
                                      and all(_nothing_answered(p) for p in sents[:i])):
                clarifying.append(i)
            continue
        core = _ACKNOWLEDGEMENT.sub("", s)
        if _COURTESY.search(core) or (i > 0 and _COURTESY_ZH.search(core)):
            continue  # (a Chinese "有什么想了解的吗？" on its own is an open question to the user, not a courtesy)
        if i > 0 and _AFTERTHOUGHT.match(s) and not sents[i - 1].rstrip().endswith("?") and not _is_preamble(sents[:i]):
            continue
        if i > 0 and _answered_before(sents[:i]) and not _CLARIFY_CUE.search(s):
            continue  # chit-chat after an answer ("Have you been to Paris?")
        after = sents[i + 1:]
        if after and any(len(a.split()) > 3 for a in after) and not any(a.endswith(("?", "？")) for a in after) \
                and not any(_FOLLOW_UP_PURPOSE.search(a) or _REQUEST.search(a) for a in after) \
                and not (_ADDRESSED_ASK.search(s) and not any(_COMMITS.match(a) for a in after)):
            # A rhetorical question answered right after ("Which dragon? Falkor."). A question put to the user
            # and followed by sentences that explain the choice ("Could you specify which version you mean?
            # There is the original fairy tale and a 1941 play.") still asks.
            continue
        clarifying.append(i)
    if clarifying:
        return ReplyClassification(kind="ASK", text=t)
    # A conditional-only reply ("If you mean A ...; if you mean B ...") without a question does commit to nothing,
    # but it answers every reading: the definition counts it as an ANSWER (a hedge the matcher scores as wrong).
    return ReplyClassification(kind="ANSWER", text=t, refusal=_is_refusal(t))


def _nothing_answered(sent: str) -> bool:
    """A sentence that answers nothing: an acknowledgement ("Happy to help.") or a set-up of the choice."""
    return not _ACKNOWLEDGEMENT.sub("", sent + " ").strip() or _is_preamble([sent])


def _answered_before(sents: list[str]) -> bool:
    """Declarative sentences that commit to something (a figure or a name), with no hedging or set-up."""
    for s in sents:
        if s.endswith(("?", "？")) or _META.search(s) or _is_preamble([s]):
            return False
    joined = " ".join(sents)
    return bool(re.search(r"\d|(?<!^)(?<![.!?]\s)\b[A-Z][a-z]+", joined))


def _is_preamble(sents: list[str]) -> bool:
    """Sentences before a question that only set up the choice ("There are two films called X.")."""
    joined = " ".join(sents).lower()
    return bool(re.search(r"\b(?:there (?:are|were|is)|several|multiple|a few|two|three|could refer|can refer|"
                          r"ambiguous|depends|different)\b", joined))
