# Sourced by the checks that load a page in headless Chromium (check-html-report.sh,
# check-coverage-report.sh). `need_chromium LABEL` sets `browser` to Chromium's path,
# installing Debian's package where it can (root and apt-get), else prints one SKIPPED line
# under LABEL and exits the calling script with 0.
need_chromium() {
  local label=$1
  browser=$(command -v chromium || command -v chromium-browser || true)
  [ -n "$browser" ] && return 0
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "$label: installing chromium (apt-get)"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    browser=$(command -v chromium)
  else
    echo "$label: SKIPPED: no chromium; install it (apt-get install chromium) to run this check"
    exit 0
  fi
}
