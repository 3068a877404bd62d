"""Driving Debian's Firefox (firefox-esr) over WebDriver BiDi, the W3C protocol Firefox speaks itself: no
geckodriver, no downloaded browser. Playwright's own Firefox is a patched build it downloads, and its `moz-firefox`
channel asks this ESR for commands it does not know yet (emulation.setMediaFeaturesOverride), so the few commands
the tests need are sent here over the browser's WebSocket (``websockets``, which the serve extra brings).

Without Firefox the tests that need it skip, unless SWREBELLION_REQUIRE_BROWSER=1 (CI sets it; `.ci/run` installs
firefox-esr): then it is a failure."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

FIREFOX = "/usr/bin/firefox-esr"
PANEL = "document.getElementById('panel').innerHTML"
#: Keys as WebDriver names them ("\ue007" is the keypad's Enter).
KEYS = {"Tab": "\ue004", "Enter": "\ue006", "Space": "\ue00d"}
#: The profile's preferences: nothing reaches out to the network on its own (updates, telemetry, safe browsing).
PREFS = {"app.update.disabledForTesting": True, "browser.shell.checkDefaultBrowser": False,
         "datareporting.policy.dataSubmissionEnabled": False, "toolkit.telemetry.enabled": False,
         "browser.safebrowsing.malware.enabled": False, "browser.safebrowsing.phishing.enabled": False,
         "network.captive-portal-service.enabled": False, "network.connectivity-service.enabled": False,
         "browser.startup.homepage_override.mstone": "ignore", "extensions.update.enabled": False}


class Firefox:
    """One headless Firefox with one tab; every page request and console message it sees is recorded."""

    def __init__(self, width: int = 1280, height: int = 800) -> None:
        if not Path(FIREFOX).exists():
            if os.environ.get("SWREBELLION_REQUIRE_BROWSER") == "1":
                pytest.fail(f"no Firefox at {FIREFOX} (apt-get install firefox-esr; SWREBELLION_REQUIRE_BROWSER=1)")
            pytest.skip(f"no Firefox at {FIREFOX} (apt-get install firefox-esr)")
        from websockets.sync.client import connect

        self.profile = tempfile.mkdtemp(prefix="swrebellion-firefox-")
        Path(self.profile, "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in PREFS.items()))
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--remote-debugging-port=0", "--profile", self.profile],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        address = self._address()
        self.socket = connect(address + "/session", max_size=2**27, open_timeout=60).__enter__()
        self.sent = 0
        self.requests: list[str] = []
        self.console: list[tuple[str, str]] = []
        self.send("session.new", capabilities={})
        self.send("session.subscribe", events=["log.entryAdded", "network.beforeRequestSent"])
        # The tab a headless Firefox opens at start never has the focus (document.hasFocus() is false): its page is
        # sent WebDriver's keys (keydown, keypress, keyup) but does not act on them, so Enter and Space press no
        # button. A tab opened in the foreground over BiDi has the focus, and the keys work there.
        first = self.send("browsingContext.getTree")["contexts"][0]["context"]
        self.context = self.send("browsingContext.create", type="tab", background=False)["context"]
        self.send("browsingContext.close", context=first)
        self.send("browsingContext.setViewport", context=self.context, viewport={"width": width, "height": height})

    def _address(self) -> str:
        deadline = time.monotonic() + 90
        said = []
        while time.monotonic() < deadline:
            line = self.process.stderr.readline().decode(errors="replace")
            said.append(line)
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                # the rest of what it says goes to a file: a pipe nobody reads would fill up and stop it
                threading_drain(self.process.stderr, self.log)
                return found.group(1)
            if not line and self.process.poll() is not None:
                break
        self.close()
        raise AssertionError("Firefox did not start: " + "".join(said)[-2000:])

    def send(self, method: str, **params):
        """Send a command and return its result (events arriving meanwhile are recorded)."""
        self.sent += 1
        self.socket.send(json.dumps({"id": self.sent, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=120))
            if message.get("id") == self.sent:
                if message["type"] == "error":
                    raise AssertionError(f"{method}: {message['error']}: {message['message']}")
                return message["result"]
            if message.get("method") == "log.entryAdded":
                entry = message["params"]
                self.console.append((entry.get("level", ""), entry.get("text", "")))
            elif message.get("method") == "network.beforeRequestSent":
                self.requests.append(message["params"]["request"]["url"])

    def navigate(self, url: str) -> None:
        self.send("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (a string, number, boolean or null)."""
        result = self.send("script.evaluate", expression=expression, target={"context": self.context},
                           awaitPromise=False)
        if result["type"] == "exception":
            raise AssertionError(f"{expression}: {result['exceptionDetails']['text']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 60) -> None:
        """Until the expression is true in the page (checked four times a second)."""
        deadline = time.monotonic() + timeout
        while not self.evaluate(expression):
            assert time.monotonic() < deadline, (
                f"Firefox: never true: {expression}; the panel: "
                f"{self.evaluate(PANEL)[:300]}; "
                f"its console: {self.console[-5:]}")
            time.sleep(0.25)

    def press(self, key: str) -> None:
        code = KEYS[key]
        self.send("input.performActions", context=self.context, actions=[{
            "type": "key", "id": "keyboard", "actions": [{"type": "keyDown", "value": code},
                                                         {"type": "keyUp", "value": code}]}])

    def screenshot(self, path: Path) -> None:
        data = self.send("browsingContext.captureScreenshot", context=self.context)["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def close(self) -> None:
        try:
            if getattr(self, "socket", None) is not None:
                self.socket.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            shutil.rmtree(self.profile, ignore_errors=True)


def threading_drain(source, sink) -> None:
    """Copy ``source`` to ``sink`` in a daemon thread until it ends."""
    import threading

    def copy() -> None:
        for chunk in iter(lambda: source.read1(65536), b""):
            sink.write(chunk)

    threading.Thread(target=copy, daemon=True).start()
