"""The build's rule-based judges meet their goal on the hand-labelled sets (bench/build_ambiguity_judges.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[3] / "bench" / "build_ambiguity_judges.py"


def test_judges_meet_their_goal(capsys):
    spec = importlib.util.spec_from_file_location("build_ambiguity_judges", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main([]) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    assert "interpretation matcher" in out and "question checks by rule" in out
