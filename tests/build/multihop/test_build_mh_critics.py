"""Merge and the deterministic critics: no released question states an intermediate answer in any format (numbers
reformatted, dates in other formats, aliases and tickers), referring phrases stand in for every earlier answer,
scope and references are checked, and the answer critic re-solves the gold path."""

from __future__ import annotations

import dataclasses

import pytest

from finprobe.benchmarks.multihop import Chain, Hop
from finprobe.build.multihop import BuildConfig, Synthesizer
from finprobe.build.multihop.critics import (
    LengthBounds,
    answer_critic,
    constraints_of,
    leak_problems,
    named_candidates,
    question_critic,
    reference_problems,
    scope_problems,
)
from finprobe.build.multihop.patterns import PATTERNS, reference_text
from finprobe.build.multihop.singlehop import HopDraft


@pytest.fixture(scope="module")
def synth3(db) -> Synthesizer:
    return Synthesizer(db, BuildConfig(seed=3, market="demo:7"))


def redo(synth3: Synthesizer, chain: Chain) -> list[HopDraft]:
    """The drafts of a built chain: its attempt replayed (attempts are deterministic)."""
    k, j = chain.meta["attempt"][1:].split("-")
    outcome, drafts, again = synth3.attempt(int(k), int(j))
    assert again is not None and again.model_dump(mode="json", exclude_defaults=True) == outcome.chain
    assert again.question == chain.question and [h.value for h in again.hops] == [h.value for h in chain.hops]
    return drafts


def _find(built: list[Chain], pred) -> tuple[Chain, int]:
    for c in built:
        for i, h in enumerate(c.intermediate):
            if pred(c, h):
                return c, i
    raise AssertionError("no built chain has such an intermediate hop")


# --------------------------------------------------------------------------- no leaks in the output
def test_no_released_question_states_an_intermediate_answer(built, db, lexicon, synth3):
    assert any(c.k >= 5 for c in built) and {c.language for c in built} == {"en", "zh"}
    for c in built:
        drafts = redo(synth3, c)
        assert leak_problems(c.question, c.hops, lexicon, db, [named_candidates(d) for d in drafts]) == [], c.id
        q = c.question.lower()
        for k, h in enumerate(c.intermediate, start=1):
            if h.kind != "entity":  # a date, period or figure is never written, in any of its forms
                assert all(str(a).lower() not in q for a in [h.answer, *h.aliases, str(h.value)]), (c.id, k)
                continue
            # an entity answer appears only as a named candidate of a comparison (never which one wins)
            listed = sum(1 for hop in c.hops if len(hop.tool_calls) > 1 and hop.derive is not None
                         and hop.derive.op != "field" and any(n in (hop.question or "") for n in db.names_of(h.value)))
            mentions = [m for m in lexicon.find(c.question) if m.key == h.value]
            assert len(mentions) <= listed, (c.id, k, h.answer)


def test_referring_phrases_stand_in_for_every_earlier_answer(built, synth3):
    seen = set()
    for c in built:
        for d in redo(synth3, c)[1:]:
            for slot, ref in d.bindings.items():
                kind = PATTERNS[d.pattern].slot(slot).kind
                phrase = reference_text(kind, ref.answer_type, c.language)
                if ref.answer_type == "report":  # "the quarter that report covered" or "did that report show"
                    phrase = "that report" if c.language == "en" else "该报告"
                assert phrase.lower() in c.question.lower(), (c.id, d.k, slot, phrase)
                seen.add((c.language, phrase))
    for phrase in ("that company", "that day", "该公司", "当日", "该行业"):
        assert any(p == phrase for _, p in seen), phrase


# --------------------------------------------------------------------------- the leak check itself
def _hop(**kw) -> Hop:
    return Hop(**{"answer": "x", **kw})


def _leaks(question: str, hop: Hop, db, lexicon, candidates=None) -> list[str]:
    final = _hop(answer="1.0%", kind="number", value=1.0, unit="%")
    return leak_problems(question, [hop, final], lexicon, db, candidates)


BASE = "Take the day that company released its periodic report for 2024Q1. What was that company's close then?"


@pytest.mark.parametrize("text", ["1,234.5", "1234.50", "1.23 thousand", "1234.5 yuan", "约1,234.5元"])
def test_a_figure_is_caught_however_it_is_written(text, db, lexicon):
    hop = _hop(answer="1,234.5 yuan", kind="number", value=1234.5, unit="yuan")
    assert _leaks(f"{BASE} It is near {text}.", hop, db, lexicon)
    assert not _leaks(BASE, hop, db, lexicon)


@pytest.mark.parametrize("text", ["1,234,567,890", "1.23 billion", "12.3亿", "123457万", "1234.57 million"])
def test_a_large_figure_is_caught_in_other_magnitudes(text, db, lexicon):
    hop = _hop(answer="1,234,567,890 yuan", kind="number", value=1234567890, unit="yuan")
    assert _leaks(f"{BASE} ({text})", hop, db, lexicon)


@pytest.mark.parametrize("text", ["2024-10-18", "October 18, 2024", "18 Oct 2024", "2024/10/18", "2024年10月18日",
                                  "Oct. 18", "10月18日", "20241018"])
def test_a_date_is_caught_in_other_formats(text, db, lexicon):
    hop = _hop(answer="2024-10-18", kind="date", value="2024-10-18")
    assert _leaks(f"{BASE} Hint: {text}.", hop, db, lexicon)
    assert not _leaks(f"{BASE} Hint: 2024-10-17.", hop, db, lexicon)  # the neighbouring day is not the answer


@pytest.mark.parametrize("text", ["2023Q4", "Q4 2023", "the fourth quarter of 2023", "4Q23", "2023年第四季度",
                                  "2023年四季度"])
def test_a_period_is_caught_in_other_formats(text, db, lexicon):
    hop = _hop(answer="2023Q4", kind="period", value="2023Q4")
    assert _leaks(f"{BASE} ({text})", hop, db, lexicon)


@pytest.mark.parametrize("text", ["Zephyrine Semiconductor", "Zephyrine", "ZPHR", "ZPHR.DEMO", "泽风半导体", "泽风",
                                  "zephyrine semiconductor co., ltd."])
def test_an_entity_is_caught_by_any_name_or_ticker(text, db, lexicon):
    answer, aliases = "Zephyrine Semiconductor", db.names_of("ZPHR.DEMO")
    hop = _hop(answer=answer, kind="entity", value="ZPHR.DEMO", aliases=aliases)
    assert _leaks(f"{BASE} Compare with {text}.", hop, db, lexicon)


def test_a_named_candidate_may_appear_once_per_list_naming_it(db, lexicon):
    hop = _hop(answer="Zephyrine Semiconductor", kind="entity", value="ZPHR.DEMO", aliases=db.names_of("ZPHR.DEMO"))
    q = "Of Zephyrine Semiconductor and Quillon Microchips, take the one with the higher close on 2024-03-05. " + BASE
    assert not _leaks(q, hop, db, lexicon, [["ZPHR.DEMO", "QLMC.DEMO"], []])
    assert _leaks(q, hop, db, lexicon, [[], []])  # not a candidate list: a leak
    assert _leaks(q + " (ZPHR)", hop, db, lexicon, [["ZPHR.DEMO", "QLMC.DEMO"], []])  # once more: a leak


def test_a_sector_answer_leaks_through_its_index(db, lexicon):
    hop = _hop(answer="Semiconductors", kind="entity", value="SEMI", aliases=["半导体", "SEMI"])
    assert _leaks(f"{BASE} Compare the Demo Semiconductors Index.", hop, db, lexicon)
    assert not _leaks(f"{BASE} Compare Zephyrine Semiconductor.", hop, db, lexicon)  # a company name is not the sector


def test_a_short_ticker_counts_only_with_its_exact_case(db, lexicon):
    hop = _hop(answer="Onsemi Demo", kind="entity", value="ONSM", aliases=["ON"])
    assert not _leaks("Which had the higher close on 2024-03-05: that company or Quillon Microchips?", hop, db,
                      lexicon)
    assert _leaks("Was it ON? Which had the higher close on 2024-03-05?", hop, db, lexicon)


# --------------------------------------------------------------------------- scope, references, length
def _chain_with(built, synth3, pred) -> tuple[Chain, list[HopDraft]]:
    for c in built:
        drafts = redo(synth3, c)
        if pred(c, drafts):
            return c, drafts
    raise AssertionError("no such chain")


def test_scope_check_finds_dropped_and_added_constraints(built, synth3, db):
    c, drafts = _chain_with(built, synth3, lambda c, d: c.language == "en" and any(x.explicit_entities for x in d)
                            and any("d" in x.values and "d" not in x.bindings for x in d))
    reader = synth3.readers["en"]
    cons = constraints_of(drafts)
    assert cons.model_dump(exclude_defaults=True) == c.meta["constraints"]  # stored with the chain
    answers = {str(h.value) for h in c.hops}
    assert scope_problems(c.question, cons, answers, reader) == ([], [])
    name = next(db.entity(e).name("en") for d in drafts for e in d.explicit_entities)  # type: ignore[union-attr]
    lost, _ = scope_problems(c.question.replace(name, "some company"), cons, answers, reader)
    assert lost
    lost, added = scope_problems(c.question + " Also consider Harborstone Bank on 2021-05-06.", cons, answers,
                                 reader)
    assert not lost and added


def test_reference_check_refuses_a_that_company_with_two_antecedents(built, synth3):
    c, drafts = _chain_with(built, synth3, lambda c, d: any(r.via == "subject" for x in d for r in x.bindings.values()))
    assert reference_problems(drafts) == []
    k = next(x.k for x in drafts if any(r.via == "subject" for r in x.bindings.values()))
    # pretend the hop before it answered a company too: "that company" would no longer be unambiguous
    prev = drafts[k - 2]
    tampered = [*drafts[:k - 2], dataclasses.replace(prev, answer=dataclasses.replace(prev.answer, type="stock")),
                *drafts[k - 1:]]
    assert any("that company" in p for p in reference_problems(tampered))
    broken = [drafts[0], dataclasses.replace(drafts[1], bindings={})] + drafts[2:] if len(drafts) > 1 else drafts
    if len(drafts) > 1:
        assert any("does not take" in p for p in reference_problems(broken))


def test_question_critic_length_bounds(built, synth3, lexicon):
    c, drafts = _chain_with(built, synth3, lambda c, d: c.language == "en" and c.k == 1)
    reader = synth3.readers["en"]
    assert question_critic(c.question, c.hops, drafts, "en", reader, lexicon, LengthBounds()).ok
    tight = LengthBounds(words_per_hop_en=1, extra_words_en=0)
    r = question_critic(c.question, c.hops, drafts, "en", reader, lexicon, tight)
    assert not r.ok and r.reason == "too_long"
    r = question_critic(c.question, c.hops, drafts, "en", reader, lexicon, LengthBounds(min_words_en=500))
    assert not r.ok and r.reason == "too_short"


# --------------------------------------------------------------------------- the answer critic
def test_answer_critic_resolves_the_gold_path(built, synth3, lexicon, monkeypatch):
    c = next(c for c in built if c.k >= 4)
    tools = synth3.tools[c.language]
    assert answer_critic(c, tools, lexicon).ok
    wrong = c.model_copy(update={"hops": [*c.hops[:1], c.hops[1].model_copy(update={"value": "not it"}), *c.hops[2:]]})
    r = answer_critic(wrong, tools, lexicon)
    assert not r.ok and r.reason == "resolve_mismatch"
    first = c.hops[0]
    calls = [tc.model_copy(update={"args": {**tc.args, "entity": "NOSUCH", "fund": "NOSUCH", "query": "NOSUCH",
                                            "indicator": "NOSUCH", "date": "1999-01-01", "sector": "NOSUCH"}})
             for tc in first.tool_calls]
    broken = c.model_copy(update={"hops": [first.model_copy(update={"tool_calls": calls}), *c.hops[1:]]})
    r = answer_critic(broken, tools, lexicon)
    assert not r.ok and r.reason == "resolve_error"
    # the gold-path policy's final answer text must be one the family's matcher accepts
    from finprobe.build.multihop import critics

    monkeypatch.setattr(critics, "format_answer", lambda *a, **k: "cannot determine")
    r = answer_critic(c, tools, lexicon)
    assert not r.ok and r.reason == "final_unmatched"
