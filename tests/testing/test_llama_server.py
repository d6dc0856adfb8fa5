"""The llama-cpp-python server helper: it starts on a free port, answers, and is always stopped."""

from __future__ import annotations

import json
import os
import urllib.request

import pytest

from finprobe.testing.llama_server import DEFAULT_ALIAS, LlamaServer, free_port, server_available

pytestmark = pytest.mark.llama


@pytest.fixture(autouse=True)
def _needs_server():
    reason = server_available()
    if reason is not None and not os.environ.get("FINPROBE_REQUIRE_LLAMA"):
        pytest.skip(reason)


def test_starts_answers_and_stops(tmp_path):
    with LlamaServer(n_threads=1) as srv:
        proc = srv.process
        assert srv.base_url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(srv.base_url + "/models", timeout=10) as resp:
            ids = [m["id"] for m in json.loads(resp.read())["data"]]
        assert ids == [DEFAULT_ALIAS]
    assert proc is not None and proc.poll() is not None  # terminated when the block ended
    assert srv.process is None


def test_is_stopped_when_the_block_raises():
    srv = LlamaServer(n_threads=1)
    with pytest.raises(ZeroDivisionError):
        with srv:
            proc = srv.process
            raise ZeroDivisionError("inside the block")
    assert proc is not None and proc.poll() is not None


def test_a_server_that_cannot_start_is_a_clear_error(tmp_path):
    bad = tmp_path / "not-a-model.gguf"
    bad.write_bytes(b"not a gguf file")
    srv = LlamaServer(bad, startup_timeout_s=60)
    with pytest.raises(RuntimeError, match="exited with"):
        srv.start()
    assert srv.process is None


def test_free_port_is_bindable():
    import socket

    port = free_port()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))
