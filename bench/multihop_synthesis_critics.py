"""Agreement of the synthesis text critic (leak, scope, length; what a paraphrase must pass) with hand labels.

Data: `bench/data/multihop/synthesis_paraphrases.jsonl` (dev: the checks were fixed against it) and
`synthesis_paraphrases_heldout.jsonl` (written afterwards, new phrasings on other chains), reported apart —
paraphrases of frozen synthesized chains (`synthesis_bases.json`), EN and ZH, written the way paraphrasing models write (reworded, polite, reordered,
other date formats, tickers, the other language's names) and hand-labelled `ok`, `leak`, `scope_lost`,
`scope_added` or `meaning_changed` (see `bench/data/multihop/author_paraphrases.py` for the definitions).

The critic's decision is accept (no problem found) or reject. Agreement = the decision a careful human would
make (accept exactly the `ok` items). Goal ≥ 0.95 over ok/leak/scope items. `meaning_changed` items keep
every word the checks track and change the relation; they are reported apart — the deterministic critic is
not expected to see them, which is why `build multihop` adopts a paraphrase only with an LLM critic's verdict.

Run: .venv/bin/python bench/multihop_synthesis_critics.py [--show N] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from finprobe.benchmarks.multihop import Chain, EntityLexicon, MarketTools, demo_market
from finprobe.build.multihop.critics import Constraints, LengthBounds, text_critic
from finprobe.build.multihop.pool import MarketPool
from finprobe.build.multihop.reader import QuestionReader
from finprobe.build.multihop.vocab import Vocabulary

DATA = Path(__file__).parent / "data" / "multihop"
GOAL = 0.95


def evaluate(items: list[dict[str, Any]], bases: dict[str, Chain], readers: dict[str, QuestionReader],
             lexicon: EntityLexicon, *, templates: bool) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    items = list(items)
    if templates:  # the verified templates themselves must pass
        used = dict.fromkeys(x["base"] for x in items)
        items += [{"id": f"{b}/template", "base": b, "language": bases[b].language, "kind": "ok_template",
                   "label": "ok", "text": bases[b].question} for b in used]
    t0 = time.perf_counter()
    for item in items:
        chain = bases[item["base"]]
        cons = Constraints.model_validate(chain.meta["constraints"])
        r = text_critic(item["text"], chain.hops, cons, chain.language, readers[chain.language], lexicon,
                        LengthBounds())
        decision = "accept" if r.ok else "reject"
        want = "accept" if item["label"] == "ok" else "reject"
        rows.append({**item, "decision": decision, "agree": decision == want, "reason": r.reason,
                     "problems": r.problems})
    elapsed = time.perf_counter() - t0

    def rate(sub: list[dict[str, Any]]) -> dict[str, Any]:
        return {"n": len(sub), "agreement": round(sum(x["agree"] for x in sub) / len(sub), 4) if sub else None}

    scored = [x for x in rows if x["label"] != "meaning_changed"]
    by_label: dict[str, list[dict[str, Any]]] = defaultdict(list)
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    by_lang: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for x in rows:
        by_label[x["label"]].append(x)
        by_kind["_".join(x["kind"].split("_")[:2])].append(x)
        if x["label"] != "meaning_changed":
            by_lang[x["language"]].append(x)
    rejected_right = [x for x in scored if x["label"] != "ok" and x["decision"] == "reject"]
    return {
        "items": len(rows),
        "overall": rate(scored),
        "goal_met": (rate(scored)["agreement"] or 0) >= GOAL,
        "by_label": {k: rate(v) for k, v in sorted(by_label.items())},
        "by_language": {k: rate(v) for k, v in sorted(by_lang.items())},
        "by_kind": {k: rate(v) for k, v in sorted(by_kind.items())},
        "reason_matches_label": round(sum(x["reason"] == x["label"] for x in rejected_right)
                                      / len(rejected_right), 4) if rejected_right else None,
        "meaning_changed_rejected": rate([{**x, "agree": x["decision"] == "reject"} for x in by_label["meaning_changed"]]),
        "items_per_s": round(len(rows) / elapsed, 1),
        "disagreements": [{k: x[k] for k in ("id", "kind", "label", "decision", "reason", "problems", "text")}
                          for x in scored if not x["agree"]],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--show", type=int, default=0, help="print up to N disagreements per set")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    db = demo_market()
    pool, vocab, lexicon = MarketPool(db), Vocabulary(db), EntityLexicon(db.alias_lexicon())
    readers = {lang: QuestionReader(db, pool, vocab, MarketTools(db, language=lang)) for lang in ("en", "zh")}
    bases = {c["id"]: Chain.model_validate(c)
             for c in json.loads((DATA / "synthesis_bases.json").read_text(encoding="utf-8"))}
    out: dict[str, Any] = {"goal": GOAL}
    for name, file in (("dev", "synthesis_paraphrases.jsonl"), ("heldout", "synthesis_paraphrases_heldout.jsonl")):
        items = [json.loads(line) for line in (DATA / file).read_text(encoding="utf-8").splitlines() if line.strip()]
        out[name] = evaluate(items, bases, readers, lexicon, templates=True)
    if args.json:
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    for name in ("dev", "heldout"):
        r = out[name]
        o = r["overall"]
        print(f"[{name}] synthesis text critic vs hand labels: {o['agreement']:.3f} over {o['n']} ok/leak/scope "
              f"items (goal {GOAL}; met: {r['goal_met']}); {r['items_per_s']} items/s")
        for title, table in (("label", r["by_label"]), ("language", r["by_language"]), ("kind", r["by_kind"])):
            print(f"  by {title}: " + ", ".join(f"{k} {v['agreement']:.2f} ({v['n']})" for k, v in table.items()))
        print(f"  rejected items whose first reason is their label: {r['reason_matches_label']}")
        m = r["meaning_changed_rejected"]
        print(f"  meaning_changed rejected by the deterministic critic: {m['agreement']} of {m['n']} "
              "(outside its reach; the LLM critic's job)")
        for x in r["disagreements"][: args.show]:
            print(f"    [{x['label']} -> {x['decision']} {x['reason']}] {x['id']} {x['kind']}: {x['text'][:140]}")
            if x["problems"]:
                print(f"        {x['problems'][:2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
