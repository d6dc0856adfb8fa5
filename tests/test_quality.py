"""The project's own checks, run by the README's test command so that CI enforces them:
ruff (lint), mypy (types, `src/`), import-linter (the layering of DESIGN §1, contracts in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    path = shutil.which(name, path=str(BIN)) or shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed: `pip install -e .[dev]` installs it")
    return path


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), cwd=REPO, capture_output=True, text=True, timeout=600)


def test_ruff():
    done = _run(_tool("ruff"), "check", "src", "tests", "bench")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_mypy():
    done = _run(_tool("mypy"), "--cache-dir", str(REPO / ".mypy_cache"))
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_import_layers():
    done = _run(_tool("lint-imports"), "--no-cache")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
