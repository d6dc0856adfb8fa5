"""Merge by answer substitution (paper §3.4.2): verified single hops become one released question.

Hop k's answer never appears in the released question: in hop k+1 it is replaced by a referring phrase of
its type, and the gold path carries it as a `Binding` instead of a value.

| answer (slot)                | English                              | Chinese        |
|------------------------------|--------------------------------------|----------------|
| company / fund / index       | that company / that fund / that index | 该公司 / 该基金 / 该指数 |
| sector                       | that sector                          | 该行业          |
| day (day or date slot)       | that day                             | 当日            |
| quarter; report; day→quarter | that quarter; the quarter that report covered; the quarter containing that day | 该季度; 该报告对应的季度; 当日所在季度 |
| month; day→month             | that month; the month containing that day | 该月; 当日所在月份 |
| day→year                     | the year containing that day         | 当日所在年份      |
| n trading days after a day   | "the first trading day after that day" (the day after that) | 当日之后的第1个交易日 |

The released question is one sentence per hop in order (the recommended splicing of the paper's
question-critic prompt): hops 1..K−1 *introduce* their answer ("Of A and B, take the one with the higher
closing price on 2024-03-05." / "取A和B中2024年3月5日收盘价较高的一个。"), hop K *asks* ("What was that
company's closing price on that day?"). A company an earlier answer is about is "that company" when that
answer was itself hidden, else it is named again. A report's own release date or figures are asked about
"that report" directly.
"""

from __future__ import annotations

from finprobe.build.multihop.patterns import PATTERNS, reference_text
from finprobe.build.multihop.pool import MarketPool
from finprobe.build.multihop.singlehop import HopDraft
from finprobe.build.multihop.vocab import Vocabulary

__all__ = ["compose_question", "hop_question", "render_hop"]


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def render_hop(hop: HopDraft, form: str, lang: str, pool: MarketPool, vocab: Vocabulary) -> str:
    """Hop `hop` as a question (`ask`) or an introducing sentence (`define`), its bound slots as referring
    phrases."""
    p = PATTERNS[hop.pattern]
    refs: dict[str, str] = {}
    ref_index = None
    for slot, ref in hop.bindings.items():
        refs[slot] = reference_text(p.slot(slot).kind, ref.answer_type, lang)
        if ref.index is not None:
            ref_index = ref.index
    q_ref = hop.bindings.get("q")
    if q_ref is not None and q_ref.answer_type == "report" and p.has_template(f"{form}_report_{lang}"):
        form = f"{form}_report"
    return _capitalise(p.render(form, hop.values, lang, pool, vocab, hop.style, refs, ref_index))


def hop_question(hop: HopDraft, lang: str, pool: MarketPool, vocab: Vocabulary) -> str:
    """The hop's own question as it stands in the chain (earlier answers as referring phrases)."""
    return render_hop(hop, "ask", lang, pool, vocab)


def compose_question(hops: list[HopDraft], lang: str, pool: MarketPool, vocab: Vocabulary) -> str:
    """The released question of a chain of verified hops."""
    parts = [render_hop(h, "ask" if i == len(hops) - 1 else "define", lang, pool, vocab) for i, h in enumerate(hops)]
    return ("" if lang == "zh" else " ").join(parts)
