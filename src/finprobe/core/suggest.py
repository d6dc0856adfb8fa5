"""Suggestions for a misspelt name (a mode, an option, a policy, a model): the closest known ones.

Names are compared case-blind with `_`, spaces and `-` treated alike (`answer_only` finds `answer-only`,
`topk` finds `top_k`), then by difflib's similarity ratio."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

__all__ = ["close_matches", "did_you_mean"]

_SEPARATORS = re.compile(r"[\s_\-]+")


def _norm(name: str) -> str:
    return _SEPARATORS.sub("-", name.strip().lower())


def close_matches(name: str, known: Iterable[str], *, n: int = 3, cutoff: float = 0.6) -> list[str]:
    """Up to `n` of `known` that `name` was probably meant to be, the closest first."""
    names = list(dict.fromkeys(known))
    target = _norm(name)
    same = [k for k in names if _norm(k) == target or _norm(k).replace("-", "") == target.replace("-", "")]
    if same:
        return same[:n]
    by_norm: dict[str, str] = {}
    for k in names:
        by_norm.setdefault(_norm(k), k)
    return [by_norm[m] for m in difflib.get_close_matches(target, list(by_norm), n=n, cutoff=cutoff)]


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """"; did you mean 'x'?" (or 'x' or 'y'), or "" when nothing is close."""
    matches = close_matches(name, known)
    if not matches:
        return ""
    return "; did you mean " + " or ".join(repr(m) for m in matches) + "?"
