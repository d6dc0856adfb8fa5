from __future__ import annotations

import json
import math
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance, Interpretation, load_instances, parse_instances
from finprobe.core.benchmark import DataError


def test_load_jsonl_en_zh_one_and_two_axes(raw_records, write_jsonl):
    items = load_instances(write_jsonl(raw_records))
    assert [i.instance_id for i in items] == ["t-en-1", "t-en-2", "t-zh-1", "t-zh-2"]
    en1, en2, zh1, zh2 = items
    assert en1.language == "en" and zh1.language == "zh"
    assert en1.answer == "$46.75B" and zh1.answer == "9.34亿元"  # values stay strings
    assert en1.axes == ["entity_scope"] and en1.primary_category == "entity_scope" and en1.n_axes == 1
    assert en2.axes == ["filing_vintage", "entity_scope"] and en2.secondary_categories == ["entity_scope"]
    assert en2.ticker is None
    # extra interpretation field kept
    assert en2.intended_interpretation.get("vintage") == "as restated"
    assert en2.intended_interpretation.values()["vintage"] == "as restated"
    assert en1.h0 == pytest.approx(1.585) and en1.h0_source == "release" and en1.load_notes == []
    assert en1.qc == {"checked": True}


def test_missing_optional_fields_and_h0(raw_records, write_jsonl):
    zh2 = load_instances(write_jsonl(raw_records))[3]
    assert zh2.ticker is None and zh2.intended_evidence_span is None and zh2.filing_date is None
    assert zh2.n_axes == 2
    assert zh2.h0 == 1.0 and zh2.h0_source == "assumed_k2"
    assert any("h0 absent" in n for n in zh2.load_notes)


def test_h0_from_k_and_aliases(raw_records):
    rec = raw_records[0]
    del rec["h0"]
    rec["k"] = 3
    rec["axes_exercised"] = ["Entity Scope"]
    del rec["axes"]
    rec["n_axes"] = 2  # disagrees with the axes: corrected, noted
    rec["language"] = "EN"
    inst = AmbiguityInstance.model_validate(rec)
    assert inst.h0 == pytest.approx(math.log2(3)) and inst.h0_source == "computed_from_k"
    assert inst.axes == ["entity_scope"] and inst.n_axes == 1
    assert any("axes_exercised" in n for n in inst.load_notes)
    assert any("n_axes" in n for n in inst.load_notes)
    assert inst.language == "en"


def test_numbers_become_strings(raw_records):
    rec = raw_records[0]
    rec["answer"] = 0.145
    rec["instance_id"] = 17
    rec["intended_interpretation"]["period"] = 2023
    inst = AmbiguityInstance.model_validate(rec)
    assert inst.answer == "0.145" and inst.instance_id == "17"
    assert inst.intended_interpretation.period == "2023"


@pytest.mark.parametrize("field,value,needle", [
    ("axes", ["entity_scope", "liquidity"], "unknown category label 'liquidity'"),
    ("axes", [], "at least one category"),
    ("axes", ["entity_scope", "entity"], "listed twice"),
    ("question", "   ", "question"),
    ("answer", "", "answer"),
    ("answer", "0", "placeholder"),
    ("context", "", "context"),
    ("language", "fr", "language"),
])
def test_strict_fields_error_names_file_line_and_id(raw_records, write_jsonl, field, value, needle):
    raw_records[2][field] = value
    path = write_jsonl(raw_records)
    with pytest.raises(DataError) as err:
        load_instances(path)
    msg = str(err.value)
    assert f"{path}:3" in msg and "instance_id='t-zh-1'" in msg and needle in msg


def test_missing_required_field(raw_records, write_jsonl):
    del raw_records[1]["intended_interpretation"]
    path = write_jsonl(raw_records)
    with pytest.raises(DataError, match=r":2: instance_id='t-en-2'.*intended_interpretation"):
        load_instances(path)


def test_invalid_json_line_and_duplicates(raw_records, write_jsonl):
    path = write_jsonl([raw_records[0], "{not json"])
    with pytest.raises(DataError, match=r"instances.jsonl:2: invalid JSON"):
        load_instances(path)
    path = write_jsonl([raw_records[0], raw_records[0]], name="dup.jsonl")
    with pytest.raises(DataError, match=r"dup.jsonl:2: duplicate instance_id 't-en-1'"):
        load_instances(path)
    path = write_jsonl(["[1, 2]"], name="arr.jsonl")
    with pytest.raises(DataError, match="expected a JSON object"):
        load_instances(path)


def test_json_array_and_blank_lines(raw_records, tmp_path):
    path = tmp_path / "all.json"
    path.write_text(json.dumps(raw_records, ensure_ascii=False, indent=1), encoding="utf-8")
    assert len(load_instances(path)) == 4
    text = "\n\n".join(json.dumps(r, ensure_ascii=False) for r in raw_records)
    assert len(parse_instances(text)) == 4


def test_missing_file():
    with pytest.raises(DataError, match="cannot read"):
        load_instances("/nonexistent/instances.jsonl")


def test_load_from_local_url(raw_records):
    body = "\n".join(json.dumps(r, ensure_ascii=False) for r in raw_records).encode("utf-8")

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802
            if self.path == "/data.jsonl":
                self.send_response(200)
                self.end_headers()
                self.wfile.write(body)
            else:
                self.send_response(404)
                self.end_headers()

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_port}"
        assert [i.instance_id for i in load_instances(url + "/data.jsonl")][-1] == "t-zh-2"
        with pytest.raises(DataError, match="cannot download instances"):
            load_instances(url + "/missing.jsonl")
    finally:
        server.shutdown()
        server.server_close()


def test_interpretation_coercion_and_distinctive_fields(instances):
    interp = Interpretation.model_validate({"entity": ["A", "B"], "period": "", "vintage": "as restated"})
    assert interp.entity == "A, B" and interp.period is None
    assert list(interp.values()) == ["entity", "vintage"]
    assert instances["t-en-1"].distinctive_fields() == ["entity"]
    assert instances["t-en-2"].distinctive_fields() == ["entity", "vintage"]
    assert instances["t-zh-2"].distinctive_fields() == ["entity", "metric"]
