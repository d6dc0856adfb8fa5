"""Every command against a table of bad invocations: each ends with exit status 2 and one line on stderr
that names the problem (and the file, where there is one), never a traceback, never "internal error".

The inputs are real files written here: malformed data, corpora, configs, price tables, run folders."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finprobe.cli import app

runner = CliRunner()
DEEP = "[" * 100_000 + "]" * 100_000  # past Python's recursion limit in any recursive parser


def _demo_reasoning() -> list[dict]:
    from finprobe.benchmarks.reasoning import demo_path

    return json.loads(demo_path().read_text())


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, str]:
    d = tmp_path_factory.mktemp("bad")
    out: dict[str, str] = {}

    def put(name: str, content: str | bytes) -> None:
        path = d / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        out[name] = str(path)

    records = _demo_reasoning()
    # --- reasoning data
    put("data_invalid.json", '[{"id": "a", "qa": ')
    put("data_object.json", '{"id": "a"}')
    put("data_empty.json", "[]")
    put("data_deep.json", DEEP)
    put("data_latin1.json", '[{"id": "caf\xe9"}]'.encode("latin-1"))
    put("data_types.json", json.dumps([{**records[0], "table": "not a table"}]))
    put("data_dupes.json", json.dumps([records[0], records[0]]))
    put("data_noqa.json", json.dumps([{k: v for k, v in records[0].items() if k != "qa"}]))
    put("data_text.json", "hello")
    nan_gold = {**records[1], "qa": {**records[1]["qa"], "exe_ans": float("nan")}}
    put("data_nan.json", json.dumps([records[0], nan_gold]))  # json writes the NaN literal Python reads back
    put("corrections_binary.yaml", bytes(range(256)) * 4)
    # --- ambiguity corpora
    good = (Path(__file__).parents[1] / "src/finprobe/benchmarks/ambiguity/data/demo_corpus.jsonl").read_text()
    first = good.splitlines()[0]
    put("corpus_bad_line.jsonl", first + "\n{not json\n")
    put("corpus_types.jsonl", json.dumps({"passage_id": "p1", "text": 42}) + "\n")
    put("corpus_latin1.jsonl", '{"passage_id": "p1", "text": "caf\xe9"}\n'.encode("latin-1"))
    put("corpus_dupes.jsonl", first + "\n" + first + "\n")
    put("corpus_empty.jsonl", "")
    put("corpus_blank.jsonl", "\n\n")
    put("corpus_list_line.jsonl", "[1, 2]\n")
    put("corpus_no_text.jsonl", json.dumps({"passage_id": "p1"}) + "\n")
    put("corpus_deep.jsonl", DEEP + "\n")
    # --- ambiguity instances
    put("inst_bad.jsonl", '{"instance_id": "x"}\n')
    put("inst_deep.jsonl", DEEP + "\n")
    # --- run configs
    put("cfg_invalid.yaml", "limit: [1, 2\n")
    put("cfg_list.yaml", "- 1\n- 2\n")
    put("cfg_scalar.yaml", "just text\n")
    put("cfg_python.yaml", "limit: !!python/object/apply:os.system ['echo pwned']\n")
    put("cfg_unknown.yaml", "nosuch: 1\n")
    put("cfg_limit.yaml", "limit: -3\n")
    put("cfg_conc.yaml", "concurrency: 0\n")
    put("cfg_roles.yaml", "roles: [agent]\n")
    put("cfg_role_url.yaml", "roles:\n  agent: {spec: 'openai:m', base_url: 'ftp://x'}\n")
    put("cfg_role_creds.yaml", "roles:\n  agent: {spec: 'openai:m', base_url: 'http://u:sk-secret-123456@h/v1'}\n")
    put("cfg_gen.yaml", "roles:\n  agent: {spec: reference, generate: {temperature: -1}}\n")
    put("cfg_latin1.yaml", "mode: caf\xe9\n".encode("latin-1"))
    put("cfg_deep.yaml", "a: " + "[" * 5000 + "]" * 5000 + "\n")
    put("cfg_timeout.yaml", "sample_timeout_s: 0\n")
    put("cfg_args_key.yaml", "roles:\n  agent: {spec: 'openai:m', base_url: 'http://127.0.0.1:9/v1', "
                             "args: {api_key_env: X}}\n")
    # --- price tables
    put("prices_invalid.yaml", "m: {input: [1\n")
    put("prices_list.yaml", "- 1\n")
    put("prices_negative.yaml", "m: {input: -1, output: 1}\n")
    put("prices_missing_field.yaml", "m: {input: 1}\n")
    put("prices_invalid.json", "{nope")
    put("prices_latin1.yaml", "m\xe9: {input: 1, output: 1}\n".encode("latin-1"))
    # --- run folders
    (d / "folder").mkdir()
    out["folder"] = str(d / "folder")
    put("a_file.txt", "not a folder")
    (d / "bad_manifest").mkdir()
    (d / "bad_manifest" / "manifest.json").write_text("{not json")
    out["bad_manifest"] = str(d / "bad_manifest")
    (d / "manifest_list").mkdir()
    (d / "manifest_list" / "manifest.json").write_text("[]")
    out["manifest_list"] = str(d / "manifest_list")
    good_run = d / "good_run"
    result = runner.invoke(app, ["run", "reasoning", "--agent", "reference", "--limit", "3", "--out", str(good_run),
                                 "--no-progress"])
    assert result.exit_code == 0, result.output
    out["good_run"] = str(good_run)
    unknown = d / "unknown_family_run"
    shutil.copytree(good_run, unknown)
    manifest = json.loads((unknown / "manifest.json").read_text())
    manifest["config"]["benchmark"] = "nosuch"
    (unknown / "manifest.json").write_text(json.dumps(manifest))
    out["unknown_family_run"] = str(unknown)
    corrupt = d / "corrupt_samples"
    shutil.copytree(good_run, corrupt)
    lines = (corrupt / "samples.jsonl").read_text().splitlines()
    (corrupt / "samples.jsonl").write_text(lines[0] + "\n{garbage\n" + lines[1] + "\n")
    out["corrupt_samples"] = str(corrupt)
    moved = d / "moved_data_run"
    data_copy = d / "data_copy.json"
    data_copy.write_text(json.dumps(records[:3]))
    result = runner.invoke(app, ["run", "reasoning", "--agent", "reference", "--data", str(data_copy), "--out",
                                 str(moved), "--no-progress"])
    assert result.exit_code == 0, result.output
    data_copy.unlink()
    (moved / "data.jsonl").unlink()  # a folder from before finprobe kept the run's data: nothing to grade against
    out["moved_data_run"] = str(moved)
    out["dir"] = str(d)
    return out


R = ["run", "reasoning", "--agent", "reference", "--no-progress"]  # a cheap agent, should a case run by mistake
A = ["run", "ambiguity", "--agent", "oracle", "--no-progress"]
V = ["validate", "reasoning"]
VA = ["validate", "ambiguity"]
OPENAI = ["--agent", "openai:m", "--base-url", "http://127.0.0.1:9/v1"]

# (id, argv with {placeholders} from `files`, environment, a fragment the message must hold)
CASES: list[tuple[str, list[str], dict[str, str], str]] = [
    # --- the command line itself
    ("no such command", ["nosuch"], {}, "nosuch"),
    ("no such global option", ["--nosuch"], {}, "--nosuch"),
    ("run: no such option", [*R, "--nosuch"], {}, "--nosuch"),
    ("run: option without value", [*R, "--limit"], {}, "--limit"),
    ("validate: no family", ["validate"], {}, "benchmark"),
    ("report: no folder", ["report"], {}, "run_dir"),
    ("compare: one folder", ["compare", "{good_run}"], {}, "at least two run folders"),
    # --- unknown family
    ("run unknown family", ["run", "nosuch", "--no-progress"], {}, "nosuch"),
    ("validate unknown family", ["validate", "nosuch"], {}, "nosuch"),
    ("audit unknown family", ["audit", "nosuch"], {}, "nosuch"),
    ("doctor unknown family", ["doctor", "nosuch"], {}, "nosuch"),
    ("list options unknown family", ["list", "options", "nosuch"], {}, "nosuch"),
    ("list nosuch", ["list", "nosuch"], {}, "nosuch"),
    ("list benchmarks extra", ["list", "benchmarks", "reasoning"], {}, "takes no family"),
    # --- numbers out of range or not numbers
    ("--limit -2", [*R, "--limit", "-2"], {}, "--limit"),
    ("--limit 0", [*R, "--limit", "0"], {}, "--limit"),
    ("--limit abc", [*R, "--limit", "abc"], {}, "--limit"),
    ("--limit 1.5", [*R, "--limit", "1.5"], {}, "--limit"),
    ("--concurrency 0", [*R, "--concurrency", "0"], {}, "--concurrency"),
    ("--concurrency -4", [*R, "--concurrency", "-4"], {}, "--concurrency"),
    ("--concurrency x", [*R, "--concurrency", "x"], {}, "--concurrency"),
    ("--epochs 0", [*R, "--epochs", "0"], {}, "--epochs"),
    ("--epochs -1", [*R, "--epochs", "-1"], {}, "--epochs"),
    ("--epochs 1001", [*R, "--epochs", "1001"], {}, "--epochs"),
    ("--seed abc", [*R, "--seed", "abc"], {}, "--seed"),
    ("--sample-retries -1", [*R, "--sample-retries", "-1"], {}, "--sample-retries"),
    ("--sample-timeout 0", [*R, "--sample-timeout", "0"], {}, "--sample-timeout"),
    ("--sample-timeout -1", [*R, "--sample-timeout", "-1"], {}, "--sample-timeout"),
    ("--sample-timeout nan", [*R, "--sample-timeout", "nan"], {}, "--sample-timeout"),
    ("--sample-timeout inf", [*R, "--sample-timeout", "inf"], {}, "--sample-timeout"),
    ("--sample-timeout abc", [*R, "--sample-timeout", "abc"], {}, "--sample-timeout"),
    ("validate --limit 0", [*V, "--limit", "0"], {}, "--limit"),
    ("validate --concurrency -4", [*V, "--concurrency", "-4"], {}, "--concurrency"),
    # --- --set
    ("--set max_tokens=-5", [*R, "--set", "agent.max_tokens=-5"], {}, "max_tokens"),
    ("--set max_tokens=0", [*R, "--set", "agent.max_tokens=0"], {}, "max_tokens"),
    ("--set max_tokens=abc", [*R, "--set", "agent.max_tokens=abc"], {}, "max_tokens"),
    ("--set temperature=nan", [*R, "--set", "agent.temperature=nan"], {}, "temperature"),
    ("--set temperature=.inf", [*R, "--set", "agent.temperature=.inf"], {}, "temperature"),
    ("--set temperature=-1", [*R, "--set", "agent.temperature=-1"], {}, "temperature"),
    ("--set temperature=hot", [*R, "--set", "agent.temperature=hot"], {}, "temperature"),
    ("--set timeout_s=0", [*R, "--set", "agent.timeout_s=0"], {}, "timeout_s"),
    ("--set timeout_s=-1", [*R, "--set", "agent.timeout_s=-1"], {}, "timeout_s"),
    ("--set timeout_s=.nan", [*R, "--set", "agent.timeout_s=.nan"], {}, "timeout_s"),
    ("--set seed=abc", [*R, "--set", "agent.seed=abc"], {}, "seed"),
    ("--set stop={a: 1}", [*R, "--set", "agent.stop={a: 1}"], {}, "stop"),
    ("--set response_schema=5", [*R, "--set", "agent.response_schema=5"], {}, "response_schema"),
    ("--set without a role", [*R, "--set", "temperature=1"], {}, "ROLE.KEY"),
    ("--set without =", [*R, "--set", "agent.temperature"], {}, "KEY=VALUE"),
    ("--set =1", [*R, "--set", "=1"], {}, "KEY=VALUE"),
    ("--set unknown role", [*R, "--set", "nosuch.temperature=1"], {}, "nosuch"),
    ("--set max_retries=-1", [*R, *OPENAI, "--set", "agent.max_retries=-1"], {}, "max_retries"),
    ("--set max_concurrency=0", [*R, *OPENAI, "--set", "agent.max_concurrency=0"], {}, "max_concurrency"),
    ("--set unknown backend arg", [*R, *OPENAI, "--set", "agent.nosuch=1"], {}, "unknown setting 'nosuch'"),
    # issue 28, item 9: each names the setting or the file
    ("--set backoff_base_s=-1", [*R, *OPENAI, "--set", "agent.backoff_base_s=-1"], {}, "backoff_base_s must be >= 0"),
    ("--set backoff_max_s=-1", [*R, *OPENAI, "--set", "agent.backoff_max_s=-1"], {}, "backoff_max_s must be >= 0"),
    ("--set retry_after_cap_s=-1", [*R, *OPENAI, "--set", "agent.retry_after_cap_s=-1"], {},
     "retry_after_cap_s must be >= 0"),
    ("--set max_retries=1.5", [*R, *OPENAI, "--set", "agent.max_retries=1.5"], {}, "max_retries must be a whole"),
    ("--set api_key_env=unset", [*R, *OPENAI, "--set", "agent.api_key_env=FINPROBE_NO_SUCH_KEY_X"], {},
     "FINPROBE_NO_SUCH_KEY_X"),
    ("--set model=x", [*R, *OPENAI, "--set", "agent.model=x"], {}, "--agent openai:MODEL"),
    ("--config role args api_key_env", ["run", "reasoning", "--config", "{cfg_args_key.yaml}", "--no-progress"], {},
     "api_key_env"),
    ("validate --data NaN gold", [*V, "--data", "{data_nan.json}"], {}, "qa.exe_ans is not a finite number"),
    ("--data NaN gold", [*R, "--data", "{data_nan.json}"], {}, "data_nan.json"),
    ("-O corrections binary", [*R, "-O", "corrections={corrections_binary.yaml}"], {}, "corrections_binary.yaml"),
    ("validate -O corrections a folder", [*V, "-O", "corrections={folder}"], {}, "is a folder"),
    ("validate --corpus a folder", [*VA, "--corpus", "{folder}"], {}, "is a folder"),
    ("--set price=abc", [*R, *OPENAI, "--set", "agent.price=abc"], {}, "price"),
    ("--set price={input: -1}", [*R, *OPENAI, "--set", "agent.price={input: -1, output: 1}"], {}, "Price"),
    # --- family options
    ("-O sha256=00", [*R, "-O", "sha256=00"], {}, "sha256"),
    ("-O sha256=12345", [*R, "-O", "sha256=12345"], {}, "sha256"),
    ("-O sha256=z*64", [*R, "-O", "sha256=" + "z" * 64], {}, "sha256"),
    ("-O sha256 mismatch", [*R, "-O", "sha256=" + "0" * 64], {}, "sha256 mismatch"),
    ("-O nosuch=1", [*R, "-O", "nosuch=1"], {}, "nosuch"),
    ("-O seed=1", [*R, "-O", "seed=1"], {}, "--seed"),
    ("-O bootstrap_resamples=5", [*R, "-O", "bootstrap_resamples=5"], {}, "bootstrap_resamples"),
    ("-O bootstrap_resamples=x", [*R, "-O", "bootstrap_resamples=x"], {}, "bootstrap_resamples"),
    ("-O ci_level=2", [*R, "-O", "ci_level=2"], {}, "ci_level"),
    ("-O corrections missing", [*R, "-O", "corrections={dir}/missing.yaml"], {}, "missing.yaml"),
    ("-O corrections invalid", [*R, "-O", "corrections={cfg_invalid.yaml}"], {}, "cfg_invalid.yaml"),
    ("-O corrections a list", [*R, "-O", "corrections={cfg_list.yaml}"], {}, "cfg_list.yaml"),
    ("-O corrections python tag", [*R, "-O", "corrections={cfg_python.yaml}"], {}, "cfg_python.yaml"),
    ("-O without =", [*R, "-O", "novalue"], {}, "KEY=VALUE"),
    ("-O =x", [*R, "-O", "=x"], {}, "KEY=VALUE"),
    ("-O max_rounds=0 (ambiguity)", [*A, "-O", "max_rounds=0"], {}, "max_rounds"),
    ("-O noise_p=2 (ambiguity)", [*A, "-O", "noise_p=2"], {}, "noise_p"),
    ("-O forced_n on another mode", [*A, "-O", "forced_n=2"], {}, "forced_n"),
    ("validate -O sha256=00", [*V, "-O", "sha256=00"], {}, "sha256"),
    ("doctor -O nosuch", ["doctor", "reasoning", "-O", "nosuch=1"], {}, "nosuch"),
    ("audit -O sha256=00", ["audit", "reasoning", "-O", "sha256=00"], {}, "sha256"),
    # --- modes and model specs
    ("--mode nosuch", [*R, "--mode", "nosuch"], {}, "nosuch"),
    ("ambiguity --mode nosuch", [*A, "--mode", "nosuch"], {}, "nosuch"),
    ("validate --mode nosuch", [*V, "--mode", "nosuch"], {}, "nosuch"),
    ("--agent unknown spec", ["run", "reasoning", "--agent", "gpt5", "--no-progress"], {}, "gpt5"),
    ("--agent openai: without model", ["run", "reasoning", "--agent", "openai:", "--no-progress"], {}, "openai"),
    ("--agent local missing gguf", ["run", "reasoning", "--agent", "local:{dir}/missing.gguf", "--no-progress"], {},
     "missing.gguf"),
    ("--user policy of reasoning", [*A, "--user", "oracle"], {}, "oracle"),
    ("--judge unknown", [*A, "--judge", "nosuchjudge"], {}, "nosuchjudge"),
    ("validate --agent unknown", [*V, "--agent", "gpt5"], {}, "gpt5"),
    # --- endpoints and keys
    ("--base-url ftp", [*R, "--agent", "openai:m", "--base-url", "ftp://host/v1"], {}, "http"),
    ("--base-url without scheme", [*R, "--agent", "openai:m", "--base-url", "localhost:8000"], {}, "http"),
    ("--base-url without host", [*R, "--agent", "openai:m", "--base-url", "http://"], {}, "host"),
    ("--base-url bad port", [*R, "--agent", "openai:m", "--base-url", "http://h:abc/v1"], {}, "URL"),
    ("--base-url with a space", [*R, "--agent", "openai:m", "--base-url", "http://a b/v1"], {}, "whitespace"),
    ("--base-url with credentials", [*R, "--agent", "openai:m", "--base-url", "http://user:sk-KEY12345@h/v1"], {},
     "credentials"),
    ("--base-url file:", [*R, "--agent", "openai:m", "--base-url", "file:///etc/passwd"], {}, "http"),
    ("FINPROBE_BASE_URL with credentials", [*R, "--agent", "openai:m"],
     {"FINPROBE_BASE_URL": "https://u:sk-envkey-123@h/v1"}, "credentials"),
    ("OPENAI_BASE_URL not http", [*R, "--agent", "openai:m"], {"OPENAI_BASE_URL": "gopher://h/v1"}, "http"),
    ("validate --base-url ftp", [*V, "--agent", "openai:m", "--base-url", "ftp://h"], {}, "http"),
    ("--api-key-env unset", [*R, *OPENAI, "--api-key-env", "FINPROBE_NO_SUCH_KEY"], {}, "FINPROBE_NO_SUCH_KEY"),
    ("key with trailing newline", [*R, *OPENAI, "--api-key-env", "FP_KEY"], {"FP_KEY": "sk-abcdef123456\n"},
     "newline"),
    ("key with carriage return", [*R, *OPENAI, "--api-key-env", "FP_KEY"], {"FP_KEY": "sk-abcdef123456\r"},
     "carriage return"),
    ("key with escape", [*R, *OPENAI, "--api-key-env", "FP_KEY"], {"FP_KEY": "sk-abc\x1b[2Jdef123"}, "control"),
    ("key with inner space", [*R, *OPENAI, "--api-key-env", "FP_KEY"], {"FP_KEY": "sk-abc def123456"}, "space"),
    ("preset key with newline", [*R, *OPENAI], {"OPENAI_API_KEY": "sk-preset-123456\n"}, "OPENAI_API_KEY"),
    ("validate key with newline", [*V, *OPENAI, "--api-key-env", "FP_KEY"], {"FP_KEY": "sk-abcdef123456\n"},
     "newline"),
    # --- data files
    ("--data missing", [*R, "--data", "{dir}/missing.json"], {}, "missing.json"),
    ("--data a folder", [*R, "--data", "{folder}"], {}, "folder"),
    ("--data invalid JSON", [*R, "--data", "{data_invalid.json}"], {}, "data_invalid.json"),
    ("--data an object", [*R, "--data", "{data_object.json}"], {}, "data_object.json"),
    ("--data empty list", [*R, "--data", "{data_empty.json}"], {}, "data_empty.json"),
    ("--data deeply nested", [*R, "--data", "{data_deep.json}"], {}, "data_deep.json"),
    ("--data not UTF-8", [*R, "--data", "{data_latin1.json}"], {}, "data_latin1.json"),
    ("--data wrong types", [*R, "--data", "{data_types.json}"], {}, "data_types.json"),
    ("--data duplicate ids", [*R, "--data", "{data_dupes.json}"], {}, "data_dupes.json"),
    ("--data record without qa", [*R, "--data", "{data_noqa.json}"], {}, "data_noqa.json"),
    ("--data plain text", [*R, "--data", "{data_text.json}"], {}, "data_text.json"),
    ("--data unreachable URL", [*R, "--data", "http://127.0.0.1:9/dev.json"], {}, "127.0.0.1:9"),
    ("validate --data missing", [*V, "--data", "{dir}/missing.json"], {}, "missing.json"),
    ("validate --data deeply nested", [*V, "--data", "{data_deep.json}"], {}, "data_deep.json"),
    ("validate --data not UTF-8", [*V, "--data", "{data_latin1.json}"], {}, "data_latin1.json"),
    ("validate --data empty", [*V, "--data", "{data_empty.json}"], {}, "data_empty.json"),
    ("validate --data duplicate ids", [*V, "--data", "{data_dupes.json}"], {}, "data_dupes.json"),
    ("doctor --data missing", ["doctor", "reasoning", "--data", "{dir}/missing.json"], {}, "missing.json"),
    ("doctor --data deeply nested", ["doctor", "reasoning", "--data", "{data_deep.json}"], {}, "data_deep.json"),
    ("audit --data invalid", ["audit", "reasoning", "--data", "{data_invalid.json}"], {}, "data_invalid.json"),
    ("audit --data a folder", ["audit", "reasoning", "--data", "{folder}"], {}, "folder"),
    ("ambiguity --data bad instance", [*A, "--data", "{inst_bad.jsonl}"], {}, "inst_bad.jsonl"),
    ("ambiguity --data deeply nested", [*A, "--data", "{inst_deep.jsonl}"], {}, "inst_deep.jsonl"),
    ("validate ambiguity --data deep", [*VA, "--data", "{inst_deep.jsonl}"], {}, "inst_deep.jsonl"),
    # --- corpora (ambiguity): refused before any request, in run and validate alike
    ("--corpus missing", [*A, "--corpus", "{dir}/missing.jsonl"], {}, "missing.jsonl"),
    ("--corpus a folder", [*A, "--corpus", "{folder}"], {}, "folder"),
    ("--corpus bad line", [*A, "--corpus", "{corpus_bad_line.jsonl}"], {}, "corpus_bad_line.jsonl:2"),
    ("--corpus wrong types", [*A, "--corpus", "{corpus_types.jsonl}"], {}, "corpus_types.jsonl"),
    ("--corpus not UTF-8", [*A, "--corpus", "{corpus_latin1.jsonl}"], {}, "corpus_latin1.jsonl"),
    ("--corpus duplicate ids", [*A, "--corpus", "{corpus_dupes.jsonl}"], {}, "duplicate"),
    ("--corpus empty", [*A, "--corpus", "{corpus_empty.jsonl}"], {}, "corpus_empty.jsonl"),
    ("--corpus blank lines", [*A, "--corpus", "{corpus_blank.jsonl}"], {}, "corpus_blank.jsonl"),
    ("--corpus a list per line", [*A, "--corpus", "{corpus_list_line.jsonl}"], {}, "corpus_list_line.jsonl"),
    ("--corpus without text", [*A, "--corpus", "{corpus_no_text.jsonl}"], {}, "corpus_no_text.jsonl"),
    ("--corpus deeply nested", [*A, "--corpus", "{corpus_deep.jsonl}"], {}, "corpus_deep.jsonl"),
    ("-O corpus= bad line", [*A, "-O", "corpus={corpus_bad_line.jsonl}"], {}, "corpus_bad_line.jsonl"),
    ("validate --corpus bad line", [*VA, "--corpus", "{corpus_bad_line.jsonl}"], {}, "corpus_bad_line.jsonl:2"),
    ("validate --corpus wrong types", [*VA, "--corpus", "{corpus_types.jsonl}"], {}, "corpus_types.jsonl"),
    ("validate --corpus not UTF-8", [*VA, "--corpus", "{corpus_latin1.jsonl}"], {}, "corpus_latin1.jsonl"),
    ("validate --corpus duplicate ids", [*VA, "--corpus", "{corpus_dupes.jsonl}"], {}, "duplicate"),
    ("validate --corpus empty", [*VA, "--corpus", "{corpus_empty.jsonl}"], {}, "corpus_empty.jsonl"),
    ("validate --corpus deep", [*VA, "--corpus", "{corpus_deep.jsonl}"], {}, "corpus_deep.jsonl"),
    # --- run configs
    ("--config missing", [*R, "--config", "{dir}/missing.yaml"], {}, "missing.yaml"),
    ("--config a folder", [*R, "--config", "{folder}"], {}, "folder"),
    ("--config invalid YAML", [*R, "--config", "{cfg_invalid.yaml}"], {}, "cfg_invalid.yaml"),
    ("--config a list", [*R, "--config", "{cfg_list.yaml}"], {}, "cfg_list.yaml"),
    ("--config a scalar", [*R, "--config", "{cfg_scalar.yaml}"], {}, "cfg_scalar.yaml"),
    ("--config python tag", [*R, "--config", "{cfg_python.yaml}"], {}, "safe_load"),
    ("--config unknown key", [*R, "--config", "{cfg_unknown.yaml}"], {}, "nosuch"),
    ("--config limit -3", [*R, "--config", "{cfg_limit.yaml}"], {}, "limit"),
    ("--config concurrency 0", [*R, "--config", "{cfg_conc.yaml}"], {}, "concurrency"),
    ("--config roles a list", [*R, "--config", "{cfg_roles.yaml}"], {}, "roles"),
    ("--config role base_url ftp", ["run", "reasoning", "--config", "{cfg_role_url.yaml}", "--no-progress"], {},
     "http"),
    ("--config role base_url creds", ["run", "reasoning", "--config", "{cfg_role_creds.yaml}", "--no-progress"], {},
     "credentials"),
    ("--config role temperature -1", ["run", "reasoning", "--config", "{cfg_gen.yaml}", "--no-progress"], {},
     "temperature"),
    ("--config not UTF-8", [*R, "--config", "{cfg_latin1.yaml}"], {}, "cfg_latin1.yaml"),
    ("--config deeply nested", [*R, "--config", "{cfg_deep.yaml}"], {}, "cfg_deep.yaml"),
    ("--config sample timeout 0", [*R, "--config", "{cfg_timeout.yaml}"], {}, "sample_timeout_s"),
    ("validate --config python tag", [*V, "--config", "{cfg_python.yaml}"], {}, "safe_load"),
    ("validate --config a list", [*V, "--config", "{cfg_list.yaml}"], {}, "cfg_list.yaml"),
    ("validate --config a folder", [*V, "--config", "{folder}"], {}, "folder"),
    # --- price tables
    ("--prices missing", [*R, *OPENAI, "--prices", "{dir}/missing.yaml"], {}, "missing.yaml"),
    ("--prices a folder", [*R, *OPENAI, "--prices", "{folder}"], {}, "folder"),
    ("--prices invalid YAML", [*R, *OPENAI, "--prices", "{prices_invalid.yaml}"], {}, "prices_invalid.yaml"),
    ("--prices a list", [*R, *OPENAI, "--prices", "{prices_list.yaml}"], {}, "prices_list.yaml"),
    ("--prices negative", [*R, *OPENAI, "--prices", "{prices_negative.yaml}"], {}, "prices_negative.yaml"),
    ("--prices missing field", [*R, *OPENAI, "--prices", "{prices_missing_field.yaml}"], {},
     "prices_missing_field.yaml"),
    ("--prices invalid JSON", [*R, *OPENAI, "--prices", "{prices_invalid.json}"], {}, "prices_invalid.json"),
    ("--prices not UTF-8", [*R, *OPENAI, "--prices", "{prices_latin1.yaml}"], {}, "prices_latin1.yaml"),
    ("validate --prices a list", [*V, *OPENAI, "--prices", "{prices_list.yaml}"], {}, "prices_list.yaml"),
    # --- run folders
    ("--out a file", [*R, "--out", "{a_file.txt}"], {}, "a_file.txt"),
    ("--out inside a file", [*R, "--out", "{a_file.txt}/sub"], {}, "a_file.txt"),
    ("--out holds another run", ["run", "reasoning", "--agent", "human-answer", "--limit", "3", "--out",
                                 "{good_run}", "--no-progress"], {}, "different run"),
    ("--out with a corrupt manifest", [*R, "--out", "{bad_manifest}"], {}, "manifest.json"),
    ("--out with a list manifest", [*R, "--out", "{manifest_list}"], {}, "manifest.json"),
    ("--out under /proc", [*R, "--out", "/proc/finprobe-nope/run"], {}, "/proc/finprobe-nope"),
    ("--out with a corrupt line", [*R, "--limit", "3", "--out", "{corrupt_samples}"], {}, "samples.jsonl:2"),
    # --- report, rescore, compare
    ("report missing folder", ["report", "{dir}/missing"], {}, "missing"),
    ("report a file", ["report", "{a_file.txt}"], {}, "a_file.txt"),
    ("report an empty folder", ["report", "{folder}"], {}, "not a finprobe run folder"),
    ("report corrupt manifest", ["report", "{bad_manifest}"], {}, "manifest.json"),
    ("report unknown family", ["report", "{unknown_family_run}"], {}, "nosuch"),
    ("report corrupt samples", ["report", "{corrupt_samples}"], {}, "samples.jsonl:2"),
    ("report --format nosuch", ["report", "{good_run}", "--format", "nosuch"], {}, "format"),
    ("report --seed abc", ["report", "{good_run}", "--seed", "abc"], {}, "--seed"),
    ("report --output a folder", ["report", "{good_run}", "--format", "json", "--output", "{folder}"], {}, "folder"),
    ("report --output inside a file", ["report", "{good_run}", "--format", "csv", "--output", "{a_file.txt}/x.csv"],
     {}, "a_file.txt"),
    ("report --output missing folder", ["report", "{good_run}", "--format", "html", "--output",
                                        "{dir}/nowhere/r.html"], {}, "nowhere"),
    ("report --output /proc", ["report", "{good_run}", "--format", "json", "--output", "/proc/version"], {},
     "/proc/version"),
    ("rescore missing folder", ["rescore", "{dir}/missing"], {}, "missing"),
    ("rescore a file", ["rescore", "{a_file.txt}"], {}, "a_file.txt"),
    ("rescore corrupt manifest", ["rescore", "{bad_manifest}"], {}, "manifest.json"),
    ("rescore unknown family", ["rescore", "{unknown_family_run}"], {}, "nosuch"),
    ("rescore corrupt samples", ["rescore", "{corrupt_samples}"], {}, "samples.jsonl:2"),
    ("rescore moved data", ["rescore", "{moved_data_run}"], {}, "no longer loads"),
    ("repair missing folder", ["repair", "{dir}/missing"], {}, "missing"),
    ("repair a file", ["repair", "{a_file.txt}"], {}, "a_file.txt"),
    ("repair corrupt manifest", ["repair", "{bad_manifest}"], {}, "manifest.json"),
    ("repair --format nosuch", ["repair", "{good_run}", "--format", "nosuch"], {}, "format"),
    ("compare missing A", ["compare", "{dir}/missing", "{good_run}"], {}, "missing"),
    ("compare missing B", ["compare", "{good_run}", "{dir}/missing"], {}, "missing"),
    ("compare a file", ["compare", "{a_file.txt}", "{good_run}"], {}, "a_file.txt"),
    ("compare corrupt manifest", ["compare", "{good_run}", "{bad_manifest}"], {}, "manifest.json"),
    ("compare --seed abc", ["compare", "{good_run}", "{good_run}", "--seed", "abc"], {}, "--seed"),
    # --- the demo suite (no family named) takes the same checks
    ("suite --limit 0", ["run", "--agent", "reference", "--limit", "0", "--no-progress"], {}, "--limit"),
]


def _fill(arg: str, files: dict[str, str]) -> str:
    for key, value in files.items():
        arg = arg.replace("{" + key + "}", value)
    return arg


@pytest.mark.parametrize(("argv", "env", "fragment"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_invocation_is_one_line_exit_2(files, argv, env, fragment, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # a default run folder (runs/...) would land here, never in the repo
    monkeypatch.setenv("FINPROBE_CACHE_DIR", str(tmp_path / "cache"))
    for name in ("OPENAI_API_KEY", "FINPROBE_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    args = [_fill(a, files) for a in argv]
    result = runner.invoke(app, args, env=env, catch_exceptions=True)
    text = result.output
    lines = [line for line in text.splitlines() if line.strip()]
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in text and "internal error" not in text, text
    assert "keyword argument" not in text and "__init__" not in text and "codec can't" not in text, text  # Python's words
    assert result.exit_code == 2, f"exit {result.exit_code}: {text}"
    assert len(lines) == 1, text
    assert lines[0].startswith("error: "), text
    assert fragment in lines[0], text
    assert "\x1b" not in text


def test_the_table_is_large():
    assert len(CASES) >= 180


def test_nothing_was_written_by_a_refused_run(files):
    """The refused runs above left the folders they were given as they were."""
    assert not Path(files["folder"], "manifest.json").exists()
    assert Path(files["a_file.txt"]).read_text() == "not a folder"
    assert (Path(files["bad_manifest"]) / "manifest.json").read_text() == "{not json"


def test_a_bug_is_one_line_too(monkeypatch):
    """Anything unexpected is reported as an internal error in one line, exit 1, no traceback."""
    import finprobe.core.families as families

    def boom(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(families, "family_statuses", boom)
    result = runner.invoke(app, ["list"], catch_exceptions=True)
    assert result.exit_code == 1
    assert result.output.strip().startswith("error: internal error: ZeroDivisionError: boom")
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_the_console_script_prints_one_line_too(tmp_path):
    """The real process (not the test runner): stderr is one line, stdout empty."""
    proc = subprocess.run([sys.executable, "-m", "finprobe.cli", "run", "reasoning", "--limit", "-2"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().count("\n") == 0 and proc.stderr.startswith("error: ")
    assert "--limit" in proc.stderr
