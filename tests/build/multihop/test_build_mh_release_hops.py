"""The FinHopper hop-gold builder (issue 24): the rules on small records, the review file, the sidecar it writes,
and — on the real release — that the shipped sidecar is what the builder writes today."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from finprobe.build.multihop import release_hops
from finprobe.build.multihop.release_hops import build_sidecar, prompt_digest, read_review, render
from finprobe.build.multihop.release_rules import (
    en_short_forms,
    en_spellings,
    extract_answers,
    split_subquestions,
)

EN_PROMPT = ("Between Alpha Tech and Beta Motors, which company had the higher closing price on 2024-03-05? "
             "On which date was that company listed?")
EN_RESPONSE = ("On 2024-03-05, Alpha Tech closed at 12.3 yuan and Beta Motors at 8.1 yuan. Therefore Alpha Tech had "
               "the higher closing price. Alpha Tech was listed on 2010-06-18.")
ZH_PROMPT = "阿尔法科技和贝塔汽车两家公司，在2024-03-05，哪家公司的收盘价更高？那家公司是哪天上市的？"
ZH_RESPONSE = "2024-03-05，阿尔法科技收盘价12.3元，贝塔汽车收盘价8.1元，因此阿尔法科技收盘价更高。阿尔法科技于2010年6月18日上市。"


def record(pid: str, prompt: str, response: str, final: str) -> dict:
    return {"prompt_id": pid, "prompt": prompt, "reference_response": response, "response_final_reference": final,
            "label": pid.rsplit("_", 1)[0], "judge_prompt_template": "{prompt}\n{response_reference}\n{response}",
            "final_judge_system_prompt": "final", "process_judge_system_prompt": "process"}


def release(tmp_path: Path, en: list[dict], zh: list[dict]) -> Path:
    for lang, recs in (("en", en), ("zh", zh)):
        (tmp_path / f"benchmark_{lang}.json").write_text(json.dumps(recs, ensure_ascii=False), encoding="utf-8")
    return tmp_path


def test_sub_questions_and_the_rules_read_a_choice_from_both_languages():
    qs = split_subquestions(EN_PROMPT, "en", 2)
    assert qs == ["Between Alpha Tech and Beta Motors, which company had the higher closing price on 2024-03-05?",
                  "On which date was that company listed?"]
    en = extract_answers(qs, EN_RESPONSE, "en")
    zh = extract_answers(split_subquestions(ZH_PROMPT, "zh", 2), ZH_RESPONSE, "zh")
    assert en[0].candidates == ["Alpha Tech", "Beta Motors"] and en[0].parts == ["Alpha Tech"]
    assert zh[0].parts == ["阿尔法科技"] and en[0].indices == zh[0].indices == [0]
    assert en[0].rule == zh[0].rule == "conclusion_entity"


def test_other_spellings_never_join_two_names_or_carry_a_figure():
    text = ("China Merchants and Wells Pension Target Date 2040 Fund A rose 7.1%; ChinaAMC Yongfu Hybrid A (10.8%) "
            "and Morgan Dividend Index A and Fullgoal Internet ETF C fell.")
    name = "China Merchants Hehui Pension Target Date 2040 Fund A"
    assert en_spellings(name, text, [name, "Morgan Dividend Index A"]) == [
        "China Merchants and Wells Pension Target Date 2040 Fund A"]  # one fund's translated name
    # "… Index A and Fullgoal" ends one name and starts the next: no spelling of either
    assert all(" and Fullgoal" not in s for s in en_spellings("Morgan Dividend Index A", text,
                                                              ["Morgan Dividend Index A", "Fullgoal Internet ETF C"]))


def test_a_company_short_form_but_none_for_a_fund():
    assert en_short_forms("Tongling Nonferrous Metals", "So Tongling Nonferrous had the highest cash flow.", []) == [
        "Tongling Nonferrous"]
    assert en_short_forms("Shanghai Construction Group", "Shanghai Construction Group rose.", []) == []  # not used
    # a feeder fund's name without its class is another fund (the ETF itself)
    assert en_short_forms("Harvest CSI 500 ETF Link A", "Harvest CSI 500 ETF rose 2%.", []) == []
    # a short form another candidate also starts is nobody's
    assert en_short_forms("Tongling Nonferrous Metals", "Tongling Nonferrous rose.",
                          ["Tongling Nonferrous Mining"]) == []


def test_the_builder_settles_by_rule_by_review_and_by_the_release_final(tmp_path):
    other_en = record("L1_2hop_2", "Which of Gamma Bank and Delta Bank was larger? When was it founded?",
                      "Both are large. Gamma Bank was founded in 1990.", "1990")
    other_zh = record("L1_2hop_2", "伽马银行和德尔塔银行哪家更大？它是哪年成立的？", "两家都很大。伽马银行成立于1990年。", "1990")
    folder = release(tmp_path, [record("L1_2hop_1", EN_PROMPT, EN_RESPONSE, "2010-06-18"), other_en],
                     [record("L1_2hop_1", ZH_PROMPT, ZH_RESPONSE, "2010-06-18"), other_zh])
    sidecar, report = build_sidecar(folder, review={})
    first = sidecar["chains"]["L1_2hop_1"]
    assert [h["how"] for h in first["hops"]] == ["rule:conclusion_entity", "release_final"]
    assert first["hops"][0]["en"]["answer"] == "Alpha Tech" and first["hops"][0]["zh"]["answer"] == "阿尔法科技"
    assert first["hops"][0]["en"]["distractors"] == [["Beta Motors"]]
    assert first["prompt_sha256"] == {"en": prompt_digest(EN_PROMPT), "zh": prompt_digest(ZH_PROMPT)}
    # nothing concludes hop 1 of the other chain: unsettled, reported — never guessed
    assert sidecar["chains"]["L1_2hop_2"]["unsettled"] == [1] and report["unsettled"] == {"L1_2hop_2": [1]}
    assert sidecar["chains"]["L1_2hop_2"]["hops"][0]["en"]["answer"] == ""
    review = {"L1_2hop_2": {"hops": {1: {"en": "Gamma Bank", "zh": "伽马银行", "kind": "entity",
                                         "note": "the response names only Gamma Bank's founding"}}}}
    sidecar, report = build_sidecar(folder, review=review)
    hop = sidecar["chains"]["L1_2hop_2"]["hops"][0]
    assert hop["how"] == "reviewed" and hop["en"]["answer"] == "Gamma Bank" and hop["note"].startswith("the response")
    assert report["unsettled"] == {}
    assert json.loads(render(sidecar)) == sidecar  # the one-line-per-hop rendering is plain JSON


def test_the_review_file_refuses_an_entry_given_twice(tmp_path):
    p = tmp_path / "review.yaml"
    p.write_text("chains:\n  L1_1hop_1:\n    hops:\n      1: {en: A, zh: A}\n  L1_1hop_1:\n    hops: {}\n",
                 encoding="utf-8")
    with pytest.raises(ValueError, match="given twice"):
        read_review(p)


@pytest.mark.shared_data
def test_the_shipped_sidecar_is_what_the_builder_writes(shared_data, capsys):
    folder = shared_data / "finhopper"
    if not (folder / "benchmark_en.json").is_file():
        pytest.skip("the FinHopper release is not in ../shared/data/finhopper")
    assert release_hops.main([str(folder), "--check"]) == 0  # exit 1 when the shipped file is not current
    report = json.loads(capsys.readouterr().out)
    assert report["chains"] == 200 and report["hops"] == 571 and report["unsettled"] == {}
    assert report["problems"] == {} and report["review_entries_without_chain"] == []
