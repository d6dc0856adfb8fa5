"""Test doubles shared by the test suite and the benches: a mock OpenAI-compatible server, a toy benchmark.

(The scripted model lives with the other backends: `finprobe.core.models.ScriptedModel`.)
Attributes load lazily so `python -m finprobe.testing.mock_server` does not import the module twice.
"""

from typing import Any

__all__ = ["MockOpenAIServer", "MockServerThread", "ToyBenchmark"]


def __getattr__(name: str) -> Any:
    if name in ("MockOpenAIServer", "MockServerThread"):
        from finprobe.testing import mock_server

        return getattr(mock_server, name)
    if name == "ToyBenchmark":
        from finprobe.testing.toy import ToyBenchmark

        return ToyBenchmark
    raise AttributeError(name)
