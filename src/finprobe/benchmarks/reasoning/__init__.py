"""reasoning — FinQA, corrected (DESIGN §3): numeric reasoning over one report excerpt, graded
deterministically under an explicit answer contract.

Public API:
    BENCHMARK                       the family object the registry loads
    load_finqa(source, sha256=None) official FinQA files (path or http(s) URL) -> list[FinQARecord]
    to_sample(record)               FinQARecord -> Sample (meta: level, operations, n_ops, question_type)
    execute(program, table)         FinQA DSL executor (parser, never eval); ProgramError on bad input
    grade(data, output, finish_reason) -> Score
    load_corrections(path), apply_corrections(samples, overlay)
    audit(samples) -> AuditResult
"""

from finprobe.benchmarks.reasoning.audit import AuditResult, audit
from finprobe.benchmarks.reasoning.benchmark import ReasoningBenchmark, demo_path
from finprobe.benchmarks.reasoning.contract import ANSWER_CONTRACT, build_messages
from finprobe.benchmarks.reasoning.corrections import CorrectionSet, apply_corrections, load_corrections
from finprobe.benchmarks.reasoning.dsl import ProgramError, execute, operations, parse_program
from finprobe.benchmarks.reasoning.grader import grade, reference_value
from finprobe.benchmarks.reasoning.loader import FinQARecord, level_for, load_finqa, to_sample

BENCHMARK = ReasoningBenchmark()

__all__ = [
    "ANSWER_CONTRACT", "AuditResult", "BENCHMARK", "CorrectionSet", "FinQARecord", "ProgramError",
    "ReasoningBenchmark", "apply_corrections", "audit", "build_messages", "demo_path", "execute", "grade",
    "level_for", "load_corrections", "load_finqa", "operations", "parse_program", "reference_value",
    "to_sample",
]
