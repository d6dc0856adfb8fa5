"""The labelled sets of the judging components are well formed, and the bench's agreement meets its goal."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[3] / "bench"
DATA = BENCH / "data" / "multihop"


def load(name):
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("name", ["final_answers.jsonl", "trajectories.jsonl"])
def test_sets_are_large_and_mixed(name):
    items = load(name)
    assert len(items) >= 300
    assert len({i["id"] for i in items}) == len(items)
    labels = Counter(i["label"] for i in items)
    assert labels[True] >= 100 and labels[False] >= 100
    assert {i["language"] for i in items} == {"en", "zh"}
    assert len({i["kind"] for i in items}) >= 8


def test_heldout_sets_exist():
    assert len(load("final_answers_heldout.jsonl")) >= 100 and len(load("trajectories_heldout.jsonl")) >= 100


def test_bench_agreement_meets_the_goal(capsys):
    sys.path.insert(0, str(BENCH))
    try:
        import multihop_matchers
    finally:
        sys.path.remove(str(BENCH))
    report = {}
    for split in ("dev", "heldout"):
        report.update(multihop_matchers.run(show=0, split=split))
    capsys.readouterr()
    for name, result in report.items():
        assert result["agreement"] >= multihop_matchers.GOAL, name
