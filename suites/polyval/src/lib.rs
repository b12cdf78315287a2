//! POLYVAL suite.
