"""Stopping a run on a signal, the way a user expects: Ctrl-C (SIGINT), SIGTERM (a scheduler, `kill`) and
SIGHUP (a closed terminal) end the run cleanly, with what finished stored and a summary of it.

The store is crash-safe without any of this (kill -9 loses at most the last fraction of a second of
finished work, and resume redoes it), so the point is the user's: which trials are stored, and that the
same command resumes. While a run executes, `cancel_on_signals` turns the first of these signals into a
cancellation of the run's task: the workers stop, the trials that had finished are stored, the folder is
synced and unlocked, and the runner raises `RunInterrupted` with the counts. A second signal ends the
process at once (exit status 128 + the signal's number), which is as safe for the store as kill -9.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from pathlib import Path
from types import TracebackType

#: the signals a run stops cleanly on (SIGHUP exists on POSIX only)
SIGNALS: tuple[signal.Signals, ...] = tuple(
    s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None))
    if s is not None)


def exit_status(signum: int) -> int:
    """The shell's exit status of a process ended by `signum`: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP."""
    return 128 + int(signum)


def signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


class RunInterrupted(Exception):
    """A run stopped by a signal after storing every trial that had finished.

    `n_finished` trials are stored scored or skipped (a resume keeps them), `n_errors` stored as errors
    (a resume redoes them), of `n_trials` in the run."""

    def __init__(self, signum: int, out_dir: Path, *, n_trials: int, n_finished: int, n_errors: int):
        self.signum, self.out_dir = signum, out_dir
        self.n_trials, self.n_finished, self.n_errors = n_trials, n_finished, n_errors
        super().__init__(f"interrupted by {signal_name(signum)}: {n_finished} of {n_trials} trials stored "
                         f"in {out_dir}")


class cancel_on_signals:  # noqa: N801 - used as a context manager, named for what it does
    """While inside, the first of `SIGNALS` cancels `task` (recorded in `signum`); a second exits at once.

    Installed only in the main thread of a loop that supports signal handlers; the previous handlers
    come back on exit (asyncio would leave the default ones)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, task: asyncio.Task[object] | None):
        self._loop, self._task = loop, task
        self._installed: list[tuple[signal.Signals, object]] = []
        self.signum: int | None = None

    def __enter__(self) -> cancel_on_signals:
        if self._task is None or threading.current_thread() is not threading.main_thread():
            return self
        for sig in SIGNALS:
            previous = signal.getsignal(sig)
            try:
                self._loop.add_signal_handler(sig, self._received, sig)
            except (NotImplementedError, RuntimeError, ValueError):  # a loop or platform without them
                continue
            self._installed.append((sig, previous))
        return self

    def _received(self, sig: signal.Signals) -> None:
        if self.signum is not None:  # the second signal: the user wants out now
            os.write(2, f"\n{sig.name} again: stopping at once (stored records are safe)\n".encode())
            os._exit(exit_status(sig))
        self.signum = int(sig)
        assert self._task is not None
        self._task.cancel()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        for sig, previous in self._installed:
            try:
                self._loop.remove_signal_handler(sig)
            except (RuntimeError, ValueError):
                pass
            signal.signal(sig, previous)  # type: ignore[arg-type]
        self._installed.clear()
