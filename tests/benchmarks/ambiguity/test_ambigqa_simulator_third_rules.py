"""The general-domain simulator on the classes of error a third independent annotator found (third AmbigNQ
sets): kinds and modifiers that contradict C (sports, solar / lunar, state / federal, ages, deputies,
relatives, with / without, speeds per second / per hour, a name C splits), "X rather than Y", an ordinal bound
to its noun, the present against a time C fixes, synonyms (finalized = complete, group = band, backing =
backup, constructor = team, acreage = acres), a host place against a team, a request for more, and a question
that quotes another reading whole. Every instance and question here is new (none is an item of a labelled
set); the readings' answers are never read by the simulator."""

from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance, Reading
from finprobe.benchmarks.ambiguity.general_simulator import GeneralSimulator, read_text_facts


def inst(question: str, *readings: str, target: int) -> AmbigQAInstance:
    return AmbigQAInstance(instance_id="t", question=question, target=target,
                           readings=[Reading(question=q, answers=["x"]) for q in readings])


def reply(i: AmbigQAInstance, question: str) -> str:
    r = GeneralSimulator(i).decide(question)
    assert r.info["rule"]
    return r.answer


SEMIS = inst("When did wales last reach the final of the world cup?",
             "When did Wales last reach the final of the cricket world cup?",
             "When did Wales last reach the final of the rugby world cup?", target=1)
ECLIPSE = inst("When is the next eclipse visible in chile?", "When is the next total lunar eclipse visible in Chile?",
               "When is the next annular eclipse visible in Chile?", target=0)
HOLIDAY = inst("When did labor day become a holiday?", "When did Labor Day become a federal holiday?",
               "When did Labor Day become a holiday in Oregon?", target=0)
SPEED = inst("How fast does the earth orbit the sun in km?", "How fast does the earth orbit the sun in km/s?",
             "How fast does the earth orbit the sun in km/h?", target=0)
CHAIR = inst("Who was the third chair of the senate committee?",
             "Who was the third chair of the senate committee in its second session?",
             "Who was the third chair of the senate committee?", target=0)
TOUR = inst("When did the rolling stones tour japan?", "When did the Rolling Stones first tour Japan?",
            "When did the Rolling Stones tour Japan for a second run?", target=0)
GAMES = inst("When were the games for commonwealth nations held in scotland?",
             "When were the Commonwealth Games held in Scotland?",
             "When were the Commonwealth Youth Games held in Scotland?", target=1)
YOUTH = inst("When were the olympic games held in norway?", "When were the Winter Youth Olympics held in Norway?",
             "When were the Summer Youth Olympics held in Norway?", target=0)
WINS = inst("How many grand slams has the player won?", "How many grand slams had the player won as of 2012?",
            "How many grand slams had the player won as of 2016?", target=0)
ANNIE = inst("Who played annie in the 1982 film?", "Who played 10-year-old Annie in the 1982 film?",
             "Who played adult Annie in the 1982 film?", target=0)
SPEAKER = inst("Who was the speaker of the house in 1995?", "Who was the Speaker of the House in 1995?",
               "Who was the Speaker of the House in 1985?", target=0)
KING = inst("Who is the king in the lion king?", "What is the character name of the king in The Lion King?",
            "Who voiced the king in The Lion King?", target=0)
DRIVE = inst("What is the driving age in canada?",
             "What is the driving age, without a supervising adult, in most of Canada?",
             "What is the driving age with a supervising adult in most of Canada?", target=0)
SERIES = inst("How many indycar wins does the driver have?", "How many IndyCar wins does the driver have?",
              "How many Indy Lights Series wins does the driver have?", target=1)
MERGER = inst("When did the two banks merge?", "When did the two banks begin their merger?",
              "When did the two banks complete their merger?", target=0)
BAND = inst("Who sings the song tainted love?", "Which band performs the song Tainted Love?",
            "Who sings lead on the song Tainted Love?", target=0)
CHORUS = inst("Who sang in the chorus of hey jude?", "Who sang lead vocal on Hey Jude?",
              "Who sang backup on Hey Jude?", target=0)
RACE = inst("Who won the 1998 formula one championship?", "What driver won the 1998 Formula One championship?",
            "What constructor won the 1998 Formula One championship?", target=0)
PARK = inst("How many acres is yellowstone?", "How many acres is Yellowstone in total?",
            "How many acres of Yellowstone are covered by lakes?", target=1)
NETBALL = inst("When did australia last win the world cup?", "When did Australia last win the netball world cup?",
               "When did Australia last win the cricket world cup?", target=1)
SEQUEL = inst("Who voices the mother in toy story?", "Who voices the mother in Toy Story?",
              "Who voices the mother in Toy Story 3?", target=1)


@pytest.mark.parametrize("i, question, expected", [
    # kinds that contradict C: another sport, body, level of government, age, office, relative, speed unit
    (SEMIS, "Do you mean the football World Cup?", "no"),
    (SEMIS, "Are you asking about the rugby World Cup rather than the cricket one?", "yes"),
    (SEMIS, "Are you asking about the cricket World Cup rather than the football one?", "no"),
    (ECLIPSE, "Are you asking about a solar eclipse?", "no"),
    (ECLIPSE, "Do you mean the lunar eclipse?", "yes"),
    (HOLIDAY, "Is this about when it became a state holiday?", "no"),
    (SPEED, "Do you want it in kilometers per second?", "yes"),
    (SPEED, "Are you asking for km per hour?", "no"),
    (SPEED, "Would you like it in miles per hour?", "no"),
    (ANNIE, "Do you mean the adult Annie?", "no"),
    (ANNIE, "Do you mean the 6-year-old Annie?", "no"),
    (SPEAKER, "Do you mean the Deputy Speaker?", "no"),
    (SPEAKER, "Are you asking about the vice speaker?", "no"),
    (KING, "Do you mean the king's brother, Scar?", "no"),
    (DRIVE, "Are you asking about the age with a supervising adult or a learner's permit?", "no"),
    (DRIVE, "Is this the age without a supervising adult?", "yes"),
    (SERIES, "Are you counting his wins across all four racing series?", "no"),
    (GAMES, "Do you mean the Glasgow Commonwealth Games?", "no"),
    # "X rather than Y": what X and Y share is not excluded
    (YOUTH, "Are you asking about the Winter Youth Olympics rather than the Summer Youth Olympics?", "yes"),
    (YOUTH, "Are you asking about the Summer Youth Olympics rather than the Winter Youth Olympics?", "no"),
    # an ordinal is bound to its noun
    (CHAIR, "Are you asking about the second chair?", "no"),
    (TOUR, "Are you asking about their first tour?", "yes"),
    (TOUR, "Do you mean their second tour?", "no"),
    # the present against a time C fixes
    (WINS, "Do you mean their total today?", "no"),
    (WINS, "Do you mean as of 2012?", "yes"),
    # synonyms of C's or another reading's distinctive word
    (MERGER, "Are you asking when the merger was finalised?", "no"),
    (BAND, "Do you mean the group that performs it?", "yes"),
    (CHORUS, "Do you mean the backing singers?", "no"),
    (RACE, "Are you asking which team won?", "no"),
    (PARK, "Are you asking specifically about the acreage of its lakes?", "yes"),
    (SPEAKER, "Is this the 1995 event?", "yes"),
    # a place the tournament was held in is not the team C names
    (NETBALL, "Do you mean the 2015 tournament in England?", "I don't know"),
    # a request for more is about the answer's form
    (RACE, "Do you want the driver's team as well?", "I don't know"),
    # a sequel's number after the prompt's title
    (SEQUEL, "Do you mean the first movie?", "no"),
    # a question quoting another reading whole proposes it
    (SEQUEL, "Do you mean: Who voices the mother in Toy Story?", "no"),
])
def test_the_classes_found_on_third_records(i, question, expected):
    assert reply(i, question) == expected


def test_facts_of_the_new_forms():
    f = read_text_facts("the 7-year-old girl, in km per second, a state holiday, as of 1990")
    assert ("age", "young") in f.facets and ("age_years", "7") in f.facets
    assert ("per_time", "second") in f.facets and ("", 2) not in f.ordinals
    assert ("government", "state") in f.facets and ("time_point", "fixed") in f.facets
    assert ("time_point", "present") in read_text_facts("their total today").facets
    assert ("speaker", 2) in read_text_facts("the second speaker").bound
    assert "japan" in read_text_facts("the tournament in Japan").loc_places
    assert "japan" not in read_text_facts("Japan made the semis").loc_places
    assert ("media", "stage") not in {("media", m) for m in read_text_facts("Who plays Carrie on the show?").media}
    assert "stage" in read_text_facts("the play by Arthur Miller").media
