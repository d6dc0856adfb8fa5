"""CIG doctor findings and prompt methods."""

from __future__ import annotations

import json

import pytest
from regret_fixtures import rookie, simpsons

from finprobe.benchmarks.regret import CIG, PROMPT_METHODS, doctor, system_prompt


def test_clean_cigs_have_no_findings():
    assert doctor([simpsons(), rookie()]) == []


def test_each_defect_kind_is_found():
    d = json.loads(rookie().model_dump_json())
    d["intents"][0]["answer_aliases"] = []
    d["intents"][1]["slots"] = dict(d["intents"][0]["slots"])  # r2 now equals r1 on every variable
    d["intents"][2]["answer_aliases"] = ["Cody Bellinger"]  # the alias of r1 ... now r3's too
    d["intents"][0]["answer_aliases"] = []
    d["variables"].append({"name": "sport", "values": ["baseball"]})
    for i in d["intents"]:
        i["slots"]["sport"] = "baseball"
    d["actions"].append({"action": "ask:sport", "reference_questions": ["Which league do you mean?"]})
    findings = doctor([CIG.model_validate(d)])
    kinds = {f.kind for f in findings}
    assert {"no_alias", "inseparable", "single_value", "reference_maps_elsewhere"} <= kinds
    assert all(f.id == "t-rookie" and f.detail for f in findings)


@pytest.mark.parametrize("method", PROMPT_METHODS)
def test_prompt_methods_share_the_protocol(method):
    text = system_prompt(method, horizon=4)
    assert '"type": "ASK"' in text and "at most 4 questions" in text
    if method == "one-shot":
        assert "City-County Building" in text and "Salt Lake City" in text
    if method == "explanation":
        assert "When to ask" in text and "Which person do you mean?" in text
    with pytest.raises(ValueError):
        system_prompt("chain-of-thought")


# --------------------------------------------------------------------------- issue 26: planted defects
def _planted(cig_id: str, prompt: str, variable: str, rows: list[tuple[str, str, str, str]],
             questions: list[str] | None = None) -> CIG:
    """rows: (intent id, description/context, slot value, first alias)."""
    values = list(dict.fromkeys(r[2] for r in rows))
    return CIG.model_validate({
        "cig_id": cig_id, "prompt": prompt,
        "intents": [{"intent_id": i, "description": d, "context": d, "slots": {variable: v}, "answer_aliases": [a]}
                    for i, d, v, a in rows],
        "variables": [{"name": variable, "values": values}],
        "actions": [{"action": f"ask:{variable}", "reference_questions": questions or [
            "Do you mean " + " or ".join(values) + "?"]}]})


PLANTED = {
    "fragment_alias": _planted("p-fragment", "Who landed the first quad jump in figure skating?", "year", [
        ("c1", "In competition in 1988 Kurt Browning landed it.", "1988", "Kurt Browning"),
        ("c2", "Although Alexandre Fadeev tried one in 1984.", "1984", "Although")]),
    "concatenated_value": _planted("p-concat", "When did the first cellular phone come out?", "year", [
        ("c1", "Prototypes of 1973, 1973, 1947, 1973", "1973, 1973, 1947, 1973", "April 3, 1973"),
        ("c2", "Commercial networks 1979 to 1981", "1979 to 1981", "1983")]),
    "swapped_slots": _planted("p-swap", "When did the show last man standing start?", "network", [
        ("c1", "It premiered on ABC on October 11, 2011.", "Fox", "October 11, 2011"),
        ("c2", "On Fox it started again on September 28, 2018.", "ABC", "September 28, 2018")]),
    "mistyped_variable": _planted("p-type", "Who plays the villain?", "place", [
        ("r1", "Who plays the villain Hannibal Lecter?", "Hannibal Lecter", "Anthony Hopkins"),
        ("r2", "Who plays the villain Hans Gruber?", "Hans Gruber", "Alan Rickman")]),
    "self_revealing_slot": _planted("p-reveal", "When did the album come out?", "year", [
        ("r1", "When did the album come out in 2017?", "2017", "23 April 2017"),
        ("r2", "When did the album come out in 2019?", "2019", "11 August 2019")]),
}


@pytest.mark.parametrize("kind", list(PLANTED))
def test_doctor_finds_each_planted_defect_with_the_cig_id_and_a_reason(kind):
    findings = [f for f in doctor([PLANTED[kind], simpsons(), rookie()]) if f.kind in PLANTED or f.kind ==
                "misaligned_slot"]
    assert {f.kind for f in findings if f.id == PLANTED[kind].cig_id} >= {kind}
    assert all(f.id == PLANTED[kind].cig_id for f in findings)  # the clean fixtures have none
    planted = next(f for f in findings if f.kind == kind)
    assert planted.detail and len(planted.detail) > 20


def test_doctor_over_cli_reports_planted_defects(tmp_path):
    from typer.testing import CliRunner

    from finprobe.benchmarks.regret import dump_cigs
    from finprobe.cli import app

    path = tmp_path / "planted.jsonl"
    dump_cigs(list(PLANTED.values()), path)
    r = CliRunner().invoke(app, ["doctor", "regret", "--data", str(path), "--format", "json", "-O",
                                 "mapper=lexical"])
    assert r.exit_code == 0, r.output
    found = {(f["id"], f["kind"]) for f in json.loads(r.output)["findings"]}
    assert {(c.cig_id, k) for k, c in PLANTED.items()} <= found


def test_fragment_rules_spare_titles_and_names():
    from finprobe.benchmarks.regret.quality import concatenation_reason, fragment_reason

    for ok in ("This Is Us", "When Harry Met Sally", "Stand By Me", "St. Louis", "U.S. Supreme Court", "Linear A",
               "C.J. Graham", "The Hollywood Historic Trust", "support group"):
        assert fragment_reason(ok) is None, ok
    for bad in ("Although", "These", "While", "Thus", "Although Alexandre Fadeev", "Mia.   Ethan Winters",
                "Clea. The", "Inner Circle. This", "Europe.   They"):
        assert fragment_reason(bad), bad
    for ok in ("1979 to 1981", "1990s", "third quarter (three months ended September 30, 2024)", "Ireland and the UK"):
        assert concatenation_reason(ok) is None, ok
    for bad in ("1973, 1973, 1947, 1973", "Parvati Parvati", "1934, 2010, 1950 first"):
        assert concatenation_reason(bad), bad
