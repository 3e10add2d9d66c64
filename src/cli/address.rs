//! The public address a link begins with (`--base-url`, `DON_BASE_URL`, else `don serve`'s own
//! default), checked, and whether a link to it crosses a network unencrypted.

use don::app::access::Secret;

use super::error::CliError;
use super::serve::DEFAULT_LISTEN;
use super::text::shown;

/// The public address links begin with: `--base-url`, else `DON_BASE_URL` when it is set and
/// not empty, else `don serve`'s own, listening as it does by default (`http://127.0.0.1:8080`);
/// checked by [`checked_base_url`].
pub fn base_url(given: Option<&str>) -> Result<String, CliError> {
    match given {
        Some(url) => checked_base_url(url, "--base-url"),
        None => match std::env::var("DON_BASE_URL") {
            Ok(url) if !url.trim().is_empty() => checked_base_url(&url, "DON_BASE_URL"),
            _ => Ok(format!("http://{DEFAULT_LISTEN}")),
        },
    }
}

/// A public address as given (by `what`): `http://` or `https://`, a host, no spaces or
/// control characters; without the slashes it ends with.
pub fn checked_base_url(url: &str, what: &str) -> Result<String, CliError> {
    let trimmed = url.trim_end_matches('/');
    let host = trimmed
        .strip_prefix("https://")
        .or_else(|| trimmed.strip_prefix("http://"));
    let fine = host.is_some_and(|h| {
        !h.is_empty()
            && !h.starts_with('/')
            && !h.chars().any(|c| c.is_whitespace() || c.is_control())
    });
    if fine {
        Ok(trimmed.to_string())
    } else {
        Err(CliError::Usage(format!(
            "{what}: \"{}\" is not a web address: give one beginning http:// or https://, as https://league.example.org",
            shown(url)
        )))
    }
}

/// The full address of a link: what its holder opens.
pub fn link_address(base: &str, token: &Secret) -> String {
    format!("{base}/link/{}", token.as_str())
}

/// Whether links to `base` cross a network unencrypted: `http://` to another machine than this
/// one.
pub fn in_the_clear(base: &str) -> bool {
    let Some(rest) = base.strip_prefix("http://") else {
        return false;
    };
    let host = rest.split('/').next().unwrap_or(rest);
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(v6),
        None => host.split(':').next().unwrap_or(host),
    };
    !(host.eq_ignore_ascii_case("localhost") || host == "::1" || host.starts_with("127."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_base_url_is_http_or_https_with_a_host_and_loses_its_trailing_slashes() {
        assert_eq!(
            checked_base_url("https://league.example.org//", "--base-url").unwrap(),
            "https://league.example.org"
        );
        assert_eq!(
            checked_base_url("http://127.0.0.1:8080", "--base-url").unwrap(),
            "http://127.0.0.1:8080"
        );
        for bad in [
            "league.example.org",
            "ftp://league.example.org",
            "https://",
            "https:///x",
            "https://a b",
            "javascript:alert(1)",
            "",
        ] {
            assert!(checked_base_url(bad, "--base-url").is_err(), "{bad}");
        }
    }

    #[test]
    fn only_plain_http_to_another_machine_is_in_the_clear() {
        assert!(in_the_clear("http://league.example.org"));
        assert!(in_the_clear("http://192.168.1.5:8080/x"));
        for local in [
            "http://127.0.0.1:8080",
            "http://localhost",
            "http://[::1]:8080",
            "https://league.example.org",
        ] {
            assert!(!in_the_clear(local), "{local}");
        }
    }
}
