//! A night's page, for the one signed in: who the one asking is on it, where it stands in the
//! words of a captain (whose move it is is the league's rule, read by `app`), its card (each
//! match's legs beside its name), and the forms they may send: enter it, confirm or dispute
//! it, move it.

use askama::Template;

use super::entry::{as_it_stands, rows, Row};
use super::form::{Choose, FormFields, FormRefusal, Input};
use crate::app::night::of::{Enterer, NightOf};
use crate::app::night::{result_words, NightNote};
use crate::app::view::{Link, NightView};
use crate::app::Fixture;
use crate::league::confirm::{Move, Viewer};
use crate::league::night::NightWarning;
use crate::league::{Confirmation, HomeAway, Kind, NightResult, Pair, TeamId};
use crate::publish::kind_name;
use crate::publish::view::Layout;

/// A match of the card.
pub struct CardRow {
    pub name: String,
    pub legs: String,
    pub home: String,
    pub away: String,
    pub scores: String,
}

/// A row of the entry form: a match's name, its players' inputs a side, its legs.
pub struct RowForm {
    pub name: String,
    pub home: Vec<Input>,
    pub away: Vec<Input>,
    pub legs: Vec<Input>,
}

pub struct EntryForm {
    pub rows: Vec<RowForm>,
    pub new_players: Input,
    pub totals: Vec<Input>,
    pub walkover: Choose,
    /// The secretary's: for which team it is entered.
    pub entered_for: Option<Choose>,
    /// The form posted (`totals`, `walkover`), shown open when it is given back.
    pub posted: String,
    /// The secretary's correction of the night as it stands (`/correct`), not its entry.
    pub correcting: bool,
    pub rosters: [(String, Vec<String>); 2],
}

/// Confirm or dispute the night.
pub struct SettleForm {
    pub reason: Input,
    /// The secretary's: for which team.
    pub by: Option<Choose>,
    pub settling: bool,
}

#[derive(Template)]
#[template(path = "my/night.html")]
pub struct NightPage {
    pub layout: Layout,
    pub id: i64,
    pub csrf: String,
    pub done: Option<String>,
    /// What the app noted on the way of the change just done (a player put on a roster, a
    /// fixture moved to the night's date).
    pub notes: Vec<String>,
    pub form_error: Option<String>,
    /// Each input refused (its id) and what was refused in it, in the order of the page:
    /// listed at its top, each linked to its input (the first one focused).
    pub refused: Vec<(String, String)>,
    pub home: String,
    pub away: String,
    /// The night's date as the lists show it ("Thu 4 Sep 2025"), and its season's name.
    pub when: String,
    pub season: String,
    pub facts: Vec<String>,
    pub card: Vec<CardRow>,
    pub entry: Option<EntryForm>,
    /// The secretary's: the night with a result corrected.
    pub correct: Option<EntryForm>,
    pub settle: Option<SettleForm>,
    pub mover: Option<Input>,
}

/// A date as the pages of `/my/` show it: "Thu 4 Sep 2025".
pub fn day(date: chrono::NaiveDate) -> String {
    date.format("%a %-d %b %Y").to_string()
}

/// Who is asking, on a night: the captain of `team`, or the secretary (no team).
pub fn viewer(team: Option<TeamId>, f: &Fixture) -> Viewer {
    match team {
        None => Viewer::Secretary,
        Some(t) if t == f.home.id => Viewer::Captain(HomeAway::Home),
        Some(t) if t == f.away.id => Viewer::Captain(HomeAway::Away),
        Some(_) => Viewer::Outsider,
    }
}

/// Where a night stands, for the one asking (a night the secretary entered for their team is
/// not said to be entered by them); and whether it waits on them.
pub fn state(
    f: &Fixture,
    (whose, enterer): (Move, Option<Enterer>),
    viewer: Viewer,
) -> (String, bool) {
    let mine = |side: HomeAway| viewer == Viewer::Captain(side);
    let by_you = match enterer {
        Some(Enterer::Secretary) => " for you by the secretary",
        _ => " by you",
    };
    let name = |side: HomeAway| match side {
        HomeAway::Home => &f.home.name,
        HomeAway::Away => &f.away.name,
    };
    let words = match whose {
        Move::Cancelled => "cancelled".into(),
        Move::ToEnter => "to enter".into(),
        Move::ToPlay => "to play".into(),
        Move::Confirmed => "confirmed".into(),
        Move::Entering { by } if mine(by) => format!("being entered{by_you}: not complete yet"),
        Move::Entering { by } => format!("being entered for {}: not complete yet", name(by)),
        Move::ToConfirm { entered_by } if mine(entered_by) => {
            format!("entered{by_you}, waiting for the other captain")
        }
        Move::ToConfirm { entered_by } if viewer == Viewer::Secretary => format!(
            "entered for {}, waiting for {}",
            name(entered_by),
            name(entered_by.other())
        ),
        Move::ToConfirm { .. } => "waiting for your confirmation".into(),
        Move::Disputed { by } => format!("disputed by {}", name(by)),
    };
    (words, whose.waits_on(viewer))
}

/// The words of a `?done=` after a change: the one clear message of a submit.
pub fn done_words(done: &str) -> Option<String> {
    Some(
        match done {
            "entered" => "Saved: the night is entered.",
            "confirmed" => "Saved: the night is confirmed.",
            "disputed" => "Saved: the night is disputed; the secretary will settle it.",
            "moved" => "Saved: the fixture is moved.",
            "corrected" => "Saved: the night is corrected.",
            "adjusted" => "Saved: the points are adjusted.",
            "withdrawn" => "Saved: the team is withdrawn.",
            _ => return None,
        }
        .to_string(),
    )
}

/// What the app noted on the way of a change, in a captain's words: a sentence each.
pub fn note_words(note: &NightNote) -> String {
    let day = |d: &chrono::NaiveDate| day(*d);
    match note {
        NightNote::Twice(NightWarning::PlayerTwice {
            name,
            kind,
            first,
            second,
            ..
        }) => {
            let kind = kind_name(*kind);
            format!(
                "{name} plays in both {kind} {first} and {kind} {second}. That is allowed, \
                 but check it is right."
            )
        }
        NightNote::Added { player, team } => {
            format!("{player} was not on the roster of {team}, and now is.")
        }
        NightNote::LookAlike { name, .. } => format!(
            "{name} is new to the league, and only looks like the name of a player it knows: \
             check the name."
        ),
        NightNote::Waiting {
            player,
            team,
            contest,
        } => format!(
            "{player} is not on the roster of {team} yet, and joins it when {team}'s captain \
             confirms the {contest}."
        ),
        NightNote::Joined {
            player,
            team,
            contest,
        } => {
            format!("{player} joins the roster of {team}, now that the {contest} is confirmed.")
        }
        NightNote::Moved { from, to, .. } => format!(
            "The fixture was on {}: it is moved to the night's date, {}.",
            day(from),
            day(to)
        ),
        NightNote::FixtureAdded { home, away, date } => format!(
            "There was no fixture {home} v {away}: one is added on {}.",
            day(date)
        ),
        NightNote::Uncancelled(_) => "The fixture was cancelled: it is played after all.".into(),
        NightNote::TakenBack { kind, slot } => {
            format!("{} {slot} was taken back meanwhile.", kind_name(*kind))
        }
        NightNote::TakenOff {
            player,
            team,
            kind,
            slot,
        } => format!(
            "{player} was on the roster of {team} only because of {} {slot} as it stood, and \
             is taken off it.",
            kind_name(*kind)
        ),
        NightNote::EnteredElsewhere { kind, slot, .. } => format!(
            "{} {slot} was entered meanwhile, by someone else.",
            kind_name(*kind)
        ),
    }
}

/// The card: the night's view ([`NightView`]), each match named in the site's words.
fn card(n: &NightOf) -> Vec<CardRow> {
    let view = NightView::of(&n.fixture, &n.season);
    let rows = rows(&n.season.config);
    let card = rows.iter().zip(view.matches).map(|(r, m)| {
        let players = |side: &[Link]| match m.legs {
            None => "—".to_string(),
            Some(_) => side
                .iter()
                .map(|p| p.text.as_str())
                .collect::<Vec<_>>()
                .join(" & "),
        };
        CardRow {
            name: format!("{} {}", kind_name(r.kind), r.slot),
            legs: m.legs_words().to_string(),
            home: players(&m.home),
            away: players(&m.away),
            scores: m
                .leg_scores
                .iter()
                .map(|l| l.score.as_str())
                .collect::<Vec<_>>()
                .join(" "),
        }
    });
    card.collect()
}

fn sides(
    n: &NightOf,
    typed: &FormFields,
    refused: &FormRefusal,
    name: &str,
    label: &str,
) -> Choose {
    let choices = HomeAway::BOTH
        .map(|s| (s.to_string(), n.team(s).to_string()))
        .to_vec();
    Choose::new(name, label, choices, typed, refused)
}

/// Whether the one asking may enter (more of) the night.
fn may_enter(n: &NightOf, viewer: Viewer) -> bool {
    let f = &n.fixture;
    if captain_shut_out(n, viewer) {
        return false;
    }
    match (&f.result, &f.confirmation, viewer) {
        (_, _, Viewer::Outsider) => false,
        (None, _, _) => true,
        (Some(NightResult::Matches(_)), Confirmation::Provisional { entered_by }, v) => {
            !n.done() && (v == Viewer::Secretary || v == Viewer::Captain(*entered_by))
        }
        _ => false,
    }
}

fn entry_form(n: &NightOf, viewer: Viewer, typed: &FormFields, refused: &FormRefusal) -> EntryForm {
    // (A form given back keeps every row, as typed; a correction shows every row.)
    let correcting = typed.contains_key("correct");
    let entered: Vec<(Kind, u32)> = match &n.fixture.result {
        Some(NightResult::Matches(ms)) if !typed.contains_key("how") && !correcting => {
            ms.iter().map(|m| (m.kind, m.slot)).collect()
        }
        _ => Vec::new(),
    };
    // A match entered already is on the card, not in the form.
    let left: Vec<Row> = rows(&n.season.config)
        .into_iter()
        .filter(|r| !entered.contains(&(r.kind, r.slot)))
        .collect();
    let teams = Pair::new(
        n.team(HomeAway::Home).to_string(),
        n.team(HomeAway::Away).to_string(),
    );
    let form_rows = row_forms(&left, &teams, typed, refused);
    let totals = HomeAway::BOTH
        .map(|s| {
            let label = format!("Matches won by {}", n.team(s));
            Input::numeric(&format!("totals_{s}"), &label, typed, refused)
        })
        .to_vec();
    EntryForm {
        rows: form_rows,
        new_players: Input::text(
            "new_players",
            "New players (names new to a roster, separated by commas)",
            typed,
            refused,
        ),
        totals,
        walkover: sides(n, typed, refused, "walkover", "The team that turned up"),
        entered_for: (viewer == Viewer::Secretary && !correcting)
            .then(|| sides(n, typed, refused, "for", "Entered for")),
        posted: super::form::value(typed, "how").to_string(),
        correcting,
        rosters: [
            ("home-players".into(), n.rosters.home.clone()),
            ("away-players".into(), n.rosters.away.clone()),
        ],
    }
}

/// The rows of an entry form (a night's, or a cup's team tie's, whose matches are a night's):
/// each match's players' inputs a side (`teams`, home first, name them) and its legs, as typed
/// and refused.
pub fn row_forms(
    rows: &[Row],
    teams: &Pair<String>,
    typed: &FormFields,
    refused: &FormRefusal,
) -> Vec<RowForm> {
    rows.iter()
        .map(|r| {
            let players = |side: HomeAway, list: &str| -> Vec<Input> {
                (1..=r.players)
                    .map(|i| {
                        let label = format!("{} player {i}", teams[side]);
                        Input::text(&r.player(side, i), &label, typed, refused).list(list)
                    })
                    .collect()
            };
            RowForm {
                name: format!("{} {}", kind_name(r.kind), r.slot),
                home: players(HomeAway::Home, "home-players"),
                away: players(HomeAway::Away, "away-players"),
                legs: HomeAway::BOTH
                    .map(|s| {
                        let label = format!("Legs {}", teams[s]);
                        Input::numeric(&r.legs(s), &label, typed, refused)
                    })
                    .to_vec(),
            }
        })
        .collect()
}

/// Whether the one asking is a captain and the night not theirs to act on (cancelled, not due,
/// of a past season): the page offers them no form, and its posts are refused by the app.
fn captain_shut_out(n: &NightOf, viewer: Viewer) -> bool {
    matches!(viewer, Viewer::Captain(_)) && n.closed_to_captains.is_some()
}

fn settle_form(
    n: &NightOf,
    viewer: Viewer,
    typed: &FormFields,
    refused: &FormRefusal,
) -> Option<SettleForm> {
    if !n.done() || captain_shut_out(n, viewer) {
        return None;
    }
    let (shown, settling) = match (&n.fixture.confirmation, viewer) {
        (_, Viewer::Outsider) => (false, false),
        (Confirmation::Disputed { .. }, Viewer::Secretary) => (true, true),
        (Confirmation::Provisional { .. }, Viewer::Secretary) => (true, false),
        (Confirmation::Provisional { entered_by }, Viewer::Captain(side)) => {
            (side != *entered_by, false)
        }
        _ => (false, false),
    };
    shown.then(|| SettleForm {
        reason: Input::text("reason", "Why the result is wrong", typed, refused),
        by: (viewer == Viewer::Secretary).then(|| for_the_team(n, typed, refused)),
        settling,
    })
}

/// The secretary's "For the team" of a confirmation or a dispute: only the teams that may
/// (not the one that entered the night), the one whose move it is chosen (the team that
/// disputed it, or the one to confirm it), so that settling works as the page first offers it.
fn for_the_team(n: &NightOf, typed: &FormFields, refused: &FormRefusal) -> Choose {
    let confirmation = &n.fixture.confirmation;
    let entered = crate::league::confirm::entered_by(confirmation);
    let mut c = sides(n, typed, refused, "by", "For the team");
    c.choices
        .retain(|(side, _)| entered.map(|s| s.to_string()).as_ref() != Some(side));
    let due = match confirmation {
        Confirmation::Disputed { by, .. } => Some(*by),
        Confirmation::Provisional { entered_by } => Some(entered_by.other()),
        Confirmation::Confirmed => None,
    };
    if let (true, Some(side)) = (c.chosen.is_empty(), due) {
        c.chosen = side.to_string();
    }
    c
}

/// The page of a night for `viewer`, with its forms as typed and refused.
pub fn night_page(
    n: &NightOf,
    viewer: Viewer,
    (csrf, done, notes): (&str, Option<&str>, Vec<String>),
    typed: &FormFields,
    refused: &FormRefusal,
) -> NightPage {
    let f = &n.fixture;
    let title = format!("{} v {}", f.home.name, f.away.name);
    let layout = super::page::layout(&title, &n.league.name);
    let (words, _) = state(f, (n.whose_move, n.enterer), viewer);
    let mut facts = vec![format!("State: {words}")];
    if f.result.is_some() {
        facts.push(format!(
            "Result: {} {} {}",
            f.home.name,
            result_words(f, &n.season.config),
            f.away.name
        ));
    }
    if let Confirmation::Disputed { reason, .. } = &f.confirmation {
        facts.push(format!("Why it is disputed: {reason}"));
    }
    // Names the entering team's captain typed for the other side wait for it to confirm.
    if let (Some(NightResult::Matches(ms)), Confirmation::Provisional { entered_by }) =
        (&f.result, &f.confirmation)
    {
        let other = entered_by.other();
        let waiting = crate::app::night::players::waiting_names(&n.rosters, ms);
        if !waiting[other].is_empty() {
            facts.push(format!(
                "Named for {} by the captain of {}, joining {}'s roster when it confirms the night: {}",
                n.team(other),
                n.team(*entered_by),
                n.team(other),
                waiting[other].join(", ")
            ));
        }
    }
    if let (Viewer::Captain(_), Some(why)) = (viewer, &n.closed_to_captains) {
        facts.push(format!("Not yours to enter or settle: {why}."));
    }
    let mut page = NightPage {
        layout,
        id: f.id,
        csrf: csrf.to_string(),
        done: done.and_then(done_words),
        notes,
        form_error: refused.form.clone(),
        refused: Vec::new(),
        home: f.home.name.clone(),
        away: f.away.name.clone(),
        when: day(f.date),
        season: n.season.name.clone(),
        facts,
        card: card(n),
        // An entry refused is given back as typed, even when the night has meanwhile been
        // entered by the other side.
        entry: (viewer != Viewer::Outsider
            && !captain_shut_out(n, viewer)
            && !typed.contains_key("correct")
            && (may_enter(n, viewer) || typed.contains_key("how")))
        .then(|| entry_form(n, viewer, typed, refused)),
        correct: None,
        settle: settle_form(n, viewer, typed, refused),
        mover: (viewer == Viewer::Secretary
            && (f.result.is_none() || refused.fields.contains_key("date")))
        .then(|| Input::date("date", "Move it to", typed, refused)),
    };
    // The secretary corrects a night with a result (not one being entered: that is entered).
    if viewer == Viewer::Secretary && f.result.is_some() && page.entry.is_none() {
        page.correct = Some(match typed.contains_key("correct") {
            true => entry_form(n, viewer, typed, refused),
            false => {
                let mut stands = as_it_stands(n);
                stands.insert("correct".into(), String::new());
                entry_form(n, viewer, &stands, &FormRefusal::default())
            }
        });
    }
    page.refused = Refused::of(&mut page);
    page
}

/// The refusals of a page, in its order: each input's id and its label with the refusal.
#[derive(Default)]
struct Refused(Vec<(String, String)>);

impl Refused {
    fn said(&mut self, (name, label, error): (&str, &str, &str), within: Option<&str>) -> bool {
        let first = self.0.is_empty();
        let words = match within {
            Some(row) => format!("{row}, {label}: {error}"),
            None => format!("{label}: {error}"),
        };
        self.0.push((name.to_string(), words));
        first
    }

    fn input(&mut self, i: &mut Input, within: Option<&str>) {
        if let Some(e) = &i.error {
            i.autofocus = self.said((&i.name, &i.label, e), within);
        }
    }

    fn choose(&mut self, c: &mut Choose) {
        if let Some(e) = &c.error {
            c.autofocus = self.said((&c.name, &c.label, e), None);
        }
    }

    /// Every refusal beside an input of `page`, the first input focused.
    fn of(page: &mut NightPage) -> Vec<(String, String)> {
        let mut r = Refused::default();
        if let Some(s) = &mut page.settle {
            if let Some(c) = &mut s.by {
                r.choose(c);
            }
            r.input(&mut s.reason, None);
        }
        for e in page.entry.iter_mut().chain(&mut page.correct) {
            if let Some(c) = &mut e.entered_for {
                r.choose(c);
            }
            for row in &mut e.rows {
                let inputs = row
                    .home
                    .iter_mut()
                    .chain(&mut row.away)
                    .chain(&mut row.legs);
                for i in inputs {
                    r.input(i, Some(&row.name));
                }
            }
            r.input(&mut e.new_players, None);
            for i in &mut e.totals {
                r.input(i, None);
            }
            r.choose(&mut e.walkover);
        }
        if let Some(i) = &mut page.mover {
            r.input(i, None);
        }
        r.0
    }
}
