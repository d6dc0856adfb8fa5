"""Reports: terminal summary, JSON/CSV exports, HTML report, run comparison."""

from finprobe.report._export import samples_csv
from finprobe.report._run import StoredRun, load_run, rescore_run
from finprobe.report._terminal import print_summary, print_tables, rich_table, usage_table

__all__ = ["StoredRun", "load_run", "print_summary", "print_tables", "rescore_run", "rich_table", "samples_csv",
           "usage_table"]
