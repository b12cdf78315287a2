#!/usr/bin/env bash
# The test convention (CONTRIBUTING.md, "One test convention") holds in every package of the
# workspace:
#  1. every `src/**/*_kunit.rs` is pulled in exactly once: by a `#[path = "../src/..."]` line
#     of a test target under tests/ (tests/selftest.rs), or by a `mod <name>_kunit;` under
#     `#[cfg(test)]` in a file of src/ (the module it tests; `#[path]` or the plain module
#     path); a declaration that names no file is an error too;
#  2. a package whose src/ declares such modules runs them with kunit's harness: `[lib]
#     harness = false` in its Cargo.toml and `kunit::main!()` under `#[cfg(test)]` in
#     src/lib.rs (otherwise they would run under libtest or not at all);
#  3. no other unit tests in src/: no `#[test]` outside `*_kunit.rs`, no `#[cfg(test)]` module
#     that is not a `*_kunit` one. Exempt, as CONTRIBUTING.md says: kunit-rs-macros (a
#     proc-macro crate cannot run kunit suites inside itself), its fixture crate
#     kunit-fixture-macros (its macro writes libtest-style #[test]s on purpose) and examples/
#     (they show how users lay out their tests).
#
#   scripts/check-selftest-listing.sh                every package of the workspace
#   scripts/check-selftest-listing.sh DIR ...        the packages in those folders only
#
# Exit 0: clean (one line per package with suites); 1: a breach (each printed); 2: bad usage
# or no python3. kunit's own tests/selftest.rs also checks its list (kunit_selftest_listing).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v python3 >/dev/null; then
  echo "check-selftest-listing: python3 not found; install it to run this check" >&2
  exit 2
fi
meta=$(cargo metadata --no-deps --format-version 1 --offline 2>/dev/null || cargo metadata --no-deps --format-version 1)
exec python3 - "$meta" "$@" <<'PY'
import json, os, re, sys

meta = json.loads(sys.argv[1])
wanted = [os.path.realpath(p) for p in sys.argv[2:]]
for w in wanted:
    if not os.path.isfile(os.path.join(w, "Cargo.toml")):
        print(f"check-selftest-listing: {w}: not a package folder", file=sys.stderr)
        sys.exit(2)
EXEMPT_FROM_NO_INLINE = {"kunit-rs-macros", "kunit-fixture-macros"}
EXAMPLES = os.path.realpath("examples") + os.sep

PATH_ATTR = re.compile(r'^\s*#\[path\s*=\s*"([^"]+)"\]\s*$')
MOD_DECL = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*(;|\{)")
CFG_TEST = re.compile(r"^\s*#\[cfg\((?:test|all\(test\b[^\]]*\)|all\([^\]]*\btest\)[^\]]*)\)\]\s*$")
ATTR = re.compile(r"^\s*#\[")
TEST_ATTR = re.compile(r"^\s*#\[test\]")


def rust_files(d):
    for root, dirs, files in os.walk(d):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".rs"):
                yield os.path.join(root, f)


def declarations(path):
    """(line number, module name, #[path] value or None, under cfg(test)) for each `mod`
    declaration of the file, with the attributes just above it."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    for i, line in enumerate(lines):
        m = MOD_DECL.match(line)
        if not m:
            continue
        attr_path, cfg_test, j = None, False, i - 1
        while j >= 0 and (ATTR.match(lines[j]) or lines[j].strip().startswith("//")):
            p = PATH_ATTR.match(lines[j])
            if p:
                attr_path = p.group(1)
            if CFG_TEST.match(lines[j]):
                cfg_test = True
            j -= 1
        out.append((i + 1, m.group(1), m.group(2) == "{", attr_path, cfg_test))
    return out


def resolve(decl_file, name, attr_path):
    """The file a non-inline `mod name;` in decl_file names (the Rust reference's rules)."""
    d = os.path.dirname(decl_file)
    if attr_path is not None:
        return os.path.normpath(os.path.join(d, attr_path))
    if os.path.basename(decl_file) not in ("mod.rs", "lib.rs", "main.rs"):
        d = os.path.join(d, os.path.basename(decl_file)[:-3])
    flat = os.path.join(d, name + ".rs")
    return flat if os.path.exists(flat) else os.path.join(d, name, "mod.rs")


def lib_harness_false(pkg_dir):
    text = open(os.path.join(pkg_dir, "Cargo.toml"), encoding="utf-8").read()
    m = re.search(r"(?ms)^\[lib\]\s*$(.*?)(?=^\[)", text + "\n[end]")
    return bool(m and re.search(r"(?m)^harness\s*=\s*false\s*$", m.group(1)))


def lib_runs_kunit_main(pkg_dir):
    lib = os.path.join(pkg_dir, "src", "lib.rs")
    if not os.path.exists(lib):
        return False
    lines = open(lib, encoding="utf-8").read().split("\n")
    return any(
        l.strip() == "kunit::main!();" and i > 0 and CFG_TEST.match(lines[i - 1])
        for i, l in enumerate(lines)
    )


errors = []
checked = 0
for pkg in sorted(meta["packages"], key=lambda p: p["manifest_path"]):
    pkg_dir = os.path.dirname(os.path.realpath(pkg["manifest_path"]))
    if wanted and pkg_dir not in wanted:
        continue
    rel = lambda p: os.path.relpath(p, os.getcwd())
    exempt = pkg["name"] in EXEMPT_FROM_NO_INLINE or pkg_dir.startswith(EXAMPLES)
    src = os.path.join(pkg_dir, "src")
    tests = os.path.join(pkg_dir, "tests")
    on_disk = {os.path.normpath(f) for f in rust_files(src) if f.endswith("_kunit.rs")} if os.path.isdir(src) else set()
    pulled = {}  # file -> [where]
    from_src = False
    # Test targets under tests/ (their `#[path]` lines into src/).
    if os.path.isdir(tests):
        for f in rust_files(tests):
            if "/fixtures/" in f:
                continue
            for line, name, inline, attr_path, _ in declarations(f):
                if attr_path is None or inline:
                    continue
                target = resolve(f, name, attr_path)
                if not target.endswith("_kunit.rs"):
                    continue
                pulled.setdefault(target, []).append(f"{rel(f)}:{line}")
    # Modules of src/ that declare their suites.
    for f in rust_files(src) if os.path.isdir(src) else []:
        is_suite_file = f.endswith("_kunit.rs")
        lines = open(f, encoding="utf-8").read().split("\n")
        for line, name, inline, attr_path, cfg_test in declarations(f):
            if name.endswith("_kunit") and not inline:
                target = resolve(f, name, attr_path)
                pulled.setdefault(target, []).append(f"{rel(f)}:{line}")
                from_src = True
                if not cfg_test:
                    errors.append(f"{rel(f)}:{line}: mod {name} is not under #[cfg(test)] (it would ship in the library)")
            elif cfg_test and not is_suite_file and not exempt:
                errors.append(f"{rel(f)}:{line}: #[cfg(test)] mod {name}: a module's tests go in a *_kunit.rs suite file (CONTRIBUTING.md)")
        if not is_suite_file and not exempt:
            for i, l in enumerate(lines):
                if TEST_ATTR.match(l):
                    errors.append(f"{rel(f)}:{i + 1}: #[test] outside a *_kunit.rs suite file (CONTRIBUTING.md)")
    for f in sorted(on_disk):
        where = pulled.get(f, [])
        if not where:
            errors.append(f"{rel(f)}: not pulled in (list it in tests/selftest.rs, or declare it under #[cfg(test)] in the module it tests): it never runs")
        elif len(where) > 1:
            errors.append(f"{rel(f)}: pulled in {len(where)} times: {', '.join(where)}")
    for f, where in sorted(pulled.items()):
        if not os.path.exists(f):
            errors.append(f"{', '.join(where)}: names {rel(f)}, which does not exist")
    if from_src and not lib_harness_false(pkg_dir):
        errors.append(f"{rel(pkg_dir)}/Cargo.toml: src/ declares *_kunit suites but [lib] has no `harness = false`")
    if from_src and not lib_runs_kunit_main(pkg_dir):
        errors.append(f"{rel(pkg_dir)}/src/lib.rs: src/ declares *_kunit suites but has no `#[cfg(test)]` `kunit::main!();`")
    if on_disk:
        checked += 1
        n = len(on_disk)
        print(f"{pkg['name']}: {n} suite file{'' if n == 1 else 's'}, each pulled in once")

if errors:
    print("\n".join("FAIL: " + e for e in errors))
    sys.exit(1)
if checked == 0 and not wanted:
    print("FAIL: no *_kunit.rs suite file in the workspace")
    sys.exit(1)
print(f"selftest listing: {checked} packages follow the test convention")
PY
