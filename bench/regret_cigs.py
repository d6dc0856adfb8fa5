"""Would a careful reader accept the CIGs the converters make from the real files (issue 26)?

For each real source in ../shared/data (AmbigNQ train_light, CondAmbigQA dev, PSCon; any other file with
`--file KIND=PATH`, `.gz` too) it converts with the rules and reports, per source: records, CIGs, list questions
kept as one reading, the share of intents whose first alias (the one the planner answers with) is junk — by the
project's fragment rules and by a simple independent check (a connective alone, or a full stop inside the
alias) — values that string several values together, swapped or misaligned slots, mistyped variables, and
self-revealing slots (`benchmarks.regret.quality`), the variable types, and the top drop reasons. `--samples N`
prints N random CIGs per source to read by eye. The exit status is 1 when a junk share exceeds 2% or any other
defect is found.

    python bench/regret_cigs.py [--samples 5] [--seed 0] [--file condambigqa=PATH.json.gz]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from pathlib import Path

from finprobe.benchmarks.regret.quality import quality_findings
from finprobe.build.regret import convert

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
FILES = {"ambignq": SHARED / "ambigqa" / "train_light.json", "condambigqa": SHARED / "condambigqa" / "mcaqa.dev.json",
         "pscon": SHARED / "pscon" / "conversation_en.json"}
#: the simple check: words that are never an answer alone
_SIMPLE_JUNK = {"although", "these", "while", "thus", "this", "however", "that", "those", "they", "it", "which",
                "therefore", "because", "when", "if", "interpretation"}


def simple_junk(alias: str) -> bool:
    words = alias.split()
    return not words or (len(words) == 1 and words[0].lower().strip(".,") in _SIMPLE_JUNK) \
        or bool(re.search(r"[a-z]{3,}\.\s+[A-Z]", alias)) or words[0].lower() in {"although", "these", "thus", "while"}


def report(kind: str, path: Path, samples: int, rng: random.Random) -> bool:
    res = convert(kind, path)
    intents = [i for c in res.cigs for i in c.intents]
    findings = [(c.cig_id, f) for c in res.cigs for f in quality_findings(c)]
    by_kind = Counter(f.kind for _, f in findings)
    first_junk = sum(1 for _, f in findings if f.kind == "fragment_alias" and "first alias" in f.detail)
    simple = sum(simple_junk(i.answer_aliases[0]) for i in intents if i.answer_aliases)
    n = max(len(intents), 1)
    lists = sum(1 for c in res.controls if c.metadata.get("list_question"))
    print(f"\n{kind}: {res.n_records} records -> {len(res.cigs)} CIGs ({len(intents)} intents), "
          f"{len(res.controls)} controls ({lists} list questions kept as one reading), {len(res.dropped)} dropped")
    print(f"  junk first aliases: {first_junk}/{len(intents)} = {first_junk / n:.1%} (fragment rules), "
          f"{simple}/{len(intents)} = {simple / n:.1%} (simple check)")
    for k in ("concatenated_value", "swapped_slots", "misaligned_slot", "mistyped_variable", "self_revealing_slot"):
        print(f"  {k}: {by_kind.get(k, 0)}")
    print(f"  variables: {dict(Counter(v.name for c in res.cigs for v in c.variables).most_common())}")
    for reason, count in list(res.counts["dropped_by_reason"].items())[:6]:
        print(f"  dropped {count}: {reason}")
    for cig in rng.sample(res.cigs, min(samples, len(res.cigs))):
        print(f"  · {cig.cig_id}: {cig.prompt}")
        for v in cig.variables:
            print(f"      {v.name}: {v.values}  asked as {cig.action_for(v.name).reference_questions[0]!r}")
        for i in cig.intents:
            print(f"      {i.intent_id} {i.slots} -> {i.answer_aliases[:3]}")
    ok = first_junk / n <= 0.02 and simple / n <= 0.02 and not (set(by_kind) - {"fragment_alias"})
    return ok


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=0, help="random CIGs per source to print")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--file", action="append", default=[], help="KIND=PATH: another file to measure")
    args = ap.parse_args()
    files = dict(FILES)
    for item in args.file:
        kind, _, path = item.partition("=")
        files[kind] = Path(path)
    rng = random.Random(args.seed)
    oks = [report(kind, path, args.samples, rng) for kind, path in files.items() if path.exists()]
    sys.exit(0 if all(oks) else 1)


if __name__ == "__main__":
    main()
