"""Writes `trajectories_third.jsonl`: a third independent annotator's labelled process-hit items (branch ind3-mh).

Each trajectory is an agent's run on a demo chain (ReAct "Thought / Action", bare JSON actions, or prose with a
fenced JSON action; English and Chinese); every observation is the REAL result of `MarketTools` over
`demo_market()`, executed here. One item per (trajectory, intermediate hop 1..K-1).

Labels were written by the definition before any run of the detector, without reading its code:
a hop is reached when the agent's own words or its tool-call arguments state or use that hop's gold answer
(any name, alias, ticker, date or period format); it is NOT reached when the gold answer appears only in a tool
result, only as the losing candidate of a comparison the agent settled the other way, or when the agent states
it and then rejects/retracts it. Reaching it through a wrong path still counts.
Kinds: stated, used (arguments only), result_only, candidate, rejected, missing, implicit, wrong_role.
Items marked unsure carry a note.

Run: PYTHONPATH=src .venv/bin/python bench/data/multihop/author_third_trajectories.py
"""
# ruff: noqa: E501  (data tables: one step per line)

from __future__ import annotations

from pathlib import Path
from typing import Any

from _authoring import demo_chains, summary, trajectory_rows, write_jsonl

OUT = Path(__file__).parent / "trajectories_third.jsonl"

T, F = True, False
S = (T, "stated", None)
U = (T, "used", None)

TRAJECTORIES: list[dict[str, Any]] = [
    # ================================================================ L3-6hop-01: Verdanta, 2023-10-18, 2023-10-23, Evergreen, Silverpine
    {"id": "t01", "chain": "demo-L3-6hop-01-en", "style": "react", "steps": [
        ("Compare the two stocks' moves on 2023-09-12.", "price", {"entity": "VRDP", "date": "2023-09-12"}),
        ("", "price", {"entity": "CLSB", "date": "2023-09-12"}),
        ("Verdanta Pharma rose 1.99% vs Celestine's 1.32%, so Verdanta. Its Q3 2023 report date:", "report_metric", {"entity": "VRDP", "metric": "revenue", "period": "2023Q3"}),
        ("Released on 2023-10-18. Three trading days later:", "trading_day", {"date": "2023-10-18", "offset": 3}),
        ("That is 2023-10-23 (Monday). Compare the two funds' NAV changes that day.", "price", {"entity": "EGDF", "date": "2023-10-23"}),
        ("", "price", {"entity": "HLBF", "date": "2023-10-23"}),
        ("Evergreen Dividend Fund gained 1.90% vs Harborlight's 0.96%. Its top holding at end-2023:", "fund_holdings", {"fund": "EGDF", "period": "2023Q4"}),
        ("Top holding is Silverpine Liquor (8.48%). Full-year 2023 net profit:", "report_metric", {"entity": "SVPL", "metric": "net_profit", "period": "2023Q4", "basis": "cumulative"}),
    ], "answer": ("Silverpine's 2023 net profit attributable was 3,939,660,539 yuan.", "3,939,660,539 yuan"),
     "labels": {1: S, 2: S, 3: S, 4: S, 5: S}},
    {"id": "t02", "chain": "demo-L3-6hop-01-zh", "style": "terse", "steps": [
        ("", "price", {"entity": "VRDP", "date": "2023-09-12"}),
        ("", "price", {"entity": "CLSB", "date": "2023-09-12"}),
        ("", "report_metric", {"entity": "VRDP", "metric": "revenue", "period": "2023Q3"}),
        ("", "trading_day", {"date": "2023-10-18", "offset": 3}),
        ("", "price", {"entity": "EGDF", "date": "2023-10-23"}),
        ("", "price", {"entity": "HLBF", "date": "2023-10-23"}),
        ("", "fund_holdings", {"fund": "EGDF", "period": "2023Q4"}),
        ("", "report_metric", {"entity": "SVPL", "metric": "net_profit", "period": "2023Q4", "basis": "cumulative"}),
    ], "answer": ("", "3,939,660,539元"),
     "labels": {1: U, 2: U, 3: U, 4: (T, "used", "EGDF is also a compared candidate, but it is the one carried forward"), 5: U}},
    {"id": "t03", "chain": "demo-L3-6hop-01-en", "style": "react", "steps": [
        ("Which stock rose more on 2023-09-12?", "price", {"entity": "VRDP", "date": "2023-09-12"}),
        ("", "price", {"entity": "CLSB", "date": "2023-09-12"}),
        ("Celestine Biotech had the much higher turnover (1.89%), so I'll go with Celestine. Its Q3 2023 report date:", "report_metric", {"entity": "CLSB", "metric": "revenue", "period": "2023Q3"}),
    ], "answer": ("I could not complete the chain after identifying Celestine's report date.", "unknown"),
     "labels": {1: (F, "candidate", "Verdanta fetched and passed over"), 2: (F, "missing", None), 3: (F, "missing", None), 4: (F, "missing", None), 5: (F, "missing", None)}},
    {"id": "t04", "chain": "demo-L3-6hop-01-zh", "style": "react", "steps": [
        ("比较两家公司2023年9月12日的涨幅。", "price", {"entity": "翠丹制药", "date": "2023-09-12"}),
        ("", "price", {"entity": "天青生物", "date": "2023-09-12"}),
        ("翠丹制药涨1.99%，天青生物涨1.32%，取翠丹制药。查询其三季报发布日。", "report_metric", {"entity": "翠丹制药", "metric": "营业收入", "period": "2023Q3"}),
        ("三季报于10月18日发布。往后数3个交易日。", "trading_day", {"date": "2023-10-18", "offset": 3}),
        ("为10月23日。比较两只基金当日净值涨幅。", "price", {"entity": "常青红利基金", "date": "2023-10-23"}),
        ("", "price", {"entity": "港灯平衡混合基金", "date": "2023-10-23"}),
        ("港灯平衡混合基金涨0.96%，常青红利基金涨1.90%，但港灯是平衡型，按题意应取港灯平衡混合基金。查询其2023年末持仓。", "fund_holdings", {"fund": "HLBF", "period": "2023Q4"}),
    ], "answer": ("无法确定。", "无法确定"),
     "labels": {1: S, 2: S, 3: S, 4: (F, "candidate", "Evergreen's figure stated but the other fund chosen"), 5: (F, "missing", None)}},
    # ================================================================ L3-6hop-02: 2023Q2, 2023-07-17, 2023-07-18, Verdanta, Pharmaceuticals
    {"id": "t05", "chain": "demo-L3-6hop-02-en", "style": "prose", "steps": [
        ("I'll pull 2023 quarterly GDP growth.", "macro", {"indicator": "GDP_YOY", "period": "2023"}),
        ("Growth was fastest in **Q2 2023** (5.2%), released on July 17, 2023. The next trading day:", "trading_day", {"date": "2023-07-17", "offset": 1}),
        ("July 18. Comparing the two stocks:", "price", {"entity": "HBSB", "date": "2023-07-18"}),
        ("", "price", {"entity": "VRDP", "date": "2023-07-18"}),
        ("Verdanta (+0.65%) beat Harborstone (-1.65%). Its sector:", "lookup_entity", {"query": "VRDP"}),
        ("Verdanta is in the Pharmaceuticals sector. Index:", "list_sector", {"sector": "PHAR"}),
    ], "answer": ("The index is the Demo Pharmaceuticals Index.", "Demo Pharmaceuticals Index"),
     "labels": {1: S, 2: S, 3: (T, "stated", "'July 18' (year from context) + ISO date in the calls"), 4: S, 5: S}},
    {"id": "t06", "chain": "demo-L3-6hop-02-zh", "style": "react", "steps": [
        ("查询2023年各季度GDP同比。", "macro", {"indicator": "GDP_YOY", "period": "2023"}),
        ("二季度增速5.2%最高，三季度5.0%次之。二季度数据于2023年7月17日发布，查下一个交易日。", "trading_day", {"date": "2023-07-17", "offset": 1}),
        ("为7月18日。", "price", {"entity": "港石银行", "date": "2023-07-18"}),
        ("", "price", {"entity": "翠丹制药", "date": "2023-07-18"}),
        ("翠丹制药上涨0.65%，港石银行下跌1.65%，翠丹制药涨幅较大。查询其所属行业。", "lookup_entity", {"query": "翠丹制药"}),
        ("所属行业为医药，查询行业指数。", "list_sector", {"sector": "PHAR"}),
    ], "answer": ("演示医药指数。", "演示医药指数"),
     "labels": {1: (T, "stated", "二季度 with the year from the question"), 2: S, 3: S, 4: S, 5: S}},
    {"id": "t07", "chain": "demo-L3-6hop-02-en", "style": "react", "steps": [
        ("GDP growth by quarter in 2023.", "macro", {"indicator": "GDP_YOY", "period": "2023"}),
        ("Q2's 5.2% looks like the max, but Q2 2022 was depressed, so the base effect inflates it; the highest underlying growth is Q3 2023 at 5.0%. It was released on 2023-10-19.", "trading_day", {"date": "2023-10-19", "offset": 1}),
        ("Next trading day is 2023-10-20.", "price", {"entity": "HBSB", "date": "2023-10-20"}),
        ("", "price", {"entity": "VRDP", "date": "2023-10-20"}),
        ("Verdanta Pharma fell less, so it counts as rising more. Sector lookup:", "lookup_entity", {"query": "Verdanta Pharma"}),
    ], "answer": ("Pharmaceuticals -> Demo Pharmaceuticals Index.", "Demo Pharmaceuticals Index"),
     "labels": {1: (F, "rejected", "Q2 stated then set aside for Q3"), 2: (F, "missing", None), 3: (F, "missing", None), 4: (T, "stated", "wrong path, right entity"), 5: (T, "stated", "in the final answer 'Pharmaceuticals'")}},
    {"id": "t08", "chain": "demo-L3-6hop-02-en", "style": "terse", "steps": [
        ("", "macro", {"indicator": "GDP_YOY", "period": "2023"}),
        ("", "trading_day", {"date": "2023-07-17", "offset": 1}),
        ("", "price", {"entity": "HBSB", "date": "2023-07-18"}),
        ("", "price", {"entity": "VRDP", "date": "2023-07-18"}),
        ("", "lookup_entity", {"query": "VRDP"}),
        ("", "list_sector", {"sector": "PHAR"}),
    ], "answer": ("", "Demo Pharmaceuticals Index"),
     "labels": {1: (T, "implicit", "unsure: Q2 never written; only its release date 2023-07-17 is used"), 2: U, 3: U, 4: (T, "used", "VRDP is a compared candidate and the one looked up next"), 5: U}},
    # ================================================================ L3-6hop-03: 2023-04, 2023-05-09, 2023-05-10, Cirrusoft, 2023-10-30
    {"id": "t09", "chain": "demo-L3-6hop-03-zh", "style": "react", "steps": [
        ("查询2023年各月CPI同比。", "macro", {"indicator": "CPI_YOY", "period": "2023"}),
        ("最低为2023年4月（-0.4%），于2023年5月9日发布。查下一交易日。", "trading_day", {"date": "2023-05-09", "offset": 1}),
        ("2023年5月10日。比较三家公司换手率。", "price", {"entity": "卷云软件", "date": "2023-05-10"}),
        ("", "price", {"entity": "宁伞数据", "date": "2023-05-10"}),
        ("", "price", {"entity": "宽塔云", "date": "2023-05-10"}),
        ("卷云软件换手率1.10%最高。查询其三季报发布日。", "report_metric", {"entity": "卷云软件", "metric": "营业收入", "period": "2023Q3"}),
        ("三季报于2023年10月30日发布，查当日收盘价。", "price", {"entity": "卷云软件", "date": "2023-10-30"}),
    ], "answer": ("收盘价143.28元。", "143.28元"),
     "labels": {1: S, 2: S, 3: S, 4: S, 5: S}},
    {"id": "t10", "chain": "demo-L3-6hop-03-en", "style": "react", "steps": [
        ("CPI YoY 2023 by month.", "macro", {"indicator": "CPI_YOY", "period": "2023"}),
        ("The lowest is April 2023 (-0.4%). Release date 2023-05-09; next trading day:", "trading_day", {"date": "2023-05-09", "offset": 1}),
        ("2023-05-10. Turnover rates:", "price", {"entity": "CRSF", "date": "2023-05-10"}),
        ("", "price", {"entity": "NMBD", "date": "2023-05-10"}),
        ("", "price", {"entity": "QNTC", "date": "2023-05-10"}),
        ("Quantara Cloud's 0.98% is close, but Cirrusoft — no, looking again Quantara has the larger volume, so I'll take Quantara Cloud.", "report_metric", {"entity": "QNTC", "metric": "revenue", "period": "2023Q3"}),
        ("Quantara's Q3 report date is in the result. Its close that day:", "price", {"entity": "QNTC", "date": "2023-10-24"}),
    ], "answer": ("Quantara Cloud closed at the figure above.", "see above"),
     "labels": {1: S, 2: S, 3: S, 4: (F, "rejected", "Cirrusoft named then abandoned for Quantara"), 5: (F, "missing", "2023-10-30 never appears")}},
    {"id": "t11", "chain": "demo-L3-6hop-03-en", "style": "prose", "steps": [
        ("Fetching 2023 monthly CPI.", "macro", {"indicator": "CPI_YOY", "period": "2023"}),
        ("May 2023 at -0.2% looks lowest to me; it was released on 2023-06-12. Next session:", "trading_day", {"date": "2023-06-12", "offset": 1}),
        ("2023-06-13. Turnover of the three names:", "price", {"entity": "CRSF", "date": "2023-06-13"}),
        ("", "price", {"entity": "NMBD", "date": "2023-06-13"}),
        ("", "price", {"entity": "QNTC", "date": "2023-06-13"}),
        ("Cirrusoft Systems leads on turnover. Its Q3 2023 report:", "report_metric", {"entity": "CRSF", "metric": "revenue", "period": "2023Q3"}),
        ("Released October 30, 2023. Close that day:", "price", {"entity": "CRSF", "date": "2023-10-30"}),
    ], "answer": ("Cirrusoft closed at 143.28 yuan.", "143.28 yuan"),
     "labels": {1: (F, "missing", "picked May; April only in the result"), 2: (F, "result_only", "2023-05-09 only in the CPI list"), 3: (F, "missing", None), 4: (T, "stated", "right entity by a wrong day"), 5: S}},
    {"id": "t12", "chain": "demo-L3-6hop-03-zh", "style": "terse", "steps": [
        ("", "macro", {"indicator": "CPI_YOY", "period": "2023-04"}),
        ("", "trading_day", {"date": "2023-05-09", "offset": 1}),
        ("", "price", {"entity": "CRSF", "date": "2023-05-10"}),
        ("", "price", {"entity": "NMBD", "date": "2023-05-10"}),
        ("", "price", {"entity": "QNTC", "date": "2023-05-10"}),
        ("", "report_metric", {"entity": "CRSF", "metric": "revenue", "period": "2023Q3"}),
        ("", "price", {"entity": "CRSF", "date": "2023-10-30"}),
    ], "answer": ("", "143.28元"),
     "labels": {1: (T, "used", "period 2023-04 in the macro call"), 2: U, 3: U, 4: U, 5: U}},
    # ================================================================ L3-6hop-04: Talmora, 2024-04-03, 2024-04-01, Orbisync, 2024-10-29
    {"id": "t13", "chain": "demo-L3-6hop-04-zh", "style": "prose", "steps": [
        ("先比较两家公司2023年四季度单季毛利率。", "report_metric", {"entity": "BVSI", "metric": "gross_margin", "period": "2023Q4", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "TLMC", "metric": "gross_margin", "period": "2023Q4", "basis": "single_quarter"}),
        ("塔摩电路毛利率42.83%，高于明谷硅业的36.36%。塔摩电路年报发布日为2024-04-03，往前2个交易日：", "trading_day", {"date": "2024-04-03", "offset": -2}),
        ("结果为2024-04-01，属于2024年二季度。查询天顶成长股票基金二季度末持仓。", "fund_holdings", {"fund": "ZGEF", "period": "2024Q2"}),
        ("第一大重仓股为环同科技（9.29%）。查询其三季报发布日。", "report_metric", {"entity": "OBSY", "metric": "revenue", "period": "2024Q3"}),
        ("三季报发布日为2024-10-29。比较当日成交量。", "price", {"entity": "OBSY", "date": "2024-10-29"}),
        ("", "price", {"entity": "QNTC", "date": "2024-10-29"}),
    ], "answer": ("宽塔云成交150.06万股，大于环同科技的42.35万股。", "宽塔云"),
     "labels": {1: S, 2: S, 3: S, 4: S, 5: S}},
    {"id": "t14", "chain": "demo-L3-6hop-04-en", "style": "react", "steps": [
        ("Gross margins, Q4 2023.", "report_metric", {"entity": "BVSI", "metric": "gross_margin", "period": "2023Q4", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "TLMC", "metric": "gross_margin", "period": "2023Q4", "basis": "single_quarter"}),
        ("Brightvale Silicon is the bigger, better-known name; I'll take Brightvale's annual report date, 2024-03-15. Two trading days before:", "trading_day", {"date": "2024-03-15", "offset": -2}),
        ("2024-03-13, in Q1 2024. Zenith's end-Q1 holdings:", "fund_holdings", {"fund": "ZGEF", "period": "2024Q1"}),
        ("Quantara Cloud is the top holding, so 'that company' and Quantara are the same.", "report_metric", {"entity": "QNTC", "metric": "revenue", "period": "2024Q3"}),
    ], "answer": ("Quantara Cloud.", "Quantara Cloud"),
     "labels": {1: (F, "candidate", "Talmora fetched, passed over"), 2: (F, "result_only", "2024-04-03 only in Talmora's margin result"), 3: (F, "missing", None), 4: (F, "missing", None), 5: (F, "missing", "Quantara reported on 2024-10-30; 10-29 never appears")}},
    {"id": "t15", "chain": "demo-L3-6hop-04-en", "style": "terse", "steps": [
        ("", "report_metric", {"entity": "BVSI", "metric": "gross_margin", "period": "2023Q4", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "TLMC", "metric": "gross_margin", "period": "2023Q4", "basis": "single_quarter"}),
        ("", "trading_day", {"date": "2024-04-03", "offset": -2}),
        ("", "fund_holdings", {"fund": "ZGEF", "period": "2024Q2"}),
        ("", "report_metric", {"entity": "OBSY", "metric": "revenue", "period": "2024Q3"}),
        ("", "price", {"entity": "OBSY", "date": "2024-10-29"}),
        ("", "price", {"entity": "QNTC", "date": "2024-10-29"}),
    ], "answer": ("", "Quantara Cloud"),
     "labels": {1: (T, "implicit", "unsure: Talmora never named; only its report date 2024-04-03 used"), 2: U, 3: (T, "implicit", "unsure: 2024-04-01 never written; only its quarter 2024Q2 used"), 4: U, 5: U}},
    # ================================================================ L3-5hop-01: Zephyrine, 2024-04-24, 2024-04-25, Demo Software Index
    {"id": "t16", "chain": "demo-L3-5hop-01-en", "style": "react", "steps": [
        ("Volumes on 2024-06-03 for the three names.", "price", {"entity": "ZPHR", "date": "2024-06-03"}),
        ("", "price", {"entity": "QLMC", "date": "2024-06-03"}),
        ("", "price", {"entity": "BVSI", "date": "2024-06-03"}),
        ("Zephyrine traded 29.27M shares, far more than the others. Q1 report date:", "report_metric", {"entity": "ZPHR", "metric": "revenue", "period": "2024Q1"}),
        ("Released 2024-04-24. Next trading day:", "trading_day", {"date": "2024-04-24", "offset": 1}),
        ("2024-04-25. Both indices:", "price", {"entity": "DSEMII", "date": "2024-04-25"}),
        ("", "price", {"entity": "DSOFTI", "date": "2024-04-25"}),
    ], "answer": ("The Demo Software Index rose more (+2.95%) and closed at 1,265.35.", "1,265.35 points"),
     "labels": {1: S, 2: S, 3: S, 4: (T, "stated", "in the final answer")}},
    {"id": "t17", "chain": "demo-L3-5hop-01-zh", "style": "react", "steps": [
        ("比较三家公司2024年6月3日成交量。", "price", {"entity": "泽风半导体", "date": "2024-06-03"}),
        ("", "price", {"entity": "奎隆微芯", "date": "2024-06-03"}),
        ("", "price", {"entity": "明谷硅业", "date": "2024-06-03"}),
        ("明谷硅业收盘424.89元，股价最高，成交额也较大，取明谷硅业。查询其一季报发布日。", "report_metric", {"entity": "明谷硅业", "metric": "营业收入", "period": "2024Q1"}),
        ("一季报于2024年4月19日发布，查下一个交易日再比较两个指数。", "trading_day", {"date": "2024-04-19", "offset": 1}),
    ], "answer": ("未能完成。", "未能完成"),
     "labels": {1: (F, "candidate", "泽风 only queried, another chosen"), 2: (F, "missing", None), 3: (F, "missing", None), 4: (F, "missing", None)}},
    {"id": "t18", "chain": "demo-L3-5hop-01-en", "style": "prose", "steps": [
        ("Checking 2024-06-03 volumes.", "price", {"entity": "ZPHR", "date": "2024-06-03"}),
        ("", "price", {"entity": "QLMC", "date": "2024-06-03"}),
        ("", "price", {"entity": "BVSI", "date": "2024-06-03"}),
        ("| Stock | Volume |\n|---|---|\n| **Zephyrine** | **29,271,600** |\n| Quillon | 2,437,300 |\n| Brightvale | 276,900 |\n\nZephyrine's Q1 report:", "report_metric", {"entity": "ZPHR", "metric": "revenue", "period": "2024Q1"}),
        ("Out on the 24th of April. Following session:", "trading_day", {"date": "2024-04-24", "offset": 1}),
        ("Thursday the 25th. Indices:", "price", {"entity": "DSEMII", "date": "2024-04-25"}),
        ("", "price", {"entity": "DSOFTI", "date": "2024-04-25"}),
        ("The semiconductor index gained 1.99%, the software index 2.95% — I'll report the semiconductor index since Zephyrine is a chip maker.", "price", {"entity": "DSEMII", "date": "2024-04-25"}),
    ], "answer": ("Demo Semiconductors Index, 1,736.59 points.", "1,736.59 points"),
     "labels": {1: S, 2: S, 3: S, 4: (F, "candidate", "software index named as a compared value, the other one chosen")}},
    # ================================================================ L3-5hop-02: 2023-01, 2023-02-13, 2023-02-14, Voltaris
    {"id": "t19", "chain": "demo-L3-5hop-02-en", "style": "react", "steps": [
        ("M2 growth for 2023.", "macro", {"indicator": "M2_YOY", "period": "2023"}),
        ("January 2023 had the fastest growth (11.5%), released February 13. Next trading day:", "trading_day", {"date": "2023-02-13", "offset": 1}),
        ("Feb 14, 2023. Turnover rates:", "price", {"entity": "VLTM", "date": "2023-02-14"}),
        ("", "price", {"entity": "LMWA", "date": "2023-02-14"}),
        ("Voltaris Motors 2.05% > Lumenway 1.23%. Q2 2024 net profit:", "report_metric", {"entity": "VLTM", "metric": "net_profit", "period": "2024Q2", "basis": "single_quarter"}),
    ], "answer": ("156,358,409 yuan.", "156,358,409 yuan"),
     "labels": {1: S, 2: S, 3: S, 4: S}},
    {"id": "t20", "chain": "demo-L3-5hop-02-zh", "style": "react", "steps": [
        ("查询2023年M2同比增速。", "macro", {"indicator": "M2_YOY", "period": "2023"}),
        ("一月增速11.5%最高，发布日为二月十三日。查下一交易日。", "trading_day", {"date": "2023-02-13", "offset": 1}),
        ("次日即2月14日。比较换手率。", "price", {"entity": "沃塔瑞汽车", "date": "2023-02-14"}),
        ("", "price", {"entity": "流明途汽车", "date": "2023-02-14"}),
        ("沃塔瑞汽车换手率2.054%，高于流明途汽车。查询其2024年二季度单季净利润。", "report_metric", {"entity": "沃塔瑞汽车", "metric": "净利润", "period": "2024Q2", "basis": "单季"}),
    ], "answer": ("156,358,409元。", "156,358,409元"),
     "labels": {1: (T, "stated", "'一月' with the year from context"), 2: (T, "stated", "'二月十三日' in Chinese numerals plus ISO date in the call"), 3: S, 4: S}},
    {"id": "t21", "chain": "demo-L3-5hop-02-en", "style": "react", "steps": [
        ("M2 2023.", "macro", {"indicator": "M2_YOY", "period": "2023"}),
        ("Growth peaked at 11.5% in January 2023, but January is distorted by the holiday timing; I'll use the February 2023 reading (10.8%) instead, released 2023-03-09.", "trading_day", {"date": "2023-03-09", "offset": 1}),
        ("2023-03-10.", "price", {"entity": "VLTM", "date": "2023-03-10"}),
        ("", "price", {"entity": "LMWA", "date": "2023-03-10"}),
        ("Lumenway Auto has the higher turnover that day.", "report_metric", {"entity": "LMWA", "metric": "net_profit", "period": "2024Q2", "basis": "single_quarter"}),
    ], "answer": ("128,591,952 yuan.", "128,591,952 yuan"),
     "labels": {1: (F, "rejected", "January stated then set aside"), 2: (F, "result_only", "2023-02-13 only in the M2 list"), 3: (F, "missing", None), 4: (F, "candidate", "Voltaris only queried")}},
    {"id": "t22", "chain": "demo-L3-5hop-02-en", "style": "terse", "steps": [
        ("", "macro", {"indicator": "M2_YOY", "period": "2023-01"}),
        ("", "trading_day", {"date": "2023-02-13", "offset": 1}),
        ("", "price", {"entity": "VLTM", "date": "2023-02-14"}),
        ("", "price", {"entity": "LMWA", "date": "2023-02-14"}),
        ("", "report_metric", {"entity": "VLTM", "metric": "net_profit", "period": "2024Q2", "basis": "single_quarter"}),
    ], "answer": ("", "156,358,409 yuan"),
     "labels": {1: U, 2: U, 3: U, 4: U}},
    # ================================================================ L3-5hop-03: Northwind, Lexigrid, Software, Demo Software Index
    {"id": "t23", "chain": "demo-L3-5hop-03-en", "style": "react", "steps": [
        ("One-year max drawdown of both funds as of 2024-12-31.", "fund_metric", {"fund": "ZGEF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("", "fund_metric", {"fund": "NWTF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("Northwind Tech Innovation Fund has the smaller drawdown (9.12% vs 10.69%). Its end-Q3 holdings:", "fund_holdings", {"fund": "NWTF", "period": "2024Q3"}),
        ("Top holding: Lexigrid Software. Its sector:", "lookup_entity", {"query": "LXGD"}),
        ("Lexigrid is in Software. The sector index:", "list_sector", {"sector": "SOFT"}),
        ("The index is DSOFTI. Its change on 2024-11-04:", "price", {"entity": "DSOFTI", "date": "2024-11-04"}),
    ], "answer": ("+1.46%.", "1.46%"),
     "labels": {1: S, 2: S, 3: S, 4: (T, "stated", "ticker DSOFTI")}},
    {"id": "t24", "chain": "demo-L3-5hop-03-zh", "style": "react", "steps": [
        ("查询两只基金截至2024年12月31日的近一年最大回撤。", "fund_metric", {"fund": "天顶成长股票基金", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("", "fund_metric", {"fund": "北风科技创新基金", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("天顶成长10.69%，北风科技9.12%。回撤越大说明波动越大，题目要回撤较小的——不对，我误读了，应该取天顶成长股票基金。", "fund_holdings", {"fund": "天顶成长股票基金", "period": "2024Q3"}),
        ("第一大重仓股为塔摩电路，查询其行业。", "lookup_entity", {"query": "塔摩电路"}),
    ], "answer": ("无法确定。", "无法确定"),
     "labels": {1: (F, "rejected", "北风 figure stated, then the agent switches to 天顶"), 2: (F, "missing", None), 3: (F, "missing", None), 4: (F, "missing", None)}},
    {"id": "t25", "chain": "demo-L3-5hop-03-en", "style": "prose", "steps": [
        ("Drawdowns first.", "fund_metric", {"fund": "ZGEF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("", "fund_metric", {"fund": "NWTF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("Northwind's drawdown is smaller. Its holdings at the end of Q3 2024:", "fund_holdings", {"fund": "NWTF", "period": "2024Q3"}),
        ("The largest position is **Lexigrid Software** (9.72%).", "lookup_entity", {"query": "Lexigrid Software"}),
        ("It sits in the software sector, whose index is the Demo Software Index.", "price", {"entity": "Demo Software Index", "date": "2024-11-04"}),
    ], "answer": ("The Demo Software Index rose 1.46% on 2024-11-04.", "1.46%"),
     "labels": {1: S, 2: S, 3: (T, "stated", "'software sector'"), 4: S}},
    {"id": "t26", "chain": "demo-L3-5hop-03-en", "style": "react", "steps": [
        ("Drawdowns as of 2024-12-31.", "fund_metric", {"fund": "ZGEF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("", "fund_metric", {"fund": "NWTF", "metric": "max_drawdown", "horizon": "1Y", "as_of": "2024-12-31"}),
        ("Northwind wins on drawdown. Its top holding at end-Q2 2024 (latest I trust):", "fund_holdings", {"fund": "NWTF", "period": "2024Q2"}),
        ("Ferrocell Energy is the top holding. Sector:", "lookup_entity", {"query": "FRCE"}),
        ("New Energy Vehicles; index DNEVI.", "price", {"entity": "DNEVI", "date": "2024-11-04"}),
    ], "answer": ("The NEV index's change that day (see above).", "see above"),
     "labels": {1: S, 2: (F, "missing", "wrong quarter"), 3: (F, "missing", None), 4: (F, "missing", None)}},
    # ================================================================ L3-5hop-04: Talmora, 2023-06-12, 2023-07-12, Talmora
    {"id": "t27", "chain": "demo-L3-5hop-04-en", "style": "react", "steps": [
        ("Listing dates of both.", "lookup_entity", {"query": "TLMC"}),
        ("", "lookup_entity", {"query": "GYDS"}),
        ("Talmora Circuits listed first, on 2023-06-12. The 20th trading day after:", "trading_day", {"date": "2023-06-12", "offset": 20}),
        ("2023-07-12. Closes:", "price", {"entity": "TLMC", "date": "2023-07-12"}),
        ("", "price", {"entity": "NRVX", "date": "2023-07-12"}),
        ("Talmora closed at 128.37, well above Norvex's 37.60. Cumulative revenue Q1-Q3 2024:", "report_metric", {"entity": "TLMC", "metric": "revenue", "period": "2024Q3", "basis": "cumulative"}),
    ], "answer": ("4,550,048,144 yuan.", "4,550,048,144 yuan"),
     "labels": {1: S, 2: S, 3: S, 4: S}},
    {"id": "t28", "chain": "demo-L3-5hop-04-zh", "style": "react", "steps": [
        ("查询两家公司的上市日期。", "lookup_entity", {"query": "塔摩电路"}),
        ("", "lookup_entity", {"query": "陀驰系统"}),
        ("塔摩电路2023年6月12日上市，早于陀驰系统。", "trading_day", {"date": "2023-06-12", "offset": 19}),
        ("上市后第20个交易日为2023年7月11日（上市当日算第1天）。比较收盘价。", "price", {"entity": "塔摩电路", "date": "2023-07-11"}),
        ("", "price", {"entity": "诺维器件", "date": "2023-07-11"}),
        ("塔摩电路收盘价更高。查询前三季度累计营收。", "report_metric", {"entity": "塔摩电路", "metric": "营业收入", "period": "2024Q3", "basis": "累计"}),
    ], "answer": ("45.50亿元。", "4,550,048,144元"),
     "labels": {1: S, 2: S, 3: (F, "missing", "counted the listing day; 2023-07-11 instead of 07-12"), 4: (T, "stated", "right entity on a wrong day")}},
    {"id": "t29", "chain": "demo-L3-5hop-04-en", "style": "terse", "steps": [
        ("", "lookup_entity", {"query": "TLMC"}),
        ("", "lookup_entity", {"query": "GYDS"}),
        ("", "trading_day", {"date": "2023-06-12", "offset": 20}),
        ("", "price", {"entity": "TLMC", "date": "2023-07-12"}),
        ("", "price", {"entity": "NRVX", "date": "2023-07-12"}),
        ("", "report_metric", {"entity": "TLMC", "metric": "revenue", "period": "2024Q3", "basis": "cumulative"}),
    ], "answer": ("", "4,550,048,144 yuan"),
     "labels": {1: U, 2: U, 3: U, 4: U}},
    {"id": "t30", "chain": "demo-L3-5hop-04-en", "style": "prose", "steps": [
        ("Which listed earlier?", "lookup_entity", {"query": "Talmora Circuits"}),
        ("", "lookup_entity", {"query": "Gyrodrive Systems"}),
        ("Gyrodrive Systems listed on 2023-11-20, Talmora on 2023-06-12 — Gyrodrive is the more recent, so the 'earlier' one in the filing sense is Gyrodrive. Its 20th trading day:", "trading_day", {"date": "2023-11-20", "offset": 20}),
    ], "answer": ("Could not finish.", "n/a"),
     "labels": {1: (F, "candidate", "Talmora's date stated, other one chosen"), 2: (F, "candidate", "unsure: 2023-06-12 stated as Talmora's date but not taken forward"), 3: (F, "missing", None), 4: (F, "missing", None)}},
    # ================================================================ L2-4hop-01: Redmere, 2024-05-27, 2024-06-03
    {"id": "t31", "chain": "demo-L2-4hop-01-zh", "style": "react", "steps": [
        ("比较两家公司2024年4月18日收盘价。", "price", {"entity": "红湄酒业", "date": "2024-04-18"}),
        ("", "price", {"entity": "银松酒业", "date": "2024-04-18"}),
        ("红湄酒业收盘83.50元，较低。查询其分红事件。", "events", {"entity": "红湄酒业", "event_type": "dividend"}),
        ("2023年度分红除息日为2024年5月27日，往后5个交易日。", "trading_day", {"date": "2024-05-27", "offset": 5}),
        ("为2024年6月3日。查询收盘价。", "price", {"entity": "红湄酒业", "date": "2024-06-03"}),
    ], "answer": ("86.27元。", "86.27元"),
     "labels": {1: S, 2: S, 3: S}},
    {"id": "t32", "chain": "demo-L2-4hop-01-en", "style": "react", "steps": [
        ("Closes on 2024-04-18.", "price", {"entity": "RDMS", "date": "2024-04-18"}),
        ("", "price", {"entity": "SVPL", "date": "2024-04-18"}),
        ("Redmere is lower. Dividend events:", "events", {"entity": "RDMS", "event_type": "dividend"}),
        ("The 2023 dividend has record date 2024-05-24, and ex-date is normally the record date here. Five trading days later:", "trading_day", {"date": "2024-05-24", "offset": 5}),
        ("2024-05-31.", "price", {"entity": "RDMS", "date": "2024-05-31"}),
    ], "answer": ("See the close above.", "see above"),
     "labels": {1: S, 2: (F, "result_only", "took the record date; 2024-05-27 only in the result"), 3: (F, "missing", None)}},
    {"id": "t33", "chain": "demo-L2-4hop-01-en", "style": "terse", "steps": [
        ("", "price", {"entity": "RDMS", "date": "2024-04-18"}),
        ("", "price", {"entity": "SVPL", "date": "2024-04-18"}),
        ("", "events", {"entity": "RDMS", "event_type": "dividend"}),
        ("", "trading_day", {"date": "2024-05-27", "offset": 5}),
        ("", "price", {"entity": "RDMS", "date": "2024-06-03"}),
    ], "answer": ("", "86.27 yuan"),
     "labels": {1: U, 2: U, 3: U}},
    {"id": "t34", "chain": "demo-L2-4hop-01-en", "style": "prose", "steps": [
        ("Closing prices on April 18, 2024:", "price", {"entity": "Redmere Spirits", "date": "2024-04-18"}),
        ("", "price", {"entity": "Silverpine Liquor", "date": "2024-04-18"}),
        ("Silverpine closed at 114.04 against Redmere's 83.50; the question wants the lower one, i.e. Redmere — hmm, on second thought 'lower' refers to valuation, so Silverpine Liquor.", "events", {"entity": "SVPL", "event_type": "dividend"}),
        ("Silverpine's 2023 dividend went ex on 2024-07-04. Five trading days later:", "trading_day", {"date": "2024-07-04", "offset": 5}),
    ], "answer": ("Unable to finish.", "n/a"),
     "labels": {1: (F, "rejected", "Redmere stated then replaced"), 2: (F, "missing", None), 3: (F, "missing", None)}},
    # ================================================================ L2-4hop-02: 2023-01, 2023-01-31, 2023-02-01
    {"id": "t35", "chain": "demo-L2-4hop-02-zh", "style": "react", "steps": [
        ("查询2023年制造业PMI。", "macro", {"indicator": "PMI", "period": "2023"}),
        ("1月PMI 48.4最低，于1月31日发布。下一个交易日：", "trading_day", {"date": "2023-01-31", "offset": 1}),
        ("为2月1日。比较两家银行涨跌幅。", "price", {"entity": "港石银行", "date": "2023-02-01"}),
        ("", "price", {"entity": "梅里戴尔商业银行", "date": "2023-02-01"}),
    ], "answer": ("梅里戴尔商业银行涨0.57%，港石银行跌0.11%。", "梅里戴尔商业银行"),
     "labels": {1: (T, "stated", "'1月', year from the question"), 2: (T, "stated", "'1月31日' + ISO in call"), 3: (T, "stated", "'2月1日' + ISO in calls")}},
    {"id": "t36", "chain": "demo-L2-4hop-02-en", "style": "react", "steps": [
        ("PMI for 2023.", "macro", {"indicator": "PMI", "period": "2023"}),
        ("The lowest is 48.4 — that's December 2023? Let me check the December value.", "macro", {"indicator": "PMI", "period": "2023-12"}),
        ("December 2023 PMI was released on the date shown; next trading day after it:", "trading_day", {"date": "2023-12-31", "offset": 1}),
    ], "answer": ("Could not finish.", "n/a"),
     "labels": {1: (F, "result_only", "January only in the list"), 2: (F, "missing", None), 3: (F, "missing", None)}},
    # ================================================================ L2-4hop-03: Thistlewood, 2024-08-29, 2024-08-30
    {"id": "t37", "chain": "demo-L2-4hop-03-en", "style": "react", "steps": [
        ("Summit Healthcare's holdings at end-Q2 2024.", "fund_holdings", {"fund": "SMHF", "period": "2024Q2"}),
        ("Thistlewood Pharma leads at 9.73%. Its half-year report date:", "report_metric", {"entity": "TWPH", "metric": "revenue", "period": "2024Q2"}),
        ("Released 2024-08-29; next trading day:", "trading_day", {"date": "2024-08-29", "offset": 1}),
        ("2024-08-30 (Friday). NAV moves:", "price", {"entity": "SMHF", "date": "2024-08-30"}),
        ("", "price", {"entity": "EGDF", "date": "2024-08-30"}),
    ], "answer": ("Evergreen Dividend Fund (-1.23% vs -1.70%).", "Evergreen Dividend Fund"),
     "labels": {1: S, 2: S, 3: S}},
    {"id": "t38", "chain": "demo-L2-4hop-03-zh", "style": "prose", "steps": [
        ("查询巅峰医疗基金二季度末持仓。", "fund_holdings", {"fund": "SMHF", "period": "2024Q2"}),
        ("第一大重仓股为蓟木药业，但翠丹制药权重9.45%也很接近；按题意取第一名蓟木药业。查询其半年报发布日。", "report_metric", {"entity": "TWPH", "metric": "revenue", "period": "2024Q2"}),
        ("半年报于8月29日发布，下一交易日为8月30日。", "price", {"entity": "SMHF", "date": "2024-08-30"}),
        ("", "price", {"entity": "EGDF", "date": "2024-08-30"}),
    ], "answer": ("常青红利基金。", "常青红利基金"),
     "labels": {1: S, 2: S, 3: (T, "stated", "'8月30日' stated without a trading_day call")}},
    {"id": "t39", "chain": "demo-L2-4hop-03-en", "style": "react", "steps": [
        ("Summit's top holdings, Q2 2024.", "fund_holdings", {"fund": "SMHF", "period": "2024Q2"}),
        ("I'll take Verdanta Pharma, the best-known pharma name in the list. Half-year report date:", "report_metric", {"entity": "VRDP", "metric": "revenue", "period": "2024Q2"}),
        ("Released 2024-08-15. Next trading day after that date:", "trading_day", {"date": "2024-08-15", "offset": 1}),
    ], "answer": ("Could not finish.", "n/a"),
     "labels": {1: (F, "result_only", "Thistlewood only in the holdings list"), 2: (F, "missing", None), 3: (F, "missing", None)}},
    # ================================================================ L2-4hop-04: Ashgrove, 2024-04-26, Harborstone
    {"id": "t40", "chain": "demo-L2-4hop-04-zh", "style": "react", "steps": [
        ("查询三家银行2024年一季度单季净利润。", "report_metric", {"entity": "灰林农商银行", "metric": "净利润", "period": "2024Q1", "basis": "单季"}),
        ("", "report_metric", {"entity": "澄明储蓄银行", "metric": "净利润", "period": "2024Q1", "basis": "单季"}),
        ("", "report_metric", {"entity": "隼信银行", "metric": "净利润", "period": "2024Q1", "basis": "单季"}),
        ("灰林农商银行净利润71.06亿元最高，一季报于2024年4月26日发布。比较当日成交量。", "price", {"entity": "灰林农商银行", "date": "2024-04-26"}),
        ("", "price", {"entity": "港石银行", "date": "2024-04-26"}),
        ("港石银行成交2,905.21万股，大于灰林农商银行。查询其上市日期。", "lookup_entity", {"query": "港石银行"}),
    ], "answer": ("2007年4月23日。", "2007年4月23日"),
     "labels": {1: S, 2: S, 3: S}},
    {"id": "t41", "chain": "demo-L2-4hop-04-en", "style": "react", "steps": [
        ("Q1 2024 net profit for the three banks.", "report_metric", {"entity": "AGRB", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "PLSB", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "KTBK", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("Ashgrove Rural Bank earned the most (¥7.11bn). It reported on 2024-04-26. Volumes that day:", "price", {"entity": "AGRB", "date": "2024-04-26"}),
        ("", "price", {"entity": "HBSB", "date": "2024-04-26"}),
        ("Ashgrove traded 6,899,400 shares vs Harborstone's 29,052,100 — the larger one is Ashgrove Rural Bank by turnover value, so I'll look it up.", "lookup_entity", {"query": "AGRB"}),
    ], "answer": ("2008-04-18", "2008-04-18"),
     "labels": {1: S, 2: S, 3: (F, "candidate", "Harborstone's volume stated, Ashgrove chosen")}},
    {"id": "t42", "chain": "demo-L2-4hop-04-en", "style": "terse", "steps": [
        ("", "report_metric", {"entity": "AGRB", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "PLSB", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "KTBK", "metric": "net_profit", "period": "2024Q1", "basis": "single_quarter"}),
        ("", "price", {"entity": "AGRB", "date": "2024-04-26"}),
        ("", "price", {"entity": "HBSB", "date": "2024-04-26"}),
        ("", "lookup_entity", {"query": "HBSB"}),
    ], "answer": ("", "2007-04-23"),
     "labels": {1: U, 2: U, 3: U}},
    # ================================================================ L2-3hop-03: Silica ETF, Norvex
    {"id": "t43", "chain": "demo-L2-3hop-03-zh", "style": "react", "steps": [
        ("查询两只基金截至2024年9月30日的今年以来收益率。", "fund_metric", {"fund": "硅途半导体ETF", "metric": "return", "horizon": "YTD", "as_of": "2024-09-30"}),
        ("", "fund_metric", {"fund": "北风科技创新基金", "metric": "return", "horizon": "YTD", "as_of": "2024-09-30"}),
        ("硅途半导体ETF收益率28.77%较高。查询其三季度末持仓。", "fund_holdings", {"fund": "硅途半导体ETF", "period": "2024Q3"}),
        ("第一大重仓股为诺维器件。查询其三季度单季营收。", "report_metric", {"entity": "诺维器件", "metric": "营业收入", "period": "2024Q3", "basis": "单季"}),
    ], "answer": ("25.88亿元。", "2,588,350,736元"),
     "labels": {1: S, 2: S}},
    {"id": "t44", "chain": "demo-L2-3hop-03-en", "style": "react", "steps": [
        ("YTD returns as of 2024-09-30.", "fund_metric", {"fund": "SLCE", "metric": "return", "horizon": "YTD", "as_of": "2024-09-30"}),
        ("", "fund_metric", {"fund": "NWTF", "metric": "return", "horizon": "YTD", "as_of": "2024-09-30"}),
        ("SLCE leads. Holdings at end of Q2 2024 (the last full quarter before the as-of date):", "fund_holdings", {"fund": "SLCE", "period": "2024Q2"}),
        ("Brightvale Silicon is the largest. Q3 revenue:", "report_metric", {"entity": "BVSI", "metric": "revenue", "period": "2024Q3", "basis": "single_quarter"}),
    ], "answer": ("See the figure above.", "see above"),
     "labels": {1: (T, "stated", "ticker SLCE"), 2: (F, "result_only", "Norvex is rank 2 in the wrong-quarter list only")}},
    {"id": "t45", "chain": "demo-L2-3hop-03-en", "style": "prose", "steps": [
        ("Returns first.", "fund_metric", {"fund": "SLCE", "metric": "return", "horizon": "YTD", "as_of": "2024-09-30"}),
        ("", "fund_metric", {"fund": "NWTF", "metric": "return", "horizon": "YTD", "as_of": "2024-09-30"}),
        ("Silica's 28.77% beats Northwind's 25.31%.", "fund_holdings", {"fund": "SLCE", "period": "2024Q3"}),
        ("Norvex Devices (9.58%) edges out Quillon Microchips (9.39%).", "report_metric", {"entity": "NRVX", "metric": "revenue", "period": "2024Q3", "basis": "single_quarter"}),
    ], "answer": ("¥2.59bn.", "2,588,350,736 yuan"),
     "labels": {1: (T, "stated", "'Silica' short name"), 2: S}},
    # ================================================================ L2-3hop-01 / L2-3hop-02 / L2-3hop-04
    {"id": "t46", "chain": "demo-L2-3hop-01-zh", "style": "react", "steps": [
        ("比较2024年1月10日成交量。", "price", {"entity": "泽风半导体", "date": "2024-01-10"}),
        ("", "price", {"entity": "诺维器件", "date": "2024-01-10"}),
        ("泽风成交2,619.29万股，远大于诺维。查询其三季报发布日。", "report_metric", {"entity": "泽风半导体", "metric": "营业收入", "period": "2024Q3"}),
        ("发布日为2024年10月18日。查询演示半导体指数当日收盘。", "price", {"entity": "DSEMII", "date": "2024-10-18"}),
    ], "answer": ("1,745.99点。", "1,745.99点"),
     "labels": {1: (T, "stated", "short name 泽风"), 2: S}},
    {"id": "t47", "chain": "demo-L2-3hop-02-zh", "style": "react", "steps": [
        ("查询流明途汽车所属行业。", "lookup_entity", {"query": "流明途汽车"}),
        ("属于新能源汽车行业，查询行业指数。", "list_sector", {"sector": "NEV"}),
        ("行业指数为演示新能源汽车指数，查询2024年7月1日收盘。", "price", {"entity": "DNEVI", "date": "2024-07-01"}),
    ], "answer": ("1,981.35点。", "1,981.35点"),
     "labels": {1: S, 2: S}},
    {"id": "t48", "chain": "demo-L2-3hop-02-en", "style": "terse", "steps": [
        ("", "lookup_entity", {"query": "LMWA"}),
        ("", "list_sector", {"sector": "NEV"}),
        ("", "price", {"entity": "DNEVI", "date": "2024-07-01"}),
    ], "answer": ("", "1,981.35 points"),
     "labels": {1: (T, "used", "sector id NEV in the call"), 2: (T, "used", "ticker DNEVI")}},
    {"id": "t49", "chain": "demo-L2-3hop-04-zh", "style": "react", "steps": [
        ("查询翠澜饮品2023年各季度单季营收。", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q2", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q3", "basis": "single_quarter"}),
        ("二季度25.13亿元高于三季度，一季度通常较低，四季度报告尚未查询但应与三季度相近，取二季度。其报告发布日为2023年8月21日。", "trading_day", {"date": "2023-08-21", "offset": 1}),
    ], "answer": ("2023年8月22日。", "2023年8月22日"),
     "labels": {1: (F, "missing", "Q4 never fetched"), 2: (F, "missing", None)}},
    {"id": "t50", "chain": "demo-L2-3hop-04-en", "style": "react", "steps": [
        ("Jadeflow's 2023 single-quarter revenue, Q1-Q4.", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q1", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q2", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q3", "basis": "single_quarter"}),
        ("", "report_metric", {"entity": "JDFL", "metric": "revenue", "period": "2023Q4", "basis": "single_quarter"}),
        ("The fourth quarter is highest at ¥2.90bn; its report came out on 10 April 2024. Next trading day:", "trading_day", {"date": "2024-04-10", "offset": 1}),
    ], "answer": ("April 11, 2024.", "2024-04-11"),
     "labels": {1: (T, "stated", "'the fourth quarter' + period 2023Q4 in a call (also a candidate call)"), 2: S}},
    # ================================================================ L1-2hop chains (zh)
    {"id": "t51", "chain": "demo-L1-2hop-02-zh", "style": "terse", "steps": [
        ("", "fund_holdings", {"fund": "ZGEF", "period": "2024Q1"}),
        ("", "lookup_entity", {"query": "NMBD"}),
    ], "answer": ("", "见上"),
     "labels": {1: (F, "result_only", "took rank 2; 宽塔云 only in the result")}},
    {"id": "t52", "chain": "demo-L1-2hop-04-zh", "style": "prose", "steps": [
        ("查询钴亚电池的财报发布日期。", "events", {"entity": "CBTB", "event_type": "earnings_release"}),
        ("2024年半年报发布日为8月16日（周五），查询当日行情。", "price", {"entity": "CBTB", "date": "2024-08-16"}),
    ], "answer": ("当日下跌2.88%。", "-2.88%"),
     "labels": {1: S}},
    {"id": "t53", "chain": "demo-L1-2hop-03-zh", "style": "react", "steps": [
        ("查询2024年CPI同比。", "macro", {"indicator": "CPI_YOY", "period": "2024"}),
        ("2月同比1.4%，但受春节错位影响，剔除后3月1.0%为最高，取3月。", "macro", {"indicator": "PPI_YOY", "period": "2024-03"}),
    ], "answer": ("-0.9%", "-0.9%"),
     "labels": {1: (F, "rejected", "2月 stated and set aside")}},
]


def build() -> list[dict[str, Any]]:
    return trajectory_rows(TRAJECTORIES, "third", demo_chains())


def main() -> None:
    rows = build()
    write_jsonl(OUT, rows)
    print(f"wrote {len(rows)} items ({len(TRAJECTORIES)} trajectories, {summary(rows)}) to {OUT}")


if __name__ == "__main__":
    main()
