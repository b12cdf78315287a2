//! stub self-test (todo)
