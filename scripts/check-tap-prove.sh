#!/usr/bin/env bash
# `--format tap` is accepted by Perl's prove, and prove sees the same pass/fail as KTAP does.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(cargo test -p kunit-rs --test selftest --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable"):
        print(m["executable"])' | tail -1)
tmp=$(mktemp -d)
"$bin" --format tap | grep -v '^test result: ' > "$tmp/selftest.tap"
prove -e cat "$tmp/selftest.tap"
rm -rf "$tmp"
