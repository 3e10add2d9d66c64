//! `don stats`: players' and partnerships' figures per kind of game, and leaderboards.

use std::io::{self, BufWriter, Write};

use comfy_table::{presets::UTF8_FULL_CONDENSED, CellAlignment, Table};
use serde_json::json;

use don::app::league::stats::{Figures, FiguresAsked};
use don::app::view::stats::FiguresView;
use don::league::stats::{Filter, Ranking, StatLine, LEAST_HANDS};
use don::league::Kind;

use super::context::{Cx, Scope};
use super::error::{CliError, Exit};
use super::text::{count, shown};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    MatchesWon,
    WinRate,
    LegsWon,
    PointsPerHand,
}

impl By {
    fn ranking(self) -> Ranking {
        match self {
            By::MatchesWon => Ranking::MatchesWon,
            By::WinRate => Ranking::WinRate,
            By::LegsWon => Ranking::LegsWon,
            By::PointsPerHand => Ranking::PointsPerHand,
        }
    }
}

#[derive(clap::Args)]
#[command(after_help = "Examples:
  don stats --player 'Gareth Jones'
  don stats --kind don --partnerships
  don stats --top 10 --by win-rate --min-matches 6
  don stats --all-seasons --team 'Royal Oak' --json",
    mut_arg("season", |a| a.help("The season [default: the current one, whose fixtures' dates hold today, else the latest by dates]")))]
pub struct StatsArgs {
    #[command(flatten)]
    scope: Scope,
    /// Every season of the league, not one
    #[arg(long, conflicts_with = "season")]
    all_seasons: bool,
    /// Only this player (and the partnerships they played in)
    #[arg(long)]
    player: Option<String>,
    /// Only this kind of game: don, double-crib or single-crib
    #[arg(long)]
    kind: Option<String>,
    /// Only this team's players
    #[arg(long)]
    team: Option<String>,
    /// Partnerships instead of players
    #[arg(long)]
    partnerships: bool,
    /// A leaderboard: the best N
    #[arg(long, value_name = "N")]
    top: Option<usize>,
    /// What the leaderboard ranks by
    #[arg(long, value_enum, default_value = "matches-won", requires = "top")]
    by: By,
    /// For the win rate: only those who played at least this many matches
    #[arg(long, default_value_t = 3, value_name = "N")]
    min_matches: u32,
    /// As JSON: an array of lines
    #[arg(long)]
    json: bool,
}

pub fn run(args: StatsArgs) -> Result<Exit, CliError> {
    if args.top == Some(0) {
        return Err(CliError::Usage(
            "--top must be at least 1: it is how many lines the leaderboard shows".into(),
        ));
    }
    let cx = Cx::read(&args.scope)?;
    let app = &cx.app;
    let (league, seasons) = if args.all_seasons {
        let league = cx.league()?;
        let seasons = app.seasons(league)?.into_iter().map(|s| s.season);
        (league, seasons.collect())
    } else {
        let (league, season) = cx.both()?;
        (league, vec![season.clone()])
    };
    let kind = args
        .kind
        .as_deref()
        .map(str::parse::<Kind>)
        .transpose()
        .map_err(|e| CliError::Usage(format!("--kind: {e}")))?;
    let asked = FiguresAsked {
        filter: Filter {
            player: args.player.clone(),
            kind,
            team: args.team.clone(),
        },
        partnerships: args.partnerships,
        top: args.top.map(|n| (n, args.by.ranking())),
        min_matches: args.min_matches,
    };
    let (shown_lines, any, left_out, withdrawn) = match app.figures(league, &seasons, &asked)? {
        Figures::UnknownPlayer(words) => {
            let paint = super::colour::Paint::stderr();
            eprintln!("don: {}: {}", paint.error(), shown(&words));
            return Ok(Exit::BadData);
        }
        Figures::Lines {
            lines,
            any,
            left_out,
            withdrawn,
        } => (lines, any, left_out, withdrawn),
    };
    let shown_lines: Vec<&StatLine> = shown_lines.iter().collect();
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        let list: Vec<_> = shown_lines.iter().map(|l| line_json(l)).collect();
        out.write_all(
            don::record::text::terminal_safe_json(&list)
                .map_err(io::Error::from)?
                .as_bytes(),
        )?;
        writeln!(out)?;
    } else if shown_lines.is_empty() && any && args.by == By::PointsPerHand {
        writeln!(
            out,
            "Nobody qualifies: points a hand counts those with at least {} recorded (legs scored with `don play`), and nobody here has played enough hands.",
            count(LEAST_HANDS, "hand", "hands")
        )?;
    } else if shown_lines.is_empty() && any {
        writeln!(
            out,
            "Nobody qualifies: the win rate counts those with at least {} (--min-matches).",
            count(args.min_matches, "match", "matches")
        )?;
    } else if shown_lines.is_empty() {
        writeln!(out, "No matches with players recorded.")?;
    } else {
        let seasons: Vec<&str> = seasons.iter().map(|s| s.name.as_str()).collect();
        // With --kind the kind is said once here, not on every line.
        let of_kind = kind.map_or_else(String::new, |k| format!(", {k}"));
        writeln!(
            out,
            "{} {}{of_kind}",
            shown(&league.name),
            shown(&seasons.join(", "))
        )?;
        let who = if args.partnerships {
            "Partnership"
        } else {
            "Player"
        };
        let view = FiguresView::of(shown_lines, who);
        writeln!(out, "{}", table(&view, args.top.is_some(), kind.is_some()))?;
    }
    if !args.json && !left_out.is_empty() {
        writeln!(
            out,
            "Left out, as the table leaves them out until they are complete: {}.",
            shown(&left_out.join("; "))
        )?;
    }
    if !args.json && !withdrawn.is_empty() {
        writeln!(
            out,
            "Counted, though the table leaves them out: {}.",
            shown(&withdrawn.join("; "))
        )?;
    }
    out.flush()?;
    Ok(Exit::Ok)
}

fn line_json(l: &StatLine) -> serde_json::Value {
    json!({
        "who": l.who.name(), "kind": l.kind.as_str(), "team": l.team, "matches": l.matches,
        "matches_won": l.matches_won, "legs": l.legs, "legs_won": l.legs_won,
        "engine_legs": l.engine_legs, "hands": l.hands, "points": l.points,
        "points_per_hand": l.points_per_hand(),
    })
}

/// The figures as a table. Columns that would say the same on every line are left out: the
/// kind when `--kind` names it (the heading says it), the hands and points a hand when no line
/// has a hand recorded.
fn table(view: &FiguresView, ranked: bool, one_kind: bool) -> Table {
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED);
    let hands = view.any_hands();
    let mut header = vec![view.who, "Team"];
    if !one_kind {
        header.push("Kind");
    }
    header.extend(["Matches", "Won", "Win %", "Legs", "Legs won"]);
    if hands {
        header.extend(["Hands", "Pts/hand"]);
    }
    if ranked {
        header.insert(0, "#");
    }
    let columns = header.len();
    t.set_header(header);
    for (i, r) in view.rows.iter().enumerate() {
        let mut row = vec![
            shown(&r.who_words()).into_owned(),
            shown(&r.team).into_owned(),
        ];
        if !one_kind {
            row.push(r.kind.to_string());
        }
        row.extend([
            r.matches.to_string(),
            r.matches_won.to_string(),
            r.win_rate.clone().unwrap_or_default(),
            r.legs.to_string(),
            r.legs_won.to_string(),
        ]);
        if hands {
            let recorded = (r.hands > 0).then(|| r.hands.to_string());
            row.extend([
                recorded.unwrap_or_default(),
                r.per_hand.clone().unwrap_or_default(),
            ]);
        }
        if ranked {
            row.insert(0, (i + 1).to_string());
        }
        t.add_row(row);
    }
    // The figures after the names (and the kind) are right-aligned.
    let first = usize::from(ranked) + 2 + usize::from(!one_kind);
    for c in first..columns {
        if let Some(col) = t.column_mut(c) {
            col.set_cell_alignment(CellAlignment::Right);
        }
    }
    // The rank and the figures are never broken across lines (the kind of game only at its
    // hyphens); the player and the team are the names.
    let mut whole: Vec<usize> = (first..columns).collect();
    if ranked {
        whole.push(0);
    }
    let names = [usize::from(ranked), usize::from(ranked) + 1];
    super::text::fit(&mut t, &whole, &names);
    t
}
