"""Agreement of the user simulators with hand-labelled answers to realistic clarification questions.

The labelled set (`src/finprobe/benchmarks/ambiguity/data/labelled/invented-demo-author.simulator.jsonl`) holds questions of the kinds real models
ask (confirmations, period checks, "most recent fiscal year", TTM, bundles of two propositions, polite
wrappers, markdown, Chinese phrasings, open and off-intent questions) on the bundled demo instances and the
bench's fictional fixture instances. Each label is what the user would answer knowing only C and the
intended interpretation (DESIGN §4), decided by a careful reader, not by running a simulator; `unsure`
marks labels a careful reader could dispute.

    python bench/ambiguity_simulator.py                 # deterministic simulator
    python bench/ambiguity_simulator.py --show dev      # also list its disagreements on the dev split
    python bench/ambiguity_simulator.py --llm openai:MODEL [--base-url URL]   # the LLM simulator
    python bench/ambiguity_simulator.py --set src/finprobe/benchmarks/ambiguity/data/labelled/invented-demo-annotator.simulator.jsonl --show all
    python bench/ambiguity_simulator.py --set src/finprobe/benchmarks/ambiguity/data/labelled/invented-fr-annotator.simulator.jsonl \
        --instances src/finprobe/benchmarks/ambiguity/data/labelled/invented-fr.instances.jsonl --show all

The LLM simulator can only be measured against a real endpoint; a scripted backend would measure the
script, not a model. Goal: agreement >= 0.90 on the labels a careful reader is sure of.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from ambiguity_common import (
    DATA,
    BareGenerator,
    add_instances_option,
    agreement_table,
    instances,
    read_jsonl,
    require_instances,
)
from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator, LLMSimulator


async def _llm_answers(items: list[dict[str, Any]], spec: str, base_url: str | None,
                       insts: dict[str, Any]) -> list[str]:
    model = BareGenerator(spec, base_url)
    out = []
    for it in items:
        reply = await LLMSimulator(insts[it["instance_id"]], model).reply(it["question"])
        out.append(reply.answer)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--llm", metavar="SPEC", help="measure the LLM simulator with this model spec instead")
    ap.add_argument("--base-url")
    ap.add_argument("--show", choices=["dev", "all"], help="list disagreements (dev split, or all items)")
    ap.add_argument("--set", metavar="FILE", type=Path, default=DATA / "invented-demo-author.simulator.jsonl",
                    help="labelled set to measure (default: %(default)s), e.g. invented-demo-annotator.simulator.jsonl")
    add_instances_option(ap)
    args = ap.parse_args(argv)
    items = read_jsonl(args.set.name, args.set.resolve().parent)
    insts = instances(args.instances)
    require_instances(items, insts, args.set)
    if args.llm:
        answers = asyncio.run(_llm_answers(items, args.llm, args.base_url, insts))
        name = f"LLM simulator ({args.llm})"
    else:
        answers = [DeterministicSimulator(insts[it["instance_id"]]).decide(it["question"]).answer for it in items]
        name = "deterministic simulator"
    for it, ans in zip(items, answers, strict=True):
        it["predicted"] = ans
        it["sure"] = not it["unsure"]

    def ok(it: dict[str, Any]) -> bool:
        return it["predicted"] == it["label"]

    sure = [it for it in items if it["sure"]]
    print(f"{name}: {len(items)} labelled questions ({len(sure)} sure) on {len({i['instance_id'] for i in items})} "
          "instances")
    print("all labels:")
    print("\n".join(agreement_table(items, ok, ["kind", "lang", "label", "split"])))
    print("labels a careful reader is sure of:")
    print("\n".join(agreement_table(sure, ok, ["kind", "lang", "label", "split"])))
    if args.show:
        shown = [it for it in items if not ok(it) and (args.show == "all" or it["split"] == "dev")]
        print(f"disagreements ({args.show}): {len(shown)}")
        for it in shown:
            mark = "?" if it["unsure"] else " "
            print(f"  {it['id']:<16}{mark} label={it['label']!r:<16} got={it['predicted']!r:<16} {it['question']}")
    rate = sum(ok(it) for it in sure) / len(sure)
    return 0 if rate >= 0.90 else 1


if __name__ == "__main__":
    sys.exit(main())
