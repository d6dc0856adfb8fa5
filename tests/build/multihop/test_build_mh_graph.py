"""The answer-state transition graph: its documented table, P_ij = 1/|D(s_i)|, the seeded walk, the depth distribution."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finprobe.build.multihop import graph
from finprobe.build.multihop.graph import (
    STATES,
    TRANSITIONS,
    DepthDistribution,
    parse_depth_weights,
    parse_depths,
    sample_walk,
    transition_matrix,
)
from finprobe.build.multihop.patterns import PATTERNS, edges, feasible_walk


def test_the_pattern_library_realises_exactly_the_documented_transitions():
    assert edges() == {s: set(succ) for s, succ in TRANSITIONS.items()}


def test_the_module_table_shows_the_transitions():
    doc = graph.__doc__ or ""
    rows = {}
    for line in doc.splitlines():
        m = re.match(r"\|\s*(Entity|Time|Sector|Event|Indicator)\s*\|(.*)", line)
        if m:
            cells = [c.strip() for c in m[2].split("|")][:5]
            rows[m[1]] = {STATES[i] for i, c in enumerate(cells) if c == "✓"}
    assert rows == {s: set(succ) for s, succ in TRANSITIONS.items()}


def test_transition_probabilities_are_uniform_over_valid_successors():
    p = transition_matrix()
    for s in STATES:
        succ = TRANSITIONS[s]
        for t in STATES:
            assert p[s][t] == (pytest.approx(1 / len(succ)) if t in succ else 0.0)
        assert sum(p[s].values()) == (pytest.approx(1.0) if succ else 0.0)
    assert TRANSITIONS["Indicator"] == ()  # a figure is a terminal answer


def test_walks_are_seeded_follow_edges_and_die_only_at_a_terminal_state():
    for seed in range(300):
        k = seed % 6 + 1
        a, b = sample_walk(random.Random(seed), k), sample_walk(random.Random(seed), k)
        assert a == b
        if a is None:
            continue
        assert len(a) == k + 1 and a[0] in graph.INITIAL_STATES
        assert all(t in TRANSITIONS[s] for s, t in zip(a, a[1:], strict=False))
    rng = random.Random(1)
    dead = [w for w in (sample_walk(rng, 6) for _ in range(500)) if w is None]
    assert dead  # deep walks do reach Indicator early and are rejected


def test_the_walk_draws_successors_with_probability_one_over_the_out_degree():
    rng = random.Random(11)
    counts: Counter[str] = Counter()
    n = 20000
    for _ in range(n):
        walk = sample_walk(rng, 1, initial="Entity")
        assert walk is not None
        counts[walk[1]] += 1
    for state in TRANSITIONS["Entity"]:
        assert abs(counts[state] / n - 1 / 5) < 0.015
    event = Counter()
    for _ in range(6000):
        w = sample_walk(rng, 1, initial="Event")
        assert w is not None
        event[w[1]] += 1
    assert set(event) == set(TRANSITIONS["Event"]) and all(abs(v / 6000 - 1 / 3) < 0.03 for v in event.values())


def test_some_walks_have_no_typed_realisation():
    assert feasible_walk(("Entity", "Time", "Indicator"))
    assert feasible_walk(("Entity", "Sector", "Entity", "Indicator"))  # a stock's sector, its index, a figure
    assert not feasible_walk(("Sector", "Entity", "Sector"))  # Sector → Entity is the sector's index: no sector
    assert not feasible_walk(("Sector", "Entity", "Event"))  # a sector's index issues no reports


def test_depth_distribution_draws_n_depths_seeded_and_weighted():
    d = DepthDistribution(depths=[2, 4, 6], weights=[1, 0, 3])
    a = d.draw(random.Random(5), 400)
    assert a == d.draw(random.Random(5), 400)
    assert sum(a.values()) == 400 and a[4] == 0 and a[6] > 2 * a[2]
    assert DepthDistribution().probabilities() == {k: pytest.approx(1 / 6) for k in range(1, 7)}
    with pytest.raises(ValueError):
        DepthDistribution(depths=[0, 3])
    with pytest.raises(ValueError):
        DepthDistribution(depths=[1, 2], weights=[1])
    with pytest.raises(ValueError):
        DepthDistribution(depths=[1, 2], weights=[0, 0])


def test_parse_depths_and_weights():
    assert parse_depths("1-6") == [1, 2, 3, 4, 5, 6]
    assert parse_depths(" 2, 4,6 ") == [2, 4, 6]
    assert parse_depths("3") == [3]
    for bad in ("0-3", "7", "a-b", "", "5-2"):
        with pytest.raises(ValueError):
            parse_depths(bad)
    assert parse_depth_weights("1,1,2", [1, 2, 3]) == [1.0, 1.0, 2.0]
    assert parse_depth_weights("5=2,6=3", [4, 5, 6]) == [1.0, 2.0, 3.0]
    for bad in ("1,2", "x", "7=1"):
        with pytest.raises(ValueError):
            parse_depth_weights(bad, [4, 5, 6])


@given(st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=6))
def test_parse_depths_reads_any_list_it_is_given(depths):
    assert parse_depths(",".join(map(str, depths))) == sorted(set(depths))


def test_every_pattern_has_both_languages():
    for p in PATTERNS.values():
        assert {"ask_en", "ask_zh"} <= set(p.templates), p.id
        if any(t != "number" for t in p.out_types):  # a non-final answer must be introducible
            assert {"define_en", "define_zh"} <= set(p.templates), p.id
