"""The web console in a real headless Chromium (Selenium + Debian's chromium-driver).

Run through Scripts/console-test.sh, which builds the stub and installs Selenium. Each server
is a real `stubbank serve` on port 0; every wait has a bound (WebDriverWait, urllib timeouts).
Screenshots go to Docs/console.png (1280 px) and Docs/console-390.png (390 px).
"""
import json
import os
import queue
import re
import socket
import subprocess
import threading
import time
import unittest
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("STUBBANK", os.path.join(ROOT, ".build", "debug", "stubbank"))
WAIT = 10  # seconds, the bound on every wait for the page


class Stub:
    """A `stubbank serve` process on a free port, stopped with SIGTERM."""

    def __init__(self, *arguments):
        self.process = subprocess.Popen([BINARY, "serve", "--port", "0", "--log-level", "warning", *arguments],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT)
        # A thread reads the output, so the wait for the banner has a bound and the server never
        # blocks on a full pipe.
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.process.stdout] + [lines.put(None)],
                         daemon=True).start()
        deadline = time.monotonic() + 60
        self.port = None
        while self.port is None:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None:
                self.process.kill()
                raise RuntimeError(f"stubbank exited (status {self.process.poll()}) or printed no banner within 60 s")
            match = re.match(r"StubBank listening on http://[^:]+:(\d+)$", line.strip())
            if match:
                self.port = int(match.group(1))
        self.base = f"http://127.0.0.1:{self.port}"

    def admin(self, method, path, body=None, host="127.0.0.1"):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://{host}:{self.port}/__stubbank{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"} if data else {})
        with urllib.request.urlopen(request, timeout=5) as response:
            text = response.read()
            return json.loads(text) if text else None

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def curl(url, *arguments):
    """curl --fail: returns (exit code, HTTP status)."""
    result = subprocess.run(["curl", "--silent", "--fail", "--max-time", "5", "--output", "/dev/null",
                             "--write-out", "%{http_code}", *arguments, url], capture_output=True, text=True, timeout=10)
    return result.returncode, int(result.stdout or 0)


def non_loopback_address():
    """An IPv4 address of this machine that is not loopback (what a device on the network uses)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent; this only picks the outgoing interface
        address = probe.getsockname()[0]
    except OSError:
        address = None
    finally:
        probe.close()
    if address and not address.startswith("127."):
        return address
    output = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    return next((a for a in output if "." in a and not a.startswith("127.")), None)


def chrome():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--force-device-scale-factor=1", "--window-size=1280,900"):
        options.add_argument(flag)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


class ConsoleTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.stub = Stub()
        cls.browser = chrome()

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.stub.stop()

    def setUp(self):
        self.stub.admin("POST", "/reset")
        self.stub.admin("DELETE", "/scenario")
        self.browser.set_window_size(1280, 900)
        self.browser.get(self.stub.base + "/__stubbank/ui")
        self.wait_for(lambda: self.text("connection") == "Live", "the live log to connect")

    # helpers

    def wait_for(self, condition, what, timeout=WAIT):
        WebDriverWait(self.browser, timeout, poll_frequency=0.05).until(lambda _: condition(), f"timed out waiting for {what}")

    def element(self, id):
        return self.browser.find_element(By.ID, id)

    def text(self, id):
        return self.element(id).text.strip()

    def texts(self, selector):
        """The visible text of each match, read in one step so that a redraw cannot interleave."""
        return self.browser.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map(e => e.innerText.replace(/\\s+/g, ' ').trim())", selector)

    def rows(self):
        return self.texts("#log-rows tr")

    def switches(self):
        return self.texts("#active li")

    def turn_on(self, route, status=None, session="", seconds=None, times=None, effect="status"):
        self.wait_for(lambda: route in [o.get_attribute("value") for o in Select(self.element("steer-route")).options],
                      f"{route} among the routes")
        Select(self.element("steer-route")).select_by_value(route)
        self.wait_for(lambda: session in [o.get_attribute("value") for o in Select(self.element("steer-session")).options],
                      f"session {session!r} in the list")
        Select(self.element("steer-session")).select_by_value(session)
        self.browser.find_element(By.CSS_SELECTOR, f"input[name=effect][value={effect}]").click()
        if status is not None:
            field = self.element("steer-status")
            field.clear()
            field.send_keys(str(status))
        if seconds is not None:
            self.browser.find_element(By.CSS_SELECTOR, "input[name=span][value=expiry]").click()
            field = self.element("steer-expiry")
            field.clear()
            field.send_keys(str(seconds))
        elif times is not None:
            self.browser.find_element(By.CSS_SELECTOR, "input[name=span][value=times]").click()
            field = self.element("steer-times")
            field.clear()
            field.send_keys(str(times))
        else:
            self.browser.find_element(By.CSS_SELECTOR, "input[name=span][value=always]").click()
        self.element("steer-submit").click()

    # the four checks

    def test_a_503_switched_on_in_the_page_fails_curl_and_shows_in_the_log(self):
        curl(self.stub.base + "/v1/status")
        curl(self.stub.base + "/v1/atms", "-H", "X-Stub-Session: ios-sim")
        curl(self.stub.base + "/v1/acounts")  # a typo, to show a near miss
        self.turn_on("GET /v1/accounts", status=503)
        self.wait_for(lambda: any("GET /v1/accounts → status 503" in s for s in self.switches()), "the switch in the list")

        code, status = curl(self.stub.base + "/v1/accounts", "-H", "Authorization: Bearer secret-token-123")
        self.assertEqual((code, status), (22, 503), "curl --fail fails with 503")

        self.wait_for(lambda: any("/v1/accounts" in r and "503" in r and "bhv_" in r for r in self.rows()), "the 503 in the log")
        self.wait_for(lambda: any("/v1/acounts" in r and "No route matched. Closest:" in r for r in self.rows()),
                      "the near miss in the log")
        self.assertTrue(any("GET /v1/accounts · built-in bank" in r for r in self.rows() if "/v1/accounts" in r))
        self.browser.find_element(By.CSS_SELECTOR, "#log-rows button[title='/v1/accounts']").click()
        self.wait_for(lambda: "Response: 503" in self.text("detail-body"), "the exchange detail")
        detail = self.text("detail-body")
        self.assertIn("[redacted]", detail)
        self.assertNotIn("secret-token-123", detail)
        self.assertIn("service_unavailable", detail)
        self.element("detail-close").click()
        self.browser.save_screenshot(os.path.join(ROOT, "Docs", "console.png"))

    def test_an_expiring_switch_turns_itself_off(self):
        self.turn_on("GET /v1/status", status=500, seconds=2)
        self.wait_for(lambda: any("GET /v1/status → status 500" in s and "s left" in s for s in self.switches()),
                      "the expiring switch with its countdown")
        self.assertEqual(curl(self.stub.base + "/v1/status")[1], 500)
        self.wait_for(lambda: not any("GET /v1/status" in s for s in self.switches()), "the switch to turn itself off")
        self.assertEqual(self.stub.admin("GET", "/behaviours")["data"], [])
        self.assertEqual(curl(self.stub.base + "/v1/status")[1], 200)

    def test_a_reset_clears_a_session(self):
        for _ in range(2):
            curl(self.stub.base + "/v1/status", "-H", "X-Stub-Session: alice")
        curl(self.stub.base + "/v1/status", "-H", "X-Stub-Session: bob")
        self.wait_for(lambda: sum(" alice " in f" {r} " for r in self.rows()) == 2, "alice's two requests")
        self.turn_on("GET /v1/atms", status=502, session="alice")
        self.wait_for(lambda: any("(session alice)" in s for s in self.switches()), "alice's switch")

        Select(self.element("session")).select_by_value("alice")
        self.wait_for(lambda: len(self.rows()) == 2, "only alice's rows")
        self.element("reset-session").click()
        self.wait_for(lambda: self.text("notice").startswith("Session alice reset"), "the reset notice")
        self.wait_for(lambda: self.rows() == [] and self.switches() == [], "alice's log and switches emptied")
        self.assertEqual(self.stub.admin("GET", "/journal?session=alice")["data"], [])
        self.assertEqual(self.stub.admin("GET", "/behaviours?session=alice")["data"], [])
        self.assertEqual(self.stub.admin("GET", "/journal?session=bob")["data"][0]["session"], "bob", "bob keeps his")

        Select(self.element("session")).select_by_value("")
        self.wait_for(lambda: any(" bob " in f" {r} " for r in self.rows()), "bob's row still in the log")

    def test_the_page_is_refused_from_a_non_loopback_address_without_a_token(self):
        address = non_loopback_address()
        if address is None:
            self.skipTest("this machine has no non-loopback IPv4 address")
        open_stub = Stub("--host", "0.0.0.0")
        token_stub = Stub("--host", "0.0.0.0", "--admin-token", "s3cret-console")
        try:
            self.browser.get(f"http://{address}:{open_stub.port}/__stubbank/ui")
            self.wait_for(lambda: "admin_loopback_only" in self.browser.page_source, "the loopback-only refusal")
            with self.assertRaises(urllib.error.HTTPError) as refused:
                open_stub.admin("GET", "/ui", host=address)
            self.assertEqual(refused.exception.code, 403)

            self.browser.get(f"http://{address}:{token_stub.port}/__stubbank/ui")
            self.wait_for(lambda: "admin_token_required" in self.browser.page_source, "the token refusal")
            self.browser.get(f"http://{address}:{token_stub.port}/__stubbank/ui?token=wrong")
            self.wait_for(lambda: "admin_token_invalid" in self.browser.page_source, "a wrong token refused")
            self.browser.get(f"http://{address}:{token_stub.port}/__stubbank/ui?token=s3cret-console")
            self.wait_for(lambda: self.text("connection") == "Live", "the console live with the token")
            self.assertNotIn("token=", self.browser.current_url, "the token leaves the address bar")
        finally:
            open_stub.stop()
            token_stub.stop()

    # what else the issue asks of the page

    def test_a_paused_log_keeps_what_arrives(self):
        curl(self.stub.base + "/v1/status")
        self.wait_for(lambda: len(self.rows()) == 1, "the first row")
        self.element("pause").click()
        for _ in range(3):
            curl(self.stub.base + "/v1/status")
        self.wait_for(lambda: self.text("pause") == "Resume (3 new)", "three entries held while paused")
        self.assertEqual(len(self.rows()), 1)
        self.element("pause").click()
        self.wait_for(lambda: len(self.rows()) == 4, "all four rows after resuming")

    def test_filters_and_the_scenario_switch(self):
        curl(self.stub.base + "/v1/status")
        curl(self.stub.base + "/v1/nowhere")
        self.wait_for(lambda: len(self.rows()) == 2, "two rows")
        self.element("filter-errors").click()
        self.wait_for(lambda: len(self.rows()) == 1 and "/v1/nowhere" in self.rows()[0], "errors only")
        self.element("filter-errors").click()
        self.element("filter-path").send_keys("status")
        self.wait_for(lambda: len(self.rows()) == 1 and "/v1/status" in self.rows()[0], "the path filter")
        self.element("filter-path").clear()

        Select(self.element("scenario")).select_by_value("maintenance")
        self.wait_for(lambda: self.stub.admin("GET", "/scenarios").get("active") == "maintenance", "the scenario on the server")
        self.wait_for(lambda: any("from the scenario" in s for s in self.switches()), "the scenario's switches listed")
        self.assertEqual(curl(self.stub.base + "/v1/accounts")[1], 503)

    def test_routes_show_their_source_and_hits(self):
        for _ in range(3):
            curl(self.stub.base + "/v1/atms")
        row = lambda: next((r for r in self.texts("#route-rows tr") if r.startswith("GET /v1/atms ")), "")
        self.wait_for(lambda: row().endswith(" 3"), "three hits on GET /v1/atms")
        self.assertIn("built-in bank", row())

    def test_keyboard_only(self):
        curl(self.stub.base + "/v1/status")
        self.wait_for(lambda: len(self.rows()) == 1, "a row")
        body = self.browser.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.TAB)  # the skip link first
        self.assertEqual(self.browser.switch_to.active_element.text, "Skip to the request log")
        link = self.browser.find_element(By.CSS_SELECTOR, "#log-rows button")
        self.assertTrue(link.get_attribute("aria-label").startswith("Details of GET /v1/status"))
        link.send_keys(Keys.ENTER)
        self.wait_for(lambda: self.element("detail").is_displayed(), "the detail opened by Enter")
        self.assertEqual(self.browser.switch_to.active_element.get_attribute("id"), "detail-heading")
        self.browser.switch_to.active_element.send_keys(Keys.ESCAPE)
        self.wait_for(lambda: not self.element("detail").is_displayed(), "Escape to close it")
        unlabeled = self.browser.execute_script("""
            return [...document.querySelectorAll('input, select, button')].filter(e =>
              !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim()).map(e => e.id);""")
        self.assertEqual(unlabeled, [], "every control has a label")

    def test_nothing_comes_from_elsewhere(self):
        resources = self.browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        self.assertTrue(resources, "the page loads its own files")
        for name in resources:
            self.assertTrue(name.startswith(self.stub.base + "/__stubbank/"), name)
        with urllib.request.urlopen(self.stub.base + "/__stubbank/ui", timeout=5) as response:
            self.assertIn("default-src 'none'", response.headers["Content-Security-Policy"])
            self.assertNotRegex(response.read().decode(), r"https?://")

    def test_the_narrow_layout_fits_a_phone(self):
        curl(self.stub.base + "/v1/status")
        self.browser.set_window_size(390, 844)
        self.wait_for(lambda: self.browser.execute_script("return window.innerWidth") <= 390, "the narrow window")
        overflow = self.browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        self.assertLessEqual(overflow, 0, "no sideways scrolling of the page at 390 px")
        self.assertTrue(self.element("steer-submit").is_displayed())
        self.browser.save_screenshot(os.path.join(ROOT, "Docs", "console-390.png"))


if __name__ == "__main__":
    unittest.main(verbosity=2)
