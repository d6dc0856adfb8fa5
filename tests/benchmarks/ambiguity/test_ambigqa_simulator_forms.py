"""The general-domain simulator on the forms real clarification questions take (the classes an independent
annotator found on real AmbigNQ records; every instance and question here is new, none is an item of the
labelled sets). The user knows only C: the readings' answers below are never read by the simulator."""

from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance, Reading
from finprobe.benchmarks.ambiguity.general_simulator import GeneralSimulator, read_text_facts


def inst(question: str, *readings: tuple[str, list[str]], target: int) -> AmbigQAInstance:
    return AmbigQAInstance(instance_id="t", question=question, target=target,
                           readings=[Reading(question=q, answers=a) for q, a in readings])


HOTEL = inst("Who sang hotel california?", ("Which band recorded Hotel California?", ["Eagles"]),
             ("Who was the lead vocal on Hotel California?", ["Don Henley"]), target=1)
THRONES = inst("When does season 8 of game of thrones air?",
               ("When does series 8 of Game of Thrones start?", ["April 14, 2019"]),
               ("When does series 8 of Game of Thrones end?", ["May 19, 2019"]), target=0)
BULLS = inst("When did the bulls win the championship?",
             ("When was the 4th time the Bulls won the NBA championship?", ["1996"]),
             ("When was the 5th time the Bulls won the NBA championship?", ["1997"]),
             ("When was the 6th time the Bulls won the NBA championship?", ["1998"]), target=2)
DIV = inst("Who won the ncaa mens basketball championship in 2018?",
           ("Who won the NCAA Division 1 men's basketball championship in 2018?", ["Villanova"]),
           ("Who won the NCAA Division 2 men's basketball championship in 2018?", ["Ferris State"]),
           ("Who won the NCAA Division 3 men's basketball championship in 2018?", ["Nebraska Wesleyan"]), target=1)
WIMBLEDON = inst("Who has won the most wimbledon singles titles?",
                 ("What man has won the most Wimbledon singles titles?", ["Roger Federer"]),
                 ("What woman has won the most Wimbledon singles titles?", ["Martina Navratilova"]), target=0)
LAKERS = inst("When did the lakers last win the nba title?",
              ("In what year did the Lakers last win the NBA championship?", ["2020"]),
              ("In which season did the Lakers last win the NBA championship?", ["2019-20"]), target=1)
EVEREST = inst("How tall is mount everest in metres?",
               ("How tall is Mount Everest in metres as measured in 1955?", ["8,848"]),
               ("How tall is Mount Everest in metres as measured in 2020?", ["8,848.86"]), target=1)
BRAZIL = inst("When did brazil declare war on germany?",
              ("When did Brazil declare war on Germany in 1917?", ["26 October 1917"]),
              ("When did Brazil declare war on Germany in 1942?", ["22 August 1942"]), target=1)
SKYRIM = inst("When did skyrim come out?",
              ("When did Skyrim originally come out?", ["November 11, 2011"]),
              ("When did Skyrim come out for Nintendo Switch?", ["November 17, 2017"]), target=1)
SUPER_BOWL = inst("Where was the first super bowl played?",
                  ("In what city was the first Super Bowl played?", ["Los Angeles"]),
                  ("In what stadium was the first Super Bowl played?", ["Los Angeles Memorial Coliseum"]), target=0)
BAD = inst("When did episode 5 of breaking bad air?",
           ("When did Season 1, episode 5 of Breaking Bad air?", ["February 24, 2008"]),
           ("When did Season 2, episode 5 of Breaking Bad air?", ["April 12, 2009"]), target=1)
MOON = inst("when did us land on the moon", ("when did us first land on the moon?", ["July 20, 1969"]),
            ("when did us last land on the moon?", ["December 11, 1972"]), target=0)
LILLE = inst("Where were the 1994 winter olympics held?",
             ("In what city were the 1994 Winter Olympics held?", ["Lillehammer"]),
             ("In what country were the 1994 Winter Olympics held?", ["Norway"]), target=0)
CFB = inst("Who won the 2019 college football national championship?",
           ("Who won the 2019 season's college football national championship?", ["LSU"]),
           ("Who won the college football national championship played in 2019?", ["Clemson"]), target=0)

def reply(i: AmbigQAInstance, question: str) -> str:
    r = GeneralSimulator(i).decide(question)
    assert r.info["rule"]
    return r.answer


@pytest.mark.parametrize("i, question, expected", [
    # the role: C's "lead vocal" is a person, another reading asks which band
    (HOTEL, "Do you mean the band?", "no"),
    (HOTEL, "Are you asking who sang lead vocals?", "yes"),
    (HOTEL, "Is it the lead singer you want rather than the group?", "yes"),
    # events: premiere = start, finale = end; "series 8" = "season 8" = "the eighth season"
    (THRONES, "Do you mean the season 8 premiere?", "yes"),
    (THRONES, "Are you asking when the eighth season's finale aired?", "no"),
    (THRONES, "Do you want to know when the eighth season begins?", "yes"),
    # ordinals in words; C's "the 6th time" counts titles
    (BULLS, "Do you mean their sixth title?", "yes"),
    (BULLS, "Are you asking about the fourth championship?", "no"),
    # Roman numerals of a division; "tournament" = "championship"
    (DIV, "Do you mean Division II?", "yes"),
    (DIV, "Are you asking about the Division I tournament?", "no"),
    (DIV, "Are you asking about the men's tournament?", "yes"),
    # gender forms: C's "what man"; "the first man" is a person, not a gender
    (WIMBLEDON, "Are you asking about the men's record?", "yes"),
    (WIMBLEDON, "Do you mean the women's singles?", "no"),
    (WIMBLEDON, "Do you mean the first man to win it?", "I don't know"),
    # "season" already in C; an example in parentheses proposes nothing
    (LAKERS, "Do you want the season (for example, 2019–20) rather than the calendar year?", "yes"),
    # units
    (EVEREST, "Do you want it in meters?", "yes"),
    (EVEREST, "Do you want the height in feet?", "no"),
    # eras every user dates
    (BRAZIL, "Are you asking about World War I?", "no"),
    (BRAZIL, "Is this about WWII?", "yes"),
    # game platforms
    (SKYRIM, "Do you mean the Xbox 360 release?", "no"),
    (SKYRIM, "Are you asking about the Switch version?", "yes"),
    (SKYRIM, "Do you mean the PS4 release?", "no"),
    # the kind of place: C asks "in what city"
    (SUPER_BOWL, "Do you mean the specific stadium?", "no"),
    (SUPER_BOWL, "Do you mean which state?", "no"),
])
def test_forms_of_what_c_states_are_recognised(i, question, expected):
    assert reply(i, question) == expected


@pytest.mark.parametrize("i, question, expected", [
    # plain confirmations: "the original air date" is no version; C's lower-case "us" is the country
    (BAD, "Just to confirm, you want the original air date of S2E5, right?", "yes"),
    (BAD, "Do you mean S1E5?", "no"),
    (MOON, "Just to confirm, you're asking when the United States landed on the Moon for the first time?", "yes"),
    # choices, offers of every answer, process questions
    (SKYRIM, "Would you like the date it first came out, or the date of the Switch port?", "I don't know"),
    (SKYRIM, "Would you like both dates?", "I don't know"),
    (SUPER_BOWL, "Would you like the city or the exact venue?", "I don't know"),
    (HOTEL, "Would it help if I named both the band and the singer?", "I don't know"),
    # guesses of the answer, and questions that contain it: the user knows only C
    (HOTEL, "Was it the drummer Don Henley you had in mind?", "I don't know"),
    (LILLE, "Do you mean the Games in Lillehammer?", "I don't know"),
    (LILLE, "Is this about the 1994 Winter Games in Lillehammer?", "I don't know"),
    (LILLE, "Is this about the 1992 Games in Albertville?", "no"),  # a contradiction still counts
    (HOTEL, "Do you mean the Don Henley recording?", "I don't know"),
    # a name that describes blocks nothing
    (SKYRIM, "Do you mean the Switch port that Bethesda released?", "yes"),
    # a restriction C does not settle
    (SUPER_BOWL, "Are you asking about coastal cities specifically?", "I don't know"),
])
def test_no_definite_answer_the_user_cannot_give(i, question, expected):
    assert reply(i, question) == expected


@pytest.mark.parametrize("i, question, expected", [
    (HOTEL, "Isn't it the lead singer you want?", "yes"),             # answered as "Is it ...?"
    (HOTEL, "Aren't you asking about the band?", "no"),
    (HOTEL, "You don't mean the band, do you?", "no"),                # "no, I don't"
    (LAKERS, "You don't mean the calendar year, do you?", "no"),
    (HOTEL, "You're not asking about the band, right?", "yes"),       # "right, I'm not"
    (HOTEL, "Not the band, then?", "I don't know"),                   # elliptical: a bare yes would not say which
])
def test_negated_questions_follow_the_documented_policy(i, question, expected):
    assert reply(i, question) == expected


@pytest.mark.parametrize("i, question, expected", [
    (BRAZIL, "Do you mean World War II (1942)?", "yes"),
    (BRAZIL, "Do you mean World War I (1942)?", "no"),
    (CFB, "Do you mean the 2019 season (the title game played in January 2020)?", "yes"),
    (CFB, "Do you mean the 2019 season (the 2021 title game)?", "no"),  # a gloss that contradicts C counts
])
def test_a_parenthesis_glosses_what_precedes_it(i, question, expected):
    assert reply(i, question) == expected


def test_facts_of_the_new_forms():
    facts = read_text_facts("Who was the lead vocal on it in the 2016 season, in km, for Nintendo Switch?",
                            as_context=True)
    assert facts.roles == {"sing"} and facts.season_years == {2016}
    assert {("unit", "km"), ("platform", "switch")} <= facts.facets
    assert read_text_facts("Do you mean S3E4?").ordinals == {("season", 3), ("episode", 4)}
    assert ("place_kind", "metro") in read_text_facts("In what metro area is it?", as_context=True).facets
    assert read_text_facts("Before I answer: the Switch version?").ordinals == set()
    assert read_text_facts("when did us go to war", as_context=True).places == {"united states"}
    assert read_text_facts("can you tell us more", as_context=True).places == set()
    assert read_text_facts("In what city was the first Super Bowl played?", as_context=True).roles == set()


@pytest.mark.parametrize("i", [HOTEL, LILLE, SKYRIM, SUPER_BOWL, BRAZIL])
def test_replies_never_depend_on_the_readings_answers(i):
    """The user knows C only: the same questions get the same replies whatever the readings' answers are
    (a guess that names the true answer, "Don Henley", is still a guess)."""
    blind = i.model_copy(update={"readings": [r.model_copy(update={"answers": ["unrelated"]}) for r in i.readings]})
    for question in ("Was it the drummer Don Henley you had in mind?", "Do you mean the Games in Lillehammer?",
                     "Do you mean Los Angeles?", "Is it Norway?", "Do you mean the Switch version?",
                     "Do you mean November 17, 2017?", "Are you asking about the stadium?"):
        assert GeneralSimulator(i).decide(question).answer == GeneralSimulator(blind).decide(question).answer
