"""Family discovery through the `finprobe.benchmarks` entry points, and contract validation on load."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from finprobe.core.benchmark import Benchmark
from finprobe.core.families import FamilyError, family_names, load_family, validate_family
from finprobe.testing import ToyBenchmark

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "echo_family"


def test_every_family_folder_is_registered_and_loads():
    folders = sorted(p.name for p in (REPO / "src" / "finprobe" / "benchmarks").iterdir()
                     if p.is_dir() and (p / "__init__.py").exists())
    assert sorted(set(family_names()) & set(folders)) == folders, "a family folder without an entry point"
    for name in folders:
        family = load_family(name)
        assert isinstance(family, Benchmark) and family.name == name


def test_unknown_family_names_the_known_ones_and_suggests():
    with pytest.raises(FamilyError, match="did you mean 'reasoning'") as info:
        load_family("reasonin")
    assert "pip install -e ." in str(info.value)


def test_validation_names_the_family_and_the_problem():
    with pytest.raises(FamilyError, match="not a finprobe.core.benchmark.Benchmark"):
        validate_family(object(), "thing")
    toy = ToyBenchmark()
    with pytest.raises(FamilyError, match="calls itself 'toy'"):
        validate_family(toy, "other")

    class Future(ToyBenchmark):
        contract_version = 99

    with pytest.raises(FamilyError, match="contract version 99"):
        validate_family(Future(), "toy")


def test_no_family_capability_is_probed():
    offenders = []
    for path in (REPO / "src" / "finprobe").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for needle in ("getattr(bench", "hasattr(bench", "getattr(self.bench", "hasattr(self.bench",
                       "getattr(run.bench", "getattr(a.bench"):
            if needle in text:
                offenders.append(f"{path.relative_to(REPO)}: {needle}")
    assert offenders == []


@pytest.fixture(scope="module")
def echo_site(tmp_path_factory) -> Path:
    """The fixture package installed (pip, no network) into its own site folder."""
    target = tmp_path_factory.mktemp("site")
    source = tmp_path_factory.mktemp("src") / "echo_family"  # a copy: building writes metadata next to the code
    shutil.copytree(FIXTURE, source)
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                           "--no-index", "--target", str(target), str(source)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    return target


def _finprobe(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site), "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "finprobe.cli", *args], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=300)


def test_a_third_family_from_an_installed_package_runs_end_to_end(echo_site, tmp_path):
    listed = _finprobe(echo_site, "list", "benchmarks", cwd=tmp_path)
    assert listed.returncode == 0 and "echo" in listed.stdout
    out = tmp_path / "run"
    ran = _finprobe(echo_site, "run", "echo", "-O", "n=3", "--seed", "5", "--out", str(out), "--no-progress",
                    cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["n"] == 3 and metrics["accuracy"] == 1.0 and metrics["run"]["bootstrap_seed"] == 5
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["family_version"] == "1" and manifest["options"]["n"] == 3
    report = _finprobe(echo_site, "report", str(out), "--format", "json", cwd=tmp_path)
    assert report.returncode == 0 and json.loads(report.stdout)["accuracy"] == 1.0
    bad = _finprobe(echo_site, "run", "echo", "-O", "n=99", "--out", str(tmp_path / "bad"), cwd=tmp_path)
    assert bad.returncode == 2 and "echo options" in bad.stderr and "Traceback" not in bad.stderr
