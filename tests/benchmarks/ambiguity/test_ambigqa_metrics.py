"""Any-valid accuracy and the overstatement factor (any-valid ÷ intended) with its bootstrap CI; the
general-domain taxonomy; any-valid on financial instances."""

from __future__ import annotations

import pytest
from amb_eval_support import run as run_financial

from finprobe.benchmarks.ambiguity import metrics as M


def facts(pattern: str) -> list[M.InstanceFacts]:
    """'I' intended, 'D' a valid non-target reading, 'W' wrong."""
    return [M.InstanceFacts(id=str(n), status="scored", correct=c == "I", any_valid=c in "ID",
                            default_captured=c == "D", domain="general") for n, c in enumerate(pattern)]


def test_overstatement_is_a_ratio_of_means():
    fs = facts("IIDDDDWWWW")
    assert M.accuracy(fs) == 0.2 and M.any_valid(fs) == 0.6 and M.overstatement(fs) == pytest.approx(3.0)
    low, high, note = M.overstatement_interval(fs, seed=1, n_resamples=2000)
    assert low is not None and low >= 1.0 and (high is None or high > 3.0)
    assert M.overstatement(facts("WWW")) is None and M.overstatement(facts("DDW")) is None
    assert M.overstatement(facts("III")) == 1.0


def test_resamples_without_an_intended_answer_make_the_upper_bound_unbounded():
    fs = facts("I" + "D" * 19)
    low, high, note = M.overstatement_interval(fs, seed=0, n_resamples=1000)
    assert high is None and low is not None and "resamples have no intended-correct instance" in note
    stable = facts("I" * 50 + "D" * 50)
    low, high, note = M.overstatement_interval(stable, seed=0, n_resamples=1000)
    assert note is None and low < 2.0 < high
    assert M.overstatement_interval(stable, seed=0) == M.overstatement_interval(stable, seed=0)


def test_general_taxonomy_uses_the_users_replies():
    asked_settled = M.InstanceFacts(id="a", status="scored", domain="general", asks=2, settled_asks=1)
    asked_idk = M.InstanceFacts(id="b", status="scored", domain="general", asks=1, settled_asks=0)
    assert M.taxonomy_label(asked_settled) == "E5" and M.taxonomy_label(asked_idk) == "E3"


async def test_financial_any_valid_is_intended_or_default(tmp_path):
    default = (await run_financial(tmp_path / "d", agent="default")).metrics
    oracle = (await run_financial(tmp_path / "o", agent="oracle")).metrics
    assert default["any_valid"] == 1.0 and default["accuracy"] == 0.0 and default["overstatement"] is None
    assert oracle["any_valid"] == 1.0 and oracle["overstatement"] == 1.0
    assert default["domain"] == "finance" and "conversion" not in default
