"""Writes `final_answers_fresh.jsonl`: a second independent annotator's labelled final answers (branch ind2-mh).

Written without reading the matcher's code (matching.py, process.py, mentions.py, periods.py) or the other
labelled sets beyond their format, and labelled by the definition before any run of the matcher:
- correct when the answer commits to the gold answer: the same entity (full name, short name, ticker, Chinese
  name), the same date (any format; a yearless date counts when nothing contradicts it, marked unsure), the same
  period, or the same figure in any unit/scale (within the 1% band *and* equal to the reference at the coarser
  of the two stated precisions: DESIGN §2);
- wrong: a different value (neighbouring day/quarter, other metric, other entity), a hedge between two
  different answers, an evasion or no answer, a sign that contradicts a negative change;
- figures introduced as comparison or context ("vs", "up from", "同比", the other candidate's figure, a labelled
  aside about another metric) are not candidates; the last committed answer after a retraction is the answer.
`hop` is None for the chain's final answer; a number names the intermediate hop whose sub-question the
answer replies to (used for periods, which only occur as intermediate hops). Items marked unsure carry a note.

Run: .venv/bin/python bench/data/multihop/author_fresh_finals.py
"""
# ruff: noqa: E501  (data tables: one item per line reads better than wrapped strings)

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
CHAINS = ROOT / "src" / "finprobe" / "benchmarks" / "multihop" / "data" / "demo_chains.json"
OUT = Path(__file__).parent / "final_answers_fresh.jsonl"

T, F = True, False
U = "unsure"

# (chain id, hop (None = final), kind, answer, label, note; a note starting with "unsure:" marks the item unsure)
ITEMS: list[tuple[str, int | None, str, str, bool, str | None]] = [
    # ------------------------------------------------------------ L1-1hop-01: Quillon Microchips (vs Zephyrine)
    ("demo-L1-1hop-01-en", None, "plain", "Quillon Microchips", T, None),
    ("demo-L1-1hop-01-en", None, "comparison", "Zephyrine Semiconductor closed lower (¥21.76) than Quillon Microchips (¥42.11), so Quillon had the higher close.", T, None),
    ("demo-L1-1hop-01-en", None, "comparison", "Zephyrine Semiconductor's close of 21.76 was well below Quillon Microchips' 42.11.", T, "the answer is implied by the order: Quillon is the higher one"),
    ("demo-L1-1hop-01-en", None, "comparison", "Quillon Microchips rather than Zephyrine Semiconductor — 42.11 yuan against 21.76 yuan.", T, None),
    ("demo-L1-1hop-01-en", None, "table", "| Company | Close on 2024-03-05 |\n|---|---|\n| Zephyrine Semiconductor (ZPHR) | 21.76 |\n| Quillon Microchips (QLMC) | 42.11 |\n\n**Higher close: QLMC**", T, None),
    ("demo-L1-1hop-01-en", None, "hedge", "Probably Quillon Microchips, although Zephyrine Semiconductor may come out ahead on an adjusted-price basis.", F, None),
    ("demo-L1-1hop-01-en", None, "wrong", "Zephyrine Semiconductor — it closed at 21.76, above Quillon.", F, None),
    ("demo-L1-1hop-01-en", None, "retraction", "Zephyrine Semiconductor. Correction: I read the rows the wrong way round — Quillon Microchips had the higher close (42.11 vs 21.76).", T, None),
    ("demo-L1-1hop-01-zh", None, "plain", "奎隆微芯", T, None),
    ("demo-L1-1hop-01-zh", None, "comparison", "泽风半导体收盘价21.76元，低于奎隆微芯的42.11元。", T, "implied: the other one is lower"),
    ("demo-L1-1hop-01-zh", None, "alias", "奎隆微芯（QLMC）的收盘价更高。", T, None),
    ("demo-L1-1hop-01-zh", None, "comparison", "收盘价更高的是奎隆微芯，而不是泽风半导体。", T, None),
    ("demo-L1-1hop-01-zh", None, "hedge", "可能是奎隆微芯，也可能是泽风半导体，需要进一步核实。", F, None),
    ("demo-L1-1hop-01-zh", None, "evasion", "无法确定，现有数据不足以比较两家公司。", F, None),
    # ------------------------------------------------------------ L1-1hop-02: 819,230,815 yuan
    ("demo-L1-1hop-02-en", None, "plain", "819,230,815 yuan", T, None),
    ("demo-L1-1hop-02-en", None, "units", "¥819.23 million", T, None),
    ("demo-L1-1hop-02-en", None, "units", "RMB 819.2m", T, None),
    ("demo-L1-1hop-02-en", None, "units", "about 0.82 billion yuan", T, None),
    ("demo-L1-1hop-02-en", None, "context", "Oakridge Distillery's Q2 2024 single-quarter attributable net profit was ¥819.2 million, down from ¥1,565.5 million in Q1.", T, None),
    ("demo-L1-1hop-02-en", None, "near_miss", "2,384,735,140 yuan", F, "H1 cumulative, not the single quarter"),
    ("demo-L1-1hop-02-en", None, "context", "The H1 2024 cumulative figure was ¥2.38 billion, of which Q2 alone contributed ¥819.23 million.", T, "the cumulative figure is a labelled aside; the Q2 figure is the answer"),
    ("demo-L1-1hop-02-en", None, "context", "Net profit attributable to shareholders: ¥819,230,815 (Q2 2024) vs ¥1,565,504,325 (Q1 2024).", T, None),
    ("demo-L1-1hop-02-en", None, "rounding", "Roughly 820 million yuan.", T, "unsure: '820 million' read at tens-of-millions precision"),
    ("demo-L1-1hop-02-en", None, "near_miss", "815 million yuan", F, "inside 1% but a different figure at million precision"),
    ("demo-L1-1hop-02-en", None, "retraction", "2,384,735,140 yuan. Sorry — that is the cumulative H1 number; the Q2 single-quarter figure is 819,230,815 yuan.", T, None),
    ("demo-L1-1hop-02-en", None, "retraction", "819,230,815 yuan — no wait, the question wants attributable profit for the half, so the answer is 2,384,735,140 yuan.", F, None),
    ("demo-L1-1hop-02-zh", None, "plain", "819,230,815元", T, None),
    ("demo-L1-1hop-02-zh", None, "units", "约8.19亿元", T, None),
    ("demo-L1-1hop-02-zh", None, "context", "8.19亿元（819,230,815元），环比下降47.7%。", T, None),
    ("demo-L1-1hop-02-zh", None, "units", "81923.08万元", T, None),
    ("demo-L1-1hop-02-zh", None, "context", "2024年第二季度单季归母净利润为8.19亿元，上半年累计为23.85亿元。", T, "the cumulative figure is labelled as such"),
    ("demo-L1-1hop-02-zh", None, "near_miss", "23.85亿元", F, None),
    ("demo-L1-1hop-02-zh", None, "rounding", "8.2亿元", T, None),
    # ------------------------------------------------------------ L1-1hop-03: 2024-03-15
    ("demo-L1-1hop-03-en", None, "plain", "2024-03-15", T, None),
    ("demo-L1-1hop-03-en", None, "date_format", "March 15, 2024", T, None),
    ("demo-L1-1hop-03-en", None, "date_format", "Friday, 15 March 2024", T, None),
    ("demo-L1-1hop-03-en", None, "date_format", "3/15/2024", T, None),
    ("demo-L1-1hop-03-en", None, "context", "Voltaris Motors published its 2023 annual report on the 15th of March 2024 (its Q1 2024 report followed on April 16).", T, None),
    ("demo-L1-1hop-03-en", None, "near_miss", "2023-10-30", F, "the 2023 Q3 report"),
    ("demo-L1-1hop-03-en", None, "evasion", "It was released sometime in March 2024.", F, "unsure: month only, no day"),
    ("demo-L1-1hop-03-en", None, "hedge", "Either March 15 or April 16, 2024 — the calendar lists report releases on both days.", F, None),
    ("demo-L1-1hop-03-zh", None, "plain", "2024年3月15日", T, None),
    ("demo-L1-1hop-03-zh", None, "buried", "沃塔瑞汽车于2024年3月15日发布了2023年年度报告。", T, None),
    ("demo-L1-1hop-03-zh", None, "date_format", "2024/3/15", T, None),
    ("demo-L1-1hop-03-zh", None, "date_format", "3月15日", T, "unsure: no year; nothing contradicts 2024"),
    ("demo-L1-1hop-03-zh", None, "near_miss", "2024年4月16日", F, None),
    # ------------------------------------------------------------ L1-1hop-04: 13.57%
    ("demo-L1-1hop-04-en", None, "plain", "13.57%", T, None),
    ("demo-L1-1hop-04-en", None, "buried", "+13.57% over the trailing twelve months", T, None),
    ("demo-L1-1hop-04-en", None, "rounding", "The fund returned 13.6% over the year to June 28, 2024.", T, None),
    ("demo-L1-1hop-04-en", None, "context", "1Y return: 13.57% (YTD: 12.68%)", T, None),
    ("demo-L1-1hop-04-en", None, "near_miss", "12.68%", F, "YTD, not one-year"),
    ("demo-L1-1hop-04-en", None, "near_miss", "17.64%", F, "one-year return as of the previous month end"),
    ("demo-L1-1hop-04-en", None, "units", "0.1357", T, "unsure: a return written as a fraction"),
    ("demo-L1-1hop-04-en", None, "rounding", "About 14%", F, "3% off"),
    ("demo-L1-1hop-04-zh", None, "plain", "13.57%", T, None),
    ("demo-L1-1hop-04-zh", None, "buried", "天顶成长股票基金近一年收益率为13.57%。", T, None),
    ("demo-L1-1hop-04-zh", None, "context", "近一年收益率13.57%，同期今年以来收益率为12.68%。", T, None),
    ("demo-L1-1hop-04-zh", None, "rounding", "约13.6%", T, None),
    ("demo-L1-1hop-04-zh", None, "near_miss", "12.68%", F, None),
    # ------------------------------------------------------------ L1-2hop-01: 32,232,800 shares
    ("demo-L1-2hop-01-en", None, "plain", "32,232,800 shares", T, None),
    ("demo-L1-2hop-01-en", None, "units", "32.23 million shares", T, None),
    ("demo-L1-2hop-01-en", None, "units", "≈32.2M shares", T, None),
    ("demo-L1-2hop-01-en", None, "context", "Harborstone Bank (turnover 1.01% vs Kestrel's 0.20%) traded 32,232,800 shares on May 16, 2024.", T, None),
    ("demo-L1-2hop-01-en", None, "near_miss", "30,690,100 shares", F, "the day before"),
    ("demo-L1-2hop-01-en", None, "context", "32,232,800 shares on 5/16, up from 30,690,100 the day before.", T, None),
    ("demo-L1-2hop-01-en", None, "wrong", "7,454,900 shares", F, "Kestrel's volume"),
    ("demo-L1-2hop-01-en", None, "rounding", "About 32 million shares", T, None),
    ("demo-L1-2hop-01-zh", None, "plain", "32,232,800股", T, None),
    ("demo-L1-2hop-01-zh", None, "units", "3223.28万股", T, None),
    ("demo-L1-2hop-01-zh", None, "units", "约3223万股", T, None),
    ("demo-L1-2hop-01-zh", None, "context", "港石银行5月16日成交3,223.28万股，较前一日的3,069.01万股有所增加。", T, None),
    ("demo-L1-2hop-01-zh", None, "near_miss", "3069.01万股", F, None),
    ("demo-L1-2hop-01-zh", None, "hedge", "成交量为32,232,800股或745.49万股，取决于选哪家银行。", F, None),
    # ------------------------------------------------------------ L1-2hop-02: 2009-05-18
    ("demo-L1-2hop-02-en", None, "plain", "2009-05-18", T, None),
    ("demo-L1-2hop-02-en", None, "date_format", "May 18, 2009", T, None),
    ("demo-L1-2hop-02-en", None, "buried", "Quantara Cloud listed on 18 May 2009.", T, None),
    ("demo-L1-2hop-02-en", None, "date_format", "Monday, May 18th 2009", T, None),
    ("demo-L1-2hop-02-en", None, "near_miss", "2009-05-21", F, None),
    ("demo-L1-2hop-02-en", None, "context", "Quantara Cloud (QNTC) — listing date 2009/05/18; the fund itself was launched on 2016-03-18.", T, None),
    ("demo-L1-2hop-02-en", None, "evasion", "I could not determine the listing date from the available data.", F, None),
    ("demo-L1-2hop-02-zh", None, "plain", "2009年5月18日", T, None),
    ("demo-L1-2hop-02-zh", None, "buried", "宽塔云于2009年5月18日上市。", T, None),
    ("demo-L1-2hop-02-zh", None, "date_format", "2009.05.18", T, None),
    ("demo-L1-2hop-02-zh", None, "wrong", "2016年3月18日", F, "the fund's inception date"),
    # ------------------------------------------------------------ L1-2hop-03: -1.0%
    ("demo-L1-2hop-03-en", None, "plain", "-1.0%", T, None),
    ("demo-L1-2hop-03-en", None, "buried", "PPI fell 1.0% year on year in February 2024.", T, None),
    ("demo-L1-2hop-03-en", None, "units", "−1%", T, None),
    ("demo-L1-2hop-03-en", None, "context", "February 2024 (CPI +1.4% y/y), when PPI was -1.0% y/y.", T, None),
    ("demo-L1-2hop-03-en", None, "near_miss", "-0.9%", F, "March"),
    ("demo-L1-2hop-03-en", None, "sign", "1.0%", F, "unsure: no sign on a negative change"),
    ("demo-L1-2hop-03-en", None, "units", "-100 bps y/y", T, None),
    ("demo-L1-2hop-03-en", None, "hedge", "PPI YoY was -1.0% in Feb and -0.9% in Mar.", F, "unsure: lists two months without saying which one the question picks"),
    ("demo-L1-2hop-03-zh", None, "plain", "-1.0%", T, None),
    ("demo-L1-2hop-03-zh", None, "buried", "同比下降1.0%", T, None),
    ("demo-L1-2hop-03-zh", None, "context", "2024年2月CPI同比上涨1.4%，为全年最高；当月PPI同比-1.0%。", T, None),
    ("demo-L1-2hop-03-zh", None, "near_miss", "同比下降0.9%", F, None),
    ("demo-L1-2hop-03-zh", None, "near_miss", "-1.5%", F, "January"),
    # ------------------------------------------------------------ L1-2hop-04: -2.88%
    ("demo-L1-2hop-04-en", None, "plain", "-2.88%", T, None),
    ("demo-L1-2hop-04-en", None, "buried", "The stock fell 2.88% that day (Aug 16, 2024), closing at 103.01.", T, None),
    ("demo-L1-2hop-04-en", None, "buried", "Down 2.88%", T, None),
    ("demo-L1-2hop-04-en", None, "rounding", "−2.9%", T, None),
    ("demo-L1-2hop-04-en", None, "rounding", "-3%", F, "4% off the reference"),
    ("demo-L1-2hop-04-en", None, "sign", "+2.88%", F, None),
    ("demo-L1-2hop-04-en", None, "near_miss", "-4.10%", F, "next trading day"),
    ("demo-L1-2hop-04-en", None, "units", "-288 bps", T, None),
    ("demo-L1-2hop-04-en", None, "context", "It dropped from 106.07 to 103.01, a 2.88% decline.", T, None),
    ("demo-L1-2hop-04-zh", None, "plain", "-2.88%", T, None),
    ("demo-L1-2hop-04-zh", None, "buried", "下跌2.88%", T, None),
    ("demo-L1-2hop-04-zh", None, "buried", "当日股价下跌2.88%，收于103.01元。", T, None),
    ("demo-L1-2hop-04-zh", None, "rounding", "跌幅约2.9%", T, None),
    ("demo-L1-2hop-04-zh", None, "near_miss", "-0.33%", F, "the day before"),
    # ------------------------------------------------------------ L2-3hop-01: 1,745.99 points
    ("demo-L2-3hop-01-en", None, "plain", "1,745.99 points", T, None),
    ("demo-L2-3hop-01-en", None, "plain", "1745.99", T, None),
    ("demo-L2-3hop-01-en", None, "context", "The index closed at ~1,746 on Oct 18, 2024 (down 0.70%).", T, None),
    ("demo-L2-3hop-01-en", None, "near_miss", "1,758.32 points", F, "the day before"),
    ("demo-L2-3hop-01-en", None, "context", "Close 1,745.99 (open 1,757.27, high 1,762.67).", T, "labelled extras"),
    ("demo-L2-3hop-01-en", None, "rounding", "about 1,750 points", T, "unsure: '1,750' read at tens precision"),
    ("demo-L2-3hop-01-zh", None, "plain", "1,745.99点", T, None),
    ("demo-L2-3hop-01-zh", None, "context", "收盘1745.99点，下跌0.7%。", T, None),
    ("demo-L2-3hop-01-zh", None, "near_miss", "1758.32点", F, None),
    ("demo-L2-3hop-01-zh", None, "rounding", "演示半导体指数当日收于1746点。", T, None),
    # ------------------------------------------------------------ L2-3hop-02: 1,981.35 points
    ("demo-L2-3hop-02-en", None, "plain", "1,981.35 points", T, None),
    ("demo-L2-3hop-02-en", None, "context", "Lumenway Auto is in New Energy Vehicles; the Demo New Energy Vehicles Index (DNEVI) closed at 1,981.35 on July 1, 2024, up 2.03% from 1,941.87.", T, None),
    ("demo-L2-3hop-02-en", None, "near_miss", "1,941.87", F, "previous close"),
    ("demo-L2-3hop-02-en", None, "rounding", "1981", T, None),
    ("demo-L2-3hop-02-en", None, "wrong", "1,987.59 points (the day's high)", F, None),
    ("demo-L2-3hop-02-en", None, "units", "~1.98k points", T, "unsure: k-scaled index level"),
    ("demo-L2-3hop-02-zh", None, "plain", "1,981.35点", T, None),
    ("demo-L2-3hop-02-zh", None, "context", "演示新能源汽车指数2024年7月1日收盘1981.35点，较前一交易日上涨2.03%。", T, None),
    ("demo-L2-3hop-02-zh", None, "near_miss", "1961.15点", F, "next day"),
    # ------------------------------------------------------------ L2-3hop-03: 2,588,350,736 yuan
    ("demo-L2-3hop-03-en", None, "plain", "2,588,350,736 yuan", T, None),
    ("demo-L2-3hop-03-en", None, "units", "¥2.59 billion", T, None),
    ("demo-L2-3hop-03-en", None, "units", "RMB 2,588.35 million", T, None),
    ("demo-L2-3hop-03-en", None, "buried", "Norvex Devices' Q3 2024 revenue: 2.588 bn yuan", T, None),
    ("demo-L2-3hop-03-en", None, "rounding", "2.6B yuan", T, None),
    ("demo-L2-3hop-03-en", None, "wrong", "2,181,734,401 yuan", F, "another company"),
    ("demo-L2-3hop-03-en", None, "context", "Silica ETF (28.77% YTD vs 25.31%) → top holding Norvex Devices (9.58%) → Q3 2024 single-quarter revenue ¥2,588,350,736.", T, None),
    ("demo-L2-3hop-03-en", None, "rounding", "2.5B yuan", F, "3% off"),
    ("demo-L2-3hop-03-zh", None, "plain", "2,588,350,736元", T, None),
    ("demo-L2-3hop-03-zh", None, "units", "约25.88亿元", T, None),
    ("demo-L2-3hop-03-zh", None, "rounding", "25.9亿元", T, None),
    ("demo-L2-3hop-03-zh", None, "context", "诺维器件2024年三季度单季营业收入为25.88亿元，其在硅途半导体ETF中的持仓占比为9.58%。", T, None),
    ("demo-L2-3hop-03-zh", None, "wrong", "21.82亿元", F, None),
    # ------------------------------------------------------------ L2-3hop-04: 2024-04-11 (+ period hop 1: 2023Q4)
    ("demo-L2-3hop-04-en", None, "plain", "2024-04-11", T, None),
    ("demo-L2-3hop-04-en", None, "date_format", "Thursday, April 11, 2024", T, None),
    ("demo-L2-3hop-04-en", None, "date_format", "April 11th", T, "unsure: no year"),
    ("demo-L2-3hop-04-en", None, "near_miss", "2024-04-10", F, "the release day itself"),
    ("demo-L2-3hop-04-en", None, "date_format", "4/11/2024", T, None),
    ("demo-L2-3hop-04-en", None, "context", "The Q4 2023 report came out on April 10, 2024, so the next trading day is April 11, 2024.", T, None),
    ("demo-L2-3hop-04-en", None, "near_miss", "April 12, 2024", F, None),
    ("demo-L2-3hop-04-en", None, "date_format", "11/04/2024", T, "unsure: day-first numeric date (could be read as Nov 4)"),
    ("demo-L2-3hop-04-zh", None, "plain", "2024年4月11日", T, None),
    ("demo-L2-3hop-04-zh", None, "date_format", "4月11日（周四）", T, "unsure: no year"),
    ("demo-L2-3hop-04-zh", None, "context", "报告于2024年4月10日发布，之后的第一个交易日是2024年4月11日。", T, None),
    ("demo-L2-3hop-04-zh", None, "near_miss", "2024年4月10日", F, None),
    ("demo-L2-3hop-04-zh", None, "hedge", "2024年4月11日或4月12日", F, None),
    ("demo-L2-3hop-04-en", 1, "period", "Q4 2023", T, None),
    ("demo-L2-3hop-04-en", 1, "period", "The fourth quarter of 2023 (October–December), with ¥2.90 billion of revenue.", T, None),
    ("demo-L2-3hop-04-en", 1, "period", "Q4 FY23", T, "unsure: fiscal-year label; calendar fiscal year assumed"),
    ("demo-L2-3hop-04-en", 1, "period", "Q2 2023 (¥2.51 billion)", F, None),
    ("demo-L2-3hop-04-zh", 1, "period", "2023年四季度", T, None),
    ("demo-L2-3hop-04-zh", 1, "period", "2023年第三季度", F, None),
    # ------------------------------------------------------------ L2-4hop-01: 86.27 yuan
    ("demo-L2-4hop-01-en", None, "plain", "86.27 yuan", T, None),
    ("demo-L2-4hop-01-en", None, "units", "¥86.27", T, None),
    ("demo-L2-4hop-01-en", None, "context", "Redmere closed at 86.27 on June 3, 2024 (ex-dividend date May 27).", T, None),
    ("demo-L2-4hop-01-en", None, "wrong", "84.06", F, "the open"),
    ("demo-L2-4hop-01-en", None, "near_miss", "83.50 yuan", F, None),
    ("demo-L2-4hop-01-en", None, "rounding", "~86.3 yuan", T, None),
    ("demo-L2-4hop-01-en", None, "rounding", "RMB 86", T, "unsure: coarse rounding to the yuan"),
    ("demo-L2-4hop-01-zh", None, "plain", "86.27元", T, None),
    ("demo-L2-4hop-01-zh", None, "context", "红湄酒业2024年6月3日收盘价为86.27元，当日上涨2.08%。", T, None),
    ("demo-L2-4hop-01-zh", None, "wrong", "114.04元", F, "the other company"),
    ("demo-L2-4hop-01-zh", None, "hedge", "86.27元或114.04元", F, None),
    # ------------------------------------------------------------ L2-4hop-02: Meridale Commercial Bank (vs Harborstone)
    ("demo-L2-4hop-02-en", None, "plain", "Meridale Commercial Bank", T, None),
    ("demo-L2-4hop-02-en", None, "alias", "MDCB", T, None),
    ("demo-L2-4hop-02-en", None, "comparison", "Meridale (+0.57%) vs Harborstone (-0.11%): Meridale had the larger change.", T, None),
    ("demo-L2-4hop-02-en", None, "comparison", "Harborstone Bank's move (-0.11%) was smaller than Meridale's (+0.57%).", T, None),
    ("demo-L2-4hop-02-en", None, "wrong", "Harborstone Bank", F, None),
    ("demo-L2-4hop-02-en", None, "comparison", "Harborstone Bank rather than Meridale Commercial Bank.", F, None),
    ("demo-L2-4hop-02-en", None, "context", "Meridale Commercial Bank had the larger price change; Harborstone had the lower share price.", T, None),
    ("demo-L2-4hop-02-zh", None, "plain", "梅里戴尔商业银行", T, None),
    ("demo-L2-4hop-02-zh", None, "comparison", "梅里戴尔商业银行涨跌幅更大（0.57% 对 -0.11%）。", T, None),
    ("demo-L2-4hop-02-zh", None, "comparison", "港石银行跌0.11%，梅里戴尔商业银行涨0.57%，后者涨跌幅更大。", T, "answer given as 'the latter'"),
    ("demo-L2-4hop-02-zh", None, "wrong", "港石银行", F, None),
    ("demo-L2-4hop-02-zh", None, "evasion", "两者差不多，难以区分。", F, None),
    # ------------------------------------------------------------ L2-4hop-03: Evergreen Dividend Fund (vs Summit Healthcare Fund)
    ("demo-L2-4hop-03-en", None, "plain", "Evergreen Dividend Fund", T, None),
    ("demo-L2-4hop-03-en", None, "alias", "EGDF", T, None),
    ("demo-L2-4hop-03-en", None, "wrong", "Summit Healthcare Fund (−1.70%)", F, None),
    ("demo-L2-4hop-03-en", None, "comparison", "Evergreen Dividend Fund rather than Summit Healthcare Fund.", T, None),
    ("demo-L2-4hop-03-en", None, "alias", "Evergreen Dividend", T, None),
    ("demo-L2-4hop-03-zh", None, "plain", "常青红利基金", T, None),
    ("demo-L2-4hop-03-zh", None, "comparison", "常青红利基金（-1.23%）表现优于巅峰医疗基金（-1.70%）。", T, None),
    ("demo-L2-4hop-03-zh", None, "wrong", "巅峰医疗基金", F, None),
    # ------------------------------------------------------------ L2-4hop-04: 2007-04-23
    ("demo-L2-4hop-04-en", None, "plain", "2007-04-23", T, None),
    ("demo-L2-4hop-04-en", None, "date_format", "April 23, 2007", T, None),
    ("demo-L2-4hop-04-en", None, "context", "Harborstone Bank had the larger volume (29.05M vs 6.90M shares) and listed on 23 April 2007.", T, None),
    ("demo-L2-4hop-04-en", None, "wrong", "2008-04-18", F, "Ashgrove's listing date"),
    ("demo-L2-4hop-04-en", None, "context", "The larger-volume bank was Harborstone, listed 2007-04-23 (Ashgrove listed 2008-04-18).", T, None),
    ("demo-L2-4hop-04-en", None, "wrong", "Ashgrove Rural Bank, listed April 18, 2008", F, None),
    ("demo-L2-4hop-04-zh", None, "plain", "2007年4月23日", T, None),
    ("demo-L2-4hop-04-zh", None, "buried", "港石银行成交量更大，于2007年4月23日上市。", T, None),
    ("demo-L2-4hop-04-zh", None, "wrong", "2008年4月18日", F, None),
    ("demo-L2-4hop-04-zh", None, "date_format", "07年4月23日", T, "unsure: two-digit year"),
    # ------------------------------------------------------------ L3-5hop-01: 1,265.35 points
    ("demo-L3-5hop-01-en", None, "plain", "1,265.35 points", T, None),
    ("demo-L3-5hop-01-en", None, "context", "The Demo Software Index rose more (+2.95% vs +1.99% for semis) and closed at 1,265.35.", T, None),
    ("demo-L3-5hop-01-en", None, "wrong", "1,736.59", F, "the other index"),
    ("demo-L3-5hop-01-en", None, "rounding", "1265", T, None),
    ("demo-L3-5hop-01-en", None, "hedge", "The Software index closed at 1,265.35 points; the Semiconductors index closed at 1,736.59.", F, "unsure: never says which index rose more"),
    ("demo-L3-5hop-01-zh", None, "plain", "1,265.35点", T, None),
    ("demo-L3-5hop-01-zh", None, "context", "演示软件指数涨幅较大（2.95%），当日收盘1265.35点。", T, None),
    ("demo-L3-5hop-01-zh", None, "wrong", "1736.59点", F, None),
    # ------------------------------------------------------------ L3-5hop-02: 156,358,409 yuan (+ period hop 1: 2023-01)
    ("demo-L3-5hop-02-en", None, "plain", "156,358,409 yuan", T, None),
    ("demo-L3-5hop-02-en", None, "units", "¥156.36 million", T, None),
    ("demo-L3-5hop-02-en", None, "units", "RMB 0.156 billion", T, None),
    ("demo-L3-5hop-02-en", None, "units", "1.56亿元", T, None),
    ("demo-L3-5hop-02-en", None, "context", "Voltaris Motors (turnover 2.05% vs Lumenway's 1.23% on Feb 14, 2023) — Q2 2024 net profit ¥156,358,409.", T, None),
    ("demo-L3-5hop-02-en", None, "rounding", "¥160 million", F, "2.3% off"),
    ("demo-L3-5hop-02-zh", None, "plain", "156,358,409元", T, None),
    ("demo-L3-5hop-02-zh", None, "units", "1.56亿元", T, None),
    ("demo-L3-5hop-02-zh", None, "units", "15635.84万元", T, None),
    ("demo-L3-5hop-02-zh", None, "context", "沃塔瑞汽车2024年二季度单季净利润约1.5636亿元，同比增长12%。", T, None),
    ("demo-L3-5hop-02-zh", None, "rounding", "1.6亿元", F, None),
    ("demo-L3-5hop-02-en", 1, "period", "January 2023", T, None),
    ("demo-L3-5hop-02-en", 1, "period", "Jan '23, when M2 grew 11.5% y/y", T, None),
    ("demo-L3-5hop-02-en", 1, "period", "February 2023", F, None),
    ("demo-L3-5hop-02-zh", 1, "period", "2023年1月", T, None),
    ("demo-L3-5hop-02-zh", 1, "period", "2023年2月（M2同比10.8%）", F, None),
    # ------------------------------------------------------------ L3-5hop-03: 1.46%
    ("demo-L3-5hop-03-en", None, "plain", "1.46%", T, None),
    ("demo-L3-5hop-03-en", None, "plain", "+1.46%", T, None),
    ("demo-L3-5hop-03-en", None, "buried", "The Demo Software Index rose 1.46% on Nov 4, 2024, to 1,426.48.", T, None),
    ("demo-L3-5hop-03-en", None, "rounding", "1.5%", F, "2.7% off"),
    ("demo-L3-5hop-03-en", None, "units", "146 bps", T, None),
    ("demo-L3-5hop-03-en", None, "units", "0.0146", T, "unsure: a change written as a fraction"),
    ("demo-L3-5hop-03-zh", None, "plain", "1.46%", T, None),
    ("demo-L3-5hop-03-zh", None, "buried", "上涨1.46%", T, None),
    ("demo-L3-5hop-03-zh", None, "buried", "涨幅1.46%，收于1426.48点", T, None),
    ("demo-L3-5hop-03-zh", None, "sign", "-1.46%", F, None),
    # ------------------------------------------------------------ L3-5hop-04: 4,550,048,144 yuan
    ("demo-L3-5hop-04-en", None, "plain", "4,550,048,144 yuan", T, None),
    ("demo-L3-5hop-04-en", None, "units", "¥4.55 billion", T, None),
    ("demo-L3-5hop-04-en", None, "rounding", "4.6 billion yuan", F, "unsure: a correct rounding to 0.1bn but 1.1% off (outside the band)"),
    ("demo-L3-5hop-04-en", None, "context", "Talmora Circuits (128.37 vs Norvex's 37.60 on 2023-07-12): 9M 2024 revenue of RMB 4,550.05 million.", T, None),
    ("demo-L3-5hop-04-en", None, "wrong", "2,163,449,935 yuan", F, "a single quarter of 2023"),
    ("demo-L3-5hop-04-zh", None, "plain", "4,550,048,144元", T, None),
    ("demo-L3-5hop-04-zh", None, "units", "45.50亿元", T, None),
    ("demo-L3-5hop-04-zh", None, "units", "约45.5亿元", T, None),
    ("demo-L3-5hop-04-zh", None, "context", "塔摩电路2024年前三季度累计营业收入45.5亿元，同比增长18%。", T, None),
    ("demo-L3-5hop-04-zh", None, "units", "4.55亿元", F, "scale off by ten"),
    # ------------------------------------------------------------ L3-6hop-01: 3,939,660,539 yuan
    ("demo-L3-6hop-01-en", None, "plain", "3,939,660,539 yuan", T, None),
    ("demo-L3-6hop-01-en", None, "units", "¥3.94 billion", T, None),
    ("demo-L3-6hop-01-en", None, "buried", "Silverpine Liquor's FY2023 attributable net profit was ¥3.94bn.", T, None),
    ("demo-L3-6hop-01-en", None, "rounding", "3.9 billion yuan", F, "unsure: correct rounding to 0.1bn but 1.01% off"),
    ("demo-L3-6hop-01-en", None, "units", "39.4亿元", T, None),
    ("demo-L3-6hop-01-en", None, "units", "¥3.94 million", F, "scale"),
    ("demo-L3-6hop-01-zh", None, "plain", "3,939,660,539元", T, None),
    ("demo-L3-6hop-01-zh", None, "units", "39.40亿元", T, None),
    ("demo-L3-6hop-01-zh", None, "context", "银松酒业2023年归母净利润约39.4亿元，较2022年增长8%。", T, None),
    ("demo-L3-6hop-01-zh", None, "units", "3.94亿元", F, "scale"),
    # ------------------------------------------------------------ L3-6hop-02: Demo Pharmaceuticals Index (+ period hop 1: 2023Q2)
    ("demo-L3-6hop-02-en", None, "plain", "Demo Pharmaceuticals Index", T, None),
    ("demo-L3-6hop-02-en", None, "alias", "DPHARI", T, None),
    ("demo-L3-6hop-02-en", None, "alias", "DPHARI.DEMO (Demo Pharmaceuticals Index)", T, None),
    ("demo-L3-6hop-02-en", None, "context", "Verdanta Pharma rose more (+0.65% vs Harborstone's -1.65%); its sector index is the Demo Pharmaceuticals Index.", T, None),
    ("demo-L3-6hop-02-en", None, "wrong", "Demo Banking Index", F, None),
    ("demo-L3-6hop-02-en", None, "wrong", "The Pharmaceuticals sector", F, "unsure: names the sector, not its index"),
    ("demo-L3-6hop-02-en", None, "alias", "演示医药指数", T, None),
    ("demo-L3-6hop-02-zh", None, "plain", "演示医药指数", T, None),
    ("demo-L3-6hop-02-zh", None, "buried", "翠丹制药属于医药行业，对应的行业指数为演示医药指数（DPHARI）。", T, None),
    ("demo-L3-6hop-02-zh", None, "alias", "医药行业指数", T, "unsure: a description of the index rather than its name"),
    ("demo-L3-6hop-02-zh", None, "wrong", "演示银行指数", F, None),
    ("demo-L3-6hop-02-en", 1, "period", "Q2 2023", T, None),
    ("demo-L3-6hop-02-en", 1, "period", "April–June 2023 (GDP +5.2% y/y)", T, None),
    ("demo-L3-6hop-02-en", 1, "period", "2023Q3", F, None),
    ("demo-L3-6hop-02-en", 1, "period", "The second quarter of 2022", F, "wrong year"),
    ("demo-L3-6hop-02-zh", 1, "period", "2023年二季度", T, None),
    ("demo-L3-6hop-02-zh", 1, "period", "2023年第二季度，GDP同比增长5.2%，高于一季度的4.4%。", T, None),
    # ------------------------------------------------------------ L3-6hop-03: 143.28 yuan (+ period hop 1: 2023-04)
    ("demo-L3-6hop-03-en", None, "plain", "143.28 yuan", T, None),
    ("demo-L3-6hop-03-en", None, "units", "¥143.28", T, None),
    ("demo-L3-6hop-03-en", None, "context", "Cirrusoft Systems closed at 143.28 on 2023-10-30 (down 3.28%).", T, None),
    ("demo-L3-6hop-03-en", None, "near_miss", "141.34 yuan", F, None),
    ("demo-L3-6hop-03-en", None, "wrong", "148.86", F, "the open"),
    ("demo-L3-6hop-03-en", None, "rounding", "~143.3", T, None),
    ("demo-L3-6hop-03-zh", None, "plain", "143.28元", T, None),
    ("demo-L3-6hop-03-zh", None, "context", "卷云软件2023年10月30日收盘价143.28元，当日下跌3.28%。", T, None),
    ("demo-L3-6hop-03-zh", None, "near_miss", "141.34元", F, None),
    ("demo-L3-6hop-03-zh", None, "rounding", "约143元", T, None),
    ("demo-L3-6hop-03-en", 1, "period", "April 2023", T, None),
    ("demo-L3-6hop-03-en", 1, "period", "2023-04 (CPI -0.4% y/y)", T, None),
    ("demo-L3-6hop-03-en", 1, "period", "May 2023", F, None),
    ("demo-L3-6hop-03-zh", 1, "period", "2023年4月", T, None),
    ("demo-L3-6hop-03-zh", 1, "period", "4月（同比-0.4%）", T, "unsure: no year"),
    # ------------------------------------------------------------ L3-6hop-04: Quantara Cloud (vs Orbisync Tech)
    ("demo-L3-6hop-04-en", None, "plain", "Quantara Cloud", T, None),
    ("demo-L3-6hop-04-en", None, "alias", "QNTC", T, None),
    ("demo-L3-6hop-04-en", None, "comparison", "Quantara Cloud traded more (1,500,600 vs 423,500 shares).", T, None),
    ("demo-L3-6hop-04-en", None, "comparison", "Orbisync Tech traded fewer shares than Quantara Cloud on 2024-10-29.", T, None),
    ("demo-L3-6hop-04-en", None, "wrong", "Orbisync Tech", F, None),
    ("demo-L3-6hop-04-en", None, "wrong", "Orbisync Tech (1,500,600 shares)", F, None),
    ("demo-L3-6hop-04-en", None, "comparison", "Not Orbisync — Quantara Cloud.", T, None),
    ("demo-L3-6hop-04-en", None, "evasion", "Both traded similar volumes.", F, None),
    ("demo-L3-6hop-04-zh", None, "plain", "宽塔云", T, None),
    ("demo-L3-6hop-04-zh", None, "comparison", "宽塔云成交量更大（150.06万股，环同科技为42.35万股）。", T, None),
    ("demo-L3-6hop-04-zh", None, "comparison", "环同科技的成交量小于宽塔云。", T, None),
    ("demo-L3-6hop-04-zh", None, "wrong", "环同科技", F, None),
    ("demo-L3-6hop-04-zh", None, "alias", "宽塔", T, None),
    ("demo-L3-6hop-04-en", None, "evasion", "", F, "empty answer"),
    # ------------------------------------------------------------ candidates considered then rejected, retractions
    ("demo-L2-4hop-02-en", None, "candidates", "I first considered Harborstone Bank, but its change was only -0.11%; Meridale Commercial Bank moved +0.57%, so the answer is Meridale.", T, None),
    ("demo-L3-6hop-04-en", None, "candidates", "Candidates: Orbisync Tech (423,500 shares) and Quantara Cloud (1,500,600 shares). Orbisync is ruled out; Quantara Cloud traded more.", T, None),
    ("demo-L3-6hop-04-zh", None, "comparison", "宽塔云，而非环同科技。", T, None),
    ("demo-L2-4hop-03-zh", None, "comparison", "不是巅峰医疗基金，而是常青红利基金。", T, None),
    ("demo-L1-1hop-01-en", None, "comparison", "Not Quillon — Zephyrine Semiconductor had the higher close.", F, None),
    ("demo-L2-3hop-04-en", None, "candidates", "I first thought April 10, but that is the release day itself; the answer is April 11, 2024.", T, None),
    ("demo-L1-2hop-04-en", None, "candidates", "I initially read -0.33% (Aug 15), but the release was on Aug 16, when the stock fell 2.88%.", T, None),
    ("demo-L3-6hop-02-en", None, "retraction", "Demo Pharmaceuticals Index? No — on reflection Harborstone rose more, so it is the Demo Banking Index.", F, None),
    ("demo-L2-4hop-01-en", None, "hedge", "Tentatively 86.27 yuan, but it could also be 84.06 yuan if the opening price is meant.", F, None),
]


def _reference(hop: dict[str, Any]) -> dict[str, Any]:
    return {"answer": hop["answer"], "kind": hop["kind"], "value": hop.get("value"), "unit": hop.get("unit"),
            "aliases": hop.get("aliases") or [], "distractors": hop.get("distractors") or []}


def main() -> None:
    chains = {c["id"]: c for c in json.loads(CHAINS.read_text(encoding="utf-8"))}
    rows = []
    counter: dict[str, int] = {}
    for chain_id, hop_no, kind, answer, label, note in ITEMS:
        chain = chains[chain_id]
        hop = chain["hops"][-1] if hop_no is None else chain["hops"][hop_no - 1]
        counter[chain_id] = counter.get(chain_id, 0) + 1
        question = chain["question"] if hop_no is None else (hop.get("question") or chain["question"])
        row: dict[str, Any] = {
            "id": f"fresh/{chain_id}/{counter[chain_id]}", "kind": kind, "language": chain.get("language", "en"),
            "question": question, "hop": hop_no, "reference": _reference(hop), "answer": answer, "label": label,
        }
        if note:
            if note.startswith("unsure:"):
                row["unsure"] = True
                note = note[len("unsure:"):].strip()
            row["note"] = note
        rows.append(row)
    OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"wrote {len(rows)} items to {OUT}")


if __name__ == "__main__":
    main()
