//! executor self-test (todo)
