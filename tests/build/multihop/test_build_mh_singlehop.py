"""Single-hop QA: every pattern generates and verifies in English and Chinese; verification re-derives the answer
from the question text alone and drops, with its reason, a question whose answer is not unique in the database
(a shared name, a tie, two matching rows) or whose re-derived answer differs."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from build_mh_support import edited_market

from finprobe.benchmarks.multihop import MarketDB, MarketTools
from finprobe.build.multihop import BuildConfig, Synthesizer
from finprobe.build.multihop.patterns import PATTERNS
from finprobe.build.multihop.singlehop import HopDraft, HopFailure, HopGenerator


def _generator(db: MarketDB) -> HopGenerator:
    return Synthesizer(db, BuildConfig()).generator


def _first_hop(gen: HopGenerator, pattern_id: str, lang: str, seed: int) -> HopDraft | HopFailure:
    p = PATTERNS[pattern_id]
    return gen.generate(1, p, p.input_slots[0].name, None, random.Random(seed), lang, rest=(),
                        exclude_entities=set(), exclude_values=set())


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("pattern_id", sorted(PATTERNS))
def test_every_pattern_generates_a_verified_single_hop(synth, pattern_id, lang):
    drafts = [d for d in (_first_hop(synth.generator, pattern_id, lang, s) for s in range(12))
              if isinstance(d, HopDraft)]
    assert drafts, f"{pattern_id} never verified"
    for d in drafts:
        # the verified question, read again from its text alone, re-derives the same answer
        assert synth.generator.verify(PATTERNS[pattern_id], d.standalone, d.value, lang) is None
        assert d.calls and d.derive is not None
        if lang == "zh":
            assert any("\u4e00" <= ch <= "\u9fff" for ch in d.standalone)


def test_the_reader_takes_values_in_other_formats_and_synonyms(synth):
    p = PATTERNS["compare_price"]
    want = {"c": ["ZPHR.DEMO", "QLMC.DEMO"], "d": "2024-03-05", "field": "close", "op": "max"}
    for lang, text in [
        ("en", "Which had the higher closing price on 2024-03-05: Zephyrine Semiconductor or Quillon Microchips?"),
        ("en", "On March 5, 2024, which closed higher — Zephyrine or Quillon?"),
        ("en", "which had the greater close on 5 March 2024, ZPHR or QLMC"),
        ("zh", "2024年3月5日，泽风半导体和奎隆微芯中哪一个的收盘价更高？"),
        ("zh", "泽风与奎隆2024/3/5谁的收盘价较高"),
    ]:
        values = synth.readers[lang].read(p, text)
        assert {k: values[k] for k in want} == want, text
    r = synth.readers["en"].read(PATTERNS["shift_days"], "What is the 3rd trading day before 2024-03-05?")
    assert r == {"d": "2024-03-05", "n": -3}
    r = synth.readers["zh"].read(PATTERNS["report_value"], "泽风半导体截至2024年第三季度的累计营收是多少？")
    assert r == {"e": "ZPHR.DEMO", "q": "2024Q3", "metric": "revenue", "basis": "cumulative"}


def test_a_question_that_cannot_be_read_is_unparseable(synth):
    p = PATTERNS["compare_price"]
    for text in ["Which had the higher closing price: Zephyrine Semiconductor or Quillon Microchips?",  # no date
                 "Which had the higher closing price on 2024-03-05: Zephyrine Semiconductor?",  # one candidate
                 "Which had the closing price on 2024-03-05: Zephyrine Semiconductor or Quillon Microchips?"]:  # no op
        failure = synth.generator.verify(p, text, "ZPHR.DEMO", "en")
        assert failure is not None and failure.reason == "unparseable", text


def test_a_rederived_answer_that_differs_is_dropped(synth):
    d = _first_hop(synth.generator, "release_date", "en", 0)
    assert isinstance(d, HopDraft)
    failure = synth.generator.verify(PATTERNS["release_date"], d.standalone, "2099-01-01", "en")
    assert failure is not None and failure.reason == "rederived_mismatch"


def test_a_name_two_entities_share_is_dropped_as_ambiguous(tmp_path: Path):
    db = edited_market(tmp_path / "m.sqlite", ("INSERT INTO aliases (alias, entity_id, language) VALUES (?, ?, ?)",
                                               ("Quillon Microchips", "ZPHR.DEMO", "en")))
    gen = _generator(db)
    failure = gen.verify(PATTERNS["sector_of"], "Which sector does Quillon Microchips belong to?", "SEMI", "en")
    assert failure is not None and failure.reason == "ambiguous_entity"
    # generation over this market: every question naming the shared name is dropped, with that reason
    outcomes = [_first_hop(gen, "sector_of", "en", s) for s in range(80)]
    reasons = {o.reason for o in outcomes if isinstance(o, HopFailure)}
    assert "ambiguous_entity" in reasons
    assert all("Quillon Microchips" not in o.standalone for o in outcomes if isinstance(o, HopDraft))
    # Chinese questions name it 奎隆微芯, which only one entity answers to
    zh = [o for o in (_first_hop(gen, "sector_of", "zh", s) for s in range(80)) if isinstance(o, HopDraft)]
    assert any("奎隆微芯" in o.standalone for o in zh)


def test_a_tie_is_dropped(tmp_path: Path):
    db = edited_market(tmp_path / "m.sqlite", (
        "UPDATE daily_bars SET close = (SELECT close FROM daily_bars WHERE entity_id = 'QLMC.DEMO' AND "
        "date = '2024-03-05') WHERE entity_id = 'ZPHR.DEMO' AND date = '2024-03-05'", ()))
    gen = _generator(db)
    text = "Which had the higher closing price on 2024-03-05: Zephyrine Semiconductor or Quillon Microchips?"
    failure = gen.verify(PATTERNS["compare_price"], text, "ZPHR.DEMO", "en")
    assert failure is not None and failure.reason == "tie"
    ok = gen.verify(PATTERNS["compare_price"], text.replace("closing price", "trading volume"),
                    _winner(db, "volume"), "en")
    assert ok is None  # the other fields still have one winner


def _winner(db: MarketDB, field: str) -> str:
    t = MarketTools(db)
    bars = {e: (t.execute("price", {"entity": e, "date": "2024-03-05"}).data or {})[field] for e in ("ZPHR", "QLMC")}
    return "ZPHR.DEMO" if bars["ZPHR"] > bars["QLMC"] else "QLMC.DEMO"


def test_two_matching_rows_are_not_unique(tmp_path: Path):
    db = edited_market(
        tmp_path / "m.sqlite",
        ("INSERT INTO events (entity_id, event_type, date, fiscal_year, quarter, amount, details) "
         "VALUES ('ZPHR.DEMO', 'dividend', '2024-09-02', 2023, 4, 0.05, '{}')", ()),
        ("INSERT INTO events (entity_id, event_type, date, fiscal_year, quarter) "
         "VALUES ('QLMC.DEMO', 'earnings_release', (SELECT MIN(date) FROM events WHERE entity_id = 'QLMC.DEMO' "
         "AND event_type = 'earnings_release' AND date >= '2024-03-01'), 2024, 1)", ()))
    gen = _generator(db)
    f = gen.verify(PATTERNS["dividend_exdate"], "What was the ex-dividend date of Zephyrine Semiconductor's cash "
                                                "dividend for fiscal 2023?", "2024-06-01", "en")
    assert f is not None and f.reason == "not_unique"
    f = gen.verify(PATTERNS["first_report_after"], "Which quarter did the first periodic report released by Quillon "
                                                   "Microchips on or after 2024-03-01 cover?", "2023Q4", "en")
    assert f is not None and f.reason == "not_unique"


def test_a_hop_after_the_first_takes_the_previous_answer_through_its_binding(synth):
    first = _first_hop(synth.generator, "top_holding", "en", 1)
    assert isinstance(first, HopDraft) and first.answer.type == "stock"
    second = synth.generator.generate(2, PATTERNS["release_date"], "e", first, random.Random(2), "en", rest=(),
                                      exclude_entities=set(first.explicit_entities), exclude_values={first.value})
    assert isinstance(second, HopDraft)
    assert second.values["e"] == first.value and second.bindings["e"].hop == 1
    assert second.calls[0].bind["entity"].hop == 1
    # the standalone question names the previous answer: it is what single-hop verification reads
    assert synth.db.entity(first.value).name("en") in second.standalone
