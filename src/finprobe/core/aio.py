"""Running the engine's event loop: uvloop when installed (measurably less overhead per request), else asyncio."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    try:
        import uvloop
    except ImportError:  # not on every platform (e.g. Windows): the standard loop works, only slower
        return asyncio.run(coro)
    return uvloop.run(coro)
