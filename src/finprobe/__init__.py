"""finprobe: measure how LLM agents handle financial questions (see README.md).

The Python API (`finprobe.api`): `finprobe.run(family, agent=..., ...)` returns a `RunResult`,
`await finprobe.arun(...)` inside a running event loop (Jupyter), `finprobe.load_run(path)` reads a run
folder back. They are imported on first use, so `import finprobe` stays light and the engine can read
`__version__` without importing the layers above it.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

try:
    __version__ = version("finprobe")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0+unknown"

if TYPE_CHECKING:
    from finprobe.api import (
        GenerateConfig,
        RoleConfig,
        RunConfig,
        RunResult,
        arun,
        arun_config,
        load_run,
        run,
        run_config,
        validate_config,
    )

__all__ = ["GenerateConfig", "RoleConfig", "RunConfig", "RunResult", "__version__", "arun", "arun_config", "load_run",
           "run", "run_config", "validate_config"]
#: names served by `finprobe.api`, imported when first used (PEP 562)
_API = frozenset(__all__) - {"__version__"}


def __getattr__(name: str) -> Any:
    if name in _API:
        from finprobe import api

        return getattr(api, name)
    raise AttributeError(f"module 'finprobe' has no attribute {name!r}")
