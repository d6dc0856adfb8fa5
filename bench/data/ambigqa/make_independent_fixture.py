"""Writes `fixture_ids_independent.json`: the ids of the 42 AmbigNQ train records the independent labelled
sets (`grader_answers_independent.jsonl`, `simulator_questions_independent.jsonl`) are written on.

Only the ids are kept in the repository: the records themselves are read at run time from the real AmbigNQ
`train_light.json` in `../shared/data/ambigqa/` (relative to the repository root; never copied into the
repository), by `bench/ambigqa_common.py` (`--instances bench/data/ambigqa/fixture_ids_independent.json`).
They were chosen by hand from a seeded shuffle of the file's instances for varied reading types (years,
roles, places, media, versions, ordinals, gender, people, dates and numbers). None of them is a demo or
fixture question of the rule author's sets. This script checks that every id is in the shared file and
converts to an ambiguous instance before writing the list.

Run from the repository root: python bench/data/ambigqa/make_independent_fixture.py [TRAIN_LIGHT_JSON]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # bench/, for ambigqa_common

from ambigqa_common import SHARED_TRAIN, instances_from_shared  # noqa: E402

IDS = [
    "-7239638264716799870",  # US war with Germany: 1917 / 1941 (year, date)
    "-2892209275071381979",  # Poland and the EU: treaty signed / full member (event, date)
    "2401808752678752339",  # Rick and Morty episode 4 of seasons 1-4 (ordinal, date)
    "-5782189231084107065",  # Man in the High Castle seasons 1-4 (ordinal, date)
    "8457740948472265475",  # Handmaid's Tale series 2 start / end (event, date)
    "-7867070445100952160",  # Pittsburgh Stanley Cup: year / season (number format)
    "4587395275839860320",  # women's NCAA 2015-2017 (year; target shares its answer with 2015)
    "6940655849500047886",  # Bank of England governor 2003/2010/2017 (year, people)
    "-2840611200472199951",  # Mercedes C-Class W202-W205 (version, date)
    "-1793398039706372105",  # Sally in The Cat in the Hat: 1971 TV / 2003 film (media, year)
    "7408116274531768844",  # Max in One Day at a Time: 1975 / 2017 series (version)
    "-6615422287569447999",  # Susan Walker in Miracle on 34th Street: four productions (media, year)
    "-1200184165759790363",  # original Robin: 1949 serial / 1997 film / animated series (media)
    "2607564160784977798",  # Count Dooku in The Clone Wars (media, year; shared answer)
    "-3582047784487750233",  # 2016 NCAA football: 2016 season / played in 2016 (year semantics)
    "-4338927384762344241",  # Daisy Duke: series / film / game / TV film (media)
    "-7817255488872929015",  # I'm in Love with My Car: lead vocal / band (role)
    "-4717538779493522205",  # It's a Long Way to the Top: band / lead vocal (role)
    "7967011061476064647",  # snowman in Frozen: character / voice actor (role)
    "-8757198729377052448",  # Do You Hear What I Hear: music / lyrics (role)
    "5300242420592117425",  # dad in How to Train Your Dragon 1/2: character / actor (role, version)
    "9181158827444377842",  # mom on Father Knows Best: character / actress (role)
    "-29131571727052473",  # The Girl Who Played with Fire: book / screenplay (media, role)
    "1175185403312535738",  # I Can't Tell You Why: lead / backing vocals (role, list answer)
    "8699143574116535149",  # first Olympics in the US: summer / winter (place)
    "-5497810673274775598",  # World Equestrian Games 2006/2010/2014 (place, year)
    "-1213981811535141502",  # next Olympics 2018: winter / summer youth (place)
    "1688084189046412514",  # Beatles first perform in America: city / venue (place granularity)
    "-1461478223691589474",  # largest US mall: metro area / location (place granularity)
    "7485568939181487713",  # fastest speed limit: road / state (place)
    "8990508931050743063",  # Doobie Brothers lead singer: first / second / third (ordinal)
    "-2289778540225773934",  # Notre Dame 9th/10th/11th title (ordinal, year)
    "7992170711337834995",  # AC Black Flag: original / Switch (version, year)
    "3240942651859718397",  # first captain of Indian cricket team: men / women / U-19 (gender)
    "4764693289913968006",  # most international goals: man / woman (gender)
    "-8126872169913866533",  # buried at Tennessee State Capitol: man / woman (gender, shared surname)
    "-1790440541261013729",  # most home runs: MLB / NCAA (league)
    "8819484426945956134",  # parent company of Dunkin' Donuts: 1990 / since 2004 (year)
    "-6939937242519306791",  # Earth's diameter: equatorial / polar (number)
    "-9132370722133722982",  # 2016 NCAA men's basketball: Division 1/2/3 (ordinal, version)
    "-8663046392008283849",  # Justice League release: 2001 series / 2017 film by place (media, date)
    "-5691574297725446018",  # Tom Sawyer publication: UK June 1876 / US December 1876 (version, date)
]


def main(argv: list[str]) -> int:
    source = Path(argv[1]) if len(argv) > 1 else SHARED_TRAIN
    path = HERE / "fixture_ids_independent.json"
    path.write_text(json.dumps(IDS, indent=1) + "\n", encoding="utf-8")
    found = instances_from_shared(path, source)  # every id present and an ambiguous instance, or it stops
    print(f"wrote {len(IDS)} record ids to {path} (all {len(found)} found in {source})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
