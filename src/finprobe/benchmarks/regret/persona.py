"""The persona-conditioned user simulator (DESIGN §5; RegretBench §3.1 and Appendix D).

A persona has five traits. Four of them define the observation model that the simulator samples from
and the reference planner plans with (one definition, `outcome_distribution`, serves both):

- cooperation c: a supported ask gets an on-topic reply with probability c, else `off_topic`;
- vagueness v: an on-topic reply is `uncertain` with probability v;
- contradiction x: an informative reply names a wrong value (uniform over the others) with probability x;
  the user believes it, so it is verbalised like a true answer (`contradict` is only visible to the
  benchmark, which charges its penalty);
- patience: how many unhelpful turns (unsupported, uncertain, off-topic or redundant asks) the user takes;
  at that count the user stops answering and the assistant must answer (None: unlimited).

verbosity only changes the wording (how often a reply carries an extra sentence). Unsupported asks get a
fixed reply and update nothing. Replies are verbalised from templates that always carry the value verbatim;
an LLM verbaliser is optional and falls back to the template when it drops or changes the value.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from finprobe.benchmarks.regret._text import mentions, norm
from finprobe.benchmarks.regret.cig import CIG, Intent
from finprobe.core.schema import Message

__all__ = [
    "ObsType", "Observation", "PAPER_R_REF", "Persona", "PERSONAS", "UserSimulator", "get_persona", "outcome_distribution",
    "template_reply", "UNSUPPORTED_REPLY", "PATIENCE_END", "llm_verbaliser",
]

ObsType = Literal["provide_slot", "uncertain", "contradict", "off_topic", "unsupported"]


class Persona(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    cooperation: float = Field(default=1.0, ge=0, le=1)
    vagueness: float = Field(default=0.0, ge=0, le=1)
    contradiction: float = Field(default=0.0, ge=0, le=1)
    patience: int | None = Field(default=3, ge=1)
    verbosity: float = Field(default=0.2, ge=0, le=1)


#: The paper's Table 5 gives, per persona, reward and regret of two models; their sum is the reference planner's
#: reward R_ref: cooperative 0.9956 / 0.9956, vague 0.9903 / 0.9903, contradictory 0.9887 / 0.9886 (Qwen 3.5
#: Flash / Llama 4 Maverick). Appendix D names the traits but gives no values, so each paper persona changes one
#: trait from the cooperative user (vague: how often a reply is uncertain; contradictory: how often it names a
#: wrong value) and that one value is fitted so that R_ref under the default cost profile (the paper's
#: accounting) equals the paper's figure on real converted CIGs. How: `python bench/regret_personas.py --fit`
#: (bisection on the mean R_ref over the CIGs converted from ../shared/data: AmbigNQ train_light and
#: CondAmbigQA dev; the figures per source are in bench/data/regret/README.md).
PAPER_R_REF = {"cooperative": 0.9956, "vague": 0.9903, "contradictory": 0.9887}

PERSONAS: dict[str, Persona] = {
    # answers valid clarification questions directly (RegretBench Table 8)
    "cooperative": Persona(name="cooperative", cooperation=1.0, vagueness=0.0, contradiction=0.0, patience=3,
                           verbosity=0.2),
    # the paper's vague user: partial, underspecified or hesitant replies, now and then (fitted; see above)
    "vague": Persona(name="vague", cooperation=1.0, vagueness=0.0825, contradiction=0.0, patience=3, verbosity=0.5),
    # the paper's contradictory user: occasionally conflicting evidence (fitted; see above)
    "contradictory": Persona(name="contradictory", cooperation=1.0, vagueness=0.0, contradiction=0.0043,
                             patience=3, verbosity=0.3),
    # harsher users than the paper's (the presets before issue 26; R_ref ≈ 0.91 / 0.82 on converted AmbigNQ)
    "vague-strict": Persona(name="vague-strict", cooperation=0.9, vagueness=0.4, contradiction=0.0, patience=3,
                            verbosity=0.5),
    "contradictory-strict": Persona(name="contradictory-strict", cooperation=0.9, vagueness=0.1, contradiction=0.25,
                                    patience=3, verbosity=0.3),
}


def get_persona(name: str) -> Persona:
    try:
        return PERSONAS[name]
    except KeyError:
        raise KeyError(f"unknown persona {name!r}; known: {', '.join(PERSONAS)}") from None


class Observation(BaseModel):
    """What the simulated user did in reply to one ask."""

    model_config = ConfigDict(extra="forbid")

    type: ObsType
    variable: str | None = None
    #: the value the user gave (for `contradict`, the wrong value the user stated)
    value: str | None = None
    text: str = ""
    #: the user has run out of patience: no more questions will be answered
    ended: bool = False
    verbaliser: str = "template"


def outcome_distribution(persona: Persona, true_value: str, values: list[str]
                         ) -> list[tuple[ObsType, str | None, float]]:
    """P(outcome | intent's value for the asked variable): (type, stated value, probability), summing to 1.

    off_topic 1−c; uncertain c·v; provide_slot(true) c(1−v)(1−x); contradict(u) c(1−v)x/(n−1) for each
    other value u (a variable with one value cannot be contradicted: its mass stays on provide_slot)."""
    c, v, x = persona.cooperation, persona.vagueness, persona.contradiction
    others = [u for u in values if u != true_value]
    informative = c * (1 - v)
    out: list[tuple[ObsType, str | None, float]] = []
    if 1 - c > 0:
        out.append(("off_topic", None, 1 - c))
    if c * v > 0:
        out.append(("uncertain", None, c * v))
    if not others or x == 0:
        out.append(("provide_slot", true_value, informative))
    else:
        if informative * (1 - x) > 0:
            out.append(("provide_slot", true_value, informative * (1 - x)))
        for u in others:
            out.append(("contradict", u, informative * x / len(others)))
    return [o for o in out if o[2] > 0]


# --------------------------------------------------------------------------- verbalisation
UNSUPPORTED_REPLY = "I'm not sure how to answer that; it doesn't really get at what I'm asking about."
PATIENCE_END = "I don't want to answer more questions. Please just give me your answer now."

_PROVIDE = [
    "I mean {value}.", "{value}.", "The one for {value}.", "I'm asking about {value}.",
    "I meant {value}.", "{value}, please.",
]
_UNCERTAIN = [
    "Hmm, I'm not sure about the {name}.", "I don't really know, to be honest.",
    "Not sure, maybe either?", "I can't remember which one.",
]
_OFF_TOPIC = [
    "I just want a quick answer.", "Does it matter? I only want the answer.",
    "I'm in a bit of a hurry.", "Why do you ask?",
]
_FILLER = [
    " I saw it mentioned somewhere and got curious.", " Thanks for checking.",
    " It came up in a conversation with a friend.", " Hope that helps.",
]


def template_reply(obs_type: ObsType, variable_label: str | None, value: str | None, rng: random.Random,
                   verbosity: float) -> str:
    """A user reply for an observation; provide_slot and contradict replies carry `value` verbatim."""
    if obs_type == "unsupported":
        return UNSUPPORTED_REPLY
    if obs_type in ("provide_slot", "contradict"):
        text = rng.choice(_PROVIDE).format(value=value)
        text = text[0].upper() + text[1:]
    elif obs_type == "uncertain":
        text = rng.choice(_UNCERTAIN).format(name=variable_label or "details")
    else:
        text = rng.choice(_OFF_TOPIC)
    if rng.random() < verbosity:
        text += rng.choice(_FILLER)
    return text


Verbaliser = Callable[[Observation, CIG, Intent], Awaitable[str]]


def llm_verbaliser(generate: Callable[[list[Message]], Awaitable[str]]) -> Verbaliser:
    """A verbaliser that asks an LLM to phrase the reply (the semantic outcome is fixed by the simulator).

    The LLM sees the prompt and the observation, never the other intents. The simulator keeps the template
    text when the LLM's reply is empty or drops the stated value."""

    async def verbalise(obs: Observation, cig: CIG, intent: Intent) -> str:
        what = {
            "provide_slot": f"Answer the question by saying you mean: {obs.value}. Use those exact words.",
            "contradict": f"Answer the question by saying you mean: {obs.value}. Use those exact words.",
            "uncertain": "Say you are not sure; give no specific information.",
            "off_topic": "Reply without answering the question (e.g. say you just want the answer).",
            "unsupported": "Say the question does not help and give no information.",
        }[obs.type]
        messages = [
            Message(role="system", content="You are a user talking to an assistant. Reply in one short sentence."),
            Message(role="user", content=f"Your request was: {cig.prompt}\nThe assistant asked you a question. {what}"),
        ]
        return await generate(messages)

    return verbalise


class UserSimulator:
    """One simulated user for one episode: a CIG, the hidden intent, a persona, a seeded RNG."""

    def __init__(self, cig: CIG, intent: Intent, persona: Persona, rng: random.Random,
                 verbaliser: Verbaliser | None = None):
        self.cig = cig
        self.intent = intent
        self.persona = persona
        self.rng = rng
        self.verbaliser = verbaliser
        self.unhelpful = 0

    @property
    def exhausted(self) -> bool:
        return self.persona.patience is not None and self.unhelpful >= self.persona.patience

    def sample(self, variable: str | None, *, redundant: bool = False) -> Observation:
        """The semantic outcome of one ask (`variable` None: unsupported). Counts toward patience."""
        if variable is None:
            obs = Observation(type="unsupported")
        else:
            values = self.cig.variable(variable).values
            dist = outcome_distribution(self.persona, self.intent.slots[variable], values)
            r, acc = self.rng.random(), 0.0
            chosen = dist[-1]
            for item in dist:
                acc += item[2]
                if r < acc:
                    chosen = item
                    break
            obs = Observation(type=chosen[0], variable=variable, value=chosen[1])
        if obs.type in ("unsupported", "uncertain", "off_topic") or redundant:
            self.unhelpful += 1
        obs.ended = self.exhausted
        return obs

    async def reply(self, variable: str | None, *, redundant: bool = False) -> Observation:
        """Sample an outcome and phrase it (template, or the LLM verbaliser with the template as fallback)."""
        obs = self.sample(variable, redundant=redundant)
        label = variable.replace("_", " ") if variable else None
        text = template_reply(obs.type, label, obs.value, self.rng, self.persona.verbosity)
        if self.verbaliser is not None and obs.type != "unsupported":
            try:
                llm_text = (await self.verbaliser(obs, self.cig, self.intent)).strip()
            except Exception as exc:  # noqa: BLE001 - a failed verbaliser call falls back, recorded below
                llm_text = ""
                obs.verbaliser = f"template (llm failed: {type(exc).__name__})"
            named = [v for v in (self.cig.variable(variable).values if variable else [])
                     if mentions(norm(llm_text), v)] if llm_text else []
            # The wording is the LLM's, the semantics the simulator's: the stated value must be there verbatim,
            # and a reply that should carry no value must not leak one.
            keeps = named == [obs.value] if obs.value is not None else not named
            if llm_text and keeps:
                text, obs.verbaliser = llm_text, "llm"
            elif obs.verbaliser == "template":
                obs.verbaliser = "template (llm reply changed the semantics)"
        if obs.ended:
            text = f"{text} {PATIENCE_END}"
        obs.text = text
        return obs
