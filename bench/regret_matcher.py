"""Agreement of the final answer → intent matcher with bench/data/regret/matcher.jsonl (realistic final
answers over CIGs converted from the real AmbigNQ / PSCon files, the FinInteract demo set and the project's
samples: aliases in sentences and explanations, other date and number formats, product titles paraphrased,
hedges naming two intents, set-aside mentions, wrong answers, refusals, markdown, Chinese; labelled by the
definition in `finprobe.benchmarks.regret.matching`: the intent the answer commits to, or none).

    python bench/regret_matcher.py [--errors]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from finprobe.benchmarks.regret.matching import FUZZY_THRESHOLD, match_intent  # noqa: E402
from regret_data import all_cigs, answerable, load_items, report, report_sure  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--errors", action="store_true")
    ap.add_argument("--set", default="matcher.jsonl", help="labelled file in bench/data/regret "
                    "(also: matcher_holdout.jsonl, written after the rules were tuned)")
    args = ap.parse_args()
    cigs = all_cigs()
    items = answerable(load_items(args.set), cigs, "matcher")
    rows = []
    tp = fp = fn = 0
    for it in items:
        got = match_intent(it["text"], cigs[it["cig"]])
        ok = got.intent_id == it["label"]
        rows.append((it["kind"], ok))
        if got.intent_id is not None:
            tp += ok
            fp += not ok
        if it["label"] is not None and got.intent_id != it["label"]:
            fn += 1
        if args.errors and not ok:
            print(f"    ✗ {it['id']} [{it['kind']}] {it['text'][:90]!r}: gold {it['label']}, got {got.intent_id} "
                  f"({got.method})")
    report(rows, f"answer → intent matcher on {len(items)} labelled answers (fuzzy threshold {FUZZY_THRESHOLD})")
    report_sure(items, [ok for _, ok in rows])
    print(f"  selecting an intent: precision {tp / max(tp + fp, 1):.3f} recall {tp / max(tp + fn, 1):.3f}")
    none_gold = [(g, p) for g, p in ((it["label"], match_intent(it["text"], cigs[it["cig"]]).intent_id)
                                     for it in items) if g is None]
    print(f"  no-intent answers (hedges, wrong, refusals): {sum(p is None for _, p in none_gold)}/{len(none_gold)} "
          "recognised as no intent")


if __name__ == "__main__":
    main()
