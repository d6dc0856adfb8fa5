"""The bundled demo chain set: 4 chains per hop count 1–6, each in English and Chinese, over the demo market.

The chains are written here as specs — the released question (EN and ZH), and per hop its question, answer
type, gold tool calls (with the arguments bound to earlier hops) and derivation. Their gold answers are
not written by hand: `build_demo_chains` solves every spec against the demo market (`solver.solve_chain`)
and fills each hop's answer, aliases, value and the candidates it was chosen against. The bundled file
`data/demo_chains.json` is exactly `build_demo_chains()`'s output (a test checks it), and regenerates with

    python -m finprobe.benchmarks.multihop.demo_chains

Build checks: every hop re-solves without a tool error or a tie, and no intermediate answer appears in the
released question (an entity may appear only as one of a listed set of candidates).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from finprobe.benchmarks.multihop.chains import Binding, Chain, Derivation, Hop, ToolCall, demo_chains_path
from finprobe.benchmarks.multihop.market.db import MarketDB
from finprobe.benchmarks.multihop.market.demo import DEMO_SEED, demo_market
from finprobe.benchmarks.multihop.mentions import find_gold_mentions
from finprobe.benchmarks.multihop.solver import hop_from_solution, resolve_path, solve_chain
from finprobe.benchmarks.multihop.tools import MarketTools

__all__ = ["CHAIN_SPECS", "build_demo_chains", "write_demo_chains"]


# --------------------------------------------------------------------------- spec helpers
def B(hop: int, transform: str = "value") -> Binding:  # noqa: N802 - reads like a placeholder in the specs
    return Binding(hop=hop, transform=transform)


def call(tool: str, bind: dict[str, Binding] | None = None, **args: Any) -> ToolCall:
    return ToolCall(tool=tool, args=args, bind=bind or {})


def field_(path: str, call_index: int = -1) -> Derivation:
    return Derivation(op="field", path=path, call=call_index)


def best(op: str, path: str, key: str = "entity") -> Derivation:
    return Derivation(op=op, path=path, key=key)


def best_in(op: str, path: str, field_name: str, key: str) -> Derivation:
    return Derivation(op=op, path=path, field=field_name, key=key)


@dataclass
class H:
    """One hop of a spec: answer kind (+unit), the gold calls, the derivation, the hop question EN/ZH."""

    kind: str
    calls: list[ToolCall]
    derive: Derivation
    en: str
    zh: str
    unit: str | None = None


@dataclass
class Spec:
    n: int
    hops: list[H]
    en: str
    zh: str
    tags: list[str] = field(default_factory=list)


def compare(tool_field: str, op: str, date: str | None, *entities: str, date_hop: int | None = None,
            entity_hop: int | None = None) -> tuple[list[ToolCall], Derivation]:
    """Price-tool calls for each entity on one date, and the max/min of `tool_field` among them."""
    calls = []
    for e in entities:
        bind: dict[str, Binding] = {}
        args: dict[str, Any] = {"entity": e}
        if date_hop is not None:
            bind["date"] = B(date_hop)
            args["date"] = None
        else:
            args["date"] = date
        calls.append(ToolCall(tool="price", args=args, bind=bind))
    if entity_hop is not None:
        args = {"entity": None, "date": date}
        bind = {"entity": B(entity_hop)}
        if date_hop is not None:
            bind["date"] = B(date_hop)
        calls.insert(0, ToolCall(tool="price", args=args, bind=bind))
    return calls, best(op, tool_field)


# --------------------------------------------------------------------------- the specs
def _specs() -> list[Spec]:
    s: list[Spec] = []
    # ---------------------------------------------------------------- 1 hop
    c, d = compare("close", "max", "2024-03-05", "ZPHR", "QLMC")
    s.append(Spec(1, [H("entity", c, d, "Which had the higher closing price on 2024-03-05?",
                        "2024-03-05收盘价更高的是哪家？")],
                  "Which had the higher closing price on 2024-03-05: Zephyrine Semiconductor or Quillon Microchips?",
                  "2024年3月5日，泽风半导体和奎隆微芯哪家公司的收盘价更高？"))
    s.append(Spec(1, [H("number", [call("report_metric", entity="OKRD", metric="net_profit", period="2024Q2",
                                         basis="single_quarter")], field_("value"),
                        "Oakridge's 2024Q2 single-quarter net profit?", "橡岭酒业2024年第二季度单季净利润？",
                        unit="yuan")],
                  "What was Oakridge Distillery's single-quarter net profit attributable to shareholders in the second "
                  "quarter of 2024?",
                  "橡岭酒业2024年第二季度单季归属于母公司股东的净利润是多少？"))
    s.append(Spec(1, [H("date", [call("events", entity="VLTM", event_type="earnings_release")],
                        field_("events[period=2023Q4].date"), "When was the 2023 annual report released?",
                        "2023年年报何时发布？")],
                  "On what date did Voltaris Motors release its 2023 annual report?",
                  "沃塔瑞汽车的2023年年度报告是哪一天发布的？"))
    s.append(Spec(1, [H("number", [call("fund_metric", fund="ZGEF", metric="return", horizon="1Y", as_of="2024-06-28")],
                        field_("value"), "ZGEF 1Y return?", "天顶成长近一年收益率？", unit="%")],
                  "What was the one-year return of Zenith Growth Equity Fund as of 2024-06-28?",
                  "截至2024年6月28日，天顶成长股票基金的近一年收益率是多少？"))
    # ---------------------------------------------------------------- 2 hops
    c, d = compare("turnover_rate", "max", "2024-05-15", "HBSB", "KTBK")
    s.append(Spec(2, [
        H("entity", c, d, "Which bank had the higher turnover rate on 2024-05-15?", "2024-05-15换手率更高的银行？"),
        H("number", [call("price", {"entity": B(1)}, entity=None, date="2024-05-16")], field_("volume"),
          "That bank's volume on 2024-05-16?", "该银行2024-05-16的成交量？", unit="shares")],
        "Of Harborstone Bank and Kestrel Trust Bank, take the one with the higher turnover rate on 2024-05-15. How "
        "many shares of it traded on 2024-05-16?",
        "港石银行和隼信银行中，2024年5月15日换手率较高的那家银行在2024年5月16日的成交量是多少股？"))
    s.append(Spec(2, [
        H("entity", [call("fund_holdings", fund="ZGEF", period="2024Q1")], field_("holdings.0.entity"),
          "ZGEF's largest holding at the end of 2024Q1?", "天顶成长2024年一季度末第一大重仓股？"),
        H("date", [call("lookup_entity", {"query": B(1)}, query=None)], field_("matches.0.listing_date"),
          "When did that company list?", "该公司何时上市？")],
        "Zenith Growth Equity Fund's largest holding at the end of the first quarter of 2024: on what date did that "
        "company list on the exchange?",
        "天顶成长股票基金2024年一季度末的第一大重仓股是在哪一天上市的？"))
    s.append(Spec(2, [
        H("period", [call("macro", indicator="CPI_YOY", period="2024")], best_in("max", "values", "value", "period"),
          "In which month of 2024 was CPI YoY highest?", "2024年CPI同比最高的月份？"),
        H("number", [call("macro", {"period": B(1)}, indicator="PPI_YOY", period=None)], field_("values.0.value"),
          "PPI YoY in that month?", "该月PPI同比？", unit="%")],
        "In the month of 2024 when the consumer price index rose the most year on year, what was the producer price "
        "index's year-on-year change?",
        "2024年居民消费价格指数同比涨幅最高的那个月，工业生产者出厂价格指数同比变化是多少？"))
    s.append(Spec(2, [
        H("date", [call("events", entity="CBTB", event_type="earnings_release")], field_("events[period=2024Q2].date"),
          "When did Cobaltia release its 2024 half-year report?", "钴亚电池2024年半年报发布日？"),
        H("number", [call("price", {"date": B(1)}, entity="CBTB", date=None)], field_("change_pct"),
          "Its change that day?", "当日涨跌幅？", unit="%")],
        "By what percentage did Cobaltia Batteries' share price change on the day it released its 2024 half-year "
        "report?",
        "钴亚电池发布2024年半年度报告当天，其股价涨跌幅是多少？"))
    # ---------------------------------------------------------------- 3 hops
    c, d = compare("volume", "max", "2024-01-10", "ZPHR", "NRVX")
    s.append(Spec(3, [
        H("entity", c, d, "Which traded more shares on 2024-01-10?", "2024-01-10成交量更大的公司？"),
        H("date", [call("report_metric", {"entity": B(1)}, entity=None, metric="revenue", period="2024Q3")],
          field_("report_date"), "When did it release its 2024Q3 report?", "其2024年三季报发布日？"),
        H("number", [call("price", {"date": B(2)}, entity="DSEMII", date=None)], field_("close"),
          "The semiconductor index close that day?", "当日半导体指数收盘点位？", unit="points")],
        "Between Zephyrine Semiconductor and Norvex Devices, take the one with the larger trading volume on "
        "2024-01-10. What was the closing level of the Demo Semiconductors Index on the day that company released "
        "its 2024 third-quarter report?",
        "泽风半导体和诺维器件中，2024年1月10日成交量较大的那家公司发布2024年第三季度报告当天，演示半导体指数的收盘点位是多少？"))
    s.append(Spec(3, [
        H("entity", [call("lookup_entity", query="LMWA")], field_("matches.0.sector_id"),
          "Which sector does Lumenway Auto belong to?", "流明途汽车所属行业？"),
        H("entity", [call("list_sector", {"sector": B(1)}, sector=None)], field_("index"),
          "What is that sector's index?", "该行业的指数？"),
        H("number", [call("price", {"entity": B(2)}, entity=None, date="2024-07-01")], field_("close"),
          "That index's close on 2024-07-01?", "该指数2024-07-01收盘点位？", unit="points")],
        "What was the closing level on 2024-07-01 of the sector index of the sector Lumenway Auto belongs to?",
        "流明途汽车所属行业的行业指数在2024年7月1日的收盘点位是多少？"))
    s.append(Spec(3, [
        H("entity", [call("fund_metric", fund="SLCE", metric="return", horizon="YTD", as_of="2024-09-30"),
                     call("fund_metric", fund="NWTF", metric="return", horizon="YTD", as_of="2024-09-30")],
          best("max", "value", "fund"), "Which fund had the higher YTD return as of 2024-09-30?",
          "截至2024-09-30今年以来收益率更高的基金？"),
        H("entity", [call("fund_holdings", {"fund": B(1)}, fund=None, period="2024Q3")], field_("holdings.0.entity"),
          "Its largest holding at the end of 2024Q3?", "其2024年三季度末第一大重仓股？"),
        H("number", [call("report_metric", {"entity": B(2)}, entity=None, metric="revenue", period="2024Q3",
                          basis="single_quarter")], field_("value"),
          "That company's 2024Q3 single-quarter revenue?", "该公司2024年第三季度单季营业收入？", unit="yuan")],
        "Of Silica Semiconductor ETF and Northwind Tech Innovation Fund, take the fund with the higher year-to-date "
        "return as of 2024-09-30. What was the single-quarter revenue in 2024Q3 of that fund's largest holding at the "
        "end of the third quarter of 2024?",
        "硅途半导体ETF和北风科技创新基金中，截至2024年9月30日今年以来收益率较高的那只基金，其2024年三季度末第一大重仓股"
        "在2024年第三季度的单季营业收入是多少？"))
    s.append(Spec(3, [
        H("period", [call("report_metric", entity="JDFL", metric="revenue", period=f"2023Q{q}",
                          basis="single_quarter") for q in (1, 2, 3, 4)], best("max", "value", "period"),
          "Which quarter of 2023 had Jadeflow's highest single-quarter revenue?", "翠澜饮品2023年单季营收最高的季度？"),
        H("date", [call("report_metric", {"period": B(1)}, entity="JDFL", metric="revenue", period=None)],
          field_("report_date"), "When was that quarter's report released?", "该季度报告发布日？"),
        H("date", [call("trading_day", {"date": B(2)}, date=None, offset=1)], field_("result"),
          "The next trading day?", "下一个交易日？")],
        "Find the quarter of 2023 in which Jadeflow Beverages had its highest single-quarter revenue. What was the "
        "first trading day after the day that quarter's report was released?",
        "翠澜饮品2023年单季营业收入最高的季度，其报告发布日之后的第一个交易日是哪一天？"))
    # ---------------------------------------------------------------- 4 hops
    c, d = compare("close", "min", "2024-04-18", "RDMS", "SVPL")
    s.append(Spec(4, [
        H("entity", c, d, "Which closed lower on 2024-04-18?", "2024-04-18收盘价较低的公司？"),
        H("date", [call("events", {"entity": B(1)}, entity=None, event_type="dividend")],
          field_("events[fiscal_year=2023].date"), "Its ex-dividend date for the 2023 dividend?",
          "其2023年度分红的除息日？"),
        H("date", [call("trading_day", {"date": B(2)}, date=None, offset=5)], field_("result"),
          "Five trading days later?", "5个交易日之后？"),
        H("number", [call("price", {"entity": B(1), "date": B(3)}, entity=None, date=None)], field_("close"),
          "Its close that day?", "当日收盘价？", unit="yuan")],
        "Of Redmere Spirits and Silverpine Liquor, take the one with the lower closing price on 2024-04-18. What was "
        "its closing price five trading days after the ex-dividend date of its 2023 dividend?",
        "红湄酒业和银松酒业中，2024年4月18日收盘价较低的那家公司，在其2023年度分红除息日之后第5个交易日的收盘价是多少？"))
    c4, d4 = compare("change_pct", "max", None, "HBSB", "MDCB", date_hop=3)
    s.append(Spec(4, [
        H("period", [call("macro", indicator="PMI", period="2023")], best_in("min", "values", "value", "period"),
          "Which month of 2023 had the lowest PMI?", "2023年PMI最低的月份？"),
        H("date", [call("macro", {"period": B(1)}, indicator="PMI", period=None)], field_("values.0.release_date"),
          "When was that month's PMI released?", "该月PMI发布日？"),
        H("date", [call("trading_day", {"date": B(2)}, date=None, offset=1)], field_("result"),
          "The next trading day?", "下一个交易日？"),
        H("entity", c4, d4, "Which bank rose more that day?", "当日涨幅更大的银行？")],
        "Take the month of 2023 with the lowest manufacturing PMI. On the first trading day after that month's PMI "
        "was released, which had the larger daily price change: Harborstone Bank or Meridale Commercial Bank?",
        "2023年制造业采购经理指数最低的那个月，其PMI发布日之后的第一个交易日，港石银行和梅里戴尔商业银行哪家的涨跌幅更大？"))
    c4, d4 = compare("change_pct", "max", None, "SMHF", "EGDF", date_hop=3)
    s.append(Spec(4, [
        H("entity", [call("fund_holdings", fund="SMHF", period="2024Q2")], field_("holdings.0.entity"),
          "Summit Healthcare's largest holding at the end of 2024Q2?", "巅峰医疗2024年二季度末第一大重仓股？"),
        H("date", [call("report_metric", {"entity": B(1)}, entity=None, metric="revenue", period="2024Q2")],
          field_("report_date"), "When did that company release its 2024 half-year report?",
          "该公司2024年半年报发布日？"),
        H("date", [call("trading_day", {"date": B(2)}, date=None, offset=1)], field_("result"),
          "The next trading day?", "下一个交易日？"),
        H("entity", c4, d4, "Which fund's NAV rose more that day?", "当日净值涨幅更大的基金？")],
        "Take Summit Healthcare Fund's largest holding at the end of the second quarter of 2024. On the first trading "
        "day after that company released its 2024 half-year report, which fund's NAV changed more: Summit Healthcare "
        "Fund or Evergreen Dividend Fund?",
        "巅峰医疗基金2024年二季度末的第一大重仓股发布2024年半年度报告后的第一个交易日，巅峰医疗基金和常青红利基金哪只基金的"
        "净值涨幅更大？"))
    c3, d3 = compare("volume", "max", None, "HBSB", date_hop=2, entity_hop=1)
    s.append(Spec(4, [
        H("entity", [call("report_metric", entity=e, metric="net_profit", period="2024Q1", basis="single_quarter")
                     for e in ("AGRB", "PLSB", "KTBK")], best("max", "value"),
          "Which bank earned the most in 2024Q1?", "2024年一季度单季净利润最高的银行？"),
        H("date", [call("report_metric", {"entity": B(1)}, entity=None, metric="net_profit", period="2024Q1")],
          field_("report_date"), "When did it release its 2024 Q1 report?", "其2024年一季报发布日？"),
        H("entity", c3, d3, "Which of it and Harborstone Bank traded more shares that day?",
          "当日它与港石银行谁的成交量更大？"),
        H("date", [call("lookup_entity", {"query": B(3)}, query=None)], field_("matches.0.listing_date"),
          "When did that company list?", "该公司何时上市？")],
        "Among Ashgrove Rural Bank, Pellucid Savings Bank and Kestrel Trust Bank, take the bank with the highest "
        "single-quarter net profit in 2024Q1. On the day it released that first-quarter report, compare its trading "
        "volume with Harborstone Bank's: on what date did the one with the larger volume list?",
        "灰林农商银行、澄明储蓄银行和隼信银行中，2024年第一季度单季净利润最高的银行发布该一季报当天，比较它与港石银行的成交量，"
        "成交量较大的那家是哪一天上市的？"))
    # ---------------------------------------------------------------- 5 hops
    c1, d1 = compare("volume", "max", "2024-06-03", "ZPHR", "QLMC", "BVSI")
    c4, d4 = compare("change_pct", "max", None, "DSEMII", "DSOFTI", date_hop=3)
    s.append(Spec(5, [
        H("entity", c1, d1, "Which traded the most shares on 2024-06-03?", "2024-06-03成交量最大的公司？"),
        H("date", [call("report_metric", {"entity": B(1)}, entity=None, metric="revenue", period="2024Q1")],
          field_("report_date"), "When did it release its 2024 Q1 report?", "其2024年一季报发布日？"),
        H("date", [call("trading_day", {"date": B(2)}, date=None, offset=1)], field_("result"),
          "The next trading day?", "下一个交易日？"),
        H("entity", c4, d4, "Which index rose more that day?", "当日涨幅更大的指数？"),
        H("number", [call("price", {"entity": B(4), "date": B(3)}, entity=None, date=None)], field_("close"),
          "That index's close that day?", "该指数当日收盘点位？", unit="points")],
        "Among Zephyrine Semiconductor, Quillon Microchips and Brightvale Silicon, take the one that traded the most "
        "shares on 2024-06-03. On the first trading day after it released its 2024 first-quarter report, which of the "
        "Demo Semiconductors Index and the Demo Software Index rose more, and what was that index's close that day?",
        "泽风半导体、奎隆微芯和明谷硅业中，2024年6月3日成交量最大的公司发布2024年一季报后的第一个交易日，演示半导体指数和"
        "演示软件指数中涨幅较大的那个指数当日收盘点位是多少？"))
    c4, d4 = compare("turnover_rate", "max", None, "VLTM", "LMWA", date_hop=3)
    s.append(Spec(5, [
        H("period", [call("macro", indicator="M2_YOY", period="2023")], best_in("max", "values", "value", "period"),
          "Which month of 2023 had the highest M2 growth?", "2023年M2同比最高的月份？"),
        H("date", [call("macro", {"period": B(1)}, indicator="M2_YOY", period=None)], field_("values.0.release_date"),
          "When was that month's M2 figure released?", "该月M2数据发布日？"),
        H("date", [call("trading_day", {"date": B(2)}, date=None, offset=1)], field_("result"),
          "The first trading day after that day?", "该日之后的第一个交易日？"),
        H("entity", c4, d4, "Which had the higher turnover rate that day?", "当日换手率更高的公司？"),
        H("number", [call("report_metric", {"entity": B(4)}, entity=None, metric="net_profit", period="2024Q2",
                          basis="single_quarter")], field_("value"),
          "That company's 2024Q2 single-quarter net profit?", "该公司2024年第二季度单季净利润？", unit="yuan")],
        "Take the month of 2023 with the fastest year-on-year M2 money supply growth and the first trading day "
        "after its M2 figure was released. Of Voltaris Motors and Lumenway Auto, take "
        "the one with the higher turnover rate on that day: what was its single-quarter net profit in 2024Q2?",
        "2023年广义货币供应量(M2)同比增速最高的那个月，其M2数据发布后的第一个交易日，沃塔瑞汽车和流明途汽车"
        "中换手率较高的那家公司2024年第二季度单季净利润是多少？"))
    s.append(Spec(5, [
        H("entity", [call("fund_metric", fund=f, metric="max_drawdown", horizon="1Y", as_of="2024-12-31")
                     for f in ("ZGEF", "NWTF")], best("min", "value", "fund"),
          "Which fund had the smaller 1Y max drawdown as of 2024-12-31?", "截至2024-12-31近一年最大回撤更小的基金？"),
        H("entity", [call("fund_holdings", {"fund": B(1)}, fund=None, period="2024Q3")], field_("holdings.0.entity"),
          "Its largest holding at the end of 2024Q3?", "其2024年三季度末第一大重仓股？"),
        H("entity", [call("lookup_entity", {"query": B(2)}, query=None)], field_("matches.0.sector_id"),
          "That company's sector?", "该公司所属行业？"),
        H("entity", [call("list_sector", {"sector": B(3)}, sector=None)], field_("index"),
          "That sector's index?", "该行业指数？"),
        H("number", [call("price", {"entity": B(4)}, entity=None, date="2024-11-04")], field_("change_pct"),
          "That index's change on 2024-11-04?", "该指数2024-11-04涨跌幅？", unit="%")],
        "Of Zenith Growth Equity Fund and Northwind Tech Innovation Fund, take the one with the smaller one-year "
        "maximum drawdown as of 2024-12-31. By what percentage did the index of the sector of that fund's largest "
        "holding at the end of 2024Q3 change on 2024-11-04?",
        "天顶成长股票基金和北风科技创新基金中，截至2024年12月31日近一年最大回撤较小的那只基金，其2024年三季度末第一大重仓股"
        "所属行业的行业指数在2024年11月4日的涨跌幅是多少？"))
    c4, d4 = compare("close", "max", None, "NRVX", date_hop=3, entity_hop=1)
    s.append(Spec(5, [
        H("entity", [call("lookup_entity", query="TLMC"), call("lookup_entity", query="GYDS")],
          best("min", "matches.0.listing_date", "matches.0.entity"), "Which listed earlier?", "哪家更早上市？"),
        H("date", [call("events", {"entity": B(1)}, entity=None, event_type="listing")], field_("events.0.date"),
          "Its listing date?", "其上市日期？"),
        H("date", [call("trading_day", {"date": B(2)}, date=None, offset=20)], field_("result"),
          "The 20th trading day after listing?", "上市后第20个交易日？"),
        H("entity", c4, d4, "Which of it and Norvex Devices closed higher that day?",
          "当日它与诺维器件谁的收盘价更高？"),
        H("number", [call("report_metric", {"entity": B(4)}, entity=None, metric="revenue", period="2024Q3",
                          basis="cumulative")], field_("value"),
          "That company's cumulative revenue for the first three quarters of 2024?",
          "该公司2024年前三季度累计营业收入？",
          unit="yuan")],
        "Of Talmora Circuits and Gyrodrive Systems, take the one that listed earlier. On the 20th trading day "
        "after its listing, compare its closing price with Norvex Devices': what was the cumulative revenue "
        "for the first three quarters of 2024 of the one that closed higher?",
        "塔摩电路和陀驰系统中上市较早的那家，在其上市后第20个交易日与诺维器件比较收盘价，收盘价较高的那家公司2024年前三季度累计"
        "营业收入是多少？"))
    # ---------------------------------------------------------------- 6 hops
    c1, d1 = compare("change_pct", "max", "2023-09-12", "VRDP", "CLSB")
    c4, d4 = compare("change_pct", "max", None, "EGDF", "HLBF", date_hop=3)
    s.append(Spec(6, [
        H("entity", c1, d1, "Which rose more on 2023-09-12?", "2023-09-12涨幅更大的公司？"),
        H("date", [call("report_metric", {"entity": B(1)}, entity=None, metric="revenue", period="2023Q3")],
          field_("report_date"), "When did it release its 2023 Q3 report?", "其2023年三季报发布日？"),
        H("date", [call("trading_day", {"date": B(2)}, date=None, offset=3)], field_("result"),
          "Three trading days later?", "3个交易日之后？"),
        H("entity", c4, d4, "Which fund's NAV rose more that day?", "当日净值涨幅更大的基金？"),
        H("entity", [call("fund_holdings", {"fund": B(4)}, fund=None, period="2023Q4")], field_("holdings.0.entity"),
          "That fund's largest holding at the end of 2023?", "该基金2023年末第一大重仓股？"),
        H("number", [call("report_metric", {"entity": B(5)}, entity=None, metric="net_profit", period="2023Q4",
                          basis="cumulative")], field_("value"),
          "That company's 2023 full-year net profit?", "该公司2023年全年净利润？", unit="yuan")],
        "Of Verdanta Pharma and Celestine Biotech, take the one whose shares rose more on 2023-09-12. Three trading "
        "days after it released its 2023 third-quarter report, which of Evergreen Dividend Fund and Harborlight "
        "Balanced Fund had the larger NAV change? What was the full-year 2023 net profit attributable to shareholders "
        "of that fund's largest holding at the end of 2023?",
        "翠丹制药和天青生物中，2023年9月12日涨幅较大的那家公司发布2023年三季报后第3个交易日，常青红利基金和港灯平衡混合基金中"
        "净值涨幅较大的那只基金，其2023年末第一大重仓股2023年全年归属于母公司股东的净利润是多少？"))
    c4, d4 = compare("change_pct", "max", None, "HBSB", "VRDP", date_hop=3)
    s.append(Spec(6, [
        H("period", [call("macro", indicator="GDP_YOY", period="2023")], best_in("max", "values", "value", "period"),
          "Which quarter of 2023 had the highest GDP growth?", "2023年GDP同比增速最高的季度？"),
        H("date", [call("macro", {"period": B(1)}, indicator="GDP_YOY", period=None)], field_("values.0.release_date"),
          "When was that quarter's GDP released?", "该季度GDP发布日？"),
        H("date", [call("trading_day", {"date": B(2)}, date=None, offset=1)], field_("result"),
          "The next trading day?", "下一个交易日？"),
        H("entity", c4, d4, "Which rose more that day?", "当日涨幅更大的公司？"),
        H("entity", [call("lookup_entity", {"query": B(4)}, query=None)], field_("matches.0.sector_id"),
          "Its sector?", "其所属行业？"),
        H("entity", [call("list_sector", {"sector": B(5)}, sector=None)], field_("index"),
          "That sector's index?", "该行业指数？")],
        "Take the quarter of 2023 with the fastest year-on-year GDP growth. On the first trading day after that "
        "quarter's GDP figure was released, which of Harborstone Bank and Verdanta Pharma rose more? Name the index of "
        "that company's sector.",
        "2023年国内生产总值同比增速最高的季度，其GDP数据发布后的第一个交易日，港石银行和翠丹制药中涨幅较大的那家公司所属行业的"
        "行业指数是哪个？"))
    c4, d4 = compare("turnover_rate", "max", None, "CRSF", "NMBD", "QNTC", date_hop=3)
    s.append(Spec(6, [
        H("period", [call("macro", indicator="CPI_YOY", period="2023")], best_in("min", "values", "value", "period"),
          "Which month of 2023 had the lowest CPI YoY?", "2023年CPI同比最低的月份？"),
        H("date", [call("macro", {"period": B(1)}, indicator="CPI_YOY", period=None)], field_("values.0.release_date"),
          "When was that month's CPI released?", "该月CPI发布日？"),
        H("date", [call("trading_day", {"date": B(2)}, date=None, offset=1)], field_("result"),
          "The first trading day after that day?", "该日之后的第一个交易日？"),
        H("entity", c4, d4, "Which had the highest turnover rate that day?", "当日换手率最高的公司？"),
        H("date", [call("report_metric", {"entity": B(4)}, entity=None, metric="revenue", period="2023Q3")],
          field_("report_date"), "When did it release its 2023 Q3 report?", "其2023年三季报发布日？"),
        H("number", [call("price", {"entity": B(4), "date": B(5)}, entity=None, date=None)], field_("close"),
          "Its close that day?", "当日收盘价？", unit="yuan")],
        "Take the month of 2023 with the lowest year-on-year CPI and the first trading day after its CPI was "
        "released. Among Cirrusoft Systems, Nimbrella Data and Quantara Cloud, take the one "
        "with the highest turnover rate on that day: what was its closing price on the day it released its 2023 "
        "third-quarter report?",
        "2023年居民消费价格指数同比最低的那个月，其CPI发布后的第一个交易日，卷云软件、宁伞数据和宽塔云中换手率"
        "最高的那家公司，在其发布2023年三季报当天的收盘价是多少？"))
    c6, d6 = compare("volume", "max", None, "QNTC", date_hop=5, entity_hop=4)
    s.append(Spec(6, [
        H("entity", [call("report_metric", entity=e, metric="gross_margin", period="2023Q4", basis="single_quarter")
                     for e in ("BVSI", "TLMC")], best("max", "value"),
          "Which had the higher 2023Q4 single-quarter gross margin?", "2023年第四季度单季毛利率更高的公司？"),
        H("date", [call("report_metric", {"entity": B(1)}, entity=None, metric="revenue", period="2023Q4")],
          field_("report_date"), "When did it release its 2023 annual report?", "其2023年年报发布日？"),
        H("date", [call("trading_day", {"date": B(2)}, date=None, offset=-2)], field_("result"),
          "Two trading days before?", "2个交易日之前？"),
        H("entity", [call("fund_holdings", {"period": B(3, "quarter_of")}, fund="ZGEF", period=None)],
          field_("holdings.0.entity"), "ZGEF's largest holding at the end of that quarter?",
          "天顶成长该季度末第一大重仓股？"),
        H("date", [call("report_metric", {"entity": B(4)}, entity=None, metric="revenue", period="2024Q3")],
          field_("report_date"), "When did that company release its 2024 Q3 report?", "该公司2024年三季报发布日？"),
        H("entity", c6, d6, "Which of it and Quantara Cloud traded more shares that day?",
          "当日它与宽塔云谁的成交量更大？")],
        "Of Brightvale Silicon and Talmora Circuits, take the one with the higher single-quarter gross margin in "
        "2023Q4, and the trading day two trading days before it released its 2023 annual report. Take Zenith Growth "
        "Equity Fund's largest holding at the end of the quarter containing that day. On the day that company "
        "released its 2024 third-quarter report, which traded more shares: that company or Quantara Cloud?",
        "明谷硅业和塔摩电路中，2023年第四季度单季毛利率较高的那家公司发布2023年年报之前2个交易日所在季度的季末，天顶成长股票基金"
        "的第一大重仓股发布2024年三季报当天，该公司与宽塔云哪家的成交量更大？"))
    return s


CHAIN_SPECS = _specs()


# --------------------------------------------------------------------------- building
def _distractors(hop: Hop, solution_calls: list[dict[str, Any]], value: Any, db: MarketDB) -> list[list[str]]:
    """For a max/min hop over calls: the names of the candidates that were not chosen."""
    if hop.derive is None or hop.derive.op == "field" or hop.derive.field is not None:
        return []
    out = []
    for c in solution_calls:
        key = hop.derive.key or ""
        try:
            other = resolve_path(c.get("result", {}), key)
        except ValueError:
            continue
        if other != value and db.entity(str(other)) is not None:
            out.append(db.names_of(str(other)))
    return out


def _leaks(chain: Chain, question: str) -> list[str]:
    problems = []
    for i, hop in enumerate(chain.intermediate, start=1):
        gold, other = find_gold_mentions(question, hop)
        if not gold:
            continue
        if hop.kind == "entity" and hop.distractors:
            names = {n for d in hop.distractors for n in d}
            if any(n in question for n in names):
                continue  # named as one of a listed set of candidates: not a leak
        problems.append(f"hop {i} answer {hop.answer!r} appears in the question")
    return problems


def build_demo_chains(db: MarketDB | None = None, seed: int = DEMO_SEED) -> list[Chain]:
    """Solve every spec against the demo market and return the EN and ZH chains with their gold answers."""
    db = db or demo_market(seed)
    chains: list[Chain] = []
    counters: dict[int, int] = {}
    for spec in CHAIN_SPECS:
        counters[spec.n] = counters.get(spec.n, 0) + 1
        assert len(spec.hops) == spec.n, f"spec of {spec.n} hops has {len(spec.hops)}"
        for lang in ("en", "zh"):
            tools = MarketTools(db, language=lang)
            hops = [Hop(answer="", question=h.en if lang == "en" else h.zh, kind=h.kind,
                        unit=h.unit, tool_calls=h.calls, derive=h.derive) for h in spec.hops]
            level = "L1" if spec.n <= 2 else "L2" if spec.n <= 4 else "L3"
            cid = f"demo-{level}-{spec.n}hop-{counters[spec.n]:02d}-{lang}"
            draft = Chain(id=cid, question=spec.en if lang == "en" else spec.zh, final_answer="?", hops=hops,
                          language=lang, source="demo (fictional)", market=f"demo:{seed}")
            solutions = solve_chain(draft, tools)
            errors = [s.error for s in solutions if s.error]
            if errors:
                raise ValueError(f"demo chain {cid} does not solve: {errors[0]}")
            filled = []
            for hop, sol in zip(hops, solutions, strict=True):
                h = hop_from_solution(hop, sol.value, db, lang)
                filled.append(h.model_copy(update={"distractors": _distractors(h, sol.calls, sol.value, db)}))
            chain = draft.model_copy(update={"hops": filled, "final_answer": filled[-1].answer})
            chain = Chain.model_validate(chain.model_dump())
            leaks = _leaks(chain, chain.question)
            if leaks:
                raise ValueError(f"demo chain {cid}: {leaks[0]}")
            chains.append(chain)
    return chains


def write_demo_chains(path: str | Path | None = None) -> Path:
    p = Path(path) if path is not None else demo_chains_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    data = [c.model_dump(mode="json", exclude_defaults=True) for c in build_demo_chains()]
    p.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return p


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    print(write_demo_chains(sys.argv[1] if len(sys.argv) > 1 else None))
