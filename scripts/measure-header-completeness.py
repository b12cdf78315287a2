#!/usr/bin/env python3
"""Measures how complete each kunit-c header is against a kernel tree's own header and writes
the result into kunit-rs/kunit-c/include/MANIFEST.toml (`completeness`, `missing`).

  scripts/measure-header-completeness.py /path/to/linux

For each [[header]] whose `kernel` file exists in the tree: the names the kernel header defines
(`#define NAME`, and functions declared or defined at the top level; names starting with `_`
and include guards left out) that kunit-c's header, preprocessed freestanding as
kunit_c::Build compiles it, neither defines as a macro nor names anywhere. None missing:
"complete"; else "partial", with the count and the first missing names. A header the tree
lacks (newer than the tree) is "partial", "not compared: not in <tree>"; kunit-c's own
(`kernel = ""`) is left as it is. A name-level measure: it does not judge semantics.
Then regenerate the guide's table (KUNIT_C_BLESS=1 cargo test -p kunit-c --test
header_manifest). Exit 2 on bad usage or when the compiler cannot preprocess a header.
"""
import os, re, subprocess, sys

if len(sys.argv) != 2 or not os.path.isdir(os.path.join(sys.argv[1], "include/linux")):
    sys.exit(print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr) or 2)
tree = os.path.abspath(sys.argv[1])
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
inc = os.path.join(root, "kunit-rs/kunit-c/include")
manifest = os.path.join(inc, "MANIFEST.toml")
text = open(manifest).read()
cc = os.environ.get("CC", "cc")
cc_include = subprocess.run([cc, "-print-file-name=include"], capture_output=True,
                            text=True).stdout.strip()
KEYWORDS = set("if else for while do switch case return void int char long short unsigned "
               "signed struct union enum static inline const volatile extern typedef sizeof "
               "typeof".split())
DEFINE = re.compile(r"^\s*#\s*define\s+([A-Za-z][A-Za-z0-9_]*)", re.M)
FUNCTION = re.compile(
    r"^[A-Za-z_][^;{}()#]*?\b([a-z][A-Za-z0-9_]*)\s*\([^;{}]*\)\s*"
    r"(?:__[a-z_]+(?:\([^)]*\))?\s*)*[;{]", re.M)


def strip_comments(t):
    return re.sub(r"/\*.*?\*/|//[^\n]*", "", t, flags=re.S)


def kernel_names(path):
    t = strip_comments(open(path, errors="replace").read())
    names = set(DEFINE.findall(t)) | set(FUNCTION.findall(t))
    return {n for n in names if n not in KEYWORDS and not n.startswith("_")
            and not re.match(r"[A-Z0-9_]+_H_*$", n)}


def our_names(header):
    args = ["-std=gnu11", "-nostdinc", "-isystem", cc_include, "-I", inc, "-D__KERNEL__",
            "-include", "linux/kconfig.h", "-include", "linux/compiler_types.h", "-x", "c", "-"]
    src = f"#include <{header}>\n"
    macros = subprocess.run([cc, "-E", "-dM", *args], input=src, capture_output=True, text=True)
    code = subprocess.run([cc, "-E", "-P", *args], input=src, capture_output=True, text=True)
    if macros.returncode or code.returncode:
        sys.exit(print(f"{header}: {macros.stderr or code.stderr}", file=sys.stderr) or 2)
    return set(DEFINE.findall(macros.stdout)) | set(
        re.findall(r"[A-Za-z_][A-Za-z0-9_]*", code.stdout))


def entry(match):
    block = match.group(0)
    path = re.search(r'^path = "(.*)"$', block, re.M).group(1)
    kernel = re.search(r'^kernel = "(.*)"$', block, re.M).group(1)
    if not kernel:
        return block
    kpath = os.path.join(tree, kernel)
    if not os.path.exists(kpath):
        completeness, missing = "partial", f"not compared: not in {os.path.basename(tree)}"
    else:
        wanted = kernel_names(kpath)
        lacking = sorted(wanted - our_names(path))
        if not lacking:
            completeness, missing = "complete", ""
        else:
            shown = ", ".join(lacking[:8]) + (", ..." if len(lacking) > 8 else "")
            completeness = "partial"
            missing = (f"{len(lacking)} of the {len(wanted)} names of "
                       f"{os.path.basename(tree)}'s header: {shown}")
    block = re.sub(r'^completeness = ".*"$', f'completeness = "{completeness}"', block,
                   flags=re.M)
    return re.sub(r'^missing = ".*"$', f'missing = "{missing}"', block, flags=re.M)


text = re.sub(r"\[\[header\]\]\n(?:[a-z]+ = .*\n)+", entry, text)
open(manifest, "w").write(text)
print(f"measure-header-completeness: {manifest} updated against {tree}")
