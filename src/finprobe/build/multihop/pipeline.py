"""The FinHopper synthesis build: walk → single hops (generate + verify) → merge → critics → admission.

Targets: n chains; their depths are n i.i.d. draws of K from the depth distribution (seeded). Each depth
K is an independent stream of **attempts** `K{K}-{j:05d}` (j = 0, 1, …), each a pure function of (seed, K,
j, market, settings) with its own `random.Random`:

1. **walk**: (s_0, …, s_K) on the transition graph (`graph`); a walk that dies before K is dropped
   (`dead_end`);
2. **single_hop**: for hop k a pattern is drawn among those whose input slot takes hop k−1's answer type
   (hop 1: a type of s_0) and whose answer has state s_k and can lead to s_{k+1}; it is generated and
   verified (`singlehop`); a failed single-hop QA is regenerated (up to `max_hop_tries`), the attempt is
   dropped with the last reason when none verifies (or `no_pattern` when no pattern fits);
3. **merge** (`merge`) and the deterministic **question_critic** and **answer_critic** (`critics`);
4. **llm_critic** (optional roles, `roles`): critics' verdicts, then an optional paraphrase that must pass
   the deterministic critics and the LLM critics again (which see the verified wording it must keep);
5. **admission**, per depth in attempt order: duplicates of an accepted question are dropped; the stream
   stops when its target is met (attempts run ahead in a batch and not needed are `over_target`) or after
   `attempts_per_chain × target + min_attempts` attempts (a shortfall, reported).

Resumable: every attempt is one `SampleRecord` in the run store (`core/store.py`, append-only and crash-safe)
holding its outcome, its chain and its model calls. A killed build resumes without redoing stored attempts,
and since attempts are deterministic and admitted in order, it gives the same chains, byte for byte. The
fingerprint covers what decides an attempt (seed, market content, languages, settings, roles), not n or
the depth weights: a build resumed with a larger n reuses every stored attempt.

Outputs in the build folder: `chains.json` (the family's chain format, `load_chains` reads it),
`funnel.json` (see `funnel`), `attempts.jsonl` (one line per attempt: where it stopped and why), and the
run store (`manifest.json`, `samples.jsonl`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import platform
import random
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from finprobe.benchmarks.multihop.chains import Chain, Hop
from finprobe.benchmarks.multihop.market.db import MarketDB
from finprobe.benchmarks.multihop.mentions import EntityLexicon
from finprobe.benchmarks.multihop.solver import gold_answer
from finprobe.benchmarks.multihop.tools import MarketTools
from finprobe.build.multihop.critics import LengthBounds, answer_critic, constraints_of, question_critic
from finprobe.build.multihop.graph import (
    STATE_OF,
    TRANSITIONS,
    DepthDistribution,
    State,
    Transitions,
    restrict,
    sample_walk,
    transition_table_rows,
)
from finprobe.build.multihop.merge import compose_question, hop_question
from finprobe.build.multihop.patterns import PATTERNS, Library, Pattern, SlotSpec
from finprobe.build.multihop.pool import MarketPool
from finprobe.build.multihop.reader import QuestionReader
from finprobe.build.multihop.roles import RoleBinding, RoleCaller, ask_critic, ask_paraphrase
from finprobe.build.multihop.singlehop import HopDraft, HopFailure, HopGenerator
from finprobe.build.multihop.vocab import Vocabulary
from finprobe.core.models._base import ModelError
from finprobe.core.provenance import git_revision, package_version, run_fingerprint, sample_seed
from finprobe.core.runner import Redactor
from finprobe.core.schema import (
    RoleConfig,
    RunConfig,
    RunManifest,
    SampleRecord,
    SampleStatus,
    Score,
    Transcript,
    Usage,
)
from finprobe.core.store import RunStore

__all__ = ["AttemptOutcome", "BuildConfig", "BuildResult", "PIPELINE_VERSION", "STEPS", "Synthesizer",
           "build_multihop", "build_multihop_sync"]

#: bump when a rule changes: part of the fingerprint, so stored attempts are not reused across it
PIPELINE_VERSION = "build-multihop-4"
STEPS = ("walk", "single_hop", "question_critic", "answer_critic", "llm_critic")
Language = Literal["en", "zh"]


class BuildConfig(BaseModel):
    """What a build aims for and how it runs (see the module docstring for what enters the fingerprint)."""

    n: int = Field(200, ge=1)
    depths: DepthDistribution = Field(default_factory=DepthDistribution)
    seed: int = 0
    languages: list[Language] = Field(default_factory=lambda: list[Language](["en", "zh"]), min_length=1)
    max_hop_tries: int = Field(4, ge=1)
    #: a depth stream stops after attempts_per_chain × its target + min_attempts attempts (then: a shortfall)
    attempts_per_chain: int = Field(30, ge=1)
    min_attempts: int = Field(20, ge=0)
    bounds: LengthBounds = Field(default_factory=LengthBounds)
    id_prefix: str = "synth"
    #: attempts whose model calls run at once (LLM roles only; without them attempts run one by one)
    concurrency: int = Field(4, ge=1)
    #: the `market` written into every chain ("demo:7" for the demo market; else the database's path)
    market: str | None = None
    source: str | None = None

    def decisive(self) -> dict[str, Any]:
        """The settings an attempt's outcome depends on (the fingerprint's options)."""
        return {"languages": self.languages, "max_hop_tries": self.max_hop_tries, "id_prefix": self.id_prefix,
                "bounds": self.bounds.model_dump(), "market": self.market}


class AttemptOutcome(BaseModel):
    """Where one attempt stopped and why; the chain when it passed (and, for inspection, when a critic failed)."""

    key: str
    K: int
    j: int
    passed: bool
    step: str
    reason: str
    detail: str = ""
    walk: list[str] | None = None
    language: str | None = None
    patterns: list[str] = Field(default_factory=list)
    #: every single-hop QA candidate of the attempt: {"hop", "pattern", "reason" ("verified" or the drop), "detail"}
    hop_log: list[dict[str, Any]] = Field(default_factory=list)
    chain: dict[str, Any] | None = None
    critics: list[dict[str, Any]] = Field(default_factory=list)
    paraphrase: dict[str, Any] | None = None


class BuildResult(BaseModel):
    out_dir: str
    funnel: dict[str, Any]
    n_accepted: int
    n_processed: int
    n_resumed: int
    n_errors: int


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


# --------------------------------------------------------------------------- one attempt
class Synthesizer:
    """The deterministic part of an attempt (walk, hops, merge, deterministic critics) over one market."""

    def __init__(self, db: MarketDB, config: BuildConfig):
        self.db, self.config = db, config
        self.pool = MarketPool(db)
        self.vocab = Vocabulary(db)
        self.tools = {lang: MarketTools(db, language=lang) for lang in ("en", "zh")}
        self.readers = {lang: QuestionReader(db, self.pool, self.vocab, self.tools[lang]) for lang in ("en", "zh")}
        #: the patterns with data in this market (a sparse market realises fewer transitions)
        self.library = Library.for_market(self.pool)
        self.transitions = restrict(self.library.edges())
        self.generator = HopGenerator(self.pool, self.vocab, self.tools, self.readers, self.library)
        self.lexicon = EntityLexicon(db.alias_lexicon())

    def _options(self, prev_type: str | None, s_in: State, s_out: State,
                 rest: tuple[State, ...]) -> list[tuple[Pattern, SlotSpec]]:
        """(pattern, input slot) pairs for a hop: the slot takes the previous answer's type (hop 1: a type of
        s_0), the answer has state s_out, and some answer type of it can lead through the remaining states."""
        out = []
        for p in self.library.patterns.values():
            for slot in p.input_slots:
                if prev_type is None:
                    if not any(STATE_OF[t] == s_in for t in slot.accepts):
                        continue
                elif prev_type not in slot.accepts:
                    continue
                if any(STATE_OF[t] == s_out and self.library.feasible(t, rest)
                       for t in p.out_types_for(slot.name, prev_type)):
                    out.append((p, slot))
        return out

    def attempt(self, k_hops: int, j: int) -> tuple[AttemptOutcome, list[HopDraft], Chain | None]:
        key = f"K{k_hops}-{j:05d}"
        rng = random.Random(f"{self.config.seed}:{key}")
        base = {"key": key, "K": k_hops, "j": j}
        walk = sample_walk(rng, k_hops, transitions=self.transitions)
        if walk is None:
            return AttemptOutcome(**base, passed=False, step="walk", reason="dead_end"), [], None
        if not self.library.feasible_walk(tuple(walk)):
            return AttemptOutcome(**base, passed=False, step="walk", reason="no_pattern_path", walk=list(walk),
                                  detail="no typed chain of patterns realises this walk"), [], None
        lang: Language = rng.choice(self.config.languages)
        info: dict[str, Any] = {"walk": list(walk), "language": lang}
        drafts: list[HopDraft] = []
        log: list[dict[str, Any]] = []
        exclude_entities: set[str] = set()
        exclude_values: set[str] = set()
        named: set[str] = set()
        for k in range(1, k_hops + 1):
            prev = drafts[-1] if drafts else None
            rest = tuple(walk[k + 1:])
            options = self._options(prev.answer.type if prev else None, walk[k - 1], walk[k], rest)
            if not options:
                return (AttemptOutcome(**base, **info, passed=False, step="single_hop", reason="no_pattern",
                                       detail=f"hop {k}: no pattern from {prev.answer.type if prev else walk[0]} "
                                              f"to {walk[k]}", hop_log=log, patterns=[d.pattern for d in drafts]),
                        drafts, None)
            result: HopDraft | HopFailure | None = None
            for _ in range(self.config.max_hop_tries):
                pattern, slot = rng.choice(options)
                result = self.generator.generate(k, pattern, slot.name, prev, rng, lang, rest=rest,
                                                 exclude_entities=exclude_entities, exclude_values=exclude_values,
                                                 named=named, answered={str(d.value) for d in drafts})
                if isinstance(result, HopDraft):
                    log.append({"hop": k, "pattern": pattern.id, "reason": "verified"})
                    break
                log.append({"hop": k, "pattern": pattern.id, "reason": result.reason, "detail": result.detail[:300]})
            if not isinstance(result, HopDraft):
                assert result is not None
                return (AttemptOutcome(**base, **info, passed=False, step="single_hop", reason=result.reason,
                                       detail=f"hop {k}: {result.detail[:300]}", hop_log=log,
                                       patterns=[d.pattern for d in drafts]), drafts, None)
            drafts.append(result)
            named |= result.named_values
            exclude_entities.update(result.explicit_entities)
            exclude_values.add(str(result.value))
            if result.answer.type in ("stock", "fund", "index"):
                exclude_entities.add(str(result.value))
            if result.answer.type == "sector":
                s = self.db.sector(str(result.value))
                if s is not None and s.index_id:
                    exclude_entities.add(s.index_id)
        patterns = [d.pattern for d in drafts]
        question = compose_question(drafts, lang, self.pool, self.vocab)
        chain = self.chain(key, drafts, question, lang, walk)
        qc = question_critic(question, chain.hops, drafts, lang, self.readers[lang], self.lexicon, self.config.bounds)
        if not qc.ok:
            return (AttemptOutcome(**base, **info, passed=False, step="question_critic", reason=qc.reason,
                                   detail="; ".join(qc.problems)[:500], hop_log=log, patterns=patterns,
                                   chain=_dump(chain)), drafts, chain)
        ac = answer_critic(chain, self.tools[lang], self.lexicon)
        if not ac.ok:
            return (AttemptOutcome(**base, **info, passed=False, step="answer_critic", reason=ac.reason,
                                   detail="; ".join(ac.problems)[:500], hop_log=log, patterns=patterns,
                                   chain=_dump(chain)), drafts, chain)
        return (AttemptOutcome(**base, **info, passed=True, step="answer_critic", reason="passed", hop_log=log,
                               patterns=patterns, chain=_dump(chain)), drafts, chain)

    def chain(self, key: str, drafts: list[HopDraft], question: str, lang: str, walk: list[State]) -> Chain:
        hops = []
        for d in drafts:
            answer, aliases = gold_answer(d.answer.kind, d.value, self.db, unit=d.answer.unit, language=lang)
            distractors = [self.db.names_of(c) for c in d.candidates if c != d.value]
            hops.append(Hop(answer=answer, question=hop_question(d, lang, self.pool, self.vocab),
                            kind=d.answer.kind,
                            value=d.value, aliases=aliases, unit=d.answer.unit, distractors=distractors,
                            tool_calls=d.calls, derive=d.derive))
        k = len(drafts)
        level = "L1" if k <= 2 else "L2" if k <= 4 else "L3"
        meta = {"attempt": key, "seed": self.config.seed, "pipeline": PIPELINE_VERSION, "walk": list(walk),
                "patterns": [d.pattern for d in drafts], "answer_types": [d.answer.type for d in drafts],
                "single_hop_questions": [d.standalone for d in drafts],
                "constraints": constraints_of(drafts).model_dump(exclude_defaults=True)}
        fictional = " over a fictional market" if self.db.is_fictional else ""
        return Chain(id=f"{self.config.id_prefix}-{self.config.seed}-{level}-{k}hop-{key.split('-')[1]}-{lang}",
                     question=question, final_answer=hops[-1].answer, hops=hops,
                     language=lang,
                     source=self.config.source or f"finprobe build multihop (synthesized{fictional})",
                     market=self.config.market, meta=meta)


def _dump(chain: Chain) -> dict[str, Any]:
    return chain.model_dump(mode="json", exclude_defaults=True)


# --------------------------------------------------------------------------- LLM roles of an attempt
class _Roles:
    def __init__(self, synth: Synthesizer, critics: list[RoleBinding], paraphraser: RoleBinding | None):
        self.synth, self.critics, self.paraphraser = synth, critics, paraphraser
        self.call = RoleCaller(Redactor([n for n in os.environ if n.endswith("_API_KEY")]))

    def _rejected(self, verdicts: list[dict[str, Any]]) -> bool:
        given = [v for v in verdicts if v["verdict"] is not None]
        return sum(v["verdict"] == "fail" for v in given) * 2 > len(given) if given else False

    async def _verdicts(self, question: str, chain: Chain, transcript: Transcript, key: str,
                        reference: str | None = None) -> list[dict[str, Any]]:
        hops = [(h.question or "", h.answer) for h in chain.hops]
        seed = sample_seed(self.synth.config.seed, key)
        return list(await asyncio.gather(*(ask_critic(self.call, role, question, hops, transcript, seed, reference)
                                           for role in self.critics)))

    async def review(self, outcome: AttemptOutcome, drafts: list[HopDraft], chain: Chain,
                     transcript: Transcript) -> AttemptOutcome:
        key = outcome.key
        verdicts = await self._verdicts(chain.question, chain, transcript, key) if self.critics else []
        if self._rejected(verdicts):
            problems = [p for v in verdicts for p in v.get("problems", [])]
            return outcome.model_copy(update={"passed": False, "step": "llm_critic", "reason": "critic_rejected",
                                              "detail": "; ".join(problems)[:500], "critics": verdicts})
        update: dict[str, Any] = {"critics": verdicts, "step": "llm_critic" if self.critics else outcome.step}
        meta = dict(chain.meta)
        meta["critics"] = [{k: v for k, v in x.items() if k != "question"} for x in verdicts]
        if self.paraphraser is not None:
            text, problem = await ask_paraphrase(self.call, self.paraphraser, chain.question, chain.language,
                                                 transcript, sample_seed(self.synth.config.seed, key + ":para"))
            record: dict[str, Any] = {"role": self.paraphraser.name, "model": self.paraphraser.backend.model,
                                      "question": text, "adopted": False}
            if text is None:
                record["reason"] = "unparseable"
                record["detail"] = problem
            else:
                s = self.synth
                qc = question_critic(text, chain.hops, drafts, chain.language, s.readers[chain.language], s.lexicon,
                                     s.config.bounds)
                if not qc.ok:
                    record["reason"], record["detail"] = qc.reason, "; ".join(qc.problems)[:300]
                else:
                    again = await self._verdicts(text, chain, transcript, key + ":para", reference=chain.question)
                    record["critics"] = [{k: v for k, v in x.items() if k != "question"} for x in again]
                    if self._rejected(again):
                        record["reason"] = "critic_rejected"
                    elif not any(v["verdict"] is not None for v in again):
                        record["reason"] = "no_critic_verdict"
                    else:
                        record["adopted"] = True
                        record["reason"] = "adopted"
                        meta["template_question"] = chain.question
                        chain = chain.model_copy(update={"question": text})
            meta["paraphrase"] = {k: v for k, v in record.items() if k != "question" or not record["adopted"]}
            update["paraphrase"] = record
        chain = chain.model_copy(update={"meta": meta})
        update["chain"] = _dump(chain)
        return outcome.model_copy(update=update)


# --------------------------------------------------------------------------- the build
def _market_digest(db: MarketDB) -> str:
    src = Path(db.source)
    if db.source != ":memory:" and src.is_file():
        h = hashlib.sha256()
        with open(src, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
        return h.hexdigest()
    return db.content_hash()


def _manifest(db: MarketDB, config: BuildConfig, critics: list[RoleBinding],
              paraphraser: RoleBinding | None) -> RunManifest:
    roles = {r.name: RoleConfig(spec=r.spec, generate=r.generate) for r in [*critics, *(
        [paraphraser] if paraphraser else [])]}
    run_config = RunConfig(benchmark="build:multihop", data=config.market or db.source, roles=roles, seed=config.seed,
                           options={"n": config.n, "depths": config.depths.model_dump(), **config.decisive()})
    digest = _market_digest(db)
    fingerprint = run_fingerprint(run_config, digest, PIPELINE_VERSION, roles=roles, options=config.decisive())
    return RunManifest(run_id=uuid.uuid4().hex[:12], fingerprint=fingerprint, config=run_config,
                       package_version=package_version(), git_revision=git_revision(), data_hash=digest,
                       scorer_version=PIPELINE_VERSION, n_samples=config.n, python=platform.python_version())


def _outcome_of(record: SampleRecord | None) -> AttemptOutcome | None:
    if record is None or record.status != SampleStatus.scored or record.score is None:
        return None
    return AttemptOutcome.model_validate(record.score.details)


async def build_multihop(db: MarketDB, out_dir: str | Path, config: BuildConfig, *,
                         critics: list[RoleBinding] | None = None, paraphraser: RoleBinding | None = None,
                         fresh: bool = False, synthesizer: Synthesizer | None = None,
                         on_record: Callable[[SampleRecord], None] | None = None) -> BuildResult:
    """Build chains into `out_dir`, resuming what is stored there (see the module docstring). `on_record` is
    called after each attempt's record is stored (progress, tests)."""
    critics = list(critics or [])
    if paraphraser is not None and not critics:
        raise ValueError("a paraphrase must pass an LLM critic before it replaces a verified question: give a "
                         "critic role too (--critic SPEC)")
    names = [r.name for r in critics] + ([paraphraser.name] if paraphraser else [])
    if len(set(names)) != len(names):
        raise ValueError(f"role names must differ: {names}")
    out = Path(out_dir)
    store = RunStore.open_for_run(out, _manifest(db, config, critics, paraphraser), fresh=fresh)
    records = store.load_records()
    synth = synthesizer or Synthesizer(db, config)
    roles = _Roles(synth, critics, paraphraser) if (critics or paraphraser) else None
    targets = config.depths.draw(random.Random(f"{config.seed}:depths"), config.n)
    batch_size = config.concurrency if roles is not None else 1
    schedule: dict[int, list[str]] = {}
    status: dict[str, str] = {}
    accepted: list[Chain] = []
    seen_questions: set[str] = set()
    n_processed = n_resumed = 0

    async def run(k_hops: int, j: int) -> SampleRecord:
        outcome, drafts, chain = synth.attempt(k_hops, j)
        transcript = Transcript()
        if roles is not None and outcome.passed and chain is not None:
            try:
                outcome = await roles.review(outcome, drafts, chain, transcript)
            except ModelError as exc:
                return SampleRecord(sample_id=outcome.key, status=SampleStatus.error, transcript=transcript,
                                    meta={"K": k_hops, "step": "llm_critic"},
                                    error=f"model call failed: {roles.call.redact(str(exc))}",
                                    usage_by_role=transcript.usage_by_role())
        score = Score(value=1.0 if outcome.passed else 0.0, passed=outcome.passed, reason=outcome.reason,
                      details=outcome.model_dump(mode="json"), scorer_version=PIPELINE_VERSION)
        return SampleRecord(sample_id=outcome.key, status=SampleStatus.scored, meta={"K": k_hops}, score=score,
                            transcript=transcript if transcript.calls else None,
                            usage_by_role=transcript.usage_by_role())

    try:
        for k_hops in sorted(targets):
            target = targets[k_hops]
            budget = config.attempts_per_chain * target + config.min_attempts if target else 0
            keys: list[str] = []
            schedule[k_hops] = keys
            got = 0
            j = 0
            while got < target and j < budget:
                batch = list(range(j, min(j + batch_size, budget)))
                todo = [i for i in batch if _outcome_of(records.get(f"K{k_hops}-{i:05d}")) is None]
                fresh_records = await asyncio.gather(*(run(k_hops, i) for i in todo))
                for record in fresh_records:
                    store.append(record)
                    records[record.sample_id] = record
                    n_processed += 1
                    if on_record is not None:
                        on_record(record)
                n_resumed += len(batch) - len(todo)
                for i in batch:  # admission in attempt order
                    key = f"K{k_hops}-{i:05d}"
                    keys.append(key)
                    outcome = _outcome_of(records[key])
                    if outcome is None:
                        status[key] = "error"
                    elif not outcome.passed:
                        status[key] = f"dropped:{outcome.step}"
                    elif got >= target:
                        status[key] = "not_admitted:over_target"
                    else:
                        assert outcome.chain is not None
                        chain = Chain.model_validate(outcome.chain)
                        norm = " ".join(chain.question.lower().split())
                        if norm in seen_questions:
                            status[key] = "not_admitted:duplicate"
                            continue
                        seen_questions.add(norm)
                        accepted.append(chain)
                        status[key] = "accepted"
                        got += 1
                j = batch[-1] + 1
    finally:
        store.close()
    funnel = _funnel(config, targets, schedule, records, status, critics, paraphraser, list(synth.library.patterns),
                     synth.transitions)
    data = [c.model_dump(mode="json", exclude_defaults=True) for c in accepted]
    _atomic_write(out / "chains.json", json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    _atomic_write(out / "funnel.json", json.dumps(funnel, ensure_ascii=False, indent=2) + "\n")
    _atomic_write(out / "attempts.jsonl", "".join(json.dumps(r, ensure_ascii=False) + "\n"
                                                  for r in _attempt_rows(schedule, records, status)))
    return BuildResult(out_dir=str(out), funnel=funnel, n_accepted=len(accepted), n_processed=n_processed,
                       n_resumed=n_resumed, n_errors=sum(1 for s in status.values() if s == "error"))


def build_multihop_sync(*args: Any, **kwargs: Any) -> BuildResult:
    from finprobe.core.aio import run_async

    return run_async(build_multihop(*args, **kwargs))


# --------------------------------------------------------------------------- reports
def _attempt_rows(schedule: dict[int, list[str]], records: dict[str, SampleRecord],
                  status: dict[str, str]) -> list[dict[str, Any]]:
    rows = []
    for keys in schedule.values():
        for key in keys:
            record = records.get(key)
            outcome = _outcome_of(record)
            row: dict[str, Any] = {"key": key, "status": status[key]}
            if outcome is not None:
                row.update(step=outcome.step, reason=outcome.reason, detail=outcome.detail, walk=outcome.walk,
                           language=outcome.language, patterns=outcome.patterns,
                           chain_id=(outcome.chain or {}).get("id") if status[key] == "accepted" else None)
            elif record is not None:
                row["error"] = record.error
            rows.append(row)
    return rows


def _step_rows(keys: list[str], records: dict[str, SampleRecord], status: dict[str, str],
               llm: bool) -> list[dict[str, Any]]:
    alive = list(keys)
    rows: list[dict[str, Any]] = []
    for step in STEPS:
        if step == "llm_critic" and not llm:
            continue
        reasons: Counter[str] = Counter()
        survivors = []
        for key in alive:
            outcome = _outcome_of(records.get(key))
            if outcome is None:  # a model error: it passed every deterministic step
                if step == "llm_critic":
                    reasons["model_error"] += 1
                else:
                    survivors.append(key)
                continue
            if not outcome.passed and outcome.step == step:
                reasons[outcome.reason] += 1
            else:
                survivors.append(key)
        rows.append({"step": step, "in": len(alive), "out": len(survivors), "drops": dict(sorted(reasons.items()))})
        alive = survivors
    admission = Counter(status[k].split(":")[-1] for k in alive if status[k] != "accepted")
    rows.append({"step": "admission", "in": len(alive), "out": sum(status[k] == "accepted" for k in alive),
                 "drops": dict(sorted(admission.items()))})
    for row in rows:  # the funnel adds up by construction; keep it that way
        assert row["in"] == row["out"] + sum(row["drops"].values()), row
    return rows


def _funnel(config: BuildConfig, targets: dict[int, int], schedule: dict[int, list[str]],
            records: dict[str, SampleRecord], status: dict[str, str], critics: list[RoleBinding],
            paraphraser: RoleBinding | None, synth_patterns: list[str], transitions: Transitions) -> dict[str, Any]:
    """Counts in and out of every step with drops by reason (in = out + Σ drops), the single-hop QA funnel
    by pattern, counts per depth, language, level and pattern, and tokens and cost per role."""
    keys = [k for ks in schedule.values() for k in ks]
    llm = bool(critics or paraphraser)
    outcomes = {k: _outcome_of(records.get(k)) for k in keys}
    accepted = [o for k, o in outcomes.items() if status[k] == "accepted" and o is not None]
    # single-hop QA candidates
    hop_drops: Counter[str] = Counter()
    by_pattern: dict[str, dict[str, Any]] = {}
    n_hops = 0
    for o in outcomes.values():
        for h in (o.hop_log if o is not None else []):
            n_hops += 1
            row = by_pattern.setdefault(h["pattern"], {"candidates": 0, "verified": 0, "drops": Counter()})
            row["candidates"] += 1
            if h["reason"] == "verified":
                row["verified"] += 1
            else:
                row["drops"][h["reason"]] += 1
                hop_drops[h["reason"]] += 1
    single_hop = {"in": n_hops, "out": n_hops - sum(hop_drops.values()), "drops": dict(sorted(hop_drops.items())),
                  "by_pattern": {p: {**r, "drops": dict(sorted(r["drops"].items()))}
                                 for p, r in sorted(by_pattern.items())}}
    per_depth = {}
    for k_hops in sorted(targets):
        ks = schedule.get(k_hops, [])
        per_depth[str(k_hops)] = {"target": targets[k_hops], "attempts": len(ks),
                                  "accepted": sum(status[k] == "accepted" for k in ks),
                                  "shortfall": max(0, targets[k_hops] - sum(status[k] == "accepted" for k in ks))}
    # paraphrases and critic verdicts
    para: Counter[str] = Counter()
    verdicts: Counter[str] = Counter()
    for o in outcomes.values():
        if o is None:
            continue
        if o.paraphrase is not None:
            para[o.paraphrase.get("reason", "?")] += 1
        for v in o.critics:
            verdicts[str(v.get("verdict"))] += 1
    # cost
    by_role: dict[str, Usage] = {}
    calls: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    for k in keys:
        record = records.get(k)
        for call in (record.transcript.calls if record is not None and record.transcript else []):
            by_role[call.role] = by_role.get(call.role, Usage()) + call.usage
            calls[call.role] += 1
            failed[call.role] += 1 if call.error else 0
    models = {r.name: r.backend.model for r in [*critics, *([paraphraser] if paraphraser else [])]}
    total = sum((u.cost_usd for u in by_role.values()), 0.0)
    return {
        "pipeline": PIPELINE_VERSION,
        "config": {"n": config.n, "seed": config.seed,
                   "depths": {str(k): round(p, 6) for k, p in config.depths.probabilities().items()},
                   "languages": config.languages, "max_hop_tries": config.max_hop_tries,
                   "attempts_per_chain": config.attempts_per_chain, "market": config.market,
                   "roles": {"critics": [r.name for r in critics], "paraphraser": paraphraser.name if paraphraser
                             else None}},
        "transition_graph": transition_table_rows(transitions),
        "transition_graph_is_full": transitions == TRANSITIONS,
        "patterns_available": sorted(synth_patterns),
        "patterns_unavailable": sorted(set(PATTERNS) - set(synth_patterns)),
        "accepted": len(accepted),
        "target": config.n,
        "attempts": len(keys),
        "steps": _step_rows(keys, records, status, llm),
        "single_hop_qa": single_hop,
        "per_depth": per_depth,
        "accepted_by_language": dict(sorted(Counter(o.language or "?" for o in accepted).items())),
        "accepted_by_level": dict(sorted(Counter((o.chain or {}).get("level", "?") for o in accepted).items())),
        "accepted_patterns": dict(sorted(Counter(p for o in accepted for p in o.patterns).items())),
        "accepted_walks": dict(Counter("→".join(o.walk or []) for o in accepted).most_common(20)),
        "paraphrases": dict(sorted(para.items())),
        "critic_verdicts": dict(sorted(verdicts.items())),
        "errors": sum(1 for k in keys if status[k] == "error"),
        "cost": {
            "by_role": {r: {"model": models.get(r, "?"), "calls": calls[r], "failed_calls": failed[r],
                            "input_tokens": u.input_tokens, "output_tokens": u.output_tokens,
                            "cost_usd": round(u.cost_usd, 6)} for r, u in sorted(by_role.items())},
            "total_usd": round(total, 6),
            "per_accepted_usd": round(total / len(accepted), 6) if accepted else None,
            "note": "deterministic steps cost no tokens; cost is 0 for roles without a price (local, scripted, "
                    "or no --prices table)",
        },
    }
