//! The public address a link begins with (`--base-url`, `DON_BASE_URL`, else `don serve`'s own
//! default), checked before anything is made with it (as `don serve --base-url` is), and
//! whether a link to it crosses a network unencrypted.

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

/// A public address as given (by `what`), checked before anything is made with it: `http://`
/// or `https://`, a host (a name, an IPv4 address or an IPv6 one in brackets), a port from 1
/// to 65535 if any, and a path if any; no user name or password, no query (`?`) and no
/// fragment (`#`: a browser never sends what follows it, so a link's token after it would be
/// lost), no spaces, quotes or angle brackets, at most [`MAX_BASE_URL`] bytes. Returned without
/// the slashes it ends with.
pub fn checked_base_url(url: &str, what: &str) -> Result<String, CliError> {
    base_url_fault(url).map_err(|why| {
        CliError::Usage(format!(
            "{what}: \"{}\" is not a web address links can begin with: {why}",
            shown(&don::record::text::shortened(url))
        ))
    })
}

/// The address `don serve` listening at `at` is opened at, for the links it says to make:
/// listening on every address (`0.0.0.0`, `[::]`), this machine's address on its network (the
/// one it would reach other machines from), which a captain's phone can open; else, with no
/// network, `localhost`. Listening on one address, that address.
pub fn served_at(at: std::net::SocketAddr) -> String {
    if !at.ip().is_unspecified() {
        return format!("http://{at}");
    }
    match own_address(at.is_ipv6()) {
        Some(std::net::IpAddr::V6(ip)) => format!("http://[{ip}]:{}", at.port()),
        Some(ip) => format!("http://{ip}:{}", at.port()),
        None => format!("http://localhost:{}", at.port()),
    }
}

/// This machine's address on its network: the one a datagram to another network would leave
/// from (a socket connected, nothing sent), IPv4 first; none when it has no route out.
fn own_address(v6_too: bool) -> Option<std::net::IpAddr> {
    use std::net::UdpSocket;
    // Addresses kept for documentation (RFC 5737, RFC 3849): routed, never reached.
    let mut tries = vec![("0.0.0.0:0", "192.0.2.1:9")];
    if v6_too {
        tries.push(("[::]:0", "[2001:db8::1]:9"));
    }
    tries.into_iter().find_map(|(bind, to)| {
        let socket = UdpSocket::bind(bind).ok()?;
        socket.connect(to).ok()?;
        let ip = socket.local_addr().ok()?.ip();
        (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
    })
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
        // The scheme in any case, written as browsers write it.
        assert_eq!(
            checked_base_url("HTTPS://League.Example.org/", "--base-url").unwrap(),
            "https://League.Example.org"
        );
        for bad in [
            "HTTPS:/league.example.org",
            "ftps://league.example.org",
            "http://0.0.0.0:8080",
            "http://[::]:8080",
            "league.example.org",
            "ftp://league.example.org",
            "https://",
            "https:///x",
            "https://a b",
            "javascript:alert(1)",
            "",
            "https://league.example.org/?a=1",
            "https://league.example.org/#x",
            "https://user:password@league.example.org",
            "https://league.example.org:99999",
            "https://league.example.org:0",
            "https://league.example.org:",
            "https://\"><script>alert(1)</script>",
            "https://league.example.org/\"><script>",
            "https://league..example.org",
            "https://[::zz]/",
        ] {
            assert!(checked_base_url(bad, "--base-url").is_err(), "{bad}");
        }
        let long = format!("https://league.example.org/{}", "a".repeat(100_000));
        assert!(checked_base_url(&long, "--base-url").is_err());
        for good in [
            "https://league.example.org:8443/don",
            "http://[::1]:8080",
            "https://league.example.org/leagues/abercarn/",
        ] {
            assert!(checked_base_url(good, "--base-url").is_ok(), "{good}");
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
