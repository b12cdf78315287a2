#!/usr/bin/env bash
# kunit-kbuild's Kconfig semantics against kconfiglib (PyPI): random kunitconfigs over the
# fixture tree (kunit-rs/kunit-kbuild/tests/fixture), resolved by both and compared.
#   scripts/check-kconfig-differential.sh            the fixture tree
#   KUNIT_KBUILD_DIFF_TREE=/path/to/linux ...        a kernel tree's lib/ options instead
# Installs kconfiglib with pip when missing; skips with one line when python3 or pip is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v python3 >/dev/null; then
  echo "check-kconfig-differential: SKIP: python3 not found (apt-get install python3)"
  exit 0
fi
if ! python3 -c 'import kconfiglib' 2>/dev/null; then
  if ! python3 -m pip --version >/dev/null 2>&1; then
    echo "check-kconfig-differential: SKIP: kconfiglib missing and no pip to install it (python3 -m pip install kconfiglib)"
    exit 0
  fi
  python3 -m pip install --quiet --user kconfiglib 2>/dev/null || python3 -m pip install --quiet kconfiglib
fi
cargo test -p kunit-kbuild --test differential
