"""Price table loading and cost arithmetic."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finprobe.core.models.pricing import Price, PriceTableError, cost, load_price_table
from finprobe.core.schema import Usage


def test_cost_arithmetic():
    price = Price(input_usd_per_1m=2.5, output_usd_per_1m=10.0)
    assert cost(Usage(input_tokens=1_000_000, output_tokens=0), price) == pytest.approx(2.5)
    assert cost(Usage(input_tokens=1000, output_tokens=500), price) == pytest.approx(0.0025 + 0.005)
    assert cost(Usage(input_tokens=1000, output_tokens=500), None) == 0.0


@given(st.integers(0, 10**9), st.integers(0, 10**9), st.floats(0, 1000), st.floats(0, 1000))
def test_cost_is_linear_and_non_negative(n_in, n_out, p_in, p_out):
    price = Price(input=p_in, output=p_out)
    c = cost(Usage(input_tokens=n_in, output_tokens=n_out), price)
    assert c >= 0
    assert c == pytest.approx(n_in * p_in / 1e6 + n_out * p_out / 1e6)


def test_load_yaml_and_json(tmp_path):
    y = tmp_path / "prices.yaml"
    y.write_text("gpt-4o-mini: {input_usd_per_1m: 0.15, output_usd_per_1m: 0.6}\nlocal: {input: 0, output: 0}\n")
    j = tmp_path / "prices.json"
    j.write_text(json.dumps({"m": {"input": 1, "output": 2}}))
    table = load_price_table(y)
    assert table["gpt-4o-mini"] == Price(input_usd_per_1m=0.15, output_usd_per_1m=0.6)
    assert table["local"].output_usd_per_1m == 0.0
    assert load_price_table(j) == {"m": Price(input_usd_per_1m=1, output_usd_per_1m=2)}


def test_empty_file_is_an_empty_table(tmp_path):
    p = tmp_path / "empty.yaml"
    p.write_text("")
    assert load_price_table(p) == {}


@pytest.mark.parametrize(
    "text, match",
    [
        ("- a\n- b\n", "must be a mapping"),
        ("m: {input: -1, output: 1}\n", "model 'm'"),
        ("m: {input: 1}\n", "output"),
        ("m: {input: 1, output: 1, cached: 0.5}\n", "cached"),
        ("m: [unclosed\n", "not valid YAML"),
    ],
)
def test_bad_tables_are_rejected_with_the_model_named(tmp_path, text, match):
    p = tmp_path / "bad.yaml"
    p.write_text(text)
    with pytest.raises(PriceTableError, match=match):
        load_price_table(p)


def test_missing_file(tmp_path):
    with pytest.raises(PriceTableError, match="cannot read"):
        load_price_table(tmp_path / "nope.yaml")
