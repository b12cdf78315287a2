#!/usr/bin/env bash
# Every kunit-c header compiles on its own and together, warning-free, freestanding, with the
# kernel's semantic flags: -nostdinc and only the compiler's own include folder, so no libc or
# /usr/include header is reachable (kunit-c's glue, built with libc, provides what needs it).
# A header that includes something outside include/ and the compiler's folder fails here.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
inc=$repo/kunit-rs/kunit-c/include
cc=${CC:-cc}
if ! command -v "$cc" >/dev/null; then
    echo "check-c-headers: no C compiler ($cc); skipped" >&2
    exit 0
fi
compiler_inc=$("$cc" -print-file-name=include)
flags=(-nostdinc -isystem "$compiler_inc" -std=gnu11 -funsigned-char -fno-strict-aliasing
    -fno-strict-overflow -fno-common -Wall -Wextra -Werror
    -Werror=implicit-function-declaration -Werror=implicit-int -Werror=return-type
    -Werror=incompatible-pointer-types -DKBUILD_MODNAME='"check"' -I"$inc")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
headers=$(cd "$inc" && find . -name '*.h' | sed 's|^\./||' | sort)
for h in $headers; do
    printf '#include <%s>\n' "$h" >"$work/one.c"
    if ! "$cc" "${flags[@]}" -fsyntax-only "$work/one.c"; then
        echo "check-c-headers: <$h> does not compile cleanly on its own" >&2
        status=1
    fi
done
for h in $headers; do printf '#include <%s>\n' "$h"; done >"$work/all.c"
if ! "$cc" "${flags[@]}" -fsyntax-only "$work/all.c"; then
    echo "check-c-headers: the headers do not compile cleanly together" >&2
    status=1
fi
[[ $status == 0 ]] && echo "check-c-headers: $(echo "$headers" | wc -l) headers clean (freestanding)"
exit $status
