//! `don serve`: the league online, for captains on their phones (see `don::web`).

use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr};

use don::web::config::{Proxies, WRITE_WAIT};
use don::web::{serve, ServeConfig};

use super::context::{GlobalArgs, LeagueScope};
use super::error::{shell_word, CliError, Exit};
use super::text::shown;

/// The address `don serve` listens on unless told another.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";

#[derive(clap::Args)]
#[command(
    mut_arg("league", |a| a.help("The league to serve [default: $DON_LEAGUE, else the only one]")),
    after_help = "Everyone may read the league's pages (the same pages `don publish` writes, \
read from the database on each request). Captains and the secretary change things through private \
links: make them with `don captain link TEAM` and `don secretary link`, and send each to its holder. \
Run it behind a reverse proxy that adds TLS (Caddy or nginx; see the README), and give the public \
address with --base-url, and --behind-proxy so that each client is counted by the address the \
proxy names. Ctrl-C or SIGTERM stops it; a change is saved whole or not at all.

Examples:
  don serve --db league.db
  don serve --db league.db --listen 127.0.0.1:8080 --base-url https://league.example.org --behind-proxy"
)]
pub struct ServeArgs {
    /// The address and port to listen on (a port of 0 lets the system choose)
    #[arg(long, value_name = "ADDR:PORT", default_value = DEFAULT_LISTEN)]
    listen: SocketAddr,
    /// The public address the site is reached at, behind a reverse proxy (cookies are marked
    /// Secure when it is https://) [default: http:// and the --listen address]
    #[arg(long, value_name = "URL", value_parser = super::address::base_url_fault)]
    base_url: Option<String>,
    /// A reverse proxy on this machine passes the requests on: believe the client's address it
    /// names last in X-Forwarded-For, from a loopback peer only (without it the header is never
    /// read: a client could write any address there)
    #[arg(long)]
    behind_proxy: bool,
    /// The address of a reverse proxy on another machine whose X-Forwarded-For is believed (as
    /// --behind-proxy; may be given more than once)
    #[arg(long, value_name = "ADDR")]
    trusted_proxy: Vec<IpAddr>,
    #[command(flatten)]
    scope: LeagueScope,
}

pub fn run(args: ServeArgs) -> Result<Exit, CliError> {
    let config = ServeConfig {
        db: args.scope.db().path()?,
        choice: args.scope.choice(),
        listen: args.listen,
        base_url: args.base_url,
        proxies: Proxies {
            loopback: args.behind_proxy,
            at: args.trusted_proxy,
        },
        write_wait: WRITE_WAIT,
    };
    // The words that make links for this very league and database, to print.
    let mut which = format!(" --db {}", shell_word(&config.db.to_string_lossy()));
    if let Some(league) = &config.choice.league {
        which.push_str(&format!(" --league {}", shell_word(league)));
    }
    let base = config.base_url.clone();
    serve(config, |at, league| {
        // Listening on every address (0.0.0.0, [::]), this machine is reached at its address
        // on the network (localhost with none).
        let base = base.unwrap_or_else(|| super::address::served_at(at));
        let which = format!("{which} --base-url {}", shell_word(&base));
        let mut out = io::stdout().lock();
        if league {
            let _ = writeln!(
                out,
                "Serving the league at {} (listening on {at}).",
                shown(&base)
            );
            let _ = writeln!(
                out,
                "Make each captain's link with `don captain link TEAM{}` and the secretary's with `don secretary link{}`, and send each to its holder.",
                shown(&which),
                shown(&which)
            );
        } else {
            // A database with no league: its friendly games, each scored through its link.
            let _ = writeln!(
                out,
                "Serving the friendly games at {} (listening on {at}).",
                shown(&base)
            );
            let _ = writeln!(
                out,
                "There is no league: make each game's scorer's link with `don scorer link GAME{}`, and send it to the scorer.",
                shown(&which)
            );
        }
        let _ = writeln!(
            out,
            "Ctrl-C or SIGTERM stops it (requests being answered are finished first)."
        );
        let _ = out.flush();
    })?;
    Ok(Exit::Ok)
}
