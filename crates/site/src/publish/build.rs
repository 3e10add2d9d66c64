//! Making the site's pages from what the app reads of the league ([`read_site`]): one pass over
//! its seasons, then a page at a time. Links are relative (`../team/royal-oak.html`), so the site works from disk.

use super::site::{PublishError, Site};
use crate::app::view::site::{SiteRead, SiteSeason};
use crate::app::view::{Link, SheetView, Target};
use crate::league::names::name_key;
use crate::league::stats::{complete_nights_only, stats, Filter};
use crate::league::{standings, NightResult, SeasonRecord, TeamId};
use crate::publish::page::{kind_name, Loaded, Names, Pages};
use crate::publish::slug::Slugs;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The site of a league, made from what the app read of it ([`crate::app::App::site_read`]):
/// one state of the database, its front page showing the season the read chose.
pub fn site(site: SiteRead) -> Result<Site, PublishError> {
    let SiteRead {
        league,
        front,
        state: _,
        seasons: read,
        teams: mut by_age,
        former_team_names,
        players_by_age,
        history: told,
        other_sheets,
    } = site;
    let (league, front) = (&league, front.as_ref());
    let mut seasons = Vec::new();
    let mut season_slugs = Slugs::default();
    for SiteSeason {
        info,
        read,
        entries,
        cups,
    } in read
    {
        let mut cup_slugs = Slugs::default();
        let cup_slugs: HashMap<i64, String> = cups
            .iter()
            .map(|c| (c.id, cup_slugs.take(&c.name)))
            .collect();
        let table = standings(&read.season);
        let divisions = if read.season.divisions.is_empty() {
            Vec::new()
        } else {
            crate::app::view::standings::division_tables(&read.season, false, None)
                .unwrap_or_default()
        };
        // The figures count the nights the table counts, as `don stats` does.
        let counted = complete_nights_only(&read.season).0;
        let figures = stats(std::slice::from_ref(&counted), &Filter::default());
        seasons.push(Loaded {
            by_player: figures.by_player(),
            figures,
            slug: season_slugs.take(&info.name),
            fixtures: read.fixtures,
            entries,
            info,
            season: read.season,
            sheets: read.sheets,
            table,
            cups,
            cup_slugs,
            divisions,
        });
    }
    // The seasons oldest first, as `don history` tells them: by their end (the last dated
    // night, else what the name says), a season with none known last; then as made. Past
    // seasons are often imported after the present one.
    seasons.sort_by_key(|s| {
        let last = s
            .fixtures
            .iter()
            .filter(|f| !f.cancelled && !f.undated)
            .map(|f| f.date)
            .max();
        let end = crate::league::fixtures::season_end(&s.info.name, last);
        (end.is_none(), end, s.info.id)
    });
    // Slugs are handed out oldest first, so a team or player added later never takes the file
    // name of one already published (and a phone's calendar stays the same team's). A team's
    // slug is its first name's, so a rename never moves its pages; the addresses of its later
    // names (today's too: where a publish before put it) go on answering, taken last so that
    // no team's own is ever one of them.
    let team_names: HashMap<TeamId, String> =
        by_age.iter().map(|t| (t.id, t.name.clone())).collect();
    by_age.sort_by_key(|t| t.id);
    let first_name = |t: &crate::app::TeamInfo| {
        former_team_names
            .get(&t.id)
            .and_then(|f| f.first())
            .unwrap_or(&t.name)
            .clone()
    };
    let mut team_slugs = Slugs::default();
    let teams: HashMap<TeamId, String> = by_age
        .iter()
        .map(|t| (t.id, team_slugs.take(&first_name(t))))
        .collect();
    // Each team's slugs of before: its own, then those of every name it has borne, as
    // publishes before made them by its name then.
    let mut borne_slugs: HashMap<TeamId, Vec<String>> = teams
        .iter()
        .map(|(id, slug)| (*id, vec![slug.clone()]))
        .collect();
    let mut moved: Vec<Moved> = Vec::new();
    for t in &by_age {
        let borne = former_team_names.get(&t.id).into_iter().flatten();
        for name in borne.chain([&t.name]) {
            if let Some(old) = team_slugs.take_free(name) {
                let new = &teams[&t.id];
                borne_slugs.entry(t.id).or_default().push(old.clone());
                for ext in ["html", "ics"] {
                    moved.push(Moved {
                        from: format!("team/{old}.{ext}"),
                        to: format!("team/{new}.{ext}"),
                        title: t.name.clone(),
                    });
                }
            }
        }
    }
    // Every player named on a roster or in a match, by name key, in the order they first
    // appear (oldest season first); slugs are handed out oldest player first, as teams' are,
    // by when each came into this league (a player known earlier in another league is new
    // here).
    let mut met: Vec<(String, String)> = Vec::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut meet = |name: &String| {
        let key = name_key(name);
        if seen.insert(key.clone()) {
            met.push((key, name.clone()));
        }
    };
    for s in &seasons {
        for e in &s.entries {
            e.roster.iter().for_each(&mut meet);
        }
        for n in &s.season.nights {
            if let NightResult::Matches(ms) = &n.result {
                for m in ms {
                    m.players
                        .home
                        .iter()
                        .chain(&m.players.away)
                        .for_each(&mut meet);
                }
            }
        }
    }
    let mut age: HashMap<String, usize> = HashMap::new();
    for (i, name) in players_by_age.iter().enumerate() {
        age.entry(name_key(name)).or_insert(i);
    }
    met.sort_by_key(|(key, _)| age.get(key).copied().unwrap_or(usize::MAX));
    let mut player_slugs = Slugs::default();
    let players: BTreeMap<String, (String, String)> = met
        .into_iter()
        .map(|(key, name)| (key, (player_slugs.take(&name), name)))
        .collect();
    let mut names = Names {
        league: league.name.clone(),
        teams,
        players,
        nights: HashMap::new(),
        games: BTreeMap::new(),
    };
    let night_slug = |f: &crate::app::Fixture, slugs: &HashMap<TeamId, String>| {
        format!(
            "{}-{}-v-{}",
            f.date,
            slugs.get(&f.home.id).map_or("", String::as_str),
            slugs.get(&f.away.id).map_or("", String::as_str)
        )
    };
    for s in &seasons {
        let mut night_slugs = Slugs::default();
        let played = || s.fixtures.iter().filter(|f| f.result.is_some());
        for f in played() {
            let slug = night_slugs.take(&night_slug(f, &names.teams));
            let page = format!("{}/night/{slug}.html", s.dir());
            if let Some(NightResult::Matches(ms)) = &f.result {
                for m in ms {
                    for (i, leg) in m.leg_scores.iter().enumerate() {
                        if let Some(g) = leg.game {
                            let what = format!(
                                "{} v {}, {} {} leg {}",
                                f.home.name,
                                f.away.name,
                                kind_name(m.kind),
                                m.slot,
                                i + 1
                            );
                            names.games.insert(g, (f.id, what));
                        }
                    }
                }
            }
            names.nights.insert(f.id, page);
        }
        // A night's addresses by other names its teams have borne, where a publish before put
        // it.
        let none = Vec::new();
        for f in played() {
            let home = borne_slugs.get(&f.home.id).unwrap_or(&none);
            let away = borne_slugs.get(&f.away.id).unwrap_or(&none);
            for (h, a) in home.iter().flat_map(|h| away.iter().map(move |a| (h, a))) {
                let slug = format!("{}-{h}-v-{a}", f.date);
                if let Some(old) = night_slugs.take_free(&slug) {
                    moved.push(Moved {
                        from: format!("{}/night/{old}.html", s.dir()),
                        to: names.nights[&f.id].clone(),
                        title: format!("{} v {}", f.home.name, f.away.name),
                    });
                }
            }
        }
    }
    let front = match front {
        Some(f) => seasons.iter().position(|s| s.info.id == f.id),
        None => seasons.len().checked_sub(1),
    };
    let mut out = Pages {
        names: &names,
        site: Site {
            front: front.map(|i| seasons[i].dir()),
            ..Site::default()
        },
        front: front.map(|i| &seasons[i]),
    };
    out.file(
        "style.css",
        include_str!("../../templates/style.css").into(),
    );
    out.front_page(&seasons)?;
    out.archive(&seasons)?;
    out.history(&told, &team_names, &seasons)?;
    for s in &seasons {
        out.season(s, &seasons)?;
        out.confirmed(s)?;
        for cup in &s.cups {
            out.cup(s, cup)?;
        }
        for f in s.fixtures.iter().filter(|f| f.result.is_some()) {
            out.night(s, f)?;
        }
    }
    for (game, (night, what)) in &names.games {
        let Some(sheet) = seasons
            .iter()
            .find_map(|s| s.sheets.get(*game))
            .or_else(|| other_sheets.get(game))
        else {
            continue;
        };
        let played_for = Link {
            text: what.clone(),
            to: Target::Night(*night),
        };
        out.game(&SheetView::of(sheet), *game, &played_for)?;
    }
    let mut team_ids: Vec<(&String, &TeamId)> = names.teams.iter().map(|(id, s)| (s, id)).collect();
    team_ids.sort();
    out.teams_page(&team_ids, &team_names)?;
    for (_, id) in &team_ids {
        out.team(**id, &team_names[id], &seasons)?;
    }
    out.players_page()?;
    let all: Vec<SeasonRecord> = seasons
        .iter()
        .map(|s| complete_nights_only(&s.season).0)
        .collect();
    let every_season = stats(&all, &Filter::default()).by_player();
    for (key, (slug, name)) in &names.players {
        out.player(key, slug, name, &seasons, &every_season)?;
    }
    // Last, the old addresses: a page that says where its page is now, a calendar as it is.
    for m in &moved {
        out.moved(m)?;
    }
    Ok(out.site)
}

/// An address a page of the site had, which goes on answering: `from` is now `to` (both from
/// the site's root), the page titled `title`.
pub(crate) struct Moved {
    pub(crate) from: String,
    pub(crate) to: String,
    pub(crate) title: String,
}
