"""Repeated trials (`--epochs K`): separate records per trial, resumable, pass^k as in tau-bench."""

from __future__ import annotations

import math

import pytest

from finprobe.core.agent import action_text
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.provenance import sample_seed
from finprobe.core.runner import Runner
from finprobe.core.schema import GenerateConfig, Message, RoleConfig, RunConfig
from finprobe.core.stats import pass_hat_k
from finprobe.core.store import RunStore
from finprobe.testing.toy import ToyBenchmark

SEED = 11
#: successes out of 3 trials for samples t0000..t0004: the agent is right on epoch e iff e <= c
SUCCESSES = [3, 2, 1, 0, 3]


def noisy_agent() -> ScriptedModel:
    """Looks the key up, then answers right or wrong depending on the trial (read from the trial's seed)."""

    def reply(messages: list[Message], config: GenerateConfig) -> str:
        question = messages[1].content  # "What is the value of k<i>?"
        i = int(question.rsplit("k", 1)[1].rstrip("?"))
        if len(messages) == 2:
            return action_text("lookup", key=f"k{i}")
        epoch = next(e for e in (1, 2, 3) if sample_seed(SEED, f"t{i:04d}", e) == config.seed)
        value = str(i * 7) if epoch <= SUCCESSES[i] else "wrong"
        return action_text("answer", value=value, confidence=50)

    return ScriptedModel(reply)


def run(tmp_path, **kw):
    config = RunConfig(benchmark="toy", epochs=3, seed=SEED, concurrency=3, roles={"agent": RoleConfig(spec="x")}, **kw)
    return Runner(config, tmp_path, benchmark=ToyBenchmark(len(SUCCESSES)), progress=False,
                  backends={"agent": noisy_agent()}).run()


def test_pass_hat_k_formula():
    assert pass_hat_k(3, 2, 1) == pytest.approx(2 / 3)
    assert pass_hat_k(3, 2, 2) == pytest.approx(1 / 3)  # C(2,2)/C(3,2)
    assert pass_hat_k(3, 2, 3) == 0.0
    assert pass_hat_k(2, 2, 3) is None  # fewer trials than k: unscored, not a failure
    with pytest.raises(ValueError):
        pass_hat_k(3, 4, 1)


async def test_epochs_store_each_trial_and_give_hand_computed_pass_k(tmp_path):
    result = await run(tmp_path)
    assert result.n_trials == 15 and result.n_ran == 15
    trials = RunStore(tmp_path).load_trials()
    assert len(trials) == 15 and {e for _, e in trials} == {1, 2, 3}
    # distinct seeds per trial
    assert len({sample_seed(SEED, sid, e) for sid, e in trials}) == 15
    epochs = result.metrics["epochs"]
    # by hand, c = [3, 2, 1, 0, 3] of n = 3:
    # pass^1 = (3+2+1+0+3)/15 = 0.6; pass^2 = (1 + 1/3 + 0 + 0 + 1)/5 = 7/15; pass^3 = (1+0+0+0+1)/5 = 0.4
    assert epochs["pass_k"]["1"]["value"] == pytest.approx(0.6)
    assert epochs["pass_k"]["2"]["value"] == pytest.approx(7 / 15)
    assert epochs["pass_k"]["3"]["value"] == pytest.approx(0.4)
    assert epochs["consistency"] == pytest.approx(3 / 5)  # samples 0, 3 and 4 agree across their trials
    # the headline is the mean over the three trials, with an interval over instances
    assert result.metrics["pass_rate"] == pytest.approx(0.6)
    assert result.metrics["pass_rate_ci_low"] <= 0.6 <= result.metrics["pass_rate_ci_high"]
    assert epochs["metrics"]["pass_rate"]["per_epoch"] == {"1": 0.8, "2": 0.6, "3": 0.4}
    assert epochs["unscored"] == []


async def test_epochs_resume_redoes_only_missing_trials(tmp_path):
    first = await run(tmp_path, limit=2)
    assert first.n_ran == 6
    # dropping one stored trial (a crash before it was written) makes the resume redo exactly that one
    lines = (tmp_path / "samples.jsonl").read_text().splitlines(keepends=True)
    (tmp_path / "samples.jsonl").write_text("".join(lines[:-1]))
    again = await run(tmp_path, limit=2)
    assert again.n_ran == 1 and again.n_resumed == 5
    assert math.isclose(again.metrics["epochs"]["pass_k"]["1"]["value"], first.metrics["epochs"]["pass_k"]["1"]["value"])


async def test_single_trial_metrics_have_no_epochs_section(tmp_path):
    config = RunConfig(benchmark="toy", roles={"agent": RoleConfig(spec="x")})
    result = await Runner(config, tmp_path, benchmark=ToyBenchmark(3), progress=False,
                          backends={"agent": noisy_agent()}).run()
    assert "epochs" not in result.metrics


async def test_epochs_on_the_reasoning_demo_match_hand_computed_pass_k(tmp_path):
    """`--epochs 3` on a real family's demo with a noisy scripted agent: task i is answered right on
    c_i = i mod 4 of its 3 trials (c = 0, 1, 2, 3, 0, ...; the reference answer or a wrong one)."""
    from finprobe.benchmarks.reasoning.policies import reference_reply
    from finprobe.core.families import load_family

    family = load_family("reasoning")
    samples = family.load(None, family.parse_options({}))
    index = {s.data["qa"]["question"]: (i, s) for i, s in enumerate(samples)}
    assert len(samples) == 20 and not any(s.skip_reason for s in samples)

    def reply(messages: list[Message], config: GenerateConfig) -> str:
        i, sample = next(v for q, v in index.items() if q in messages[-1].content)
        epoch = next(e for e in (1, 2, 3) if sample_seed(SEED, sample.id, e) == config.seed)
        return reference_reply(sample) if epoch <= i % 4 else "ANSWER: -123456789"

    config = RunConfig(benchmark="reasoning", epochs=3, seed=SEED, roles={"agent": RoleConfig(spec="scripted")})
    result = await Runner(config, tmp_path, benchmark=family, progress=False,
                          backends={"agent": ScriptedModel(reply)}).run()
    pass_k = result.metrics["epochs"]["pass_k"]
    # by hand over five cycles of c = 0, 1, 2, 3 out of n = 3:
    # pass^1 = (0 + 1 + 2 + 3) / 12 = 1/2; pass^2 = (0 + 0 + 1/3 + 1) / 4 = 1/3; pass^3 = (0 + 0 + 0 + 1) / 4 = 1/4
    assert pass_k["1"]["value"] == pytest.approx(0.5)
    assert pass_k["2"]["value"] == pytest.approx(1 / 3)
    assert pass_k["3"]["value"] == pytest.approx(0.25)
    assert result.metrics["pass_rate"] == pytest.approx(0.5)  # the headline is the mean over the three trials
    assert result.metrics["epochs"]["consistency"] == pytest.approx(0.5)  # c = 0 and c = 3 agree
