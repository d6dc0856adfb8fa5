"""The paper-matched personas (issue 26): R_ref = reward + regret of RegretBench Table 5 (cooperative 0.9956,
vague 0.9903, contradictory 0.9887), reproduced by the exact reference planner on CIGs converted from the real
files in ../shared/data.

Each paper persona differs from the cooperative user in one trait: `vague` in vagueness (how often an on-topic
reply is uncertain), `contradictory` in contradiction (how often an informative reply names a wrong value).
`--fit` finds that trait's value by bisection on the mean R_ref over the fit set (AmbigNQ train_light and
CondAmbigQA dev, the open-domain QA sources the paper's Table 5 is measured on; the default cost profile, which
values the reference as the paper does). Without `--fit` it prints R_ref per persona and source for the presets
in `finprobe.benchmarks.regret.persona`, under the default and the full-cost profile.

    python bench/regret_personas.py [--fit] [--limit N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from finprobe.benchmarks.regret import PERSONAS, Persona, get_profile, reference_values  # noqa: E402
from finprobe.benchmarks.regret.persona import PAPER_R_REF  # noqa: E402
from regret_data import conversions  # noqa: E402

FIT_SOURCES = ("ambignq", "condambigqa_real")
TRAIT = {"vague": "vagueness", "contradictory": "contradiction"}


def mean_r_ref(cigs, persona: Persona, profile_name: str = "default") -> float:
    refs = reference_values(cigs, persona, get_profile(profile_name))
    return statistics.mean(r.reference for r in refs.values())


def fit(cigs, name: str, target: float, lo: float = 0.0, hi: float = 0.5, steps: int = 14) -> float:
    """The trait value whose mean R_ref equals `target` (R_ref falls as the trait grows)."""
    base = PERSONAS["cooperative"]
    for _ in range(steps):
        mid = (lo + hi) / 2
        p = base.model_copy(update={"name": name, TRAIT[name]: mid})
        if mean_r_ref(cigs, p) > target:
            lo = mid
        else:
            hi = mid
    return round((lo + hi) / 2, 4)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fit", action="store_true", help="fit the vague and contradictory traits")
    ap.add_argument("--limit", type=int, default=0, help="CIGs per source (0: all)")
    args = ap.parse_args()
    convs = conversions()
    by_source = {name: (conv.cigs[:args.limit] if args.limit else conv.cigs) for name, conv in convs.items()}
    fit_set = [c for s in FIT_SOURCES for c in by_source.get(s, [])]
    print(f"fit set: {len(fit_set)} CIGs ({', '.join(f'{s} {len(by_source.get(s, []))}' for s in FIT_SOURCES)})")
    if args.fit:
        for name, trait in TRAIT.items():
            t = time.perf_counter()
            value = fit(fit_set, name, PAPER_R_REF[name])
            print(f"{name}: {trait} = {value} -> R_ref target {PAPER_R_REF[name]} "
                  f"[{time.perf_counter() - t:.0f} s]")
    print(f"\n{'persona':<22}{'paper':>8}" + "".join(f"{s:>18}" for s in by_source) + f"{'fit set':>10}"
          f"{'full-cost':>11}")
    for name in PERSONAS:
        p = PERSONAS[name]
        row = [mean_r_ref(cigs, p) if cigs else float("nan") for cigs in by_source.values()]
        paper = PAPER_R_REF.get(name)
        print(f"{name:<22}{(f'{paper:.4f}' if paper else '-'):>8}" + "".join(f"{v:>18.4f}" for v in row)
              + f"{mean_r_ref(fit_set, p):>10.4f}{mean_r_ref(fit_set, p, 'full-cost'):>11.4f}")


if __name__ == "__main__":
    main()
