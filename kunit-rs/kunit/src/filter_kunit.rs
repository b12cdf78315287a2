//! filter self-test (todo)
