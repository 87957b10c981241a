//! A small iterative SGF reader that keeps only the main line (the first child at each
//! branch). It never recurses, so deeply nested variations cannot overflow the stack; nesting
//! deeper than `MAX_NESTING` is refused anyway as a sign of a broken or hostile file.

use super::SgfError;
use crate::core::text::{t, tf};

/// The deepest nesting of game trees accepted.
pub const MAX_NESTING: usize = 10_000;

/// One node of the main line: its properties in file order and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Property identifiers (upper-case letters only) with their values, escapes resolved.
    pub props: Vec<(String, Vec<String>)>,
    /// The byte offset of the node's `;` in the text.
    pub offset: usize,
}

impl Node {
    /// The values of every occurrence of property `id`, in order.
    pub fn values<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.props
            .iter()
            .filter(move |(k, _)| k == id)
            .flat_map(|(_, v)| v.iter().map(String::as_str))
    }

    /// The first value of property `id`.
    pub fn first(&self, id: &str) -> Option<&str> {
        self.props
            .iter()
            .filter(|(k, _)| k == id)
            .flat_map(|(_, v)| v.iter())
            .next()
            .map(String::as_str)
    }

    /// True when the node has property `id`.
    pub fn has(&self, id: &str) -> bool {
        self.props.iter().any(|(k, _)| k == id)
    }
}

/// The 1-based line of a byte offset, for error messages.
pub fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()
        .iter()
        .take(offset)
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Reads the main line of the first game tree of an SGF collection.
#[cfg(test)]
pub fn main_line(text: &str) -> Result<Vec<Node>, SgfError> {
    let start = first_tree(text)?;
    game_tree(text, start).map(|(nodes, _)| nodes)
}

/// Where the first game tree starts (its `(`), after a byte-order mark and white space.
fn first_tree(text: &str) -> Result<usize, SgfError> {
    let bytes = text.as_bytes();
    let mut i = 0;
    if text.starts_with('\u{feff}') {
        i = 3;
    }
    while bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    if bytes.get(i) != Some(&b'(') {
        return Err(SgfError::NotSgf);
    }
    Ok(i)
}

/// The main line of every game tree of an SGF collection ("Collection = GameTree { GameTree }"),
/// in file order. The first game's error is the file's error. A later game that cannot be read
/// is given as its error and ends the list (the text after it cannot be trusted); text after
/// the last game that does not start another one is ignored, as before.
pub fn collection(text: &str) -> Result<Vec<Result<Vec<Node>, SgfError>>, SgfError> {
    let start = first_tree(text)?;
    let (first, mut i) = game_tree(text, start)?;
    let mut games = vec![Ok(first)];
    let bytes = text.as_bytes();
    loop {
        while bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
            i += 1;
        }
        if bytes.get(i) != Some(&b'(') {
            return Ok(games);
        }
        match game_tree(text, i) {
            Ok((nodes, next)) => {
                games.push(Ok(nodes));
                i = next;
            }
            Err(e) => {
                games.push(Err(e));
                return Ok(games);
            }
        }
    }
}

/// Reads the game tree whose `(` is at `start`: its main line and the offset after its `)`.
fn game_tree(text: &str, start: usize) -> Result<(Vec<Node>, usize), SgfError> {
    let bytes = text.as_bytes();
    let mut i = start;
    let mut depth: usize = 0;
    let mut following = true;
    let mut nodes: Vec<Node> = Vec::new();
    // True while values may be added to the last property of the last node.
    let mut prop_open = false;
    let mut seen_node = false;
    while let Some(&c) = bytes.get(i) {
        match c {
            b'(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(SgfError::TooDeep {
                        line: line_of(text, i),
                        limit: MAX_NESTING,
                    });
                }
                prop_open = false;
                i += 1;
            }
            b')' => {
                if depth == 0 {
                    return Err(SgfError::Syntax {
                        line: line_of(text, i),
                        message: t("a ')' closes nothing").to_string(),
                    });
                }
                depth -= 1;
                following = false;
                prop_open = false;
                i += 1;
                if depth == 0 {
                    if !seen_node {
                        return Err(SgfError::NotSgf);
                    }
                    return Ok((nodes, i));
                }
            }
            b';' => {
                if following {
                    nodes.push(Node {
                        props: Vec::new(),
                        offset: i,
                    });
                }
                seen_node = true;
                prop_open = false;
                i += 1;
            }
            b'[' => {
                let (value, next) = read_value(text, i)?;
                if following {
                    let slot = if prop_open {
                        nodes.last_mut().and_then(|n| n.props.last_mut())
                    } else {
                        None
                    };
                    match slot {
                        Some((_, values)) => values.push(value),
                        None => {
                            return Err(SgfError::Syntax {
                                line: line_of(text, i),
                                message: t("a value '[...]' without a property name").to_string(),
                            });
                        }
                    }
                }
                i = next;
            }
            b'A'..=b'Z' | b'a'..=b'z' => {
                let start = i;
                while bytes.get(i).is_some_and(|b| b.is_ascii_alphabetic()) {
                    i += 1;
                }
                // FF[3] allowed lower-case letters inside names (`AddBlack`): keep the capitals.
                let id: String = text
                    .get(start..i)
                    .unwrap_or("")
                    .chars()
                    .filter(char::is_ascii_uppercase)
                    .collect();
                if following {
                    let Some(node) = nodes.last_mut() else {
                        return Err(SgfError::Syntax {
                            line: line_of(text, start),
                            message: t("a property before the first ';'").to_string(),
                        });
                    };
                    if id.is_empty() {
                        return Err(SgfError::Syntax {
                            line: line_of(text, start),
                            message: t("a property name needs capital letters").to_string(),
                        });
                    }
                    node.props.push((id, Vec::new()));
                    prop_open = true;
                }
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let ch = text.get(i..).and_then(|s| s.chars().next()).unwrap_or('?');
                return Err(SgfError::Syntax {
                    line: line_of(text, i),
                    message: tf("unexpected character '{}'", &[&ch]),
                });
            }
        }
    }
    Err(SgfError::Truncated {
        line: line_of(text, bytes.len()),
    })
}

/// Reads a value starting at the `[` at `start`; returns it with escapes resolved and the
/// offset after the closing `]`.
fn read_value(text: &str, start: usize) -> Result<(String, usize), SgfError> {
    let mut out = String::new();
    let rest = text.get(start + 1..).unwrap_or("");
    let mut chars = rest.char_indices().peekable();
    while let Some((k, ch)) = chars.next() {
        match ch {
            ']' => return Ok((out, start + 1 + k + 1)),
            '\\' => match chars.next() {
                Some((_, '\n')) => {
                    if chars.peek().is_some_and(|&(_, c)| c == '\r') {
                        chars.next();
                    }
                }
                Some((_, '\r')) => {
                    if chars.peek().is_some_and(|&(_, c)| c == '\n') {
                        chars.next();
                    }
                }
                Some((_, c)) => out.push(c),
                None => break,
            },
            c => out.push(c),
        }
    }
    Err(SgfError::Truncated {
        line: line_of(text, text.len()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_line_takes_the_first_child() {
        let nodes = main_line("(;FF[4]C[a\\]b];B[aa](;W[bb];B[cc])(;W[dd]))").unwrap();
        let moves: Vec<String> = nodes
            .iter()
            .flat_map(|n| n.props.iter().map(|(k, v)| format!("{k}{v:?}")))
            .collect();
        assert_eq!(
            moves,
            [
                "FF[\"4\"]",
                "C[\"a]b\"]",
                "B[\"aa\"]",
                "W[\"bb\"]",
                "B[\"cc\"]"
            ]
        );
    }

    #[test]
    fn deep_nesting_is_refused_without_recursion() {
        let deep = "(;".repeat(MAX_NESTING + 1);
        assert!(matches!(main_line(&deep), Err(SgfError::TooDeep { .. })));
        let ok = format!("{}{}", "(;".repeat(500), ")".repeat(500));
        assert_eq!(main_line(&ok).unwrap().len(), 500);
    }

    /// Megabytes of `(;(;(;...` are refused quickly, without deep recursion.
    #[test]
    fn megabytes_of_nesting_are_refused() {
        let huge = "(;".repeat(2_000_000);
        assert!(matches!(main_line(&huge), Err(SgfError::TooDeep { .. })));
        let wide = format!("(;{}", "(;B[aa])".repeat(500_000));
        assert!(matches!(main_line(&wide), Err(SgfError::Truncated { .. })));
    }

    #[test]
    fn truncated_and_garbage_inputs_are_errors() {
        assert!(matches!(
            main_line("(;B[aa"),
            Err(SgfError::Truncated { .. })
        ));
        assert!(matches!(
            main_line("(;B[aa]"),
            Err(SgfError::Truncated { .. })
        ));
        assert!(matches!(main_line("hello"), Err(SgfError::NotSgf)));
        assert!(matches!(main_line("()"), Err(SgfError::NotSgf)));
        assert!(matches!(
            main_line("(;B[aa]{"),
            Err(SgfError::Syntax { .. })
        ));
    }
}
