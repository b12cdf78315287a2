//! Architecture implementations under test.
