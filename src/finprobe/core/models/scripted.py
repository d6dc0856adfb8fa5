"""The test double: replies from a list or a function, and records every request it received."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from finprobe.core.models._base import ModelError, ModelOutput
from finprobe.core.schema import GenerateConfig, Message, Usage

Reply = str | Exception | ModelOutput
ReplyFn = Callable[[list[Message], GenerateConfig], Reply | Awaitable[Reply]]


class ScriptedModel:
    """Returns scripted replies in order (or from a function) and records each request.

    A reply that is an exception is raised instead of returned, to script failures. When the list runs
    out the backend raises ModelError unless `repeat_last` is set.
    """

    kind = "scripted"
    cacheable = False

    def __init__(
        self,
        replies: Sequence[Reply] | ReplyFn = (),
        *,
        model: str = "scripted",
        repeat_last: bool = False,
        supports_schema: bool = False,
    ):
        self.model = model
        self.supports_schema = supports_schema
        self._fn: ReplyFn | None = replies if callable(replies) else None
        self._replies: list[Reply] = [] if callable(replies) else list(replies)
        self._repeat_last = repeat_last
        self._next = 0
        self.requests: list[tuple[list[Message], GenerateConfig]] = []

    async def generate(self, messages: list[Message], config: GenerateConfig) -> ModelOutput:
        self.requests.append((list(messages), config))
        if self._fn is not None:
            reply = self._fn(list(messages), config)
            if asyncio.iscoroutine(reply) or isinstance(reply, Awaitable):
                reply = await reply
        else:
            if self._next >= len(self._replies):
                if self._repeat_last and self._replies:
                    reply = self._replies[-1]
                else:
                    raise ModelError(f"scripted model {self.model!r} ran out of replies")
            else:
                reply = self._replies[self._next]
                self._next += 1
        if isinstance(reply, Exception):
            raise reply
        if isinstance(reply, ModelOutput):
            return reply
        text = str(reply)
        prompt_chars = sum(len(m.content) for m in messages)
        # A rough token count (4 chars/token) so accounting code paths are exercised in tests.
        return ModelOutput(
            text=text,
            finish_reason="stop",
            usage=Usage(input_tokens=prompt_chars // 4, output_tokens=max(1, len(text) // 4)),
        )

    async def aclose(self) -> None:
        return None
