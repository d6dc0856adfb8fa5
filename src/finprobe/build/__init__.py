"""Construction pipelines: building new benchmark instances from filings and market data.

One folder per family (`finprobe.build.<family>`). A pipeline may import `finprobe.benchmarks.*` (to
write instances in the family's own release format and to reuse its grading and doctor) and
`finprobe.core.*` (models, numbers, the run store); never the CLI or the report layer.
"""
