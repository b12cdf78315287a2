// The library of the crate-root fixtures (xtask/tests/harness_binaries/libtest_parity.rs
// builds them in a scratch crate of edition 2015): what their `extern crate` lines name.

pub fn double(x: u32) -> u32 {
    x * 2
}

#[macro_export]
macro_rules! twice {
    ($e:expr) => {
        $e + $e
    };
}
