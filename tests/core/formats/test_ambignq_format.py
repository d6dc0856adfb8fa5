"""The AmbigNQ light-format reader: typed records, errors naming file and record, path or URL."""

from __future__ import annotations

import http.server
import json
import threading
from pathlib import Path

import pytest

from finprobe.core.benchmark import DataError
from finprobe.core.formats import MultipleQAs, SingleAnswer, load_ambignq, parse_ambignq

REPO = Path(__file__).resolve().parents[3]
REAL = REPO.parent / "shared" / "data" / "ambigqa" / "train_light.json"

RECORDS = [
    {"id": "1", "question": "Who played gaston in beauty and the beast?", "annotations": [
        {"type": "multipleQAs", "qaPairs": [
            {"question": "Who played Gaston in the 2017 film?", "answer": ["Luke Evans"]},
            {"question": "Who played Gaston in the 1991 film?", "answer": ["Richard White"]}]}]},
    {"id": 2, "question": "When did the frozen ride open at epcot?", "annotations": [
        {"type": "singleAnswer", "answer": ["June 21, 2016", " "]}]},
]


def test_parses_both_annotation_types():
    recs = parse_ambignq(json.dumps(RECORDS), source="x.json")
    assert [r.id for r in recs] == ["1", "2"]  # numeric ids become text
    assert isinstance(recs[0].annotations[0], MultipleQAs) and recs[0].is_ambiguous
    assert isinstance(recs[1].annotations[0], SingleAnswer) and not recs[1].is_ambiguous
    assert recs[1].single_answers[0].answer == ["June 21, 2016"]  # blank answers dropped
    assert recs[0].where == "x.json (record 1)"


@pytest.mark.parametrize("bad, needle", [
    ({"id": "9", "question": "q?", "annotations": [{"type": "multipleQAs", "qaPairs": []}]}, "qaPairs"),
    ({"id": "9", "question": "q?", "annotations": [{"type": "other"}]}, "annotations"),
    ({"id": "9", "question": " ", "annotations": [{"type": "singleAnswer", "answer": ["a"]}]}, "question"),
    ({"id": "9", "question": "q?"}, "annotations"),
])
def test_malformed_record_names_file_record_and_field(bad, needle):
    with pytest.raises(DataError) as exc:
        parse_ambignq(json.dumps([RECORDS[0], bad]), source="train_light.json")
    msg = str(exc.value)
    assert "train_light.json (record 2)" in msg and "id='9'" in msg and needle in msg


def test_duplicate_ids_and_broken_json_are_errors():
    with pytest.raises(DataError, match="duplicate id '1'"):
        parse_ambignq(json.dumps([RECORDS[0], RECORDS[0]]), source="f.json")
    with pytest.raises(DataError, match="f.json:1: invalid JSON"):
        parse_ambignq("[{", source="f.json")


def test_loads_from_a_path_and_from_a_url(tmp_path):
    path = tmp_path / "dev_light.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    assert len(load_ambignq(path)) == 2

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **kw):
            super().__init__(*a, directory=str(tmp_path), **kw)

        def log_message(self, *a):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/dev_light.json"
        assert [r.id for r in load_ambignq(url)] == ["1", "2"]
        with pytest.raises(DataError, match="sha256 mismatch"):
            load_ambignq(url, sha256="0" * 64)
    finally:
        server.shutdown()


@pytest.mark.shared_data
def test_reads_the_real_train_file():
    if not REAL.exists():
        pytest.skip(f"{REAL} not present")
    recs = load_ambignq(REAL)
    assert len(recs) == 10036
    assert sum(r.is_ambiguous for r in recs) == 4749
    assert sum(1 for r in recs if r.multiple_qas and r.single_answers) == 10
