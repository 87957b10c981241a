//! Pieces shared by several screens.

pub mod backup_panel;
pub mod banners;
pub mod board_panels;
pub mod clock_controls;
pub mod clock_face;
pub mod clock_menu;
pub mod clock_settings;
pub mod clock_strip;
pub mod count_numbers;
pub mod device_notes;
pub mod game_row;
pub mod goban;
pub mod handover_codes;
pub mod next_round;
pub mod opening;
pub mod pairing_error;
pub mod photo;
pub mod piece_slot;
pub mod qr_code;
pub mod referee_panel;
pub mod result_code;
pub mod result_referee;
pub mod scanner;
pub mod score_table;
pub mod tab_banners;
pub mod uncountable;
