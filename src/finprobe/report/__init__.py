"""Reports: terminal summary, JSON/CSV exports, HTML report, run comparison."""

from finprobe.report._export import samples_csv
from finprobe.report._run import StoredRun, load_run, rescore_run
from finprobe.report._terminal import count_table, print_summary, usage_table

__all__ = ["StoredRun", "count_table", "load_run", "print_summary", "rescore_run", "samples_csv", "usage_table"]
