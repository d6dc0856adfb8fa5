"""Scoring one episode of a chain: s_final, the process hits, s_process and S (formulas in `metrics`).

`score_chain(chain, transcript)` reads only the stored transcript (and judge verdicts stored in it), so a
stored run re-scores without model calls:
- s_final: the deterministic matcher (`matching.match_final`) on the final answer; when `judge` is
  "final" (or "both") the LLM verdict stored in `transcript.info["judge_final"]` decides (the matcher's
  verdict is noted when they differ); a missing or unusable verdict is an error, never replaced;
- hits: the process-hit detector (`process.hop_reached`) for each intermediate gold answer (always computed,
  the diagnostic of every item); with `judge` = "process"/"both" the stored process verdict decides: its
  booleans (built-in prompt), or its own process score (the release's prompt: 0 to 0.5 over the key points it
  extracts, rescaled by α/0.5), unless it was skipped because the final answer is right (the paper's protocol).
  Hops whose gold answer is missing count as not reached and are listed in `details`;
- s_process = α·hits/N and S = s_final + (1 − s_final)·s_process (DESIGN §6).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from finprobe.benchmarks.multihop.chains import Chain
from finprobe.benchmarks.multihop.matching import match_final
from finprobe.benchmarks.multihop.mentions import EntityLexicon
from finprobe.benchmarks.multihop.metrics import ALPHA, ItemResult, combined_score, process_score
from finprobe.benchmarks.multihop.process import Trajectory, hop_reached
from finprobe.core.schema import Outcome, Transcript

__all__ = ["ChainScore", "JudgeUse", "item_result", "score_chain"]

JudgeUse = Literal["none", "final", "process", "both"]


class ChainScore(BaseModel):
    s_final: int
    s_process: float
    score: float
    hits: list[bool] = Field(default_factory=list)
    n_intermediate: int = 0
    final_verdict: str = ""
    final_reason: str = ""
    final_by: str = "matcher"  # "matcher" or "judge"
    process_by: str = "detector"
    hit_evidence: list[str] = Field(default_factory=list)
    missing_gold_hops: list[int] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

    def details(self) -> dict[str, Any]:
        return self.model_dump()


def score_chain(chain: Chain, transcript: Transcript, *, lexicon: EntityLexicon | None = None, alpha: float = ALPHA,
                judge: JudgeUse = "none") -> ChainScore:
    """Score one episode (see the module docstring). Raises ValueError when the judge was to decide and its
    stored verdict is missing or unusable: such a sample is an error, never scored by something else."""
    notes: list[str] = []
    answer = transcript.final_answer if transcript.outcome == Outcome.answered else None
    final_hop = chain.final_hop()
    m = match_final(answer, final_hop, lexicon=lexicon)
    s_final, reason, final_by = int(m.correct), m.reason, "matcher"
    verdict: str = m.verdict
    if judge in ("final", "both"):
        stored = transcript.info.get("judge_final")
        if not (isinstance(stored, dict) and stored.get("ok") and stored.get("correct") is not None):
            why = stored.get("reason") if isinstance(stored, dict) else "no verdict stored"
            raise ValueError(f"the final-answer judge's verdict is unusable ({why})")
        s_final, verdict, final_by = int(bool(stored["correct"])), "judge", "judge"
        reason = str(stored.get("evidence") or stored.get("reason") or "")
        if m.correct != bool(stored["correct"]):
            notes.append(f"the deterministic matcher says {m.verdict} ({m.reason})")
    trajectory = Trajectory.from_transcript(transcript, chain.question)
    n = len(chain.intermediate)
    missing = [i + 1 for i, h in enumerate(chain.intermediate) if not h.answer.strip() and h.value is None]
    hits: list[bool] = []
    evidence: list[str] = []
    for hop in chain.intermediate:
        r = hop_reached(trajectory, hop, lexicon=lexicon)
        hits.append(r.hit)
        evidence.append(r.evidence if r.hit else r.how)
    s_process = process_score(sum(hits), n, alpha)
    process_by = "detector"
    if judge in ("process", "both"):
        stored_p = transcript.info.get("judge_process")
        if isinstance(stored_p, dict) and stored_p.get("skipped"):
            process_by = f"detector (judge skipped: {stored_p['skipped']})"
        elif not (isinstance(stored_p, dict) and stored_p.get("ok")):
            why = stored_p.get("reason") if isinstance(stored_p, dict) else "no verdict stored"
            raise ValueError(f"the process judge's verdict is unusable ({why})")
        elif stored_p.get("score") is not None and stored_p.get("hits") is None:
            # the release's process prompt returns its score on its own 0-0.5 scale (alpha 0.5)
            s_process, process_by = min(alpha, float(stored_p["score"]) * alpha / 0.5), "judge"
        elif isinstance(stored_p.get("hits"), list) and len(stored_p["hits"]) == n:
            hits, process_by = [bool(h) for h in stored_p["hits"]], "judge"
            s_process = process_score(sum(hits), n, alpha)
        else:
            raise ValueError(f"the process judge's verdict has {len(stored_p.get('hits') or [])} hits for {n} hops")
    return ChainScore(s_final=s_final, s_process=s_process, score=combined_score(s_final, s_process), hits=hits,
                      n_intermediate=n, final_verdict=verdict, final_reason=reason, final_by=final_by,
                      process_by=process_by, hit_evidence=evidence, missing_gold_hops=missing, notes=notes)


def item_result(chain: Chain, score: ChainScore | None, *, time_s: float | None = None,
                error: str | None = None) -> ItemResult:
    """The aggregate's view of one item (an episode error gives an unscored item with its reason)."""
    return ItemResult(id=chain.id, k=chain.k, level=chain.level or "", language=chain.language,
                      s_final=None if score is None else score.s_final,
                      s_process=None if score is None else score.s_process,
                      score=None if score is None else score.score,
                      hits=0 if score is None else sum(score.hits), n_intermediate=len(chain.intermediate),
                      time_s=time_s, error=error if score is None else None)
