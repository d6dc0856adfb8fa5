"""The ambiguity family (FinInteract): ambiguous financial questions, clarify-then-integrate agents."""

from __future__ import annotations

from typing import Any

__all__ = ["AmbiguityBenchmark", "BENCHMARK"]


def __getattr__(name: str) -> Any:
    # Lazy, so importing a light submodule (categories, instances) does not load the whole family.
    if name in ("BENCHMARK", "AmbiguityBenchmark"):
        from finprobe.benchmarks.ambiguity.benchmark import AmbiguityBenchmark

        globals()["AmbiguityBenchmark"] = AmbiguityBenchmark
        globals()["BENCHMARK"] = AmbiguityBenchmark()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
