# Debian's Chromium and its headless shell, which the browser tests and benchmarks use (sourced):
# `ensure_chromium` installs them when missing and this user may (root with apt-get), or stops at
# once with the one command to run. Playwright's own browser download is never used.
ensure_chromium() {
  [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's Chromium and its headless shell"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
    return 0
  fi
  echo "The browser tests need Debian's Chromium. Install it, then run npm test again:" >&2
  echo "  sudo apt-get install -y chromium chromium-headless-shell" >&2
  exit 1
}
