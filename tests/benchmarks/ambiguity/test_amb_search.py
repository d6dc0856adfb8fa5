from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity.search import SearchTool
from finprobe.core.retrieval import Passage

PASSAGES = [
    Passage(passage_id="acme-2023", language="en",
            text="[Fictional demo filing] Acme Widgets Inc. (fictional) 2023: consolidated operating income was "
                 "$62.87B; the Industrial Products segment operating income was $46.75B. "),
    Passage(passage_id="acme-2022", language="en",
            text="[Fictional demo filing] Acme Widgets Inc. (fictional) 2022: research spending rose."),
    Passage(passage_id="birch-2023", language="en",
            text="[Fictional demo filing] Birch Analytics Corp. (fictional) 2023 operating income was $9.1 million."),
    Passage(passage_id="qt-2023", language="zh",
            text="【虚构示例】青岚测试股份有限公司（虚构）2023年归属于母公司股东的净利润为9.34亿元，合并净利润为10.52亿元。"),
]


def test_observation_lists_ids_and_truncates():
    tool = SearchTool.from_passages(PASSAGES, max_chars=60)
    result = tool.search("Acme Widgets operating income 2023")
    assert [h.passage_id for h in result.hits][0] == "acme-2023"
    assert len(result.hits) <= 3
    assert result.observation.startswith("[1] acme-2023\n")
    first_block = result.observation.split("\n\n")[0]
    assert first_block.endswith("…") and len(first_block.split("\n", 1)[1]) <= 60


def test_top_k_configurable_and_default_three():
    assert SearchTool.from_passages(PASSAGES).top_k == 3
    tool = SearchTool.from_passages(PASSAGES, top_k=1)
    assert len(tool.search("fictional 2023").hits) == 1
    with pytest.raises(ValueError):
        SearchTool.from_passages(PASSAGES, top_k=0)


def test_no_match_returns_no_passage_never_a_fallback():
    tool = SearchTool.from_passages(PASSAGES)
    context = "I manage the zebra husbandry unit and want my own numbers."
    result = tool.search(context)
    assert result.hits == [] and result.observation == "No passages matched the query."
    assert context not in result.observation
    assert tool.search("   ").observation == "The search query is empty."
    assert SearchTool.from_passages(PASSAGES, messages_language="zh").search("xyzzy").observation == "没有与查询匹配的段落。"


def test_language_filter_and_chinese_query():
    tool = SearchTool.from_passages(PASSAGES, language="zh")
    result = tool.search("青岚测试 净利润 2023")
    assert [h.passage_id for h in result.hits] == ["qt-2023"]
    assert "9.34亿元" in result.observation
    assert SearchTool.from_passages(PASSAGES, language="zh").search("operating income").hits == []


def test_from_file(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_text("\n".join(p.model_dump_json() for p in PASSAGES), encoding="utf-8")
    assert SearchTool.from_file(path, top_k=2).search("Birch Analytics").hits[0].passage_id == "birch-2023"
