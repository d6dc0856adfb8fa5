"""Converters to CIGs: every drop recorded with its reason, outputs written, real shared files converted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from finprobe.benchmarks.ambiguity.instances import demo_instances_path
from finprobe.benchmarks.regret import doctor, load_cigs
from finprobe.build.regret import CONVERTER_KINDS, convert
from finprobe.build.regret.ambignq import specifiers
from finprobe.build.regret.attributes import build_variables, features
from finprobe.build.regret.llm import LLMSplitError, Reading, llm_split
from finprobe.core.benchmark import DataError

REPO = Path(__file__).resolve().parents[3]
SOURCES = REPO / "bench" / "data" / "regret" / "sources"
SHARED = REPO.parent / "shared" / "data"


def _ambignq_fixture(tmp_path: Path) -> Path:
    recs = [
        {"id": "a1", "question": "Who played gaston in the movie beauty and the beast?", "annotations": [
            {"type": "multipleQAs", "qaPairs": [
                {"question": "Who played Gaston in the 2017 movie Beauty and the Beast?", "answer": ["Luke Evans"]},
                {"question": "Who played Gaston in the 1991 movie Beauty and the Beast?",
                 "answer": ["Richard White"]}]}]},
        {"id": "a2", "question": "When did the frozen ride open at epcot?",
         "annotations": [{"type": "singleAnswer", "answer": ["June 21, 2016"]}]},
        {"id": "a3", "question": "Who has the most shutouts in nhl history?", "annotations": [
            {"type": "multipleQAs", "qaPairs": [
                {"question": "Who has the most regular season shutouts in nhl history?", "answer": ["Martin Brodeur"]},
                {"question": "Who has the most playoff shutouts in nhl history?", "answer": ["Martin Brodeur"]}]}]},
        {"id": "a4", "question": "Where does the song anything you can do come from?", "annotations": [
            {"type": "multipleQAs", "qaPairs": [
                {"question": "Who wrote the song anything you can do?", "answer": ["Irving Berlin"]},
                {"question": "What musical was the song anything you can do written for?",
                 "answer": ["Annie Get Your Gun"]}]}]},
        {"id": "a5", "question": "Who won?", "annotations": [
            {"type": "singleAnswer", "answer": ["x"]},
            {"type": "multipleQAs", "qaPairs": [{"question": "Who won in 2001?", "answer": ["a"]},
                                                {"question": "Who won in 2002?", "answer": ["b"]}]}]},
    ]
    p = tmp_path / "train_light.json"
    p.write_text(json.dumps(recs), encoding="utf-8")
    return p


def test_ambignq_conversion_keeps_drops_and_controls(tmp_path):
    out = tmp_path / "out"
    res = convert("ambignq", _ambignq_fixture(tmp_path), out)
    assert res.counts["records"] == 5 and [c.cig_id for c in res.cigs] == ["ambignq-a1"]
    cig = res.cigs[0]
    assert [(v.name, v.values) for v in cig.variables] == [("year", ["2017", "1991"])]
    assert cig.intents[0].answer_aliases == ["Luke Evans"] and cig.intents[0].slots == {"year": "2017"}
    assert [c.cig_id for c in res.controls] == ["ambignq-a2"] and res.controls[0].is_control
    reasons = {d.record_id: d.reason for d in res.dropped}
    assert "does not change the answer" in reasons["a3"]
    assert "different questions" in reasons["a4"]
    assert "annotators disagree" in reasons["a5"]
    # every source record is a CIG, a control or a drop
    assert len(res.cigs) + len(res.controls) + len(res.dropped) == res.n_records
    assert load_cigs(out / "cigs.jsonl") == res.cigs
    dropped = [json.loads(line) for line in (out / "dropped.jsonl").read_text().splitlines()]
    assert {d["record_id"] for d in dropped} == {"a3", "a4", "a5"} and all(d["reason"] for d in dropped)
    assert json.loads((out / "counts.json").read_text())["cigs"] == 1


def test_specifiers_and_attributes():
    spec, qchange = specifiers("Who played rizzo in grease?", "Who played Rizzo in the 1978 film Grease?")
    assert spec == "the 1978 film" and qchange == []
    assert features("the 1978 film") == {"year": "1978", "medium": "film"}
    assert features("as Corie Bratter")["role"] == "Corie Bratter"
    assert features("in Nebraska")["place"] == "Nebraska"
    plan = build_variables([features("the 1978 film"), features("the 1971 musical")])
    assert not isinstance(plan, str)
    assert [(v.name, v.values) for v in plan.variables] == [("version", ["1978 film", "1971 musical"])]


def test_condambigqa_and_ambigdocs_samples(tmp_path):
    res = convert("condambigqa", SOURCES / "condambigqa_sample.json", tmp_path / "c")
    by = {c.cig_id: c for c in res.cigs}
    assert [i.answer_aliases for i in by["condambigqa-cq-joker"].intents] == [
        ["Jack Nicholson"], ["Heath Ledger"], ["Jared Leto"]]
    assert by["condambigqa-cq-treaty-paris"].variables[0].name == "condition"
    assert {d.record_id for d in res.dropped} == {"cq-mercury", "cq-same", "cq-tour"}
    assert [i.answer_aliases for i in by["condambigqa-cq-bolivia"].intents] == [["Sucre"], ["La Paz"]]
    res = convert("ambigdocs", SOURCES / "ambigdocs_sample.json", tmp_path / "d")
    by = {c.cig_id: c for c in res.cigs}
    assert by["ambigdocs-ad-red-dust"].variables[0].values == ["1932", "2004"]
    reasons = {d.record_id: d for d in res.dropped}
    assert reasons["ad-resolved"].reason.startswith("the question already names")
    # "Where is Fort Amsterdam?" labelled by Curaçao / Manhattan / Ghana: the label is the answer's own place
    # ("southern tip of Manhattan"), so asking gives the answer away (issue 26; the paper keeps this one)
    assert reasons["ad-fort-amsterdam"].reason.startswith("self-revealing slot")
    assert "Manhattan" in str(reasons["ad-fort-amsterdam"].detail)
    assert doctor(res.cigs) == []


def test_fininteract_demo_becomes_financial_cigs(tmp_path):
    res = convert("fininteract", demo_instances_path(), tmp_path / "f")
    assert res.counts["cigs"] + res.counts["dropped"] == res.n_records == 25
    c = res.cigs[0]
    assert [i.intent_id for i in c.intents] == ["intended", "default"]
    assert c.intents[0].answer_aliases == ["$538.9 million"] and c.variables[0].name == "entity"


def test_malformed_source_and_unknown_kind(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('[{"qid": "x", "question": "q?"}]', encoding="utf-8")
    res = convert("ambigdocs", bad)
    assert res.dropped[0].reason == "malformed record" and "bad.json (record 1)" in str(res.dropped[0].where)
    with pytest.raises(DataError):
        convert("ambignq", bad)
    with pytest.raises(ValueError, match="known: " + ", ".join(CONVERTER_KINDS)):
        convert("squad", bad)


async def test_llm_split_validates_like_any_cig():
    readings = [Reading(description="the 2017 film", answers=["Luke Evans"]),
                Reading(description="the 1991 film", answers=["Richard White"])]

    async def good(messages):
        return '```json\n{"variables": [{"name": "year", "values": ["2017", "1991"]}], ' \
               '"slots": [{"year": "2017"}, {"year": "1991"}], "questions": {"year": "Which year?"}}\n```'

    cig = await llm_split("x", "Who played Gaston?", readings, good)
    assert cig.intents[1].slots == {"year": "1991"} and cig.metadata["variables_by"] == "llm"
    for reply, why in [
        ('{"variables": [{"name": "year", "values": ["2017"]}], "slots": [{"year": "2017"}, {"year": "2017"}]}',
         "fewer than two values"),
        ('{"variables": [{"name": "year", "values": ["2017", "1991"]}], "slots": [{"year": "2017"}, {"year": "1990"}]}',
         "not one of the variable's values"),
        ('{"variables": [{"name": "Year!", "values": ["a", "b"]}], "slots": [{}, {}]}', "variables"),
        ("I think the variable is the year.", "no JSON"),
    ]:
        async def bad(messages, reply=reply):
            return reply

        with pytest.raises(LLMSplitError, match=why):
            await llm_split("x", "q?", readings, bad)


@pytest.mark.shared_data
def test_real_ambignq_and_pscon_files(tmp_path):
    ambignq, pscon = SHARED / "ambigqa" / "train_light.json", SHARED / "pscon" / "conversation_en.json"
    if not ambignq.exists() or not pscon.exists():
        pytest.skip("shared data not present")
    res = convert("ambignq", ambignq, tmp_path / "a")
    singles = [c for c in res.controls if not c.metadata.get("list_question")]
    lists = [c for c in res.controls if c.metadata.get("list_question")]
    assert res.n_records == 10036 and len(singles) == 5287 and lists
    assert len(res.cigs) + len(res.controls) + len(res.dropped) == res.n_records
    assert len(res.cigs) > 500 and all(2 <= len(c.intents) <= 12 for c in res.cigs)
    assert doctor(res.cigs) == []
    starred = next(c for c in lists if c.prompt.lower().startswith("who starred in"))
    assert len(starred.intents) == 1 and "," in starred.intents[0].answer_aliases[0]
    res = convert("pscon", pscon, tmp_path / "p")
    assert res.n_records == 242 and len(res.cigs) + len(res.dropped) == 242 and len(res.cigs) > 30
    assert all(c.metadata["liked_intents"] for c in res.cigs)
    assert doctor(res.cigs) == []
    # attribute ratings ("Brand: HP(liked)") are no products, and a size variable measures one thing
    assert not any(i.description.split(":")[0] in ("Brand", "Price", "Departments") for c in res.cigs
                   for i in c.intents)
    assert "size" not in {v.name for c in res.cigs for v in c.variables}


@pytest.mark.shared_data
def test_real_files_give_cigs_a_careful_reader_accepts(tmp_path):
    """Issue 26's measures on the real files: junk first aliases <= 2% of intents (here: none), no concatenated
    value, no swapped or misaligned slot, no mistyped variable, no self-revealing slot, on all three sources."""
    from finprobe.benchmarks.regret.quality import quality_findings

    files = {"ambignq": SHARED / "ambigqa" / "train_light.json", "pscon": SHARED / "pscon" / "conversation_en.json",
             "condambigqa": SHARED / "condambigqa" / "mcaqa.dev.json"}
    if not all(p.exists() for p in files.values()):
        pytest.skip("shared data not present")
    for kind, path in files.items():
        res = convert(kind, path)
        assert res.cigs, kind
        findings = [f for c in res.cigs for f in quality_findings(c)]
        assert findings == [], (kind, findings[:3])
    cond = convert("condambigqa", files["condambigqa"])
    for c in cond.cigs:  # an alias is a name, date or number from the ground truth, never a connective
        for i in c.intents:
            assert i.answer_aliases[0] in (i.context or "")


async def test_llm_refinement_replaces_rule_drops_only_with_valid_cigs(tmp_path):
    import json as _json

    from finprobe.build.regret.ambignq import convert_ambignq_records
    from finprobe.build.regret.common import ConversionResult
    from finprobe.build.regret.llm import refine_ambignq_with_llm
    from finprobe.core.formats import load_ambignq

    recs = [{"id": "m1", "question": "Where do they go in fault in our stars?", "annotations": [
        {"type": "multipleQAs", "qaPairs": [
            {"question": "Where do Hazel and Augustus go on their first meeting?", "answer": ["support group"]},
            {"question": "Where do Hazel and Augustus go with tickets from Make-A-Wish?", "answer": ["Amsterdam"]}]}]},
        {"id": "m2", "question": "Who won the cup?", "annotations": [
            {"type": "multipleQAs", "qaPairs": [
                {"question": "Who won the cup according to the first count of the votes?", "answer": ["A"]},
                {"question": "Who won the cup after the recount demanded by the league?", "answer": ["B"]}]}]}]
    path = tmp_path / "t.json"
    path.write_text(_json.dumps(recs), encoding="utf-8")
    records = load_ambignq(path)
    result = ConversionResult(kind="ambignq", input=str(path))
    convert_ambignq_records(records, result)
    assert {d.record_id for d in result.dropped} == {"m1", "m2"} and not result.cigs

    async def generate(messages):
        if "fault in our stars" in messages[-1].content:
            return _json.dumps({"variables": [{"name": "occasion", "values": ["first meeting", "Make-A-Wish trip"]}],
                                "slots": [{"occasion": "first meeting"}, {"occasion": "Make-A-Wish trip"}],
                                "questions": {"occasion": "Which occasion do you mean: the first meeting or "
                                                          "the Make-A-Wish trip?"}})
        return "Sorry, I cannot help."

    added = await refine_ambignq_with_llm(result, records, generate)
    assert added == 1 and [c.cig_id for c in result.cigs] == ["ambignq-m1"]
    assert result.cigs[0].metadata["variables_by"] == "llm"
    (drop,) = result.dropped
    assert drop.record_id == "m2" and "llm split failed: the reply holds no JSON object" in drop.reason


def _gz(src: Path, dst: Path) -> Path:
    import gzip

    dst.write_bytes(gzip.compress(src.read_bytes()))
    return dst


def test_gzip_inputs_convert_like_the_plain_files(tmp_path):
    """Issue 26: a `.json.gz` input failed with "not UTF-8 text (byte 1)"; every converter reads gzip now."""
    plain = {"ambignq": _ambignq_fixture(tmp_path), "condambigqa": SOURCES / "condambigqa_sample.json",
             "ambigdocs": SOURCES / "ambigdocs_sample.json", "fininteract": demo_instances_path()}
    pscon = SHARED / "pscon" / "conversation_en.json"
    if pscon.exists():
        plain["pscon"] = pscon
    for kind, src in plain.items():
        gz = _gz(Path(src), tmp_path / f"{kind}{''.join(Path(src).suffixes)}.gz")
        a, b = convert(kind, src), convert(kind, gz)
        assert a.counts == b.counts and a.cigs == b.cigs and a.n_records > 0, kind
    broken = tmp_path / "broken.json.gz"
    broken.write_bytes(_gz(SOURCES / "ambigdocs_sample.json", tmp_path / "x.gz").read_bytes()[:40])
    with pytest.raises(DataError, match="broken.json.gz: not a valid gzip file"):
        convert("ambigdocs", broken)


# --------------------------------------------------------------------------- the generator role (issue 26)
#: a CondAmbigQA record in the release's format, written for this test (fictional), that the rules cannot
#: structure: long conditions, and no short attribute only one condition names
_FICTIONAL = [{"id": "fx-1", "question": "Who designed the harbour bridge of Velmora?", "properties": [
    {"condition": "The question may be about the original wooden bridge that crossed the harbour before the great "
                  "flood of the old town, which the chroniclers describe at length.  ",
     "groundtruth": "The original wooden bridge was designed by Anselm Trevik, a carpenter from the northern quarter. "
                    "Although many helped, Trevik drew the plans.  ", "citations": []},
    {"condition": "The question may be about the steel bridge that replaced it after the flood, which carries the "
                  "railway and the road side by side today.  ",
     "groundtruth": "The steel bridge was designed by Mirela Osk, an engineer trained abroad. These plans were "
                    "approved by the council.  ", "citations": []}]},
    {"id": "fx-2", "question": "Who won?", "properties": [{"condition": "One reading", "groundtruth": "Nobody.",
                                                          "citations": []}]}]


def _fictional(tmp_path: Path) -> Path:
    p = tmp_path / "cond.json"
    p.write_text(json.dumps(_FICTIONAL), encoding="utf-8")
    return p


def _generator_reply(aliases: list[list[str]]) -> str:
    return json.dumps({"variables": [{"name": "bridge", "values": ["the wooden bridge", "the steel bridge"]}],
                       "slots": [{"bridge": "the wooden bridge"}, {"bridge": "the steel bridge"}],
                       "questions": {"bridge": "Do you mean the wooden bridge or the steel bridge?"},
                       "aliases": aliases})


async def test_generator_structures_what_the_rules_drop_under_the_same_checks(tmp_path):
    from finprobe.build.regret import convert_with_generator

    src = _fictional(tmp_path)
    rules = convert("condambigqa", src)
    assert not rules.cigs and {d.record_id for d in rules.dropped} == {"fx-1", "fx-2"}
    seen: list[str] = []

    async def good(messages):
        seen.append(messages[-1].content)
        return _generator_reply([["Anselm Trevik"], ["Mirela Osk"]])

    res = await convert_with_generator("condambigqa", str(src), good, out_dir=str(tmp_path / "out"))
    (cig,) = res.cigs
    assert [i.answer_aliases for i in cig.intents] == [["Anselm Trevik"], ["Mirela Osk"]]
    assert cig.metadata["variables_by"] == "llm" and "context:" in seen[0]
    assert len(seen) == 1  # fx-2 has one interpretation: a source-level filter no generator undoes
    assert res.counts["generator"] == {"tried": 1, "added": 1, "failed": 0}
    assert json.loads((tmp_path / "out" / "counts.json").read_text())["generator"]["added"] == 1
    assert doctor(res.cigs) == []
    # the same checks as the rules': a fragment alias ("Although", "These") is refused ...
    async def fragments(messages):
        return _generator_reply([["Although"], ["These"]])

    res = await convert_with_generator("condambigqa", str(src), fragments)
    assert not res.cigs and "no answer alias of an intent is an answer" in res.dropped[0].reason
    # ... and an answer that is not in the reading's text is refused as invented
    async def invented(messages):
        return _generator_reply([["Gustave Eiffel"], ["Mirela Osk"]])

    res = await convert_with_generator("condambigqa", str(src), invented)
    assert "invented answers are refused" in next(d.reason for d in res.dropped if d.record_id == "fx-1")


def test_cli_generator_role_over_the_mock_server(tmp_path, monkeypatch):
    """`build regret --generator openai:MODEL` through the real HTTP client against the local mock server."""
    from typer.testing import CliRunner

    from finprobe.cli import app
    from finprobe.testing.mock_server import MockServerThread

    key = "sk-finprobe-regret-gen-test-77aa"
    monkeypatch.setenv("FINPROBE_GEN_KEY", key)

    def reply(body: dict) -> str:
        assert "context:" in body["messages"][-1]["content"]
        return "```json\n" + _generator_reply([["Anselm Trevik"], ["Mirela Osk"]]) + "\n```"

    out = tmp_path / "out"
    with MockServerThread(reply, expected_api_key=key) as server:
        r = CliRunner().invoke(app, ["build", "regret", str(_fictional(tmp_path)), "--from", "condambigqa", "--out",
                                     str(out), "--generator", "openai:gen-model", "--base-url", server.base_url,
                                     "--api-key-env", "FINPROBE_GEN_KEY", "--format", "json"])
        log = server.server.log
    assert r.exit_code == 0, r.output
    counts = json.loads(r.output)
    assert counts["cigs"] == 1 and counts["generator"]["spec"] == "openai:gen-model"
    assert counts["generator"]["calls"] == 1 and counts["generator"]["added"] == 1
    assert log and all(entry.auth_ok for entry in log)
    assert load_cigs(out / "cigs.jsonl")[0].intents[1].answer_aliases == ["Mirela Osk"]
    for path in out.rglob("*"):
        assert key.encode() not in path.read_bytes()
