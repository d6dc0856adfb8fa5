"""Turning a role's spec string into a model backend.

Specs:
- `local`                 the embedded SmolLM2-135M-Instruct (llama.cpp, CPU); `local:/path/model.gguf` for any GGUF
- `openai:MODEL`          any OpenAI-compatible endpoint; base URL from --base-url, $FINPROBE_BASE_URL or
                          $OPENAI_BASE_URL; key from the variable named by --api-key-env (default OPENAI_API_KEY)
- `vllm:MODEL`, `ollama:MODEL`, `openrouter:MODEL`   the same with that server's usual base URL and key variable
Baseline policies and built-in components (a family's own names) are resolved by the runner, not here.
"""

from __future__ import annotations

import os
from typing import Any

from pydantic import BaseModel

from finprobe.core.models._base import ModelBackend
from finprobe.core.schema import RoleConfig


class BackendInfo(BaseModel):
    name: str
    spec: str
    description: str
    base_url: str | None = None
    api_key_env: str | None = None


# Presets for well-known OpenAI-compatible servers: (default base URL, default key variable).
_OPENAI_PRESETS: dict[str, tuple[str | None, str | None]] = {
    "openai": (None, "OPENAI_API_KEY"),
    "vllm": ("http://localhost:8000/v1", "VLLM_API_KEY"),
    "ollama": ("http://localhost:11434/v1", "OLLAMA_API_KEY"),
    "openrouter": ("https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"),
}

BACKENDS: list[BackendInfo] = [
    BackendInfo(name="local", spec="local[:PATH.gguf]",
                description="embedded SmolLM2-135M-Instruct via llama.cpp on the CPU (the default), or any GGUF"),
    *[
        BackendInfo(name=name, spec=f"{name}:MODEL", base_url=url, api_key_env=key,
                    description=f"OpenAI-compatible /v1/chat/completions ({'any endpoint' if name == 'openai' else name})")
        for name, (url, key) in _OPENAI_PRESETS.items()
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
    if kind not in _OPENAI_PRESETS:
        return role.base_url
    preset_url, _ = _OPENAI_PRESETS[kind]
    return (role.base_url or os.environ.get("FINPROBE_BASE_URL") or
            (preset_url if kind != "openai" else os.environ.get("OPENAI_BASE_URL")) or
            "https://api.openai.com/v1")


def build_backend(role: RoleConfig) -> ModelBackend:
    kind, rest = parse_spec(role.spec)
    args: dict[str, Any] = dict(role.args)
    if kind == "local":
        from finprobe.core.models.local import LocalLlamaModel

        if rest:
            args.setdefault("model_path", rest)
        return LocalLlamaModel(**args)
    if kind in _OPENAI_PRESETS:
        if not rest:
            raise SpecError(f"{role.spec!r}: name the model, e.g. {kind}:gpt-4o-mini")
        from finprobe.core.models.openai_compat import OpenAICompatibleModel

        preset_url, preset_key = _OPENAI_PRESETS[kind]
        if isinstance(args.get("price"), dict):  # from a YAML run config or --set agent.price=...
            from finprobe.core.models.pricing import Price

            args["price"] = Price.model_validate(args["price"])
        base_url = resolved_base_url(role)
        # An explicitly named key variable must exist; a preset's default one is used only when set
        # (local servers such as vLLM or Ollama usually need no key).
        api_key_env = role.api_key_env or (preset_key if preset_key and os.environ.get(preset_key) else None)
        return OpenAICompatibleModel(base_url=base_url, model=rest, api_key_env=api_key_env, **args)
    raise SpecError(
        f"unknown model spec {role.spec!r}: expected local, local:PATH, "
        + ", ".join(f"{k}:MODEL" for k in _OPENAI_PRESETS)
        + ", or a baseline policy / component of the benchmark (see `finprobe list`)"
    )
