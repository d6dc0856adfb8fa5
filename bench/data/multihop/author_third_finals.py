"""Writes `final_answers_third.jsonl`: a third independent annotator's labelled final answers (branch ind3-mh).

Written without reading the matcher's code or the other labelled sets beyond their format (3 lines), and
labelled by the definition before any run of the matcher:
- correct (True) when the reply commits to the gold answer: the same entity (name, short name, ticker, Chinese
  name), the same date (any format), the same period, or the same figure in any unit/scale (within the 1% band
  and equal to the reference at the coarser of the two stated precisions, DESIGN section 2); a negative change
  may be written with a sign word ("fell 2.9%", "下跌");
- wrong (False): a different value (other period, other metric, other entity, the loser of a comparison), a hedge
  between two different answers, an evasion or no answer, a sign that contradicts the gold sign;
- figures introduced as comparison or context (the other candidate's figure, "vs", "up from", a labelled aside
  about another period/entity) are not candidates; the last committed answer after a retraction is the answer.
Values used in the replies were read from the demo market's tools (see author_third_trajectories.py for runs).
`hop` None = the chain's final answer; a number = the intermediate hop whose sub-question the reply answers.
Chains were chosen among those the fresh set used least, plus intermediate hops the fresh set did not use.

Run: PYTHONPATH=src .venv/bin/python bench/data/multihop/author_third_finals.py
"""
# ruff: noqa: E501  (data tables: one item per line)

from __future__ import annotations

from pathlib import Path

from _authoring import demo_chains, final_answer_rows, summary, write_jsonl

OUT = Path(__file__).parent / "final_answers_third.jsonl"

T, F = True, False

# (chain id, hop (None = final), kind, answer, label, note; a note starting with "unsure:" marks the item unsure)
ITEMS: list[tuple[str, int | None, str, str, bool, str | None]] = [
    # ---------------------------------------------------------- L2-3hop-03: 2,588,350,736 yuan (Norvex Q3 2024 revenue)
    ("demo-L2-3hop-03-en", None, "plain", "2,588,350,736 yuan", T, None),
    ("demo-L2-3hop-03-en", None, "units", "¥2.59 billion", T, None),
    ("demo-L2-3hop-03-en", None, "units", "RMB 2,588.35 million", T, None),
    ("demo-L2-3hop-03-en", None, "units", "CNY 2.588bn", T, None),
    ("demo-L2-3hop-03-en", None, "rounding", "roughly 2.6 billion yuan", T, "2.6 at 0.1bn precision, 0.45% off"),
    ("demo-L2-3hop-03-en", None, "buried", "Silica Semiconductor ETF had the higher YTD return (28.77% vs 25.31%). Its largest holding at end-Q3 2024 was Norvex Devices (9.58% weight). Norvex reported single-quarter operating revenue of 2,588,350,736 yuan for Q3 2024, released on 2024-10-29.", T, None),
    ("demo-L2-3hop-03-en", None, "near_miss", "6,615,552,342 yuan", F, "the Q1-Q3 cumulative figure"),
    ("demo-L2-3hop-03-en", None, "context", "Norvex's Q3 2024 revenue came in at ¥2.59bn, up from ¥2.11bn in Q2.", T, "Q2 figure is a labelled comparison"),
    ("demo-L2-3hop-03-en", None, "context", "Q3 2024 single-quarter revenue: ¥2,588,350,736 (year-to-date cumulative: ¥6,615,552,342).", T, "cumulative in a labelled bracket"),
    ("demo-L2-3hop-03-en", None, "wrong", "2,106,838,759 yuan", F, "Q2 revenue"),
    ("demo-L2-3hop-03-en", None, "hedge", "Either ¥2.59bn (single quarter) or ¥6.62bn (cumulative), depending on how the question is read.", F, None),
    ("demo-L2-3hop-03-en", None, "evasion", "I was unable to retrieve Norvex Devices' third-quarter figures.", F, None),
    ("demo-L2-3hop-03-en", None, "rounding", "about 2.5 billion yuan", F, "3.4% off"),
    ("demo-L2-3hop-03-zh", None, "plain", "2,588,350,736元", T, None),
    ("demo-L2-3hop-03-zh", None, "units", "约25.88亿元", T, None),
    ("demo-L2-3hop-03-zh", None, "units", "258835.07万元", T, None),
    ("demo-L2-3hop-03-zh", None, "buried", "硅途半导体ETF今年以来收益率28.77%，高于北风科技创新基金的25.31%；其三季度末第一大重仓股为诺维器件，2024年第三季度单季营业收入为25.88亿元。", T, None),
    ("demo-L2-3hop-03-zh", None, "near_miss", "66.16亿元", F, "前三季度累计"),
    ("demo-L2-3hop-03-zh", None, "context", "单季营收25.88亿元，环比增长22.9%（二季度为21.07亿元）。", T, None),
    ("demo-L2-3hop-03-zh", None, "retraction", "66.16亿元。更正：这是前三季度累计数，第三季度单季营业收入应为25.88亿元。", T, None),
    ("demo-L2-3hop-03-zh", None, "wrong", "15.59亿元", F, "塔摩电路三季度营收"),
    # ---------------------------------------------------------- L2-3hop-03 intermediate hop 2: Norvex Devices
    ("demo-L2-3hop-03-en", 2, "plain", "Norvex Devices", T, None),
    ("demo-L2-3hop-03-en", 2, "alias", "NRVX (9.58% of NAV)", T, None),
    ("demo-L2-3hop-03-en", 2, "wrong", "Quillon Microchips", F, "rank 2"),
    ("demo-L2-3hop-03-en", 2, "near_miss", "Brightvale Silicon", F, "the end-Q2 top holding"),
    ("demo-L2-3hop-03-zh", 2, "plain", "诺维器件", T, None),
    ("demo-L2-3hop-03-zh", 2, "table", "| 排名 | 股票 | 占比 |\n|---|---|---|\n| 1 | 诺维器件 | 9.58% |\n| 2 | 奎隆微芯 | 9.39% |\n\n第一大重仓股：诺维器件", T, None),
    # ---------------------------------------------------------- L2-4hop-04: 2007-04-23 (Harborstone Bank listed)
    ("demo-L2-4hop-04-en", None, "plain", "2007-04-23", T, None),
    ("demo-L2-4hop-04-en", None, "date_format", "April 23, 2007", T, None),
    ("demo-L2-4hop-04-en", None, "date_format", "23 Apr 2007", T, None),
    ("demo-L2-4hop-04-en", None, "date_format", "2007/04/23", T, None),
    ("demo-L2-4hop-04-en", None, "buried", "Ashgrove Rural Bank earned the most in Q1 2024 (¥7.11bn) and reported on April 26, 2024. That day Harborstone Bank traded 29,052,100 shares against Ashgrove's 6,899,400, so the larger-volume bank is Harborstone, which listed on 23 April 2007.", T, None),
    ("demo-L2-4hop-04-en", None, "wrong", "2008-04-18", F, "Ashgrove's listing date (loser of the volume comparison)"),
    ("demo-L2-4hop-04-en", None, "context", "Harborstone Bank listed on 2007-04-23 (for reference, Ashgrove Rural Bank listed on 2008-04-18).", T, "Ashgrove's date is a labelled aside"),
    ("demo-L2-4hop-04-en", None, "hedge", "It listed either on 2007-04-23 or 2008-04-18 — the two banks' volumes were close enough that I'm not certain which is larger.", F, None),
    ("demo-L2-4hop-04-en", None, "retraction", "2008-04-18 — wait, that is Ashgrove; Harborstone traded more shares that day, so the answer is 2007-04-23.", T, None),
    ("demo-L2-4hop-04-en", None, "near_miss", "2024-04-26", F, "the report date"),
    ("demo-L2-4hop-04-en", None, "evasion", "Harborstone Bank traded more shares.", F, "names the company, never the date"),
    ("demo-L2-4hop-04-zh", None, "plain", "2007年4月23日", T, None),
    ("demo-L2-4hop-04-zh", None, "date_format", "2007.4.23", T, None),
    ("demo-L2-4hop-04-zh", None, "buried", "成交量较大的是港石银行（2,905.21万股），其上市日期为2007年4月23日。", T, None),
    ("demo-L2-4hop-04-zh", None, "wrong", "2008年4月18日", F, None),
    ("demo-L2-4hop-04-zh", None, "date_format", "二〇〇七年四月二十三日", T, "unsure: Chinese-numeral date"),
    ("demo-L2-4hop-04-zh", None, "near_miss", "2007年4月", F, "unsure: month only"),
    # ---------------------------------------------------------- L2-4hop-04 intermediate hops
    ("demo-L2-4hop-04-en", 1, "plain", "Ashgrove Rural Bank", T, None),
    ("demo-L2-4hop-04-en", 1, "comparison", "Ashgrove Rural Bank, with ¥7.11bn against Pellucid's ¥1.98bn and Kestrel's ¥0.89bn.", T, None),
    ("demo-L2-4hop-04-en", 1, "wrong", "Pellucid Savings Bank", F, None),
    ("demo-L2-4hop-04-en", 3, "comparison", "Harborstone Bank traded more (29.05M shares vs 6.90M).", T, None),
    ("demo-L2-4hop-04-en", 3, "comparison", "Ashgrove's 6,899,400 shares were far below Harborstone's 29,052,100.", T, "implied: the other one is larger"),
    ("demo-L2-4hop-04-en", 3, "wrong", "Ashgrove Rural Bank traded more shares.", F, None),
    ("demo-L2-4hop-04-zh", 3, "comparison", "港石银行成交量更大，灰林农商银行较小。", T, None),
    ("demo-L2-4hop-04-zh", 2, "date_format", "4月26日（2024年）", T, None),
    # ---------------------------------------------------------- L3-5hop-01: 1,265.35 points (Demo Software Index)
    ("demo-L3-5hop-01-en", None, "plain", "1,265.35 points", T, None),
    ("demo-L3-5hop-01-en", None, "plain", "1265.35", T, None),
    ("demo-L3-5hop-01-en", None, "rounding", "about 1,265 points", T, None),
    ("demo-L3-5hop-01-en", None, "buried", "Zephyrine traded the most shares on June 3 (29.27M). It released its Q1 report on 2024-04-24, so the next trading day is April 25. That day the Demo Software Index rose 2.95% versus 1.99% for the semiconductor index, closing at 1,265.35.", T, None),
    ("demo-L3-5hop-01-en", None, "comparison", "The Demo Software Index rose more (+2.95% vs +1.99%) and closed at 1,265.35, while the semiconductor index closed at 1,736.59.", T, "the other index's close is attributed to it"),
    ("demo-L3-5hop-01-en", None, "wrong", "1,736.59 points", F, "the semiconductor index's close"),
    ("demo-L3-5hop-01-en", None, "wrong", "The Demo Semiconductors Index rose more, closing at 1,736.59.", F, None),
    ("demo-L3-5hop-01-en", None, "table", "| Index | Change | Close |\n|---|---|---|\n| Demo Semiconductors Index | +1.99% | 1,736.59 |\n| **Demo Software Index** | **+2.95%** | **1,265.35** |\n\nAnswer: the software index, closing at **1,265.35 points**.", T, None),
    ("demo-L3-5hop-01-en", None, "near_miss", "1,229.49 points", F, "the open"),
    ("demo-L3-5hop-01-en", None, "hedge", "Either 1,265.35 or 1,736.59 points depending on which index you count.", F, None),
    ("demo-L3-5hop-01-en", None, "rounding", "roughly 1,300 points", F, "unsure: 2.7% off; 1,300 at hundreds precision equals the rounded reference"),
    ("demo-L3-5hop-01-en", None, "sign", "The Demo Software Index gained 2.95%, closing at 1,265.35.", T, None),
    ("demo-L3-5hop-01-zh", None, "plain", "1,265.35点", T, None),
    ("demo-L3-5hop-01-zh", None, "buried", "泽风半导体6月3日成交量最大，2024年4月24日发布一季报，次一交易日4月25日演示软件指数上涨2.95%，高于演示半导体指数的1.99%，收于1265.35点。", T, None),
    ("demo-L3-5hop-01-zh", None, "wrong", "1736.59点", F, None),
    ("demo-L3-5hop-01-zh", None, "comparison", "演示软件指数涨幅较大（2.95%），收盘1265.35点；演示半导体指数收于1736.59点。", T, None),
    ("demo-L3-5hop-01-zh", None, "evasion", "软件指数涨幅更大。", F, "only the index, not the close"),
    ("demo-L3-5hop-01-zh", None, "retraction", "1736.59点……不对，涨幅更大的是软件指数，收盘应为1265.35点。", T, None),
    # ---------------------------------------------------------- L3-5hop-01 intermediate hops
    ("demo-L3-5hop-01-en", 1, "plain", "Zephyrine Semiconductor", T, None),
    ("demo-L3-5hop-01-en", 1, "wrong", "Quillon Microchips", F, None),
    ("demo-L3-5hop-01-en", 2, "plain", "April 24, 2024", T, None),
    ("demo-L3-5hop-01-en", 2, "near_miss", "April 25, 2024", F, "the next trading day"),
    ("demo-L3-5hop-01-en", 4, "plain", "Demo Software Index", T, None),
    ("demo-L3-5hop-01-en", 4, "alias", "DSOFTI", T, None),
    ("demo-L3-5hop-01-en", 4, "comparison", "The software index (+2.95%) outpaced the semiconductor index (+1.99%).", T, None),
    ("demo-L3-5hop-01-en", 4, "comparison", "The semiconductor index's 1.99% gain lagged the software index's 2.95%.", T, "implied: the loser is the subject"),
    ("demo-L3-5hop-01-zh", 4, "plain", "演示软件指数", T, None),
    ("demo-L3-5hop-01-zh", 4, "wrong", "演示半导体指数", F, None),
    ("demo-L3-5hop-01-zh", 3, "date_format", "2024年4月25日（星期四）", T, None),
    # ---------------------------------------------------------- L3-5hop-03: 1.46%
    ("demo-L3-5hop-03-en", None, "plain", "1.46%", T, None),
    ("demo-L3-5hop-03-en", None, "sign", "+1.46%", T, None),
    ("demo-L3-5hop-03-en", None, "sign", "The Demo Software Index rose 1.46% on November 4, 2024.", T, None),
    ("demo-L3-5hop-03-en", None, "sign", "It fell 1.46%.", F, "wrong sign"),
    ("demo-L3-5hop-03-en", None, "rounding", "about 1.5%", F, "unsure: 2.7% off the 1.46% change, outside the 1% band; equal at 0.1 precision"),
    ("demo-L3-5hop-03-en", None, "wrong", "-0.48%", F, "the semiconductor index that day"),
    ("demo-L3-5hop-03-en", None, "near_miss", "-0.42%", F, "the software index on the previous trading day"),
    ("demo-L3-5hop-03-en", None, "buried", "Northwind Tech Innovation Fund had the smaller one-year max drawdown (9.12% vs Zenith's 10.69%). Its top holding at end-Q3 2024 was Lexigrid Software, a Software company, whose sector index is the Demo Software Index. On 2024-11-04 that index closed at 1,426.48, up 1.46%.", T, None),
    ("demo-L3-5hop-03-en", None, "context", "+1.46% (after -0.42% on the previous session)", T, None),
    ("demo-L3-5hop-03-en", None, "units", "0.0146", T, "unsure: a change written as a fraction"),
    ("demo-L3-5hop-03-en", None, "wrong", "1,426.48", F, "the close, not the change"),
    ("demo-L3-5hop-03-en", None, "hedge", "Somewhere between 1.4% and 1.5%.", F, "unsure: a range that contains the answer"),
    ("demo-L3-5hop-03-zh", None, "plain", "1.46%", T, None),
    ("demo-L3-5hop-03-zh", None, "sign", "上涨1.46%", T, None),
    ("demo-L3-5hop-03-zh", None, "sign", "下跌1.46%", F, None),
    ("demo-L3-5hop-03-zh", None, "sign", "涨幅为1.46%，收于1426.48点。", T, None),
    ("demo-L3-5hop-03-zh", None, "wrong", "-0.48%", F, None),
    ("demo-L3-5hop-03-zh", None, "evasion", "数据不足，无法确定该指数当日的涨跌幅。", F, None),
    ("demo-L3-5hop-03-zh", None, "context", "演示软件指数当日涨1.46%（同日演示半导体指数跌0.48%）。", T, None),
    # ---------------------------------------------------------- L3-5hop-03 intermediate hops
    ("demo-L3-5hop-03-en", 1, "plain", "Northwind Tech Innovation Fund", T, None),
    ("demo-L3-5hop-03-en", 1, "comparison", "Northwind's drawdown (9.12%) is smaller than Zenith's (10.69%).", T, None),
    ("demo-L3-5hop-03-en", 1, "wrong", "Zenith Growth Equity Fund", F, None),
    ("demo-L3-5hop-03-en", 2, "plain", "Lexigrid Software", T, None),
    ("demo-L3-5hop-03-en", 2, "wrong", "Ferrocell Energy", F, "end-Q2 top holding"),
    ("demo-L3-5hop-03-zh", 2, "plain", "词格软件", T, None),
    ("demo-L3-5hop-03-zh", 3, "plain", "软件行业", T, None),
    ("demo-L3-5hop-03-en", 4, "plain", "the Demo Software Index (DSOFTI)", T, None),
    ("demo-L3-5hop-03-zh", 4, "wrong", "演示半导体指数", F, None),
    # ---------------------------------------------------------- L3-5hop-04: 4,550,048,144 yuan (Talmora 2024 Q1-Q3 revenue)
    ("demo-L3-5hop-04-en", None, "plain", "4,550,048,144 yuan", T, None),
    ("demo-L3-5hop-04-en", None, "units", "¥4.55 billion", T, None),
    ("demo-L3-5hop-04-en", None, "units", "4,550.05 million yuan", T, None),
    ("demo-L3-5hop-04-en", None, "rounding", "approximately ¥4.6 billion", F, "unsure: 1.1% off, outside the 1% band"),
    ("demo-L3-5hop-04-en", None, "near_miss", "1,559,454,067 yuan", F, "Q3 single quarter"),
    ("demo-L3-5hop-04-en", None, "context", "Talmora Circuits' cumulative revenue for Q1–Q3 2024 was ¥4.55bn, of which Q3 alone contributed ¥1.56bn.", T, "the single-quarter figure is a labelled aside"),
    ("demo-L3-5hop-04-en", None, "wrong", "6,615,552,342 yuan", F, "Norvex's cumulative revenue (loser)"),
    ("demo-L3-5hop-04-en", None, "buried", "Talmora Circuits listed first (2023-06-12 vs Gyrodrive's 2023-11-20). Its 20th trading day after listing was 2023-07-12, when it closed at 128.37 against Norvex's 37.60. Talmora's revenue for the first three quarters of 2024 was 4,550,048,144 yuan.", T, None),
    ("demo-L3-5hop-04-en", None, "hedge", "Talmora: ¥4.55bn; if Norvex was meant, ¥6.62bn.", F, None),
    ("demo-L3-5hop-04-en", None, "evasion", "Talmora Circuits closed higher.", F, None),
    ("demo-L3-5hop-04-zh", None, "plain", "4,550,048,144元", T, None),
    ("demo-L3-5hop-04-zh", None, "units", "45.50亿元", T, None),
    ("demo-L3-5hop-04-zh", None, "units", "约45.5亿", T, None),
    ("demo-L3-5hop-04-zh", None, "near_miss", "15.59亿元", F, "第三季度单季"),
    ("demo-L3-5hop-04-zh", None, "context", "塔摩电路2024年前三季度累计营业收入45.50亿元，其中第三季度单季15.59亿元。", T, None),
    ("demo-L3-5hop-04-zh", None, "wrong", "66.16亿元", F, "诺维器件"),
    ("demo-L3-5hop-04-zh", None, "retraction", "15.59亿元——不，这是单季数，题目问的是前三季度累计，应为45.50亿元。", T, None),
    # ---------------------------------------------------------- L3-5hop-04 intermediate hops
    ("demo-L3-5hop-04-en", 1, "plain", "Talmora Circuits", T, None),
    ("demo-L3-5hop-04-en", 1, "comparison", "Gyrodrive listed later (2023-11-20) than Talmora (2023-06-12).", T, "implied: the loser is the subject"),
    ("demo-L3-5hop-04-en", 3, "plain", "2023-07-12", T, None),
    ("demo-L3-5hop-04-en", 3, "near_miss", "2023-07-11", F, "19th trading day"),
    ("demo-L3-5hop-04-en", 3, "date_format", "Wednesday 12 July 2023", T, None),
    ("demo-L3-5hop-04-zh", 3, "date_format", "2023年7月12日", T, None),
    ("demo-L3-5hop-04-zh", 2, "plain", "2023年6月12日", T, None),
    ("demo-L3-5hop-04-zh", 2, "wrong", "2023年11月20日", F, "陀驰系统上市日"),
    # ---------------------------------------------------------- L3-6hop-01: 3,939,660,539 yuan (Silverpine 2023 net profit)
    ("demo-L3-6hop-01-en", None, "plain", "3,939,660,539 yuan", T, None),
    ("demo-L3-6hop-01-en", None, "units", "¥3.94 billion", T, None),
    ("demo-L3-6hop-01-en", None, "units", "RMB 3,939.7m", T, None),
    ("demo-L3-6hop-01-en", None, "rounding", "just under ¥4 billion", F, "unsure: 1.5% off, vague"),
    ("demo-L3-6hop-01-en", None, "near_miss", "1,180,014,303 yuan", F, "Q4 single quarter"),
    ("demo-L3-6hop-01-en", None, "near_miss", "2,759,646,236 yuan", F, "Q1-Q3 cumulative"),
    ("demo-L3-6hop-01-en", None, "context", "Silverpine Liquor's full-year 2023 attributable net profit was ¥3.94bn (Q4 alone: ¥1.18bn).", T, None),
    ("demo-L3-6hop-01-en", None, "buried", "Verdanta Pharma rose more on 2023-09-12 (+1.99% vs +1.32%). It released its Q3 report on 2023-10-18; three trading days later (2023-10-23) Evergreen Dividend Fund's NAV rose 1.90% versus 0.96% for Harborlight. Evergreen's top holding at end-2023 was Silverpine Liquor, whose 2023 net profit attributable to shareholders was 3,939,660,539 yuan.", T, None),
    ("demo-L3-6hop-01-en", None, "wrong", "Silverpine Liquor", F, "the company, not the figure"),
    ("demo-L3-6hop-01-en", None, "retraction", "¥1.18bn — correction, that's Q4 only; the full-year figure is ¥3.94bn.", T, None),
    ("demo-L3-6hop-01-en", None, "retraction", "¥3.94bn, or rather, since the question says 'that fund's largest holding at the end of 2023' and Q4 is the last quarter, ¥1.18bn.", F, "commits to the Q4 figure at the end"),
    ("demo-L3-6hop-01-zh", None, "plain", "3,939,660,539元", T, None),
    ("demo-L3-6hop-01-zh", None, "units", "39.40亿元", T, None),
    ("demo-L3-6hop-01-zh", None, "units", "约39.4亿元", T, None),
    ("demo-L3-6hop-01-zh", None, "near_miss", "11.80亿元", F, None),
    ("demo-L3-6hop-01-zh", None, "context", "银松酒业2023年归母净利润39.40亿元，前三季度累计为27.60亿元。", T, "cumulative Q1-Q3 labelled as such"),
    ("demo-L3-6hop-01-zh", None, "rounding", "约40亿元", F, "unsure: 1.5% off"),
    ("demo-L3-6hop-01-zh", None, "hedge", "39.40亿元或11.80亿元。", F, None),
    # ---------------------------------------------------------- L3-6hop-01 intermediate hops
    ("demo-L3-6hop-01-en", 1, "plain", "Verdanta Pharma", T, None),
    ("demo-L3-6hop-01-en", 1, "wrong", "Celestine Biotech", F, "higher turnover but smaller rise"),
    ("demo-L3-6hop-01-en", 3, "plain", "2023-10-23", T, None),
    ("demo-L3-6hop-01-en", 3, "near_miss", "2023-10-21", F, "calendar days, a Saturday"),
    ("demo-L3-6hop-01-en", 4, "comparison", "Evergreen Dividend Fund (+1.90%) beat Harborlight Balanced Fund (+0.96%).", T, None),
    ("demo-L3-6hop-01-en", 4, "wrong", "Harborlight Balanced Fund", F, None),
    ("demo-L3-6hop-01-en", 5, "plain", "Silverpine Liquor (8.48%)", T, None),
    ("demo-L3-6hop-01-en", 5, "wrong", "Meridale Commercial Bank", F, "rank 2"),
    ("demo-L3-6hop-01-zh", 5, "plain", "银松酒业", T, None),
    ("demo-L3-6hop-01-zh", 4, "plain", "常青红利基金", T, None),
    ("demo-L3-6hop-01-zh", 2, "date_format", "2023/10/18", T, None),
    # ---------------------------------------------------------- L2-4hop-03: Evergreen Dividend Fund (both fell; Evergreen fell less)
    ("demo-L2-4hop-03-en", None, "plain", "Evergreen Dividend Fund", T, None),
    ("demo-L2-4hop-03-en", None, "alias", "EGDF", T, None),
    ("demo-L2-4hop-03-en", None, "comparison", "Evergreen Dividend Fund — its NAV fell 1.23%, less than Summit Healthcare's 1.70% drop.", T, None),
    ("demo-L2-4hop-03-en", None, "comparison", "Summit Healthcare Fund's NAV dropped more (-1.70%) than Evergreen Dividend Fund's (-1.23%), so Evergreen did better.", T, None),
    ("demo-L2-4hop-03-en", None, "wrong", "Summit Healthcare Fund", F, None),
    ("demo-L2-4hop-03-en", None, "wrong", "Summit Healthcare Fund — its NAV moved by 1.70%, a larger change in absolute terms.", F, "'changed more' read as absolute size; not the gold answer"),
    ("demo-L2-4hop-03-en", None, "evasion", "Both funds fell that day.", F, None),
    ("demo-L2-4hop-03-en", None, "hedge", "Evergreen if you mean the better return, Summit if you mean the bigger move.", F, None),
    ("demo-L2-4hop-03-en", None, "buried", "Thistlewood Pharma was Summit Healthcare's top holding at end-Q2 2024 (9.73%). It released its half-year report on 2024-08-29, so the next trading day was Friday 2024-08-30. On that day Summit's NAV fell 1.70% and Evergreen's fell 1.23%. **Answer: Evergreen Dividend Fund.**", T, None),
    ("demo-L2-4hop-03-en", None, "table", "| Fund | NAV change 2024-08-30 |\n|---|---|\n| Summit Healthcare Fund | -1.70% |\n| Evergreen Dividend Fund | -1.23% |", F, "unsure: a table with no verdict"),
    ("demo-L2-4hop-03-zh", None, "plain", "常青红利基金", T, None),
    ("demo-L2-4hop-03-zh", None, "comparison", "常青红利基金净值跌1.23%，跌幅小于巅峰医疗基金的1.70%。", T, None),
    ("demo-L2-4hop-03-zh", None, "wrong", "巅峰医疗基金", F, None),
    ("demo-L2-4hop-03-zh", None, "comparison", "巅峰医疗基金跌得更多，常青红利基金表现相对更好。", T, None),
    ("demo-L2-4hop-03-zh", None, "retraction", "巅峰医疗基金。抱歉，看反了——两只基金都下跌，常青红利基金跌幅更小，答案是常青红利基金。", T, None),
    ("demo-L2-4hop-03-zh", None, "evasion", "两只基金当日净值均下跌，无法比较涨幅。", F, None),
    ("demo-L2-4hop-03-en", 1, "plain", "Thistlewood Pharma", T, None),
    ("demo-L2-4hop-03-en", 1, "wrong", "Verdanta Pharma", F, "rank 2"),
    ("demo-L2-4hop-03-zh", 1, "plain", "蓟木药业（TWPH）", T, None),
    ("demo-L2-4hop-03-en", 3, "date_format", "Fri, Aug 30 2024", T, None),
    ("demo-L2-4hop-03-zh", 3, "near_miss", "2024年8月29日", F, "report day itself"),
    # ---------------------------------------------------------- L3-5hop-02: 156,358,409 yuan (Voltaris Q2 2024 net profit)
    ("demo-L3-5hop-02-en", None, "plain", "156,358,409 yuan", T, None),
    ("demo-L3-5hop-02-en", None, "units", "¥156.36 million", T, None),
    ("demo-L3-5hop-02-en", None, "units", "RMB 0.156 billion", T, None),
    ("demo-L3-5hop-02-en", None, "near_miss", "339,275,912 yuan", F, "H1 cumulative"),
    ("demo-L3-5hop-02-en", None, "wrong", "128,591,952 yuan", F, "Lumenway's Q2 net profit"),
    ("demo-L3-5hop-02-en", None, "context", "Voltaris Motors' Q2 2024 single-quarter net profit was ¥156.4m (H1 cumulative: ¥339.3m).", T, None),
    ("demo-L3-5hop-02-en", None, "rounding", "about 160 million yuan", F, "unsure: 2.3% off; equal at tens-of-millions precision"),
    ("demo-L3-5hop-02-en", None, "buried", "M2 growth peaked in January 2023 (11.5%), released 2023-02-13; the next trading day was 2023-02-14, when Voltaris (turnover 2.05%) beat Lumenway (1.23%). Voltaris' Q2 2024 net profit attributable to shareholders: 156,358,409 yuan.", T, None),
    ("demo-L3-5hop-02-zh", None, "plain", "156,358,409元", T, None),
    ("demo-L3-5hop-02-zh", None, "units", "1.56亿元", T, None),
    ("demo-L3-5hop-02-zh", None, "units", "15635.84万元", T, None),
    ("demo-L3-5hop-02-zh", None, "near_miss", "3.39亿元", F, "上半年累计"),
    ("demo-L3-5hop-02-zh", None, "wrong", "1.29亿元", F, "流明途汽车"),
    ("demo-L3-5hop-02-zh", None, "hedge", "沃塔瑞汽车约1.56亿元；若按流明途汽车计则为1.29亿元。", F, None),
    ("demo-L3-5hop-02-en", 4, "plain", "Voltaris Motors", T, None),
    ("demo-L3-5hop-02-en", 4, "comparison", "Lumenway's turnover (1.23%) was below Voltaris' (2.05%).", T, "implied"),
    ("demo-L3-5hop-02-en", 2, "near_miss", "2023-02-14", F, "the next trading day"),
    ("demo-L3-5hop-02-zh", 3, "plain", "2023年2月14日", T, None),
    # ---------------------------------------------------------- L2-3hop-01: 1,745.99 points
    ("demo-L2-3hop-01-en", None, "plain", "1,745.99 points", T, None),
    ("demo-L2-3hop-01-en", None, "rounding", "about 1,746", T, None),
    ("demo-L2-3hop-01-en", None, "near_miss", "1,758.32 points", F, "the previous day's close"),
    ("demo-L2-3hop-01-en", None, "context", "It closed at 1,745.99, down 0.70% from 1,758.32 the day before.", T, None),
    ("demo-L2-3hop-01-en", None, "wrong", "1,757.27 points", F, "the open"),
    ("demo-L2-3hop-01-zh", None, "plain", "1745.99点", T, None),
    ("demo-L2-3hop-01-zh", None, "buried", "泽风半导体成交量较大（2,619.29万股），其三季报于2024年10月18日发布，当日演示半导体指数收于1,745.99点，下跌0.70%。", T, None),
    ("demo-L2-3hop-01-zh", None, "wrong", "-0.70%", F, "change, not close"),
    ("demo-L2-3hop-01-zh", None, "evasion", "无法获取该指数当日数据。", F, None),
    ("demo-L2-3hop-01-zh", 1, "comparison", "诺维器件成交量仅358.58万股，远低于泽风半导体。", T, "implied"),
    ("demo-L2-3hop-01-zh", 2, "date_format", "10月18日", T, "unsure: no year; nothing contradicts 2024"),
    # ---------------------------------------------------------- L2-3hop-02: 1,981.35 points
    ("demo-L2-3hop-02-en", None, "plain", "1,981.35", T, None),
    ("demo-L2-3hop-02-en", None, "buried", "Lumenway Auto belongs to New Energy Vehicles, tracked by the Demo New Energy Vehicles Index, which closed at 1,981.35 points on July 1, 2024 (+2.03%).", T, None),
    ("demo-L2-3hop-02-en", None, "near_miss", "1,941.87 points", F, "June 28 close"),
    ("demo-L2-3hop-02-en", None, "rounding", "≈1,980 points", T, "unsure: 1,980 at tens precision"),
    ("demo-L2-3hop-02-zh", None, "plain", "1,981.35点", T, None),
    ("demo-L2-3hop-02-zh", None, "context", "收于1981.35点，较前一交易日的1941.87点上涨2.03%。", T, None),
    ("demo-L2-3hop-02-zh", None, "wrong", "1946.40点", F, "开盘"),
    ("demo-L2-3hop-02-zh", 2, "plain", "演示新能源汽车指数", T, None),
    ("demo-L2-3hop-02-zh", 1, "plain", "新能源汽车", T, None),
    ("demo-L2-3hop-02-en", 1, "wrong", "Automobiles", F, "not the sector's name in the market"),
    # ---------------------------------------------------------- L3-6hop-02 intermediate hops, L2-4hop-01 intermediate hops
    ("demo-L3-6hop-02-en", 4, "plain", "Verdanta Pharma", T, None),
    ("demo-L3-6hop-02-en", 4, "comparison", "Harborstone fell 1.65% while Verdanta gained 0.65%.", T, "unsure: verdict implied by the numbers only"),
    ("demo-L3-6hop-02-zh", 5, "plain", "医药", T, None),
    ("demo-L3-6hop-02-zh", 6, "wrong", "演示银行指数", F, None),
    ("demo-L2-4hop-01-en", 2, "plain", "May 27, 2024", T, None),
    ("demo-L2-4hop-01-en", 2, "near_miss", "2024-05-24", F, "record date"),
    ("demo-L2-4hop-01-en", 3, "plain", "2024-06-03", T, None),
    ("demo-L2-4hop-01-zh", 3, "date_format", "6月3日（周一）", T, "unsure: no year"),
    ("demo-L2-4hop-01-zh", 1, "comparison", "红湄酒业收盘83.50元，低于银松酒业的114.04元。", T, None),
    ("demo-L2-4hop-01-zh", 1, "wrong", "银松酒业", F, None),
    ("demo-L2-3hop-04-en", 1, "period", "Q4 2023", T, None),
    ("demo-L2-3hop-04-en", 1, "period", "the fourth quarter (¥2.90bn)", T, "unsure: no year; nothing contradicts 2023"),
    ("demo-L2-3hop-04-en", 1, "period", "2023Q2", F, None),
    ("demo-L2-3hop-04-zh", 1, "period", "2023年四季度", T, None),
    ("demo-L2-3hop-04-zh", 1, "period", "2023年第二季度", F, None),
]


def main() -> None:
    rows = final_answer_rows(ITEMS, "third", demo_chains())
    write_jsonl(OUT, rows)
    print(f"wrote {len(rows)} items ({summary(rows)}) to {OUT}")


if __name__ == "__main__":
    main()
