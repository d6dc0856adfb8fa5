"""A real OpenAI-compatible server for tests and benches: llama-cpp-python's own server on the embedded model.

`LlamaServer` runs `python -m llama_cpp.server` (the `server` extra of llama-cpp-python) on a free port
of 127.0.0.1 serving the embedded SmolLM2-135M GGUF (or any GGUF), waits until `/v1/models` answers, and
always stops the process (terminate, then kill) when the `with` block ends, whatever happened inside it.
It is what a user gets by running that server by hand, so requests go through the same real HTTP path.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO

from finprobe.core.models.local import DEFAULT_N_CTX, default_gguf_path, default_threads

#: the name the server lists and answers to (it answers any name, like most single-model servers)
DEFAULT_ALIAS = "smollm2-135m"


def server_available() -> str | None:
    """None when llama-cpp-python's server can run here, else why not (for skipping tests)."""
    for module in ("llama_cpp", "fastapi", "uvicorn", "sse_starlette", "starlette_context", "pydantic_settings"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (dev/setup.sh installs llama-cpp-python[server])"
    try:
        default_gguf_path()
    except Exception as exc:  # noqa: BLE001 - the reason is the message
        return str(exc)
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LlamaServer:
    """`with LlamaServer() as srv:` a running llama-cpp-python server; `srv.base_url` ends in /v1.

    Args:
        model_path: the GGUF to serve (default: the embedded SmolLM2-135M-Instruct).
        alias: the model name the server lists.
        n_ctx: context size (the server's own default, 2048, is too small for the ambiguity prompts).
        n_threads: llama.cpp threads (default: as for the local backend, $FINPROBE_LLAMA_THREADS or all cores).
        startup_timeout_s: how long to wait for `/v1/models` to answer.
    """

    def __init__(self, model_path: str | Path | None = None, *, alias: str = DEFAULT_ALIAS,
                 n_ctx: int = DEFAULT_N_CTX, n_threads: int | None = None, startup_timeout_s: float = 120.0):
        self.model_path = Path(model_path) if model_path is not None else default_gguf_path()
        self.alias = alias
        self.n_ctx = n_ctx
        self.n_threads = n_threads or default_threads()
        self.startup_timeout_s = startup_timeout_s
        self.port: int | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def base_url(self) -> str:
        if self.port is None:
            raise RuntimeError("server is not running")
        return f"http://127.0.0.1:{self.port}/v1"

    def log_tail(self, chars: int = 2000) -> str:
        """The end of the server's stdout/stderr (for failure messages)."""
        if self._log is None:
            return ""
        self._log.flush()
        data = Path(self._log.name).read_bytes()
        return data[-chars:].decode("utf-8", "replace")

    def start(self) -> LlamaServer:
        if self.process is not None:
            raise RuntimeError("already started")
        self.port = free_port()
        self._log = tempfile.NamedTemporaryFile(prefix="finprobe-llama-server-", suffix=".log", delete=False)
        cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(self.model_path), "--model_alias", self.alias,
               "--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", str(self.n_ctx),
               "--n_threads", str(self.n_threads), "--n_threads_batch", str(self.n_threads)]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(cmd, stdout=self._log, stderr=subprocess.STDOUT, env=env,
                                        stdin=subprocess.DEVNULL)
        try:
            self._wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_ready(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + self.startup_timeout_s
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"llama_cpp.server exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.base_url + "/models", timeout=2) as resp:
                    if resp.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        raise RuntimeError(f"llama_cpp.server not ready after {self.startup_timeout_s:.0f}s:\n{self.log_tail()}")

    def stop(self, timeout_s: float = 10.0) -> None:
        """Terminate the server (SIGTERM, then SIGKILL after `timeout_s`); idempotent."""
        proc, self.process = self.process, None
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout_s)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout_s)
        if self._log is not None:
            self._log.close()
            Path(self._log.name).unlink(missing_ok=True)
            self._log = None

    def __enter__(self) -> LlamaServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
