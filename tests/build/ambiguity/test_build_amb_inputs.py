"""Inputs of the build: candidate passages (JSONL) and the SEC XBRL companyfacts importer."""

from __future__ import annotations

import copy
import json

import pytest

from finprobe.benchmarks.ambiguity.doctor import parse_period, period_end
from finprobe.build.ambiguity.demo import demo_companyfacts_path, demo_passages_path
from finprobe.build.ambiguity.passages import candidates_from_passages, load_passages, tag_categories
from finprobe.build.ambiguity.xbrl import facts_of, format_value, import_company_facts, load_company_facts
from finprobe.core.benchmark import DataError
from finprobe.core.numbers import find_numbers, parse_number, same_figure


@pytest.fixture
def facts() -> dict:
    return load_company_facts(demo_companyfacts_path())


def by_category(passages):
    out: dict[str, list] = {}
    for p in passages:
        out.setdefault(p.categories[0], []).append(p)
    return out


# --------------------------------------------------------------------------- XBRL company facts
def test_importer_pairs_every_scope_kind(facts):
    passages = import_company_facts(facts, ticker="EXI-DEMO")
    cats = by_category(passages)
    assert set(cats) == {"entity_scope", "metric_definition", "temporal_scope", "recognition_policy", "filing_vintage"}
    notes = [p.candidate_values[0].note for p in passages]
    assert any("StatementBusinessSegmentsAxis" in n for n in notes)  # segment vs consolidated
    assert any("TimingOfTransferOfGoodOrServiceAxis" in n for n in notes)  # point in time vs total
    assert any("ProfitLoss vs us-gaap:NetIncomeLoss" in n for n in notes)  # attributable vs incl. NCI
    assert any("AdjustedOperatingIncomeLoss" in n for n in notes)  # GAAP vs non-GAAP (company taxonomy)
    assert any("10-K/A" in p.text for p in cats["filing_vintage"])  # original vs amended filing
    assert any("later filing restated" in p.text for p in cats["filing_vintage"])  # original vs recast comparatives
    assert len(passages) == len({p.passage_id for p in passages}) == 8


def test_each_passage_states_both_values_with_the_filing_cited(facts):
    for p in import_company_facts(facts):
        v = p.candidate_values[0]
        assert v.value and v.other_value and v.value != v.other_value
        for value, span in ((v.value, v.evidence_span), (v.other_value, v.other_evidence_span)):
            assert span and span in p.text
            target = parse_number(value)
            assert any(same_figure(n, target) for n in find_numbers(span)), (value, span)
        assert "accession" in p.text and p.filing_date and p.filing_type
        assert "FICTIONAL" in p.company  # the bundled fixture is visibly fictional


def test_values_are_written_exactly(facts):
    by_note = {p.candidate_values[0].note: p for p in import_company_facts(facts)}
    seg = next(p for n, p in by_note.items() if "Segments" in n).candidate_values[0]
    assert (seg.value, seg.other_value) == ("$2,905.1 million", "$4,812.3 million")
    eps = next(p for n, p in by_note.items() if "EarningsPerShare" in n).candidate_values[0]
    assert (eps.value, eps.other_value) == ("$4.18", "$4.09")
    amended = next(p for p in by_note.values() if "10-K/A" in p.text).candidate_values[0]
    assert (amended.value, amended.other_value) == ("$470 million", "$455.3 million")


def test_period_comes_from_the_dates_not_from_fy(facts):
    # FY2022 revenues reported again in the FY2023 10-K carry fy=2023 in the file; the passage must say 2022
    recast = next(p for p in import_company_facts(facts) if "later filing restated" in p.text)
    assert "December 31, 2022" in recast.text and "2023-12-31" not in (recast.period or "")
    assert recast.period == "fiscal year ended 2022-12-31" and recast.filing_date == "2024-02-20"
    label = parse_period(recast.period)
    end = period_end(label, "en")
    assert end is not None and end[0].isoformat() <= recast.filing_date


def test_quarter_and_year_to_date_from_a_10q(facts):
    temporal = by_category(import_company_facts(facts))["temporal_scope"][0]
    assert "three months ended September 30, 2024" in temporal.text
    assert "nine months ended September 30, 2024" in temporal.text
    assert temporal.candidate_values[0].value == "$3,655.9 million"


def test_same_values_make_no_pair(facts):
    data = copy.deepcopy(facts)
    data["facts"]["us-gaap"]["ProfitLoss"]["units"]["USD"][0]["val"] = 512400000  # = NetIncomeLoss
    notes = [p.candidate_values[0].note for p in import_company_facts(data)]
    assert not any("ProfitLoss" in n for n in notes)


@pytest.mark.parametrize("mutate,where", [
    (lambda d: d["facts"]["us-gaap"]["Revenues"]["units"]["USD"][2].pop("val"), "facts.us-gaap.Revenues.units.USD[2]"),
    (lambda d: d["facts"]["us-gaap"]["Revenues"]["units"]["USD"][0].update(end="2022-13-40"),
     "facts.us-gaap.Revenues.units.USD[0]"),
    (lambda d: d["facts"]["us-gaap"]["Assets"].pop("units"), "facts.us-gaap.Assets"),
    (lambda d: d.pop("facts"), "no 'facts'"),
])
def test_malformed_facts_name_the_file_and_the_fact(tmp_path, facts, mutate, where):
    data = copy.deepcopy(facts)
    mutate(data)
    path = tmp_path / "CIK0009999901.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        import_company_facts(path)
    assert str(path) in str(err.value) and where in str(err.value)


def test_not_json_is_a_data_error(tmp_path):
    path = tmp_path / "facts.json"
    path.write_text("{not json")
    with pytest.raises(DataError, match="facts.json:1"):
        import_company_facts(path)


def test_facts_are_all_read(facts):
    all_facts = facts_of(facts)
    assert len(all_facts) == sum(len(items) for tax in facts["facts"].values() for c in tax.values()
                                 for items in c["units"].values())


def test_format_value():
    from finprobe.build.ambiguity.xbrl import XbrlFact

    base = dict(taxonomy="us-gaap", concept="X", label="X", end="2023-12-31", accn="a", form="10-K", filed="2024-01-01")
    assert format_value(XbrlFact(unit="USD", val=-61200000, **base)) == "-$61.2 million"
    assert format_value(XbrlFact(unit="USD", val=1234567, **base)) == "$1,234,567"
    assert format_value(XbrlFact(unit="USD/shares", val=14.87, **base)) == "$14.87"


# --------------------------------------------------------------------------- passages JSONL
def test_demo_passages_load_and_give_candidates():
    passages = load_passages(demo_passages_path())
    assert {p.language for p in passages} == {"en", "zh"}
    cands = candidates_from_passages(passages)
    assert len(cands) == sum(len(p.candidate_values) for p in passages)
    assert len({c.key for c in cands}) == len(cands)
    assert all(c.category in c.tags for c in cands)


def test_passage_without_values_gives_one_candidate_per_tagged_category(tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps({"passage_id": "a", "text": "Consolidated revenue; diluted EPS; restated 2022.",
                                "language": "en", "company": "X (fictional)"}) + "\n")
    cands = candidates_from_passages(load_passages(path))
    assert [c.category for c in cands] == ["entity_scope", "metric_definition", "filing_vintage"]
    assert all(c.value is None for c in cands)


@pytest.mark.parametrize("text,expected", [
    ("The Industrial segment reported operating income of $5 million; consolidated income was $3 million.",
     ["entity_scope"]),
    ("Revenue recognized at a point in time was $2 million.", ["recognition_policy"]),
    ("Revenue for the nine months ended September 30 was $9 million.", ["temporal_scope"]),
    ("归属于上市公司股东的扣除非经常性损益的净利润为2.58亿元", ["entity_scope", "metric_definition"]),
    ("公司对上年数据进行了追溯调整，第四季度营业收入为1亿元", ["temporal_scope", "filing_vintage"]),
    ("Revenue was $10 million.", []),
])
def test_tag_categories_en_zh(text, expected):
    assert tag_categories(text) == expected


@pytest.mark.parametrize("line,message", [
    ('{"passage_id": "a", "text": "t", "language": "fr", "company": "X"}', "language"),
    ('{"passage_id": "a", "text": "", "language": "en", "company": "X"}', "text"),
    ('{"passage_id": "a", "text": "t", "language": "en", "company": "X", "categories": ["liquidity"]}', "liquidity"),
    ('{"passage_id": "a", "text": "t", "language": "en", "company": "X", "candidate_values": [{"value": " "}]}',
     "candidate_values"),
    ("[1]", "expected a JSON object"),
    ("{not json", "invalid JSON"),
])
def test_malformed_passages_name_the_file_and_record(tmp_path, line, message):
    path = tmp_path / "passages.jsonl"
    path.write_text('{"passage_id": "ok", "text": "t", "language": "en", "company": "X"}\n' + line + "\n")
    with pytest.raises(DataError) as err:
        load_passages(path)
    assert f"{path}:2" in str(err.value) and message in str(err.value)


def test_duplicate_passage_ids(tmp_path):
    path = tmp_path / "passages.jsonl"
    rec = json.dumps({"passage_id": "a", "text": "t", "language": "en", "company": "X"})
    path.write_text(rec + "\n" + rec + "\n")
    with pytest.raises(DataError, match="duplicate passage_id 'a'"):
        load_passages(path)
