"""Model backends behind one protocol, usable for any role (agent, user, judge, ...).

`local` (llama.cpp) and `openai` (aiohttp) are imported lazily by `build_backend`, so importing this
package needs neither llama-cpp-python nor a network.
"""

from finprobe.core.models._base import ModelBackend, ModelError, ModelOutput
from finprobe.core.models.pricing import Price, load_price_table
from finprobe.core.models.registry import BACKENDS, SpecError, build_backend, parse_spec
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.models.structured import (
    Negotiation,
    StructuredOutput,
    negotiate_structured_output,
    settle_structured_output,
)

__all__ = ["BACKENDS", "ModelBackend", "ModelError", "ModelOutput", "Negotiation", "Price", "ScriptedModel",
           "SpecError", "StructuredOutput", "build_backend", "load_price_table", "negotiate_structured_output",
           "parse_spec", "settle_structured_output"]
