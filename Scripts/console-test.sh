#!/usr/bin/env bash
# The web console in a real headless Chromium: Tests/Browser/console_test.py with Selenium.
# Needs Debian's chromium and chromium-driver (.ci/run installs them); installs Selenium into
# .build/browser-venv on first use. Writes Docs/console.png and Docs/console-390.png.
#
#   Scripts/console-test.sh
#   Scripts/console-test.sh ConsoleTest.test_a_reset_clears_a_session
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/browser-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import selenium" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "selenium>=4.20,<5"
fi
swift build --product stubbank >/dev/null
# Selenium must not try to fetch a driver: the machine's chromedriver is given explicitly.
export SE_OFFLINE=true
"$venv/bin/python" Tests/Browser/console_test.py "$@"
