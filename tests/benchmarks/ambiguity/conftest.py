"""Fixture instances for the ambiguity family tests: EN and ZH, one- and two-category items."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance


def _en_entity() -> dict:
    return {
        "instance_id": "t-en-1", "passage_id": "p-en-1", "language": "en", "source": "test (fictional)",
        "ticker": "ACME-T", "company": "Acme Widgets Inc. (fictional)", "filing_type": "10-K",
        "filing_date": "2024-02-01",
        "question": "What was Acme Widgets' operating income in fiscal 2023?",
        "context": "I manage the industrial products business and need my own segment's profit. "
                   "The company-wide total is not what I am after.",
        "answer": "$46.75B", "default_answer": "$62.87B",
        "intended_evidence_span": "Industrial Products segment operating income was $46.75B",
        "default_evidence_span": "consolidated operating income was $62.87B",
        "intended_interpretation": {"entity": "Industrial Products segment", "period": "fiscal year 2023",
                                    "metric": "operating income", "basis": "GAAP"},
        "default_interpretation": {"entity": "Acme Widgets consolidated", "period": "fiscal year 2023",
                                   "metric": "operating income", "basis": "GAAP"},
        "shared_attributes": ["fiscal year 2023", "operating income"],
        "distinctive_attributes": ["Industrial Products segment", "excluding the Consumer segment"],
        "axes": ["entity_scope"], "n_axes": 1, "h0": 1.585, "qc": {"checked": True},
    }


def _en_two_axes() -> dict:
    return {
        "instance_id": "t-en-2", "passage_id": "p-en-2", "language": "en", "source": "test (fictional)",
        "ticker": None, "company": "Birch Analytics Corp. (fictional)", "filing_type": "10-K",
        "filing_date": "2024-03-01",
        "question": "What was Birch Analytics' operating income for fiscal 2022?",
        "context": "I want the figure from the corrected statements, for the ongoing business only.",
        "answer": "$92.6 million", "default_answer": "$78.1 million",
        "intended_evidence_span": "as recast, was $92.6 million",
        "default_evidence_span": "as originally reported, was $78.1 million",
        "intended_interpretation": {"entity": "continuing operations", "period": "fiscal year 2022",
                                    "metric": "operating income", "vintage": "as restated"},
        "default_interpretation": {"entity": "all operations", "period": "fiscal year 2022",
                                   "metric": "operating income", "vintage": "as originally reported"},
        "shared_attributes": ["fiscal year 2022"], "distinctive_attributes": ["restated"],
        "axes": ["filing_vintage", "entity_scope"], "n_axes": 2, "h0": 1.0, "qc": {},
    }


def _zh_entity() -> dict:
    return {
        "instance_id": "t-zh-1", "passage_id": "p-zh-1", "language": "zh", "source": "test (fictional)",
        "ticker": "QTST-T", "company": "青岚测试股份有限公司（虚构）", "filing_type": "年度报告",
        "filing_date": "2024-04-26",
        "question": "青岚测试2023年的净利润是多少？",
        "context": "我只关心上市公司股东能分享的那部分利润。子公司其他股东的份额不要算进来。",
        "answer": "9.34亿元", "default_answer": "10.52亿元",
        "intended_evidence_span": "归属于母公司股东的净利润为9.34亿元",
        "default_evidence_span": "合并净利润为10.52亿元",
        "intended_interpretation": {"entity": "归属于母公司股东", "period": "2023年度", "metric": "净利润"},
        "default_interpretation": {"entity": "合并报表（含少数股东损益）", "period": "2023年度", "metric": "净利润"},
        "shared_attributes": ["2023年度", "净利润"], "distinctive_attributes": ["归母"],
        "axes": ["entity_scope"], "n_axes": 1, "h0": 1.0, "qc": {},
    }


def _zh_two_axes() -> dict:
    return {
        "instance_id": "t-zh-2", "passage_id": "p-zh-2", "language": "zh", "source": "test (fictional)",
        "company": "云栖测试股份有限公司（虚构）",
        "question": "云栖测试2023年的净利润是多少？",
        "context": "我要看归属于上市公司股东、且剔除一次性项目后的利润。",
        "answer": "5.08亿元", "default_answer": "6.90亿元",
        "intended_interpretation": {"entity": "归属于母公司股东", "period": "2023年度",
                                    "metric": "扣除非经常性损益后的净利润"},
        "default_interpretation": {"entity": "合并报表（含少数股东损益）", "period": "2023年度",
                                   "metric": "净利润（含非经常性损益）"},
        "axes": ["metric_definition", "entity_scope"],
        # no h0, no n_axes, no spans, no ticker: the loader must cope
    }


@pytest.fixture
def raw_records() -> list[dict]:
    return [_en_entity(), _en_two_axes(), _zh_entity(), _zh_two_axes()]


@pytest.fixture
def instances(raw_records) -> dict[str, AmbiguityInstance]:
    return {r["instance_id"]: AmbiguityInstance.model_validate(r) for r in raw_records}


@pytest.fixture
def write_jsonl(tmp_path):
    def _write(records, name="instances.jsonl") -> Path:
        path = tmp_path / name
        path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in records)
                        + "\n", encoding="utf-8")
        return path
    return _write
