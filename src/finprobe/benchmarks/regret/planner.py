"""The reference planner (DESIGN §5; RegretBench §4.2) and the immediate-answer baseline.

Exact finite-horizon expectimax over beliefs. The state is (the multiset of informative observations, asks
used, unhelpful turns so far); the belief is the Bayesian posterior of the uniform prior under the persona's
observation model (`persona.outcome_distribution`), which only depends on that multiset, so values are
memoised on it. Nothing is pruned, sampled or searched greedily: every action and every outcome of every
reachable state is expanded, and the value is the exact expectation of R = U − C − P under the cost profile:

- asking variable j costs λ·tokens(its cheapest reference question), plus the redundancy penalty when the
  belief is already resolved, plus the expected penalty of its outcome (uncertain, off-topic, contradiction);
- answering intent z yields P(z) − λ·tokens(the answer text), or P(z) alone when the profile values the
  reference as the paper does (`CostProfile.reference_answer_tokens` False: committing is a semantic action);
  the planner answers with the intent of highest expected reward (the MAP intent; among equally likely
  intents the shortest answer when answers are charged, else the first);
- no ask is possible after `horizon` asks or once the persona's patience is used up.
The immediate-answer baseline is the same answer rule at the prior.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from finprobe.benchmarks.regret._text import count_tokens
from finprobe.benchmarks.regret.cig import CIG, Intent
from finprobe.benchmarks.regret.persona import Persona, outcome_distribution
from finprobe.benchmarks.regret.profile import CostProfile

__all__ = ["Decision", "Planner", "answer_text", "posterior", "reference_question"]

Counts = tuple[tuple[tuple[int, int], int], ...]  # sorted ((variable index, value index), count)
_TIE = 1e-12


def answer_text(intent: Intent) -> str:
    """The text a policy answers with for an intent: its first alias, else its description."""
    return intent.answer_aliases[0] if intent.answer_aliases else intent.description


def reference_question(cig: CIG, variable: str) -> str:
    """The cheapest (fewest tokens, then first) reference question of a variable's ask action."""
    qs = cig.action_for(variable).reference_questions
    return min(qs, key=lambda q: (count_tokens(q), qs.index(q)))


def posterior(cig: CIG, persona: Persona, observations: Iterable[tuple[str, str]]) -> list[float]:
    """P(intent | informative observations (variable, stated value)), uniform prior, in `cig.intents` order."""
    logp = [0.0] * len(cig.intents)
    for var, value in observations:
        n = len(cig.variable(var).values)
        x = persona.contradiction if n > 1 else 0.0
        for k, intent in enumerate(cig.intents):
            like = (1 - x) if intent.slots[var] == value else (x / (n - 1) if n > 1 else 0.0)
            logp[k] += math.log(like) if like > 0 else -math.inf
    m = max(logp)
    if m == -math.inf:  # impossible evidence (cannot happen under the model): fall back to the prior
        return [1 / len(logp)] * len(logp)
    w = [math.exp(v - m) for v in logp]
    s = sum(w)
    return [v / s for v in w]


@dataclass(frozen=True)
class Decision:
    kind: str  # "ask" | "answer"
    variable: str | None = None
    intent_id: str | None = None
    value: float = 0.0


class Planner:
    """Exact expectimax for one CIG under one persona, cost profile and horizon."""

    def __init__(self, cig: CIG, persona: Persona, profile: CostProfile, horizon: int = 5):
        if horizon < 0:
            raise ValueError("horizon must be >= 0")
        self.cig, self.persona, self.profile, self.horizon = cig, persona, profile, horizon
        lam = profile.token_cost
        self._k = len(cig.intents)
        self._vars = [v.name for v in cig.variables]
        self._values = [v.values for v in cig.variables]
        # intent k's value index for variable j
        self._slot = [[self._values[j].index(i.slots[name]) for j, name in enumerate(self._vars)]
                      for i in cig.intents]
        self._ask_cost = [lam * count_tokens(reference_question(cig, name)) for name in self._vars]
        self._answer_cost = [lam * count_tokens(answer_text(i)) if profile.reference_answer_tokens else 0.0
                             for i in cig.intents]
        p = persona
        self._p_off, self._p_unc = 1 - p.cooperation, p.cooperation * p.vagueness
        self._p_inf = p.cooperation * (1 - p.vagueness)
        self._memo: dict[tuple[Counts, int, int], tuple[float, int]] = {}
        self._belief_memo: dict[Counts, tuple[float, ...]] = {}
        self.expanded = 0

    # ------------------------------------------------------------------ model
    def _x(self, j: int) -> float:
        return self.persona.contradiction if len(self._values[j]) > 1 else 0.0

    def _like(self, j: int, u: int, k: int) -> float:
        """P(informative reply states value u | intent k, ask j), divided by P(informative)."""
        n, x = len(self._values[j]), self._x(j)
        return (1 - x) if self._slot[k][j] == u else (x / (n - 1) if n > 1 else 0.0)

    def belief(self, counts: Counts) -> tuple[float, ...]:
        b = self._belief_memo.get(counts)
        if b is None:
            w = [1.0] * self._k
            for (j, u), c in counts:
                for k in range(self._k):
                    w[k] *= self._like(j, u, k) ** c
            s = sum(w)
            b = tuple(v / s for v in w) if s > 0 else tuple([1 / self._k] * self._k)
            self._belief_memo[counts] = b
        return b

    def _best_answer(self, b: tuple[float, ...]) -> tuple[float, int]:
        best_k, best = 0, -math.inf
        for k in range(self._k):
            v = b[k] - self._answer_cost[k]
            if v > best + _TIE:
                best, best_k = v, k
        return best, best_k

    def _can_ask(self, asks: int, unhelpful: int) -> bool:
        pat = self.persona.patience
        return asks < self.horizon and (pat is None or unhelpful < pat)

    def resolved(self, b: tuple[float, ...]) -> bool:
        return max(b) >= self.profile.resolved_threshold - _TIE

    @staticmethod
    def _add(counts: Counts, key: tuple[int, int]) -> Counts:
        d = dict(counts)
        d[key] = d.get(key, 0) + 1
        return tuple(sorted(d.items()))

    # ------------------------------------------------------------------ expectimax
    def _q_ask(self, counts: Counts, asks: int, unhelpful: int, j: int, b: tuple[float, ...]) -> float:
        prof = self.profile
        red = self.resolved(b)
        q = -self._ask_cost[j] - (prof.redundant if red else 0.0)
        inc = 1 if red else 0
        if self._p_off > 0:
            q += self._p_off * (-prof.off_topic + self._v(counts, asks + 1, unhelpful + 1))
        if self._p_unc > 0:
            q += self._p_unc * (-prof.uncertain + self._v(counts, asks + 1, unhelpful + 1))
        if self._p_inf > 0:
            n, x = len(self._values[j]), self._x(j)
            for u in range(n):
                p_true = sum(b[k] for k in range(self._k) if self._slot[k][j] == u)
                p_wrong = 1.0 - p_true
                p_u = self._p_inf * ((1 - x) * p_true + (x / (n - 1) if n > 1 else 0.0) * p_wrong)
                if p_u <= 0:
                    continue
                pen = prof.contradiction * self._p_inf * (x / (n - 1) if n > 1 else 0.0) * p_wrong
                q += -pen + p_u * self._v(self._add(counts, (j, u)), asks + 1, unhelpful + inc)
        return q

    def _v(self, counts: Counts, asks: int, unhelpful: int) -> float:
        return self._solve(counts, asks, unhelpful)[0]

    def _solve(self, counts: Counts, asks: int, unhelpful: int) -> tuple[float, int]:
        """(value, action): action −1 = answer, j >= 0 = ask variable j."""
        key = (counts, asks, unhelpful)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self.expanded += 1
        b = self.belief(counts)
        best, action = self._best_answer(b)[0], -1
        if self._can_ask(asks, unhelpful):
            for j in range(len(self._vars)):
                q = self._q_ask(counts, asks, unhelpful, j, b)
                if q > best + _TIE:
                    best, action = q, j
        self._memo[key] = (best, action)
        return best, action

    # ------------------------------------------------------------------ public
    def value(self) -> float:
        """The planner's expected reward R_x(π_ref) at the start (uniform hidden intent)."""
        return self._v((), 0, 0)

    def baseline_value(self) -> float:
        """The immediate-answer baseline's expected reward R_x(π_base)."""
        return self._best_answer(self.belief(()))[0]

    def decide(self, observations: Iterable[tuple[str, str]], asks: int, unhelpful: int) -> Decision:
        """The optimal action after informative observations (variable, stated value), `asks` asks and
        `unhelpful` unhelpful turns."""
        counts: Counts = ()
        for var, value in observations:
            j = self._vars.index(var)
            counts = self._add(counts, (j, self._values[j].index(value)))
        v, action = self._solve(counts, asks, unhelpful)
        if action >= 0:
            return Decision(kind="ask", variable=self._vars[action], value=v)
        k = self._best_answer(self.belief(counts))[1]
        return Decision(kind="answer", intent_id=self.cig.intents[k].intent_id, value=v)

    def baseline_decision(self) -> Decision:
        v, k = self._best_answer(self.belief(()))
        return Decision(kind="answer", intent_id=self.cig.intents[k].intent_id, value=v)

    def intent_values(self) -> dict[str, float]:
        """Expected reward of the planner's policy for each hidden intent (their mean is `value()`)."""
        out: dict[str, float] = {}
        for k, intent in enumerate(self.cig.intents):
            out[intent.intent_id] = self._follow(k, (), 0, 0)
        return out

    def _follow(self, z: int, counts: Counts, asks: int, unhelpful: int) -> float:
        _, action = self._solve(counts, asks, unhelpful)
        b = self.belief(counts)
        if action < 0:
            k = self._best_answer(b)[1]
            return (1.0 if k == z else 0.0) - self._answer_cost[k]
        j, prof = action, self.profile
        red = self.resolved(b)
        total = -self._ask_cost[j] - (prof.redundant if red else 0.0)
        values = self._values[j]
        for typ, stated, p in outcome_distribution(self.persona, values[self._slot[z][j]], values):
            if typ in ("off_topic", "uncertain"):
                pen = prof.off_topic if typ == "off_topic" else prof.uncertain
                total += p * (-pen + self._follow(z, counts, asks + 1, unhelpful + 1))
            else:
                assert stated is not None
                pen = prof.contradiction if typ == "contradict" else 0.0
                nxt = self._add(counts, (j, values.index(stated)))
                total += p * (-pen + self._follow(z, nxt, asks + 1, unhelpful + (1 if red else 0)))
        return total
