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

/// Hides the line the frame's bottom edge cuts: the page ends at the last line it shows whole
/// (the cut line comes whole at the top of the next page), so no row is shown in half.
fn hide_cut_line(pages: &web_sys::HtmlElement) {
    let height = pages.client_height();
    let frame = pages.get_bounding_client_rect().top();
    let mut lines = Vec::new();
    lines_in(pages, &mut lines);
    // A line taller than the frame is left as it is: it could never show whole.
    let cut = lines
        .iter()
        .map(|l| {
            let r = l.get_bounding_client_rect();
            ((r.top() - frame) as i32, (r.bottom() - frame).ceil() as i32)
        })
        .find(|&(line_top, bottom)| bottom > height && line_top < height)
        .filter(|&(line_top, _)| line_top > 0)
        .map_or(0, |(line_top, _)| height - line_top);
    let _ = pages
        .style()
        .set_property("clip-path", &format!("inset(0 0 {cut}px 0)"));
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
    let ticks = StoredValue::new(0u64);
    // Each second the cut line is hidden again (the lines change as results come in); every
    // `every` seconds the page turns.
    if let Ok(handle) = set_interval_with_handle(
        move || {
            let Some(el) = frame.get_untracked() else {
                return;
            };
            ticks.update_value(|t| *t += 1);
            if ticks.get_value().is_multiple_of(every) {
                let top = turn(&el);
                page.update(|p| *p = if top == 0 { 1 } else { *p + 1 });
            }
            hide_cut_line(&el);
        },
        Duration::from_secs(1),
    ) {
        on_cleanup(move || handle.clear());
    }
    Effect::new(move |_| {
        if let Some(el) = frame.get() {
            hide_cut_line(&el);
        }
    });
    view! {
        <div class="wall-pages" node_ref=frame data-testid="wall-pages" data-page=move || page.get().to_string()>
            {children()}
        </div>
    }
}
