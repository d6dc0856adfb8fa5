"""The FinHopper release with its hop-gold sidecar (issue 24): the gold applies to every chain, the release's own
answers match it, baselines score what the paper's definition gives, and the release's judges run as released.

The checks read the real release (`../shared/data/finhopper`), skipped where it is absent."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finprobe.benchmarks.multihop import doctor, load_chains, match_final, score_chain
from finprobe.benchmarks.multihop.benchmark import checkpoint_counts
from finprobe.benchmarks.multihop.policies import first_hop_answer
from finprobe.cli import app
from finprobe.core.schema import Outcome, Transcript
from finprobe.testing.mock_server import MockServerThread

pytestmark = pytest.mark.shared_data
LANGS = ("en", "zh")
PLACEHOLDERS = re.compile(r"\{(?:prompt|response_reference|response)\}")


@pytest.fixture
def finhopper(shared_data) -> Path:
    folder = shared_data / "finhopper"
    if not (folder / "benchmark_en.json").is_file():
        pytest.skip("the FinHopper release is not in ../shared/data/finhopper")
    return folder


def chains_of(folder: Path, lang: str):
    return load_chains(folder / f"benchmark_{lang}.json")


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def answered(text: str) -> Transcript:
    return Transcript(outcome=Outcome.answered, final_answer=text)


# --------------------------------------------------------------------------- the sidecar
def test_the_sidecar_gives_every_chain_its_hop_gold(finhopper):
    for lang in LANGS:
        chains = chains_of(finhopper, lang)
        assert len(chains) == 200
        for c in chains:
            assert c.meta["hop_gold"] == "applied" and "hop_gold_stale" not in c.flags, c.id
            assert len(c.hops) == c.k and all(h.source == "sidecar" and h.answer.strip() for h in c.hops), c.id
            assert all(h.how for h in c.hops)
        # the paper's counts: N = K − 1 process checkpoints per item (the final answer is scored on its own)
        assert checkpoint_counts(chains) == {"items": 200, "step_answers": 571, "process_checkpoints": 371}


def test_the_release_gold_matches_the_final_hop_of_every_chain(finhopper):
    failures = []
    for lang in LANGS:
        for c in chains_of(finhopper, lang):
            for what, text in (("response_final_reference", c.final_answer), ("reference_response",
                                                                              c.reference_response)):
                m = match_final(text, c.final_hop())
                if not m.correct:
                    failures.append((lang, c.id, what, m.reason))
    assert failures == []


def test_a_changed_prompt_is_noticed_not_mis_scored(finhopper, tmp_path):
    records = json.loads((finhopper / "benchmark_en.json").read_text(encoding="utf-8"))
    edited = dict(next(r for r in records if r["prompt_id"] == "L2_3hop_1"))
    edited["prompt"] = edited["prompt"].replace("?", " (edited)?", 1)
    p = tmp_path / "edited.json"
    p.write_text(json.dumps([edited], ensure_ascii=False), encoding="utf-8")
    chain = load_chains(p)[0]
    assert chain.meta["hop_gold"] == "stale" and "hop_gold_stale" in chain.flags
    assert all(h.source != "sidecar" for h in chain.hops)
    findings = [f for f in doctor(p).findings if f.kind == "hops_unsettled"]
    assert len(findings) == 1 and "another prompt text" in findings[0].detail


def test_the_doctor_finds_every_release_chain_settled(finhopper):
    for lang in LANGS:
        r = doctor(finhopper / f"benchmark_{lang}.json")
        assert not [f for f in r.findings if f.kind == "hops_unsettled"]
        assert r.details["hop_gold"] == {"applied": 200, "unsettled": 0, "stale": 0, "absent": 0}


# --------------------------------------------------------------------------- baselines, deterministic
def test_the_reference_response_scores_one_on_every_chain(finhopper):
    for lang in LANGS:
        for c in chains_of(finhopper, lang):
            s = score_chain(c, answered(c.reference_response))
            assert s.s_final == 1.0 and s.score == 1.0, (lang, c.id, s.final_verdict)


def test_the_process_detector_finds_the_reference_responses_intermediate_answers(finhopper):
    """Measured, not tuned to 100%: 738 of the 742 checkpoints (both languages). The four misses: en L3_5hop_5
    hop 4 (the release's reference response calls the two funds a tie); zh L1_2hop_13 hop 1 ("分位数更低，排名更
    靠前": two comparatives of opposite direction about the gold); zh L3_5hop_7 hop 2 (its rival is "that day",
    so every later date counts as one, and a later hop's conclusion reads as a change of mind); zh L3_6hop_14
    hop 4 (the implied report, written "那天对应的半年报（统计截止2025年6月30日）", not as "2025年半年报")."""
    missed, total = [], 0
    for lang in LANGS:
        for c in chains_of(finhopper, lang):
            s = score_chain(c, answered(c.reference_response))
            total += len(s.hits)
            missed += [(lang, c.id, i + 1) for i, hit in enumerate(s.hits) if not hit]
    print(f"\nreference responses reach {total - len(missed)} of {total} checkpoints; missed: {missed}")
    assert total == 742 and len(missed) <= 4


# Five chains read by hand (K = 2, 2, 3, 4, 6): an answer that states hop 1's answer only reaches one of the
# N = K − 1 checkpoints and misses the final answer, so S = α · 1/N with α = 0.5.
HAND_READ = {"L1_2hop_1": 0.5, "L1_2hop_5": 0.5, "L2_3hop_1": 0.25, "L2_4hop_3": 0.5 / 3, "L3_6hop_2": 0.1}


def test_first_hop_only_scores_the_papers_definition_on_hand_read_chains(finhopper):
    for lang in LANGS:
        chains = {c.id: c for c in chains_of(finhopper, lang)}
        for cid, expected in HAND_READ.items():
            c = chains[cid]
            s = score_chain(c, answered(first_hop_answer(c)))
            assert s.s_final == 0.0 and s.hits[0] and not any(s.hits[1:]), (lang, cid, s.hits)
            assert s.score == pytest.approx(expected), (lang, cid)


def test_first_hop_only_scores_the_papers_definition_on_every_chain(finhopper):
    wrong = []
    for lang in LANGS:
        for c in chains_of(finhopper, lang):
            s = score_chain(c, answered(first_hop_answer(c)))
            expected = 1.0 if c.k == 1 else 0.5 / (c.k - 1)
            if s.score != pytest.approx(expected):
                wrong.append((lang, c.id, s.score, expected, s.hits))
    assert wrong == []


def test_a_cli_run_of_the_reference_response_scores_one(finhopper, tmp_path):
    for lang in LANGS:
        out = tmp_path / lang
        r = invoke("run", "multihop", "--data", finhopper / f"benchmark_{lang}.json", "--mode", "no-tools",
                   "--agent", "reference-response", "--out", out, "--no-progress")
        assert r.exit_code == 0, r.output
        report = json.loads(invoke("report", out, "--format", "json").output)
        assert report["n"] == 200 and report["n_errors"] == 0
        assert report["score"] == 1.0 and report["final_accuracy"] == 1.0 and report["macro"] == 1.0
        assert set(report["by_level"]) == {"L1", "L2", "L3"} and set(report["by_hops"]) == {"1", "2", "3", "4", "5", "6"}
        assert report["checkpoints"] == {"items": 200, "step_answers": 571, "process_checkpoints": 371}


# --------------------------------------------------------------------------- the release's judges
def release_reply(score: float) -> str:
    return (f"1. [Scoring Basis]: compared with the reference answer.\n2. [JSON]:\n```json\n"
            f'{{"answer_score": {score}}}\n```')


class ScriptedJudge:
    """The judge behind the mock HTTP server: replies in the release's format and keeps every judge request."""

    def __init__(self, records: dict[str, dict], final: float, process: float):
        self.final, self.process, self.requests = final, process, []
        self.final_systems = {r["final_judge_system_prompt"] for r in records.values()}

    def __call__(self, body: dict) -> str:
        messages = body["messages"]
        if "calculator" in messages[0]["content"]:  # the run's structured-output negotiation
            return '{"action": "answer", "value": "4"}'
        self.requests.append(messages)
        return release_reply(self.final if messages[0]["content"] in self.final_systems else self.process)


def judged_run(folder: Path, lang: str, agent: str, judge: ScriptedJudge, out: Path, *extra: str):
    """A `--protocol finhopper-paper` run on `benchmark_{lang}.json` of `folder` (`lang` "": `slice.json`)."""
    data = folder / (f"benchmark_{lang}.json" if lang else "slice.json")
    with MockServerThread(judge) as server:
        r = invoke("run", "multihop", "--data", data, "--mode", "no-tools",
                   "--agent", agent, "--judge", "openai:mock-judge", "--base-url", server.base_url,
                   "--protocol", "finhopper-paper", "--out", out, "--no-progress", *extra)
    return r


def test_the_release_judges_score_the_reference_response_one(finhopper, tmp_path):
    for lang in LANGS:
        records = {r["prompt_id"]: r for r in json.loads((finhopper / f"benchmark_{lang}.json").read_text("utf-8"))}
        judge = ScriptedJudge(records, final=1, process=0.5)
        r = judged_run(finhopper, lang, "reference-response", judge, tmp_path / lang)
        assert r.exit_code == 0, r.output
        report = json.loads(invoke("report", tmp_path / lang, "--format", "json").output)
        assert report["score"] == 1.0 and report["final_accuracy"] == 1.0 and report["n_errors"] == 0
        # the paper's protocol: the final answer is right, so no process verdict is asked
        assert report["judge_verdicts"] == report["judge_verdicts_used"] == 200
        assert "judge verdicts used: 200 of 200" in r.output
        assert len(judge.requests) == 200
        systems = {m[0]["content"] for m in judge.requests}
        assert systems == {r["final_judge_system_prompt"] for r in records.values()}
        for messages in judge.requests:
            user = messages[-1]["content"]
            assert not PLACEHOLDERS.search(user), user[:200]
        # the template filled as written: the question, the reference answer and the response
        pid = "L2_3hop_1"
        user = next(m[-1]["content"] for m in judge.requests if records[pid]["prompt"] in m[-1]["content"])
        assert records[pid]["reference_response"] in user


def test_the_process_judge_runs_when_the_final_answer_is_wrong(finhopper, tmp_path):
    records = {r["prompt_id"]: r for r in json.loads((finhopper / "benchmark_en.json").read_text("utf-8"))}
    ids = ["L1_2hop_1", "L1_2hop_5", "L2_3hop_1", "L2_4hop_3", "L3_5hop_1", "L3_6hop_2"]
    data = tmp_path / "slice.json"
    data.write_text(json.dumps([records[i] for i in ids], ensure_ascii=False), encoding="utf-8")
    judge = ScriptedJudge(records, final=0, process=0.25)
    r = judged_run(data.parent, "", "first-hop", judge, tmp_path / "fh")
    assert r.exit_code == 0, r.output
    report = json.loads(invoke("report", tmp_path / "fh", "--format", "json").output)
    process_systems = {x["process_judge_system_prompt"] for x in records.values()}
    process_prompts = [m for m in judge.requests if m[0]["content"] in process_systems]
    assert len(process_prompts) == len(ids)
    for messages in process_prompts:
        user = messages[-1]["content"]
        assert not PLACEHOLDERS.search(user)
        pid = next(i for i in ids if records[i]["prompt"] in user)
        assert records[pid]["reference_response"] in user  # the key points come from the reference answer
    # the release's process score is 0–0.5 (0.5 = every key point): 0.25 is half the process credit, α · 1/2
    assert report["n_errors"] == 0 and report["final_accuracy"] == 0.0
    assert report["score"] == pytest.approx(0.25)
    assert report["judge_verdicts"] == report["judge_verdicts_used"] == 2 * len(ids)


def test_a_one_hop_chain_asks_no_process_judge(finhopper, tmp_path):
    records = {r["prompt_id"]: r for r in json.loads((finhopper / "benchmark_en.json").read_text("utf-8"))}
    data = tmp_path / "slice.json"
    data.write_text(json.dumps([records["L1_1hop_1"]], ensure_ascii=False), encoding="utf-8")
    judge = ScriptedJudge(records, final=0, process=0.5)
    r = judged_run(data.parent, "", "first-hop", judge, tmp_path / "one")
    assert r.exit_code == 0, r.output
    report = json.loads(invoke("report", tmp_path / "one", "--format", "json").output)
    assert len(judge.requests) == 1 and report["score"] == 0.0  # N = 0: no process credit to give


def test_an_unreadable_judge_fails_the_run_and_says_why(finhopper, tmp_path):
    def judge(body: dict) -> str:
        if "calculator" in body["messages"][0]["content"]:
            return '{"action": "answer", "value": "4"}'
        return "The response looks right to me."

    with MockServerThread(judge) as server:
        r = invoke("run", "multihop", "--data", finhopper / "benchmark_en.json", "--mode", "no-tools",
                   "--agent", "reference-response", "--judge", "openai:mock-judge", "--base-url", server.base_url,
                   "--protocol", "finhopper-paper", "--limit", "3", "--out", tmp_path / "bad", "--no-progress")
    assert r.exit_code == 1
    last = r.output.strip().splitlines()[-1]
    assert last.startswith("error: no sample was scored") and "judge" in last and "answer_score" in last
    assert "judge verdicts used: 0 of 3" in r.output


def test_the_paper_protocol_needs_a_judge(finhopper, tmp_path):
    r = invoke("run", "multihop", "--data", finhopper / "benchmark_en.json", "--mode", "no-tools",
               "--agent", "reference-response", "--protocol", "finhopper-paper", "--limit", "1",
               "--out", tmp_path / "x", "--no-progress")
    assert r.exit_code == 2 and "--judge" in r.output


# --------------------------------------------------------------------------- the market
def test_tools_mode_refuses_the_fictional_market_for_the_release(finhopper, tmp_path):
    data = finhopper / "benchmark_en.json"
    for command in ("validate", "run"):
        r = invoke(command, "multihop", "--data", data, "--agent", "reference-response", "--limit", "1",
                   *(("--out", tmp_path / "r", "--no-progress") if command == "run" else ()))
        assert r.exit_code == 2 and "fictional" in r.output, (command, r.output)
    r = invoke("run", "multihop", "--data", data, "--agent", "reference-response", "--limit", "2",
               "-O", "market=demo", "--out", tmp_path / "demo", "--no-progress")
    assert r.exit_code == 0, r.output  # asked for by name
