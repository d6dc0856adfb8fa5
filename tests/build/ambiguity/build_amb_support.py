"""Shared helpers for the FinInteract construction tests: a clean EN and ZH candidate (fictional companies,
invented figures) with their passages, and a scripted-role factory."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from finprobe.build.ambiguity.passages import CandidatePassage

EN_PASSAGE = CandidatePassage(
    passage_id="p-en", language="en", company="Acme Widgets Inc. (fictional)", ticker="ACME-T", period="FY2023",
    filing_type="10-K", filing_date="2024-02-28",
    text="[Fictional] Acme Widgets Inc. (fictional), Form 10-K for fiscal year 2023. Consolidated operating income "
         "for fiscal 2023 was $412.6 million. The Industrial Products segment reported operating income of $538.9 "
         "million; the Consumer segment reported an operating loss of $61.2 million.",
)
ZH_PASSAGE = CandidatePassage(
    passage_id="p-zh", language="zh", company="青岚精密股份有限公司（虚构）", ticker="600000-T", period="2023年度",
    filing_type="年度报告", filing_date="2024-04-26",
    text="【虚构】青岚精密股份有限公司（虚构）2023年年度报告。归属于上市公司股东的净利润为3.21亿元；"
         "归属于上市公司股东的扣除非经常性损益的净利润为2.58亿元；合并净利润（含少数股东损益）为4.15亿元。",
)


def en_record() -> dict[str, Any]:
    return {
        "instance_id": "c-en", "passage_id": "p-en", "language": "en", "company": EN_PASSAGE.company,
        "filing_date": "2024-02-28",
        "question": "What was Acme Widgets' operating income in 2023?",
        "context": "I run the industrial products business and need the profit of my own line of business.",
        "answer": "$538.9 million", "default_answer": "$412.6 million",
        "intended_evidence_span": "The Industrial Products segment reported operating income of $538.9 million",
        "default_evidence_span": "Consolidated operating income for fiscal 2023 was $412.6 million",
        "intended_interpretation": {"entity": "Industrial Products segment", "period": "fiscal year 2023",
                                    "metric": "operating income"},
        "default_interpretation": {"entity": "Acme Widgets consolidated", "period": "fiscal year 2023",
                                   "metric": "operating income"},
        "axes": ["entity_scope"], "n_axes": 1, "h0": 1.0, "qc": {"k_readings": 2},
    }


def zh_record() -> dict[str, Any]:
    return {
        "instance_id": "c-zh", "passage_id": "p-zh", "language": "zh", "company": ZH_PASSAGE.company,
        "filing_date": "2024-04-26",
        "question": "青岚精密2023年的净利润是多少？",
        "context": "我想看剔除政府补助这类一次性收益之后，主营业务本身赚到的利润。",
        "answer": "2.58亿元", "default_answer": "3.21亿元",
        "intended_evidence_span": "归属于上市公司股东的扣除非经常性损益的净利润为2.58亿元",
        "default_evidence_span": "归属于上市公司股东的净利润为3.21亿元",
        "intended_interpretation": {"entity": "归属于上市公司股东", "period": "2023年度", "metric": "扣非净利润"},
        "default_interpretation": {"entity": "归属于上市公司股东", "period": "2023年度",
                                   "metric": "净利润（含非经常性损益）"},
        "axes": ["metric_definition"], "n_axes": 1, "h0": 1.0, "qc": {"k_readings": 2},
    }


def constructor_reply(record: dict[str, Any], **changes: Any) -> str:
    """A constructor reply (the schema's fields) built from a release-format record."""
    reading = lambda r: {f: r.get(f, "") for f in ("entity", "period", "metric", "basis", "vintage")}  # noqa: E731
    reply = {
        "viable": True, "reason": "", "question": record["question"], "context": record["context"],
        "answer": record["answer"], "default_answer": record["default_answer"],
        "intended_evidence_span": record["intended_evidence_span"],
        "default_evidence_span": record["default_evidence_span"],
        "intended_interpretation": reading(record["intended_interpretation"]),
        "default_interpretation": reading(record["default_interpretation"]),
        "axes_exercised": record["axes"], "k_readings": 2, "shared_attributes": [], "distinctive_attributes": [],
    }
    reply.update(changes)
    return json.dumps(reply, ensure_ascii=False)


def verifier_reply(answer: str, interpretation: dict[str, str]) -> str:
    return json.dumps({"answer": answer, "interpretation": interpretation}, ensure_ascii=False)


ReplyFactory = Callable[..., str]
