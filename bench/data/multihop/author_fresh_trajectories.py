"""Writes `trajectories_fresh.jsonl`: a second independent annotator's labelled process-hit items (branch ind2-mh).

Each trajectory is an agent's run on a demo chain, written the way frontier agents write them (ReAct "Thought /
Action", bare JSON actions, or prose with a fenced JSON action; English and Chinese), with every observation the
REAL result of `MarketTools` over `demo_market()` (executed here, never typed by hand). One item per
(trajectory, intermediate hop 1..K-1).

Labels were written by the definition before any run of the detector, without reading its code:
a hop is reached when the agent's own words or its tool-call arguments state or use that hop's gold answer
(any name, alias, ticker, date or period format); it is NOT reached when the gold answer appears only in a tool
result, only among the candidates the agent compared before choosing another, or when the agent states it and
then rejects/retracts it. Reaching it through a wrong path still counts (the value is what is scored).
Kinds: stated, used (arguments only), result_only, candidate, rejected, missing, implicit, wrong_role.
Items marked unsure carry a note.

Run: .venv/bin/python bench/data/multihop/author_fresh_trajectories.py
"""
# ruff: noqa: E501  (data tables: one step per line reads better than wrapped strings)

from __future__ import annotations

from pathlib import Path
from typing import Any

from _authoring import demo_chains, trajectory_rows, write_jsonl

OUT = Path(__file__).parent / "trajectories_fresh.jsonl"

T, F = True, False

# A step: (thought, tool, args) or (thought, tool, args, "error") when the call is expected to fail.
# The answer: (thought, value). Labels: hop -> (label, kind, note); a note starting with "unsure:" marks unsure.
TRAJECTORIES: list[dict[str, Any]] = [
    # ================================================================== L1-2hop-01: hop1 Harborstone Bank
    {"id": "f01", "chain": "demo-L1-2hop-01-en", "style": "react", "steps": [
        ("I need both banks' turnover rates on 2024-05-15.", "price", {"entity": "HBSB", "date": "2024-05-15"}),
        ("Now Kestrel Trust Bank on the same day.", "price", {"entity": "KTBK", "date": "2024-05-15"}),
        ("Harborstone's turnover rate (1.0124%) beats Kestrel's (0.1974%), so the bank is Harborstone Bank. Now its volume on the next day.", "price", {"entity": "Harborstone Bank", "date": "2024-05-16"}),
    ], "answer": ("Volume on 2024-05-16 was 32,232,800 shares.", "32,232,800 shares"),
     "labels": {1: (T, "stated", None)}},
    {"id": "f02", "chain": "demo-L1-2hop-01-zh", "style": "terse", "steps": [
        ("", "price", {"entity": "港石银行", "date": "2024-05-15"}),
        ("", "price", {"entity": "隼信银行", "date": "2024-05-15"}),
        ("", "price", {"entity": "HBSB", "date": "2024-05-16"}),
    ], "answer": ("", "32,232,800股"),
     "labels": {1: (T, "used", None)}},
    {"id": "f03", "chain": "demo-L1-2hop-01-en", "style": "react", "steps": [
        ("Check the turnover rate of both banks on 2024-05-15.", "price", {"entity": "HBSB", "date": "2024-05-15"}),
        ("And Kestrel.", "price", {"entity": "KTBK", "date": "2024-05-15"}),
        ("Kestrel's turnover rate is 1.974% against Harborstone's 1.0124%, so Kestrel Trust Bank is the one. Its volume on 2024-05-16:", "price", {"entity": "KTBK", "date": "2024-05-16"}),
    ], "answer": ("Kestrel traded 5,737,400 shares.", "5,737,400 shares"),
     "labels": {1: (F, "candidate", "Harborstone only compared and lost (misread turnover)")}},
    {"id": "f04", "chain": "demo-L1-2hop-01-zh", "style": "react", "steps": [
        ("先查两家银行2024年5月15日的换手率。", "price", {"entity": "港石银行", "date": "2024-05-15"}),
        ("再查隼信银行。", "price", {"entity": "隼信银行", "date": "2024-05-15"}),
        ("隼信银行收盘价116.07元，明显高于港石银行，换手率也应更高，选隼信银行。查询其5月16日成交量。", "price", {"entity": "隼信银行", "date": "2024-05-16"}),
    ], "answer": ("隼信银行5月16日成交5,737,400股。", "5,737,400股"),
     "labels": {1: (F, "candidate", None)}},
    # ================================================================== L1-2hop-02: hop1 Quantara Cloud
    {"id": "f05", "chain": "demo-L1-2hop-02-en", "style": "prose", "steps": [
        ("Let me pull Zenith Growth Equity Fund's holdings at the end of Q1 2024.", "fund_holdings", {"fund": "ZGEF", "period": "2024Q1"}),
        ("The top position is **Quantara Cloud** (9.49% of NAV), just ahead of Nimbrella Data (9.18%). Next I'll look up its listing date.", "lookup_entity", {"query": "Quantara Cloud"}),
    ], "answer": ("Quantara Cloud listed on May 18, 2009.", "2009-05-18"),
     "labels": {1: (T, "stated", None)}},
    {"id": "f06", "chain": "demo-L1-2hop-02-zh", "style": "react", "steps": [
        ("先查天顶成长股票基金2024年一季度末的重仓股。", "fund_holdings", {"fund": "天顶成长股票基金", "period": "2024Q1"}),
        ("第一大重仓股是宽塔云（占比9.49%），接下来查询它的上市日期。", "lookup_entity", {"query": "宽塔云"}),
    ], "answer": ("宽塔云于2009年5月18日上市。", "2009年5月18日"),
     "labels": {1: (T, "stated", None)}},
    {"id": "f07", "chain": "demo-L1-2hop-02-en", "style": "react", "steps": [
        ("I'll fetch the fund's most recent quarter-end holdings.", "fund_holdings", {"fund": "ZGEF", "period": "2024Q2"}),
        ("The largest holding is Orbisync Tech at 9.29%. Looking up its listing date.", "lookup_entity", {"query": "OBSY"}),
    ], "answer": ("Orbisync Tech listed on 2024-04-15.", "2024-04-15"),
     "labels": {1: (F, "result_only", "Quantara Cloud is rank 2 in the (wrong-quarter) result only")}},
    {"id": "f08", "chain": "demo-L1-2hop-02-en", "style": "terse", "steps": [
        ("", "fund_holdings", {"fund": "ZGEF", "period": "2024Q1"}),
        ("", "lookup_entity", {"query": "QNTC"}),
    ], "answer": ("", "2009-05-18"),
     "labels": {1: (T, "used", None)}},
    # ================================================================== L1-2hop-03: hop1 2024-02 (month)
    {"id": "f09", "chain": "demo-L1-2hop-03-en", "style": "react", "steps": [
        ("Get the 2024 monthly CPI year-on-year series.", "macro", {"indicator": "CPI_YOY", "period": "2024"}),
        ("CPI YoY peaked in February 2024 at 1.4%. Now PPI YoY for that month.", "macro", {"indicator": "PPI_YOY", "period": "2024-02"}),
    ], "answer": ("PPI was -1.0% y/y.", "-1.0%"),
     "labels": {1: (T, "stated", None)}},
    {"id": "f10", "chain": "demo-L1-2hop-03-zh", "style": "react", "steps": [
        ("查询2024年各月CPI同比。", "macro", {"indicator": "居民消费价格指数", "period": "2024"}),
        ("2月同比上涨1.4%，为全年最高。查询当月PPI同比。", "macro", {"indicator": "PPI", "period": "2024年2月"}),
    ], "answer": ("当月PPI同比-1.0%。", "-1.0%"),
     "labels": {1: (T, "stated", None)}},
    {"id": "f11", "chain": "demo-L1-2hop-03-en", "style": "terse", "steps": [
        ("", "macro", {"indicator": "CPI_YOY", "period": "2024"}),
        ("", "macro", {"indicator": "PPI_YOY", "period": "2024-02"}),
    ], "answer": ("", "-1.0%"),
     "labels": {1: (T, "used", None)}},
    {"id": "f12", "chain": "demo-L1-2hop-03-en", "style": "react", "steps": [
        ("Get the 2024 CPI YoY series.", "macro", {"indicator": "CPI_YOY", "period": "2024"}),
        ("February shows 1.4%, but that reading is distorted by the Lunar New Year base effect, so I'll set February aside; the highest clean reading is March 2024 at 1.0%. PPI for March:", "macro", {"indicator": "PPI_YOY", "period": "2024-03"}),
    ], "answer": ("PPI YoY in March 2024 was -0.9%.", "-0.9%"),
     "labels": {1: (F, "rejected", "February named and set aside")}},
    {"id": "f13", "chain": "demo-L1-2hop-03-zh", "style": "prose", "steps": [
        ("先看2024年CPI同比数据。", "macro", {"indicator": "CPI", "period": "2024"}),
        ("各月CPI同比中，1月为0.7%，3月为1.0%，3月是一季度之后的高点，取3月。", "macro", {"indicator": "PPI", "period": "2024-03"}),
    ], "answer": ("2024年3月PPI同比为-0.9%。", "-0.9%"),
     "labels": {1: (F, "result_only", "February never mentioned by the agent")}},
    # ================================================================== L1-2hop-04: hop1 2024-08-16
    {"id": "f14", "chain": "demo-L1-2hop-04-en", "style": "terse", "steps": [
        ("", "events", {"entity": "CBTB", "event_type": "earnings_release"}),
        ("", "price", {"entity": "CBTB", "date": "2024-08-16"}),
    ], "answer": ("", "-2.88%"),
     "labels": {1: (T, "used", None)}},
    {"id": "f15", "chain": "demo-L1-2hop-04-zh", "style": "react", "steps": [
        ("查询钴亚电池的财报发布日期。", "events", {"entity": "钴亚电池", "event_type": "财报"}),
        ("2024年半年报于2024年8月16日发布，查询当日行情。", "price", {"entity": "钴亚电池", "date": "2024-08-16"}),
    ], "answer": ("当日下跌2.88%。", "-2.88%"),
     "labels": {1: (T, "stated", None)}},
    {"id": "f16", "chain": "demo-L1-2hop-04-en", "style": "react", "steps": [
        ("Find Cobaltia's earnings release dates.", "events", {"entity": "Cobaltia Batteries", "event_type": "earnings"}),
        ("The half-year report was released on 2023-08-22. Checking the price move that day.", "price", {"entity": "CBTB", "date": "2023-08-22"}),
    ], "answer": ("The stock rose 2.76% that day.", "+2.76%"),
     "labels": {1: (F, "result_only", "picked the 2023 half-year report; 2024-08-16 only in the events list")}},
    {"id": "f17", "chain": "demo-L1-2hop-04-en", "style": "prose", "steps": [
        ("I'll list Cobaltia Batteries' report releases.", "events", {"entity": "CBTB", "event_type": "earnings_release"}),
        ("The 2024 half-year report came out on **Friday, August 16**. Pulling that day's bar:", "price", {"entity": "CBTB", "date": "Aug 16, 2024"}),
    ], "answer": ("Shares fell 2.88% on the day.", "-2.88%"),
     "labels": {1: (T, "stated", None)}},
    # ================================================================== L2-3hop-01: hop1 Zephyrine, hop2 2024-10-18
    {"id": "f18", "chain": "demo-L2-3hop-01-en", "style": "react", "steps": [
        ("Compare trading volumes on 2024-01-10.", "price", {"entity": "ZPHR", "date": "2024-01-10"}),
        ("Now Norvex.", "price", {"entity": "NRVX", "date": "2024-01-10"}),
        ("Zephyrine traded 26,192,900 shares vs Norvex's 3,585,800, so the company is Zephyrine Semiconductor. Its 2024 Q3 report date:", "report_metric", {"entity": "ZPHR", "metric": "revenue", "period": "2024Q3"}),
        ("The Q3 report came out on 2024-10-18. Index close that day:", "price", {"entity": "DSEMII", "date": "2024-10-18"}),
    ], "answer": ("The Demo Semiconductors Index closed at 1,745.99.", "1,745.99 points"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None)}},
    {"id": "f19", "chain": "demo-L2-3hop-01-zh", "style": "prose", "steps": [
        ("先比较两家公司2024年1月10日的成交量。", "price", {"entity": "泽风半导体", "date": "2024-01-10"}),
        ("", "price", {"entity": "诺维器件", "date": "2024-01-10"}),
        ("泽风半导体成交2,619.29万股，远高于诺维器件的358.58万股。接下来查它的2024年三季报发布日。", "events", {"entity": "泽风半导体", "event_type": "earnings_release"}),
        ("三季报于10月18日发布，查询演示半导体指数当日收盘。", "price", {"entity": "演示半导体指数", "date": "2024年10月18日"}),
    ], "answer": ("演示半导体指数当日收盘1,745.99点。", "1,745.99点"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None)}},
    {"id": "f20", "chain": "demo-L2-3hop-01-en", "style": "react", "steps": [
        ("Volumes on 2024-01-10 first.", "price", {"entity": "ZPHR", "date": "2024-01-10"}),
        ("", "price", {"entity": "NRVX", "date": "2024-01-10"}),
        ("Zephyrine Semiconductor had the larger volume. When did it release its third-quarter report?", "events", {"entity": "ZPHR", "event_type": "earnings_release"}),
        ("The third-quarter report date is 2023-10-17. Index close then:", "price", {"entity": "DSEMII", "date": "2023-10-17"}),
    ], "answer": ("It closed at 1,356.12 points.", "1,356.12 points"),
     "labels": {1: (T, "stated", None), 2: (F, "result_only", "took the 2023 Q3 date; 2024-10-18 only in the events list")}},
    {"id": "f21", "chain": "demo-L2-3hop-01-en", "style": "terse", "steps": [
        ("", "price", {"entity": "ZPHR", "date": "2024-01-10"}),
        ("", "price", {"entity": "NRVX", "date": "2024-01-10"}),
        ("", "report_metric", {"entity": "NRVX", "metric": "revenue", "period": "2024Q3"}),
        ("", "price", {"entity": "DSEMII", "date": "2024-10-29"}),
    ], "answer": ("", "1,786.84 points"),
     "labels": {1: (F, "candidate", "ZPHR only in the comparison calls; the agent went on with NRVX"), 2: (F, "missing", None)}},
    # ================================================================== L2-3hop-02: hop1 New Energy Vehicles, hop2 DNEVI
    {"id": "f22", "chain": "demo-L2-3hop-02-en", "style": "react", "steps": [
        ("Find Lumenway Auto's sector.", "lookup_entity", {"query": "Lumenway Auto"}),
        ("Lumenway is classified under New Energy Vehicles. Which index tracks that sector?", "list_sector", {"sector": "New Energy Vehicles"}),
        ("The sector index is DNEVI.DEMO. Close on 2024-07-01:", "price", {"entity": "DNEVI.DEMO", "date": "2024-07-01"}),
    ], "answer": ("It closed at 1,981.35.", "1,981.35 points"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None)}},
    {"id": "f23", "chain": "demo-L2-3hop-02-zh", "style": "terse", "steps": [
        ("", "lookup_entity", {"query": "流明途汽车"}),
        ("", "list_sector", {"sector": "新能源汽车"}),
        ("", "price", {"entity": "DNEVI", "date": "2024-07-01"}),
    ], "answer": ("", "1,981.35点"),
     "labels": {1: (T, "used", None), 2: (T, "used", None)}},
    {"id": "f24", "chain": "demo-L2-3hop-02-en", "style": "react", "steps": [
        ("Look up Lumenway Auto.", "lookup_entity", {"query": "LMWA"}),
        ("Lumenway is a New Energy Vehicles company. For a sector benchmark I'll use the broad Demo Composite Index.", "price", {"entity": "DCI", "date": "2024-07-01"}),
    ], "answer": ("The index closed at 5,231.13 points.", "5,231.13 points"),
     "labels": {1: (T, "stated", None), 2: (F, "missing", None)}},
    {"id": "f25", "chain": "demo-L2-3hop-02-en", "style": "prose", "steps": [
        ("First, which sector is Lumenway in?", "lookup_entity", {"query": "Lumenway"}),
        ("It sits in the **NEV** sector. Listing the sector to get its index:", "list_sector", {"sector": "NEV"}),
        ("The index is the *Demo New Energy Vehicles Index*. Fetching the July 1 bar.", "price", {"entity": "Demo New Energy Vehicles Index", "date": "2024-07-01"}),
    ], "answer": ("Close: 1,981.35 points.", "1,981.35 points"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None)}},
    # ================================================================== L2-3hop-03: hop1 Silica ETF, hop2 Norvex
    {"id": "f26", "chain": "demo-L2-3hop-03-en", "style": "react", "steps": [
        ("YTD returns as of 2024-09-30 for both funds.", "fund_metric", {"fund": "SLCE", "metric": "return", "horizon": "YTD", "as_of": "2024-09-30"}),
        ("", "fund_metric", {"fund": "NWTF", "metric": "return", "horizon": "YTD", "as_of": "2024-09-30"}),
        ("Silica Semiconductor ETF returned 28.77% YTD vs Northwind's 25.31%, so Silica it is. Its top holding at 2024Q3:", "fund_holdings", {"fund": "SLCE", "period": "2024Q3"}),
        ("Norvex Devices is the largest holding (9.58%). Its Q3 single-quarter revenue:", "report_metric", {"entity": "NRVX", "metric": "revenue", "period": "2024Q3", "basis": "single_quarter"}),
    ], "answer": ("Norvex Devices' Q3 2024 revenue was 2,588,350,736 yuan.", "2,588,350,736 yuan"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None)}},
    {"id": "f27", "chain": "demo-L2-3hop-03-zh", "style": "react", "steps": [
        ("查询两只基金截至2024年9月30日的今年以来收益率。", "fund_metric", {"fund": "硅途半导体ETF", "metric": "收益率", "horizon": "今年以来", "as_of": "2024-09-30"}),
        ("", "fund_metric", {"fund": "北风科技创新基金", "metric": "收益率", "horizon": "YTD", "as_of": "2024-09-30"}),
        ("硅途ETF收益率28.77%，高于北风科创的25.31%。查询其2024年三季度末持仓。", "fund_holdings", {"fund": "SLCE", "period": "2024Q3"}),
        ("第一大重仓股为诺维器件，查询其三季度单季营收。", "report_metric", {"entity": "诺维器件", "metric": "营业收入", "period": "2024Q3", "basis": "单季"}),
    ], "answer": ("诺维器件2024年三季度单季营业收入为2,588,350,736元。", "2,588,350,736元"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None)}},
    {"id": "f28", "chain": "demo-L2-3hop-03-en", "style": "react", "steps": [
        ("YTD return for the ETF.", "fund_metric", {"fund": "SLCE", "metric": "return", "horizon": "YTD", "as_of": "2024-09-30"}),
        ("And for Northwind.", "fund_metric", {"fund": "NWTF", "metric": "return", "horizon": "YTD", "as_of": "2024-09-30"}),
        ("Northwind Tech Innovation Fund shows the stronger year-to-date performance, so I'll use Northwind.", "fund_holdings", {"fund": "NWTF", "period": "2024Q3"}),
        ("Top holding is Lexigrid Software (9.72%).", "report_metric", {"entity": "LXGD", "metric": "revenue", "period": "2024Q3", "basis": "single_quarter"}),
    ], "answer": ("Lexigrid's Q3 2024 revenue: 678,855,504 yuan.", "678,855,504 yuan"),
     "labels": {1: (F, "candidate", None), 2: (F, "result_only", "Norvex is rank 5 in Northwind's holdings result")}},
    # ================================================================== L2-3hop-04: hop1 2023Q4, hop2 2024-04-10
    {"id": "f29", "chain": "demo-L2-3hop-04-en", "style": "react", "steps": [
        ("Quarterly revenue for Jadeflow in 2023, Q1 first.", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q1", "basis": "single_quarter"}),
        ("Q2.", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q2", "basis": "single_quarter"}),
        ("Q3.", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q3", "basis": "single_quarter"}),
        ("Q4.", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q4", "basis": "single_quarter"}),
        ("Single-quarter revenue: Q1 2.02B, Q2 2.51B, Q3 2.03B, Q4 2.90B, so Q4 2023 is the highest. Its report was released on 2024-04-10. Next trading day:", "trading_day", {"date": "2024-04-10", "offset": 1}),
    ], "answer": ("The first trading day after is 2024-04-11.", "2024-04-11"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None)}},
    {"id": "f30", "chain": "demo-L2-3hop-04-zh", "style": "react", "steps": [
        ("查询翠澜饮品2023年各季度单季营业收入。", "report_metric", {"entity": "翠澜饮品", "metric": "营业收入", "period": "2023Q1", "basis": "单季"}),
        ("", "report_metric", {"entity": "翠澜饮品", "metric": "营业收入", "period": "2023Q2", "basis": "单季"}),
        ("", "report_metric", {"entity": "翠澜饮品", "metric": "营业收入", "period": "2023Q3", "basis": "单季"}),
        ("", "report_metric", {"entity": "翠澜饮品", "metric": "营业收入", "period": "2023Q4", "basis": "单季"}),
        ("2023年第四季度单季营收最高（28.98亿元），该报告于2024年4月10日发布。查询之后的第一个交易日。", "trading_day", {"date": "2024-04-10", "offset": 1}),
    ], "answer": ("2024年4月11日", "2024年4月11日"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None)}},
    {"id": "f31", "chain": "demo-L2-3hop-04-en", "style": "prose", "steps": [
        ("I'll fetch Jadeflow's four 2023 quarters.", "report_metric", {"entity": "Jadeflow Beverages", "metric": "revenue", "period": "Q1 2023", "basis": "single quarter"}),
        ("", "report_metric", {"entity": "Jadeflow Beverages", "metric": "revenue", "period": "Q2 2023", "basis": "single quarter"}),
        ("", "report_metric", {"entity": "Jadeflow Beverages", "metric": "revenue", "period": "Q3 2023", "basis": "single quarter"}),
        ("", "report_metric", {"entity": "Jadeflow Beverages", "metric": "revenue", "period": "Q4 2023", "basis": "single quarter"}),
        ("Revenue peaked in Q4 FY23 (October–December 2023) at ¥2.90bn. That report came out on 10 April 2024; I need the next trading session.", "trading_day", {"date": "10 April 2024", "offset": 1}),
    ], "answer": ("Thursday, April 11, 2024.", "Thursday, April 11, 2024"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None)}},
    {"id": "f32", "chain": "demo-L2-3hop-04-en", "style": "terse", "steps": [
        ("", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q1", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q2", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q3", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q4", "basis": "single_quarter"}),
        ("", "trading_day", {"date": "2024-04-10", "offset": 1}),
    ], "answer": ("", "2024-04-11"),
     "labels": {1: (T, "implicit", "unsure: Q4 only among the four candidate calls; the choice shows in using Q4's report date"), 2: (T, "used", None)}},
    {"id": "f33", "chain": "demo-L2-3hop-04-en", "style": "react", "steps": [
        ("Jadeflow's 2023 single-quarter revenue, quarter by quarter.", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q1", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q2", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q3", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q4", "basis": "single_quarter"}),
        ("Q2 2023 has the highest revenue at 2,513,179,524 yuan; that report was out on 2023-08-21.", "trading_day", {"date": "2023-08-21", "offset": 1}),
    ], "answer": ("2023-08-22", "2023-08-22"),
     "labels": {1: (F, "candidate", None), 2: (F, "result_only", None)}},
    {"id": "f34", "chain": "demo-L2-3hop-04-zh", "style": "react", "steps": [
        ("逐季查询翠澜饮品2023年营业收入。", "report_metric", {"entity": "JDFL", "metric": "营收", "period": "2023年一季度", "basis": "单季度"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "营收", "period": "2023年二季度", "basis": "单季度"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "营收", "period": "2023年三季度", "basis": "单季度"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "营收", "period": "2023年四季度", "basis": "单季度"}),
        ("二季度营收25.13亿元最高，二季报发布于2023年8月21日。", "trading_day", {"date": "2023-08-21", "offset": 1}),
    ], "answer": ("2023年8月22日", "2023年8月22日"),
     "labels": {1: (F, "candidate", None), 2: (F, "result_only", None)}},
    # ================================================================== L2-4hop-01: hop1 Redmere, hop2 2024-05-27, hop3 2024-06-03
    {"id": "f35", "chain": "demo-L2-4hop-01-en", "style": "react", "steps": [
        ("Closing prices on 2024-04-18.", "price", {"entity": "RDMS", "date": "2024-04-18"}),
        ("", "price", {"entity": "SVPL", "date": "2024-04-18"}),
        ("Redmere Spirits closed lower (83.50 vs 114.04). Now its dividend events.", "events", {"entity": "RDMS", "event_type": "dividend"}),
        ("The FY2023 dividend went ex on 2024-05-27. Five trading days later:", "trading_day", {"date": "2024-05-27", "offset": 5}),
        ("That's 2024-06-03 (Monday). Closing price:", "price", {"entity": "RDMS", "date": "2024-06-03"}),
    ], "answer": ("Redmere closed at 86.27.", "86.27 yuan"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None)}},
    {"id": "f36", "chain": "demo-L2-4hop-01-zh", "style": "react", "steps": [
        ("查询两家公司2024年4月18日收盘价。", "price", {"entity": "红湄酒业", "date": "2024-04-18"}),
        ("", "price", {"entity": "银松酒业", "date": "2024-04-18"}),
        ("红湄酒业收盘价83.50元，低于银松酒业的114.04元。查询其分红记录。", "events", {"entity": "红湄酒业", "event_type": "分红"}),
        ("2023年度分红除息日为5月27日，往后数5个交易日。", "trading_day", {"date": "2024-05-27", "offset": 5}),
        ("第5个交易日是6月3日，查询当日收盘价。", "price", {"entity": "RDMS", "date": "2024-06-03"}),
    ], "answer": ("收盘价86.27元。", "86.27元"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None)}},
    {"id": "f37", "chain": "demo-L2-4hop-01-en", "style": "react", "steps": [
        ("Compare closes on 2024-04-18.", "price", {"entity": "RDMS", "date": "2024-04-18"}),
        ("", "price", {"entity": "SVPL", "date": "2024-04-18"}),
        ("Redmere is lower. Dividend events:", "events", {"entity": "RDMS", "event_type": "dividend"}),
        ("For the 2023 dividend the record date is 2024-05-24; I'll count five trading days from there.", "trading_day", {"date": "2024-05-24", "offset": 5}),
        ("2024-05-31. Close:", "price", {"entity": "RDMS", "date": "2024-05-31"}),
    ], "answer": ("84.51 yuan", "84.51 yuan"),
     "labels": {1: (T, "stated", None), 2: (F, "result_only", "used the record date; the ex date is in the result only"), 3: (F, "missing", None)}},
    {"id": "f38", "chain": "demo-L2-4hop-01-en", "style": "terse", "steps": [
        ("", "price", {"entity": "RDMS", "date": "2024-04-18"}),
        ("", "price", {"entity": "SVPL", "date": "2024-04-18"}),
        ("", "events", {"entity": "RDMS", "event_type": "dividend"}),
        ("", "trading_day", {"date": "2024-05-27", "offset": 5}),
        ("", "price", {"entity": "RDMS", "date": "2024-06-03"}),
    ], "answer": ("", "86.27"),
     "labels": {1: (T, "used", None), 2: (T, "used", None), 3: (T, "used", None)}},
    # ================================================================== L2-4hop-02: hop1 2023-01, hop2 2023-01-31, hop3 2023-02-01
    {"id": "f39", "chain": "demo-L2-4hop-02-en", "style": "react", "steps": [
        ("Monthly manufacturing PMI for 2023.", "macro", {"indicator": "PMI", "period": "2023"}),
        ("The lowest PMI in 2023 was January (48.4), released on 2023-01-31. First trading day after:", "trading_day", {"date": "2023-01-31", "offset": 1}),
        ("2023-02-01. Compare the two banks that day.", "price", {"entity": "HBSB", "date": "2023-02-01"}),
        ("Now Meridale.", "price", {"entity": "MDCB", "date": "2023-02-01"}),
    ], "answer": ("Meridale (+0.57%) moved more than Harborstone (-0.11%).", "Meridale Commercial Bank"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None)}},
    {"id": "f40", "chain": "demo-L2-4hop-02-zh", "style": "react", "steps": [
        ("查询2023年各月制造业PMI。", "macro", {"indicator": "制造业PMI", "period": "2023"}),
        ("2023年1月PMI为48.4，全年最低，于1月31日发布。查询下一个交易日。", "trading_day", {"date": "2023-01-31", "offset": 1}),
        ("下一个交易日为2023年2月1日。比较两家银行当日涨跌幅。", "price", {"entity": "港石银行", "date": "2023-02-01"}),
        ("", "price", {"entity": "梅里戴尔商业银行", "date": "2023-02-01"}),
    ], "answer": ("梅里戴尔商业银行涨幅0.57%，大于港石银行。", "梅里戴尔商业银行"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None)}},
    {"id": "f41", "chain": "demo-L2-4hop-02-en", "style": "react", "steps": [
        ("2023 PMI readings.", "macro", {"indicator": "manufacturing PMI", "period": "2023"}),
        ("January 2023 had the lowest PMI (48.4). PMI figures come out on the first day of the following month, so the release was 2023-02-01; the first trading day after that is:", "trading_day", {"date": "2023-02-01", "offset": 1}),
        ("2023-02-02. Compare the banks:", "price", {"entity": "HBSB", "date": "2023-02-02"}),
        ("", "price", {"entity": "MDCB", "date": "2023-02-02"}),
    ], "answer": ("Harborstone Bank (+2.89% vs +1.43%).", "Harborstone Bank"),
     "labels": {1: (T, "stated", None), 2: (F, "result_only", "assumed Feb 1; the Jan 31 release date is in the result only"),
                3: (F, "wrong_role", "unsure: 2023-02-01 is stated and used, but as the (wrong) release date, not as the first trading day after it")}},
    {"id": "f42", "chain": "demo-L2-4hop-02-zh", "style": "react", "steps": [
        ("查询2023年PMI。", "macro", {"indicator": "PMI", "period": "2023"}),
        ("11月PMI为49.6，是全年最低，于2023年11月30日发布。", "trading_day", {"date": "2023-11-30", "offset": 1}),
        ("下一个交易日为12月1日。", "price", {"entity": "港石银行", "date": "2023-12-01"}),
        ("", "price", {"entity": "梅里戴尔商业银行", "date": "2023-12-01"}),
    ], "answer": ("港石银行涨幅3.49%，更大。", "港石银行"),
     "labels": {1: (F, "result_only", None), 2: (F, "result_only", None), 3: (F, "missing", None)}},
    # ================================================================== L2-4hop-03: hop1 Thistlewood, hop2 2024-08-29, hop3 2024-08-30
    {"id": "f43", "chain": "demo-L2-4hop-03-en", "style": "react", "steps": [
        ("Summit Healthcare Fund's holdings at the end of Q2 2024.", "fund_holdings", {"fund": "SMHF", "period": "2024Q2"}),
        ("Thistlewood Pharma is the top holding (9.73%). When did it release its 2024 half-year report?", "report_metric", {"entity": "TWPH", "metric": "revenue", "period": "2024Q2"}),
        ("Report date 2024-08-29. Next trading day:", "trading_day", {"date": "2024-08-29", "offset": 1}),
        ("2024-08-30 (Friday). Fund NAV changes that day:", "price", {"entity": "SMHF", "date": "2024-08-30"}),
        ("", "price", {"entity": "EGDF", "date": "2024-08-30"}),
    ], "answer": ("Evergreen Dividend Fund (-1.23% vs -1.70%).", "Evergreen Dividend Fund"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None)}},
    {"id": "f44", "chain": "demo-L2-4hop-03-zh", "style": "terse", "steps": [
        ("", "fund_holdings", {"fund": "巅峰医疗基金", "period": "2024Q2"}),
        ("", "report_metric", {"entity": "TWPH", "metric": "营业收入", "period": "2024Q2"}),
        ("", "trading_day", {"date": "2024-08-29", "offset": 1}),
        ("", "price", {"entity": "SMHF", "date": "2024-08-30"}),
        ("", "price", {"entity": "EGDF", "date": "2024-08-30"}),
    ], "answer": ("", "常青红利基金"),
     "labels": {1: (T, "used", None), 2: (T, "used", None), 3: (T, "used", None)}},
    {"id": "f45", "chain": "demo-L2-4hop-03-en", "style": "react", "steps": [
        ("Summit's top holding at 2024Q2.", "fund_holdings", {"fund": "Summit Healthcare Fund", "period": "2024Q2"}),
        ("Top holding: Thistlewood Pharma. Its report calendar:", "events", {"entity": "Thistlewood", "event_type": "earnings_release"}),
        ("Its 2024 half-year report was released on August 29, 2024. Comparing the two funds' NAV change that day:", "price", {"entity": "SMHF", "date": "2024-08-29"}),
        ("", "price", {"entity": "EGDF", "date": "2024-08-29"}),
    ], "answer": ("Summit Healthcare Fund (+0.70% vs +0.37%).", "Summit Healthcare Fund"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (F, "missing", "compared on the release day itself")}},
    # ================================================================== L2-4hop-04: hop1 Ashgrove, hop2 2024-04-26, hop3 Harborstone
    {"id": "f46", "chain": "demo-L2-4hop-04-en", "style": "react", "steps": [
        ("Q1 2024 single-quarter net profit for the three banks.", "report_metric", {"entity": "AGRB", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "PLSB", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "KTBK", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("Ashgrove Rural Bank had the highest Q1 2024 net profit (¥7.11bn), reported on 2024-04-26. Volumes that day:", "price", {"entity": "AGRB", "date": "2024-04-26"}),
        ("", "price", {"entity": "HBSB", "date": "2024-04-26"}),
        ("Harborstone Bank traded 29,052,100 shares vs Ashgrove's 6,899,400, so Harborstone. Listing date:", "lookup_entity", {"query": "HBSB"}),
    ], "answer": ("Harborstone Bank listed on 2007-04-23.", "2007-04-23"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None)}},
    {"id": "f47", "chain": "demo-L2-4hop-04-zh", "style": "react", "steps": [
        ("查询三家银行2024年一季度单季净利润。", "report_metric", {"entity": "灰林农商银行", "metric": "净利润", "period": "2024Q1", "basis": "单季"}),
        ("", "report_metric", {"entity": "澄明储蓄银行", "metric": "净利润", "period": "2024Q1", "basis": "单季"}),
        ("", "report_metric", {"entity": "隼信银行", "metric": "净利润", "period": "2024Q1", "basis": "单季"}),
        ("灰林农商银行一季度净利润71.06亿元，最高，一季报发布于4月26日。比较当日成交量。", "price", {"entity": "灰林农商银行", "date": "2024-04-26"}),
        ("", "price", {"entity": "港石银行", "date": "2024-04-26"}),
        ("港石银行成交2,905.21万股，大于灰林农商银行的689.94万股。查询港石银行上市日期。", "lookup_entity", {"query": "港石银行"}),
    ], "answer": ("2007年4月23日", "2007年4月23日"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None)}},
    {"id": "f48", "chain": "demo-L2-4hop-04-en", "style": "react", "steps": [
        ("Q1 2024 single-quarter net profit for each bank.", "report_metric", {"entity": "AGRB", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "PLSB", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "KTBK", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("Ashgrove is the highest; its report date was 2024-04-26.", "price", {"entity": "AGRB", "date": "2024-04-26"}),
        ("", "price", {"entity": "HBSB", "date": "2024-04-26"}),
        ("Harborstone Bank shows 29,052,100 shares — but trading volume here should be measured in value: Ashgrove's turnover of ¥1.25bn exceeds Harborstone's ¥1.02bn, so the larger one is Ashgrove Rural Bank, not Harborstone.", "lookup_entity", {"query": "AGRB"}),
    ], "answer": ("Ashgrove Rural Bank listed on 2008-04-18.", "2008-04-18"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (F, "rejected", None)}},
    # ================================================================== L3-5hop-01: hop1 Zephyrine, hop2 2024-04-24, hop3 2024-04-25, hop4 Software Index
    {"id": "f49", "chain": "demo-L3-5hop-01-en", "style": "react", "steps": [
        ("Volumes on 2024-06-03 for the three chipmakers.", "price", {"entity": "ZPHR", "date": "2024-06-03"}),
        ("", "price", {"entity": "QLMC", "date": "2024-06-03"}),
        ("", "price", {"entity": "BVSI", "date": "2024-06-03"}),
        ("Zephyrine traded the most (29,271,600 shares). Its Q1 2024 report date:", "report_metric", {"entity": "ZPHR", "metric": "revenue", "period": "2024Q1"}),
        ("Released 2024-04-24. Next trading day:", "trading_day", {"date": "2024-04-24", "offset": 1}),
        ("2024-04-25. Compare the two indices:", "price", {"entity": "DSEMII", "date": "2024-04-25"}),
        ("", "price", {"entity": "DSOFTI", "date": "2024-04-25"}),
    ], "answer": ("The Demo Software Index rose more (+2.95% vs +1.99%) and closed at 1,265.35.", "1,265.35 points"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", "in the final message")}},
    {"id": "f50", "chain": "demo-L3-5hop-01-zh", "style": "prose", "steps": [
        ("先比较三家公司2024年6月3日的成交量。", "price", {"entity": "泽风半导体", "date": "2024-06-03"}),
        ("", "price", {"entity": "奎隆微芯", "date": "2024-06-03"}),
        ("", "price", {"entity": "明谷硅业", "date": "2024-06-03"}),
        ("| 公司 | 成交量（股） |\n|---|---|\n| 泽风半导体 | 29,271,600 |\n| 奎隆微芯 | 2,437,300 |\n| 明谷硅业 | 276,900 |\n\n泽风半导体成交量最大。查询其2024年一季报发布日。", "events", {"entity": "ZPHR", "event_type": "财报"}),
        ("一季报于2024年4月24日发布，其后第一个交易日：", "trading_day", {"date": "2024-04-24", "offset": 1}),
        ("4月25日。比较两个指数当日涨幅。", "price", {"entity": "演示半导体指数", "date": "2024-04-25"}),
        ("", "price", {"entity": "演示软件指数", "date": "2024-04-25"}),
    ], "answer": ("演示软件指数涨幅2.95%，大于演示半导体指数的1.99%，当日收盘1,265.35点。", "1,265.35点"),
     "labels": {1: (T, "stated", "named in a table"), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None)}},
    {"id": "f51", "chain": "demo-L3-5hop-01-en", "style": "react", "steps": [
        ("Volumes on 2024-06-03.", "price", {"entity": "ZPHR", "date": "2024-06-03"}),
        ("", "price", {"entity": "QLMC", "date": "2024-06-03"}),
        ("", "price", {"entity": "BVSI", "date": "2024-06-03"}),
        ("Zephyrine has the largest volume.", "report_metric", {"entity": "ZPHR", "metric": "revenue", "period": "2024Q1"}),
        ("Got the report date.", "trading_day", {"date": "2024-04-24", "offset": 1}),
        ("Now both indices on the next trading day.", "price", {"entity": "DSEMII", "date": "2024-04-25"}),
        ("", "price", {"entity": "DSOFTI", "date": "2024-04-25"}),
    ], "answer": ("The Demo Semiconductors Index had the bigger gain and closed at 1,736.59.", "1,736.59 points"),
     "labels": {1: (T, "stated", None), 2: (T, "used", None), 3: (T, "used", None), 4: (F, "candidate", None)}},
    # ================================================================== L3-5hop-02: hop1 2023-01, hop2 2023-02-13, hop3 2023-02-14, hop4 Voltaris
    {"id": "f52", "chain": "demo-L3-5hop-02-en", "style": "react", "steps": [
        ("M2 YoY growth for each month of 2023.", "macro", {"indicator": "M2_YOY", "period": "2023"}),
        ("M2 growth was fastest in January 2023 (11.5%). Its release date:", "macro", {"indicator": "M2_YOY", "period": "2023-01"}),
        ("Released on 2023-02-13; next trading day:", "trading_day", {"date": "2023-02-13", "offset": 1}),
        ("2023-02-14. Turnover rates:", "price", {"entity": "VLTM", "date": "2023-02-14"}),
        ("", "price", {"entity": "LMWA", "date": "2023-02-14"}),
        ("Voltaris (2.054%) beats Lumenway (1.2306%). Voltaris Motors' Q2 2024 single-quarter net profit:", "report_metric", {"entity": "VLTM", "metric": "net_profit", "period": "2024Q2", "basis": "single_quarter"}),
    ], "answer": ("156,358,409 yuan", "156,358,409 yuan"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None)}},
    {"id": "f53", "chain": "demo-L3-5hop-02-zh", "style": "react", "steps": [
        ("查询2023年各月M2同比增速。", "macro", {"indicator": "广义货币供应量", "period": "2023"}),
        ("1月M2同比增长11.5%，全年最高，数据于2月13日发布。", "trading_day", {"date": "2023-02-13", "offset": 1}),
        ("下一个交易日为2月14日，比较两家公司换手率。", "price", {"entity": "沃塔瑞汽车", "date": "2023-02-14"}),
        ("", "price", {"entity": "流明途汽车", "date": "2023-02-14"}),
        ("沃塔瑞汽车换手率2.05%，高于流明途汽车的1.23%。查询其2024年二季度单季净利润。", "report_metric", {"entity": "沃塔瑞汽车", "metric": "净利润", "period": "2024Q2", "basis": "单季"}),
    ], "answer": ("156,358,409元", "156,358,409元"),
     "labels": {1: (T, "stated", "yearless '1月' with the year in the call"), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None)}},
    {"id": "f54", "chain": "demo-L3-5hop-02-en", "style": "react", "steps": [
        ("2023 M2 growth by month.", "macro", {"indicator": "M2", "period": "2023"}),
        ("Peak M2 growth: January 2023, 11.5%, released 2023-02-13. Turnover on that day:", "price", {"entity": "VLTM", "date": "2023-02-13"}),
        ("", "price", {"entity": "LMWA", "date": "2023-02-13"}),
        ("Lumenway's turnover 1.0866% is slightly above Voltaris's 1.0785%, so Lumenway Auto.", "report_metric", {"entity": "LMWA", "metric": "net_profit", "period": "2024Q2", "basis": "single_quarter"}),
    ], "answer": ("128,591,952 yuan", "128,591,952 yuan"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (F, "missing", "compared on the release day itself"), 4: (F, "candidate", None)}},
    # ================================================================== L3-5hop-03: hop1 Northwind, hop2 Lexigrid, hop3 Software, hop4 DSOFTI
    {"id": "f55", "chain": "demo-L3-5hop-03-en", "style": "react", "steps": [
        ("One-year max drawdown as of 2024-12-31 for both funds.", "fund_metric", {"fund": "ZGEF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("", "fund_metric", {"fund": "NWTF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("Northwind's drawdown (9.12%) is smaller than Zenith's (10.69%). Northwind's top holding at 2024Q3:", "fund_holdings", {"fund": "NWTF", "period": "2024Q3"}),
        ("Lexigrid Software (9.72%). Its sector:", "lookup_entity", {"query": "LXGD"}),
        ("Lexigrid is in Software. The sector's index:", "list_sector", {"sector": "Software"}),
        ("DSOFTI.DEMO. Change on 2024-11-04:", "price", {"entity": "DSOFTI", "date": "2024-11-04"}),
    ], "answer": ("+1.46%", "1.46%"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None)}},
    {"id": "f56", "chain": "demo-L3-5hop-03-zh", "style": "terse", "steps": [
        ("", "fund_metric", {"fund": "ZGEF", "metric": "最大回撤", "horizon": "近1年", "as_of": "2024-12-31"}),
        ("", "fund_metric", {"fund": "NWTF", "metric": "最大回撤", "horizon": "近1年", "as_of": "2024-12-31"}),
        ("", "fund_holdings", {"fund": "NWTF", "period": "2024Q3"}),
        ("", "lookup_entity", {"query": "LXGD"}),
        ("", "list_sector", {"sector": "SOFT"}),
        ("", "price", {"entity": "DSOFTI", "date": "2024-11-04"}),
    ], "answer": ("", "1.46%"),
     "labels": {1: (T, "used", None), 2: (T, "used", None), 3: (T, "used", None), 4: (T, "used", None)}},
    {"id": "f57", "chain": "demo-L3-5hop-03-en", "style": "react", "steps": [
        ("Max drawdown for Zenith.", "fund_metric", {"fund": "ZGEF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("And Northwind.", "fund_metric", {"fund": "NWTF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("Drawdowns are losses: -10.69% for Zenith vs -9.12% for Northwind; the smaller (more negative) one is Zenith Growth Equity Fund.", "fund_holdings", {"fund": "ZGEF", "period": "2024Q3"}),
        ("Top holding: Talmora Circuits.", "lookup_entity", {"query": "TLMC"}),
        ("Talmora is in Semiconductors.", "list_sector", {"sector": "SEMI"}),
        ("The index is DSEMII.", "price", {"entity": "DSEMII", "date": "2024-11-04"}),
    ], "answer": ("-0.48%", "-0.48%"),
     "labels": {1: (F, "candidate", None), 2: (F, "missing", None), 3: (F, "missing", None), 4: (F, "missing", None)}},
    {"id": "f58", "chain": "demo-L3-5hop-03-zh", "style": "react", "steps": [
        ("查询两只基金近一年最大回撤。", "fund_metric", {"fund": "天顶成长股票基金", "metric": "最大回撤", "horizon": "近一年", "as_of": "2024-12-31"}),
        ("", "fund_metric", {"fund": "北风科技创新基金", "metric": "最大回撤", "horizon": "近一年", "as_of": "2024-12-31"}),
        ("北风科技创新基金回撤9.12%较小……不对，题目问的是回撤较小，应理解为风险控制较差的一方？重新考虑后选天顶成长股票基金。", "fund_holdings", {"fund": "天顶成长股票基金", "period": "2024Q3"}),
        ("第一大重仓股为塔摩电路。", "lookup_entity", {"query": "塔摩电路"}),
        ("所属行业为半导体。", "list_sector", {"sector": "半导体"}),
        ("", "price", {"entity": "演示半导体指数", "date": "2024-11-04"}),
    ], "answer": ("-0.48%", "-0.48%"),
     "labels": {1: (F, "rejected", None), 2: (F, "missing", None), 3: (F, "missing", None), 4: (F, "missing", None)}},
    # ================================================================== L3-5hop-04: hop1 Talmora, hop2 2023-06-12, hop3 2023-07-12, hop4 Talmora
    {"id": "f59", "chain": "demo-L3-5hop-04-en", "style": "react", "steps": [
        ("Listing dates for both.", "lookup_entity", {"query": "TLMC"}),
        ("", "lookup_entity", {"query": "GYDS"}),
        ("Talmora Circuits listed first (2023-06-12 vs 2023-11-20). 20 trading days after its listing:", "trading_day", {"date": "2023-06-12", "offset": 20}),
        ("2023-07-12. Closing prices:", "price", {"entity": "TLMC", "date": "2023-07-12"}),
        ("", "price", {"entity": "NRVX", "date": "2023-07-12"}),
        ("Talmora closed higher (128.37 vs 37.60). Cumulative revenue for Q1–Q3 2024:", "report_metric", {"entity": "TLMC", "metric": "revenue", "period": "2024Q3", "basis": "cumulative"}),
    ], "answer": ("4,550,048,144 yuan", "4,550,048,144 yuan"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None)}},
    {"id": "f60", "chain": "demo-L3-5hop-04-zh", "style": "react", "steps": [
        ("查询两家公司的上市日期。", "lookup_entity", {"query": "塔摩电路"}),
        ("", "lookup_entity", {"query": "陀驰系统"}),
        ("塔摩电路2023年6月12日上市，早于陀驰系统（2023年11月20日）。计算其上市后第20个交易日。", "trading_day", {"date": "2023-06-12", "offset": 20}),
        ("第20个交易日为2023年7月12日。比较收盘价。", "price", {"entity": "塔摩电路", "date": "2023-07-12"}),
        ("", "price", {"entity": "诺维器件", "date": "2023-07-12"}),
        ("塔摩电路收盘128.37元，高于诺维器件的37.60元。查询其2024年前三季度累计营收。", "report_metric", {"entity": "TLMC", "metric": "营业收入", "period": "2024Q3", "basis": "累计"}),
    ], "answer": ("4,550,048,144元", "4,550,048,144元"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None)}},
    {"id": "f61", "chain": "demo-L3-5hop-04-en", "style": "react", "steps": [
        ("Listing dates.", "lookup_entity", {"query": "Talmora Circuits"}),
        ("", "lookup_entity", {"query": "Gyrodrive Systems"}),
        ("Talmora listed earlier, on June 12, 2023. Twenty days later is July 2, 2023.", "price", {"entity": "TLMC", "date": "2023-07-02"}, "error"),
        ("Not a trading day; I'll use the next session, 2023-07-03.", "price", {"entity": "TLMC", "date": "2023-07-03"}),
        ("", "price", {"entity": "NRVX", "date": "2023-07-03"}),
        ("Talmora (134.35) closed above Norvex (39.09).", "report_metric", {"entity": "TLMC", "metric": "revenue", "period": "2024Q3", "basis": "cumulative"}),
    ], "answer": ("4,550,048,144 yuan", "4,550,048,144 yuan"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (F, "missing", "counted calendar days"), 4: (T, "stated", "reached via the wrong day")}},
    # ================================================================== L3-6hop-01: Verdanta, 2023-10-18, 2023-10-23, Evergreen, Silverpine
    {"id": "f62", "chain": "demo-L3-6hop-01-en", "style": "react", "steps": [
        ("Price changes on 2023-09-12.", "price", {"entity": "VRDP", "date": "2023-09-12"}),
        ("", "price", {"entity": "CLSB", "date": "2023-09-12"}),
        ("Verdanta rose 1.99% vs Celestine's 1.32%, so Verdanta Pharma. Its 2023 Q3 report date:", "report_metric", {"entity": "VRDP", "metric": "revenue", "period": "2023Q3"}),
        ("Released 2023-10-18; three trading days later:", "trading_day", {"date": "2023-10-18", "offset": 3}),
        ("2023-10-23. Fund NAV changes that day:", "price", {"entity": "EGDF", "date": "2023-10-23"}),
        ("", "price", {"entity": "HLBF", "date": "2023-10-23"}),
        ("Evergreen Dividend Fund gained 1.90% vs Harborlight's 0.96%. Its top holding at end-2023:", "fund_holdings", {"fund": "EGDF", "period": "2023Q4"}),
        ("Silverpine Liquor. FY2023 net profit:", "report_metric", {"entity": "SVPL", "metric": "net_profit", "period": "2023Q4", "basis": "cumulative"}),
    ], "answer": ("3,939,660,539 yuan", "3,939,660,539 yuan"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None), 5: (T, "stated", None)}},
    {"id": "f63", "chain": "demo-L3-6hop-01-zh", "style": "react", "steps": [
        ("查询2023年9月12日两家公司涨幅。", "price", {"entity": "翠丹制药", "date": "2023-09-12"}),
        ("", "price", {"entity": "天青生物", "date": "2023-09-12"}),
        ("翠丹制药涨1.99%，大于天青生物的1.32%。查询其2023年三季报发布日。", "report_metric", {"entity": "翠丹制药", "metric": "营业收入", "period": "2023Q3"}),
        ("三季报于2023年10月18日发布，往后数3个交易日。", "trading_day", {"date": "2023-10-18", "offset": 3}),
        ("第3个交易日为10月23日，比较两只基金净值涨幅。", "price", {"entity": "常青红利基金", "date": "2023-10-23"}),
        ("", "price", {"entity": "港灯平衡混合基金", "date": "2023-10-23"}),
        ("常青红利基金涨1.90%，较大。查询其2023年末第一大重仓股。", "fund_holdings", {"fund": "常青红利基金", "period": "2023Q4"}),
        ("第一大重仓股为银松酒业，查询其2023年全年归母净利润。", "report_metric", {"entity": "银松酒业", "metric": "归母净利润", "period": "2023Q4", "basis": "累计"}),
    ], "answer": ("3,939,660,539元", "3,939,660,539元"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None), 5: (T, "stated", None)}},
    {"id": "f64", "chain": "demo-L3-6hop-01-en", "style": "react", "steps": [
        ("Daily changes on 2023-09-12.", "price", {"entity": "VRDP", "date": "2023-09-12"}),
        ("", "price", {"entity": "CLSB", "date": "2023-09-12"}),
        ("Verdanta Pharma rose more. Q3 2023 report date:", "report_metric", {"entity": "VRDP", "metric": "revenue", "period": "2023Q3"}),
        ("", "trading_day", {"date": "2023-10-18", "offset": 3}),
        ("That gives Monday, October 23. Now the two funds.", "price", {"entity": "Evergreen Dividend", "date": "2023-10-23"}),
        ("", "price", {"entity": "Harborlight Balanced", "date": "2023-10-23"}),
    ], "answer": ("The funds report change_pct values of 1.90 and 0.96, but I can't tell whether these are NAV changes or price changes, so I cannot determine the fund or its holding's profit.", "Unable to determine"),
     "labels": {1: (T, "stated", None), 2: (T, "used", None), 3: (T, "stated", "'Monday, October 23' (no year)"), 4: (F, "candidate", "only queried, never chosen"), 5: (F, "missing", None)}},
    {"id": "f65", "chain": "demo-L3-6hop-01-en", "style": "react", "steps": [
        ("Compare moves on 2023-09-12.", "price", {"entity": "VRDP", "date": "2023-09-12"}),
        ("", "price", {"entity": "CLSB", "date": "2023-09-12"}),
        ("Verdanta Pharma rose more (1.99%).", "report_metric", {"entity": "VRDP", "metric": "revenue", "period": "2023Q3"}),
        ("Report released 2023-10-18.", "trading_day", {"date": "2023-10-18", "offset": 3}),
        ("Three trading days later: 2023-10-23.", "price", {"entity": "EGDF", "date": "2023-10-23"}),
        ("", "price", {"entity": "HLBF", "date": "2023-10-23"}),
        ("Evergreen Dividend Fund had the larger NAV change (1.90%). Hmm, wait — Harborlight Balanced Fund's NAV is far lower (1.62), so its move matters more in relative terms; on reflection I'll go with Harborlight Balanced Fund instead of Evergreen.", "fund_holdings", {"fund": "HLBF", "period": "2023Q4"}),
        ("Top holding: Redmere Spirits.", "report_metric", {"entity": "RDMS", "metric": "net_profit", "period": "2023Q4", "basis": "cumulative"}),
    ], "answer": ("Redmere Spirits' FY2023 attributable net profit was 2,041,347,407 yuan.", "2,041,347,407 yuan"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (F, "rejected", "stated then explicitly replaced"), 5: (F, "missing", None)}},
    # ================================================================== L3-6hop-02: 2023Q2, 2023-07-17, 2023-07-18, Verdanta, Pharmaceuticals
    {"id": "f66", "chain": "demo-L3-6hop-02-en", "style": "react", "steps": [
        ("Quarterly GDP growth for 2023.", "macro", {"indicator": "GDP_YOY", "period": "2023"}),
        ("GDP growth peaked in Q2 2023 at 5.2%, released 2023-07-17. Next trading day:", "trading_day", {"date": "2023-07-17", "offset": 1}),
        ("Tuesday, Jul 18. Comparing the two stocks:", "price", {"entity": "HBSB", "date": "2023-07-18"}),
        ("", "price", {"entity": "VRDP", "date": "2023-07-18"}),
        ("Verdanta Pharma (+0.65%) beat Harborstone (-1.65%). Its sector:", "lookup_entity", {"query": "VRDP"}),
        ("Pharmaceuticals. Its index:", "list_sector", {"sector": "PHAR"}),
    ], "answer": ("Demo Pharmaceuticals Index", "Demo Pharmaceuticals Index"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None), 5: (T, "stated", None)}},
    {"id": "f67", "chain": "demo-L3-6hop-02-zh", "style": "react", "steps": [
        ("查询2023年各季度GDP同比增速。", "macro", {"indicator": "国内生产总值", "period": "2023"}),
        ("2023年二季度同比增长5.2%，为全年最高，数据于7月17日发布。", "trading_day", {"date": "2023-07-17", "offset": 1}),
        ("下一个交易日为7月18日，比较两家公司涨幅。", "price", {"entity": "港石银行", "date": "2023-07-18"}),
        ("", "price", {"entity": "翠丹制药", "date": "2023-07-18"}),
        ("翠丹制药上涨0.65%，港石银行下跌1.65%，选翠丹制药。查询其所属行业。", "lookup_entity", {"query": "翠丹制药"}),
        ("所属行业为医药，查询行业指数。", "list_sector", {"sector": "医药"}),
    ], "answer": ("演示医药指数", "演示医药指数"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None), 5: (T, "stated", None)}},
    {"id": "f68", "chain": "demo-L3-6hop-02-en", "style": "prose", "steps": [
        ("Pulling 2023 quarterly GDP.", "macro", {"indicator": "GDP", "period": "2023"}),
        ("Year-on-year GDP growth by quarter: 4.4, **5.2**, 5.0, 4.6 — the fastest was April–June 2023. Its figure was published on the 17th of July.", "trading_day", {"date": "July 17, 2023", "offset": 1}),
        ("First session after: 18 July 2023.", "price", {"entity": "Verdanta Pharma", "date": "2023-07-18"}),
        ("", "price", {"entity": "Harborstone Bank", "date": "2023-07-18"}),
        ("Verdanta up 0.65%, Harborstone down 1.65%. Looking up Verdanta's sector.", "lookup_entity", {"query": "Verdanta"}),
        ("Sector id PHAR.", "list_sector", {"sector": "PHAR"}),
    ], "answer": ("DPHARI.DEMO", "DPHARI.DEMO"),
     "labels": {1: (T, "stated", "'April–June 2023'"), 2: (T, "stated", "'the 17th of July' (year from the series)"), 3: (T, "stated", None), 4: (T, "stated", None), 5: (T, "used", "sector id PHAR")}},
    {"id": "f69", "chain": "demo-L3-6hop-02-en", "style": "react", "steps": [
        ("2023 GDP growth by quarter.", "macro", {"indicator": "GDP_YOY", "period": "2023"}),
        ("Q3 2023 at 5.0% looks like the peak after Q2's 5.2% — no, Q2 is higher, but Q2's base was depressed by the 2022 lockdowns, so the meaningful peak is Q3 2023. Released 2023-10-19.", "trading_day", {"date": "2023-10-19", "offset": 1}),
        ("", "price", {"entity": "HBSB", "date": "2023-10-20"}),
        ("", "price", {"entity": "VRDP", "date": "2023-10-20"}),
    ], "answer": ("I'll stop here: the comparison is inconclusive.", "inconclusive"),
     "labels": {1: (F, "rejected", "Q2 named and set aside"), 2: (F, "result_only", None), 3: (F, "missing", None), 4: (F, "candidate", "Verdanta only queried"), 5: (F, "missing", None)}},
    # ================================================================== L3-6hop-03: 2023-04, 2023-05-09, 2023-05-10, Cirrusoft, 2023-10-30
    {"id": "f70", "chain": "demo-L3-6hop-03-en", "style": "react", "steps": [
        ("2023 CPI YoY by month.", "macro", {"indicator": "CPI_YOY", "period": "2023"}),
        ("The lowest YoY CPI in 2023 was April (-0.4%), published 2023-05-09. Next trading day:", "trading_day", {"date": "2023-05-09", "offset": 1}),
        ("Wednesday, May 10. Turnover rates:", "price", {"entity": "CRSF", "date": "2023-05-10"}),
        ("", "price", {"entity": "NMBD", "date": "2023-05-10"}),
        ("", "price", {"entity": "QNTC", "date": "2023-05-10"}),
        ("Cirrusoft Systems has the highest turnover (1.10%). Q3 2023 report date:", "report_metric", {"entity": "CRSF", "metric": "revenue", "period": "2023Q3"}),
        ("Released 2023-10-30. Close that day:", "price", {"entity": "CRSF", "date": "2023-10-30"}),
    ], "answer": ("143.28 yuan", "143.28 yuan"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None), 5: (T, "stated", None)}},
    {"id": "f71", "chain": "demo-L3-6hop-03-zh", "style": "react", "steps": [
        ("查询2023年各月CPI同比。", "macro", {"indicator": "CPI", "period": "2023"}),
        ("2023年4月CPI同比-0.4%，全年最低，于5月9日公布。", "trading_day", {"date": "2023-05-09", "offset": 1}),
        ("下一个交易日为2023年5月10日，比较三家公司换手率。", "price", {"entity": "卷云软件", "date": "2023-05-10"}),
        ("", "price", {"entity": "宁伞数据", "date": "2023-05-10"}),
        ("", "price", {"entity": "宽塔云", "date": "2023-05-10"}),
        ("卷云软件换手率1.10%最高。查询其2023年三季报发布日。", "report_metric", {"entity": "卷云软件", "metric": "营业收入", "period": "2023Q3"}),
        ("三季报于2023年10月30日发布，查询当日收盘价。", "price", {"entity": "卷云软件", "date": "2023-10-30"}),
    ], "answer": ("143.28元", "143.28元"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None), 5: (T, "stated", None)}},
    {"id": "f72", "chain": "demo-L3-6hop-03-en", "style": "react", "steps": [
        ("2023 CPI series.", "macro", {"indicator": "CPI_YOY", "period": "2023"}),
        ("April 2023 was the low point (-0.4%), released 2023-05-09.", "trading_day", {"date": "2023-05-09", "offset": 1}),
        ("Next trading day is 2023-05-10. Checking turnover.", "price", {"entity": "CRSF", "date": "2023-05-10"}),
        ("", "price", {"entity": "NMBD", "date": "2023-05-10"}),
        ("", "price", {"entity": "QNTC", "date": "2023-05-10"}),
        ("Nimbrella Data has by far the highest turnover (2,673,400 shares). Its Q3 2023 report date:", "report_metric", {"entity": "NMBD", "metric": "revenue", "period": "2023Q3"}),
        ("Released 2023-10-17.", "price", {"entity": "NMBD", "date": "2023-10-17"}),
    ], "answer": ("13.13 yuan", "13.13 yuan"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (F, "candidate", "confused turnover with volume"), 5: (F, "missing", None)}},
    {"id": "f73", "chain": "demo-L3-6hop-03-en", "style": "terse", "steps": [
        ("", "macro", {"indicator": "CPI_YOY", "period": "2023"}),
        ("", "trading_day", {"date": "2023-05-09", "offset": 1}),
        ("", "price", {"entity": "CRSF", "date": "2023-05-10"}),
        ("", "price", {"entity": "NMBD", "date": "2023-05-10"}),
        ("", "price", {"entity": "QNTC", "date": "2023-05-10"}),
        ("", "report_metric", {"entity": "CRSF", "metric": "revenue", "period": "2023Q3"}),
        ("", "price", {"entity": "CRSF", "date": "2023-10-30"}),
    ], "answer": ("", "143.28"),
     "labels": {1: (T, "implicit", "unsure: April never written; only its release date is used"), 2: (T, "used", None), 3: (T, "used", None), 4: (T, "used", "CRSF is both a candidate and the one carried forward"), 5: (T, "used", None)}},
    # ================================================================== L3-6hop-04: Talmora, 2024-04-03, 2024-04-01, Orbisync, 2024-10-29
    {"id": "f74", "chain": "demo-L3-6hop-04-en", "style": "react", "steps": [
        ("Q4 2023 single-quarter gross margins.", "report_metric", {"entity": "BVSI", "metric": "gross_margin", "period": "2023Q4", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "TLMC", "metric": "gross_margin", "period": "2023Q4", "basis": "single_quarter"}),
        ("Talmora Circuits' Q4 2023 gross margin (42.83%) beats Brightvale's (36.36%). Talmora released its annual report on 2024-04-03. Two trading days earlier:", "trading_day", {"date": "2024-04-03", "offset": -2}),
        ("2024-04-01, which falls in Q2 2024. Zenith's holdings at the end of Q2:", "fund_holdings", {"fund": "ZGEF", "period": "2024Q2"}),
        ("Top holding: Orbisync Tech. Its Q3 2024 report date:", "report_metric", {"entity": "OBSY", "metric": "revenue", "period": "2024Q3"}),
        ("Released 10/29 (Tuesday, Oct 29). Volumes that day:", "price", {"entity": "OBSY", "date": "2024-10-29"}),
        ("", "price", {"entity": "QNTC", "date": "2024-10-29"}),
    ], "answer": ("Quantara Cloud (1,500,600 vs 423,500 shares).", "Quantara Cloud"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None), 5: (T, "stated", "'10/29 (Tuesday, Oct 29)' plus the ISO date in the call")}},
    {"id": "f75", "chain": "demo-L3-6hop-04-zh", "style": "react", "steps": [
        ("查询两家公司2023年四季度单季毛利率。", "report_metric", {"entity": "明谷硅业", "metric": "毛利率", "period": "2023Q4", "basis": "单季"}),
        ("", "report_metric", {"entity": "塔摩电路", "metric": "毛利率", "period": "2023Q4", "basis": "单季"}),
        ("塔摩电路毛利率42.83%，较高，其2023年年报于2024年4月3日发布。往前数2个交易日。", "trading_day", {"date": "2024-04-03", "offset": -2}),
        ("为2024年4月1日，属于二季度。查询天顶成长股票基金二季度末持仓。", "fund_holdings", {"fund": "天顶成长股票基金", "period": "2024Q2"}),
        ("第一大重仓股为环同科技，查询其三季报发布日。", "report_metric", {"entity": "环同科技", "metric": "营业收入", "period": "2024Q3"}),
        ("三季报于10月29日发布，比较当日成交量。", "price", {"entity": "环同科技", "date": "2024-10-29"}),
        ("", "price", {"entity": "宽塔云", "date": "2024-10-29"}),
    ], "answer": ("宽塔云成交量更大。", "宽塔云"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None), 5: (T, "stated", None)}},
    {"id": "f76", "chain": "demo-L3-6hop-04-en", "style": "react", "steps": [
        ("Gross margins for Q4 2023.", "report_metric", {"entity": "BVSI", "metric": "gross margin", "period": "2023Q4"}),
        ("", "report_metric", {"entity": "TLMC", "metric": "gross margin", "period": "2023Q4"}),
        ("Talmora is higher; its annual report came out on April 3, 2024. Two trading days before:", "trading_day", {"date": "2024-04-03", "offset": -2}),
        ("April 1, 2024 — the quarter containing that day ended March 31, so I need Zenith's holdings at the end of Q1 2024.", "fund_holdings", {"fund": "ZGEF", "period": "2024Q1"}),
        ("Top holding: Quantara Cloud. Its Q3 2024 report date:", "report_metric", {"entity": "QNTC", "metric": "revenue", "period": "2024Q3"}),
    ], "answer": ("That company is Quantara Cloud itself, so the answer is Quantara Cloud.", "Quantara Cloud"),
     "labels": {1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (F, "missing", "took Q1 holdings"), 5: (F, "missing", None)}},
    {"id": "f77", "chain": "demo-L3-6hop-04-en", "style": "prose", "steps": [
        ("Comparing Q4 2023 gross margins.", "report_metric", {"entity": "Brightvale Silicon", "metric": "gross_margin", "period": "2023Q4", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "Talmora Circuits", "metric": "gross_margin", "period": "2023Q4", "basis": "single_quarter"}),
        ("| | Gross margin | Report date |\n|---|---|---|\n| Brightvale | 36.36% | 2024-03-15 |\n| **Talmora** | **42.83%** | **2024-04-03** |\n\nTwo trading days before Talmora's release:", "trading_day", {"date": "2024-04-03", "offset": -2}),
        ("That is Monday the 1st of April, in the second quarter. Holdings at end-Q2:", "fund_holdings", {"fund": "Zenith Growth", "period": "Q2 2024"}),
        ("Orbisync leads with 9.29%. When did it report Q3?", "report_metric", {"entity": "Orbisync", "metric": "revenue", "period": "Q3 2024"}),
        ("On the 29th. Comparing volumes:", "price", {"entity": "Orbisync", "date": "2024-10-29"}),
        ("", "price", {"entity": "Quantara", "date": "2024-10-29"}),
    ], "answer": ("**Quantara Cloud** traded more shares.", "Quantara Cloud"),
     "labels": {1: (T, "stated", "bold in a table"), 2: (T, "stated", None), 3: (T, "stated", "'Monday the 1st of April' (year from context)"), 4: (T, "stated", None), 5: (T, "stated", "'On the 29th' + ISO date in the call")}},
]


def build() -> list[dict[str, Any]]:
    return trajectory_rows(TRAJECTORIES, "fresh", demo_chains())


def main() -> None:
    rows = build()
    write_jsonl(OUT, rows)
    print(f"wrote {len(rows)} items ({len(TRAJECTORIES)} trajectories) to {OUT}")


if __name__ == "__main__":
    main()
