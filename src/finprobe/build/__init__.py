"""Construction pipelines: building new benchmark instances from filings, market data and public data sets.

One folder per family (`build/<family>/`); a pipeline may use `finprobe.benchmarks.*` (the family's
instance schema and graders) and `finprobe.core`, never the CLI or the report layer.
"""
