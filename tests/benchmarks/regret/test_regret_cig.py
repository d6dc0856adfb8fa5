"""CIG records: checks on load with errors naming the file, the record and the field; loaders; round trip."""

from __future__ import annotations

import json

import pytest
from regret_fixtures import rookie, simpsons

from finprobe.benchmarks.regret import CIG, dump_cigs, load_cigs, parse_cigs
from finprobe.core.benchmark import DataError


def _raw() -> dict:
    return json.loads(simpsons().model_dump_json())


@pytest.mark.parametrize("mutate, needle", [
    (lambda d: d["intents"][0]["slots"].update(format="feature film"), "intents.0.slots.format"),
    (lambda d: d["intents"][1]["slots"].pop("format"), "intents.1.slots: no value for format"),
    (lambda d: d["intents"][0]["slots"].update(year="1987"), "intents.0.slots.year: unknown variable"),
    (lambda d: d["actions"].clear(), "no ask action for variable(s) format"),
    (lambda d: d["actions"][0].update(action="ask:colour"), "names no variable"),
    (lambda d: d["intents"][1].update(intent_id="short"), "duplicate intent_id 'short'"),
    (lambda d: d["variables"][0].update(values=["a", "a"]), "variables.0.values"),
    (lambda d: d.update(prompt=""), "prompt"),
    (lambda d: d.update(colour="red"), "colour"),
])
def test_invalid_cigs_name_file_record_and_field(mutate, needle):
    d = _raw()
    mutate(d)
    text = json.dumps(_raw()) + "\n" + json.dumps(d) + "\n"
    with pytest.raises(DataError) as exc:
        parse_cigs(text, source="cigs.jsonl")
    assert "cigs.jsonl:2" in str(exc.value) and "cig_id='t-simpsons'" in str(exc.value)
    assert needle in str(exc.value)


def test_round_trip_and_directory_loader(tmp_path):
    cigs = [simpsons(), rookie()]
    dump_cigs(cigs, tmp_path / "cigs.jsonl")
    assert load_cigs(tmp_path / "cigs.jsonl") == cigs
    d = tmp_path / "dir"
    d.mkdir()
    (d / "b.json").write_text(rookie().model_dump_json(), encoding="utf-8")
    (d / "a.json").write_text(json.dumps([json.loads(simpsons().model_dump_json())]), encoding="utf-8")
    assert [c.cig_id for c in load_cigs(d)] == ["t-simpsons", "t-rookie"]  # sorted by file name
    (d / "c.json").write_text(simpsons().model_dump_json(), encoding="utf-8")
    with pytest.raises(DataError, match="duplicate cig_id 't-simpsons'"):
        load_cigs(d)
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataError, match="no \\*.json"):
        load_cigs(tmp_path / "empty")


def test_control_cig_has_one_intent_and_no_variables():
    c = CIG.model_validate({"cig_id": "c", "prompt": "Who played George Washington in the John Adams series?",
                            "intents": [{"intent_id": "single", "description": "x",
                                         "answer_aliases": ["David Morse"]}]})
    assert c.is_control and c.variables == [] and c.actions == []
