//! harness self-test (todo)
