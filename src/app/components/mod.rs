//! Pieces shared by several screens.

pub mod banners;
pub mod clock_face;
pub mod referee_panel;
pub mod score_table;
