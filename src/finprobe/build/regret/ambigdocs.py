"""AmbigDocs records `{qid, ambiguous_entity, question, documents: [{title, text, answer}]}` → CIGs
(DESIGN §5; RegretBench §3.2): each document is an intent (its title the description, its text the context,
its answer the alias). The disambiguator is what a title adds to the ambiguous entity ("Fort Amsterdam
(Curaçao)" → "Curaçao", "Daniel Bernoulli" → "Daniel"); typed attributes of the disambiguators become the
variables, else one `referent` variable of short disambiguators. Appendix A: documents whose title does not
name the entity are not clean alternatives; a question that already names a disambiguator is resolved."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from finprobe.benchmarks.regret._text import mentions, norm
from finprobe.benchmarks.regret.cig import CIG, ClarifyAction, Intent, Variable, ask_action
from finprobe.build.regret.attributes import build_variables, features, reference_questions
from finprobe.build.regret.common import ConversionResult

__all__ = ["convert_ambigdocs_records", "disambiguator"]


def disambiguator(title: str, entity: str) -> str | None:
    """What the title adds to the entity, or None when the title does not name the entity."""
    t, e = title.strip(), entity.strip()
    m = re.search(re.escape(e), t, re.I)
    if not m:
        return None
    rest = (t[:m.start()] + " " + t[m.end():]).strip()
    rest = re.sub(r"^[\s,(]+|[\s,)]+$", "", rest)
    rest = rest.replace("(", "").replace(")", "").strip()
    return rest or ""


def convert_ambigdocs_records(records: Iterable[tuple[str, Any]], result: ConversionResult) -> None:
    for where, rec in records:
        result.n_records += 1
        if not isinstance(rec, dict) or not isinstance(rec.get("documents"), list) or not rec.get("question") \
                or not rec.get("ambiguous_entity"):
            result.drop(str(rec.get("qid") if isinstance(rec, dict) else "?"), "malformed record",
                        detail="expected {qid, ambiguous_entity, question, documents: [{title, text, answer}]}",
                        where=where)
            continue
        rid = str(rec.get("qid"))
        entity, question = str(rec["ambiguous_entity"]), str(rec["question"]).strip()
        docs = []
        for d in rec["documents"]:
            if not isinstance(d, dict) or not str(d.get("answer") or "").strip() \
                    or not str(d.get("title") or "").strip():
                continue
            dis = disambiguator(str(d["title"]), entity)
            if dis is None:
                continue  # not a referent of the same surface form
            docs.append((d, dis))
        if len(docs) < 2:
            result.drop(rid, "poor candidate set (fewer than two documents naming the entity with an answer)",
                        where=where)
            continue
        qn = norm(question)
        if any(dis and mentions(qn, dis) for _, dis in docs):
            result.drop(rid, "the question already names the intended referent", where=where)
            continue
        answers = [norm(str(d["answer"])) for d, _ in docs]
        if len(set(answers)) < len(answers):
            result.drop(rid, "clarification does not change the answer (documents share an answer)", where=where)
            continue
        labels = [dis or "the main one" for _, dis in docs]
        plan = build_variables([features(f"{d['title']}") for d, _ in docs])
        if isinstance(plan, str):
            if any(len(x.split()) > 4 for x in labels) or len({x.lower() for x in labels}) < len(labels):
                result.drop(rid, "alternatives not distinguishable with concise labels", where=where)
                continue
            vars_ = [Variable(name="referent", values=labels, description="which one")]
            actions = [ClarifyAction(action=ask_action("referent"),
                                     reference_questions=[f"Which {entity} do you mean?"] +
                                     reference_questions("referent", labels)[1:])]
            slots = [{"referent": x} for x in labels]
        else:
            vars_, actions, slots = plan.variables, plan.actions, plan.slots
        intents = [Intent(intent_id=f"d{k + 1}", description=str(d["title"]).strip(), slots=slots[k],
                          answer_aliases=[str(d["answer"]).strip()], context=str(d.get("text") or "")[:2000] or None)
                   for k, (d, _) in enumerate(docs)]
        result.keep(CIG(cig_id=f"ambigdocs-{rid}", prompt=question, intents=intents, variables=vars_,
                               actions=actions, metadata={"source": "ambigdocs", "source_id": rid,
                                                          "ambiguous_entity": entity}), rid, where)
