"""The whole pipeline with scripted roles: exactly the expected instances pass, every rejection has its
reasons, the funnel adds up, the output is doctor-clean and loads, and a build resumes without redoing work."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from finprobe.benchmarks.ambiguity.corpus import check_corpus, load_ambiguity_corpus
from finprobe.benchmarks.ambiguity.doctor import doctor_file
from finprobe.benchmarks.ambiguity.instances import load_instances
from finprobe.build.ambiguity.demo import DEMO_SHARES, DEMO_TARGET, DemoScript, demo_candidates, demo_roles
from finprobe.build.ambiguity.pipeline import BuildConfig, RoleBinding, build_ambiguity_sync
from finprobe.core.models._base import ModelError, ModelOutput
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import Usage
from finprobe.core.store import StoreError

# What the demo script is written to produce, candidate by candidate: (passage, category) -> statuses
EXPECTED = {
    ("kstl-fy2023-segments", "entity_scope"): ["accepted"],
    ("kstl-fy2023-segments", "metric_definition"): ["rejected:constructor declined"],
    ("kstl-q3-2024-revenue", "temporal_scope"): ["accepted"],
    ("mrfd-fy2023-results", "temporal_scope"): ["accepted"],
    ("mrfd-fy2023-results", "entity_scope"): ["rejected:checks R2,R7"],
    ("orbs-fy2023-revenue", "recognition_policy"): ["accepted"],
    ("orbs-fy2022-restatement", "filing_vintage"): ["rejected:verifier leak"],
    ("pllr-fy2023-results", "metric_definition"): ["accepted"],
    ("pllr-fy2023-results", "temporal_scope"): ["rejected:constructor unparseable"],
    ("qlph-fy2023-annual", "entity_scope"): ["rejected:checks R14", "rejected:doctor period_after_filing"],
    ("cjdq-2023-profit", "metric_definition"): ["accepted"],
    ("cjdq-2023-profit", "entity_scope"): ["rejected:checks R1,R3"],
    ("lsfd-2023-quarters", "temporal_scope"): ["skipped:quota_excluded"],
    ("lsfd-2022-restated", "filing_vintage"): ["accepted"],
    ("lsfd-2023-consignment", "recognition_policy"): ["accepted"],
    ("xbrl-38f61d3daf59", "filing_vintage"): ["rejected:constructor declined"],
    ("xbrl-c75e1cef289e", "filing_vintage"): ["accepted"],
    ("xbrl-17bffd1c8c2b", "entity_scope"): ["rejected:constructor declined"],
    ("xbrl-ab3eeac90b8f", "metric_definition"): ["rejected:constructor declined"],
    ("xbrl-d65dad3b7ad4", "metric_definition"): ["accepted"],
    ("xbrl-7325a6e9ebf3", "entity_scope"): ["not_admitted:duplicate_question"],
    ("xbrl-312be7ea14bd", "recognition_policy"): ["accepted"],
    ("xbrl-5f7cad6c72d6", "temporal_scope"): ["skipped:quota_excluded"],
}


def demo_build(out: Path, **kw):
    ctor, verifiers = demo_roles()
    config = BuildConfig(target=kw.pop("target", DEMO_TARGET), shares=DEMO_SHARES, source="demo")
    return build_ambiguity_sync(kw.pop("candidates", demo_candidates()), out, config, ctor, verifiers, **kw), ctor


def rows(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "candidates.jsonl").read_text().splitlines()]


def status_of(row: dict) -> str:
    if row["status"].startswith("rejected"):
        return f"{row['status']} {','.join(row['reasons'])}"
    return row["status"]


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo")
    result, _ = demo_build(out)
    return out, result


def test_demo_yields_exactly_the_expected_instances_with_reasons(demo):
    out, result = demo
    got: dict[tuple[str, str], list[str]] = {}
    for row in rows(out):
        got.setdefault((row["passage_id"], row["category"]), []).append(status_of(row))
    assert {k: sorted(v) for k, v in got.items()} == {k: sorted(v) for k, v in EXPECTED.items()}
    accepted = load_instances(out / "instances.jsonl")
    assert len(accepted) == result.n_accepted == sum(v.count("accepted") for v in EXPECTED.values()) == 11
    # each rejected candidate records what failed, in words
    for row in rows(out):
        if row["status"].startswith("rejected"):
            assert row["reasons"] and row["detail"]


def test_funnel_counts_add_up(demo):
    out, result = demo
    funnel = json.loads((out / "funnel.json").read_text())
    assert funnel == result.funnel
    steps = funnel["steps"]
    assert [s["step"] for s in steps] == ["schedule", "constructor", "checks", "doctor", "verifier", "admission"]
    assert steps[0]["in"] == funnel["candidates"] == len(rows(out))
    for a, b in zip(steps, steps[1:], strict=False):
        assert b["in"] == a["out"]
    for s in steps:
        assert s["in"] == s["out"] + sum(s["reasons"].values()), s
    assert steps[-1]["out"] == funnel["accepted"] == sum(funnel["accepted_by_category"].values())
    checks = steps[2]
    assert sum(checks["failed_rules"].values()) >= sum(checks["reasons"].values())
    assert checks["failed_rules"] == {"R1": 1, "R2": 1, "R3": 1, "R7": 1, "R14": 1}
    status_counts = Counter(r["status"].split(":")[0] for r in rows(out))
    assert status_counts["accepted"] == funnel["accepted"]


def test_cost_and_tokens_per_role(demo):
    out, result = demo
    cost = result.funnel["cost"]
    assert set(cost["by_role"]) == {"constructor", "verifier-a", "verifier-b"}
    assert cost["by_step"]["verifier"]["calls"] == cost["by_role"]["verifier-a"]["calls"] + \
        cost["by_role"]["verifier-b"]["calls"]
    # each verified candidate got 5 trials from each role (one unparseable reply was asked again)
    verified = result.funnel["steps"][4]["in"]
    assert cost["by_role"]["verifier-a"]["calls"] >= 5 * verified
    assert cost["by_role"]["constructor"]["calls"] == result.funnel["steps"][1]["in"] + 1  # one retry
    assert all(r["input_tokens"] > 0 and r["output_tokens"] > 0 for r in cost["by_role"].values())


def test_output_is_doctor_clean_and_backed_by_the_corpus(demo):
    out, _ = demo
    assert doctor_file(out / "instances.jsonl") == []
    instances = load_instances(out / "instances.jsonl")
    assert check_corpus(instances, load_ambiguity_corpus(out / "corpus.jsonl")) == []
    for inst in instances:
        assert inst.qc["verifier"]["trials"] == 10 and inst.qc["verifier"]["leaks"] < 2
        assert inst.load_notes == []  # written in the release format as is


def test_resume_redoes_nothing(demo, tmp_path):
    out, first = demo
    copy = tmp_path / "again"
    copy.mkdir()
    for name in ("manifest.json", "samples.jsonl"):
        (copy / name).write_bytes((out / name).read_bytes())
    result, ctor = demo_build(copy)
    assert result.n_processed == 0 and result.n_resumed == first.n_processed
    assert isinstance(ctor.backend, ScriptedModel) and ctor.backend.requests == []
    assert (copy / "instances.jsonl").read_text() == (out / "instances.jsonl").read_text()
    assert result.funnel["steps"] == first.funnel["steps"]


def test_a_killed_build_resumes_where_it_stopped(tmp_path):
    """Constructor calls fail for good on two passages (a dead endpoint); they are errors, counted in the
    funnel; the next run redoes only them and ends where an uninterrupted build ends."""
    script = DemoScript()
    dead = {"orbs-fy2023-revenue", "cjdq-2023-profit"}

    def flaky(messages, config):
        text = messages[-1].content
        if any(f"Passage ({pid})" in text for pid in dead):
            raise ModelError("connection refused")
        return script.construct(messages, config)

    ctor, verifiers = demo_roles(script)
    ctor = RoleBinding(name="constructor", spec="demo", backend=ScriptedModel(flaky, model="demo-constructor"))
    config = BuildConfig(target=DEMO_TARGET, shares=DEMO_SHARES, source="demo")
    first = build_ambiguity_sync(demo_candidates(), tmp_path / "b", config, ctor, verifiers)
    assert first.n_errors == 3  # orbs' one candidate and cjdq's two
    assert first.funnel["steps"][1]["reasons"]["model_error"] == 3
    errors = [r for r in rows(tmp_path / "b") if r["status"] == "error"]
    assert {r["passage_id"] for r in errors} == dead and all("connection refused" in r["error"] for r in errors)
    for s in first.funnel["steps"]:
        assert s["in"] == s["out"] + sum(s["reasons"].values())
    # the endpoint is back: the rerun builds only what failed (and what the schedule now reaches)
    ctor2, verifiers2 = demo_roles()
    second = build_ambiguity_sync(demo_candidates(), tmp_path / "b", config, ctor2, verifiers2)
    assert second.n_errors == 0
    built_passages = [m[0][-1].content.split("Passage (")[1].split(")")[0] for m in ctor2.backend.requests]
    assert set(built_passages) <= dead | {"lsfd-2023-quarters", "xbrl-5f7cad6c72d6", "xbrl-7325a6e9ebf3"}
    assert dead <= set(built_passages)
    reference, _ = demo_build(tmp_path / "ref")
    # the same instances as an uninterrupted build (their order follows when each was accepted)
    assert sorted((tmp_path / "b" / "instances.jsonl").read_text().splitlines()) == \
        sorted((tmp_path / "ref" / "instances.jsonl").read_text().splitlines())
    assert second.n_accepted == reference.n_accepted


def test_torn_last_record_is_redone(demo, tmp_path):
    out, first = demo
    copy = tmp_path / "torn"
    copy.mkdir()
    (copy / "manifest.json").write_bytes((out / "manifest.json").read_bytes())
    lines = (out / "samples.jsonl").read_bytes().splitlines(keepends=True)
    (copy / "samples.jsonl").write_bytes(b"".join(lines[:-1]) + lines[-1][: len(lines[-1]) // 2])  # killed mid-write
    result, _ = demo_build(copy)
    assert result.n_processed == 1 and result.n_accepted == first.n_accepted


def test_a_larger_target_reuses_the_stored_outcomes(tmp_path):
    small, _ = demo_build(tmp_path / "b", target=4)
    assert small.n_accepted == 4
    bigger, _ = demo_build(tmp_path / "b", target=DEMO_TARGET)
    assert bigger.n_resumed == small.n_processed and bigger.n_accepted == 11


def test_another_pipeline_setup_is_refused_not_mixed(demo, tmp_path):
    out, _ = demo
    copy = tmp_path / "other"
    copy.mkdir()
    (copy / "manifest.json").write_bytes((out / "manifest.json").read_bytes())
    ctor, verifiers = demo_roles()
    verifiers[0].trials = 3  # a different verifier setup decides outcomes differently
    with pytest.raises(StoreError, match="different run"):
        build_ambiguity_sync(demo_candidates(), copy, BuildConfig(target=2), ctor, verifiers)
    result = build_ambiguity_sync(demo_candidates(), copy, BuildConfig(target=2), ctor, verifiers, fresh=True)
    assert result.n_accepted == 2


def test_priced_roles_give_cost_per_role_and_per_accepted_instance(tmp_path):
    script = DemoScript()

    def priced(fn, per_call):
        def reply(messages, config):
            return ModelOutput(text=fn(messages, config), usage=Usage(input_tokens=100, output_tokens=10,
                                                                       cost_usd=per_call))
        return reply

    ctor = RoleBinding(name="constructor", spec="p", backend=ScriptedModel(priced(script.construct, 0.01), model="c"))
    verifier = RoleBinding(name="verifier", spec="p", backend=ScriptedModel(priced(script.verify, 0.001), model="v"),
                           trials=10)
    config = BuildConfig(target=DEMO_TARGET, shares=DEMO_SHARES, source="demo")
    result = build_ambiguity_sync(demo_candidates(), tmp_path / "b", config, ctor, [verifier])
    cost = result.funnel["cost"]
    n_ctor, n_ver = cost["by_role"]["constructor"]["calls"], cost["by_role"]["verifier"]["calls"]
    assert cost["by_role"]["constructor"]["cost_usd"] == pytest.approx(0.01 * n_ctor)
    assert cost["by_role"]["verifier"]["cost_usd"] == pytest.approx(0.001 * n_ver)
    assert cost["total_usd"] == pytest.approx(0.01 * n_ctor + 0.001 * n_ver)
    assert cost["per_accepted_usd"] == pytest.approx(cost["total_usd"] / result.n_accepted, rel=1e-4)
    assert cost["by_role"]["verifier"]["input_tokens"] == 100 * n_ver


def test_bad_setups_are_refused(tmp_path):
    ctor, verifiers = demo_roles()
    with pytest.raises(ValueError, match="at least one trial"):
        build_ambiguity_sync(demo_candidates(), tmp_path, BuildConfig(target=1), ctor, [])
    cands = demo_candidates()
    with pytest.raises(ValueError, match="unique"):
        build_ambiguity_sync(cands + cands[:1], tmp_path, BuildConfig(target=1), ctor, verifiers)
