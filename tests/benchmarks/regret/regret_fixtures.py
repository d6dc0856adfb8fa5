"""Small CIGs for the regret tests (hand-written; values and answers are real facts)."""

from __future__ import annotations

from finprobe.benchmarks.regret import CIG


def simpsons() -> CIG:
    return CIG.model_validate({
        "cig_id": "t-simpsons", "prompt": "When did the Simpsons first air on television?",
        "intents": [
            {"intent_id": "short", "description": "as a short on The Tracey Ullman Show",
             "slots": {"format": "animated short"}, "answer_aliases": ["April 19, 1987"]},
            {"intent_id": "series", "description": "as a half-hour prime time show",
             "slots": {"format": "half-hour series"}, "answer_aliases": ["December 17, 1989"]},
        ],
        "variables": [{"name": "format", "values": ["animated short", "half-hour series"]}],
        "actions": [{"action": "ask:format", "reference_questions": [
            "Do you mean the animated short or the half-hour series?", "Which format do you mean?"]}],
        "metadata": {"source": "test"},
    })


def rookie() -> CIG:
    """Two variables that split four intents differently (year x league)."""
    intents = []
    names = {("2017", "National League"): "Cody Bellinger", ("2016", "National League"): "Corey Seager",
             ("2017", "American League"): "Aaron Judge", ("2016", "American League"): "Michael Fulmer"}
    for k, ((year, league), who) in enumerate(names.items()):
        intents.append({"intent_id": f"r{k + 1}", "description": f"{league} {year}",
                        "slots": {"year": year, "league": league}, "answer_aliases": [who]})
    return CIG.model_validate({
        "cig_id": "t-rookie", "prompt": "Who was the MLB rookie of the year?", "intents": intents,
        "variables": [{"name": "year", "values": ["2017", "2016"]},
                      {"name": "league", "values": ["National League", "American League"]}],
        "actions": [{"action": "ask:year", "reference_questions": ["Which year do you mean?"]},
                    {"action": "ask:league", "reference_questions": ["Which league do you mean?"]}],
    })


def _cig(cig_id: str, prompt: str, variables: dict[str, list[str]], refs: dict[str, list[str]],
         intents: list[tuple[str, dict[str, str], list[str]]]) -> CIG:
    return CIG.model_validate({
        "cig_id": cig_id, "prompt": prompt,
        "intents": [{"intent_id": iid, "description": iid, "slots": slots, "answer_aliases": aliases}
                    for iid, slots, aliases in intents],
        "variables": [{"name": n, "values": v} for n, v in variables.items()],
        "actions": [{"action": f"ask:{n}", "reference_questions": q} for n, q in refs.items()],
    })


def wonka() -> CIG:
    """Two variables where the year determines the medium (year refines medium): values of both in one offer
    describe one choice."""
    return _cig("t-wonka", "Who played Willy Wonka?",
                {"year": ["1971", "2005", "2013", "2017"], "medium": ["film", "musical"]},
                {"year": ["Which year do you mean?"], "medium": ["Do you mean the film or the musical?"]},
                [("w1971", {"year": "1971", "medium": "film"}, ["Gene Wilder"]),
                 ("w2005", {"year": "2005", "medium": "film"}, ["Johnny Depp"]),
                 ("w2013", {"year": "2013", "medium": "musical"}, ["Douglas Hodge"]),
                 ("w2017", {"year": "2017", "medium": "musical"}, ["Christian Borle"])])


def moon() -> CIG:
    """One ordinal variable (which landing)."""
    return _cig("t-moon", "When did Apollo astronauts land on the Moon?",
                {"ordinal": ["first", "second", "last"]},
                {"ordinal": ["Which landing do you mean: the first, the second or the last?"]},
                [("a11", {"ordinal": "first"}, ["July 20, 1969"]),
                 ("a12", {"ordinal": "second"}, ["November 19, 1969"]),
                 ("a17", {"ordinal": "last"}, ["December 11, 1972"])])


def slams() -> CIG:
    """People named by full name; answers often give the surname only."""
    return _cig("t-slams", "Who has won the most Grand Slam singles titles in the Open Era?",
                {"gender": ["men's", "women's"]},
                {"gender": ["Do you mean the men's or the women's?"]},
                [("men", {"gender": "men's"}, ["Novak Djokovic"]),
                 ("women", {"gender": "women's"}, ["Serena Williams", "Serena Jameka Williams"])])


def final_goal() -> CIG:
    """Names written with accents in the aliases."""
    return _cig("t-final-goal", "Who scored the winning goal in the World Cup final?",
                {"year": ["2010", "2014"]}, {"year": ["Which year do you mean?"]},
                [("y2010", {"year": "2010"}, ["Andrés Iniesta"]), ("y2014", {"year": "2014"}, ["Mario Götze"])])


def hallelujah() -> CIG:
    """Aliases that are bare years."""
    return _cig("t-hallelujah", "When did Hallelujah come out?",
                {"artist": ["Leonard Cohen", "Jeff Buckley"]}, {"artist": ["Which artist's version do you mean?"]},
                [("cohen", {"artist": "Leonard Cohen"}, ["1984"]), ("buckley", {"artist": "Jeff Buckley"}, ["1994"])])


def record_800m() -> CIG:
    """Aliases that are race times (m:ss.cc)."""
    return _cig("t-800m", "What is the 800 metres world record?",
                {"gender": ["men's", "women's"]}, {"gender": ["Do you mean the men's or the women's?"]},
                [("men", {"gender": "men's"}, ["1:40.91"]), ("women", {"gender": "women's"}, ["1:53.28"])])


def example_street() -> CIG:
    """A visibly fictional show: aliases that are season/episode numbers."""
    return _cig("t-example-street", "In which episode of the fictional series Example Street does the cafe close?",
                {"season": ["season 2", "season 3"]}, {"season": ["Which season do you mean?"]},
                [("s2", {"season": "season 2"}, ["Season 2 Episode 5"]),
                 ("s3", {"season": "season 3"}, ["Season 3 Episode 12"])])


def example_quest() -> CIG:
    """A visibly fictional game: aliases that are month-year dates."""
    return _cig("t-example-quest", "When did the fictional game Example Quest come out?",
                {"platform": ["PlayStation 4", "Xbox One"]}, {"platform": ["Which platform do you mean?"]},
                [("ps4", {"platform": "PlayStation 4"}, ["August 2016"]),
                 ("xbox", {"platform": "Xbox One"}, ["July 2018"])])


def kettles() -> CIG:
    """Visibly fictional products (brands Examplebrand and Samplemark): long titles answers shorten."""
    return _cig("t-kettles", "I need a new kettle.",
                {"brand": ["Examplebrand", "Samplemark"], "size": ["1.7L", "1.0L"]},
                {"brand": ["Which brand would you prefer?"], "size": ["What size are you looking for?"]},
                [("k1", {"brand": "Examplebrand", "size": "1.7L"},
                  ["Examplebrand 1.7L Electric Kettle with Glass Body and Blue LED, Stainless Steel Base"]),
                 ("k2", {"brand": "Samplemark", "size": "1.0L"},
                  ["Samplemark 1.0L Collapsible Travel Kettle, Dual Voltage, Silicone, Grey"]),
                 ("k3", {"brand": "Samplemark", "size": "1.7L"},
                  ["Samplemark 1.7L Gooseneck Pour-Over Kettle, Matte Black"])])


def example_basis() -> CIG:
    """A visibly fictional company's figure on two accounting bases."""
    return _cig("t-example-basis", "What was Examplecorp's (fictional) operating income in fiscal 2023?",
                {"basis": ["GAAP", "adjusted"]},
                {"basis": ["On which basis do you mean: reported (GAAP) or adjusted?"]},
                [("gaap", {"basis": "GAAP"}, ["$120.0 million"]), ("adj", {"basis": "adjusted"}, ["$150.0 million"])])


def phones() -> CIG:
    """Visibly fictional phones differing by storage."""
    return _cig("t-phones", "I want a new phone.", {"size": ["128GB", "256GB"]},
                {"size": ["What size or capacity are you looking for?"]},
                [("p128", {"size": "128GB"}, ["Examplephone 5 128GB"]),
                 ("p256", {"size": "256GB"}, ["Examplephone 5 Pro 256GB"])])


def texas() -> CIG:
    """Election years."""
    return _cig("t-texas", "When did Texas vote for a new governor?", {"year": ["2018", "2022"]},
                {"year": ["Which year do you mean?"]},
                [("y2018", {"year": "2018"}, ["November 6, 2018"]), ("y2022", {"year": "2022"}, ["November 8, 2022"])])


def example_harbor() -> CIG:
    """A visibly fictional show with two runs (2008, 2021) whose episodes are the finer variable: `season` values
    are "episode N", as the AmbigNQ converter writes them, and the prompt itself says "episode"."""
    return _cig("t-example-harbor", "When does the new episode of the fictional show Example Harbor come out?",
                {"year": ["2008", "2021"], "season": ["episode 9", "episode 10", "episode 3", "episode 4"]},
                {"year": ["Which year do you mean?"], "season": ["Which season or part do you mean?"]},
                [("e9", {"year": "2008", "season": "episode 9"}, ["March 2, 2009"]),
                 ("e10", {"year": "2008", "season": "episode 10"}, ["March 9, 2009"]),
                 ("e3", {"year": "2021", "season": "episode 3"}, ["October 4, 2021"]),
                 ("e4", {"year": "2021", "season": "episode 4"}, ["October 11, 2021"])])


def example_launch() -> CIG:
    """A visibly fictional game released on different dates by region (one `place` variable)."""
    return _cig("t-example-launch", "When did the fictional game Example Quest II come out?",
                {"place": ["Japan", "Europe", "North America"]}, {"place": ["Which place do you mean?"]},
                [("jp", {"place": "Japan"}, ["March 3, 2011"]), ("eu", {"place": "Europe"}, ["June 9, 2011"]),
                 ("na", {"place": "North America"}, ["June 14, 2011"])])


def example_halves() -> CIG:
    """A visibly fictional company's revenue for two periods (English values, asked about in Chinese)."""
    return _cig("t-example-halves", "What was Examplecorp's (fictional) revenue in 2024?",
                {"period": ["first half of 2024", "full year 2024"]}, {"period": ["Which period do you mean?"]},
                [("h1", {"period": "first half of 2024"}, ["$41.0 million"]),
                 ("fy", {"period": "full year 2024"}, ["$88.5 million"])])


def example_phones() -> CIG:
    """Visibly fictional phones whose titles differ by model number and storage."""
    return _cig("t-example-phones", "I want a new phone (the fictional brand Examplephone).",
                {"size": ["64GB", "256GB", "512GB"]}, {"size": ["What capacity are you looking for?"]},
                [("x10", {"size": "64GB"}, ["Examplephone X10 Lite 64GB"]),
                 ("x12", {"size": "256GB"}, ["Examplephone X12 Pro Max 256GB",
                                             "Examplephone X12 Pro Max Unlocked Dual SIM 256GB Midnight"]),
                 ("x12b", {"size": "512GB"}, ["Examplephone X12 Pro Max 512GB Edition",
                                              "Examplephone X12 Pro Max Unlocked Dual SIM 512GB Silver"])])


def death_valley() -> CIG:
    """Temperature aliases with a degree sign (the 1913 Furnace Creek record, 134 °F / 56.7 °C)."""
    return _cig("t-death-valley", "What is the highest temperature recorded in Death Valley?",
                {"unit": ["Fahrenheit", "Celsius"]}, {"unit": ["Fahrenheit or Celsius?"]},
                [("f", {"unit": "Fahrenheit"}, ["134 °F"]), ("c", {"unit": "Celsius"}, ["56.7 °C"])])


def example_town() -> CIG:
    """A visibly fictional town's population by census year: counts with thousands separators."""
    return _cig("t-example-town", "What is the population of the fictional town of Exampleton?",
                {"year": ["2011", "2021"]}, {"year": ["Which year?"]},
                [("y2011", {"year": "2011"}, ["118,918"]), ("y2021", {"year": "2021"}, ["139,875"])])


def example_single() -> CIG:
    """A visibly fictional song released by two visibly fictional artists: month-year aliases."""
    return _cig("t-example-single", "When was the fictional song Example Anthem released?",
                {"artist": ["The Examples", "Sample Singer"]}, {"artist": ["Which artist's version?"]},
                [("ex", {"artist": "The Examples"}, ["April 1986"]), ("ss", {"artist": "Sample Singer"}, ["June 2016"])])


def california() -> CIG:
    """Governors named by full name; answers give a title and the surname."""
    return _cig("t-california", "Who was the governor of California?", {"ordinal": ["38th", "39th"]},
                {"ordinal": ["Which governor in the order do you mean?"]},
                [("g38", {"ordinal": "38th"}, ["Arnold Schwarzenegger"]), ("g39", {"ordinal": "39th"}, ["Jerry Brown"])])


def blanche() -> CIG:
    """Who played Blanche DuBois: Vivien Leigh in the 1951 film, Jessica Tandy in the 1947 Broadway premiere."""
    return _cig("t-blanche", "Who played Blanche DuBois in A Streetcar Named Desire?",
                {"medium": ["film", "stage"]}, {"medium": ["The film or the stage production?"]},
                [("film", {"medium": "film"}, ["Vivien Leigh"]), ("stage", {"medium": "stage"}, ["Jessica Tandy"])])


def example_namesakes() -> CIG:
    """Visibly fictional senators whose names are one letter apart."""
    return _cig("t-example-namesakes", "Who was the fictional senator of Exampleland?", {"year": ["1990", "2000"]},
                {"year": ["Which year?"]},
                [("a", {"year": "1990"}, ["Jonathan Smith"]), ("b", {"year": "2000"}, ["Johnathan Smith"])])


def example_cup() -> CIG:
    """A visibly fictional competition held for men and women (one `gender` variable)."""
    return _cig("t-example-cup", "Who scored first in the fictional Example Cup final?",
                {"gender": ["men's", "women's"]}, {"gender": ["Do you mean the men's or the women's final?"]},
                [("men", {"gender": "men's"}, ["Tomas Examplesson"]), ("women", {"gender": "women's"}, ["Ida Sample"])])


def example_remakes() -> CIG:
    """A visibly fictional film made three times (one `year` variable)."""
    return _cig("t-example-remakes", "Who directed the fictional film Example Night?",
                {"year": ["1952", "1968", "1997"]}, {"year": ["Which year do you mean?"]},
                [("y1952", {"year": "1952"}, ["Ann Example"]), ("y1968", {"year": "1968"}, ["Bo Sample"]),
                 ("y1997", {"year": "1997"}, ["Cy Specimen"])])


def example_flasks() -> CIG:
    """Visibly fictional flasks by capacity and colour."""
    return _cig("t-example-flasks", "I want a flask for hiking.",
                {"colour": ["silver", "red"], "size": ["18 oz", "26 oz"]},
                {"colour": ["What colour would you like?"], "size": ["What size are you looking for?"]},
                [("f18", {"colour": "silver", "size": "18 oz"}, ["Exampleflask 18 oz Steel Flask"]),
                 ("f26", {"colour": "red", "size": "26 oz"}, ["Exampleflask 26 oz Trail Flask, Red"])])


def example_gross_net() -> CIG:
    """A visibly fictional trader's revenue on the gross and the net basis (Chinese values with a gloss)."""
    return _cig("t-example-gross-net", "示例贸易公司（虚构）2024年的收入是多少？",
                {"basis": ["总额法（主要责任人）", "净额法（代理人）"]}, {"basis": ["Which basis do you mean?"]},
                [("gross", {"basis": "总额法（主要责任人）"}, ["15.20亿元"]),
                 ("net", {"basis": "净额法（代理人）"}, ["1.80亿元"])])


def example_counts() -> CIG:
    """A visibly fictional list whose length changed: counts as number words."""
    return _cig("t-example-counts", "How many articles does the fictional Example Charter have?",
                {"version": ["original", "amended"]}, {"version": ["Which version do you mean?"]},
                [("orig", {"version": "original"}, ["twelve"]), ("amended", {"version": "amended"}, ["Fourteen"])])


def example_laptops() -> CIG:
    """Visibly fictional laptops whose aliases are longer than the model names answers use."""
    return _cig("t-example-laptops", "Can you suggest a laptop?",
                {"brand": ["Exampleco", "Samplemark"]}, {"brand": ["Which brand would you prefer?"]},
                [("n7420", {"brand": "Exampleco"}, ["Exampleco Notebook 7420 Business Edition",
                                                     "Exampleco Notebook 7420 Business Edition, 16GB RAM, 512GB SSD"]),
                 ("n5310", {"brand": "Exampleco"}, ["Exampleco Notebook 5310 Slim, 8GB RAM"]),
                 ("vista", {"brand": "Samplemark"}, ["Samplemark Vista 15 Home Laptop"])])


def example_society() -> CIG:
    """A visibly fictional society's chairs: the first and the current one."""
    return _cig("t-example-society", "Who is the current chair of the fictional Example Society?",
                {"ordinal": ["1st", "4th"]}, {"ordinal": ["Which chair in the order do you mean?"]},
                [("first", {"ordinal": "1st"}, ["Alma Reyes"]), ("current", {"ordinal": "4th"}, ["Tobias Lind"])])


def example_bands() -> CIG:
    """Visibly fictional acts: a long full name and a one-word band name."""
    return _cig("t-example-bands", "Who sang the fictional song Example Lights?",
                {"year": ["1999", "2008"]}, {"year": ["Which year do you mean?"]},
                [("y1999", {"year": "1999"}, ["Marjorie Ann Whitfield"]), ("y2008", {"year": "2008"}, ["Echoformers"])])
