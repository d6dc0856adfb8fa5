"""Writes `final_answers_independent.jsonl`: an independent annotator's labelled final answers.

Written by someone who has not read the matcher's code (matching.py, process.py, mentions.py,
periods.py) and labelled by the definition, before any run of the matcher:
- DESIGN §2/§6 and the built-in final judge prompt: correct when the answer states the same entity (any name,
  short name or ticker), the same date (any format) or the same figure (any unit or scale; a number must be
  within the 1% band *and* agree with the reference at the coarser of the two stated precisions); a hedge
  between two different answers, an evasive answer or no answer is wrong; figures introduced as context
  or comparison are not candidates; a year that contradicts the reference is wrong.
- Yearless dates/months count when the question fixes the year; they are marked unsure.
Items marked `unsure` carry a `note` saying why (a few sure items carry a note too). Answers are phrased like frontier agents write them.

Run: .venv/bin/python bench/data/multihop/author_independent_finals.py
"""
# ruff: noqa: E501  (data tables: one item per line reads better than wrapped strings)

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _authoring import reference, write_jsonl

ROOT = Path(__file__).resolve().parents[3]
CHAINS = ROOT / "src" / "finprobe" / "benchmarks" / "multihop" / "data" / "demo_chains.json"
OUT = Path(__file__).parent / "final_answers_independent.jsonl"

T, F = True, False

# (chain id, hop index or None for the final hop, kind, answer, label, note-if-unsure)
ITEMS: list[tuple[str, int | None, str, str, bool, str | None]] = [
    # ---------------------------------------------------------------- L1-1hop-01 (entity: Quillon Microchips)
    ("demo-L1-1hop-01-en", None, "buried",
     "Quillon Microchips closed higher on March 5, 2024 — ¥42.11 versus ¥21.76 for Zephyrine Semiconductor.", T, None),
    ("demo-L1-1hop-01-en", None, "alias", "**QLMC** (Quillon) — close 42.11 vs ZPHR 21.76", T, None),
    ("demo-L1-1hop-01-en", None, "retraction",
     "Zephyrine Semiconductor had the higher close... wait, no — I swapped the two rows. Quillon Microchips closed "
     "at 42.11 and Zephyrine at 21.76, so the higher closing price belongs to Quillon Microchips.", T, None),
    ("demo-L1-1hop-01-en", None, "context",
     "Quillon Microchips closed higher (42.11 yuan), although Zephyrine Semiconductor traded far more shares that day.",
     T, None),
    ("demo-L1-1hop-01-en", None, "near_miss", "Zephyrine Semiconductor (ZPHR), which closed at 21.76.", F, None),
    ("demo-L1-1hop-01-en", None, "hedge",
     "It is either Quillon Microchips or Zephyrine Semiconductor — the tool returned closes of 42.11 and 21.76 but I "
     "could not confirm which row belongs to which company.", F, None),
    ("demo-L1-1hop-01-en", None, "no_answer",
     "I was unable to retrieve closing prices for 2024-03-05, so I cannot determine which company closed higher.",
     F, None),
    ("demo-L1-1hop-01-en", None, "negation", "Zephyrine did not close higher — Quillon did.", T, None),
    ("demo-L1-1hop-01-en", None, "alias", "奎隆微芯 (Quillon Microchips)", T, None),
    # ---------------------------------------------------------------- L1-1hop-01-zh
    ("demo-L1-1hop-01-zh", None, "buried", "2024年3月5日收盘价更高的是**奎隆微芯**（42.11元），泽风半导体收盘价为21.76元。", T, None),
    ("demo-L1-1hop-01-zh", None, "alias", "奎隆", T, None),
    ("demo-L1-1hop-01-zh", None, "near_miss", "泽风半导体收盘价更高。", F, None),
    ("demo-L1-1hop-01-zh", None, "alias", "经查询，奎隆微芯收盘42.11元，高于泽风半导体的21.76元。\n\n答案：QLMC", T, None),
    ("demo-L1-1hop-01-zh", None, "no_answer", "两家公司收盘价分别为42.11元和21.76元，但无法确定各自对应哪家公司，因此无法判断。", F, None),
    ("demo-L1-1hop-01-zh", None, "negation", "泽风半导体的收盘价并不比奎隆微芯高，因此答案是奎隆微芯。", T, None),
    # ---------------------------------------------------------------- L1-1hop-02 (number: 819,230,815 yuan)
    ("demo-L1-1hop-02-en", None, "unit_scale",
     "Oakridge Distillery's Q2 2024 single-quarter net profit attributable to shareholders was ¥819.23 million.", T, None),
    ("demo-L1-1hop-02-en", None, "unit_scale", "About 819 million yuan (819,230,815).", T, None),
    ("demo-L1-1hop-02-en", None, "unit_scale", "RMB 0.82 billion", T, None),
    ("demo-L1-1hop-02-en", None, "unit_scale", "8.19亿元 (about 819 million yuan)", T, None),
    ("demo-L1-1hop-02-en", None, "near_miss",
     "2,384,735,140 yuan — that is the net profit attributable to shareholders for the first half of 2024.", F, None),
    ("demo-L1-1hop-02-en", None, "context",
     "Net profit attributable to shareholders in Q2 2024 was 819.2 million yuan, down from 1,565.5 million yuan in Q1.",
     T, None),
    ("demo-L1-1hop-02-en", None, "two_labelled",
     "Q1 2024: 1.57 billion yuan; Q2 2024: 819 million yuan.", T,
     "two figures, but each labelled with its quarter; the Q2 one answers the question"),
    ("demo-L1-1hop-02-en", None, "exact", "819,230,815", T, None),
    ("demo-L1-1hop-02-en", None, "rounding", "About 0.8 billion yuan.", F,
     "2.3% off: outside the 1% band of DESIGN §2, though a consistent 1-significant-figure rounding"),
    ("demo-L1-1hop-02-en", None, "unit_scale", "819.23m", T, None),
    ("demo-L1-1hop-02-en", None, "rounding", "Roughly 820 million yuan.", T, None),
    # ---------------------------------------------------------------- L1-1hop-02-zh
    ("demo-L1-1hop-02-zh", None, "unit_scale", "橡岭酒业2024年第二季度单季归母净利润为8.19亿元。", T, None),
    ("demo-L1-1hop-02-zh", None, "unit_scale", "约8.2亿元", T, None),
    ("demo-L1-1hop-02-zh", None, "unit_scale", "81923.08万元", T, None),
    ("demo-L1-1hop-02-zh", None, "near_miss", "23.85亿元（2024年上半年累计）", F, None),
    ("demo-L1-1hop-02-zh", None, "context", "2024年第二季度单季归母净利润819,230,815元，较第一季度的15.66亿元有所下降。", T, None),
    ("demo-L1-1hop-02-zh", None, "no_answer", "抱歉，工具未返回该季度数据，无法获取。", F, None),
    ("demo-L1-1hop-02-zh", None, "rounding", "8亿元左右", F, "2.3% off: outside the 1% band"),
    # ---------------------------------------------------------------- L1-1hop-03 (date: 2024-03-15)
    ("demo-L1-1hop-03-en", None, "date_format", "Voltaris Motors published its 2023 annual report on March 15, 2024.", T, None),
    ("demo-L1-1hop-03-en", None, "date_format", "15 March 2024", T, None),
    ("demo-L1-1hop-03-en", None, "date_format", "2024/03/15", T, None),
    ("demo-L1-1hop-03-en", None, "date_format", "03/15/2024", T, None),
    ("demo-L1-1hop-03-en", None, "yearless", "Mar 15", T,
     "yearless; the question names fiscal 2023, not the release year, but only one March 15 is plausible"),
    ("demo-L1-1hop-03-en", None, "near_miss", "April 16, 2024", F, None),
    ("demo-L1-1hop-03-en", None, "near_miss", "2023-04-10 (the annual report release)", F, None),
    ("demo-L1-1hop-03-en", None, "date_format", "The annual report came out on the 15th of March, 2024 (a Friday).", T, None),
    ("demo-L1-1hop-03-en", None, "incomplete", "Voltaris released its 2023 annual report in March 2024.", F, None),
    # ---------------------------------------------------------------- L1-1hop-03-zh
    ("demo-L1-1hop-03-zh", None, "date_format", "沃塔瑞汽车于2024年3月15日发布了2023年年度报告。", T, None),
    ("demo-L1-1hop-03-zh", None, "date_format", "2024.3.15", T, None),
    ("demo-L1-1hop-03-zh", None, "yearless", "3月15日", T, "yearless; release year not in the question"),
    ("demo-L1-1hop-03-zh", None, "near_miss", "2023年年报发布日期为2024年4月16日。", F, None),
    ("demo-L1-1hop-03-zh", None, "date_format", "二〇二四年三月十五日", T, None),
    # ---------------------------------------------------------------- L1-1hop-04 (number: 13.57 %)
    ("demo-L1-1hop-04-en", None, "buried", "As of June 28, 2024, the fund's trailing one-year return was +13.57%.", T, None),
    ("demo-L1-1hop-04-en", None, "rounding", "13.6%", T, None),
    ("demo-L1-1hop-04-en", None, "unit_scale", "A one-year return of 0.1357 (in decimal form).", T, None),
    ("demo-L1-1hop-04-en", None, "near_miss", "12.68% year to date", F, None),
    ("demo-L1-1hop-04-en", None, "context", "The 1-year return is 13.57%, versus 12.68% year to date.", T, None),
    ("demo-L1-1hop-04-en", None, "rounding", "About 14%", F, "3% off: outside the 1% band"),
    ("demo-L1-1hop-04-en", None, "exact", "13.57", T, None),
    # ---------------------------------------------------------------- L1-1hop-04-zh
    ("demo-L1-1hop-04-zh", None, "buried", "截至2024年6月28日，天顶成长股票基金近一年收益率为13.57%。", T, None),
    ("demo-L1-1hop-04-zh", None, "two_labelled", "近一年收益率约为13.6%（今年以来收益率为12.68%）。", T, None),
    ("demo-L1-1hop-04-zh", None, "near_miss", "近一年收益12.68%", F, None),
    # ---------------------------------------------------------------- L1-2hop-01 (number: 32,232,800 shares)
    ("demo-L1-2hop-01-en", None, "exact", "32,232,800 shares", T, None),
    ("demo-L1-2hop-01-en", None, "unit_scale", "About 32.23 million shares traded on May 16.", T, None),
    ("demo-L1-2hop-01-en", None, "unit_scale", "32.2M shares", T, None),
    ("demo-L1-2hop-01-en", None, "buried",
     "Harborstone Bank had the higher turnover on May 15 (1.01% vs 0.20%), and on May 16 it traded 32.23 million "
     "shares.", T, None),
    ("demo-L1-2hop-01-en", None, "near_miss", "5,737,400 shares", F, None),
    ("demo-L1-2hop-01-en", None, "near_miss", "30,690,100 shares (May 15)", F, None),
    ("demo-L1-2hop-01-en", None, "context",
     "Volume on 2024-05-16 was 32,232,800 shares (turnover 1.06%), up from 30,690,100 shares the day before.", T, None),
    # ---------------------------------------------------------------- L1-2hop-01-zh
    ("demo-L1-2hop-01-zh", None, "unit_scale", "3223.28万股", T, None),
    ("demo-L1-2hop-01-zh", None, "unit_scale", "约3223万股", T, None),
    ("demo-L1-2hop-01-zh", None, "unit_scale", "0.32亿股", T, None),
    ("demo-L1-2hop-01-zh", None, "unit_scale", "成交量为322,328手", T, "!lots of 100 shares: same quantity, other unit"),
    ("demo-L1-2hop-01-zh", None, "near_miss", "隼信银行换手率更高，其5月16日成交量为573.74万股。", F, None),
    ("demo-L1-2hop-01-zh", None, "context", "成交量3223.28万股，成交额11.23亿元。", T, None),
    # ---------------------------------------------------------------- L1-2hop-02 (date: 2009-05-18)
    ("demo-L1-2hop-02-en", None, "buried",
     "Quantara Cloud (QNTC), the fund's top holding at end-Q1 2024, listed on May 18, 2009.", T, None),
    ("demo-L1-2hop-02-en", None, "date_format", "18/05/2009", T, None),
    ("demo-L1-2hop-02-en", None, "near_miss", "2012-11-13", F, None),
    ("demo-L1-2hop-02-en", None, "yearless", "May 18", F, "yearless and the year cannot be inferred from the question"),
    ("demo-L1-2hop-02-en", None, "incomplete", "It listed in May 2009.", F, None),
    # ---------------------------------------------------------------- L1-2hop-02-zh
    ("demo-L1-2hop-02-zh", None, "date_format", "宽塔云于2009年5月18日上市。", T, None),
    ("demo-L1-2hop-02-zh", None, "date_format", "2009/5/18", T, None),
    ("demo-L1-2hop-02-zh", None, "near_miss", "第一大重仓股是宽塔云，上市日期为2009年5月19日。", F, None),
    # ---------------------------------------------------------------- L1-2hop-03 (number: -1.0 %)
    ("demo-L1-2hop-03-en", None, "sign_words", "PPI fell 1.0% year on year in February 2024.", T, None),
    ("demo-L1-2hop-03-en", None, "exact", "-1%", T, None),
    ("demo-L1-2hop-03-en", None, "sign", "−1.0%", T, None),
    ("demo-L1-2hop-03-en", None, "context", "CPI peaked in February 2024 (+1.4% YoY); PPI that month was down 1.0% YoY.", T, None),
    ("demo-L1-2hop-03-en", None, "near_miss", "-1.5%", F, None),
    ("demo-L1-2hop-03-en", None, "sign", "1.0%", F, None),
    ("demo-L1-2hop-03-en", None, "context", "PPI YoY in Feb 2024: -1.0% (vs -1.5% in January)", T, None),
    # ---------------------------------------------------------------- L1-2hop-03-zh
    ("demo-L1-2hop-03-zh", None, "sign_words", "该月（2024年2月）PPI同比下降1.0%。", T, None),
    ("demo-L1-2hop-03-zh", None, "context", "PPI同比为-1.0%，较1月的-1.5%有所收窄。", T, None),
    ("demo-L1-2hop-03-zh", None, "near_miss", "同比下降1.5%", F, None),
    ("demo-L1-2hop-03-zh", None, "exact", "2024年2月PPI同比-1%", T, None),
    # ---------------------------------------------------------------- L1-2hop-04 (number: -2.88 %)
    ("demo-L1-2hop-04-en", None, "sign_words",
     "Cobaltia's shares fell 2.88% on August 16, 2024, the day it released its half-year report.", T, None),
    ("demo-L1-2hop-04-en", None, "sign", "−2.88%", T, None),
    ("demo-L1-2hop-04-en", None, "near_miss", "down 4.1% (on Aug 19, the first trading day after the release)", F, None),
    ("demo-L1-2hop-04-en", None, "rounding", "The stock dropped 2.9%.", T, None),
    ("demo-L1-2hop-04-en", None, "context", "-2.88% (close 103.01 yuan vs 106.07 the prior day)", T, None),
    ("demo-L1-2hop-04-en", None, "sign", "2.88%", F, "bare magnitude of a decline: the direction is missing"),
    # ---------------------------------------------------------------- L1-2hop-04-zh
    ("demo-L1-2hop-04-zh", None, "sign_words", "钴亚电池2024年8月16日发布半年报，当日股价下跌2.88%。", T, None),
    ("demo-L1-2hop-04-zh", None, "sign_words", "当日跌幅为2.88%", T, None),
    ("demo-L1-2hop-04-zh", None, "exact", "涨跌幅：-2.88%", T, None),
    ("demo-L1-2hop-04-zh", None, "sign_words", "当日上涨2.88%", F, None),
    # ---------------------------------------------------------------- L2-3hop-01 (number: 1,745.99 points)
    ("demo-L2-3hop-01-en", None, "buried", "The Demo Semiconductors Index closed at 1,745.99 on October 18, 2024.", T, None),
    ("demo-L2-3hop-01-en", None, "rounding", "~1746 points", T, None),
    ("demo-L2-3hop-01-en", None, "near_miss", "1,758.32 points", F, None),
    ("demo-L2-3hop-01-en", None, "rounding", "1745.9", F, "truncation, not rounding: a different figure at its precision"),
    ("demo-L2-3hop-01-en", None, "context", "The index closed at 1,745.99 points, down 0.70% on the day.", T, None),
    # ---------------------------------------------------------------- L2-3hop-01-zh
    ("demo-L2-3hop-01-zh", None, "buried", "演示半导体指数当日收盘1745.99点。", T, None),
    ("demo-L2-3hop-01-zh", None, "rounding", "收盘点位约1746点", T, None),
    ("demo-L2-3hop-01-zh", None, "near_miss", "1732.02点（10月21日）", F, None),
    # ---------------------------------------------------------------- L2-3hop-02 (number: 1,981.35 points)
    ("demo-L2-3hop-02-en", None, "exact", "1,981.35", T, None),
    ("demo-L2-3hop-02-en", None, "context",
     "The Demo New Energy Vehicles Index closed at 1981.35 points on July 1, 2024, up 2.03% from 1,941.87.", T, None),
    ("demo-L2-3hop-02-en", None, "near_miss", "1,941.87 points", F, None),
    ("demo-L2-3hop-02-en", None, "hedge", "It closed at 1,981.35 — or 1,961.15 if you take the July 2 close.", F, None),
    # ---------------------------------------------------------------- L2-3hop-02-zh
    ("demo-L2-3hop-02-zh", None, "context", "新能源汽车指数7月1日收于1981.35点，涨2.03%。", T, None),
    ("demo-L2-3hop-02-zh", None, "near_miss", "1961.15点", F, None),
    # ---------------------------------------------------------------- L2-3hop-03 (number: 2,588,350,736 yuan)
    ("demo-L2-3hop-03-en", None, "unit_scale", "Norvex Devices' Q3 2024 single-quarter revenue was about 2.59 billion yuan.", T, None),
    ("demo-L2-3hop-03-en", None, "unit_scale", "¥2.588B", T, None),
    ("demo-L2-3hop-03-en", None, "near_miss", "6,615,552,342 yuan (Jan–Sep 2024)", F, None),
    ("demo-L2-3hop-03-en", None, "rounding", "2.6 billion", T, None),
    ("demo-L2-3hop-03-en", None, "context", "Norvex's Q3 revenue: 2,588,350,736 yuan, up from 2,106,838,759 yuan in Q2.", T, None),
    # ---------------------------------------------------------------- L2-3hop-03-zh
    ("demo-L2-3hop-03-zh", None, "unit_scale", "诺维器件2024年第三季度单季营业收入为25.88亿元。", T, None),
    ("demo-L2-3hop-03-zh", None, "rounding", "约26亿元", T, None),
    ("demo-L2-3hop-03-zh", None, "near_miss", "前三季度累计营收66.16亿元", F, None),
    ("demo-L2-3hop-03-zh", None, "unit_scale", "258835.07万元", T, None),
    # ---------------------------------------------------------------- L2-3hop-04 (date: 2024-04-11)
    ("demo-L2-3hop-04-en", None, "date_format", "April 11, 2024 (Thursday)", T, None),
    ("demo-L2-3hop-04-en", None, "context",
     "The Q4 2023 report came out on April 10, 2024, so the next trading day is April 11.", T, None),
    ("demo-L2-3hop-04-en", None, "near_miss", "2024-04-10", F, None),
    ("demo-L2-3hop-04-en", None, "near_miss", "2024-04-12", F, None),
    ("demo-L2-3hop-04-en", None, "yearless", "Thursday, 11 April", T, "yearless; the year is inferable but not stated"),
    ("demo-L2-3hop-04-en", None, "hedge",
     "Either April 11 or April 12, 2024, depending on whether the report came out after the close.", F, None),
    # ---------------------------------------------------------------- L2-3hop-04-zh
    ("demo-L2-3hop-04-zh", None, "context",
     "翠澜饮品2023年第四季度单季营收最高，报告于2024年4月10日发布，其后第一个交易日为2024年4月11日。", T, None),
    ("demo-L2-3hop-04-zh", None, "yearless", "4月11日", T, "yearless; the year is inferable but not stated"),
    ("demo-L2-3hop-04-zh", None, "near_miss", "2024年4月12日", F, None),
    # ---------------------------------------------------------------- L2-4hop-01 (number: 86.27 yuan)
    ("demo-L2-4hop-01-en", None, "buried", "Redmere Spirits closed at ¥86.27 on June 3, 2024.", T, None),
    ("demo-L2-4hop-01-en", None, "rounding", "86.3 yuan", T, None),
    ("demo-L2-4hop-01-en", None, "near_miss", "85.38", F, None),
    ("demo-L2-4hop-01-en", None, "context",
     "Redmere's ex-dividend date was May 27, 2024; five trading days later (June 3) it closed at 86.27 yuan, up 2.08%.",
     T, None),
    ("demo-L2-4hop-01-en", None, "near_miss", "84.51 yuan", F, None),
    # ---------------------------------------------------------------- L2-4hop-01-zh
    ("demo-L2-4hop-01-zh", None, "buried", "红湄酒业2024年6月3日收盘价为86.27元。", T, None),
    ("demo-L2-4hop-01-zh", None, "unit_scale", "收盘价86.27元/股", T, None),
    ("demo-L2-4hop-01-zh", None, "near_miss", "收盘价为114.04元", F, None),
    # ---------------------------------------------------------------- L2-4hop-02 (entity: Meridale Commercial Bank)
    ("demo-L2-4hop-02-en", None, "context", "Meridale Commercial Bank (+0.57% vs −0.11% for Harborstone Bank).", T, None),
    ("demo-L2-4hop-02-en", None, "alias", "MDCB", T, None),
    ("demo-L2-4hop-02-en", None, "near_miss", "Harborstone Bank", F, None),
    ("demo-L2-4hop-02-en", None, "alias", "Meridale", T, None),
    ("demo-L2-4hop-02-en", None, "conclusion",
     "Both moved little: Harborstone fell 0.11% while Meridale rose 0.57%, so the larger change was Meridale's.", T, None),
    # ---------------------------------------------------------------- L2-4hop-02-zh
    ("demo-L2-4hop-02-zh", None, "buried", "梅里戴尔商业银行涨幅更大（+0.57%）。", T, None),
    ("demo-L2-4hop-02-zh", None, "near_miss", "港石银行", F, None),
    ("demo-L2-4hop-02-zh", None, "alias", "梅里戴尔", T, None),
    # ---------------------------------------------------------------- L2-4hop-03 (entity: Evergreen Dividend Fund)
    ("demo-L2-4hop-03-en", None, "context",
     "Evergreen Dividend Fund — its NAV change (−1.23%) was above Summit Healthcare Fund's (−1.70%).", T, None),
    ("demo-L2-4hop-03-en", None, "alias", "EGDF", T, None),
    ("demo-L2-4hop-03-en", None, "near_miss", "Summit Healthcare Fund", F, None),
    ("demo-L2-4hop-03-en", None, "alias", "常青红利基金 (Evergreen Dividend)", T, None),
    # ---------------------------------------------------------------- L2-4hop-03-zh
    ("demo-L2-4hop-03-zh", None, "exact", "常青红利基金", T, None),
    ("demo-L2-4hop-03-zh", None, "near_miss",
     "巅峰医疗基金净值跌幅更大（-1.70%），常青红利基金跌1.23%，因此净值变化更大的是巅峰医疗基金。", F, None),
    # ---------------------------------------------------------------- L2-4hop-04 (date: 2007-04-23)
    ("demo-L2-4hop-04-en", None, "buried",
     "Harborstone Bank traded more (29.05M vs 6.90M shares) and listed on April 23, 2007.", T, None),
    ("demo-L2-4hop-04-en", None, "near_miss", "2008-04-18", F, None),
    ("demo-L2-4hop-04-en", None, "date_format", "23 Apr 2007", T, None),
    ("demo-L2-4hop-04-en", None, "incomplete", "April 2007", F, None),
    # ---------------------------------------------------------------- L2-4hop-04-zh
    ("demo-L2-4hop-04-zh", None, "buried", "港石银行，上市日期2007年4月23日。", T, None),
    ("demo-L2-4hop-04-zh", None, "near_miss", "2008年4月18日", F, None),
    ("demo-L2-4hop-04-zh", None, "date_format", "07年4月23日", T, "!two-digit year"),
    # ---------------------------------------------------------------- L3-5hop-01 (number: 1,265.35 points)
    ("demo-L3-5hop-01-en", None, "buried", "The Demo Software Index rose more (+2.95%) and closed at 1,265.35.", T, None),
    ("demo-L3-5hop-01-en", None, "context", "1265.35 (the Demo Semiconductors Index closed at 1,736.59)", T,
     "a second index close given as labelled context"),
    ("demo-L3-5hop-01-en", None, "near_miss", "1,736.59 points", F, None),
    ("demo-L3-5hop-01-en", None, "near_miss", "1,266.40 points", F, None),
    # ---------------------------------------------------------------- L3-5hop-01-zh
    ("demo-L3-5hop-01-zh", None, "buried", "演示软件指数涨幅更大，当日收盘1265.35点。", T, None),
    ("demo-L3-5hop-01-zh", None, "near_miss", "演示半导体指数，收盘1736.59点", F, None),
    # ---------------------------------------------------------------- L3-5hop-02 (number: 156,358,409 yuan)
    ("demo-L3-5hop-02-en", None, "unit_scale", "Voltaris Motors: Q2 2024 net profit of ¥156.36 million.", T, None),
    ("demo-L3-5hop-02-en", None, "rounding", "156.4 million yuan", T, None),
    ("demo-L3-5hop-02-en", None, "near_miss", "339,275,912 yuan", F, None),
    ("demo-L3-5hop-02-en", None, "near_miss", "Lumenway Auto, 128.59 million yuan", F, None),
    # ---------------------------------------------------------------- L3-5hop-02-zh
    ("demo-L3-5hop-02-zh", None, "unit_scale", "沃塔瑞汽车2024年二季度单季归母净利润1.56亿元。", T, None),
    ("demo-L3-5hop-02-zh", None, "unit_scale", "15635.84万元", T, None),
    ("demo-L3-5hop-02-zh", None, "near_miss", "上半年累计3.39亿元", F, None),
    # ---------------------------------------------------------------- L3-5hop-03 (number: 1.46 %)
    ("demo-L3-5hop-03-en", None, "sign_words", "The Demo Software Index rose 1.46% on November 4, 2024.", T, None),
    ("demo-L3-5hop-03-en", None, "sign", "+1.46%", T, None),
    ("demo-L3-5hop-03-en", None, "near_miss", "-2.74%", F, None),
    ("demo-L3-5hop-03-en", None, "unit_scale", "146 basis points", T, None),
    ("demo-L3-5hop-03-en", None, "rounding", "1.5%", F,
     "2.7% off: outside the 1% band of DESIGN §2 although it is the 1-decimal rounding; a lenient judge would accept"),
    # ---------------------------------------------------------------- L3-5hop-03-zh
    ("demo-L3-5hop-03-zh", None, "sign_words", "演示软件指数11月4日上涨1.46%。", T, None),
    ("demo-L3-5hop-03-zh", None, "context", "涨幅1.46%，收盘1426.48点", T, None),
    ("demo-L3-5hop-03-zh", None, "near_miss", "下跌2.74%", F, None),
    # ---------------------------------------------------------------- L3-5hop-04 (number: 4,550,048,144 yuan)
    ("demo-L3-5hop-04-en", None, "unit_scale", "Talmora Circuits' revenue for Q1–Q3 2024 totalled 4.55 billion yuan.", T, None),
    ("demo-L3-5hop-04-en", None, "unit_scale", "¥4,550 million", T, None),
    ("demo-L3-5hop-04-en", None, "near_miss", "1,559,454,067 yuan (Q3 alone)", F, None),
    ("demo-L3-5hop-04-en", None, "hedge", "Talmora: 4.55bn yuan; if Norvex was meant, 6.62bn yuan.", F, None),
    # ---------------------------------------------------------------- L3-5hop-04-zh
    ("demo-L3-5hop-04-zh", None, "unit_scale", "塔摩电路2024年前三季度累计营业收入45.50亿元。", T, None),
    ("demo-L3-5hop-04-zh", None, "rounding", "约45.5亿元", T, None),
    ("demo-L3-5hop-04-zh", None, "near_miss", "诺维器件前三季度累计营收66.16亿元", F, None),
    # ---------------------------------------------------------------- L3-6hop-01 (number: 3,939,660,539 yuan)
    ("demo-L3-6hop-01-en", None, "unit_scale",
     "Silverpine Liquor's 2023 net profit attributable to shareholders was about 3.94 billion yuan.", T, None),
    ("demo-L3-6hop-01-en", None, "unit_scale", "RMB 3,939.66 million", T, None),
    ("demo-L3-6hop-01-en", None, "near_miss", "1,180,014,303 yuan", F, None),
    ("demo-L3-6hop-01-en", None, "rounding", "3.9 billion yuan", F,
     "1.007% off: just outside the 1% band, though it is the 2-significant-figure rounding"),
    # ---------------------------------------------------------------- L3-6hop-01-zh
    ("demo-L3-6hop-01-zh", None, "unit_scale", "银松酒业2023年全年归母净利润39.40亿元。", T, None),
    ("demo-L3-6hop-01-zh", None, "rounding", "约39.4亿元", T, None),
    ("demo-L3-6hop-01-zh", None, "near_miss", "2759646236元（前三季度）", F, None),
    # ---------------------------------------------------------------- L3-6hop-02 (entity: Demo Pharmaceuticals Index)
    ("demo-L3-6hop-02-en", None, "alias", "The Demo Pharmaceuticals Index (DPHARI).", T, None),
    ("demo-L3-6hop-02-en", None, "alias", "DPHARI.DEMO", T, None),
    ("demo-L3-6hop-02-en", None, "alias", "The pharmaceuticals sector index", T,
     "a description, not a listed alias, but it names exactly one index"),
    ("demo-L3-6hop-02-en", None, "near_miss", "Demo Banking Index", F, None),
    ("demo-L3-6hop-02-en", None, "incomplete",
     "Verdanta Pharma rose more (+0.65% vs −1.65%); its sector is Pharmaceuticals.", F,
     "names the sector, not its index"),
    # ---------------------------------------------------------------- L3-6hop-02-zh
    ("demo-L3-6hop-02-zh", None, "exact", "演示医药指数", T, None),
    ("demo-L3-6hop-02-zh", None, "alias", "医药行业指数（演示医药指数）", T, None),
    ("demo-L3-6hop-02-zh", None, "near_miss", "演示银行指数", F, None),
    # ---------------------------------------------------------------- L3-6hop-03 (number: 143.28 yuan)
    ("demo-L3-6hop-03-en", None, "buried", "Cirrusoft Systems closed at 143.28 yuan on October 30, 2023.", T, None),
    ("demo-L3-6hop-03-en", None, "rounding", "¥143.3", T, None),
    ("demo-L3-6hop-03-en", None, "near_miss", "142.08 yuan", F, None),
    ("demo-L3-6hop-03-en", None, "context", "Cirrusoft closed at 143.28 (−3.28%) on its Q3-report day.", T, None),
    # ---------------------------------------------------------------- L3-6hop-03-zh
    ("demo-L3-6hop-03-zh", None, "context", "卷云软件在2023年10月30日的收盘价为143.28元，当日下跌3.28%。", T, None),
    ("demo-L3-6hop-03-zh", None, "rounding", "收盘价约143元", T, None),
    ("demo-L3-6hop-03-zh", None, "near_miss", "148.14元", F, None),
    # ---------------------------------------------------------------- L3-6hop-04 (entity: Quantara Cloud)
    ("demo-L3-6hop-04-en", None, "context", "Quantara Cloud traded more shares (1,500,600 vs 423,500 for Orbisync Tech).", T, None),
    ("demo-L3-6hop-04-en", None, "near_miss", "Orbisync Tech", F, None),
    ("demo-L3-6hop-04-en", None, "alias", "QNTC", T, None),
    ("demo-L3-6hop-04-en", None, "caveat",
     "Quantara Cloud — though if the fund's top holding were Talmora Circuits instead, the comparison could differ.", T,
     "commits to one answer with a caveat naming another entity"),
    # ---------------------------------------------------------------- L3-6hop-04-zh
    ("demo-L3-6hop-04-zh", None, "context", "宽塔云成交量更大（150.06万股，环同科技42.35万股）。", T, None),
    ("demo-L3-6hop-04-zh", None, "near_miss", "环同科技", F, None),
    ("demo-L3-6hop-04-zh", None, "alias", "宽塔", T, None),
    # ---------------------------------------------------------------- intermediate hops as references: periods
    ("demo-L1-2hop-03-en", 1, "period_format", "February 2024", T, None),
    ("demo-L1-2hop-03-en", 1, "period_format", "Feb 2024", T, None),
    ("demo-L1-2hop-03-en", 1, "exact", "2024-02", T, None),
    ("demo-L1-2hop-03-en", 1, "near_miss", "January 2024", F, None),
    ("demo-L1-2hop-03-en", 1, "yearless", "February", T, "yearless; the question fixes 2024"),
    ("demo-L1-2hop-03-en", 1, "buried", "CPI YoY peaked at 1.4% in Feb.", T, "yearless; the question fixes 2024"),
    ("demo-L1-2hop-03-zh", 1, "exact", "2024年2月", T, None),
    ("demo-L1-2hop-03-zh", 1, "yearless", "2月", T, "yearless; the question fixes 2024"),
    ("demo-L1-2hop-03-zh", 1, "period_format", "二月份", T, "yearless; the question fixes 2024"),
    ("demo-L1-2hop-03-zh", 1, "near_miss", "2024年1月", F, None),
    ("demo-L2-3hop-04-en", 1, "period_format", "Q4 2023", T, None),
    ("demo-L2-3hop-04-en", 1, "period_format", "the fourth quarter of 2023", T, None),
    ("demo-L2-3hop-04-en", 1, "near_miss", "2023Q3", F, None),
    ("demo-L2-3hop-04-en", 1, "yearless", "Q4", T, "yearless; the question fixes 2023"),
    ("demo-L2-3hop-04-en", 1, "period_format", "October–December 2023", T, "!quarter written as its months"),
    ("demo-L2-3hop-04-en", 1, "near_miss", "December 2023", F, "a month, not the quarter"),
    ("demo-L2-3hop-04-en", 1, "near_miss", "FY2023", F, None),
    ("demo-L2-3hop-04-zh", 1, "exact", "2023年第四季度", T, None),
    ("demo-L2-3hop-04-zh", 1, "yearless", "四季度", T, "yearless; the question fixes 2023"),
    ("demo-L2-3hop-04-zh", 1, "near_miss", "2023年三季度", F, None),
    ("demo-L2-3hop-04-zh", 1, "period_format", "2023年Q4", T, None),
    ("demo-L3-6hop-02-en", 1, "buried", "Q2 2023 (5.2% YoY)", T, None),
    ("demo-L3-6hop-02-en", 1, "period_format", "2Q23", T, None),
    ("demo-L3-6hop-02-en", 1, "yearless", "the second quarter", T, "yearless; the question fixes 2023"),
    ("demo-L3-6hop-02-en", 1, "near_miss", "Q3 2023 (5.0%)", F, None),
    ("demo-L3-6hop-02-en", 1, "near_miss", "H1 2023", F, "a half year, not the quarter"),
    ("demo-L3-6hop-02-zh", 1, "exact", "2023年二季度", T, None),
    ("demo-L3-6hop-02-zh", 1, "buried", "第二季度，同比增长5.2%", T, "yearless; the question fixes 2023"),
    ("demo-L3-6hop-03-en", 1, "period_format", "April 2023", T, None),
    ("demo-L3-6hop-03-en", 1, "period_format", "Apr-23", T, "could be misread as April 23rd"),
    ("demo-L3-6hop-03-en", 1, "exact", "2023-04", T, None),
    ("demo-L3-6hop-03-en", 1, "near_miss", "May 2023", F, None),
    ("demo-L3-6hop-03-zh", 1, "exact", "2023年4月", T, None),
    ("demo-L3-6hop-03-zh", 1, "yearless", "4月份", T, "yearless; the question fixes 2023"),
    # ---------------------------------------------------------------- intermediate hops as references: dates
    ("demo-L2-4hop-01-en", 2, "date_format", "May 27, 2024", T, None),
    ("demo-L2-4hop-01-en", 2, "date_format", "27.05.2024", T, None),
    ("demo-L2-4hop-01-en", 2, "near_miss", "2024-05-24 (record date)", F, None),
    ("demo-L2-4hop-01-en", 2, "incomplete", "the 27th", F, "day only: neither month nor year"),
    ("demo-L3-6hop-04-en", 5, "yearless", "Oct 29", T, "yearless; the question fixes the 2024 Q3 report"),
    ("demo-L3-6hop-04-en", 5, "date_format", "2024/10/29", T, None),
    ("demo-L3-6hop-04-en", 5, "date_format", "29th October 2024", T, None),
    ("demo-L3-6hop-04-en", 5, "near_miss", "2024-10-30", F, None),
    ("demo-L3-6hop-04-en", 5, "incomplete", "It reported on the 29th.", F, "day only"),
    ("demo-L3-6hop-04-zh", 5, "yearless", "10月29日", T, "yearless; the question fixes the 2024 Q3 report"),
    ("demo-L3-6hop-04-zh", 5, "date_format", "2024年10月29日", T, None),
    ("demo-L3-6hop-04-zh", 5, "near_miss", "2024年10月18日", F, None),
]


def build() -> list[dict[str, Any]]:
    chains = {c["id"]: c for c in json.loads(CHAINS.read_text(encoding="utf-8"))}
    counters: dict[str, int] = {}
    rows = []
    for chain_id, hop_index, kind, answer, label, note in ITEMS:
        chain = chains[chain_id]
        hop = chain["hops"][-1 if hop_index is None else hop_index - 1]
        key = chain_id if hop_index is None else f"{chain_id}#{hop_index}"
        counters[key] = counters.get(key, 0) + 1
        row: dict[str, Any] = {
            "id": f"ind/{key}/{counters[key]}", "kind": kind, "language": chain_id[-2:],
            "question": chain["question"], "reference": reference(hop), "answer": answer, "label": label}
        if note:  # a note starting with "!" explains a sure label; any other note marks the label unsure
            if not note.startswith("!"):
                row["unsure"] = True
            row["note"] = note.lstrip("!")
        rows.append(row)
    return rows


def main() -> None:
    rows = build()
    write_jsonl(OUT, rows)
    print(f"wrote {len(rows)} items to {OUT}")


if __name__ == "__main__":
    main()
