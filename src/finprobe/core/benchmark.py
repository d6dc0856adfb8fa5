"""How a benchmark family plugs into the engine. The core knows no benchmark beyond this protocol.

A family is one folder under `finprobe/benchmarks/` exposing a `Benchmark` object; registering it in
`finprobe.benchmarks.REGISTRY` is the only change outside that folder.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from finprobe.core.models._base import ModelBackend
from finprobe.core.schema import GenerateConfig, Message, ModelCall, Sample, SampleRecord, Score, Transcript


class RoleModel:
    """A backend bound to a role inside one episode: every call is recorded in the transcript.

    The runner builds these; families only call `generate`.
    """

    def __init__(self, role: str, backend: ModelBackend, transcript: Transcript,
                 defaults: GenerateConfig, call: Callable[..., Any]):
        self.role = role
        self.backend = backend
        self.defaults = defaults
        self._transcript = transcript
        self._call = call  # runner-provided coroutine: (role, backend, messages, config, transcript) -> ModelCall

    @property
    def supports_schema(self) -> bool:
        return bool(getattr(self.backend, "supports_schema", False))

    async def generate(self, messages: list[Message], **overrides: Any) -> ModelCall:
        """Call the model. The runner appends the ModelCall to the transcript, also when it fails
        (then the ModelError propagates and the runner decides: retry the sample or record an error)."""
        config = self.defaults.model_copy(update=overrides) if overrides else self.defaults
        call: ModelCall = await self._call(self.role, self.backend, messages, config, self._transcript)
        return call


@dataclass
class EpisodeContext:
    """What an episode gets from the engine: its models by role, the run's mode and options, a seeded RNG.

    A plain dataclass, not a record: it is built once per sample on the hot path and never stored."""

    sample: Sample
    transcript: Transcript
    rng: random.Random
    mode: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    models: dict[str, RoleModel] = field(default_factory=dict)
    #: the spec of every role (LLM or component), e.g. {"agent": "local", "user": "deterministic"}
    role_specs: dict[str, str] = field(default_factory=dict)

    def model(self, role: str) -> RoleModel:
        try:
            return self.models[role]
        except KeyError:
            raise KeyError(f"this run configures no model for role {role!r}") from None


class ModeInfo(BaseModel):
    name: str
    description: str


class PolicyInfo(BaseModel):
    """A baseline policy: selected like a model (`--agent NAME`), built per sample from the instance."""

    name: str
    description: str


@runtime_checkable
class Benchmark(Protocol):
    name: str
    description: str
    #: roles this family uses, with the default spec of each (e.g. {"agent": "local", "user": "deterministic"})
    roles: dict[str, str]
    #: bump when scoring changes: part of the run fingerprint, recorded in every Score
    scorer_version: str

    def modes(self) -> list[ModeInfo]: ...

    def policies(self) -> list[PolicyInfo]: ...

    def policy_backend(self, name: str, sample: Sample, options: dict[str, Any]) -> ModelBackend:
        """A per-sample backend for a baseline policy (e.g. one that answers the reference value)."""
        ...

    def components(self) -> dict[str, list[str]]:
        """Built-in non-LLM components by role (e.g. {"user": ["deterministic", "noisy"]}).

        A role whose spec names one of these gets no model backend: the family builds the component
        itself from `EpisodeContext.role_specs`.
        """
        ...

    def load(self, data: str | None, options: dict[str, Any]) -> list[Sample]:
        """Load instances (the bundled demo set when `data` is None). Raise DataError on malformed data."""
        ...

    def validate_options(self, mode: str | None, options: dict[str, Any]) -> None:
        """Raise ValueError for an unknown mode or an inconsistent option before anything runs."""
        ...

    # Optional: `check_samples(mode, options, samples)` raises ValueError for a run that cannot work
    # (e.g. a searching mode without a corpus) once the data and the mode are both known.

    async def run_episode(self, ctx: EpisodeContext) -> None:
        """Play one episode, filling `ctx.transcript`. Model failures propagate as ModelError."""
        ...

    def score(self, sample: Sample, transcript: Transcript, options: dict[str, Any]) -> Score: ...

    def aggregate(self, records: list[SampleRecord], samples: dict[str, Sample] | None = None,
                  options: dict[str, Any] | None = None) -> dict[str, Any]:
        """Aggregate metrics as one JSON-able dict (the `report --format json` object)."""
        ...

    def summary_tables(self, metrics: dict[str, Any]) -> list[Any]:
        """Rich renderables for the terminal summary."""
        ...


class DataError(ValueError):
    """Malformed input data. The message names the file and the record."""
