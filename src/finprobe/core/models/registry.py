"""Turning a role's spec string into a model backend.

Specs:
- `local`                 the embedded SmolLM2-135M-Instruct (llama.cpp, CPU); `local:/path/model.gguf` for any GGUF
- `openai:MODEL`          any OpenAI-compatible endpoint; base URL from --base-url, $FINPROBE_BASE_URL or
                          $OPENAI_BASE_URL; key from the variable named by --api-key-env (default OPENAI_API_KEY)
- `vllm:MODEL`, `llamacpp:MODEL`, `ollama:MODEL`, `openrouter:MODEL`   the same with that server's usual base
                          URL, key variable and structured-output dialect (`PRESETS`)
Baseline policies and built-in components (a family's own names) are resolved by the runner, not here.
"""

from __future__ import annotations

import inspect
import os
from typing import Any

from pydantic import BaseModel, ConfigDict

from finprobe.core.models._base import ModelBackend
from finprobe.core.models.structured import DEFAULT_LADDER, StructuredOutput
from finprobe.core.schema import RoleConfig

_S = StructuredOutput


class BackendInfo(BaseModel):
    name: str
    spec: str
    description: str
    base_url: str | None = None
    api_key_env: str | None = None


class Preset(BaseModel):
    """A well-known OpenAI-compatible server: where it usually listens, the variable that usually holds its
    key, and its structured-output dialect (the modes negotiation tries, in order)."""

    model_config = ConfigDict(frozen=True)

    name: str
    base_url: str | None  # None: $OPENAI_BASE_URL, else api.openai.com
    api_key_env: str | None
    ladder: tuple[StructuredOutput, ...]
    description: str


PRESETS: dict[str, Preset] = {p.name: p for p in [
    # Any endpoint: every request shape, the most constrained first. OpenAI itself: Structured Outputs
    # (json_schema) for recent models, JSON mode (json_object) for older ones.
    Preset(name="openai", base_url=None, api_key_env="OPENAI_API_KEY", ladder=DEFAULT_LADDER,
           description="any OpenAI-compatible endpoint (api.openai.com unless --base-url / $OPENAI_BASE_URL)"),
    # vLLM serves on :8000 and reads its key from --api-key or $VLLM_API_KEY; response_format json_schema
    # is compiled by its guided-decoding backend (docs.vllm.ai, "Structured Outputs": xgrammar/guidance).
    Preset(name="vllm", base_url="http://localhost:8000/v1", api_key_env="VLLM_API_KEY",
           ladder=(_S.json_schema, _S.json_object, _S.prompt),
           description="vLLM (guided decoding through response_format json_schema)"),
    # llama.cpp's llama-server serves on :8080 (key: --api-key / $LLAMA_API_KEY) and reads
    # {"type": "json_object", "schema": ...} (tools/server README; json_schema only in newer builds);
    # llama-cpp-python's server (python -m llama_cpp.server, port 8000: pass --base-url) accepts only
    # text/json_object, with the same `schema` key (llama_types.ChatCompletionRequestResponseFormat).
    Preset(name="llamacpp", base_url="http://localhost:8080/v1", api_key_env="LLAMA_API_KEY",
           ladder=(_S.json_object_schema, _S.json_schema, _S.json_object, _S.prompt),
           description="llama.cpp llama-server or llama-cpp-python's server (json_object with a schema)"),
    # Ollama's OpenAI-compatible API on :11434 (no key locally): response_format json_schema since 0.5
    # (turned into its `format`, a llama.cpp grammar), json_object = format "json".
    Preset(name="ollama", base_url="http://localhost:11434/v1", api_key_env="OLLAMA_API_KEY",
           ladder=(_S.json_schema, _S.json_object, _S.prompt),
           description="Ollama (response_format json_schema from 0.5, else JSON mode)"),
    # OpenRouter normalises response_format across providers: json_schema for the models that support
    # structured outputs, json_object otherwise (openrouter.ai/docs, "Structured Outputs").
    Preset(name="openrouter", base_url="https://openrouter.ai/api/v1", api_key_env="OPENROUTER_API_KEY",
           ladder=(_S.json_schema, _S.json_object, _S.prompt),
           description="OpenRouter (json_schema where the model supports it, else JSON mode)"),
]}

BACKENDS: list[BackendInfo] = [
    BackendInfo(name="local", spec="local[:PATH.gguf]",
                description="embedded SmolLM2-135M-Instruct via llama.cpp on the CPU (the default), or any GGUF"),
    *[
        BackendInfo(name=p.name, spec=f"{p.name}:MODEL", base_url=p.base_url, api_key_env=p.api_key_env,
                    description=p.description)
        for p in PRESETS.values()
    ],
]


class SpecError(ValueError):
    pass


def parse_spec(spec: str) -> tuple[str, str]:
    kind, _, rest = spec.partition(":")
    return kind.strip().lower(), rest.strip()


def resolved_base_url(role: RoleConfig) -> str | None:
    """The endpoint an OpenAI-compatible role will call (flag, environment or preset); None for others."""
    kind, _ = parse_spec(role.spec)
    if kind not in PRESETS:
        return role.base_url
    preset_url = PRESETS[kind].base_url
    return (role.base_url or os.environ.get("FINPROBE_BASE_URL") or
            (preset_url if kind != "openai" else os.environ.get("OPENAI_BASE_URL")) or
            "https://api.openai.com/v1")


#: role settings that are not backend arguments, and where each is given instead
_NOT_ARGS = {"spec": "the role's spec (--agent, --user, ...)", "model": "the spec's MODEL (openai:MODEL)",
             "base_url": "--base-url or the role's base_url", "api_key_env": "--api-key-env or the role's api_key_env"}


def _check_args(kind: str, backend: type, args: dict[str, Any], fixed: tuple[str, ...]) -> None:
    """Backend arguments (`--set ROLE.NAME=VALUE`, a run config's `args`) the backend takes, or SpecError
    naming the setting and the ones it does take (never Python's own "unexpected keyword argument")."""
    params = [n for n, p in inspect.signature(backend).parameters.items()
              if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD) and n not in fixed]
    for name in args:
        if name in fixed or name in _NOT_ARGS:
            raise SpecError(f"setting {name!r} is not a backend argument of {kind} models: give it as "
                            f"{_NOT_ARGS.get(name, 'part of the spec')}")
        if name not in params:
            raise SpecError(f"unknown setting {name!r} for {kind} models; their settings: {', '.join(params)}")


def build_backend(role: RoleConfig) -> ModelBackend:
    kind, rest = parse_spec(role.spec)
    args: dict[str, Any] = dict(role.args)
    if kind == "local":
        from finprobe.core.models.local import LocalLlamaModel

        _check_args(kind, LocalLlamaModel, args, ())
        if rest:
            args.setdefault("model_path", rest)
        return LocalLlamaModel(**args)
    if kind in PRESETS:
        if not rest:
            raise SpecError(f"{role.spec!r}: name the model, e.g. {kind}:gpt-4o-mini")
        from finprobe.core.models.openai_compat import OpenAICompatibleModel

        _check_args(kind, OpenAICompatibleModel, args, ("base_url", "model", "api_key_env"))
        preset = PRESETS[kind]
        preset_key = preset.api_key_env
        args.setdefault("structured_output_ladder", preset.ladder)
        if isinstance(args.get("price"), dict):  # from a YAML run config or --set agent.price=...
            from finprobe.core.models.pricing import Price

            args["price"] = Price.model_validate(args["price"])
        base_url = resolved_base_url(role) or "https://api.openai.com/v1"
        # An explicitly named key variable must exist; a preset's default one is used only when set
        # (local servers such as vLLM or Ollama usually need no key).
        api_key_env = role.api_key_env or (preset_key if preset_key and os.environ.get(preset_key) else None)
        return OpenAICompatibleModel(base_url=base_url, model=rest, api_key_env=api_key_env, **args)
    raise SpecError(
        f"unknown model spec {role.spec!r}: expected local, local:PATH, "
        + ", ".join(f"{k}:MODEL" for k in PRESETS)
        + ", or a baseline policy / component of the benchmark (see `finprobe list`)"
    )
