"""The build: every chain of every depth re-solves to its final answer under the gold-path policy; the same seed
gives the same chains byte for byte; the funnel adds up; an injected non-unique hop is dropped with its reason;
a killed build resumes without redoing finished attempts and gives the same chains."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from build_mh_support import edited_market, gold_path_score

from finprobe.benchmarks.multihop import load_chains
from finprobe.benchmarks.multihop.doctor import doctor
from finprobe.build.multihop import BuildConfig, DepthDistribution, build_multihop, build_multihop_sync
from finprobe.build.multihop.pipeline import STEPS
from finprobe.core.store import StoreError


async def test_every_chain_of_every_depth_resolves_under_the_gold_path_policy(built, db, lexicon):
    assert {c.k for c in built} == {1, 2, 3, 4, 5, 6}
    for c in built:
        assert c.has_gold_path() and c.market == "demo:7"
        score, t = await gold_path_score(c, db, lexicon)
        assert score == 1.0, (c.id, t.final_answer, c.final_answer)
        tool_steps = [s for s in t.steps if s.action is not None and s.action.name != "answer"]
        assert len(tool_steps) == sum(len(h.tool_calls) for h in c.hops)


async def test_the_gold_path_follows_the_market_not_the_stored_answers(built, lexicon):
    # On another (fictional) market the same tool paths mostly give other answers: the chains' answers are
    # derived through the bindings, not copied from the file.
    from finprobe.benchmarks.multihop import build_demo_market

    other = build_demo_market(seed=8)
    deep = [c for c in built if c.k >= 3][:20]
    changed = 0
    for c in deep:
        score, _ = await gold_path_score(c, other, lexicon)
        changed += score < 1.0
    assert changed >= len(deep) // 2


def test_output_is_the_family_format_and_doctor_clean(demo_build, built):
    out, result = demo_build
    assert result.n_accepted == len(built) == 120
    assert doctor(out / "chains.json").findings == []
    raw = json.loads((out / "chains.json").read_text(encoding="utf-8"))
    for rec, c in zip(raw, built, strict=True):
        assert rec["id"] == c.id and rec["K"] == c.k and rec["level"] == c.level
        assert all("answer" in h and h["tool_calls"] and "derive" in h for h in rec["hops"])
        assert c.meta["single_hop_questions"] and len(c.meta["single_hop_questions"]) == c.k
        assert c.final_answer == c.hops[-1].answer


def test_the_same_seed_gives_the_same_chains_byte_for_byte(tmp_path: Path, db, demo_build):
    a, b, other = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    build_multihop_sync(db, a, BuildConfig(n=40, seed=11, market="demo:7"))
    build_multihop_sync(db, b, BuildConfig(n=40, seed=11, market="demo:7"))
    build_multihop_sync(db, other, BuildConfig(n=40, seed=12, market="demo:7"))
    assert (a / "chains.json").read_bytes() == (b / "chains.json").read_bytes()
    assert (a / "funnel.json").read_bytes() == (b / "funnel.json").read_bytes()
    assert (a / "chains.json").read_bytes() != (other / "chains.json").read_bytes()


def _check_funnel(funnel: dict) -> None:
    steps = funnel["steps"]
    assert [s["step"] for s in steps][:4] == list(STEPS[:4]) and steps[-1]["step"] == "admission"
    assert steps[0]["in"] == funnel["attempts"]
    for prev, s in zip(steps, steps[1:], strict=False):
        assert s["in"] == prev["out"]
    for s in steps:
        assert s["in"] == s["out"] + sum(s["drops"].values()), s
    assert steps[-1]["out"] == funnel["accepted"] == sum(d["accepted"] for d in funnel["per_depth"].values())
    hop = funnel["single_hop_qa"]
    assert hop["in"] == hop["out"] + sum(hop["drops"].values())
    assert hop["in"] == sum(p["candidates"] for p in hop["by_pattern"].values())
    assert hop["out"] == sum(p["verified"] for p in hop["by_pattern"].values())
    for p in hop["by_pattern"].values():
        assert p["candidates"] == p["verified"] + sum(p["drops"].values())
    assert sum(d["attempts"] for d in funnel["per_depth"].values()) == funnel["attempts"]
    assert sum(d["target"] for d in funnel["per_depth"].values()) == funnel["target"]


def test_the_funnel_adds_up(demo_build):
    out, result = demo_build
    funnel = json.loads((out / "funnel.json").read_text(encoding="utf-8"))
    assert funnel == result.funnel
    _check_funnel(funnel)
    assert funnel["accepted"] == 120 and funnel["errors"] == 0
    assert {r["state"] for r in funnel["transition_graph"]} == {"Entity", "Time", "Sector", "Event", "Indicator"}
    rows = [json.loads(line) for line in (out / "attempts.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(rows) == funnel["attempts"]
    assert Counter(r["status"] for r in rows)["accepted"] == 120
    assert all(r["reason"] for r in rows if r["status"].startswith("dropped"))


def test_an_injected_non_unique_hop_is_dropped_with_its_reason(tmp_path: Path):
    # A user's market in which two companies answer to the same name: every question naming it is dropped.
    db = edited_market(tmp_path / "m.sqlite", ("INSERT INTO aliases (alias, entity_id, language) VALUES (?, ?, ?)",
                                               ("Quillon Microchips", "NRVX.DEMO", "en")))
    result = build_multihop_sync(db, tmp_path / "out", BuildConfig(n=60, seed=5, languages=["en"],
                                                                  market=str(tmp_path / "m.sqlite")))
    _check_funnel(result.funnel)
    assert result.funnel["single_hop_qa"]["drops"].get("ambiguous_entity", 0) >= 1
    logs = [json.loads(line) for line in (tmp_path / "out" / "samples.jsonl").read_text().splitlines()]
    dropped = [h for r in logs for h in r["score"]["details"]["hop_log"] if h["reason"] == "ambiguous_entity"]
    assert dropped and all("Quillon Microchips" in h["detail"] for h in dropped)
    chains = load_chains(tmp_path / "out" / "chains.json")
    assert len(chains) == 60
    assert not any("Quillon Microchips" in c.question for c in chains)
    assert all(c.market == str(tmp_path / "m.sqlite") for c in chains)


def test_a_killed_build_resumes_without_redoing_work_and_gives_the_same_chains(tmp_path: Path, db):
    config = BuildConfig(n=50, seed=4, market="demo:7")
    reference = tmp_path / "ref"
    build_multihop_sync(db, reference, config)

    class Killed(Exception):
        pass

    seen = []

    def die_after_80(record):
        seen.append(record.sample_id)
        if len(seen) == 80:
            raise Killed

    killed = tmp_path / "killed"
    with pytest.raises(Killed):
        build_multihop_sync(db, killed, config, on_record=die_after_80)
    with open(killed / "samples.jsonl", "ab") as fh:  # a torn last line, as a SIGKILL mid-write leaves
        fh.write(b'{"sample_id": "K6-00001", "status": "sco')
    redone = []
    result = build_multihop_sync(db, killed, config, on_record=lambda r: redone.append(r.sample_id))
    assert result.n_resumed == 80 and not set(redone) & set(seen)
    assert (killed / "chains.json").read_bytes() == (reference / "chains.json").read_bytes()
    assert (killed / "funnel.json").read_bytes() == (reference / "funnel.json").read_bytes()
    again = build_multihop_sync(db, killed, config)
    assert again.n_processed == 0 and again.n_resumed == again.funnel["attempts"]


def test_a_larger_n_reuses_every_stored_attempt(tmp_path: Path, db):
    out = tmp_path / "out"
    first = build_multihop_sync(db, out, BuildConfig(n=20, seed=6, market="demo:7"))
    second = build_multihop_sync(db, out, BuildConfig(n=40, seed=6, market="demo:7"))
    assert second.n_accepted == 40 and second.n_resumed >= first.funnel["attempts"] // 2
    with pytest.raises(StoreError):  # other decisive settings: another build, never mixed
        build_multihop_sync(db, out, BuildConfig(n=40, seed=6, languages=["zh"], market="demo:7"))


def test_depths_and_languages_are_respected(tmp_path: Path, db):
    config = BuildConfig(n=30, seed=2, depths=DepthDistribution(depths=[2, 5], weights=[1, 2]), languages=["zh"],
                         market="demo:7")
    result = build_multihop_sync(db, tmp_path / "out", config)
    chains = load_chains(tmp_path / "out" / "chains.json")
    assert {c.k for c in chains} == {2, 5} and {c.language for c in chains} == {"zh"}
    counts = Counter(c.k for c in chains)
    assert counts == Counter({int(k): v["target"] for k, v in result.funnel["per_depth"].items()})
    assert counts[5] > counts[2]


async def test_a_sparse_csv_market_builds_with_the_patterns_it_has_data_for(tmp_path: Path, db, lexicon):
    # A user's market loaded from CSV files through the family's importer, without funds' figures and holdings,
    # macro series or corporate events: only the patterns with data are used, and walks follow the graph this
    # market realises (no Event answers), so the build still reaches its target.
    import os

    from finprobe.benchmarks.multihop.market import import_csv_dir

    csv = tmp_path / "csv"
    db.export_csv(csv)
    for table in ("macro_indicators", "macro_values", "fund_metrics", "fund_holdings", "events", "documents"):
        os.remove(csv / f"{table}.csv")
    sparse = import_csv_dir(csv, tmp_path / "m.sqlite")
    result = await build_multihop(sparse, tmp_path / "out", BuildConfig(n=30, seed=1, market=str(tmp_path / "m.sqlite")))
    funnel = result.funnel
    _check_funnel(funnel)
    assert result.n_accepted == 30 and all(d["shortfall"] == 0 for d in funnel["per_depth"].values())
    assert {"top_holding", "first_report_after", "macro_value", "dividend_exdate"} <= set(funnel["patterns_unavailable"])
    assert not funnel["transition_graph_is_full"]
    entity = next(r for r in funnel["transition_graph"] if r["state"] == "Entity")
    assert "Event" not in entity["successors"] and entity["p"]["Time"] == 0.25
    chains = load_chains(tmp_path / "out" / "chains.json")
    assert not {p for c in chains for p in c.meta["patterns"]} & set(funnel["patterns_unavailable"])
    for c in chains:
        score, _ = await gold_path_score(c, sparse, lexicon)
        assert score == 1.0, c.id
