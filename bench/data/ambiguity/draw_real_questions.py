"""Draw real clarifying questions from the published FinInteract runs for blind labelling (issue 23).

    python bench/data/ambiguity/draw_real_questions.py --out DIR --name fit:zh=180,en=54 --name heldout:zh=200,en=100 \
        [--exclude SET.jsonl ...] [--seed 2026]

Reads every agent question of the shared runs (`axis_hits[*].question` in the three result files under
../shared/data/fininteract/results), leaves out every (instance, question) pair already in a labelled set
(`--exclude`; the bundled real sets and the shared 100 by default; `real-labelled-ef` and `real-heldout` were
drawn by the command above, with seed 2026, before they were bundled) and repeated question texts, and deals the
rest into the named sets with a seeded shuffle, round-robin over instances so that no instance dominates a set.
Each set goes to DIR/NAME/input.jsonl, one item per line with a copy of the instance's user question, company,
C and intended interpretation for the labellers: those belong to the release and stay outside the repository;
only the merged labels (`merge_commissioned_labels.py`) are shipped.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
REPO = HERE.parents[3]
SHARED = REPO.parent / "shared" / "data" / "fininteract"
LABELLED = REPO / "src" / "finprobe" / "benchmarks" / "ambiguity" / "data" / "labelled"
RESULT_FILES = ("eval_gpt5_gpt4o.dev.jsonl", "eval_gpt5mini.dev.jsonl", "eval_forced4_gpt-5.dev.jsonl")
#: every bundled real set and the shared 100
DEFAULT_EXCLUDE = (*sorted(LABELLED.glob("real-*.simulator.jsonl")), SHARED / "labels" / "real_questions.dev.jsonl")


def _read(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _parse_name(spec: str) -> tuple[str, dict[str, int]]:
    name, _, counts = spec.partition(":")
    return name, {lang: int(n) for lang, n in (part.split("=") for part in counts.split(","))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--name", action="append", required=True, help="NAME:zh=N,en=M (in the order dealt)")
    ap.add_argument("--exclude", action="append", type=Path, default=None)
    ap.add_argument("--data", type=Path, default=SHARED)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--prefix", default="x", help="item id prefix (default: %(default)s)")
    args = ap.parse_args(argv)

    seen_pairs = {(r["instance_id"], r["question"].strip()) for p in (args.exclude or DEFAULT_EXCLUDE)
                  for r in _read(p)}
    seen_texts = {q for _, q in seen_pairs}
    instances = {r["instance_id"]: r for r in _read(args.data / "final" / "fininteract_v1.dev.jsonl")}
    pool: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for name in RESULT_FILES:
        for row in _read(args.data / "results" / name):
            for hit in row.get("axis_hits") or []:
                q = str(hit.get("question") or "").strip()
                if not q or q in seen_texts or row["instance_id"] not in instances:
                    continue
                seen_texts.add(q)
                pool[row["language"]][row["instance_id"]].append(
                    {"instance_id": row["instance_id"], "model": row["model"], "language": row["language"],
                     "agent_question": q, "run": name, "mode": row.get("mode")})
    rng = random.Random(args.seed)
    queues: dict[str, list[dict[str, Any]]] = {}
    for lang, by_instance in sorted(pool.items()):
        for items in by_instance.values():
            rng.shuffle(items)
        order = sorted(by_instance)
        rng.shuffle(order)
        dealt: list[dict[str, Any]] = []
        depth = 0
        while any(len(by_instance[i]) > depth for i in order):
            dealt += [by_instance[i][depth] for i in order if len(by_instance[i]) > depth]
            depth += 1
        queues[lang] = dealt
    n = 0
    for spec in args.name:
        name, counts = _parse_name(spec)
        items = []
        for lang, k in counts.items():
            if len(queues.get(lang, [])) < k:
                print(f"error: set {name}: {k} {lang} questions asked for, {len(queues.get(lang, []))} left",
                      file=sys.stderr)
                return 2
            items += queues[lang][:k]
            queues[lang] = queues[lang][k:]
        rng.shuffle(items)
        out = args.out / name
        out.mkdir(parents=True, exist_ok=True)
        with open(out / "input.jsonl", "w", encoding="utf-8") as f:
            for it in items:
                inst = instances[it["instance_id"]]
                rec = {"item": f"{args.prefix}{n:03d}", **it, "user_question": inst["question"],
                       "company": inst.get("company"), "C": inst["context"],
                       "intended_interpretation": inst["intended_interpretation"]}
                n += 1
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")
        print(f"{name}: {len(items)} items ({', '.join(f'{k} {lang}' for lang, k in counts.items())}) -> {out}",
              file=sys.stderr)
    print("left: " + ", ".join(f"{len(v)} {k}" for k, v in queues.items()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
