"""Construction pipelines: building new benchmark instances from public data (may import benchmarks and core)."""
