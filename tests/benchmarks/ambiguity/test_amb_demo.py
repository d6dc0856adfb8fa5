"""Validation of the bundled demo set (fictional companies, EN + ZH)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from finprobe.benchmarks.ambiguity.categories import CATEGORY_NAMES, classify_question
from finprobe.benchmarks.ambiguity.corpus import check_corpus, demo_corpus_path, load_ambiguity_corpus
from finprobe.benchmarks.ambiguity.instances import demo_instances_path, load_instances
from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator
from finprobe.benchmarks.ambiguity.templates import template_qa, template_question
from finprobe.core.retrieval import BM25Index, tokenize


@pytest.fixture(scope="module")
def demo():
    return load_instances(demo_instances_path())


@pytest.fixture(scope="module")
def corpus():
    return load_ambiguity_corpus()


@pytest.fixture(scope="module")
def index(corpus):
    return BM25Index(corpus)


def _short_company(name: str) -> str:
    name = re.sub(r"\s*[（(](?:fictional|虚构)[)）]", "", name)
    return re.sub(r"(?:股份有限公司| Inc\.| Corp\.| Co\.)$", "", name)


def test_demo_shape(demo):
    assert len(demo) >= 24
    assert len({i.instance_id for i in demo}) == len(demo)
    primary = Counter(i.primary_category for i in demo)
    assert set(primary) == set(CATEGORY_NAMES) and min(primary.values()) >= 4
    assert sum(i.language == "zh" for i in demo) >= 8 and sum(i.language == "en" for i in demo) >= 8
    assert sum(i.n_axes == 2 for i in demo) >= 2
    assert all(i.h0_source == "release" and i.load_notes == [] for i in demo)


def test_demo_is_clearly_fictional(demo, corpus):
    for inst in demo:
        assert "(fictional)" in inst.company or "（虚构）" in inst.company
        assert inst.ticker.endswith("-DEMO") and inst.source == "finprobe-demo (fictional)"
    for passage in corpus:
        assert passage.text.startswith("[Fictional demo filing]" if passage.language == "en" else "【虚构示例】")
        assert len(passage.text) < 800
        assert passage.model_extra.get("fictional") is True


def test_demo_answers_and_spans(demo, corpus):
    assert check_corpus(demo, corpus) == []
    by_id = {p.passage_id: p for p in corpus}
    for inst in demo:
        text = by_id[inst.passage_id].text
        assert inst.answer != inst.default_answer
        assert inst.intended_evidence_span in text and inst.default_evidence_span in text
        assert inst.intended_evidence_span != inst.default_evidence_span
        assert inst.answer in inst.intended_evidence_span and inst.default_answer in inst.default_evidence_span
        assert inst.answer not in inst.context  # C never states the answer
        assert inst.distinctive_fields(), inst.instance_id


def test_demo_corpus_has_distractors(demo, corpus):
    gold = {i.passage_id for i in demo}
    distractors = [p for p in corpus if p.passage_id not in gold]
    assert len(distractors) >= 10
    assert {p.language for p in distractors} == {"en", "zh"}


def test_simulator_on_templates(demo):
    for inst in demo:
        sim = DeterministicSimulator(inst)
        for category in inst.axes:
            intended = template_question(inst, category, "intended")
            default = template_question(inst, category, "default")
            assert intended.fallback_from is None and default.fallback_from is None
            assert sim.decide(intended.question).answer == "yes", (inst.instance_id, intended.question)
            assert sim.decide(default.question).answer == "no", (inst.instance_id, default.question)
        question, answer = template_qa(inst)
        assert answer == "yes"


def test_templates_are_classified_into_their_category(demo):
    for inst in demo:
        for category in inst.axes:
            for reading in ("intended", "default"):
                q = template_question(inst, category, reading).question
                assert category in classify_question(q, inst.language).categories, (inst.instance_id, q)


def test_search_company_and_metric_ranks_gold_first(demo, index):
    hits_at_1 = 0
    misses = []
    for inst in demo:
        query = " ".join([_short_company(inst.company), inst.intended_interpretation.metric or "",
                          inst.default_interpretation.period or ""])
        hits = index.search(query, k=3)
        if hits and hits[0].passage_id == inst.passage_id:
            hits_at_1 += 1
        else:
            misses.append((inst.instance_id, query, [h.passage_id for h in hits]))
    assert misses == []
    assert hits_at_1 == len(demo)


def test_search_company_and_metric_alone_ranks_a_passage_with_both_first(demo, index):
    # Without the period, same-company passages for other years are legitimate ties; the top passage
    # must still name the query's company and contain its metric (EN and ZH alike).
    for inst in demo:
        company = _short_company(inst.company)
        metric = inst.intended_interpretation.metric or ""
        top = index.search(f"{company} {metric}", k=1)[0]
        metric_tokens = set(tokenize(metric, query=True))
        assert company.split()[0].lower() in top.text.lower() or company[:4] in top.text, (inst.instance_id, top.passage_id)
        assert metric_tokens & set(tokenize(top.text)), (inst.instance_id, metric, top.passage_id)


def test_search_with_the_question_itself_finds_gold_in_top3(demo, index):
    # The raw question is a harder query (no metric qualifiers, same-company distractors): gold in top 3.
    for inst in demo:
        assert inst.passage_id in [h.passage_id for h in index.search(inst.question, k=3)], inst.instance_id


def test_demo_paths_exist():
    assert demo_instances_path().is_file() and demo_corpus_path().is_file()
