//! Command scripts (FORMAT.md, "Replay scripts"): a JSON list of commands in the serde form
//! the encounter's history uses. Read as the encounter loader reads a file: a wrong field or a
//! text past its cap is said with its path in the script ("`[0].Combat.ApplyCondition.name` is
//! 65 characters long; Lantern allows at most 64 (line 1, column 119)"). Each command is then
//! checked by `Document::apply` as a click's would be.

use crate::model::Command;
use crate::model::validate::TOO_LONG_MARKER;

use super::clip_message;

/// Why a script could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    #[error("the script is not valid JSON ({0})")]
    NotJson(serde_json::Error),
    #[error("the script's `{path}` is {detail}")]
    TooLong { path: String, detail: String },
    #[error("the script is not a list of commands: at `{path}`: {detail}")]
    WrongShape { path: String, detail: String },
}

/// The commands of a script.
pub fn commands_from_json(bytes: &[u8]) -> Result<Vec<Command>, ScriptError> {
    let mut json = serde_json::Deserializer::from_slice(bytes);
    let commands: Vec<Command> = serde_path_to_error::deserialize(&mut json).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        let message = inner.to_string();
        if inner.is_syntax() || inner.is_eof() {
            return ScriptError::NotJson(inner);
        }
        match message.strip_prefix(TOO_LONG_MARKER) {
            Some(detail) => ScriptError::TooLong {
                path,
                detail: format!(
                    "{} (line {}, column {})",
                    detail.split(" at line ").next().unwrap_or(detail),
                    inner.line(),
                    inner.column()
                ),
            },
            None => ScriptError::WrongShape {
                path,
                detail: clip_message(&message),
            },
        }
    })?;
    json.end().map_err(ScriptError::NotJson)?;
    Ok(commands)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_past_its_cap_is_named_by_its_path() {
        let name = "x".repeat(65);
        let script = format!(
            r#"[{{"Combat": {{"ApplyCondition": {{"token": 1, "name": "{name}", "duration": {{"kind": "until_removed"}}}}}}}}]"#
        );
        let err = commands_from_json(script.as_bytes())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with(
                "the script's `[0].Combat.ApplyCondition.name` is 65 characters long; \
                 Lantern allows at most 64"
            ),
            "{err}"
        );
    }

    #[test]
    fn a_plain_script_reads() {
        let script = r#"[{"Combat": {"NextTurn": {"pick": 1}}}]"#;
        assert_eq!(commands_from_json(script.as_bytes()).unwrap().len(), 1);
    }
}
