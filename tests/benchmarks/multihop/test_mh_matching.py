"""The deterministic final-answer matcher (unit cases and property tests for numbers and dates)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from finprobe.benchmarks.multihop import Hop, match_final
from finprobe.benchmarks.multihop.chains import Derivation

QUILLON = Hop(answer="Quillon Microchips", kind="entity", value="QLMC.DEMO",
              aliases=["QLMC", "QLMC.DEMO", "Quillon", "奎隆微芯", "奎隆"],
              distractors=[["ZPHR.DEMO", "ZPHR", "Zephyrine Semiconductor", "泽风半导体", "Zephyrine", "泽风"]])
VOLUME = Hop(answer="32,232,800 shares", kind="number", value=32232800, unit="shares")
PPI = Hop(answer="-1.0%", kind="number", value=-1.0, unit="%")
DAY = Hop(answer="2024-03-15", kind="date", value="2024-03-15")
QUARTER = Hop(answer="2023Q4", kind="period", value="2023Q4")


@pytest.mark.parametrize(("answer", "correct"), [
    ("Quillon Microchips", True), ("QLMC", True), ("奎隆微芯（QLMC）", True), ("Quillon Microchips Co., Ltd.", True),
    ("Quillon Microchips closed at 42.11, above Zephyrine Semiconductor's 21.76.", True),
    ("Zephyrine Semiconductor (21.76) vs Quillon Microchips (42.11): Quillon Microchips is higher.", True),
    ("奎隆微芯的收盘价高于泽风半导体。", True),
    ("Zephyrine Semiconductor", False), ("Not Quillon Microchips but Zephyrine Semiconductor.", False),
    ("Either Quillon Microchips or Zephyrine Semiconductor.", False), ("", False), ("I don't know.", False),
])
def test_entities(answer, correct, lexicon):
    assert match_final(answer, QUILLON, lexicon=lexicon).correct is correct


@pytest.mark.parametrize(("answer", "correct"), [
    ("32,232,800 shares", True), ("32.23 million shares", True), ("3223.28万股", True), ("about 32 million", True),
    ("322,328 lots", False), ("29,052,100 shares", False), ("32.5 million shares", False),
    ("On 2024-05-15 Harborstone's turnover was 1.01%; on 2024-05-16 it traded 32,232,800 shares.", True),
    ("Volume was 32,232,800 shares, down from 30,690,100 shares the day before.", True),
])
def test_numbers(answer, correct):
    assert match_final(answer, VOLUME).correct is correct


@pytest.mark.parametrize(("answer", "correct"), [
    ("-1.0%", True), ("−1%", True), ("PPI fell 1.0% year on year", True), ("同比下降1.0%", True),
    ("1.0%", False), ("同比上涨1.0%", False), ("-1.2%", False),
])
def test_signs_given_by_words(answer, correct):
    assert match_final(answer, PPI).correct is correct


@pytest.mark.parametrize(("answer", "correct"), [
    ("2024-03-15", True), ("March 15, 2024", True), ("2024年3月15日", True), ("3月15日", True),
    ("The report came out on 2024-03-15, after the Q3 report of 2023-10-26.", True),
    ("2024-03-14", False), ("March 2024", False), ("2024-03-15 or 2024-03-18", False),
])
def test_dates(answer, correct):
    assert match_final(answer, DAY).correct is correct


@pytest.mark.parametrize(("answer", "correct"), [
    ("Q4 2023", True), ("2023年第四季度", True), ("the fourth quarter of 2023", True), ("Q4", True),
    ("Q3 2023", False), ("Q4 2022", False),
])
def test_periods(answer, correct):
    assert match_final(answer, QUARTER).correct is correct


def test_verdicts_say_why():
    assert match_final("", DAY).verdict == "no_answer"
    assert match_final("2024-03-15 or 2024-03-18", DAY).verdict == "hedge"
    assert match_final("2024-03-14", DAY).verdict == "mismatch"
    assert "2024-03-15" in match_final("2024-03-15", DAY).reason


# --------------------------------------------------------------------------- properties
def _scaled(value: int, unit: str) -> str:
    factor = {"": 1, " thousand": 10**3, " million": 10**6, " billion": 10**9, "万": 10**4, "亿": 10**8}[unit]
    return f"{Decimal(value) / Decimal(factor)}{unit}"


@settings(max_examples=300, deadline=None)
@given(value=st.integers(min_value=1_000, max_value=9_000_000_000),
       unit=st.sampled_from(["", " thousand", " million", " billion", "万", "亿"]),
       wrap=st.sampled_from(["{}", "The answer is {} yuan.", "净利润为{}元。", "**{}**", "Revenue: RMB {}"]))
def test_a_figure_in_any_scale_matches(value, unit, wrap):
    hop = Hop(answer=f"{value:,} yuan", kind="number", value=value, unit="yuan")
    assert match_final(wrap.format(_scaled(value, unit)), hop).correct


@settings(max_examples=300, deadline=None)
@given(value=st.integers(min_value=1_000, max_value=9_000_000_000), off=st.floats(min_value=0.015, max_value=0.9),
       sign=st.sampled_from([-1, 1]))
def test_a_different_figure_never_matches(value, off, sign):
    other = round(value * (1 + sign * off))
    assume(other > 0)
    hop = Hop(answer=f"{value:,} yuan", kind="number", value=value, unit="yuan")
    assert not match_final(f"{other:,} yuan", hop).correct


@settings(max_examples=200, deadline=None)
@given(day=st.dates(min_value=dt.date(2000, 1, 2), max_value=dt.date(2030, 12, 30)),
       fmt=st.sampled_from(["%Y-%m-%d", "%B %-d, %Y", "%-d %b %Y", "%Y/%-m/%-d", "%Y年%-m月%-d日"]),
       delta=st.sampled_from([-1, 1, 7, -30]))
def test_dates_in_any_format_match_and_neighbours_do_not(day, fmt, delta):
    hop = Hop(answer=day.isoformat(), kind="date", value=day.isoformat())
    assert match_final(f"It was {day.strftime(fmt)}.", hop).correct
    assert not match_final(f"It was {(day + dt.timedelta(days=delta)).strftime(fmt)}.", hop).correct


# --------------------------------------------------------------------------- committed answer in comparisons
# New invented candidates (not the labelled sets' items): a winner stated first and the loser after it.
LARKSPUR = Hop(answer="Larkspur Foods", kind="entity", value="LKSF.DEMO",
               aliases=["LKSF", "Larkspur", "云雀食品", "云雀"],
               distractors=[["TDWS.DEMO", "TDWS", "Tidewell Shipping", "潮井航运", "Tidewell", "潮井"]])


@pytest.mark.parametrize(("answer", "correct"), [
    ("Larkspur Foods had the larger turnover (2.31%), though Tidewell Shipping rose further that day.", True),
    ("Tidewell Shipping had the larger turnover (2.31%), although Larkspur Foods rose further that day.", False),
    ("Larkspur Foods traded more shares (1,204,000 vs 998,500 for Tidewell Shipping).", True),
    ("Tidewell Shipping traded more shares (1,204,000 vs 998,500 for Larkspur Foods).", False),
    ("Tidewell Shipping did not rise more — Larkspur Foods did.", True),
    ("Larkspur Foods did not rise more — Tidewell Shipping did.", False),
    ("Larkspur Foods not only rose more, it also traded more than Tidewell Shipping.", True),
    ("换手率更高的是**云雀食品**（2.31%），潮井航运换手率为0.87%。", True),
    ("换手率更高的是潮井航运（2.31%），云雀食品换手率为0.87%。", False),
    ("云雀食品涨幅更大（3.4%，潮井航运1.2%）。", True),
    ("潮井航运涨幅更大（3.4%，云雀食品1.2%）。", False),
    ("虽然潮井航运成交量更大，但云雀食品涨幅更高。", True),
    ("潮井航运并没有涨得更多，云雀食品才是。", True),
    ("云雀食品不仅涨幅更大，成交额也超过潮井航运。", True),
])
def test_the_subject_of_the_comparative_claim_is_the_answer(answer, correct):
    assert match_final(answer, LARKSPUR).correct is correct


LISTED = Hop(answer="2011-09-14", kind="date", value="2011-09-14")


@pytest.mark.parametrize(("answer", "correct"), [
    ("Larkspur Foods traded more (12.4M vs 3.1M shares) and listed on September 14, 2011.", True),
    ("Larkspur Foods traded more (12.4M vs 3.1M shares) and listed on September 15, 2011.", False),
    ("云雀食品成交更多（1240万股 vs 310万股）并于2011年9月14日上市。", True),
    ("It listed later than September 14, 2011.", False),  # a comparison term is still only a reference point
])
def test_a_comparison_in_brackets_does_not_reach_past_them(answer, correct):
    assert match_final(answer, LISTED).correct is correct


ONE_YEAR = Hop(answer="8.42%", kind="number", value=8.42, unit="%")
INDEX_CLOSE = Hop(answer="2,318.06 points", kind="number", value=2318.06, unit="points")


@pytest.mark.parametrize(("answer", "hop", "correct"), [
    ("近一年收益率约为8.4%（今年以来收益率为6.15%）。", ONE_YEAR, True),
    ("Its one-year return was 8.42% (the benchmark returned 5.90% over the same window).", ONE_YEAR, True),
    ("近一年收益率为6.15%（今年以来收益率为8.42%）。", ONE_YEAR, False),  # the aside is not the answer
    ("8.42% (or 6.15% if you mean year to date)", ONE_YEAR, False),  # an alternative in brackets is a hedge
    ("8.42% (6.15%)", ONE_YEAR, False),  # two unlabelled figures: a hedge
    ("2318.06 (the composite index closed at 3,051.27)", INDEX_CLOSE, True),
    ("The sector index closed at 2,318.06 points（综合指数收于3,051.27点）.", INDEX_CLOSE, True),
    ("Turnover was 1.2% (close on the day: 2,318.06 points)", INDEX_CLOSE, True),  # the only figure of its kind
])
def test_a_labelled_figure_in_brackets_is_an_aside(answer, hop, correct):
    assert match_final(answer, hop).correct is correct


REVENUE = Hop(answer="2,706,385,004 yuan", kind="number", value=2706385004, unit="yuan")
PROFIT_ZH = Hop(answer="56,820,417元", kind="number", value=56820417, unit="yuan")


@pytest.mark.parametrize(("answer", "hop", "correct"), [
    ("roughly 2,710 million yuan", REVENUE, True),
    ("about 2,700 million yuan", REVENUE, True),
    ("about 2,600 million yuan", REVENUE, False),  # outside the 1% band
    ("约5,680万元", PROFIT_ZH, True),
    ("约5,700万元", PROFIT_ZH, True), ("约5,600万元", PROFIT_ZH, False),
    ("around 2,320", INDEX_CLOSE, False),  # written out in full: its last digit is its precision
])
def test_trailing_zeros_before_a_scale_word_are_rounding(answer, hop, correct):
    assert match_final(answer, hop).correct is correct


VOLUME_ZH = Hop(answer="4,518,300股", kind="number", value=4518300, unit="shares")


@pytest.mark.parametrize(("answer", "correct"), [
    ("成交量为45,183手", True), ("成交4.52万手", True), ("成交4.62万手", False), ("451.83万股（45,183手）", True),
    ("成交量为45,183股", False), ("成交量为45,813手", False),
    ("45,183 lots", False),  # an English "lot" has no fixed size (a Hong Kong board lot varies by stock)
])
def test_a_lot_of_a_shares_is_100_shares(answer, correct):
    assert match_final(answer, VOLUME_ZH).correct is correct


NOV_DAY = Hop(answer="2023-11-07", kind="date", value="2023-11-07")
Q2 = Hop(answer="2024Q2", kind="period", value="2024Q2")
SEPT = Hop(answer="2024-09", kind="period", value="2024-09")


@pytest.mark.parametrize(("answer", "hop", "correct"), [
    ("二〇二三年十一月七日", NOV_DAY, True), ("二〇二三年十一月八日", NOV_DAY, False),
    ("二○二三年十一月二十七日", NOV_DAY, False),
    ("April–June 2024", Q2, True), ("from April to June 2024", Q2, True), ("2024年4-6月", Q2, True),
    ("从2024年4月到6月", Q2, True), ("between April and June 2024", Q2, True),
    ("2024年4月至6月", Q2, True), ("May–July 2024", Q2, False), ("January–March 2024", Q2, False),
    ("Sept.", SEPT, True), ("Sep 2024", SEPT, True), ("9月", SEPT, True), ("PMI bottomed in Sept (49.1).", SEPT, True),
    ("Aug.", SEPT, False), ("8月", SEPT, False), ("近9月", SEPT, False),
])
def test_dates_and_periods_in_more_forms(answer, hop, correct):
    assert match_final(answer, hop).correct is correct


ASHMOOR = Hop(answer="Ashmoor Value Fund", kind="entity", value="ASVF.DEMO", aliases=["ASVF", "Ashmoor Value"],
              distractors=[["BRKF.DEMO", "BRKF", "Brackenfell Income Fund", "Brackenfell Income"],
                           ["GNHF.DEMO", "GNHF", "General Harbour Fund", "General Harbour"]])


@pytest.mark.parametrize(("answer", "correct"), [
    ("Ashmoor Value Fund or Brackenfell", False),  # the other candidate by its short name: a hedge
    ("Ashmoor Value Fund, well ahead of Brackenfell", True),
    ("Ashmoor Value Fund. General market conditions favoured value.", True),  # "General" is no short name
])
def test_other_candidates_by_their_short_names(answer, correct):
    assert match_final(answer, ASHMOOR).correct is correct


def test_eight_digits_alone_are_a_figure_even_when_they_form_a_date():
    hop = Hop(answer="20,020,701 yuan", kind="number", value=20020701, unit="yuan")
    assert match_final("20020701", hop).correct
    assert not match_final("20020702", hop).correct
    assert match_final("On 20240516 it was 20,020,701 yuan.", hop).correct  # a date beside a figure stays a date


# --------------------------------------------------------------------------- fix2mh: rule classes of the fresh set
# New invented answers (not the labelled sets' items). The hop's direction comes from its derivation rule or
# its question, as `score_chain` passes the chain's final hop.
MOST_SHARES = LARKSPUR.model_copy(update={"derive": Derivation(op="max", path="volume", key="entity"),
                                          "question": "Which traded more shares on 2024-06-03?"})
LOWER_CLOSE = LARKSPUR.model_copy(update={"question": "Which closed lower on 2024-06-03?"})  # no derivation


@pytest.mark.parametrize(("answer", "hop", "correct"), [
    # the subject of the claim is the one passed over: the other side is the answer of a `max` hop
    ("Tidewell Shipping's 998,500 shares trailed Larkspur Foods' 1,204,000.", MOST_SHARES, True),
    ("Tidewell Shipping traded less than Larkspur Foods that day.", MOST_SHARES, True),
    ("Tidewell Shipping underperformed Larkspur Foods.", MOST_SHARES, True),
    ("潮井航运的成交量不如云雀食品。", MOST_SHARES, True),
    ("潮井航运成交量比云雀食品少。", MOST_SHARES, True),
    ("潮井航运跑输云雀食品。", MOST_SHARES, True),
    ("Larkspur Foods traded fewer shares than Tidewell Shipping.", MOST_SHARES, False),
    ("Larkspur Foods' volume was below Tidewell Shipping's.", MOST_SHARES, False),  # stated first, still the loser
    ("云雀食品的成交量少于潮井航运。", MOST_SHARES, False),
    ("Tidewell Shipping had the lower volume.", MOST_SHARES, False),  # the winner is never named
    # ... and of a `min` hop (direction from the question's words)
    ("Larkspur Foods closed below Tidewell Shipping.", LOWER_CLOSE, True),
    ("Tidewell Shipping closed higher than Larkspur Foods.", LOWER_CLOSE, True),
    ("潮井航运收盘价高于云雀食品。", LOWER_CLOSE, True),
    ("Larkspur Foods closed higher than Tidewell Shipping.", LOWER_CLOSE, False),
    ("云雀食品收盘价高于潮井航运。", LOWER_CLOSE, False),
    ("Larkspur Foods outperformed Tidewell Shipping.", LOWER_CLOSE, False),  # merit does not say which is lower
    # a comparative aside on another measure, worded the other way, is no second candidate
    ("Larkspur Foods traded more shares; Tidewell Shipping had the lower closing price.", MOST_SHARES, True),
    ("云雀食品成交量更大；潮井航运股价更低。", MOST_SHARES, True),
])
def test_a_comparison_chooses_by_the_hop_direction(answer, hop, correct, lexicon):
    assert match_final(answer, hop).correct is correct
    assert match_final(answer, hop, lexicon=lexicon).correct is correct


def test_a_hop_that_chooses_nothing_takes_no_answer_from_a_comparison(lexicon):
    index = Hop(answer="Demo Semiconductors Index", kind="entity", value="DSEMII.DEMO",
                aliases=["DSEMII", "演示半导体指数"], derive=Derivation(op="field", path="index"))
    text = "Talmora Circuits gained more than Norvex Devices; the sector's benchmark is the Demo Semiconductors Index"
    assert match_final(text, index, lexicon=lexicon).correct
    assert match_final("诺维器件涨幅更大；该行业指数为演示半导体指数", index, lexicon=lexicon).correct


@pytest.mark.parametrize(("answer", "correct"), [
    ("Most likely Larkspur Foods, though Tidewell Shipping could edge ahead once dividends are counted.", False),
    ("Larkspur Foods — but Tidewell Shipping might be higher on a total-return basis.", False),
    ("应该是云雀食品，虽然潮井航运也可能更高。", False),
    ("Larkspur Foods, although Tidewell Shipping rose more.", True),  # a fact conceded, not an option kept open
    ("云雀食品，尽管潮井航运涨幅更大。", True),
    ("Larkspur Foods, though Tidewell Shipping may come out ahead on adjusted prices. Final answer: Larkspur Foods",
     True),
])
def test_another_candidate_kept_open_is_a_hedge(answer, correct):
    assert match_final(answer, MOST_SHARES).correct is correct


Q3_REVENUE = Hop(answer="1,052,300,000 yuan", kind="number", value=1052300000, unit="yuan",
                 question="That company's 2024Q3 single-quarter revenue?")
Q3_REVENUE_ZH = Q3_REVENUE.model_copy(update={"question": "该公司2024年第三季度单季营业收入？"})
NINE_MONTHS = Hop(answer="3,104,000,000 yuan", kind="number", value=3104000000, unit="yuan",
                  question="That company's cumulative revenue for the first three quarters of 2024?")
ONE_YEAR_Q = Hop(answer="7.35%", kind="number", value=7.35, unit="%", question="The fund's 1Y return?")
ONE_YEAR_ZH = ONE_YEAR_Q.model_copy(update={"question": "该基金近一年收益率？"})
LAUNCHED = Hop(answer="2015-06-02", kind="date", value="2015-06-02", question="When was that fund launched?")
LAUNCHED_ZH = LAUNCHED.model_copy(update={"question": "该基金何时成立？"})


@pytest.mark.parametrize(("answer", "hop", "correct"), [
    ("Revenue for the first three quarters came to ¥3.10 billion cumulatively; Q3 alone brought in ¥1.05 billion.",
     Q3_REVENUE, True),
    ("2024年第三季度单季营收10.52亿元，前三季度累计31.04亿元。", Q3_REVENUE_ZH, True),
    ("前三季度累计营收31.04亿元，其中第三季度单季10.52亿元。", NINE_MONTHS, True),
    ("Cumulative revenue for the first nine months was ¥1.05 billion, and Q3 alone was ¥3.10 billion.",
     Q3_REVENUE, False),  # the figure labelled as the asked scope is the answer, and it is wrong
    ("前三季度累计营收10.52亿元，其中第三季度单季31.04亿元。", Q3_REVENUE_ZH, False),
    ("Its one-year return was 7.35%; over the same period the benchmark returned 5.02%.", ONE_YEAR_Q, True),
    ("近一年收益率为7.35%，同期业绩比较基准收益率为5.02%。", ONE_YEAR_ZH, True),
    ("近一年收益率为5.02%，同期业绩比较基准收益率为7.35%。", ONE_YEAR_ZH, False),
    ("YTD the fund returned 5.02%; its 1Y return is 7.35%.", ONE_YEAR_Q, True),
    ("The fund was launched on 2015-06-02; its custodian bank listed on 2011-09-14.", LAUNCHED, True),
    ("Launch date 2015-06-02 (the first dividend was paid on 2016-01-20).", LAUNCHED, True),
    ("该基金成立于2015年6月2日；其托管银行于2011年9月14日上市。", LAUNCHED_ZH, True),
    ("Its custodian listed on 2015-06-02; the fund itself was launched on 2016-01-20.", LAUNCHED, False),
])
def test_a_figure_or_date_labelled_with_another_scope_is_an_aside(answer, hop, correct):
    assert match_final(answer, hop).correct is correct


def test_scope_labels_need_the_question():
    # Without the hop's question the label "cumulative" says nothing about what was asked: two figures remain.
    bare = Q3_REVENUE.model_copy(update={"question": None})
    assert match_final("Cumulative ¥3.10 billion, Q3 ¥1.05 billion, both for 2024.", bare).verdict == "hedge"


REVENUE_Q3 = Hop(answer="1,052,300,000 yuan", kind="number", value=1052300000, unit="yuan")


@pytest.mark.parametrize(("answer", "hop", "correct"), [
    # the figure before "vs" is the one stated, the one after it the point of comparison
    ("Revenue: ¥1,052,300,000 (Q3) vs ¥1,110,400,000 (Q2).", REVENUE_Q3, True),
    ("32,232,800 (Thursday) vs 30,690,100 (Wednesday)", VOLUME, True),
    ("¥1,110,400,000 (Q3) vs ¥1,052,300,000 (Q2).", REVENUE_Q3, False),
    # the same figure restated in full in brackets is not a second figure (nor an accounting negative)
    ("单季营收10.52亿元（1,052,300,000元）。", REVENUE_Q3, True),
    ("Q3 revenue was ¥1.05 billion (¥1,052,300,000).", REVENUE_Q3, True),
    ("单季营收10.52亿元（1,110,400,000元）。", REVENUE_Q3, False),  # two different figures
])
def test_a_figure_before_vs_and_a_restatement_in_brackets(answer, hop, correct):
    assert match_final(answer, hop).correct is correct


@pytest.mark.parametrize(("answer", "correct"), [
    ("PPI showed a 1.0% annual drop.", True), ("a 1.0% fall year on year", True), ("同比出现1.0%的降幅。", True),
    ("a 1.0% rise", False), ("同比1.0%的涨幅", False),
])
def test_a_noun_of_decline_after_the_figure_gives_its_sign(answer, correct):
    assert match_final(answer, PPI).correct is correct


def test_an_accounting_negative_after_a_label_stays_negative():
    from finprobe.benchmarks.multihop.mentions import find_figures

    assert [n.value for _, n in find_figures("Net change: (12.5) million")] == [-12_500_000]
    assert [n.value for _, n in find_figures("8.19亿元 (819,230,815元)")] == [819_000_000, 819_230_815]


@pytest.mark.parametrize(("answer", "correct"), [
    ("Demo Software Index? No — on reflection the sector is semiconductors, so it is the Demo Semiconductors Index.",
     False),
    ("演示软件指数？不是，该公司属于半导体行业。", False),
    ("Demo Software Index? Yes — the company is a software maker.", True),
])
def test_a_candidate_raised_and_turned_down_at_once_is_rejected(answer, correct):
    software = Hop(answer="Demo Software Index", kind="entity", aliases=["演示软件指数"])  # no lexicon, no distractors
    assert match_final(answer, software).correct is correct


# --------------------------------------------------------------------------- fix3-mh: taken back after a dash/ellipsis
@pytest.mark.parametrize(("answer", "hop", "correct"), [
    ("2905.21万股……不对，那是前一交易日的，应为3223.28万股。", VOLUME, True),
    ("3223.28万股——不，这是次日的数据，应为3069.01万股。", VOLUME, False),
    ("29,052,100 shares — no wait, that is the other bank; it traded 32,232,800 shares.", VOLUME, True),
    ("32,232,800 shares... sorry, that was the Friday figure; Thursday's was 30,690,100 shares.", VOLUME, False),
    ("2024年3月14日——不对，报告应为2024年3月15日发布。", DAY, True),
    ("March 14, 2024 — correction: the release was on 2024-03-15.", DAY, True),
    # no retraction: a comma and words that only look like one
    ("32,232,800 shares, no change in the lot count.", VOLUME, True),
    ("3223.28万股，不算高。", VOLUME, True),
])
def test_a_figure_or_date_taken_back_after_a_dash_or_ellipsis(answer, hop, correct):
    assert match_final(answer, hop).correct is correct


# --------------------------------------------------------------------------- fix3-mh: short names in comparisons
UTILITIES = Hop(answer="Demo Utilities Index", kind="entity", value="DUTLI.DEMO",
                aliases=["DUTLI.DEMO", "DUTLI", "演示公用事业指数"],
                distractors=[["DTELI.DEMO", "DTELI", "Demo Telecoms Index", "演示通信指数"]],
                question="Which index gained more on 2024-07-01?",
                derive=Derivation(op="max", path="change_pct", key="entity"))
MARLOWE = Hop(answer="Marlowe Global Value Fund", kind="entity", value="MGVF.DEMO",
              aliases=["MGVF.DEMO", "MGVF", "Marlowe Global", "马洛全球价值基金"],
              distractors=[["KWIF.DEMO", "KWIF", "Kestrelwood Income Fund", "Kestrelwood Inc", "红隼收益基金"]],
              question="Which fund had the smaller one-year max drawdown?",
              derive=Derivation(op="min", path="value", key="fund"))


@pytest.mark.parametrize(("answer", "hop", "correct"), [
    # the descriptive rest of an index's or a fund's name after its brand, any case, singular or plural
    ("The utilities index (+1.20%) outpaced the telecom index (+0.40%).", UTILITIES, True),
    ("The telecoms index's 0.40% gain lagged the utilities index's 1.20%.", UTILITIES, True),
    ("The Utilities sector index.", UTILITIES, True),
    ("The telecom index rose more (+1.20% vs +0.40%).", UTILITIES, False),
    ("The global value fund's drawdown was smaller.", MARLOWE, True),
    # the distinctive first word of a name, the gold's included
    ("Marlowe's drawdown (7.10%) is smaller than Kestrelwood's (8.40%).", MARLOWE, True),
    ("Kestrelwood's drawdown (7.10%) is smaller than Marlowe's (8.40%).", MARLOWE, False),
    ("马洛全球价值基金的回撤（7.10%）小于红隼收益基金（8.40%）。", MARLOWE, True),
    ("红隼收益基金回撤更小。", MARLOWE, False),
])
def test_short_names_of_funds_and_indices(answer, hop, correct):
    assert match_final(answer, hop).correct is correct


def test_a_descriptive_name_shared_by_two_candidates_names_neither():
    twins = Hop(answer="Alder Bond Fund", kind="entity", aliases=["ALBF"], distractors=[["Birchley Bond Fund", "BBDF"]],
                question="Which fund had the smaller drawdown?", derive=Derivation(op="min", path="value", key="fund"))
    assert match_final("The bond fund had the smaller drawdown.", twins).verdict == "no_answer"
    assert match_final("Alder's drawdown was smaller.", twins).correct


# --------------------------------------------------------------------------- fix3-mh: the passed-over entity's figure
def _invented_lexicon():
    from finprobe.benchmarks.multihop import EntityLexicon

    return EntityLexicon({
        "DUTLI.DEMO": ["DUTLI.DEMO", "DUTLI", "Demo Utilities Index", "演示公用事业指数"],
        "DTELI.DEMO": ["DTELI.DEMO", "DTELI", "Demo Telecoms Index", "演示通信指数"],
        "QLMC.DEMO": ["QLMC.DEMO", "QLMC", "Quillon", "Quillon Microchips", "奎隆微芯"],
    })


UTIL_CLOSE = Hop(answer="2,310.48 points", kind="number", value=2310.48, unit="points",
                 question="That index's close that day?", derive=Derivation(op="field", path="close"))


@pytest.mark.parametrize(("answer", "correct"), [
    ("The Demo Utilities Index gained more (+1.20% vs +0.40%) and closed at 2,310.48, whereas the telecom index "
     "ended at 980.12.", True),
    ("演示公用事业指数涨幅更大（1.20%），收盘2310.48点；演示通信指数收于980.12点。", True),
    ("The Demo Utilities Index gained more and closed at 980.12, while the telecom index closed at 2,310.48.", False),
    ("演示公用事业指数涨幅更大，收盘980.12点；演示通信指数收于2310.48点。", False),
    # the chosen entity of an earlier hop passes nothing over here; the close after "versus … for Y" is the subject's
    ("Quillon traded the most shares (29.27M). Next day the Demo Utilities Index rose 1.20% versus 0.40% for the "
     "telecom index, closing at 2,310.48.", True),
    # no claim that one is greater: two closes, no answer
    ("The Demo Utilities Index closed at 2,310.48; the Demo Telecoms Index closed at 980.12.", False),
])
def test_a_figure_of_the_entity_passed_over_gives_way(answer, correct):
    assert match_final(answer, UTIL_CLOSE, lexicon=_invented_lexicon()).correct is correct


@pytest.mark.parametrize(("answer", "correct"), [
    ("The Demo Utilities Index gained more (+1.20% vs +0.40%) and closed at 2,310.48, whereas the telecom index "
     "ended at 980.12.", True),
    ("演示公用事业指数涨幅更大（1.20%），收盘2310.48点；演示通信指数收于980.12点。", True),
    # one index under two forms of its name is one entity
    ("The Demo Utilities Index gained more; the utilities index closed at 2,310.48 and the Demo Telecoms Index at "
     "980.12.", True),
    ("演示公用事业指数涨幅更大，收盘980.12点；演示通信指数收于2310.48点。", False),
])
def test_without_a_lexicon_indices_and_funds_are_known_by_their_generic_last_word(answer, correct):
    assert match_final(answer, UTIL_CLOSE).correct is correct


def test_without_a_lexicon_companies_passed_over_are_unknown():
    volume = Hop(answer="3,105,200 shares", kind="number", value=3105200, unit="shares")
    answer = "Quillon Microchips closed higher, with 3,105,200 shares traded, while Zephyrine traded 2,004,100 shares."
    assert match_final(answer, volume).verdict == "hedge"
    assert match_final(answer, volume, lexicon=_invented_lexicon().with_entries(
        {"ZPHR.DEMO": ["Zephyrine", "Zephyrine Semiconductor"]})).correct
