"""Agreement of the ASK/ANSWER reply classifier with bench/data/regret/classifier.jsonl (realistic assistant
turns: JSON protocol replies and their variants, fenced or wrapped JSON, plain, hedged, confirming,
multi-part and preamble questions, answers wrapped in explanations, courtesy offers and afterthoughts,
conditional answers, refusals, markdown, Chinese; labelled by the definition in
`finprobe.benchmarks.regret.replies`). Reports accuracy by kind, precision/recall of ASK and ANSWER, and
refusal detection.

    python bench/regret_classifier.py [--errors]
"""

from __future__ import annotations

import argparse
import functools
import operator
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from finprobe.benchmarks.regret.replies import classify_reply  # noqa: E402
from regret_data import load_items, prf, report, report_sure  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--errors", action="store_true")
    ap.add_argument("--set", default="classifier.jsonl", help="labelled file in bench/data/regret "
                    "(also: classifier_holdout.jsonl, written after the rules were tuned)")
    args = ap.parse_args()
    items = load_items(args.set)
    rows: list[tuple[str, bool]] = []
    pairs: list[tuple[str, str]] = []
    refusal_pairs: list[tuple[str, str]] = []
    for it in items:
        got = classify_reply(it["text"])
        ok = got.kind == it["label"]
        rows.append((it["kind"], ok))
        pairs.append((str(it["label"]), str(got.kind)))
        if it["label"] == "ANSWER":
            refusal_pairs.append(("R" if it.get("refusal") else "-", "R" if got.refusal else "-"))
            if args.errors and got.kind == "ANSWER" and bool(it.get("refusal")) != got.refusal:
                print(f"    ✗ {it['id']} [{it['kind']}] {it['text'][:100]!r}: refusal gold {bool(it.get('refusal'))}, "
                      f"got {got.refusal}")
        if args.errors and not ok:
            print(f"    ✗ {it['id']} [{it['kind']}] {it['text'][:100]!r}: gold {it['label']}, got {got.kind}")
    report(rows, f"reply classifier on {len(items)} labelled turns")
    report_sure(items, [ok for _, ok in rows])
    for lab in ("ASK", "ANSWER"):
        p, r = prf(pairs, functools.partial(operator.eq, lab))
        print(f"  {lab}: precision {p:.3f} recall {r:.3f}")
    p, r = prf(refusal_pairs, lambda x: x == "R")
    acc = sum(g == p for g, p in refusal_pairs) / len(refusal_pairs)
    print(f"  refusal (among answers): accuracy {acc:.3f} precision {p:.3f} recall {r:.3f}")


if __name__ == "__main__":
    main()
