"""Category quotas: rarity-adjusted sort, 3x over-quota penalty, hard exclusion at 2x quota, re-sort every 10."""

from __future__ import annotations

import pytest

from finprobe.build.ambiguity.passages import Candidate, CandidatePassage
from finprobe.build.ambiguity.quotas import OVER_QUOTA_PENALTY, QuotaScheduler, parse_quotas

E, M, T, R, V = "entity_scope", "metric_definition", "temporal_scope", "recognition_policy", "filing_vintage"


def cand(key: str, category: str, tags: list[str] | None = None) -> Candidate:
    passage = CandidatePassage(passage_id=key, text="x", language="en", company="X (fictional)")
    return Candidate(key=key, passage=passage, value=None, category=category, tags=tags or [category])


def pool(spec: dict[str, int]) -> list[Candidate]:
    return [cand(f"{c[:3]}{i}", c) for c, n in spec.items() for i in range(n)]


def test_rarity_adjusted_initial_sort():
    # entity is abundant (8 of 11), vintage rare (1 of 11): with equal shares the rare category comes first
    cands = pool({E: 8, T: 2, V: 1})
    s = QuotaScheduler(cands, target=5, shares={E: 1 / 3, T: 1 / 3, V: 1 / 3})
    batch, _ = s.next_batch(11)
    assert [c.category for c in batch] == [V, T, T] + [E] * 8
    # the priority is the sum over the candidate's categories of share / pool frequency
    multi = cand("m", E, [E, V])
    assert s.priority(multi) == pytest.approx((1 / 3) / (8 / 11) + (1 / 3) / (1 / 11))


def test_ties_keep_input_order():
    cands = pool({E: 4})
    s = QuotaScheduler(cands, target=2)
    assert [c.key for c in s.next_batch(4)[0]] == [c.key for c in cands]


def test_over_quota_penalty_is_three_times():
    cands = pool({E: 10, T: 10})
    s = QuotaScheduler(cands, target=10, shares={E: 0.5, T: 0.5})  # quota 5 each
    before = s.priority(cands[0])
    for c in cands[:5]:
        assert s.admit(c) is None
    assert s.over_quota(E)
    assert s.priority(cands[5]) == pytest.approx(before / OVER_QUOTA_PENALTY)
    assert s.priority(cands[10]) == pytest.approx(before)  # temporal is not over quota


def test_hard_exclusion_at_twice_the_quota():
    cands = pool({E: 6, T: 4})
    s = QuotaScheduler(cands, target=10, shares={E: 0.1, T: 0.9})  # entity quota 1, excluded from 2 accepted
    batch, skipped = s.next_batch(3)
    entity = [c for c in cands if c.category == E]
    assert s.admit(entity[0]) is None and not s.excluded(E)
    assert s.admit(entity[1]) is None and s.excluded(E)
    assert s.admit(entity[2]) == "quota_excluded"
    batch, skipped = s.next_batch(10)
    assert all(c.category == T for c in batch)
    assert {c.key for c in skipped} >= {c.key for c in entity[3:]}


def test_category_without_share_is_excluded():
    s = QuotaScheduler(pool({E: 2, T: 2}), target=4, shares={E: 1.0, T: 0.0})
    batch, skipped = s.next_batch(4)
    assert [c.category for c in batch] == [E, E] and [c.category for c in skipped] == [T, T]


def test_resort_every_ten_accepted():
    ent = [cand(f"e{i}", E) for i in range(30)]
    tem = [cand(f"t{i}", T) for i in range(30)]
    s = QuotaScheduler(ent + tem, target=12, shares={E: 0.25, T: 0.75})  # quotas: entity 3, temporal 9
    first, _ = s.next_batch(10)
    assert all(c.category == T for c in first)  # 0.75 / 0.5 beats 0.25 / 0.5
    for c in first[:9]:
        assert s.admit(c) is None
    # temporal is now at its quota, so its priority fell to a third (1.5 -> 0.5, entity's) ...
    assert s.priority(tem[20]) == pytest.approx(s.priority(ent[0]))
    # ... but with nine accepted the order is not re-sorted yet: temporal candidates stay ahead
    nxt, _ = s.next_batch(1)
    assert nxt[0].category == T
    assert s.admit(nxt[0]) is None  # the 10th acceptance re-sorts: equal priorities, input order (entity first)
    after, _ = s.next_batch(1)
    assert after[0].category == E


def test_target_reached():
    cands = pool({E: 3})
    s = QuotaScheduler(cands, target=1)
    assert s.admit(cands[0]) is None and s.done()
    assert s.admit(cands[1]) == "target_reached"


@pytest.mark.parametrize("items,expected", [
    ([], {E: 0.2, M: 0.2, T: 0.2, R: 0.2, V: 0.2}),
    (["entity=30", "metric=30", "temporal=20", "recognition=10", "vintage=10"],
     {E: 0.3, M: 0.3, T: 0.2, R: 0.1, V: 0.1}),
    (["entity_scope=1"], {E: 1.0, M: 0.0, T: 0.0, R: 0.0, V: 0.0}),
])
def test_parse_quotas(items, expected):
    assert parse_quotas(items) == pytest.approx(expected)


@pytest.mark.parametrize("items", [["liquidity=1"], ["entity"], ["entity=x"], ["entity=-1"], ["entity=0"]])
def test_parse_quotas_errors(items):
    with pytest.raises(ValueError):
        parse_quotas(items)
