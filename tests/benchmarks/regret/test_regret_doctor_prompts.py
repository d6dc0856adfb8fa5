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
