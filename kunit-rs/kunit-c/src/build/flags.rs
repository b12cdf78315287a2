//! The compiler flags that make C mean what it means in the kernel (the kernel's top-level
//! Makefile, `KBUILD_CFLAGS`), and the ones left out because they concern only code that
//! runs in the kernel.

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
/// `-fstrict-flex-arrays=3` makes only `[]` a flexible array (bounds of `[0]`/`[1]` hold).
pub(crate) const SEMANTIC_IF_SUPPORTED: &[&str] = &["-fms-extensions", "-fstrict-flex-arrays=3"];

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
pub(crate) const WARNINGS_GCC: &[&str] = &[
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
