"""The bundled demo market: a FICTIONAL market generated deterministically from a seed.

Every company, fund, index, figure and event in it is invented by this module (the database's `meta`
table says so: `fictional = true`; every entity's description ends with "(fictional)"; the exchange is
the "Demo Exchange", code `DEMO`, and indices are named "Demo ... Index"). It exists so that `finprobe run
multihop` works out of the box and chain synthesis has a market to walk; it says nothing about any real
market.

What it holds (seed `DEMO_SEED`, 2023-01-01 to 2024-12-31):
- a trading calendar: weekdays minus fictional exchange holidays (New Year, Spring Festival, Qingming,
  Labour Day, Dragon Boat, National Day weeks), about 480 trading days;
- 6 sectors with 5 stocks each (3 stocks list during the period), a composite index and one index per
  sector; daily OHLC, volume, amount, change and turnover for every stock and index;
- quarterly reports FY2022 to 2024Q3 (revenue, net profit, operating cash flow, EPS, gross margin), each
  as single-quarter and cumulative figures, with their release dates;
- 8 funds with daily NAV, month-end trailing returns / drawdown / volatility, quarterly top-5 holdings;
- 6 macro series (CPI, PPI, PMI, M2, GDP, 1-year loan prime rate) with release dates;
- events (earnings releases, dividends with ex/record/payment dates, listings) and a bilingual text corpus
  (profiles, report and dividend announcements, macro releases) for the search tool.

Generation uses only `random.Random(seed)` and rounding, so the same seed gives the same database on
every platform (`MarketDB.content_hash` is pinned in the tests).
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from finprobe.benchmarks.multihop.market.db import MarketDB
from finprobe.benchmarks.multihop.market.schema import SCHEMA_VERSION

__all__ = ["DEMO_SEED", "DEMO_START", "DEMO_END", "build_demo_market", "demo_market", "write_demo_market"]

DEMO_SEED = 7
DEMO_START = dt.date(2023, 1, 1)
DEMO_END = dt.date(2024, 12, 31)
GENERATOR = "finprobe.benchmarks.multihop.market.demo/1"
EXCHANGE = "DEMO"

# --------------------------------------------------------------------------- the fictional universe
# (sector_id, name_en, name_zh, revenue scale in yuan per quarter, net margin, gross margin)
SECTORS = [
    ("SEMI", "Semiconductors", "半导体", 1.6e9, 0.14, 0.42),
    ("BEV", "Liquor & Beverages", "白酒饮料", 2.2e9, 0.30, 0.70),
    ("NEV", "New Energy Vehicles", "新能源汽车", 5.5e9, 0.05, 0.18),
    ("BANK", "Banking", "银行", 9.0e9, 0.33, 0.60),
    ("PHAR", "Pharmaceuticals", "医药", 1.2e9, 0.12, 0.55),
    ("SOFT", "Software", "软件", 0.8e9, 0.10, 0.62),
]
# (ticker, sector, name_en, name_zh, short_en, short_zh)
STOCKS = [
    ("ZPHR", "SEMI", "Zephyrine Semiconductor", "泽风半导体", "Zephyrine", "泽风"),
    ("QLMC", "SEMI", "Quillon Microchips", "奎隆微芯", "Quillon", "奎隆"),
    ("BVSI", "SEMI", "Brightvale Silicon", "明谷硅业", "Brightvale", "明谷"),
    ("NRVX", "SEMI", "Norvex Devices", "诺维器件", "Norvex", "诺维"),
    ("TLMC", "SEMI", "Talmora Circuits", "塔摩电路", "Talmora", "塔摩"),
    ("OKRD", "BEV", "Oakridge Distillery", "橡岭酒业", "Oakridge", "橡岭"),
    ("RDMS", "BEV", "Redmere Spirits", "红湄酒业", "Redmere", "红湄"),
    ("JDFL", "BEV", "Jadeflow Beverages", "翠澜饮品", "Jadeflow", "翠澜"),
    ("AMBC", "BEV", "Ambercask Brewing", "琥桶酿造", "Ambercask", "琥桶"),
    ("SVPL", "BEV", "Silverpine Liquor", "银松酒业", "Silverpine", "银松"),
    ("VLTM", "NEV", "Voltaris Motors", "沃塔瑞汽车", "Voltaris", "沃塔瑞"),
    ("CBTB", "NEV", "Cobaltia Batteries", "钴亚电池", "Cobaltia", "钴亚"),
    ("LMWA", "NEV", "Lumenway Auto", "流明途汽车", "Lumenway", "流明途"),
    ("FRCE", "NEV", "Ferrocell Energy", "铁芯能源", "Ferrocell", "铁芯"),
    ("GYDS", "NEV", "Gyrodrive Systems", "陀驰系统", "Gyrodrive", "陀驰"),
    ("HBSB", "BANK", "Harborstone Bank", "港石银行", "Harborstone", "港石"),
    ("MDCB", "BANK", "Meridale Commercial Bank", "梅里戴尔商业银行", "Meridale", "梅里戴尔"),
    ("KTBK", "BANK", "Kestrel Trust Bank", "隼信银行", "Kestrel", "隼信"),
    ("AGRB", "BANK", "Ashgrove Rural Bank", "灰林农商银行", "Ashgrove", "灰林"),
    ("PLSB", "BANK", "Pellucid Savings Bank", "澄明储蓄银行", "Pellucid", "澄明"),
    ("VRDP", "PHAR", "Verdanta Pharma", "翠丹制药", "Verdanta", "翠丹"),
    ("CLSB", "PHAR", "Celestine Biotech", "天青生物", "Celestine", "天青"),
    ("HLCM", "PHAR", "Halcyra Medical", "海曦医疗", "Halcyra", "海曦"),
    ("ISTP", "PHAR", "Isotrope Therapeutics", "艾索托医药", "Isotrope", "艾索托"),
    ("TWPH", "PHAR", "Thistlewood Pharma", "蓟木药业", "Thistlewood", "蓟木"),
    ("CRSF", "SOFT", "Cirrusoft Systems", "卷云软件", "Cirrusoft", "卷云"),
    ("NMBD", "SOFT", "Nimbrella Data", "宁伞数据", "Nimbrella", "宁伞"),
    ("QNTC", "SOFT", "Quantara Cloud", "宽塔云", "Quantara", "宽塔"),
    ("LXGD", "SOFT", "Lexigrid Software", "词格软件", "Lexigrid", "词格"),
    ("OBSY", "SOFT", "Orbisync Tech", "环同科技", "Orbisync", "环同"),
]
#: stocks that list during the demo period (first trading day on or after these dates)
NEW_LISTINGS = {"TLMC": "2023-06-12", "GYDS": "2023-11-20", "OBSY": "2024-04-15"}
# (ticker, name_en, name_zh, short_en, short_zh, fund_type, sector exposure or None, inception)
FUNDS = [
    ("ZGEF", "Zenith Growth Equity Fund", "天顶成长股票基金", "Zenith Growth", "天顶成长", "equity", ["SEMI", "SOFT"],
     "2016-03-18"),
    ("HLBF", "Harborlight Balanced Fund", "港灯平衡混合基金", "Harborlight Balanced", "港灯平衡", "mixed",
     ["BANK", "BEV"], "2014-09-02"),
    ("CVBF", "Crestview Bond Fund", "峰景债券基金", "Crestview Bond", "峰景债券", "bond", None, "2012-05-21"),
    ("SLCE", "Silica Semiconductor ETF", "硅途半导体ETF", "Silica ETF", "硅途ETF", "index", ["SEMI"], "2019-08-08"),
    ("EGDF", "Evergreen Dividend Fund", "常青红利基金", "Evergreen Dividend", "常青红利", "equity", ["BANK", "BEV"],
     "2017-01-10"),
    ("NWTF", "Northwind Tech Innovation Fund", "北风科技创新基金", "Northwind Tech", "北风科创", "equity",
     ["SOFT", "SEMI", "NEV"], "2020-06-30"),
    ("BWSB", "Bluewater Short-Term Bond Fund", "蓝水短债基金", "Bluewater Short Bond", "蓝水短债", "bond", None,
     "2018-11-12"),
    ("SMHF", "Summit Healthcare Fund", "巅峰医疗基金", "Summit Healthcare", "巅峰医疗", "equity", ["PHAR"],
     "2015-12-01"),
]
COMPOSITE = ("DCI", "Demo Composite Index", "演示综合指数", "Demo Composite", "演示综指")
SECTOR_INDEX = {s[0]: (f"D{s[0]}I", f"Demo {s[1]} Index", f"演示{s[2]}指数") for s in SECTORS}

# (indicator_id, name_en, name_zh, frequency, unit, start value, mean, persistence, noise, decimals)
MACRO = [
    ("CPI_YOY", "Consumer price index, year on year", "居民消费价格指数同比", "monthly", "%", 0.8, 1.0, 0.8, 0.35, 1),
    ("PPI_YOY", "Producer price index, year on year", "工业生产者出厂价格指数同比", "monthly", "%", -0.7, -1.2, 0.85,
     0.6, 1),
    ("PMI", "Manufacturing purchasing managers' index", "制造业采购经理指数", "monthly", "points", 49.6, 50.0, 0.6,
     0.6, 1),
    ("M2_YOY", "Broad money supply (M2), year on year", "广义货币供应量(M2)同比", "monthly", "%", 11.2, 9.5, 0.85,
     0.4, 1),
    ("GDP_YOY", "Gross domestic product, year on year", "国内生产总值同比", "quarterly", "%", 4.6, 5.0, 0.5, 0.5, 1),
    ("LPR_1Y", "One-year loan prime rate", "一年期贷款市场报价利率", "monthly", "%", 3.65, 3.4, 0.97, 0.04, 2),
]
REPORT_METRICS = [
    ("revenue", "Operating revenue", "营业收入", "yuan", "flow"),
    ("net_profit", "Net profit attributable to shareholders", "归属于母公司股东的净利润", "yuan", "flow"),
    ("operating_cash_flow", "Net cash flow from operating activities", "经营活动产生的现金流量净额", "yuan", "flow"),
    ("eps", "Basic earnings per share", "基本每股收益", "yuan", "per_share"),
    ("gross_margin", "Gross margin", "毛利率", "%", "ratio"),
]
_HOLIDAYS = {
    2023: [("2023-01-02", "New Year holiday", "元旦"), *[(f"2023-01-{d}", "Spring Festival", "春节")
                                                         for d in (23, 24, 25, 26, 27)],
           ("2023-04-05", "Qingming Festival", "清明节"),
           *[(f"2023-05-{d:02d}", "Labour Day", "劳动节") for d in (1, 2, 3)],
           ("2023-06-22", "Dragon Boat Festival", "端午节"), ("2023-06-23", "Dragon Boat Festival", "端午节"),
           ("2023-09-29", "Mid-Autumn Festival", "中秋节"),
           *[(f"2023-10-0{d}", "National Day", "国庆节") for d in (2, 3, 4, 5, 6)]],
    2024: [("2024-01-01", "New Year holiday", "元旦"), *[(f"2024-02-{d:02d}", "Spring Festival", "春节")
                                                         for d in (9, 12, 13, 14, 15, 16)],
           ("2024-04-04", "Qingming Festival", "清明节"), ("2024-04-05", "Qingming Festival", "清明节"),
           *[(f"2024-05-0{d}", "Labour Day", "劳动节") for d in (1, 2, 3)],
           ("2024-06-10", "Dragon Boat Festival", "端午节"), ("2024-09-16", "Mid-Autumn Festival", "中秋节"),
           ("2024-09-17", "Mid-Autumn Festival", "中秋节"),
           *[(f"2024-10-0{d}", "National Day", "国庆节") for d in (1, 2, 3, 4, 7)]],
}
_FUND_TYPE_ZH = {"equity": "股票型", "mixed": "混合型", "bond": "债券型", "index": "指数型"}
_QUARTER_NAME_EN = {1: "first-quarter", 2: "half-year", 3: "third-quarter", 4: "annual"}
_QUARTER_NAME_ZH = {1: "第一季度报告", 2: "半年度报告", 3: "第三季度报告", 4: "年度报告"}


@dataclass
class _Stock:
    ticker: str
    sector: str
    name_en: str
    name_zh: str
    short_en: str
    short_zh: str
    listing: str
    shares: float
    price0: float
    beta: float
    base_volume: float
    revenue_scale: float
    margin: float
    gross: float
    growth: float

    @property
    def entity_id(self) -> str:
        return f"{self.ticker}.{EXCHANGE}"


def _r2(x: float) -> float:
    return float(round(x + 0.0, 2))


def _business_days(rng_start: dt.date, rng_end: dt.date) -> tuple[list[str], list[dict[str, str]]]:
    holidays = {h[0]: h for year in _HOLIDAYS.values() for h in year}
    days, rows = [], []
    d = rng_start
    while d <= rng_end:
        iso = d.isoformat()
        if d.weekday() < 5:
            if iso in holidays:
                rows.append({"date": iso, "name_en": holidays[iso][1], "name_zh": holidays[iso][2]})
            else:
                days.append(iso)
        d += dt.timedelta(days=1)
    return days, rows


class _Builder:
    def __init__(self, seed: int):
        self.seed = seed
        self.rng = random.Random(seed)
        self.days, self.holiday_rows = _business_days(DEMO_START, DEMO_END)
        self.day_set = set(self.days)
        self.rows: dict[str, list[dict[str, Any]]] = {}
        self.event_id = 0
        self.closes: dict[str, dict[str, float]] = {}
        self.returns: dict[str, dict[str, float]] = {}

    def add(self, table: str, **row: Any) -> None:
        self.rows.setdefault(table, []).append(row)

    def next_trading_day(self, iso: str) -> str:
        for d in self.days:
            if d >= iso:
                return d
        return self.days[-1]

    def event(self, **row: Any) -> None:
        self.event_id += 1
        if isinstance(row.get("details"), dict):
            row["details"] = json.dumps(row["details"], ensure_ascii=False, sort_keys=True)
        self.add("events", event_id=self.event_id, **row)

    # ------------------------------------------------------------------ universe
    def universe(self) -> list[_Stock]:
        rng = self.rng
        sector_info = {s[0]: s for s in SECTORS}
        stocks = []
        for ticker, sector, name_en, name_zh, short_en, short_zh in STOCKS:
            _, _, _, scale, margin, gross = sector_info[sector]
            if ticker in NEW_LISTINGS:
                listing = self.next_trading_day(NEW_LISTINGS[ticker])
            else:
                listing = (dt.date(2005, 1, 4) + dt.timedelta(days=rng.randrange(0, 17 * 365))).isoformat()
                while dt.date.fromisoformat(listing).weekday() >= 5:
                    listing = (dt.date.fromisoformat(listing) + dt.timedelta(days=1)).isoformat()
            revenue_scale = scale * rng.uniform(0.4, 1.8)
            net_margin = margin * rng.uniform(0.6, 1.4)
            price0 = _r2(rng.uniform(6.0, 180.0))
            # Shares follow from a price/earnings ratio of 10-40, so per-share figures look like a real market's.
            shares = round(revenue_scale * 4 * net_margin * rng.uniform(10, 40) / price0 / 1e6, 1) * 1e6
            stocks.append(_Stock(
                ticker=ticker, sector=sector, name_en=name_en, name_zh=name_zh, short_en=short_en,
                short_zh=short_zh, listing=listing, shares=shares, price0=price0, beta=rng.uniform(0.7, 1.4),
                base_volume=shares * rng.uniform(0.002, 0.012), revenue_scale=revenue_scale, margin=net_margin,
                gross=min(0.9, gross * rng.uniform(0.85, 1.15)), growth=rng.uniform(-0.04, 0.06)))
        return stocks

    def write_universe(self, stocks: list[_Stock]) -> None:
        for sid, name_en, name_zh, *_ in SECTORS:
            idx_ticker, idx_en, idx_zh = SECTOR_INDEX[sid]
            self.add("sectors", sector_id=sid, name_en=name_en, name_zh=name_zh, index_id=f"{idx_ticker}.{EXCHANGE}")
        for s in stocks:
            sector_en = next(x[1] for x in SECTORS if x[0] == s.sector)
            sector_zh = next(x[2] for x in SECTORS if x[0] == s.sector)
            self.add("entities", entity_id=s.entity_id, ticker=s.ticker, kind="stock", name_en=s.name_en,
                     name_zh=s.name_zh, sector_id=s.sector, exchange=EXCHANGE, currency="CNY",
                     listing_date=s.listing, shares_outstanding=s.shares, fund_type=None,
                     description_en=f"{s.name_en} is a {sector_en.lower()} company listed on the Demo Exchange "
                                    f"(fictional).",
                     description_zh=f"{s.name_zh}是一家在演示交易所上市的{sector_zh}公司（虚构）。")
            for alias, lang in ((s.ticker, None), (s.entity_id, None), (s.name_en, "en"), (s.name_zh, "zh"),
                                (s.short_en, "en"), (s.short_zh, "zh")):
                self.add("aliases", alias=alias, entity_id=s.entity_id, language=lang)
        indices: list[tuple[str, str, str, str | None, str | None, str | None]] = [
            (COMPOSITE[0], COMPOSITE[1], COMPOSITE[2], None, COMPOSITE[3], COMPOSITE[4])]
        indices += [(t, en, zh, sid, None, None) for sid, (t, en, zh) in SECTOR_INDEX.items()]
        for ticker, en, zh, index_sector, idx_short_en, idx_short_zh in indices:
            eid = f"{ticker}.{EXCHANGE}"
            self.add("entities", entity_id=eid, ticker=ticker, kind="index", name_en=en, name_zh=zh,
                     sector_id=index_sector,
                     exchange=EXCHANGE, currency="CNY", listing_date="2010-01-04", shares_outstanding=None,
                     fund_type=None, description_en=f"{en}: an index of the Demo Exchange (fictional).",
                     description_zh=f"{zh}：演示交易所的指数（虚构）。")
            names: list[tuple[str | None, str | None]] = [(ticker, None), (eid, None), (en, "en"), (zh, "zh"),
                                                          (idx_short_en, "en"), (idx_short_zh, "zh")]
            for index_alias, lang in names:
                if index_alias:
                    self.add("aliases", alias=index_alias, entity_id=eid, language=lang)
        for ticker, en, zh, short_en, short_zh, ftype, _, inception in FUNDS:
            eid = f"{ticker}.{EXCHANGE}"
            self.add("entities", entity_id=eid, ticker=ticker, kind="fund", name_en=en, name_zh=zh, sector_id=None,
                     exchange=EXCHANGE, currency="CNY", listing_date=inception, shares_outstanding=None,
                     fund_type=ftype, description_en=f"{en}: a {ftype} fund (fictional).",
                     description_zh=f"{zh}：一只{_FUND_TYPE_ZH[ftype]}基金（虚构）。")
            for alias, lang in ((ticker, None), (eid, None), (en, "en"), (zh, "zh"), (short_en, "en"),
                                (short_zh, "zh")):
                self.add("aliases", alias=alias, entity_id=eid, language=lang)

    # ------------------------------------------------------------------ prices
    def prices(self, stocks: list[_Stock]) -> None:
        rng = self.rng
        sector_ret: dict[str, dict[str, float]] = {s[0]: {} for s in SECTORS}
        market: dict[str, float] = {}
        for d in self.days:
            market[d] = rng.gauss(0.0003, 0.010)
            for sid in sector_ret:
                sector_ret[sid][d] = rng.gauss(0.0, 0.007)
        for s in stocks:
            closes: dict[str, float] = {}
            rets: dict[str, float] = {}
            prev = s.price0
            first = True
            for d in self.days:
                if d < s.listing:
                    continue
                r = s.beta * market[d] + sector_ret[s.sector][d] + rng.gauss(0.0, 0.014)
                limit = 0.44 if first else 0.10  # first-day and daily price limits of the (fictional) exchange
                if first:
                    r = abs(r) * 8 + 0.05
                r = max(-limit, min(limit, r))
                close = max(0.5, _r2(prev * math.exp(r)))
                open_ = max(0.5, _r2(prev * (1 + rng.gauss(0.0, 0.006))))
                high = _r2(max(open_, close) * (1 + abs(rng.gauss(0.0, 0.006))))
                low = max(0.01, _r2(min(open_, close) * (1 - abs(rng.gauss(0.0, 0.006)))))
                volume = int(s.base_volume * math.exp(rng.gauss(0.0, 0.35)) * (1 + 8 * abs(r)) / 100) * 100
                if first:
                    volume *= 3
                amount = round(volume * (open_ + high + low + close) / 4)
                change = _r2((close / prev - 1) * 100)
                self.add("daily_bars", entity_id=s.entity_id, date=d, open=open_, high=high, low=low, close=close,
                         volume=float(volume), amount=float(amount), change_pct=change,
                         turnover_rate=round(volume / s.shares * 100, 4))
                rets[d] = close / prev - 1
                closes[d] = close
                prev = close
                first = False
            self.closes[s.entity_id] = closes
            self.returns[s.entity_id] = rets

    def indices(self, stocks: list[_Stock]) -> None:
        groups: list[tuple[str, list[_Stock], float]] = [(f"{COMPOSITE[0]}.{EXCHANGE}", stocks, 3000.0)]
        for sid, (ticker, _, _) in SECTOR_INDEX.items():
            groups.append((f"{ticker}.{EXCHANGE}", [s for s in stocks if s.sector == sid], 1000.0))
        volumes: dict[tuple[str, str], tuple[float, float]] = {}
        for row in self.rows["daily_bars"]:
            volumes[(row["entity_id"], row["date"])] = (row["volume"], row["amount"])
        for eid, members, base in groups:
            level = base * self.rng.uniform(0.8, 1.3)
            closes: dict[str, float] = {}
            rets: dict[str, float] = {}
            for d in self.days:
                live = [s for s in members if d in self.returns[s.entity_id] and d != s.listing]
                r = sum(self.returns[s.entity_id][d] for s in live) / len(live) if live else 0.0
                prev = level
                level = level * (1 + r)
                close = _r2(level)
                open_ = _r2(prev * (1 + self.rng.gauss(0.0, 0.002)))
                high = _r2(max(open_, close) * (1 + abs(self.rng.gauss(0.0, 0.003))))
                low = _r2(min(open_, close) * (1 - abs(self.rng.gauss(0.0, 0.003))))
                vol = sum(volumes.get((s.entity_id, d), (0.0, 0.0))[0] for s in members)
                amt = sum(volumes.get((s.entity_id, d), (0.0, 0.0))[1] for s in members)
                self.add("daily_bars", entity_id=eid, date=d, open=open_, high=high, low=low, close=close,
                         volume=vol, amount=amt, change_pct=_r2((close / _r2(prev) - 1) * 100), turnover_rate=None)
                closes[d], rets[d] = close, r
            self.closes[eid], self.returns[eid] = closes, rets

    # ------------------------------------------------------------------ funds
    def funds(self) -> None:
        rng = self.rng
        sector_idx = {sid: f"{t}.{EXCHANGE}" for sid, (t, _, _) in SECTOR_INDEX.items()}
        stocks_by_sector: dict[str, list[str]] = {}
        for ticker, sector, *_ in STOCKS:
            stocks_by_sector.setdefault(sector, []).append(f"{ticker}.{EXCHANGE}")
        names = {f"{t}.{EXCHANGE}": (en, zh) for t, _, en, zh, _, _ in STOCKS}
        listing = {f"{t}.{EXCHANGE}": self.next_trading_day(NEW_LISTINGS[t]) if t in NEW_LISTINGS else "2000-01-01"
                   for t, *_ in STOCKS}
        for ticker, _, _, _, _, ftype, exposure, _ in FUNDS:
            eid = f"{ticker}.{EXCHANGE}"
            nav = round(rng.uniform(0.9, 3.5), 4)
            alpha = rng.gauss(0.0001, 0.0002)
            navs: dict[str, float] = {}
            for d in self.days:
                if exposure:
                    r = sum(self.returns[sector_idx[s]][d] for s in exposure) / len(exposure)
                    r = (0.95 if ftype == "index" else 0.85) * r + alpha + rng.gauss(0.0, 0.002)
                    if ftype == "mixed":
                        r = 0.5 * r + 0.5 * rng.gauss(0.00012, 0.0008)
                else:
                    r = rng.gauss(0.00015 if ticker == "CVBF" else 0.0001, 0.0007 if ticker == "CVBF" else 0.0002)
                prev_nav = navs[self.days[self.days.index(d) - 1]] if navs else None
                nav = round(nav * (1 + r), 4)
                navs[d] = nav
                change = None if prev_nav is None else _r2((nav / prev_nav - 1) * 100)
                self.add("daily_bars", entity_id=eid, date=d, open=None, high=None, low=None, close=nav, volume=None,
                         amount=None, change_pct=change, turnover_rate=None)
            self.closes[eid] = navs
            self._fund_metrics(eid, navs)
            if exposure:
                for year in (2023, 2024):
                    for q in (1, 2, 3, 4):
                        period = f"{year}Q{q}"
                        qend = f"{year}-{3 * q:02d}-{[31, 30, 30, 31][q - 1]}"
                        pool = [e for s in exposure for e in stocks_by_sector[s] if listing[e] <= qend]
                        picks = rng.sample(pool, min(5, len(pool)))
                        draws = {round(rng.uniform(2.0, 9.8), 2) for _ in range(12)}
                        weights = sorted(draws, reverse=True)[:len(picks)]
                        for rank, (holding, w) in enumerate(zip(picks, weights, strict=True), start=1):
                            self.add("fund_holdings", entity_id=eid, period=period, rank=rank, holding_id=holding,
                                     holding_name=names[holding][0], weight_pct=w)

    def _fund_metrics(self, eid: str, navs: dict[str, float]) -> None:
        days = list(navs)
        month_ends = [d for i, d in enumerate(days) if i + 1 == len(days) or days[i + 1][:7] != d[:7]]
        for as_of in month_ends:
            y, m = int(as_of[:4]), int(as_of[5:7])
            for horizon in ("1M", "3M", "6M", "1Y", "YTD"):
                if horizon == "YTD":
                    start_cut = f"{y - 1}-12-31"
                else:
                    months = {"1M": 1, "3M": 3, "6M": 6, "1Y": 12}[horizon]
                    sm, sy = m - months, y
                    while sm <= 0:
                        sm, sy = sm + 12, sy - 1
                    start_cut = f"{sy:04d}-{sm:02d}-31"
                before = [d for d in days if d <= start_cut]
                if not before:
                    continue  # the horizon starts before the series: no figure, rather than a wrong one
                start = before[-1]
                window = [navs[d] for d in days if start <= d <= as_of]
                ret = _r2((navs[as_of] / navs[start] - 1) * 100)
                peak, mdd = window[0], 0.0
                for v in window:
                    peak = max(peak, v)
                    mdd = max(mdd, (peak - v) / peak)
                daily = [window[i] / window[i - 1] - 1 for i in range(1, len(window))]
                mean = sum(daily) / len(daily) if daily else 0.0
                vol = math.sqrt(sum((x - mean) ** 2 for x in daily) / max(len(daily) - 1, 1)) * math.sqrt(252)
                figures = (("return", ret), ("max_drawdown", _r2(mdd * 100)), ("volatility", _r2(vol * 100)))
                for metric, value in figures:
                    self.add("fund_metrics", entity_id=eid, as_of=as_of, horizon=horizon, metric=metric, value=value,
                             unit="%")

    # ------------------------------------------------------------------ reports, events
    def reports(self, stocks: list[_Stock]) -> None:
        rng = self.rng
        for s in stocks:
            prev_np = None
            for year in (2022, 2023, 2024):
                cum = {"revenue": 0.0, "net_profit": 0.0, "operating_cash_flow": 0.0, "gross": 0.0}
                for q in (1, 2, 3, 4):
                    if year == 2024 and q == 4:
                        break  # the 2024 annual report comes out after the demo period
                    season = {1: 0.9, 2: 1.0, 3: 1.0, 4: 1.15}[q]
                    growth = (1 + s.growth) ** ((year - 2022) * 4 + q)
                    revenue = round(s.revenue_scale * season * growth * rng.uniform(0.85, 1.15))
                    margin = s.margin * rng.uniform(0.5, 1.5) - (0.12 if rng.random() < 0.05 else 0.0)
                    net = round(revenue * margin)
                    ocf = round(net * rng.uniform(0.3, 1.9))
                    gross = revenue * min(0.95, s.gross * rng.uniform(0.9, 1.1))
                    flows = (("revenue", revenue), ("net_profit", net), ("operating_cash_flow", ocf), ("gross", gross))
                    for k, v in flows:
                        cum[k] += v
                    report_date = self._report_date(year, q, rng)
                    single = {"revenue": revenue, "net_profit": net, "operating_cash_flow": ocf,
                              "eps": round(net / s.shares, 2), "gross_margin": _r2(gross / revenue * 100)}
                    cumulative = {"revenue": cum["revenue"], "net_profit": cum["net_profit"],
                                  "operating_cash_flow": cum["operating_cash_flow"],
                                  "eps": round(cum["net_profit"] / s.shares, 2),
                                  "gross_margin": _r2(cum["gross"] / cum["revenue"] * 100)}
                    for basis, values in (("single_quarter", single), ("cumulative", cumulative)):
                        for metric, value in values.items():
                            unit = "%" if metric == "gross_margin" else "yuan"
                            self.add("report_metrics", entity_id=s.entity_id, fiscal_year=year, quarter=q, basis=basis,
                                     metric=metric, value=float(value), unit=unit, report_date=report_date)
                    if report_date >= s.listing and DEMO_START.isoformat() <= report_date:
                        self.event(entity_id=s.entity_id, event_type="earnings_release", date=report_date,
                                   fiscal_year=year, quarter=q, amount=None,
                                   details={"report": _QUARTER_NAME_EN[q]},
                                   title_en=f"{s.name_en} releases its {year} {_QUARTER_NAME_EN[q]} report",
                                   title_zh=f"{s.name_zh}发布{year}年{_QUARTER_NAME_ZH[q]}")
                        self._report_documents(s, year, q, report_date, single, cumulative)
                    if q == 4:
                        prev_np = cum["net_profit"]
                        self._dividend(s, year, report_date, prev_np)

    def _report_date(self, year: int, q: int, rng: random.Random) -> str:
        if q == 4:
            lo, hi = dt.date(year + 1, 3, 15), dt.date(year + 1, 4, 28)
        else:
            lo, hi = {1: (dt.date(year, 4, 15), dt.date(year, 4, 29)), 2: (dt.date(year, 8, 10), dt.date(year, 8, 30)),
                      3: (dt.date(year, 10, 15), dt.date(year, 10, 30))}[q]
        while True:
            d = lo + dt.timedelta(days=rng.randrange(0, (hi - lo).days + 1))
            iso = d.isoformat()
            if d.year < 2023:
                if d.weekday() < 5:
                    return iso
                continue
            if iso in self.day_set:
                return iso

    def _dividend(self, s: _Stock, year: int, report_date: str, net_profit: float) -> None:
        if net_profit <= 0 or report_date < DEMO_START.isoformat() or report_date < s.listing:
            return
        rng = self.rng
        cash = round(net_profit / s.shares * rng.uniform(0.2, 0.5), 3)
        if cash <= 0:
            return
        i = self.days.index(report_date) + rng.randrange(28, 50)
        if i >= len(self.days):
            return
        ex_date = self.days[i]
        record_date = self.days[i - 1]
        self.event(entity_id=s.entity_id, event_type="dividend", date=ex_date, fiscal_year=year, quarter=4,
                   amount=cash, details={"record_date": record_date, "payment_date": ex_date,
                                         "cash_per_share": cash, "per_10_shares": round(cash * 10, 2)},
                   title_en=f"{s.name_en} pays a {year} cash dividend of {cash:.3f} yuan per share",
                   title_zh=f"{s.name_zh}{year}年度权益分派：每股派现{cash:.3f}元")
        for lang, text in (
            ("en", f"{s.name_en} ({s.ticker}) announced its {year} profit distribution: a cash dividend of "
                   f"{cash:.3f} yuan per share ({cash * 10:.2f} yuan per 10 shares). Record date {record_date}; "
                   f"ex-dividend and payment date {ex_date}. (Fictional demo announcement.)"),
            ("zh", f"{s.name_zh}（{s.ticker}）公布{year}年度权益分派方案：每10股派发现金红利{cash * 10:.2f}元（每股"
                   f"{cash:.3f}元）。股权登记日{record_date}，除息日及派息日{ex_date}。（虚构演示公告）"),
        ):
            self.add("documents", doc_id=f"div-{s.ticker}-{year}-{lang}", entity_id=s.entity_id, date=report_date,
                     language=lang, title=None, text=text)

    def _report_documents(self, s: _Stock, year: int, q: int, date: str, single: dict[str, float],
                          cum: dict[str, float]) -> None:
        en = (f"{s.name_en} ({s.ticker}) published its {year} {_QUARTER_NAME_EN[q]} report on {date}. "
              f"Single-quarter Q{q} revenue was {single['revenue']:,.0f} yuan and net profit attributable to "
              f"shareholders {single['net_profit']:,.0f} yuan; year-to-date revenue reached {cum['revenue']:,.0f} "
              f"yuan. (Fictional demo announcement.)")
        zh = (f"{s.name_zh}（{s.ticker}）于{date}发布{year}年{_QUARTER_NAME_ZH[q]}。第{q}季度单季营业收入"
              f"{single['revenue']:,.0f}元，归属于母公司股东的净利润{single['net_profit']:,.0f}元；年初至报告期末营业收入"
              f"{cum['revenue']:,.0f}元。（虚构演示公告）")
        for lang, text in (("en", en), ("zh", zh)):
            self.add("documents", doc_id=f"rep-{s.ticker}-{year}Q{q}-{lang}", entity_id=s.entity_id, date=date,
                     language=lang, title=None, text=text)

    def listings_and_profiles(self, stocks: list[_Stock]) -> None:
        sector = {x[0]: x for x in SECTORS}
        for s in stocks:
            self.event(entity_id=s.entity_id, event_type="listing", date=s.listing, fiscal_year=None, quarter=None,
                       amount=None, details={"exchange": EXCHANGE},
                       title_en=f"{s.name_en} lists on the Demo Exchange", title_zh=f"{s.name_zh}在演示交易所上市")
            for lang, text in (
                ("en", f"{s.name_en} ({s.short_en}; ticker {s.ticker}, code {s.entity_id}) is a fictional "
                       f"{sector[s.sector][1].lower()} company. It listed on the Demo Exchange on {s.listing} and has "
                       f"{s.shares / 1e9:.2f} billion shares outstanding."),
                ("zh", f"{s.name_zh}（简称{s.short_zh}，代码{s.ticker}）是一家虚构的{sector[s.sector][2]}企业，"
                       f"于{s.listing}在演示交易所上市，总股本{s.shares / 1e8:.2f}亿股。"),
            ):
                self.add("documents", doc_id=f"profile-{s.ticker}-{lang}", entity_id=s.entity_id, date=s.listing,
                         language=lang, title=None, text=text)

    # ------------------------------------------------------------------ macro
    def macro(self) -> None:
        rng = self.rng
        for ind, en, zh, freq, unit, start, mean, rho, noise, decimals in MACRO:
            self.add("macro_indicators", indicator_id=ind, name_en=en, name_zh=zh, frequency=freq, unit=unit,
                     description=f"{en} of the fictional Demo Republic (demo data).")
            value = start
            periods = ([f"{y}-{m:02d}" for y in (2022, 2023, 2024) for m in range(1, 13)][11:] if freq == "monthly"
                       else [f"{y}Q{q}" for y in (2022, 2023, 2024) for q in (1, 2, 3, 4)][3:])
            seen_by_year: dict[str, set[float]] = {}
            for period in periods:
                seen = seen_by_year.setdefault(period[:4], set())
                while True:
                    value = mean + rho * (value - mean) + rng.gauss(0.0, noise)
                    v = round(value, decimals)
                    if ind == "LPR_1Y" or v not in seen:
                        break  # no two equal values in a year: "the month with the highest ..." stays unique
                seen.add(v)
                release = self._macro_release(ind, period, rng)
                self.add("macro_values", indicator_id=ind, period=period, value=v, release_date=release)
                label_en = (period if freq == "quarterly"
                            else dt.date(int(period[:4]), int(period[5:]), 1).strftime("%B %Y"))
                label_zh = (f"{period[:4]}年第{period[-1]}季度" if freq == "quarterly"
                            else f"{int(period[:4])}年{int(period[5:])}月")
                shown = f"{v:.{decimals}f}{'%' if unit == '%' else ''}"
                for lang, text in (
                    ("en", f"Demo Statistics Bureau (fictional) release of {release}: {en.lower()} for {label_en} was "
                           f"{shown}{'' if unit == '%' else ' ' + unit}."),
                    ("zh", f"演示统计局（虚构）{release}发布：{label_zh}{zh}为{shown}{'' if unit == '%' else '点'}。"),
                ):
                    self.add("documents", doc_id=f"macro-{ind}-{period}-{lang}", entity_id=None, date=release,
                             language=lang, title=None, text=text)

    @staticmethod
    def _macro_release(ind: str, period: str, rng: random.Random) -> str:
        if "Q" in period:
            y, q = int(period[:4]), int(period[-1])
            end = dt.date(y + (q == 4), 1 if q == 4 else 3 * q + 1, 1)
            d = end + dt.timedelta(days=rng.randrange(14, 19))
        else:
            y, m = int(period[:4]), int(period[5:])
            nxt = dt.date(y + (m == 12), 1 if m == 12 else m + 1, 1)
            if ind == "PMI":
                d = nxt - dt.timedelta(days=1)
            elif ind == "LPR_1Y":
                d = dt.date(y, m, 20)
            else:
                d = nxt + dt.timedelta(days=rng.randrange(8, 14))
        while d.weekday() >= 5:
            d += dt.timedelta(days=1)
        return d.isoformat()

    # ------------------------------------------------------------------ all
    def build(self, path: str | Path) -> MarketDB:
        stocks = self.universe()
        self.write_universe(stocks)
        for d in self.days:
            self.add("trading_days", date=d)
        for h in self.holiday_rows:
            self.add("holidays", **h)
        self.prices(stocks)
        self.indices(stocks)
        self.funds()
        self.reports(stocks)
        self.listings_and_profiles(stocks)
        self.macro()
        for metric, en, zh, unit, kind in REPORT_METRICS:
            self.add("metric_definitions", metric=metric, name_en=en, name_zh=zh, unit=unit, kind=kind)
        meta = {"name": "finprobe demo market (FICTIONAL)",
                "description": "A fictional market generated by finprobe: every company, fund, index, figure and "
                               "event is invented. Not real market data.",
                "fictional": "true", "generator": GENERATOR, "seed": str(self.seed), "schema_version": SCHEMA_VERSION,
                "currency": "CNY", "start": self.days[0], "end": self.days[-1]}
        for key, value in meta.items():
            self.add("meta", key=key, value=value)
        db = MarketDB.create(path)
        for table, rows in self.rows.items():
            db.insert(table, rows)
        return db


def build_demo_market(seed: int = DEMO_SEED, path: str | Path = ":memory:") -> MarketDB:
    """Generate the fictional demo market (a new database at `path`, in memory by default)."""
    return _Builder(seed).build(path)


@functools.lru_cache(maxsize=4)
def demo_market(seed: int = DEMO_SEED) -> MarketDB:
    """The demo market for `seed`, generated once per process and shared (use it read-only)."""
    return build_demo_market(seed)


def write_demo_market(path: str | Path, seed: int = DEMO_SEED) -> Path:
    """Write the demo market to a SQLite file (e.g. for `finprobe build multihop --db FILE`)."""
    demo_market(seed).save(path)
    return Path(path)
