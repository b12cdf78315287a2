#!/usr/bin/env bash
# The four published crates package and verify together (cargo packages interdependent
# workspace members in one call, resolving them against each other and crates.io), each
# package holds its sources, README and licenses and nothing the repository alone provides,
# and every other workspace member stays unpublished.
set -euo pipefail
cd "$(dirname "$0")/.."
published=(kunit kunit-macros kunit-tool run-in-irq)
pkg_args=()
for p in "${published[@]}"; do pkg_args+=(-p "$p"); done

fail() { echo "FAIL: $*" >&2; exit 1; }

# Publishable members (publish not false) are exactly the four.
actual=$(cargo metadata --no-deps --format-version 1 | python3 -c 'import json,sys
m = json.load(sys.stdin)
print(" ".join(sorted(p["name"] for p in m["packages"] if p.get("publish") != [])))')
[ "$actual" = "$(printf '%s\n' "${published[@]}" | sort | xargs)" ] ||
  fail "publishable workspace members are '$actual', expected '${published[*]}'"

# What goes into each package.
for p in "${published[@]}"; do
  list=$(cargo package --allow-dirty --list -p "$p")
  for want in Cargo.toml README.md LICENSE-MIT LICENSE-GPL-2.0; do
    grep -qx "$want" <<<"$list" || fail "$p: package lacks $want"
  done
  grep -qE '^src/(lib|main)\.rs$' <<<"$list" || fail "$p: package has no src/lib.rs"
  if bad=$(grep -E '^(tests|benches|fuzz)/|_kunit\.rs$|\.\./' <<<"$list"); then
    fail "$p: package carries repository-only files: $bad"
  fi
  echo "$p: $(wc -l <<<"$list") files"
done

# Package and verify (builds each .crate as a user of the registry would).
cargo package --allow-dirty "${pkg_args[@]}"

# The normalized manifests carry registry versions for the crates' own dependencies.
version=$(cargo metadata --no-deps --format-version 1 |
  python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "kunit"))')
# Where cargo writes the packages (CI points CARGO_TARGET_DIR at a shared directory).
pkgdir="${CARGO_TARGET_DIR:-target}/package"
for p in "${published[@]}"; do
  crate="$pkgdir/$p-$version.crate"
  [ -f "$crate" ] || fail "$crate was not written"
  if tar -xOzf "$crate" "$p-$version/Cargo.toml" | grep -n 'path = "\.\.'; then
    fail "$p: packaged Cargo.toml still points outside the package"
  fi
done
# Each verification build used these very packages for the crates' dependencies on each other,
# not a same-named crate from crates.io: every lockfile entry of one of our names carries the
# checksum of the .crate just written (or none: the package being verified).
python3 - "$pkgdir" "$version" "${published[@]}" <<'PY'
import hashlib, sys, tomllib
pkgdir, version, names = sys.argv[1], sys.argv[2], sys.argv[3:]
ours = {}
for n in names:
    with open(f"{pkgdir}/{n}-{version}.crate", "rb") as f:
        ours[n.replace("-", "_")] = hashlib.sha256(f.read()).hexdigest()
bad = []
for n in names:
    with open(f"{pkgdir}/{n}-{version}/Cargo.lock", "rb") as f:
        lock = tomllib.load(f)
    for p in lock.get("package", []):
        key = p["name"].replace("-", "_")
        if key in ours and "checksum" in p and (p["version"], p["checksum"]) != (version, ours[key]):
            bad.append(f"{n}: resolves {p['name']} {p['version']} from elsewhere")
if bad:
    sys.exit("FAIL: " + "\n  ".join(bad))
PY
echo "check-package: ${published[*]} packaged and verified"
