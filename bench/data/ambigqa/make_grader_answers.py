"""Writes `grader_answers.jsonl`: final answers of the shapes real models give to AmbigQA-style questions,
each labelled by hand with its verdict against the instance's readings (target = the `specific` rule's).

Labels (by definition, decided when the answer was written, not by running the grader):
- intended: it states an answer (alias) of the target reading, and no answer of another reading;
- default_capture: it states an answer of a non-target reading, and not the target's;
- hedge: it states answers of two readings (even each labelled with its reading): wrong;
- wrong: it states no reading's answer (another entity, a partial list, a coarser date than the reading's);
- non_committal: it states no answer and says so or asks back.
"States" follows AmbigQA's normalisation (case, punctuation, articles), with extra words allowed, dates and
numbers by value ("9 January 2007" = "January 9, 2007", "eleven" = "11"). A name mentioned only as context
(an opponent beaten, a role excluded with "not") is not stated as an answer. `unsure` marks answers where a
careful reader could dispute the label (a second reading's answer given as background; an unlisted short
form of an alias).

Value strings per instance are written and labelled by hand, then placed in answer shapes that cannot change
the label (bare, "I think it's ...", markdown, "The answer is ..."); hedges combine the target's and another
reading's value; the hand-written long answers carry their own labels.
`split`: "dev" for the answers above (the grader's rules were developed on them), "heldout" for
`heldout_answers.py`, written afterwards and measured once.
Run: python make_grader_answers.py
"""

import json
from pathlib import Path

from heldout_answers import HELDOUT

IN, DC, HE, WR, NC = "intended", "default_capture", "hedge", "wrong", "non_committal"
U = True

SHAPES = ["{v}", "I think it's {v}.", "**{v}**", "The answer is {v}.", "Answer: {v}", "It was {v}.",
          "- {v}", "{v}."]

# instance: target values, other-reading values, wrong values, partial values, long answers [(text, label, unsure?)]
DATA: dict[str, dict] = {
    "aqdemo-01": dict(T=["Luke Evans", "luke evans.", "Luke George Evans", "LUKE EVANS"], O=["Richard White"],
                      W=["Josh Gad", "Dan Stevens"], P=[], L=[
        ("In the 2017 live-action remake, Gaston was played by Luke Evans.", IN),
        ("Gaston was voiced by Richard White in the 1991 animated film, while Luke Evans played him in the 2017 remake.", HE),
        ("Luke Evans (2017); Richard White voiced him in 1991.", HE),
        ("It depends on which version you mean.", NC),
        ("Luke Evans, who starred opposite Emma Watson.", IN)]),
    "aqdemo-02": dict(T=["Germany", "Germany national football team", "GERMANY"], O=["France", "Argentina"],
                      W=["Brazil", "Netherlands"], P=[], L=[
        ("Germany won the 2014 World Cup, beating Argentina 1-0 in the final.", IN),
        ("The 2014 World Cup in Brazil was won by Germany.", IN),
        ("France won the 2018 World Cup.", DC),
        ("Germany (2014), France (2018) and Argentina (2022).", HE),
        ("I'm not sure which tournament you mean.", NC)]),
    "aqdemo-03": dict(T=["Leonard Cohen", "leonard cohen"], O=["Jeff Buckley"], W=["John Cale", "Rufus Wainwright"],
                      P=[], L=[
        ("Hallelujah was written and first recorded by Leonard Cohen in 1984; Jeff Buckley's 1994 cover made it famous.", HE, U),
        ("It was originally by Leonard Cohen.", IN),
        ("The most famous version is by Jeff Buckley.", DC)]),
    "aqdemo-04": dict(T=["January 9, 2007", "9 January 2007", "Jan. 9, 2007", "2007-01-09", "January 9th, 2007"],
                      O=["June 29, 2007", "29 June 2007"], W=["January 10, 2007", "September 2007"],
                      P=["2007", "January 2007"], L=[
        ("Steve Jobs announced the first iPhone at Macworld on January 9, 2007.", IN),
        ("It was announced on January 9, 2007 and released in the US on June 29, 2007.", HE),
        ("The original iPhone went on sale on June 29, 2007.", DC),
        ("The iPhone came out in 2007.", WR)]),
    "aqdemo-05": dict(T=["Denis Villeneuve", "denis villeneuve"], O=["David Lynch"], W=["Ridley Scott", "Frank Herbert"],
                      P=[], L=[
        ("Dune (2021) was directed by Denis Villeneuve.", IN),
        ("David Lynch directed the 1984 version and Denis Villeneuve the 2021 one.", HE),
        ("Denis Villeneuve — not David Lynch, who made the 1984 film.", IN)]),
    "aqdemo-06": dict(T=["Fran Walsh, Philippa Boyens, Peter Jackson", "Peter Jackson, Fran Walsh and Philippa Boyens",
                         "Fran Walsh, Philippa Boyens & Peter Jackson"],
                      O=["J. R. R. Tolkien", "Tolkien", "J.R.R. Tolkien"], W=["Ian McKellen", "Stephen Sinclair"],
                      P=["Peter Jackson", "Peter Jackson and Fran Walsh"], L=[
        ("The screenplay was written by Fran Walsh, Philippa Boyens and Peter Jackson, adapting Tolkien's novel.", IN, U),
        ("J. R. R. Tolkien wrote the novel.", DC),
        ("Peter Jackson co-wrote it with Fran Walsh and Philippa Boyens.", IN)]),
    "aqdemo-07": dict(T=["Rio de Janeiro", "Rio", "Rio de Janeiro, Brazil"], O=["London", "Tokyo"],
                      W=["São Paulo", "Beijing"], P=[], L=[
        ("The 2016 Summer Olympics were held in Rio de Janeiro, Brazil.", IN),
        ("London hosted in 2012, Rio in 2016 and Tokyo in 2020.", HE),
        ("Tokyo (the Games were postponed to 2021).", DC)]),
    "aqdemo-08": dict(T=["September 2, 1945", "2 September 1945", "Sept. 2, 1945", "1945-09-02"],
                      O=["May 8, 1945", "8 May 1945"], W=["August 15, 1945", "August 6, 1945"],
                      P=["1945", "September 1945"], L=[
        ("World War II formally ended on September 2, 1945, when Japan signed the Instrument of Surrender.", IN),
        ("The war in Europe ended on 8 May 1945 (V-E Day).", DC),
        ("It ended in 1945: May 8 in Europe and September 2 with Japan's surrender.", HE),
        ("There are two possible dates, so I can't give just one.", NC)]),
    "aqdemo-09": dict(T=["Neil Armstrong", "Neil Alden Armstrong", "neil armstrong"], O=["Buzz Aldrin", "Edwin Aldrin"],
                      W=["Michael Collins", "Yuri Gagarin"], P=[], L=[
        ("Neil Armstrong was the first; Buzz Aldrin followed him.", HE),
        ("Neil Armstrong, followed about 19 minutes later by Buzz Aldrin.", HE, U),
        ("Neil Armstrong stepped onto the Moon first, on July 20, 1969.", IN),
        ("Buzz Aldrin", DC)]),
    "aqdemo-10": dict(T=["Dolly Parton", "dolly parton"], O=["Whitney Houston"], W=["Linda Ronstadt"], P=[], L=[
        ("Dolly Parton wrote it and released it in 1974; Whitney Houston's 1992 cover is the best-known version.", HE, U),
        ("It was written and first recorded by Dolly Parton.", IN),
        ("Whitney Houston sang it in The Bodyguard.", DC)]),
    "aqdemo-11": dict(T=["Matthew Broderick"], O=["Donald Glover"], W=["Jonathan Taylor Thomas", "James Earl Jones"],
                      P=[], L=[
        ("In the 1994 film, adult Simba was voiced by Matthew Broderick.", IN),
        ("Matthew Broderick (1994) or Donald Glover (2019).", HE),
        ("Donald Glover voiced adult Simba.", DC)]),
    "aqdemo-12": dict(T=["11", "eleven", "Eleven players", "11 players"], O=["5", "five", "6"], W=["10", "9"], P=[], L=[
        ("A soccer team has 11 players on the field, including the goalkeeper.", IN),
        ("Eleven in football, five in basketball and six in ice hockey.", HE),
        ("Five players per side.", DC),
        ("Each side fields 11 players; substitutes don't count.", IN),
        ("That depends on the sport.", NC)]),
    "aqdemo-13": dict(T=["March 31, 1889", "31 March 1889", "1889-03-31", "March 31st, 1889"], O=["January 28, 1887"],
                      W=["May 6, 1889"], P=["1889", "March 1889"], L=[
        ("Construction of the Eiffel Tower was completed on March 31, 1889, in time for the World's Fair.", IN),
        ("Work began on January 28, 1887 and finished on March 31, 1889.", HE),
        ("It took just over two years, from 1887 to 1889.", WR)]),
    "aqdemo-14": dict(T=["Kansas City Chiefs", "the Chiefs", "The Kansas City Chiefs"],
                      O=["Tampa Bay Buccaneers", "the Buccaneers"], W=["San Francisco 49ers"], P=[], L=[
        ("The Kansas City Chiefs won Super Bowl LIV, beating the San Francisco 49ers 31-20.", IN),
        ("The Chiefs won LIV and the Buccaneers won LV.", HE),
        ("The Tampa Bay Buccaneers beat the Kansas City Chiefs in Super Bowl LV.", DC)]),
    "aqdemo-15": dict(T=["Johnny Depp", "johnny depp"], O=["Gene Wilder", "Timothée Chalamet", "Timothee Chalamet"],
                      W=["Freddie Highmore"], P=[], L=[
        ("Johnny Depp played Willy Wonka in Tim Burton's 2005 film.", IN),
        ("Gene Wilder in 1971, Johnny Depp in 2005 and Timothée Chalamet in 2023.", HE),
        ("Gene Wilder is the classic Willy Wonka.", DC)]),
    "aqdemo-16": dict(T=["Harry Potter and the Sorcerer's Stone", "Harry Potter and the Sorcerer’s Stone",
                         "harry potter and the sorcerers stone"],
                      O=["Harry Potter and the Philosopher's Stone"], W=["Harry Potter and the Chamber of Secrets"],
                      P=["Sorcerer's Stone"], L=[
        ("In the US it was published as Harry Potter and the Sorcerer's Stone.", IN),
        ("Harry Potter and the Philosopher's Stone (titled Harry Potter and the Sorcerer's Stone in the US).", HE)]),
    "aqdemo-17": dict(T=["Tobey Maguire"], O=["Andrew Garfield", "Tom Holland"], W=["Willem Dafoe"], P=[], L=[
        ("Tobey Maguire played Spider-Man in Sam Raimi's 2002 film.", IN),
        ("Tobey Maguire, Andrew Garfield and Tom Holland have all played him.", HE),
        ("Tom Holland plays Spider-Man in the MCU.", DC)]),
    "aqdemo-18": dict(T=["Neville Chamberlain"], O=["Winston Churchill"], W=["Clement Attlee", "Stanley Baldwin"], P=[],
                      L=[
        ("Neville Chamberlain was prime minister when Britain declared war in September 1939.", IN),
        ("Neville Chamberlain, succeeded by Winston Churchill in May 1940.", IN, U),
        ("Winston Churchill led Britain through the war.", DC)]),
    "aqfix-01": dict(T=["Otis Redding"], O=["Aretha Franklin"], W=["Etta James"], P=[], L=[
        ("Otis Redding wrote and first recorded Respect in 1965.", IN),
        ("Aretha Franklin's 1967 version is the famous one, but Otis Redding wrote it.", HE, U),
        ("Aretha Franklin", DC)]),
    "aqfix-02": dict(T=["August 2, 1776", "2 August 1776", "Aug. 2, 1776"], O=["July 4, 1776", "4 July 1776"],
                     W=["July 2, 1776"], P=["1776", "August 1776"], L=[
        ("Most delegates signed the engrossed copy on August 2, 1776.", IN),
        ("It was adopted on July 4, 1776, but most delegates signed on August 2, 1776.", HE),
        ("July 4th, 1776", DC)]),
    "aqfix-03": dict(T=["Mount Everest", "Everest", "Mt. Everest"], O=["Mauna Kea"], W=["K2", "Kangchenjunga"], P=[], L=[
        ("Mount Everest, at 8,849 m above sea level.", IN),
        ("Everest by elevation, but Mauna Kea if you measure from base to peak.", HE),
        ("Mauna Kea is the tallest from base to summit.", DC)]),
    "aqfix-04": dict(T=["Novak Djokovic", "Djokovic"], O=["Simona Halep", "Halep"], W=["Roger Federer"], P=[], L=[
        ("Novak Djokovic won the men's title, beating Roger Federer in the final.", IN),
        ("Djokovic won the men's singles and Halep the women's.", HE),
        ("Simona Halep beat Serena Williams in the final.", DC)]),
    "aqfix-05": dict(T=["2", "two", "Two series"], O=["9", "nine", "nine seasons"], W=["3", "1"], P=[], L=[
        ("The original British Office ran for two series (plus two Christmas specials).", IN),
        ("Nine seasons in the US, two series in the UK.", HE),
        ("The Office has 9 seasons.", DC)]),
    "aqfix-06": dict(T=["Heath Ledger"], O=["Jack Nicholson", "Joaquin Phoenix"], W=["Jared Leto", "Christian Bale"],
                     P=[], L=[
        ("Heath Ledger played the Joker in The Dark Knight and won a posthumous Oscar.", IN),
        ("Jack Nicholson (1989), Heath Ledger (2008) and Joaquin Phoenix (2019).", HE),
        ("Joaquin Phoenix won an Oscar for Joker.", DC)]),
    "aqfix-07": dict(T=["May 25, 1977", "25 May 1977", "1977-05-25"], O=["May 19, 1999"], W=["May 25, 1983"],
                     P=["1977"], L=[
        ("Star Wars (A New Hope) was released in the US on May 25, 1977.", IN),
        ("May 25, 1977 for A New Hope; The Phantom Menace came out May 19, 1999.", HE)]),
    "aqfix-08": dict(T=["Trent Reznor"], O=["Johnny Cash"], W=["Rick Rubin"], P=[], L=[
        ("Trent Reznor wrote it for Nine Inch Nails' 1994 album The Downward Spiral.", IN),
        ("Johnny Cash's 2002 cover is the famous one.", DC),
        ("Trent Reznor wrote it; Johnny Cash covered it in 2002.", HE)]),
    "aqfix-09": dict(T=["Jean Negulesco"], O=["James Cameron"], W=["Roy Ward Baker"], P=[], L=[
        ("The 1953 Titanic was directed by Jean Negulesco.", IN),
        ("James Cameron directed Titanic (1997).", DC),
        ("Jean Negulesco directed the 1953 film and James Cameron the 1997 one.", HE)]),
    "aqfix-10": dict(T=["Franklin D. Roosevelt", "Franklin Delano Roosevelt", "FDR"], O=["Harry S. Truman", "Harry Truman"],
                     W=["Theodore Roosevelt"], P=["Roosevelt"], L=[
        ("Franklin D. Roosevelt was president when the US entered the war after Pearl Harbor.", IN),
        ("FDR until his death in April 1945, then Harry Truman.", HE),
        ("Harry S. Truman", DC)]),
    "aqfix-11": dict(T=["Beijing", "Beijing, China"], O=["Pyeongchang", "PyeongChang", "Sochi"], W=["Seoul"], P=[], L=[
        ("The 2022 Winter Olympics were held in Beijing.", IN),
        ("Sochi (2014), Pyeongchang (2018), Beijing (2022).", HE)]),
    "aqfix-12": dict(T=["Charles Martinet"], O=["Chris Pratt"], W=["Kevin Afghani"], P=[], L=[
        ("Charles Martinet voiced Mario in the games for decades.", IN),
        ("In the 2023 movie, Chris Pratt voices Mario.", DC)]),
    "aqfix-13": dict(T=["2016", "in 2016"], O=["1907"], W=["1908"], P=[], L=[
        ("The Cubs last won the World Series in 2016, ending a 108-year drought.", IN),
        ("They won in 1907, 1908 and 2016.", HE),
        ("Their most recent title came in 2016, after their first in 1907.", HE, U)]),
    "aqfix-14": dict(T=["Noma Dumezweni"], O=["Emma Watson"], W=["Paapa Essiedu"], P=[], L=[
        ("Noma Dumezweni originated Hermione in Harry Potter and the Cursed Child.", IN),
        ("Emma Watson played Hermione in the films.", DC)]),
    "aqfix-15": dict(T=["The Hague", "Den Haag", "the hague"], O=["Amsterdam"], W=["Rotterdam"], P=[], L=[
        ("The government sits in The Hague, although Amsterdam is the constitutional capital.", HE, U),
        ("Amsterdam is the capital of the Netherlands.", DC),
        ("The Hague (Den Haag).", IN)]),
    "aqfix-16": dict(T=['Ira "Buck" Woods', "Ira Woods", "Ira 'Buck' Woods"], O=["Tom", "Tom Cat", "Tom the cat"],
                     W=["Louis Jordan"], P=[], L=[
        ('The vocals in Solid Serenade were performed by Ira "Buck" Woods.', IN),
        ("In the Tom and Jerry short, Ira 'Buck' Woods sings for Tom.", IN, U),
        ("Tom sings it in the short.", DC)]),
}

NON_COMMITTAL = [
    ("aqdemo-05", "I'm not sure."), ("aqdemo-07", "Could you clarify which Olympics you mean?"),
    ("aqdemo-11", "I don't know."), ("aqdemo-15", "The question is ambiguous: several actors have played Willy Wonka."),
    ("aqfix-06", "Which Joker film do you mean?"), ("aqfix-11", "It depends on the year."),
    ("aqfix-13", "I cannot determine that without more context."), ("aqfix-03", "Unclear."),
]


def build() -> list[dict]:
    items: list[dict] = []
    k = 0

    def add(iid: str, answer: str, kind: str, label: str, unsure: bool = False) -> None:
        items.append({"id": f"{iid}-a{sum(1 for i in items if i['instance_id'] == iid) + 1:02d}",
                      "instance_id": iid, "answer": answer, "kind": kind, "label": label, "unsure": unsure})

    for iid, d in DATA.items():
        for n, v in enumerate(d["T"]):
            shapes = SHAPES[:4] if n == 0 else ["{v}", SHAPES[1 + (k % (len(SHAPES) - 1))]]
            for shape in shapes:
                k += 1
                add(iid, shape.format(v=v), "alias" if shape == "{v}" else "wrapper", IN)
        for n, v in enumerate(d["O"]):
            add(iid, v, "other_reading", DC)
            if n == 0:
                k += 1
                add(iid, SHAPES[1 + (k % (len(SHAPES) - 1))].format(v=v), "other_reading", DC)
        for v in d["W"]:
            add(iid, v, "wrong_entity", WR)
        for v in d["P"]:
            add(iid, v, "partial", WR, iid == "aqdemo-16" or iid == "aqfix-10")
        t, o = d["T"][0], d["O"][0]
        add(iid, f"{t} or {o}", "hedge", HE)
        add(iid, f"Either {o} or {t}, depending on which one you mean.", "hedge", HE)
        add(iid, f"{t}, not {o}.", "exclusion", IN)
        for text, label, *rest in d["L"]:
            add(iid, text, "explanation" if label != NC else "non_committal", label, bool(rest and rest[0]))
    for iid, text in NON_COMMITTAL:
        add(iid, text, "non_committal", NC)
    for it in items:
        it["split"] = "dev"
    for iid, text, label, *rest in HELDOUT:
        add(iid, text, "heldout_" + ("explanation" if label != NC else "non_committal"), label, bool(rest and rest[0]))
        items[-1]["split"] = "heldout"
    return items


if __name__ == "__main__":
    out = build()
    path = Path(__file__).with_name("grader_answers.jsonl")
    path.write_text("".join(json.dumps(it, ensure_ascii=False) + "\n" for it in out), encoding="utf-8")
    print(f"{len(out)} answers -> {path}")
