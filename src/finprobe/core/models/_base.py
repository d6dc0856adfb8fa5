"""The one protocol every model backend implements, whatever role it plays (agent, user, judge, ...)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from pydantic import BaseModel, Field

from finprobe.core.schema import GenerateConfig, Message, Usage


class ModelOutput(BaseModel):
    text: str
    finish_reason: str | None = None  # "stop", "length", ...
    usage: Usage = Field(default_factory=Usage)
    attempts: int = 1  # HTTP attempts this reply took (retries included)
    #: what the backend did to the request that the caller should know (e.g. a prompt cut to fit)
    notes: list[str] = Field(default_factory=list)


class ModelError(Exception):
    """A model call failed for good (after the backend's own retries). The message never holds secrets.

    `rejected` marks a request the server refused as it stands (a 4xx, or a 5xx whose body names a field of
    the request): sending it again cannot help, but a differently shaped request may (see
    `finprobe.core.models.structured`). `status` is the HTTP status when there was one.
    """

    def __init__(self, message: str, *, retryable: bool = False, attempts: int = 1, rejected: bool = False,
                 status: int | None = None):
        super().__init__(message)
        self.retryable = retryable
        self.attempts = attempts
        self.rejected = rejected
        self.status = status


@runtime_checkable
class ModelBackend(Protocol):
    """Generates one chat completion. Implementations must be safe to call concurrently."""

    #: short kind name used in specs and the cache key ("openai", "local", "scripted", "policy")
    kind: str
    #: model name as reported in transcripts and cost tables
    model: str
    #: whether responses may be cached (deterministic replay of scripted/policy backends is pointless)
    cacheable: bool
    #: whether `GenerateConfig.response_schema` is enforced by the backend (constrained decoding)
    supports_schema: bool

    async def generate(self, messages: list[Message], config: GenerateConfig) -> ModelOutput: ...

    async def aclose(self) -> None: ...
