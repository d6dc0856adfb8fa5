"""Precision and recall of the question-category classifiers on hand-labelled clarification questions.

The labelled set is the simulator set (`src/finprobe/benchmarks/ambiguity/data/labelled/invented-demo-author.simulator.jsonl`): every question
carries the categories it names (`categories`), its central one (`main`, none on a tie) and whether it is a
question about the user's intent that names no category (`question_kind` "generic") or not about the
user's intent at all ("none"), labelled by hand from the category definitions (`categories.CATEGORIES`).

    python bench/ambiguity_classifier.py                  # lexicon (default) and, if installed, embeddings
    python bench/ambiguity_classifier.py --original       # give the classifier the user's original question
    python bench/ambiguity_classifier.py --show lexicon   # list the lexicon's misses

Reports per category precision and recall (multi-label), touch agreement (the predicted set meets the
labelled set), central agreement, generic/none accuracy, and AC@1 touch computed as the metric does
(first-question touch of the instance's true axes) with the labelled and the predicted categories.
Goal: AC@1 touch >= 0.97.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from ambiguity_common import instances, read_jsonl
from finprobe.benchmarks.ambiguity.categories import CATEGORY_NAMES, CategoryVerdict, classify_question

Classifier = Callable[[str, str | None], CategoryVerdict]


def evaluate(name: str, items: list[dict[str, Any]], classify: Classifier, use_original: bool,
             show: bool) -> float:
    insts = instances()
    tp = dict.fromkeys(CATEGORY_NAMES, 0)
    fp = dict.fromkeys(CATEGORY_NAMES, 0)
    fn = dict.fromkeys(CATEGORY_NAMES, 0)
    touch_ok = central_ok = kind_ok = n_cat = 0
    ac1_gold: list[float] = []
    ac1_pred: list[float] = []
    misses = []
    for it in items:
        inst = insts[it["instance_id"]]
        v = classify(it["question"], inst.question if use_original else None)
        pred, gold = set(v.categories), set(it["categories"])
        for c in CATEGORY_NAMES:
            tp[c] += c in pred and c in gold
            fp[c] += c in pred and c not in gold
            fn[c] += c not in pred and c in gold
        kind = "none" if getattr(v, "none", False) else ("generic" if not v.categories else "category")
        kind_ok += kind == it["question_kind"]
        if gold:
            n_cat += 1
            touch_ok += bool(pred & gold)
            central_ok += v.main == it["main"] if it["main"] else True
            axes = set(inst.axes)
            ac1_gold.append(1.0 if gold & axes else 0.0)
            ac1_pred.append(1.0 if pred & axes else 0.0)
        if pred != gold or kind != it["question_kind"]:
            misses.append((it, sorted(pred), kind))
    print(f"{name}: {len(items)} questions ({n_cat} naming a category)")
    for c in CATEGORY_NAMES:
        p = tp[c] / (tp[c] + fp[c]) if tp[c] + fp[c] else float("nan")
        r = tp[c] / (tp[c] + fn[c]) if tp[c] + fn[c] else float("nan")
        print(f"  {c:<20} precision {p:5.3f}  recall {r:5.3f}  (n={tp[c] + fn[c]})")
    touch = touch_ok / n_cat
    print(f"  touch agreement (predicted meets labelled) {touch:.3f}; central agreement {central_ok / n_cat:.3f}; "
          f"category/generic/none agreement {kind_ok / len(items):.3f}")
    gold_ac1, pred_ac1 = sum(ac1_gold) / len(ac1_gold), sum(ac1_pred) / len(ac1_pred)
    agree = sum(a == b for a, b in zip(ac1_gold, ac1_pred, strict=True)) / len(ac1_gold)
    print(f"  AC@1 touch over these questions: labels {gold_ac1:.3f}, classifier {pred_ac1:.3f}, "
          f"per-question agreement {agree:.3f}")
    if show:
        for it, pred, kind in misses:
            print(f"    {it['id']:<16} gold={it['categories'] or it['question_kind']} got={pred or kind}: "
                  f"{it['question']}")
    return pred_ac1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--original", action="store_true", help="pass the user's original question (discounts repeats)")
    ap.add_argument("--show", choices=["lexicon", "embeddings"], help="list that classifier's misses")
    args = ap.parse_args(argv)
    items = read_jsonl("invented-demo-author.simulator.jsonl")
    lex = evaluate("lexicon", items, lambda q, o: classify_question(q, None, original_question=o), args.original,
                   args.show == "lexicon")
    try:
        from finprobe.benchmarks.ambiguity.classifier import EmbeddingClassifier

        emb = EmbeddingClassifier()
    except ImportError as exc:
        print(f"embeddings classifier unavailable: {exc}")
        return 0 if lex >= 0.97 else 1
    evaluate("embeddings", items, lambda q, o: emb.classify(q, original_question=o), args.original,
             args.show == "embeddings")
    return 0 if lex >= 0.97 else 1


if __name__ == "__main__":
    sys.exit(main())
