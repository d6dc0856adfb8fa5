"""Merge the two blind labellers' files into the bundled real-question set (issue 23).

    python bench/data/ambiguity/merge_commissioned_labels.py INPUT.jsonl LABELS.A.jsonl LABELS.B.jsonl \
        > src/finprobe/benchmarks/ambiguity/data/labelled/real-commissioned.simulator.jsonl

INPUT holds the 240 questions drawn from the published FinInteract runs (the agents' own clarifying questions;
model output, kept verbatim with the model that asked), with a copy of each instance's C and intended
interpretation for the labellers. Only what the project may ship is written: the question, its instance id,
the model, the language and both labellers' labels — not C or the interpretation, which belong to the release
(a run reads them from the release's instance file, `--instances`). `reply` is the labellers' common reply
(null where they differ); `sure` marks items both labelled the same reply with high confidence.
"""

from __future__ import annotations

import json
import sys


def main(input_path: str, a_path: str, b_path: str) -> None:
    items = [json.loads(line) for line in open(input_path, encoding="utf-8") if line.strip()]
    labels = {}
    for who, path in (("A", a_path), ("B", b_path)):
        for line in open(path, encoding="utf-8"):
            if line.strip():
                rec = json.loads(line)
                labels[(who, rec["item"])] = rec
    for it in items:
        a, b = labels[("A", it["item"])], labels[("B", it["item"])]
        agree = a["reply"] == b["reply"]
        out = {
            "id": f"rq-{it['item']}", "instance_id": it["instance_id"], "language": it["language"],
            "model": it["model"], "question": it["agent_question"],
            "reply": a["reply"] if agree else None,
            "sure": agree and a["reply_confidence"] == b["reply_confidence"] == "high",
            "categories": sorted(set(a["categories"]) | set(b["categories"])),
            "central": a["central"] if a["central"] == b["central"] else None,
            "labels": [{k: rec[k] for k in ("labeller", "reply", "reply_confidence", "categories", "central",
                                            "category_confidence", "why")} for rec in (a, b)],
        }
        print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main(*sys.argv[1:4])
