from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.core.retrieval import (
    BM25Index,
    CorpusError,
    Passage,
    detect_language,
    load_corpus,
    passages_from_dicts,
    tokenize,
)


def test_tokenize_english():
    tokens = tokenize("What was Northwind's non-GAAP operating income of $1,322.5 million (46.75%) in FY2023?")
    assert "northwind" in tokens and "non-gaap" in tokens and "non" in tokens and "gaap" in tokens
    assert "1322.5" in tokens and "46.75" in tokens and "fy2023" in tokens
    assert "what" not in tokens and "of" not in tokens and "in" not in tokens
    assert tokenize("Revenues") == ["revenue"] and tokenize("gross loss") == ["gross", "loss"]


def test_tokenize_chinese_and_mixed():
    tokens = tokenize("青岚精密2023年归属于母公司股东的净利润为3.62亿元")
    assert "净利润" in tokens and "2023" in tokens and "3.62" in tokens and "的" not in tokens
    mixed = tokenize("Northwind 净利润 net income")
    assert mixed[0] == "northwind" and "净利润" in mixed and "income" in mixed
    assert tokenize("ＦＹ２０２３") == ["fy2023"]  # full-width folded


def test_tokenize_is_deterministic_and_jieba_is_quiet():
    code = ("from finprobe.core.retrieval import tokenize; "
            "print('|'.join(tokenize('扣除非经常性损益后归属于母公司股东的净利润')))")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            for _ in range(2)]
    assert runs[0].stdout == runs[1].stdout and runs[0].stdout.strip()
    assert runs[0].stderr == ""  # jieba's "Building prefix dict..." must not leak


def test_detect_language():
    assert detect_language("Net income was $5 million") == "en"
    assert detect_language("净利润为5亿元 (RMB)") == "zh"


def _write(tmp_path, lines, name="corpus.jsonl"):
    path = tmp_path / name
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x, ensure_ascii=False) for x in lines),
                    encoding="utf-8")
    return path


def test_load_corpus_jsonl_aliases_and_language(tmp_path):
    path = _write(tmp_path, [
        {"passage_id": "a", "text": "Acme net income", "company": "Acme", "ticker": "ACM"},
        "",
        {"id": 7, "content": "青岚精密净利润"},
    ])
    passages = load_corpus(path)
    assert [p.passage_id for p in passages] == ["a", "7"]
    assert passages[0].language == "en" and passages[1].language == "zh"
    assert passages[0].model_extra == {"ticker": "ACM"}


def test_load_corpus_json_array(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps([{"passage_id": "x", "text": "t", "language": "en"}]), encoding="utf-8")
    assert load_corpus(path)[0].passage_id == "x"


@pytest.mark.parametrize("lines,needle", [
    ([{"passage_id": "a", "text": "x"}, "{broken"], r"corpus.jsonl:2: invalid JSON"),
    ([{"passage_id": "a"}], r"corpus.jsonl:1: passage_id='a': text: Field required"),
    ([{"passage_id": "a", "text": "  "}], r"corpus.jsonl:1: .*must not be empty"),
    ([{"passage_id": "a", "text": "x"}, {"passage_id": "a", "text": "y"}], r"corpus.jsonl:2: duplicate passage_id 'a' \(first at .*corpus.jsonl:1\)"),
    (["[1]"], r"expected a JSON object|invalid"),
])
def test_load_corpus_errors_name_file_and_line(tmp_path, lines, needle):
    with pytest.raises(CorpusError, match=needle):
        load_corpus(_write(tmp_path, lines))


def test_load_corpus_missing_file(tmp_path):
    with pytest.raises(CorpusError, match="cannot read"):
        load_corpus(tmp_path / "nope.jsonl")


CORPUS = passages_from_dicts([
    {"passage_id": "nw-2023", "text": "Northwind Trading 2023 operating income was $412.6 million; segment $538.9 million."},
    {"passage_id": "nw-2022", "text": "Northwind Trading 2022 operating income was $377.0 million."},
    {"passage_id": "bf-2023", "text": "Bluefin Robotics 2023 net income was $118.7 million."},
    {"passage_id": "qj-2023", "text": "青岚精密2023年归属于母公司股东的净利润为3.62亿元，合并净利润为4.15亿元。"},
    {"passage_id": "dup-b", "text": "identical twin passage about zebras"},
    {"passage_id": "dup-a", "text": "identical twin passage about zebras"},
])


def test_search_ranks_and_limits():
    index = BM25Index(CORPUS)
    hits = index.search("Northwind operating income 2023", k=2)
    assert [h.passage_id for h in hits] == ["nw-2023", "nw-2022"]
    assert [h.rank for h in hits] == [1, 2] and hits[0].score > hits[1].score
    assert hits[0].text == CORPUS[0].text
    assert index.search("青岚精密 净利润", k=5)[0].passage_id == "qj-2023"


def test_search_ties_broken_by_passage_id():
    hits = BM25Index(CORPUS).search("zebras", k=5)
    assert [h.passage_id for h in hits] == ["dup-a", "dup-b"] and hits[0].score == hits[1].score


def test_search_mixed_language_and_language_filter():
    index = BM25Index(CORPUS)
    ids = [h.passage_id for h in index.search("Bluefin net income 净利润", k=5)]
    assert "bf-2023" in ids and "qj-2023" in ids
    assert [h.passage_id for h in index.search("Bluefin net income 净利润", k=5, language="zh")] == ["qj-2023"]


def test_search_returns_nothing_rather_than_a_fallback():
    index = BM25Index(CORPUS)
    assert index.search("completely unrelated vocabulary") == []
    assert index.search("") == [] and index.search("the of and") == []
    assert index.search("Northwind", k=0) == []
    assert BM25Index([]).search("anything") == []


def test_index_rejects_duplicate_ids():
    with pytest.raises(ValueError, match="duplicate"):
        BM25Index([Passage(passage_id="a", text="x"), Passage(passage_id="a", text="y")])


_INDEX = BM25Index(CORPUS)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=80), st.integers(min_value=0, max_value=8))
def test_search_total(query, k):
    hits = _INDEX.search(query, k=k)
    assert len(hits) <= k
    assert [h.rank for h in hits] == list(range(1, len(hits) + 1))
    assert all(a.score >= b.score for a, b in zip(hits, hits[1:], strict=False))
    assert all(h.score > 0 for h in hits)
