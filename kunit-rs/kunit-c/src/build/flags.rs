//! The compiler flags that make C mean what it means in the kernel (the kernel's top-level
//! Makefile, `KBUILD_CFLAGS`), and the ones left out because they concern only code that
//! runs in the kernel. The one list both doors use: `kunit_c::Build` and `kunit c` compile
//! with [`kernel_cflags`].

/// How the kernel optimises, whatever cargo's profile says: `-O2`
/// (`CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE`, the default). Kernel code depends on it:
/// `__builtin_object_size()` (`__struct_size()`, `__member_size()`, the fortified string
/// functions), `__builtin_constant_p()` and the compile-time checks built on them answer only
/// when the compiler optimises, so upstream `overflow_kunit.c`'s `DEFINE_FLEX_test` fails at
/// `-O0`. `-g` keeps full debug info, so a debugger steps through the C code; `$CFLAGS` and
/// `Build::flag` come later on the command line and may still override both (`-O0` to debug).
pub(crate) const OPTIMISATION: &[&str] = &["-O2", "-g"];

/// Flags every compiler kunit-c supports (GCC, Clang) accepts.
///
/// Taken from the kernel's `KBUILD_CFLAGS` because they change what C code means:
/// * `-std=gnu11`: the kernel's C dialect;
/// * `-funsigned-char`: plain `char` is unsigned on every kernel architecture (since 6.2);
/// * `-fno-strict-aliasing`: kernel code type-puns freely;
/// * `-fno-strict-overflow`: signed and pointer overflow wrap instead of being undefined;
/// * `-fno-common`: a tentative definition is a definition (two of them do not link);
/// * `-fno-delete-null-pointer-checks`: a dereference does not prove a pointer non-NULL;
/// * `-fshort-wchar`: `wchar_t` is 16 bits (the kernel's UCS-2 helpers rely on it);
/// * the errors: an undeclared function, an implicit `int`, a missing `return` value and an
///   incompatible pointer are errors, not warnings — an undeclared function assumed to
///   return `int` gives silently wrong results.
///
/// Left out, because they concern code running in the kernel rather than what the code
/// means: `-fno-PIE`/`-mcmodel=kernel` (this is a userspace process, linked PIE with Rust),
/// `-mno-red-zone`, `-mno-sse`/`-mgeneral-regs-only` (no FPU state to protect here),
/// `-fno-asynchronous-unwind-tables` (an `ASSERT` unwinds through the C frames, see
/// `-fexceptions`), `-fno-stack-protector`, `-pg`, `-nostdlib`, `-ffreestanding` (the kernel
/// uses it on a few architectures and for single files, as `lib/string.c`: a tree's
/// `CFLAGS_<file>.o` lines are applied, see `Build::kernel_tree`).
pub(crate) const SEMANTIC: &[&str] = &[
    "-std=gnu11",
    "-funsigned-char",
    "-fno-strict-aliasing",
    "-fno-strict-overflow",
    "-fno-common",
    "-fno-delete-null-pointer-checks",
    "-fshort-wchar",
    "-Werror=implicit-function-declaration",
    "-Werror=implicit-int",
    "-Werror=return-type",
    "-Werror=incompatible-pointer-types",
    "-D__KERNEL__",
    // Unwind tables in every C frame: an ASSERT unwinds through them.
    "-fexceptions",
];

/// Kernel flags that newer compilers accept: each is passed when the compiler takes it.
/// `-fms-extensions` (since 6.19) lets a tagged struct be embedded anonymously;
/// `-fstrict-flex-arrays=3` makes only `[]` a flexible array (bounds of `[0]`/`[1]` hold);
/// `-fno-allow-store-data-races` (GCC) forbids the optimiser to invent stores another thread
/// could see, which only matters now that the code is optimised as in the kernel.
pub(crate) const SEMANTIC_IF_SUPPORTED: &[&str] = &[
    "-fms-extensions",
    "-fstrict-flex-arrays=3",
    "-fno-allow-store-data-races",
];

/// The warnings of a kernel build without `W=`: `-Wall`, less the ones the kernel turns
/// off. Warnings are reported, never fatal (the user adds `-Werror` with `flag`).
pub(crate) const WARNINGS: &[&str] = &[
    "-Wall",
    "-Wno-pointer-sign",
    "-Wno-unused-but-set-variable",
    "-Wno-unused-const-variable",
    "-Wno-format-security",
];

/// The kernel's GCC-only warning switches (GCC accepts an unknown `-Wno-*` silently, but
/// names it in a note whenever another warning is printed, so each compiler gets its own).
/// `-Wno-array-bounds` (`CONFIG_CC_NO_ARRAY_BOUNDS`) and `-Wno-maybe-uninitialized` (off
/// below `W=2`) silence warnings that GCC's optimiser raises at `-O2`, falsely as the kernel
/// judges (a `for_each_sg()` walk ending at the last entry is one).
pub(crate) const WARNINGS_GCC: &[&str] = &[
    "-Wno-array-bounds",
    "-Wno-maybe-uninitialized",
    "-Wno-dangling-pointer",
    "-Wno-stringop-overflow",
    "-Wno-format-truncation",
    "-Wno-format-overflow",
    "-Wno-alloc-size-larger-than",
    "-Wno-address-of-packed-member",
];

/// The kernel's Clang-only warning switches.
pub(crate) const WARNINGS_CLANG: &[&str] = &[
    "-Wno-unknown-warning-option",
    "-Wno-microsoft-anon-tag",
    "-Wno-gnu-variable-sized-type-not-at-end",
    "-Wno-address-of-packed-member",
];

/// The flags the kernel's Makefile adds for an option's value (`CONFIG_X=y` → flag): the
/// stack auto-initialisation choice, which `lib/stackinit_kunit.c` checks byte by byte.
/// `CONFIG_INIT_STACK_NONE` (or none of them) adds nothing.
pub(crate) const CONFIG_FLAGS: &[(&str, &str)] = &[
    ("CONFIG_INIT_STACK_ALL_ZERO", "-ftrivial-auto-var-init=zero"),
    (
        "CONFIG_INIT_STACK_ALL_PATTERN",
        "-ftrivial-auto-var-init=pattern",
    ),
    (
        "CONFIG_ZERO_CALL_USED_REGS",
        "-fzero-call-used-regs=used-gpr",
    ),
];

/// Does a compiler argument set the optimisation level or the debug info (`-O…`, `-g…`)?
/// Those the `cc` crate derives from cargo's profile are dropped: [`OPTIMISATION`] replaces
/// them.
pub(crate) fn is_profile_flag(arg: &str) -> bool {
    arg.starts_with("-O") || arg.starts_with("-g")
}

/// The kernel's flags, in command-line order: the optimisation (`-O2 -g`, whatever cargo's
/// profile), the semantic flags (`-std=gnu11 -funsigned-char ...`, and each of the newer
/// ones, `-fms-extensions -fstrict-flex-arrays=3 -fno-allow-store-data-races`, for which
/// `supported` answers yes), the warnings of a kernel build and the compiler's own warning
/// switches (`clang`: Clang's, else GCC's). `kunit_c::Build` and `kunit c` both compile with
/// exactly these, so a file gives the same results through either.
pub fn kernel_cflags(clang: bool, mut supported: impl FnMut(&str) -> bool) -> Vec<&'static str> {
    let mut args: Vec<&'static str> = OPTIMISATION.to_vec();
    args.extend(SEMANTIC);
    args.extend(SEMANTIC_IF_SUPPORTED.iter().filter(|f| supported(f)));
    args.extend(WARNINGS);
    args.extend(if clang { WARNINGS_CLANG } else { WARNINGS_GCC });
    args
}
