//! `/my/games`: the games the one signed in may score (newest first), and the form that begins
//! one, with the choices `don new` has: the variant, its rules options, the players, the date,
//! the venue, who pitches first, and the night it is played for. The record is made by
//! [`crate::app::game::begin`], as `don new` makes it; each refusal is put beside its field.

use std::sync::Arc;

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

use super::begin::{begin_fields, input_of, refusal, SEAT_INPUTS};
use super::words::standing_words;
use crate::app::game::begin::{new_web_record, options, Field};
use crate::app::game::scoring::ScoringView;
use crate::app::game::GameToBegin;
use crate::app::league::which::Choice;
use crate::app::{Actor, App, AppError, ErrorKind};
use crate::publish::view::Layout;
use crate::rules::{OptionValue, Variant};
use crate::web::error::WebError;
use crate::web::my::form::{value, Choose, FormFields, FormRefusal, Input};
use crate::web::my::page::see_other;
use crate::web::session::{League, Posted, Signed};
use crate::web::state::Shared;

/// A game of the list.
pub struct GameLine {
    pub game: i64,
    pub title: String,
    pub players: String,
    /// Where it stands: the score, or the result.
    pub state: String,
}

/// A rules option of the variant on the begin form (RULES.md §9: options belong to their
/// variant), each blank (or unticked) for the variant's own.
pub enum OptionField {
    /// One of the values this variant takes (the first choice blank: the variant's own).
    Choice(Choose),
    /// Yes or no (unticked: no, the variant's own).
    Check(CheckBox),
    /// A number typed.
    Number(Input),
}

/// A checkbox of the form, as typed and refused.
pub struct CheckBox {
    pub name: String,
    pub label: String,
    pub checked: bool,
    pub error: Option<String>,
}

/// The begin form, as typed and refused.
pub struct BeginForm {
    pub variant: Choose,
    /// The variant whose options are shown (`options_of`), and its name in words.
    pub options_of: String,
    pub options_title: String,
    pub options: Vec<OptionField>,
    pub seats: Vec<Input>,
    pub date: Input,
    pub venue: Input,
    pub pitcher: Choose,
    pub fixture: Option<Choose>,
    /// Whether the rules options are shown open (one was typed).
    pub options_open: bool,
}

#[derive(Template)]
#[template(path = "scorer/games.html")]
pub struct GamesPage {
    pub layout: Layout,
    pub csrf: String,
    pub who: String,
    pub games: Vec<GameLine>,
    /// The begin form's own key (see [`crate::web::cache::FormGames`]).
    pub begin_key: String,
    /// How many older games are not listed.
    pub older: usize,
    pub form: BeginForm,
    pub form_error: Option<String>,
    pub refused_at: Option<String>,
}

/// The most games the page lists (the newest); `don games` lists them all.
pub const LISTED: usize = 30;

/// The most games one link may begin in an hour (a night is nine matches; a slip begun again
/// now and then): past it, 429 beside the form, nothing begun.
pub const GAMES_AN_HOUR: usize = 20;
/// The most games begun on the web for one night by one team (the secretary's: by the
/// secretary): past it, 429 beside the form, nothing begun. A night's board lists them all.
pub const GAMES_A_NIGHT: usize = 30;

/// A begin form's key as the page makes it: 32 hex digits (see [`form_key`]).
pub const KEY_DIGITS: usize = 32;

/// The games and the nights the page offers.
struct Offered {
    games: Vec<GameLine>,
    /// The games past the newest [`LISTED`], not listed.
    older: usize,
    /// The nights a game may be begun for: (fixture, words).
    nights: Vec<(String, String)>,
}

fn game_line(view: &ScoringView) -> GameLine {
    let state = &view.status;
    let players: Vec<String> = state.sides.iter().map(|s| s.name.label.clone()).collect();
    let state = match state.over {
        true => format!("over: {}", state.result_words()),
        false => standing_words(state),
    };
    GameLine {
        game: view.game,
        title: view.variant.describe(),
        players: players.join(" v "),
        state,
    }
}

fn offered(app: &App, actor: &Actor, league: i64, league_name: &str) -> Result<Offered, AppError> {
    let mut games = Vec::new();
    // Newest first; each listed is replayed to say where it stands, so only the newest are.
    let all = app.web_games_for_as(Some(actor), league)?;
    let older = all.len().saturating_sub(LISTED);
    for web in all.into_iter().take(LISTED) {
        games.push(game_line(&app.table_view(web.game)?));
    }
    let team = actor.team;
    let choice = Choice {
        league: Some(league_name.to_string()),
        season: None,
    };
    let nights = match app.choose(&choice) {
        Ok((_, season)) => app
            .fixtures(&season)?
            .into_iter()
            .filter(|f| !f.cancelled)
            .filter(|f| team.is_none_or(|t| t == f.home.id || t == f.away.id))
            .map(|f| {
                (
                    f.id.to_string(),
                    format!("{} v {}, {}", f.home.name, f.away.name, f.date),
                )
            })
            .collect(),
        // A league with no season yet has no nights.
        Err(_) => Vec::new(),
    };
    Ok(Offered {
        games,
        older,
        nights,
    })
}

/// The begin form, as typed and refused.
fn begin_form(
    typed: &FormFields,
    refused: &FormRefusal,
    nights: Vec<(String, String)>,
) -> BeginForm {
    // Each variant's name in words ("Nine Card Don"), as its rules have it.
    let variants = Variant::NAMES
        .iter()
        .map(|n| {
            let title = Variant::default_for(n).map(|v| v.spec().title.to_string());
            (n.to_string(), title.unwrap_or(n.to_string()))
        })
        .collect();
    // The options of the variant chosen (as typed, else the one whose options were shown,
    // else the first).
    let known = |v: &str| Variant::default_for(&v.trim().to_lowercase());
    let shown = known(value(typed, "variant"))
        .or_else(|| known(value(typed, "options_of")))
        .or_else(|| Variant::default_for(Variant::NAMES[0]))
        .expect("the first variant is known");
    let options = variant_options(&shown, typed, refused);
    let options_open = options.iter().any(|o| match o {
        OptionField::Choice(c) => !c.chosen.is_empty() || c.error.is_some(),
        OptionField::Check(b) => b.checked || b.error.is_some(),
        OptionField::Number(i) => !i.value.trim().is_empty() || i.invalid,
    });
    let mut pitchers = vec![(String::new(), "typed at the table".to_string())];
    pitchers.extend(
        SEAT_INPUTS
            .iter()
            .map(|(s, _, _)| (s.letter().to_string(), s.letter().to_string())),
    );
    let fixture = (!nights.is_empty()).then(|| {
        let mut choices = vec![(String::new(), "none: a game on its own".to_string())];
        choices.extend(nights);
        Choose::new("fixture", "Played for the night", choices, typed, refused)
    });
    BeginForm {
        variant: Choose::new("variant", "Variant", variants, typed, refused),
        options_of: shown.name().to_string(),
        options_title: shown.spec().title.to_string(),
        options,
        seats: SEAT_INPUTS
            .iter()
            .map(|(_, name, label)| Input::text(name, label, typed, refused))
            .collect(),
        date: Input::date("date", "Date played (blank: today)", typed, refused),
        venue: Input::text("venue", "Where it is played", typed, refused),
        pitcher: Choose::new("pitcher", "Who pitches first", pitchers, typed, refused),
        fixture,
        options_open,
    }
}

/// A value as the rules take it from the form: a number, yes or no, none, or a word.
fn option_value(text: &str) -> OptionValue {
    match crate::app::game::begin::typed(text) {
        serde_json::Value::Number(n) => n.as_i64().map_or(OptionValue::Compound, OptionValue::Int),
        serde_json::Value::Bool(b) => OptionValue::Bool(b),
        serde_json::Value::Null => OptionValue::Null,
        serde_json::Value::String(s) => OptionValue::Str(s),
        _ => OptionValue::Compound,
    }
}

/// A value in words: `52`, `high`, `none`.
fn value_words(value: &OptionValue) -> String {
    match value {
        OptionValue::Str(s) => s.clone(),
        OptionValue::Null => "none".into(),
        other => other.to_string(),
    }
}

/// An option's words under its variant's name: its help without the variant's name (a
/// qualifier of it kept after), and its choices (in square brackets) apart.
pub fn option_words(help: &str) -> (String, Vec<String>) {
    let (text, choices) = match help.rfind(" [") {
        Some(at) if help.ends_with(']') => (
            &help[..at],
            help[at + 2..help.len() - 1]
                .split(", ")
                .map(str::to_string)
                .collect(),
        ),
        _ => (help, Vec::new()),
    };
    let mut titles = Variant::NAMES
        .iter()
        .filter_map(|n| Variant::default_for(n))
        .map(|v| v.spec().title);
    let mut label = text.to_string();
    if let Some((head, rest)) = text.split_once(": ") {
        if let Some(title) = titles.rfind(|t| head.starts_with(t)) {
            let qualifier = head[title.len()..].trim();
            label = match qualifier.is_empty() {
                true => rest.to_string(),
                false => format!("{rest} {qualifier}"),
            };
        }
    }
    let mut chars = label.chars();
    let label = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => label,
    };
    (label, choices)
}

/// An option's label for `title`'s form: a note in brackets about a variant (`(Game to Lose:
/// the losing score)`) is the label itself on that variant's form, and left out on another's.
fn for_variant(label: &str, title: &str) -> String {
    let titles = Variant::NAMES
        .iter()
        .filter_map(|n| Variant::default_for(n))
        .map(|v| v.spec().title);
    for other in titles {
        let open = format!(" ({other}: ");
        let Some(at) = label.find(&open) else {
            continue;
        };
        let Some(len) = label[at..].find(')') else {
            continue;
        };
        let note = &label[at + open.len()..at + len];
        return match other == title {
            true => {
                let mut chars = note.chars();
                chars
                    .next()
                    .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
            }
            false => format!("{}{}", &label[..at], &label[at + len + 1..]),
        };
    }
    label.to_string()
}

/// The rules options of `variant` as the begin form shows them: each of its values a choice
/// (only those this variant takes), yes or no a checkbox, a number a box; each saying what
/// the variant's own is.
fn variant_options(
    variant: &Variant,
    typed: &FormFields,
    refused: &FormRefusal,
) -> Vec<OptionField> {
    let defaults = variant.options();
    let own = |name: &str| {
        defaults
            .iter()
            .find(|(n, _)| *n == name)
            .map_or_else(|| "none".to_string(), |(_, v)| value_words(v))
    };
    options()
        .filter(|(name, _, _)| variant.has_option(name))
        .map(|(name, kind, help)| {
            let input = format!("opt_{name}");
            let (label, choices) = option_words(help);
            let label = for_variant(&label, variant.spec().title);
            let takes = |choice: &str| variant.clone().set(name, &option_value(choice)).is_ok();
            let choices: Vec<String> = choices.into_iter().filter(|c| takes(c)).collect();
            if kind == "BOOL" {
                return OptionField::Check(CheckBox {
                    label,
                    checked: crate::app::game::begin::typed(value(typed, &input))
                        == serde_json::Value::Bool(true),
                    error: refused.error(&input),
                    name: input,
                });
            }
            if choices.is_empty() {
                let label = format!("{label} (blank: {})", own(name));
                return OptionField::Number(Input::numeric(&input, &label, typed, refused));
            }
            let mut offered = vec![(String::new(), format!("its own: {}", own(name)))];
            offered.extend(choices.into_iter().map(|c| (c.clone(), c)));
            OptionField::Choice(Choose::new(&input, &label, offered, typed, refused))
        })
        .collect()
}

async fn page(
    shared: &Arc<Shared>,
    signed: &Signed,
    typed: &FormFields,
    refused: &FormRefusal,
) -> Result<Response, WebError> {
    let (league, name) = (shared.league.id, shared.league.name.clone());
    let actor = signed.session.link.actor();
    let offered = shared
        .read(move |app| offered(app, &actor, league, &name))
        .await?;
    let page = GamesPage {
        layout: crate::web::my::page::layout("Score a game", &shared.league.name),
        csrf: signed.session.csrf.clone(),
        who: signed.session.link.role.to_string(),
        games: offered.games,
        begin_key: form_key(),
        older: offered.older,
        form: begin_form(typed, refused, offered.nights),
        form_error: refused.form.clone(),
        refused_at: refused.fields.keys().min().cloned(),
    };
    let status = refused.status.unwrap_or(StatusCode::OK);
    Ok((status, Html(page.render()?)).into_response())
}

/// `GET /my/games`.
/// A scorer's link scores its one game: the list and the begin form are not theirs
/// ([`League`]).
pub async fn list(
    State(shared): State<Arc<Shared>>,
    League(signed): League<Signed>,
) -> Result<Response, WebError> {
    page(
        &shared,
        &signed,
        &FormFields::new(),
        &FormRefusal::default(),
    )
    .await
}

/// A new key for a begin form: 128 random bits in hex (none, if the system gives no random
/// bits: the form then begins a game each time it is sent).
fn form_key() -> String {
    let mut bytes = [0u8; 16];
    match getrandom::fill(&mut bytes) {
        Ok(()) => bytes.iter().map(|b| format!("{b:02x}")).collect(),
        Err(_) => String::new(),
    }
}

/// Why a link may not begin another game now, if it may not: it began [`GAMES_AN_HOUR`] in
/// the hour past, or its team (the secretary: the secretary) began [`GAMES_A_NIGHT`] for the
/// night. Asked on the writing connection's turn, so that forms sent at once are counted too.
fn too_many(
    app: &App,
    shared: &Shared,
    link: i64,
    team: Option<crate::league::TeamId>,
    fixture: Option<i64>,
) -> Result<Option<FormRefusal>, AppError> {
    let status = StatusCode::TOO_MANY_REQUESTS;
    if !shared.begins.may_begin(link, GAMES_AN_HOUR) {
        return Ok(Some(FormRefusal::form(
            status,
            format!("a link begins at most {GAMES_AN_HOUR} games an hour: carry on with a game begun already, or wait a while"),
        )));
    }
    if let Some(fixture) = fixture {
        let begun = app.web_games_of_night(fixture, team)?;
        if begun >= GAMES_A_NIGHT {
            return Ok(Some(FormRefusal::field(
                status,
                "fixture",
                format!("{GAMES_A_NIGHT} games have been begun for this night already: carry on with one of those"),
            )));
        }
    }
    Ok(None)
}

/// `POST /my/games`: a game begun, and on to its page; or the form again, refused beside the
/// field.
pub async fn begin(
    State(shared): State<Arc<Shared>>,
    League(Posted { signed, form }): League<Posted>,
) -> Result<Response, WebError> {
    // The form's own key (a new one each time the page is made): sent again, it opens the
    // game it began. Only the key the page sends is taken (none, when the system gave the page
    // no random bits).
    let key = form.get("begin").map(|k| k.trim()).unwrap_or("");
    if !key.is_empty()
        && (key.len() != KEY_DIGITS || !key.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
    {
        return Err(WebError::BadForm(
            "this form was not sent by the page that begins a game: open that page again and begin the game from there"
                .into(),
        ));
    }
    // "Show its options": the form again, as typed, with the variant's options (the way to
    // them without the page's script).
    if form.contains_key("show") {
        return page(&shared, &signed, &form, &FormRefusal::default()).await;
    }
    let form_key = (!key.is_empty()).then(|| format!("{}:{key}", signed.session.csrf));
    let (fields, pitcher, fixture) = match begin_fields(&form) {
        Ok(read) => read,
        Err(r) => return page(&shared, &signed, &form, &r).await,
    };
    let choice = Choice {
        league: Some(shared.league.name.clone()),
        season: None,
    };
    let variant = Variant::default_for(&fields.variant.trim().to_lowercase());
    let once = Arc::clone(&shared);
    let link = signed.session.link.id;
    let team = signed.session.link.actor().team;
    let begun = shared
        .write_as(&signed.session, Result::is_ok, move |app| {
            // Today as the server's clock has it for this request (see `state`).
            let today = app.today().format("%Y-%m-%d").to_string();
            let record = match new_web_record(&fields, &today) {
                Ok(record) => record,
                Err(e) => {
                    // Another variant's option (sent by hand: the form shows only the
                    // variant's own) is a fault of the variant chosen.
                    let input = match e.field {
                        Field::Option(name)
                            if !variant.as_ref().is_some_and(|v| v.has_option(name)) =>
                        {
                            "variant".to_string()
                        }
                        field => input_of(field),
                    };
                    return Ok(Err(FormRefusal::invalid(&input, e.message)));
                }
            };
            // Sent before: the game it began (what the app noted then is the first answer's).
            if let Some(game) = form_key.as_deref().and_then(|k| once.begun.get(k)) {
                return Ok(Ok((game, None)));
            }
            if let Some(refused) = too_many(app, &once, link, team, fixture)? {
                return Ok(Err(refused));
            }
            let begun = match GameToBegin::new(record, pitcher) {
                Ok(b) => b,
                Err(e) => return Ok(Err(refusal(&AppError::from(e)))),
            };
            let new = match app.web_game_new(&choice, fixture, begun) {
                Ok(new) => new,
                // Another program holds the database: the server's own refusal (503).
                Err(e) if e.kind() == ErrorKind::Busy => return Err(e),
                Err(e) => return Ok(Err(refusal(&e))),
            };
            if let Some(key) = form_key {
                once.begun.keep(key, new.game);
            }
            once.begins.began(link);
            let near = new.near.iter().map(|n| {
                format!(
                    "Note: {} is new here, a letter from {}, who has played before: was {} meant?",
                    n.given, n.known, n.known
                )
            });
            let notes = new.look_alike.iter().map(|w| format!("Note: {w}"));
            Ok(Ok((new.game, Some(notes.chain(near).collect()))))
        })
        .await?;
    match begun {
        Ok((game, notes)) => {
            if let Some(notes) = notes {
                shared.notes.keep(signed.session.csrf.clone(), notes);
            }
            Ok(see_other(&format!("/my/game/{game}")))
        }
        Err(r) => page(&shared, &signed, &form, &r).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variants_options_in_its_words_a_yes_or_no_one_unticked_for_its_own() {
        // A box left unticked sends nothing: the variant's own, which must be no.
        for name in Variant::NAMES {
            let variant = Variant::default_for(name).unwrap();
            for (option, kind, _) in options().filter(|(o, _, _)| variant.has_option(o)) {
                if kind == "BOOL" {
                    let own = variant.options().into_iter().find(|(o, _)| *o == option);
                    assert_eq!(
                        own.map(|(_, v)| v),
                        Some(OptionValue::Bool(false)),
                        "{name} {option}"
                    );
                }
            }
        }
        assert_eq!(
            option_words("Irish Don (prison rules): the pitcher may pass the pitch"),
            (
                "The pitcher may pass the pitch (prison rules)".to_string(),
                vec![]
            )
        );
        assert_eq!(
            option_words("Irish Don: the pack [52, 48, 44]"),
            (
                "The pack".to_string(),
                vec!["52".into(), "48".into(), "44".into()]
            )
        );
        let target = "The target score (Game to Lose: the losing score)";
        assert_eq!(for_variant(target, "Game to Lose"), "The losing score");
        assert_eq!(for_variant(target, "Phat"), "The target score");
    }
}
