from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.benchmarks.ambiguity.simulators import (
    DeterministicSimulator,
    FreeFormSimulator,
    LLMSimulator,
    NoisySimulator,
    SimReply,
    parse_yes_no_reply,
)
from finprobe.core.benchmark import RoleModel
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import GenerateConfig, ModelCall, Transcript


# --------------------------------------------------------------------------- parser
@pytest.mark.parametrize("text,expected", [
    ("yes", "yes"), ("Yes.", "yes"), ("  YES!  ", "yes"), ('"yes"', "yes"), ("“Yes.”", "yes"), ("'no'", "no"),
    ("No.", "no"), ("no!!", "no"), ("I don't know", "I don't know"), ("I don't know.", "I don't know"),
    ("i DON'T know", "I don't know"), ("I don’t know.", "I don't know"), ('"I don\'t know."', "I don't know"),
    ("是", "yes"), ("否。", "no"), ("不知道。", "I don't know"), ("「是」", "yes"),
    ("", None), ("No idea", None), ("yes and no", None), ("Yes, it is", None), ("I do not know", None),
    ("nope", None), ("know", None), ("not", None), ("I don't know if that's right. No.", None), ("是的", None),
])
def test_parse_yes_no_reply(text, expected):
    assert parse_yes_no_reply(text) == expected


def test_parse_non_string():
    assert parse_yes_no_reply(None) is None
    assert parse_yes_no_reply(3) is None


_DECOR = st.sampled_from(["", " ", "\n", '"', "'", "“", "”", "`"])
_TRAIL = st.text(alphabet=".!?。！？,;: ", max_size=4)


_NOISE = set("\"'`“”‘’「」『』«».!?。！？,，;；:：…~～")


def _letters(text: str) -> str:
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKC", text).lower() if c not in _NOISE and not c.isspace())


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=60),
                 st.builds(lambda a, w, b: a + w + b, st.text(max_size=5),
                           st.sampled_from(["no", "No", "yes", "I don't know", "否", "不知道", "know"]),
                           st.text(max_size=5))))
def test_parser_never_raises_and_accepts_only_the_exact_words(text):
    result = parse_yes_no_reply(text)
    assert result in (None, "yes", "no", "I don't know")
    expected_letters = {"no": {"no", "否"}, "yes": {"yes", "是"}, "I don't know": {"idontknow", "不知道"}}
    if result is not None:
        assert _letters(text) in expected_letters[result]
    if "know" in text.lower():
        assert result != "no"


@settings(max_examples=200, deadline=None)
@given(_DECOR, _DECOR, _TRAIL, st.sampled_from(["I don't know", "i don't know", "I DON'T KNOW", "I don’t know"]))
def test_decorated_idk_is_idk(lead, close, trail, phrase):
    assert parse_yes_no_reply(f"{lead}{phrase}{trail}{close}") == "I don't know"


# --------------------------------------------------------------------------- deterministic
@pytest.mark.parametrize("iid,question,expected", [
    ("t-en-1", "Do you mean the Industrial Products segment?", "yes"),
    ("t-en-1", "For the reporting entity, do you mean Industrial Products segment?", "yes"),
    ("t-en-1", "Do you mean the consolidated figure for Acme?", "no"),
    ("t-en-1", "Do you mean the consolidated total or the Industrial Products segment?", "I don't know"),
    ("t-en-1", "Do you mean fiscal year 2023?", "yes"),  # C affirms it, though both readings share it
    ("t-en-1", "Can you clarify?", "I don't know"),
    ("t-en-1", "Should I include the Consumer segment?", "no"),  # another segment than the user's
    ("t-en-1", "Do you mean the segment figure?", "yes"),  # the user wants a segment figure
    ("t-en-2", "Do you want the restated figure?", "yes"),
    ("t-en-2", "Do you mean as originally reported?", "no"),
    ("t-en-2", "Only continuing operations?", "yes"),
    ("t-en-2", "Restated, but for all operations?", "no"),  # one proposition contradicted is enough
    ("t-zh-1", "您问的是归属于母公司股东口径吗？", "yes"),
    ("t-zh-1", "是归母净利润吗？", "yes"),
    ("t-zh-1", "是含少数股东损益的合并净利润吗？", "no"),
    ("t-zh-1", "您指的是2023年度吗？", "yes"),
    ("t-zh-1", "Do you mean net profit attributable to shareholders of the parent?", "yes"),  # EN on ZH item
    ("t-zh-2", "是扣非净利润吗？", "yes"),
    ("t-zh-2", "您说的指标是指扣除非经常性损益后的净利润吗？", "yes"),
    ("t-zh-2", "是含非经常性损益的净利润吗？", "no"),
    ("t-zh-2", "是合并报表口径吗？", "no"),
])
def test_deterministic_simulator(instances, iid, question, expected):
    reply = DeterministicSimulator(instances[iid]).decide(question)
    assert reply.answer == expected, reply.info
    assert reply.method == "deterministic"


async def test_deterministic_reply_is_async_and_explains(instances):
    reply = await DeterministicSimulator(instances["t-en-1"]).reply("Is it the Industrial Products segment?")
    assert isinstance(reply, SimReply) and reply.answer == "yes"
    assert reply.info["intended_fields"] == ["entity"] and reply.info["default_fields"] == []
    assert reply.info["contradicted"] == [] and reply.info["affirmed"]


def test_subset_values(instances):
    # intended is a sub-phrase of the default value: naming only the shared words proposes the intended one
    inst = instances["t-en-1"].model_copy(deep=True)
    inst.intended_interpretation.metric = "EBITDA"
    inst.default_interpretation.metric = "adjusted EBITDA"
    sim = DeterministicSimulator(inst)
    assert sim.decide("By the metric, do you mean EBITDA?").answer == "yes"
    assert sim.decide("By the metric, do you mean adjusted EBITDA?").answer == "no"


def test_threshold_validation(instances):
    with pytest.raises(ValueError):
        DeterministicSimulator(instances["t-en-1"], threshold=0)


# --------------------------------------------------------------------------- LLM
def _role_model(replies) -> tuple[RoleModel, ScriptedModel, Transcript]:
    backend = ScriptedModel(replies)
    transcript = Transcript()

    async def call(role, be, messages, config, tr) -> ModelCall:
        out = await be.generate(messages, config)
        call = ModelCall(role=role, backend=be.kind, model=be.model, messages=messages, config=config,
                         output=out.text, usage=out.usage)
        tr.calls.append(call)
        return call

    return RoleModel("user", backend, transcript, GenerateConfig(), call), backend, transcript


async def test_llm_simulator_parses_strictly(instances):
    model, backend, transcript = _role_model(["I don't know."])
    reply = await LLMSimulator(instances["t-en-1"], model).reply("Is it the segment?")
    assert reply.answer == "I don't know" and reply.info["attempts"] == 1 and reply.method == "llm"
    assert len(transcript.calls) == 1


async def test_llm_simulator_prompt_has_context_and_intent_but_no_answer(instances):
    model, backend, _ = _role_model(["Yes."])
    inst = instances["t-en-1"]
    reply = await LLMSimulator(inst, model).reply("Is it the segment?")
    assert reply.answer == "yes"
    prompt = "\n".join(m.content for m in backend.requests[0][0])
    assert inst.context in prompt and "Industrial Products segment" in prompt and "Is it the segment?" in prompt
    assert inst.answer not in prompt and inst.default_answer not in prompt
    assert "consolidated" not in prompt.lower()  # the default reading is not revealed


async def test_llm_simulator_retries_once_then_succeeds(instances):
    model, backend, transcript = _role_model(["Probably the segment", "No"])
    reply = await LLMSimulator(instances["t-en-1"], model).reply("Consolidated?")
    assert reply.answer == "no" and reply.info["attempts"] == 2 and "parse_failure" not in reply.info
    retry_messages = backend.requests[1][0]
    assert retry_messages[-2].role == "assistant" and retry_messages[-2].content == "Probably the segment"
    assert len(transcript.calls) == 2


async def test_llm_simulator_parse_failure_is_idk_and_logged(instances):
    model, backend, _ = _role_model(["Well, it depends", "Maybe no"])
    reply = await LLMSimulator(instances["t-en-1"], model).reply("Consolidated?")
    assert reply.answer == "I don't know"
    assert reply.info["parse_failure"] is True and reply.info["raw"] == ["Well, it depends", "Maybe no"]
    assert len(backend.requests) == 2


async def test_llm_simulator_chinese(instances):
    model, backend, _ = _role_model(["否。"])
    reply = await LLMSimulator(instances["t-zh-1"], model).reply("是合并口径吗？")
    assert reply.answer == "no"
    system = backend.requests[0][0][0].content
    assert "是、否、不知道" in system and instances["t-zh-1"].context in system


# --------------------------------------------------------------------------- noisy
class _Fixed:
    method = "fixed"

    def __init__(self, answers):
        self.answers = list(answers)

    async def reply(self, question):
        return SimReply(answer=self.answers.pop(0), method=self.method)


async def test_noisy_extremes_and_idk_passthrough():
    always = NoisySimulator(_Fixed(["yes", "no", "I don't know"]), 1.0, random.Random(0))
    assert [(await always.reply("q")).answer for _ in range(3)] == ["no", "yes", "I don't know"]
    never = NoisySimulator(_Fixed(["yes", "no"]), 0.0, random.Random(0))
    assert [(await never.reply("q")).answer for _ in range(2)] == ["yes", "no"]
    reply = await NoisySimulator(_Fixed(["yes"]), 1.0, random.Random(0)).reply("q")
    assert reply.info["flipped"] and reply.info["base_answer"] == "yes" and reply.method == "noisy(fixed)"


async def test_noisy_is_seeded_and_near_p():
    async def run(seed):
        sim = NoisySimulator(_Fixed(["yes"] * 2000), 0.3, random.Random(seed))
        return [(await sim.reply("q")).answer for _ in range(2000)]

    a, b = await run(7), await run(7)
    assert a == b
    rate = a.count("no") / len(a)
    assert 0.25 < rate < 0.35


async def test_noisy_idk_draws_nothing():
    rng = random.Random(3)
    state = rng.getstate()
    await NoisySimulator(_Fixed(["I don't know"]), 0.5, rng).reply("q")
    assert rng.getstate() == state


def test_noisy_validates_p():
    with pytest.raises(ValueError):
        NoisySimulator(_Fixed([]), 1.5, random.Random(0))


# --------------------------------------------------------------------------- free-form
async def test_free_form_without_model_picks_best_sentence(instances):
    sim = FreeFormSimulator(instances["t-en-1"])
    reply = await sim.reply("Which business do you manage?")
    assert reply.text == "I manage the industrial products business and need my own segment's profit."
    assert reply.method == "free_form_overlap"
    reply = await sim.reply("Is the company-wide total what you want?")
    assert reply.text == "The company-wide total is not what I am after."
    assert (await sim.reply("Qwerty zxcv?")).text == "I don't know."


async def test_free_form_chinese_without_model(instances):
    sim = FreeFormSimulator(instances["t-zh-1"])
    reply = await sim.reply("子公司其他股东的份额要算吗？")
    assert reply.text == "子公司其他股东的份额不要算进来。"


async def test_free_form_with_model(instances):
    model, backend, _ = _role_model(["Only my own segment.", "   "])
    sim = FreeFormSimulator(instances["t-en-1"], model)
    reply = await sim.reply("Which business?")
    assert reply.text == "Only my own segment." and reply.method == "free_form_llm"
    prompt = "\n".join(m.content for m in backend.requests[0][0])
    assert instances["t-en-1"].context in prompt and instances["t-en-1"].answer not in prompt
    assert (await sim.reply("Anything else?")).text == "I don't know."
