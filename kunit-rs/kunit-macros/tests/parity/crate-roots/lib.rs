// The library of the crate-root fixtures (scripts/check-libtest-parity.sh builds them in a
// scratch crate of edition 2015): what their `extern crate` lines name.

pub fn double(x: u32) -> u32 {
    x * 2
}

#[macro_export]
macro_rules! twice {
    ($e:expr) => {
        $e + $e
    };
}
