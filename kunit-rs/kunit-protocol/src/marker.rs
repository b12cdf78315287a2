//! The marker: bytes found in every binary built with `kunit::main!()`, so the runner (and the
//! repository's checks) tell harness binaries from other test executables without running them.
//!
//! It is stored reversed: a binary that only searches for it (the runner, `cargo xtask
//! harnesses`) must not carry it and pass for a harness itself. [`HARNESS_MARKER`] is a
//! constant, so its bytes land only in the binary whose static uses it (kunit's harness).

/// The marker's length in bytes.
pub const LEN: usize = 19;

/// The marker, reversed (see the module's documentation).
const REVERSED: [u8; LEN] = *b"1V-SSENRAH-SR-TINUK";

const fn reverse(b: [u8; LEN]) -> [u8; LEN] {
    let mut out = [0u8; LEN];
    let mut i = 0;
    while i < LEN {
        out[i] = b[LEN - 1 - i];
        i += 1;
    }
    out
}

/// The marker itself, for the harness's static (evaluated at compile time where it is used).
pub const HARNESS_MARKER: [u8; LEN] = reverse(REVERSED);

/// The marker built at run time, for a search: `black_box` keeps the optimizer from folding
/// it into a constant, which would put the marker into the searching binary.
pub fn needle() -> [u8; LEN] {
    reverse(core::hint::black_box(REVERSED))
}

/// Does `bytes` contain the marker?
pub fn contains(bytes: &[u8]) -> bool {
    let needle = needle();
    bytes.windows(LEN).any(|w| w == needle)
}
