"""Writes `grader_answers_independent.jsonl` and `simulator_questions_independent.jsonl`: an independent
annotator's labelled sets on 42 real AmbigNQ train records (their ids in `fixture_ids_independent.json`, written by
`make_independent_fixture.py`; the records are read from `../shared/data`; targets are the `specific` rule's). Written and labelled by hand, by someone
who had not read the grader's or the simulator's code, before either was run on them (`split: independent`).

Grader labels (the definition in `make_grader_answers.py`): intended = states an answer (alias) of the target
reading and no answer of another reading; default_capture = states another reading's answer and not the
target's; hedge = states answers of two readings; wrong = states no reading's answer (another entity, a coarser
date); non_committal = states no answer and says so or asks back. Names given only as context (an opponent
beaten, a predecessor, a role excluded with "not") are not stated answers. `unsure`: unlisted short forms
(UConn, surnames, "Lake Placid" for "Lake Placid, New York"), rounding, granularity questions, nested answers.

Simulator labels: what a careful user who knows only C (the target's disambiguated question) answers:
yes = it names what C states and nothing it names contradicts C (words describing the same referent allowed);
no = something it names contradicts C or names what another reading is about; I don't know = a constraint C
does not settle, a guess of the answer, a choice between readings, an open question, a process question.
Negated questions are labelled by what a user would naturally answer and all marked `unsure` (the rule author's
convention answers them "I don't know"). `unsure` also marks labels that need world knowledge.

Run from the repository root: python bench/data/ambigqa/make_independent_sets.py
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "fixture_ids_independent.json"

IN, D, H, W, N = "intended", "default_capture", "hedge", "wrong", "non_committal"
Y, NO, U = "yes", "no", "I don't know"
S = True  # marks an item unsure

# instance number (1-based position in the fixture) -> [(answer, kind, label[, unsure])]
ANSWERS: dict[int, list[tuple]] = {
    1: [
        ("The United States declared war on Germany on April 6, 1917, entering World War I.", "explanation", IN),
        ("6 April 1917", "date_format", IN),
        ("The U.S. declared war on Germany twice: on April 6, 1917 (WWI) and on December 11, 1941 (WWII), "
         "days after Pearl Harbor.", "hedge", H),
        ("December 11, 1941 — four days after Pearl Harbor, following Germany's own declaration of war.",
         "other_reading", D),
        ("The US entered World War I against Germany in 1917.", "partial", W),
    ],
    2: [
        ("Poland joined the European Union on 1 May 2004, as part of the big enlargement.", "other_reading", D),
        ("Poland signed the Treaty of Accession on April 16, 2003 in Athens.", "explanation", IN),
        ("It signed the accession treaty on 16/04/2003 and became a full member on 01/05/2004.", "hedge", H),
        ("**May 1, 2004**", "markdown", D),
        ("2003-04-16", "date_format", IN),
    ],
    3: [
        ('Season 3, Episode 4 ("Vindicators 3: The Return of Worldender") aired on August 13, 2017.',
         "explanation", IN),
        ("Which season? Episode 4 of Season 1 aired January 13, 2014, Season 2's on August 16, 2015, Season 3's "
         "on August 13, 2017, and Season 4's on December 8, 2019.", "hedge", H),
        ("It premiered on Adult Swim on Aug. 16, 2015.", "other_reading", D),
        ("I'm not sure which season you mean — could you tell me which one?", "non_committal", N),
        ("13/08/2017", "date_format", IN),
    ],
    4: [
        ("The fourth and final season was released on Amazon Prime Video on November 15, 2019.", "explanation", IN),
        ("The Man in the High Castle premiered on January 15, 2015.", "other_reading", D),
        ("Season 4 dropped in November 2019.", "partial", W),
        ("15 Nov 2019", "date_format", IN),
        ("Season 3 came out October 5, 2018, and the final season followed on November 15, 2019.", "hedge", H),
    ],
    5: [
        ("Season 2 premiered on April 25, 2018 on Hulu.", "other_reading", D),
        ('The season 2 finale, "The Word," aired on July 11, 2018.', "explanation", IN),
        ("Season 2 ran from April 25 to July 11, 2018.", "hedge", H),
        ("It aired between April and July 2018.", "partial", W),
    ],
    6: [
        ("The Penguins last won the Stanley Cup in 2017.", "other_reading", D),
        ("In the 2016–17 season, beating the Nashville Predators in the Final.", "explanation", IN, S),
        ("**2016–17** (they won the Cup in June 2017)", "hedge", H, S),
        ("Pittsburgh won back-to-back Cups in 2016 and 2017.", "other_reading", D, S),
    ],
    7: [
        ("UConn won it, beating Syracuse 82–51 in the 2016 final.", "alias", IN, S),
        ("The Connecticut Huskies (their 11th title).", "wrapper", IN),
        ("South Carolina won the 2017 national championship, its first.", "other_reading", D),
        ("The University of Connecticut Huskies", "alias", IN),
        ("South Carolina (2017) — though if you mean 2016, it was UConn.", "hedge", H, S),
        ("Do you mean the most recent tournament (2017) or an earlier one? Let me know and I'll answer.",
         "non_committal", N),
    ],
    8: [
        ("Mark Carney, who took office in July 2013 and was the governor in 2017.", "explanation", IN),
        ("Sir Mervyn King was governor from 2003 to 2013.", "other_reading", D),
        ("The current governor is Andrew Bailey, appointed in 2020.", "wrong_entity", W),
        ("Carney", "alias", IN, S),
        ("Mark Carney succeeded Mervyn King in 2013.", "context_mention", IN),
    ],
    9: [
        ("The first C-Class (W202) launched in May 1993, replacing the 190E.", "explanation", IN),
        ("1993", "partial", W),
        ("The current W206 generation debuted in February 2021.", "wrong_entity", W),
        ("The C-Class debuted in 1993 (W202); later generations followed in 2000 (W203), 2007 (W204) and "
         "2014 (W205).", "partial", W, S),
        ("05/1993", "date_format", IN),
    ],
    10: [
        ("Dakota Fanning played Sally in the 2003 live-action film.", "other_reading", D),
        ("In the 1971 animated TV special, Sally was voiced by Pamelyn Ferdin.", "explanation", IN),
        ("Sally is played by Dakota Fanning (2003 film); in the 1971 special she was voiced by Pamelyn Ferdin.",
         "hedge", H),
        ("I believe it was Pamelyn Ferdin.", "wrapper", IN),
        ("Could be Dakota Fanning or Pamelyn Ferdin, depending on which version you mean.", "hedge", H),
    ],
    11: [
        ("Michael Lembeck played Max Horvath in the original 1975–84 series.", "explanation", IN),
        ("Ed Quinn plays Max on the 2017 Netflix series.", "other_reading", D),
        ("Max was played by **Michael Lembeck**.", "markdown", IN),
        ("Lembeck", "alias", IN, S),
    ],
    12: [
        ("Natalie Wood, in the 1947 classic.", "other_reading", D),
        ("Mara Wilson played Susan in the 1994 remake.", "other_reading", D),
        ("In the 1959 NBC television version, Susan was played by Susan Gordon.", "explanation", IN),
        ("Susan Walker has been played by Natalie Wood (1947), Susan Gordon (1959), Suzanne Davidson (1973), "
         "and Mara Wilson (1994).", "hedge", H),
        ("It depends on the version — which adaptation are you thinking of?", "non_committal", N),
    ],
    13: [
        ("Johnny Duncan played Robin in the 1949 serial *Batman and Robin*.", "explanation", IN),
        ("Chris O'Donnell played Robin in Joel Schumacher's *Batman & Robin* (1997).", "other_reading", D),
        ("The first actor to play Robin was Douglas Croft, in the 1943 serial *Batman*.", "wrong_entity", W),
        ("Chris O’Donnell", "alias", D),
        ("John Duncan", "alias", IN, S),
    ],
    14: [
        ("Corey Burton voices Count Dooku in the animated series.", "explanation", IN),
        ("Christopher Lee voiced Dooku in the 2008 *Clone Wars* film, and Corey Burton took over for the TV "
         "series.", "hedge", H),
        ("Sir Christopher Lee", "other_reading", D),
        ("In the 2008 series, Count Dooku is voiced by Corey Burton, who also voiced him in the 2003 "
         "micro-series.", "explanation", IN),
    ],
    15: [
        ("Clemson won the 2016 season's title, beating Alabama 35–31 in the CFP National Championship.",
         "context_mention", IN),
        ("Alabama won the title game played in January 2016, beating Clemson 45–40.", "context_mention", D),
        ("The Clemson Tigers.", "wrapper", IN),
        ("It was Alabama.", "other_reading", D),
        ("Clemson (2016 season) or Alabama (game played in January 2016), depending on what you mean.",
         "hedge", H),
    ],
    16: [
        ("Catherine Bach played Daisy Duke in the original series.", "explanation", IN),
        ("Jessica Simpson played Daisy in the 2005 movie.", "other_reading", D),
        ("Catherine Bach voiced Daisy in the 2000 video game; in the 2005 film it was Jessica Simpson.",
         "hedge", H),
        ("April Scott", "other_reading", D),
        ("Catherine Bach (not Jessica Simpson, who played her in the 2005 film).", "exclusion", IN),
    ],
    17: [
        ("Roger Taylor, Queen's drummer, sang lead on it.", "context_mention", IN, S),
        ("Queen", "other_reading", D),
        ("It's a Queen song from *A Night at the Opera* (1975).", "other_reading", D),
        ("Freddie Mercury", "wrong_entity", W),
        ("Drummer Roger Meddows Taylor sang it.", "alias", IN, S),
    ],
    18: [
        ("AC/DC", "other_reading", D),
        ("Bon Scott sang it on AC/DC's 1975 album *T.N.T.*", "context_mention", IN, S),
        ('It was sung by Ronald Belford "Bon" Scott.', "alias", IN),
        ("Brian Johnson", "wrong_entity", W),
        ("ACDC", "other_reading", D),
    ],
    19: [
        ("The snowman is Olaf.", "other_reading", D),
        ("Olaf, voiced by Josh Gad.", "hedge", H),
        ("Josh Gad voices him.", "wrapper", IN),
        ('His name is Olaf — "I like warm hugs!"', "other_reading", D),
        ("Josh Gad — not Olaf, that's the character's name.", "exclusion", IN),
    ],
    20: [
        ("It was written by Noël Regney and Gloria Shayne in 1962.", "hedge", H),
        ("Noel Regney wrote the lyrics.", "alias", IN),
        ("The music was composed by Gloria Shayne Baker.", "other_reading", D),
        ("Regney", "alias", IN),
        ("Bing Crosby", "wrong_entity", W),
    ],
    21: [
        ("Hiccup's dad is Stoick the Vast, voiced by Gerard Butler.", "hedge", H),
        ("Stoick the Vast", "other_reading", D),
        ("Gerard Butler", "alias", IN),
        ("The dad is Stoick.", "other_reading", D, S),
    ],
    22: [
        ("Jane Wyatt played Margaret Anderson.", "hedge", H, S),
        ("Jane Wyatt", "alias", IN),
        ("Margaret Anderson", "other_reading", D),
        ("The mom was played by actress Jane Wyatt, who won three Emmys for the role.", "explanation", IN),
    ],
    23: [
        ("Stieg Larsson", "alias", IN),
        ("It's the second book in Stieg Larsson's Millennium series, published posthumously in 2006.",
         "explanation", IN),
        ("The 2009 Swedish film's screenplay was written by Jonas Frykberg.", "wrong_entity", W),
        ("David Lagercrantz", "wrong_entity", W),
        ("I'd need more context — do you mean the novel or the film adaptation?", "non_committal", N),
    ],
    24: [
        ("Timothy B. Schmit sang lead vocals.", "other_reading", D),
        ("Don Henley and Glenn Frey sang the backing vocals.", "explanation", IN),
        ("Timothy B. Schmit sings lead, with Don Henley and Glenn Frey on harmonies.", "hedge", H),
        ("Glenn Frey", "partial", IN, S),
        ("Eagles bassist Timothy B. Schmit", "other_reading", D),
    ],
    25: [
        ("St. Louis, Missouri, hosted the 1904 Summer Olympics.", "other_reading", D),
        ("Lake Placid, NY (1932 Winter Games).", "alias", IN),
        ("The first Olympics held in the US were the 1904 Games in St. Louis; the first Winter Olympics in the US "
         "were at Lake Placid in 1932.", "hedge", H, S),
        ("Lake Placid", "alias", IN, S),
    ],
    26: [
        ("The 2010 Games were held at the Kentucky Horse Park in Lexington, Kentucky — the first held outside "
         "Europe.", "explanation", IN),
        ("Lexington, Kentucky", "partial", IN, S),
        ("Normandy, France (2014).", "other_reading", D),
        ("Tryon, North Carolina", "wrong_entity", W),
        ("Aachen, Germany hosted in 2006 and Lexington, Kentucky in 2010.", "hedge", H, S),
    ],
    27: [
        ("PyeongChang, South Korea", "other_reading", D),
        ("The 2018 Summer Youth Olympics will be held in Buenos Aires, Argentina.", "explanation", IN),
        ("Pyeongchang hosts the Winter Games in February 2018, and Buenos Aires the Youth Olympics in October.",
         "hedge", H),
        ("Tokyo, Japan will host the next Summer Olympics in 2020.", "wrong_entity", W),
    ],
    28: [
        ("New York City", "alias", IN),
        ("On The Ed Sullivan Show, at CBS Studio 50 in New York, on February 9, 1964.", "hedge", H, S),
        ("Their first live American concert was at the Washington Coliseum in Washington, D.C., on February 11, "
         "1964.", "wrong_entity", W),
        ("The Ed Sullivan Show", "other_reading", D, S),
    ],
    29: [
        ("Mall of America, in Bloomington, Minnesota.", "other_reading", D),
        ("It's in the Minneapolis–Saint Paul (Twin Cities) area.", "explanation", IN),
        ("Bloomington, MN", "other_reading", D),
        ("Mall of America", "wrong_entity", W),
    ],
    30: [
        ("Texas", "other_reading", D),
        ("Texas State Highway 130, which has an 85 mph limit on a stretch near Austin.", "explanation", IN, S),
        ("SH 130 in Texas", "context_mention", IN, S),
        ("Montana had no daytime speed limit until 1999.", "wrong_entity", W),
        ("The highest posted speed limit is 85 mph.", "wrong_entity", W),
    ],
    31: [
        ("Tom Johnston was the original lead singer; Michael McDonald took over in 1975.", "hedge", H),
        ("Michael McDonald", "alias", IN),
        ("Tom Johnston", "other_reading", D),
        ("Patrick Simmons", "wrong_entity", W),
    ],
    32: [
        ("1988 — Notre Dame's most recent consensus national title came under Lou Holtz.", "other_reading", D),
        ("The 1973 season, under Ara Parseghian.", "explanation", IN),
        ("Notre Dame won titles in 1973, 1977 and 1988.", "hedge", H),
        ("'73", "number_format", IN, S),
    ],
    33: [
        ("2013", "other_reading", D),
        ("It originally released in October 2013; the Switch version (The Rebel Collection) came out in "
         "December 2019.", "hedge", H),
        ("The Nintendo Switch port arrived on December 6, 2019.", "date_format", IN),
        ("It was released on the Switch in 2019 as part of The Rebel Collection.", "explanation", IN),
    ],
    34: [
        ("C. K. Nayudu captained India in its first Test in 1932.", "other_reading", D),
        ("Shantha Rangaswamy led India's women in their first Test in 1976.", "explanation", IN),
        ("Shantha Rangaswamy (women's) and C.K. Nayudu (men's).", "hedge", H),
        ("Kapil Dev", "wrong_entity", W),
    ],
    35: [
        ("Cristiano Ronaldo holds the men's record with over 120 international goals.", "wrong_entity", W),
        ("Ali Daei of Iran scored 109 goals.", "explanation", IN),
        ("Christine Sinclair (Canada), with 190 goals, holds the overall record.", "other_reading", D),
        ("Ali Daei held the men's record (109) until Ronaldo passed him in 2021, while Christine Sinclair holds "
         "the overall record.", "hedge", H),
        ("Ali Daei, not Christine Sinclair — she holds the women's record.", "exclusion", IN),
    ],
    36: [
        ("President James K. Polk and his wife Sarah Childress Polk are buried there.", "hedge", H),
        ("James K. Polk", "other_reading", D),
        ("First Lady Sarah Polk", "alias", IN),
        ("The Polks", "partial", W, S),
    ],
    37: [
        ("Barry Bonds, with 762 career home runs.", "explanation", IN),
        ("Babe Ruth", "wrong_entity", W),
        ("In MLB it's Barry Bonds (762); in college baseball, Pete Incaviglia holds the NCAA record.", "hedge", H),
        ("**Barry Lamar Bonds** — 762 HRs", "markdown", IN, S),
        ("I can't answer that reliably without knowing which league you mean.", "non_committal", N),
    ],
    38: [
        ("Inspire Brands, which bought Dunkin' Brands in 2020.", "context_mention", W, S),
        ("Dunkin' Brands Group, Inc.", "alias", IN),
        ("Allied Domecq", "other_reading", D),
        ("Dunkin' Donuts was owned by Allied Domecq until 2004.", "other_reading", D),
    ],
    39: [
        ("About 12,742 km (mean diameter).", "wrong_entity", W),
        ("The equatorial diameter is 12,756.3 km.", "explanation", IN),
        ("12756 km", "number_format", IN, S),
        ("Roughly 12,756 km at the equator and 12,714 km pole to pole.", "hedge", H, S),
        ("12 714 km", "number_format", D),
    ],
    40: [
        ("Villanova beat North Carolina 77–74 on Kris Jenkins' buzzer-beater.", "other_reading", D, S),
        ("St. Thomas (Minnesota) won the Division III title.", "alias", IN, S),
        ("The Villanova Wildcats", "other_reading", D),
        ("The St. Thomas Tommies won the 2016 NCAA Division III championship.", "explanation", IN),
        ("Saint Thomas Tommies", "alias", IN),
    ],
    41: [
        ("Justice League hit US theaters on November 17, 2017.", "explanation", IN),
        ("It premiered in Beijing on October 26, 2017, ahead of its November 17 US release.", "hedge", H),
        ("The animated series debuted on Cartoon Network on November 17, 2001.", "other_reading", D),
        ("It came out in 2017.", "partial", W),
        ("17.11.2017", "date_format", IN),
    ],
    42: [
        ("1876", "partial", W),
        ("It was first published in June 1876 in the UK by Chatto & Windus, and in December 1876 in the US.",
         "hedge", H),
        ("The American Publishing Company edition came out in December 1876.", "explanation", IN),
        ("Dec. 1876", "date_format", IN),
        ("June 1876", "other_reading", D),
    ],
}

# instance number -> [(question, kind, label[, unsure])]
QUESTIONS: dict[int, list[tuple]] = {
    1: [
        ("Are you asking about World War I (1917)?", "year", Y),
        ("Do you mean when the US declared war on Germany in World War II?", "event", NO),
        ("Just to confirm, you're asking when the United States declared war on Germany?", "confirmation", Y),
        ("Should I cover both world wars?", "process", U),
        ("Are you asking about the declaration of war after Pearl Harbor?", "event", NO, S),
        ("Happy to help! Before I answer — **are you asking about World War I?**", "wrapper", Y),
    ],
    2: [
        ("Do you mean when Poland formally became a member state, in 2004?", "event", NO),
        ("Are you asking about the signing of the accession treaty?", "event", Y),
        ("Are you interested in the date of the 2003 referendum?", "event", NO),
        ("Would you like the date Poland signed the treaty, or the date it officially joined?", "choice", U),
        ("Could you clarify what you mean by 'become part of'?", "open", U),
    ],
    3: [
        ("Which season's episode 4 are you asking about?", "open", U),
        ("Do you mean Season 3?", "ordinal", Y),
        ("Are you asking about episode 4 of the latest season?", "recency", U),
        ("Is this about the Season 1 episode 'M. Night Shaym-Aliens!'?", "ordinal", NO),
        ("Just to make sure I get this right: you want the original air date of S3E4, correct?", "confirmation", Y),
    ],
    4: [
        ("Are you asking about the final season?", "ordinal", U, S),
        ("Do you mean the premiere of the first season?", "ordinal", NO),
        ("Are you asking about Season 4?", "ordinal", Y),
        ("Do you want the Amazon Prime release date of season four?", "media", Y, S),
        ("Are you asking about season 3 or 4?", "choice", U),
    ],
    5: [
        ("Do you mean when season 2 premiered?", "event", NO),
        ("Are you asking about the season 2 finale date?", "event", Y),
        ("Do you want to know when the second season ends?", "event", Y),
        ("Is your question about when Season 2 starts and ends?", "bundle", NO, S),
    ],
    6: [
        ("Are you asking about the Pittsburgh Penguins?", "entity", Y),
        ("Do you want the season (e.g., 2016–17) rather than the calendar year?", "version", Y),
        ("Do you want the calendar year they last won?", "version", NO),
        ("Are you asking about the Pittsburgh Steelers?", "entity", NO),
        ("You don't mean the calendar year, do you?", "negated", NO, S),
    ],
    7: [
        ("Are you asking about the 2016 tournament?", "year", Y),
        ("Do you mean last year's tournament, i.e. 2017?", "year", NO),
        ("Are you asking about the Division I women's basketball championship?", "entity", U, S),
        ("Did you want the 2015 champion?", "year", NO),
        ("Do you mean the most recent tournament?", "recency", U),
    ],
    8: [
        ("Are you asking who was governor in 2017?", "year", Y),
        ("Do you mean the current governor?", "recency", U),
        ("Are you asking about the governor appointed in 2003?", "year", NO),
        ("Do you mean Mark Carney?", "answer_guess", U),
        ("Is it the Bank of England you're asking about, and not the Federal Reserve?", "bundle", Y),
    ],
    9: [
        ("Are you asking about the first-generation C-Class (W202)?", "version", Y),
        ("Do you mean the current W206 model?", "version", NO),
        ("Do you mean the W203 generation released in 2000?", "version", NO),
        ("Are you asking about the US launch date?", "place", U),
        ("Are you interested in the original launch rather than a later generation?", "version", Y),
        ("Do you mean the W202 generation that launched in 1993?", "bundle", U, S),
    ],
    10: [
        ("Are you asking about the 2003 live-action movie with Mike Myers?", "media", NO),
        ("Do you mean the 1971 animated TV special?", "media", Y, S),
        ("Is this about the film version?", "media", NO),
        ("Do you want the voice actress for Sally in the 1971 special?", "role", Y, S),
        ("Do you mean Dakota Fanning's version?", "answer_guess", U, S),
    ],
    11: [
        ("Are you asking about the original 1975 series?", "year", Y),
        ("Do you mean the Netflix reboot from 2017?", "version", NO),
        ("Are you asking about the sitcom rather than a film?", "media", Y, S),
        ("Which version of One Day at a Time do you have in mind?", "open", U),
    ],
    12: [
        ("Do you mean the 1947 film with Natalie Wood?", "year", NO),
        ("Are you asking about the 1959 television version?", "year", Y),
        ("Are you asking about the 1994 remake?", "year", NO),
        ("Is this about a TV adaptation rather than a theatrical film?", "media", Y),
        ("Do you mean the NBC broadcast from 1959?", "media", Y),
        ("Do you mean the original movie?", "version", NO, S),
        ("Thanks for your question. Just so I understand correctly: you're interested in the 1959 NBC TV "
         "production, is that right?", "wrapper", Y),
    ],
    13: [
        ("Are you referring to the 1949 serial?", "year", Y),
        ("Do you mean the 1997 George Clooney movie?", "year", NO),
        ("Are you asking about the animated series?", "media", NO),
        ("Do you mean Burt Ward's Robin from the 1960s show?", "answer_guess", NO, S),
    ],
    14: [
        ("Are you asking about the 2008 animated TV series?", "media", Y),
        ("Do you mean the 2008 theatrical film?", "media", NO),
        ("Is this about the 2003 Cartoon Network micro-series?", "year", NO),
        ("Do you mean who voiced Dooku on the show, not in the movies?", "media", Y),
        ("Are you asking about the live-action films?", "media", NO),
        ("Do you mean the 2008 TV series and not the film?", "bundle", Y),
    ],
    15: [
        ("Do you mean the 2016 season (the title game played in January 2017)?", "year", Y, S),
        ("Do you mean the championship game played in January 2016?", "year", NO),
        ("Are you asking about the College Football Playoff champion?", "entity", Y, S),
        ("Are you asking about the FCS championship instead of FBS?", "version", U),
    ],
    16: [
        ("Are you asking about the video game?", "media", Y),
        ("Do you mean the original 1979 TV series?", "media", NO),
        ("Are you asking about the 2005 movie with Jessica Simpson?", "media", NO),
        ("Do you mean who voiced Daisy, rather than who played her on screen?", "role", Y),
    ],
    17: [
        ("Are you asking which band recorded it?", "role", NO),
        ("Do you want the person who sang lead vocals on the track?", "role", Y),
        ("Are you asking about Queen's song from A Night at the Opera?", "entity", U, S),
        ("Is it the lead singer you're after, not the band?", "bundle", Y),
    ],
    18: [
        ("Do you mean the band that performed it?", "role", NO),
        ("Are you asking who sang lead vocals?", "role", Y),
        ("Do you mean Bon Scott?", "answer_guess", U),
        ("Are you asking about the AC/DC original or a cover version?", "choice", U),
    ],
    19: [
        ("Are you asking for the character's name?", "role", NO),
        ("Do you mean the actor who voices the snowman?", "role", Y),
        ("Are you asking about Olaf?", "answer_guess", U, S),
        ("Do you want the voice actor in Frozen II as well?", "bundle", U),
        ("Would it help if I gave both the character name and the actor?", "process", U),
        ("Isn't it the voice actor you want?", "negated", Y, S),
    ],
    20: [
        ("Are you asking who wrote the lyrics?", "role", Y),
        ("Do you mean the composer of the music?", "role", NO),
        ("Are you asking who made it famous, like Bing Crosby?", "role", NO),
        ("Do you mean the songwriters — both words and music?", "bundle", NO, S),
        ("Is this about the lyrics, and the 1962 original song?", "bundle", U, S),
    ],
    21: [
        ("Are you asking about the sequel, How to Train Your Dragon 2?", "ordinal", Y),
        ("Do you want the character's name rather than the actor?", "role", NO),
        ("Are you asking about the first movie?", "ordinal", NO),
        ("Are you asking about the voice actor for Stoick?", "answer_guess", U, S),
        ("Do you mean the 2025 live-action remake?", "version", NO),
    ],
    22: [
        ("Do you want the actress who played the mother?", "role", Y),
        ("Are you asking for the character's name?", "role", NO),
        ("Are you asking about the TV series or the original radio show?", "choice", U),
        ("Was it the actress Jane Wyatt you were thinking of?", "answer_guess", U),
    ],
    23: [
        ("Are you asking about the author of the novel?", "role", Y),
        ("Do you mean the screenwriter of the film adaptation?", "role", NO),
        ("Are you asking about the Swedish film from 2009?", "media", NO),
        ("Do you mean who translated it into English?", "role", NO),
        ("Just checking: the second Millennium novel, right?", "confirmation", Y, S),
    ],
    24: [
        ("Are you asking who sang lead vocals?", "role", NO),
        ("Do you mean the backing/harmony vocalists?", "role", Y),
        ("Are you asking about the Eagles' original recording rather than a cover?", "version", Y, S),
        ("Aren't you asking about who sang lead?", "negated", NO, S),
    ],
    25: [
        ("Do you mean the Winter Olympics?", "entity", Y),
        ("Are you asking about the Summer Games?", "entity", NO),
        ("Are you asking about the 1904 St. Louis Games?", "year", NO),
        ("Is this about the Winter Games in Lake Placid?", "answer_guess", U, S),
        ("Could you tell me whether you mean the Summer or Winter Olympics?", "choice", U),
    ],
    26: [
        ("Are you asking about the 2010 World Equestrian Games?", "year", Y),
        ("Do you mean this year's Games?", "recency", U),
        ("Do you mean the 2014 edition in Normandy?", "year", NO),
        ("By WEG, do you mean the FEI World Equestrian Games?", "confirmation", Y),
        ("Are you asking about the 2018 Games?", "year", NO),
        ("Do you mean the 2010 Games, which were held in Kentucky?", "answer_guess", U, S),
    ],
    27: [
        ("Are you asking about the 2018 Winter Olympics?", "entity", NO),
        ("Do you mean the Youth Olympic Games?", "entity", Y),
        ("Are you asking about the Summer Youth Olympics in 2018?", "entity", Y),
        ("Do you mean the next regular Summer Olympics (Tokyo 2020)?", "entity", NO),
        ("Do you mean the Paralympics?", "entity", NO),
        ("Great question! To make sure I give you the right answer, could you confirm you mean the Youth Olympic "
         "Games in Buenos Aires?", "wrapper", U, S),
    ],
    28: [
        ("Do you want the city?", "place", Y),
        ("Are you asking for the specific venue or TV studio?", "place", NO),
        ("Are you asking about their first live concert rather than the TV appearance?", "event", U, S),
        ("Do you mean the Ed Sullivan Show appearance?", "event", U, S),
        ("Would you like me to name the city or the exact venue?", "choice", U),
    ],
    29: [
        ("Do you want the metropolitan area?", "place", Y),
        ("Do you mean the specific city where the mall is?", "place", NO),
        ("Are you asking about Mall of America?", "answer_guess", U, S),
        ("Is 'largest' by total floor area what you mean?", "entity", U),
    ],
    30: [
        ("Are you asking which road has the highest speed limit?", "place", Y),
        ("Do you mean which state?", "place", NO),
        ("Are you asking about the highest speed limit number itself, in mph?", "entity", NO),
        ("Are you asking about toll roads specifically?", "entity", U),
    ],
    31: [
        ("Are you asking about the band's original lead singer?", "ordinal", NO),
        ("Do you mean the singer who replaced Tom Johnston in the mid-1970s?", "ordinal", Y, S),
        ("Are you asking about the second lead singer?", "ordinal", Y),
        ("Do you mean their current lead singer?", "recency", U),
        ("Do you mean Michael McDonald?", "answer_guess", U),
    ],
    32: [
        ("Are you asking about their ninth national title?", "ordinal", Y),
        ("Do you mean their most recent championship?", "recency", U),
        ("Are you asking about the 1988 title?", "year", U),
        ("Do you mean the eleventh title?", "ordinal", NO),
        ("Do you mean national championships claimed by the school, rather than consensus titles?", "entity",
         Y, S),
    ],
    33: [
        ("Are you asking about the Nintendo Switch release?", "version", Y),
        ("Do you mean the original 2013 release?", "version", NO),
        ("Are you asking about the PC release?", "version", NO),
        ("Is it the port rather than the original release you're asking about?", "version", Y),
        ("Do you mean the PlayStation 4 version?", "version", NO),
        ("I'd be glad to help. Are you asking about the Switch release, or the original 2013 one?", "choice", U),
    ],
    34: [
        ("Are you asking about the women's team?", "gender", Y),
        ("Do you mean the men's Test team?", "gender", NO),
        ("Are you asking about the Under-19 side?", "entity", NO),
        ("Do you mean the first ODI captain specifically?", "version", U),
        ("Just to confirm, the Indian national team — not an IPL franchise?", "confirmation", Y),
    ],
    35: [
        ("Are you asking about men's international football?", "gender", Y),
        ("Do you mean the overall record including women?", "gender", NO, S),
        ("Are you asking about the women's record?", "gender", NO),
        ("Do you mean the record as of today?", "recency", U),
        ("Do you mean club goals too?", "entity", NO, S),
        ("Do you mean the men's record, with international meaning national-team goals?", "bundle", Y),
    ],
    36: [
        ("Are you asking about the woman buried there?", "gender", Y),
        ("Do you mean the president buried there?", "gender", NO, S),
        ("Are you asking about the First Lady?", "answer_guess", U, S),
        ("Would you like both people buried there?", "process", U),
    ],
    37: [
        ("Are you asking about Major League Baseball?", "entity", Y),
        ("Do you mean college baseball (NCAA)?", "entity", NO),
        ("Career home runs, or most in a single season?", "choice", U),
        ("Do you mean the career record?", "entity", U, S),
        ("Are you asking about MLB and not Japanese baseball?", "bundle", Y),
        ("You're not asking about college baseball, right?", "negated", Y, S),
    ],
    38: [
        ("Are you asking about the current parent company?", "recency", Y, S),
        ("Do you mean who owned it in 1990?", "year", NO),
        ("Do you mean the owner after 2004?", "year", Y),
        ("Are you asking about Allied Domecq?", "answer_guess", U, S),
    ],
    39: [
        ("Do you want the equatorial diameter?", "entity", Y),
        ("Are you asking for the polar diameter?", "entity", NO),
        ("Is the mean diameter fine?", "entity", NO),
        ("Should I give the answer in miles?", "process", NO, S),
        ("Do you want it in kilometres?", "entity", Y),
    ],
    40: [
        ("Are you asking about Division III?", "ordinal", Y),
        ("Do you mean the Division I tournament (March Madness)?", "ordinal", NO),
        ("Are you asking about the men's tournament?", "gender", Y),
        ("Do you mean the 2016–17 season's championship?", "year", NO, S),
        ("Are you asking about the women's championship?", "gender", NO),
    ],
    41: [
        ("Are you asking about the 2017 movie?", "media", Y),
        ("Do you mean the animated TV series from 2001?", "media", NO),
        ("Do you want the US release date?", "place", Y, S),
        ("Are you asking about the release in Japan?", "place", NO),
        ("Do you mean Zack Snyder's Justice League (2021)?", "version", NO),
    ],
    42: [
        ("Are you asking about the first American edition?", "version", Y, S),
        ("Do you mean the first UK edition by Chatto & Windus?", "version", NO),
        ("Are you asking about the American Publishing Company edition?", "version", Y),
        ("Do you mean when Mark Twain finished writing it?", "event", NO),
        ("Are you asking about the first edition in any country?", "version", NO, S),
    ],
}


def _rows(table: dict[int, list[tuple]], ids: list[str], text: str, prefix: str) -> list[dict]:
    rows = []
    for n, items in sorted(table.items()):
        for k, item in enumerate(items, 1):
            value, kind, label, *rest = item
            rows.append({"id": f"ind-{n:02d}-{prefix}{k:02d}", "instance_id": ids[n - 1], text: value, "kind": kind,
                         "label": label, "unsure": bool(rest and rest[0]), "split": "independent"})
    return rows


def main() -> None:
    ids: list[str] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    for name, table, text, prefix in (("grader_answers_independent.jsonl", ANSWERS, "answer", "a"),
                                      ("simulator_questions_independent.jsonl", QUESTIONS, "question", "q")):
        rows = _rows(table, ids, text, prefix)
        with (HERE / name).open("w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        print(f"wrote {len(rows)} items ({sum(r['unsure'] for r in rows)} unsure) to {name}")


if __name__ == "__main__":
    main()
