//! Runs the C suites of `tests/*_kunit.c`, which test kunit-c's library headers
//! (`<linux/list.h>`, `<linux/bitmap.h>`, `<linux/kfifo.h>`, ...) with KUnit's C API.
kunit::main!();
