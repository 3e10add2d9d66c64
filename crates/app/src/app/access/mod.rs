//! Who may act on the web, without passwords to forget (as Tabbycat's private URLs): a private
//! link for a team's captain, or for the league's secretary, holding a random token of 256 bits
//! of which only the SHA-256 is kept; opening it starts a session whose key is kept hashed too.
//! A captain acts for their own team only; the secretary for any (the rules of who may do what
//! are the night functions', through the [`Actor`] a session gives).

pub mod error;

use std::fmt;

use chrono::{Duration, SecondsFormat, Utc};
use sha2::{Digest, Sha256};

pub use crate::app::access::error::AccessError;
use crate::app::game::error::GameError;
use crate::app::game::stored::StoredGames;
use crate::app::league::which::Choice;
use crate::app::{Actor, App, AppError};
use crate::league::TeamId;
use crate::store::{LinkRow, Reads, SessionRow, WebGame};

/// How long a session lasts from when its link is opened.
pub const SESSION_DAYS: i64 = 30;

/// Whom a link is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// A team's captain: acts for that team only.
    Captain { team: TeamId, name: String },
    /// The league's secretary: acts for any team.
    Secretary,
    /// A game's scorer (`don scorer link GAME`): scores that one game, and does nothing else.
    Scorer { game: i64 },
}

impl fmt::Display for Role {
    /// "the captain of Royal Oak", "the secretary".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Role::Captain { name, .. } => write!(f, "the captain of {name}"),
            Role::Secretary => f.write_str("the secretary"),
            Role::Scorer { game } => write!(f, "the scorer of game {game}"),
        }
    }
}

/// A private link, as `don captain list` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrivateLink {
    pub id: i64,
    /// Its league; none for the scorer's link of a friendly game.
    pub league: Option<i64>,
    pub role: Role,
    /// When it was made, revoked and last used (RFC 3339, UTC).
    pub made: String,
    pub revoked: Option<String>,
    pub last_used: Option<String>,
}

impl PrivateLink {
    fn of(row: LinkRow) -> PrivateLink {
        let role = match (row.team, row.team_name, row.game) {
            (_, _, Some(game)) => Role::Scorer { game },
            (Some(team), name, None) => Role::Captain {
                team,
                name: name.unwrap_or_else(|| team.to_string()),
            },
            (None, _, None) => Role::Secretary,
        };
        PrivateLink {
            id: row.id,
            league: row.league,
            role,
            made: row.made,
            revoked: row.revoked,
            last_used: row.last_used,
        }
    }

    /// Whether the link works on the web serving `league` (none: a database with no league,
    /// its friendly games): a league's link on its league's; a friendly game's scorer's link
    /// (of no league) on any.
    pub fn serves(&self, league: Option<i64>) -> bool {
        self.league.is_none() || self.league == league
    }

    /// Who acts through this link: recorded with each change made with it, and shown by
    /// `don log` ("captain of Royal Oak (link 3)").
    pub fn actor(&self) -> Actor {
        let (name, team, game) = match &self.role {
            Role::Captain { team, name } => (format!("captain of {name}"), Some(*team), None),
            Role::Secretary => ("secretary".to_string(), None, None),
            Role::Scorer { game } => (format!("scorer of game {game}"), None, Some(*game)),
        };
        Actor {
            name: format!("{name} (link {})", self.id),
            team,
            game,
            league: self.league,
        }
    }
}

/// [`PrivateLink::serves`], of a link as stored.
fn serves(league: Option<i64>, row: &LinkRow) -> bool {
    row.league.is_none() || row.league == league
}

/// The actors of the captains' links of every league, as they name their team now
/// ([`PrivateLink::actor`]).
pub(crate) fn team_naming_actors(
    store: &crate::store::Store,
) -> Result<std::collections::HashSet<String>, AppError> {
    let mut actors = std::collections::HashSet::new();
    for league in store.leagues()? {
        for row in store.links(league.id)? {
            let actor = PrivateLink::of(row).actor();
            if actor.team.is_some() {
                actors.insert(actor.name);
            }
        }
    }
    Ok(actors)
}

/// A secret handed out once: a link's token or a session's key (64 hex digits, 256 random
/// bits). Only its hash is kept.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    fn new() -> Result<Secret, AccessError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| AccessError::NoRandom(e.to_string()))?;
        Ok(Secret(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    /// Never the secret itself, in a log or a panic.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// The SHA-256 of a secret as given, in hex: what is kept and looked up.
pub fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `given` could be a secret don handed out (so that nothing else is looked up).
fn well_formed(given: &str) -> bool {
    given.len() == 64 && given.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A session on the web: who is signed in, and the token their forms must post back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub link: PrivateLink,
    /// The hash of its key (the cookie's value is never kept): each change made through the
    /// session checks it again, inside the change's transaction ([`App::act_in_session`]).
    pub key_hash: String,
    pub csrf: String,
    pub expires: String,
}

impl Session {
    fn of(row: SessionRow) -> Session {
        Session {
            link: PrivateLink::of(row.link),
            key_hash: row.key_hash,
            csrf: row.csrf,
            expires: row.expires,
        }
    }

    /// The team a captain acts for; `None` for the secretary and a game's scorer.
    pub fn team(&self) -> Option<TeamId> {
        match self.link.role {
            Role::Captain { team, .. } => Some(team),
            Role::Secretary | Role::Scorer { .. } => None,
        }
    }

    /// The one game a scorer's link scores; `None` for a captain and the secretary.
    pub fn game(&self) -> Option<i64> {
        match self.link.role {
            Role::Scorer { game } => Some(game),
            Role::Captain { .. } | Role::Secretary => None,
        }
    }

    pub fn is_secretary(&self) -> bool {
        self.link.role == Role::Secretary
    }
}

/// Adds a link of `league` for a captain's team or a game's scorer (neither: the secretary), by
/// its token's hash, and commits `change`: the link.
fn link_added(
    change: crate::store::Change<'_>,
    league: Option<i64>,
    for_whom: (Option<TeamId>, Option<i64>),
    token: &Secret,
) -> Result<PrivateLink, AppError> {
    let row = change.link_add(league, for_whom, &hash(token.as_str()), &now())?;
    let link = PrivateLink::of(row);
    change.commit(
        &format!("a private link ({}) for {}", link.id, link.role),
        None,
    )?;
    Ok(link)
}

fn now() -> String {
    Utc::now().to_rfc3339_opts(SecondsFormat::Secs, true)
}

impl App {
    /// Makes a private link for `team`'s captain (or, with no team, the secretary): the link,
    /// and its token, which is shown this once and never kept.
    pub fn link_make(
        &mut self,
        choice: &Choice,
        team: Option<&str>,
    ) -> Result<(PrivateLink, Secret), AppError> {
        let token = Secret::new()?;
        let change = self.store.change(match team {
            Some(_) => "captain link",
            None => "secretary link",
        })?;
        let leagues: &Reads = &change;
        let league = choice.league(leagues)?;
        let team = team
            .map(|t| crate::app::league::which::team(leagues, &league, t))
            .transpose()?;
        let link = link_added(change, Some(league.id), (team.map(|t| t.id), None), &token)?;
        Ok((link, token))
    }

    /// Makes a private link for the scorer of `game`, which then becomes one of the league's
    /// games on the web (its board public): the link, and its token, shown this once. On a
    /// database with no league (a pub's friendly games), or for a game on the web as a friendly
    /// one already, the link and the game belong to no league: the link scores that game only,
    /// on any `don serve` of the database.
    pub fn scorer_link_make(
        &mut self,
        choice: &Choice,
        game: i64,
    ) -> Result<(PrivateLink, Secret), AppError> {
        let token = Secret::new()?;
        let change = self.store.change("scorer link")?;
        let leagues: &Reads = &change;
        let friendly = change
            .web_game(game)?
            .is_some_and(|web| web.league.is_none());
        let league = match choice.league(leagues) {
            _ if friendly && choice.league.is_none() => None,
            Err(AppError::League(crate::league::LeagueError::NoLeague))
                if choice.league.is_none() =>
            {
                None
            }
            found => Some(found?.id),
        };
        let Some(record) = change.record_if_stored(game)? else {
            return Err(GameError::NoGame(game).into());
        };
        if record
            .get("ruleset")
            .and_then(|r| r.get("variant"))
            .is_none()
        {
            return Err(GameError::NoRuleset(game).into());
        }
        match change.web_game(game)? {
            Some(web) if web.league != league => {
                return Err(AccessError::OtherLeague { game }.into())
            }
            Some(_) => {}
            None => change.web_game_add(&WebGame {
                game,
                league,
                team: None,
                fixture: None,
            })?,
        }
        let link = link_added(change, league, (None, Some(game)), &token)?;
        Ok((link, token))
    }

    /// Revokes a team's links (or, with no team, the secretary's), or the one link numbered
    /// `id`: they and their sessions stop at once.
    pub fn link_revoke(
        &mut self,
        choice: &Choice,
        which: Revoke<'_>,
    ) -> Result<Vec<PrivateLink>, AppError> {
        let change = self.store.change(match which {
            Revoke::Secretary => "secretary revoke",
            Revoke::Game(_) => "scorer revoke",
            Revoke::Team(_) | Revoke::Link(_) => "captain revoke",
        })?;
        let leagues: &Reads = &change;
        // A link or a game's scorers' links may be friendly games' (of no league): on a
        // database with no league, those are all there are.
        let scorer = matches!(which, Revoke::Link(_) | Revoke::Game(_));
        let league = match choice.league(leagues) {
            Err(AppError::League(crate::league::LeagueError::NoLeague))
                if scorer && choice.league.is_none() =>
            {
                None
            }
            found => Some(found?),
        };
        let mut all = match &league {
            Some(league) => change.links(league.id)?,
            None => Vec::new(),
        };
        if scorer {
            all.extend(change.friendly_links()?);
        }
        let chosen: Vec<LinkRow> = match which {
            Revoke::Link(id) => {
                let Some(row) = all.into_iter().find(|l| l.id == id) else {
                    return Err(AccessError::NoLink(id).into());
                };
                if let Some(on) = &row.revoked {
                    return Err(AccessError::RevokedAlready { id, on: on.clone() }.into());
                }
                vec![row]
            }
            Revoke::Team(_) | Revoke::Secretary | Revoke::Game(_) => {
                // Whose links: a team's captain's, a game's scorer's, else the secretary's.
                let (team, who) = match which {
                    Revoke::Team(name) => {
                        let league = league
                            .as_ref()
                            .ok_or(crate::league::LeagueError::NoLeague)?;
                        let team = crate::app::league::which::team(leagues, league, name)?;
                        (Some(team.id), team.name)
                    }
                    Revoke::Game(game) => (None, format!("game {game}")),
                    _ => (None, "the secretary".into()),
                };
                let whose = |l: &LinkRow| match which {
                    Revoke::Team(_) => l.team == team,
                    Revoke::Game(game) => l.game == Some(game),
                    _ => l.team.is_none() && l.game.is_none(),
                };
                let open: Vec<LinkRow> = all
                    .into_iter()
                    .filter(|l| whose(l) && l.revoked.is_none())
                    .collect();
                if open.is_empty() {
                    return Err(AccessError::NoneToRevoke(who).into());
                }
                open
            }
        };
        let at = now();
        let mut revoked = Vec::new();
        for row in chosen {
            change.link_revoke(row.id, &at)?;
            let mut link = PrivateLink::of(row);
            link.revoked = Some(at.clone());
            revoked.push(link);
        }
        let said: Vec<String> = revoked
            .iter()
            .map(|l| format!("{} ({})", l.id, l.role))
            .collect();
        let links = if said.len() == 1 { "link" } else { "links" };
        change.commit(&format!("revoked {links} {}", said.join(", ")), None)?;
        Ok(revoked)
    }

    /// A league's links, revoked ones too, oldest first.
    pub fn links(&self, choice: &Choice) -> Result<Vec<PrivateLink>, AppError> {
        let league = choice.league(&self.store)?;
        Ok(self
            .store
            .links(league.id)?
            .into_iter()
            .map(PrivateLink::of)
            .collect())
    }

    /// The working link of `league` whose token is `token`, read only: nothing is opened or
    /// noted (what a link's page shows before its holder presses the button that opens it).
    /// A token that is no working link of the league is [`AccessError::BadLink`].
    pub fn link_of(
        &self,
        league: impl Into<Option<i64>>,
        token: &str,
    ) -> Result<PrivateLink, AppError> {
        let league = league.into();
        if !well_formed(token) {
            return Err(AccessError::BadLink.into());
        }
        match self.store.link_by_hash(&hash(token))? {
            Some(row) if row.revoked.is_none() && serves(league, &row) => Ok(PrivateLink::of(row)),
            _ => Err(AccessError::BadLink.into()),
        }
    }

    /// Opens a link: the session it starts, and the session's key (for the cookie), which is
    /// never kept. A token that is no working link of the league is [`AccessError::BadLink`].
    pub fn sign_in(
        &self,
        league: impl Into<Option<i64>>,
        token: &str,
    ) -> Result<(Session, Secret), AppError> {
        let link = self.link_of(league, token)?;
        let key = Secret::new()?;
        let csrf = Secret::new()?;
        let made = Utc::now();
        let expires =
            (made + Duration::days(SESSION_DAYS)).to_rfc3339_opts(SecondsFormat::Secs, true);
        let made = made.to_rfc3339_opts(SecondsFormat::Secs, true);
        self.store.session_open(
            link.id,
            &hash(key.as_str()),
            csrf.as_str(),
            (&made, &expires),
        )?;
        let session = self
            .store
            .session(&hash(key.as_str()), &made)?
            .ok_or(AccessError::BadLink)?;
        Ok((Session::of(session), key))
    }

    /// Opens a link as [`App::sign_in`] does, unless the browser's session `key` is open and
    /// was opened with this very link: that session goes on (no new key, so the pages already
    /// open in the browser keep their forms' token), and the key is `None`.
    pub fn sign_in_again(
        &self,
        league: impl Into<Option<i64>>,
        token: &str,
        key: Option<&str>,
    ) -> Result<(Session, Option<Secret>), AppError> {
        let league = league.into();
        if let (Some(key), true) = (key, well_formed(token)) {
            if let (Some(open), Some(link)) = (
                self.session_in(league, key)?,
                self.store.link_by_hash(&hash(token))?,
            ) {
                if open.link.id == link.id {
                    self.link_used(link.id)?;
                    return Ok((open, None));
                }
            }
        }
        let (session, key) = self.sign_in(league, token)?;
        Ok((session, Some(key)))
    }

    /// The session whose key is `key`, if it is open and its link not revoked.
    pub fn session(&self, key: &str) -> Result<Option<Session>, AppError> {
        if !well_formed(key) {
            return Ok(None);
        }
        Ok(self.store.session(&hash(key), &now())?.map(Session::of))
    }

    /// The session whose key is `key`, if it is open, its link not revoked, and its link of
    /// `league`: a session belongs to its link's league, and is no session on the web of
    /// another league kept in the same database.
    pub fn session_in(
        &self,
        league: impl Into<Option<i64>>,
        key: &str,
    ) -> Result<Option<Session>, AppError> {
        let league = league.into();
        Ok(self.session(key)?.filter(|s| s.link.serves(league)))
    }

    /// Makes the changes from now on as the holder of `session` (its link's actor, in the
    /// log): each change checks again, inside its own transaction, that the session is open
    /// and its link neither revoked nor of another league, and is refused (nothing changed)
    /// if not, so a change whose request came before `don captain revoke` and reached the
    /// database after it is never made.
    pub fn act_in_session(&mut self, session: &Session) {
        self.store
            .act_in_session(session.link.actor(), &session.key_hash);
    }

    /// Whether a change was refused, since [`App::act_in_session`], because its session had
    /// ended.
    pub fn session_ended(&self) -> bool {
        self.store.session_ended()
    }

    /// Notes that a session's link was used for a change (to the minute: a use within a
    /// minute of the one noted last is not written again).
    pub fn link_used(&self, link: i64) -> Result<(), AppError> {
        let now = Utc::now();
        let since = (now - Duration::minutes(1)).to_rfc3339_opts(SecondsFormat::Secs, true);
        let now = now.to_rfc3339_opts(SecondsFormat::Secs, true);
        Ok(self.store.link_used(link, &now, &since)?)
    }

    /// Ends the session whose key is `key` (signing out).
    pub fn sign_out(&self, key: &str) -> Result<(), AppError> {
        if well_formed(key) {
            self.store.session_end(&hash(key))?;
        }
        Ok(())
    }

    /// Refuses `what` (deduct or award points, withdraw a team, move a fixture) to a team's
    /// captain and a game's scorer: only the secretary (an actor with no team of their own)
    /// may.
    pub fn secretary_only(&self, what: &'static str) -> Result<(), AppError> {
        self.not_a_scorer(what)?;
        match self.actor() {
            Some(actor) if actor.team.is_some() => Err(AccessError::SecretaryOnly {
                actor: actor.name.clone(),
                what,
            }
            .into()),
            _ => Ok(()),
        }
    }

    /// Refuses `what` (any change to the league) to a game's scorer, who may score their one
    /// game and do nothing else.
    pub fn not_a_scorer(&self, what: &'static str) -> Result<(), AppError> {
        match self.actor() {
            Some(actor) if actor.game.is_some() => Err(AccessError::ScorerOnly {
                actor: actor.name.clone(),
                game: actor.game.unwrap_or_default(),
                what,
            }
            .into()),
            _ => Ok(()),
        }
    }

    /// Makes the changes from now on as `actor` (a session's, on the web).
    pub fn act_as(&mut self, actor: Actor) {
        self.store.act_as(actor);
    }
}

/// Which links to revoke.
#[derive(Clone, Copy, Debug)]
pub enum Revoke<'a> {
    /// Every working link of the team named.
    Team(&'a str),
    /// Every working link of the secretary.
    Secretary,
    /// The link numbered so (`don captain list`).
    Link(i64),
    /// Every working scorer's link of the game numbered so.
    Game(i64),
}
