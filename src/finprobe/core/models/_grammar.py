"""JSON schema -> GBNF grammar for llama.cpp's constrained decoding (used by the local backend)."""

from __future__ import annotations

import functools
import json
import math
from typing import Any

from finprobe.core.models._base import ModelError

#: an integer range with at most this many values is turned into an `enum` (see `schema_to_grammar`)
MAX_ENUM_RANGE = 1000
#: the longest string bound handed to llama.cpp: its grammar parser refuses a repetition much above
#: ~1,000 ("number of rules that are going to be repeated ... exceeds sane defaults") and
#: llama-cpp-python then crashes the process (measured: 1,000 works, 1,200 segfaults). A longer bound is
#: left to the caller's validation, as unbounded strings are; max_tokens still ends the reply.
MAX_GRAMMAR_STRING_LENGTH = 1000
_INSTALL_HINT = "install llama-cpp-python with dev/setup.sh"

# llama-cpp-python's converter (vendored from llama.cpp) lets a JSON string hold raw control characters,
# so a small model can write a newline inside a string and ramble until max_tokens, and the result is
# not valid JSON. Upstream llama.cpp has since excluded them; this is that rule.
_CHAR_RULE = (
    r'char ::= [^"\\\x7F\x00-\x1F] | "\\" (["\\/bfnrt] | "u" [0-9a-fA-F] [0-9a-fA-F] [0-9a-fA-F] '
    r"[0-9a-fA-F])"
)
_NOT_SCHEMAS = ("const", "enum", "default", "examples", "required")


def _integer_bounds(node: dict[str, Any]) -> tuple[int, int] | None:
    lo: float | None = node.get("minimum")
    hi: float | None = node.get("maximum")
    ex_lo, ex_hi = node.get("exclusiveMinimum"), node.get("exclusiveMaximum")
    if isinstance(ex_lo, (int, float)) and not isinstance(ex_lo, bool):
        lo = ex_lo + 1 if lo is None else max(lo, ex_lo + 1)
    if isinstance(ex_hi, (int, float)) and not isinstance(ex_hi, bool):
        hi = ex_hi - 1 if hi is None else min(hi, ex_hi - 1)
    if lo is None or hi is None:
        return None
    lo_i, hi_i = math.ceil(lo), math.floor(hi)
    if hi_i < lo_i or hi_i - lo_i + 1 > MAX_ENUM_RANGE:
        return None
    return lo_i, hi_i


def _convert(node: Any) -> Any:
    if isinstance(node, list):
        return [_convert(item) for item in node]
    if not isinstance(node, dict):
        return node
    if node.get("type") == "integer" and "enum" not in node and "const" not in node:
        bounds = _integer_bounds(node)
        if bounds is not None:
            rest = {
                k: v
                for k, v in node.items()
                if k not in ("type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
            }
            return {**rest, "enum": list(range(bounds[0], bounds[1] + 1))}
    if node.get("type") == "string":
        node = {
            k: v
            for k, v in node.items()
            if not (k in ("minLength", "maxLength") and isinstance(v, int) and v > MAX_GRAMMAR_STRING_LENGTH)
        }
    return {k: (v if k in _NOT_SCHEMAS else _convert(v)) for k, v in node.items()}


@functools.lru_cache(maxsize=128)
def _grammar_text(schema_json: str) -> str:
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    schema = _convert(json.loads(schema_json))
    lines = json_schema_to_gbnf(json.dumps(schema)).splitlines()
    return "\n".join(_CHAR_RULE if line.startswith("char ::= ") else line for line in lines)


def schema_to_grammar(schema: dict[str, Any]) -> str:
    """The GBNF grammar llama.cpp uses to constrain a reply to `schema`.

    Enforced (by llama.cpp's converter): type, properties/required (no extra keys unless
    `additionalProperties` allows them), anyOf/oneOf, allOf of objects, const, enum, $ref/$defs,
    items/prefixItems/minItems/maxItems, string minLength/maxLength/pattern/format (date, time, uuid).
    Converted here: an integer with both bounds (minimum/maximum/exclusive*) spanning at most
    MAX_ENUM_RANGE values becomes an `enum` of those integers; a string length bound above
    MAX_GRAMMAR_STRING_LENGTH is dropped (llama.cpp would crash on it). Strings may not contain raw control
    characters (so the output is strict JSON). NOT enforced (the caller must still validate): bounds on
    strings longer than MAX_GRAMMAR_STRING_LENGTH, bounds on
    `number`, one-sided or wider integer bounds, multipleOf, not, if/then/else, patternProperties,
    uniqueItems, min/maxProperties.
    Raises ModelError if the schema cannot be converted.
    """
    try:
        # Key order matters: the grammar emits properties in schema order.
        return _grammar_text(json.dumps(schema))
    except ImportError as exc:
        raise ModelError(f"llama-cpp-python is not installed; {_INSTALL_HINT}") from exc
    except Exception as exc:  # the converter raises AssertionError/ValueError/KeyError on bad schemas
        raise ModelError(f"response_schema cannot be turned into a grammar: {exc!r}") from exc
