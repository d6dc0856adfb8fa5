"""Model roles outside an episode (construction pipelines): a role bound to a ready backend, and a caller
that records every call (tokens, cost, latency, errors, secrets redacted) in a transcript, as the runner
does for episodes."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from finprobe.core.models._base import ModelBackend, ModelError
from finprobe.core.schema import GenerateConfig, Message, ModelCall, Transcript

__all__ = ["RoleBinding", "RoleCaller"]


@dataclass
class RoleBinding:
    """A model role of a build: its name (`constructor`, `verifier2`, `critic`, ...), its spec (for the
    manifest), a ready backend, generation settings and, where a role runs repeated trials (the ambiguity
    verifier), how many."""

    name: str
    spec: str
    backend: ModelBackend
    generate: GenerateConfig = field(default_factory=GenerateConfig)
    trials: int = 0

    def config_for(self, schema: dict[str, Any], seed: int) -> GenerateConfig:
        """This role's settings for one call: the call's seed unless the role pins one, and the reply's JSON
        schema where the backend constrains decoding."""
        update: dict[str, Any] = {}
        if self.generate.seed is None:
            update["seed"] = seed
        if getattr(self.backend, "supports_schema", False):
            update["response_schema"] = schema
        return self.generate.model_copy(update=update)


class RoleCaller:
    """Calls a role's backend and records the ModelCall in a transcript, also when it fails (then the
    ModelError propagates, its message redacted)."""

    def __init__(self, redact: Callable[[str], str]):
        self.redact = redact

    async def __call__(self, role: RoleBinding, messages: list[Message], config: GenerateConfig,
                       transcript: Transcript) -> ModelCall:
        start = time.perf_counter()
        base = dict(role=role.name, backend=role.backend.kind, model=role.backend.model, config=config,
                    messages=list(messages))
        try:
            out = await role.backend.generate(messages, config)
        except ModelError as exc:
            transcript.calls.append(ModelCall(**base, error=self.redact(str(exc)), attempts=exc.attempts,
                                              latency_s=time.perf_counter() - start))
            raise
        call = ModelCall(**base, output=out.text, finish_reason=out.finish_reason, usage=out.usage,
                         attempts=out.attempts, latency_s=time.perf_counter() - start, notes=out.notes)
        transcript.calls.append(call)
        return call
