import json

import pytest

from finprobe.core.agent import action_text
from finprobe.core.cache import ResponseCache
from finprobe.core.models._base import ModelError
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.runner import Runner
from finprobe.core.schema import RoleConfig, RunConfig, SampleStatus
from finprobe.core.store import RunStore
from finprobe.testing.toy import ToyBenchmark


def config(**kw):
    return RunConfig(benchmark="toy", concurrency=4, **kw)


async def test_oracle_policy_passes_everything(tmp_path):
    result = await Runner(config(), tmp_path, benchmark=ToyBenchmark(12), progress=False).run()
    assert result.metrics["n"] == 12 and result.metrics["passed"] == 12
    assert (tmp_path / "metrics.json").exists()


async def test_resume_runs_only_unfinished_samples(tmp_path):
    bench = ToyBenchmark(10)
    await Runner(config(limit=4), tmp_path / "a", benchmark=bench, progress=False).run()
    # a second identical invocation does nothing
    again = await Runner(config(limit=4), tmp_path / "a", benchmark=bench, progress=False).run()
    assert again.n_ran == 0 and again.n_resumed == 4


async def test_failed_calls_become_error_records_then_resume_fixes_them(tmp_path):
    bench = ToyBenchmark(6)
    failing = ScriptedModel(lambda m, c: ModelError("HTTP 500 after 5 attempts", retryable=True, attempts=5))
    result = await Runner(config(roles={"agent": RoleConfig(spec="x")}), tmp_path, benchmark=bench,
                          progress=False, backends={"agent": failing}).run()
    assert result.metrics["errors"] == 6 and result.n_errors == 6
    records = RunStore(tmp_path).load_records()
    assert all(r.status == SampleStatus.error and "HTTP 500" in r.error for r in records.values())
    assert all(r.attempt == 2 for r in records.values())  # one per-sample retry by default
    # resume with a working model: only the errored samples run, none duplicated in the metrics
    def good(messages, cfg):
        task = messages[1].content
        key = task.split("value of ")[1].rstrip("?")
        return action_text("answer", value=str(int(key[1:]) * 7), confidence=50)
    result = await Runner(config(roles={"agent": RoleConfig(spec="x")}), tmp_path, benchmark=bench,
                          progress=False, backends={"agent": ScriptedModel(good)}).run()
    assert result.n_ran == 6 and result.metrics["passed"] == 6 and result.metrics["n"] == 6


async def test_episode_bug_is_recorded_not_raised(tmp_path):
    class Broken(ToyBenchmark):
        def score(self, sample, transcript, options):
            raise ZeroDivisionError("boom")
    result = await Runner(config(), tmp_path, benchmark=Broken(3), progress=False).run()
    assert result.n_errors == 3
    rec = next(iter(RunStore(tmp_path).load_records().values()))
    assert "ZeroDivisionError: boom" in rec.error and rec.attempt == 1


async def test_secrets_are_redacted_from_errors(tmp_path, monkeypatch):
    monkeypatch.setenv("TOY_API_KEY", "sk-very-secret-value")
    leaky = ScriptedModel(lambda m, c: ModelError("server said: bad key sk-very-secret-value"))
    await Runner(config(roles={"agent": RoleConfig(spec="x", api_key_env="TOY_API_KEY")}), tmp_path,
                 benchmark=ToyBenchmark(2), progress=False, backends={"agent": leaky}).run()
    for path in tmp_path.iterdir():
        assert "sk-very-secret-value" not in path.read_text()


async def test_same_config_same_transcripts(tmp_path):
    r1 = await Runner(config(seed=3), tmp_path / "a", benchmark=ToyBenchmark(5), progress=False).run()
    r2 = await Runner(config(seed=3), tmp_path / "b", benchmark=ToyBenchmark(5), progress=False).run()
    assert r1.manifest.fingerprint == r2.manifest.fingerprint
    t1 = {k: v.transcript.model_dump(exclude={"calls"}) for k, v in RunStore(tmp_path / "a").load_records().items()}
    t2 = {k: v.transcript.model_dump(exclude={"calls"}) for k, v in RunStore(tmp_path / "b").load_records().items()}
    assert t1 == t2


async def test_different_config_in_same_folder_is_refused(tmp_path):
    await Runner(config(seed=1), tmp_path, benchmark=ToyBenchmark(2), progress=False).run()
    with pytest.raises(RuntimeError, match="different run"):
        await Runner(config(seed=2), tmp_path, benchmark=ToyBenchmark(2), progress=False).run()


async def test_response_cache_serves_repeated_calls(tmp_path):
    class Countable(ScriptedModel):
        cacheable = True
    model = Countable([action_text("answer", value="0", confidence=1)], repeat_last=True)
    cache = ResponseCache(tmp_path / "cache.sqlite")
    bench = ToyBenchmark(1)
    await Runner(config(), tmp_path / "a", benchmark=bench, progress=False, backends={"agent": model}, cache=cache).run()
    await Runner(config(), tmp_path / "b", benchmark=bench, progress=False, backends={"agent": model}, cache=cache).run()
    assert len(model.requests) == 1 and cache.hits == 1
    rec = RunStore(tmp_path / "b").load_records()["t0000"]
    assert rec.transcript.calls[0].cached is True


async def test_a_store_failure_stops_the_run_with_its_cause(tmp_path, monkeypatch):
    from finprobe.core.store import StoreError

    written: list[str] = []
    original = RunStore.append_lines

    def flaky(self, lines):  # the disk fills up after three records
        room = max(0, 3 - len(written))
        written.extend(json.loads(line)["sample_id"] for line in lines[:room])
        original(self, lines[:room])
        if len(lines) > room:
            raise StoreError("disk full")

    monkeypatch.setattr(RunStore, "append_lines", flaky)
    with pytest.raises(StoreError, match="disk full"):
        await Runner(config(), tmp_path, benchmark=ToyBenchmark(40), progress=False).run()
    monkeypatch.setattr(RunStore, "append_lines", original)
    assert len(written) == 3 and set(RunStore(tmp_path).load_records()) == set(written)  # what was acknowledged is on disk
    # and the run resumes from there once the disk is fixed
    result = await Runner(config(), tmp_path, benchmark=ToyBenchmark(40), progress=False).run()
    assert result.n_resumed == len(written) and result.metrics["n"] == 40


async def test_not_retryable_errors_are_not_retried_and_failed_attempts_keep_their_cost(tmp_path):
    bench = ToyBenchmark(1)
    hopeless = ScriptedModel([ModelError("HTTP 401: bad key", retryable=False)], repeat_last=True)
    await Runner(config(roles={"agent": RoleConfig(spec="x")}, sample_retries=3), tmp_path / "a", benchmark=bench,
                 progress=False, backends={"agent": hopeless}).run()
    rec = RunStore(tmp_path / "a").load_records()["t0000"]
    assert rec.status == SampleStatus.error and rec.attempt == 1 and "not retryable" in rec.error
    assert len(hopeless.requests) == 1

    flaky = ScriptedModel([action_text("lookup", key="k0"), ModelError("HTTP 503", retryable=True),
                           action_text("lookup", key="k0"), action_text("answer", value="0", confidence=9)])
    await Runner(config(roles={"agent": RoleConfig(spec="x")}), tmp_path / "b", benchmark=bench,
                 progress=False, backends={"agent": flaky}).run()
    rec = RunStore(tmp_path / "b").load_records()["t0000"]
    assert rec.status == SampleStatus.scored and rec.attempt == 2
    paid = [c for c in rec.transcript.info["failed_attempt_calls"] if c["error"] is None]
    assert len(paid) == 1
    in_transcript = sum(c.usage.output_tokens for c in rec.transcript.calls)
    assert rec.usage_by_role["agent"].output_tokens == in_transcript + paid[0]["usage"]["output_tokens"]


def test_the_lazily_seeded_rng_draws_what_random_random_draws():
    """Episodes get a Random seeded on first use (seeding costs more than most episodes draw); the numbers
    must be exactly those of random.Random(seed), whichever method draws first."""
    import random

    from finprobe.core.runner import _LazyRandom

    draws = [lambda r: r.random(), lambda r: r.gauss(0, 1), lambda r: r.choice("abcdefg"), lambda r: r.randint(1, 9),
             lambda r: r.sample(range(30), 4), lambda r: r.randbytes(4), lambda r: r.getrandbits(70),
             lambda r: r.choices("abc", k=3), lambda r: r.getstate()[1][:5]]
    for seed in (0, 7, 2**32 - 1):
        for draw in draws:
            a, b = random.Random(seed), _LazyRandom(seed)
            assert [draw(a) for _ in range(3)] == [draw(b) for _ in range(3)]
        a, b = random.Random(seed), _LazyRandom(seed)
        xs, ys = list(range(20)), list(range(20))
        a.shuffle(xs)
        b.shuffle(ys)
        assert xs == ys


# --------------------------------------------------------------------------- storing when the loop is idle
class _ManualLoop:
    """The three loop methods `_IdleFlush` uses, on a clock the test moves by hand."""

    def __init__(self):
        self.now = 0.0
        self.timers = []  # [when, callback, cancelled]
        self.soon = []

    def time(self):
        return self.now

    def call_at(self, when, callback):
        loop = self

        class Handle:
            def cancel(self):
                entry[2] = True

        entry = [when, callback, False]
        loop.timers.append(entry)
        return Handle()

    def call_soon(self, callback):
        self.soon.append(callback)

    def advance(self, to):
        """Move the clock to `to`, running due timers in order (a timer may arm another)."""
        while True:
            due = sorted((t for t in self.timers if not t[2] and t[0] <= to), key=lambda t: t[0])
            if not due:
                break
            entry = due[0]
            self.timers.remove(entry)
            self.now = entry[0]
            entry[1]()
        self.now = to


def _idle_flush(max_batch=100):
    from finprobe.core.runner import _IdleFlush

    loop, waiting, flushed = _ManualLoop(), [], []

    def flush():
        flushed.append(len(waiting))
        waiting.clear()

    return loop, waiting, flushed, _IdleFlush(loop, flush, waiting, max_batch=max_batch)


def _arrive(loop, waiting, flush, at):
    loop.advance(at)
    waiting.append(at)
    flush.added()


def test_finished_trials_are_stored_once_a_burst_of_replies_is_over():
    from finprobe.core.runner import _IDLE_S

    loop, waiting, flushed, flush = _idle_flush()
    for at in (0.0, 0.0005, 0.001, 0.0015):  # a burst: replies closer together than _IDLE_S
        _arrive(loop, waiting, flush, at)
    loop.advance(0.0015 + _IDLE_S * 0.9)
    assert flushed == []  # still inside the burst's quiet margin
    loop.advance(0.0015 + _IDLE_S * 1.01)
    assert flushed == [4]  # one batch, once the loop had been quiet for _IDLE_S
    loop.advance(1.0)
    assert flushed == [4]  # nothing re-armed once the batch was stored
    assert all(t[2] for t in loop.timers)


def test_a_steady_stream_of_replies_is_stored_at_least_every_max_lag():
    from finprobe.core.runner import _IDLE_S, _MAX_LAG_S

    loop, waiting, flushed, flush = _idle_flush(max_batch=10_000)
    step = _IDLE_S / 2  # never quiet for _IDLE_S
    at = 0.0
    while at < 3 * _MAX_LAG_S:
        _arrive(loop, waiting, flush, at)
        at += step
    assert len(flushed) >= 2  # not held until the stream ends
    assert max(flushed) <= _MAX_LAG_S / step + 2


def test_a_full_batch_is_stored_at_once_and_close_cancels_the_timer():
    loop, waiting, flushed, flush = _idle_flush(max_batch=3)
    for at in (0.0, 0.0001, 0.0002):
        _arrive(loop, waiting, flush, at)
    assert len(loop.soon) == 1  # the third one scheduled the flush without waiting for quiet
    loop.soon.pop()()
    assert flushed == [3]
    _arrive(loop, waiting, flush, 0.0003)
    flush.close()
    assert all(t[2] for t in loop.timers)
    loop.advance(1.0)
    assert flushed == [3]  # a closed flusher stores nothing more; the runner stores the rest itself


async def test_a_run_leaves_no_reference_cycle_holding_its_records(tmp_path):
    """A finished run's records are freed by reference counting: a cycle (e.g. a callback that refers
    to itself) kept every parsed record alive until a collection, which then took ~100 ms."""
    import gc

    gc.collect()
    gc.disable()
    try:
        await Runner(config(), tmp_path, benchmark=ToyBenchmark(300), progress=False).run()
        unreachable = gc.collect()
    finally:
        gc.enable()
    assert unreachable < 300 * 5, unreachable  # a held record is ~30 objects; the cycle made it ~10,000


class _BurstModel:
    """A backend whose replies all come back together once `concurrency` calls wait (a fixed endpoint
    latency makes them arrive in bursts like this); it logs when each call starts and returns."""

    kind, model, cacheable, supports_schema = "scripted", "burst", False, False

    def __init__(self, burst: int, log: list[str]):
        self.burst, self.log, self.waiting, self.in_flight, self.max_in_flight = burst, log, [], 0, 0

    async def generate(self, messages, config):
        import asyncio

        from finprobe.core.models._base import ModelOutput

        sample = messages[-1].content.split("value of ")[1].rstrip("?")
        self.log.append(f"request {sample}")
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        reply = asyncio.get_running_loop().create_future()
        self.waiting.append(reply)
        if len(self.waiting) == self.burst:  # the whole burst is answered in one go
            for f in self.waiting:
                f.set_result(None)
            self.waiting.clear()
        await reply
        self.in_flight -= 1
        self.log.append(f"reply {sample}")
        return ModelOutput(text=action_text("answer", value="0", confidence=50))

    async def aclose(self):
        pass


async def test_concurrency_caps_model_calls_and_a_ready_trial_takes_a_freed_slot_first(tmp_path):
    """`concurrency` is the number of model calls in flight; one more trial is in play, its request
    built and waiting. When a burst of replies frees the slots, that request goes out before any reply of
    the burst is processed (processing first would delay it by the whole burst)."""
    log: list[str] = []
    model = _BurstModel(burst=3, log=log)

    class Logged(ToyBenchmark):
        def score(self, sample, transcript, options):
            log.append(f"scored {sample.data['key']}")
            return super().score(sample, transcript, options)

    class Bench(Logged):
        async def run_episode(self, ctx):
            await super().run_episode(ctx)
            log.append(f"processed {ctx.sample.data['key']}")

    result = await Runner(RunConfig(benchmark="toy", concurrency=3, roles={"agent": RoleConfig(spec="x")}),
                          tmp_path, benchmark=Bench(6), progress=False, backends={"agent": model}).run()
    assert result.n_scored == 6
    assert model.max_in_flight == 3  # four trials in play, never four calls
    assert log[:3] == ["request k0", "request k1", "request k2"]  # k3 is ready, waiting for a slot
    first_processed = next(i for i, e in enumerate(log) if e.startswith("processed"))
    assert log.index("request k3") < first_processed, log  # the ready trial went first
    assert {"reply k0", "reply k1", "reply k2"} <= set(log[:first_processed]), log  # and the whole burst read


async def test_waiting_for_a_model_slot_counts_neither_against_the_deadline_nor_in_the_latency(tmp_path):
    """One slot, two trials in play, calls of 0.2 s, a 0.3 s sample deadline: the second trial waits
    0.2 s for the slot and then needs 0.2 s itself. Its queueing is the run's, not the sample's."""
    import asyncio

    from finprobe.core.models._base import ModelOutput

    class Slow:
        kind, model, cacheable, supports_schema = "scripted", "slow", False, False

        async def generate(self, messages, config):
            await asyncio.sleep(0.2)
            return ModelOutput(text=action_text("answer", value="0", confidence=50))

        async def aclose(self):
            pass

    cfg = RunConfig(benchmark="toy", concurrency=1, sample_timeout_s=0.3, roles={"agent": RoleConfig(spec="x")})
    result = await Runner(cfg, tmp_path, benchmark=ToyBenchmark(2), progress=False, backends={"agent": Slow()}).run()
    assert result.n_errors == 0, result.error_reasons
    records = RunStore(tmp_path).load_records()
    latencies = [r.transcript.calls[0].latency_s for r in records.values()]
    assert all(0.15 < s < 0.3 for s in latencies), latencies  # 0.2 s each, the wait not included
