//! The public macros: every family as `kunit_expect_*` / `kunit_assert_*`, each with a `_msg`
//! form taking format arguments. They are thin wrappers over the hidden `__kunit_*` macros,
//! spelled out (not generated) so that they can be re-exported from the prelude.

// Every family expands to the same shape, one macro level below the public macro and with
// no other macro than `stringify!`: save the location (one store), compare (operands
// borrowed), and only on failure call the cold entry point with the call site's texts, which
// builds the text and returns `true`; then, with the operands released (the `if` condition's
// temporaries are dropped before its block), report to the test. A passing check evaluates
// neither the test handle nor anything else.

/// Integer/Debug binary comparison (`KUNIT_BINARY_INT_ASSERTION`). The operator itself is
/// applied here (the compiler's fast path for built-in types).
#[doc(hidden)]
#[macro_export]
macro_rules! __kunit_binary {
    ($kind:ident, $test:expr, $left:expr, $op:tt, $op_text:literal, $right:expr, $msg:expr) => {{
        $crate::__private::save_loc();
        if match (&$left, &$right) {
            (left, right) => {
                !(*left $op *right)
                    && $crate::__private::binary_failed(
                        $crate::__private::$kind,
                        $op_text,
                        ::core::stringify!($left),
                        ::core::stringify!($right),
                        left,
                        right,
                        $msg,
                    )
            }
        } {
            $crate::__private::report(&$test);
        }
    }};
}

#[doc(hidden)]
#[macro_export]
macro_rules! __kunit_true {
    ($kind:ident, $test:expr, $cond:expr, $msg:expr) => {{
        $crate::__private::save_loc();
        if !($cond)
            && $crate::__private::unary_failed(
                $crate::__private::$kind,
                ::core::stringify!($cond),
                true,
                $msg,
            )
        {
            $crate::__private::report(&$test);
        }
    }};
}
#[doc(hidden)]
#[macro_export]
macro_rules! __kunit_false {
    ($kind:ident, $test:expr, $cond:expr, $msg:expr) => {{
        $crate::__private::save_loc();
        if ($cond)
            && $crate::__private::unary_failed(
                $crate::__private::$kind,
                ::core::stringify!($cond),
                false,
                $msg,
            )
        {
            $crate::__private::report(&$test);
        }
    }};
}
#[doc(hidden)]
#[macro_export]
macro_rules! __kunit_ptr {
    ($kind:ident, $test:expr, $left:expr, $op:literal, $right:expr, $right_text:expr, $msg:expr) => {{
        $crate::__private::save_loc();
        if match (&$left, &$right) {
            (left, right) => {
                !$crate::__private::ptr_holds($op, left, right)
                    && $crate::__private::ptr_failed(
                        $crate::__private::$kind,
                        $op,
                        ::core::stringify!($left),
                        $right_text,
                        left,
                        right,
                        $msg,
                    )
            }
        } {
            $crate::__private::report(&$test);
        }
    }};
    ($kind:ident, $test:expr, $left:expr, $op:literal, $right:expr, $msg:expr) => {
        $crate::__kunit_ptr!(
            $kind,
            $test,
            $left,
            $op,
            $right,
            ::core::stringify!($right),
            $msg
        )
    };
}
/// NULL is printed as the kernel's expansion of `NULL`: `((void *)0)`.
#[doc(hidden)]
#[macro_export]
macro_rules! __kunit_null {
    ($kind:ident, $test:expr, $ptr:expr, $msg:expr) => {
        $crate::__kunit_ptr!($kind, $test, $ptr, "==", $crate::NULL, "((void *)0)", $msg)
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __kunit_not_null {
    ($kind:ident, $test:expr, $ptr:expr, $msg:expr) => {
        $crate::__kunit_ptr!($kind, $test, $ptr, "!=", $crate::NULL, "((void *)0)", $msg)
    };
}
#[doc(hidden)]
#[macro_export]
macro_rules! __kunit_not_err_or_null {
    ($kind:ident, $test:expr, $ptr:expr, $msg:expr) => {{
        $crate::__private::save_loc();
        if match &$ptr {
            ptr => {
                !$crate::__private::not_err_or_null_holds(ptr)
                    && $crate::__private::not_err_or_null_failed(
                        $crate::__private::$kind,
                        ::core::stringify!($ptr),
                        ptr,
                        $msg,
                    )
            }
        } {
            $crate::__private::report(&$test);
        }
    }};
}
#[doc(hidden)]
#[macro_export]
macro_rules! __kunit_str {
    ($kind:ident, $test:expr, $left:expr, $op:literal, $right:expr, $msg:expr) => {{
        $crate::__private::save_loc();
        if match (&$left, &$right) {
            (left, right) => {
                !$crate::__private::str_holds($op, left, right)
                    && $crate::__private::str_failed(
                        $crate::__private::$kind,
                        $op,
                        ::core::stringify!($left),
                        ::core::stringify!($right),
                        left,
                        right,
                        $msg,
                    )
            }
        } {
            $crate::__private::report(&$test);
        }
    }};
}
/// The operands' bytes come from a method call, so that auto-deref reaches the value behind
/// `&x`, `&mut x`, a `Box` or a `Vec` (as the kernel's pointers do).
#[doc(hidden)]
#[macro_export]
macro_rules! __kunit_mem {
    ($kind:ident, $test:expr, $left:expr, $op:literal, $right:expr, $size:expr, $msg:expr) => {{
        $crate::__private::save_loc();
        let size: usize = $size;
        if match (&$left, &$right) {
            (left, right) => {
                #[allow(unused_imports)]
                use $crate::KMem as _;
                let (left, right) = (left.kunit_mem(), right.kunit_mem());
                !$crate::__private::mem_holds($op, left, right, size)
                    && $crate::__private::mem_failed(
                        $crate::__private::$kind,
                        $op,
                        ::core::stringify!($left),
                        ::core::stringify!($right),
                        left,
                        right,
                        size,
                        $msg,
                    )
            }
        } {
            $crate::__private::report(&$test);
        }
    }};
}

/// `KUNIT_EXPECT_EQ`: passes when `left == right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_eq {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Expectation, $test, $left, ==, "==", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_EXPECT_EQ_MSG`: like `kunit_expect_eq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_eq_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Expectation, $test, $left, ==, "==", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_EQ`: passes when `left == right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_eq {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Assertion, $test, $left, ==, "==", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_ASSERT_EQ_MSG`: like `kunit_assert_eq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_eq_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Assertion, $test, $left, ==, "==", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_NE`: passes when `left != right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_ne {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Expectation, $test, $left, !=, "!=", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_EXPECT_NE_MSG`: like `kunit_expect_ne!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_ne_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Expectation, $test, $left, !=, "!=", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_NE`: passes when `left != right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_ne {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Assertion, $test, $left, !=, "!=", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_ASSERT_NE_MSG`: like `kunit_assert_ne!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_ne_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Assertion, $test, $left, !=, "!=", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_LT`: passes when `left < right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_lt {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Expectation, $test, $left, <, "<", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_EXPECT_LT_MSG`: like `kunit_expect_lt!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_lt_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Expectation, $test, $left, <, "<", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_LT`: passes when `left < right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_lt {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Assertion, $test, $left, <, "<", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_ASSERT_LT_MSG`: like `kunit_assert_lt!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_lt_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Assertion, $test, $left, <, "<", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_LE`: passes when `left <= right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_le {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Expectation, $test, $left, <=, "<=", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_EXPECT_LE_MSG`: like `kunit_expect_le!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_le_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Expectation, $test, $left, <=, "<=", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_LE`: passes when `left <= right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_le {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Assertion, $test, $left, <=, "<=", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_ASSERT_LE_MSG`: like `kunit_assert_le!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_le_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Assertion, $test, $left, <=, "<=", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_GT`: passes when `left > right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_gt {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Expectation, $test, $left, >, ">", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_EXPECT_GT_MSG`: like `kunit_expect_gt!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_gt_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Expectation, $test, $left, >, ">", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_GT`: passes when `left > right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_gt {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Assertion, $test, $left, >, ">", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_ASSERT_GT_MSG`: like `kunit_assert_gt!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_gt_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Assertion, $test, $left, >, ">", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_GE`: passes when `left >= right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_ge {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Expectation, $test, $left, >=, ">=", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_EXPECT_GE_MSG`: like `kunit_expect_ge!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_ge_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Expectation, $test, $left, >=, ">=", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_GE`: passes when `left >= right`; integers print as `%lld (0x%llx)`, other types with `{:?}`. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_ge {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_binary!(Assertion, $test, $left, >=, ">=", $right, ::core::option::Option::None)
    };
}

/// `KUNIT_ASSERT_GE_MSG`: like `kunit_assert_ge!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_ge_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_binary!(Assertion, $test, $left, >=, ">=", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_TRUE`: passes when `condition` is true. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_true {
    ($test:expr, $condition:expr $(,)?) => {
        $crate::__kunit_true!(Expectation, $test, $condition, ::core::option::Option::None)
    };
}

/// `KUNIT_EXPECT_TRUE_MSG`: like `kunit_expect_true!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_true_msg {
    ($test:expr, $condition:expr, $($fmt:tt)+) => {
        $crate::__kunit_true!(Expectation, $test, $condition, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_TRUE`: passes when `condition` is true. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_true {
    ($test:expr, $condition:expr $(,)?) => {
        $crate::__kunit_true!(Assertion, $test, $condition, ::core::option::Option::None)
    };
}

/// `KUNIT_ASSERT_TRUE_MSG`: like `kunit_assert_true!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_true_msg {
    ($test:expr, $condition:expr, $($fmt:tt)+) => {
        $crate::__kunit_true!(Assertion, $test, $condition, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_FALSE`: passes when `condition` is false. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_false {
    ($test:expr, $condition:expr $(,)?) => {
        $crate::__kunit_false!(Expectation, $test, $condition, ::core::option::Option::None)
    };
}

/// `KUNIT_EXPECT_FALSE_MSG`: like `kunit_expect_false!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_false_msg {
    ($test:expr, $condition:expr, $($fmt:tt)+) => {
        $crate::__kunit_false!(Expectation, $test, $condition, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_FALSE`: passes when `condition` is false. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_false {
    ($test:expr, $condition:expr $(,)?) => {
        $crate::__kunit_false!(Assertion, $test, $condition, ::core::option::Option::None)
    };
}

/// `KUNIT_ASSERT_FALSE_MSG`: like `kunit_assert_false!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_false_msg {
    ($test:expr, $condition:expr, $($fmt:tt)+) => {
        $crate::__kunit_false!(Assertion, $test, $condition, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_PTR_EQ`: passes when both point to the same address. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_ptr_eq {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_ptr!(
            Expectation,
            $test,
            $left,
            "==",
            $right,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_EXPECT_PTR_EQ_MSG`: like `kunit_expect_ptr_eq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_ptr_eq_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_ptr!(Expectation, $test, $left, "==", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_PTR_EQ`: passes when both point to the same address. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_ptr_eq {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_ptr!(
            Assertion,
            $test,
            $left,
            "==",
            $right,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_ASSERT_PTR_EQ_MSG`: like `kunit_assert_ptr_eq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_ptr_eq_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_ptr!(Assertion, $test, $left, "==", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_PTR_NE`: passes when the addresses differ. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_ptr_ne {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_ptr!(
            Expectation,
            $test,
            $left,
            "!=",
            $right,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_EXPECT_PTR_NE_MSG`: like `kunit_expect_ptr_ne!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_ptr_ne_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_ptr!(Expectation, $test, $left, "!=", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_PTR_NE`: passes when the addresses differ. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_ptr_ne {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_ptr!(
            Assertion,
            $test,
            $left,
            "!=",
            $right,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_ASSERT_PTR_NE_MSG`: like `kunit_assert_ptr_ne!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_ptr_ne_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_ptr!(Assertion, $test, $left, "!=", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_NULL`: passes when `ptr` is NULL (`None`, a null raw pointer). On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_null {
    ($test:expr, $ptr:expr $(,)?) => {
        $crate::__kunit_null!(Expectation, $test, $ptr, ::core::option::Option::None)
    };
}

/// `KUNIT_EXPECT_NULL_MSG`: like `kunit_expect_null!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_null_msg {
    ($test:expr, $ptr:expr, $($fmt:tt)+) => {
        $crate::__kunit_null!(Expectation, $test, $ptr, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_NULL`: passes when `ptr` is NULL (`None`, a null raw pointer). On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_null {
    ($test:expr, $ptr:expr $(,)?) => {
        $crate::__kunit_null!(Assertion, $test, $ptr, ::core::option::Option::None)
    };
}

/// `KUNIT_ASSERT_NULL_MSG`: like `kunit_assert_null!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_null_msg {
    ($test:expr, $ptr:expr, $($fmt:tt)+) => {
        $crate::__kunit_null!(Assertion, $test, $ptr, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_NOT_NULL`: passes when `ptr` is not NULL. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_not_null {
    ($test:expr, $ptr:expr $(,)?) => {
        $crate::__kunit_not_null!(Expectation, $test, $ptr, ::core::option::Option::None)
    };
}

/// `KUNIT_EXPECT_NOT_NULL_MSG`: like `kunit_expect_not_null!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_not_null_msg {
    ($test:expr, $ptr:expr, $($fmt:tt)+) => {
        $crate::__kunit_not_null!(Expectation, $test, $ptr, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_NOT_NULL`: passes when `ptr` is not NULL. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_not_null {
    ($test:expr, $ptr:expr $(,)?) => {
        $crate::__kunit_not_null!(Assertion, $test, $ptr, ::core::option::Option::None)
    };
}

/// `KUNIT_ASSERT_NOT_NULL_MSG`: like `kunit_assert_not_null!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_not_null_msg {
    ($test:expr, $ptr:expr, $($fmt:tt)+) => {
        $crate::__kunit_not_null!(Assertion, $test, $ptr, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_NOT_ERR_OR_NULL`: passes when `ptr` is neither NULL nor an `ERR_PTR` (`Err`). On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_not_err_or_null {
    ($test:expr, $ptr:expr $(,)?) => {
        $crate::__kunit_not_err_or_null!(Expectation, $test, $ptr, ::core::option::Option::None)
    };
}

/// `KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG`: like `kunit_expect_not_err_or_null!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_not_err_or_null_msg {
    ($test:expr, $ptr:expr, $($fmt:tt)+) => {
        $crate::__kunit_not_err_or_null!(Expectation, $test, $ptr, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_NOT_ERR_OR_NULL`: passes when `ptr` is neither NULL nor an `ERR_PTR` (`Err`). On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_not_err_or_null {
    ($test:expr, $ptr:expr $(,)?) => {
        $crate::__kunit_not_err_or_null!(Assertion, $test, $ptr, ::core::option::Option::None)
    };
}

/// `KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG`: like `kunit_assert_not_err_or_null!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_not_err_or_null_msg {
    ($test:expr, $ptr:expr, $($fmt:tt)+) => {
        $crate::__kunit_not_err_or_null!(Assertion, $test, $ptr, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_STREQ`: passes when both are valid strings and equal; NULL or `ERR_PTR` on either side fails. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_streq {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_str!(
            Expectation,
            $test,
            $left,
            "==",
            $right,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_EXPECT_STREQ_MSG`: like `kunit_expect_streq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_streq_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_str!(Expectation, $test, $left, "==", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_STREQ`: passes when both are valid strings and equal; NULL or `ERR_PTR` on either side fails. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_streq {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_str!(
            Assertion,
            $test,
            $left,
            "==",
            $right,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_ASSERT_STREQ_MSG`: like `kunit_assert_streq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_streq_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_str!(Assertion, $test, $left, "==", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_STRNEQ`: passes when both are valid strings and differ; NULL or `ERR_PTR` on either side fails. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_strneq {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_str!(
            Expectation,
            $test,
            $left,
            "!=",
            $right,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_EXPECT_STRNEQ_MSG`: like `kunit_expect_strneq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_strneq_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_str!(Expectation, $test, $left, "!=", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_STRNEQ`: passes when both are valid strings and differ; NULL or `ERR_PTR` on either side fails. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_strneq {
    ($test:expr, $left:expr, $right:expr $(,)?) => {
        $crate::__kunit_str!(
            Assertion,
            $test,
            $left,
            "!=",
            $right,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_ASSERT_STRNEQ_MSG`: like `kunit_assert_strneq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_strneq_msg {
    ($test:expr, $left:expr, $right:expr, $($fmt:tt)+) => {
        $crate::__kunit_str!(Assertion, $test, $left, "!=", $right, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_MEMEQ`: passes when the first `size` bytes are equal. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_memeq {
    ($test:expr, $left:expr, $right:expr, $size:expr $(,)?) => {
        $crate::__kunit_mem!(
            Expectation,
            $test,
            $left,
            "==",
            $right,
            $size,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_EXPECT_MEMEQ_MSG`: like `kunit_expect_memeq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_memeq_msg {
    ($test:expr, $left:expr, $right:expr, $size:expr, $($fmt:tt)+) => {
        $crate::__kunit_mem!(Expectation, $test, $left, "==", $right, $size, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_MEMEQ`: passes when the first `size` bytes are equal. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_memeq {
    ($test:expr, $left:expr, $right:expr, $size:expr $(,)?) => {
        $crate::__kunit_mem!(
            Assertion,
            $test,
            $left,
            "==",
            $right,
            $size,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_ASSERT_MEMEQ_MSG`: like `kunit_assert_memeq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_memeq_msg {
    ($test:expr, $left:expr, $right:expr, $size:expr, $($fmt:tt)+) => {
        $crate::__kunit_mem!(Assertion, $test, $left, "==", $right, $size, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_EXPECT_MEMNEQ`: passes when the first `size` bytes differ. On failure records a failure and continues.
#[macro_export]
macro_rules! kunit_expect_memneq {
    ($test:expr, $left:expr, $right:expr, $size:expr $(,)?) => {
        $crate::__kunit_mem!(
            Expectation,
            $test,
            $left,
            "!=",
            $right,
            $size,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_EXPECT_MEMNEQ_MSG`: like `kunit_expect_memneq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_expect_memneq_msg {
    ($test:expr, $left:expr, $right:expr, $size:expr, $($fmt:tt)+) => {
        $crate::__kunit_mem!(Expectation, $test, $left, "!=", $right, $size, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_ASSERT_MEMNEQ`: passes when the first `size` bytes differ. On failure records a failure and aborts the case.
#[macro_export]
macro_rules! kunit_assert_memneq {
    ($test:expr, $left:expr, $right:expr, $size:expr $(,)?) => {
        $crate::__kunit_mem!(
            Assertion,
            $test,
            $left,
            "!=",
            $right,
            $size,
            ::core::option::Option::None
        )
    };
}

/// `KUNIT_ASSERT_MEMNEQ_MSG`: like `kunit_assert_memneq!` with a message (format arguments).
#[macro_export]
macro_rules! kunit_assert_memneq_msg {
    ($test:expr, $left:expr, $right:expr, $size:expr, $($fmt:tt)+) => {
        $crate::__kunit_mem!(Assertion, $test, $left, "!=", $right, $size, ::core::option::Option::Some(::core::format_args!($($fmt)+)))
    };
}

/// `KUNIT_FAIL(test, fmt, ...)`: fails the case and continues.
#[macro_export]
macro_rules! kunit_fail {
    ($test:expr, $($fmt:tt)+) => {{
        $crate::__private::save_loc();
        $crate::__private::fail_failed($crate::__private::Expectation, ::core::format_args!($($fmt)+));
        $crate::__private::report(&$test);
    }};
}

/// `KUNIT_FAIL_AND_ABORT(test, fmt, ...)`: fails the case and aborts it.
#[macro_export]
macro_rules! kunit_fail_and_abort {
    ($test:expr, $($fmt:tt)+) => {{
        $crate::__private::save_loc();
        $crate::__private::fail_failed($crate::__private::Assertion, ::core::format_args!($($fmt)+));
        $crate::__private::report_and_abort(&$test)
    }};
}

/// `KUNIT_SUCCEED(test)`: records the location only.
#[macro_export]
macro_rules! kunit_succeed {
    ($test:expr $(,)?) => {{
        let _ = &$test;
        $crate::__private::save_loc();
    }};
}

/// `kunit_info(test, fmt, ...)`: `    # <case>: <message>`.
#[macro_export]
macro_rules! kunit_info {
    ($test:expr, $($fmt:tt)+) => {
        $crate::__private::log(&$test, ::core::format_args!($($fmt)+))
    };
}

/// `kunit_warn(test, fmt, ...)`.
#[macro_export]
macro_rules! kunit_warn {
    ($test:expr, $($fmt:tt)+) => {
        $crate::__private::log(&$test, ::core::format_args!($($fmt)+))
    };
}

/// `kunit_err(test, fmt, ...)`.
#[macro_export]
macro_rules! kunit_err {
    ($test:expr, $($fmt:tt)+) => {
        $crate::__private::log(&$test, ::core::format_args!($($fmt)+))
    };
}

/// `kunit_skip(test, fmt, ...)`: marks the case skipped and aborts it. A statement, as in
/// the kernel (code may follow it without an "unreachable" warning); `test.skip(reason)`
/// is the diverging (`-> !`) form.
#[macro_export]
macro_rules! kunit_skip {
    ($test:expr, $($fmt:tt)+) => {
        $crate::__private::skip_statement($crate::__private::shared(&$test), ::core::format_args!($($fmt)+))
    };
}

/// `kunit_mark_skipped(test, fmt, ...)`: marks the case skipped; it keeps running.
#[macro_export]
macro_rules! kunit_mark_skipped {
    ($test:expr, $($fmt:tt)+) => {
        $crate::__private::mark_skipped(&$test, ::core::format_args!($($fmt)+))
    };
}

/// `kunit_fail_current_test(fmt, ...)`: from code without a test handle; a no-op outside tests.
/// Prints `    # <case>: <file>:<line>: <message>`.
#[macro_export]
macro_rules! kunit_fail_current_test {
    ($($fmt:tt)+) => {
        $crate::__private::fail_current_test(::core::file!(), ::core::line!(), ::core::format_args!($($fmt)+))
    };
}
