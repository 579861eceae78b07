//! Tests of the core both Catan variants share: the board, Part A's table and Part B's duo.

mod board_tests;
mod duo_tests;
mod table_tests;
