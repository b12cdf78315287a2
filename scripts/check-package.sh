#!/usr/bin/env bash
# The eight published crates package and verify together (cargo packages interdependent
# workspace members in one call, resolving them against each other and crates.io), each
# package holds its sources, README and licenses and nothing the repository alone provides,
# verification used our packages (never crates.io's unrelated `kunit` or `kunit_macros`),
# every other workspace member stays unpublished, and `cargo publish --dry-run` of the eight
# (cargo orders them by their dependencies) succeeds.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/published-crates.sh
. scripts/lib/published-crates.sh
pkg_args=()
for p in "${published[@]}"; do pkg_args+=(-p "$p"); done

fail() { echo "FAIL: $*" >&2; exit 1; }

# Publishable members (publish not false) are exactly the eight.
actual=$(cargo metadata --no-deps --format-version 1 | python3 -c 'import json,sys
m = json.load(sys.stdin)
print(" ".join(sorted(p["name"] for p in m["packages"] if p.get("publish") != [])))')
[ "$actual" = "$(printf '%s\n' "${published[@]}" | sort | xargs)" ] ||
  fail "publishable workspace members are '$actual', expected '${published[*]}'"

version=$(cargo metadata --no-deps --format-version 1 |
  python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "kunit-rs"))')

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
# cargo verifies each package against the others through a temporary registry. It takes a
# registry crate as immutable: its unpacked sources (CARGO_HOME/registry/src/-<hash of the
# target path>/) and its compiled artifacts are reused by name and version alone. So a second
# run in the same target directory would compile against the first run's sources. Verify in a
# target directory of its own and drop those copies of our crates first.
target="${CARGO_TARGET_DIR:-target}/package-verify"
export CARGO_TARGET_DIR="$target"
for p in "${published[@]}"; do
  u=${p//-/_}
  rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/"$p-$version" \
    "$target"/debug/.fingerprint/"$p"-* "$target"/debug/build/"$p"-* \
    "$target"/debug/deps/lib"$u"-* "$target"/debug/deps/"$u"-*
done
cargo package --allow-dirty "${pkg_args[@]}"

# The normalized manifests carry registry versions for the crates' own dependencies.
pkgdir="$target/package"
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
        # crates.io's unrelated crates of the old names must not be in the graph at all.
        if key in ("kunit", "kunit_macros"):
            bad.append(f"{n}: resolves crates.io's {p['name']} {p['version']}")
if bad:
    sys.exit("FAIL: " + "\n  ".join(bad))
PY
# What `cargo publish` would upload, in dependency order (cargo's registry-side checks:
# metadata, versions on every dependency). --no-verify: `cargo package` above built these
# very packages already.
cargo publish --dry-run --allow-dirty --no-verify "${pkg_args[@]}"
echo "check-package: ${published[*]} packaged, verified and dry-run published"
