"""Token prices and the cost of a model call.

No default table ships with finprobe: prices change, so users pass a file mapping model name → prices,
e.g. (YAML)::

    gpt-4o-mini: {input_usd_per_1m: 0.15, output_usd_per_1m: 0.60}
    my-local-vllm: {input: 0, output: 0}
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError

from finprobe.core.schema import Usage


class Price(BaseModel):
    """US dollars per one million input (prompt) and output (completion) tokens."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    input_usd_per_1m: float = Field(ge=0, validation_alias=AliasChoices("input_usd_per_1m", "input"))
    output_usd_per_1m: float = Field(ge=0, validation_alias=AliasChoices("output_usd_per_1m", "output"))


def cost(usage: Usage, price: Price | None) -> float:
    """Dollar cost of `usage` under `price`; 0.0 when no price is known (unknown, not free: see report)."""
    if price is None:
        return 0.0
    return (usage.input_tokens * price.input_usd_per_1m + usage.output_tokens * price.output_usd_per_1m) / 1e6


class PriceTableError(ValueError):
    """A price file that cannot be read as a mapping model name → Price."""


def load_price_table(path: str | Path) -> dict[str, Price]:
    """Read a price table from a YAML or JSON file (JSON when the suffix is .json, else YAML)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise PriceTableError(f"cannot read price table {p}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise PriceTableError(f"price table {p} is not UTF-8 text (byte {exc.start})") from None
    try:
        raw = json.loads(text) if p.suffix.lower() == ".json" else yaml.safe_load(text)
    except RecursionError:
        raise PriceTableError(f"price table {p} is nested too deeply") from None
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        kind = "JSON" if p.suffix.lower() == ".json" else "YAML"
        raise PriceTableError(f"price table {p} is not valid {kind}: {exc}") from None
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise PriceTableError(f"price table {p} must be a mapping of model name to prices, got {type(raw).__name__}")
    table: dict[str, Price] = {}
    for name, entry in raw.items():
        try:
            table[str(name)] = Price.model_validate(entry)
        except ValidationError as exc:
            errors = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'entry'}: {e['msg']}" for e in exc.errors())
            raise PriceTableError(f"price table {p}, model {name!r}: {errors}") from None
    return table
