//! A part of a screen whose code is a piece of its own (`wasm_split`), fetched when the screen
//! shows it: the slot it is drawn into, what the slot says when the piece does not arrive, and
//! the drawing taken off the page with the slot. The clock's menu is drawn so.

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

/// A part of a screen that a piece draws: once the slot (of class `class`) is on the page,
/// `fetch` fetches the piece and `mount` draws into the slot; `failed` (in the reader's words)
/// is said in its place when the piece cannot be fetched. A screen left while its piece was on
/// its way gets nothing drawn (what the piece draws may read the screen's state, gone by
/// then), and what the piece drew goes with the slot.
pub fn piece_slot<P, Q, M, F>(
    class: &'static str,
    fetch: P,
    mount: M,
    failed: &'static str,
) -> impl IntoView
where
    P: Fn() -> Q + Copy + Send + Sync + 'static,
    Q: Future<Output = Result<(), SplitLoaderError>> + 'static,
    M: Fn(web_sys::HtmlElement) -> F + Clone + Send + Sync + 'static,
    F: Future<Output = Result<Box<dyn std::any::Any>, SplitLoaderError>> + 'static,
{
    use wasm_bindgen::JsCast;
    let slot = NodeRef::<leptos::html::Div>::new();
    let mounted = StoredValue::new_local(None::<Box<dyn std::any::Any>>);
    Effect::new(move |_| {
        let Some(parent) = slot.get() else {
            return;
        };
        let mount = mount.clone();
        leptos::task::spawn_local(async move {
            if fetch().await.is_err() {
                parent.set_text_content(Some(failed));
                return;
            }
            if mounted.is_disposed() {
                return;
            }
            // The piece is in: `mount` draws at once, with nothing run between the check above
            // and the drawing.
            let element: web_sys::HtmlElement = parent.clone().unchecked_into();
            match mount(element).await {
                Ok(drawn) => {
                    let _ = mounted.try_set_value(Some(drawn));
                }
                Err(_) => parent.set_text_content(Some(failed)),
            }
        });
    });
    view! { <div class=class node_ref=slot></div> }
}
