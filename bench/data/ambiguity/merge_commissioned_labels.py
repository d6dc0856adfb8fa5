"""Merge two blind labellers' files into a bundled real-question set (issue 23).

    python bench/data/ambiguity/merge_commissioned_labels.py INPUT.jsonl LABELS.1.jsonl LABELS.2.jsonl \
        > src/finprobe/benchmarks/ambiguity/data/labelled/SET.simulator.jsonl

Used for `real-commissioned` (240 questions, labellers A and B), `real-labelled-cd` (160 further questions,
labellers C and D; items rq-h000…), `real-labelled-ef` (234, labellers E and F) and `real-heldout` (300, labellers G
and H; items rq-x000…, drawn by `draw_real_questions.py`, whose input files carry the same keys). Each labeller's
file may be the concatenation of its parts.

INPUT holds questions drawn from the published FinInteract runs (the agents' own clarifying questions; model
output, kept verbatim with the model that asked), with a copy of each instance's C and intended interpretation for
the labellers. Only what the project may ship is written: the question, its instance id, the model, the language
and both labellers' labels — not C or the interpretation, which belong to the release (a run reads them from the
release's instance file, `--instances`). `reply` is the labellers' common reply (null where they differ); `sure`
marks items both labelled the same reply with high confidence.

The inter-labeller agreement (reply: raw agreement with its Wilson 95% interval and Cohen's kappa, overall and by
language; both-high-confidence share) goes to stderr. Cohen's kappa is scikit-learn's (installed with the
embeddings extra: `FINPROBE_WITH_EMBEDDINGS=1 bash dev/setup.sh`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from finprobe.core.stats import wilson_interval


def _read(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def agreement(pairs: Sequence[tuple[dict[str, Any], dict[str, Any]]]) -> dict[str, Any]:
    """How often the two labellers give the same reply (with Wilson 95%), Cohen's kappa on the reply, and how many
    items both label with high confidence and the same reply (`sure`)."""
    from sklearn.metrics import cohen_kappa_score

    n = len(pairs)
    same = sum(1 for a, b in pairs if a["reply"] == b["reply"])
    lo, hi = wilson_interval(same, n)
    kappa = cohen_kappa_score([a["reply"] for a, _ in pairs], [b["reply"] for _, b in pairs])
    sure = sum(1 for a, b in pairs if a["reply"] == b["reply"] and a["reply_confidence"] == b["reply_confidence"] == "high")
    both_high = sum(1 for a, b in pairs if a["reply_confidence"] == b["reply_confidence"] == "high")
    same_when_high = sum(1 for a, b in pairs if a["reply_confidence"] == b["reply_confidence"] == "high"
                         and a["reply"] == b["reply"])
    return {"n": n, "same_reply": same, "rate": same / n, "ci_low": lo, "ci_high": hi, "kappa": float(kappa),
            "sure": sure, "both_high": both_high, "same_reply_when_both_high": same_when_high}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input")
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--prefix", default="rq-", help="prefix of each item's id (default: %(default)s)")
    args = ap.parse_args(argv)
    items = _read(args.input)
    labels = {}
    for who, path in (("first", args.first), ("second", args.second)):
        for rec in _read(path):
            labels[(who, rec["item"])] = rec
    missing = [it["item"] for it in items if ("first", it["item"]) not in labels or ("second", it["item"]) not in labels]
    if missing:
        print(f"error: {len(missing)} items lack a label in one of the files (e.g. {', '.join(missing[:3])})",
              file=sys.stderr)
        return 2
    pairs_by_language: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for it in items:
        a, b = labels[("first", it["item"])], labels[("second", it["item"])]
        pairs_by_language.setdefault(it["language"], []).append((a, b))
        agree = a["reply"] == b["reply"]
        out = {
            "id": f"{args.prefix}{it['item']}", "instance_id": it["instance_id"], "language": it["language"],
            "model": it["model"], "question": it["agent_question"],
            "reply": a["reply"] if agree else None,
            "sure": agree and a["reply_confidence"] == b["reply_confidence"] == "high",
            "categories": sorted(set(a["categories"]) | set(b["categories"])),
            "central": a["central"] if a["central"] == b["central"] else None,
            "labels": [{k: rec[k] for k in ("labeller", "reply", "reply_confidence", "categories", "central",
                                            "category_confidence", "why")} for rec in (a, b)],
        }
        print(json.dumps(out, ensure_ascii=False))
    summary = {"all": agreement([p for ps in pairs_by_language.values() for p in ps]),
               **{lang: agreement(ps) for lang, ps in sorted(pairs_by_language.items())}}
    print("inter-labeller agreement: " + json.dumps(summary, indent=1), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
