//! A public address as `--base-url` gives it (links and `don serve`), checked before anything is
//! made with it.

use super::text::shown;

/// The longest public address taken, in bytes: far more than any site's address needs, and
/// bound so that a link printed, stored or mailed stays a link.
pub const MAX_BASE_URL: usize = 512;

/// The address without its trailing slashes, or what is wrong with it (also `don serve
/// --base-url`'s check).
pub fn base_url_fault(url: &str) -> Result<String, String> {
    let example = "as https://league.example.org";
    if url.len() > MAX_BASE_URL {
        return Err(format!(
            "it is {} bytes long, and an address here is at most {MAX_BASE_URL}",
            url.len()
        ));
    }
    let trimmed = url.trim_end_matches('/');
    // The scheme in any case (`HTTPS://`), written as browsers write it.
    let scheme = ["https://", "http://"].into_iter().find(|s| {
        trimmed
            .get(..s.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(s))
    });
    let Some(scheme) = scheme else {
        return Err(format!("give one beginning http:// or https://, {example}"));
    };
    let trimmed = format!("{scheme}{}", &trimmed[scheme.len()..]);
    let trimmed = trimmed.as_str();
    let rest = &trimmed[scheme.len()..];
    let authority = rest.split('/').next().unwrap_or(rest);
    if authority.is_empty() {
        return Err(format!("it has no host: give one {example}"));
    }
    if url.contains('#') {
        return Err(format!(
            "it has a fragment (#…), which browsers never send: give the address alone, {example}"
        ));
    }
    if url.contains('?') {
        return Err(format!(
            "it has a query (?…): give the address alone, {example}"
        ));
    }
    if authority.contains('@') {
        return Err(format!(
            "it has a user name or password (…@): give the address alone, {example}"
        ));
    }
    let uri: http::Uri = trimmed.parse().map_err(|_| {
        format!("it holds characters an address cannot hold (spaces, quotes, <, >, control characters…): give one {example}")
    })?;
    let authority = uri
        .authority()
        .ok_or_else(|| format!("it has no host: give one {example}"))?;
    let host = authority.host();
    let host_fine = match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
        None => {
            !host.is_empty()
                && host.split('.').all(|label| {
                    !label.is_empty()
                        && label.len() <= 63
                        && !label.starts_with('-')
                        && !label.ends_with('-')
                        && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                })
        }
    };
    if !host_fine {
        return Err(format!(
            "its host \"{}\" is not a host name or an IP address: give one {example}",
            shown(host)
        ));
    }
    // A listener's "every address" (0.0.0.0, [::]) is no address a browser can open.
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    if bare
        .parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_unspecified())
    {
        return Err(format!(
            "its host \"{}\" means every address of this machine to a server, and none to a browser: give the name or address others reach it by, {example}",
            shown(host)
        ));
    }
    // What follows the host: nothing, or `:` and the port.
    let after = authority.as_str().strip_prefix(host).unwrap_or_default();
    if let Some(port) = after.strip_prefix(':') {
        if !port.parse::<u16>().is_ok_and(|p| p > 0) {
            return Err(format!(
                "its port \"{}\" is not one from 1 to 65535",
                shown(port)
            ));
        }
    } else if !after.is_empty() {
        return Err(format!("it has no host: give one {example}"));
    }
    Ok(trimmed.to_string())
}
