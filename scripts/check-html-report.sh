#!/usr/bin/env bash
# `kunit parse --html` and `kunit exec --html` in a real headless browser (Debian's Chromium):
# the page loads with no console message (no script error, no blocked resource, no policy
# violation), shows the right counts for a run with failures, filters by `#filter=`, renders a
# screenshot, and a run whose case is named `<script>…` and whose log holds
# `</div><img onerror=…>` shows them as text with no script of theirs run.
# Installs chromium with apt-get when it is missing; without apt-get, skips with one line.
# Usage: scripts/check-html-report.sh [OUT_DIR]   (screenshots are kept in OUT_DIR)
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=lib/chromium.sh
. scripts/lib/chromium.sh
need_chromium check-html-report

cargo build --quiet -p kunit-tool --bin kunit
kunit="${CARGO_TARGET_DIR:-$PWD/target}/debug/kunit"
work=$(mktemp -d /tmp/kunit-html-XXXXXX)
out=${1:-$work}
mkdir -p "$out"
trap 'rm -rf "$work"' EXIT
fail() { echo "check-html-report: FAILED: $*" >&2; exit 1; }

# Loads $1 (a file URL) headless; the DOM after scripts ran goes to $2, a screenshot to $3,
# and every console message to $2.console.
load() {
  local url=$1 dom=$2 shot=$3
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$work/profile" --enable-logging=stderr --v=0 \
    --dump-dom "$url" >"$dom" 2>"$dom.log" || fail "chromium could not load $url"
  grep -F ':CONSOLE' "$dom.log" >"$dom.console" || true
  [ -s "$dom.console" ] && fail "console messages on $url: $(cat "$dom.console")"
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$work/profile" --hide-scrollbars --window-size=1200,900 \
    --screenshot="$shot" "$url" >/dev/null 2>&1 || fail "no screenshot of $url"
  [ -s "$shot" ] || fail "empty screenshot of $url"
  grep -q 'data-ready="1"' "$dom" || fail "the page's own script did not run on $url"
}

# The count the page shows for $2 in DOM $1.
count() { grep -o "data-count=\"$2\">[0-9]*<" "$1" | head -1 | grep -o '[0-9]*'; }

# 1. A run with failures: 3 suites, 7 cases (passed 3, failed 2, skipped 1, crashed 1).
cat >"$work/failures.log" <<'EOF'
KTAP version 1
1..3
    KTAP version 1
    # Subtest: alpha
    1..3
    ok 1 alpha_one
    # alpha_two: EXPECTATION FAILED at tests/alpha.rs:12
    Expected 1 + 1 == 3, but
        1 + 1 == 2 (0x2)
    not ok 2 alpha_two
    ok 3 alpha_three # SKIP not on this machine
not ok 1 alpha
    KTAP version 1
    # Subtest: beta
    1..2
    ok 1 beta_one
    ok 2 beta_two
ok 2 beta
    KTAP version 1
    # Subtest: gamma
    1..2
    # gamma_one: ASSERTION FAILED at tests/gamma.rs:7
    not ok 1 gamma_one
    # gamma_two: crashed: the harness process was killed by signal 11 (SIGSEGV)
    not ok 2 gamma_two
not ok 3 gamma
EOF
# The crash as the runner reports it: a crashed case is a line kunit marks, so it comes
# from `kunit exec`; in a saved log the same case is a failure. Parse gives 3 failures.
"$kunit" parse --html "$work/failures.html" "$work/failures.log" >"$work/failures.txt" || true
summary=$(grep -o 'Ran 7 tests: passed: 3, failed: 3, skipped: 1' "$work/failures.txt") \
  || fail "unexpected summary: $(tail -2 "$work/failures.txt")"
load "file://$work/failures.html" "$work/failures.dom" "$out/report-failures.png"
for expect in total=7 passed=3 failed=3 skipped=1 crashed=0 suites=3 failures=3; do
  what=${expect%=*} n=${expect#*=}
  [ "$(count "$work/failures.dom" "$what")" = "$n" ] ||
    fail "$what: the page shows $(count "$work/failures.dom" "$what"), expected $n"
done
grep -q 'Expected 1 + 1 == 3, but' "$work/failures.dom" || fail "alpha_two's failure text is missing"
# The filter: #filter=gamma hides the other suites' rows.
load "file://$work/failures.html#filter=gamma" "$work/filtered.dom" "$out/report-filtered.png"
grep -q '<tr class="suite" data-name="alpha" hidden=""' "$work/filtered.dom" || fail "filter did not hide alpha"
grep -q '<tr class="suite" data-name="gamma">' "$work/filtered.dom" || fail "filter hid gamma"

# 2. Hostile names: markup in a suite name, a case name and a log line stays text.
cat >"$work/hostile.log" <<'EOF'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: evil<b>suite</b>
    1..2
    # <script>document.body.setAttribute('data-pwned','script')</script>: </div><img src=x onerror="document.body.setAttribute('data-pwned','img')">
    not ok 1 <script>document.body.setAttribute('data-pwned','script')</script>
    ok 2 "quoted" & 'single'
not ok 1 evil<b>suite</b>
EOF
"$kunit" parse --html "$work/hostile.html" "$work/hostile.log" >/dev/null || true
load "file://$work/hostile.html" "$work/hostile.dom" "$out/report-hostile.png"
grep -qE '<body[^>]*data-pwned' "$work/hostile.dom" && fail "a script from the run's text ran"
grep -qi '<img' "$work/hostile.dom" && fail "markup from a log line became an element"
grep -qi '<b>suite' "$work/hostile.dom" && fail "markup from a suite name became an element"
[ "$(grep -o '<script' "$work/hostile.dom" | wc -l)" = 1 ] || fail "a script element from the run's text"
grep -qF '&lt;/div&gt;&lt;img src=x onerror="document.body' "$work/hostile.dom" ||
  fail "the log line is not shown as text"
grep -qF "&lt;script&gt;document.body.setAttribute('data-pwned','script')&lt;/script&gt;" "$work/hostile.dom" ||
  fail "the case name is not shown as text"

# 3. A real run: `kunit exec --html` over a harness with a crashing suite times the cases.
if [ -n "${KUNIT_HTML_HARNESS:-}" ]; then
  "$kunit" exec --summary --binary "$KUNIT_HTML_HARNESS" --html "$work/exec.html" \
    "${KUNIT_HTML_GLOB:-}" >/dev/null 2>&1 || true
  load "file://$work/exec.html" "$work/exec.dom" "$out/report-exec.png"
  grep -q '<td>[0-9]*\.[0-9]* s</td>' "$work/exec.dom" || fail "no durations in the exec report"
fi

echo "check-html-report: ok ($summary; hostile names shown as text; screenshots in $out)"
