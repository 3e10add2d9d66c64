#!/usr/bin/env python3
"""An independent reading of RULES.md §7 and FORMAT.md §3–4, to check `don standings` against.

Reads a season's results CSVs (rosters, matches, nights, adjustments), checks them, and prints the
table as FORMAT.md §4 JSON. Default configuration (Abercarn): nine matches a night (three `don`,
three `double-crib`, three `single-crib`, each the best of three legs), one point a match, a
walkover 9–0 with no legs, ties broken by legs difference, then legs won, then name.

    python3 standings_oracle.py [--on YYYY-MM-DD] [FILE.csv ...]

Without files it reads the four files of examples/league/. `--on` keeps only the nights and
adjustments on or before that date (the files are checked whole). Any fault in the files is
printed to stderr, and the exit status is 1 with no table.

Shares no code with tools/make_sample_season.py.
"""

import csv
import datetime
import glob
import json
import os
import sys

HEADERS = {
    "rosters": ["season", "team", "player"],
    "matches": ["season", "date", "home", "away", "kind", "slot", "home_players", "away_players",
                "home_legs", "away_legs", "leg_scores"],
    "nights": ["season", "date", "home", "away", "home_points", "away_points", "note"],
    "adjustments": ["season", "date", "team", "adjustment", "reason"],
}
# kind -> (leg target, players a side)
KINDS = {"don": (121, 2), "double-crib": (121, 2), "single-crib": (61, 1)}
SLOTS = (1, 2, 3)
MATCHES_A_NIGHT = len(KINDS) * len(SLOTS)
LEGS_NEEDED = 2
WALKOVER_POINTS = MATCHES_A_NIGHT


def read(paths):
    """The rows of each shape, told apart by header, each with (file, line) for messages."""
    got = {shape: [] for shape in HEADERS}
    for path in paths:
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.reader(f)
            header = next(reader)
            shapes = [s for s, h in HEADERS.items() if h == header]
            nights_without_note = header == HEADERS["nights"][:-1]
            if not shapes and not nights_without_note:
                sys.exit(f"{path}: header {','.join(header)} is not one of {list(HEADERS.values())}")
            shape = shapes[0] if shapes else "nights"
            for row in reader:
                where = f"{os.path.basename(path)}:{reader.line_num}"
                if len(row) != len(header):
                    got[shape].append((where, None))
                    continue
                r = dict(zip(header, row))
                r.setdefault("note", "")
                got[shape].append((where, r))
    return got


def is_date(s):
    try:
        return datetime.date.fromisoformat(s).isoformat() == s
    except ValueError:
        return False


def check(got):
    """Every fault in the files, as messages; empty when they are sound."""
    faults = []

    def fault(where, msg):
        faults.append(f"{where}: {msg}")

    seasons = set()
    # Rosters.
    roster = {}
    team_of = {}
    for where, r in got["rosters"]:
        if r is None:
            fault(where, "wrong number of fields")
            continue
        seasons.add(r["season"])
        team, player = r["team"], r["player"]
        if not team or not player:
            fault(where, "a roster row needs its team and player")
            continue
        if player in team_of:
            fault(where, f"{player} is already on {team_of[player]}'s roster")
        team_of[player] = team
        roster.setdefault(team, set()).add(player)
    for team, players in roster.items():
        if len(players) < 5:
            fault("rosters", f"{team} has {len(players)} players; the least is 5")

    def known(where, team):
        if team not in roster:
            fault(where, f"team {team!r} has no roster")

    # Matches, gathered by night.
    by_night = {}
    for where, r in got["matches"]:
        if r is None:
            fault(where, "wrong number of fields")
            continue
        seasons.add(r["season"])
        key = (r["date"], r["home"], r["away"])
        by_night.setdefault(key, []).append((where, r))
    match_nights = {}
    for key, rows in by_night.items():
        date, home, away = key
        where0 = rows[0][0]
        if not is_date(date):
            fault(where0, f"{date!r} is not a date")
        known(where0, home)
        known(where0, away)
        if home == away:
            fault(where0, f"{home} cannot play itself")
        if len(rows) != MATCHES_A_NIGHT:
            fault(where0, f"the night {date} {home} v {away} has {len(rows)} matches, not {MATCHES_A_NIGHT}")
        seen_slots = set()
        used = {}  # (kind, side) -> players already in a match of that kind tonight
        tally = [0, 0, 0, 0]  # matches home, away; legs home, away
        for where, r in rows:
            kind = r["kind"]
            if kind not in KINDS:
                fault(where, f"{kind!r} is not a kind of match")
                continue
            target, per_side = KINDS[kind]
            try:
                slot = int(r["slot"])
            except ValueError:
                fault(where, f"slot {r['slot']!r} is not a number")
                continue
            if slot not in SLOTS:
                fault(where, f"slot {slot} is not one of {SLOTS}")
            if (kind, slot) in seen_slots:
                fault(where, f"{kind} {slot} twice on one night")
            seen_slots.add((kind, slot))
            # Players.
            for side, team, col in ((0, home, "home_players"), (1, away, "away_players")):
                if r[col] == "":
                    continue
                names = r[col].split("+")
                if len(names) != per_side:
                    fault(where, f"{col}: {len(names)} players for {kind}, which takes {per_side} a side")
                for name in names:
                    if name not in roster.get(team, ()):
                        fault(where, f"{name!r} is not on {team}'s roster")
                    if name in used.setdefault((kind, side), set()):
                        fault(where, f"{name} plays {kind} twice on one night")
                    used[(kind, side)].add(name)
            # Legs.
            try:
                hl, al = int(r["home_legs"]), int(r["away_legs"])
            except ValueError:
                fault(where, "legs must be numbers")
                continue
            if (hl, al) not in ((2, 0), (2, 1), (1, 2), (0, 2)):
                fault(where, f"legs {hl}-{al} are not a best-of-three result")
                continue
            tally[0 if hl > al else 1] += 1
            tally[2] += hl
            tally[3] += al
            # Leg scores.
            if r["leg_scores"] != "":
                legs = r["leg_scores"].split(" ")
                won = [0, 0]
                for n, leg in enumerate(legs, 1):
                    if max(won) >= LEGS_NEEDED:
                        fault(where, f"leg {n} is played after the match was won")
                        break
                    parts = leg.split("-")
                    if len(parts) != 2 or not all(p.isdigit() for p in parts):
                        fault(where, f"leg score {leg!r} is not home-away")
                        break
                    h, a = int(parts[0]), int(parts[1])
                    if (h == target) == (a == target) or max(h, a) > target:
                        fault(where, f"leg {n} ({leg}): exactly one side must reach {target}, exactly")
                        break
                    won[0 if h == target else 1] += 1
                else:
                    if won != [hl, al]:
                        fault(where, f"leg scores give {won[0]}-{won[1]} in legs, the row {hl}-{al}")
        for kind in KINDS:
            for slot in SLOTS:
                if (kind, slot) not in seen_slots:
                    fault(where0, f"the night {date} {home} v {away} lacks {kind} {slot}")
        match_nights[key] = tally

    # Nights known by their result.
    result_nights = {}
    for where, r in got["nights"]:
        if r is None:
            fault(where, "wrong number of fields")
            continue
        seasons.add(r["season"])
        key = (r["date"], r["home"], r["away"])
        if not is_date(r["date"]):
            fault(where, f"{r['date']!r} is not a date")
        known(where, r["home"])
        known(where, r["away"])
        try:
            hp, ap = int(r["home_points"]), int(r["away_points"])
        except ValueError:
            fault(where, "points must be numbers")
            continue
        if hp < 0 or ap < 0 or hp + ap != MATCHES_A_NIGHT:
            fault(where, f"points {hp}-{ap} do not add up to {MATCHES_A_NIGHT}")
        if r["note"] not in ("", "walkover"):
            fault(where, f"note {r['note']!r} is neither empty nor walkover")
        if r["note"] == "walkover" and sorted((hp, ap)) != [0, WALKOVER_POINTS]:
            fault(where, f"a walkover is {WALKOVER_POINTS}-0, not {hp}-{ap}")
        if key in result_nights:
            fault(where, f"the night {key} twice")
        if key in match_nights:
            fault(where, f"the night {key} is also given match by match")
        result_nights[key] = (hp, ap, r["note"] == "walkover")

    # The fixtures as a whole: each ordered pair once; a team at most once a date; Thursdays.
    pairs = {}
    on_date = {}
    for date, home, away in list(match_nights) + list(result_nights):
        pairs[(home, away)] = pairs.get((home, away), 0) + 1
        for team in (home, away):
            if (date, team) in on_date:
                fault("fixtures", f"{team} plays twice on {date}")
            on_date[(date, team)] = True
        if is_date(date) and datetime.date.fromisoformat(date).weekday() != 3:
            fault("fixtures", f"{date} is not a Thursday")
    teams = sorted(roster)
    for h in teams:
        for a in teams:
            if h != a and pairs.get((h, a), 0) != 1:
                fault("fixtures", f"{h} v {a} is played {pairs.get((h, a), 0)} times, not once")

    # Adjustments.
    adjustments = []
    for where, r in got["adjustments"]:
        if r is None:
            fault(where, "wrong number of fields")
            continue
        seasons.add(r["season"])
        known(where, r["team"])
        if not is_date(r["date"]):
            fault(where, f"{r['date']!r} is not a date")
        try:
            adj = int(r["adjustment"])
        except ValueError:
            fault(where, f"adjustment {r['adjustment']!r} is not a whole number")
            continue
        if not r["reason"]:
            fault(where, "an adjustment needs its reason")
        adjustments.append((r["date"], r["team"], adj))

    if len(seasons) > 1:
        fault("files", f"more than one season: {sorted(seasons)}")
    return faults, teams, match_nights, result_nights, adjustments


def table(teams, match_nights, result_nights, adjustments, on=None):
    line = {t: dict(played=0, won=0, drawn=0, lost=0, mf=0, ma=0, lf=0, la=0, adj=0) for t in teams}
    nights = []  # (date, home, away, home matches, away matches, home legs, away legs)
    for (date, home, away), (hm, am, hl, al) in match_nights.items():
        nights.append((date, home, away, hm, am, hl, al))
    for (date, home, away), (hp, ap, _walkover) in result_nights.items():
        nights.append((date, home, away, hp, ap, 0, 0))  # no legs, walkover or totals
    for date, home, away, hm, am, hl, al in nights:
        if on is not None and date > on:
            continue
        for me, mf, ma, lf, la in ((home, hm, am, hl, al), (away, am, hm, al, hl)):
            t = line[me]
            t["played"] += 1
            t["won"] += mf > ma
            t["drawn"] += mf == ma
            t["lost"] += mf < ma
            t["mf"] += mf
            t["ma"] += ma
            t["lf"] += lf
            t["la"] += la
    for date, team, adj in adjustments:
        if on is None or date <= on:
            line[team]["adj"] += adj

    def points(t):
        return t["mf"] + t["adj"]

    order = sorted(teams, key=lambda n: (-points(line[n]), -(line[n]["lf"] - line[n]["la"]),
                                         -line[n]["lf"], n.casefold()))
    rows = []
    for pos, name in enumerate(order, 1):
        t = line[name]
        rows.append({"pos": pos, "team": name, "played": t["played"], "won": t["won"],
                     "drawn": t["drawn"], "lost": t["lost"], "matches_for": t["mf"],
                     "matches_against": t["ma"], "legs_for": t["lf"], "legs_against": t["la"],
                     "points": points(t)})
    return rows


def main(argv):
    on = None
    paths = []
    i = 0
    while i < len(argv):
        if argv[i] == "--on":
            if i + 1 >= len(argv) or not is_date(argv[i + 1]):
                sys.exit("--on takes a date, YYYY-MM-DD")
            on = argv[i + 1]
            i += 2
        else:
            paths.append(argv[i])
            i += 1
    if not paths:
        here = os.path.dirname(os.path.abspath(__file__))
        paths = sorted(glob.glob(os.path.join(here, "..", "..", "..", "examples", "league", "*.csv")))
    faults, teams, match_nights, result_nights, adjustments = check(read(paths))
    if faults:
        for f in faults:
            print(f, file=sys.stderr)
        sys.exit(1)
    rows = table(teams, match_nights, result_nights, adjustments, on)
    print(json.dumps(rows, separators=(", ", ": ")))


if __name__ == "__main__":
    main(sys.argv[1:])
