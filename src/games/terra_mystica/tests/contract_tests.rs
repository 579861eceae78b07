//! Contract tests.
