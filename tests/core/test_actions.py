import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.core.actions import ActionParseError, ActionSpec, ArgSpec, action_schema, parse_action

SPECS = [
    ActionSpec(name="search", description="search the corpus", args=[ArgSpec(name="query")]),
    ActionSpec(name="interact", description="ask a yes/no question", args=[ArgSpec(name="question")]),
    ActionSpec(name="answer", description="final answer", args=[
        ArgSpec(name="value"), ArgSpec(name="confidence", type="integer", minimum=0, maximum=100)]),
]


def test_bare_json():
    a = parse_action('{"action": "search", "query": "Acme revenue 2023"}', SPECS)
    assert a.name == "search" and a.args == {"query": "Acme revenue 2023"}


def test_code_fence_with_commentary():
    text = 'Thought: I should look it up.\n```json\n{"action": "answer", "value": "$4.2B", "confidence": "85"}\n```\nDone.'
    a = parse_action(text, SPECS)
    assert a.name == "answer" and a.args == {"value": "$4.2B", "confidence": 85}


def test_nested_args_and_name_key_shapes():
    assert parse_action('{"name": "search", "arguments": {"query": "x"}}', SPECS).args == {"query": "x"}
    assert parse_action('I will do {"interact": {"question": "Consolidated?"}} now', SPECS).name == "interact"


def test_braces_inside_strings_do_not_confuse_the_scanner():
    a = parse_action('ok {"action": "search", "query": "a } tricky { query"} trailing', SPECS)
    assert a.args["query"] == "a } tricky { query"


def test_raw_newlines_inside_strings_are_accepted():
    """What SmolLM2 wrote under llama-cpp-python's server grammar (json_object with a schema): a raw newline
    inside a string value, which strict JSON refuses."""
    reply = '{"action": "answer", "value": ");\n{", "confidence": 50}'
    assert parse_action(reply, SPECS).args == {"value": ");\n{", "confidence": 50}
    assert parse_action('Sure: {"action": "search", "query": "Acme\n2023"} ok', SPECS).args == {"query": "Acme\n2023"}


def test_duplicate_identical_actions_are_one_action():
    text = '{"action": "search", "query": "x"}\n{"action": "search", "query": "x"}'
    assert parse_action(text, SPECS).name == "search"


@pytest.mark.parametrize("text,reason", [
    ("", "empty"),
    ("I think the answer is 42", "no_json"),
    ('{"action": "browse", "url": "x"}', "unknown_action"),
    ('{"query": "x"}', "no_action_name"),
    ('{"action": "answer", "value": "1"}', "missing_argument"),
    ('{"action": "answer", "value": "1", "confidence": 140}', "bad_argument"),
    ('{"action": "answer", "value": "1", "confidence": "very"}', "bad_argument"),
    ('{"action": "search", "query": "a"} {"action": "answer", "value": "1", "confidence": 5}', "several_actions"),
])
def test_invalid_replies_name_their_reason(text, reason):
    with pytest.raises(ActionParseError) as info:
        parse_action(text, SPECS)
    assert info.value.reason == reason


def test_schema_is_one_variant_per_action():
    schema = action_schema(SPECS)
    assert len(schema["anyOf"]) == 3
    answer = schema["anyOf"][2]
    assert answer["properties"]["action"] == {"type": "string", "enum": ["answer"]}
    assert answer["required"] == ["action", "value", "confidence"]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_parser_never_crashes_on_arbitrary_text(text):
    try:
        action = parse_action(text, SPECS)
    except ActionParseError:
        return
    assert action.name in {"search", "interact", "answer"}


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                           max_leaves=10)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=10), json_values, max_size=5), st.text(max_size=40), st.text(max_size=40))
def test_parser_never_crashes_on_arbitrary_json_with_noise(obj, before, after):
    text = before + json.dumps(obj) + after
    try:
        parse_action(text, SPECS)
    except ActionParseError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.integers(0, 100), st.sampled_from(["", "Thought: hm.\n", "```json\n"]))
def test_valid_answer_round_trips(value, confidence, prefix):
    text = prefix + json.dumps({"action": "answer", "value": value, "confidence": confidence})
    if prefix.startswith("```"):
        text += "\n```"
    a = parse_action(text, SPECS)
    assert a.args == {"value": value, "confidence": confidence}


def test_an_action_after_broken_json_is_still_found():
    a = parse_action('Thought { not json {"action": "search", "query": "q"}', SPECS)
    assert a.args == {"query": "q"}


def test_deeply_nested_braces_are_rejected_without_quadratic_rescans():
    from finprobe.core.actions import _json_objects

    calls = 0
    import json as _json
    real = _json.loads

    def counting(text, *a, **k):
        nonlocal calls
        calls += 1
        return real(text, *a, **k)

    n = 3000
    import finprobe.core.actions as actions
    actions.json.loads = counting
    try:
        _json_objects('{"a": ' * n + '1' + '}' * n)
    finally:
        actions.json.loads = real
    assert calls <= 40  # bounded rescans, not one parse per nested brace


# --------------------------------------------------------------------------- the fast whole-reply parse
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def _lenient(text: str):
    from finprobe.core.actions import _NOT_JSON

    try:
        return json.JSONDecoder(strict=False).decode(text)
    except (json.JSONDecodeError, RecursionError):
        return _NOT_JSON


@settings(max_examples=300, deadline=None)
@given(_json_values, st.sampled_from(["", " ", "x", "}", "\n\t"]))
def test_whole_reply_parse_equals_the_lenient_json_decoder(value, suffix):
    """The orjson fast path reads every reply exactly as `json.loads(text, strict=False)` does: the same
    value (ints beyond 64 bits stay ints, not floats) or the same refusal."""
    from finprobe.core.actions import _NOT_JSON, _whole_json

    text = json.dumps(value, ensure_ascii=False) + suffix
    expected, got = _lenient(text), _whole_json(text)
    if expected is _NOT_JSON:
        assert got is _NOT_JSON
    else:
        assert got is not _NOT_JSON
        assert json.dumps(got, sort_keys=True) == json.dumps(expected, sort_keys=True)


@pytest.mark.parametrize("text", ['{"a": NaN}', '{"a": "line\nbreak"}', '{"a": 123456789012345678901234567890}',
                                  '{"a": "\\ud800"}', "[" * 3000 + "]" * 3000, '{"a": 1}}'])
def test_whole_reply_parse_edge_cases_follow_the_lenient_decoder(text):
    from finprobe.core.actions import _NOT_JSON, _whole_json

    expected, got = _lenient(text), _whole_json(text)
    assert (got is _NOT_JSON) == (expected is _NOT_JSON)
    if expected is not _NOT_JSON:
        assert repr(got) == repr(expected)
