"""`Benchmark.load_for_run`: the engine and the report load a run's instances with the run's seed."""

from __future__ import annotations

from finprobe.core.runner import Runner
from finprobe.core.schema import RoleConfig, RunConfig, Sample
from finprobe.report import load_run
from finprobe.testing.toy import ToyBenchmark, ToyOptions


class SeededToy(ToyBenchmark):
    """The toy family whose instances depend on the run's seed (as a seeded random assignment would)."""

    def __init__(self) -> None:
        super().__init__(n=3)
        self.seeds: list[int] = []

    def load_for_run(self, data: str | None, options: ToyOptions, seed: int) -> list[Sample]:
        self.seeds.append(seed)
        samples = self.load(data, options)
        return [s.model_copy(update={"meta": {**s.meta, "seed": seed}}) for s in samples]


def test_the_default_is_load():
    bench = ToyBenchmark(n=4)
    opts = bench.parse_options({})
    assert [s.id for s in bench.load_for_run(None, opts, 7)] == [s.id for s in bench.load(None, opts)]


async def test_the_runner_and_the_report_pass_the_run_seed(tmp_path, monkeypatch):
    bench = SeededToy()
    cfg = RunConfig(benchmark="toy", roles={"agent": RoleConfig(spec="oracle")}, seed=11)
    result = await Runner(cfg, tmp_path, benchmark=bench, progress=False).run()
    assert bench.seeds == [11] and result.n_ran == 3
    monkeypatch.setattr("finprobe.report._run.load_family", lambda name: bench)
    stored = load_run(tmp_path)  # the samples the run loaded, from the folder: the report loads nothing
    assert bench.seeds == [11] and all(s.meta["seed"] == 11 for s in (stored.samples or {}).values())
    (tmp_path / "data.jsonl").unlink()  # a folder from before the data was kept: the data, with the run's seed
    stored = load_run(tmp_path)
    assert bench.seeds == [11, 11] and all(s.meta["seed"] == 11 for s in (stored.samples or {}).values())
    assert stored.warnings and "data.jsonl" in stored.warnings[0]
