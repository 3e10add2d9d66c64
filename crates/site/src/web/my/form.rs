//! A form as it was typed, and what was refused in it: each refusal beside the input that
//! caused it (`<p class="field-error" id="{name}-error">`, the input `aria-invalid`), or, for
//! the whole form, under the id `form-error`.

use std::collections::HashMap;

use axum::http::StatusCode;

use crate::app::ErrorKind;
use crate::web::error::status_of;

/// A posted form: each field's name and what was typed in it.
pub type FormFields = HashMap<String, String>;

/// A form of these fields and values, as a test sends it.
#[cfg(test)]
pub fn typed(pairs: &[(&str, &str)]) -> FormFields {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// What was typed in `name` (nothing, if it was not sent).
pub fn value<'a>(typed: &'a FormFields, name: &str) -> &'a str {
    typed.get(name).map(String::as_str).unwrap_or("")
}

/// What was refused in a form: messages beside their fields, the inputs to mark, a message for
/// the whole form; and the status of the answer.
#[derive(Debug, Default)]
pub struct FormRefusal {
    pub status: Option<StatusCode>,
    pub fields: HashMap<String, String>,
    /// Inputs marked `aria-invalid` without a message of their own (the away legs, when the
    /// message is beside the home legs).
    pub marked: Vec<String>,
    pub form: Option<String>,
}

impl FormRefusal {
    /// A refusal beside the input `name` (a field of the form), with the status given.
    pub fn field(status: StatusCode, name: &str, message: impl Into<String>) -> FormRefusal {
        let mut fields = HashMap::new();
        fields.insert(name.to_string(), message.into());
        FormRefusal {
            status: Some(status),
            fields,
            ..FormRefusal::default()
        }
    }

    /// An input that cannot be read: 422 beside it.
    pub fn invalid(name: &str, message: impl Into<String>) -> FormRefusal {
        FormRefusal::field(status_of(ErrorKind::Invalid), name, message)
    }

    /// A refusal of the whole form.
    pub fn form(status: StatusCode, message: impl Into<String>) -> FormRefusal {
        FormRefusal {
            status: Some(status),
            form: Some(message.into()),
            ..FormRefusal::default()
        }
    }

    /// Takes in another refusal of the same form: its messages beside their inputs (the first
    /// kept where both have one), its marks, its message for the whole form (after this one's);
    /// the first status.
    pub fn merge(&mut self, other: FormRefusal) {
        self.status = self.status.or(other.status);
        for (name, message) in other.fields {
            self.fields.entry(name).or_insert(message);
        }
        self.marked.extend(other.marked);
        self.form = match (self.form.take(), other.form) {
            (Some(a), Some(b)) => Some(format!("{a} {b}")),
            (a, b) => a.or(b),
        };
    }

    /// Marks other inputs as part of the same refusal.
    pub fn marking(mut self, names: &[String]) -> FormRefusal {
        self.marked.extend(names.iter().cloned());
        self
    }

    pub fn error(&self, name: &str) -> Option<String> {
        self.fields.get(name).cloned()
    }

    fn marks(&self, name: &str) -> bool {
        self.fields.contains_key(name) || self.marked.iter().any(|m| m == name)
    }
}

/// An input of a form, as the template shows it: its name (and id), label, what was typed,
/// the refusal beside it.
#[derive(Clone)]
pub struct Input {
    pub name: String,
    pub label: String,
    pub value: String,
    pub error: Option<String>,
    pub invalid: bool,
    /// A number typed on a phone's number pad.
    pub numeric: bool,
    /// `date`, or `text`.
    pub kind: &'static str,
    /// The `<datalist>` of names it offers (its id), if any.
    pub list: String,
    /// The first input refused on the page: focused (and so scrolled to) when it loads.
    pub autofocus: bool,
}

impl Input {
    pub fn text(name: &str, label: &str, typed: &FormFields, refused: &FormRefusal) -> Input {
        Input {
            name: name.to_string(),
            label: label.to_string(),
            value: value(typed, name).to_string(),
            error: refused.error(name),
            invalid: refused.marks(name),
            numeric: false,
            kind: "text",
            list: String::new(),
            autofocus: false,
        }
    }

    pub fn numeric(name: &str, label: &str, typed: &FormFields, refused: &FormRefusal) -> Input {
        Input {
            numeric: true,
            ..Input::text(name, label, typed, refused)
        }
    }

    pub fn date(name: &str, label: &str, typed: &FormFields, refused: &FormRefusal) -> Input {
        Input {
            kind: "date",
            ..Input::text(name, label, typed, refused)
        }
    }

    /// Offering the names of the `<datalist>` with this id.
    pub fn list(mut self, id: &str) -> Input {
        self.list = id.to_string();
        self
    }
}

/// A `<select>` (or radio buttons): its name, label, choices (value, words), the one chosen,
/// the refusal beside it.
pub struct Choose {
    pub name: String,
    pub label: String,
    pub choices: Vec<(String, String)>,
    pub chosen: String,
    pub error: Option<String>,
    /// The first input refused on the page: focused when it loads.
    pub autofocus: bool,
}

impl Choose {
    pub fn new(
        name: &str,
        label: &str,
        choices: Vec<(String, String)>,
        typed: &FormFields,
        refused: &FormRefusal,
    ) -> Choose {
        Choose {
            name: name.to_string(),
            label: label.to_string(),
            choices,
            chosen: value(typed, name).to_string(),
            error: refused.error(name),
            autofocus: false,
        }
    }
}
