#!/usr/bin/env python3
"""Generates, from one table of assertion families:
- kunit-rs/kunit/src/assert/families.rs: every assertion macro of every family
  (`kunit_expect_*`, `kunit_assert_*`, each with a `_msg` form), and the list of their names
  that `kunit::prelude` re-exports (`families::prelude`), so a new family needs no hand edit
  there;
- the C entry points of the same families (`C_ENTRY_POINTS`): `__kunit_c_<stem>` for the Rust
  failure entry point `<stem>_failed`, declared (with its `_fmt` form) in
  kunit-rs/kunit-c/include/kunit/assert-abi.h, which `kunit/test.h` includes, and defined with
  the same parameters in kunit-rs/kunit-c-runtime/src/abi/assert_abi.rs. A family without its C entry
  point, or a C entry point without its family, is an error.

Each public macro expands directly to its check (no inner macro: a macro level costs the
compiler more per call site than the check itself). Edit this script, not the output;
`--check` fails when a checked-in file differs from what this script writes.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "kunit-rs/kunit/src/assert/families.rs"
C_ABI_HEADER = ROOT / "kunit-rs/kunit-c/include/kunit/assert-abi.h"
C_ABI_RUST = ROOT / "kunit-rs/kunit-c-runtime/src/abi/assert_abi.rs"
# Hand-written: the macros that call `__kunit_c_<stem>_fmt`, and the Rust behind the entry
# points, which calls `<stem>_failed`.
C_HEADER = ROOT / "kunit-rs/kunit-c/include/kunit/test.h"
C_ASSERT = ROOT / "kunit-rs/kunit-c-runtime/src/abi/assert.rs"

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

# The C entry point of each Rust failure entry point `<stem>_failed`: `__kunit_c_<stem>`,
# called by the `kunit/test.h` macros after (or, where `check` says so, for) the comparison.
# Every entry point takes the test, the call site's static location and its kind first and
# the pending message last; between them, the parameters listed here, as (C type, name).
# `rust` is the body of its Rust definition (abi/assert.rs's `CCall` and operand types).
TEXT = ("const struct kunit_binary_assert_text *", "text")
C_ENTRY_POINTS = {
    "fail": {"what": "`KUNIT_FAIL`, `KUNIT_FAIL_AND_ABORT`", "params": [],
             "rust": "call.fail()"},
    "unary": {"what": "`KUNIT_{EXPECT,ASSERT}_{TRUE,FALSE}` after the condition came out wrong",
              "params": [("const char *", "condition"), ("bool", "expected_true")],
              "rust": "call.unary(condition, expected_true)"},
    "binary": {"what": "`KUNIT_{EXPECT,ASSERT}_{EQ,NE,LT,LE,GT,GE}` after C's comparison failed",
               "params": [TEXT, ("long long", "left"), ("long long", "right")],
               "rust": "call.check(text, Int(left, right))"},
    "ptr": {"what": "`PTR_EQ`, `PTR_NE`, `NULL`, `NOT_NULL` (checks, then reports)",
            "params": [TEXT, ("const void *", "left"), ("const void *", "right")],
            "rust": "call.check(text, Ptr(left, right))"},
    "not_err_or_null": {"what": "`NOT_ERR_OR_NULL` (checks, then reports)",
                        "params": [("const char *", "text"), ("const void *", "ptr")],
                        "rust": "call.not_err_or_null(text, ptr)"},
    "str": {"what": "`STREQ`, `STRNEQ` (checks, then reports)",
            "params": [TEXT, ("const char *", "left"), ("const char *", "right")],
            "rust": "call.check(text, Str::new(left, right))"},
    "mem": {"what": "`MEMEQ`, `MEMNEQ` (checks, then reports)",
            "params": [TEXT, ("const void *", "left"), ("const void *", "right"),
                       ("size_t", "size")],
            "rust": "call.check(text, Mem::new(left, right, size))"},
}
C_FIRST = [("struct kunit *", "test"), ("const struct kunit_loc *", "loc"),
           ("enum kunit_assert_type", "assert_type")]
C_LAST = [("struct __kunit_c_msg *", "msg")]
# The Rust type of each C parameter type, and where it comes from.
RUST_TYPES = {
    "struct kunit *": ("*mut CKunit", "ctypes"),
    "const struct kunit_loc *": ("*const CLoc", "ctypes"),
    "enum kunit_assert_type": ("c_int", "ffi"),
    "const struct kunit_binary_assert_text *": ("*const CBinaryText", "ctypes"),
    "struct __kunit_c_msg *": ("*mut CMsg", "ctypes"),
    "const char *": ("*const c_char", "ffi"),
    "const void *": ("*const c_void", "ffi"),
    "long long": ("c_longlong", "ffi"),
    "bool": ("bool", None),
    "size_t": ("usize", None),
}


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
        "//! The C twins, generated from the same table: kunit-c's `kunit/assert-abi.h` declares",
        "//! `__kunit_c_<stem>` and `src/abi/assert_abi.rs` defines it; it reports through the",
        "//! Rust entry point of the same stem:",
        "//!",
        "//! | C entry point | Rust failure entry point |",
        "//! |---|---|",
    ]
    lines += [f"//! | `__kunit_c_{stem}` | `{stem}_failed` |" for stem in failure_stems()]
    return lines


def c_entry_points():
    """(stem, entry) of every C entry point, in the order of the families; the families and
    the C entry points must name the same stems."""
    stems = failure_stems()
    missing = [f"the family entry point {stem}_failed has no C entry point in C_ENTRY_POINTS"
               for stem in stems if stem not in C_ENTRY_POINTS]
    missing += [f"C_ENTRY_POINTS has {stem}, but no family calls {stem}_failed"
                for stem in C_ENTRY_POINTS if stem not in stems]
    if missing:
        sys.exit("gen-assert-macros: the C entry points do not match the families:\n  "
                 + "\n  ".join(missing))
    return [(stem, C_ENTRY_POINTS[stem]) for stem in stems]


def c_params(entry):
    return C_FIRST + entry["params"] + C_LAST


def c_wrap(head, items, tail, indent):
    """`head` + the items joined by ", " + `tail`, wrapped before 80 columns (a tab counts
    8), continuation lines indented by `indent` tabs."""
    lines, line = [], head
    for i, item in enumerate(items):
        piece = item + (tail if i == len(items) - 1 else ",")
        sep = "" if line.endswith("(") else " "
        if len((line + sep + piece).expandtabs(8)) > 80 and not line.endswith("("):
            lines.append(line)
            line = "\t" * indent + piece
        else:
            line += sep + piece
    lines.append(line)
    return lines


def c_decl(ctype, name):
    return f"{ctype}{name}" if ctype.endswith("*") else f"{ctype} {name}"


def render_c_header():
    """kunit/assert-abi.h: every C entry point and its `_fmt` form (message as `...`)."""
    out = [
        "/* SPDX-License-Identifier: GPL-2.0-only OR MIT */",
        "/* @generated by scripts/gen-assert-macros.py: edit the script, then run it. */",
        "/*",
        " * kunit-c: the assertion entry points the kunit/test.h macros call, one per Rust",
        " * failure entry point: __kunit_c_<stem> reports through kunit's <stem>_failed (defined",
        " * in kunit-c's src/abi/assert_abi.rs, generated from the same table). ASSERTION unwinds.",
        " * __kunit_c_<stem>_fmt takes the macro's message as a printf-style tail.",
        " *",
        " * Part of kunit/test.h, which includes it once the types it names are defined.",
        " */",
        "#ifndef _KUNIT_TEST_H",
        "#include <kunit/test.h>",
        "#elif !defined(_KUNIT_ASSERT_ABI_H)",
        "#define _KUNIT_ASSERT_ABI_H",
        "",
    ]
    for stem, entry in c_entry_points():
        params = c_params(entry)
        out.append(f"/* {entry['what'].replace('`', '')}. */")
        out += c_wrap(f"void __kunit_c_{stem}(", [c_decl(t, n) for t, n in params], ");", 1)
        fmt_at = len(params)
        out.append(f"static inline __printf({fmt_at}, {fmt_at + 1}) void")
        fmt_params = [c_decl(t, n) for t, n in params[:-1]] + ["const char *fmt", "..."]
        out += c_wrap(f"__kunit_c_{stem}_fmt(", fmt_params, ")", 1)
        out.append("{")
        args = [n for _, n in params[:-1]] + ["fmt ? &__msg : NULL"]
        call = c_wrap(f"\t__KUNIT_C_WITH_MSG(__kunit_c_{stem}(", args, "),", 2)
        call[-1] += " fmt);"
        if len(call[-1].expandtabs(8)) > 80:
            call[-1] = call[-1][: -len(" fmt);")]
            call.append("\t\t\t   fmt);")
        out += call
        out += ["}", ""]
    out += ["#endif", ""]
    return "\n".join(out)


def render_c_rust():
    """src/abi/assert_abi.rs: the Rust definitions of the entry points the header declares."""
    entries = c_entry_points()
    used = {RUST_TYPES[t] for stem, e in entries for t, _ in c_params(e)}
    ffi = sorted(name.split()[-1] for name, src in used if src == "ffi")
    ctypes = sorted(name.split()[-1] for name, src in used if src == "ctypes")
    helpers = sorted({w for _, e in entries
                      for w in re.findall(r"\b([A-Z][A-Za-z]+)(?:\(|::)", e["rust"])})
    out = [
        "// @generated by scripts/gen-assert-macros.py: edit the script, then run it.",
        "//! The assertion entry points `kunit/assert-abi.h` declares, with the parameters it",
        "//! declares (both written from one table): `__kunit_c_<stem>` reports through kunit's",
        "//! `<stem>_failed`; the work is [`assert`](super::assert)'s.",
        "",
        f"use super::assert::{{{', '.join(['CCall'] + helpers)}}};",
        f"use super::ctypes::{{{', '.join(ctypes)}}};",
        f"use std::ffi::{{{', '.join(ffi)}}};",
        "",
    ]
    for stem, entry in entries:
        params = c_params(entry)
        rust_names = ["kind" if n == "assert_type" else n for _, n in params]
        out += [
            f"/// {entry['what']}.",
            "///",
            "/// # Safety",
            "/// Called by the `kunit/test.h` macros, with their static location and texts.",
            "#[no_mangle]",
        ]
        if len(params) > 7:
            out.append("#[allow(clippy::too_many_arguments)]")
        out += [
            f"pub unsafe extern \"C-unwind\" fn __kunit_c_{stem}(",
        ]
        out += [f"    {n}: {RUST_TYPES[t][0]}," for (t, _), n in zip(params, rust_names)]
        out += [
            ") {",
            "    let call = CCall::new(test, loc, kind, msg);",
            "    // SAFETY: the macros' arguments, as `kunit/assert-abi.h` declares them.",
            f"    unsafe {{ {entry['rust']} }}",
            "}",
            "",
        ]
    return "\n".join(out)


def check_hand_written():
    """The macros call every entry point's `_fmt` form, and the Rust behind the entry points
    calls every family's failure entry point."""
    missing = []
    header, rust = C_HEADER.read_text(), C_ASSERT.read_text()
    for stem, _ in c_entry_points():
        if not re.search(rf"\b__kunit_c_{stem}_fmt\(", header):
            missing.append(f"{C_HEADER.relative_to(ROOT)} never calls __kunit_c_{stem}_fmt")
        if not re.search(rf"\bkp::{stem}_failed\(", rust):
            missing.append(f"{C_ASSERT.relative_to(ROOT)} never calls {stem}_failed")
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
    outputs = [(OUT, render()), (C_ABI_HEADER, render_c_header()), (C_ABI_RUST, render_c_rust())]
    check_hand_written()
    if sys.argv[1:] == ["--check"]:
        stale = [path for path, text in outputs if not path.exists() or path.read_text() != text]
        if stale:
            sys.exit("\n".join(f"{path} is stale: run scripts/gen-assert-macros.py"
                               for path in stale))
        return
    if sys.argv[1:]:
        sys.exit("usage: gen-assert-macros.py [--check]")
    for path, text in outputs:
        path.write_text(text)


main()
