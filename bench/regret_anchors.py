"""Anchors of RegretBench Table 3: reference-planner and immediate-baseline values (cooperative persona,
horizon 5, 3 rollouts, λ = 0.001). The paper implies R_ref ≈ 0.998 and R_base ≈ 0.39 on its open-domain
subset (AmbigDocs + CondAmbigQA). This reports, per converted source, the exact planned values, the intent
count that drives R_base (R_base ≈ mean 1/|Z| minus the answer's token cost), and — for the planner and the
baseline played as assistants through the full text pipeline (classifier, mapper, simulator, matcher) — the
measured mean reward over every intent × 3 rollouts next to the planned value.

    python bench/regret_anchors.py [--episodes 300] [--persona cooperative]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from finprobe.benchmarks.regret import (  # noqa: E402
    PERSONAS,
    ActionMapper,
    ImmediatePolicy,
    PlannerPolicy,
    get_profile,
    reference_values,
    run_episode,
)
from finprobe.benchmarks.regret._text import count_tokens  # noqa: E402
from finprobe.benchmarks.regret.planner import answer_text, reference_question  # noqa: E402
from regret_data import conversions  # noqa: E402


async def measured(cigs, persona, profile, policy_cls, rollouts: int) -> float:
    mapper = ActionMapper("lexical")
    per_cig = []
    for cig in cigs:
        policy = policy_cls(cig, persona, profile)
        rewards = []
        for intent in cig.intents:
            for r in range(rollouts):
                res = await run_episode(cig, intent.intent_id, policy, persona=persona, profile=profile,
                                        mapper=mapper, rng=random.Random(f"{cig.cig_id}/{intent.intent_id}/{r}"),
                                        rollout=r)
                rewards.append(res.reward)
        per_cig.append(statistics.mean(rewards))
    return statistics.mean(per_cig)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--episodes", type=int, default=300, help="CIGs per source played as episodes (0: none)")
    ap.add_argument("--persona", default="cooperative")
    args = ap.parse_args()
    persona, profile = PERSONAS[args.persona], get_profile("default")
    print(f"persona {persona.name}, horizon 5, λ = {profile.token_cost}, profile {profile.label}")
    print(f"{'source':<12} {'CIGs':>5} {'R_ref':>7} {'R_base':>7} {'margin':>7} {'mean 1/|Z|':>10} "
          f"{'ask tok':>7} {'ans tok':>7}  intents per CIG")
    for name, conv in conversions().items():
        cigs = conv.cigs
        if not cigs:
            continue
        refs = reference_values(cigs, persona, profile)
        r_ref = statistics.mean(r.reference for r in refs.values())
        r_base = statistics.mean(r.baseline for r in refs.values())
        inv = statistics.mean(1 / len(c.intents) for c in cigs)
        ask_tok = statistics.mean(min(count_tokens(reference_question(c, v.name)) for v in c.variables) for c in cigs)
        ans_tok = statistics.mean(statistics.mean(count_tokens(answer_text(i)) for i in c.intents) for c in cigs)
        dist = Counter(len(c.intents) for c in cigs)
        print(f"{name:<12} {len(cigs):>5} {r_ref:>7.4f} {r_base:>7.4f} {r_ref - r_base:>7.4f} {inv:>10.4f} "
              f"{ask_tok:>7.2f} {ans_tok:>7.2f}  {dict(sorted(dist.items()))}")
        if args.episodes:
            sample = random.Random(0).sample(cigs, min(args.episodes, len(cigs)))
            sref = reference_values(sample, persona, profile)
            t = time.perf_counter()
            m_ref = asyncio.run(measured(sample, persona, profile, PlannerPolicy, 3))
            m_base = asyncio.run(measured(sample, persona, profile, ImmediatePolicy, 3))
            print(f"{'':<12} episodes on {len(sample)} CIGs x intents x 3 rollouts: planner measured {m_ref:.4f} "
                  f"(planned {statistics.mean(r.reference for r in sref.values()):.4f}); baseline measured "
                  f"{m_base:.4f} (planned {statistics.mean(r.baseline for r in sref.values()):.4f}) "
                  f"[{time.perf_counter() - t:.0f} s]")


if __name__ == "__main__":
    main()
