"""Authoring source of `synthesis_paraphrases.jsonl`: paraphrases of synthesized chains' questions, hand-labelled.

The base chains are frozen in `synthesis_bases.json` (chains of a demo build, seed 21, EN and ZH, 2–5 hops,
answers of every type; the fictional demo market): 12 for the dev items (`ITEMS`), 6 others for the held-out
items (`HELDOUT`, written after the checks were fixed against the dev items, with new phrasings). Each item is a rewrite of a base question the way a
paraphrasing model would write it — reworded, reordered, polite, other date/period formats, tickers or the
other language's names for the *named* entities — or one that goes wrong. Labels were assigned by hand from
the definition, never by running the checks:

- `ok`: same task, same constraints, asks only for the last hop's answer, states no hop's answer;
- `leak`: states a hop's answer (intermediate or final) in any form, or a value derived from it (the quarter
  containing a hidden day), other than naming it as one of a comparison's candidates;
- `scope_lost`: drops or changes a stated constraint (an entity, a date or period, a year, a metric, a field,
  "single-quarter", a comparison's direction, a number of trading days);
- `scope_added`: adds an entity, a date or a period the chain does not have;
- `meaning_changed`: keeps every entity, date, period and keyword but changes what is asked ("before" for
  "on or after", "the next day", the record date for the ex-dividend date, a yes/no question for a "which").
  The deterministic checks are not expected to see these (that is why a paraphrase must also pass an LLM
  critic); the bench reports them apart and outside the goal.

Regenerate the JSONL with `.venv/bin/python bench/data/multihop/author_paraphrases.py`.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent
OK, LEAK, LOST, ADDED, MEANING = "ok", "leak", "scope_lost", "scope_added", "meaning_changed"

# base chain id -> [(kind, text, label)]
ITEMS: dict[str, list[tuple[str, str, str]]] = {
    # Q: Of Cobaltia Batteries and Orbisync Tech, take the one with the lower single-quarter net operating cash
    #    flow in 2023Q2. Which had the higher trading amount on 2024-05-22: that company or Lexigrid Software?
    #    answers: Orbisync Tech; Lexigrid Software
    "synth-21-L1-2hop-00005-en": [
        ("ok_reword", "Between Cobaltia Batteries and Orbisync Tech, pick whichever had the lower single-quarter net "
                      "operating cash flow in Q2 2023. On 2024-05-22, which had the higher trading amount: that "
                      "company or Lexigrid Software?", OK),
        ("ok_polite", "Could you help me with this? First find which of Cobaltia Batteries and Orbisync Tech reported "
                      "the lower single-quarter operating cash flow for the second quarter of 2023, then tell me "
                      "whether that company or Lexigrid Software had the higher trading amount on May 22, 2024.", OK),
        ("ok_ticker", "Of CBTB and OBSY, take the one whose single-quarter net operating cash flow was lower in "
                      "2023Q2. Which had the higher trading amount on 2024/5/22: that one or LXGD?", OK),
        ("ok_reorder", "Which had the higher amount traded on 22 May 2024: Lexigrid Software, or whichever of "
                       "Cobaltia Batteries and Orbisync Tech had the lower single-quarter net operating cash flow in "
                       "the second quarter of 2023?", OK),
        ("leak_entity", "Of Cobaltia Batteries and Orbisync Tech, take the one with the lower single-quarter net "
                        "operating cash flow in 2023Q2, i.e. Orbisync Tech. Which had the higher trading amount on "
                        "2024-05-22: that company or Lexigrid Software?", LEAK),
        ("leak_ticker", "Of Cobaltia Batteries and Orbisync Tech, take the one with the lower single-quarter net "
                        "operating cash flow in 2023Q2. Which had the higher trading amount on 2024-05-22: OBSY or "
                        "Lexigrid Software?", LEAK),
        ("leak_other_language", "Of Cobaltia Batteries and Orbisync Tech, take the one with the lower single-quarter "
                                "net operating cash flow in 2023Q2 (环同科技). Which had the higher trading amount on "
                                "2024-05-22: that company or Lexigrid Software?", LEAK),
        ("lost_period", "Of Cobaltia Batteries and Orbisync Tech, take the one with the lower net operating cash flow "
                        "in 2023. Which had the higher trading amount on 2024-05-22: that company or Lexigrid "
                        "Software?", LOST),
        ("lost_entity", "Of Cobaltia Batteries and Orbisync Tech, take the one with the lower single-quarter net "
                        "operating cash flow in 2023Q2. Did that company have a high trading amount on "
                        "2024-05-22?", LOST),
        ("lost_direction", "Of Cobaltia Batteries and Orbisync Tech, take the one with the higher single-quarter net "
                           "operating cash flow in 2023Q2. Which had the higher trading amount on 2024-05-22: that "
                           "company or Lexigrid Software?", LOST),
        ("lost_field", "Of Cobaltia Batteries and Orbisync Tech, take the one with the lower single-quarter net "
                       "operating cash flow in 2023Q2. Which had the higher trading volume on 2024-05-22: that "
                       "company or Lexigrid Software?", LOST),
        ("lost_basis", "Of Cobaltia Batteries and Orbisync Tech, take the one with the lower operating cash flow in "
                       "2023Q2. Which had the higher trading amount on 2024-05-22: that company or Lexigrid "
                       "Software?", LOST),
        ("added_entity", "Of Cobaltia Batteries and Orbisync Tech, take the one with the lower single-quarter net "
                         "operating cash flow in 2023Q2. Which had the higher trading amount on 2024-05-22: that "
                         "company, Lexigrid Software or Quantara Cloud?", ADDED),
        ("added_time", "Of Cobaltia Batteries and Orbisync Tech, take the one with the lower single-quarter net "
                       "operating cash flow in 2023Q2. Which had the higher trading amount on 2024-05-22 and on "
                       "2024-05-23: that company or Lexigrid Software?", ADDED),
        ("meaning_form", "Of Cobaltia Batteries and Orbisync Tech, take the one with the lower single-quarter net "
                         "operating cash flow in 2023Q2. Was Lexigrid Software's trading amount on 2024-05-22 higher "
                         "than that company's?", MEANING),
    ],
    # Q: Take the ex-dividend date of Cirrusoft Systems' cash dividend for fiscal 2023. Which quarter did the first
    #    periodic report released by Cirrusoft Systems on or after that day cover?   answers: 2024-06-12; 2024Q2
    "synth-21-L1-2hop-00007-en": [
        ("ok_reword", "Cirrusoft Systems went ex-dividend on some day for its fiscal 2023 cash dividend. Which quarter "
                      "was covered by the first periodic report the company released on or after that day?", OK),
        ("ok_polite", "Please find the ex-dividend date of Cirrusoft Systems' FY2023 cash dividend, and then tell me "
                      "which quarter the first periodic report Cirrusoft published on or after that date covers.", OK),
        ("ok_ticker", "Starting from the ex-dividend date of CRSF's fiscal-2023 cash dividend, which quarter did the "
                      "first periodic report CRSF released on or after that day cover?", OK),
        ("leak_date", "Take the ex-dividend date of Cirrusoft Systems' cash dividend for fiscal 2023 (June 12, 2024). "
                      "Which quarter did the first periodic report released by Cirrusoft Systems on or after that day "
                      "cover?", LEAK),
        ("leak_date_zh", "Take the ex-dividend date of Cirrusoft Systems' cash dividend for fiscal 2023, which was "
                         "2024年6月12日. Which quarter did the first periodic report released by Cirrusoft Systems on "
                         "or after that day cover?", LEAK),
        ("leak_date_yearless", "Take the ex-dividend date of Cirrusoft Systems' cash dividend for fiscal 2023 — it "
                               "fell on 12 June. Which quarter did the first periodic report released by Cirrusoft "
                               "Systems on or after that day cover?", LEAK),
        ("leak_final", "Take the ex-dividend date of Cirrusoft Systems' cash dividend for fiscal 2023. Was the first "
                       "periodic report released by Cirrusoft Systems on or after that day the one for Q2 2024?",
         LEAK),
        ("lost_entity", "Take the ex-dividend date of the company's cash dividend for fiscal 2023. Which quarter did "
                        "the first periodic report it released on or after that day cover?", LOST),
        ("lost_year", "Take the ex-dividend date of Cirrusoft Systems' latest cash dividend. Which quarter did the "
                      "first periodic report released by Cirrusoft Systems on or after that day cover?", LOST),
        ("added_time", "Take the ex-dividend date of Cirrusoft Systems' cash dividend for fiscal 2023. Which quarter "
                       "did the first periodic report released by Cirrusoft Systems on or after that day, and before "
                       "2025-01-01, cover?", ADDED),
        ("added_entity", "Take the ex-dividend date of Cirrusoft Systems' cash dividend for fiscal 2023. Which quarter "
                         "did the first periodic report released by Cirrusoft Systems on or after that day cover, and "
                         "did Quantara Cloud report the same quarter?", ADDED),
        ("meaning_relation", "Take the ex-dividend date of Cirrusoft Systems' cash dividend for fiscal 2023. Which "
                             "quarter did the last periodic report released by Cirrusoft Systems before that day "
                             "cover?", MEANING),
        ("meaning_event", "Take the payment date of Cirrusoft Systems' cash dividend for fiscal 2023. Which quarter "
                          "did the first periodic report released by Cirrusoft Systems on or after that day cover?",
         MEANING),
    ],
    # Q: Take the day Kestrel Trust Bank released its periodic report for 2024Q2. Which had the higher single-quarter
    #    net operating cash flow in the quarter containing that day: Quillon Microchips or Redmere Spirits?
    #    answers: 2024-08-21; Redmere Spirits
    "synth-21-L1-2hop-00012-en": [
        ("ok_reword", "Kestrel Trust Bank published its 2024Q2 periodic report on a certain day. In the quarter that "
                      "contains that day, which had the higher single-quarter net operating cash flow, Quillon "
                      "Microchips or Redmere Spirits?", OK),
        ("ok_formats", "Take the release day of Kestrel Trust Bank's periodic report for the second quarter of 2024. "
                       "In the quarter containing that day, which posted the higher single-quarter operating cash "
                       "flow: Quillon or Redmere?", OK),
        ("ok_polite", "Could you work out, for the quarter in which Kestrel Trust Bank released its Q2 2024 periodic "
                      "report, whether Quillon Microchips or Redmere Spirits had the higher single-quarter net "
                      "operating cash flow?", OK),
        ("leak_date", "Take the day Kestrel Trust Bank released its periodic report for 2024Q2 (Aug 21, 2024). Which "
                      "had the higher single-quarter net operating cash flow in the quarter containing that day: "
                      "Quillon Microchips or Redmere Spirits?", LEAK),
        ("leak_derived", "Take the day Kestrel Trust Bank released its periodic report for 2024Q2. Which had the "
                         "higher single-quarter net operating cash flow in the quarter containing that day (the third "
                         "quarter of 2024): Quillon Microchips or Redmere Spirits?", LEAK),
        ("leak_final", "Take the day Kestrel Trust Bank released its periodic report for 2024Q2. Which had the higher "
                       "single-quarter net operating cash flow in the quarter containing that day: Quillon Microchips "
                       "or Redmere Spirits? (It should come out as Redmere.)", LEAK),
        ("lost_candidate", "Take the day Kestrel Trust Bank released its periodic report for 2024Q2. Did Redmere "
                           "Spirits have a higher single-quarter net operating cash flow in the quarter containing "
                           "that day?", LOST),
        ("lost_metric", "Take the day Kestrel Trust Bank released its periodic report for 2024Q2. Which had the "
                        "higher single-quarter revenue in the quarter containing that day: Quillon Microchips or "
                        "Redmere Spirits?", LOST),
        ("lost_period", "Take the day Kestrel Trust Bank released its latest periodic report. Which had the higher "
                        "single-quarter net operating cash flow in the quarter containing that day: Quillon "
                        "Microchips or Redmere Spirits?", LOST),
        ("added_entity", "Take the day Kestrel Trust Bank released its periodic report for 2024Q2. Which had the "
                         "higher single-quarter net operating cash flow in the quarter containing that day: Quillon "
                         "Microchips, Redmere Spirits or Harborstone Bank?", ADDED),
        ("meaning_shift", "Take the day Kestrel Trust Bank released its periodic report for 2024Q2. Which had the "
                          "higher single-quarter net operating cash flow in the quarter before the one containing "
                          "that day: Quillon Microchips or Redmere Spirits?", MEANING),
    ],
    # Q: Take Zenith Growth Equity Fund's largest holding at the end of 2024Q1. Take the first periodic report that
    #    company released on or after 2023-10-16. What was year-on-year GDP growth for the quarter that report
    #    covered?   answers: Quantara Cloud; 2023Q3; 5.0%
    "synth-21-L2-3hop-00009-en": [
        ("ok_reword", "Zenith Growth Equity Fund's biggest position at the end of Q1 2024 is a company. Find the first "
                      "periodic report that company put out on or after October 16, 2023, and tell me the "
                      "year-on-year GDP growth for the quarter that report covered.", OK),
        ("ok_polite", "Could you find the largest holding of Zenith Growth Equity Fund as of the end of 2024Q1, then "
                      "the first periodic report it released on or after 2023-10-16, and finally the year-on-year GDP "
                      "growth for the quarter covered by that report?", OK),
        ("ok_ticker", "Take ZGEF's largest holding at end-2024Q1; take the first periodic report it released on or "
                      "after 16 October 2023. What was GDP growth year on year for the quarter that report covered?",
         OK),
        ("leak_entity", "Take Zenith Growth Equity Fund's largest holding at the end of 2024Q1 (Quantara Cloud). Take "
                        "the first periodic report that company released on or after 2023-10-16. What was "
                        "year-on-year GDP growth for the quarter that report covered?", LEAK),
        ("leak_short_name", "Take Zenith Growth Equity Fund's largest holding at the end of 2024Q1 — Quantara. Take "
                            "the first periodic report that company released on or after 2023-10-16. What was "
                            "year-on-year GDP growth for the quarter that report covered?", LEAK),
        ("leak_period", "Take Zenith Growth Equity Fund's largest holding at the end of 2024Q1. Take the first "
                        "periodic report that company released on or after 2023-10-16, i.e. its Q3 2023 report. What "
                        "was year-on-year GDP growth for the quarter that report covered?", LEAK),
        ("leak_figure", "Take Zenith Growth Equity Fund's largest holding at the end of 2024Q1. Take the first "
                        "periodic report that company released on or after 2023-10-16. What was year-on-year GDP "
                        "growth for the quarter that report covered — was it 5%?", LEAK),
        ("lost_period", "Take Zenith Growth Equity Fund's largest holding. Take the first periodic report that company "
                        "released on or after 2023-10-16. What was year-on-year GDP growth for the quarter that report "
                        "covered?", LOST),
        ("lost_indicator", "Take Zenith Growth Equity Fund's largest holding at the end of 2024Q1. Take the first "
                           "periodic report that company released on or after 2023-10-16. What was year-on-year CPI "
                           "for the quarter that report covered?", LOST),
        ("lost_entity", "Take an equity fund's largest holding at the end of 2024Q1. Take the first periodic report "
                        "that company released on or after 2023-10-16. What was year-on-year GDP growth for the "
                        "quarter that report covered?", LOST),
        ("added_time", "Take Zenith Growth Equity Fund's largest holding at the end of 2024Q1. Take the first periodic "
                       "report that company released on or after 2023-10-16. What was year-on-year GDP growth for "
                       "the quarter that report covered, compared with 2022Q3?", ADDED),
        ("meaning_relation", "Take Zenith Growth Equity Fund's largest holding at the end of 2024Q1. Take the last "
                             "periodic report that company released before 2023-10-16. What was year-on-year GDP "
                             "growth for the quarter that report covered?", MEANING),
    ],
    # Q: Take the sector Lumenway Auto belongs to. Take the sector index of that sector. What was that index's daily
    #    percentage change on 2024-01-16?   answers: New Energy Vehicles; Demo New Energy Vehicles Index; -3.16%
    "synth-21-L2-3hop-00019-en": [
        ("ok_reword", "Lumenway Auto belongs to a sector that has its own sector index. By what percentage did that "
                      "index change on January 16, 2024?", OK),
        ("ok_polite", "Please identify the sector Lumenway Auto is in, then its sector index, and give me that index's "
                      "daily percentage change on 2024-01-16.", OK),
        ("ok_formats", "What was the daily % change on 16 Jan 2024 of the sector index for the sector that Lumenway "
                       "Auto belongs to?", OK),
        ("leak_sector", "Take the sector Lumenway Auto belongs to (New Energy Vehicles). Take the sector index of that "
                        "sector. What was that index's daily percentage change on 2024-01-16?", LEAK),
        ("leak_index", "Take the sector Lumenway Auto belongs to. Take the sector index of that sector, the Demo New "
                       "Energy Vehicles Index. What was that index's daily percentage change on 2024-01-16?", LEAK),
        ("leak_sector_zh", "Take the sector Lumenway Auto belongs to (新能源汽车). Take the sector index of that "
                           "sector. What was that index's daily percentage change on 2024-01-16?", LEAK),
        ("leak_figure_sign", "Take the sector Lumenway Auto belongs to. Take the sector index of that sector. What was "
                             "that index's daily percentage change on 2024-01-16? I believe it fell about 3.16%.",
         LEAK),
        ("lost_year", "Take the sector Lumenway Auto belongs to. Take the sector index of that sector. What was that "
                      "index's daily percentage change on January 16?", LOST),
        ("lost_entity", "Take the sector of the carmaker. Take the sector index of that sector. What was that index's "
                        "daily percentage change on 2024-01-16?", LOST),
        ("lost_field", "Take the sector Lumenway Auto belongs to. Take the sector index of that sector. What was that "
                       "index's closing level on 2024-01-16?", LOST),
        ("added_entity", "Take the sector Lumenway Auto belongs to. Take the sector index of that sector. What was "
                         "that index's daily percentage change on 2024-01-16, and how did Voltaris Motors do?", ADDED),
        ("added_index", "Take the sector Lumenway Auto belongs to. What was the Demo Composite Index's daily "
                        "percentage change on 2024-01-16?", ADDED),
        ("meaning_day", "Take the sector Lumenway Auto belongs to. Take the sector index of that sector. What was that "
                        "index's daily percentage change on the trading day before 2024-01-16?", MEANING),
    ],
    # Q: Of Redmere Spirits and Isotrope Therapeutics, take the one with the lower trading amount on July 23, 2024.
    #    Take the sector that company belongs to. Take the sector index of that sector. What was that index's trading
    #    volume on 2024-08-30?   answers: Isotrope Therapeutics; Pharmaceuticals; Demo Pharmaceuticals Index;
    #    6,325,600 shares
    "synth-21-L2-4hop-00009-en": [
        ("ok_reword", "Between Redmere Spirits and Isotrope Therapeutics, pick the one that had the lower trading "
                      "amount on 2024-07-23. Find its sector, then that sector's index. How many shares of that index "
                      "traded on August 30, 2024?", OK),
        ("ok_polite", "Could you tell me the trading volume on 30 August 2024 of the sector index for the sector of "
                      "whichever company, Redmere Spirits or Isotrope Therapeutics, had the lower trading amount on "
                      "23 July 2024?", OK),
        ("ok_other_language", "Of 红湄酒业 and 艾索托医药, take the one with the lower trading amount on July 23, "
                              "2024; take that company's sector and the sector's index. What was that index's trading "
                              "volume on 2024-08-30?", OK),
        ("leak_entity", "Of Redmere Spirits and Isotrope Therapeutics, take the one with the lower trading amount on "
                        "July 23, 2024 (Isotrope). Take the sector that company belongs to. Take the sector index of "
                        "that sector. What was that index's trading volume on 2024-08-30?", LEAK),
        ("leak_sector", "Of Redmere Spirits and Isotrope Therapeutics, take the one with the lower trading amount on "
                        "July 23, 2024. Take the sector that company belongs to — pharmaceuticals. Take the sector "
                        "index of that sector. What was that index's trading volume on 2024-08-30?", LEAK),
        ("leak_index_ticker", "Of Redmere Spirits and Isotrope Therapeutics, take the one with the lower trading "
                              "amount on July 23, 2024. Take the sector that company belongs to. Take the sector "
                              "index of that sector (DPHARI). What was that index's trading volume on 2024-08-30?",
         LEAK),
        ("leak_figure", "Of Redmere Spirits and Isotrope Therapeutics, take the one with the lower trading amount on "
                        "July 23, 2024. Take the sector that company belongs to. Take the sector index of that sector. "
                        "What was that index's trading volume on 2024-08-30? (Roughly 6.33 million shares.)", LEAK),
        ("leak_figure_zh", "Of Redmere Spirits and Isotrope Therapeutics, take the one with the lower trading amount "
                           "on July 23, 2024. Take the sector that company belongs to. Take the sector index of that "
                           "sector. What was that index's trading volume on 2024-08-30 — about 632.56万股?", LEAK),
        ("lost_direction", "Of Redmere Spirits and Isotrope Therapeutics, take the one with the higher trading amount "
                           "on July 23, 2024. Take the sector that company belongs to. Take the sector index of that "
                           "sector. What was that index's trading volume on 2024-08-30?", LOST),
        ("lost_date", "Of Redmere Spirits and Isotrope Therapeutics, take the one with the lower trading amount. Take "
                      "the sector that company belongs to. Take the sector index of that sector. What was that "
                      "index's trading volume on 2024-08-30?", LOST),
        ("lost_field", "Of Redmere Spirits and Isotrope Therapeutics, take the one with the lower trading amount on "
                       "July 23, 2024. Take the sector that company belongs to. Take the sector index of that sector. "
                       "What was that index's closing level on 2024-08-30?", LOST),
        ("added_time", "Of Redmere Spirits and Isotrope Therapeutics, take the one with the lower trading amount on "
                       "July 23, 2024. Take the sector that company belongs to. Take the sector index of that sector. "
                       "What was that index's trading volume on 2024-08-30 and on 2024-08-29?", ADDED),
        ("meaning_chain", "Of Redmere Spirits and Isotrope Therapeutics, take the one with the lower trading amount on "
                          "July 23, 2024. Take the sector that company belongs to. What was that company's trading "
                          "volume on 2024-08-30?", MEANING),
    ],
    # Q: Take the day Gyrodrive Systems released its periodic report for 2023Q2. Take the day Lexigrid Software
    #    released its periodic report for the quarter containing that day. Take the 2nd trading day after that day.
    #    Which quarter did the first periodic report released by Ambercask Brewing on or after that day cover?
    #    answers: 2023-08-11; 2023-10-19; 2023-10-23; 2023Q3
    "synth-21-L2-4hop-00028-en": [
        ("ok_reword", "Gyrodrive Systems released its 2023Q2 periodic report on some day. Take the day Lexigrid "
                      "Software released its periodic report for the quarter containing that day, and go two trading "
                      "days later. Which quarter did Ambercask Brewing's first periodic report released on or after "
                      "that date cover?", OK),
        ("ok_polite", "Please work through this: find when Gyrodrive Systems released its periodic report for the "
                      "second quarter of 2023; find when Lexigrid Software released its periodic report for the "
                      "quarter containing that date; move to the second trading day after that; then tell me which "
                      "quarter the first periodic report Ambercask Brewing released on or after that day covered.",
         OK),
        ("leak_date", "Take the day Gyrodrive Systems released its periodic report for 2023Q2 (11 August 2023). Take "
                      "the day Lexigrid Software released its periodic report for the quarter containing that day. "
                      "Take the 2nd trading day after that day. Which quarter did the first periodic report released "
                      "by Ambercask Brewing on or after that day cover?", LEAK),
        ("leak_date_slash", "Take the day Gyrodrive Systems released its periodic report for 2023Q2. Take the day "
                            "Lexigrid Software released its periodic report for the quarter containing that day, "
                            "2023/10/19. Take the 2nd trading day after that day. Which quarter did the first periodic "
                            "report released by Ambercask Brewing on or after that day cover?", LEAK),
        ("leak_date_yearless", "Take the day Gyrodrive Systems released its periodic report for 2023Q2. Take the day "
                               "Lexigrid Software released its periodic report for the quarter containing that day. "
                               "Take the 2nd trading day after that day (Monday, October 23). Which quarter did the "
                               "first periodic report released by Ambercask Brewing on or after that day cover?", LEAK),
        ("leak_final", "Take the day Gyrodrive Systems released its periodic report for 2023Q2. Take the day Lexigrid "
                       "Software released its periodic report for the quarter containing that day. Take the 2nd "
                       "trading day after that day. Which quarter did the first periodic report released by Ambercask "
                       "Brewing on or after that day cover — Q3 2023?", LEAK),
        ("lost_offset", "Take the day Gyrodrive Systems released its periodic report for 2023Q2. Take the day Lexigrid "
                        "Software released its periodic report for the quarter containing that day. Take the trading "
                        "day after that day. Which quarter did the first periodic report released by Ambercask Brewing "
                        "on or after that day cover?", LOST),
        ("lost_offset_direction", "Take the day Gyrodrive Systems released its periodic report for 2023Q2. Take the "
                                  "day Lexigrid Software released its periodic report for the quarter containing that "
                                  "day. Take the 2nd trading day before that day. Which quarter did the first periodic "
                                  "report released by Ambercask Brewing on or after that day cover?", LOST),
        ("lost_entity", "Take the day Gyrodrive Systems released its periodic report for 2023Q2. Take the day Lexigrid "
                        "Software released its periodic report for the quarter containing that day. Take the 2nd "
                        "trading day after that day. Which quarter did the first periodic report released by a brewer "
                        "on or after that day cover?", LOST),
        ("lost_period", "Take the day Gyrodrive Systems released its latest periodic report. Take the day Lexigrid "
                        "Software released its periodic report for the quarter containing that day. Take the 2nd "
                        "trading day after that day. Which quarter did the first periodic report released by Ambercask "
                        "Brewing on or after that day cover?", LOST),
        ("added_time", "Take the day Gyrodrive Systems released its periodic report for 2023Q2. Take the day Lexigrid "
                       "Software released its periodic report for the quarter containing that day. Take the 2nd "
                       "trading day after that day, but no later than 2023-12-31. Which quarter did the first "
                       "periodic report released by Ambercask Brewing on or after that day cover?", ADDED),
        ("meaning_relation", "Take the day Gyrodrive Systems released its periodic report for 2023Q2. Take the day "
                             "Lexigrid Software released its periodic report for the quarter containing that day. "
                             "Take the 2nd trading day after that day. Which quarter did the last periodic report "
                             "released by Ambercask Brewing before that day cover?", MEANING),
    ],
    # Q: 取2023年CPI同比最低的月份。该月的一年期LPR是多少？   answers: 2023年4月; 3.45%
    "synth-21-L1-2hop-00006-zh": [
        ("ok_reword", "在2023年CPI同比最低的那个月，一年期LPR是多少？", OK),
        ("ok_polite", "请问：找出2023年居民消费价格指数同比最低的月份，该月一年期贷款市场报价利率是多少？", OK),
        ("ok_formats", "2023年度CPI同比最低那个月份的1年期LPR为多少？", OK),
        ("leak_month", "取2023年CPI同比最低的月份（即2023年4月）。该月的一年期LPR是多少？", LEAK),
        ("leak_month_en", "取2023年CPI同比最低的月份(April 2023)。该月的一年期LPR是多少？", LEAK),
        ("leak_figure", "取2023年CPI同比最低的月份。该月的一年期LPR是多少？是不是3.45%？", LEAK),
        ("lost_year", "取CPI同比最低的月份。该月的一年期LPR是多少？", LOST),
        ("lost_indicator", "取2023年PPI同比最低的月份。该月的一年期LPR是多少？", LOST),
        ("lost_direction", "取2023年CPI同比最高的月份。该月的一年期LPR是多少？", LOST),
        ("added_time", "取2023年CPI同比最低的月份。该月与2024年1月的一年期LPR分别是多少？", ADDED),
        ("meaning_next", "取2023年CPI同比最低的月份。下个月的一年期LPR是多少？", MEANING),
    ],
    # Q: 取泽风半导体自2023年6月26日起发布的第一份定期报告。取该报告的发布日期。泽风半导体当日的成交额是多少？
    #    answers: 2023年第二季度; 2023年8月28日; 1,248,192,446元
    "synth-21-L2-3hop-00014-zh": [
        ("ok_reword", "泽风半导体在2023年6月26日及之后发布了首份定期报告，在该报告发布当天，泽风半导体的成交额是多少？",
         OK),
        ("ok_polite", "请帮忙查一下：泽风半导体自2023年6月26日起发布的第一份定期报告，其发布当日泽风半导体成交额为多少元？",
         OK),
        ("ok_ticker", "ZPHR自2023/6/26起发布的首份定期报告，发布当天ZPHR的成交金额是多少？", OK),
        ("leak_period_half", "取泽风半导体自2023年6月26日起发布的第一份定期报告（2023年半年报）。取该报告的发布日期。"
                             "泽风半导体当日的成交额是多少？", LEAK),
        ("leak_period", "取泽风半导体自2023年6月26日起发布的第一份定期报告，即2023年第二季度报告。取该报告的发布日期。"
                        "泽风半导体当日的成交额是多少？", LEAK),
        ("leak_date_yearless", "取泽风半导体自2023年6月26日起发布的第一份定期报告。取该报告的发布日期（8月28日）。"
                               "泽风半导体当日的成交额是多少？", LEAK),
        ("leak_figure", "取泽风半导体自2023年6月26日起发布的第一份定期报告。取该报告的发布日期。泽风半导体当日的成交额"
                        "是多少？约12.48亿元吗？", LEAK),
        ("lost_date", "取泽风半导体发布的第一份定期报告。取该报告的发布日期。泽风半导体当日的成交额是多少？", LOST),
        ("lost_field", "取泽风半导体自2023年6月26日起发布的第一份定期报告。取该报告的发布日期。泽风半导体当日的成交量"
                       "是多少？", LOST),
        ("added_entity", "取泽风半导体自2023年6月26日起发布的第一份定期报告。取该报告的发布日期。泽风半导体和奎隆微芯"
                         "当日的成交额各是多少？", ADDED),
        ("meaning_next_day", "取泽风半导体自2023年6月26日起发布的第一份定期报告。取该报告的发布日期。泽风半导体次日的"
                             "成交额是多少？", MEANING),
    ],
    # Q: 取硅途半导体ETF2023年第一季度末的第一大重仓股。取该公司所属的行业。该行业的行业指数是哪个？
    #    answers: 诺维器件; 半导体; 演示半导体指数
    "synth-21-L2-3hop-00016-zh": [
        ("ok_reword", "硅途半导体ETF在2023年一季度末的头号重仓股所属行业的行业指数是哪一个？", OK),
        ("ok_polite", "麻烦查一下：硅途半导体ETF于2023年第一季度末的第一大重仓股，其所在行业的行业指数叫什么？", OK),
        ("ok_other_language", "取Silica Semiconductor ETF在2023Q1末的第一大重仓股，取其所属行业，该行业的行业指数是"
                              "哪个？", OK),
        ("leak_entity", "取硅途半导体ETF2023年第一季度末的第一大重仓股（诺维器件）。取该公司所属的行业。该行业的行业"
                        "指数是哪个？", LEAK),
        ("leak_entity_en", "取硅途半导体ETF2023年第一季度末的第一大重仓股Norvex Devices。取该公司所属的行业。该行业的"
                           "行业指数是哪个？", LEAK),
        ("leak_sector", "取硅途半导体ETF2023年第一季度末的第一大重仓股。取该公司所属的行业，即半导体行业。该行业的行业"
                        "指数是哪个？", LEAK),
        ("leak_final", "取硅途半导体ETF2023年第一季度末的第一大重仓股。取该公司所属的行业。该行业的行业指数是不是演示"
                       "半导体指数？", LEAK),
        ("lost_period", "取硅途半导体ETF的第一大重仓股。取该公司所属的行业。该行业的行业指数是哪个？", LOST),
        ("lost_entity", "取某只半导体ETF2023年第一季度末的第一大重仓股。取该公司所属的行业。该行业的行业指数是哪个？",
         LOST),
        ("added_entity", "取硅途半导体ETF和天顶成长股票基金2023年第一季度末的第一大重仓股。取该公司所属的行业。该行业的"
                         "行业指数是哪个？", ADDED),
        ("meaning_rank", "取硅途半导体ETF2023年第一季度末的第二大重仓股。取该公司所属的行业。该行业的行业指数是哪个？",
         MEANING),
    ],
    # Q: 取奎隆微芯自2024年1月16日起发布的第一份定期报告。取北风科技创新基金该报告对应的季度末的第一大重仓股。取该公司
    #    2023年度现金分红的除息日。该公司自当日起发布的第一份定期报告对应哪个季度？
    #    answers: 2023年第四季度; 塔摩电路; 2024年5月31日; 2024年第二季度
    "synth-21-L2-4hop-00023-zh": [
        ("ok_reword", "奎隆微芯自2024年1月16日起发布的首份定期报告对应某个季度；北风科技创新基金在该季度末的第一大"
                      "重仓股，其2023年度现金分红除息日（含当日）之后发布的第一份定期报告对应哪个季度？", OK),
        ("ok_polite", "请依次推理：奎隆微芯自2024年1月16日起发布的第一份定期报告；北风科技创新基金在该报告对应季度末的"
                      "第一大重仓股；该股2023年度现金分红的除息日；最后，这家公司自该除息日起发布的第一份定期报告对应"
                      "哪个季度？", OK),
        ("leak_period", "取奎隆微芯自2024年1月16日起发布的第一份定期报告（即2023年第四季度的报告）。取北风科技创新基金"
                        "该报告对应的季度末的第一大重仓股。取该公司2023年度现金分红的除息日。该公司自当日起发布的第一份"
                        "定期报告对应哪个季度？", LEAK),
        ("leak_entity", "取奎隆微芯自2024年1月16日起发布的第一份定期报告。取北风科技创新基金该报告对应的季度末的第一大"
                        "重仓股塔摩电路。取该公司2023年度现金分红的除息日。该公司自当日起发布的第一份定期报告对应哪个"
                        "季度？", LEAK),
        ("leak_ticker", "取奎隆微芯自2024年1月16日起发布的第一份定期报告。取北风科技创新基金该报告对应的季度末的第一大"
                        "重仓股(TLMC)。取该公司2023年度现金分红的除息日。该公司自当日起发布的第一份定期报告对应哪个"
                        "季度？", LEAK),
        ("leak_date", "取奎隆微芯自2024年1月16日起发布的第一份定期报告。取北风科技创新基金该报告对应的季度末的第一大"
                      "重仓股。取该公司2023年度现金分红的除息日（2024-05-31）。该公司自当日起发布的第一份定期报告对应"
                      "哪个季度？", LEAK),
        ("lost_fund", "取奎隆微芯自2024年1月16日起发布的第一份定期报告。取某基金该报告对应的季度末的第一大重仓股。取该"
                      "公司2023年度现金分红的除息日。该公司自当日起发布的第一份定期报告对应哪个季度？", LOST),
        ("lost_year", "取奎隆微芯自2024年1月16日起发布的第一份定期报告。取北风科技创新基金该报告对应的季度末的第一大"
                      "重仓股。取该公司最近一次现金分红的除息日。该公司自当日起发布的第一份定期报告对应哪个季度？",
         LOST),
        ("added_time", "取奎隆微芯自2024年1月16日起发布的第一份定期报告。取北风科技创新基金该报告对应的季度末的第一大"
                       "重仓股。取该公司2023年度现金分红的除息日。该公司自当日起至2024年12月31日发布的第一份定期报告"
                       "对应哪个季度？", ADDED),
        ("meaning_event", "取奎隆微芯自2024年1月16日起发布的第一份定期报告。取北风科技创新基金该报告对应的季度末的第一"
                          "大重仓股。取该公司2023年度现金分红的股权登记日。该公司自当日起发布的第一份定期报告对应哪个"
                          "季度？", MEANING),
    ],
    # Q: 取红湄酒业自2023年4月17日起发布的第一份定期报告。取澄明储蓄银行和翠澜饮品中该报告对应的季度单季归母净利润
    #    较低的公司。2024年9月9日，该公司和环同科技中哪一个的成交额更低？   answers: 2023年第一季度; 翠澜饮品; 环同科技
    "synth-21-L2-3hop-00012-zh": [
        ("ok_reword", "红湄酒业在2023年4月17日当天或之后发布的第一份定期报告对应一个季度；在该季度里，澄明储蓄银行与"
                      "翠澜饮品中单季归母净利润较低的那家公司，和环同科技相比，2024年9月9日谁的成交额更低？", OK),
        ("ok_polite", "请问：以红湄酒业自2023年4月17日起发布的首份定期报告所对应的季度为准，澄明储蓄银行和翠澜饮品中"
                      "单季归属于母公司股东的净利润较低者，与环同科技在2024年9月9日相比，哪一个成交额较低？", OK),
        ("ok_formats", "取红湄酒业自2023-04-17起发布的第一份定期报告。取澄明储蓄银行、翠澜饮品中该报告所属季度单季归母"
                       "净利润更低的公司。2024/9/9，该公司与环同科技谁的成交额更低？", OK),
        ("leak_entity", "取红湄酒业自2023年4月17日起发布的第一份定期报告。取澄明储蓄银行和翠澜饮品中该报告对应的季度"
                        "单季归母净利润较低的公司（翠澜）。2024年9月9日，该公司和环同科技中哪一个的成交额更低？", LEAK),
        ("leak_period", "取红湄酒业自2023年4月17日起发布的第一份定期报告。取澄明储蓄银行和翠澜饮品中2023年第一季度单季"
                        "归母净利润较低的公司。2024年9月9日，该公司和环同科技中哪一个的成交额更低？", LEAK),
        ("leak_final", "取红湄酒业自2023年4月17日起发布的第一份定期报告。取澄明储蓄银行和翠澜饮品中该报告对应的季度"
                       "单季归母净利润较低的公司。2024年9月9日，该公司和环同科技中哪一个的成交额更低？答案应是环同科技。",
         LEAK),
        ("lost_metric", "取红湄酒业自2023年4月17日起发布的第一份定期报告。取澄明储蓄银行和翠澜饮品中该报告对应的季度"
                        "单季营业收入较低的公司。2024年9月9日，该公司和环同科技中哪一个的成交额更低？", LOST),
        ("lost_date", "取红湄酒业自2023年4月17日起发布的第一份定期报告。取澄明储蓄银行和翠澜饮品中该报告对应的季度单季"
                      "归母净利润较低的公司。该公司和环同科技中哪一个的成交额更低？", LOST),
        ("lost_basis", "取红湄酒业自2023年4月17日起发布的第一份定期报告。取澄明储蓄银行和翠澜饮品中该报告对应的季度"
                       "归母净利润较低的公司。2024年9月9日，该公司和环同科技中哪一个的成交额更低？", LOST),
        ("lost_direction_second", "取红湄酒业自2023年4月17日起发布的第一份定期报告。取澄明储蓄银行和翠澜饮品中该报告"
                                  "对应的季度单季归母净利润较低的公司。2024年9月9日，该公司和环同科技中哪一个的成交额"
                                  "更高？", LOST),
        ("added_entity", "取红湄酒业自2023年4月17日起发布的第一份定期报告。取澄明储蓄银行和翠澜饮品中该报告对应的季度"
                         "单季归母净利润较低的公司。2024年9月9日，该公司、环同科技和宽塔云中哪一个的成交额更低？",
         ADDED),
    ],
}


# Written after the checks were fixed against ITEMS, with new phrasings on six other chains (reported apart).
HELDOUT: dict[str, list[tuple[str, str, str]]] = {
    # Q: Of Redmere Spirits and Verdanta Pharma, take the one with the higher single-quarter gross margin in the
    #    fourth quarter of 2022. Take the sector that company belongs to. Which index tracks that sector?
    #    answers: Redmere Spirits; Liquor & Beverages; Demo Liquor & Beverages Index
    "synth-21-L2-3hop-00007-en": [
        ("ok_reorder", "Which sector index corresponds to the industry of whichever company, Redmere Spirits or "
                       "Verdanta Pharma, posted the higher single-quarter gross margin in Q4 2022?", OK),
        ("ok_reword", "For the fourth quarter of 2022 alone, compare the gross margins of Redmere Spirits and Verdanta "
                      "Pharma and keep the higher one; which index tracks that company's sector?", OK),
        ("ok_terse", "Take the company with the higher single-quarter gross margin in 2022Q4 out of Redmere Spirits "
                     "and Verdanta Pharma; find its sector; name the index that tracks it.", OK),
        ("leak_short_name", "Of Redmere Spirits and Verdanta Pharma, the one with the higher single-quarter gross "
                            "margin in the fourth quarter of 2022 was Redmere. Which index tracks its sector?", LEAK),
        ("leak_sector", "Of Redmere Spirits and Verdanta Pharma, take the one with the higher single-quarter gross "
                        "margin in the fourth quarter of 2022. Take the sector that company belongs to (liquor & "
                        "beverages). Which index tracks that sector?", LEAK),
        ("leak_sector_zh", "Of Redmere Spirits and Verdanta Pharma, take the one with the higher single-quarter gross "
                           "margin in the fourth quarter of 2022. Take the sector that company belongs to, i.e. "
                           "白酒饮料. Which index tracks that sector?", LEAK),
        ("leak_final", "Of Redmere Spirits and Verdanta Pharma, take the one with the higher single-quarter gross "
                       "margin in the fourth quarter of 2022. Take the sector that company belongs to. Which index "
                       "tracks that sector — the Demo Liquor & Beverages Index?", LEAK),
        ("leak_subject", "Take Redmere Spirits' sector. Which index tracks that sector?", LEAK),
        ("lost_period", "Of Redmere Spirits and Verdanta Pharma, take the one with the higher gross margin in 2022. "
                        "Take the sector that company belongs to. Which index tracks that sector?", LOST),
        ("lost_metric", "Of Redmere Spirits and Verdanta Pharma, take the one with the higher single-quarter net "
                        "margin in the fourth quarter of 2022. Take the sector that company belongs to. Which index "
                        "tracks that sector?", LOST),
        ("added_entity", "Of Redmere Spirits, Verdanta Pharma and Oakridge Distillery, take the one with the higher "
                         "single-quarter gross margin in the fourth quarter of 2022. Take the sector that company "
                         "belongs to. Which index tracks that sector?", ADDED),
        ("added_time", "Of Redmere Spirits and Verdanta Pharma, take the one with the higher single-quarter gross "
                       "margin in the fourth quarter of 2022 and in the first quarter of 2023. Take the sector that "
                       "company belongs to. Which index tracks that sector?", ADDED),
        ("meaning_other", "Of Redmere Spirits and Verdanta Pharma, take the one with the higher single-quarter gross "
                          "margin in the fourth quarter of 2022. Which index tracks the other company's sector?",
         MEANING),
    ],
    # Q: Take the first trading day after August 14, 2024. Take the first periodic report Thistlewood Pharma released
    #    on or after that day. Which had the lower single-quarter revenue in the quarter that report covered:
    #    Silverpine Liquor or Voltaris Motors?   answers: 2024-08-15; 2024Q2; Voltaris Motors
    "synth-21-L2-3hop-00021-en": [
        ("ok_reword", "Starting the day after August 14, 2024 (the next trading day), find the first periodic report "
                      "Thistlewood Pharma released on or after it. For the quarter that report covers, which had "
                      "lower single-quarter revenue, Silverpine Liquor or Voltaris Motors?", OK),
        ("ok_polite", "Could you look up which of Silverpine Liquor and Voltaris Motors had the lower single-quarter "
                      "revenue in the quarter covered by Thistlewood Pharma's first periodic report released on or "
                      "after the first trading day following 2024-08-14?", OK),
        ("ok_formats", "Take the next trading day after 14 Aug 2024. Take Thistlewood Pharma's first periodic report "
                       "released on or after that day. In the quarter that report covered, which had the lower "
                       "single-quarter revenue: Silverpine Liquor or Voltaris Motors?", OK),
        ("leak_date_yearless", "Take the first trading day after August 14, 2024, i.e. August 15. Take the first "
                               "periodic report Thistlewood Pharma released on or after that day. Which had the lower "
                               "single-quarter revenue in the quarter that report covered: Silverpine Liquor or "
                               "Voltaris Motors?", LEAK),
        ("leak_period_yearless", "Take the first trading day after August 14, 2024. Take the first periodic report "
                                 "Thistlewood Pharma released on or after that day (its interim report, for Q2). Which "
                                 "had the lower single-quarter revenue in the quarter that report covered: Silverpine "
                                 "Liquor or Voltaris Motors?", LEAK),
        ("leak_final_ticker", "Take the first trading day after August 14, 2024. Take the first periodic report "
                              "Thistlewood Pharma released on or after that day. Which had the lower single-quarter "
                              "revenue in the quarter that report covered: Silverpine Liquor or Voltaris Motors? Hint: "
                              "VLTM.", LEAK),
        ("lost_year", "Take the first trading day after August 14. Take the first periodic report Thistlewood Pharma "
                      "released on or after that day. Which had the lower single-quarter revenue in the quarter that "
                      "report covered: Silverpine Liquor or Voltaris Motors?", LOST),
        ("lost_offset", "Take the third trading day after August 14, 2024. Take the first periodic report Thistlewood "
                        "Pharma released on or after that day. Which had the lower single-quarter revenue in the "
                        "quarter that report covered: Silverpine Liquor or Voltaris Motors?", LOST),
        ("lost_metric", "Take the first trading day after August 14, 2024. Take the first periodic report Thistlewood "
                        "Pharma released on or after that day. Which had the lower single-quarter net profit in the "
                        "quarter that report covered: Silverpine Liquor or Voltaris Motors?", LOST),
        ("lost_basis", "Take the first trading day after August 14, 2024. Take the first periodic report Thistlewood "
                       "Pharma released on or after that day. Which had the lower revenue in the quarter that report "
                       "covered: Silverpine Liquor or Voltaris Motors?", LOST),
        ("added_entity", "Take the first trading day after August 14, 2024. Take the first periodic report Thistlewood "
                         "Pharma released on or after that day. Which had the lower single-quarter revenue in the "
                         "quarter that report covered: Silverpine Liquor, Voltaris Motors or Lumenway Auto?", ADDED),
        ("meaning_strict", "Take the first trading day after August 14, 2024. Take the first periodic report "
                           "Thistlewood Pharma released strictly after that day. Which had the lower single-quarter "
                           "revenue in the quarter that report covered: Silverpine Liquor or Voltaris Motors?",
         MEANING),
    ],
    # Q: 取常青红利基金2023年第三季度末的第一大重仓股。取该公司发布2023年第二季度定期报告的日期。当日所在月份的PPI同比
    #    是多少？   answers: 琥桶酿造; 2023年8月16日; -0.2%
    "synth-21-L2-3hop-00000-zh": [
        ("ok_reword", "常青红利基金在2023年三季度末的第一大重仓股发布2023年二季度定期报告的那天，所在月份的PPI同比是"
                      "多少？", OK),
        ("ok_polite", "请查询：常青红利基金截至2023年第三季度末的头号重仓股，其2023年第二季度报告发布当月的工业生产者"
                      "出厂价格指数同比为多少？", OK),
        ("ok_formats", "取常青红利基金2023Q3末第一大重仓股，取其2023Q2定期报告发布日，该日所在月的PPI同比？", OK),
        ("leak_entity", "取常青红利基金2023年第三季度末的第一大重仓股（琥桶酿造）。取该公司发布2023年第二季度定期报告"
                        "的日期。当日所在月份的PPI同比是多少？", LEAK),
        ("leak_date", "取常青红利基金2023年第三季度末的第一大重仓股。取该公司发布2023年第二季度定期报告的日期，即2023"
                      "年8月16日。当日所在月份的PPI同比是多少？", LEAK),
        ("leak_derived", "取常青红利基金2023年第三季度末的第一大重仓股。取该公司发布2023年第二季度定期报告的日期。当日"
                         "所在月份（2023年8月）的PPI同比是多少？", LEAK),
        ("leak_figure", "取常青红利基金2023年第三季度末的第一大重仓股。取该公司发布2023年第二季度定期报告的日期。当日"
                        "所在月份的PPI同比是多少？是-0.2%吗？", LEAK),
        ("lost_period", "取常青红利基金的第一大重仓股。取该公司发布2023年第二季度定期报告的日期。当日所在月份的PPI同比"
                        "是多少？", LOST),
        ("lost_indicator", "取常青红利基金2023年第三季度末的第一大重仓股。取该公司发布2023年第二季度定期报告的日期。"
                           "当日所在月份的CPI同比是多少？", LOST),
        ("added_time", "取常青红利基金2023年第三季度末的第一大重仓股。取该公司发布2023年第二季度定期报告的日期。当日所在"
                       "月份及2023年9月的PPI同比分别是多少？", ADDED),
        ("meaning_shift", "取常青红利基金2023年第三季度末的第一大重仓股。取该公司发布2023年第二季度定期报告的日期。当日"
                          "所在月份的上一个月的PPI同比是多少？", MEANING),
    ],
    # Q: 取梅里戴尔商业银行所属的行业。取该行业的行业指数。该指数2024年8月19日的涨跌幅是多少？
    #    answers: 银行; 演示银行指数; -0.86%
    "synth-21-L2-3hop-00024-zh": [
        ("ok_reword", "梅里戴尔商业银行所在行业的行业指数，在2024年8月19日涨跌幅为多少？", OK),
        ("ok_polite", "请告诉我：梅里戴尔商业银行所属行业对应的行业指数于2024年8月19日当天的涨跌幅。", OK),
        ("ok_ticker", "MDCB所属行业的行业指数在2024-08-19的涨跌幅是多少？", OK),
        ("leak_sector", "取梅里戴尔商业银行所属的行业（银行业）。取该行业的行业指数。该指数2024年8月19日的涨跌幅是多少？",
         LEAK),
        ("leak_index", "取梅里戴尔商业银行所属的行业。取该行业的行业指数，即演示银行指数。该指数2024年8月19日的涨跌幅是"
                       "多少？", LEAK),
        ("leak_figure_sign", "取梅里戴尔商业银行所属的行业。取该行业的行业指数。该指数2024年8月19日的涨跌幅是多少？是下跌"
                             "0.86%吗？", LEAK),
        ("lost_date", "取梅里戴尔商业银行所属的行业。取该行业的行业指数。该指数的涨跌幅是多少？", LOST),
        ("lost_field", "取梅里戴尔商业银行所属的行业。取该行业的行业指数。该指数2024年8月19日的收盘点位是多少？", LOST),
        ("added_entity", "取梅里戴尔商业银行所属的行业。取该行业的行业指数。该指数与演示综合指数2024年8月19日的涨跌幅分别"
                         "是多少？", ADDED),
        ("meaning_day", "取梅里戴尔商业银行所属的行业。取该行业的行业指数。该指数2024年8月19日之后一个交易日的涨跌幅是"
                        "多少？", MEANING),
    ],
    # Q: Take the sector index of the Banking sector. What was that index's trading volume on 2023-05-31?
    #    answers: Demo Banking Index; 88,394,900 shares
    "synth-21-L1-2hop-00017-en": [
        ("ok_reword", "How many shares did the Banking sector's index trade on May 31, 2023?", OK),
        ("ok_lowercase", "What was the trading volume on 31 May 2023 of the sector index for banking?", OK),
        ("ok_terse", "For the banking sector's index, give the volume on 2023-05-31.", OK),
        ("leak_index", "What was the Demo Banking Index's trading volume on 2023-05-31?", LEAK),
        ("leak_ticker", "Take the sector index of the Banking sector (DBANKI). What was that index's trading volume on "
                        "2023-05-31?", LEAK),
        ("leak_figure", "Take the sector index of the Banking sector. What was that index's trading volume on "
                        "2023-05-31 — about 88.39 million shares?", LEAK),
        ("leak_figure_zh", "Take the sector index of the Banking sector. What was that index's trading volume on "
                           "2023-05-31? (8839.49万股)", LEAK),
        ("lost_date", "Take the sector index of the Banking sector. What was that index's trading volume at the end of "
                      "May 2023?", LOST),
        ("lost_sector", "Take the sector index of the Software sector. What was that index's trading volume on "
                        "2023-05-31?", LOST),
        ("added_entity", "Take the sector index of the Banking sector. What was that index's trading volume on "
                         "2023-05-31, and how does it compare with Harborstone Bank's?", ADDED),
        ("meaning_average", "Take the sector index of the Banking sector. What was that index's average daily trading "
                            "volume in the week ending 2023-05-31?", MEANING),
    ],
    # Q: (5 hops) Ambercask Brewing's first report on or after July 11, 2023; its release day; the day Jadeflow
    #    Beverages released its report for the quarter containing that day; of Bluewater Short-Term Bond Fund and
    #    Silica Semiconductor ETF the higher three-month annualised volatility as of that day; as of 2024-02-29 the
    #    higher YTD return: that fund, Crestview Bond Fund or Summit Healthcare Fund?
    #    answers: 2023Q2; 2023-08-16; 2023-10-24; Silica Semiconductor ETF; Silica Semiconductor ETF
    "synth-21-L3-5hop-00003-en": [
        ("ok_reword", "Find Ambercask Brewing's first periodic report released on or after July 11, 2023, and the day "
                      "it came out. Then find when Jadeflow Beverages released its periodic report for the quarter "
                      "containing that day. As of that date, compare the three-month annualised volatility of "
                      "Bluewater Short-Term Bond Fund and Silica Semiconductor ETF and keep the higher one. As of "
                      "2024-02-29, which had the higher year-to-date return: that fund, Crestview Bond Fund or Summit "
                      "Healthcare Fund?", OK),
        ("ok_steps", "Work through five steps: (1) Ambercask Brewing's first periodic report on or after 2023-07-11; "
                     "(2) the day it was published; (3) the day Jadeflow Beverages published its report for the "
                     "quarter containing that day; (4) between Bluewater Short-Term Bond Fund and Silica Semiconductor "
                     "ETF, the one with higher 3-month annualized volatility as of that day; (5) as of Feb 29, 2024, "
                     "which of that fund, Crestview Bond Fund and Summit Healthcare Fund had the highest YTD return?",
         OK),
        ("leak_entity", "Take the first periodic report Ambercask Brewing released on or after July 11, 2023. Take the "
                        "day that report was released. Take the day Jadeflow Beverages released its periodic report "
                        "for the quarter containing that day. Of Bluewater Short-Term Bond Fund and Silica "
                        "Semiconductor ETF, take the fund with the higher three-month annualised volatility as of that "
                        "day (Silica Semiconductor ETF, as it turns out). As of 2024-02-29, which had the higher "
                        "year-to-date return: that fund, Crestview Bond Fund or Summit Healthcare Fund?", LEAK),
        ("leak_date", "Take the first periodic report Ambercask Brewing released on or after July 11, 2023. Take the "
                      "day that report was released. Take the day Jadeflow Beverages released its periodic report for "
                      "the quarter containing that day (24 Oct 2023). Of Bluewater Short-Term Bond Fund and Silica "
                      "Semiconductor ETF, take the fund with the higher three-month annualised volatility as of that "
                      "day. As of 2024-02-29, which had the higher year-to-date return: that fund, Crestview Bond Fund "
                      "or Summit Healthcare Fund?", LEAK),
        ("leak_period", "Take the first periodic report Ambercask Brewing released on or after July 11, 2023 — the "
                        "2023Q2 one. Take the day that report was released. Take the day Jadeflow Beverages released "
                        "its periodic report for the quarter containing that day. Of Bluewater Short-Term Bond Fund "
                        "and Silica Semiconductor ETF, take the fund with the higher three-month annualised volatility "
                        "as of that day. As of 2024-02-29, which had the higher year-to-date return: that fund, "
                        "Crestview Bond Fund or Summit Healthcare Fund?", LEAK),
        ("lost_horizon", "Take the first periodic report Ambercask Brewing released on or after July 11, 2023. Take "
                         "the day that report was released. Take the day Jadeflow Beverages released its periodic "
                         "report for the quarter containing that day. Of Bluewater Short-Term Bond Fund and Silica "
                         "Semiconductor ETF, take the fund with the higher annualised volatility as of that day. As of "
                         "2024-02-29, which had the higher year-to-date return: that fund, Crestview Bond Fund or "
                         "Summit Healthcare Fund?", LOST),
        ("lost_candidate", "Take the first periodic report Ambercask Brewing released on or after July 11, 2023. Take "
                           "the day that report was released. Take the day Jadeflow Beverages released its periodic "
                           "report for the quarter containing that day. Of Bluewater Short-Term Bond Fund and Silica "
                           "Semiconductor ETF, take the fund with the higher three-month annualised volatility as of "
                           "that day. As of 2024-02-29, which had the higher year-to-date return: that fund or "
                           "Crestview Bond Fund?", LOST),
        ("lost_direction", "Take the first periodic report Ambercask Brewing released on or after July 11, 2023. Take "
                           "the day that report was released. Take the day Jadeflow Beverages released its periodic "
                           "report for the quarter containing that day. Of Bluewater Short-Term Bond Fund and Silica "
                           "Semiconductor ETF, take the fund with the higher three-month annualised volatility as of "
                           "that day. As of 2024-02-29, which had the lower year-to-date return: that fund, Crestview "
                           "Bond Fund or Summit Healthcare Fund?", LOST),
        ("lost_horizon_changed", "Take the first periodic report Ambercask Brewing released on or after July 11, 2023. "
                                 "Take the day that report was released. Take the day Jadeflow Beverages released its "
                                 "periodic report for the quarter containing that day. Of Bluewater Short-Term Bond "
                                 "Fund and Silica Semiconductor ETF, take the fund with the higher three-month "
                                 "annualised volatility as of that day. As of 2024-02-29, which had the higher one-year "
                                 "return: that fund, Crestview Bond Fund or Summit Healthcare Fund?", LOST),
        ("added_entity", "Take the first periodic report Ambercask Brewing released on or after July 11, 2023. Take "
                         "the day that report was released. Take the day Jadeflow Beverages released its periodic "
                         "report for the quarter containing that day. Of Bluewater Short-Term Bond Fund and Silica "
                         "Semiconductor ETF, take the fund with the higher three-month annualised volatility as of "
                         "that day. As of 2024-02-29, which had the higher year-to-date return: that fund, Crestview "
                         "Bond Fund, Summit Healthcare Fund or Zenith Growth Equity Fund?", ADDED),
        ("meaning_shift", "Take the first periodic report Ambercask Brewing released on or after July 11, 2023. Take "
                          "the day that report was released. Take the day Jadeflow Beverages released its periodic "
                          "report for the quarter before the one containing that day. Of Bluewater Short-Term Bond "
                          "Fund and Silica Semiconductor ETF, take the fund with the higher three-month annualised "
                          "volatility as of that day. As of 2024-02-29, which had the higher year-to-date return: that "
                          "fund, Crestview Bond Fund or Summit Healthcare Fund?", MEANING),
    ],
}


def main() -> None:
    bases = {c["id"]: c for c in json.loads((HERE / "synthesis_bases.json").read_text(encoding="utf-8"))}
    for name, table in (("synthesis_paraphrases.jsonl", ITEMS), ("synthesis_paraphrases_heldout.jsonl", HELDOUT)):
        rows = []
        for base_id, items in table.items():
            base = bases[base_id]
            for i, (kind, text, label) in enumerate(items, start=1):
                rows.append({"id": f"{base_id}/{i}", "base": base_id, "language": base.get("language", "en"),
                             "kind": kind, "label": label, "text": text})
        out = HERE / name
        out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        print(f"{len(rows)} items -> {out}")


if __name__ == "__main__":
    main()
