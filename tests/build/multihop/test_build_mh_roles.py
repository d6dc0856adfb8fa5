"""Optional LLM roles: critics' verdicts recorded (and a strict majority of fails rejects), a paraphrase adopted
only when it passes every critic again, tokens per role, a failing endpoint recorded as an error and redone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from finprobe.benchmarks.multihop import load_chains
from finprobe.build.multihop import BuildConfig, RoleBinding, build_multihop_sync
from finprobe.build.multihop.roles import parse_critic, parse_paraphrase
from finprobe.core.actions import first_json_object
from finprobe.core.models._base import ModelError
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import Message

PASS = '{"verdict": "pass", "problems": []}'
FAIL = '{"verdict": "fail", "problems": ["reveals an answer"]}'


def role(name: str, reply, spec: str | None = None) -> RoleBinding:
    return RoleBinding(name=name, spec=spec or f"scripted:{name}", backend=ScriptedModel(reply, model=f"m-{name}"))


def question_of(messages: list[Message]) -> str:
    user = messages[1].content if len(messages) > 1 else messages[-1].content
    if "Draft merged question:" in user:
        return user.split("Draft merged question:\n", 1)[1].strip()
    return user.split("Question:\n", 1)[1].strip()


def _funnel_ok(funnel: dict) -> None:
    for s in funnel["steps"]:
        assert s["in"] == s["out"] + sum(s["drops"].values()), s


def test_reply_parsing():
    assert parse_critic('Sure. ```json\n{"verdict": "FAIL", "problems": "leaks hop 1"}\n```') == ("fail", ["leaks hop 1"])
    with pytest.raises(ValueError):
        parse_critic('{"verdict": "maybe"}')
    with pytest.raises(ValueError):
        parse_critic("looks fine")
    assert parse_paraphrase('{"question": "  Which   one?  "}') == "Which one?"
    with pytest.raises(ValueError):
        parse_paraphrase('{"question": ""}')
    assert first_json_object('noise {"a": {"b": 1}} tail {"c": 2}') == {"a": {"b": 1}}


def test_critic_verdicts_are_recorded_with_their_tokens(tmp_path: Path, db):
    result = build_multihop_sync(db, tmp_path / "out", BuildConfig(n=12, seed=1, market="demo:7"),
                                 critics=[role("critic", lambda m, c: PASS)])
    funnel = result.funnel
    _funnel_ok(funnel)
    llm = next(s for s in funnel["steps"] if s["step"] == "llm_critic")
    assert llm["in"] == llm["out"] >= 12
    assert funnel["critic_verdicts"] == {"pass": llm["in"]}
    cost = funnel["cost"]["by_role"]["critic"]
    assert cost["calls"] == llm["in"] and cost["input_tokens"] > 0 and cost["model"] == "m-critic"
    for c in load_chains(tmp_path / "out" / "chains.json"):
        assert c.meta["critics"] == [{"role": "critic", "model": "m-critic", "verdict": "pass", "problems": []}]


def test_a_critic_that_fails_a_question_drops_it_with_its_reason(tmp_path: Path, db):
    def critic(messages, config):
        q = question_of(messages)
        return FAIL if q.startswith("Take") else PASS

    result = build_multihop_sync(db, tmp_path / "out", BuildConfig(n=12, seed=1, languages=["en"], market="demo:7"),
                                 critics=[role("critic", critic)])
    _funnel_ok(result.funnel)
    llm = next(s for s in result.funnel["steps"] if s["step"] == "llm_critic")
    assert llm["drops"].get("critic_rejected", 0) > 0
    chains = load_chains(tmp_path / "out" / "chains.json")
    assert len(chains) == 12 and not any(c.question.startswith("Take") for c in chains)


def test_an_unparseable_critic_gives_no_verdict_and_never_a_fail(tmp_path: Path, db):
    result = build_multihop_sync(db, tmp_path / "out", BuildConfig(n=5, seed=1, market="demo:7"),
                                 critics=[role("critic", lambda m, c: "This looks fine to me.")])
    assert result.n_accepted == 5 and result.funnel["critic_verdicts"] == {"None": result.funnel["steps"][-2]["in"]}
    assert result.funnel["cost"]["by_role"]["critic"]["calls"] == 2 * result.funnel["steps"][-2]["in"]  # asked again
    c = load_chains(tmp_path / "out" / "chains.json")[0]
    assert c.meta["critics"][0]["verdict"] is None and "JSON" in c.meta["critics"][0]["error"]


@pytest.mark.parametrize(("replies", "kept"), [((PASS, FAIL, FAIL), False), ((PASS, PASS, FAIL), True),
                                               ((FAIL, "no idea", "no idea"), False), ((PASS, FAIL, "?"), True)])
def test_a_strict_majority_of_the_verdicts_given_rejects(tmp_path: Path, db, replies, kept):
    critics = [RoleBinding(name=f"critic-{i}", spec=f"scripted:{i}", backend=ScriptedModel([r], repeat_last=True))
               for i, r in enumerate(replies, start=1)]
    result = build_multihop_sync(db, tmp_path / "out", BuildConfig(n=3, seed=1, depths={"depths": [1]},
                                                                  attempts_per_chain=2, market="demo:7"),
                                 critics=critics)
    assert (result.n_accepted == 3) is kept


def test_a_paraphrase_is_adopted_only_when_it_passes_the_critics_again(tmp_path: Path, db):
    def paraphrase(messages, config):
        return json.dumps({"question": question_of(messages).replace("Take the", "Consider the")})

    critic_seen: list[str] = []

    def critic(messages, config):
        critic_seen.append(question_of(messages))
        return PASS

    result = build_multihop_sync(db, tmp_path / "out", BuildConfig(n=10, seed=2, languages=["en"], market="demo:7"),
                                 critics=[role("critic", critic)], paraphraser=role("paraphraser", paraphrase))
    chains = load_chains(tmp_path / "out" / "chains.json")
    changed = [c for c in chains if "template_question" in c.meta and c.meta["template_question"] != c.question]
    assert changed and all(c.question == c.meta["template_question"].replace("Take the", "Consider the")
                           for c in changed)
    assert all(c.meta["paraphrase"]["adopted"] for c in chains)
    assert any(q.startswith("Consider the") for q in critic_seen)  # the critics saw the paraphrase too
    assert result.funnel["paraphrases"] == {"adopted": result.funnel["steps"][-2]["out"]}
    assert set(result.funnel["cost"]["by_role"]) == {"critic", "paraphraser"}


def test_a_paraphrase_that_leaks_an_answer_is_rejected_and_the_template_kept(tmp_path: Path, db):
    plain = tmp_path / "plain"
    build_multihop_sync(db, plain, BuildConfig(n=10, seed=2, languages=["en"], market="demo:7"))
    first_answer = {c.question: c.hops[0].answer for c in load_chains(plain / "chains.json")}

    def leaky(messages, config):
        q = question_of(messages)
        return json.dumps({"question": f"{q} (Hint: the first step gives {first_answer.get(q, 'Harborstone Bank')}.)"})

    critic_calls: list[str] = []

    def critic(messages, config):
        critic_calls.append(question_of(messages))
        return PASS

    build_multihop_sync(db, tmp_path / "out", BuildConfig(n=10, seed=2, languages=["en"], market="demo:7"),
                        critics=[role("critic", critic)], paraphraser=role("paraphraser", leaky))
    chains = load_chains(tmp_path / "out" / "chains.json")
    assert [c.question for c in chains] == list(first_answer)  # every template kept
    reasons = {c.meta["paraphrase"]["reason"] for c in chains}
    assert reasons <= {"leak", "scope_added"} and "leak" in reasons
    assert all("Hint" in c.meta["paraphrase"]["question"] for c in chains)
    assert not any("Hint" in q for q in critic_calls)  # a paraphrase that fails the deterministic critic costs no call


def test_a_paraphrase_needs_a_critic_verdict(tmp_path: Path, db):
    para = role("paraphraser", lambda m, c: json.dumps({"question": question_of(m)}))
    with pytest.raises(ValueError, match="LLM critic"):
        build_multihop_sync(db, tmp_path / "a", BuildConfig(n=2, market="demo:7"), paraphraser=para)
    seen: list[str] = []

    def mute(messages, config):
        seen.append(messages[-1].content)
        return "no verdict here"

    build_multihop_sync(db, tmp_path / "b", BuildConfig(n=4, seed=2, market="demo:7"),
                        critics=[role("critic", mute)], paraphraser=para)
    chains = load_chains(tmp_path / "b" / "chains.json")
    assert len(chains) == 4 and all(c.meta["paraphrase"]["reason"] == "no_critic_verdict" for c in chains)
    assert "template_question" not in chains[0].meta
    assert any("Verified wording" in text for text in seen)  # the critic compares the paraphrase with the template


def test_a_failing_endpoint_is_recorded_as_an_error_and_redone_on_resume(tmp_path: Path, db):
    out = tmp_path / "out"
    config = BuildConfig(n=4, seed=1, depths={"depths": [1, 2]}, attempts_per_chain=3, market="demo:7")
    failing = RoleBinding(name="critic", spec="openai:critic",
                          backend=ScriptedModel([ModelError("HTTP 503 after 3 attempts", attempts=3)], repeat_last=True))
    first = build_multihop_sync(db, out, config, critics=[failing])
    assert first.n_errors > 0 and first.n_accepted == 0
    assert first.funnel["steps"][-2]["drops"] == {"model_error": first.n_errors}
    rows = [json.loads(line) for line in (out / "attempts.jsonl").read_text().splitlines()]
    assert any(r["status"] == "error" and "HTTP 503" in r["error"] for r in rows)
    second = build_multihop_sync(db, out, config, critics=[role("critic", lambda m, c: PASS, spec="openai:critic")])
    assert second.n_accepted == 4 and second.n_errors == 0 and second.n_resumed > 0
