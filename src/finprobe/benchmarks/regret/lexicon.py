"""Words that name the kinds of latent variables CIGs use, for grounding free-form questions.

Keys are variable names (as converters write them); each lists the words an assistant uses when it asks
about that dimension ("which year", "what edition", "which country"). A CIG variable's own name and
description are always used too, so an unknown variable name still works (by its name and values)."""

from __future__ import annotations

VARIABLE_WORDS: dict[str, tuple[str, ...]] = {
    "year": ("year", "years", "decade", "era", "when", "date", "dated", "vintage", "timeframe", "time", "period",
             "cycle",
             "version", "release", "released", "edition", "season", "recent", "latest", "earlier", "older", "newer",
             "nineties", "eighties", "seventies", "sixties", "current", "production"),
    "period": ("period", "time", "era", "years", "span", "when", "timeframe", "during", "date", "stage", "phase"),
    "season": ("season", "seasons", "part", "year", "latest", "newest", "recent", "current", "new", "previous",
               "earlier", "later"),
    "episode": ("episode", "episodes", "installment", "part"),
    "ordinal": ("first", "second", "third", "last", "latest", "original", "new", "newest", "recent", "number",
                "one", "which", "edition", "installment", "generation", "sequel", "current", "previous", "past",
                "former", "incumbent", "predecessor", "prior", "earlier", "later", "oldest"),
    "medium": ("film", "movie", "series", "show", "tv", "television", "book", "novel", "musical", "play", "song",
               "album", "game", "version", "adaptation", "format", "medium", "media", "broadway", "stage",
               "comic", "anime", "manga", "cartoon", "miniseries", "sitcom", "remake", "reboot", "original", "lp",
               "record",
               "single", "singles", "albums", "production", "stage", "theatre", "theater"),
    "place": ("where", "place", "location", "country", "countries", "city", "state", "region", "area", "nation",
              "province", "county", "town", "located", "jurisdiction", "located"),
    "role": ("character", "role", "part", "played", "plays", "playing", "who", "person", "actor", "actress",
             "voice", "cast"),
    "artist": ("artist", "singer", "band", "performer", "perform", "group", "musician", "sung", "sings", "sang",
               "cover", "recording", "recorded", "original", "version"),
    "person": ("person", "who", "whom", "individual", "people", "figure", "scientist", "member", "name"),
    "version": ("version", "edition", "release", "variant", "one", "adaptation", "iteration", "remake"),
    "gender": ("men", "women", "mens", "womens", "male", "female", "boys", "girls", "gender", "ladies"),
    "competition": ("competition", "tournament", "sport", "league", "event", "cup", "championship", "contest"),
    "platform": ("platform", "console", "system", "device", "pc", "playstation", "xbox", "nintendo", "mac", "computer",
                 "operating"),
    "language": ("language", "languages", "english", "dub", "dubbed", "translation", "version", "region", "release"),
    "criterion": ("measure", "measured", "criterion", "metric", "terms", "area", "population", "size",
                  "counting", "count", "ranking", "ranked", "seat", "seats", "seating", "biggest", "largest"),
    "aspect": ("aspect", "sense", "meaning", "part", "kind", "respect", "regard", "perspective"),
    # product search (PSCon)
    "brand": ("brand", "brands", "make", "manufacturer", "maker", "company", "label"),
    "colour": ("colour", "color", "colours", "colors", "shade", "finish"),
    "size": ("size", "sizes", "big", "small", "large", "capacity", "dimensions", "how", "litre", "liter",
             "inch", "inches", "cubic", "storage", "memory", "gb", "tb", "ram",
             # a capacity asked by its unit or by what the item holds ("How many ounces should it hold?")
             "litres", "liters", "ounce", "ounces", "oz", "ml", "millilitres", "milliliters", "gallon", "gallons",
             "quart", "quarts", "pints", "hold", "holds", "volume", "vram"),
    "price_band": ("price", "budget", "cost", "spend", "expensive", "cheap", "range", "afford", "dollars"),
    "product_type": ("type", "kind", "style", "model", "category", "sort"),
    "material": ("material", "made", "fabric", "steel", "plastic", "wood"),
    # financial (FinInteract)
    "entity": ("entity", "company", "segment", "division", "business", "unit", "consolidated", "group",
               "subsidiary", "scope", "whole", "parent", "shareholders", "attributable"),
    "metric": ("metric", "measure", "definition", "defined", "basic", "diluted", "recurring", "exclude", "excluding",
               "include", "including"),
    "basis": ("basis", "gaap", "non", "adjusted", "reported", "ifrs", "accounting", "pro", "forma", "organic",
              "constant", "currency"),
    "vintage": ("vintage", "restated", "original", "filing", "filed", "amended", "report", "version",
                "as-reported", "restatement"),
    # a dimension no converter writes yet: named here so a question about it is recognised as about it
    # ("US dollars or another currency?" asks the currency, not the accounting basis)
    "currency": ("currency", "currencies", "dollars", "dollar", "usd", "euros", "euro", "eur", "yen", "pounds",
                 "sterling", "rmb", "yuan", "renminbi", "denominated", "converted", "conversion", "exchange"),
}

#: kinds of variables that ask about nearly the same thing (which occurrence in time; which work; which person):
#: a question worded for one of them is not about a dimension "missing" from a CIG that has another of them
RELATED_DIMENSIONS: tuple[frozenset[str], ...] = (
    frozenset({"year", "period", "season", "episode", "ordinal", "vintage", "version"}),
    frozenset({"medium", "version", "platform"}),
    frozenset({"role", "person", "artist"}),
    frozenset({"price_band", "currency"}),
)

#: words of VARIABLE_WORDS that are values of the dimension, not names of it: "the film or the series?" offers
#: media, "which medium?" names the dimension. A value word seen once is context ("which year's song?"),
#: two dimensions named are two questions ("which brand and colour?").
VALUE_WORDS: frozenset[str] = frozenset("""
film movie series show tv television book novel musical play song album game comic anime manga cartoon miniseries
sitcom remake lp record single singles albums broadway stage theatre theater original reboot
men women mens womens male female boys girls ladies
pc playstation xbox nintendo mac computer english dub dubbed
first second third last latest new newest recent current previous past former earlier later oldest older newer
nineties eighties seventies sixties
steel plastic wood gaap non adjusted reported ifrs pro forma organic constant basic diluted recurring
consolidated segment division subsidiary parent whole restated amended as-reported
big small large expensive cheap dollars dollar usd euros euro eur yen pounds sterling rmb yuan renminbi
""".split())

#: Chinese words an assistant uses to ask about each kind of variable ("哪一年的版本？", "哪个赛季？", "第四季度还是
#: 全年？"). Chinese is written without spaces, so each is found as a substring of the question; none is a single
#: character that also occurs inside unrelated words (not 年 alone, which is in 年报 and 全年; not 色, in 角色).
VARIABLE_WORDS_ZH: dict[str, tuple[str, ...]] = {
    "year": ("哪一年", "哪年", "哪个年", "年份", "年代", "什么时候", "何时", "时间", "日期", "版本", "赛季", "哪一届",
             "最新", "最近", "早期", "哪一版"),
    "period": ("季度", "全年", "年度", "财年", "半年", "期间", "时期", "哪个月", "月份", "哪一期", "报告期"),
    "season": ("赛季", "哪一季", "第几季", "哪季", "第几集", "哪一集", "哪集"),
    "episode": ("第几集", "哪一集", "哪集", "集数"),
    "ordinal": ("第几", "哪一届", "哪一任", "哪届", "哪任", "第一", "最新", "上一", "前任", "现任", "第一任",
                "最近", "最早", "最后"),
    "medium": ("电影", "电视剧", "电视", "影视", "小说", "书籍", "原著", "音乐剧", "舞台剧", "话剧", "动画", "动漫", "漫画",
               "游戏", "歌曲", "专辑", "媒介", "形式", "改编", "翻拍", "剧集"),
    "place": ("哪里", "哪儿", "地方", "地点", "地区", "国家", "城市", "省份", "哪个州", "哪个省", "区域", "位置"),
    "role": ("角色", "人物", "扮演", "饰演", "配音", "演员"),
    "artist": ("歌手", "艺人", "乐队", "演唱", "原唱", "翻唱", "歌星", "组合"),
    "person": ("哪位", "谁", "人物", "哪个人"),
    "version": ("版本", "哪一版", "改编", "翻拍"),
    "gender": ("男子", "女子", "男性", "女性", "男子组", "女子组", "男篮", "女篮", "男足", "女足", "男排", "女排",
               "男单", "女单", "男团", "女团", "男款", "女款"),
    "competition": ("比赛", "联赛", "锦标赛", "杯赛", "赛事"),
    "platform": ("平台", "主机", "系统", "设备"),
    "language": ("语言", "语种", "英语", "中文", "配音版", "译本"),
    "criterion": ("衡量", "标准", "按照", "指标", "口径"),
    "brand": ("品牌", "牌子", "厂商", "厂家"),
    "colour": ("颜色", "配色", "色调"),
    "size": ("尺寸", "大小", "容量", "尺码", "内存", "存储", "多大", "显存", "多少升", "多少毫升", "几寸", "多少寸"),
    "price_band": ("价格", "预算", "价位", "多少钱"),
    "product_type": ("类型", "款式", "型号", "种类"),
    "material": ("材质", "材料", "面料"),
    "entity": ("合并", "母公司", "分部", "集团", "子公司", "主体", "口径", "业务"),
    "metric": ("指标", "口径", "定义", "基本", "稀释"),
    "basis": ("准则", "调整", "公认会计", "非公认", "经调整", "可比"),
    "vintage": ("重述", "更正", "原始", "修订", "原版", "原报"),
    "currency": ("货币", "币种", "美元", "人民币", "港元", "欧元", "日元", "汇率", "换算"),
}

#: the same value in English and in Chinese, for a question asked in one language about a CIG whose values are
#: written in the other ("日本还是美国？" offers the values Japan and United States; "a gross or a net basis?" offers
#: 总额法 and 净额法). Each pair is (English words, Chinese word); a value containing either side is glossed by the
#: other. Only names of places and terms of the financial dimensions that converters write.
VALUE_GLOSSES: tuple[tuple[str, str], ...] = (
    ("united states", "美国"), ("usa", "美国"), ("america", "美国"), ("north america", "北美"), ("japan", "日本"),
    ("china", "中国"), ("united kingdom", "英国"), ("uk", "英国"), ("britain", "英国"), ("england", "英格兰"),
    ("france", "法国"), ("germany", "德国"), ("italy", "意大利"), ("spain", "西班牙"), ("canada", "加拿大"),
    ("australia", "澳大利亚"), ("india", "印度"), ("korea", "韩国"), ("south korea", "韩国"), ("russia", "俄罗斯"),
    ("brazil", "巴西"), ("mexico", "墨西哥"), ("europe", "欧洲"), ("asia", "亚洲"), ("hong kong", "香港"),
    ("taiwan", "台湾"), ("singapore", "新加坡"), ("netherlands", "荷兰"), ("sweden", "瑞典"),
    ("new zealand", "新西兰"), ("ireland", "爱尔兰"), ("scotland", "苏格兰"), ("argentina", "阿根廷"),
    ("net", "净额"), ("gross", "总额"), ("agent", "代理人"), ("principal", "主要责任人"),
    ("consolidated", "合并"), ("parent", "母公司"), ("restated", "重述"), ("adjusted", "调整"),
    ("basic", "基本"), ("diluted", "稀释"),
)
