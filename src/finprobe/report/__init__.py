"""Reports: terminal summary, flat exports (JSON/CSV/Parquet), the HTML report, run comparison, Inspect logs.

Modules: `html` (one-file HTML reports of a run and of a comparison), `plots` (PlotData as SVG with
matplotlib), `compare` (runs side by side, paired deltas, outcome flips), `inspect_log` (Inspect AI eval
logs), `baselines` (a run beside its family's baseline policies); the names below are the light ones.
"""

from finprobe.report._export import aggregate_rows, export_table, sample_rows, samples_csv
from finprobe.report._run import StoredRun, load_run, rescore_run
from finprobe.report._terminal import print_summary, print_tables, rich_table, usage_table
from finprobe.report._text import clean_terminal, csv_safe

__all__ = ["StoredRun", "aggregate_rows", "clean_terminal", "csv_safe", "export_table", "load_run", "print_summary",
           "print_tables", "rescore_run", "rich_table", "sample_rows", "samples_csv", "usage_table"]
