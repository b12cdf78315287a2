//! errptr self-test (todo)
