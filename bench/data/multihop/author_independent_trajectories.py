"""Writes `trajectories_independent.jsonl`: an independent annotator's labelled (trajectory, hop) items.

Every tool result is the real output of `MarketTools` over the fictional demo market, for the arguments the
scripted agent passes (wrong ones included). The agent text is written the way frontier agents write in a
ReAct loop: thoughts, JSON actions (bare, fenced, after "Action:"), retries after tool errors, misreadings,
corrections, hedges. Labels were set by the definition before any run of the detector (the built-in
process judge's wording): a hop is reached when the agent's own words — its reasoning, its tool-call
arguments or its final answer — state or use that hop's gold answer as a finding (any name, ticker, date
format). An answer that appears only in a tool result, or that the agent only lists among candidates or
rejects, is not reached. A label with a `note` not starting with "!" is marked unsure.

Run: .venv/bin/python bench/data/multihop/author_independent_trajectories.py
"""
# ruff: noqa: E501  (data tables: one item per line reads better than wrapped strings)

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _authoring import reference, write_jsonl

from finprobe.benchmarks.multihop import MarketTools, demo_market

ROOT = Path(__file__).resolve().parents[3]
CHAINS = ROOT / "src" / "finprobe" / "benchmarks" / "multihop" / "data" / "demo_chains.json"
OUT = Path(__file__).parent / "trajectories_independent.jsonl"

T, F = True, False
Step = tuple[str, str, Any]


def act(text: str, action: str, **args: Any) -> Step:
    return ("act", text, {"action": action, **args})


def raw(text: str) -> Step:
    """An assistant message written verbatim (an unusual action shape)."""
    return ("raw", text, None)


def ans(text: str, value: str) -> Step:
    return ("ans", text, value)


# Each trajectory: id, chain, style, steps, labels {hop: (label, kind, note)}.
TRAJ: list[dict[str, Any]] = [
    # ======================================================== demo-L1-2hop-01 (hop1: Harborstone Bank)
    dict(tid="x01", chain="demo-L1-2hop-01-en", style="react", steps=[
        act("I need the turnover rate of both banks on 2024-05-15.", "price", entity="Harborstone Bank", date="2024-05-15"),
        act("Now Kestrel Trust Bank on the same day.", "price", entity="Kestrel Trust Bank", date="2024-05-15"),
        act("Harborstone's turnover (1.01%) is well above Kestrel's (0.20%), so the bank is Harborstone. Next: its "
            "volume on 2024-05-16.", "price", entity="HBSB", date="2024-05-16"),
        ans("Harborstone traded 32,232,800 shares on 2024-05-16.", "32,232,800 shares")],
        labels={1: (T, "stated", None)}),
    dict(tid="x02", chain="demo-L1-2hop-01-en", style="terse", steps=[
        act("", "price", entity="HBSB", date="2024-05-15"),
        act("", "price", entity="KTBK", date="2024-05-15"),
        act("", "price", entity="HBSB", date="2024-05-16"),
        ans("", "32232800")],
        labels={1: (T, "used", None)}),
    dict(tid="x03", chain="demo-L1-2hop-01-en", style="plain", steps=[
        act("Let me pull both banks' daily data for May 15.", "price", entity="HBSB", date="2024-05-15"),
        act("", "price", entity="KTBK", date="2024-05-15"),
        act("Kestrel Trust Bank has the higher turnover rate (its price and turnover are larger). Checking its volume "
            "on May 16.", "price", entity="KTBK", date="2024-05-16"),
        ans("Kestrel Trust Bank traded 5,737,400 shares.", "5,737,400 shares")],
        labels={1: (F, "wrong", None)}),
    dict(tid="x04", chain="demo-L1-2hop-01-en", style="plain", steps=[
        act("Fetching May 15 data for both.", "price", entity="HBSB", date="2024-05-15"),
        act("", "price", entity="KTBK", date="2024-05-15"),
        act("Turnover: Harborstone 1.0124, Kestrel 0.1974. These may be on different bases, so I'll get May 16 for "
            "both banks.", "price", entity="HBSB", date="2024-05-16"),
        act("", "price", entity="KTBK", date="2024-05-16"),
        ans("Depending on which bank is meant, 32,232,800 shares (Harborstone) or 5,737,400 shares (Kestrel).",
            "32,232,800 or 5,737,400 shares")],
        labels={1: (F, "hedge", "lists both turnover figures, queries both, never commits")}),
    dict(tid="x05", chain="demo-L1-2hop-01-zh", style="markdown", steps=[
        act("先查询两家银行5月15日的换手率。", "price", entity="港石银行", date="2024-05-15"),
        act("", "price", entity="隼信银行", date="2024-05-15"),
        act("隼信银行换手率更高？不对，0.1974 小于 1.0124，换手率较高的应该是港石银行。接下来查港石银行5月16日成交量。",
            "price", entity="港石银行", date="2024-05-16"),
        ans("港石银行2024年5月16日成交量为3223.28万股。", "3223.28万股")],
        labels={1: (T, "corrected", None)}),
    dict(tid="x06", chain="demo-L1-2hop-01-zh", style="react", steps=[
        act("需要比较两家银行2024-05-15的换手率。", "price", entity="HBSB", date="2024-05-15"),
        act("", "price", entity="KTBK", date="2024-05-15"),
        act("港石银行换手率1.01%，看起来更高。等等，隼信银行股价高得多、涨幅2.78%，换手率应按成交额衡量，"
            "实际上隼信银行更活跃，所以取隼信银行。", "price", entity="KTBK", date="2024-05-16"),
        ans("隼信银行5月16日成交573.74万股。", "573.74万股")],
        labels={1: (F, "retracted", None)}),
    dict(tid="x07", chain="demo-L1-2hop-01-zh", style="terse", steps=[
        act("", "price", entity="HBSB", date="2024-05-15"),
        act("", "price", entity="KTBK", date="2024-05-15"),
        act("", "price", entity="HBSB", date="2024-05-16"),
        act("", "price", entity="KTBK", date="2024-05-16"),
        ans("", "港石银行：32,232,800股")],
        labels={1: (T, "final_only", None)}),
    # ======================================================== demo-L1-2hop-02 (hop1: Quantara Cloud)
    dict(tid="x08", chain="demo-L1-2hop-02-en", style="plain", steps=[
        act("First, the fund's holdings at the end of Q1 2024.", "fund_holdings", fund="ZGEF", period="2024Q1"),
        act("The largest holding is Quantara Cloud (9.49%). Now its listing date.", "lookup_entity",
            query="Quantara Cloud"),
        ans("Quantara Cloud listed on 2009-05-18.", "2009-05-18")],
        labels={1: (T, "stated", None)}),
    dict(tid="x09", chain="demo-L1-2hop-02-zh", style="terse", steps=[
        act("", "fund_holdings", fund="天顶成长股票基金", period="2024Q1"),
        act("", "lookup_entity", query="QNTC"),
        ans("", "2009年5月18日")],
        labels={1: (T, "used", None)}),
    dict(tid="x10", chain="demo-L1-2hop-02-en", style="react", steps=[
        act("Get Zenith Growth's holdings as of the end of March 2024.", "fund_holdings", fund="ZGEF",
            period="2024-03-31"),
        act("The tool wants a quarter label. Retrying with 2024Q1.", "fund_holdings", fund="ZGEF", period="2024Q1"),
        act("Quantara Cloud (9.49%) and Nimbrella Data (9.18%) are nearly tied at the top; fund reports round "
            "weights, so I'll go with Nimbrella Data, the data-platform name the fund is known for.",
            "lookup_entity", query="Nimbrella Data"),
        ans("Nimbrella Data listed on November 13, 2012.", "2012-11-13")],
        labels={1: (F, "rejected", None)}),
    dict(tid="x11", chain="demo-L1-2hop-02-zh", style="markdown", steps=[
        act("查询天顶成长股票基金2024年一季度末持仓。", "fund_holdings", fund="ZGEF", period="2024Q1"),
        act("前五大重仓股为：宽塔云、宁伞数据、词格软件、塔摩电路、诺维器件。按市值规模看，宁伞数据应为第一大重仓股。",
            "lookup_entity", query="宁伞数据"),
        ans("宁伞数据于2012年11月13日上市。", "2012年11月13日")],
        labels={1: (F, "candidates", None)}),
    # ======================================================== demo-L1-2hop-03 (hop1: 2024-02)
    dict(tid="x12", chain="demo-L1-2hop-03-en", style="react", steps=[
        act("Get 2024 CPI YoY by month.", "macro", indicator="CPI_YOY", period="2024"),
        act("CPI YoY peaked at 1.4% in February 2024. Now PPI YoY for that month.", "macro", indicator="PPI_YOY",
            period="2024-02"),
        ans("PPI YoY in February 2024 was -1.0%.", "-1.0%")],
        labels={1: (T, "stated", None)}),
    dict(tid="x13", chain="demo-L1-2hop-03-en", style="terse", steps=[
        act("", "macro", indicator="CPI_YOY", period="2024"),
        act("", "macro", indicator="PPI_YOY", period="2024-02"),
        ans("", "-1.0%")],
        labels={1: (T, "used", None)}),
    dict(tid="x14", chain="demo-L1-2hop-03-zh", style="plain", steps=[
        act("查询2024年各月CPI同比。", "macro", indicator="CPI_YOY", period="2024"),
        act("CPI同比最高的是2024年3月（1.0%）。查询该月PPI同比。", "macro", indicator="PPI_YOY", period="2024-03"),
        ans("2024年3月PPI同比为-0.9%。", "-0.9%")],
        labels={1: (F, "wrong", None)}),
    dict(tid="x15", chain="demo-L1-2hop-03-en", style="markdown", steps=[
        act("Pulling the monthly CPI series for 2024.", "macro", indicator="CPI_YOY", period="2024"),
        act("The maximum is 1.4% (Feb). I'll get the whole PPI series and read that month.", "macro",
            indicator="PPI_YOY", period="2024"),
        ans("PPI in Feb: -1.0% YoY.", "-1.0%")],
        labels={1: (T, "stated_yearless", "month without year; the question fixes 2024")}),
    dict(tid="x16", chain="demo-L1-2hop-03-zh", style="react", steps=[
        act("先取2024年CPI同比数据。", "macro", indicator="CPI_YOY", period="2024"),
        act("1月0.7%，2月1.4%，3月1.0%，4月0.5%……最高值1.4%，对应2月。查该月PPI。", "macro", indicator="PPI_YOY",
            period="2024年2月"),
        ans("该月PPI同比下降1.0%。", "-1.0%")],
        labels={1: (T, "stated", None)}),
    dict(tid="x17", chain="demo-L1-2hop-03-en", style="plain", steps=[
        act("Looking at 2024 CPI.", "macro", indicator="CPI_YOY", period="2024"),
        act("CPI peaked in January... no wait, January is 0.7% while February is 1.4%, so the peak month is "
            "February 2024.", "macro", indicator="PPI_YOY", period="2024-02"),
        ans("-1.0% (PPI YoY, February 2024)", "-1.0%")],
        labels={1: (T, "corrected", None)}),
    # ======================================================== demo-L1-2hop-04 (hop1: 2024-08-16)
    dict(tid="x18", chain="demo-L1-2hop-04-en", style="plain", steps=[
        act("Looking up Cobaltia's earnings release calendar.", "events", entity="CBTB", event_type="earnings_release"),
        act("The 2024 half-year report was released on August 16, 2024. Getting that day's price change.", "price",
            entity="CBTB", date="2024-08-16"),
        ans("It fell 2.88% that day.", "-2.88%")],
        labels={1: (T, "stated", None)}),
    dict(tid="x19", chain="demo-L1-2hop-04-en", style="terse", steps=[
        act("", "events", entity="Cobaltia Batteries", event_type="earnings_release"),
        act("", "price", entity="Cobaltia Batteries", date="2024-08-16"),
        ans("", "-2.88%")],
        labels={1: (T, "used", None)}),
    dict(tid="x20", chain="demo-L1-2hop-04-zh", style="markdown", steps=[
        act("查钴亚电池的财报发布日历。", "events", entity="钴亚电池", event_type="earnings_release"),
        act("2024年半年报发布于8月16日（周五）。半年报通常盘后披露，市场反应体现在下一个交易日，所以查8月19日。",
            "price", entity="钴亚电池", date="2024-08-19"),
        ans("钴亚电池股价下跌4.10%。", "-4.10%")],
        labels={1: (T, "stated_then_misused", "states the right date, then prices the next day")}),
    dict(tid="x21", chain="demo-L1-2hop-04-en", style="react", steps=[
        act("Find Cobaltia's half-year report date.", "events", entity="CBTB", event_type="earnings_release"),
        act("The half-year report came out on 2023-08-22. Checking the price move that day.", "price", entity="CBTB",
            date="2023-08-22"),
        ans("Cobaltia rose 2.76% on the day of its half-year report.", "+2.76%")],
        labels={1: (F, "wrong", None)}),
    dict(tid="x22", chain="demo-L1-2hop-04-zh", style="terse", steps=[
        act("", "events", entity="CBTB", event_type="earnings_release"),
        act("", "price", entity="CBTB", date="2024年8月16日"),
        ans("", "-2.88%")],
        labels={1: (T, "used", None)}),
    # ======================================================== demo-L2-3hop-01 (hop1 Zephyrine, hop2 2024-10-18)
    dict(tid="x23", chain="demo-L2-3hop-01-en", style="react", steps=[
        act("Compare volumes on 2024-01-10.", "price", entity="ZPHR", date="2024-01-10"),
        act("", "price", entity="NRVX", date="2024-01-10"),
        act("Zephyrine traded 26.19M shares vs Norvex's 3.59M, so Zephyrine. When did it release its Q3 2024 report?",
            "report_metric", entity="ZPHR", metric="revenue", period="2024Q3"),
        act("Zephyrine released its Q3 report on 2024-10-18. Now the semiconductor index close that day.", "price",
            entity="Demo Semiconductors Index", date="2024-10-18"),
        ans("The Demo Semiconductors Index closed at 1,745.99 points.", "1,745.99 points")],
        labels={1: (T, "stated", None), 2: (T, "stated", None)}),
    dict(tid="x24", chain="demo-L2-3hop-01-en", style="terse", steps=[
        act("", "price", entity="ZPHR", date="2024-01-10"),
        act("", "price", entity="NRVX", date="2024-01-10"),
        act("", "report_metric", entity="ZPHR", metric="revenue", period="2024Q3"),
        act("", "price", entity="DSEMII", date="2024-10-18"),
        ans("", "1745.99")],
        labels={1: (T, "used", None), 2: (T, "used", None)}),
    dict(tid="x25", chain="demo-L2-3hop-01-zh", style="plain", steps=[
        act("比较两家公司2024年1月10日成交量。", "price", entity="ZPHR", date="2024-01-10"),
        act("", "price", entity="NRVX", date="2024-01-10"),
        act("泽风半导体成交量更大。查询其财报发布日期。", "events", entity="ZPHR", event_type="earnings_release",
            start="2024-10-01", end="2024-10-31"),
        act("三季报发布日为10月18日。考虑到公告在收盘后发布，取下一个交易日10月21日的指数收盘。", "price", entity="DSEMII",
            date="2024-10-21"),
        ans("演示半导体指数收于1732.02点。", "1732.02点")],
        labels={1: (T, "stated", None), 2: (T, "stated_then_misused", "states the date, then uses the next day")}),
    dict(tid="x26", chain="demo-L2-3hop-01-en", style="markdown", steps=[
        act("Volumes on Jan 10, 2024:", "price", entity="ZPHR", date="2024-01-10"),
        act("", "price", entity="NRVX", date="2024-01-10"),
        act("Norvex Devices has the larger trading value per share and the bigger move, so I'll take Norvex.",
            "report_metric", entity="NRVX", metric="revenue", period="2024Q3"),
        act("Norvex reported Q3 on 2024-10-29.", "price", entity="DSEMII", date="2024-10-29"),
        ans("The Demo Semiconductors Index closed at 1,786.84 points.", "1,786.84 points")],
        labels={1: (F, "wrong", None), 2: (F, "wrong", None)}),
    dict(tid="x27", chain="demo-L2-3hop-01-zh", style="react", steps=[
        act("查询2024-01-10两家公司成交量。", "price", entity="泽风半导体", date="2024-01-10"),
        act("", "price", entity="诺维器件", date="2024-01-10"),
        act("泽风2619万股 > 诺维359万股。查泽风2024年三季报。", "report_metric", entity="泽风半导体", metric="revenue",
            period="2024Q3"),
        act("报告日期为10/18。查演示半导体指数当日收盘。", "price", entity="演示半导体指数", date="2024-10-18"),
        ans("1745.99点", "1745.99点")],
        labels={1: (T, "stated_short", None), 2: (T, "stated_format", "date written 10/18")}),
    # ======================================================== demo-L2-3hop-02 (hop1 NEV sector, hop2 DNEVI)
    dict(tid="x28", chain="demo-L2-3hop-02-en", style="plain", steps=[
        act("Look up Lumenway Auto.", "lookup_entity", query="Lumenway Auto"),
        act("Lumenway Auto belongs to the New Energy Vehicles sector. Now the sector's index.", "list_sector",
            sector="NEV"),
        act("The sector index is DNEVI.DEMO.", "price", entity="DNEVI.DEMO", date="2024-07-01"),
        ans("1,981.35 points", "1,981.35 points")],
        labels={1: (T, "stated", None), 2: (T, "stated", None)}),
    dict(tid="x29", chain="demo-L2-3hop-02-en", style="terse", steps=[
        act("", "lookup_entity", query="LMWA"),
        act("", "list_sector", sector="NEV"),
        act("", "price", entity="DNEVI", date="2024-07-01"),
        ans("", "1981.35")],
        labels={1: (T, "used", None), 2: (T, "used", None)}),
    dict(tid="x30", chain="demo-L2-3hop-02-zh", style="markdown", steps=[
        act("查询流明途汽车的行业。", "lookup_entity", query="流明途汽车"),
        act("所属行业：新能源汽车。查询该行业指数。", "list_sector", sector="新能源汽车"),
        act("行业指数为演示新能源汽车指数。", "price", entity="DNEVI", date="2024-07-01"),
        ans("演示新能源汽车指数2024年7月1日收盘1981.35点。", "1981.35点")],
        labels={1: (T, "stated", None), 2: (T, "stated", None)}),
    dict(tid="x31", chain="demo-L2-3hop-02-en", style="react", steps=[
        act("Lumenway Auto is a car maker; I'll guess the sector code.", "list_sector", sector="AUTO"),
        act("No AUTO sector. Let me look the company up properly.", "lookup_entity", query="Lumenway"),
        act("It is classified under New Energy Vehicles (NEV).", "list_sector", sector="NEV"),
        act("", "price", entity="DNEVI", date="2024-07-01"),
        ans("The Demo New Energy Vehicles Index closed at 1,981.35.", "1,981.35 points")],
        labels={1: (T, "retry_stated", None), 2: (T, "used", None)}),
    dict(tid="x32", chain="demo-L2-3hop-02-zh", style="plain", steps=[
        act("先查流明途汽车。", "lookup_entity", query="LMWA"),
        act("直接查汽车行业指数的收盘价。", "price", entity="演示汽车指数", date="2024-07-01"),
        act("没有该指数。提示里的指数与汽车都不完全对应，换用综合指数近似。", "price", entity="DCI", date="2024-07-01"),
        ans("无法确定该行业指数；综合指数当日收盘见上。", "无法确定")],
        labels={1: (F, "tool_only", None), 2: (F, "tool_only", "index named only in the tool's hint")}),
    # ======================================================== demo-L2-3hop-03 (hop1 Silica ETF, hop2 Norvex)
    dict(tid="x33", chain="demo-L2-3hop-03-en", style="react", steps=[
        act("YTD returns of both funds as of 2024-09-30.", "fund_metric", fund="SLCE", metric="return", horizon="YTD",
            as_of="2024-09-30"),
        act("", "fund_metric", fund="NWTF", metric="return", horizon="YTD", as_of="2024-09-30"),
        act("Silica ETF 28.77% > Northwind 25.31%. Its top holding at the end of Q3:", "fund_holdings", fund="SLCE",
            period="2024Q3"),
        act("Top holding: Norvex Devices (9.58%).", "report_metric", entity="NRVX", metric="revenue",
            period="2024Q3", basis="single_quarter"),
        ans("Norvex Devices' Q3 2024 revenue was 2,588,350,736 yuan.", "2,588,350,736 yuan")],
        labels={1: (T, "stated_short", None), 2: (T, "stated", None)}),
    dict(tid="x34", chain="demo-L2-3hop-03-zh", style="terse", steps=[
        act("", "fund_metric", fund="SLCE", metric="return", horizon="YTD", as_of="2024-09-30"),
        act("", "fund_metric", fund="NWTF", metric="return", horizon="YTD", as_of="2024-09-30"),
        act("", "fund_holdings", fund="SLCE", period="2024Q3"),
        act("", "report_metric", entity="NRVX", metric="revenue", period="2024Q3", basis="single_quarter"),
        ans("", "25.88亿元")],
        labels={1: (T, "used", None), 2: (T, "used", None)}),
    dict(tid="x35", chain="demo-L2-3hop-03-en", style="plain", steps=[
        act("", "fund_metric", fund="SLCE", metric="return", horizon="YTD", as_of="2024-09-30"),
        act("", "fund_metric", fund="NWTF", metric="return", horizon="YTD", as_of="2024-09-30"),
        act("Northwind Tech Innovation Fund has the higher YTD return.", "fund_holdings", fund="NWTF", period="2024Q3"),
        act("Its largest holding is Lexigrid Software.", "report_metric", entity="LXGD", metric="revenue",
            period="2024Q3", basis="single_quarter"),
        ans("Lexigrid Software's Q3 2024 single-quarter revenue was 678,855,504 yuan.", "678,855,504 yuan")],
        labels={1: (F, "wrong", None), 2: (F, "wrong", None)}),
    dict(tid="x36", chain="demo-L2-3hop-03-zh", style="markdown", steps=[
        act("比较两只基金截至2024-09-30的今年以来收益率。", "fund_metric", fund="硅途半导体ETF", metric="return",
            horizon="YTD", as_of="2024-09-30"),
        act("", "fund_metric", fund="北风科技创新基金", metric="return", horizon="YTD", as_of="2024-09-30"),
        act("硅途半导体ETF收益率更高。查询其三季度末持仓。", "fund_holdings", fund="SLCE", period="2024Q3"),
        act("诺维器件(9.58%)与奎隆微芯(9.39%)权重接近，先看奎隆微芯。", "report_metric", entity="QLMC",
            metric="revenue", period="2024Q3", basis="single_quarter"),
        act("不对，题目问的是第一大重仓股，应为诺维器件。", "report_metric", entity="NRVX", metric="revenue",
            period="2024Q3", basis="single_quarter"),
        ans("诺维器件2024年三季度单季营业收入25.88亿元。", "25.88亿元")],
        labels={1: (T, "stated", None), 2: (T, "corrected", None)}),
    # ======================================================== demo-L2-3hop-04 (hop1 2023Q4, hop2 2024-04-10)
    dict(tid="x37", chain="demo-L2-3hop-04-en", style="react", steps=[
        act("Single-quarter revenue for each 2023 quarter.", "report_metric", entity="JDFL", metric="revenue",
            period="2023Q1", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q2", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q3", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q4", basis="single_quarter"),
        act("Q4 2023 had the highest single-quarter revenue (2.90B yuan); its report was released on 2024-04-10.",
            "trading_day", date="2024-04-10", offset=1),
        ans("The first trading day after is 2024-04-11.", "2024-04-11")],
        labels={1: (T, "stated", None), 2: (T, "stated", None)}),
    dict(tid="x38", chain="demo-L2-3hop-04-en", style="terse", steps=[
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q1", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q2", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q3", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q4", basis="single_quarter"),
        act("", "trading_day", date="2024-04-10", offset=1),
        ans("", "2024-04-11")],
        labels={1: (F, "implicit", "2023Q4 only among the candidate calls; its choice is implied by using its "
                                   "report date, never stated"),
                2: (T, "used", None)}),
    dict(tid="x39", chain="demo-L2-3hop-04-zh", style="plain", steps=[
        act("逐季查询翠澜饮品2023年单季营收。", "report_metric", entity="JDFL", metric="revenue", period="2023Q1",
            basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q2", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q3", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q4", basis="single_quarter"),
        act("2023年第二季度营收最高（25.13亿元），其报告于2023-08-21发布。", "trading_day", date="2023-08-21", offset=1),
        ans("2023年8月22日", "2023年8月22日")],
        labels={1: (F, "wrong", None), 2: (F, "wrong", None)}),
    dict(tid="x40", chain="demo-L2-3hop-04-zh", style="react", steps=[
        act("查询各季度单季营收。", "report_metric", entity="翠澜饮品", metric="revenue", period="2023Q1",
            basis="single_quarter"),
        act("", "report_metric", entity="翠澜饮品", metric="revenue", period="2023Q2", basis="single_quarter"),
        act("", "report_metric", entity="翠澜饮品", metric="revenue", period="2023Q3", basis="single_quarter"),
        act("", "report_metric", entity="翠澜饮品", metric="revenue", period="2023Q4", basis="single_quarter"),
        act("单季营收最高为四季度（28.98亿元），报告日2024年4月10日。", "trading_day", date="2024-04-10", offset=1),
        ans("2024年4月11日", "2024年4月11日")],
        labels={1: (T, "stated_yearless", "四季度 without the year; the question fixes 2023"),
                2: (T, "stated", None)}),
    dict(tid="x41", chain="demo-L2-3hop-04-en", style="markdown", steps=[
        act("Revenue by quarter, 2023:", "report_metric", entity="JDFL", metric="revenue", period="2023Q1",
            basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q2", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q3", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q4", basis="single_quarter"),
        act("Q4 is the highest. Its report date is April 10, 2024.", "trading_day", date="April 10, 2024", offset=1),
        ans("Thursday, April 11, 2024", "2024-04-11")],
        labels={1: (T, "stated_yearless", "'Q4' without the year; the question fixes 2023"),
                2: (T, "stated_format", None)}),
    # ======================================================== demo-L2-4hop-01 (hop1 Redmere, hop2 2024-05-27, hop3 2024-06-03)
    dict(tid="x42", chain="demo-L2-4hop-01-en", style="react", steps=[
        act("Closing prices on 2024-04-18.", "price", entity="RDMS", date="2024-04-18"),
        act("", "price", entity="SVPL", date="2024-04-18"),
        act("Redmere closed lower (83.50 vs 114.04). Find its 2023 dividend.", "events", entity="RDMS",
            event_type="dividend"),
        act("The 2023 dividend went ex on 2024-05-27.", "trading_day", date="2024-05-27", offset=5),
        act("Five trading days later is June 3, 2024.", "price", entity="RDMS", date="2024-06-03"),
        ans("Redmere closed at 86.27 yuan on June 3, 2024.", "86.27 yuan")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None)}),
    dict(tid="x43", chain="demo-L2-4hop-01-en", style="terse", steps=[
        act("", "price", entity="RDMS", date="2024-04-18"),
        act("", "price", entity="SVPL", date="2024-04-18"),
        act("", "events", entity="RDMS", event_type="dividend"),
        act("", "trading_day", date="2024-05-27", offset=5),
        act("", "price", entity="RDMS", date="2024-06-03"),
        ans("", "86.27")],
        labels={1: (T, "used", None), 2: (T, "used", None), 3: (T, "used", None)}),
    dict(tid="x44", chain="demo-L2-4hop-01-zh", style="plain", steps=[
        act("比较4月18日收盘价。", "price", entity="红湄酒业", date="2024-04-18"),
        act("", "price", entity="银松酒业", date="2024-04-18"),
        act("红湄酒业收盘价较低。查询其分红。", "events", entity="红湄酒业", event_type="dividend"),
        act("2023年度分红除息日为2023-06-02。", "trading_day", date="2023-06-02", offset=5),
        act("", "price", entity="红湄酒业", date="2023-06-09"),
        ans("2023-06-09收盘价69.15元。", "69.15元")],
        labels={1: (T, "stated", None), 2: (F, "wrong", "picks the FY2022 dividend"), 3: (F, "wrong", None)}),
    dict(tid="x45", chain="demo-L2-4hop-01-en", style="plain", steps=[
        act("", "price", entity="RDMS", date="2024-04-18"),
        act("", "price", entity="SVPL", date="2024-04-18"),
        act("Redmere Spirits is the lower one.", "events", entity="RDMS", event_type="dividend"),
        act("Ex-dividend May 27. Counting five trading days: May 28, 29, 30, 31 and June 4 → June 4.", "price",
            entity="RDMS", date="2024-06-04"),
        ans("85.38 yuan", "85.38 yuan")],
        labels={1: (T, "stated", None), 2: (T, "stated_yearless", "May 27 without year"),
                3: (F, "off_by_one", None)}),
    dict(tid="x46", chain="demo-L2-4hop-01-zh", style="markdown", steps=[
        act("", "price", entity="RDMS", date="2024-04-18"),
        act("", "price", entity="SVPL", date="2024-04-18"),
        act("红湄酒业收盘83.50元，低于银松酒业。", "events", entity="RDMS", event_type="dividend"),
        act("2023年度分红除息日：2024年5月27日。", "trading_day", date="2024-05-27", offset=5),
        act("查询当日收盘价。", "price", entity="RDMS", date="2024-05-27"),
        ans("81.82元", "81.82元")],
        labels={1: (T, "stated", None), 2: (T, "stated", None),
                3: (F, "tool_only", "2024-06-03 only in the trading_day result; the agent priced the ex-date")}),
    # ======================================================== demo-L2-4hop-02 (hop1 2023-01, hop2 2023-01-31, hop3 2023-02-01)
    dict(tid="x47", chain="demo-L2-4hop-02-en", style="plain", steps=[
        act("Monthly PMI for 2023.", "macro", indicator="PMI", period="2023"),
        act("The lowest PMI was 48.4 in January 2023, released Jan 31.", "trading_day", date="2023-01-31", offset=1),
        act("", "price", entity="HBSB", date="2023-02-01"),
        act("", "price", entity="MDCB", date="2023-02-01"),
        ans("Meridale Commercial Bank (+0.57% vs −0.11%).", "Meridale Commercial Bank")],
        labels={1: (T, "stated", None), 2: (T, "stated_yearless", "Jan 31 without year"), 3: (T, "used", None)}),
    dict(tid="x48", chain="demo-L2-4hop-02-zh", style="terse", steps=[
        act("", "macro", indicator="PMI", period="2023"),
        act("", "trading_day", date="2023-01-31", offset=1),
        act("", "price", entity="HBSB", date="2023-02-01"),
        act("", "price", entity="MDCB", date="2023-02-01"),
        ans("", "梅里戴尔商业银行")],
        labels={1: (F, "implicit", "January only implied by using its release date"), 2: (T, "used", None),
                3: (T, "used", None)}),
    dict(tid="x49", chain="demo-L2-4hop-02-en", style="react", steps=[
        act("Get 2023 PMI values.", "macro", indicator="PMI", period="2023"),
        act("Lowest PMI: 49.1 in February 2023, released 2023-02-28.", "trading_day", date="2023-02-28", offset=1),
        act("", "price", entity="HBSB", date="2023-03-01"),
        act("", "price", entity="MDCB", date="2023-03-01"),
        ans("Meridale Commercial Bank had the larger move (−1.80% vs −0.15%).", "Meridale Commercial Bank")],
        labels={1: (F, "wrong", None), 2: (F, "wrong", None), 3: (F, "wrong", None)}),
    dict(tid="x50", chain="demo-L2-4hop-02-zh", style="react", steps=[
        act("查询2023年制造业PMI。", "macro", indicator="PMI", period="2023"),
        act("1月PMI最低（48.4），发布于1月31日，下一个交易日应为2月1日。", "price", entity="港石银行", date="2023-02-01"),
        act("", "price", entity="梅里戴尔商业银行", date="2023-02-01"),
        ans("梅里戴尔商业银行涨幅更大。", "梅里戴尔商业银行")],
        labels={1: (T, "stated_yearless", "1月 without year; the question fixes 2023"),
                2: (T, "stated_yearless", None), 3: (T, "stated", None)}),
    # ======================================================== demo-L2-4hop-03 (hop1 Thistlewood, hop2 2024-08-29, hop3 2024-08-30)
    dict(tid="x51", chain="demo-L2-4hop-03-en", style="markdown", steps=[
        act("Summit Healthcare's holdings at end-Q2 2024.", "fund_holdings", fund="SMHF", period="2024Q2"),
        act("Thistlewood Pharma is the top holding.", "events", entity="TWPH", event_type="earnings_release",
            start="2024-07-01", end="2024-09-30"),
        act("Half-year report on Aug 29, 2024.", "trading_day", date="2024-08-29", offset=1),
        act("Next trading day: Aug 30.", "price", entity="SMHF", date="2024-08-30"),
        act("", "price", entity="EGDF", date="2024-08-30"),
        ans("Evergreen Dividend Fund (−1.23% vs −1.70%).", "Evergreen Dividend Fund")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated_yearless", None)}),
    dict(tid="x52", chain="demo-L2-4hop-03-zh", style="plain", steps=[
        act("查巅峰医疗基金的重仓股。", "fund_holdings", fund="SMHF", period="2024Q1"),
        act("第一大重仓股为天青生物。", "events", entity="CLSB", event_type="earnings_release",
            start="2024-07-01", end="2024-09-30"),
        act("天青生物半年报于2024年8月29日发布。", "trading_day", date="2024-08-29", offset=1),
        act("下一交易日为8月30日。", "price", entity="SMHF", date="2024-08-30"),
        act("", "price", entity="EGDF", date="2024-08-30"),
        ans("常青红利基金净值变化更大（-1.23%对-1.70%）。", "常青红利基金")],
        labels={1: (F, "wrong", "holdings of the wrong quarter (2024Q1)"),
                2: (T, "coincidence", "wrong company, but its report date equals the gold date and is stated"),
                3: (T, "stated_yearless", None)}),
    dict(tid="x53", chain="demo-L2-4hop-03-en", style="react", steps=[
        act("", "fund_holdings", fund="Summit Healthcare Fund", period="2024Q2"),
        act("Largest holding: TWPH (9.73%).", "report_metric", entity="TWPH", metric="revenue", period="2024Q2"),
        act("Report date 2024-08-29 (Thursday), so the next trading day is Friday 2024-08-30.", "price",
            entity="SMHF", date="2024-08-30"),
        act("", "price", entity="EGDF", date="2024-08-30"),
        ans("Summit Healthcare Fund fell 1.70%, more than Evergreen's 1.23%: Summit Healthcare Fund changed more.",
            "Summit Healthcare Fund")],
        labels={1: (T, "stated_ticker", None), 2: (T, "stated", None), 3: (T, "stated", None)}),
    # ======================================================== demo-L2-4hop-04 (hop1 Ashgrove, hop2 2024-04-26, hop3 Harborstone)
    dict(tid="x54", chain="demo-L2-4hop-04-en", style="plain", steps=[
        act("Q1 2024 single-quarter net profit for the three banks.", "report_metric", entity="AGRB",
            metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("", "report_metric", entity="PLSB", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("", "report_metric", entity="KTBK", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("Ashgrove earned the most (7.11B yuan) and released the report on 2024-04-26.", "price", entity="AGRB",
            date="2024-04-26"),
        act("", "price", entity="HBSB", date="2024-04-26"),
        act("Harborstone traded 29.05M shares vs Ashgrove's 6.90M, so Harborstone.", "lookup_entity", query="HBSB"),
        ans("Harborstone Bank listed on 2007-04-23.", "2007-04-23")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None)}),
    dict(tid="x55", chain="demo-L2-4hop-04-en", style="terse", steps=[
        act("", "report_metric", entity="AGRB", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("", "report_metric", entity="PLSB", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("", "report_metric", entity="KTBK", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("", "price", entity="AGRB", date="2024-04-26"),
        act("", "price", entity="HBSB", date="2024-04-26"),
        act("", "lookup_entity", query="HBSB"),
        ans("", "2007-04-23")],
        labels={1: (T, "used", None), 2: (T, "used", None), 3: (T, "used", None)}),
    dict(tid="x56", chain="demo-L2-4hop-04-zh", style="react", steps=[
        act("比较三家银行2024年一季度单季净利润。", "report_metric", entity="灰林农商银行", metric="net_profit",
            period="2024Q1", basis="single_quarter"),
        act("", "report_metric", entity="澄明储蓄银行", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("", "report_metric", entity="隼信银行", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("灰林农商银行净利润最高，一季报发布日为2024年4月26日。接下来与港石银行比较当日成交量。", "price",
            entity="AGRB", date="2024-04-26"),
        act("", "price", entity="港石银行", date="2024-04-26"),
        act("灰林农商银行成交额更大，取灰林农商银行。", "lookup_entity", query="灰林农商银行"),
        ans("灰林农商银行于2008年4月18日上市。", "2008年4月18日")],
        labels={1: (T, "stated", None), 2: (T, "stated", None),
                3: (F, "candidates", "港石银行 named only as the comparison partner; the agent picks the other bank")}),
    dict(tid="x57", chain="demo-L2-4hop-04-en", style="markdown", steps=[
        act("", "report_metric", entity="AGRB", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("", "report_metric", entity="PLSB", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("", "report_metric", entity="KTBK", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("Ashgrove Rural Bank is the most profitable. Banks in this set reported on April 19, so I'll use "
            "2024-04-19.", "price", entity="AGRB", date="2024-04-19"),
        act("", "price", entity="HBSB", date="2024-04-19"),
        act("Harborstone traded more (29.35M vs 8.04M).", "lookup_entity", query="Harborstone Bank"),
        ans("April 23, 2007", "2007-04-23")],
        labels={1: (T, "stated", None), 2: (F, "wrong", "uses the other banks' report date"),
                3: (T, "stated", "right entity reached on the wrong day")}),
    # ======================================================== demo-L3-5hop-01 (hop1 Zephyrine, hop2 2024-04-24, hop3 2024-04-25, hop4 DSOFTI)
    dict(tid="x58", chain="demo-L3-5hop-01-en", style="react", steps=[
        act("Volumes on 2024-06-03 for the three chipmakers.", "price", entity="ZPHR", date="2024-06-03"),
        act("", "price", entity="QLMC", date="2024-06-03"),
        act("", "price", entity="BVSI", date="2024-06-03"),
        act("Zephyrine traded the most (29.27M shares). Its Q1 2024 report date:", "report_metric", entity="ZPHR",
            metric="revenue", period="2024Q1"),
        act("Released 2024-04-24; the next trading day is 2024-04-25.", "price", entity="DSEMII", date="2024-04-25"),
        act("", "price", entity="DSOFTI", date="2024-04-25"),
        ans("The Demo Software Index rose more (+2.95% vs +1.99%) and closed at 1,265.35.", "1,265.35 points")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "final_only", None)}),
    dict(tid="x59", chain="demo-L3-5hop-01-zh", style="terse", steps=[
        act("", "price", entity="ZPHR", date="2024-06-03"),
        act("", "price", entity="QLMC", date="2024-06-03"),
        act("", "price", entity="BVSI", date="2024-06-03"),
        act("", "report_metric", entity="ZPHR", metric="revenue", period="2024Q1"),
        act("", "trading_day", date="2024-04-24", offset=1),
        act("", "price", entity="DSEMII", date="2024-04-25"),
        act("", "price", entity="DSOFTI", date="2024-04-25"),
        ans("", "1265.35点")],
        labels={1: (T, "used", None), 2: (T, "used", None), 3: (T, "used", None),
                4: (F, "implicit", "index never named outside the two candidate calls; only its close is given")}),
    dict(tid="x60", chain="demo-L3-5hop-01-en", style="plain", steps=[
        act("", "price", entity="ZPHR", date="2024-06-03"),
        act("", "price", entity="QLMC", date="2024-06-03"),
        act("", "price", entity="BVSI", date="2024-06-03"),
        act("Zephyrine Semiconductor had the highest volume.", "events", entity="ZPHR", event_type="earnings_release",
            start="2024-04-01", end="2024-05-31"),
        act("Q1 report: April 24. First trading day after: April 25.", "price", entity="DSEMII", date="2024-04-25"),
        act("", "price", entity="DSOFTI", date="2024-04-25"),
        ans("Demo Software Index, 1,265.35", "Demo Software Index, 1265.35")],
        labels={1: (T, "stated", None), 2: (T, "stated_yearless", None), 3: (T, "stated_yearless", None),
                4: (T, "final_only", None)}),
    dict(tid="x61", chain="demo-L3-5hop-01-zh", style="markdown", steps=[
        act("查询三家公司6月3日成交量。", "price", entity="ZPHR", date="2024-06-03"),
        act("", "price", entity="QLMC", date="2024-06-03"),
        act("", "price", entity="BVSI", date="2024-06-03"),
        act("奎隆微芯成交量最大。查询其一季报发布日。", "report_metric", entity="QLMC", metric="revenue",
            period="2024Q1"),
        act("奎隆微芯一季报于2024-04-24发布，下一个交易日为2024-04-25。", "price", entity="DSEMII", date="2024-04-25"),
        act("", "price", entity="DSOFTI", date="2024-04-25"),
        ans("演示软件指数涨幅更大，收盘1265.35点。", "1265.35点")],
        labels={1: (F, "wrong", None),
                2: (T, "coincidence", "wrong company, but its Q1 report date equals the gold date and is stated"),
                3: (T, "stated", None), 4: (T, "stated", None)}),
    # ======================================================== demo-L3-5hop-02 (hop1 2023-01, hop2 2023-02-13, hop3 2023-02-14, hop4 Voltaris)
    dict(tid="x62", chain="demo-L3-5hop-02-en", style="react", steps=[
        act("M2 YoY by month for 2023.", "macro", indicator="M2_YOY", period="2023"),
        act("The fastest growth was 11.5% in January 2023, published on 2023-02-13.", "trading_day",
            date="2023-02-13", offset=1),
        act("The next trading day is 2023-02-14.", "price", entity="VLTM", date="2023-02-14"),
        act("", "price", entity="LMWA", date="2023-02-14"),
        act("Voltaris Motors had the higher turnover (2.05% vs 1.23%).", "report_metric", entity="VLTM",
            metric="net_profit", period="2024Q2", basis="single_quarter"),
        ans("156,358,409 yuan", "156,358,409 yuan")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None)}),
    dict(tid="x63", chain="demo-L3-5hop-02-zh", style="plain", steps=[
        act("查询2023年M2同比。", "macro", indicator="M2_YOY", period="2023"),
        act("M2增速最高的月份是2023年2月（10.8%），数据于3月9日发布。", "trading_day", date="2023-03-09", offset=1),
        act("", "price", entity="VLTM", date="2023-03-10"),
        act("", "price", entity="LMWA", date="2023-03-10"),
        act("沃塔瑞汽车换手率更高（1.49%）。", "report_metric", entity="VLTM", metric="net_profit", period="2024Q2",
            basis="single_quarter"),
        ans("1.56亿元", "1.56亿元")],
        labels={1: (F, "wrong", None), 2: (F, "wrong", None), 3: (F, "wrong", None),
                4: (T, "coincidence", "wrong day, but the same company comes out on top and is stated")}),
    dict(tid="x64", chain="demo-L3-5hop-02-en", style="markdown", steps=[
        act("", "macro", indicator="M2_YOY", period="2023"),
        act("January 2023 had the fastest M2 growth (11.5%); released February 13, 2023. That release day was "
            "itself a trading day, so I'll compare turnover on it.", "price", entity="VLTM", date="2023-02-13"),
        act("", "price", entity="LMWA", date="2023-02-13"),
        act("Lumenway Auto's turnover (1.0866%) edges out Voltaris (1.0785%).", "report_metric", entity="LMWA",
            metric="net_profit", period="2024Q2", basis="single_quarter"),
        ans("128,591,952 yuan", "128,591,952 yuan")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (F, "off_by_one", None),
                4: (F, "wrong", "Voltaris named only as the losing candidate")}),
    # ======================================================== demo-L3-5hop-03 (hop1 Northwind, hop2 Lexigrid, hop3 Software, hop4 DSOFTI)
    dict(tid="x65", chain="demo-L3-5hop-03-en", style="plain", steps=[
        act("One-year max drawdown for both funds as of 2024-12-31.", "fund_metric", fund="ZGEF",
            metric="max_drawdown", horizon="1Y", as_of="2024-12-31"),
        act("", "fund_metric", fund="NWTF", metric="max_drawdown", horizon="1Y", as_of="2024-12-31"),
        act("Northwind Tech has the smaller drawdown (9.12% vs 10.69%).", "fund_holdings", fund="NWTF",
            period="2024Q3"),
        act("Its largest holding is Lexigrid Software.", "lookup_entity", query="Lexigrid Software"),
        act("Lexigrid is in the Software sector.", "list_sector", sector="Software"),
        act("The Software sector index is the Demo Software Index.", "price", entity="DSOFTI", date="2024-11-04"),
        ans("The Demo Software Index rose 1.46% on 2024-11-04.", "1.46%")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None)}),
    dict(tid="x66", chain="demo-L3-5hop-03-zh", style="terse", steps=[
        act("", "fund_metric", fund="ZGEF", metric="max_drawdown", horizon="1Y", as_of="2024-12-31"),
        act("", "fund_metric", fund="NWTF", metric="max_drawdown", horizon="1Y", as_of="2024-12-31"),
        act("", "fund_holdings", fund="NWTF", period="2024Q3"),
        act("", "lookup_entity", query="LXGD"),
        act("", "list_sector", sector="SOFT"),
        act("", "price", entity="DSOFTI", date="2024-11-04"),
        ans("", "1.46%")],
        labels={1: (T, "used", None), 2: (T, "used", None), 3: (T, "used", None), 4: (T, "used", None)}),
    dict(tid="x67", chain="demo-L3-5hop-03-en", style="react", steps=[
        act("", "fund_metric", fund="ZGEF", metric="max_drawdown", horizon="1Y", as_of="2024-12-31"),
        act("", "fund_metric", fund="NWTF", metric="max_drawdown", horizon="1Y", as_of="2024-12-31"),
        act("Zenith's drawdown (10.69%) is larger, so the smaller one is Northwind.", "fund_holdings", fund="NWTF",
            period="2024Q3"),
        act("Top holding: Lexigrid Software (9.72%).", "lookup_entity", query="LXGD"),
        act("Sector: Software. I'll query the software index directly.", "price", entity="Demo Software Index",
            date="2024-11-04"),
        ans("+1.46%", "1.46%")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "used", None)}),
    dict(tid="x68", chain="demo-L3-5hop-03-zh", style="markdown", steps=[
        act("比较两只基金近一年最大回撤。", "fund_metric", fund="天顶成长", metric="max_drawdown", horizon="1Y",
            as_of="2024-12-31"),
        act("", "fund_metric", fund="北风科创", metric="max_drawdown", horizon="1Y", as_of="2024-12-31"),
        act("回撤按负值理解：-10.69% 小于 -9.12%，所以回撤较小的是天顶成长。", "fund_holdings", fund="ZGEF",
            period="2024Q3"),
        act("第一大重仓股为塔摩电路。", "lookup_entity", query="塔摩电路"),
        act("所属行业：半导体。", "list_sector", sector="SEMI"),
        act("", "price", entity="DSEMII", date="2024-11-04"),
        ans("演示半导体指数当日下跌0.48%。", "-0.48%")],
        labels={1: (F, "wrong", None), 2: (F, "wrong", None), 3: (F, "wrong", None),
                4: (F, "wrong", None)}),
    # ======================================================== demo-L3-5hop-04 (hop1 Talmora, hop2 2023-06-12, hop3 2023-07-12, hop4 Talmora)
    dict(tid="x69", chain="demo-L3-5hop-04-en", style="react", steps=[
        act("Listing dates of both companies.", "lookup_entity", query="Talmora Circuits"),
        act("", "lookup_entity", query="Gyrodrive Systems"),
        act("Talmora listed earlier, on 2023-06-12.", "trading_day", date="2023-06-12", offset=20),
        act("The 20th trading day after listing is 2023-07-12.", "price", entity="TLMC", date="2023-07-12"),
        act("", "price", entity="NRVX", date="2023-07-12"),
        act("Talmora closed higher (128.37 vs 37.60).", "report_metric", entity="TLMC", metric="revenue",
            period="2024Q3", basis="cumulative"),
        ans("4,550,048,144 yuan", "4,550,048,144 yuan")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None)}),
    dict(tid="x70", chain="demo-L3-5hop-04-en", style="plain", steps=[
        act("", "lookup_entity", query="TLMC"),
        act("", "lookup_entity", query="GYDS"),
        act("Talmora Circuits listed first (June 12, 2023).", "trading_day", date="2023-06-12", offset=20),
        act("", "price", entity="TLMC", date="2023-07-12"),
        act("", "price", entity="NRVX", date="2023-07-12"),
        act("On that day Norvex did better (−0.40% vs Talmora's −2.48%), so Norvex is the stronger close.",
            "report_metric", entity="NRVX", metric="revenue", period="2024Q3", basis="cumulative"),
        ans("6,615,552,342 yuan", "6,615,552,342 yuan")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "used", None),
                4: (F, "wrong", "Talmora mentioned as hop 1 and as the loser, not as the higher close")}),
    dict(tid="x71", chain="demo-L3-5hop-04-zh", style="terse", steps=[
        act("", "lookup_entity", query="TLMC"),
        act("", "lookup_entity", query="GYDS"),
        act("", "events", entity="TLMC", event_type="listing"),
        act("", "trading_day", date="2023-06-12", offset=20),
        act("", "price", entity="TLMC", date="2023-07-12"),
        act("", "price", entity="NRVX", date="2023-07-12"),
        act("", "report_metric", entity="TLMC", metric="revenue", period="2024Q3", basis="cumulative"),
        ans("", "45.50亿元")],
        labels={1: (T, "used", None), 2: (T, "used", None), 3: (T, "used", None), 4: (T, "used", None)}),
    dict(tid="x72", chain="demo-L3-5hop-04-en", style="markdown", steps=[
        act("", "lookup_entity", query="Talmora Circuits"),
        act("", "lookup_entity", query="Gyrodrive Systems"),
        act("Talmora listed on June 12, 2023, earlier than Gyrodrive. Counting 20 trading days by hand (June has "
            "a holiday) gives July 11, 2023.", "price", entity="TLMC", date="2023-07-11"),
        act("", "price", entity="NRVX", date="2023-07-11"),
        act("Talmora closed higher.", "report_metric", entity="TLMC", metric="revenue", period="2024Q3",
            basis="cumulative"),
        ans("4.55 billion yuan", "4.55 billion yuan")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (F, "off_by_one", None),
                4: (T, "stated", "right entity from the wrong day")}),
    # ======================================================== demo-L3-6hop-01 (VRDP, 2023-10-18, 2023-10-23, EGDF, SVPL)
    dict(tid="x73", chain="demo-L3-6hop-01-en", style="react", steps=[
        act("Price changes on 2023-09-12.", "price", entity="VRDP", date="2023-09-12"),
        act("", "price", entity="CLSB", date="2023-09-12"),
        act("Verdanta rose more (+1.99% vs +1.32%).", "report_metric", entity="VRDP", metric="revenue",
            period="2023Q3"),
        act("Verdanta's Q3 report came out on 2023-10-18.", "trading_day", date="2023-10-18", offset=3),
        act("Three trading days later: 2023-10-23.", "price", entity="EGDF", date="2023-10-23"),
        act("", "price", entity="HLBF", date="2023-10-23"),
        act("Evergreen Dividend Fund's NAV rose more (1.90% vs 0.96%).", "fund_holdings", fund="EGDF",
            period="2023Q4"),
        act("Its largest holding at end-2023 is Silverpine Liquor.", "report_metric", entity="SVPL",
            metric="net_profit", period="2023Q4", basis="cumulative"),
        ans("3,939,660,539 yuan", "3,939,660,539 yuan")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None),
                5: (T, "stated", None)}),
    dict(tid="x74", chain="demo-L3-6hop-01-zh", style="markdown", steps=[
        act("", "price", entity="翠丹制药", date="2023-09-12"),
        act("", "price", entity="天青生物", date="2023-09-12"),
        act("翠丹制药涨幅更大。", "report_metric", entity="翠丹制药", metric="revenue", period="2023Q3"),
        act("三季报发布日2023年10月18日。", "trading_day", date="2023-10-18", offset=3),
        act("第3个交易日为10月23日。", "price", entity="常青红利基金", date="2023-10-23"),
        act("", "price", entity="港灯平衡混合基金", date="2023-10-23"),
        act("港灯平衡混合基金净值涨幅更大。", "fund_holdings", fund="HLBF", period="2023Q4"),
        act("其2023年末第一大重仓股为红湄酒业。", "report_metric", entity="红湄酒业", metric="net_profit",
            period="2023Q4", basis="cumulative"),
        ans("红湄酒业2023年全年归母净利润为20.41亿元。", "20.41亿元")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated_yearless", None),
                4: (F, "wrong", None), 5: (F, "wrong", None)}),
    dict(tid="x75", chain="demo-L3-6hop-01-en", style="terse", steps=[
        act("", "price", entity="VRDP", date="2023-09-12"),
        act("", "price", entity="CLSB", date="2023-09-12"),
        act("", "report_metric", entity="VRDP", metric="revenue", period="2023Q3"),
        act("", "trading_day", date="2023-10-18", offset=3),
        act("", "price", entity="EGDF", date="2023-10-23"),
        act("", "price", entity="HLBF", date="2023-10-23"),
        act("", "fund_holdings", fund="EGDF", period="2023Q4"),
        act("", "report_metric", entity="SVPL", metric="net_profit", period="2023Q4", basis="cumulative"),
        ans("", "3939660539")],
        labels={1: (T, "used", None), 2: (T, "used", None), 3: (T, "used", None), 4: (T, "used", None),
                5: (T, "used", None)}),
    dict(tid="x76", chain="demo-L3-6hop-01-en", style="plain", steps=[
        act("", "price", entity="VRDP", date="2023-09-12"),
        act("", "price", entity="CLSB", date="2023-09-12"),
        act("Verdanta Pharma rose more.", "report_metric", entity="VRDP", metric="revenue", period="2023Q3"),
        act("Q3 report: October 18. Three trading days after that is October 21.", "price", entity="EGDF",
            date="2023-10-21"),
        act("Oct 21 is a Saturday; the tool suggests the 20th (previous) or the 23rd (next). I'll take the previous "
            "trading day, Oct 20.", "price", entity="EGDF", date="2023-10-20"),
        act("", "price", entity="HLBF", date="2023-10-20"),
        act("Evergreen Dividend Fund rose more on Oct 20 (1.11% vs 0.68%).", "fund_holdings", fund="EGDF",
            period="2023Q4"),
        act("Top holding at end-2023: Silverpine Liquor.", "report_metric", entity="SVPL", metric="net_profit",
            period="2023Q4", basis="cumulative"),
        ans("About 3.94 billion yuan.", "3.94 billion yuan")],
        labels={1: (T, "stated", None), 2: (T, "stated_yearless", None),
                3: (F, "rejected", "the agent names the 23rd only as the tool's suggestion and takes the 20th"),
                4: (T, "coincidence", "right fund from the wrong day"), 5: (T, "stated", None)}),
    # ======================================================== demo-L3-6hop-02 (2023Q2, 2023-07-17, 2023-07-18, VRDP, Pharmaceuticals)
    dict(tid="x77", chain="demo-L3-6hop-02-en", style="plain", steps=[
        act("GDP YoY for each quarter of 2023.", "macro", indicator="GDP_YOY", period="2023"),
        act("Q2 2023 grew fastest (5.2%), released on July 17, 2023.", "trading_day", date="2023-07-17", offset=1),
        act("First trading day after: July 18, 2023.", "price", entity="HBSB", date="2023-07-18"),
        act("", "price", entity="VRDP", date="2023-07-18"),
        act("Verdanta Pharma rose more (+0.65% vs −1.65%).", "lookup_entity", query="Verdanta Pharma"),
        act("Verdanta is in Pharmaceuticals.", "list_sector", sector="PHAR"),
        ans("The Demo Pharmaceuticals Index (DPHARI).", "Demo Pharmaceuticals Index")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None),
                5: (T, "stated", None)}),
    dict(tid="x78", chain="demo-L3-6hop-02-zh", style="react", steps=[
        act("查询2023年各季度GDP同比。", "macro", indicator="GDP_YOY", period="2023"),
        act("二季度同比5.2%最高，7月17日发布。", "trading_day", date="2023-07-17", offset=1),
        act("下一个交易日为7月18日。", "price", entity="港石银行", date="2023-07-18"),
        act("", "price", entity="翠丹制药", date="2023-07-18"),
        act("翠丹制药涨幅更大。", "lookup_entity", query="翠丹制药"),
        act("所属行业：医药。", "list_sector", sector="医药"),
        ans("演示医药指数", "演示医药指数")],
        labels={1: (T, "stated_yearless", None), 2: (T, "stated_yearless", None), 3: (T, "stated_yearless", None),
                4: (T, "stated", None), 5: (T, "stated", None)}),
    dict(tid="x79", chain="demo-L3-6hop-02-en", style="markdown", steps=[
        act("", "macro", indicator="GDP_YOY", period="2023"),
        act("Fastest growth: 2023Q2 at 5.2%, released Monday 2023-07-17, which is itself a trading day; I'll "
            "compare on the release day.", "price", entity="HBSB", date="2023-07-17"),
        act("", "price", entity="VRDP", date="2023-07-17"),
        act("Verdanta rose more (2.10% vs 0.40%).", "lookup_entity", query="VRDP"),
        act("", "list_sector", sector="PHAR"),
        ans("Demo Pharmaceuticals Index", "Demo Pharmaceuticals Index")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (F, "off_by_one", None),
                4: (T, "stated", "right entity from the wrong day"),
                5: (T, "used", "PHAR passed to list_sector")}),
    # ======================================================== demo-L3-6hop-03 (2023-04, 2023-05-09, 2023-05-10, CRSF, 2023-10-30)
    dict(tid="x80", chain="demo-L3-6hop-03-en", style="react", steps=[
        act("2023 CPI YoY by month.", "macro", indicator="CPI_YOY", period="2023"),
        act("Lowest CPI YoY: -0.4% in April 2023, released 2023-05-09.", "trading_day", date="2023-05-09", offset=1),
        act("The first trading day after is 2023-05-10.", "price", entity="CRSF", date="2023-05-10"),
        act("", "price", entity="NMBD", date="2023-05-10"),
        act("", "price", entity="QNTC", date="2023-05-10"),
        act("Cirrusoft has the highest turnover (1.10%).", "report_metric", entity="CRSF", metric="revenue",
            period="2023Q3"),
        act("Cirrusoft released its Q3 report on 2023-10-30.", "price", entity="CRSF", date="2023-10-30"),
        ans("143.28 yuan", "143.28 yuan")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None),
                5: (T, "stated", None)}),
    dict(tid="x81", chain="demo-L3-6hop-03-zh", style="terse", steps=[
        act("", "macro", indicator="CPI_YOY", period="2023"),
        act("", "macro", indicator="CPI_YOY", period="2023-04"),
        act("", "trading_day", date="2023-05-09", offset=1),
        act("", "price", entity="CRSF", date="2023-05-10"),
        act("", "price", entity="NMBD", date="2023-05-10"),
        act("", "price", entity="QNTC", date="2023-05-10"),
        act("", "report_metric", entity="CRSF", metric="revenue", period="2023Q3"),
        act("", "price", entity="CRSF", date="2023-10-30"),
        ans("", "143.28元")],
        labels={1: (T, "used", None), 2: (T, "used", None), 3: (T, "used", None), 4: (T, "used", None),
                5: (T, "used", None)}),
    dict(tid="x82", chain="demo-L3-6hop-03-en", style="plain", steps=[
        act("", "macro", indicator="CPI_YOY", period="2023"),
        act("The lowest reading, -0.4%, was published on 2023-05-09, i.e. it is the May 2023 CPI.", "trading_day",
            date="2023-05-09", offset=1),
        act("", "price", entity="CRSF", date="2023-05-10"),
        act("", "price", entity="NMBD", date="2023-05-10"),
        act("", "price", entity="QNTC", date="2023-05-10"),
        act("Cirrusoft Systems had the highest turnover rate.", "events", entity="CRSF",
            event_type="earnings_release", start="2023-10-01", end="2023-11-30"),
        act("", "price", entity="CRSF", date="2023-10-30"),
        ans("143.28", "143.28")],
        labels={1: (F, "wrong", "calls it the May CPI"), 2: (T, "stated", None), 3: (T, "used", None),
                4: (T, "stated", None), 5: (T, "used", None)}),
    dict(tid="x83", chain="demo-L3-6hop-03-zh", style="react", steps=[
        act("查询2023年CPI同比。", "macro", indicator="CPI_YOY", period="2023"),
        act("CPI同比最低为4月（-0.4%），5月9日公布。", "trading_day", date="2023-05-09", offset=1),
        act("5月10日三家公司换手率：", "price", entity="卷云软件", date="2023-05-10"),
        act("", "price", entity="宁伞数据", date="2023-05-10"),
        act("", "price", entity="宽塔云", date="2023-05-10"),
        act("卷云软件1.10%、宽塔云0.98%、宁伞数据0.37%，两家接近，我不能确定哪家更高，先看宽塔云。", "report_metric",
            entity="QNTC", metric="revenue", period="2023Q3"),
        ans("无法确定", "无法确定")],
        labels={1: (T, "stated_yearless", None), 2: (T, "stated_yearless", None), 3: (T, "stated_yearless", None),
                4: (F, "candidates", "lists 卷云软件 with its figure but does not commit and goes on with 宽塔云"),
                5: (F, "not_reached", None)}),
    # ======================================================== demo-L3-6hop-04 (TLMC, 2024-04-03, 2024-04-01, OBSY, 2024-10-29)
    dict(tid="x84", chain="demo-L3-6hop-04-en", style="react", steps=[
        act("2023Q4 single-quarter gross margins.", "report_metric", entity="BVSI", metric="gross_margin",
            period="2023Q4", basis="single_quarter"),
        act("", "report_metric", entity="TLMC", metric="gross_margin", period="2023Q4", basis="single_quarter"),
        act("Talmora's margin (42.83%) beats Brightvale's (36.36%); Talmora's annual report came out on "
            "2024-04-03.", "trading_day", date="2024-04-03", offset=-2),
        act("Two trading days before: 2024-04-01, in Q2 2024.", "fund_holdings", fund="ZGEF", period="2024Q2"),
        act("Zenith's top holding at end-Q2 2024 is Orbisync Tech.", "report_metric", entity="OBSY",
            metric="revenue", period="2024Q3"),
        act("Orbisync reported Q3 on 2024-10-29.", "price", entity="OBSY", date="2024-10-29"),
        act("", "price", entity="QNTC", date="2024-10-29"),
        ans("Quantara Cloud traded more (1,500,600 vs 423,500 shares).", "Quantara Cloud")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None), 4: (T, "stated", None),
                5: (T, "stated", None)}),
    dict(tid="x85", chain="demo-L3-6hop-04-zh", style="plain", steps=[
        act("", "report_metric", entity="明谷硅业", metric="gross_margin", period="2023Q4", basis="single_quarter"),
        act("", "report_metric", entity="塔摩电路", metric="gross_margin", period="2023Q4", basis="single_quarter"),
        act("塔摩电路毛利率更高，年报于2024年4月3日发布。", "trading_day", date="2024-04-03", offset=-2),
        act("前2个交易日为2024年4月1日，所在季度按一季度末处理。", "fund_holdings", fund="ZGEF", period="2024Q1"),
        act("第一大重仓股是宽塔云。但题目要拿它和宽塔云比较，同一家公司不合理，说明季度取错了：4月1日属于二季度。",
            "fund_holdings", fund="ZGEF", period="2024Q2"),
        act("二季度末第一大重仓股为环同科技。", "events", entity="环同科技", event_type="earnings_release",
            start="2024-10-01", end="2024-11-30"),
        act("环同科技2024年10月29日发布三季报。", "price", entity="OBSY", date="2024-10-29"),
        act("", "price", entity="QNTC", date="2024-10-29"),
        ans("宽塔云成交量更大。", "宽塔云")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None),
                4: (T, "corrected", None), 5: (T, "stated", None)}),
    dict(tid="x86", chain="demo-L3-6hop-04-en", style="markdown", steps=[
        act("", "report_metric", entity="BVSI", metric="gross_margin", period="2023Q4", basis="single_quarter"),
        act("", "report_metric", entity="TLMC", metric="gross_margin", period="2023Q4", basis="single_quarter"),
        act("Talmora Circuits has the higher margin. Annual report date: April 3, 2024. Two trading days earlier "
            "(calendar): April 1.", "fund_holdings", fund="ZGEF", period="2024Q1"),
        act("Since April 1 is the first day of Q2, the 'quarter containing that day' ends June 30 — but holdings "
            "for Q2 may not be comparable; I'll stick with the Q1 list: top holding Quantara Cloud.",
            "report_metric", entity="QNTC", metric="revenue", period="2024Q3"),
        act("Quantara reported Q3 on 2024-10-30.", "price", entity="QNTC", date="2024-10-30"),
        ans("Quantara Cloud", "Quantara Cloud")],
        labels={1: (T, "stated", None), 2: (T, "stated_yearless", None), 3: (T, "stated_yearless", None),
                4: (F, "wrong", None), 5: (F, "near_miss", "2024-10-30, the neighbouring day")}),
    # ======================================================== unusual action shapes and wording
    dict(tid="x87", chain="demo-L1-2hop-02-en", style="plain", steps=[
        raw('I\'ll check the fund\'s holdings first.\n{"name": "fund_holdings", "arguments": {"fund": "Zenith Growth '
            'Equity Fund", "period": "2024Q1"}}'),
        raw('The #1 position is QNTC.\n{"tool": "lookup_entity", "args": {"query": "QNTC"}}'),
        ans("Listing date: 18 May 2009.", "2009-05-18")],
        labels={1: (T, "stated_ticker", None)}),
    dict(tid="x88", chain="demo-L2-4hop-02-en", style="markdown", steps=[
        act("PMI 2023:", "macro", indicator="PMI", period="2023"),
        act("Candidates for the low: Jan (48.4), Feb (49.1), Nov (49.6). The lowest is January.", "macro",
            indicator="PMI", period="2023-01"),
        act("January's PMI was released 2023/01/31.", "trading_day", date="2023-01-31", offset=1),
        act("Next trading day: 1 Feb 2023.", "price", entity="Harborstone Bank", date="2023-02-01"),
        act("", "price", entity="Meridale Commercial Bank", date="2023-02-01"),
        ans("Meridale", "Meridale Commercial Bank")],
        labels={1: (T, "stated", None), 2: (T, "stated_format", None), 3: (T, "stated_format", None)}),
    dict(tid="x89", chain="demo-L2-3hop-02-zh", style="react", steps=[
        act("查流明途汽车所属行业。", "lookup_entity", query="流明途"),
        act("属于新能源汽车行业，但也可能归入汽车整车。先看新能源汽车行业的成分与指数。", "list_sector", sector="NEV"),
        act("指数代码DNEVI。", "price", entity="DNEVI", date="2024-07-01"),
        ans("1981.35点", "1981.35点")],
        labels={1: (T, "stated", "stated with a hedge, then used"), 2: (T, "stated_ticker", None)}),
    dict(tid="x90", chain="demo-L2-3hop-03-en", style="plain", steps=[
        act("", "fund_metric", fund="SLCE", metric="return", horizon="YTD", as_of="2024-09-30"),
        act("", "fund_metric", fund="NWTF", metric="return", horizon="YTD", as_of="2024-09-30"),
        act("Both are strong: Silica ETF 28.77%, Northwind 25.31%. I'll look at both funds' Q3 holdings.",
            "fund_holdings", fund="SLCE", period="2024Q3"),
        act("", "fund_holdings", fund="NWTF", period="2024Q3"),
        act("Top holdings are Norvex Devices (Silica) and Lexigrid Software (Northwind).", "report_metric",
            entity="NRVX", metric="revenue", period="2024Q3", basis="single_quarter"),
        act("", "report_metric", entity="LXGD", metric="revenue", period="2024Q3", basis="single_quarter"),
        ans("Either 2.59 billion yuan (Norvex) or the Lexigrid figure, depending on the fund.", "2.59 billion yuan")],
        labels={1: (F, "candidates", "both funds carried forward, no pick"),
                2: (F, "candidates", "Norvex named as one of two candidates; hedged answer")}),
    # ======================================================== more negatives with the gold string near the agent's words
    dict(tid="x91", chain="demo-L2-4hop-04-en", style="react", steps=[
        act("", "report_metric", entity="AGRB", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("", "report_metric", entity="PLSB", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("", "report_metric", entity="KTBK", metric="net_profit", period="2024Q1", basis="single_quarter"),
        act("Ashgrove Rural Bank leads with 7.11B yuan; its Q1 report is dated 2024-04-26. Comparing Ashgrove with "
            "Harborstone Bank on that day.", "price", entity="AGRB", date="2024-04-26"),
        act("", "price", entity="HBSB", date="2024-04-26"),
        act("Ashgrove's traded amount (1.25B yuan) exceeds Harborstone's (1.02B yuan), so Ashgrove is the larger.",
            "lookup_entity", query="AGRB"),
        ans("Ashgrove Rural Bank listed on April 18, 2008.", "2008-04-18")],
        labels={1: (T, "stated", None), 2: (T, "stated", None),
                3: (F, "candidates", "Harborstone named as the comparison partner and the loser")}),
    dict(tid="x92", chain="demo-L3-6hop-04-zh", style="markdown", steps=[
        act("", "report_metric", entity="BVSI", metric="gross_margin", period="2023Q4", basis="single_quarter"),
        act("", "report_metric", entity="TLMC", metric="gross_margin", period="2023Q4", basis="single_quarter"),
        act("塔摩电路毛利率42.83%更高，年报发布日2024-04-03。", "trading_day", date="2024-04-03", offset=-2),
        act("前2个交易日为2024年4月1日，属于2024年二季度。", "fund_holdings", fund="ZGEF", period="2024Q2"),
        act("二季度末第一大重仓股为宽塔云（8.8%）。", "events", entity="QNTC", event_type="earnings_release",
            start="2024-10-01", end="2024-11-30"),
        act("宽塔云三季报发布于2024-10-30。", "price", entity="QNTC", date="2024-10-30"),
        ans("该公司即宽塔云本身，成交量相同。", "宽塔云")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "stated", None),
                4: (F, "tool_only", "环同科技 is rank 1 only in the tool result; the agent misreads rank 2"),
                5: (F, "near_miss", None)}),
    dict(tid="x93", chain="demo-L3-5hop-02-en", style="plain", steps=[
        act("", "macro", indicator="M2_YOY", period="2023"),
        act("Fastest M2 growth: January 2023 (11.5%), published 2023-02-13.", "trading_day", date="2023-02-13",
            offset=1),
        act("So the next trading day is February 15, 2023.", "price", entity="VLTM", date="2023-02-15"),
        act("", "price", entity="LMWA", date="2023-02-15"),
        act("Voltaris has the higher turnover (2.19% vs 1.13%).", "report_metric", entity="VLTM", metric="net_profit",
            period="2024Q2", basis="single_quarter"),
        ans("156.36 million yuan", "156.36 million yuan")],
        labels={1: (T, "stated", None), 2: (T, "stated", None),
                3: (F, "tool_only", "2023-02-14 only in the trading_day result; the agent writes Feb 15"),
                4: (T, "coincidence", "right company from the wrong day")}),
    dict(tid="x94", chain="demo-L2-3hop-04-zh", style="react", steps=[
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q1", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q2", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q3", basis="single_quarter"),
        act("", "report_metric", entity="JDFL", metric="revenue", period="2023Q4", basis="single_quarter"),
        act("第四季度28.98亿元看似最高，但四季度含年末集中确认收入，与其他季度不可比，排除；可比季度中第二季度最高，"
            "其报告2023-08-21发布。", "trading_day", date="2023-08-21", offset=1),
        ans("2023年8月22日", "2023年8月22日")],
        labels={1: (F, "rejected", None), 2: (F, "wrong", None)}),
    dict(tid="x95", chain="demo-L1-2hop-01-en", style="plain", steps=[
        act("Pulling May 15 data.", "price", entity="HBSB", date="2024-05-15"),
        act("", "price", entity="KTBK", date="2024-05-15"),
        ans("The turnover figures are not on a comparable basis (different share counts), so I cannot determine which "
            "bank had the higher turnover or its next-day volume.", "cannot determine")],
        labels={1: (F, "tool_only", None)}),
    dict(tid="x96", chain="demo-L2-4hop-01-en", style="react", steps=[
        act("", "price", entity="RDMS", date="2024-04-18"),
        act("", "price", entity="SVPL", date="2024-04-18"),
        act("Redmere Spirits closed lower.", "events", entity="RDMS", event_type="dividend"),
        act("For the 2023 dividend the record date is 2024-05-24; I'll count from there.", "trading_day",
            date="2024-05-24", offset=5),
        act("Five trading days later: 2024-05-31.", "price", entity="RDMS", date="2024-05-31"),
        ans("84.51 yuan", "84.51 yuan")],
        labels={1: (T, "stated", None), 2: (F, "near_miss", "uses the record date; the ex-date is only in the tool"),
                3: (F, "near_miss", None)}),
    dict(tid="x97", chain="demo-L3-6hop-02-zh", style="plain", steps=[
        act("", "macro", indicator="GDP_YOY", period="2023"),
        act("2023年二季度增速最高（5.2%），于2023-07-17发布。", "trading_day", date="2023-07-17", offset=1),
        act("", "price", entity="HBSB", date="2023-07-18"),
        act("", "price", entity="VRDP", date="2023-07-18"),
        act("翠丹制药涨幅更大。", "lookup_entity", query="VRDP"),
        act("行业信息较粗，对应的行业指数应是演示综合指数。", "lookup_entity", query="演示综合指数"),
        ans("演示综合指数", "演示综合指数")],
        labels={1: (T, "stated", None), 2: (T, "stated", None), 3: (T, "used", None), 4: (T, "stated", None),
                5: (F, "tool_only", "医药 only in the lookup result")}),
    dict(tid="x98", chain="demo-L3-5hop-03-en", style="react", steps=[
        act("", "fund_metric", fund="ZGEF", metric="max_drawdown", horizon="1Y", as_of="2024-12-31"),
        act("", "fund_metric", fund="NWTF", metric="max_drawdown", horizon="1Y", as_of="2024-12-31"),
        act("Northwind has the smaller drawdown.", "fund_holdings", fund="NWTF", period="2024Q3"),
        act("Holdings: Lexigrid Software, Quillon Microchips, Cobaltia Batteries, Gyrodrive Systems, Norvex Devices. "
            "Weights are close; by size the largest position is Quillon Microchips.", "lookup_entity",
            query="Quillon Microchips"),
        act("Quillon is a semiconductor company.", "list_sector", sector="SEMI"),
        act("", "price", entity="DSEMII", date="2024-11-04"),
        ans("The Demo Semiconductors Index fell 0.48%.", "-0.48%")],
        labels={1: (T, "stated_short", None), 2: (F, "candidates", None),
                3: (F, "wrong", "'Software' appears only inside the name Lexigrid Software"),
                4: (F, "wrong", None)}),
]


def _render(style: str, text: str, action: dict[str, Any]) -> str:
    js = json.dumps(action, ensure_ascii=False)
    if style == "terse" or not text:
        return js if style != "markdown" else f"```json\n{js}\n```"
    if style == "react":
        return f"Thought: {text}\nAction: {js}"
    if style == "markdown":
        return f"{text}\n\n```json\n{js}\n```"
    return f"{text}\n{js}"


def play(traj: dict[str, Any], tools: dict[str, MarketTools]) -> tuple[list[dict[str, str]], str]:
    lang = traj["chain"][-2:]
    messages: list[dict[str, str]] = []
    final = ""
    for kind, text, payload in traj["steps"]:
        if kind == "ans":
            final = payload
            messages.append({"role": "assistant", "content": _render(traj["style"], text,
                                                                      {"action": "answer", "value": payload})})
            continue
        if kind == "raw":
            messages.append({"role": "assistant", "content": text})
            obj = json.loads(text[text.index("{"):])
            name = obj.get("name") or obj.get("tool")
            args = obj.get("arguments") or obj.get("args") or {}
        else:
            messages.append({"role": "assistant", "content": _render(traj["style"], text, payload)})
            name = payload["action"]
            args = {k: v for k, v in payload.items() if k != "action"}
        result = tools[lang].execute(name, args)
        messages.append({"role": "tool", "content": f"Observation: {result.observation()}"})
    return messages, final


def build() -> list[dict[str, Any]]:
    chains = {c["id"]: c for c in json.loads(CHAINS.read_text(encoding="utf-8"))}
    db = demo_market()
    tools = {"en": MarketTools(db, language="en"), "zh": MarketTools(db, language="zh")}
    rows = []
    for traj in TRAJ:
        chain = chains[traj["chain"]]
        messages, final = play(traj, tools)
        assert set(traj["labels"]) <= set(range(1, len(chain["hops"]))), traj["tid"]
        for hop_index, (label, kind, note) in sorted(traj["labels"].items()):
            hop = chain["hops"][hop_index - 1]
            row: dict[str, Any] = {
                "id": f"ind/{traj['tid']}/{chain['id']}/hop{hop_index}", "kind": kind, "style": traj["style"],
                "language": chain["id"][-2:], "question": chain["question"], "hop_index": hop_index,
                "hop_kind": hop["kind"], "reference": reference(hop), "messages": messages,
                "final_answer": final, "label": label}
            if note:
                if not note.startswith("!"):
                    row["unsure"] = True
                row["note"] = note.lstrip("!")
            rows.append(row)
    return rows


def main() -> None:
    rows = build()
    write_jsonl(OUT, rows)
    print(f"wrote {len(rows)} items ({len(TRAJ)} trajectories) to {OUT}")


if __name__ == "__main__":
    main()
