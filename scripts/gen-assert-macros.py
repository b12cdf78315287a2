#!/usr/bin/env python3
"""Generates kunit-rs/kunit/src/assert/families.rs: every assertion macro of every family
(`kunit_expect_*`, `kunit_assert_*`, each with a `_msg` form), and the list of their names
that `kunit::prelude` re-exports (`families::prelude`), so a new family needs no hand edit
there.

Each public macro expands directly to its check (no inner macro: a macro level costs the
compiler more per call site than the check itself). Edit this script, not the output;
`--check` fails when the checked-in file differs from what this script writes.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "kunit-rs/kunit/src/assert/families.rs"
# The C side of the same families: kunit-c's header calls `__kunit_c_<stem>`, defined in
# kunit-c's assert.rs, which calls the Rust failure entry point `<stem>_failed`.
C_HEADER = ROOT / "kunit-rs/kunit-c/include/kunit/test.h"
C_SHIMS = ROOT / "kunit-rs/kunit-c/src/abi/assert.rs"

NONE = "::core::option::Option::None"
SOME = "::core::option::Option::Some(::core::format_args!($($fmt)+))"

# The shape every family shares: save the location (one store), compare with the operands
# borrowed, and only on failure call the cold entry point with the call site's texts (it
# builds the text and returns `true`); then, with the operands released (an `if`
# condition's temporaries are dropped before its block), report to the test.
def check(scrutinee, pattern, holds, failed, args, before="", call=None):
    lines = ["        $crate::__private::save_loc();"]
    if before:
        lines.append(before)
    lines += [
        f"        if match {scrutinee} {{",
        f"            {pattern} => {{",
    ]
    if failed == "mem_failed":
        # The operands' bytes come from a method call, so that auto-deref reaches the value
        # behind `&x`, `&mut x`, a `Box` or a `Vec` (as the kernel's pointers do).
        lines += [
            "                #[allow(unused_imports)]",
            "                use $crate::KMem as _;",
            "                let (left, right) = (left.kunit_mem(), right.kunit_mem());",
        ]
    call = call or f"$crate::__private::{failed}("
    lines += [f"                !{holds}", f"                    && {call}"]
    lines += [f"                        {arg}," for arg in ["$crate::__private::{KIND}"] + args + ["{MSG}"]]
    lines += [
        "                    )",
        "            }",
        "        } {",
        "            $crate::__private::report(&$test);",
        "        }",
    ]
    return "\n".join(lines)


TWO_OPERANDS = ("(&$left, &$right)", "(left, right)")
TEXTS = ['"{OPT}"', "::core::stringify!($left)", "::core::stringify!($right)"]

# The integer/`Debug` family has two expansions (see assert/pass.rs): with debug assertions
# (the dev profile) the operands reach the failure path by reference, the cheapest to
# compile; without them (release, bench), a `Copy` pair goes by value, which keeps a passing
# check's operands out of memory.
BINARY = {
    "debug_assertions": check(*TWO_OPERANDS, "(*left {OPT} *right)", "binary_failed",
                              TEXTS + ["left", "right"]),
    "not(debug_assertions)": check(
        *TWO_OPERANDS, "(*left {OPT} *right)", "binary_failed", TEXTS,
        call="$crate::__private::Pass($crate::__private::ByRef(left, right)).failed("),
}
# A truth check has no operands to hold.
UNARY = """\
        $crate::__private::save_loc();
        if {NOT}($condition)
            && $crate::__private::unary_failed(
                $crate::__private::{KIND},
                ::core::stringify!($condition),
                {EXPECTED},
                {MSG},
            )
        {
            $crate::__private::report(&$test);
        }"""
PTR = check("(&{LEFT}, &{RIGHT})", "(left, right)",
            '$crate::__private::ptr_holds("{OPT}", left, right)', "ptr_failed",
            ['"{OPT}"', "::core::stringify!({LEFT})", "{RIGHT_TEXT}", "left", "right"])
NOT_ERR_OR_NULL = check("&$ptr", "ptr", "$crate::__private::not_err_or_null_holds(ptr)",
                        "not_err_or_null_failed", ["::core::stringify!($ptr)", "ptr"])
STR = check(*TWO_OPERANDS, '$crate::__private::str_holds("{OPT}", left, right)', "str_failed",
            TEXTS + ["left", "right"])
MEM = check(*TWO_OPERANDS, '$crate::__private::mem_holds("{OPT}", left, right, size)',
            "mem_failed", TEXTS + ["left", "right", "size"],
            before="        let size: usize = $size;")

INT_NOTE = "integers print as `%lld (0x%llx)`, other types with `{:?}`"
TWO = "$test:expr, $left:expr, $right:expr"
ONE_PTR = "$test:expr, $ptr:expr"
COND = "$test:expr, $condition:expr"

# (name, matcher arguments, what passes, body template, substitutions)
CHECKS = []
for name, op in [("eq", "=="), ("ne", "!="), ("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">=")]:
    CHECKS.append((name, TWO, f"passes when `left {op} right`; {INT_NOTE}", BINARY, {"OPT": op}))
CHECKS += [
    ("true", COND, "passes when `condition` is true", UNARY, {"NOT": "!", "EXPECTED": "true"}),
    ("false", COND, "passes when `condition` is false", UNARY, {"NOT": "", "EXPECTED": "false"}),
    ("ptr_eq", TWO, "passes when both point to the same address", PTR,
     {"OPT": "==", "LEFT": "$left", "RIGHT": "$right", "RIGHT_TEXT": "::core::stringify!($right)"}),
    ("ptr_ne", TWO, "passes when the addresses differ", PTR,
     {"OPT": "!=", "LEFT": "$left", "RIGHT": "$right", "RIGHT_TEXT": "::core::stringify!($right)"}),
    # NULL is printed as the kernel's expansion of `NULL`: `((void *)0)`.
    ("null", ONE_PTR, "passes when `ptr` is NULL (`None`, a null raw pointer)", PTR,
     {"OPT": "==", "LEFT": "$ptr", "RIGHT": "$crate::NULL", "RIGHT_TEXT": '"((void *)0)"'}),
    ("not_null", ONE_PTR, "passes when `ptr` is not NULL", PTR,
     {"OPT": "!=", "LEFT": "$ptr", "RIGHT": "$crate::NULL", "RIGHT_TEXT": '"((void *)0)"'}),
    ("not_err_or_null", ONE_PTR,
     "passes when `ptr` is neither NULL nor an `ERR_PTR` (`Err`)", NOT_ERR_OR_NULL, {}),
    ("streq", TWO,
     "passes when both are valid strings and equal; NULL or `ERR_PTR` on either side fails",
     STR, {"OPT": "=="}),
    ("strneq", TWO,
     "passes when both are valid strings and differ; NULL or `ERR_PTR` on either side fails",
     STR, {"OPT": "!="}),
    ("memeq", TWO + ", $size:expr", "passes when the first `size` bytes are equal", MEM, {"OPT": "=="}),
    ("memneq", TWO + ", $size:expr", "passes when the first `size` bytes differ", MEM, {"OPT": "!="}),
]

KINDS = [
    ("expect", "Expectation", "On failure records a failure and continues."),
    ("assert", "Assertion", "On failure records a failure and aborts the case."),
]


def fill(template, subs):
    for key, value in subs.items():
        template = template.replace("{" + key + "}", value)
    return template


def macro_names():
    """Every generated macro, in the order of the file."""
    return [f"kunit_{kind}_{name}{msg}" for name, *_ in CHECKS for kind, *_ in KINDS
            for msg in ("", "_msg")]


def render_prelude():
    """`pub use` of every generated macro, sorted and wrapped at 100 columns as rustfmt would."""
    lines, line = [], "        "
    for name in sorted(macro_names()):
        item = name + ","
        if len(line) + len(item) + 1 > 100 and line.strip():
            lines.append(line.rstrip())
            line = "        "
        line += item + " "
    lines.append(line.rstrip())
    return [
        "/// The macros above, for `kunit::prelude` (generated, so none is forgotten there).",
        "pub mod prelude {",
        "    pub use crate::{",
        *lines,
        "    };",
        "}",
        "",
    ]


def failure_stems():
    """The failure entry points the families call (`<stem>_failed`), and `KUNIT_FAIL`'s."""
    stems = []
    for _, _, _, body, _ in CHECKS:
        for variant in (body.values() if isinstance(body, dict) else [body]):
            for stem in re.findall(r"__private::([a-z_]+)_failed\(", variant):
                if stem not in stems:
                    stems.append(stem)
    return stems + ["fail"]


def render_c_table():
    """The table of the C entry points and the Rust failure functions they share."""
    lines = [
        "//!",
        "//! The C twins (kunit-c's `kunit/test.h` calls `__kunit_c_<stem>`, which calls the Rust",
        "//! entry point of the same stem; `--check` verifies that both exist):",
        "//!",
        "//! | C entry point | Rust failure entry point |",
        "//! |---|---|",
    ]
    lines += [f"//! | `__kunit_c_{stem}` | `{stem}_failed` |" for stem in failure_stems()]
    return lines


def check_c_shims():
    """Every failure entry point has its C shim and the header's call to it."""
    missing = []
    header, shims = C_HEADER.read_text(), C_SHIMS.read_text()
    for stem in failure_stems():
        if not re.search(rf"\bfn __kunit_c_{stem}\(", shims):
            missing.append(f"{C_SHIMS.relative_to(ROOT)} defines no __kunit_c_{stem}")
        if not re.search(rf"\b__kunit_c_{stem}\(", header):
            missing.append(f"{C_HEADER.relative_to(ROOT)} never calls __kunit_c_{stem}")
        if not re.search(rf"\bkp::{stem}_failed\(", shims):
            missing.append(f"{C_SHIMS.relative_to(ROOT)} never calls {stem}_failed")
    if missing:
        sys.exit("gen-assert-macros: the C twins do not match the families:\n  "
                 + "\n  ".join(missing))


def render():
    out = [
        "// @generated by scripts/gen-assert-macros.py: edit the script, then run it.",
        "//! The assertion families: `kunit_expect_*` / `kunit_assert_*`, each with a `_msg` form",
        "//! taking format arguments. Every macro expands straight to its check: the comparison, and",
        "//! on failure one call into the cold, shared code of [`failure`](super::failure).",
        *render_c_table(),
        "",
    ]
    for name, args, passes, body, subs in CHECKS:
        for kind, kind_ident, on_failure in KINDS:
            macro = f"kunit_{kind}_{name}"
            kernel = f"KUNIT_{kind.upper()}_{name.upper()}"
            for msg in (False, True):
                if msg:
                    doc = f"/// `{kernel}_MSG`: like `{macro}!` with a message (format arguments)."
                    matcher = f"({args}, $($fmt:tt)+)"
                    mname = macro + "_msg"
                else:
                    doc = f"/// `{kernel}`: {passes}. {on_failure}"
                    matcher = f"({args} $(,)?)"
                    mname = macro
                for cfg, variant in (body.items() if isinstance(body, dict) else [(None, body)]):
                    text = fill(variant, dict(subs, KIND=kind_ident, MSG=SOME if msg else NONE))
                    out += [doc] + ([f"#[cfg({cfg})]"] if cfg else []) + [
                        "#[macro_export]",
                        f"macro_rules! {mname} {{",
                        f"    {matcher} => {{{{",
                        text,
                        "    }};",
                        "}",
                        "",
                    ]
    out += render_prelude()
    return "\n".join(out)


def main():
    check_c_shims()
    text = render()
    if sys.argv[1:] == ["--check"]:
        if OUT.read_text() != text:
            sys.exit(f"{OUT} is stale: run scripts/gen-assert-macros.py")
        return
    if sys.argv[1:]:
        sys.exit("usage: gen-assert-macros.py [--check]")
    OUT.write_text(text)


main()
