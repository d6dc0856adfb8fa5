"""`finprobe compare` of runs that share no instance: an unpaired side-by-side, never an error."""

from __future__ import annotations

import pytest

from finprobe.core.runner import Runner
from finprobe.core.schema import RoleConfig, RunConfig
from finprobe.report import load_run
from finprobe.report.compare import compare_loaded
from finprobe.testing.toy import ToyBenchmark


class OffsetToy(ToyBenchmark):
    """The toy family with its sample ids shifted (other instances, same family)."""

    def __init__(self, n: int, prefix: str):
        super().__init__(n=n)
        self.prefix = prefix

    def load(self, data, options):
        return [s.model_copy(update={"id": self.prefix + s.id}) for s in super().load(data, options)]


async def test_runs_without_shared_instances_are_shown_side_by_side(tmp_path, monkeypatch):
    benches = {"a": OffsetToy(4, "a-"), "b": OffsetToy(6, "b-")}
    for name, bench in benches.items():
        cfg = RunConfig(benchmark="toy", roles={"agent": RoleConfig(spec="oracle")})
        await Runner(cfg, tmp_path / name, benchmark=bench, progress=False).run()
    runs = []
    for name, bench in benches.items():
        monkeypatch.setattr("finprobe.report._run.load_family", lambda _n, b=bench: b)
        runs.append(load_run(tmp_path / name))
    result = compare_loaded(runs, n_resamples=200)
    pair = result["pairs"][0]
    assert pair["paired"] is False and pair["n_common"] == 0 and pair["metrics"] == {}
    assert len(pair["only_a"]) == 4 and len(pair["only_b"]) == 6 and pair["flips"]["n_paired_trials"] == 0
    rows = pair["unpaired"]["headline"]
    assert rows and all({"a", "b", "difference"} <= set(r) for r in rows)
    assert all(r["difference"] == pytest.approx(r["b"]["value"] - r["a"]["value"]) for r in rows
               if r["a"]["value"] is not None and r["b"]["value"] is not None)
