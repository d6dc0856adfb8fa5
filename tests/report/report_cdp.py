"""A small Chrome DevTools Protocol client for the browser tests: Debian's headless Chromium, driven
over its debugging websocket with aiohttp (already a dependency), no browser download.

Flags: headless as root without network (see the machine notes): --no-sandbox, no GPU, no QUIC, no
background networking, component updates or sync, a fresh profile folder per browser."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio", "--window-size=1280,900"]


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class CDPError(RuntimeError):
    pass


class Page:
    """One tab: send commands, wait for events, evaluate JavaScript."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse):
        self.ws = ws
        self._next = 0
        self._pending: dict[int, asyncio.Future] = {}
        self.events: list[dict[str, Any]] = []
        self._waiters: list[tuple[str, asyncio.Future]] = []
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            if "id" in data:
                fut = self._pending.pop(data["id"], None)
                if fut is not None and not fut.done():
                    fut.set_result(data)
            else:
                self.events.append(data)
                for method, fut in list(self._waiters):
                    if data.get("method") == method and not fut.done():
                        fut.set_result(data)
                        self._waiters.remove((method, fut))

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        self._next += 1
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self._pending[self._next] = fut
        await self.ws.send_str(json.dumps({"id": self._next, "method": method, "params": params}))
        data = await asyncio.wait_for(fut, 120)
        if "error" in data:
            raise CDPError(f"{method}: {data['error']}")
        return data.get("result", {})

    def wait_for(self, method: str) -> asyncio.Future:
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self._waiters.append((method, fut))
        return fut

    async def goto(self, url: str) -> None:
        loaded = self.wait_for("Page.loadEventFired")
        await self.send("Page.navigate", url=url)
        await asyncio.wait_for(loaded, 120)
        await self.until("window.fpReady === true")

    async def eval(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise CDPError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def until(self, expression: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while not await self.eval(f"Boolean({expression})"):
            if time.monotonic() > deadline:
                raise TimeoutError(f"page never satisfied {expression!r}")
            await asyncio.sleep(0.05)

    async def screenshot(self, path: Path, full_page: bool = True) -> Path:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            params["captureBeyondViewport"] = True
        data = await self.send("Page.captureScreenshot", **params)
        path.write_bytes(base64.b64decode(data["data"]))
        return path

    def problems(self) -> list[str]:
        """Script exceptions, console errors and browser log errors (e.g. CSP violations) seen so far."""
        out = []
        for e in self.events:
            method, params = e.get("method"), e.get("params", {})
            if method == "Runtime.exceptionThrown":
                out.append(f"exception: {params['exceptionDetails'].get('text')} "
                           f"{params['exceptionDetails'].get('exception', {}).get('description', '')}")
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                out.append(f"console.{params['type']}: {[a.get('value') for a in params.get('args', [])]}")
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                out.append(f"log: {params['entry'].get('text')}")
        return out

    async def close(self) -> None:
        self._reader.cancel()
        await self.ws.close()


class Chromium:
    """A headless Chromium process with a fresh profile; `page()` opens a new tab."""

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.proc: subprocess.Popen | None = None
        self.port: int | None = None
        self.session: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> Chromium:
        exe = chromium_path()
        if exe is None:
            raise FileNotFoundError("chromium is not installed (Debian: apt-get install -y chromium)")
        profile = self.workdir / "chromium-profile"
        profile.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen([exe, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
                                      "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 60
        while not (port_file.exists() and port_file.read_text().strip()):
            if self.proc.poll() is not None:
                raise RuntimeError(f"chromium exited at start with status {self.proc.returncode}")
            if time.monotonic() > deadline:
                raise TimeoutError("chromium did not open its debugging port")
            await asyncio.sleep(0.05)
        self.port = int(port_file.read_text().splitlines()[0])
        self.session = aiohttp.ClientSession()
        return self

    async def page(self) -> Page:
        assert self.session is not None
        async with self.session.put(f"http://127.0.0.1:{self.port}/json/new?about:blank") as resp:
            target = await resp.json()
        ws = await self.session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
        page = Page(ws)
        for domain in ("Page", "Runtime", "Log"):
            await page.send(f"{domain}.enable")
        await page.send("Emulation.setDeviceMetricsOverride", width=1280, height=900, deviceScaleFactor=1,
                        mobile=False)
        return page

    async def __aexit__(self, *exc: Any) -> None:
        if self.session is not None:
            await self.session.close()
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)  # the process group this test started
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
