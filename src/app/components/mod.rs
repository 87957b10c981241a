//! Pieces shared by several screens.

pub mod banners;
