"""Authoring source of `final_answers.jsonl`: realistic final answers to demo-chain questions, hand-labelled.

Each item is (kind, answer text, label). Labels were assigned by hand from the definition, not by running
the matcher: correct when a careful human reading the answer would say it commits to the reference answer —
the same entity (any name, short name, ticker or code, English or Chinese), the same calendar date or
period (any format; a date without a year counts, the question fixes the year), or the same figure
(DESIGN §2: within 1% and equal at the coarser stated precision, any unit or scale word; a sign given by
words such as "fell 2.88%" counts) — and does not also commit to a different answer. Intermediate values
quoted as context, "higher than X", "after X" are not commitments. The references come from the bundled
demo chains (fictional market). Regenerate the JSONL with

    .venv/bin/python bench/data/multihop/author_final_answers.py
"""

from __future__ import annotations

import json
from pathlib import Path

from finprobe.benchmarks.multihop import demo_chains_path, load_chains

T, F = True, False
# reference key -> items; a key is "<chain id>" (its final hop) or "<chain id>#<hop number>" (that hop as an answer)
ITEMS: dict[str, list[tuple[str, str, bool]]] = {
    # ------------------------------------------------------------------ entities (EN)
    "demo-L1-1hop-01-en": [
        ("exact", "Quillon Microchips", T),
        ("alias", "QLMC", T),
        ("alias", "Quillon", T),
        ("alias", "奎隆微芯", T),
        ("buried", "Quillon Microchips closed at 42.11 yuan on 2024-03-05, well above Zephyrine Semiconductor's "
                   "21.76 yuan.", T),
        ("buried", "Zephyrine Semiconductor (21.76) vs Quillon Microchips (42.11): the higher close belongs to "
                   "Quillon Microchips.", T),
        ("near_miss", "Zephyrine Semiconductor", F),
        ("negation", "Not Quillon Microchips — Zephyrine Semiconductor closed higher that day.", F),
        ("hedge", "Either Quillon Microchips or Zephyrine Semiconductor; I could not confirm which closed higher.", F),
        ("no_answer", "I was unable to retrieve the closing prices for 2024-03-05.", F),
        ("alias", "**QLMC.DEMO** (Quillon Microchips) had the higher close.", T),
    ],
    "demo-L2-4hop-02-en": [
        ("exact", "Meridale Commercial Bank", T),
        ("alias", "MDCB", T),
        ("alias", "Meridale", T),
        ("buried", "On 2023-02-01, Meridale Commercial Bank gained 0.57% while Harborstone Bank slipped 0.11%, so "
                   "Meridale had the larger daily change.", T),
        ("near_miss", "Harborstone Bank", F),
        ("negation", "Harborstone Bank, not Meridale Commercial Bank.", F),
        ("context", "Meridale Commercial Bank rose more than Harborstone Bank on that day.", T),
        ("hedge", "Harborstone Bank and Meridale Commercial Bank moved by similar amounts; either could be the answer.",
         F),
        ("alias", "梅里戴尔商业银行", T),
    ],
    "demo-L2-4hop-03-en": [
        ("exact", "Evergreen Dividend Fund", T),
        ("alias", "EGDF", T),
        ("alias", "Evergreen Dividend", T),
        ("buried", "Both NAVs fell on 2024-08-30: Summit Healthcare Fund by 1.70% and Evergreen Dividend Fund by "
                   "1.23%. The larger change (the smaller decline) was Evergreen Dividend Fund's.", T),
        ("near_miss", "Summit Healthcare Fund", F),
        ("context", "Evergreen Dividend Fund outperformed Summit Healthcare Fund that day.", T),
        ("no_answer", "The NAV data for that date are not available in the tools I have.", F),
        ("alias", "常青红利基金", T),
    ],
    "demo-L3-6hop-02-en": [
        ("exact", "Demo Pharmaceuticals Index", T),
        ("alias", "DPHARI", T),
        ("alias", "DPHARI.DEMO", T),
        ("buried", "GDP growth peaked in 2023Q2 (released 2023-07-17). On 2023-07-18 Verdanta Pharma rose 0.65% "
                   "while Harborstone Bank fell 1.65%. Verdanta is a pharmaceuticals company, so the index is the "
                   "Demo Pharmaceuticals Index.", T),
        ("near_miss", "Demo Banking Index", F),
        ("near_miss", "Pharmaceuticals", F),
        ("alias", "演示医药指数", T),
        ("wrong", "Demo Composite Index", F),
    ],
    "demo-L3-6hop-04-en": [
        ("exact", "Quantara Cloud", T),
        ("alias", "QNTC", T),
        ("buried", "Orbisync Tech (ZGEF's top holding at the end of 2024Q2) released its Q3 report on 2024-10-29; "
                   "that day Quantara Cloud traded 1,500,600 shares against Orbisync's 423,500, so Quantara Cloud "
                   "traded more.", T),
        ("near_miss", "Orbisync Tech", F),
        ("context", "Quantara Cloud, with roughly 3.5 times Orbisync Tech's volume.", T),
        ("hedge", "Orbisync Tech or Quantara Cloud, depending on whether block trades are included.", F),
        ("alias", "宽塔云", T),
        ("negation", "It was not Quantara Cloud; Orbisync Tech traded more shares.", F),
    ],
    # ------------------------------------------------------------------ numbers (EN)
    "demo-L1-1hop-02-en": [
        ("exact", "819,230,815 yuan", T),
        ("unit_scale", "About 819.23 million yuan", T),
        ("unit_scale", "RMB 0.82 billion", T),
        ("unit_scale", "8.19亿元", T),
        ("rounding_ok", "819 million yuan", T),
        ("rounding_bad", "Roughly 0.8 billion yuan", F),
        ("near_miss", "829,230,815 yuan", F),
        ("buried", "Oakridge Distillery's net profit attributable to shareholders for 2024Q2 alone was 819.2 million "
                   "yuan, up from 712.4 million yuan in the first quarter.", T),
        ("wrong", "The cumulative first-half net profit was 1,531,600,000 yuan.", F),
        ("no_answer", "Oakridge Distillery has not disclosed a single-quarter figure.", F),
    ],
    "demo-L1-2hop-01-en": [
        ("exact", "32,232,800 shares", T),
        ("unit_scale", "32.23 million shares", T),
        ("unit_scale", "about 32.2 million shares", T),
        ("unit_scale", "3223.28万股", T),
        ("rounding_ok", "approximately 32 million shares", T),  # 0.7% off, equal at 1M precision
        ("near_miss", "29,052,100 shares", F),
        ("buried", "Harborstone Bank had the higher turnover rate on 2024-05-15 (1.01% vs 0.20%). On 2024-05-16 its "
                   "volume was 32,232,800 shares.", T),
        ("wrong", "322,328 lots", F),
        ("no_answer", "Volume data for 2024-05-16 could not be found.", F),
    ],
    "demo-L1-1hop-04-en": [
        ("exact", "13.57%", T),
        ("rounding_ok", "about 13.6%", T),
        ("exact", "13.57 percent", T),
        ("near_miss", "13.75%", F),
        ("context", "The 1-year return was 13.57%, compared with 9.80% over six months.", T),
        ("buried", "As of 2024-06-28 (the latest month-end figure), Zenith Growth Equity Fund returned 13.57% over one "
                   "year.", T),
        ("rounding_bad", "14%", F),
        ("wrong", "The fund's maximum drawdown over the year was 11.02%.", F),
    ],
    "demo-L1-2hop-03-en": [
        ("exact", "-1.0%", T),
        ("exact", "-1%", T),
        ("sign_words", "PPI fell 1.0% year on year in February 2024.", T),
        ("sign_words", "down 1 percent", T),
        ("exact", "−1.0%", T),
        ("near_miss", "-1.2%", F),
        ("sign", "+1.0%", F),
        ("buried", "CPI growth peaked in February 2024 at 1.4%; that month PPI was -1.0% year on year.", T),
        ("wrong", "1.4%", F),
    ],
    "demo-L1-2hop-04-en": [
        ("exact", "-2.88%", T),
        ("sign_words", "It fell 2.88%.", T),
        ("rounding_ok", "down about 2.9%", T),
        ("rounding_bad", "-3%", F),
        ("sign", "2.88%", F),
        ("sign_words", "The stock declined by 2.88 percent on 2024-08-16, the day of the half-year report.", T),
        ("near_miss", "-2.38%", F),
        ("no_answer", "There was no trading in Cobaltia Batteries that day.", F),
    ],
    "demo-L2-3hop-01-en": [
        ("exact", "1,745.99 points", T),
        ("exact", "1745.99", T),
        ("rounding_ok", "about 1,746 points", T),
        ("rounding_bad", "around 1,750", F),
        ("near_miss", "1,754.99 points", F),
        ("buried", "Zephyrine Semiconductor traded 26.2 million shares on 2024-01-10 against Norvex's 3.6 million. "
                   "Zephyrine released its 2024 Q3 report on 2024-10-18, when the Demo Semiconductors Index closed at "
                   "1,745.99.", T),
        ("alias", "1745.99点", T),
    ],
    "demo-L2-3hop-02-en": [
        ("exact", "1,981.35 points", T),
        ("exact", "The Demo New Energy Vehicles Index closed at 1981.35 on 2024-07-01.", T),
        ("near_miss", "1,918.35 points", F),
        ("rounding_ok", "1,981.4 points", T),
        ("wrong", "3,122.47 points (Demo Composite Index)", F),
        ("no_answer", "The sector index level is not reported by the tools.", F),
    ],
    "demo-L2-3hop-03-en": [
        ("exact", "2,588,350,736 yuan", T),
        ("unit_scale", "2.59 billion yuan", T),
        ("unit_scale", "25.88亿元", T),
        ("unit_scale", "about 2,588.35 million yuan", T),
        ("rounding_ok", "about 2.6 billion yuan", T),  # DESIGN §2: within 1%, equal at 0.1B
        ("wrong", "6,952,447,102 yuan (cumulative Q1-Q3)", F),
        ("buried", "SLCE beat NWTF year-to-date (28.77% vs 25.31%); its largest 2024Q3 holding was Norvex Devices, "
                   "whose single-quarter Q3 revenue was 2,588,350,736 yuan.", T),
    ],
    "demo-L2-4hop-01-en": [
        ("exact", "86.27 yuan", T),
        ("unit_scale", "¥86.27", T),
        ("rounding_ok", "86.3 yuan", T),
        ("near_miss", "83.50 yuan", F),
        ("buried", "Redmere Spirits (83.50 vs Silverpine's 114.04 on 2024-04-18) went ex-dividend on 2024-05-27; "
                   "five trading days later, on 2024-06-03, it closed at 86.27 yuan.", T),
        ("rounding_ok", "86 yuan", T),  # 0.3% off, equal at 1-yuan precision
        ("hedge", "86.27 yuan or 85.90 yuan, depending on the adjustment for the dividend.", F),
    ],
    "demo-L3-5hop-01-en": [
        ("exact", "1,265.35 points", T),
        ("exact", "1265.35", T),
        ("near_miss", "1,256.35 points", F),
        ("buried", "On 2024-04-25 the Demo Software Index rose 2.95% (vs 1.99% for semiconductors) and closed at "
                   "1,265.35.", T),
        ("wrong", "2.95%", F),
        ("alias", "1265.35点", T),
    ],
    "demo-L3-5hop-02-en": [
        ("exact", "156,358,409 yuan", T),
        ("unit_scale", "156.36 million yuan", T),
        ("unit_scale", "1.56亿元", T),
        ("rounding_bad", "about 160 million yuan", F),
        ("near_miss", "128,591,952 yuan", F),
        ("buried", "M2 growth peaked in January 2023 (released 2023-02-13); on 2023-02-14 Voltaris Motors had the "
                   "higher turnover (2.05% vs 1.23%), and its 2024Q2 single-quarter net profit was 156.4 million yuan.",
         T),
        ("no_answer", "cannot determine", F),
    ],
    "demo-L3-5hop-03-en": [
        ("exact", "1.46%", T),
        ("sign_words", "It rose 1.46%.", T),
        ("exact", "+1.46%", T),
        ("rounding_bad", "1.5%", F),
        ("near_miss", "1.64%", F),
        ("buried", "NWTF had the smaller drawdown (9.12% vs 10.69%); its top holding Lexigrid Software is in Software; "
                   "the Demo Software Index changed by +1.46% on 2024-11-04.", T),
        ("sign", "-1.46%", F),
    ],
    "demo-L3-5hop-04-en": [
        ("exact", "4,550,048,144 yuan", T),
        ("unit_scale", "4.55 billion yuan", T),
        ("unit_scale", "45.5亿元", T),
        ("near_miss", "4.05 billion yuan", F),
        ("wrong", "1,520,114,207 yuan (Q3 alone)", F),
        ("buried", "Talmora Circuits listed first (2023-06-12). On 2023-07-12 it closed at 128.37 vs Norvex's 37.60, "
                   "and its cumulative revenue for the first three quarters of 2024 was 4,550,048,144 yuan.", T),
    ],
    "demo-L3-6hop-01-en": [
        ("exact", "3,939,660,539 yuan", T),
        ("unit_scale", "3.94 billion yuan", T),
        ("unit_scale", "39.4亿元", T),
        ("rounding_ok", "3,940 million yuan", T),
        ("near_miss", "3,393,660,539 yuan", F),
        ("buried", "Evergreen Dividend Fund's top holding at end-2023 was Silverpine Liquor, which earned 3.94 billion "
                   "yuan in 2023.", T),
        ("wrong", "1,102,517,226 yuan (Q4 2023 only)", F),
    ],
    "demo-L3-6hop-03-en": [
        ("exact", "143.28 yuan", T),
        ("exact", "143.28", T),
        ("unit_scale", "RMB 143.28", T),
        ("near_miss", "141.86 yuan", F),
        ("buried", "Cirrusoft Systems had the highest turnover on 2023-05-10 (1.10%). It released its Q3 report on "
                   "2023-10-30 and closed at 143.28 yuan that day.", T),
        ("hedge", "143.28 yuan (close) or 145.02 yuan (high)", F),
    ],
    # ------------------------------------------------------------------ dates (EN)
    "demo-L1-1hop-03-en": [
        ("exact", "2024-03-15", T),
        ("date_format", "March 15, 2024", T),
        ("date_format", "15 March 2024", T),
        ("date_format", "2024/3/15", T),
        ("date_format", "Friday, March 15th, 2024", T),
        ("date_format", "3/15/2024", T),
        ("near_miss", "March 14, 2024", F),
        ("near_miss", "2024-03-16", F),
        ("context", "The 2023 annual report was published on 2024-03-15, after the Q3 report of 2023-10-26.", T),
        ("wrong", "2023-10-26", F),
        ("yearless", "March 15", T),
    ],
    "demo-L1-2hop-02-en": [
        ("exact", "2009-05-18", T),
        ("date_format", "May 18, 2009", T),
        ("date_format", "18 May 2009", T),
        ("date_format", "20090518", T),
        ("near_miss", "2009-05-19", F),
        ("buried", "ZGEF's largest holding at the end of 2024Q1 was Quantara Cloud (QNTC), which listed on the Demo "
                   "Exchange on 18 May 2009.", T),
        ("wrong", "2016-03-18 (the fund's inception)", F),
        ("near_miss", "2008-05-18", F),
    ],
    "demo-L2-3hop-04-en": [
        ("exact", "2024-04-11", T),
        ("date_format", "April 11, 2024", T),
        ("context", "The first trading day after 2024-04-10 was 2024-04-11.", T),
        ("near_miss", "2024-04-10", F),
        ("near_miss", "2024-04-12", F),
        ("buried", "Jadeflow's revenue peaked in 2023Q4 (2.90 billion yuan); the annual report came out on 2024-04-10, "
                   "so the next trading day was Thursday, April 11, 2024.", T),
        ("hedge", "2024-04-11 or 2024-04-12", F),
    ],
    "demo-L2-4hop-04-en": [
        ("exact", "2007-04-23", T),
        ("date_format", "April 23, 2007", T),
        ("date_format", "23.04.2007", T),
        ("near_miss", "2007-04-24", F),
        ("buried", "Ashgrove Rural Bank released its Q1 report on 2024-04-26; that day Harborstone Bank traded 29.1 "
                   "million shares vs 6.9 million, and Harborstone listed on 2007-04-23.", T),
        ("wrong", "2024-04-26", F),
        ("no_answer", "The listing date is not available.", F),
    ],
    # ------------------------------------------------------------------ intermediate hops as answers (EN)
    "demo-L1-2hop-03-en#1": [
        ("exact", "2024-02", T),
        ("period_format", "February 2024", T),
        ("period_format", "Feb 2024", T),
        ("period_format", "2024年2月", T),
        ("near_miss", "January 2024", F),
        ("near_miss", "March 2024", F),
        ("buried", "CPI year-on-year growth was highest in February 2024, at 1.4%.", T),
    ],
    "demo-L2-3hop-04-en#1": [
        ("exact", "2023Q4", T),
        ("period_format", "Q4 2023", T),
        ("period_format", "the fourth quarter of 2023", T),
        ("period_format", "4Q23", T),
        ("period_format", "2023年第四季度", T),
        ("near_miss", "2023Q2", F),
        ("near_miss", "Q4 2022", F),
        ("context", "Q4 2023, when revenue reached 2.90 billion yuan versus 2.51 billion in Q2.", T),
    ],
    "demo-L3-6hop-02-en#1": [
        ("exact", "2023Q2", T),
        ("period_format", "the second quarter of 2023", T),
        ("period_format", "Q2'23", T),
        ("near_miss", "2023Q3", F),
        ("yearless", "Q2", T),
    ],
    "demo-L2-3hop-02-en#1": [
        ("exact", "New Energy Vehicles", T),
        ("alias", "NEV", T),
        ("alias", "新能源汽车", T),
        ("near_miss", "Semiconductors", F),
        ("buried", "Lumenway Auto (LMWA) is classified under New Energy Vehicles.", T),
    ],
    "demo-L2-3hop-01-en#1": [
        ("exact", "Zephyrine Semiconductor", T),
        ("alias", "ZPHR", T),
        ("near_miss", "Norvex Devices", F),
        ("context", "Zephyrine Semiconductor, with a much larger volume than Norvex Devices.", T),
    ],
    "demo-L2-4hop-01-en#2": [
        ("exact", "2024-05-27", T),
        ("date_format", "May 27, 2024", T),
        ("near_miss", "2024-05-24", F),
        ("context", "The ex-dividend date was 2024-05-27, a day after the record date of 2024-05-24.", T),
    ],
    # ------------------------------------------------------------------ Chinese
    "demo-L1-1hop-01-zh": [
        ("exact", "奎隆微芯", T),
        ("alias", "奎隆", T),
        ("alias", "QLMC", T),
        ("context", "奎隆微芯的收盘价更高，为42.11元，高于泽风半导体的21.76元。", T),
        ("near_miss", "泽风半导体", F),
        ("negation", "不是奎隆微芯，而是泽风半导体。", F),
        ("hedge", "泽风半导体或奎隆微芯，数据不足以判断。", F),
        ("alias", "Quillon Microchips", T),
    ],
    "demo-L2-4hop-02-zh": [
        ("exact", "梅里戴尔商业银行", T),
        ("alias", "梅里戴尔", T),
        ("context", "梅里戴尔商业银行当日上涨0.57%，港石银行下跌0.11%，前者涨跌幅更大。", T),
        ("near_miss", "港石银行", F),
        ("context", "与港石银行相比，梅里戴尔商业银行涨幅更大。", T),
    ],
    "demo-L2-4hop-03-zh": [
        ("exact", "常青红利基金", T),
        ("alias", "常青红利", T),
        ("near_miss", "巅峰医疗基金", F),
        ("buried", "2024年8月30日两只基金净值均下跌：巅峰医疗基金下跌1.70%，常青红利基金下跌1.23%，"
                   "因此常青红利基金的涨幅更大。", T),
        ("no_answer", "无法确定。", F),
    ],
    "demo-L3-6hop-02-zh": [
        ("exact", "演示医药指数", T),
        ("alias", "DPHARI", T),
        ("near_miss", "演示银行指数", F),
        ("buried", "2023年第二季度GDP同比增速最高，7月17日发布；"
                   "7月18日翠丹制药上涨0.65%，港石银行下跌1.65%；翠丹制药属于医药行业，"
                   "对应指数为演示医药指数。", T),
        ("alias", "Demo Pharmaceuticals Index", T),
    ],
    "demo-L3-6hop-04-zh": [
        ("exact", "宽塔云", T),
        ("alias", "宽塔", T),
        ("near_miss", "环同科技", F),
        ("context", "宽塔云，成交量1,500,600股，高于环同科技的423,500股。", T),
        ("hedge", "环同科技和宽塔云成交量接近，难以区分。", F),
    ],
    "demo-L1-1hop-02-zh": [
        ("exact", "819,230,815元", T),
        ("unit_scale", "8.19亿元", T),
        ("unit_scale", "约8.192亿元", T),
        ("unit_scale", "81923.08万元", T),
        ("rounding_bad", "约8亿元", F),
        ("near_miss", "7.12亿元", F),
        ("buried", "橡岭酒业2024年第二季度单季归母净利润为8.19亿元，较一季度的7.12亿元有所增长。", T),
    ],
    "demo-L1-2hop-01-zh": [
        ("exact", "32,232,800股", T),
        ("unit_scale", "3223.28万股", T),
        ("unit_scale", "约3223万股", T),
        ("near_miss", "2905.21万股", F),
        ("buried", "5月15日港石银行换手率1.01%高于隼信银行的0.20%，5月16日港石银行成交量为3,223.28万股。", T),
    ],
    "demo-L1-1hop-04-zh": [
        ("exact", "13.57%", T),
        ("rounding_ok", "约13.6%", T),
        ("near_miss", "13.75%", F),
        ("buried", "截至2024年6月28日，天顶成长股票基金近一年收益率为13.57%。", T),
    ],
    "demo-L1-2hop-03-zh": [
        ("exact", "-1.0%", T),
        ("sign_words", "同比下降1.0%", T),
        ("sign_words", "PPI同比下跌1%", T),
        ("sign", "同比上涨1.0%", F),
        ("near_miss", "-0.8%", F),
    ],
    "demo-L1-2hop-04-zh": [
        ("exact", "-2.88%", T),
        ("sign_words", "下跌2.88%", T),
        ("sign_words", "跌幅为2.88%", T),
        ("sign", "上涨2.88%", F),
        ("rounding_ok", "约-2.9%", T),
        ("buried", "钴亚电池于2024年8月16日发布半年报，当日股价下跌2.88%。", T),
    ],
    "demo-L2-3hop-01-zh": [
        ("exact", "1,745.99点", T),
        ("exact", "1745.99", T),
        ("near_miss", "1,754.99点", F),
        ("buried", "泽风半导体1月10日成交量更大，其三季报于2024年10月18日发布，当日演示半导体指数收于1745.99点。", T),
    ],
    "demo-L2-3hop-02-zh": [
        ("exact", "1,981.35点", T),
        ("rounding_ok", "约1981.4点", T),
        ("near_miss", "1,918.35点", F),
    ],
    "demo-L2-3hop-03-zh": [
        ("exact", "2,588,350,736元", T),
        ("unit_scale", "25.88亿元", T),
        ("unit_scale", "约25.9亿元", T),
        ("rounding_ok", "约26亿元", T),
        ("wrong", "69.52亿元（前三季度累计）", F),
    ],
    "demo-L2-4hop-01-zh": [
        ("exact", "86.27元", T),
        ("unit_scale", "¥86.27", T),
        ("near_miss", "83.50元", F),
        ("buried", "红湄酒业4月18日收盘价83.50元低于银松酒业；"
                   "其2023年度分红除息日为5月27日，之后第5个交易日（6月3日）收盘价为86.27元。", T),
    ],
    "demo-L3-5hop-01-zh": [
        ("exact", "1,265.35点", T),
        ("near_miss", "1,256.35点", F),
        ("buried", "4月25日演示软件指数上涨2.95%，收于1265.35点。", T),
    ],
    "demo-L3-5hop-02-zh": [
        ("exact", "156,358,409元", T),
        ("unit_scale", "1.56亿元", T),
        ("unit_scale", "15635.84万元", T),
        ("near_miss", "1.29亿元", F),
        ("no_answer", "资料不足，无法回答。", F),
    ],
    "demo-L3-5hop-03-zh": [
        ("exact", "1.46%", T),
        ("sign_words", "上涨1.46%", T),
        ("sign", "下跌1.46%", F),
        ("near_miss", "1.64%", F),
    ],
    "demo-L3-5hop-04-zh": [
        ("exact", "4,550,048,144元", T),
        ("unit_scale", "45.50亿元", T),
        ("near_miss", "15.20亿元", F),
        ("buried", "塔摩电路较早上市，上市后第20个交易日收盘价128.37元高于诺维器件的37.60元；"
                   "其2024年前三季度累计营业收入为45.5亿元。", T),
    ],
    "demo-L3-6hop-01-zh": [
        ("exact", "3,939,660,539元", T),
        ("unit_scale", "39.40亿元", T),
        ("near_miss", "33.94亿元", F),
        ("wrong", "11.03亿元（第四季度单季）", F),
    ],
    "demo-L3-6hop-03-zh": [
        ("exact", "143.28元", T),
        ("exact", "143.28", T),
        ("near_miss", "141.86元", F),
        ("buried", "卷云软件5月10日换手率最高（1.10%），其2023年三季报于10月30日发布，当日收盘价为143.28元。", T),
    ],
    "demo-L1-1hop-03-zh": [
        ("exact", "2024年3月15日", T),
        ("date_format", "2024-03-15", T),
        ("date_format", "2024/03/15", T),
        ("yearless", "3月15日", T),
        ("near_miss", "2024年3月14日", F),
        ("context", "沃塔瑞汽车于2024年3月15日发布2023年年度报告，晚于2023年10月26日发布的三季报。", T),
    ],
    "demo-L1-2hop-02-zh": [
        ("exact", "2009年5月18日", T),
        ("date_format", "2009-05-18", T),
        ("near_miss", "2009年5月19日", F),
        ("buried", "天顶成长2024年一季度末第一大重仓股为宽塔云，该公司于2009年5月18日上市。", T),
    ],
    "demo-L2-3hop-04-zh": [
        ("exact", "2024年4月11日", T),
        ("date_format", "2024.4.11", T),
        ("context", "2024年4月10日之后的第一个交易日是2024年4月11日。", T),
        ("near_miss", "2024年4月10日", F),
        ("yearless", "4月11日（周四）", T),
    ],
    "demo-L2-4hop-04-zh": [
        ("exact", "2007年4月23日", T),
        ("date_format", "2007-04-23", T),
        ("near_miss", "2007年4月24日", F),
        ("wrong", "2024年4月26日", F),
    ],
    "demo-L1-2hop-03-zh#1": [
        ("exact", "2024年2月", T),
        ("period_format", "2024-02", T),
        ("period_format", "2024年二月", T),
        ("near_miss", "2024年3月", F),
    ],
    "demo-L2-3hop-04-zh#1": [
        ("exact", "2023年第四季度", T),
        ("period_format", "2023年四季度", T),
        ("period_format", "2023Q4", T),
        ("near_miss", "2023年第二季度", F),
        ("yearless", "四季度", T),
    ],
    "demo-L2-3hop-02-zh#1": [
        ("exact", "新能源汽车", T),
        ("alias", "New Energy Vehicles", T),
        ("near_miss", "半导体", F),
    ],
}


# Held out: written after the matcher was tuned on ITEMS, and never used to change it (the bench reports
# these separately). Same definition, new phrasings.
HELDOUT: dict[str, list[tuple[str, str, bool]]] = {
    "demo-L1-1hop-01-en": [
        ("markdown", "**Answer:** Quillon Microchips (QLMC)", T),
        ("markdown", "The company with the higher closing price was **Quillon Microchips**.", T),
        ("table", "| Company | Close |\n|---|---|\n| Zephyrine | 21.76 |\n| Quillon | 42.11 |\n\nQuillon Microchips is "
                  "higher.", T),
        ("buried", "Quillon Microchips (closing price ¥42.11 > ¥21.76)", T),
        ("near_miss", "ZPHR", F),
        ("alias", "Quillon Microchips Co., Ltd.", T),
    ],
    "demo-L2-4hop-02-en": [
        ("alias", "Meridale Commercial Bank (MDCB.DEMO) — its shares rose 0.57%.", T),
        ("context", "MDCB outperformed HBSB.", T),
        ("context", "HBSB underperformed MDCB that day.", T),
        ("near_miss", "Harborstone Bank (HBSB)", F),
        ("markdown", "**Meridale Commercial Bank**", T),
    ],
    "demo-L2-4hop-03-en": [
        ("buried", "Evergreen Dividend Fund had the smaller loss (-1.23% vs -1.70%).", T),
        ("near_miss", "Summit Healthcare Fund (SMHF)", F),
        ("alias", "EGDF.DEMO", T),
    ],
    "demo-L3-6hop-04-en": [
        ("markdown", "### Answer\nQuantara Cloud (QNTC) traded more shares.", T),
        ("near_miss", "Orbisync Tech traded more.", F),
        ("alias", "Quantara", T),
    ],
    "demo-L1-1hop-02-en": [
        ("unit_scale", "819.23百万元", T),
        ("exact", "RMB819,230,815", T),
        ("exact", "819230815", T),
        ("unit_scale", "8.2亿", T),
        ("unit_scale", "0.819 billion", T),
        ("buried", "819,230,815 yuan (about 0.82 billion)", T),
        ("unit_scale", "Net profit: ¥819.2M", T),
        ("near_miss", "¥812.9M", F),
        ("wrong", "Net profit for the first half of 2024 was ¥1.53 billion.", F),
    ],
    "demo-L1-2hop-01-en": [
        ("unit_scale", "322,328 lots (32,232,800 shares)", T),
        ("exact", "Volume: 32,232,800", T),
        ("near_miss", "32,323,800 shares", F),
        ("unit_scale", "32.2m shares", T),
    ],
    "demo-L1-2hop-03-en": [
        ("exact", "-1.0 percent", T),
        ("sign_words", "negative 1.0%", T),
        ("exact", "(1.0)%", T),
        ("sign_words", "a 1.0% year-on-year decline", T),
        ("exact", "PPI: -1.0% YoY (Feb 2024)", T),
        ("near_miss", "-0.1%", F),
    ],
    "demo-L1-2hop-04-en": [
        ("exact", "−2.88 %", T),
        ("sign_words", "Cobaltia dropped 2.88% that day.", T),
        ("sign", "Cobaltia rose 2.88% that day.", F),
    ],
    "demo-L2-3hop-01-en": [
        ("exact", "1745.99 pts", T),
        ("exact", "1,745.99 (index points)", T),
        ("context", "closing level: 1,745.99, up 0.8% on the day", T),
        ("near_miss", "1,745.09 points", F),
    ],
    "demo-L2-4hop-01-en": [
        ("exact", "CNY 86.27", T),
        ("context", "It closed at 86.27 yuan, up from 85.10 yuan the day before.", T),
        ("near_miss", "It closed at 85.10 yuan.", F),
    ],
    "demo-L3-5hop-02-en": [
        ("unit_scale", "RMB 156.4 mn", T),
        ("near_miss", "RMB 165.4 mn", F),
    ],
    "demo-L1-1hop-03-en": [
        ("date_format", "on the 15th of March 2024", T),
        ("date_format", "Mar 15, 2024", T),
        ("date_format", "2024-3-15", T),
        ("date_format", "15/03/2024", T),
        ("yearless", "Friday 15 March", T),
        ("near_miss", "2024-03-18 (the next trading day)", F),
        ("near_miss", "March 2024", F),
    ],
    "demo-L2-3hop-04-en": [
        ("date_format", "Thu, 11 Apr 2024", T),
        ("context", "2024-04-11 — one trading day after the report (2024-04-10).", T),
        ("near_miss", "April 10, 2024", F),
    ],
    "demo-L1-2hop-02-en": [
        ("date_format", "It listed on 18 May 2009.", T),
        ("near_miss", "It listed in May 2009.", F),
    ],
    "demo-L1-2hop-03-en#1": [
        ("period_format", "Feb. 2024", T),
        ("period_format", "2024年2月份", T),
        ("near_miss", "December 2024", F),
    ],
    "demo-L2-3hop-04-en#1": [
        ("yearless", "Q4", T),
        ("period_format", "fourth quarter", T),
        ("period_format", "FY2023 Q4", T),
        ("period_format", "2023年第4季度", T),
        ("near_miss", "Q3 2023", F),
    ],
    "demo-L2-3hop-02-en#1": [
        ("alias", "the New Energy Vehicles sector", T),
        ("near_miss", "Software", F),
    ],
    "demo-L1-1hop-01-zh": [
        ("markdown", "**答案：奎隆微芯**", T),
        ("alias", "奎隆微芯（QLMC）", T),
        ("buried", "泽风半导体收盘21.76元，奎隆微芯收盘42.11元，奎隆微芯更高。", T),
        ("near_miss", "泽风半导体（ZPHR）", F),
    ],
    "demo-L2-4hop-02-zh": [
        ("exact", "答案：梅里戴尔商业银行", T),
        ("alias", "是梅里戴尔", T),
        ("conclusion", "港石银行下跌，因此答案是梅里戴尔商业银行", T),
        ("near_miss", "港石银行", F),
        ("no_answer", "两者涨跌幅分别为0.57%和-0.11%。", F),
    ],
    "demo-L2-4hop-03-zh": [
        ("alias", "常青红利（EGDF）", T),
        ("negation", "不是常青红利基金，是巅峰医疗基金。", F),
    ],
    "demo-L1-1hop-02-zh": [
        ("unit_scale", "8.19亿", T),
        ("exact", "819,230,815元人民币", T),
        ("unit_scale", "约8.2亿元", T),
        ("near_miss", "8.29亿元", F),
        ("context", "净利润为8.19亿元，环比增长15%。", T),
    ],
    "demo-L1-2hop-01-zh": [
        ("unit_scale", "3223.28万股（32.23万手）", T),
        ("unit_scale", "成交量约0.32亿股", T),
        ("near_miss", "3323.28万股", F),
    ],
    "demo-L1-2hop-04-zh": [
        ("sign_words", "当日股价下跌了2.88%", T),
        ("exact", "涨跌幅：-2.88%", T),
        ("sign", "涨幅2.88%", F),
    ],
    "demo-L1-1hop-03-zh": [
        ("date_format", "2024年3月15日发布", T),
        ("yearless", "3月15号", T),
        ("date_format", "2024/3/15", T),
        ("near_miss", "2024年3月16日", F),
        ("date_format", "2024年03月15日", T),
    ],
    "demo-L2-3hop-04-zh": [
        ("context", "年报发布日为2024年4月10日，其后第一个交易日为2024年4月11日。", T),
        ("near_miss", "2024年4月12日", F),
    ],
    "demo-L2-3hop-02-zh#1": [
        ("alias", "新能源汽车行业", T),
        ("alias", "新能源车", T),
        ("near_miss", "汽车零部件", F),
    ],
    "demo-L2-3hop-04-zh#1": [
        ("period_format", "2023年Q4", T),
        ("near_miss", "2023年三季度", F),
    ],
    "demo-L3-6hop-02-zh": [
        ("alias", "演示医药指数（DPHARI）", T),
        ("near_miss", "演示综合指数", F),
    ],
    "demo-L3-5hop-03-zh": [
        ("sign_words", "涨1.46%", T),
        ("exact", "+1.46%", T),
    ],
    "demo-L3-6hop-03-zh": [
        ("unit_scale", "￥143.28", T),
        ("near_miss", "143.82元", F),
    ],
}


def build(items: dict[str, list[tuple[str, str, bool]]] | None = None) -> list[dict]:
    chains = {c.id: c for c in load_chains(demo_chains_path())}
    out = []
    for key, entries in (ITEMS if items is None else items).items():
        cid, _, hop_no = key.partition("#")
        chain = chains[cid]
        hop = chain.final_hop() if not hop_no else chain.hops[int(hop_no) - 1]
        ref = {"answer": hop.answer, "kind": hop.kind, "value": hop.value, "unit": hop.unit, "aliases": hop.aliases,
               "distractors": hop.distractors}
        for i, (kind, answer, label) in enumerate(entries, start=1):
            out.append({"id": f"{key}/{i}", "kind": kind, "language": chain.language, "question": chain.question,
                        "reference": ref, "answer": answer, "label": label})
    return out


if __name__ == "__main__":
    for name, items in (("final_answers.jsonl", ITEMS), ("final_answers_heldout.jsonl", HELDOUT)):
        path = Path(__file__).with_name(name)
        rows = build(items)
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        print(f"{len(rows)} items -> {path}")
