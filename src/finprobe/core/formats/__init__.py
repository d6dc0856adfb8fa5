"""Readers of public data formats that more than one family uses (typed records, errors naming the file
and the record, a path or a URL through `finprobe.core.sources`)."""

from finprobe.core.formats.ambignq import (
    AmbigNQAnnotation,
    AmbigNQRecord,
    MultipleQAs,
    QAPair,
    SingleAnswer,
    load_ambignq,
    parse_ambignq,
)

__all__ = ["AmbigNQAnnotation", "AmbigNQRecord", "MultipleQAs", "QAPair", "SingleAnswer", "load_ambignq",
           "parse_ambignq"]
