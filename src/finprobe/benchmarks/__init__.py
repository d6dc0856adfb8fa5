"""Benchmark families, one folder each. They are found through the `finprobe.benchmarks` entry points
(see `finprobe.core.families` and pyproject.toml), not through a list here, and never import each other."""
