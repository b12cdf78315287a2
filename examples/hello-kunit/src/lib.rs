//! **hello-kunit** — how an outside crate uses kunit: a small library (a ring buffer and a
//! size parser) and its KUnit suites, which `tests/hello.rs` runs under `cargo test`.
//!
//! - `ring_buffer` (src/ring_suite.rs): a suite written as in the kernel, with a case table.
//! - `size_parse` (src/size.rs, `size::tests`): the same kind of suite from `#[kunit_tests]`.
//! - `hello_demo_failures` (below, feature `demo-failures`): fails on purpose, to show
//!   KUnit's failure text.
//!
//! The suites are part of the library so that any binary linking it can run them
//! (see examples/embed.rs).

pub mod ring;
mod ring_suite;
pub mod size;

/// The user guide's Rust samples (`docs/src/*.md`) run as this crate's doctests
/// (`cargo test -p hello-kunit --doc`), so the guide stays true to the API as it is.
#[cfg(doctest)]
mod guide {
    #[doc = include_str!("../../../docs/src/getting-started.md")]
    mod getting_started {}
    #[doc = include_str!("../../../docs/src/writing-suites.md")]
    mod writing_suites {}
    #[doc = include_str!("../../../docs/src/assertions.md")]
    mod assertions {}
    #[doc = include_str!("../../../docs/src/params-attributes-filters.md")]
    mod params_attributes_filters {}
    #[doc = include_str!("../../../docs/src/resources-stubs-warnings.md")]
    mod resources_stubs_warnings {}
    #[doc = include_str!("../../../docs/src/irq-context.md")]
    mod irq_context {}
    #[doc = include_str!("../../../docs/src/porting.md")]
    mod porting {}
    #[doc = include_str!("../../../docs/src/c-suites.md")]
    mod c_suites {}
    #[doc = include_str!("../../../docs/src/embedding.md")]
    mod embedding {}
}

/// Fails on purpose: `cargo test -p hello-kunit --features demo-failures`.
#[cfg(feature = "demo-failures")]
#[kunit::kunit_tests(hello_demo_failures)]
mod demo_failures {
    use crate::ring::Ring;
    use crate::size::{parse_size, SizeError};
    use kunit::prelude::*;

    #[test]
    fn off_by_24() {
        assert_eq!(parse_size("1K"), Ok(1000));
    }

    #[test]
    fn expectations_continue(test: &mut Kunit) {
        let mut ring = Ring::with_capacity(2);
        kunit_expect_true!(test, ring.push(1).is_ok());
        kunit_expect_eq!(test, ring.len(), 2);
        let unit = "4k";
        kunit_expect_streq!(test, unit, "4K");
        kunit_expect_memeq!(test, b"abcd", b"abXd", 4);
        kunit_info!(test, "still running after three failed expectations");
        assert_ne!(ring.pop(), Some(1), "the oldest item comes out first");
        kunit_info!(test, "not reached: assert_ne! aborted the case");
    }

    #[test]
    fn returns_err() -> Result<(), SizeError> {
        let size = parse_size("12Q")?;
        assert!(size > 0);
        Ok(())
    }
}
