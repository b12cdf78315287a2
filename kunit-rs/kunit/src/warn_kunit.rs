//! warn self-test (todo)
