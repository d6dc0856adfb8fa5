import copy
import hashlib
import http.server
import json
import threading
from collections import Counter

import pytest

from finprobe.benchmarks.reasoning.loader import level_for, load_finqa, parse_records, to_sample
from finprobe.core.benchmark import DataError


def _record(i, **qa_over):
    qa = {"question": f"what is q{i}?", "answer": "5", "program": "add(2, 3)", "exe_ans": 5.0, "gold_inds": {}}
    qa.update(qa_over)
    return {"id": f"X/2020/page_{i}.pdf-1", "filename": f"X/2020/page_{i}.pdf", "pre_text": ["a ."],
            "post_text": ["b ."], "table": [["", "2020"], ["rev", "$ 5"]], "qa": qa}


def _write(tmp_path, obj, name="mini.json"):
    p = tmp_path / name
    p.write_text(obj if isinstance(obj, str) else json.dumps(obj))
    return p


@pytest.mark.shared_data
def test_all_dev_records_load_with_unique_ids(dev_records, dev_samples):
    assert len(dev_records) == 883
    ids = [r.id for r in dev_records]
    assert len(set(ids)) == 883
    synthetic = [r for r in dev_records if r.synthetic_id]
    assert len(synthetic) == 35 and all(r.id.startswith("dev-null-") for r in synthetic)
    levels = Counter(s.meta["level"] for s in dev_samples)
    assert set(levels) == {"Medium", "Hard", "VeryHard"}
    print(f"\ndev levels: {dict(levels)}")
    qtypes = Counter(s.meta["question_type"] for s in dev_samples)
    assert qtypes["yes_no"] == 10
    s0 = dev_samples[0]
    assert s0.data["qa"]["program"] == "divide(637, const_5)" and s0.meta["operations"] == ["divide"]


def test_synthetic_ids_are_stable_and_positional(tmp_path):
    recs = [_record(0), _record(1), _record(2)]
    recs[1]["id"] = None
    p = _write(tmp_path, recs, "train.json")
    first, again = load_finqa(p), load_finqa(p)
    assert [r.id for r in first] == [r.id for r in again]
    assert first[1].id == "train-null-1" and first[1].synthetic_id and not first[0].synthetic_id


def test_levels_follow_operation_count():
    assert [level_for(n) for n in (1, 2, 3, 4, 6)] == ["Medium", "Hard", "Hard", "VeryHard", "VeryHard"]
    rec = parse_records([_record(0, program="add(1, 2), add(#0, 3), divide(#1, 2), "
                                                               "multiply(#2, 2)", exe_ans=6.0)], "m.json")[0]
    s = to_sample(rec)
    assert s.meta == {"level": "VeryHard", "operations": ["add", "add", "divide", "multiply"], "n_ops": 4,
                      "question_type": "numeric"}


def test_truncated_file_names_file_and_record(tmp_path):
    text = json.dumps([_record(0), _record(1), _record(2)])
    p = _write(tmp_path, text[: len(text) - 40])
    with pytest.raises(DataError) as info:
        load_finqa(p)
    msg = str(info.value)
    assert "mini.json" in msg and "record 2" in msg and "X/2020/page_2.pdf-1" in msg


def test_record_missing_qa_names_file_and_record(tmp_path):
    recs = [_record(0), _record(1)]
    del recs[1]["qa"]
    with pytest.raises(DataError) as info:
        load_finqa(_write(tmp_path, recs))
    msg = str(info.value)
    assert "mini.json" in msg and "record 1" in msg and "X/2020/page_1.pdf-1" in msg and "qa" in msg


@pytest.mark.parametrize("bad", [["add(1, 2)"], 12, None])
def test_program_not_a_string_names_file_and_record(tmp_path, bad):
    recs = [_record(0), _record(1, program=bad)]
    with pytest.raises(DataError) as info:
        load_finqa(_write(tmp_path, recs))
    msg = str(info.value)
    assert "mini.json" in msg and "record 1" in msg and "qa.program" in msg


@pytest.mark.parametrize("mutate,fragment", [
    (lambda r: r["qa"].update(program="frob(1, 2)"), "does not parse"),
    (lambda r: r["qa"].update(exe_ans="maybe"), "exe_ans"),
    (lambda r: r["qa"].update(exe_ans=True), "exe_ans"),
    (lambda r: r.update(table="not a table"), "table"),
    (lambda r: r.update(id=7), "id must be a string"),
])
def test_invalid_fields_are_data_errors(tmp_path, mutate, fragment):
    recs = [_record(0), _record(1)]
    mutate(recs[1])
    with pytest.raises(DataError) as info:
        load_finqa(_write(tmp_path, recs))
    assert "record 1" in str(info.value) and fragment in str(info.value)


def test_not_a_list_duplicates_and_missing_file(tmp_path):
    with pytest.raises(DataError, match="expected a JSON list"):
        load_finqa(_write(tmp_path, {"data": []}))
    dup = [_record(0), copy.deepcopy(_record(0))]
    with pytest.raises(DataError, match="duplicate id"):
        load_finqa(_write(tmp_path, dup))
    with pytest.raises(DataError, match="cannot read"):
        load_finqa(tmp_path / "absent.json")
    with pytest.raises(DataError, match="after record 0"):
        load_finqa(_write(tmp_path, "[" + json.dumps(_record(0)) + " x"))


def test_empty_answer_and_literal_backslashes_load(tmp_path):
    recs = [_record(0, answer=""), _record(1, question="what is it?\\\\n")]
    got = load_finqa(_write(tmp_path, recs))
    assert got[0].qa.answer == "" and got[1].qa.question.endswith("\\\\n")


def test_sha256_verification(tmp_path):
    p = _write(tmp_path, [_record(0)])
    good = hashlib.sha256(p.read_bytes()).hexdigest()
    assert len(load_finqa(p, sha256=good)) == 1
    with pytest.raises(DataError, match="sha256 mismatch"):
        load_finqa(p, sha256="0" * 64)


def test_load_from_local_http_url(tmp_path):
    body = json.dumps([_record(0), _record(1)]).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path.endswith("/dev.json"):
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                self.send_error(404)

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_port}"
        got = load_finqa(f"{base}/data/dev.json", sha256=hashlib.sha256(body).hexdigest())
        assert [r.id for r in got] == ["X/2020/page_0.pdf-1", "X/2020/page_1.pdf-1"]
        with pytest.raises(DataError, match="cannot download FinQA data"):
            load_finqa(f"{base}/missing.json")
    finally:
        server.shutdown()
        server.server_close()
