"""General-domain ambiguity instances from AmbigQA / AmbigNQ "light" files (the paper's Table 8 replication).

A record (read by `finprobe.core.formats.ambignq`) becomes an instance when one of its `multipleQAs`
annotations has at least two readings whose answers differ; the instance's readings are that annotation's
disambiguated questions with their answer lists, in the file's order. Every other record is skipped with a
reason, and the counts by reason add up to the file's records (`ConversionSummary`):

- `single_answer`: every annotation is `singleAnswer` (an unambiguous control);
- `fewer_than_two_readings`: no `multipleQAs` annotation keeps two readings once readings without an
  answer and repeated disambiguated questions are dropped;
- `answers_not_distinct`: no two readings have disjoint answer sets (after AmbigQA's normalisation), so
  the reading does not change the answer and intended and any-valid grading cannot differ.

When a record has several `multipleQAs` annotations (annotators partitioned the readings differently), the
first one that qualifies is used and the others are noted; a record where another annotator wrote
`singleAnswer` is kept and flagged `annotators_disagree`.

**Target reading** (the user's hidden intent), `-O target=`:
- `specific` (default): the most specific reading: the one whose disambiguated question adds the most
  content words to the prompt question (stopwords aside, light stemming); ties go to the reading whose
  question has more content words, and remaining ties (half of AmbigNQ train: readings that differ by a
  year only) to the reading with the smallest `sha256(f"{record id}:{position}")`, so the first-listed
  reading (often the most salient one, which the `default` baseline answers) is not favoured.
  Deterministic, independent of the seed.
- `random`: drawn uniformly per instance from `Random(f"{run seed}:{record id}:target")`, so it depends on
  the run's seed and the record only (not on which other records are loaded or on `--limit`). Only the
  target (and the hidden context) changes: readings, question and id are those of the `specific` rule.

The hidden context C is the target's disambiguated question. The `default` baseline answers the first
reading (the annotation's first qaPair).

**Order and sampling**: instances come in file order, and the engine's `--limit N` takes the first N;
`-O sample_seed=K` shuffles the instances with `Random(K)` first, so `--limit 200 -O sample_seed=K` is a
seeded random sample of 200 that the same K reproduces.
"""

from __future__ import annotations

import hashlib
import math
import random
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from finprobe.benchmarks.ambiguity._general_text import content_tokens, squad_normalize
from finprobe.core.formats import AmbigNQRecord, MultipleQAs, load_ambignq

__all__ = [
    "SKIP_REASONS",
    "AmbigQAInstance",
    "ConversionSummary",
    "Reading",
    "TargetRule",
    "convert_records",
    "demo_ambigqa_path",
    "load_ambigqa",
    "most_specific_reading",
]

TargetRule = Literal["specific", "random"]
SKIP_REASONS = ("single_answer", "fewer_than_two_readings", "answers_not_distinct")


class Reading(BaseModel):
    """One reading: the disambiguated question and its accepted answers (aliases)."""

    question: str
    answers: list[str]


class AmbigQAInstance(BaseModel):
    """An ambiguous general-domain question with its readings and the target (intended) one."""

    instance_id: str
    question: str
    readings: list[Reading] = Field(min_length=2)
    target: int
    target_rule: TargetRule = "specific"
    language: Literal["en"] = "en"
    source: str = "ambigqa"
    #: another annotator wrote `singleAnswer` for this question
    annotators_disagree: bool = False
    load_notes: list[str] = Field(default_factory=list)

    @property
    def context(self) -> str:
        """C: the target's disambiguated question."""
        return self.readings[self.target].question

    @property
    def target_reading(self) -> Reading:
        return self.readings[self.target]

    @property
    def h0(self) -> float:
        """log2 of the number of readings."""
        return math.log2(len(self.readings))

    #: no passage corpus exists for AmbigQA (the environment's oracle-retrieval check reads this)
    passage_id: None = None


class ConversionSummary(BaseModel):
    """How a file's records became instances: counts by skip reason add up to `records`."""

    file: str
    records: int
    instances: int
    skipped: dict[str, int]
    #: up to 20 skipped record ids per reason (all of them: `finprobe doctor ambiguity -O source=ambigqa`)
    examples: dict[str, list[str]] = Field(default_factory=dict)

    def check(self) -> None:
        total = self.instances + sum(self.skipped.values())
        if total != self.records:  # a bug, never data: every record is counted once
            raise AssertionError(f"conversion of {self.file}: {total} counted, {self.records} records")


# --------------------------------------------------------------------------- conversion
def _usable_readings(annotation: MultipleQAs) -> tuple[list[Reading], list[str]]:
    """The annotation's readings with an answer, first occurrence of each disambiguated question."""
    readings: list[Reading] = []
    notes: list[str] = []
    seen: set[str] = set()
    for n, pair in enumerate(annotation.qaPairs, 1):
        answers = [a for a in pair.answer if squad_normalize(a)]
        key = squad_normalize(pair.question)
        if not answers:
            notes.append(f"reading {n} dropped: no answer")
        elif key in seen:
            notes.append(f"reading {n} dropped: repeats an earlier disambiguated question")
        else:
            seen.add(key)
            readings.append(Reading(question=pair.question, answers=answers))
    return readings, notes


def _distinct(readings: list[Reading]) -> bool:
    """Some two readings have disjoint normalised answer sets."""
    sets = [{squad_normalize(a) for a in r.answers} for r in readings]
    return any(not (sets[i] & sets[j]) for i in range(len(sets)) for j in range(i + 1, len(sets)))


def most_specific_reading(record_id: str, question: str, readings: list[Reading]) -> int:
    """The `specific` target rule (module docstring): most added content words, then most content words,
    then a fixed hash of the record id and position."""
    base = content_tokens(question)

    def key(i: int) -> tuple[int, int, str]:
        words = content_tokens(readings[i].question)
        tie = hashlib.sha256(f"{record_id}:{i}".encode()).hexdigest()
        return -len(words - base), -len(words), tie

    return min(range(len(readings)), key=key)


def _random_target(seed: int, record_id: str, k: int) -> int:
    return random.Random(f"{seed}:{record_id}:target").randrange(k)


def convert_record(record: AmbigNQRecord, *, target: TargetRule = "specific",
                   seed: int = 0) -> AmbigQAInstance | str:
    """One record as an instance, or the reason it is skipped (one of `SKIP_REASONS`)."""
    if not record.multiple_qas:
        return "single_answer"
    reason = "fewer_than_two_readings"
    for index, annotation in enumerate(record.multiple_qas):
        readings, notes = _usable_readings(annotation)
        if len(readings) < 2:
            continue
        if not _distinct(readings):
            reason = "answers_not_distinct"
            continue
        if len(record.multiple_qas) > 1:
            notes.append(f"multipleQAs annotation {index + 1} of {len(record.multiple_qas)} used")
        chosen = (most_specific_reading(record.id, record.question, readings) if target == "specific"
                  else _random_target(seed, record.id, len(readings)))
        return AmbigQAInstance(instance_id=record.id, question=record.question, readings=readings, target=chosen,
                               target_rule=target, annotators_disagree=bool(record.single_answers),
                               load_notes=notes)
    return reason


def convert_records(records: list[AmbigNQRecord], *, source: str, target: TargetRule = "specific",
                    seed: int = 0) -> tuple[list[AmbigQAInstance], ConversionSummary]:
    """Instances in file order and the summary of what was skipped and why."""
    instances: list[AmbigQAInstance] = []
    skipped = dict.fromkeys(SKIP_REASONS, 0)
    examples: dict[str, list[str]] = {}
    for record in records:
        out = convert_record(record, target=target, seed=seed)
        if isinstance(out, str):
            skipped[out] += 1
            ids = examples.setdefault(out, [])
            if len(ids) < 20:
                ids.append(record.id)
        else:
            instances.append(out)
    summary = ConversionSummary(file=source, records=len(records), instances=len(instances), skipped=skipped,
                                examples=examples)
    summary.check()
    return instances, summary


def load_ambigqa(path_or_url: str | Path, *, target: TargetRule = "specific", seed: int = 0,
                 sample_seed: int | None = None) -> tuple[list[AmbigQAInstance], ConversionSummary]:
    """Read an AmbigNQ light file (path or URL) and convert it; `sample_seed` shuffles the instances."""
    src = str(path_or_url)
    instances, summary = convert_records(load_ambignq(src), source=src, target=target, seed=seed)
    if sample_seed is not None:
        random.Random(sample_seed).shuffle(instances)
    return instances, summary


def demo_ambigqa_path() -> Path:
    """The bundled AmbigQA-format demo (22 records written for finprobe; real-world facts)."""
    return Path(str(resources.files("finprobe.benchmarks.ambiguity") / "data" / "ambigqa_demo.json"))
