"""The bundled demo chain set: exactly what the builder derives from the demo market, 4 chains per hop count
1–6 in each language, gold hop answers and tool paths, no intermediate answer in a released question."""

from __future__ import annotations

import json
from collections import Counter

from finprobe.benchmarks.multihop import demo_chains_path, solve_chain
from finprobe.benchmarks.multihop.demo_chains import build_demo_chains
from finprobe.benchmarks.multihop.mentions import find_gold_mentions


def test_bundled_file_is_the_builders_output(demo_chains):
    rebuilt = build_demo_chains()
    assert rebuilt == demo_chains
    on_disk = json.loads(demo_chains_path().read_text(encoding="utf-8"))
    assert on_disk == [c.model_dump(mode="json", exclude_defaults=True) for c in rebuilt]


def test_four_chains_per_hop_count_and_language(demo_chains):
    counts = Counter((c.k, c.language) for c in demo_chains)
    assert counts == {(k, lang): 4 for k in range(1, 7) for lang in ("en", "zh")}
    assert all(c.market == "demo:7" and "fictional" in c.source for c in demo_chains)


def test_every_hop_has_a_gold_answer_and_a_tool_path(demo_chains, tools):
    for c in demo_chains:
        assert c.has_gold_path() and c.final_answer == c.hops[-1].answer
        assert all(h.answer and h.value is not None and h.question for h in c.hops)
        solved = solve_chain(c, tools)
        assert [s.error for s in solved] == [None] * c.k
        assert [str(s.value) for s in solved] == [str(h.value) for h in c.hops]


def test_no_intermediate_answer_leaks_into_the_question(demo_chains, lexicon):
    for c in demo_chains:
        for hop in c.intermediate:
            gold, _ = find_gold_mentions(c.question, hop)
            if hop.kind == "entity" and gold:
                # named only as one of a listed set of candidates
                assert any(n in c.question for d in hop.distractors for n in d), (c.id, hop.answer)
            else:
                assert not gold, (c.id, hop.answer)


def test_english_and_chinese_versions_share_the_chain(demo_chains):
    by_id = {c.id: c for c in demo_chains}
    for c in demo_chains:
        if c.language == "en":
            zh = by_id[c.id.replace("-en", "-zh")]
            assert [h.value for h in zh.hops] == [h.value for h in c.hops]
            assert [h.tool_calls for h in zh.hops] == [h.tool_calls for h in c.hops]
