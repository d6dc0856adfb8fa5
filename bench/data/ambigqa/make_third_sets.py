"""Writes `fixture_ids_third.json`, `simulator_questions_third.jsonl` and `grader_answers_third.jsonl`: a third
independent annotator's labelled sets on 40 further real AmbigNQ train records (`split: third`).

The records were picked by hand from a seeded shuffle (`random.Random(20261130)`) of the ambiguous instances the
loader makes of `../shared/data/ambigqa/train_light.json`, leaving out the ids of `fixture_ids_independent.json`,
`fixture_ids_fresh.json` and the demo and fixture instances (and their questions), for varied reading types:
years and seasons, roles (band vs singer, actor vs character, driver vs constructor), places, media (book vs
film, TV series vs musical), versions (original vs remake, product generations), ordinals (15th chair, 4th prime
minister, second Speaker, season 1), gender (men's vs women's), numbers and units (acres, pages vs minutes, km/s
vs km/h, counts "as of" a year), dates (begin vs complete, premiere vs wide release), sports seasons and
superlatives ("the last", "the most"). One record whose gold answer is plainly wrong (the women's World Cup in
the US "1993") was passed over. Only the ids are kept in the repository; the records are read at run time from
the shared file (never copied here). Targets are the `specific` rule's (whatever the loader chose; seen through
the bench's loader, not through the rule's code).

Written and labelled by hand by an annotator who had not read the grader's or the simulator's code, nor the
earlier labelled items beyond three format lines, before either component was run on these sets; committed
before the first run; no label is changed after it.

Grader labels (the definition of the earlier sets): intended = states an answer (an alias, or the same value in
another format) of the target reading and no answer of another reading; default_capture = states another
reading's answer and not the target's; hedge = states answers of two readings (even each labelled with its
reading, even two non-target readings); wrong = states no reading's answer (another entity, a coarser date or
number, a partial list); non_committal = states no answer and says so or asks back. Names given only as context
(an opponent beaten, a partner, a character beside "played by", a premiere before a release) are not stated
answers, but where the context item is itself another reading's answer the item is marked `unsure` and labelled
as a careful grader would (a second reading's answer given as background: hedge, unsure). When the target's
answer equals another reading's answer (England's 2019 semi-final in rugby and in cricket), stating it is
intended. `unsure` also marks: unlisted short forms (surnames, initials), granularity (a year for a full date, a
date range), the same value in another unit, all-number dates whose order is not settled.

Simulator labels: what a careful user who knows only C (the target's disambiguated question) answers:
yes = every proposition it makes is what C states (words describing the same referent allowed: "most recent"
for C's "last", "started" for "begin"); no = some proposition contradicts C or names what another reading is
about (another season, the other role, the other medium; a quantifier over the whole set where C narrows it:
"of all time", "any kind", "across all series"); I don't know = a constraint C does not settle, a guess of the
answer (even a right one), a choice between readings, an open question, a process question, and any
proposition whose truth needs world knowledge the user is not given ("the Ed Sullivan Show", "Nanjing",
"the Camping World Truck Series", "Carl"): such labels are `unsure` where a user who knows the topic would say
yes or no. A bundle is no when one part is contradicted, I don't know when one part is unsettled and none
contradicted, yes when all parts are affirmed. Recency ("the latest season?") where C names a fixed season or
year is I don't know (C does not say whether it is the latest), unsure. Negated questions are labelled by what a
user would naturally answer ("Isn't it the rugby one?" -> yes; "You don't mean the Open Era, do you?" -> no),
all `unsure`.

Run from the repository root: python bench/data/ambigqa/make_third_sets.py
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

Y, N, D = "yes", "no", "I don't know"
I, DC, H, W, NC = "intended", "default_capture", "hedge", "wrong", "non_committal"  # noqa: E741 (the labels read as one letter each)

# (record id, [(question, kind, label, unsure)], [(answer, kind, label, unsure)])
# C (the target's disambiguated question) and A (its answers) are noted in a comment for the reader's check.
SETS: list[tuple[str, list[tuple[str, str, str, bool]], list[tuple[str, str, str, bool]]]] = [
    # C: last time England made the semis in the rugby world cup? A: 2019 (FIFA 2018, cricket 2019)
    ("8563448431164675588", [
        ("Are you asking about the Rugby World Cup?", "confirmation", Y, False),
        ("Do you mean the FIFA World Cup (football/soccer)?", "media", N, False),
        ("Just to confirm: is this about the men's football World Cup?", "bundle", N, False),
        ("Are you asking about the Cricket World Cup rather than the football one?", "choice", N, False),
        ("Do you mean the 2019 tournament in Japan?", "guess", D, False),
        ("Isn't this about the rugby tournament?", "negation", Y, True),
    ], [
        ("2019", "bare", I, False),
        ("England last reached the Rugby World Cup semi-finals in 2019 in Japan, where they beat New Zealand before losing the final to South Africa.", "explanation", I, False),
        ("2018 (Russia), when they lost to Croatia.", "other_reading", DC, False),
        ("The last time was the 2019 Cricket World Cup, which England went on to win.", "other_reading", I, True),
        ("In football it was 2018; in rugby it was 2019.", "hedge", H, False),
        ("It depends on which World Cup you mean (football, rugby or cricket). Could you clarify?", "non_committal", NC, False),
    ]),
    # C: when did the revised slim profile 160GB 6th generation ipod classic come out? A: September 9, 2009
    ("-2321028626565294136", [
        ("Do you mean the iPod classic?", "version", Y, False),
        ("Are you asking about the iPod nano?", "version", N, False),
        ("Is this the 160GB model?", "version", Y, False),
        ("Do you mean the original launch of the 6th-generation classic in 2007?", "version", N, False),
        ("Are you asking about the 6th-generation iPod touch from 2015?", "version", N, False),
        ("Do you mean the 120GB version?", "number", N, False),
    ], [
        ("September 9, 2009", "bare", I, False),
        ("The revised 160GB iPod classic was released on 9 September 2009.", "date_format", I, False),
        ("2009-09-09", "date_format", I, False),
        ("September 5, 2007", "other_reading", DC, False),
        ("The 6th-generation iPod nano came out on September 1, 2010.", "other_reading", DC, False),
        ("2009", "coarse", W, True),
        ("The 6th-gen iPod classic launched September 5, 2007, with a thinner 160GB revision on September 9, 2009.", "hedge", H, False),
    ]),
    # C: when did us airways and american airlines begin their merger? A: December 9, 2013 (complete: April 8, 2015)
    ("-4146084555274610118", [
        ("Do you mean when the merger started?", "date", Y, False),
        ("Are you asking when the merger was finalized?", "date", N, False),
        ("Do you mean when the two airlines began operating under a single operating certificate?", "world_knowledge", D, True),
        ("**Quick check:** are you interested in the start of the merger process rather than its completion?", "wrapper", Y, False),
        ("Is it the announcement in February 2013 you're asking about?", "world_knowledge", D, True),
    ], [
        ("December 9, 2013", "bare", I, False),
        ("The merger began on 9 December 2013, when the deal closed and American Airlines Group was formed.", "explanation", I, False),
        ("12/9/2013", "date_format", I, True),
        ("April 8, 2015", "other_reading", DC, False),
        ("The merger began on December 9, 2013 and was completed on April 8, 2015.", "hedge", H, False),
        ("2013", "coarse", W, True),
    ]),
    # C: when did stranger things season 1 come out on netflix? A: July 15, 2016
    ("2704379965143304673", [
        ("Do you mean the first season?", "ordinal", Y, False),
        ("Are you asking about season 3?", "ordinal", N, False),
        ("Are you asking about the most recent season?", "recency", D, True),
        ("Do you mean the show's original release in 2016?", "guess", D, True),
        ("Are you asking about the Netflix release date rather than a DVD release?", "media", Y, False),
    ], [
        ("July 15, 2016", "bare", I, False),
        ("Season 1 dropped on Netflix on 15 July 2016.", "date_format", I, False),
        ("Stranger Things premiered July 15, 2016; season 2 followed on October 27, 2017.", "background", H, True),
        ("October 27, 2017", "other_reading", DC, False),
        ("Season 3 came out on July 4, 2019.", "other_reading", DC, False),
        ("Summer 2016", "coarse", W, False),
    ]),
    # C: which band performs the song it's just an illusion? A: Imagination (lead: Leee John)
    ("3498931945376157885", [
        ("Are you asking about the band rather than the lead singer?", "role", Y, False),
        ("Do you want the name of the lead vocalist?", "role", N, False),
        ("Is this the 1981 hit by Imagination?", "guess", D, False),
        ("Do you mean the group that performs it?", "role", Y, False),
    ], [
        ("Imagination", "bare", I, False),
        ("It's performed by the British band Imagination (1981).", "explanation", I, False),
        ("Leee John", "other_reading", DC, False),
        ("Imagination, fronted by Leee John.", "background", I, True),
        ("The song is by Imagination, and the lead vocals are sung by Leee John.", "hedge", H, False),
    ]),
    # C: how many acres of the great smoky mountains national park is estimated to be old growth forest? A: 187,000
    ("-2610890604786289906", [
        ("Do you mean the park's total area?", "number", N, False),
        ("Are you asking specifically about old-growth forest acreage?", "confirmation", Y, False),
        ("Would you like the answer in square miles instead of acres?", "process", N, True),
        ("Do you mean forest that has never been logged?", "world_knowledge", Y, True),
        ("Is this about the whole park, including the North Carolina side?", "bundle", N, True),
    ], [
        ("187,000 acres", "bare", I, False),
        ("About 187000", "number_format", I, False),
        ("Roughly 187 thousand acres of old-growth forest", "number_format", I, False),
        ("522,419 acres", "other_reading", DC, False),
        ("The park covers 522,419 acres, of which about 187,000 are old-growth forest.", "hedge", H, False),
        ("About 75,700 hectares", "unit", I, True),
        ("Around 200,000 acres", "coarse", W, False),
    ]),
    # C: who shot rick's son in the walking dead during season 6? A: Ron Anderson / Ron
    ("-629735412357919761", [
        ("Are you asking about the season 6 incident?", "season", Y, False),
        ("Do you mean when Carl was shot by Otis in season 2?", "season", N, False),
        ("Do you mean the TV series rather than the comics?", "media", Y, True),
        ("Is this about Carl getting shot in the eye?", "world_knowledge", D, True),
        ("Do you mean Rick's son Carl?", "world_knowledge", D, True),
    ], [
        ("Ron Anderson", "bare", I, False),
        ("Ron", "alias", I, False),
        ("In season 6, Ron Anderson accidentally shot Carl in the eye while aiming at Rick.", "context_mention", I, False),
        ("Otis", "other_reading", DC, False),
        ("Otis shot Carl in season 2, and Ron shot him in season 6.", "hedge", H, False),
        ("Jessie Anderson", "wrong_entity", W, False),
    ]),
    # C: when was the last time a partial lunar eclipse occurred? A: July 16, 2019
    ("-4197100346635131711", [
        ("Do you mean a partial eclipse?", "confirmation", Y, False),
        ("Are you asking about the last total lunar eclipse (a 'blood moon')?", "version", N, False),
        ("Do you mean the most recent one?", "recency", Y, False),
        ("Are you asking about a solar eclipse?", "version", N, False),
        ("Are you asking only about eclipses visible from the US?", "place", D, False),
        ("Do you mean any kind of lunar eclipse, including penumbral ones?", "bundle", N, False),
    ], [
        ("July 16, 2019", "bare", I, False),
        ("16 July 2019", "date_format", I, False),
        ("The last partial lunar eclipse was on the night of July 16-17, 2019.", "date_format", I, True),
        ("January 21, 2019", "other_reading", DC, False),
        ("January 10, 2020 (penumbral)", "other_reading", DC, False),
        ("The most recent total lunar eclipse was January 21, 2019, and the last partial one was July 16, 2019.", "hedge", H, False),
        ("I can't know today's date, so I can't say when the last one was.", "non_committal", NC, False),
    ]),
    # C: what driver was formula one world champion four times in a row from 2010 to 2013? A: Sebastian Vettel
    ("-7045404198774893359", [
        ("Are you asking about the driver?", "role", Y, False),
        ("Do you mean the constructors' championship?", "role", N, False),
        ("Are you asking which team won?", "role", N, False),
        ("Is it Sebastian Vettel you're thinking of?", "guess", D, False),
        ("Do you want the driver's nationality as well?", "process", D, False),
    ], [
        ("Sebastian Vettel", "bare", I, False),
        ("Vettel", "alias", I, True),
        ("Sebastian Vettel, driving for Red Bull Racing.", "background", I, True),
        ("Red Bull Racing", "other_reading", DC, False),
        ("Germany", "other_reading", DC, False),
        ("Lewis Hamilton", "wrong_entity", W, False),
        ("Sebastian Vettel (driver) and Red Bull (constructor)", "hedge", H, False),
    ]),
    # C: who plays Marshall's wife in How I Met Your Mother? A: Alyson Hannigan
    ("4213628684936305278", [
        ("Do you mean Marshall's wife, Lily?", "world_knowledge", D, True),
        ("Are you asking about Ted's wife, the Mother?", "role", N, False),
        ("Are you asking about the actress rather than the character's name?", "role", Y, False),
        ("Do you mean Barney's wife?", "role", N, False),
        ("Is it Alyson Hannigan you're thinking of?", "guess", D, False),
    ], [
        ("Alyson Hannigan", "bare", I, False),
        ("Lily Aldrin is played by Alyson Hannigan.", "context_mention", I, False),
        ("Cobie Smulders", "other_reading", DC, False),
        ("Cristin Milioti", "wrong_entity", W, True),
        ("Alyson Hannigan plays Lily, and Cobie Smulders plays Robin, Barney's wife.", "hedge", H, False),
        ("Lily Aldrin", "wrong_entity", W, False),
    ]),
    # C: when was the remake of the movie rudolph the red nose reindeer made? A: 1998 / October 16, 1998
    ("-1195488704015289556", [
        ("Do you mean the remake?", "version", Y, False),
        ("Are you asking about the original version?", "version", N, False),
        ("Do you mean the 1998 animated film?", "guess", D, True),
        ("Are you asking when it was released rather than when production began?", "choice", D, False),
    ], [
        ("1998", "bare", I, False),
        ("The remake, Rudolph the Red-Nosed Reindeer: The Movie, came out on October 16, 1998.", "explanation", I, False),
        ("1948", "other_reading", DC, False),
        ("1964", "wrong_entity", W, False),
        ("The original short was made in 1948 and the remake in 1998.", "hedge", H, False),
        ("10/16/1998", "date_format", I, False),
    ]),
    # C: when did Fourth of July become a paid federal holiday? A: 1938 (unpaid for federal employees: 1870)
    ("-4940728134762297045", [
        ("Are you asking when it became a paid holiday for federal workers?", "confirmation", Y, False),
        ("Do you mean when Congress first made it an unpaid holiday for federal employees?", "version", N, False),
        ("Is this about when it became a state holiday in Massachusetts?", "place", N, False),
        ("Are you asking about the first time it was declared a holiday at all?", "superlative", N, True),
    ], [
        ("1938", "bare", I, False),
        ("It became a paid federal holiday in 1938.", "explanation", I, False),
        ("1870", "other_reading", DC, False),
        ("Congress made it an unpaid federal holiday in 1870 and a paid one in 1938.", "hedge", H, False),
        ("1941", "wrong_entity", W, False),
        ("In 1870 it became a federal holiday.", "other_reading", DC, False),
    ]),
    # C: who won the NCAA men's championship game in the 2015-16 season? A: Villanova
    ("8276531352488547585", [
        ("Are you asking about the 2015–16 season?", "season", Y, False),
        ("Do you mean the 2016 tournament?", "season", Y, True),
        ("Do you mean men's basketball?", "world_knowledge", D, True),
        ("Do you mean the most recent championship?", "recency", D, True),
        ("Are you asking about the 2016-17 season?", "season", N, False),
        ("Are you asking about the women's championship?", "gender", N, False),
    ], [
        ("Villanova", "bare", I, False),
        ("The Villanova Wildcats, beating North Carolina 77–74 on Kris Jenkins' buzzer-beater.", "context_mention", I, False),
        ("North Carolina", "other_reading", DC, False),
        ("Duke", "other_reading", DC, False),
        ("UNC won in 2017 and Villanova in 2016.", "hedge", H, True),
        ("Kentucky", "wrong_entity", W, False),
    ]),
    # C: who plays the decoy queen in star wars the phantom menace? A: Keira Knightley
    ("8434241301442786522", [
        ("Are you asking about Padmé's decoy, Sabé?", "world_knowledge", D, True),
        ("Do you mean the real Queen Amidala?", "role", N, False),
        ("Are you asking who played the decoy?", "role", Y, False),
        ("Do you mean Natalie Portman's character?", "guess", D, True),
        ("Is this about Episode I?", "ordinal", Y, True),
    ], [
        ("Keira Knightley", "bare", I, False),
        ("Keira Knightley played Sabé, the queen's decoy.", "context_mention", I, False),
        ("Natalie Portman", "other_reading", DC, False),
        ("Natalie Portman plays Queen Amidala; her decoy Sabé is played by Keira Knightley.", "hedge", H, False),
        ("Knightley", "alias", I, True),
        ("Sofia Coppola", "wrong_entity", W, False),
    ]),
    # C: how long is the new 50 shades of grey book called Fifty Shades Freed in pages? A: 592
    ("-4789949656464226836", [
        ("Do you mean the book rather than the movie?", "media", Y, False),
        ("Are you asking about the running time of the Fifty Shades Freed film?", "media", N, False),
        ("Do you mean Fifty Shades Freed, the third book?", "world_knowledge", D, True),
        ("Are you asking about Fifty Shades Darker?", "version", N, False),
        ("Would a page count for the paperback edition work for you?", "process", D, False),
    ], [
        ("592 pages", "bare", I, False),
        ("Fifty Shades Freed runs to 592 pages.", "explanation", I, False),
        ("544 pages", "other_reading", DC, False),
        ("110 minutes", "other_reading", DC, False),
        ("About 600 pages", "coarse", W, False),
        ("The book is 592 pages; the film runs 1 hr 50 min.", "hedge", H, True),
        ("1 hour 50 minutes", "unit", DC, True),
    ]),
    # C: when were the Summer Youth Olympics held in China? A: 2014
    ("1815385163056036830", [
        ("Are you asking about the Youth Olympic Games?", "version", Y, False),
        ("Do you mean the Beijing Summer Olympics?", "version", N, False),
        ("Is this about the Winter Games?", "version", N, False),
        ("Do you mean the Games held in Nanjing?", "world_knowledge", D, True),
        ("Are you asking about the Summer Youth Olympics rather than the Winter Youth Olympics?", "choice", Y, False),
    ], [
        ("2014", "bare", I, False),
        ("The 2014 Summer Youth Olympics were held in Nanjing, China (16–28 August 2014).", "explanation", I, False),
        ("2008", "other_reading", DC, False),
        ("2008 (Beijing Summer Olympics) and 2014 (Nanjing Youth Olympics)", "hedge", H, False),
        ("2022", "other_reading", DC, False),
        ("Beijing hosted the Summer Games in 2008.", "other_reading", DC, False),
    ]),
    # C: who won the women's money in the bank 2017? A: Carmella / Leah Van Dale
    ("5139240208727811835", [
        ("Do you mean the women's ladder match?", "gender", Y, False),
        ("Are you asking about the men's Money in the Bank winner?", "gender", N, False),
        ("Is this the 2017 event?", "year", Y, False),
        ("Are you asking about the rematch on SmackDown after the first result was overturned?", "world_knowledge", D, True),
        ("Do you mean Carmella?", "guess", D, False),
    ], [
        ("Carmella", "bare", I, False),
        ("Leah Van Dale, known in the ring as Carmella", "alias", I, False),
        ("Baron Corbin", "other_reading", DC, False),
        ("Carmella won the women's briefcase and Baron Corbin the men's.", "hedge", H, False),
        ("Becky Lynch", "wrong_entity", W, False),
        ("Corbin", "other_reading", DC, True),
    ]),
    # C: who won the most Wimbledon men's single titles in the regular round of the Amateur Era? A: Fred Perry
    ("2103741276988314190", [
        ("Do you mean the Open Era?", "year", N, False),
        ("Are you asking about the amateur era?", "year", Y, False),
        ("Including the challenge round?", "version", N, False),
        ("Are you asking about men's singles?", "gender", Y, False),
        ("Do you mean of all time?", "superlative", N, False),
        ("You don't mean the Open Era, do you?", "negation", N, True),
    ], [
        ("Fred Perry", "bare", I, False),
        ("In the amateur era's regular rounds, Fred Perry holds the record with three titles (1934–36).", "explanation", I, False),
        ("Roger Federer", "other_reading", DC, False),
        ("William Renshaw", "other_reading", DC, False),
        ("Federer has the most overall (8); in the amateur era it's Fred Perry.", "hedge", H, False),
        ("Novak Djokovic", "wrong_entity", W, False),
    ]),
    # C: who plays carrie on the 2005 TV series little house on the prairie? A: Erin Cottrell
    ("4805212928450119213", [
        ("Do you mean the 2005 miniseries?", "year", Y, True),
        ("Are you asking about the original 1974 TV show with Michael Landon?", "version", N, False),
        ("Do you mean the musical?", "media", N, False),
        ("Is this about the TV version?", "media", Y, False),
        ("Are you asking about the twins who shared the role?", "world_knowledge", D, True),
    ], [
        ("Erin Cottrell", "bare", I, False),
        ("Lindsay and Sidney Greenbush", "other_reading", DC, False),
        ("In the original series Carrie was played by twins Lindsay and Sidney Greenbush; in the 2005 series, by Erin Cottrell.", "hedge", H, False),
        ("Melissa Gilbert", "wrong_entity", W, False),
        ("Carly Rose Sonenclar", "other_reading", DC, False),
    ]),
    # C: how many superbowls have the San Francisco 49ers won as of 1989? A: 4
    ("-5661814246170868732", [
        ("Are you asking as of 1989?", "year", Y, False),
        ("Do you mean their total today?", "recency", N, False),
        ("Do you mean including Super Bowl XXIV, played in January 1990?", "world_knowledge", D, True),
        ("Would you like me to list the Super Bowls they won up to 1989?", "process", D, False),
        ("Are you counting as of 1994?", "year", N, False),
    ], [
        ("4", "bare", I, False),
        ("Four", "number_format", I, False),
        ("As of 1989 the 49ers had won four Super Bowls (XVI, XIX, XXIII, XXIV).", "explanation", I, False),
        ("5", "other_reading", DC, False),
        ("Three", "other_reading", DC, False),
        ("They had 3 by the end of 1988 and 4 by 1989.", "hedge", H, False),
        ("The 49ers have won five Super Bowls.", "other_reading", DC, False),
    ]),
    # C: when did the Beatles first come to the US and appear on television? A: 9 February 1964
    ("4037111734078964176", [
        ("Are you asking about their first visit?", "ordinal", Y, False),
        ("Do you mean their Ed Sullivan Show appearance?", "world_knowledge", D, True),
        ("Is this about their final US tour in 1966?", "ordinal", N, False),
        ("Do you mean when they landed at JFK airport?", "world_knowledge", D, True),
        ("Are you asking about their second visit?", "ordinal", N, False),
    ], [
        ("February 9, 1964", "bare", I, False),
        ("9 Feb 1964", "date_format", I, False),
        ("They arrived on 7 February 1964 and appeared on The Ed Sullivan Show on 9 February 1964.", "explanation", I, False),
        ("August 18, 1964", "other_reading", DC, False),
        ("February 7, 1964", "wrong_entity", W, False),
        ("1964", "coarse", W, True),
    ]),
    # C: who was the 15th chairperson of the Federal Reserve? A: Janet Yellen
    ("4504214239697119124", [
        ("Do you mean the 15th chair?", "ordinal", Y, False),
        ("Are you asking who the current chair is?", "recency", D, True),
        ("Are you asking about the 14th chair?", "ordinal", N, False),
        ("Do you mean the first woman to chair the Fed?", "world_knowledge", D, True),
        ("Do you mean Jerome Powell?", "guess", D, False),
        ("Are you asking about the chair of the Federal Reserve Board, not a regional Fed president?", "role", Y, False),
    ], [
        ("Janet Yellen", "bare", I, False),
        ("Janet L. Yellen (2014–2018)", "alias", I, False),
        ("Yellen", "alias", I, True),
        ("Ben Bernanke", "other_reading", DC, False),
        ("Jerome Powell", "wrong_entity", W, False),
        ("Alan Greenspan was the 13th chair, and Janet Yellen the 15th.", "hedge", H, False),
    ]),
    # C: who was the American President during the Bay of Pigs invasion? A: JFK / John F. Kennedy
    ("-7822071823973348839", [
        ("Are you asking about the U.S. president?", "place", Y, False),
        ("Do you mean Cuba's leader at the time?", "place", N, False),
        ("Is it Eisenhower you're thinking of, since the plan began under him?", "guess", D, False),
        ("Do you mean the president of the United States in April 1961?", "world_knowledge", D, True),
    ], [
        ("John F. Kennedy", "bare", I, False),
        ("JFK", "alias", I, False),
        ("President Kennedy", "alias", I, True),
        ("Fidel Castro", "other_reading", DC, False),
        ("Kennedy was the US president; Fidel Castro led Cuba.", "hedge", H, True),
        ("Dwight D. Eisenhower", "wrong_entity", W, False),
        ("John Fitzgerald Kennedy, the 35th President of the United States", "alias", I, False),
    ]),
    # C: when was the last time the jaguars won a playoff game as of 2000? A: January 15, 2000
    ("6632582590560309922", [
        ("Are you asking as of 2000?", "year", Y, False),
        ("Do you mean their most recent playoff win as of today?", "recency", N, False),
        ("Do you mean the 1999 season's playoffs?", "world_knowledge", D, True),
        ("Do you mean the Jacksonville Jaguars?", "world_knowledge", D, True),
        ("Are you asking as of 2017?", "year", N, False),
    ], [
        ("January 15, 2000", "bare", I, False),
        ("Jan. 15, 2000, a 62–7 rout of the Miami Dolphins.", "date_format", I, False),
        ("January 5, 2008", "other_reading", DC, False),
        ("January 3, 1999", "other_reading", DC, False),
        ("2000", "coarse", W, True),
        ("15/01/2000", "date_format", I, False),
        ("The last one was January 5, 2008; before that, January 15, 2000.", "hedge", H, False),
    ]),
    # C: who plays the adult Queen Cersei on Game of Thrones? A: Lena Headey
    ("-7024996034072466121", [
        ("Do you mean the adult Cersei?", "role", Y, False),
        ("Are you asking about young Cersei in the flashback scenes?", "role", N, False),
        ("Are you asking about the TV show rather than the books?", "media", Y, True),
        ("Is it Lena Headey?", "guess", D, False),
        ("Hi! Just so I get this right, could you confirm you mean the grown-up Cersei? Thanks!", "wrapper", Y, False),
    ], [
        ("Lena Headey", "bare", I, False),
        ("Cersei Lannister is played by Lena Headey.", "context_mention", I, False),
        ("Nell Williams", "other_reading", DC, False),
        ("Lena Headey (adult) and Nell Williams (young Cersei in a season 5 flashback)", "hedge", H, False),
        ("Headey", "alias", I, True),
        ("Emilia Clarke", "wrong_entity", W, False),
    ]),
    # C: who is the last British female to win Wimbledon as part of mixed doubles? A: Heather Watson
    ("7912522447294730596", [
        ("Are you asking about mixed doubles?", "version", Y, False),
        ("Do you mean women's singles?", "version", N, False),
        ("Are you including junior and wheelchair events?", "bundle", D, False),
        ("Do you mean the most recent winner?", "recency", Y, False),
        ("Is this about the 2016 title?", "guess", D, False),
    ], [
        ("Heather Watson", "bare", I, False),
        ("Heather Watson, who won the mixed doubles with Henri Kontinen in 2016", "context_mention", I, False),
        ("Virginia Wade", "other_reading", DC, False),
        ("Virginia Wade (1977 singles); in mixed doubles, Heather Watson (2016)", "hedge", H, False),
        ("Jamie Murray", "wrong_entity", W, False),
        ("Jo Durie", "wrong_entity", W, False),
    ]),
    # C: game of thrones the hound's real name of character? A: Sandor Clegane (actor: Rory McCann)
    ("1131926871232804447", [
        ("Do you mean the character's name rather than the actor's?", "role", Y, False),
        ("Are you asking who plays the Hound?", "role", N, False),
        ("Is it Sandor Clegane?", "guess", D, False),
        ("Do you mean the Hound's brother, the Mountain?", "role", N, False),
    ], [
        ("Sandor Clegane", "bare", I, False),
        ("The Hound's real name is Sandor Clegane.", "explanation", I, False),
        ("Rory McCann", "other_reading", DC, False),
        ("Sandor Clegane, played by Rory McCann", "background", H, True),
        ("Gregor Clegane", "wrong_entity", W, False),
    ]),
    # C: what kind of car is the jeep cherokee from 1984-2012? A: compact SUV
    ("-4534954347148989022", [
        ("Are you asking about the 1984–2012 models?", "year", Y, False),
        ("Do you mean the current model sold since 2013?", "year", N, False),
        ("Do you mean the XJ generation?", "world_knowledge", D, True),
        ("Are you asking about the original 1974 Cherokee?", "version", N, False),
    ], [
        ("A compact SUV", "bare", I, False),
        ("The 1984–2012 Cherokee is a compact SUV.", "explanation", I, False),
        ("Full-size SUV", "other_reading", DC, False),
        ("A compact crossover SUV", "other_reading", DC, False),
        ("An SUV", "other_reading", DC, True),
        ("It was a full-size SUV until 1983, then a compact SUV.", "hedge", H, False),
        ("A pickup truck", "wrong_entity", W, False),
    ]),
    # C: who did the song i want to know what love is, released in 1985? A: New Jersey Mass Choir
    ("-8956584047754807260", [
        ("Do you mean the 1985 release?", "year", Y, False),
        ("Are you asking about the original by Foreigner?", "world_knowledge", D, True),
        ("Are you asking about Mariah Carey's 2009 cover?", "version", N, False),
        ("Is this the gospel choir version?", "world_knowledge", D, True),
        ("Do you want the songwriter rather than the performer?", "role", D, True),
    ], [
        ("The New Jersey Mass Choir", "bare", I, False),
        ("Foreigner", "other_reading", DC, False),
        ("Foreigner recorded it in 1984 (with the New Jersey Mass Choir on backing vocals); the choir released its own version in 1985.", "hedge", H, False),
        ("Mariah Carey", "other_reading", DC, False),
        ("Mick Jones", "wrong_entity", W, False),
        ("New Jersey Mass Choir (1985)", "alias", I, False),
    ]),
    # C: when will star wars episode VIII - The Last Jedi be released broadly in the US? A: December 15, 2017
    ("-5376906545605230190", [
        ("Are you asking about The Last Jedi?", "confirmation", Y, False),
        ("Do you mean the wide US theatrical release rather than the premiere?", "choice", Y, False),
        ("Are you asking about episode 8 of The Mandalorian?", "media", N, False),
        ("Do you mean the premiere at the Shrine Auditorium?", "place", N, False),
        ("Is this about the UK release date?", "place", N, False),
    ], [
        ("December 15, 2017", "bare", I, False),
        ("Dec 15 2017", "date_format", I, False),
        ("It opened across the US on 15 December 2017, after a December 9 premiere at the Shrine Auditorium.", "background", H, True),
        ("December 9, 2017", "other_reading", DC, False),
        ("December 27, 2019", "other_reading", DC, False),
        ("December 2017", "coarse", W, True),
        ("The Last Jedi was released on December 15, 2017.", "explanation", I, False),
    ]),
    # C: legal age of marriage without parental consent in all but two US states? A: 18
    ("-6631915997977101143", [
        ("Are you asking about marriage without parental consent?", "confirmation", Y, False),
        ("Do you mean in a particular state like Nebraska?", "place", N, False),
        ("Are you asking about the minimum age with parental consent or a judge's approval?", "version", N, False),
        ("Do you mean the general rule for most states?", "place", Y, False),
        ("Are you asking about Mississippi?", "place", N, False),
    ], [
        ("18", "bare", I, False),
        ("In most US states it's 18 without parental consent.", "explanation", I, False),
        ("Eighteen years old", "number_format", I, False),
        ("21", "other_reading", DC, False),
        ("18 in most states, but 19 in Nebraska and 21 in Mississippi.", "hedge", H, False),
        ("16", "wrong_entity", W, False),
    ]),
    # C: what is the theoretical speed of light (c) in km/s? A: approximately 300000 km/s / 299792.458
    ("-5377784909984605625", [
        ("Do you want it in kilometres per second?", "unit", Y, False),
        ("Are you asking for km per hour?", "unit", N, False),
        ("Is this the speed of light in a vacuum?", "world_knowledge", Y, True),
        ("Do you mean in air?", "place", N, False),
        ("Should I give the exact defined value or a rounded one?", "process", D, False),
    ], [
        ("299,792.458 km/s", "bare", I, False),
        ("About 300,000 km/s", "number_format", I, False),
        ("≈3 × 10^5 km/s", "number_format", I, True),
        ("1,080,000,000 km/h", "other_reading", DC, False),
        ("299,792,458 m/s", "unit", I, True),
        ("In a vacuum it's 299,792.458 km/s; in air about 299,700 km/s.", "hedge", H, False),
        ("186,282 miles per second", "unit", I, True),
    ]),
    # C: who played beast in beauty and the beast 1963 tv show? A: Eric Baume
    ("-6858215091184061993", [
        ("Are you asking about the 1963 series?", "year", Y, False),
        ("Do you mean the 1987 CBS series with Linda Hamilton?", "version", N, False),
        ("Are you asking about the Disney film?", "media", N, False),
        ("Do you mean the 2012 CW show?", "version", N, False),
        ("Is this the Australian version?", "world_knowledge", D, True),
    ], [
        ("Eric Baume", "bare", I, False),
        ("Ron Perlman", "other_reading", DC, False),
        ("Ron Perlman played Vincent in the 1987 series; in the 2012 version it was Jay Ryan.", "hedge", H, False),
        ("Dan Stevens", "wrong_entity", W, False),
        ("The 1963 Australian TV show featured Eric Baume.", "explanation", I, False),
        ("I couldn't find reliable cast information for a 1963 TV show.", "non_committal", NC, False),
    ]),
    # C: how many NASCAR Gander RV & Outdoors Truck Series wins does Denny Hamlin have? A: 2
    ("3858850481050703198", [
        ("Are you asking about the Truck Series?", "confirmation", Y, False),
        ("Do you mean Cup Series wins?", "version", N, False),
        ("Are you counting his wins across all three national series?", "bundle", N, False),
        ("Do you mean the Camping World Truck Series?", "world_knowledge", D, True),
        ("Do you want the number as of the end of 2019?", "year", D, False),
    ], [
        ("2", "bare", I, False),
        ("Two Truck Series wins", "number_format", I, False),
        ("38", "other_reading", DC, False),
        ("17", "other_reading", DC, False),
        ("Hamlin has 2 Truck wins, 17 in Xfinity and 38 in the Cup Series.", "hedge", H, False),
        ("Over 30", "other_reading", DC, False),
        ("He has no Truck Series wins.", "wrong_entity", W, False),
    ]),
    # C: who was the second Speaker of Lok Sabha at the first Lok Sabha in India? A: M. A. Ayyangar
    ("7798261129627673636", [
        ("Do you mean the second Speaker?", "ordinal", Y, False),
        ("Are you asking about the first Speaker?", "ordinal", N, False),
        ("Are you asking about the first Lok Sabha (1952–57)?", "world_knowledge", D, True),
        ("Do you mean the Deputy Speaker?", "role", N, False),
        ("Do you mean who succeeded Mavalankar?", "world_knowledge", D, True),
    ], [
        ("M. A. Ayyangar", "bare", I, False),
        ("Madabhushi Ananthasayanam Ayyangar", "alias", I, True),
        ("Ganesh Vasudev Mavalankar", "other_reading", DC, False),
        ("G. V. Mavalankar", "other_reading", DC, True),
        ("The first Lok Sabha had two Speakers: G. V. Mavalankar (1952–56) and M. A. Ayyangar (1956–57).", "hedge", H, True),
        ("Sardar Hukam Singh", "wrong_entity", W, False),
    ]),
    # C: which 4th prime minister of india born in gujarat? A: Morarji Desai
    ("-5480302523895902683", [
        ("Are you asking about the fourth Prime Minister?", "ordinal", Y, False),
        ("Do you mean the current Prime Minister?", "recency", N, True),
        ("Do you mean Narendra Modi?", "guess", D, True),
        ("Are you asking about a PM who was born in Gujarat?", "place", Y, False),
    ], [
        ("Morarji Desai", "bare", I, False),
        ("Morarji Ranchhodji Desai, PM 1977–79", "alias", I, False),
        ("Narendra Modi", "other_reading", DC, False),
        ("Both Morarji Desai and Narendra Modi were born in Gujarat.", "hedge", H, False),
        ("Gulzarilal Nanda", "wrong_entity", W, False),
        ("Desai", "alias", I, True),
    ]),
    # C: who played 5-year-old Miss Honey in the 1996 film Matilda? A: Phoebe Pearl
    ("9102539053596964862", [
        ("Do you mean young Miss Honey in the flashback?", "world_knowledge", D, True),
        ("Are you asking about the adult Miss Honey?", "role", N, False),
        ("Are you asking about the 1996 film?", "year", Y, False),
        ("Do you mean the musical?", "media", N, False),
        ("Is this the toddler version of the character?", "number", N, True),
    ], [
        ("Phoebe Pearl", "bare", I, False),
        ("Embeth Davidtz", "other_reading", DC, False),
        ("Embeth Davidtz played the adult Miss Honey; Phoebe Pearl played her at age five.", "hedge", H, False),
        ("Amanda and Kristyn Summers", "other_reading", DC, False),
        ("Mara Wilson", "wrong_entity", W, False),
    ]),
    # C: on what date did the Cavs win the NBA championship? A: June 19, 2016 (season: 2015-2016)
    ("7072547719975273749", [
        ("Are you asking for the exact date?", "date", Y, False),
        ("Do you want the season?", "season", N, False),
        ("Do you mean the 2016 championship?", "guess", D, True),
        ("Are you asking about the Cleveland Cavaliers?", "world_knowledge", Y, True),
    ], [
        ("June 19, 2016", "bare", I, False),
        ("19 June 2016, Game 7 against Golden State", "date_format", I, False),
        ("The 2015–16 season", "other_reading", DC, False),
        ("2015-16", "other_reading", DC, False),
        ("They won the 2015–16 title, clinching it on June 19, 2016.", "hedge", H, False),
        ("2016", "coarse", W, True),
    ]),
    # C: when did the People's Assembly of latvia declare Latvia a Socialist Soviet Republic? A: July 21, 1940
    ("-5973855757498899098", [
        ("Are you asking when Latvia was formally incorporated into the USSR?", "date", N, False),
        ("Do you mean when the People's Assembly proclaimed the Latvian SSR?", "confirmation", Y, False),
        ("Are you asking about 1940?", "guess", D, True),
        ("Do you mean Latvia's independence from the USSR in 1991?", "date", N, False),
    ], [
        ("July 21, 1940", "bare", I, False),
        ("21 July 1940", "date_format", I, False),
        ("August 5, 1940", "other_reading", DC, False),
        ("The Latvian SSR was proclaimed on 21 July 1940 and admitted into the USSR on 5 August 1940.", "hedge", H, False),
        ("June 17, 1940", "wrong_entity", W, False),
        ("1940", "coarse", W, True),
    ]),
    # C: who sang lead vocal for take good care of my baby in 1961? A: Bobby Vee
    ("2549208549577336533", [
        ("Are you asking who sang lead?", "role", Y, False),
        ("Do you mean the backing vocalists?", "role", N, False),
        ("Is this the 1961 recording?", "year", Y, False),
        ("Are you asking about Carole King's own version?", "world_knowledge", D, True),
        ("Should I list both the lead singer and the backing group?", "process", D, False),
    ], [
        ("Bobby Vee", "bare", I, False),
        ("Vee", "alias", I, False),
        ("The Johnny Mann Singers", "other_reading", DC, False),
        ("Bobby Vee sang lead, backed by the Johnny Mann Singers.", "background", H, True),
        ("Carole King", "wrong_entity", W, False),
    ]),
]


def main() -> int:
    ids = [rid for rid, _, _ in SETS]
    assert len(ids) == len(set(ids)) == 40, len(ids)
    (HERE / "fixture_ids_third.json").write_text(json.dumps(ids, indent=1) + "\n", encoding="utf-8")
    questions, answers = [], []
    for n, (rid, qs, ans) in enumerate(SETS, 1):
        for k, (text, kind, label, unsure) in enumerate(qs, 1):
            assert label in (Y, N, D)
            questions.append({"id": f"ind3-{n:02d}-q{k:02d}", "instance_id": rid, "question": text, "kind": kind,
                              "label": label, "unsure": unsure, "split": "third"})
        for k, (text, kind, label, unsure) in enumerate(ans, 1):
            assert label in (I, DC, H, W, NC)
            answers.append({"id": f"ind3-{n:02d}-a{k:02d}", "instance_id": rid, "answer": text, "kind": kind,
                            "label": label, "unsure": unsure, "split": "third"})
    for name, rows in (("simulator_questions_third.jsonl", questions), ("grader_answers_third.jsonl", answers)):
        (HERE / name).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(ids)} ids, {len(questions)} questions, {len(answers)} answers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
