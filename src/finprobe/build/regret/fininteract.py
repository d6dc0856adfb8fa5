"""FinInteract instances (the ambiguity family's `AmbiguityInstance`) → financial CIGs, so financial
ambiguity can be scored by regret too. Two intents: the intended reading (answer A) and the default reading
(answer A_d); one variable per interpretation field on which they differ (entity, period, metric, basis,
vintage), valued by the two interpretations. Instances without a default answer, or whose readings do not
differ in any field, are dropped with their reason."""

from __future__ import annotations

from collections.abc import Iterable

from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.benchmarks.regret._text import norm
from finprobe.benchmarks.regret.cig import CIG, ClarifyAction, Intent, Variable, ask_action
from finprobe.build.regret.common import ConversionResult

__all__ = ["convert_fininteract_instances"]

_QUESTIONS = {
    "entity": "Which entity or scope do you mean: the whole company or a part of it?",
    "period": "Which period do you mean?",
    "metric": "Which definition of the metric do you mean?",
    "basis": "On which basis do you mean: reported (GAAP) or adjusted?",
    "vintage": "Which version of the figures do you mean: as originally reported or restated?",
}


_SHORT = {"entity": "Which entity do you mean?", "period": "Which period do you mean?",
          "metric": "Which metric definition do you mean?", "basis": "Which basis do you mean?",
          "vintage": "Reported or restated figures?"}


def convert_fininteract_instances(instances: Iterable[AmbiguityInstance], result: ConversionResult) -> None:
    for inst in instances:
        result.n_records += 1
        rid = inst.instance_id
        if not inst.default_answer:
            result.drop(rid, "no default answer (one reading only)")
            continue
        if norm(inst.answer) == norm(inst.default_answer):
            result.drop(rid, "clarification does not change the answer (A equals A_d)")
            continue
        iv, dv = inst.intended_interpretation.values(), inst.default_interpretation.values()
        fields = [f for f in inst.distinctive_fields() if iv.get(f) and dv.get(f)]
        if not fields:
            result.drop(rid, "the readings differ in no interpretation field")
            continue
        variables = [Variable(name=f, values=[iv[f], dv[f]], description=f) for f in fields]
        actions = []
        for f in fields:
            offered = f"Do you mean {iv[f]} or {dv[f]}?"
            # the short question is what the reference planner asks (the cheapest): "Which period do you mean?"
            actions.append(ClarifyAction(action=ask_action(f), reference_questions=[
                _QUESTIONS.get(f, f"Which {f} do you mean?"), offered, _SHORT.get(f, f"Which {f} do you mean?")]))
        intents = [
            Intent(intent_id="intended", description=f"{inst.question} ({'; '.join(iv.values())})",
                   slots={f: iv[f] for f in fields}, answer_aliases=[inst.answer],
                   context=inst.intended_evidence_span),
            Intent(intent_id="default", description=f"{inst.question} ({'; '.join(dv.values())})",
                   slots={f: dv[f] for f in fields}, answer_aliases=[inst.default_answer],
                   context=inst.default_evidence_span),
        ]
        result.keep(CIG(
            cig_id=f"fininteract-{rid}", prompt=inst.question, intents=intents, variables=variables, actions=actions,
            metadata={"source": "fininteract", "source_id": rid, "language": inst.language, "axes": inst.axes,
                      "company": inst.company, "ticker": inst.ticker, "intended_intent": "intended",
                      "fictional": bool(inst.qc.get("fictional")) or "fictional" in (inst.source or "")},
        ), rid, None)
