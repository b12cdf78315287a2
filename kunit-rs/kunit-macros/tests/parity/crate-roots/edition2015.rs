// An edition-2015 test file: `extern crate`, `#[macro_use] extern crate`, and `use` paths that
// start at the crate root. Moved whole into a `#[kunit_tests]` module it must build unchanged
// and count as under libtest. Some cases fail on purpose.

#![allow(dead_code)]

#[macro_use]
extern crate crate_roots;
extern crate crate_roots as renamed;

use crate_roots::double;
use helpers::{four, Pair};
use std::collections::HashMap;

mod helpers {
    pub fn four() -> u32 {
        4
    }

    pub struct Pair(pub u32, pub u32);
}

macro_rules! width_tests {
    ($name:ident, $t:ty) => {
        mod $name {
            #[test]
            fn bytes() {
                assert_eq!(::std::mem::size_of::<$t>() as u32, super::helpers::four());
            }
        }
    };
}

width_tests!(w8, u8);
width_tests!(w32, u32);

#[test]
fn doubles() {
    assert_eq!(double(2), four());
}

#[test]
fn twice_from_the_macro_use_crate() {
    assert_eq!(twice!(3), 6);
}

#[test]
fn renamed_crate() {
    assert_eq!(renamed::double(3), ::crate_roots::double(3));
}

#[test]
fn fails() {
    let p = Pair(1, 2);
    assert_eq!(p.0, p.1);
}

#[test]
fn map() -> Result<(), String> {
    let mut m = HashMap::new();
    m.insert(1, four());
    m.get(&2).copied().ok_or_else(|| "no key 2".to_owned()).map(|_| ())
}

#[test]
#[should_panic(expected = "four")]
fn panics() {
    panic!("{} is four", four());
}

#[test]
#[ignore]
fn ignored() {}

// 2015's `pub(in path)`, from the crate root.
mod visibility {
    pub(in visibility) fn one() -> u32 {
        1
    }

    #[test]
    fn restricted() {
        assert_eq!(one(), 1);
    }
}

mod nested {
    use helpers::Pair;
    use crate_roots::double;

    #[test]
    fn pair() {
        let p = Pair(double(1), 2);
        assert_eq!(p.0, p.1);
    }
}
