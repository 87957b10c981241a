//! Browser calls by name, through `Reflect`, whose bindings the main module already has: code
//! in a piece that calls the browser this way (the scanner's camera, the photo's decoding)
//! brings no bindings of its own into the main module's JavaScript.

use wasm_bindgen::{JsCast, JsValue};

/// `target[name]`, `undefined` where it has none.
pub fn get(target: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(target, &name.into()).unwrap_or(JsValue::UNDEFINED)
}

/// `target[name] = value`.
pub fn set(target: &JsValue, name: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(target, &name.into(), value);
}

/// `target[name](...args)`: the method's result, or what it threw (a `TypeError` where
/// `target` has no such method).
pub fn call(target: &JsValue, name: &str, args: &[&JsValue]) -> Result<JsValue, JsValue> {
    let method = get(target, name).dyn_into::<js_sys::Function>()?;
    let list = js_sys::Array::new();
    for (i, arg) in (0u32..).zip(args) {
        set(&list, &i.to_string(), arg);
    }
    js_sys::Reflect::apply(&method, target, &list)
}
