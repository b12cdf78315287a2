//! resource self-test (todo)
