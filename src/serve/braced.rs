//! The page's copy of a proof answer's headline terms in nested braces (`"braced"`).
//!
//! A proof file writes its terms in CGSuite's slash notation (`{1||0|-5}`), and the page shows
//! the file as it is when asked to export it. A student reading the headline and the list of
//! why the result is final should see the same notation as in the steps (nested braces by
//! default), so a simplify or prove answer asked with `"braces": true` gains one page-only
//! field, `"braced"`: the input, the result and the final claim written again with nested
//! braces. The proof's own fields are left untouched, so the answer still checks.

use crate::ops::style::Style;
use crate::proof::final_claim::FinalClaim;
use serde_json::{json, Value};

/// `body` (a proof's JSON) with `"braced"` added; any other body is returned as it is.
pub fn add(body: &str) -> String {
    let Ok(mut v) = serde_json::from_str::<Value>(body) else {
        return body.to_string();
    };
    let Some(o) = v.as_object_mut() else {
        return body.to_string();
    };
    let style = Style {
        braces: true,
        ..Style::default()
    };
    let term = |s: &str| term(s, &style);
    let text = |k: &str| o.get(k).and_then(Value::as_str).map(term);
    let (input, result) = (text("input"), text("result"));
    if input.is_none() && result.is_none() {
        return body.to_string();
    }
    let last = o
        .get("final")
        .and_then(|f| serde_json::from_value::<FinalClaim>(f.clone()).ok())
        .map(|c| crate::ops::simplify::restyled(c, &style));
    o.insert(
        "braced".into(),
        json!({"input": input, "result": result, "final": last}),
    );
    format!("{v}\n")
}

/// `s` with nested braces when it reads as a term; as it is otherwise (a text naming the
/// proof's term table, `#3`, is expanded by the page itself).
fn term(s: &str, style: &Style) -> String {
    crate::syntax::parse(s).map_or_else(|_| s.to_string(), |t| style.term(&t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headline_terms_and_final_facts_are_braced() {
        // {1|{0|-5}} in slash notation is {1||0|-5}; the proof's own fields keep it.
        let body = r#"{"input":"{1||0|-5}","result":"{1||0|-5}","final":{"claim":"canonical form","closed":[],"facts":[{"at":[],"game":"{1||0|-5}","option":"R0","value":"{0|-5}","not":"reversible","by":"R0L0 = 0","fails":"0 >= {1||0|-5}"}]}}"#;
        let v: Value = serde_json::from_str(&add(body)).unwrap();
        assert_eq!(v["result"], "{1||0|-5}");
        assert_eq!(v["braced"]["input"], "{1|{0|-5}}");
        assert_eq!(v["braced"]["result"], "{1|{0|-5}}");
        let f = &v["braced"]["final"]["facts"][0];
        assert_eq!(f["game"], "{1|{0|-5}}");
        assert_eq!(f["fails"], "0 >= {1|{0|-5}}");
        // A table name is left for the page to expand.
        let v: Value = serde_json::from_str(&add(r##"{"input":"#3","result":"0"}"##)).unwrap();
        assert_eq!(v["braced"]["input"], "#3");
        assert_eq!(add("not json"), "not json");
    }
}
