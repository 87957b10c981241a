//! The wall's pages: what does not fit the screen beside the round's code (the tables, the
//! players by name, the standings) is shown a screenful at a time, turning by itself every few
//! seconds (`/wall?every=N` seconds, 10 by default) and back to the first after the last. A
//! page starts at the first line the previous one could not show whole, so every line is
//! shown whole on some page; the code stays where it is, whole.

use std::time::Duration;

use leptos::html;
use leptos::prelude::*;

/// The seconds a page stays, from the address (`?every=N`, 1 to 120), else 10.
fn seconds() -> u64 {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .and_then(|q| {
            q.trim_start_matches('?')
                .split('&')
                .find_map(|p| p.strip_prefix("every=").map(str::to_string))
        })
        .and_then(|v| v.parse::<u64>().ok())
        .filter(|n| (1..=120).contains(n))
        .unwrap_or(10)
}

/// The lines under `el`, in the page's order: headings, table rows, list items, paragraphs.
fn lines_in(el: &web_sys::Element, out: &mut Vec<web_sys::Element>) {
    let mut child = el.first_element_child();
    while let Some(c) = child {
        if matches!(c.tag_name().as_str(), "H2" | "TR" | "LI" | "P") {
            out.push(c.clone());
        } else {
            lines_in(&c, out);
        }
        child = c.next_element_sibling();
    }
}

/// Turns `pages` to its next page: the first line not shown whole comes to the top, or, after
/// the last page, the first page. Returns the new page's top.
fn turn(pages: &web_sys::HtmlElement) -> i32 {
    let (top, height) = (pages.scroll_top(), pages.client_height());
    if top + height >= pages.scroll_height() - 1 {
        pages.set_scroll_top(0);
        return 0;
    }
    let frame = pages.get_bounding_client_rect().top();
    let mut lines = Vec::new();
    lines_in(pages, &mut lines);
    let next = lines
        .iter()
        .map(|l| {
            let r = l.get_bounding_client_rect();
            (
                (r.top() - frame) as i32 + top,
                (r.bottom() - frame) as i32 + top,
            )
        })
        .find(|&(_, bottom)| bottom > top + height)
        .map(|(line_top, _)| line_top)
        .filter(|&line_top| line_top > top)
        .unwrap_or(top + height);
    pages.set_scroll_top(next);
    pages.scroll_top()
}

/// The pages' frame; its children are the lines to page through.
#[component]
pub fn WallPages(children: Children) -> impl IntoView {
    let frame = NodeRef::<html::Div>::new();
    let page = RwSignal::new(1u32);
    let every = seconds();
    if let Ok(handle) = set_interval_with_handle(
        move || {
            if let Some(el) = frame.get_untracked() {
                let top = turn(&el);
                page.update(|p| *p = if top == 0 { 1 } else { *p + 1 });
            }
        },
        Duration::from_secs(every),
    ) {
        on_cleanup(move || handle.clear());
    }
    view! {
        <div class="wall-pages" node_ref=frame data-testid="wall-pages" data-page=move || page.get().to_string()>
            {children()}
        </div>
    }
}
