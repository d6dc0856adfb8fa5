"""RegretBench construction: converters from public data to CIGs (`convert`, rules, offline), and the
LLM-assisted option through a `generator` role (`convert_with_generator`), whose CIGs pass the same checks.

`convert(kind, input, out_dir)` reads `input` (a path or URL) in the source's official format, converts it
and writes `out_dir/cigs.jsonl`, `out_dir/dropped.jsonl` (one record per dropped source record, with
`reason`), `out_dir/controls.jsonl` (AmbigNQ's single-answer controls) and `out_dir/counts.json`."""

from __future__ import annotations

from pathlib import Path

from finprobe.build.regret.common import ConversionResult, DroppedRecord
from finprobe.build.regret.llm import (
    LLMSplitError,
    Reading,
    convert_with_generator,
    llm_split,
    refine_ambignq_with_llm,
)
from finprobe.core.sources import decode_text, json_records, read_source

__all__ = ["CONVERTER_KINDS", "ConversionResult", "DroppedRecord", "LLMSplitError", "Reading", "convert",
           "convert_with_generator", "llm_split", "refine_ambignq_with_llm"]

CONVERTER_KINDS = ("ambignq", "pscon", "condambigqa", "ambigdocs", "fininteract")


def convert(kind: str, input: str | Path, out_dir: str | Path | None = None) -> ConversionResult:
    """Convert one source file to CIGs; write them to `out_dir` when given. Raises DataError on malformed files."""
    src = str(input)
    result = ConversionResult(kind=kind, input=src)
    if kind == "ambignq":
        from finprobe.build.regret.ambignq import convert_ambignq_records
        from finprobe.core.formats.ambignq import load_ambignq

        convert_ambignq_records(load_ambignq(src), result)
    elif kind == "fininteract":
        from finprobe.benchmarks.ambiguity.instances import load_instances
        from finprobe.build.regret.fininteract import convert_fininteract_instances

        convert_fininteract_instances(load_instances(src), result)
    elif kind in ("pscon", "condambigqa", "ambigdocs"):
        records = json_records(decode_text(read_source(src, what=f"{kind} data"), src), src)
        if kind == "pscon":
            from finprobe.build.regret.pscon import convert_pscon_records

            convert_pscon_records(records, result)
        elif kind == "condambigqa":
            from finprobe.build.regret.condambigqa import convert_condambigqa_records

            convert_condambigqa_records(records, result)
        else:
            from finprobe.build.regret.ambigdocs import convert_ambigdocs_records

            convert_ambigdocs_records(records, result)
    else:
        raise ValueError(f"unknown converter {kind!r}; known: {', '.join(CONVERTER_KINDS)}")
    if out_dir is not None:
        result.write(out_dir)
    return result
