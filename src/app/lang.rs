//! The app's language: the one chosen in the preferences, else the browser's first that the
//! app has (`core::text`). Its words are fetched from `lang/CODE.txt` (kept offline by the
//! service worker) before the app is drawn; English, written in the code, fetches nothing.
//! The reader of a language file is a piece of its own (`read_words`), fetched only by a phone
//! that shows the app in another language.

use leptos::prelude::*;
use leptos::wasm_split::{SplitLoaderError, wasm_split};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::app::storage;
use crate::core::text::{self, Language, Words};

/// The language to show the app in.
pub fn chosen() -> &'static Language {
    if let Some(language) = storage::load_language().as_deref().and_then(text::by_code) {
        return language;
    }
    let preferred: Vec<String> = web_sys::window()
        .map(|w| {
            w.navigator()
                .languages()
                .iter()
                .filter_map(|l| l.as_string())
                .collect()
        })
        .unwrap_or_default();
    text::best_for(&preferred)
}

/// Fetches and puts in use the words of `language`, then calls `then`. When they cannot be
/// fetched or read, the app opens in English and the console says why.
pub fn load_then(language: &'static Language, then: impl FnOnce() + 'static) {
    if language.code == "en" {
        mark_page("en");
        then();
        return;
    }
    // Leptos' own executor starts with the app: until then, the browser's.
    wasm_bindgen_futures::spawn_local(async move {
        match fetch_words(language.code).await {
            Ok(words) => {
                text::use_words(words);
                mark_page(language.code);
            }
            Err(why) => {
                leptos::logging::log!(
                    "{} could not be loaded ({why}); the app opens in English",
                    language.name
                );
                mark_page("en");
            }
        }
        then();
    });
}

/// Fetches `lang/CODE.txt` and reads it.
async fn fetch_words(code: &str) -> Result<Words, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(&format!("/lang/{code}.txt")))
        .await
        .map_err(|_| "the file could not be fetched".to_string())?
        .dyn_into::<web_sys::Response>()
        .map_err(|_| "no response".to_string())?;
    if !response.ok() {
        return Err(format!("the server answered {}", response.status()));
    }
    let body = JsFuture::from(response.text().map_err(|_| "no text")?)
        .await
        .map_err(|_| "the file could not be read".to_string())?
        .as_string()
        .ok_or("no text")?;
    read_words(code.to_string(), body)
        .await
        .map_err(|_| "the reader of language files did not arrive".to_string())?
}

/// Reads a language's file (`core::text::Words::parse`): a piece of its own, fetched only by
/// a phone that shows the app in a language other than English.
#[wasm_split(words, fallible, wasm_split_path = ::leptos::wasm_split)]
fn read_words(code: String, body: String) -> Result<Result<Words, String>, SplitLoaderError> {
    Ok(Words::parse(&code, &body).map_err(|e| e.to_string()))
}

/// `<html lang>`: what screen readers and the browser's spelling and hyphens follow.
fn mark_page(code: &str) {
    if let Some(html) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = html.set_attribute("lang", code);
    }
}

/// Keeps `code` as the app's language (none: the browser's) and opens the app again in it.
pub fn choose(code: Option<&str>) {
    storage::save_language(code);
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}

/// The language choice: the browser's, or one of the app's languages, each named in itself.
#[component]
pub fn LanguageChoice() -> impl IntoView {
    let current = storage::load_language().unwrap_or_default();
    let options = text::LANGUAGES
        .iter()
        .map(|l| {
            let selected = l.code == current;
            view! { <option value=l.code selected=selected>{l.name}</option> }
        })
        .collect_view();
    view! {
        <label class="language">
            <span>{text::t("Language")}</span>
            <select
                data-testid="language"
                on:change=move |ev| {
                    let code = event_target_value(&ev);
                    choose(if code.is_empty() { None } else { Some(code.as_str()) });
                }
            >
                <option value="" selected=current.is_empty()>
                    {text::t("The browser's")}
                </option>
                {options}
            </select>
        </label>
    }
}
