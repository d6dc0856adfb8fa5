"""The review pipeline end to end on the demo tasks with scripted reviewers: every stage of the article
(blind pass, selection, two more blind reviewers, decision checked against the rules, rewording check),
blindness of what reviewers are shown, the overlay it writes (loadable, applied by the family, the
`reference` policy passing every corrected task), resumption on the run store, pending stages, errors."""

from __future__ import annotations

import json

import pytest
from build_rsn_support import T1, T2, T3, T4, Reviewer, adjudicator, ambiguous, clear, demo_samples, missing, reference

from finprobe.benchmarks.reasoning import BENCHMARK
from finprobe.benchmarks.reasoning.corrections import load_corrections
from finprobe.benchmarks.reasoning.grader import grade
from finprobe.benchmarks.reasoning.policies import reference_reply
from finprobe.build.reasoning import RecordedRole, ReviewConfig, ReviewRoles, review_split_sync
from finprobe.build.reasoning.records import Adjudication, BlindRecord
from finprobe.core.models._base import ModelError

REWORDED = "what were the total capital expenditures of 2022 and 2023 together, as one combined sum, in thousands?"


def _config() -> ReviewConfig:
    return ReviewConfig(version="demo-t1", split="demo", source="demo.json", concurrency=3)


def _scenario(rewording_reply=None):
    ref1, ref4 = reference(T1), reference(T4)
    a = Reviewer("A", {T1: clear(ref1 * 2), T2: ambiguous(26350, 13000), T3: missing(), T4: clear(0.5)})
    b = Reviewer("B", {T1: clear(ref1 * 2), T2: ambiguous(26350, 13000), T3: missing()})
    c = Reviewer("C")
    adj = adjudicator({
        T1: {"kinds": ["value"], "value": ref1 * 2, "reason": "operating income / net sales of 2023, both in millions"},
        T2: {"kinds": ["question"], "question": REWORDED, "reason": "one sum or one total per year",
             "readings": [{"reading": "one sum", "answer": 26350}, {"reading": "per year", "answer": 13000}]},
        T3: {"kinds": ["skip"], "skip": "the table gives no shares outstanding for 2020", "reason": "missing figure"},
        T4: {"kinds": ["value"], "value": 0.5, "reason": "a value only A reached"},
    })
    r1 = Reviewer("R1", {T2: rewording_reply or ambiguous(26350, 13000)})
    assert ref4 != 0.5
    return a, b, c, adj, r1


def _roles(a, b, c, adj, r1) -> ReviewRoles:
    return ReviewRoles(blind=a.role, second=[b.role, c.role], adjudicator=adj.role, rewording=[r1.role])


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    reviewers = _scenario()
    out = tmp_path_factory.mktemp("review") / "full"
    result = review_split_sync(demo_samples(), out, _config(), _roles(*reviewers))
    return out, result, reviewers


def test_every_stage_of_the_article_and_the_decisions_it_keeps(full):
    out, result, _ = full
    by_id = {t.id: t for t in result.tasks}
    assert by_id[T1].status == "corrected" and by_id[T1].final == ["value"]
    assert by_id[T2].status == "corrected" and by_id[T2].final == ["question"]
    assert by_id[T2].rewording == {"status": "kept", "why": "R1 found two readings"}
    assert by_id[T3].status == "corrected" and by_id[T3].final == ["skip"]
    # a value only one blind reviewer reached is never applied: a model failure is not a reason to change a task
    assert by_id[T4].status == "rejected" and by_id[T4].final == []
    assert by_id[T4].decision.problems == ["value 0.5 is reached by 1 of 3 blind reviewers (two are needed)"]
    others = [t for t in result.tasks if t.id not in (T1, T2, T3, T4)]
    assert len(others) == 16 and {t.status for t in others} == {"unselected"}
    funnel = result.funnel
    stages = {s["stage"]: s for s in funnel["stages"]}
    assert stages["blind"]["reviewed"] == 20 and stages["blind"]["agrees_with_reference"] == 16
    assert stages["select"]["out"] == 4 and stages["select"]["reasons"] == {
        "blind_disagrees": 2, "blind_ambiguous": 1, "blind_missing_data": 1}
    assert stages["second"]["reviewed"] == 4
    assert stages["decide"]["decisions"] == {"question": 1, "skip": 1, "value": 1} and stages["decide"]["rejected"] == 1
    assert stages["rewording"] == {"stage": "rewording", "in": 1, "kept": 1, "restored": 0, "pending": 0}
    assert funnel["overlay"]["by_kind"] == {"value": 1, "question": 1, "sign_agnostic": 0, "skip": 1}
    assert funnel["complete"] is True and funnel["pending"] == {}
    roles = funnel["cost"]["by_role"]
    assert roles["A"]["calls"] == 20 and roles["B"]["calls"] == 4 and roles["C"]["calls"] == 4
    assert roles["adjudicator"]["calls"] == 4 and roles["R1"]["calls"] == 1
    assert all(roles[r]["input_tokens"] > 0 for r in roles)


def test_reviewers_see_only_the_excerpt_and_the_original_question(full):
    _, _, (a, b, c, adj, r1) = full
    samples = {s.id: s for s in demo_samples()}
    for reviewer in (a, b, c, r1):
        assert reviewer.seen
        for messages in reviewer.seen:
            task = reviewer.task_of(messages)  # the user prompt is exactly the blind prompt of one task
            qa = samples[task].data["qa"]
            shown = "\n".join(m.content for m in messages)
            assert qa["program"] not in shown and "FinQA" not in shown and "reference" not in shown.lower()
    # the rewording reviewer saw the ORIGINAL wording, not the rewording it checks
    assert all(REWORDED not in m[1].content for m in r1.seen)
    # the adjudicator is not blind: its dossier shows the program, the references and the blind records
    dossier = adj.seen[0][1].content
    assert "FinQA program:" in dossier and "Grading reference:" in dossier and "Blind reviewers:" in dossier


def test_the_overlay_loads_applies_and_the_reference_passes_every_corrected_task(full, tmp_path):
    out, _, _ = full
    overlay = load_corrections(out / "corrections.yaml")
    assert overlay.version == "demo-t1" and set(overlay.corrections) == {T1, T2, T3}
    assert overlay.corrections[T1].value == pytest.approx(reference(T1) * 2)
    assert overlay.corrections[T2].question == REWORDED
    assert overlay.corrections[T3].skip == "the table gives no shares outstanding for 2020"
    prov = overlay.corrections[T1].provenance
    assert prov.decided_by.startswith("scripted-adjudicator") and prov.decided_by.endswith("(model)")
    assert [r.split(":")[0] for r in prov.reviewers] == ["A", "B", "C"] and set(prov.blind_answers) == {"A", "B", "C"}
    assert overlay.corrections[T2].provenance.rewording_check == "kept: R1 found two readings"
    samples = BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": str(out / "corrections.yaml")}))
    skipped = [s for s in samples if s.skip_reason]
    assert [s.id for s in skipped] == [T3]
    assert all(grade(s.data, reference_reply(s), "stop").passed for s in samples if not s.skip_reason)
    t2 = next(s for s in samples if s.id == T2)
    from finprobe.benchmarks.reasoning.contract import user_prompt
    assert user_prompt(t2.data).endswith("Question: " + REWORDED)


def test_outputs_are_deterministic_and_a_rerun_resumes_without_a_call(full):
    out, result, reviewers = full
    before = {p.name: p.read_bytes() for p in (out / "corrections.yaml", out / "funnel.json", out / "review.jsonl")}
    again = review_split_sync(demo_samples(), out, _config(), _roles(*reviewers))
    assert again.n_calls == 0 and result.n_calls == 33
    assert {p: (out / p).read_bytes() for p in before} == before
    records = sorted(p.name for p in (out / "records").iterdir())
    assert records == ["adjudication.jsonl", "blind.A.jsonl", "blind.B.jsonl", "blind.C.jsonl", "rewording.R1.jsonl"]


def test_the_records_replayed_as_recorded_roles_give_the_same_overlay(full, tmp_path):
    out, _, _ = full
    ids = [s.id for s in demo_samples()]
    rec = out / "records"
    roles = ReviewRoles(
        blind=RecordedRole.open("A", str(rec / "blind.A.jsonl"), BlindRecord, ids),
        second=[RecordedRole.open(x, str(rec / f"blind.{x}.jsonl"), BlindRecord, ids) for x in "BC"],
        adjudicator=RecordedRole.open("adjudicator", str(rec / "adjudication.jsonl"), Adjudication, ids),
        rewording=[RecordedRole.open("R1", str(rec / "rewording.R1.jsonl"), BlindRecord, ids)])
    replay = review_split_sync(demo_samples(), tmp_path / "replay", _config(), roles)
    assert replay.n_calls == 0
    assert (tmp_path / "replay" / "corrections.yaml").read_bytes() == (out / "corrections.yaml").read_bytes()
    assert replay.funnel["cost"]["by_role"]["A"]["kind"] == "recorded"


def test_a_rewording_the_original_wording_reviewer_finds_clear_is_restored(tmp_path):
    reviewers = _scenario(rewording_reply=clear(26350))
    result = review_split_sync(demo_samples(), tmp_path / "r", _config(), _roles(*reviewers))
    t2 = next(t for t in result.tasks if t.id == T2)
    assert t2.rewording["status"] == "restored" and t2.final == [] and t2.status == "kept"
    assert T2 not in load_corrections(tmp_path / "r" / "corrections.yaml").corrections
    stages = {s["stage"]: s for s in result.funnel["stages"]}
    assert stages["rewording"]["restored"] == 1


def test_the_other_readings_value_on_the_original_wording_keeps_the_rewording(tmp_path):
    reviewers = _scenario(rewording_reply=clear(13000))
    result = review_split_sync(demo_samples(), tmp_path / "r", _config(), _roles(*reviewers))
    t2 = next(t for t in result.tasks if t.id == T2)
    assert t2.rewording == {"status": "kept", "why": "R1 reached the other reading (13000.0)"}


def test_the_rules_alone_decide_what_they_can_and_leave_rewordings_unresolved(tmp_path):
    a, b, c, _, _ = _scenario()
    result = review_split_sync(demo_samples(), tmp_path / "rules", _config(),
                               ReviewRoles(blind=a.role, second=[b.role, c.role], adjudicator="rules"))
    by_id = {t.id: t for t in result.tasks}
    assert by_id[T1].final == ["value"] and by_id[T1].decision.decided_by == "rules"
    assert by_id[T2].status == "unresolved"
    assert by_id[T3].final == ["skip"] and by_id[T3].decision.skip == "the excerpt lacks the figure"
    assert by_id[T4].status == "kept"  # B and C reached the reference
    overlay = load_corrections(tmp_path / "rules" / "corrections.yaml")
    assert overlay.corrections[T1].provenance.decided_by == "rules (rules)"


def test_missing_reviewers_leave_tasks_pending_with_the_exact_inputs_they_need(tmp_path):
    a, *_ = _scenario()
    out = tmp_path / "pending"
    result = review_split_sync(demo_samples(), out, _config(), ReviewRoles(blind=a.role, adjudicator=None))
    assert not result.complete and result.funnel["pending"] == {"second.B": 4, "second.C": 4}
    rows = [json.loads(line) for line in (out / "pending" / "second.B.jsonl").read_text().splitlines()]
    assert sorted(r["id"] for r in rows) == sorted([T1, T2, T3, T4])
    from build_rsn_support import Reviewer as R
    probe = R("probe")
    assert all(probe.by_prompt[r["prompt"]] == r["id"] for r in rows)  # exactly the blind prompt
    assert load_corrections(out / "corrections.yaml").corrections == {}
    # with the two reviewers but no adjudicator: the decisions are pending, their dossiers written
    _, b, c, _, _ = _scenario()
    result = review_split_sync(demo_samples(), out, _config(),
                               ReviewRoles(blind=a.role, second=[b.role, c.role], adjudicator=None))
    assert result.funnel["pending"] == {"adjudication.adjudicator": 4}
    dossier = json.loads((out / "pending" / "adjudication.adjudicator.jsonl").read_text().splitlines()[0])
    assert "FinQA program:" in dossier["prompt"] and not (out / "pending" / "second.B.jsonl").exists()


def test_unreadable_replies_and_failed_calls_are_errors_redone_on_resume(tmp_path):
    flaky = {T1: "I think it is about 0.29", T2: ModelError("HTTP 503 after 3 attempts")}
    a = Reviewer("A", flaky)
    out = tmp_path / "errors"
    result = review_split_sync(demo_samples(), out, _config(), ReviewRoles(blind=a.role, adjudicator="rules"))
    by_id = {t.id: t for t in result.tasks}
    assert by_id[T1].status == "error:blind" and "unparseable reply" in by_id[T1].errors[0]
    assert by_id[T2].status == "error:blind" and "HTTP 503" in by_id[T2].errors[0]
    assert result.funnel["errors"] == 2 and not result.complete
    assert len([m for m in a.seen if a.task_of(m) == T1]) == 2  # asked once more with a reminder
    fixed = Reviewer("A")
    again = review_split_sync(demo_samples(), out, _config(), ReviewRoles(blind=fixed.role, adjudicator="rules"))
    assert {t.id: t.status for t in again.tasks}[T1] == "unselected"
    assert {fixed.task_of(m) for m in fixed.seen} == {T1, T2}  # only the two errors are asked again
    assert again.complete


def test_a_changed_reviewer_model_is_asked_again_the_others_are_reused(full, tmp_path):
    out, _, (a, b, c, adj, r1) = full
    c2 = Reviewer("C")
    c2.role.binding.spec = "scripted:C-v2"
    result = review_split_sync(demo_samples(), out, _config(), ReviewRoles(
        blind=a.role, second=[b.role, c2.role], adjudicator=adj.role, rewording=[r1.role]))
    assert result.n_calls == 4 and len(c2.seen) == 4


def test_role_setups_the_pipeline_refuses(tmp_path):
    a, b, *_ = _scenario()
    with pytest.raises(ValueError, match="two further blind reviewers"):
        review_split_sync(demo_samples(), tmp_path / "x", _config(), ReviewRoles(blind=a.role, second=[b.role]))
    with pytest.raises(ValueError, match="names must differ"):
        review_split_sync(demo_samples(), tmp_path / "y", _config(), ReviewRoles(blind=a.role, second=[a.role, b.role]))
    corrected = BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": "none"}))
    corrected[0] = corrected[0].model_copy(update={"data": {**corrected[0].data, "correction": {"value": 1.0}}})
    with pytest.raises(ValueError, match="original tasks"):
        review_split_sync(corrected, tmp_path / "z", _config(), ReviewRoles(blind=a.role))


def test_the_rules_bench_measures_the_rules_against_the_adjudicators_decisions(full):
    import importlib.util
    from pathlib import Path

    from finprobe.benchmarks.reasoning import demo_path

    path = Path(__file__).resolve().parents[3] / "bench" / "reasoning_review_rules.py"
    spec = importlib.util.spec_from_file_location("reasoning_review_rules", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    out, _, _ = full
    result = bench.measure(out / "records", demo_path())
    assert result["adjudications"] == 4 and result["blind_records"] == {"A": 20, "B": 4, "C": 4}
    rows = result["rules_vs_adjudicator"]
    assert rows["skip"]["agreement"] == 1.0 and rows["question"]["agreement"] == 1.0  # rules: unresolved
    assert rows["value"] == {"agree": 1, "differ": 1, "agreement": 0.5}  # T4's unsupported value
    assert result["decisions_the_rules_reject"] == {"value": 1}
