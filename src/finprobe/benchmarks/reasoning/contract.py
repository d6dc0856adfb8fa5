"""The answer contract (system prompt) and the user prompt for one FinQA task (DESIGN §3)."""

from __future__ import annotations

import re
from typing import Any

from finprobe.core.schema import Message

ANSWER_CONTRACT = """\
You answer questions about an excerpt of a company's annual report. Work the answer out from the excerpt.

Answer contract:
- The last line of your reply is `ANSWER: X`.
- X is a plain number, without currency signs, thousands separators or unit words.
- Percentages, ratios and growth rates are decimal fractions (14.5% is 0.145).
- Amounts are in the unit the question asks for, otherwise in the unit of the report.
- Give at least four significant digits, without rounding, and without changing the unit (thousands stay thousands).
- For a yes/no question, X is yes or no."""

# Some official questions carry literal backslash-n sequences (e.g. "...2009?\\n"): JSON-escaped newlines
# that were escaped twice. They are noise to a model, so the prompt shows them as spaces.
_LITERAL_NEWLINES = re.compile(r"(?:\\+n)+")


def clean_question(question: str) -> str:
    """The question as shown to the model: literal `\\n` sequences removed, whitespace collapsed."""
    q = _LITERAL_NEWLINES.sub(" ", question).replace("\\", " ")
    return " ".join(q.split())


def render_table(table: list[list[str]]) -> str:
    """Pipe rows, one per table row: `| header | 2016 | 2015 |`."""
    lines = []
    for row in table:
        cells = [" ".join(str(c).split()).replace("|", "/") for c in row]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def task_question(data: dict[str, Any]) -> str:
    """The question to ask: a corrections overlay's rewording wins over the record's question."""
    corr = data.get("correction") or {}
    return clean_question(corr.get("question") or data["qa"]["question"])


def user_prompt(data: dict[str, Any]) -> str:
    """Report excerpt (text before the table, the table, text after) and the question."""
    parts = []
    pre = " ".join(s.strip() for s in data.get("pre_text", []) if s.strip() not in ("", "."))
    post = " ".join(s.strip() for s in data.get("post_text", []) if s.strip() not in ("", "."))
    if pre:
        parts.append(pre)
    if data.get("table"):
        parts.append(render_table(data["table"]))
    if post:
        parts.append(post)
    excerpt = "\n\n".join(parts)
    return f"Report excerpt:\n\n{excerpt}\n\nQuestion: {task_question(data)}"


def build_messages(data: dict[str, Any]) -> list[Message]:
    """System (answer contract) + user (excerpt and question) messages for one task."""
    return [Message(role="system", content=ANSWER_CONTRACT), Message(role="user", content=user_prompt(data))]
