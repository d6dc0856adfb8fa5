"""The doctor reports data defects of a chain file (and never stops at a bad record)."""

from __future__ import annotations

import json

from finprobe.benchmarks.multihop import demo_chains_path, doctor


def kinds(report, rid=None):
    return sorted({f.kind for f in report.findings if rid is None or f.id == rid})


def test_release_en_defects(release_en):
    r = doctor(release_en)
    assert r.n == 9
    dup = [f for f in r.findings if f.kind == "duplicate"]
    assert len(dup) == 1 and "L2_3hop_1" in dup[0].detail and "L2_3hop_3" in dup[0].detail  # both ids named
    assert "label_mismatch" in kinds(r, "L2_3hop_2")
    assert "hop_count_mismatch" in kinds(r, "L2_4hop_1")
    assert "missing_answer" in kinds(r, "L1_2hop_2")
    assert "hops_unextracted" in kinds(r, "L3_6hop_1")
    # clean records stay clean — but for the hop-gold sidecar: these fictional records reuse the release's
    # prompt_ids with other prompts, which is what a changed release looks like
    assert kinds(r, "L1_1hop_1") == ["hops_unsettled"] and kinds(r, "L3_5hop_1") == ["hops_unsettled"]
    assert "another prompt text" in next(f.detail for f in r.findings if f.id == "L1_1hop_1")
    assert r.details["hop_gold"] == {"applied": 0, "unsettled": 0, "stale": 9, "absent": 0}


def test_release_zh_defects(release_zh):
    r = doctor(release_zh)
    dup = [f for f in r.findings if f.kind == "duplicate"]
    assert len(dup) == 1 and dup[0].id == "L1_2hop_1" and "record 2" in dup[0].detail and "record 4" in dup[0].detail
    assert [f.detail for f in r.findings if f.id == "L2_5hop_1" and f.kind == "label_mismatch"] == [
        "label 'L3_5hop' disagrees with prompt_id 'L2_5hop_1'", "L2 with 5 hops: 5 hops are level L3"]
    assert r.details["hops_uncertain"] > 0


def test_doctor_survives_malformed_records(tmp_path):
    good = {"prompt_id": "L1_1hop_1", "prompt": "Which?", "reference_response": "Step 1: x. Answer: A",
            "response_final_reference": "A", "label": "L1_1hop"}
    records = [good, "not an object", {"prompt_id": "L1_2hop_1", "prompt": 3}, {**good, "prompt_id": "L1_1hop_901",
                                                                              "prompt": "WHICH ?"}]
    p = tmp_path / "x.json"
    p.write_text(json.dumps(records), encoding="utf-8")
    r = doctor(p)
    assert r.n == 4
    assert kinds(r, "record 2") == ["malformed"] and kinds(r, "L1_2hop_1") == ["malformed"]
    assert kinds(r, "L1_1hop_901") == ["duplicate"]  # case and punctuation do not hide a duplicate


def test_demo_chain_file_is_clean():
    r = doctor(demo_chains_path())
    assert r.n == 48 and r.findings == []


def test_family_format_defects(tmp_path):
    chain = {"id": "c1", "question": "Q?", "final_answer": "A", "hops": [{"answer": "B"}, {"answer": "A"}]}
    records = [chain, {**chain, "id": "c2", "K": 3}, {**chain, "id": "c3", "level": "L2"},
               {**chain, "id": "c4", "question": "Another question?", "hops": [{"answer": ""}, {"answer": "A"}],
                "final_answer": ""}]
    p = tmp_path / "c.json"
    p.write_text(json.dumps(records), encoding="utf-8")
    r = doctor(p)
    assert kinds(r, "c2") == ["duplicate", "hop_count_mismatch"]
    assert kinds(r, "c3") == ["duplicate", "label_mismatch"]
    assert kinds(r, "c4") == ["missing_answer"]
