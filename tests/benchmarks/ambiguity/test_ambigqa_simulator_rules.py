"""The general-domain simulator on the classes of error a second independent annotator found (fresh AmbigNQ
sets): shifted years, quantifiers over a whole set, qualifiers that conflict with a matching word, the actor
asked about, nationality adjectives, unit systems, superlatives over another set, paraphrases of "began", and
follow-ups under a premise. Every instance and question here is new (none is an item of a labelled set); the
readings' answers are never read by the simulator."""

from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance, Reading
from finprobe.benchmarks.ambiguity.general_simulator import GeneralSimulator, read_text_facts


def inst(question: str, *readings: tuple[str, list[str]], target: int) -> AmbigQAInstance:
    return AmbigQAInstance(instance_id="t", question=question, target=target,
                           readings=[Reading(question=q, answers=a) for q, a in readings])


def reply(i: AmbigQAInstance, question: str) -> str:
    r = GeneralSimulator(i).decide(question)
    assert r.info["rule"]
    return r.answer


WINTER = inst("Where were the winter olympics held?",
              ("Where were the 2014 Winter Olympics held?", ["Sochi"]),
              ("Where were the 2010 Winter Olympics held?", ["Vancouver"]), target=0)
OWNER = inst("Who owns the boston red sox?", ("Who owned the Boston Red Sox in 1995?", ["John Harrington"]),
             ("Who has owned the Boston Red Sox since 2002?", ["John W. Henry"]), target=1)
MEDALS = inst("How many medals did norway win at the 2018 winter olympics?",
              ("How many gold medals did Norway win at the 2018 Winter Olympics?", ["14"]),
              ("How many medals in total did Norway win at the 2018 Winter Olympics?", ["39"]), target=0)
BELTS = inst("When did seat belts become mandatory in the uk?",
             ("When did seat belts become mandatory for front-seat passengers in the UK?", ["1983"]),
             ("When did seat belts become compulsory in the UK?", ["1983"]), target=0)
PENSION = inst("How long must a player be in the league to get a pension?",
               ("How long must a player aged 45 or older be in the league to get a pension?", ["3 years"]),
               ("How long must a player of any age be in the league to get a pension?", ["10 years"]), target=0)
LANGUAGES = inst("How many languages are spoken in india?",
                 ("How many separate languages are spoken in India?", ["122"]),
                 ("How many languages are spoken in India, counting each dialect on its own?", ["19,500"]), target=1)
HAMILTON = inst("When did hamilton open?", ("When did Hamilton open off-Broadway?", ["February 17, 2015"]),
                ("When did the musical Hamilton open in Australia?", ["March 2021"]), target=1)
PRINCIPAL = inst("Who was the principal in ferris bueller's day off?",
                 ("What was the name of the principal in Ferris Bueller's Day Off?", ["Ed Rooney"]),
                 ("What was the name of the actor who played the principal in Ferris Bueller's Day Off?",
                  ["Jeffrey Jones"]), target=1)
BATGIRL = inst("Who was batgirl in batman & robin?",
               ("What was Batgirl's real name in Batman & Robin?", ["Barbara Wilson"]),
               ("What is the actress's name that played Batgirl in Batman & Robin?", ["Alicia Silverstone"]),
               target=1)
ELECTION = inst("Who won the 2016 presidential election?",
                ("Who won the 2016 Austrian presidential election?", ["Alexander Van der Bellen"]),
                ("Who won the 2016 Peruvian presidential election?", ["Pedro Pablo Kuczynski"]), target=1)
BURJ = inst("How tall is the burj khalifa?", ("How tall is the Burj Khalifa in metric units?", ["828 m"]),
            ("How tall is the Burj Khalifa in imperial units?", ["2,717 ft"]), target=0)
EVEREST = inst("Who was the first person to climb everest?",
               ("Who were the first people to reach the summit of Everest?", ["Hillary and Norgay"]),
               ("Who was the first person to climb Everest without supplemental oxygen?", ["Reinhold Messner"]),
               target=0)
DECIMAL = inst("When did the uk go decimal?", ("When did the UK begin using decimal coins?", ["15 February 1971"]),
               ("When was decimal currency announced in the UK?", ["1 March 1966"]), target=0)
PHASES = inst("When did the war's phase start?", ("When did the war's first phase start?", ["2001"]),
              ("When did the war's second phase start?", ["2003"]), target=1)
TELEVISION = inst("When did television start in ireland?",
                  ("When was television first demonstrated in Ireland?", ["1926"]),
                  ("When did nationwide television start in Ireland?", ["1961"]), target=0)
DUNE = inst("When did dune come out?", ("When did the novel Dune come out?", ["1965"]),
            ("When did the film Dune come out?", ["December 14, 1984"]),
            ("When did the film Dune by Villeneuve come out?", ["October 22, 2021"]), target=0)


@pytest.mark.parametrize("i, question, expected", [
    # a year after a shift cue is an anchor: it proposes a year on that side, not the year itself
    (WINTER, "Are you asking about the next Winter Olympics after 2014?", "no"),
    (WINTER, "Do you mean the Games held before 2014?", "no"),
    (WINTER, "Do you mean the Games after 2010?", "yes"),
    (OWNER, "Is it the owner after 2002 you want?", "yes"),
    # a quantifier over the whole set is not C's part of it
    (MEDALS, "Do you mean the total number of medals?", "no"),
    (MEDALS, "Are you asking about all medals combined?", "no"),
    (MEDALS, "Do you mean gold medals only?", "yes"),
    (BELTS, "Do you mean the rule for all passengers?", "no"),
    (PENSION, "Do you mean players at any age?", "no"),
    # "distinct" = "separate": another reading's wording
    (LANGUAGES, "Do you mean the number of distinct languages?", "no"),
    # a matching word ("musical", "run") does not outweigh a qualifier that conflicts with C's place
    (HAMILTON, "Are you asking about the original off-Broadway run of the musical?", "no"),
    (HAMILTON, "Do you mean the Broadway production?", "no"),
    # the actor asked for in C's "What was the name of the actor ...", however the question puts it
    (PRINCIPAL, "Are you asking who the actor was?", "yes"),
    (PRINCIPAL, "Do you mean the actor?", "yes"),
    (PRINCIPAL, "Do you mean the character's name?", "no"),
    (BATGIRL, "Do you mean Batgirl's secret identity?", "no"),
    (BATGIRL, "Are you asking about her alter ego?", "no"),
    # nationality adjectives are places
    (ELECTION, "Is this about the US election?", "no"),
    (ELECTION, "Are you asking about the Austrian vote?", "no"),
    (ELECTION, "Do you mean the Peruvian election?", "yes"),
    # units belong to a system
    (BURJ, "Do you want the height in meters?", "yes"),
    (BURJ, "Do you want it in feet?", "no"),
    (BURJ, "Do you want it in feet and inches?", "no"),
    # a superlative over another set proposes another referent
    (EVEREST, "Do you mean the first person to attempt the climb?", "no"),
    (EVEREST, "Are you asking about the first people to reach the summit?", "yes"),
    (EVEREST, "Do you mean the first to reach the summit, rather than the first to attempt it?", "yes"),
    # C that asks when something began settles a bare "first" ...
    (DECIMAL, "Do you mean when decimal coins were first used?", "yes"),
    # ... but not when C counts phases of its own
    (PHASES, "Do you mean when the first phase started?", "no"),
    # paraphrases of another reading's "nationwide"
    (TELEVISION, "Do you mean when it became available throughout the country?", "no"),
    (TELEVISION, "Are you asking about nationwide broadcasting?", "no"),
    # a follow-up under a premise C contradicts
    (DUNE, "Are you asking about the movie, and if so the 1984 one or the 2021 one?", "no"),
    (DUNE, "Are you asking about the film, and if so, which version?", "no"),
])
def test_the_classes_found_on_fresh_records(i, question, expected):
    assert reply(i, question) == expected


@pytest.mark.parametrize("i, question", [
    # what C does not settle stays "I don't know"
    (WINTER, "Do you mean the Games after 2000?"),        # 2010 and 2014 are both after 2000
    (ELECTION, "Was it a runoff election?"),
    (DUNE, "Are you asking about the novel, and if so the first edition or a later one?"),
])
def test_what_c_does_not_settle_is_not_answered(i, question):
    assert reply(i, question) == "I don't know"


def test_facts_of_the_new_forms():
    f = read_text_facts("Are you asking about the next World Cup after 2006?")
    assert f.shifts == {("after", 2006)} and not f.years and "next" not in f.words
    f = read_text_facts("Who has led the party since 1997?", as_context=True)
    assert 1997 in f.years and ("after", 1997) in f.shifts
    assert ("scope", "total") in read_text_facts("the total number of goals").facets
    assert ("scope", "all rider") in read_text_facts("the rule for all riders").facets
    assert not any(f == "scope" for f, _ in read_text_facts("the largest by total floor area").facets)
    f = read_text_facts("Do you want it in centimetres?")
    assert {("unit", "cm"), ("unit_system", "metric")} <= f.facets
    assert ("unit_system", "imperial") in read_text_facts("in US customary units", as_context=True).facets
    assert "slovenia" in read_text_facts("the Slovene president", as_context=True).places
    assert "nationwid" in read_text_facts("available across the entire nation").words
    assert "person" in read_text_facts("What was the name of the singer who recorded it?", as_context=True).asks
