"""The text grader on the forms real answers write names, places and dates in, and on names given as context
of another answer (the classes an independent annotator found; every example here is new, none is an item of
the labelled sets)."""

from __future__ import annotations

import datetime as dt

import pytest
from aq_support import reading_instance as inst
from aq_support import verdict
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.benchmarks.ambiguity.text_grading import find_dates


def ymd(text: str) -> list[tuple[int | None, int | None, int | None]]:
    return [(d.year, d.month, d.day) for d in find_dates(text)]


# --------------------------------------------------------------------------- dates
def test_the_text_settles_day_or_month_first_for_all_its_numeric_dates():
    assert ymd("It joined NATO on 29/03/2004 and the EU on 01/05/2004.") == [(2004, 3, 29), (2004, 5, 1)]
    assert ymd("It joined NATO on 03/29/2004 and the EU on 05/01/2004.") == [(2004, 3, 29), (2004, 5, 1)]
    assert ymd("Released 05/01/2004.") == [(2004, 5, 1)]  # nothing settles it: slashes are read month first
    assert ymd("Released 05.01.2004.") == [(2004, 1, 5)]  # dotted dates are written day first


def test_dotted_and_month_year_dates():
    assert ymd("17.11.2017") == [(2017, 11, 17)]
    assert ymd("It launched in 09/1998, in Menlo Park.") == [(1998, 9, None)]
    assert ymd("13/1998") == [(1998, None, None)]  # no month 13: only the year is read


@settings(max_examples=150, deadline=None)
@given(st.dates(min_value=dt.date(1900, 1, 1), max_value=dt.date(2099, 12, 31)),
       st.dates(min_value=dt.date(1900, 1, 13), max_value=dt.date(2099, 12, 31)), st.sampled_from("/."))
def test_a_day_first_date_settles_the_order_of_an_ambiguous_one(date, settling, sep):
    """Whatever the first date, a second one whose day exceeds 12 makes the text day first throughout."""
    if settling.day <= 12:
        settling = settling.replace(day=13)
    text = (f"from {date.day:02d}{sep}{date.month:02d}{sep}{date.year} "
            f"to {settling.day:02d}{sep}{settling.month:02d}{sep}{settling.year}")
    assert ymd(text) == [(date.year, date.month, date.day), (settling.year, settling.month, settling.day)]


SLOVAKIA = inst(("When did Slovakia join NATO?", ["29 March 2004"]),
                ("When did Slovakia join the European Union?", ["1 May 2004"]),
                target=1, question="When did Slovakia join?")


def test_an_ambiguous_numeric_date_read_in_the_texts_order_makes_a_hedge():
    assert verdict(SLOVAKIA, "It joined NATO on 29/03/2004 and the EU on 01/05/2004.") == "hedge"
    assert verdict(SLOVAKIA, "01.05.2004") == "intended"
    assert verdict(SLOVAKIA, "05/2004") == "wrong"  # coarser than the reading's day
    walkman = inst(("When was the Walkman released in Japan?", ["July 1979"]),
                   ("When was the Walkman released in the United States?", ["June 1980"]),
                   target=0, question="When was the walkman released?")
    assert verdict(walkman, "07/1979") == "intended"
    assert verdict(walkman, "It reached US shops in 06/1980.") == "default_capture"


# --------------------------------------------------------------------------- names and places
WALMART = inst(("In what city did the first Walmart store open?", ["Rogers, Arkansas"]),
               ("In what year did the first Walmart store open?", ["1962"]),
               target=0, question="Where did the first walmart open?")


@pytest.mark.parametrize("answer, expected", [
    ("Rogers, AR", "intended"),
    ("Rogers, AR, in 1962", "hedge"),  # a year "in" is an answer of its own, not the place's modifier
    ("Bentonville, AR", "wrong"),
    ("Rogers, Ark.", "wrong"),  # an abbreviation that is no postal code is not read as the state
])
def test_a_us_state_code_after_a_comma_is_the_state(answer, expected):
    assert verdict(WALMART, answer) == expected


def test_spaced_initials_saint_and_mount_are_the_forms_of_one_name():
    rings = inst(("Who directed The Lord of the Rings films?", ["Peter Jackson"]),
                 ("Who wrote The Lord of the Rings novel?", ["JRR Tolkien"]),
                 target=1, question="Who created the lord of the rings?")
    assert verdict(rings, "J. R. R. Tolkien wrote it.") == "intended"
    assert verdict(rings, "J.R.R. Tolkien") == "intended"
    napoleon = inst(("Where was Napoleon first exiled?", ["Elba"]),
                    ("Where was Napoleon exiled after Waterloo?", ["St. Helena"]),
                    target=1, question="Where was napoleon exiled?")
    assert verdict(napoleon, "To the island of Saint Helena.") == "intended"
    assert verdict(napoleon, "Elba, and later Saint Helena") == "hedge"
    peak = inst(("What is the highest mountain in Africa?", ["Mount Kilimanjaro"]),
                ("What is the highest mountain in Europe?", ["Mount Elbrus"]),
                target=0, question="What is the highest mountain?")
    assert verdict(peak, "Mt. Kilimanjaro") == "intended"


# --------------------------------------------------------------------------- context of another answer
HOTEL = inst(("Which band recorded Hotel California?", ["Eagles", "the Eagles"]),
             ("Who sang lead vocal on Hotel California?", ["Don Henley"]),
             target=1, question="Who sang hotel california?")
SUPER_BOWL = inst(("In what city was the first Super Bowl played?", ["Los Angeles"]),
                  ("In what stadium was the first Super Bowl played?", ["Los Angeles Memorial Coliseum"]),
                  target=1, question="Where was the first super bowl played?")


@pytest.mark.parametrize("i, answer, expected", [
    (HOTEL, "Don Henley, the Eagles' drummer, sang lead.", "intended"),   # apposition: context
    (HOTEL, "Don Henley (Eagles' drummer)", "intended"),
    (HOTEL, "Don Henley of the Eagles", "intended"),                      # "of": context
    (HOTEL, "The Eagles, with Don Henley on lead vocals.", "hedge"),       # both in their own right
    (HOTEL, "The Eagles' Don Henley", "intended"),
    (SUPER_BOWL, "At the Los Angeles Memorial Coliseum in Los Angeles.", "intended"),  # the place it is in
    (SUPER_BOWL, "Los Angeles", "default_capture"),
    (SUPER_BOWL, "Los Angeles hosted it; the stadium was the Los Angeles Memorial Coliseum.", "hedge"),
])
def test_a_reading_named_only_as_a_modifier_of_another_answer_is_context(i, answer, expected):
    assert verdict(i, answer) == expected
