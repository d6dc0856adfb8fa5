"""Writes `fixture_instances.json`: AmbigQA-format records written for the AmbigQA benches (real-world facts,
each checked by hand; readings in the order an annotator might list them). Run: python make_fixtures.py"""

import json
from pathlib import Path


def mq(*pairs):
    return {"type": "multipleQAs", "qaPairs": [{"question": q, "answer": a} for q, a in pairs]}


RECORDS = [
    ("aqfix-01", "Who sang Respect?",
     mq(("Who wrote and first recorded the song Respect in 1965?", ["Otis Redding"]),
        ("Who sang the 1967 hit version of Respect?", ["Aretha Franklin", "Aretha Louise Franklin"]))),
    ("aqfix-02", "When was the Declaration of Independence signed?",
     mq(("When did the Continental Congress adopt the Declaration of Independence?", ["July 4, 1776"]),
        ("When did most delegates sign the engrossed copy of the Declaration of Independence?", ["August 2, 1776"]))),
    ("aqfix-03", "What is the tallest mountain in the world?",
     mq(("What is the tallest mountain in the world measured by elevation above sea level?",
         ["Mount Everest", "Everest", "Sagarmatha", "Chomolungma"]),
        ("What is the tallest mountain in the world measured from base to peak?", ["Mauna Kea"]))),
    ("aqfix-04", "Who won the Wimbledon singles title in 2019?",
     mq(("Who won the men's singles title at Wimbledon in 2019?", ["Novak Djokovic", "Djokovic"]),
        ("Who won the women's singles title at Wimbledon in 2019?", ["Simona Halep", "Halep"]))),
    ("aqfix-05", "How many seasons of The Office are there?",
     mq(("How many seasons does the American version of The Office have?", ["9", "nine"]),
        ("How many series does the original British version of The Office have?", ["2", "two"]))),
    ("aqfix-06", "Who played the Joker?",
     mq(("Who played the Joker in the 1989 film Batman?", ["Jack Nicholson"]),
        ("Who played the Joker in the 2008 film The Dark Knight?", ["Heath Ledger"]),
        ("Who played the Joker in the 2019 film Joker?", ["Joaquin Phoenix"]))),
    ("aqfix-07", "When did the first Star Wars movie come out?",
     mq(("When was the first Star Wars film, Episode IV – A New Hope, released in the United States?",
         ["May 25, 1977"]),
        ("When was Star Wars: Episode I – The Phantom Menace released in the United States?", ["May 19, 1999"]))),
    ("aqfix-08", "Who sang Hurt?",
     mq(("Who wrote and originally recorded the song Hurt for Nine Inch Nails in 1994?", ["Trent Reznor"]),
        ("Who recorded the 2002 cover of Hurt?", ["Johnny Cash"]))),
    ("aqfix-09", "Who directed Titanic?",
     mq(("Who directed the 1997 film Titanic?", ["James Cameron"]),
        ("Who directed the 1953 film Titanic?", ["Jean Negulesco"]))),
    ("aqfix-10", "Who was the US president during World War II?",
     mq(("Who was the US president when the United States entered World War II in December 1941?",
         ["Franklin D. Roosevelt", "Franklin Delano Roosevelt", "FDR"]),
        ("Who was the US president when World War II ended in September 1945?",
         ["Harry S. Truman", "Harry Truman"]))),
    ("aqfix-11", "Where were the Winter Olympics held?",
     mq(("Where were the 2014 Winter Olympics held?", ["Sochi"]),
        ("Where were the 2018 Winter Olympics held?", ["Pyeongchang", "PyeongChang"]),
        ("Where were the 2022 Winter Olympics held?", ["Beijing"]))),
    ("aqfix-12", "Who voices Mario?",
     mq(("Who voiced Mario in Nintendo's video games until 2023?", ["Charles Martinet"]),
        ("Who voiced Mario in The Super Mario Bros. Movie released in 2023?", ["Chris Pratt"]))),
    ("aqfix-13", "When did the Chicago Cubs win the World Series?",
     mq(("When did the Chicago Cubs win their first World Series?", ["1907"]),
        ("When did the Chicago Cubs most recently win the World Series?", ["2016"]))),
    ("aqfix-14", "Who played Hermione Granger?",
     mq(("Who played Hermione Granger in the Harry Potter films?", ["Emma Watson"]),
        ("Who originated the role of Hermione Granger in the stage play Harry Potter and the Cursed Child?",
         ["Noma Dumezweni"]))),
    ("aqfix-15", "What is the capital of the Netherlands?",
     mq(("What is the constitutional capital of the Netherlands?", ["Amsterdam"]),
        ("Which city is the seat of the government of the Netherlands?", ["The Hague", "Den Haag"]))),
    ("aqfix-16", "Who sings Is You Is on Tom and Jerry?",
     mq(("Which character sings Is You Is or Is You Ain't My Baby in the Tom and Jerry short Solid Serenade?",
         ["Tom", "Tom Cat"]),
        ("Who performed the vocals of Is You Is or Is You Ain't My Baby in the Tom and Jerry short Solid Serenade?",
         ["Ira \"Buck\" Woods", "Ira Woods"]))),
]

if __name__ == "__main__":
    out = [{"id": rid, "question": q, "annotations": [ann]} for rid, q, ann in RECORDS]
    path = Path(__file__).with_name("fixture_instances.json")
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(out)} records -> {path}")
