"""Writes invented-demo-author.grader.jsonl: realistic final answers with hand-decided labels (see README.md).

Labels are decided by hand, per value and per answer shape, from the definitions (DESIGN §2/§4 and issue 7),
never by running the grader:
- each value string below carries a relation written by hand: "A" (states the intended answer A: within 1%
  and equal at the coarser stated precision), "A!" (A at A's full stated precision), "D" / "D!" the same for
  the default answer A_d, "X" (neither: wrong scale, outside 1%, a different figure at its precision);
- each answer shape says what it adds: a neutral wrapper, a comparison figure (context), a wrong year label
  (a match only at full precision: `year_label_conflict`), both readings' values (a hedge: wrong against
  both), or no value (non-committal: wrong).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[3] / "src/finprobe/benchmarks/ambiguity/data/labelled/invented-demo-author.grader.jsonl"

# instance id -> (neutral sentence templates, year-wrong template or None, hedge template, values)
EN_NEUTRAL = [
    ("plain", "{v}"),
    ("sentence", "{subject} was {v} in {year}."),
    ("markdown", "**Answer:** {v}\n\nThis is taken from the {source}."),
    ("approx", "Approximately {v}."),
    ("buried", "Based on the {source}, the figure you are looking for is {v}. Note that other measures in the "
               "filing differ, so make sure this matches your use."),
    ("list", "- Metric: {metric}\n- Period: {year}\n- **Value: {v}**"),
    ("bold_inline", "The answer is **{v}** ({year})."),
]
ZH_NEUTRAL = [
    ("plain", "{v}"),
    ("sentence", "{subject}{year}为{v}。"),
    ("markdown", "**答案：{v}**\n\n数据来源：{source}。"),
    ("approx", "约{v}。"),
    ("buried", "根据{source}披露的数据，您要找的数字是{v}，请注意不同口径的数字有所不同。"),
    ("list", "- 指标：{metric}\n- 期间：{year}\n- **数值：{v}**"),
]

INSTANCES = [
    dict(id="amb-demo-001", lang="en", subject="Wholesale Distribution segment operating income", year="fiscal 2023",
         wrong_year="fiscal 2022", metric="operating income", source="segment note of the 10-K",
         a="$538.9 million", d="$412.6 million",
         values=[("$538.9 million", "A!"), ("$538.9M", "A!"), ("$0.54 billion", "A"), ("about $539 million", "A"),
                 ("$538,900 thousand", "A!"), ("$541 million", "X"), ("$412.6 million", "D!"), ("$413 million", "D"),
                 ("538.9", "X"), ("$538.9 billion", "X")],
         compare="{v}, up from $481.2 million in fiscal 2022"),
    dict(id="amb-demo-004", lang="zh", subject="青岚精密归母扣非净利润", year="2023年", wrong_year="2022年",
         metric="扣除非经常性损益后的归母净利润", source="2023年年度报告", a="3.21亿元", d="4.15亿元",
         values=[("3.21亿元", "A!"), ("3.2亿元", "A"), ("32,100万元", "A!"), ("321,000,000元", "A!"),
                 ("3.21亿", "A!"), ("321百万元", "A!"), ("4.15亿元", "D!"), ("4.2亿元", "X"), ("3.21万元", "X"),
                 ("3.3亿元", "X")],
         compare="{v}，较上年的2.87亿元增长11.8%"),
    dict(id="amb-demo-006", lang="en", subject="Harborlight Media's non-GAAP operating income", year="fiscal 2023",
         wrong_year="fiscal 2022", metric="non-GAAP operating income", source="earnings release reconciliation",
         a="$305.4 million", d="$188.9 million",
         values=[("$305.4 million", "A!"), ("$305M", "A"), ("$0.31 billion", "X"), ("$305.40 million", "A!"),
                 ("$188.9 million", "D!"), ("$189 million", "D"), ("$304.1 million", "X"), ("USD 305.4 mn", "A!")],
         compare="{v}, compared with $271.0 million a year earlier"),
    dict(id="amb-demo-007", lang="en", subject="Diluted EPS", year="fiscal 2023", wrong_year="fiscal 2022",
         metric="diluted EPS", source="income statement", a="$2.41", d="$2.87",
         values=[("$2.41", "A!"), ("$2.41 per diluted share", "A!"), ("$2.4", "A"), ("$2.87", "D!"),
                 ("$2.9", "X"), ("$2.44", "X"), ("2.41 dollars", "A!")],
         compare="Net income was $312.5 million, or {v}", compare_unsure=True),
    dict(id="amb-demo-010", lang="zh", subject="北辰物流稀释每股收益", year="2023年", wrong_year="2022年",
         metric="稀释每股收益", source="年度报告主要会计数据", a="0.86元", d="0.97元",
         values=[("0.86元", "A!"), ("0.86元/股", "A!"), ("人民币0.86元", "A!"), ("0.97元", "D!"), ("0.9元", "X"),
                 ("0.87元", "X")],
         compare="{v}，上年同期为0.79元"),
    dict(id="amb-demo-012", lang="en", subject="Q4 2023 subscription revenue", year="Q4 2023",
         wrong_year="Q4 2022", metric="subscription revenue", source="quarterly data in the 10-K",
         a="$96.7 million", d="$352.0 million",
         values=[("$96.7 million", "A!"), ("$97 million", "A"), ("$96.7M", "A!"), ("$352.0 million", "D!"),
                 ("$352 million", "D"), ("$0.35 billion", "D"), ("$9.67 million", "X"), ("$98.1 million", "X")],
         compare="{v}, up 8% from $89.5 million in Q4 2022"),
    dict(id="amb-demo-015", lang="zh", subject="北辰物流第四季度营业收入同比增长率", year="2023年第四季度",
         wrong_year="2022年第四季度", metric="营业收入同比增长率", source="季度财务数据", a="18.6%", d="9.2%",
         values=[("18.6%", "A!"), ("18.60%", "A!"), ("0.186", "A!"), ("19%", "X"), ("9.2%", "D!"), ("9%", "X"),
                 ("18.4%", "X")],
         compare="第四季度营业收入为9.87亿元，同比增长{v}（上年同期8.32亿元）"),
    dict(id="amb-demo-016", lang="en", subject="Net marketplace revenue", year="fiscal 2023",
         wrong_year="fiscal 2022", metric="marketplace revenue (net)", source="revenue recognition note",
         a="$214.5 million", d="$1,870.2 million",
         values=[("$214.5 million", "A!"), ("$214.5M", "A!"), ("$215 million", "A"), ("$1,870.2 million", "D!"),
                 ("$1.87 billion", "D"), ("$1.9 billion", "X"), ("$21.45 million", "X"), ("$2.145 billion", "X")],
         compare="{v}, compared with gross merchandise value of $1,870.2 million", compare_names_other=True),
    dict(id="amb-demo-019", lang="zh", subject="海川新能源贸易业务收入（净额法）", year="2023年", wrong_year="2022年",
         metric="贸易业务收入", source="收入确认政策附注", a="3.26亿元", d="27.90亿元",
         values=[("3.26亿元", "A!"), ("32,600万元", "A!"), ("3.3亿元", "X"), ("27.90亿元", "D!"), ("27.9亿元", "D"),
                 ("28亿元", "D"), ("3.26万元", "X")],
         compare="{v}，按总额法计算则为27.90亿元", compare_is_hedge=True),
    dict(id="amb-demo-022", lang="en", subject="Total assets", year="December 31, 2023",
         wrong_year="December 31, 2022", metric="total assets", source="amended 10-K/A balance sheet",
         a="$8.42 billion", d="$8.77 billion",
         values=[("$8.42 billion", "A!"), ("$8,420 million", "A!"), ("$8.4 billion", "A"), ("$8.8 billion", "D"),
                 ("$8.77B", "D!"), ("$8.45 billion", "X"), ("$842 million", "X")],
         compare="{v}, down from $8.77 billion as originally filed", compare_names_other=True),
    dict(id="amb-demo-025", lang="zh", subject="海川新能源2022年末总资产（更正后）", year="2022年末",
         wrong_year="2021年末", metric="总资产", source="会计差错更正公告", a="152.30亿元", d="158.90亿元",
         values=[("152.30亿元", "A!"), ("152.3亿元", "A"), ("152亿元", "A"), ("1.523万亿元", "X"), ("158.90亿元", "D!"),
                 ("158.9亿元", "D"), ("155.6亿元", "X")],
         compare="{v}，较更正前的158.90亿元减少6.60亿元", compare_names_other=True),
    dict(id="fx-en-03", lang="en", subject="Net sales", year="fiscal 2023 (ended February 3, 2024)",
         wrong_year="fiscal 2022", metric="net sales", source="annual report", a="$8,912.7 million",
         d="$2,745.3 million",
         values=[("$8,912.7 million", "A!"), ("$8.91 billion", "A"), ("$8.9 billion", "A"), ("$2,745.3 million", "D!"),
                 ("$2.75 billion", "D"), ("$8.79 billion", "X")],
         compare="{v}, up 3.1% from the prior year"),
    dict(id="fx-en-07", lang="en", subject="Organic revenue growth", year="fiscal 2023", wrong_year="fiscal 2022",
         metric="organic revenue growth", source="MD&A", a="12.0%", d="7.4%",
         values=[("12.0%", "A!"), ("12%", "A"), ("11.95%", "A!"), ("12.2%", "X"), ("7.4%", "D!"), ("7%", "X"),
                 ("0.12", "A")],
         compare="Revenue grew about {v} organically (from $41.3B to $46.2B)"),
    dict(id="fx-en-08", lang="en", subject="Net income", year="fiscal 2023", wrong_year="fiscal 2022",
         metric="net income", source="income statement", a="$412.35 million", d="$398.70 million",
         values=[("$412.35 million", "A!"), ("$412.4 million", "A"), ("$412 million", "A"), ("$398.70 million", "D!"),
                 ("$398.7 million", "D"), ("$405.2 million", "X")],
         compare="{v}, up from $398.70 million in fiscal 2022", compare_names_other=True),
    dict(id="fx-zh-02", lang="zh", subject="远帆科技过去12个月营业收入", year="截至2024年6月30日的过去12个月",
         wrong_year=None, metric="营业收入（TTM）", source="半年报与年报", a="46.35亿元", d="43.10亿元",
         values=[("46.35亿元", "A!"), ("46.4亿元", "A"), ("4,635,000,000元", "A!"), ("43.10亿元", "D!"),
                 ("43.1亿元", "D"), ("47.35亿元", "X")],
         compare="{v}，高于2023年度的43.10亿元", compare_names_other=True),
]


def labels(rel: str, shape: str) -> tuple[str, str, str]:
    """(label vs A, label vs A_d, note) for a value relation under an answer shape."""
    ok_a = rel in ("A", "A!")
    ok_d = rel in ("D", "D!")
    if shape == "wrong_year":
        # another year label: a match only when the value equals the reference at its full precision
        return ("correct" if rel == "A!" else "incorrect", "correct" if rel == "D!" else "incorrect",
                "year_label_conflict" if rel in ("A!", "D!") else "year label contradicts")
    return ("correct" if ok_a else "incorrect", "correct" if ok_d else "incorrect", "")


def main() -> None:
    items = []
    for spec in INSTANCES:
        neutral = EN_NEUTRAL if spec["lang"] == "en" else ZH_NEUTRAL
        values = spec["values"]
        n = 0

        def add(kind: str, answer: str, la: str, ld: str, note: str = "", unsure: bool = False,
                spec: dict[str, Any] = spec) -> None:
            nonlocal n
            n += 1
            items.append({"id": f"{spec['id']}-a{n:02d}", "instance_id": spec["id"], "kind": kind,
                          "lang": spec["lang"], "answer": answer, "label": la, "label_default": ld,
                          "unsure": unsure, "note": note})

        for i, (v, rel) in enumerate(values):
            shape, template = neutral[i % len(neutral)]
            la, ld, note = labels(rel, "neutral")
            add("units_rounding" if shape == "plain" else shape,
                template.format(v=v, **{k: spec[k] for k in ("subject", "year", "metric", "source")}), la, ld, note)
            if i < 5:
                la, ld, note = labels(rel, "compare")
                unsure = bool(spec.get("compare_unsure"))
                if spec.get("compare_is_hedge") and rel not in ("D!", "D"):
                    # the other reading's value stated as an alternative ("按总额法计算则为…"): a hedge
                    la, ld, note = "incorrect", "incorrect", "other reading's value stated as an alternative"
                elif spec.get("compare_names_other"):
                    # DESIGN §2: a comparison figure is context; the paper's hedge rule could be read to
                    # cover it when it is the other reading's value, so these labels are marked unsure
                    unsure, note = True, "comparison figure is the other reading's value"
                add("comparison_context", spec["compare"].format(v=v), la, ld, note, unsure)
        # wrong year label on the exact and a rounded A, and on A_d
        if spec["wrong_year"]:
            for v, rel in [x for x in values if x[1] in ("A!", "A")][:2] + [x for x in values if x[1] == "D!"][:1]:
                la, ld, note = labels(rel, "wrong_year")
                if spec["lang"] == "en":
                    text = f"{spec['metric'].capitalize()} for {spec['wrong_year']} was {v}."
                else:
                    text = f"{spec['wrong_year']}{spec['metric']}为{v}。"
                # where the readings differ by year, the label fits the default reading's own period
                if spec["id"] == "fx-en-08" and rel == "D!":
                    la, ld, note = "incorrect", "correct", "default reading, its own year"
                add("year_label", text, la, ld, note)
        a, d = spec["a"], spec["d"]
        if spec["lang"] == "en":
            hedges = [f"It depends on the reading: {a} on the basis you describe, or {d} on the headline basis.",
                      f"- Intended basis: **{a}**\n- Headline figure: **{d}**",
                      f"{d} as reported; however, the figure you probably want is {a}."]
            none = ["I need to know which basis you want before I can give a number.",
                    "The filing does not state this figure directly; please clarify the period."]
        else:
            hedges = [f"按您描述的口径为{a}；如按常见口径则为{d}。", f"- 口径一：**{a}**\n- 口径二：**{d}**",
                      f"报表列示为{d}，但您需要的口径应为{a}。"]
            none = ["请先确认您需要的口径，我才能给出准确数字。", "年报中未直接披露该数据，无法给出答案。"]
        for h in hedges:
            add("hedge", h, "incorrect", "incorrect", "states both readings")
        for t in none:
            add("no_value", t, "incorrect", "incorrect", "non-committal")
    # hand-written extras: realistic long answers
    extras = [
        ("amb-demo-001", "long_explanation", "To answer this I looked at Note 14 (Segment Information). Northwind "
         "reports two segments. For the Wholesale Distribution segment, fiscal 2023 operating income was **$538.9 "
         "million**, while the consolidated figure (after corporate costs) was lower. Confidence: 85%.",
         "correct", "incorrect"),
        ("amb-demo-001", "long_explanation", "Consolidated operating income for fiscal 2023 was $412.6 million "
         "(the Wholesale segment alone contributed more, before corporate expenses).", "incorrect", "correct"),
        ("amb-demo-006", "long_explanation?", "Harborlight's GAAP operating income was $188.9M; adding back $71.2M of "
         "stock-based compensation and $45.3M of acquired-intangible amortization gives non-GAAP operating income "
         "of $305.4M.", "incorrect", "incorrect"),
        ("amb-demo-007", "per_share", "Quarry Lane earned $2.41 per diluted share in 2023 (basic EPS was higher "
         "because of the convertible notes).", "correct", "incorrect"),
        ("amb-demo-015", "rate_with_amounts", "2023年第四季度营业收入9.87亿元，上年同期8.32亿元，同比增长18.6%。",
         "correct", "incorrect"),
        ("fx-en-07", "rate_with_amounts", "Pinecrest's revenue increased 12.0% on an organic basis in fiscal 2023, "
         "to $46.2B from $41.3B.", "correct", "incorrect"),
        ("fx-en-07", "rate_with_amounts", "Reported revenue grew 7.4% (to $46.2 billion), including the effect of "
         "acquisitions.", "incorrect", "correct"),
        ("fx-en-03", "fiscal_naming", "Lumen Grove's net sales for fiscal 2023 (the 53-week year ended February 3, "
         "2024) were $8,912.7 million.", "correct", "incorrect"),
        ("fx-en-03", "fiscal_naming", "Fiscal 2024 (ended Feb 3, 2024) net sales: $8.91B.", "correct", "incorrect"),
        ("fx-en-08", "year_label", "Net income rose to $412.35 million in fiscal 2023 from $398.70 million.",
         "correct", "incorrect"),
        ("fx-en-08", "hedge", "FY2023: $412.35 million; FY2022: $398.70 million.", "incorrect", "incorrect"),
        ("amb-demo-004", "long_explanation", "根据年报，青岚精密2023年归属于上市公司股东的扣除非经常性损益的净利润为"
         "3.21亿元，归母净利润为3.87亿元，合并净利润为4.15亿元。", "incorrect", "incorrect"),
        ("amb-demo-019", "long_explanation?", "公司在贸易业务中为代理人，按净额法确认收入，2023年贸易业务收入为"
         "**3.26亿元**（若按总额法列示的交易额为27.90亿元，仅供参考）。", "incorrect", "incorrect"),
    ]
    counts: dict[str, int] = {}
    for iid, kind, answer, la, ld in extras:
        counts[iid] = counts.get(iid, 0) + 1
        doubtful = kind.endswith("?")  # both readings' values around a committed one: the paper's hedge rule
        kind = kind.rstrip("?")
        lang = "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in answer) else "en"
        items.append({"id": f"{iid}-x{counts[iid]:02d}", "instance_id": iid, "kind": kind, "lang": lang,
                      "answer": answer, "label": la, "label_default": ld,
                      "unsure": doubtful or (kind == "fiscal_naming" and "2024 (" in answer), "note": "hand-written"})
    OUT.write_text("".join(json.dumps(it, ensure_ascii=False) + "\n" for it in items), encoding="utf-8")
    print(f"{len(items)} answers -> {OUT}")


if __name__ == "__main__":
    main()
