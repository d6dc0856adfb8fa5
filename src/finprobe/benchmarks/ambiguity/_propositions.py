"""What a text says about a financial reading, as propositions the deterministic user simulator can judge.

A question such as "Do you want fiscal 2023 GAAP net income attributable to shareholders?" bundles several
propositions: a year (2023), a period type (annual), a metric family (net income), a basis (GAAP) and an
attribution (the parent's shareholders). `read_facts` extracts them from any text (a question, an
interpretation field, the context C) in English or Chinese:

- **facets**: named dimensions with exclusive values (attribution parent|nci, scope consolidated|segment|
  parent_only|continuing|all_ops, recurring excl|incl, gaap gaap|adjusted, dilution basic|diluted, timing
  pit|over_time|combined, gross_net gross|net, organic organic|reported, vintage original|revised,
  change yoy|qoq, calendar fiscal|calendar);
- **period**: stated years (comparison years and the years of a filing named as a source set apart), the
  period type (annual, q1..q4, quarter, ytd, ttm, h1, h2, point) and whether it is "the most recent";
- **metric families** (revenue, operating income, net income, EPS, EBITDA, total assets, gross profit, and
  the figures that share a word with them: operating/gross/net margin, ARR, operating and free cash flow,
  net assets, average total assets, ROE, ROA), whether a growth rate of the metric is asked, and whether
  the whole of it is ("total company revenue", 全部营业收入);
- what a question sets aside: years after a contrast cue ("rather than the 2023 annual figure", 而不是),
  "not the latest one", "the prior fiscal year", an annualized figure;
- segment names and tickers;
- where the period starts and ends and when the fiscal year starts (`_calendar`).

Words that look like one proposition but state another are read as what they state: 一次性确认 / "recognised all
at once" is recognition timing (a point in time), not a non-recurring item; "as reported in the original 10-K"
names a version of the figures, not the GAAP basis; 最新披露的口径 / "the latest version" is the vintage, not the
most recent period; "gross sales before returns" is another metric, not the gross basis of revenue.

Polarity is clause-scoped: a term inside the scope of an exclusion cue ("excluding", "net of", "rather than",
"be excluded", 剔除, 不含, 不计入 ...) is *excluded*, which flips a two-valued facet ("excluding minority
interests" is the parent's share) and drops a many-valued one; a term after an inclusion cue ("including",
含, 包括, "be included", 算进去) is marked included (it matters for items such as one-off gains).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from finprobe.benchmarks.ambiguity._calendar import Bound, calendar_statement_spans, fiscal_year_start, period_bounds
from finprobe.benchmarks.ambiguity._text import NOT_SPECIFYING, longest_matches, normalise
from finprobe.core.numbers import fiscal_year_aliases
from finprobe.core.retrieval import tokenize

__all__ = ["Facts", "read_facts", "clean_question", "is_open_question", "is_off_intent", "split_alternatives",
           "distribute_negation", "drop_examples", "is_example_sentence", "merge_specific_choices",
           "split_set_aside",
           "question_focus", "positive_form", "negated_action", "negated_statement", "metric_mentions", "TWO_VALUED"]

_B = r"(?<![a-z0-9])"
_E = r"(?![a-z0-9])"


def _en(*alts: str) -> str:
    return "|".join(f"{_B}(?:{a}){_E}" for a in alts)


#: "attributable to" followed by anything but the minority's share
_NOT_MINORITY = r"attributable to (?:the )?(?!(?:the )?(?:non-?controlling|minority|joint[- ]venture|jv|outside)(?![a-z]))"

# (facet, value, pattern, weak). A weak cue only counts when the other side states that facet.
_TERMS: list[tuple[str, str, str, bool]] = [
    # attribution
    ("attribution", "parent", _en(_NOT_MINORITY + r"(?:\w+ ){0,4}(?:shareholders|stockholders|owners|"
                                  r"equity holders|common shareholders)", r"owners of the parent",
                                  r"belongs? to (?:\w+ ){0,3}(?:shareholders|stockholders)",
                                  r"(?:parent|company)'?s? (?:own )?shareholders", r"shareholders' share",
                                  _NOT_MINORITY + r"(?:parent|company|\w+)")
     + r"|归属于(?:母公司|上市公司)(?:普通股)?(?:股东|所有者)?(?:的)?|归母|上市公司股东", False),
    ("attribution", "nci", _en(r"(?:including|incl\.?|with) (?:the )?(?:non-?controlling|minority) interests?",
                               r"attributable to (?:the )?(?:non-?controlling|minority) (?:interests?|shareholders?)",
                               r"(?:share|portion|part|stake) (?:that )?(?:belongs?|belonging|attributable|going) to (?:the )?(?:joint[- ]venture|"
                               r"jv|minority|non-?controlling|outside) (?:partners?|shareholders?|interests?|owners?)",
                               r"(?:joint[- ]venture|jv) partners?(?:'s?)?(?: (?:share|stake|portion))?",
                               r"(?:non-?controlling|minority) interests?", r"non-?controlling",
                               r"joint[- ]venture partner'?s? share",
                               r"minority shareholders?")
     + r"|少数股东(?:损益|权益|的份额)?|子公司其他股东", False),
    # scope
    ("scope", "consolidated", _en(r"consolidated", r"consolidation", r"(?:as a|the) whole", r"whole company",
                                  r"entire company", r"company-wide", r"total company", r"company(?:'s)? total",
                                  r"group[- ]level",
                                  r"all segments") + r"|合并(?:报表|口径|层面)?|集团整体|全公司|公司整体", False),
    ("scope", "segment", _en(r"(?:reportable |operating )?segments?", r"divisions?", r"business units?")
     + r"|分部|板块", False),
    ("scope", "parent_only", _en(r"parent[- ]company(?:[- ]only)?", r"stand-?alone", r"parent[- ]only")
     + r"|母公司(?:单体|报表|本部|口径)?|单体|本部", False),
    ("scope", "continuing", _en(r"continuing operations?") + r"|持续经营", False),
    ("scope", "all_ops", _en(r"all operations", r"discontinued (?:operations?|business|hardware business)",
                             r"(?:the )?hardware (?:unit|business)") + r"|终止经营", False),
    ("scope", "subsidiaries", _en(r"subsidiar(?:y|ies)") + r"|子公司", True),
    ("scope", "investee", _en(r"(?:joint[- ]ventures?|jvs?|subsidiar(?:y|ies)|associates?|affiliates?|investees?)"
                              r"(?:'s?)? (?:on (?:its|their) own|alone|by (?:itself|themselves)|standalone|separately"
                              r"|own (?:figures?|results|numbers|earnings|revenues?|income|profits?))")
     + r"|(?:子公司|合营企业|联营企业|合资公司)(?:单独|本身|自身|自己)|子公司(?:的)?(?:口径|层面|报表)"
       r"|旗下的?[\u4e00-\u9fff（）()]{2,30}(?:有限公司|有限责任公司)"
       # a company named by its legal form that is no listed company (股份有限公司): its unlisted parent group, a
       # subsidiary; or an asset taken by itself (这条线路/项目本身)
       r"|[\u4e00-\u9fff（）()]{2,30}(?<!股份)(?:有限责任公司|有限公司)(?![\u4e00-\u9fff]*股东)"
       r"|(?:线路|项目|资产|工程|电站|工厂|门店|设施|产品|软件|平台|app)(?:/[\u4e00-\u9fff]{1,4})?(?:这个|这一)?"
       r"(?:(?:产品|业务|软件|平台)(?:/[\u4e00-\u9fff]{1,4})?)?本身|"
     + _en(r"(?:the )?(?:facilit(?:y|ies)|plants?|airports?|projects?|stores?|mines?|assets?) (?:itself|themselves"
           r"|on (?:its|their) own|by (?:itself|themselves))"), False),
    # recurring items
    ("recurring", "excl", _en(r"excluding (?:non-?recurring|one-?time|one-?off|special) (?:items|gains(?: and losses)?"
                              r"|charges)", r"recurring (?:net )?(?:income|profit|earnings)")
     + r"|扣非|扣除非经常性损益(?:后)?(?:的)?|主营业务本身", False),
    ("recurring", "item", _en(r"non-?recurring(?: items?| gains?(?: and losses)?)?",
                              r"one-?(?:time|off) (?:items?|gains?)",
                              r"one-?offs?(?! (?:recogni|booking|delivery))", r"special items?", r"gains? on the \w+ sale",
                              r"\w+ gain")
     # 一次性 before a recognition, delivery or payment word says *when* revenue is booked ("一次性确认", at a point
     # in time), not that an item is non-recurring
     + r"|非经常性损益|一次性(?:项目|收益|损益)|一次性(?!地?(?:确认|结转|计入|交付|支付|付款|收取|收款|摊销|转让))|政府补助", False),
    # GAAP vs adjusted
    ("gaap", "adjusted", _en(r"non-?gaap", r"adjusted", r"add(?:ed|s)? back", r"underlying", r"core",
                             r"management'?s? (?:guidance|basis)", r"covenant") + r"|非公认会计准则|调整后", False),
    ("gaap", "gaap", _en(r"gaap", r"unadjusted", r"without (?:any )?adjustments?", r"before (?:any )?adjustments?",
                         r"with no adjustments?", r"no adjustments?",
                         r"plain(?= (?:vanilla )?(?:ebitda|ebit|operating|net|eps|earnings|income|revenues?|profit))")
     + r"|公认会计准则|调整前", False),
    ("gaap", "adj_item", _en(r"stock-based compensation", r"sbc", r"amorti[sz]ation(?: of acquired intangibles)?",
                             r"intangibles?(?: amorti[sz]ation)?", r"restructuring(?: charges)?"), False),
    ("gaap", "gaap", _en(r"(?:as )?reported(?!\s+in\s+(?:the\s+|its\s+|their\s+|that\s+)?(?:[\w'-]+\s+){0,3}"
                         r"(?:10-?[kq](?:/a)?|annual reports?|filings?|reports?|releases?|statements|accounts))"), True),
    # dilution
    ("dilution", "diluted", _en(r"diluted", r"dilution", r"dilutive",
                                r"convertible notes? (?:are )?(?:turned|converted)",
                                r"convertible (?:notes?|bonds?|debt|securities|preferred(?: stock| shares)?)"
                                r"(?: (?:are|be|being|were))?(?: (?:treated|counted|assumed|taken) as)? converted",
                                r"assum\w* (?:the )?conversion", r"if-converted",
                                r"options (?:are |is )?exercised", r"assum\w+ (?:all|every) (?:outstanding )?options?")
     + r"|稀释|摊薄|转股", False),
    ("dilution", "basic", _en(r"basic") + r"|基本每股", False),
    # recognition timing
    ("timing", "pit", _en(r"(?:at )?a point in time", r"point[- ]in[- ]time",
                          r"recogni[sz]ed (?:all )?(?:at once|in (?:one|a single) (?:go|amount|step)|up-?front)",
                          r"one-?(?:time|off) recognition", r"(?:booked |recogni[sz]ed )?(?:on|upon) "
                          r"delivery", r"at handover", r"handed over", r"when (?:the )?(?:equipment|goods|licenses?) "
                          r"(?:is |are )?(?:delivered|handed over)", r"the moment licenses are delivered")
     + r"|某一时点|时点|控制权转移(?:时|当下)?|一次性地?(?:确认|结转|计入)", False),
    ("timing", "over_time", _en(r"over[- ]time", r"over the (?:contract|service) (?:term|period)", r"ratably",
                                r"month by month", r"across the contract term")
     + r"|某一时段内?|时段|按服务期间分摊", False),
    ("timing", "combined", _en(r"total revenues?(?: to date)?", r"combined", r"all revenues?")
     + r"|营业收入总额|收入总额|合计|总收入", True),
    # gross vs net
    ("gross_net", "gross", _en(r"(?:on a )?gross basis", r"gross method", r"gross merchandise value", r"gmv",
                               r"gross revenues?", r"as (?:the )?principal", r"principal", r"full value of the goods",
                               r"gross")
     + r"|总额法|按总额|主要责任人", False),
    ("gross_net", "net", _en(r"(?:on a )?net basis", r"net method", r"net of", r"as (?:an |the )?agent", r"agent",
                             r"commissions?(?: it keeps| northwind keeps)?", r"go-between")
     + r"|净额法|按净额|代理人|中间人|差价", False),
    ("gross_net", "passthrough", _en(r"pass-?through(?: fuel)?(?: charges| costs)?", r"(?:fuel )?costs? (?:that are )?"
                                     r"(?:simply )?billed (?:through|on) to customers", r"fuel charges"), False),
    # organic vs reported growth
    ("organic", "organic", _en(r"organic", r"like-for-like", r"constant currency", r"existing business")
     + r"|内生|可比口径", False),
    ("organic", "reported", _en(r"reported (?:revenue )?growth"), False),
    ("organic", "acq_item", _en(r"acquisitions?", r"currency (?:effects|moves|impact)s?", r"fx effects?")
     + r"|并购|汇率影响", False),
    # vintage
    ("vintage", "revised", _en(r"as restated", r"restated", r"restatements?", r"recast", r"as recast", r"amended",
                               r"amendments?", r"10-?k/a", r"10-?q/a", r"corrected", r"corrections?", r"revised",
                               r"(?:latest|newest|most recent|later|subsequent) (?:annual report|10-?k|filing|report)",
                               r"restated comparatives",
                               r"(?:latest|most recent(?:ly)?|newest|current)(?: (?:available|published|reported|filed|"
                               r"updated|restated))? (?:version|vintage)")
     + r"|追溯调整(?:后)?|重述(?:后)?|更正后|最新(?:披露|公布|发布|列报)的?(?:口径|版本)|最新的?(?:口径|版本)|修正(?:过|后)?的?|重新列报|重新列示|差错更正|会计差错", False),
    ("vintage", "original", _en(r"as originally reported", r"originally reported", r"as originally filed",
                                # "before the lease-accounting recast", "prior to the company restating it": the
                                # figure as it stood before the restatement
                                r"(?:before|prior to) (?:(?:the|its|any|a) )?(?:[\w-]+ ){0,3}?(?:recast|restatements?|"
                                r"revisions?|re-?presentations?|corrections?|amendments?)",
                                r"(?:before|prior to) (?:(?:the|its) (?:company|group|issuer|management) |it |they |"
                                r"management )?(?:recast|restat(?:ed|ing)|revis(?:ed|ing)|re-?present(?:ed|ing)|"
                                r"correct(?:ed|ing)|amend(?:ed|ing))",
                                r"as (?:first|initially) (?:reported|filed|published)",
                                r"(?:first|initially) (?:reported|filed|published)",
                                r"originally filed",
                                r"original (?:10-?k|10-?q|8-?k|filing|report|annual report|release)",
                                r"original(?:ly)?")
     + r"|原报告|原披露|原来披露|原始(?:年报|报告)?|更正前|原年报|调整前的?数|重述前|追溯调整前|重新列报前|重新列示前|修正前"
     + r"|原\s*(?:(?:19|20)\d{2}\s*年?\s*)?(?:年报|年度报告|报告|披露)|(?:最初|首次|初次)(?:披露|公布|报告)", False),
    # a forecast rather than the reported figure: a filing's figures are reported, never guidance or estimates
    ("source", "forecast", _en(r"(?:revenue|sales|earnings|eps|profit|income|growth|annual|quarterly|full-year) guidance",
                               r"guidance (?:figure|number|range|for (?:the )?(?:next|coming|upcoming|current))",
                               r"forecasts?", r"outlook", r"projected",
                               r"projections?",
                               r"forward[- ]looking", r"forward", r"(?:consensus|analysts?'?|street) (?:[\w-]+ ){0,3}estimates?",
                               r"consensus", r"analysts?'?(?: \w+)? (?:expectations?|forecasts?|projections?)",
                               r"estimated (?:future|next)", r"expected (?:future )?growth", r"next (?:fiscal )?year",
                               r"(?:the )?(?:next|coming) (?:\w+ )?(?:years|quarters?)")
     + r"|业绩预告|业绩指引|盈利预测|预测|预期|一致预期|指引", False),
    # change basis
    ("change", "yoy", _en(r"year[- ]over[- ]year", r"yoy", r"year[- ]on[- ]year", r"same quarter (?:of|last) ")
     + r"|同比", False),
    ("change", "qoq", _en(r"sequential(?:ly)?", r"quarter[- ]over[- ]quarter", r"qoq") + r"|环比", False),
    # fiscal vs calendar
    ("calendar", "fiscal", _en(r"fiscal(?:[- ]year)?", r"fy") + r"|(?<![a-z0-9])fy(?=\s?'?\d)|财年|会计年度", False),
    ("calendar", "calendar", _en(r"calendar(?: year)?", r"january(?: to |-|–)december", r"jan(?:uary)?\s?[-–]\s?dec")
     + r"|(?<![a-z0-9])cy(?=\s?\d)|自然年|日历年", False),
]

# period types: (type, pattern)
_PERIODS: list[tuple[str, str]] = [
    ("ttm", _en(r"trailing[- ](?:twelve|12|four)[- ](?:months?|quarters?)", r"ttm", r"ltm",
                r"last[- ](?:twelve|12)[- ]months?", r"past[- ](?:twelve|12)[- ]months?", r"rolling[- ](?:twelve|12)[- ]months?",
                r"latest[- ]twelve[- ]months?",
                # "the last four reported quarters": four consecutive quarters up to the latest are the trailing year
                r"(?:last|past|latest|most recent|trailing|rolling) (?:four|4)(?: (?:reported|fiscal|completed|"
                r"consecutive|reporting))? quarters?(?! (?:of|in) )")
     + r"|过去\s?(?:12|十二)个月|最近\s?(?:12|十二)个月|近\s?(?:12|十二)个月|滚动\s?(?:12|十二)个月|ttm"
       r"|(?:过去|最近|近|滚动)\s?(?:4|四)个(?:已披露的?|已报告的?)?季度"),
    ("ytd", _en(r"year[- ]to[- ]date", r"ytd", r"nine[- ]months?(?: ended)?", r"six[- ]months? ended",
                r"(?<!non-)(?<!non )cumulative",
                r"jan(?:uary)?\s?[-–]\s?sep(?:tember)?", r"since the start of the year")
     + r"|前三季度|年初至今|年初至报告期末|1-9月|1至9月|累计"),
    ("h1", _en(r"first half", r"h1", r"half[- ]year", r"interim (?:period|report|results)")
     + r"|上半年|半年度(?:报告)?|半年报|中报|中期(?:报告|财报|业绩)?|1-6月"),
    ("h2", _en(r"second half", r"h2") + r"|下半年"),
    ("q1", _en(r"q1", r"first quarter", r"1q") + r"|第一季度|一季度|一季报|1-3月"),
    ("q2", _en(r"q2", r"second quarter", r"2q") + r"|第二季度|二季度|二季报"),
    ("q3", _en(r"q3", r"third quarter", r"3q") + r"|第三季度|三季度|三季报"),
    ("q4", _en(r"q4", r"fourth quarter", r"4q", r"holiday(?:-season)? quarter") + r"|第四季度|四季度"),
    ("quarter", _en(r"quarter(?:ly)?", r"three[- ]months?(?: ended)?", r"latest three months") + r"|季度|单季|单季度"),
    ("annual", _en(r"full[- ](?:fiscal[- ]|calendar[- ])?year", r"annual(?:ly)?(?! reports?)", r"twelve[- ]months? ended",
                   # "revenue for fiscal 2024 as a whole", "all of fiscal 2024": the whole year (a bare "fiscal 2024"
                   # may name the year a quarter falls in, so it states no period type)
                   r"(?:fiscal|fy)\s?'?(?:19|20)?\d{2} (?:as a whole|in full|in its entirety)",
                   r"(?:the )?(?:whole|entire|all) of (?:fiscal|fy)\s?'?(?:19|20)?\d{2}",
                   r"fiscal[- ]year", r"calendar[- ]year", r"for the year", r"whole year",
                   r"years? end(?:ed|ing)", r"annual period", r"on an annual basis")
     + r"|全年|年度(?!报告)|年报|年度报告|整年|会计年度|财年"),
    # several years taken together: a compound growth rate, "over the past five years", since inception, the
    # company's history; never the one year (or the one year-over-year change) a FinInteract reading fixes
    ("multi_year", _en(r"cagr", r"compound(?:ed)? annual(?: growth)?(?: rate)?", r"multi-?years?(?: period)?",
                       r"(?:over|across|for|in) (?:the )?(?:past|last|prior|previous|next|coming|recent) "
                       r"(?:(?:two|three|four|five|six|seven|eight|nine|ten|several|few|\d{1,2}|\d\s?[-–]\s?\d{1,2})"
                       r" )(?:fiscal )?years",
                       r"(?:two|three|four|five|ten|\d{1,2})[- ]years?(?= (?:\w+ )?(?:period|cagr|compound|trend|"
                       r"history|historical|average|growth|horizon|span|window))",
                       r"since (?:its |the company'?s? )?(?:inception|founding|ipo|listing)", r"(?:its |the )?entire history",
                       r"(?:a )?longer(?: historical)? (?:time )?(?:period|horizon)", r"historical (?:trend|average)",
                       r"long[- ]term(?: (?:growth|trend|average))?", r"over time(?= (?:trend|series))",
                       r"trends?(?! (?:of|in) (?:the )?(?:year|quarter))", r"time series",
                       r"(?:all|every) (?:of the )?(?:past |prior )?years")
     + r"|复合(?:年均)?增长率|年均复合|多年|(?:过去|近|最近)\s?(?:[二三四五六七八九十几两]|\d{1,2})\s?年(?!度|报)"
       # "最近五个完整财年", "过去三个会计年度": several years counted (never "最近一个完整会计年度")
       r"|(?:过去|近|最近|前)\s?(?:[二三四五六七八九十几两]|[2-9]|1\d)\s?个\s?(?:完整的?)?\s?(?:会计|财务)?(?:年度|财年|年)"
       # a trend is a series of periods, not the one figure a reading fixes
       r"|趋势|走势|变化情况|历年变化"
       r"|(?:自|从)?(?:成立|上市|创立)以来|历史(?:上的?)?(?:累计|总)|累计(?:至今|以来)|历年"),
    ("monthly", _en(r"monthly", r"month[- ]to[- ]date", r"mtd", r"(?:a |one |single |each |per )month") + r"|月度|单月|当月|每月|月报"),
    # a span the user would pick ("a custom date range", 自定义起止日期区间): not the filing's reporting period
    ("custom", _en(r"custom(?:ized)? (?:date |time )?(?:range|period|window|interval)", r"(?:arbitrary|user-defined) "
                   r"(?:date |time )?(?:range|period)", r"between (?:two|specific) dates")
     + r"|自定义|起止日期|日期区间|某月某日"),
    ("point", _en(r"as of", r"at (?:the )?(?:end of|year-end)", r"year-end", r"balance sheet", r"at december 31")
     + r"|年末|期末|年底|末(?=的|总资产|$)"),
]
_DATE = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d{2}"
                   r"|(?:19|20)\d{2}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日|(?:19|20)\d{2}-\d{2}-\d{2}")
_LATEST = re.compile(_en(r"most recent", r"most recently(?: (?:reported|completed|ended|filed|published|available|closed))?",
                         r"last (?:reported|completed|available|closed)", r"latest", r"newest", r"just reported(?: on)?",
                         r"last fiscal year",
                         r"current") + r"|最近一期|最新一期|最近一年|最近一个|最新|近一年|最近")
_LATEST_NOT_PERIOD = re.compile(r"(?:most recent|latest|newest)\s+(?:annual report|10-?[kq]|filing|report|quarterly report)"
                                r"|(?:most recent(?:ly)?|latest|newest|current)(?:\s+(?:available|published|reported|filed|"
                                r"updated|restated))?\s+(?:version|vintage)"
                                r"|最新年报|最新(?:披露|公布|发布|列报)的?(?:口径|版本)|最新的?(?:口径|版本)")
#: "the prior fiscal year" asks for the year before the latest one (a comparison base is not meant:
#: "compared with the prior year")
_PRIOR_PERIOD = re.compile(_en(r"(?:prior|previous|preceding) (?:fiscal )?year(?!-)", r"the year before(?: that)?")
                           + r"|上一(?:个)?(?:财年|会计年度|年度)")
_COMPARED_JUST_BEFORE = re.compile(_en(r"compared (?:with|to)", r"versus", r"vs\.?", r"than", r"from", r"over",
                                       r"relative to", r"against", r"(?:in|with|to) the") + r"\s*(?:the\s*)?$|(?:较|与|比|同比)\s*$")
#: "for a specific fiscal year", "某个特定年份": one particular period, which a reading that names its year affirms
_SPECIFIC_PERIOD = re.compile(
    _en(r"(?:a|one) (?:specific|particular|certain|given|single) (?:past |prior |historical |fiscal |calendar |"
        r"reporting )*(?:year|period|time period|time frame|timeframe|quarter|date|fiscal year)",
        r"(?:specific|particular) (?:fiscal |calendar )?(?:year|period|time period)(?: (?:you have in mind|you want))?")
    + r"|(?:某|某一|某个|一个)(?:特定|具体|指定)?的?(?:历史|过往)?(?:会计|报告|财务)?(?:年份|年度|时期|期间|会计年度|财年|报告期)"
      r"|(?:特定|具体|指定)(?:的)?(?:历史|过往)?(?:年份|年度|时期|期间|会计年度|财年|报告期)"
      # 您有具体要查询的报告期吗: a period the user has in mind
      r"|具体(?:要|想|需要)?(?:查询|了解|查看|看)的(?:年份|年度|时期|期间|会计年度|财年|报告期)"
      r"|某一年")
_PAST = re.compile(_en(r"past", r"prior", r"earlier", r"previous", r"older", r"other than") + r"|以前|之前|往年|更早|早些")
_HISTORICAL = re.compile(_en(r"historical(?! (?:cost|basis))", r"history") + r"|历史数据|历史上|历史")
#: another company's figures beside the company's: peers, competitors, an industry benchmark
_PEERS = re.compile(_en(r"competitors?'?", r"peers?(?: group| companies)?", r"rivals?", r"industry (?:benchmarks?|averages?"
                        r"|peers|medians?|norms?)", r"(?:sector|market|industry|peer) (?:comparison|benchmarks?)",
                        r"benchmarks? against", r"other companies")
                    + r"|竞争对手|同行(?:业)?|可比公司|行业(?:平均|均值|中位数|对标|基准)|对标")
#: a period named by what happened in it rather than by its dates
_EVENT_PERIOD = re.compile(_en(r"covid(?:-?19)?", r"pandemic", r"financial crisis", r"recession", r"lockdowns?")
                           + r"|疫情|金融危机|经济危机")
#: "annualize the nine-month figure": a figure scaled to a year is not the period the user wants
_ANNUALIZED = re.compile(_en(r"annuali[sz](?:e|es|ed|ing|ation)", r"run[- ]rate") + r"|年化")

_DEDUCTIONS = r"(?:returns|discounts|allowances|rebates|markdowns)"
_METRICS: list[tuple[str, str]] = [
    ("eps", _en(r"eps", r"earnings per share", r"per[- ]share(?: figure| earnings)?") + r"|每股收益"),
    ("ebitda", _en(r"ebitda")),
    ("operating_income", _en(r"operating (?:income|profit|loss|earnings)", r"ebit", r"income (?:\(loss\) )?from operations",
                             r"(?:loss|profit|earnings) from operations")
     + r"|营业利润|经营利润"),
    ("net_income", _en(r"net (?:income|profit|earnings|loss)", r"profit attributable", r"bottom line")
     + r"|净利润(?:总额)?|归母净利|扣非净利|净利"),
    ("total_assets", _en(r"total assets") + r"|总资产|资产总额|资产总计"),
    ("gross_profit", _en(r"gross profit") + r"|毛利(?!率)"),
    ("revenue", _en(r"revenues?", r"net sales", r"sales", r"top line", r"turnover") + r"|营业收入|营收|收入"),
    # metrics that share a word with those above but are other figures ("operating margin" is a ratio, not
    # operating income; "average total assets" is not the year-end balance): longest match wins
    ("operating_margin", _en(r"operating (?:profit )?margins?", r"ebit margins?") + r"|营业利润率|经营利润率"),
    ("ebitda_margin", _en(r"ebitda margins?") + r"|ebitda利润率"),
    ("gross_margin", _en(r"gross margins?") + r"|毛利率"),
    ("net_margin", _en(r"net (?:profit |income )?margins?", r"profit margins?") + r"|净利率|净利润率|销售净利率"),
    # figures of the market or of a share class rather than of the income statement
    ("share_price", _en(r"(?:stock|share) price(?:s)?(?: (?:growth|performance|return|appreciation))?",
                        r"(?:total )?shareholder returns?", r"tsr", r"stock (?:performance|returns?)")
     + r"|股价|股票价格|市价"),
    ("market_cap", _en(r"market cap(?:itali[sz]ation)?", r"market value") + r"|市值"),
    ("dividend", _en(r"dividends?(?: per share)?", r"payout") + r"|股息|分红|派息"),
    ("par_value", _en(r"par value(?: per share)?", r"nominal value") + r"|面值|票面金额"),
    ("bookings", _en(r"bookings", r"orders(?: received)?", r"order intake", r"backlog") + r"|订单"),
    ("arr", _en(r"annual(?:ized)? recurring revenues?", r"arr") + r"|年度经常性收入|年化经常性收入"),
    ("operating_cash_flow", _en(r"operating cash[- ]flows?", r"cash[- ]flows? from operati(?:ons|ng activities)",
                                r"(?:net )?cash (?:provided by|from|generated (?:by|from)) operati(?:ons|ng activities)",
                                r"ocf")
     + r"|经营活动(?:产生的)?现金流量?(?:净额)?|经营性现金流量?(?:净额)?|经营现金流量?(?:净额)?"),
    ("free_cash_flow", _en(r"free cash[- ]flows?", r"fcf") + r"|自由现金流量?"),
    ("net_assets", _en(r"net assets", r"(?:total )?(?:shareholders|stockholders)'? equity", r"total equity",
                       r"book value") + r"|净资产(?!收益)|股东权益|所有者权益"),
    ("avg_total_assets", _en(r"average (?:total )?assets") + r"|平均总资产|平均资产总额"),
    ("roe", _en(r"return on (?:average )?equity", r"roe") + r"|净资产收益率"),
    ("roa", _en(r"return on (?:average )?assets", r"roa") + r"|总资产收益率|资产收益率"),
    # other figures a question may name instead of the one the user wants ("contract liabilities", 利润总额)
    ("gross_sales", _en(r"(?:gross )?(?:sales|revenues?) (?:before|prior to) (?:sales )?" + _DEDUCTIONS
                        + r"(?:(?:,| and| or|, and|, or) (?:sales )?" + _DEDUCTIONS + r")*")
     + r"|(?:扣除|扣减)?(?:销售)?(?:退货|折扣|折让)(?:(?:和|及|与|、)(?:退货|折扣|折让))*(?:之)?前的?(?:销售额|销售收入|营业收入|收入)"),
    ("contract_liabilities", _en(r"contract liabilit(?:y|ies)", r"deferred revenues?", r"unearned revenues?")
     + r"|合同负债|预收(?:款项|账款)"),
    ("pretax_income", _en(r"(?:income|profit|earnings) before (?:income )?tax(?:es)?", r"pre-?tax (?:income|profit|earnings)",
                          r"total profit")
     + r"|利润总额|税前利润"),
    ("cost_of_revenue", _en(r"cost of (?:revenues?|sales|goods sold)", r"cogs") + r"|营业成本|销售成本"),
    ("total_liabilities", _en(r"total liabilities") + r"|负债总额|总负债|负债合计"),
    ("receivables", _en(r"(?:accounts|trade) receivables?") + r"|应收账款"),
    ("income_tax", _en(r"income tax(?:es)?(?: expense)?", r"tax expense") + r"|所得税费用"),
    ("rd_expense", _en(r"r&d (?:expenses?|costs?|spending)", r"research and development (?:expenses?|costs?|spending)")
     + r"|研发费用|研发投入"),
    ("capex", _en(r"capital expenditures?", r"capex") + r"|资本开支|资本性支出"),
    ("comprehensive_income", _en(r"(?:total |other )?comprehensive income") + r"|(?:其他)?综合收益(?:总额)?"),
]
#: metric names that own the facet words inside them ("gross" of "gross sales before returns" is not the gross
#: basis of revenue recognition)
_NAMES_OWN_TERMS = {"gross_sales"}
#: a change or growth rate of a metric, not its level ("year-over-year growth in revenue", 增长率)
_GROWTH = re.compile(_en(r"growth(?: rate)?", r"grow(?:th)? rate", r"(?:percent(?:age)?|%) change",
                         # "the change in tower-lease accounting" is a change of method, not of the metric
                         r"(?:change|increase|decrease) in(?! (?:the |its )?(?:[\w-]+ ){0,2}(?:accounting|presentation|"
                         r"polic|estimate|methodolog|segment|reporting|standard))", r"how much (?:\w+ )?(?:grew|rose|fell|changed)")
                     + r"|增长率|增速|增幅|同比增长|环比增长|变动率|变化率|增长")
#: the whole of a metric, where the user wants a part of it ("total company revenue", 全部营业收入)
_WHOLE_METRIC = re.compile(_en(r"(?:total|all|overall|entire|whole|combined) (?:(?:of (?:the )?)?(?:company|group|"
                               r"consolidated|company-wide|firm-wide|reported)(?:'s)? )?(?:revenues?|sales|turnover)",
                               r"revenues? (?:from|across|of) all (?:segments|businesses|sources|lines)")
                           + r"|全部(?:营业)?收入|全部营收|营业总收入|总营收|全部收入|所有收入|净利润总额")

#: facets where excluding one value means the other ("excluding minority interests" = the parent's share)
TWO_VALUED: dict[str, dict[str, str]] = {
    "attribution": {"nci": "parent", "parent": "nci"},
    "recurring": {"item": "excl"},
    "gaap": {"adj_item": "adjusted", "adjusted": "gaap", "gaap": "adjusted"},
    "dilution": {"basic": "diluted", "diluted": "basic"},
    "gross_net": {"gross": "net", "net": "gross", "passthrough": "net"},
    "organic": {"acq_item": "organic", "organic": "reported", "reported": "organic"},
    "vintage": {"original": "revised", "revised": "original"},
    "scope": {"subsidiaries": "parent_only", "all_ops": "continuing", "consolidated": "not_consolidated"},
    "timing": {"over_time": "pit", "combined": "pit"},
}
#: what an *included* item means ("including the warehouse gain": non-recurring items are in)
_INCLUDED: dict[tuple[str, str], str] = {
    ("recurring", "item"): "incl", ("gaap", "adj_item"): "gaap", ("gross_net", "passthrough"): "gross",
    ("organic", "acq_item"): "reported", ("scope", "subsidiaries"): "consolidated", ("scope", "all_ops"): "all_ops",
}
#: item values that mean nothing on their own (an item is a proposition only when included or excluded)
_ITEM_VALUES = {"item", "adj_item", "passthrough", "acq_item"}

#: "keep the amortization in" / "leave the gain out": a verb whose particle, later in the clause, says which
_KEEP = r"(?:keep|keeps|keeping|leave|leaves|leaving)(?= (?:[^,;?.!]{{1,60}}? )?(?:{})(?![a-z]))"
_EXCL_FWD = re.compile(
    _en(r"excluding", r"exclude", r"excludes", r"exclusive of", r"excl\.?", r"without", r"net of", r"leav\w* out",
        r"ignor(?:e|es|ing)", r"disregard(?:s|ing)?",
        r"strip\w* out", r"rather than", r"instead of", r"other than", r"not", r"no", r"except(?: for)?", r"minus",
        r"after(?: the)?(?= (?:the )?(?:[\w'-]+ ){0,2}(?:non-?controlling|minority|joint[- ]venture|jv|outside)(?![a-z]))", r"not (?:counting|including)", _KEEP.format("out|excluded"))
    # an A-not-A question (要不要, 是不是, 算不算, 需不需要) asks, it excludes nothing
    + r"|不含|不包括|不包含|剔除了?|扣除了?|扣掉|除去|排除|而非|并非|(?<![而并扣除])非(?!经常|公认|控股|流动|现金|标准)(?=[\u4e00-\u9fffa-z])|(?<!是)不是|(?<!要)不要|(?<!算)不算|不应|去掉|不希望"
    + r"|不想|(?<!需)不需要|无需|不必"
    # "不特别指明归属或扣非": a figure that does not specify a qualifier is the figure without it
    + "|" + NOT_SPECIFYING)
#: cues that set a period aside ("rather than 2023", "not the 2023 figure", 而不是); unlike "excluding", which
#: takes an item out of the figure and leaves its period alone ("excluding minority interests for 2023")
_CONTRAST = re.compile(_en(r"rather than", r"instead of", r"other than", r"not", r"as opposed to")
                       + r"|而不是|而非|并非|不是")
_EXCL_BWD = re.compile(
    _en(r"(?:be |is |are |been )?excluded", r"removed", r"left out", r"stripped out", r"(?:should |to )?not count",
        r"shouldn'?t be (?:counted|included)", r"not be (?:counted|included)", r"(?:be |is )?deducted")
    + r"|除外|被剔除|剔除在外|不计入|不算进来|不算在内|不应算进来|不应计入|不算|不包括在内|不含在内|不要算进来")
_INCL_FWD = re.compile(_en(r"including", r"include", r"includes", r"inclusive of", r"incl\.?", r"with", r"plus",
                           r"counting", r"together with", _KEEP.format("in|included"))
                       + r"|含|包含|包括|连同|加上")
_INCL_BWD = re.compile(_en(r"(?:be |is |are )?included", r"counted", r"added in")
                       + r"|也?算进去|也?算进来|也?算上|也?加进来|也?包括进来|纳入进?来?|一并计入|计入")
_CLAUSE = re.compile(r"[;?!。；？！—–()（）\[\]]|,(?!\d|\s?(?:19|20)\d{2}(?!\d))|，|(?<![a-z])(?:but|or|whereas|while)(?![a-z])|还是|或者|但"
                     r"|并且|而且|且|同时")
#: a year followed by these is the year of a filing named as the source ("the 2023 annual report", "2023年年报")
_FILING_AFTER = re.compile(r"\s*年?\s*(?:年报|年度报告|一季报|半年报|三季报|中报)"
                           r"|\s*(?:annual report|10-?k|10-?q|form)")
#: a quarter named as the end of a period ("TTM as of Q1 2024") is not the period's type
_END_POINT_QUARTER = re.compile(r"(?:as of|through|ended|ending|截至|截止)\s*(?:the end of\s*)?"
                                r"(?:q[1-4]|[一二三四]季度末?)")
_PRIOR_WORDS = re.compile(_en(r"prior[- ]year", r"comparatives?", r"last year's", r"previous year")
                          + r"|上年|上一年|去年")
_COMPARE_BEFORE = re.compile(_en(r"compared (?:with|to)", r"versus", r"vs\.?", r"relative to", r"against", r"from")
                             + r"|与|和|相对于?|较|比")


@dataclass
class Facts:
    """Propositions read from one text."""

    facets: dict[str, set[str]] = field(default_factory=dict)
    weak: set[tuple[str, str]] = field(default_factory=set)  # (facet, value) that came only from weak cues
    years: set[int] = field(default_factory=set)  # years of the period (comparison and filing years left out)
    fiscal_years: set[int] = field(default_factory=set)  # years stated as a fiscal-year label ("fiscal 2023")
    filing_years: set[int] = field(default_factory=set)
    excluded_years: set[int] = field(default_factory=set)  # "rather than the 2023 annual figure"
    periods: set[str] = field(default_factory=set)
    latest: bool = False
    not_latest: bool = False  # "not the latest one"
    #: "a specific fiscal year", 某个特定年份: the user has one particular period in mind (not "the latest")
    specific_period: bool = False
    #: "historical revenue data", 历史数据: some past figures, a period C does not settle
    historical: bool = False
    #: "a specific past year", "an earlier year", 以前的年份: a period before some other
    past: bool = False
    prior: bool = False  # "the prior fiscal year": the year before the latest
    annualized: bool = False  # "annualize the nine-month figure"
    #: "compared to its competitors", 与同行相比: a comparison with other companies, not the company's own figure
    peers: bool = False
    #: "during the COVID-19 pandemic", 疫情期间: a period named by an event, which no reading's dates settle
    event_period: bool = False
    metrics: set[str] = field(default_factory=set)
    growth: bool = False  # a growth rate or change of the metric, not its level
    segment_names: list[set[str]] = field(default_factory=list)
    total_metric: bool = False  # "total revenue": the whole of the metric, not a part of it
    starts: list[Bound] = field(default_factory=list)  # where the period starts ("July 1 to ...", "since ...")
    ends: list[Bound] = field(default_factory=list)  # where it ends ("six months ended December 31, 2024")
    #: (start, end) of a period set aside ("not the full year ended June 30, 2024")
    excluded_bounds: list[tuple[Bound | None, Bound | None]] = field(default_factory=list)
    fy_start: int | None = None  # month the fiscal year starts in, stated as a fact ("the fiscal year starts on July 1")
    fy_start_implied: int | None = None  # ... also as implied by a dated period ("fiscal year ended June 30, 2024")

    def add(self, facet: str, value: str, weak: bool = False) -> None:
        values = self.facets.setdefault(facet, set())
        if value in values and not weak:
            self.weak.discard((facet, value))
        elif value not in values:
            values.add(value)
            if weak:
                self.weak.add((facet, value))

    def is_weak(self, facet: str) -> bool:
        return all((facet, v) in self.weak for v in self.facets.get(facet, ()))

    def empty(self) -> bool:
        return not (self.facets or self.years or self.periods or self.latest or self.metrics or self.excluded_years
                    or self.not_latest or self.prior or self.annualized or self.growth or self.starts or self.ends
                    or self.fy_start is not None)


_COMPILED = [((facet, value, weak), re.compile(p)) for facet, value, p, weak in _TERMS]
_PERIOD_RE = [(t, re.compile(p)) for t, p in _PERIODS]
_METRIC_RE = [(m, re.compile(p)) for m, p in _METRICS]
_SEGMENT_NAME = re.compile(r"((?:[a-z][a-z&'-]*\s+){1,3})(?:reportable\s+|operating\s+)?"
                           r"(?:segments?|divisions?|business units?)"
                           r"|([\u4e00-\u9fff]{2,6}?)(?:分部|板块)")
_DETERMINERS = {"the", "a", "an", "its", "their", "our", "your", "my", "this", "that", "which", "each", "one", "of",
                "for", "in", "with", "from"}
_GENERIC_WORDS = set("the a an its their our your my own for of in only just do you want mean is it this that "
                     "report reporting reportable operating each one which".split())


def _clauses(norm: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _CLAUSE.finditer(norm):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(norm)))
    return out


def _before(cues: list[tuple[int, int]], lo: int, s: int) -> bool:
    return any(lo <= ce <= s and not (cs <= s < ce) for cs, ce in cues)


def _after(cues: list[tuple[int, int]], e: int, hi: int) -> bool:
    return any(e <= cs and ce <= hi for cs, ce in cues)


def _polarity(norm: str, spans: list[tuple[int, int]], terms: Sequence[tuple[int, int]] = ()) -> list[str]:
    """'excl', 'incl' or 'plain' for each span, by the cues in its clause (see the module docstring).

    A cue inside one of `terms` belongs to that term ("扣除" of 扣除非经常性损益, "excluding" of "excluding
    non-recurring items") and governs nothing else: 扣除非经常性损益后的净利润 is net income, not its exclusion.
    """
    clauses = _clauses(norm)

    def cues(pattern: re.Pattern[str]) -> list[tuple[int, int]]:
        return [(m.start(), m.end()) for m in pattern.finditer(norm)
                if not any(ts <= m.start() and m.end() <= te for ts, te in terms)]
    fwd_x, bwd_x, fwd_i, bwd_i = cues(_EXCL_FWD), cues(_EXCL_BWD), cues(_INCL_FWD), cues(_INCL_BWD)
    out = []
    for s, e in spans:
        lo, hi = next(((a, b) for a, b in clauses if a <= s < b or (a <= s and e <= b)), (0, len(norm)))


        # a cue that overlaps the term itself ("net of" is both cue and term) does not govern it
        fx = [c for c in fwd_x if not (c[0] < e and s < c[1])]
        bx = [c for c in bwd_x if not (c[0] < e and s < c[1])]
        fi = [c for c in fwd_i if not (c[0] < e and s < c[1])]
        bi = [c for c in bwd_i if not (c[0] < e and s < c[1])]
        if _before(fx, lo, s) or _after(bx, e, hi):
            out.append("excl")
        elif _before(fi, lo, s) or _after(bi, e, hi):
            out.append("incl")
        else:
            out.append("plain")
    return out


def _year_facts(text: str, norm: str, facts: Facts, terms: Sequence[tuple[int, int]],
                set_aside: Sequence[tuple[int, int]] = ()) -> None:
    """Years of the period, of a filing named as the source, and years set aside. `set_aside`: spans of
    bounded periods set aside ("not the full year ended June 30, 2024"), judged by their bounds, not their
    year (the user's own period may fall in the same year)."""
    years: set[int] = set()
    filing: set[int] = set()
    clauses = _clauses(norm)
    contrasts = [(m.start(), m.end()) for m in _CONTRAST.finditer(norm)]
    for m in re.finditer(r"(?<!\d)((?:19|20)\d{2})(?!\d)", norm):
        year = int(m.group(1))
        lo = next((a for a, b in clauses if a <= m.start() < b), 0)
        if _before(contrasts, lo, m.start()):  # "rather than the 2023 annual figure", "而不是2023年年报中的全年数"
            if not any(s <= m.start() < e for s, e in set_aside):
                facts.excluded_years.add(year)
            continue
        tail = norm[m.end(): m.end() + 16]
        head = norm[max(0, m.start() - 24): m.start()]
        if _FILING_AFTER.match(tail) or re.search(r"(?:filed|published) (?:in|on)\s*$", head):
            filing.add(year)
            continue
        if _COMPARE_BEFORE.search(head[-14:]) and re.search(
                r"(?:compared (?:with|to)|versus|vs\.?|relative to|against|与|和|相对于?|较)\s*(?:the\s+)?"
                r"(?:fiscal\s+|fy\s?|q[1-4]\s*|第?[一二三四1-4]季度\s*)?$", head):
            continue
        years.add(year)
    if not years and filing and not _PRIOR_WORDS.search(norm):
        years = set(filing)
    if years:
        years |= fiscal_year_aliases(text)
    facts.years = years
    facts.filing_years = filing
    facts.fiscal_years = {int(y) for y in re.findall(r"(?:fiscal(?: year)?|fy)\s?'?((?:19|20)\d{2})", norm)}
    # "the company's 2021 fiscal year", "the year labeled 2021 in the filing", "Is the fiscal year you mean 2022?"
    for m in re.finditer(r"(?<!\d)((?:19|20)\d{2})(?:'s)? fiscal year|(?:year|period) label(?:l)?ed (?:as )?((?:19|20)\d{2})"
                         r"|fiscal year (?:(?:you|you're|you are|i|we)\s+(?:\w+\s+){0,3}?)(?:is\s+|was\s+)?((?:19|20)\d{2})",
                         norm):
        facts.fiscal_years.add(int(m.group(1) or m.group(2) or m.group(3)))


def metric_mentions(norm: str) -> list[tuple[int, int, str]]:
    """(start, end, metric family) of each metric named in `norm` (normalised text), longest match first."""
    return longest_matches(norm, _METRIC_RE)


def read_facts(text: str) -> Facts:
    """The propositions `text` states (see the module docstring). Never raises."""
    facts = Facts()
    if not isinstance(text, str) or not text.strip():
        return facts
    norm = re.sub(r"[\u2010-\u2015]", "-", normalise(text).replace("’", "'"))  # every dash a hyphen
    mspans = longest_matches(norm, _METRIC_RE)
    # "the fiscal year starts on July 1" states the company's calendar: no period, date or fiscal-basis term in it
    # is a proposition about the figure
    calendar = calendar_statement_spans(norm)
    facts.fy_start = fiscal_year_start(norm, dated=False)
    facts.fy_start_implied = fiscal_year_start(norm)
    owned = [(s, e) for s, e, m in mspans if m in _NAMES_OWN_TERMS] + calendar
    found = [f for f in longest_matches(norm, _COMPILED) if not any(s <= f[0] and f[1] <= e for s, e in owned)]
    # a cue closed inside its own term (扣除非经常性损益*后的*归母净利润) governs nothing after it; an open one
    # ("excluding one-time items and minority interests") still does
    closed = [(s, e) for s, e, _ in found if re.search(r"后的?$", norm[s:e])]
    polarity = _polarity(norm, [(s, e) for s, e, _ in found], closed)
    terms = [(s, e) for s, e, _ in found]
    for (_s, _e, (facet, value, weak)), pol in zip(found, polarity, strict=True):
        if pol == "excl":
            flipped = TWO_VALUED.get(facet, {}).get(value)
            if flipped and flipped != "not_consolidated":
                facts.add(facet, flipped, weak)
        elif pol == "incl" and (facet, value) in _INCLUDED:
            facts.add(facet, _INCLUDED[(facet, value)], weak)
        elif value not in _ITEM_VALUES and not (facet == "scope" and value == "subsidiaries"):
            facts.add(facet, value, weak)
        if facet == "timing" and value == "combined" and pol != "excl":
            facts.total_metric = True
    # an item counted in ("including non-recurring items") was handled above; "含非经常性损益" is one word
    if re.search(r"含非经常性损益|包含非经常性损益|including (?:non-?recurring|one-?(?:time|off))", norm):
        facts.facets.setdefault("recurring", set()).discard("excl")
        facts.add("recurring", "incl")
    # periods: a quarter named as an end point ("as of Q1 2024", "截至2024年6月30日") is not a period type,
    # nor is a period word inside a metric's name ("annual recurring revenue")
    chars = list(norm)
    for s, e, _m in mspans:
        chars[s:e] = " " * (e - s)
    for s, e in calendar:
        chars[s:e] = " " * (e - s)
    masked = _END_POINT_QUARTER.sub(lambda m: " " * len(m.group(0)), "".join(chars))
    pspans = longest_matches(masked, _PERIOD_RE)
    ppol = _polarity(masked, [(s, e) for s, e, _ in pspans], terms)
    for (_s, _e, ptype), pol in zip(pspans, ppol, strict=True):
        if pol != "excl":
            facts.periods.add(ptype)
    if facts.periods & {"q1", "q2", "q3", "q4"}:
        facts.periods.discard("quarter")
    if facts.periods - {"annual", "point"}:
        facts.periods.discard("annual")  # "fourth quarter of fiscal 2023", "年报中的一季度" are not annual
    if facts.periods - {"point"}:
        facts.periods.discard("point")  # "TTM as of June 30, 2024": the date ends the period
    # where a period starts and ends ("six months ended June 30, 2024", "July 1 to December 31, 2024")
    bounds = period_bounds(norm)
    bpol = _polarity(norm, bounds.spans, terms)
    set_aside: list[tuple[int, int]] = []
    for (span, start, end), pol in zip(bounds.items, bpol, strict=True):
        if pol == "excl":
            facts.excluded_bounds.append((start, end))
            set_aside.append(span)
            continue
        if start is not None:
            facts.starts.append(start)
        if end is not None:
            facts.ends.append(end)
    if not facts.periods and any(not any(s <= m.start() < e for s, e in bounds.spans + calendar)
                                 for m in _DATE.finditer(norm)):
        facts.periods.add("point")  # "December 31, 2023", "2022年12月31日": a balance-sheet date, not a range's end
    latest = [m for m in _LATEST.finditer(norm) if not _LATEST_NOT_PERIOD.match(norm, m.start())
              and not re.search(r"not necessarily (?:the )?$|不一定是?$|未必是?$", norm[max(0, m.start() - 20):m.start()])]
    lpol = _polarity(norm, [m.span() for m in latest], terms)
    facts.latest = any(p == "plain" for p in lpol)
    facts.not_latest = any(p == "excl" for p in lpol)
    prior = [m for m in _PRIOR_PERIOD.finditer(norm) if not _COMPARED_JUST_BEFORE.search(norm[max(0, m.start() - 24):
                                                                                              m.start()])]
    facts.prior = any(p == "plain" for p in _polarity(norm, [m.span() for m in prior], terms))
    facts.peers = any(p != "excl" for p in _polarity(norm, [m.span() for m in _PEERS.finditer(norm)], terms))
    facts.event_period = bool(_EVENT_PERIOD.search(norm))
    annualized = list(_ANNUALIZED.finditer(norm))
    facts.annualized = any(p != "excl" for p in _polarity(norm, [m.span() for m in annualized], terms))
    if re.search(r"最近一年|近一年|last fiscal year|most recent (?:fiscal |full )*year", norm) and not facts.periods:
        facts.periods.add("annual")
    _year_facts(text, norm, facts, terms, set_aside)
    facts.specific_period = bool(_SPECIFIC_PERIOD.search(norm))
    facts.historical = bool(_HISTORICAL.search(norm)) and "multi_year" not in facts.periods
    facts.past = bool(_PAST.search(norm))
    mpol = _polarity(norm, [(s, e) for s, e, _ in mspans], terms)
    facts.metrics = {m for (_s, _e, m), p in zip(mspans, mpol, strict=True) if p != "excl"}
    growth = list(_GROWTH.finditer(norm))
    facts.growth = any(p != "excl" for p in _polarity(norm, [m.span() for m in growth], terms))
    whole = list(_WHOLE_METRIC.finditer(norm))
    if any(p != "excl" for p in _polarity(norm, [m.span() for m in whole], terms)):
        facts.total_metric = True
    for m in _SEGMENT_NAME.finditer(norm):
        name = (m.group(1) or "").split()
        cut = max((i + 1 for i, w in enumerate(name) if w in _DETERMINERS), default=0)
        words = set(tokenize(" ".join(name[cut:]) if m.group(1) else m.group(2) or "")) - _GENERIC_WORDS
        if words:
            facts.segment_names.append(words)
    return facts


# --------------------------------------------------------------------------- question shape
_MARKDOWN = re.compile(r"[*_`#>]+|^\s*[-•]\s+", re.M)
_YESNO_WRAPPER = re.compile(
    r"[(（\[]\s*[^()（）\[\]]{0,30}(?:yes\s*(?:/|or)\s*no|是\s*(?:/|或|还是)\s*否|是或否)[^()（）\[\]]{0,20}[)）\]]"
    r"|(?:please\s+)?(?:answer|reply|respond)(?:\s+with)?\s+(?:just\s+)?[\"']?yes[\"']?\s*(?:/|or)\s*[\"']?no[\"']?"
    r"|\(?\s*yes\s*/\s*no(?:\s+please)?\s*\)?\s*:?"
    r"|请(?:回答|答复)?(?:是|“是”)?(?:或|/)(?:否|“否”)|请用是或否回答"
    # options glossed with what each means (请回答“是”（扣非）或“否”（包含非经常性损益）): the gloss restates the question
    r"|(?:请)?(?:回答|答复|选择)?\s*[“\"「]?是[”\"」]?\s*[（(][^（）()]{0,30}[)）]\s*(?:或者?|/|还是)\s*[“\"「]?否[”\"」]?"
    r"\s*[（(][^（）()]{0,30}[)）]"
    r"|(?:please\s+)?(?:answer|reply|respond)?\s*[\"']?yes[\"']?\s*\([^()]{0,40}\)\s*(?:/|or)\s*[\"']?no[\"']?\s*\([^()]{0,40}\)",
    re.I)
_OPEN_START = re.compile(r"^\s*(?:which|what|how|when(?!\s+you\s+(?:say|said|refer|mention|ask|write|wrote))|where|who|whom"
                         r"|whose|why)\b", re.I)
_OPEN_EMBEDDED = re.compile(
    r"(?:tell me|let me know|specify|clarify|indicate|share|confirm)\s+(?:which|what|how|when|whose)\b"
    # a request for the user to fill something in: "Can you specify the time period …?", "provide more details on …"
    r"|(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:specify|tell me(?!\s+(?:whether|if)\b)|describe|elaborate|explain|give (?:me )?more"
    r"|provide (?:more|further|additional|some)|share (?:more|further)|narrow)"
    r"|(?:more|further|additional)\s+(?:details|information|specifics|context)\s+(?:about|on|regarding|as to)"
    r"|告诉我|说明一下|具体说明|进一步说明|补充说明|(?:提供|补充)(?:一下)?(?:更多|更具体|进一步)|更多(?:关于)?[^？?]{0,24}(?:信息|细节|说明)"
    # 您能否提供/告知您感兴趣的具体时间段？: asks the user to name something
    r"|(?:能否|可否|能不能|可不可以|是否可以|可以|能)(?:请您?)?(?:提供|告知|告诉|说明|指定|明确|指出|补充)(?!.{0,40}(?:是否|对吗|是吗))"
    r"|请(?:您)?(?:提供|告知|告诉|说明|指定|明确|补充)"
    r"|哪(?!怕)|什么|怎么|怎样|如何|多少|何种|何时", re.I)
_OFF_INTENT = re.compile(
    r"^\s*(?:may|can|could|shall|should)\s+i\s+(?:please\s+)?(?:search|look|check|pull|retrieve|fetch|find|browse|consult"
    r"|query|proceed|continue|go ahead|access|download|open|read|review|run|use the (?:search|tool))\b"
    r"|(?:would you like|do you want|do you need|shall|should)\s+me\s+to\s+(?:search|look|check|proceed|pull|provide both"
    r"|give (?:you )?both|continue|go ahead|retrieve|find|fetch|compute|calculate|estimate|try|attempt|pull up"
    r"|look it up"
    r"|re-?run|double-check|verify)\b"
    r"|is it (?:ok|okay|alright|fine|acceptable) (?:if i|to|for me to)\b"
    r"|do you have (?:access|a copy|the (?:10-?k|filing|report))"
    # a request for material from the user: data, a document, a link, a screenshot
    r"|(?:could|can|would|will) you (?:please )?(?:provide|share|send|upload|paste|attach|forward|supply)\b"
    r"|do you (?:want|wish|mind) to (?:provide|share|send|upload|paste|give me|supply)\b"
    r"|\b(?:links?|urls?|screenshots?|attachments?)\b"
    r"|(?:提供|分享|发送|上传|粘贴|发给我|贴出|贴一下)[^？?]{0,30}?(?:链接|截图|文件|附件|原文|数据|数字|数值|报表|年报|报告)"
    r"|链接|截图|网址"
    r"|should i proceed|shall i proceed|can you (?:share|send|provide) (?:the|a) (?:filing|document|link)"
    r"|我(?:可以|能|能否|是否可以|可否)?(?:再|先)?(?:检索|搜索|查阅|查一下|查询|查找|看一下)|需要我(?:再|先)?(?:查|检索|搜索|提供两个)"
    # "我可以先在年报里搜索一下…吗", "我先去查一下2024年年报，可以吗": where the agent looks comes between
    r"|我(?:(?:可以|能|能否|是否可以|可否|想|打算|准备)(?:先|再)?|先|再)(?:去|到|在)?[^，。？?您你]{0,12}?"
    r"(?:检索|搜索|查阅|查一下|查询|查找|查看|翻阅|翻一下|看一下|核对一下)"
    r"|我(?:可以|能)(?:同时)?(?:给出|提供)两个"
    # offers and the agent's own plan: 您是否希望我直接提供…, 您是否愿意让我给出…, 我可以先列出…然后请您选择
    # (an offer to give a figure, 要不要我直接给出2023年的数值, is judged by the figure it offers)
    r"|(?:是否|要不要|需不需要|需要|想要|希望)(?:希望|愿意|同意)?(?:让|由)?我(?:来|先|再|直接)?(?:估算|计算|查找|检索|搜索|核对|汇总|去查)"
    r"|(?:愿意|同意|接受)(?:让|由)我"
    r"|我(?:可以|能|将|会|先)(?:先|再)?(?:列出|列举|估算|计算)"
    r"|我(?:可以|能)(?:用|使用|采用|引用|根据|依据|基于)[^，。？?]{0,24}(?:资料|信息|知识|数据库|记忆)"
    # an offer to give both figures is about the agent's answer, not the user's intent ("Should I give both the
    # original and the restated figure?", 需要我把两个数都给您吗, 需要我同时给出两个数吗)
    r"|(?:^|,)\s*(?:should|shall|can|may|could)\s+i\s+(?:just\s+|also\s+|simply\s+)?(?:give|provide|show|report|list"
    r"|present|quote|send|return)\s+(?:you\s+)?both\b|(?:would you like|do you want|shall)\s+me\s+to\s+(?:give|provide"
    r"|show|report|list|present|quote|send)\s+(?:you\s+)?both\b"
    r"|需要我[^，。？?]{0,24}?(?:两个|两种|两组|两套|2个)[^，。？?]{0,8}?都?(?:给|提供|列|报)|需要我同时(?:给出|提供|列出|报告|给)"
    # how the agent gets the figure, not which figure: "should I calculate EBITDA myself from the income
    # statement?", "我应该先在年报中搜索…吗", "我可以用年报里…表格的数据吗"
    r"|(?:^|,)\s*(?:should|shall|can|may|could|do i need to)\s+i\s+(?:\w+\s+)?(?:calculate|compute|derive|work out|reconstruct"
    r"|rebuild|build|estimate|sum|add up|recalculate|recompute|piece together)\b[^?]*?(?:\bmyself\b|\bby hand\b"
    r"|\bmanually\b|\bon my own\b|\bfrom (?:the |its |their )?(?:income statements?|cash[- ]flow statements?"
    r"|balance sheets?|financial statements|statements|10-?[kq]s?|filings?|notes?|tables?|quarterly (?:reports|filings"
    r"|data)|components|line items|segment (?:note|table)))"
    r"|我(?:应该|应|需要|要不要|是否需要|是否应该|是否要)(?:先|再)?(?:去|在|到)?[^，。？?]{0,12}?"
    r"(?:检索|搜索|查阅|查找|查看|查一下|查询|(?<![审核调检])查)"
    r"|我(?:可以|能|能否|可否)(?:直接)?(?:用|使用|采用|引用)[^，。？?]{0,24}(?:表格?|附注|数据|公告)", re.I)
_TAG = re.compile(r"(?:,|，)?\s*(?:right|correct|is that right|is that correct|am i right"
                  r"|对吗|是吗|对不对|是不是|没错吧|是吧)"
                  r"\s*[?？]?\s*$", re.I)
_NEG_STATEMENT = [
    (re.compile(r"\b(?:do not|don't)\s+want\s+(.+?)\s+(?:to be\s+)?(?:included|counted)\b", re.I), r"want \1 excluded"),
    (re.compile(r"\b(?:shouldn't|should not|won't|will not|isn't|aren't|is not|are not)\s+(?:be\s+)?"
                r"(?:included|counted|count)\b", re.I), "be excluded"),
]


#: polite fillers that carry a negation character but negate nothing ("不好意思打扰一下")
_POLITE_ZH = re.compile(r"不好意思|打扰(?:您|你)?(?:一下)?了?|麻烦(?:您|你)?")


def clean_question(text: str) -> str:
    """The question without markdown, yes/no wrappers ("(please answer yes or no)") and polite fillers."""
    s = _MARKDOWN.sub(" ", text)
    s = _YESNO_WRAPPER.sub(" ", s)
    s = _POLITE_ZH.sub(" ", s)
    return re.sub(r"\s+", " ", s).strip()


# ----------------------------------------------------------------- the question within a longer message
_ABBREV = {"inc", "co", "corp", "ltd", "vs", "no", "approx", "est", "incl", "excl", "e.g", "i.e", "u.s", "etc", "mr",
           "ms", "dr", "st", "fig", "p", "pp"}
_INTERROGATIVE_END = re.compile(r"(?:[?？]|[吗呢么嘛]|(?<![a-z])(?:right|correct|ok|okay))\s*[)）\]\"'”]*\s*$", re.I)


def _sentences(text: str) -> list[str]:
    """`text` cut into sentences and list items (line breaks, . ! ? 。！？), abbreviations and decimals kept."""
    out: list[str] = []
    for line in re.split(r"\n+", text):
        line = _MARKDOWN.sub(" ", line).strip()
        start = 0
        for m in re.finditer(r"[?？!！。\u2047]+|\.(?=\s)", line):
            if m.group(0) == ".":
                word = re.search(r"(?:^|(?<=[\s.(]))([a-z.]+)$", line[start:m.start()].lower())
                if word is not None and (word.group(1).strip(".") in _ABBREV or len(word.group(1).strip(".")) == 1):
                    continue  # "Co.", "vs.", "U.S.", an initial
            out.append(line[start:m.end()].strip())
            start = m.end()
        out.append(line[start:].strip())
    return [s for s in out if s.strip(" :：-")]


def question_focus(text: str) -> tuple[str, str | None]:
    """The part of a message that asks the user something, and the sentence just before it.

    Agents often put findings before the question ("The 10-K shows basic EPS of $2.87 and diluted EPS of
    $2.41. Is the diluted figure what you want?", a markdown list of both figures, "fiscal 2023 revenue was
    $X, but ...") : what is judged is the question, not the preamble, which may name every reading. The
    question is the sentences that end as questions (?, 吗, a yes/no wrapper, a tag such as "right?"); a
    message without one is judged whole. The preceding sentence is returned for a question that only
    points back at it ("I can compute TTM revenue instead. Would that be what you need?").
    """
    units = _sentences(_YESNO_WRAPPER.sub(" \u2047 ", text))  # a wrapper marks its sentence as a question
    asks = [i for i, u in enumerate(units) if _INTERROGATIVE_END.search(u.replace("\u2047", "?"))]
    units = [u.replace("\u2047", " ").strip() for u in units]
    if len(units) <= 1 or not asks or len(asks) == len(units):
        return text, None
    focus = " ".join(units[i] for i in asks if units[i])
    referent = units[asks[0] - 1] if asks[0] > 0 and asks[0] - 1 not in asks else None
    return focus, referent


_NEG_AUX = {"isn't": "is", "aren't": "are", "wasn't": "was", "weren't": "were", "doesn't": "does", "don't": "do",
            "didn't": "did", "won't": "will", "wouldn't": "would", "shouldn't": "should", "can't": "can",
            "couldn't": "could", "hasn't": "has", "haven't": "have"}
_NEG_INTERROGATIVE = re.compile(
    r"^(\s*(?:(?:so|and|but|then|well|ok|okay|just to (?:check|confirm)|to confirm)\s*,?\s*)?)"
    r"(isn't|aren't|wasn't|weren't|doesn't|don't|didn't|won't|wouldn't|shouldn't|can't|couldn't|hasn't|haven't"
    r"|(?:is|are|was|does|do|did|should|would)(?=\s+(?:it|this|that|you|they|we)\s+not\b))\b"
    r"(\s+(?:it|this|that|you|they|we))?(\s+not\b)?", re.I)


def positive_form(text: str) -> str:
    """An English negative question put as its positive ("Isn't it the diluted figure you need?" → "is it the
    diluted figure you need?"): such questions ask whether the proposition holds, and are answered so ("Don't
    you want the full-year figure?" is answered "no" by a user who wants a quarter). Other text is returned
    unchanged (a bare "Not on a gross basis?" stays negated: yes and no are ambiguous there)."""
    def repl(m: re.Match[str]) -> str:
        aux = m.group(2)
        positive = _NEG_AUX.get(aux.lower(), aux)
        if aux[:1].isupper():
            positive = positive[:1].upper() + positive[1:]
        return f"{m.group(1)}{positive}{m.group(3) or ''}"
    return _NEG_INTERROGATIVE.sub(repl, text.replace("’", "'"), count=1)


_NEG_ACTION_EN = re.compile(
    r"^(\s*(?:(?:so|and|but|then|ok|okay)\s*,?\s*)?(?:should|shall|can|could|may|must|do|would)\s+i)\s+not\s+(?=[a-z])",
    re.I)
_NEG_ACTION_ZH = re.compile(r"^(\s*(?:我们?)?(?:是不是|是否)?)(不应该|不应|不该|不用|不必|无需|不需要|不要)(?=\S)")
_ZH_POSITIVE = {"不应该": "应该", "不应": "应该", "不该": "应该", "不用": "要", "不必": "要", "无需": "需要", "不需要": "需要",
                "不要": "要"}


def negated_action(text: str) -> str | None:
    """The positive form of a question that negates the agent's own action ("Should I not limit this to the
    owned hotels?" -> "Should I limit this to the owned hotels?", "我是不是不应该把少数股东损益算进去？" ->
    "我是不是应该把少数股东损益算进去？"), or None. Such a question proposes *not* doing it, so its answer is the
    positive's answer reversed. ("Should we not include…?" and "Shouldn't I…?" are read as rhetorical, like
    "Don't you want…?": see `positive_form`.)"""
    m = _NEG_ACTION_EN.search(text)
    if m is not None:
        return m.group(1) + " " + text[m.end():]
    m = _NEG_ACTION_ZH.search(text)
    if m is not None:
        return m.group(1) + _ZH_POSITIVE[m.group(2)] + text[m.end():]
    return None


_NEG_STATEMENT_EN = re.compile(
    r"^\s*(?:(?:so|and|ok|okay|just to (?:check|confirm)|to confirm)\s*[,:]?\s*)?"
    r"(?:(?P<subj>you(?:'re| are)|we(?:'re| are)|it(?:'s| is)|this(?:'s| is)|that(?:'s| is))\s+not"
    r"|(?P<who>you|we)\s+(?:don't|do not)|not)\s+(?P<rest>.+?)[\s,—–-]*"
    r"(?:right|correct|is that (?:right|correct)|am i right)\s*[?.]?\s*$", re.I)


def negated_statement(text: str) -> str | None:
    """The positive proposition of a negated statement put for confirmation ("You're not looking for the
    company-wide total, right?" -> "Are you looking for the company-wide total?", "So not the full year ended
    June 30, 2024 — correct?" -> "The full year ended June 30, 2024?"), or None. "Right?" confirms the
    statement, so its answer is the positive's answer reversed; a question tag such as "do you?" asks the
    positive itself and is not handled here."""
    m = _NEG_STATEMENT_EN.search(text.replace("’", "'"))
    if m is None:
        return None
    rest = m.group("rest").strip()
    if m.group("subj"):
        subject = m.group("subj").replace("'re", " are").replace("'s", " is").split()
        return f"{subject[1]} {subject[0]} {rest}?"
    if m.group("who"):
        return f"do {m.group('who')} {rest}?"
    return f"{rest}?"


def is_tag_statement(text: str) -> bool:
    """"So minority interests shouldn't be counted, right?": a statement put for confirmation."""
    return bool(_TAG.search(text))


def negations_as_exclusions(text: str) -> str:
    """In a tag statement, "don't want X included" / "X shouldn't be counted" say X is excluded."""
    for pattern, repl in _NEG_STATEMENT:
        text = pattern.sub(repl, text)
    return text


def is_open_question(text: str) -> bool:
    """A question that asks for something other than yes or no ("Which year do you want?", "哪个口径？")."""
    return bool(_OPEN_START.search(text) or _OPEN_EMBEDDED.search(text))


def is_off_intent(text: str) -> bool:
    """A request about the agent's own process, not the user's intent ("May I search again?")."""
    return bool(_OFF_INTENT.search(normalise(text)))


_ALT = re.compile(r"(?<![a-z])or(?![a-z])|还是|或者|或是|抑或|(?<!或)或(?![者是])")
_NOT_ALT = re.compile(r"(?<![a-z])(?:or not|or something else|or otherwise|or anything else|or so)(?![a-z])"
                      r"|还是别的|还是其他")


#: what sets the other reading aside: "X rather than Y", "X (not Y)", "X，而不是Y"
_SET_ASIDE = re.compile(
    r"(?<![a-z])(?:rather than|instead of|as opposed to|in place of)(?![a-z])"
    r"|(?:[(（]|[,，;；—–]\s*|\s-\s)(?:and\s+|but\s+)?not(?![a-z])(?!\s+necessarily)"
    r"|而不是|而非|并非|[，,（(]\s*(?:而)?(?:不是|非(?!经常|公认|控股|流动|现金|标准|gaap))(?=[\u4e00-\u9fff“\"a-z])")


def split_set_aside(text: str) -> tuple[str, str | None]:
    """The question without what it sets aside, and what it sets aside ("Do you want GAAP net income rather than
    adjusted EBITDA?" -> ("Do you want GAAP net income?", "adjusted EBITDA")); (text, None) when nothing is. An
    aside opened inside parentheses ends at the closing one ("growth in net income (not EPS) for 2023?")."""
    m = _SET_ASIDE.search(text)
    if m is None:
        return text, None
    opened = m.group(0).lstrip()[:1] in "(（"
    if opened:
        close = re.search(r"[)）]", text[m.end():])
        end = m.end() + close.start() if close else len(text)
        rest = text[end + 1:] if close else ""
    else:
        stop = re.search(r"[?？。!！]", text[m.end():])
        end = m.end() + stop.start() if stop else len(text)
        rest = text[end:]
    aside = text[m.end():end].strip(" ,，;；:：—–-\"'“”")
    main = (text[:m.start()] + (" " if opened else "") + rest).strip()
    return (main, aside) if aside else (text, None)


#: words that open examples ("e.g.", "such as", 例如); inside parentheses also "like", "say", 如, 像
_EXAMPLE_WORDS = r"(?:e\.?g\.?,?|for example,?|for instance,?|such as|例如|比如|譬如)"
_EXAMPLE_PAREN = re.compile(rf"[(（]\s*(?:{_EXAMPLE_WORDS}|eg|say|like|像是?|如)[,:：，\s]*[^()（）]*[)）]", re.I)
_EXAMPLE_TAIL = re.compile(rf"(?:[,，]\s*|\s+|(?<=[\u4e00-\u9fff])){_EXAMPLE_WORDS}\s*[^?？,，;；()（）]*", re.I)
_EXAMPLE_SENTENCE = re.compile(rf"^\W*(?:{_EXAMPLE_WORDS}|like(?![a-z]))", re.I)


def is_example_sentence(text: str) -> bool:
    """"例如，2020年或2021年？", "For example, 2022?": a sentence that only gives examples (of what the question before
    it asks for)."""
    return bool(_EXAMPLE_SENTENCE.match(text))


#: examples that are periods ("latest disclosed period (e.g. the latest year or the interim)") may be the choice itself
_EXAMPLE_OF_PERIOD = re.compile(_en(r"years?", r"quarters?", r"annual", r"interim", r"months?", r"ttm", r"ytd", r"half")
                                + r"|年度|季度|中期|半年|年报|季报|月")
#: what makes a period generic ("a *specific* fiscal year", 某个特定年份), not "the latest fiscal year (e.g. 2023)"
_GENERIC_SPECIFIC = re.compile(_en(r"specific", r"particular", r"certain", r"given") + r"|特定|具体|指定|某")


def drop_examples(text: str) -> str:
    """`text` without the examples it gives of "a specific period" ("a specific fiscal year (e.g. 2022, 2021)?",
    "a specific time period, such as the most recent quarter or year?", 某个指定历史年份（例如2022年或2021年）): the
    question asks whether the user has one period in mind, and the examples illustrate it. Examples of anything
    else are kept, and so is a text whose examples follow no "specific period"."""
    out = text
    for pattern in (_EXAMPLE_PAREN, _EXAMPLE_TAIL):
        out = pattern.sub(lambda m: " " if _generic_period_before(normalise(m.string[:m.start()])) else m.group(0), out)
    return re.sub(r"\s+", " ", out).strip()


def _generic_period_before(head: str) -> bool:
    clause = re.split(r"[,;，；。]", head)[-1]
    return bool(_SPECIFIC_PERIOD.search(clause) and _GENERIC_SPECIFIC.search(clause) and not _LATEST.search(clause))


#: "a specific quarter or year", "a specific time period or event", 特定年份或季度: one proposition (the user has one
#: particular period in mind), not a choice between the period types it lists
_SPECIFIC_CHOICE = re.compile(
    r"(?<![a-z])(?:specific|particular|certain|given)\s+(?:fiscal |calendar |reporting )?(?:year|quarter|period|time period"
    r"|time ?frame|date|month)s?\s*,?\s*(?:or|and/or)\s+(?:a |an |one )?(?:specific |particular )?(?:fiscal |calendar "
    r"|reporting )?(?:year|quarter|period|time period|time ?frame|event|date|month)s?(?![a-z])"
    r"|(?:特定|具体|指定)的?(?:年份|年度|季度|报告期|时期|期间|财年|会计年度)\s*(?:或者?|还是|/|、)\s*(?:某个|某一|特定的?|具体的?)?"
    r"(?:年份|年度|季度|报告期|时期|期间|财年|会计年度)", re.I)


_NEGATED_LIST = re.compile(rf"({NOT_SPECIFYING}|不含|不包括|不包含|剔除)([^，。？?,;；或和及、]{{1,12}})"
                           r"(?:或者?|和|及|、)([^，。？?,;；）)或和及、]{1,12})")


def distribute_negation(text: str) -> str:
    """"不特别指明归属或扣非" -> "不特别指明归属，不特别指明扣非": a negation governs every item of its list (the
    clause reader stops at 或)."""
    return _NEGATED_LIST.sub(lambda m: f"{m.group(1)}{m.group(2)}，{m.group(1)}{m.group(3)}", text)


def merge_specific_choices(text: str) -> str:
    """ "a specific quarter or year" -> "a specific period" (see `_SPECIFIC_CHOICE`)."""
    return _SPECIFIC_CHOICE.sub(lambda m: "specific period" if m.group(0)[:1].isascii() else "特定期间", text)


def split_alternatives(text: str) -> list[str]:
    """The alternatives of a choice question ("GAAP or adjusted?"); one item when there is no choice."""
    norm = normalise(text)
    # "the past 5 or 10 years", "2021 or 2022": numbers of one proposition, not a choice between readings
    norm = re.sub(r"(?<!\d)(\d{1,2})\s*(?:or|或)\s*(?=\d{1,2}(?!\d))", r"\1/", norm)
    # examples in parentheses ("by segment (e.g. Aviation or Power)", （比如“浦东机场”或“虹桥机场”）) list instances of one
    # proposition, not a choice put to the user (a negated list, 不特别指明归属或扣非, is split by `distribute_negation`)
    norm = _EXAMPLE_PAREN.sub(lambda m: m.group(0) if _EXAMPLE_OF_PERIOD.search(m.group(0)) else _ALT.sub(",", m.group(0)),
                              norm)
    if _NOT_ALT.search(norm):
        return [_NOT_ALT.sub(" ", norm)]
    parts = [p for p in _ALT.split(norm) if p.strip(" ,，?？")]
    return parts if len(parts) > 1 else [norm]
