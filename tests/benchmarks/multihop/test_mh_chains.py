"""Chain schema, the family's chain format, the public release format (EN and ZH fixtures), per-hop
extraction from free-text reference responses, and loading errors that name the file and the record."""

from __future__ import annotations

import http.server
import json
import threading
from pathlib import Path

import pytest

from finprobe.benchmarks.multihop import Chain, Hop, extract_hop_answers, level_for_hops, load_chains
from finprobe.benchmarks.multihop.release import infer_kind, parse_label, parse_prompt_id
from finprobe.core.benchmark import DataError


def test_levels_follow_hop_counts():
    assert [level_for_hops(k) for k in range(1, 7)] == ["L1", "L1", "L2", "L2", "L3", "L3"]
    with pytest.raises(ValueError):
        level_for_hops(7)
    c = Chain(id="x", question="q?", final_answer="a", hops=[Hop(answer="b"), Hop(answer="a")])
    assert (c.K, c.level, [h.answer for h in c.intermediate]) == (2, "L1", ["b"])
    with pytest.raises(ValueError, match="K=3 but 2 hops"):
        Chain(id="x", question="q?", final_answer="a", hops=[Hop(answer="b"), Hop(answer="a")], K=3)
    with pytest.raises(ValueError, match="level L2"):
        Chain(id="x", question="q?", final_answer="a", hops=[Hop(answer="a")], level="L2")


def test_prompt_ids_and_labels():
    assert parse_prompt_id("L2_3hop_1") == ("L2", 3)
    assert parse_prompt_id("l3-6hops-12") == ("L3", 6)
    assert parse_label("L1_2hop") == ("L1", 2)
    assert parse_prompt_id("item-7") is None and parse_label(None) is None


def test_release_en_fixture(release_en):
    chains = {c.id: c for c in load_chains(release_en)}
    c = chains["L1_2hop_1"]
    assert (c.k, c.level, c.language, c.source) == (2, "L1", "en", "release")
    assert [(h.answer, h.source) for h in c.hops] == [("Harborstone Bank", "extracted"),
                                                      ("32,232,800 shares", "gold")]
    assert c.hops[1].kind == "number" and c.final_answer == "32,232,800 shares"
    assert c.judge_prompts is not None and "{model_response}" in str(c.judge_prompts.template)
    assert [h.answer for h in chains["L2_3hop_1"].intermediate] == ["Zephyrine Semiconductor", "2024-10-18"]
    assert [h.answer for h in chains["L3_5hop_1"].intermediate] == [
        "Talmora Circuits", "2023-06-12", "2023-07-12", "Talmora Circuits"]
    assert "label_mismatch:L2_4hop" in chains["L2_3hop_2"].flags
    assert "hop_count_mismatch:2/4" in chains["L2_4hop_1"].flags
    assert "hops_not_found" in chains["L3_6hop_1"].flags
    assert all(h.source == "missing" for h in chains["L3_6hop_1"].intermediate)
    assert "missing_final_answer" in chains["L1_2hop_2"].flags  # loaded and flagged, not dropped


def test_release_zh_fixture_keeps_duplicates(release_zh):
    chains = load_chains(release_zh)
    ids = [c.id for c in chains]
    assert ids.count("L1_2hop_1") == 1 and "L1_2hop_1#2" in ids  # nothing is dropped
    dup = next(c for c in chains if c.id == "L1_2hop_1#2")
    assert "duplicate_id" in dup.flags
    c = next(c for c in chains if c.id == "L2_3hop_1")
    assert c.language == "zh" and [h.answer for h in c.intermediate] == ["泽风半导体", "2024年10月18日"]
    five = next(c for c in chains if c.id == "L2_5hop_1")
    assert five.k == 5 and five.level == "L3"  # the level follows the hops; the clash is flagged
    assert "level_mismatch:L2/5hop" in five.flags
    assert five.intermediate[0].answer == "2023年1月" and five.intermediate[0].source == "extracted_uncertain"


@pytest.mark.parametrize(("text", "k", "answers", "sources"), [
    ("Step 1: compare. Answer: Quillon\nStep 2: its date. Answer: 2024-03-15", 2,
     ["Quillon", "2024-03-15"], ["extracted", "extracted"]),
    ("第一步：比较成交量，答案：泽风半导体。\n第二步：发布日，答案为2024年10月18日。\n最终答案：1745.99点", 3,
     ["泽风半导体", "2024年10月18日"], ["extracted", "extracted"]),
    ("1. Compare → Zephyrine\n2. Report date → 2024-10-18\n3. Close → 1,745.99", 3,
     ["Zephyrine", "2024-10-18", "1,745.99"], ["extracted"] * 3),
    ("Hop 1: Zephyrine. Hop 2: 2024-10-18. Hop 3: 1,745.99 points.", 3,
     ["Zephyrine", "2024-10-18", "1,745.99 points"], ["extracted_uncertain"] * 3),
    ('[{"question": "which", "answer": "Quillon"}, {"question": "when", "answer": "2024-03-15"}]', 2,
     ["Quillon", "2024-03-15"], ["extracted", "extracted"]),
    ("步骤1：最高的月份为2024年2月\n步骤2：当月PPI同比为-1.0%", 2, ["2024年2月", "-1.0%"], ["extracted_uncertain"] * 2),
])
def test_extraction(text, k, answers, sources):
    hops, _ = extract_hop_answers(text, k)
    assert [h.answer for h in hops] == answers
    assert [h.source for h in hops] == sources


def test_extraction_never_invents():
    hops, flags = extract_hop_answers("The answer follows from the filings and market data.", 3)
    assert hops == [] and "hops_not_found" in flags
    hops, flags = extract_hop_answers("Step 1: X. Answer: A\nStep 3: skipped numbering. Answer: C", 3)
    assert [h.answer for h in hops] == ["A"]  # step 3 without step 2 is not taken as step 2
    assert "hop_count_mismatch:1/3" in flags


def test_infer_kind():
    answers = ("2024-03-15", "2024年第三季度", "32,232,800 shares", "8.19亿元", "Quillon Microchips", "")
    assert [infer_kind(a) for a in answers] == ["date", "period", "number", "number", "text", "text"]


def _write(path: Path, records) -> Path:
    path.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
    return path


def test_errors_name_file_and_record(tmp_path):
    base = {"prompt_id": "L1_1hop_1", "prompt": "Q?", "reference_response": "", "response_final_reference": "A",
            "label": "L1_1hop"}
    p = _write(tmp_path / "a.json", [base, {**base, "prompt_id": "L1_1hop_2", "prompt": ""}])
    with pytest.raises(DataError, match=r"a.json \(record 2\).*L1_1hop_2.*prompt is empty"):
        load_chains(p)
    p = _write(tmp_path / "b.json", [base, {**base, "prompt_id": "weird", "label": "x"}])
    with pytest.raises(DataError, match=r"b.json \(record 2\).*neither prompt_id nor label"):
        load_chains(p)
    p = _write(tmp_path / "c.json", [base, {**base, "prompt": 5}])
    with pytest.raises(DataError, match=r"c.json \(record 2\)"):
        load_chains(p)
    (tmp_path / "d.json").write_text('[{"prompt_id": "L1_1hop_1",', encoding="utf-8")
    with pytest.raises(DataError, match="d.json:1: invalid JSON"):
        load_chains(tmp_path / "d.json")
    with pytest.raises(DataError, match="cannot read"):
        load_chains(tmp_path / "missing.json")
    chain = {"id": "c1", "question": "q?", "final_answer": "a", "hops": [{"answer": "a"}]}
    p = _write(tmp_path / "e.json", [chain, {**chain, "hops": []}])
    with pytest.raises(DataError, match=r"e.json \(record 2\): id='c1'"):
        load_chains(p)
    p = _write(tmp_path / "f.json", [chain, chain])
    with pytest.raises(DataError, match="duplicate chain id 'c1'"):
        load_chains(p)


def test_checksum_is_verified(release_en):
    with pytest.raises(DataError, match="sha256 mismatch"):
        load_chains(release_en, sha256="0" * 64)


def test_loads_from_a_url(release_zh):
    directory = str(release_zh.parent)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **kw):
            super().__init__(*a, directory=directory, **kw)

        def log_message(self, *a):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/{release_zh.name}"
        assert [c.id for c in load_chains(url)] == [c.id for c in load_chains(release_zh)]
    finally:
        server.shutdown()
        server.server_close()


def test_demo_chains_round_trip_through_the_family_format(demo_chains, tmp_path):
    p = tmp_path / "chains.json"
    p.write_text(json.dumps([c.model_dump(mode="json") for c in demo_chains], ensure_ascii=False), encoding="utf-8")
    assert load_chains(p) == demo_chains
