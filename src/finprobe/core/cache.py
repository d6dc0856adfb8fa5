"""A response cache keyed by backend, model, endpoint, messages and generation parameters.

Stored in one SQLite file (default `~/.cache/finprobe/responses.sqlite`, or `$FINPROBE_CACHE_DIR`).
Only backends that declare themselves cacheable are cached (never scripted models or policies), and
only successful replies. Timeouts are not part of the key: they do not change what a model says.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from pathlib import Path

from finprobe.core.models._base import ModelBackend, ModelOutput
from finprobe.core.schema import GenerateConfig, Message


def default_cache_path() -> Path:
    root = os.environ.get("FINPROBE_CACHE_DIR") or os.path.join(os.path.expanduser("~"), ".cache", "finprobe")
    return Path(root) / "responses.sqlite"


def cache_key(backend: ModelBackend, messages: list[Message], config: GenerateConfig, *, epoch: int = 1) -> str:
    """The key of one request. `epoch` (the trial under `--epochs`) enters only when > 1, so single-trial
    keys are those of earlier versions and K trials of one sample never replay one cached answer."""
    payload: dict[str, object] = {
        "kind": backend.kind,
        "model": backend.model,
        "endpoint": getattr(backend, "base_url", None),
        # backend settings that change replies (sampling, context size, model file, extra body, ...)
        "identity": backend.cache_identity() if hasattr(backend, "cache_identity") else None,
        "messages": [m.model_dump() for m in messages],
        "config": config.model_dump(exclude={"timeout_s"}),
    }
    if epoch != 1:
        payload["epoch"] = epoch
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class ResponseCache:
    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else default_cache_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, output TEXT NOT NULL)")
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> ModelOutput | None:
        with self._lock:
            row = self._db.execute("SELECT output FROM responses WHERE key = ?", (key,)).fetchone()
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        return ModelOutput.model_validate_json(row[0])

    def put(self, key: str, output: ModelOutput) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO responses (key, output) VALUES (?, ?)",
                             (key, output.model_dump_json()))

    def close(self) -> None:
        with self._lock:
            self._db.close()
