//! `don captain`, `don secretary` and `don scorer`: the private links through which captains, the
//! secretary and a game's scorer act on the web (`don serve`): make one, list them, revoke them. A link's token is printed
//! this once, in the link's full address; the database keeps only its hash.

use std::io::{self, BufWriter, Write};

use comfy_table::Cell;
use serde_json::json;

use don::app::access::{PrivateLink, Revoke, Role};

use super::address::{base_url, in_the_clear, link_address};
use super::colour::Paint;
use super::context::{Cx, LeagueScope};
use super::error::{shell_word, CliError, Exit};
use super::text::{fit, shown, table};

/// The public address option of the commands that make a link.
#[derive(clap::Args, Clone, Debug)]
pub struct BaseUrlArg {
    /// The address the league is served at, as its captains reach it (`don serve --base-url`)
    /// [default: $DON_BASE_URL, else http://127.0.0.1:8080]
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
}

#[derive(clap::Subcommand)]
pub enum CaptainCommand {
    /// Make a private link for a team's captain (printed this once).
    ///
    /// Whoever opens it on the web (`don serve`) may enter, confirm and dispute that team's
    /// nights, until it is revoked.
    #[command(after_help = "Examples:
  don captain link 'Royal Oak'
  don captain link 'Red Lion' --base-url https://league.example.org")]
    Link {
        /// The team whose captain the link is for
        team: String,
        #[command(flatten)]
        base_url: BaseUrlArg,
        #[command(flatten)]
        scope: LeagueScope,
    },
    /// Revoke a team's captain's links, or one link by its number.
    ///
    /// Every link of the team still working (or the one numbered), and every session opened
    /// with it, stops at once.
    #[command(after_help = "Examples:
  don captain revoke 'Royal Oak'
  don captain revoke --link 3")]
    Revoke {
        /// The team whose links to revoke
        #[arg(required_unless_present = "link", conflicts_with = "link")]
        team: Option<String>,
        /// Only the link of this number (`don captain list`); a secretary's link too
        #[arg(long = "link", value_name = "N")]
        link: Option<i64>,
        #[command(flatten)]
        scope: LeagueScope,
    },
    /// List the league's links, the secretary's too.
    ///
    /// Whom each is for, when it was made and last used, and whether it still works.
    #[command(after_help = "Examples:
  don captain list
  don captain list --json")]
    List {
        /// As JSON: an array of the links, oldest first
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        scope: LeagueScope,
    },
}

#[derive(clap::Subcommand)]
pub enum SecretaryCommand {
    /// Make a private link for the league's secretary (printed this once).
    ///
    /// Whoever opens it on the web (`don serve`) may act for any team, settle disputes, deduct
    /// and award points, withdraw teams and move fixtures, until it is revoked.
    #[command(after_help = "Examples:
  don secretary link
  don secretary link --base-url https://league.example.org")]
    Link {
        #[command(flatten)]
        base_url: BaseUrlArg,
        #[command(flatten)]
        scope: LeagueScope,
    },
    /// Revoke the secretary's links.
    ///
    /// Every one still working, and every session opened with it, stops at once.
    #[command(after_help = "Example:\n  don secretary revoke")]
    Revoke {
        #[command(flatten)]
        scope: LeagueScope,
    },
}

#[derive(clap::Subcommand)]
pub enum ScorerCommand {
    /// Make a private link for whoever scores a game at the table on a phone (printed this
    /// once).
    ///
    /// Whoever opens it on the web (`don serve`) may score that one game, trick by trick or by
    /// hand totals, and nothing else, until it is revoked. The game's live board becomes public
    /// (`/board/game/GAME`).
    #[command(after_help = "Examples:
  don new nine-card-don --seats 'Gareth, Dai, Rhys, Huw'
  don scorer link 7
  don scorer link 7 --base-url https://league.example.org")]
    Link {
        /// The game: its number, or its record's id
        game: String,
        #[command(flatten)]
        base_url: BaseUrlArg,
        #[command(flatten)]
        scope: LeagueScope,
    },
    /// Revoke the scorer's links of a game.
    ///
    /// Every one still working, and every session opened with it, stops at once.
    #[command(after_help = "Example:\n  don scorer revoke 7")]
    Revoke {
        /// The game: its number, or its record's id
        game: String,
        #[command(flatten)]
        scope: LeagueScope,
    },
}

pub fn scorer(command: ScorerCommand) -> Result<Exit, CliError> {
    match command {
        ScorerCommand::Link {
            game,
            base_url,
            scope,
        } => {
            let base = base_url.checked()?;
            let mut cx = Cx::change(&scope)?;
            let game = cx.app.game_named(&game)?;
            said_made(cx.app.scorer_link_make(&cx.choice, game)?, &base)
        }
        ScorerCommand::Revoke { game, scope } => {
            let cx = Cx::change(&scope)?;
            let game = cx.app.game_named(&game)?;
            revoke(Revoke::Game(game), cx)
        }
    }
}

pub fn captain(command: CaptainCommand) -> Result<Exit, CliError> {
    match command {
        CaptainCommand::Link {
            team,
            base_url,
            scope,
        } => make(Some(&team), &base_url, &scope),
        CaptainCommand::Revoke { team, link, scope } => {
            let which = match (&team, link) {
                (_, Some(id)) => Revoke::Link(id),
                (Some(team), None) => Revoke::Team(team),
                (None, None) => {
                    return Err(CliError::Usage(
                        "name the team whose links to revoke, or give --link N".into(),
                    ))
                }
            };
            revoke(which, Cx::change(&scope)?)
        }
        CaptainCommand::List { json, scope } => list(json, &Cx::read(&scope)?),
    }
}

pub fn secretary(command: SecretaryCommand) -> Result<Exit, CliError> {
    match command {
        SecretaryCommand::Link { base_url, scope } => make(None, &base_url, &scope),
        SecretaryCommand::Revoke { scope } => revoke(Revoke::Secretary, Cx::change(&scope)?),
    }
}

/// The command that ends `link`, as its holder's secretary would type it.
fn how_to_end(link: &PrivateLink) -> String {
    match &link.role {
        Role::Captain { name, .. } => format!(
            "`don captain revoke {}` (every link of the team) or `don captain revoke --link {}` (this one)",
            shell_word(&shown(name)),
            link.id
        ),
        Role::Secretary => format!(
            "`don secretary revoke` or `don captain revoke --link {}`",
            link.id
        ),
        Role::Scorer { game } => format!(
            "`don scorer revoke {game}` or `don captain revoke --link {}`",
            link.id
        ),
    }
}

fn make(team: Option<&str>, address: &BaseUrlArg, scope: &LeagueScope) -> Result<Exit, CliError> {
    // The address is checked before anything is made.
    let base = address.checked()?;
    let mut cx = Cx::change(scope)?;
    said_made(cx.app.link_make(&cx.choice, team)?, &base)
}

impl BaseUrlArg {
    fn checked(&self) -> Result<String, CliError> {
        base_url(self.base_url.as_deref())
    }
}

/// A link made, said with its address (shown this once) and what its holder may do.
fn said_made(
    (link, token): (PrivateLink, don::app::access::Secret),
    base: &str,
) -> Result<Exit, CliError> {
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(
        out,
        "Link {} made for {}. Send this address to them, and to nobody else:",
        link.id,
        shown(&link.role.to_string())
    )?;
    writeln!(out)?;
    writeln!(out, "  {}", link_address(base, &token))?;
    writeln!(out)?;
    writeln!(
        out,
        "It is shown only this once: don keeps only a hash of it, so it cannot be shown again (if it is lost, make another)."
    )?;
    let may = match &link.role {
        Role::Captain { name, .. } => format!(
            "act for {} on the web: enter its nights, confirm or dispute the other team's entry",
            shown(name)
        ),
        Role::Secretary => "act as the secretary on the web: for any team, settling disputes, deducting and awarding points, withdrawing teams, moving fixtures".to_string(),
        Role::Scorer { game } => format!(
            "score game {game} on the web (and nothing else); its live board is at {}",
            link_board(base, *game)
        ),
    };
    writeln!(out, "Whoever holds it can {may}.")?;
    writeln!(out, "End it with {}.", how_to_end(&link))?;
    out.flush()?;
    if in_the_clear(base) {
        eprintln!(
            "{}: {} is plain http://: the link crosses the network unencrypted, for anyone on the way to read; serve the league behind https:// (see the README) and give that address with --base-url",
            Paint::stderr().warning(),
            shown(base)
        );
    }
    Ok(Exit::Ok)
}

fn revoke(which: Revoke<'_>, mut cx: Cx) -> Result<Exit, CliError> {
    let revoked = cx.app.link_revoke(&cx.choice, which)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for link in &revoked {
        writeln!(
            out,
            "Revoked link {} ({}).",
            link.id,
            shown(&link.role.to_string())
        )?;
    }
    let (it, them) = if revoked.len() == 1 {
        ("It stops", "it")
    } else {
        ("They stop", "them")
    };
    writeln!(
        out,
        "{it} working at once, and so does every session opened with {them}. (`don undo` makes {them} work again.)"
    )?;
    out.flush()?;
    Ok(Exit::Ok)
}

/// Whom a link is for, in a list: the team, or "secretary".
fn for_whom(link: &PrivateLink) -> std::borrow::Cow<'_, str> {
    match &link.role {
        Role::Captain { name, .. } => name.into(),
        Role::Secretary => "secretary".into(),
        Role::Scorer { game } => format!("scorer of game {game}").into(),
    }
}

/// The public address of a game's live board.
fn link_board(base: &str, game: i64) -> String {
    format!("{}/board/game/{game}", base.trim_end_matches('/'))
}

/// A time as kept (RFC 3339, UTC), as a list shows it: `2025-11-06 19:30 UTC`.
fn when(at: &str) -> String {
    match (at.get(..10), at.get(11..16)) {
        (Some(day), Some(time)) if at.as_bytes().get(10) == Some(&b'T') => {
            format!("{day} {time} UTC")
        }
        _ => at.to_string(),
    }
}

fn list(json: bool, cx: &Cx) -> Result<Exit, CliError> {
    let links = cx.app.links(&cx.choice)?;
    let mut out = BufWriter::new(io::stdout().lock());
    if json {
        let all: Vec<_> = links
            .iter()
            .map(|l| {
                json!({
                    "link": l.id,
                    "for": for_whom(l),
                    "secretary": l.role == Role::Secretary,
                    "game": match l.role { Role::Scorer { game } => Some(game), _ => None },
                    "made": l.made,
                    "last_used": l.last_used,
                    "revoked": l.revoked,
                })
            })
            .collect();
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&all).map_err(io::Error::other)?
        )?;
    } else if links.is_empty() {
        writeln!(
            out,
            "No links yet: `don captain link TEAM` makes a captain's, `don secretary link` the secretary's."
        )?;
    } else {
        let mut table = table(&["Link", "For", "Made", "Last used", "State"], &[]);
        for l in &links {
            let state = match &l.revoked {
                Some(on) => format!("revoked on {}", on.get(..10).unwrap_or(on)),
                None => "working".to_string(),
            };
            table.add_row(vec![
                Cell::new(l.id),
                Cell::new(shown(&for_whom(l))),
                Cell::new(when(&l.made)),
                Cell::new(l.last_used.as_deref().map_or("never".into(), when)),
                Cell::new(state),
            ]);
        }
        fit(&mut table, &[0, 2, 3], &[1]);
        writeln!(out, "{table}")?;
    }
    out.flush()?;
    Ok(Exit::Ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_is_shown_to_the_minute_in_utc() {
        assert_eq!(when("2025-11-06T19:30:05Z"), "2025-11-06 19:30 UTC");
        assert_eq!(when("odd"), "odd");
    }

    #[test]
    fn a_name_is_quoted_for_the_shell_where_it_needs_to_be() {
        assert_eq!(shell_word("Plough"), "Plough");
        assert_eq!(shell_word("Royal Oak"), "'Royal Oak'");
        assert_eq!(shell_word("Dai's"), r"'Dai'\''s'");
    }
}
