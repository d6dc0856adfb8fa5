"""The general-domain grader on the classes of error a third independent annotator found (third AmbigNQ
sets): spans of years with a shortened end ("2003–04" = "2003-2004"), middle initials inside a listed name, a
hedge word opening an alias ("approximately ..."), the object of a verb whose subject is the answer, and
answers that say no information was found. Every instance and answer here is new (none is an item of a
labelled set)."""

from __future__ import annotations

import pytest
from aq_support import reading_instance as inst
from aq_support import verdict

LEAGUE = inst(("In what season did Leicester last win the league?", ["2003-2004"]),
              ("On what date did Leicester last win the league?", ["May 2, 2004"]),
              target=1, question="When did leicester last win the league?")
CENTURY = inst(("In what season did the club win the cup?", ["1999-2000"]),
               ("Who captained the club when it won the cup?", ["Tom Reed"]),
               target=1, question="When did the club win the cup?")
GOVERNOR = inst(("Who was the 40th governor of the state?", ["Mary Ellen Porter"]),
                ("Who was the 39th governor of the state?", ["Carl Lindqvist"]),
                target=0, question="Who was the 40th governor of the state?")
DEPTH = inst(("How deep is the lake at its deepest point?", ["approximately 1640 m"]),
             ("How deep is the lake on average?", ["about 740 m"]),
             target=0, question="How deep is the lake?")
DUEL = inst(("Who stabbed the king in season 3?", ["Marcus"]),
            ("Who stabbed the king in season 5?", ["Aldric"]),
            target=0, question="Who stabbed the king?")
CAST = inst(("Who played the detective in the 1958 radio serial?", ["Harold Venn"]),
            ("Who played the detective in the 1994 TV series?", ["Joan Pike"]),
            target=0, question="Who played the detective?")


@pytest.mark.parametrize("i, answer, expected", [
    # a span of years with its end shortened is the listed span
    (LEAGUE, "The 2003–04 season", "default_capture"),
    (LEAGUE, "2003-04", "default_capture"),
    (LEAGUE, "They took the 2003–04 title, sealing it on May 2, 2004.", "hedge"),
    (CENTURY, "1999–00", "default_capture"),
    (LEAGUE, "On 2004-05-02", "intended"),  # an ISO date is no span of years
    # a middle initial inside a listed name
    (GOVERNOR, "Mary E. Porter", "wrong"),  # an initial replacing a listed word is not the name
    (GOVERNOR, "Mary Ellen K. Porter (2011–2015)", "intended"),
    (GOVERNOR, "Carl J. Lindqvist", "default_capture"),
    # a hedge word opening an alias says nothing of its value
    (DEPTH, "About 1,640 m", "intended"),
    (DEPTH, "Roughly 1640 metres", "intended"),
    (DEPTH, "740 m", "default_capture"),
    # the object of a verb whose subject is the answer is what it acted on
    (DUEL, "In season 3, Marcus suddenly stabbed Aldric's father, the king.", "intended"),
    (DUEL, "Marcus stabbed Aldric in the back.", "intended"),
    (DUEL, "Marcus, then Aldric.", "hedge"),
    # says it found nothing
    (CAST, "I couldn't find reliable information on the radio serial's cast.", "non_committal"),
    (CAST, "I was unable to find who played him.", "non_committal"),
])
def test_the_classes_found_on_third_records(i, answer, expected):
    assert verdict(i, answer) == expected
