"""The labelled paraphrase sets of the synthesis text critic are well formed, generated from their authoring
source, and the bench's agreement meets its goal on the dev and held-out sets."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[3] / "bench"
DATA = BENCH / "data" / "multihop"


def load(name):
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize(("name", "n", "each"), [("synthesis_paraphrases.jsonl", 140, 30),
                                                 ("synthesis_paraphrases_heldout.jsonl", 60, 15)])
def test_sets_are_mixed_and_cover_both_languages(name, n, each):
    items = load(name)
    bases = {c["id"] for c in json.loads((DATA / "synthesis_bases.json").read_text(encoding="utf-8"))}
    assert len(items) >= n and len({i["id"] for i in items}) == len(items)
    assert {i["base"] for i in items} <= bases
    labels = Counter(i["label"] for i in items)
    assert set(labels) == {"ok", "leak", "scope_lost", "scope_added", "meaning_changed"}
    assert labels["ok"] >= each and labels["leak"] >= each
    assert {i["language"] for i in items} == {"en", "zh"}


def test_the_jsonl_is_what_the_authoring_source_writes():
    sys.path.insert(0, str(DATA))
    try:
        import author_paraphrases
    finally:
        sys.path.remove(str(DATA))
    for name, table in (("synthesis_paraphrases.jsonl", author_paraphrases.ITEMS),
                        ("synthesis_paraphrases_heldout.jsonl", author_paraphrases.HELDOUT)):
        texts = [(i["kind"], i["text"], i["label"]) for i in load(name)]
        assert texts == [x for items in table.values() for x in items]


def test_bench_agreement_meets_the_goal():
    sys.path.insert(0, str(BENCH))
    try:
        import multihop_synthesis_critics as bench
    finally:
        sys.path.remove(str(BENCH))
    from finprobe.benchmarks.multihop import Chain, EntityLexicon, MarketTools, demo_market
    from finprobe.build.multihop.pool import MarketPool
    from finprobe.build.multihop.reader import QuestionReader
    from finprobe.build.multihop.vocab import Vocabulary

    db = demo_market()
    pool, vocab = MarketPool(db), Vocabulary(db)
    readers = {lang: QuestionReader(db, pool, vocab, MarketTools(db, language=lang)) for lang in ("en", "zh")}
    bases = {c["id"]: Chain.model_validate(c)
             for c in json.loads((DATA / "synthesis_bases.json").read_text(encoding="utf-8"))}
    for name in ("synthesis_paraphrases.jsonl", "synthesis_paraphrases_heldout.jsonl"):
        r = bench.evaluate(load(name), bases, readers, EntityLexicon(db.alias_lexicon()), templates=True)
        assert r["overall"]["agreement"] >= bench.GOAL, (name, r["disagreements"])
        assert r["by_kind"]["ok_template"]["agreement"] == 1.0  # every verified template passes its own critic
        assert r["by_label"]["leak"]["agreement"] == 1.0  # a leak never gets through
