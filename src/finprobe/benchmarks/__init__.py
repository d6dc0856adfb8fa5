"""Benchmark families. Each is one folder exposing `BENCHMARK`; this registry is the only list of them."""

from __future__ import annotations

import importlib

from finprobe.core.benchmark import Benchmark

#: family name -> module exposing BENCHMARK (imported lazily: a family's heavy deps load only when used)
FAMILIES: dict[str, str] = {
    "reasoning": "finprobe.benchmarks.reasoning",
    "ambiguity": "finprobe.benchmarks.ambiguity",
}


def get_benchmark(name: str) -> Benchmark:
    if name not in FAMILIES:
        raise KeyError(f"unknown benchmark {name!r}; known: {', '.join(FAMILIES)}")
    module = importlib.import_module(FAMILIES[name])
    try:
        return module.BENCHMARK
    except AttributeError:
        raise KeyError(f"benchmark {name!r} is not available yet in this version") from None


def available() -> list[str]:
    out = []
    for name in FAMILIES:
        try:
            get_benchmark(name)
            out.append(name)
        except KeyError:
            pass
    return out
