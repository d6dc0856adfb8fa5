"""Test doubles shared by the test suite and the benches: a mock OpenAI-compatible server, a toy benchmark.

(The scripted model lives with the other backends: `finprobe.core.models.ScriptedModel`.)
"""

from finprobe.testing.mock_server import MockOpenAIServer, MockServerThread
from finprobe.testing.toy import ToyBenchmark

__all__ = ["MockOpenAIServer", "MockServerThread", "ToyBenchmark"]
