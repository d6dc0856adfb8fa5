"""Agreement of independent hop annotations with the shipped FinHopper hop gold (the sidecar).

Each annotation file (JSON Lines, one chain a line: `{"prompt_id", "hops": [{"en": [parts], "zh": [parts]}],
"unsure": [n], "note"}`, the format of /work/review/finhopper-hops/INSTRUCTIONS.md) was written blind to the
sidecar and to the other annotators. A hop agrees when the annotator's answer, read by the family's own
final-answer matcher against the sidecar hop (its parts, aliases, dates, figures), states it, and names as many
parts as the sidecar does. Reported per language and per kind of hop, for intermediate hops (the process
checkpoints) and final hops separately, with every disagreement listed for review.

    .venv/bin/python bench/multihop_hop_gold_agreement.py ../shared/data/finhopper ANNOTATIONS.jsonl [...]

The annotation files are kept outside the project (they are reviewers' work, not data the project ships).
Exit status 0; the numbers are the measurement.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

from finprobe.benchmarks.multihop import load_chains, match_final
from finprobe.benchmarks.multihop.chains import Chain, Hop
from finprobe.benchmarks.multihop.periods import find_time_mentions


def _agrees(parts: list[str], hop: Hop, lang: str) -> tuple[bool, str]:
    if not parts or not any(p.strip() for p in parts):
        return False, "no answer"
    text = ("; " if lang == "en" else "；").join(parts)
    m = match_final(text, hop)
    n_gold = max(1, len(hop.parts))
    # parts that name the same thing twice ("中药ETF" for two listed funds, one date for two reports) count once
    distinct: list[str] = []
    for p in parts:
        # a "name: figure" part (the instructions' form for "respectively") is keyed by what follows the label
        value = re.split(r"[:：]\s*", p)[-1] if re.search(r"[:：]\s*\S", p) else p
        dates = [m.value for m in find_time_mentions(value) if m.kind == "date"]
        key = dates[0] if dates else value.strip().casefold()
        if key not in distinct:
            distinct.append(key)
    parts = distinct
    if m.correct and len(parts) != n_gold and not hop.alternatives:
        return False, f"{len(parts)} parts, the sidecar has {n_gold}"
    return m.correct, m.reason


def main(argv: list[str]) -> int:
    release = Path(argv[0])
    chains: dict[tuple[str, str], Chain] = {}
    for lang in ("en", "zh"):
        for c in load_chains(release / f"benchmark_{lang}.json"):
            chains[(c.id, lang)] = c
    for path in argv[1:]:
        rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
        counts: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
        disagreements = []
        for row in rows:
            pid = row["prompt_id"]
            for lang in ("en", "zh"):
                chain = chains.get((pid, lang))
                if chain is None:
                    continue
                for i, ann in enumerate(row.get("hops") or []):
                    if i >= chain.k:
                        break
                    hop = chain.hops[i] if i < chain.k - 1 else chain.final_hop()
                    where = "final" if i == chain.k - 1 else "intermediate"
                    ok, why = _agrees([str(p) for p in ann.get(lang) or []], hop, lang)
                    counts[(where, lang, hop.kind)]["agree" if ok else "disagree"] += 1
                    if not ok:
                        disagreements.append(f"{pid} hop {i + 1} [{lang}] {hop.how}: annotator {ann.get(lang)} vs "
                                             f"sidecar {hop.answer!r} ({why})")
        print(f"== {path}: {len(rows)} chains")
        for where in ("intermediate", "final"):
            for lang in ("en", "zh"):
                tot = Counter[str]()
                for (w, lg, _), c in counts.items():
                    if w == where and lg == lang:
                        tot.update(c)
                n = tot["agree"] + tot["disagree"]
                if n:
                    print(f"{where:<12} {lang}: {tot['agree']}/{n} agree ({tot['agree'] / n:.1%})")
        by_kind = Counter[str]()
        for (w, lg, kind), c in counts.items():
            if w == "intermediate" and lg == "zh":
                by_kind[f"{kind} agree"] += c["agree"]
                by_kind[f"{kind} total"] += c["agree"] + c["disagree"]
        print("intermediate zh by kind:", dict(sorted(by_kind.items())))
        print(f"{len(disagreements)} disagreements:")
        for d in disagreements:
            print("  ", d)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
