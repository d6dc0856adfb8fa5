"""Writes `fixture_ids_fresh.json`, `grader_answers_fresh.jsonl` and `simulator_questions_fresh.jsonl`: a second
independent annotator's labelled sets on 42 further real AmbigNQ train records (`split: fresh`).

The records were picked by hand from a seeded shuffle (`random.Random(20251130)`) of the instances of
`../shared/data/ambigqa/train_light.json`, leaving out the ids of `fixture_ids_independent.json` and the demo and
fixture questions, for varied reading types (years and year ranges, roles, places, media, versions, ordinals,
gender, units, dates, numbers, people). Only their ids are kept in the repository; the records are read at run
time from the shared file (never copied here). Targets are the `specific` rule's.

Written and labelled by hand by an annotator who had not read the grader's or the simulator's code (nor the
earlier labelled items beyond their format), before either was run on these sets; committed before the first run.

Grader labels (the definition in `make_grader_answers.py`): intended = states an answer (alias) of the target
reading and no answer of another reading; default_capture = states another reading's answer and not the
target's; hedge = states answers of two readings (even each labelled with its reading, even two non-target
readings); wrong = states no reading's answer (another entity, a coarser date or number, a partial list);
non_committal = states no answer and says so or asks back. Names given only as context (an opponent beaten, a
predecessor, the song's artist in a possessive, a role excluded with "not") are not stated answers. `unsure`:
unlisted short forms (surnames, "Red Sox", "the Caucasus"), granularity (a year for a full date, a finer date
than the alias), a second reading's answer given as background, the same value in two units, a character's name
beside the actor's.

Simulator labels: what a careful user who knows only C (the target's disambiguated question) answers:
yes = it names what C states and nothing it names contradicts C (words describing the same referent allowed);
no = something it names contradicts C or names what another reading is about; I don't know = a constraint C does
not settle, a guess of the answer, a choice between readings, an open question, a process question. Negated
questions are labelled by what a user would naturally answer and all marked `unsure` (as the first independent
annotator did). `unsure` also marks labels that need world knowledge (the 1997 film "Batman & Robin", the
Argonauts are Toronto's Grey Cup team) or vague questions.

Run from the repository root: python bench/data/ambigqa/make_fresh_sets.py [TRAIN_LIGHT_JSON]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # bench/, for ambigqa_common

from ambigqa_common import SHARED_TRAIN, instances_from_shared  # noqa: E402

I, D, H, W, N = "intended", "default_capture", "hedge", "wrong", "non_committal"  # noqa: E741
Y, NO, K = "yes", "no", "I don't know"
U = True  # unsure

# (record id, grader answers [(answer, kind, label[, unsure])], questions [(question, kind, label[, unsure])])
Item = tuple
SETS: list[tuple[str, list[Item], list[Item]]] = [
    # Who sang that the way god planned it?  target: back vocals (Doris Troy / Madeline Bell); other: lead (Preston)
    ("-6904730245667046745", [
        ("Doris Troy and Madeline Bell sang the backing vocals on Billy Preston's \"That's the Way God Planned It.\"",
         "context_mention", I),
        ("Billy Preston", "other_reading", D),
        ("\"That's the Way God Planned It\" was sung by Billy Preston and released on Apple Records in 1969.",
         "explanation", D),
        ("Lead vocals: Billy Preston; backing vocals: Doris Troy and Madeline Bell.", "hedge", H),
        ("Madeline Bell", "alias", I),
    ], [
        ("Are you asking who sang the lead vocals?", "role", NO),
        ("Do you mean the backing singers on the track?", "role", Y),
        ("Is this about Billy Preston's 1969 single \"That's the Way God Planned It\"?", "year", K, U),
        ("Would you like me to list both the lead and the background singers?", "process", K),
    ]),
    # Who did jaleesa marry on a different world?  target: first (Lamar Collins); other: second (Col. Bradford Taylor)
    ("3155920995455341424", [
        ("Jaleesa's first husband on A Different World was Lamar Collins.", "explanation", I),
        ("She married Colonel Bradford Taylor in season 5.", "other_reading", D),
        ("Lamar Collins (her first husband); later she married Col. Bradford Taylor.", "hedge", H),
        ("Walter Oakes", "wrong_entity", W),
        ("Could you tell me which marriage you mean? Jaleesa was married twice on the show.", "non_committal", N),
    ], [
        ("Do you mean her first marriage?", "ordinal", Y),
        ("Are you asking about her second husband, the colonel?", "ordinal", NO),
        ("Is this the character Jaleesa Vinson-Taylor from A Different World?", "entity", Y, U),
        ("Did you mean Lamar Collins?", "answer_guess", K),
    ]),
    # When did we become the USA?  target: name first used by evidence (January 2, 1776); others: July 4, 1776;
    # March 1, 1781
    ("-3398325434558835206", [
        ("The name \"United States of America\" first appears in a letter dated January 2, 1776.", "explanation", I),
        ("July 4, 1776, when the Declaration of Independence was adopted.", "other_reading", D),
        ("1776", "partial", W),
        ("2 Jan 1776", "date_format", I),
        ("The Articles of Confederation took effect on 1 March 1781, establishing the central government of the "
         "United States.", "other_reading", D),
        ("It depends: the name was first used on January 2, 1776, independence was declared on July 4, 1776, and "
         "the Articles were ratified on March 1, 1781.", "hedge", H),
    ], [
        ("Do you mean when the Declaration of Independence was signed?", "event", NO),
        ("Are you asking when the name \"United States of America\" was first used?", "event", Y),
        ("Are you asking about the ratification of the Articles of Confederation in 1781?", "event", NO),
        ("Are you interested in the legal founding or the symbolic one?", "choice", K),
        ("Do you mean the Declaration of Independence or the Articles of Confederation?", "choice", K),
    ]),
    # Who played billy abbott on Y&R?  target: 2014-2016 (Burgess Jenkins)
    ("-2260892622789184906", [
        ("Burgess Jenkins played Billy Abbott from 2014 to 2016.", "explanation", I),
        ("Billy Miller", "other_reading", D),
        ("Jason Thompson currently plays Billy Abbott (since 2016).", "other_reading", D),
        ("Billy Abbott has been played by several actors, most notably Billy Miller (2008–2014) and Jason Thompson "
         "(2016–present).", "hedge", H),
        ("**Burgess Jenkins**", "markdown", I),
    ], [
        ("Do you mean the actor who played him between 2014 and 2016?", "year", Y),
        ("Are you asking about the current actor, Jason Thompson?", "recency", NO),
        ("Is this about The Young and the Restless?", "confirmation", Y),
        ("Do you mean the original actor who played Billy as an adult in 1999?", "year", NO),
        ("Are you asking about the Daytime Emmy–winning portrayal?", "entity", K),
        ("Do you mean the actor from 2014–2016, Burgess Jenkins?", "bundle", Y, U),
    ]),
    # Who played rizzo in grease?  target: 1971 musical (Susan Williams); other: 1978 film (Stockard Channing)
    ("4964314130877584031", [
        ("Stockard Channing", "other_reading", D),
        ("In the original 1971 Chicago production of Grease, Rizzo was played by Susan Williams.", "explanation", I),
        ("Stockard Channing played Rizzo in the 1978 film; on stage in 1971 it was Susan Williams.", "hedge", H),
        ("Adrienne Barbeau originated the role on Broadway in 1972.", "wrong_entity", W),
    ], [
        ("Are you referring to the 1978 movie with John Travolta?", "media", NO),
        ("Do you mean the stage musical?", "media", Y),
        ("Are you asking about the Broadway production?", "place", K, U),
        ("Are you asking about Grease Live (2016)?", "year", NO),
    ]),
    # The mountain range that separates europe from asia is?  target: in Caucasia (Caucasus Mountains); other: Urals
    ("-3479787390093716259", [
        ("The Ural Mountains", "other_reading", D),
        ("The Caucasus Mountains form part of the boundary between Europe and Asia.", "explanation", I),
        ("The Urals (and the Caucasus in the south)", "hedge", H),
        ("the Greater Caucasus range", "alias", I, U),
        ("The Caucasus", "alias", I, U),
    ], [
        ("Do you mean the Ural Mountains in Russia?", "place", NO),
        ("Are you asking about the boundary in the Caucasus region?", "place", Y),
        ("Are you asking about the southern part of the Europe–Asia border?", "place", K, U),
        ("Which part of the border do you mean: north (Urals) or south (Caucasus)?", "choice", K),
        ("Are you asking about the boundary in Russia?", "place", NO),
    ]),
    # Who is the actor that plays professor lupin?  target: adult (David Thewlis); other: teenager (James Utechin)
    ("-8089156527189769155", [
        ("David Thewlis", "alias", I),
        ("Professor Lupin is played by David Thewlis in the Harry Potter films (James Utechin played him as a "
         "teenager in a flashback).", "context_mention", H, U),
        ("James Utechin", "other_reading", D),
        ("Lupin was played by Thewlis.", "alias", I, U),
        ("Gary Oldman", "wrong_entity", W),
    ], [
        ("Do you mean the adult Lupin in the films?", "version", Y),
        ("Are you asking about young Remus in the flashback scene?", "version", NO),
        ("Are you asking about the Harry Potter movies rather than the stage play?", "media", Y),
        ("Do you mean David Thewlis?", "answer_guess", K),
        ("**Quick check:** are you asking about the films (adult Lupin)?", "wrapper", Y),
    ]),
    # When did helmets become mandatory in the tour de france?  target: yellow helmets for the leading team (2012);
    # others: 2003; after Kivilev's death
    ("-7686219731344089140", [
        ("2003", "other_reading", D),
        ("Helmets became mandatory in 2003, after the death of Andrei Kivilev.", "hedge", H, U),
        ("Since 2012 the leading team has had to wear yellow helmets.", "explanation", I),
        ("In the 2012 Tour.", "wrapper", I),
        ("The rule came after Andrei Kivilev's death at Paris–Nice.", "other_reading", D),
    ], [
        ("Do you mean the general helmet requirement for all riders?", "entity", NO),
        ("Are you asking about the yellow helmets worn by the team leading the classification?", "entity", Y),
        ("Are you asking about the rule introduced in 2003?", "year", K),
        ("Is this about the Tour de France cycling race?", "confirmation", Y),
    ]),
    # First country to declare independence from the soviet union?  target: regardless of when achieved (Estonia);
    # others: Lithuania
    ("3589141398234609998", [
        ("Lithuania, on March 11, 1990.", "other_reading", D),
        ("Estonia declared sovereignty first, on 16 November 1988.", "explanation", I),
        ("Lithuania was the first to declare independence (11 March 1990), though Estonia had declared sovereignty "
         "earlier, in 1988.", "context_mention", D, U),
        ("The Republic of Estonia", "alias", I),
        ("Latvia", "wrong_entity", W),
    ], [
        ("Do you mean the first to formally declare full independence without a transition period?", "event", NO),
        ("Are you counting declarations regardless of when independence was actually achieved?", "event", Y),
        ("Do you mean the first Soviet republic to declare independence, i.e. Lithuania in 1990?", "answer_guess", K),
        ("Are you asking about the Baltic states?", "place", K),
        ("Are you asking about the Soviet Union?", "confirmation", Y),
    ]),
    # Who is the first person to go to the moon?  target: first people to land (Armstrong and Aldrin); other: first
    # person to walk (Neil Armstrong)
    ("-1335082616075855685", [
        ("Neil Armstrong and Buzz Aldrin landed on the Moon on July 20, 1969.", "explanation", I),
        ("Neil Armstrong", "other_reading", D),
        ("Neil Armstrong was the first person to walk on the Moon, on July 20, 1969.", "other_reading", D),
        ("Armstrong and Aldrin (Apollo 11)", "alias", I),
        ("Yuri Gagarin", "wrong_entity", W),
    ], [
        ("Do you mean the first person to walk on the moon?", "event", NO),
        ("Are you asking about the Apollo 11 crew that landed?", "entity", K, U),
        ("Do you mean the first people to land, rather than just the first to step out?", "event", Y),
        ("Are you asking about the first human in space?", "event", NO),
        ("Should I include both astronauts who landed?", "process", K),
    ]),
    # Who played nathan on Y&R?  target: 1992-94 (Randy Brooks)
    ("1126092738424883382", [
        ("Randy Brooks played Nathan Hastings from 1992 to 1994.", "explanation", I),
        ("Nathan Purdee", "other_reading", D),
        ("Nathan Hastings was played by Nathan Purdee (1984–1992), Randy Brooks (1992–1994) and Adam Lazarre-White "
         "(1994–1996).", "hedge", H),
        ("Brooks", "alias", I),
    ], [
        ("Do you mean Nathan Hastings in the early 1990s?", "year", Y),
        ("Are you asking about the original actor from 1984?", "year", NO),
        ("Are you asking about the last actor who played Nathan?", "recency", K),
        ("Is it the 1992–94 run?", "year", Y),
    ]),
    # Who played clarice starling in silence of the lambs?  target: young (Masha Skorobogatov); other: adult (Foster)
    ("6890568260701803101", [
        ("Jodie Foster", "other_reading", D),
        ("Young Clarice (in the flashbacks) was played by Masha Skorobogatov.", "explanation", I),
        ("Jodie Foster played Clarice Starling, winning the Academy Award for Best Actress.", "other_reading", D),
        ("Julianne Moore", "wrong_entity", W),
        ("Not Jodie Foster—the young Clarice was Masha Skorobogatov.", "exclusion", I),
    ], [
        ("Do you mean the adult Clarice played in the main story?", "version", NO),
        ("Are you asking about the actress who played Clarice as a child?", "version", Y),
        ("Are you asking about the 1991 film, not the 2021 TV series Clarice?", "media", Y, U),
        ("Should I give both actresses?", "process", K),
    ]),
    # Who sings anything you can do i can do better?  target: characters in a 2017 Star Wars episode (Chopper, AP-5)
    ("6499362420651487884", [
        ("Ethel Merman and Ray Middleton", "other_reading", D),
        ("In the Star Wars Rebels episode, AP-5 and Chopper sing it.", "explanation", I),
        ("Annie Oakley and Frank Butler sing it in Annie Get Your Gun.", "other_reading", D),
        ("It was written by Irving Berlin for Annie Get Your Gun (1946), where it's sung by Ethel Merman as Annie "
         "Oakley and Ray Middleton as Frank Butler.", "hedge", H, U),
        ("Chopper", "alias", I),
        ("Barbra Streisand and Melissa McCarthy covered it in 2016.", "other_reading", D),
    ], [
        ("Are you asking about the original 1946 Broadway musical Annie Get Your Gun?", "media", NO),
        ("Do you mean the Star Wars version?", "media", Y),
        ("Are you asking for the voice actors who performed it?", "role", NO),
        ("Do you mean the characters rather than the performers?", "role", Y),
        ("Are you asking about the 2016 album by Barbra Streisand?", "year", NO),
    ]),
    # Who plays the ugly sister in shrek 2?  target: Doris, UK version (Jonathan Ross)
    ("-8543188814492048862", [
        ("Larry King", "other_reading", D),
        ("In the UK release, Doris was voiced by Jonathan Ross.", "explanation", I),
        ("Doris is voiced by Larry King (US) and Jonathan Ross (UK); Mabel by Regis Philbin.", "hedge", H),
        ("Regis Philbin", "other_reading", D),
    ], [
        ("Do you mean the American version?", "version", NO),
        ("Are you asking about Doris in the British dub?", "version", Y),
        ("Are you asking about Mabel?", "entity", NO),
        ("Do you mean the voice actor for Doris?", "role", Y),
    ]),
    # Who played kunta kinte's father in roots?  target: 1977 (Thalmus Rasulala); other: 2016 (Babs Olusanmokun)
    ("3586116062503618986", [
        ("Thalmus Rasulala played Omoro Kinte in the 1977 miniseries.", "explanation", I),
        ("Babs Olusanmokun", "other_reading", D),
        ("Omoro Kinte", "wrong_entity", W),
        ("Thalmus Rasulala (1977); in the 2016 remake it was Babs Olusanmokun.", "hedge", H),
    ], [
        ("Do you mean the original 1977 miniseries?", "year", Y),
        ("Are you asking about the 2016 remake on History?", "version", NO),
        ("Is the father you mean Omoro Kinte?", "answer_guess", K, U),
        ("Are you asking about the TV miniseries rather than the novel?", "media", Y),
        ("Just to be sure: you mean the original Roots from 1977, right?", "wrapper", Y),
    ]),
    # Where was the ghost in the shell filmed?  target: in New Zealand (Wellington); other: in Hong Kong (streets)
    ("7461120529597114970", [
        ("Mostly in Wellington, New Zealand.", "alias", I),
        ("It was filmed in Wellington and in Hong Kong.", "explanation", I, U),
        ("Yau Ma Tei and Jordan in Hong Kong", "other_reading", D),
        ("Auckland", "wrong_entity", W),
        ("At Stone Street Studios in Wellington.", "explanation", I),
    ], [
        ("Do you mean the filming locations in New Zealand?", "place", Y),
        ("Are you asking about the Hong Kong street locations?", "place", NO),
        ("Are you asking about the 2017 live-action film with Scarlett Johansson?", "version", K, U),
        ("Are you asking where the 1995 anime was produced?", "version", K, U),
    ]),
    # When did colour tv start in the uk?  target: first showcased (1961)
    ("-8763258719371316497", [
        ("1 July 1967 on BBC2", "other_reading", D),
        ("Colour TV was first demonstrated in the UK in 1961.", "explanation", I),
        ("BBC2 began colour broadcasts in 1967.", "partial", W),
        ("Colour broadcasts became nationwide in 1976.", "other_reading", D),
        ("Regular colour TV started on BBC2 on 1 July 1967 (following test demonstrations in 1961).", "hedge", H, U),
    ], [
        ("Do you mean when BBC2 began colour broadcasts?", "event", NO),
        ("Are you asking about the first public demonstration?", "event", Y),
        ("Do you mean when colour became available across the whole country?", "event", NO),
        ("Do you want the year or the exact date?", "process", K),
    ]),
    # How long does a member of congress have to serve to get a pension?  target: age 62+ (5 years)
    ("399615701299614714", [
        ("Five years of service, if they are 62 or older.", "number_format", I),
        ("20 years at age 50", "other_reading", D),
        ("Members are vested after 5 years; with 20 years they can retire at 50, and with 25 years at any age.",
         "hedge", H),
        ("5 yrs", "number_format", I),
        ("A member must serve at least six years.", "wrong_entity", W),
    ], [
        ("Are you asking about a member who is at least 62?", "entity", Y),
        ("Do you mean eligibility at any age?", "entity", NO),
        ("Are you asking about members of the House only?", "entity", K),
        ("Are you asking about members of Congress?", "confirmation", Y),
        ("You're not asking about someone under 62, are you?", "negated", NO, U),
    ]),
    # NFL record for most sacks by a team in a game?  target: team in 1966 and 1985 (Dallas Cowboys)
    ("-4153878831646153158", [
        ("12 sacks", "other_reading", D),
        ("The Dallas Cowboys did it in 1966 and again in 1985.", "explanation", I),
        ("The record of 12 sacks is shared by the Cowboys (1966, 1985), Cardinals (1980), Bears (1984) and Giants "
         "(2007).", "hedge", H),
        ("The Giants", "other_reading", D),
        ("Cowboys", "alias", I),
    ], [
        ("Do you mean the 2007 Giants game?", "year", NO),
        ("Are you asking which team set it in 1966 and matched it in 1985?", "year", Y),
        ("Do you want the number of sacks?", "entity", NO),
        ("Is this about the NFL?", "confirmation", Y),
    ]),
    # Who plays in big 10 basketball championship game?  target: women's 2019 (Iowa, Maryland)
    ("-1165548486378713324", [
        ("Michigan and Michigan State", "other_reading", D),
        ("Iowa beat Maryland in the 2019 women's final.", "explanation", I),
        ("Iowa", "partial", W),
        ("Men's: Michigan State vs Michigan; women's: Iowa vs Maryland.", "hedge", H),
    ], [
        ("Are you asking about the women's tournament?", "gender", Y),
        ("Do you mean the men's Big Ten final?", "gender", NO),
        ("Are you asking about 2019?", "year", Y),
        ("Do you mean the most recent championship game?", "recency", K),
        ("Are you asking about the men's and women's games?", "bundle", NO),
    ]),
    # Where is the world cup going to be held at?  target: 2018 (Russia, Moscow)
    ("2588554712273898837", [
        ("Russia", "alias", I),
        ("The 2018 World Cup is being held in Russia, with the final in Moscow.", "explanation", I),
        ("Qatar will host the 2022 World Cup.", "wrong_entity", W),
        ("Brazil", "other_reading", D),
        ("The 2026 World Cup will be in the United States, Canada and Mexico.", "wrong_entity", W),
        ("It depends on which World Cup you mean — which year are you asking about?", "non_committal", N),
    ], [
        ("Do you mean the 2018 tournament?", "year", Y),
        ("Are you asking about the next World Cup after 2018?", "year", NO),
        ("Do you mean the FIFA men's World Cup?", "gender", Y, U),
        ("Are you asking about the Women's World Cup?", "gender", NO),
    ]),
    # What was the dean's name in animal house?  target: the actor (John Vernon); other: the character (Dean Wormer)
    ("-8147209475743816379", [
        ("Dean Vernon Wormer", "other_reading", D),
        ("Dean Wormer was played by John Vernon.", "hedge", H, U),
        ("John Vernon", "alias", I),
        ("Tim Matheson", "wrong_entity", W),
    ], [
        ("Do you mean the character's name?", "role", NO),
        ("Are you asking who the actor was?", "role", Y),
        ("Is this the 1978 comedy National Lampoon's Animal House?", "year", Y, U),
        ("Are you asking about the actor who played Dean Wormer?", "role", Y, U),
    ]),
    # What year is it according to persian calendar?  target: when it was 2017 (1395)
    ("7513211077789090022", [
        ("1395", "alias", I),
        ("In 2017 it was the year 1395 in the Solar Hijri calendar (until Nowruz, then 1396).", "explanation", I, U),
        ("1394", "other_reading", D),
        ("It is currently 1403 SH.", "wrong_entity", W),
        ("The Persian year 1,395", "number_format", I),
        ("I think it's probably 1395, though it might be 1394 depending on the month.", "hedge", H),
    ], [
        ("Do you mean the Persian year that corresponded to 2017?", "year", Y),
        ("Are you asking about the current year, 2024?", "year", NO),
        ("Do you mean the Solar Hijri calendar used in Iran?", "entity", Y, U),
        ("Are you asking about 2015?", "year", NO),
    ]),
    # When was the last time toronto won grey cup?  target: as of 2016 (November 25, 2012; also the 2015 reading's)
    ("-4483306756470613271", [
        ("November 26, 2017", "other_reading", D),
        ("The Argonauts last won in 2012 (100th Grey Cup, November 25, 2012).", "explanation", I),
        ("2012", "partial", W, U),
        ("The 105th Grey Cup in 2017.", "partial", W, U),
        ("25 November 2012", "date_format", I),
    ], [
        ("As of 2016?", "year", Y),
        ("Are you including the 2017 win?", "year", NO, U),
        ("Do you mean the Toronto Argonauts?", "entity", Y, U),
        ("Are you asking as of 2015?", "year", NO),
    ]),
    # Who played the doctor in madea's big happy family?  target: 2010 musical play (Omarr Dixon)
    ("-8903330209308602781", [
        ("Philip Anthony-Rodriguez", "other_reading", D),
        ("In the 2010 stage play, the doctor was played by Omarr Dixon.", "explanation", I),
        ("Quan Hodges played the doctor on the live tour.", "other_reading", D),
        ("Tyler Perry", "wrong_entity", W),
    ], [
        ("Do you mean the 2011 film?", "media", NO),
        ("Are you asking about the stage play version?", "media", Y),
        ("Do you mean the touring production?", "version", NO, U),
        ("Would you like the actor or the character's name?", "choice", K),
        ("Are you asking about the Tyler Perry play from 2010?", "year", Y, U),
    ]),
    # What was robin's name in batman and robin?  target: the actor (Chris O'Donnell); other: real name (Dick Grayson)
    ("9200475633865142808", [
        ("Chris O'Donnell", "alias", I),
        ("Dick Grayson", "other_reading", D),
        ("Robin (Dick Grayson) was played by Chris O'Donnell.", "hedge", H, U),
        ("Chris ODonnell", "alias", I),
        ("Alicia Silverstone", "wrong_entity", W),
    ], [
        ("Are you asking for the actor who played Robin?", "role", Y),
        ("Do you mean Robin's secret identity?", "role", NO),
        ("Is this the 1997 film Batman & Robin?", "year", Y, U),
        ("Do you mean the 1960s TV series?", "media", NO, U),
    ]),
    # When do new episodes of the price is right start?  target: in 2015 (September, 2015)
    ("-723435831691328190", [
        ("September 2015", "date_format", I),
        ("Season 44 premiered on September 21, 2015.", "date_format", I, U),
        ("New episodes start every September.", "partial", W),
        ("September 2017", "other_reading", D),
        ("Fall 2015", "partial", W, U),
    ], [
        ("Do you mean the 2015 season premiere?", "year", Y),
        ("Are you asking about the upcoming season?", "recency", K),
        ("Are you asking about season 46 in 2017?", "year", NO),
    ]),
    # When did england switch from king to queen?  target: Elizabeth II (6 February 1952)
    ("-1870657887579279872", [
        ("6 February 1952", "date_format", I),
        ("Queen Victoria acceded on 20 June 1837.", "other_reading", D),
        ("1952", "partial", W, U),
        ("England switched from king to queen several times: Anne (1702), Victoria (1837) and Elizabeth II (1952).",
         "partial", W, U),
        ("Elizabeth II became queen on February 6, 1952, when George VI died.", "explanation", I),
    ], [
        ("Do you mean when Elizabeth II succeeded her father?", "entity", Y),
        ("Are you asking about Queen Victoria's accession?", "entity", NO),
        ("Do you mean the first queen regnant, Mary I?", "ordinal", NO),
        ("Are you asking about Great Britain rather than just England?", "place", Y),
        ("Aren't you asking about Queen Victoria?", "negated", NO, U),
    ]),
    # How many sports are there in the 2018 commonwealth games?  target: non-core (8)
    ("3719778835311701963", [
        ("18", "other_reading", D),
        ("There were 18 sports: 10 core and 8 optional.", "hedge", H),
        ("eight", "number_format", I),
        ("8 non-core sports", "explanation", I),
        ("There were 19 sports.", "wrong_entity", W),
    ], [
        ("Do you mean the total number of sports?", "entity", NO),
        ("Are you asking about the optional (non-core) sports?", "entity", Y),
        ("Is this the 2018 Gold Coast Commonwealth Games?", "place", Y, U),
        ("Do you want para-sports counted separately?", "process", K),
    ]),
    # What is the latest version of iphone software?  target: released in June 2014 (7.1.2)
    ("1390828164083666327", [
        ("iOS 7.1.2", "alias", I),
        ("The latest version is iOS 17.", "wrong_entity", W),
        ("iOS 10.3.3", "other_reading", D),
        ("7.1", "partial", W),
        ("iOS 7.1.2, released June 30, 2014.", "explanation", I),
    ], [
        ("Do you mean the version released in June 2014?", "year", Y),
        ("Are you asking about the 2017 release?", "year", NO),
        ("Are you asking about iOS?", "entity", Y),
        ("Do you mean the latest iOS available today?", "recency", K),
        ("Isn't this the June 2014 release?", "negated", Y, U),
    ]),
    # How many times has the us congress declared war?  target: counting each country separately (11)
    ("4380112669697797297", [
        ("11 times", "number_format", I),
        ("Congress has declared war 11 times, covering 5 different wars.", "hedge", H),
        ("five", "other_reading", D),
        ("Eleven formal declarations", "number_format", I),
    ], [
        ("Are you counting each country separately?", "entity", Y),
        ("Do you mean the number of distinct wars?", "entity", NO),
        ("Do you include authorizations for the use of military force?", "event", K),
    ]),
    # Who's playing in the world series 2018?  target: American League (Boston Red Sox)
    ("1936406843837831503", [
        ("The Boston Red Sox", "alias", I),
        ("The Red Sox played the Dodgers.", "hedge", H, U),
        ("Los Angeles Dodgers", "other_reading", D),
        ("Houston Astros and Los Angeles Dodgers", "other_reading", D, U),
        ("Red Sox", "alias", I, U),
    ], [
        ("Do you mean the American League team?", "entity", Y),
        ("Are you asking about the National League champion?", "entity", NO),
        ("Are you asking about the 2017 World Series?", "year", NO),
        ("Do you want both teams?", "process", K, U),
    ]),
    # What is the men's pole vault world record?  target: metric (6.18 m); other: customary units (20 ft 3 1/4 in)
    ("7306318843028600035", [
        ("6.18 m", "alias", I),
        ("6.18 metres (20 ft 3¼ in), set by Armand Duplantis in 2020.", "hedge", H, U),
        ("20 ft 3 1/4 in", "other_reading", D),
        ("6.16 m", "wrong_entity", W),
        ("618 cm", "number_format", I, U),
    ], [
        ("Do you want the answer in metres?", "version", Y),
        ("Do you want it in feet and inches?", "version", NO),
        ("Do you mean the outdoor record?", "event", K),
        ("Are you asking about the men's record?", "gender", Y),
    ]),
    # When did little shop of horrors come out?  target: musical in Australia (November 1984)
    ("-1429267766604319360", [
        ("The 1986 film came out on December 19, 1986.", "other_reading", D),
        ("November 1984", "date_format", I),
        ("The original 1960 Roger Corman film was released September 14, 1960.", "other_reading", D),
        ("The musical premiered off-off-Broadway in 1982.", "wrong_entity", W),
        ("It opened in Australia in November 1984.", "explanation", I),
    ], [
        ("Do you mean the musical?", "media", Y),
        ("Are you asking about the 1986 film with Rick Moranis?", "media", NO),
        ("Do you mean the Australian production?", "place", Y),
        ("Are you asking about the original off-Broadway run?", "place", NO),
        ("Are you asking about the film, and if so the 1960 original or the 1986 remake?", "bundle", NO),
    ]),
    # Who sang dedicated to the one i love?  target: 1981 (Bernadette Peters)
    ("9093754341726512470", [
        ("The Shirelles", "other_reading", D),
        ("The Mamas & the Papas had the hit in 1967.", "other_reading", D),
        ("Bernadette Peters recorded it in 1981.", "explanation", I),
        ("It was first recorded by the \"5\" Royales in 1957, then covered by the Shirelles (1959) and the Mamas and "
         "the Papas (1967).", "hedge", H),
        ("Bernadette Peters, not the Shirelles.", "exclusion", I),
    ], [
        ("Do you mean the 1981 version?", "year", Y),
        ("Are you asking about the original 1957 recording?", "year", NO),
        ("Are you asking about the Mamas and the Papas' hit?", "answer_guess", K, U),
        ("Do you mean a female singer?", "gender", K),
    ]),
    # When is episode 18 of the good doctor coming out?  target: season 3 (March 9, 2020)
    ("8374905485813932507", [
        ("March 9, 2020", "date_format", I),
        ("Season 1, episode 18 aired on March 26, 2018.", "other_reading", D),
        ("9/3/2020", "date_format", I, U),
        ("2020-03-09", "date_format", I),
        ("It hasn't been announced yet.", "non_committal", N),
    ], [
        ("Which season do you mean?", "open", K),
        ("Do you mean season 3?", "ordinal", Y),
        ("Are you asking about the first season?", "ordinal", NO),
        ("Is this the ABC medical drama The Good Doctor?", "entity", Y, U),
        ("Do you mean season 3, episode 18?", "bundle", Y),
    ]),
    # Which is the richest country in middle east?  target: GDP per capita (Qatar); others: Turkey
    ("2159708893429499101", [
        ("Qatar", "alias", I),
        ("By GDP per capita, Qatar; by total GDP, Turkey.", "hedge", H),
        ("Saudi Arabia", "wrong_entity", W),
        ("Turkey has the largest economy in the Middle East.", "other_reading", D),
        ("That depends on the measure; do you mean GDP per capita or total GDP?", "non_committal", N),
    ], [
        ("Do you mean richest per person?", "entity", Y),
        ("Do you mean the largest total economy?", "entity", NO),
        ("Are you counting Turkey as part of the Middle East?", "place", K),
        ("By GDP per capita at PPP or nominal?", "choice", K),
    ]),
    # Who won the popular vote in 2017 presidential election?  target: Slovenian (Borut Pahor)
    ("-5822434268127977093", [
        ("Emmanuel Macron won the 2017 French presidential election.", "other_reading", D),
        ("Borut Pahor", "alias", I),
        ("In 2017 Macron won in France; the US had no presidential election that year (in 2016 Clinton won the "
         "popular vote).", "other_reading", D, U),
        ("Pahor was re-elected in the 2017 runoff.", "alias", I, U),
    ], [
        ("Are you asking about the French election?", "place", NO),
        ("Do you mean the Slovenian presidential election?", "place", Y),
        ("Is this about the US presidential election?", "place", NO),
        ("Did you mean 2016?", "year", NO),
        ("Are you asking about Slovenia's 2017 election, won in a November runoff?", "bundle", Y, U),
    ]),
    # How many uk number ones has boyzone had?  target: singles (six); other: albums (five)
    ("-6823282172653559546", [
        ("6", "number_format", I),
        ("Boyzone had six UK number-one singles and five number-one albums.", "hedge", H),
        ("five number one albums", "other_reading", D),
        ("Boyzone have had six number ones, starting with \"Words\" in 1996.", "explanation", I),
        ("I'm not certain, but I believe six.", "wrapper", I),
    ], [
        ("Do you mean singles?", "media", Y),
        ("Are you asking about albums?", "media", NO),
        ("Is it the UK Singles Chart?", "place", Y),
        ("Should I count their Irish number ones too?", "process", NO, U),
    ]),
    # Who won the 2018 mens figure skating olympics?  target: gold (Yuzuru Hanyu)
    ("-4228254270392856261", [
        ("Yuzuru Hanyu", "alias", I),
        ("Hanyu won gold, Shoma Uno silver and Javier Fernández bronze.", "hedge", H),
        ("Javier Fernandez", "other_reading", D),
        ("Nathan Chen", "wrong_entity", W),
        ("Gold went to Japan's Yuzuru Hanyu, who beat Shoma Uno.", "context_mention", I),
    ], [
        ("Do you mean the gold medalist?", "ordinal", Y),
        ("Are you asking who took silver?", "ordinal", NO),
        ("Are you asking about the PyeongChang Olympics?", "place", Y, U),
        ("Do you mean the team event?", "event", NO, U),
    ]),
    # Who is the director of the defense intelligence agency?  target: acting director in 2014 (David Shedd)
    ("698321316511605871", [
        ("David Shedd", "alias", I),
        ("Lt. Gen. Robert P. Ashley Jr.", "other_reading", D),
        ("Michael Flynn", "other_reading", D, U),
        ("David R. Shedd served as acting director after Flynn left in 2014.", "context_mention", I),
    ], [
        ("Do you mean the acting director in 2014?", "year", Y),
        ("Are you asking about the current director?", "recency", K),
        ("Do you mean the director who took office in 2017?", "year", NO),
        ("Are you asking about the US DIA?", "confirmation", Y),
    ]),
    # The last electron acceptor of the ETC in cellular respiration is?  target: aerobic (oxygen)
    ("4685335534970876225", [
        ("Oxygen", "alias", I),
        ("O₂", "alias", I, U),
        ("In aerobic respiration it's oxygen, which is reduced to water; in anaerobic respiration other molecules "
         "such as nitrate or sulfate are used.", "hedge", H, U),
        ("NAD+", "wrong_entity", W),
        ("Water", "wrong_entity", W),
    ], [
        ("Do you mean aerobic respiration?", "version", Y),
        ("Are you asking about anaerobic respiration?", "version", NO),
        ("Is this about the mitochondrial electron transport chain?", "place", K, U),
    ]),
]


def _rows(prefix: str, field: str, n: int, record_id: str, items: list[Item]) -> list[dict[str, object]]:
    return [{"id": f"fr-{n:02d}-{prefix}{k:02d}", "instance_id": record_id, field: text, "kind": kind,
             "label": label, "unsure": bool(rest and rest[0]), "split": "fresh"}
            for k, (text, kind, label, *rest) in enumerate(items, 1)]


def main(argv: list[str]) -> int:
    source = Path(argv[1]) if len(argv) > 1 else SHARED_TRAIN
    ids = [rid for rid, _, _ in SETS]
    earlier = set(json.loads((HERE / "fixture_ids_independent.json").read_text(encoding="utf-8")))
    if len(set(ids)) != len(ids) or earlier & set(ids):
        raise SystemExit("fresh ids must be distinct and not in fixture_ids_independent.json")
    ids_path = HERE / "fixture_ids_fresh.json"
    ids_path.write_text(json.dumps(ids, indent=1) + "\n", encoding="utf-8")
    instances_from_shared(ids_path, source)  # every id present and an ambiguous instance, or it stops
    grader = [r for n, (rid, answers, _) in enumerate(SETS, 1) for r in _rows("a", "answer", n, rid, answers)]
    questions = [r for n, (rid, _, qs) in enumerate(SETS, 1) for r in _rows("q", "question", n, rid, qs)]
    for name, rows in (("grader_answers_fresh.jsonl", grader), ("simulator_questions_fresh.jsonl", questions)):
        (HERE / name).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        print(f"wrote {len(rows)} items ({sum(r['unsure'] for r in rows)} unsure) to {name}")
    print(f"wrote {len(ids)} record ids to {ids_path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
