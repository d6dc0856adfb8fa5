"""Agreement of the multihop judging components with hand-labelled data (goal: ≥ 0.95 each).

- final-answer matcher (`match_final`) on `bench/data/multihop/final_answers.jsonl`: realistic final
  answers to demo-chain questions (other units and scales, rounding, date formats, names/tickers/aliases,
  EN and ZH, answers buried in explanations, near misses, hedges, rejections, non-answers);
- process-hit detector (`hop_reached`) on `bench/data/multihop/trajectories.jsonl`: one item per
  (trajectory, intermediate hop), trajectories played with real tool results.

Each has a `dev` set (the rules were fixed against it) and a `heldout` set written afterwards with new
phrasings (`*_heldout.jsonl`, including hand-written free-form trajectories), reported separately.

An `independent` split (`*_independent.jsonl`) was written and labelled by an annotator who did not read the
rules' code; `--finals PATH` / `--trajectories PATH` score any other file of the same format (items with
`"unsure": true` are also reported without them). The rules were since corrected for the error classes that
split revealed (branch fixmh: comparisons, asides, rounding, units, taken-back statements, yearless months),
so it is no longer independent: a fresh unseen set is needed to measure them again.

Each item is scored against its demo chain's hop as `score_chain` passes it: the labelled reference plus the
hop's question and derivation rule (max/min/field — what tells a comparison's direction and the scope the
question asks for); `--bare-refs` leaves those out, as for a release file's hops. The fresh split
(`*_fresh.jsonl`, branch ind2-mh) was used to correct the rules on branch fix2mh (comparisons by direction,
labelled asides, "vs", restatements, nouns of decline, open alternatives; rejected or passed-over golds in
trajectories), so it is no longer independent either. Nor is the third split (`*_third.jsonl`, branch ind3-mh),
used on branch fix3-mh (retractions after a dash/ellipsis, short names of funds and indices, the passed-over
entity's figure, a gold replaced "instead"; see `data/multihop/THIRD_RESULTS.md`).

Run: .venv/bin/python bench/multihop_matchers.py [--show N] [--json] [--split dev|heldout|independent|both]
     [--bare-refs]
Reports agreement overall, by kind of input, by language (and style for trajectories), with the entity
lexicon of the demo market (the default when chains run on a market database) and, for the final
matcher, without it (release files scored with no market). Also items/s of each component.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from finprobe.benchmarks.multihop import (
    EntityLexicon,
    Trajectory,
    demo_chains_path,
    demo_market,
    hop_reached,
    load_chains,
    match_final,
)
from finprobe.benchmarks.multihop.chains import Hop

DATA = Path(__file__).parent / "data" / "multihop"
GOAL = 0.95


_CHAIN_HOPS: dict[str, list[Hop]] = {}


def _chain_hop(item: dict[str, Any]) -> Hop | None:
    """The demo chain's hop an item answers (its id names the chain: "fresh/f04/demo-L1-2hop-01-zh/hop1",
    "demo-L2-3hop-02-zh#1/2"; `hop`, "#N" or "/hopN" names an intermediate hop, else it is the final one)."""
    if not _CHAIN_HOPS:
        _CHAIN_HOPS.update({c.id: c.hops[:-1] + [c.final_hop()] for c in load_chains(demo_chains_path())})
    parts = item["id"].split("/")
    named = next((p for p in parts if p.split("#")[0] in _CHAIN_HOPS), None)
    if named is None:
        return None
    hops = _CHAIN_HOPS[named.split("#")[0]]
    k = (item.get("hop") or (int(named.split("#")[1]) if "#" in named else None)
         or next((int(p[3:]) for p in parts if re.fullmatch(r"hop\d+", p)), None))
    return hops[k - 1] if k else hops[-1]


def _hop(ref: dict[str, Any], item: dict[str, Any] | None = None) -> Hop:
    """The labelled reference as the scorer sees it: the chain's hop gives its question and derivation rule (what
    `score_chain` passes the matcher and the detector), unless `BARE` (a release file's hop has neither)."""
    hop = Hop(answer=ref["answer"], kind=ref["kind"], value=ref.get("value"), unit=ref.get("unit"),
              aliases=ref.get("aliases") or [], distractors=ref.get("distractors") or [])
    source = None if BARE or item is None else _chain_hop(item)
    if source is not None:
        hop = hop.model_copy(update={"question": source.question, "derive": source.derive})
    return hop


BARE = False


def _load(name: str | Path) -> list[dict[str, Any]]:
    path = DATA / name if isinstance(name, str) else name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _table(title: str, results: list[tuple[dict[str, Any], bool]], keys: list[str]) -> dict[str, Any]:
    n = len(results)
    agree = sum(ok for _, ok in results)
    out: dict[str, Any] = {"n": n, "agreement": agree / n if n else None}
    print(f"\n{title}: agreement {agree}/{n} = {agree / n:.3f}  (goal {GOAL})")
    for key in keys:
        groups: dict[str, list[bool]] = defaultdict(list)
        for item, ok in results:
            groups[str(item.get(key))].append(ok)
        out[f"by_{key}"] = {g: {"n": len(v), "agreement": sum(v) / len(v)} for g, v in sorted(groups.items())}
        print(f"  by {key}: " + ", ".join(f"{g} {sum(v)}/{len(v)}" for g, v in sorted(groups.items())))
    sure = [ok for item, ok in results if not item.get("unsure")]
    if len(sure) < n:
        out["agreement_sure_only"] = sum(sure) / len(sure)
        rate = sum(sure) / len(sure)
        print(f"  without the {n - len(sure)} items marked unsure: {sum(sure)}/{len(sure)} = {rate:.3f}")
    return out


def run(show: int, split: str, finals_path: Path | None = None,
        trajectories_path: Path | None = None) -> dict[str, Any]:
    lexicon = EntityLexicon(demo_market().alias_lexicon())
    report: dict[str, Any] = {}
    suffix = {"dev": "", "heldout": "_heldout", "independent": "_independent"}.get(split, "")

    finals = _load(finals_path or f"final_answers{suffix}.jsonl")
    for label, lex in ((f"[{split}] final-answer matcher (demo lexicon)", lexicon),
                       (f"[{split}] final-answer matcher (no lexicon)", None)):
        t0 = time.perf_counter()
        results = []
        for item in finals:
            verdict = match_final(item["answer"], _hop(item["reference"], item), lexicon=lex)
            results.append((item | {"got": verdict.correct, "why": verdict.reason}, verdict.correct == item["label"]))
        rate = len(finals) / (time.perf_counter() - t0)
        report[label] = _table(label, results, ["kind", "language", "label"])
        report[label]["items_per_s"] = rate
        print(f"  {rate:.0f} items/s")
        for item, _ok in [r for r in results if not r[1]][:show]:
            print(f"    MISS {item['id']} [{item['kind']}] label={item['label']} got={item['got']} "
                  f"ref={item['reference']['answer']!r} answer={item['answer'][:110]!r} ({item['why']})")

    trajectories = _load(trajectories_path or f"trajectories{suffix}.jsonl")
    t0 = time.perf_counter()
    results = []
    for item in trajectories:
        traj = Trajectory.from_messages(item["messages"], question=item["question"], final_answer=item["final_answer"])
        got = hop_reached(traj, _hop(item["reference"], item), lexicon=lexicon)
        results.append((item | {"got": got.hit, "why": got.how + " " + got.evidence}, got.hit == item["label"]))
    rate = len(trajectories) / (time.perf_counter() - t0)
    label = f"[{split}] process-hit detector (demo lexicon)"
    report[label] = _table(label, results, ["kind", "language", "style", "hop_kind", "label"])
    report[label]["items_per_s"] = rate
    print(f"  {rate:.0f} items/s")
    for item, _ok in [r for r in results if not r[1]][:show]:
        print(f"    MISS {item['id']} [{item['kind']}/{item['style']}] label={item['label']} got={item['got']} "
              f"ref={item['reference']['answer']!r} ({item['why']})")
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", type=int, default=10, help="disagreements to print per component")
    ap.add_argument("--json", action="store_true", help="print the report as JSON at the end")
    ap.add_argument("--split", choices=["dev", "heldout", "independent", "both"], default="both",
                    help="dev: the sets the rules were tuned on; heldout: sets written afterwards by the same author; "
                         "independent: sets written and labelled by an annotator who did not read the rules' code")
    ap.add_argument("--finals", type=Path, help="score this final-answer file instead (format of final_answers*.jsonl)")
    ap.add_argument("--trajectories", type=Path,
                    help="score this trajectory file instead (format of trajectories*.jsonl)")
    ap.add_argument("--bare-refs", action="store_true",
                    help="give the components the labelled reference alone, without its hop's question and "
                         "derivation rule (as for a release file, whose hops have neither)")
    args = ap.parse_args(argv)
    global BARE
    BARE = args.bare_refs
    report: dict[str, Any] = {}
    if args.finals or args.trajectories:
        report.update(run(args.show, "file", args.finals or DATA / "final_answers_independent.jsonl",
                          args.trajectories or DATA / "trajectories_independent.jsonl"))
    else:
        for split in (["dev", "heldout"] if args.split == "both" else [args.split]):
            report.update(run(args.show, split))
    met = {k: v["agreement"] >= GOAL for k, v in report.items()}
    print("\ngoal met: " + ", ".join(f"{k}: {'yes' if ok else 'NO'}" for k, ok in met.items()))
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
