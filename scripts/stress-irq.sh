#!/usr/bin/env bash
# Stress check for irq-context testing on a busy machine: runs the run-in-irq and
# polyval suites' test binaries RUNS times (default 5) with one CPU, and then every
# CPU, saturated by busy loops that this script starts and always kills (also on
# failure or Ctrl-C). Every run must pass. Prints `name=value` lines; exit 0 = no
# failure, 1 = some run failed (its output's tail is shown), 2 = bad usage/build.
# Usage: scripts/stress-irq.sh [RUNS]   (honours CARGO_TARGET_DIR)
set -u
cd "$(dirname "$0")/.."
runs=${1:-5}
case $runs in
'' | *[!0-9]*)
    echo "usage: $0 [RUNS]   (RUNS: a positive number, default 5)" >&2
    exit 2
    ;;
esac
[ "$runs" -ge 1 ] || { echo "usage: $0 [RUNS]   (RUNS >= 1)" >&2; exit 2; }

busy_pids=()
stop_busy() {
    for pid in "${busy_pids[@]}"; do
        kill "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
    done
    busy_pids=()
}
trap stop_busy EXIT
trap 'stop_busy; exit 130' INT TERM

# test_binaries PACKAGE DIR: prints "DIR BINARY" for each of the package's test targets.
test_binaries() {
    local pkg=$1 dir=$2 out
    if ! out=$(cargo test -p "$pkg" --no-run 2>&1); then
        echo "$out" >&2
        return 1
    fi
    sed -n 's/^ *Executable tests\/.*(\(.*\))$/\1/p' <<<"$out" | while read -r bin; do
        case $bin in
        /*) echo "$dir $bin" ;;
        *) echo "$dir $PWD/$bin" ;;
        esac
    done
}

targets=$(test_binaries run-in-irq run-in-irq && test_binaries polyval-kunit suites/polyval) || {
    echo "stress-irq: build failed" >&2
    exit 2
}
[ -n "$targets" ] || { echo "stress-irq: no test binaries found" >&2; exit 2; }

cpus=$(nproc)
failures=0
start=$(date +%s)
log=$(mktemp)
for busy in 1 "$cpus"; do
    for _ in $(seq "$busy"); do
        (while :; do :; done) &
        busy_pids+=($!)
    done
    for run in $(seq "$runs"); do
        while read -r dir bin; do
            if (cd "$dir" && "$bin") >"$log" 2>&1; then
                echo "ok:   busy=$busy run=$run $(basename "$bin")"
            else
                echo "FAIL: busy=$busy run=$run $(basename "$bin"):"
                grep -E 'not ok|EXPECTATION FAILED|ASSERTION FAILED|Expected|panicked' "$log" | head -n 20
                tail -n 5 "$log"
                failures=$((failures + 1))
            fi
        done <<<"$targets"
    done
    stop_busy
done
rm -f "$log"
echo "stress_irq_runs=$((runs * 2))"
echo "stress_irq_failures=$failures"
echo "stress_irq_seconds=$(($(date +%s) - start))"
[ "$failures" -eq 0 ]
