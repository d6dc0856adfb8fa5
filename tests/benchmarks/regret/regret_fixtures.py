"""Small CIGs for the regret tests (hand-written; values and answers are real facts)."""

from __future__ import annotations

from finprobe.benchmarks.regret import CIG


def simpsons() -> CIG:
    return CIG.model_validate({
        "cig_id": "t-simpsons", "prompt": "When did the Simpsons first air on television?",
        "intents": [
            {"intent_id": "short", "description": "as a short on The Tracey Ullman Show",
             "slots": {"format": "animated short"}, "answer_aliases": ["April 19, 1987"]},
            {"intent_id": "series", "description": "as a half-hour prime time show",
             "slots": {"format": "half-hour series"}, "answer_aliases": ["December 17, 1989"]},
        ],
        "variables": [{"name": "format", "values": ["animated short", "half-hour series"]}],
        "actions": [{"action": "ask:format", "reference_questions": [
            "Do you mean the animated short or the half-hour series?", "Which format do you mean?"]}],
        "metadata": {"source": "test"},
    })


def rookie() -> CIG:
    """Two variables that split four intents differently (year x league)."""
    intents = []
    names = {("2017", "National League"): "Cody Bellinger", ("2016", "National League"): "Corey Seager",
             ("2017", "American League"): "Aaron Judge", ("2016", "American League"): "Michael Fulmer"}
    for k, ((year, league), who) in enumerate(names.items()):
        intents.append({"intent_id": f"r{k + 1}", "description": f"{league} {year}",
                        "slots": {"year": year, "league": league}, "answer_aliases": [who]})
    return CIG.model_validate({
        "cig_id": "t-rookie", "prompt": "Who was the MLB rookie of the year?", "intents": intents,
        "variables": [{"name": "year", "values": ["2017", "2016"]},
                      {"name": "league", "values": ["National League", "American League"]}],
        "actions": [{"action": "ask:year", "reference_questions": ["Which year do you mean?"]},
                    {"action": "ask:league", "reference_questions": ["Which league do you mean?"]}],
    })
