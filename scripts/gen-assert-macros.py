#!/usr/bin/env python3
"""Generates kunit-rs/kunit/src/assert/families.rs: every assertion macro of every family
(`kunit_expect_*`, `kunit_assert_*`, each with a `_msg` form).

Each public macro expands directly to its check (no inner macro: a macro level costs the
compiler more per call site than the check itself). Edit this script, not the output;
`--check` fails when the checked-in file differs from what this script writes.
"""
import pathlib
import sys

OUT = pathlib.Path(__file__).resolve().parent.parent / "kunit-rs/kunit/src/assert/families.rs"

NONE = "::core::option::Option::None"
SOME = "::core::option::Option::Some(::core::format_args!($($fmt)+))"

# The shape every family shares: save the location (one store), compare with the operands
# borrowed, and only on failure call the cold entry point with the call site's texts (it
# builds the text and returns `true`); then, with the operands released (an `if`
# condition's temporaries are dropped before its block), report to the test.
BINARY = """\
        $crate::__private::save_loc();
        if match (&$left, &$right) {
            (left, right) => {
                !(*left {OPT} *right)
                    && $crate::__private::binary_failed(
                        $crate::__private::{KIND},
                        "{OPT}",
                        ::core::stringify!($left),
                        ::core::stringify!($right),
                        left,
                        right,
                        {MSG},
                    )
            }
        } {
            $crate::__private::report(&$test);
        }"""

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

PTR = """\
        $crate::__private::save_loc();
        if match (&{LEFT}, &{RIGHT}) {
            (left, right) => {
                !$crate::__private::ptr_holds("{OPT}", left, right)
                    && $crate::__private::ptr_failed(
                        $crate::__private::{KIND},
                        "{OPT}",
                        ::core::stringify!({LEFT}),
                        {RIGHT_TEXT},
                        left,
                        right,
                        {MSG},
                    )
            }
        } {
            $crate::__private::report(&$test);
        }"""

NOT_ERR_OR_NULL = """\
        $crate::__private::save_loc();
        if match &$ptr {
            ptr => {
                !$crate::__private::not_err_or_null_holds(ptr)
                    && $crate::__private::not_err_or_null_failed(
                        $crate::__private::{KIND},
                        ::core::stringify!($ptr),
                        ptr,
                        {MSG},
                    )
            }
        } {
            $crate::__private::report(&$test);
        }"""

STR = """\
        $crate::__private::save_loc();
        if match (&$left, &$right) {
            (left, right) => {
                !$crate::__private::str_holds("{OPT}", left, right)
                    && $crate::__private::str_failed(
                        $crate::__private::{KIND},
                        "{OPT}",
                        ::core::stringify!($left),
                        ::core::stringify!($right),
                        left,
                        right,
                        {MSG},
                    )
            }
        } {
            $crate::__private::report(&$test);
        }"""

# The operands' bytes come from a method call, so that auto-deref reaches the value behind
# `&x`, `&mut x`, a `Box` or a `Vec` (as the kernel's pointers do).
MEM = """\
        $crate::__private::save_loc();
        let size: usize = $size;
        if match (&$left, &$right) {
            (left, right) => {
                #[allow(unused_imports)]
                use $crate::KMem as _;
                let (left, right) = (left.kunit_mem(), right.kunit_mem());
                !$crate::__private::mem_holds("{OPT}", left, right, size)
                    && $crate::__private::mem_failed(
                        $crate::__private::{KIND},
                        "{OPT}",
                        ::core::stringify!($left),
                        ::core::stringify!($right),
                        left,
                        right,
                        size,
                        {MSG},
                    )
            }
        } {
            $crate::__private::report(&$test);
        }"""

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


def render():
    out = [
        "// @generated by scripts/gen-assert-macros.py: edit the script, then run it.",
        "//! The assertion families: `kunit_expect_*` / `kunit_assert_*`, each with a `_msg` form",
        "//! taking format arguments. Every macro expands straight to its check: the comparison, and",
        "//! on failure one call into the cold, shared code of [`failure`](super::failure).",
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
                text = fill(body, dict(subs, KIND=kind_ident, MSG=SOME if msg else NONE))
                out += [
                    doc,
                    "#[macro_export]",
                    f"macro_rules! {mname} {{",
                    f"    {matcher} => {{{{",
                    text,
                    "    }};",
                    "}",
                    "",
                ]
    return "\n".join(out)


def main():
    text = render()
    if sys.argv[1:] == ["--check"]:
        if OUT.read_text() != text:
            sys.exit(f"{OUT} is stale: run scripts/gen-assert-macros.py")
        return
    if sys.argv[1:]:
        sys.exit("usage: gen-assert-macros.py [--check]")
    OUT.write_text(text)


main()
