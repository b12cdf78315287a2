#!/usr/bin/env bash
# Every kunit-c header compiles on its own and together, warning-free under
# -Wall -Wextra -Werror (C test files are built with the user's flags too).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
inc=$repo/kunit-rs/kunit-c/include
cc=${CC:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
headers=$(cd "$inc" && find . -name '*.h' | sed 's|^\./||' | sort)
for h in $headers; do
    printf '#include <%s>\n' "$h" >"$work/one.c"
    if ! "$cc" -std=gnu11 -c -o /dev/null -Wall -Wextra -Werror -DKBUILD_MODNAME='"check"' \
        -I"$inc" "$work/one.c"; then
        echo "check-c-headers: <$h> does not compile cleanly on its own" >&2
        status=1
    fi
done
for h in $headers; do printf '#include <%s>\n' "$h"; done >"$work/all.c"
if ! "$cc" -std=gnu11 -c -o /dev/null -Wall -Wextra -Werror -DKBUILD_MODNAME='"check"' \
    -I"$inc" "$work/all.c"; then
    echo "check-c-headers: the headers do not compile cleanly together" >&2
    status=1
fi
[[ $status == 0 ]] && echo "check-c-headers: $(echo "$headers" | wc -l) headers clean"
exit $status
