//! Values that wake their readers only when they change.
//!
//! A memo tells everything that reads it to check again whenever one of its own sources
//! changes, even when its value ends up the same, and every binding so told is a task the
//! browser runs. A clock changes its sources on every press and twenty times a second, while
//! most of what a face or the strip shows does not change. So a view's parts are kept in
//! signals, set from one effect that follows the view's state and writes only the parts that
//! differ: a press or a tick then wakes only the bindings that show something new.

use leptos::prelude::*;

/// Sets `signal` to a copy of `value` only when it differs, so that its readers wake only on a
/// change.
pub fn set_changed<T: Clone + PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: &T) {
    if signal.with_untracked(|v| v != value) {
        signal.set(value.clone());
    }
}

/// Declares a view's values and the signals that show them. From the value struct as written
/// and the name of its parts, it writes both: the parts hold one signal per field (`Clone,
/// Copy`, each with the visibility and docs of its value), `new(&values)` makes them and
/// `set(&values)` writes each with [`set_changed`]. What a view derives from its values (the
/// size of a time's text) is a field of the values, worked out where they are made.
///
/// ```ignore
/// parts! {
///     /// What the bar shows at one moment.
///     #[derive(Clone, Debug, Default, PartialEq)]
///     pub struct BarValues {
///         /// The game's time has started.
///         pub started: bool,
///     }
///     /// The bar's values, each in its own signal.
///     pub struct BarState;
/// }
/// ```
macro_rules! parts {
    (
        $(#[$meta:meta])*
        $vis:vis struct $Values:ident {
            $(
                $(#[$field_meta:meta])*
                $field_vis:vis $field:ident: $ty:ty
            ),* $(,)?
        }
        $(#[$parts_meta:meta])*
        $parts_vis:vis struct $Parts:ident;
    ) => {
        $(#[$meta])*
        $vis struct $Values {
            $(
                $(#[$field_meta])*
                $field_vis $field: $ty,
            )*
        }

        $(#[$parts_meta])*
        #[derive(Clone, Copy)]
        $parts_vis struct $Parts {
            $(
                $(#[$field_meta])*
                $field_vis $field: ::leptos::prelude::RwSignal<$ty>,
            )*
        }

        impl $Parts {
            /// Parts showing `v`.
            $vis fn new(v: &$Values) -> $Parts {
                $Parts {
                    $($field: ::leptos::prelude::RwSignal::new(v.$field.clone()),)*
                }
            }

            /// Shows `v`, waking only the bindings of the parts that differ.
            $vis fn set(&self, v: &$Values) {
                $($crate::app::parts::set_changed(self.$field, &v.$field);)*
            }
        }
    };
}

pub(crate) use parts;
