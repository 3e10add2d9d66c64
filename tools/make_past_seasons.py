#!/usr/bin/env python3
"""Writes the ten seasons before the sample season (2015-16 to 2024-25) of the Abercarn league,
as a secretary would hand them over, and prints each season's final table and the all-time table
(the sample season 2025-26 included, tallied from examples/league/ by
tests/data/league/standings_oracle.py) as tests/sample_history.rs checks them.

- tests/data/sample_book/*.csv: the sheets of the workbook examples/league/past/abercarn-2015-2022.xlsx,
  one file a sheet, in order (`NN-Sheet name.csv`); `DON_WRITE_SAMPLE_BOOK=1 cargo test --test
  sample_book` writes the workbook from them. Seven seasons: 2015-16 and 2016-17 as final tables
  only (FORMAT.md §7), 2017-18 and 2018-19 as results grids, 2019-20 match by match, 2020-21 and
  2021-22 night by night. The pub now called Miners' Arms is Colliers Arms throughout.
- examples/league/past/2022-23-nights.csv … 2024-25-nights.csv: three seasons night by night,
  after the pub became Miners' Arms (`don team rename 'Colliers Arms' "Miners' Arms" --from
  2022-07-01`); the 2023-24 file types Coach and Horses as "Coach & Horses" throughout, and
  examples/league/past/map.csv says what it means.

Deterministic: the same files each run.

    python3 tools/make_past_seasons.py
"""

import csv
import datetime
import json
import os
import random
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BOOK = os.path.join(ROOT, "tests", "data", "sample_book")
PAST = os.path.join(ROOT, "examples", "league", "past")

# How likely each pub wins a match against an even side, era by era (the league grew from eight
# teams to twelve; Hanbury Arms folded after 2017-18). "Colliers Arms" is today's Miners' Arms.
STRENGTH = {
    "Royal Oak": 0.54, "Red Lion": 0.53, "Coach and Horses": 0.52, "Crumlin Arms": 0.53,
    "Abercarn Inn": 0.51, "Navigation Inn": 0.50, "Colliers Arms": 0.49, "Hanbury Arms": 0.44,
    "Prince of Wales": 0.48, "Halfway House": 0.47, "Greyhound": 0.46, "Commercial": 0.45,
    "Cwmcarn Hotel": 0.43,
}
EIGHT = ["Royal Oak", "Red Lion", "Coach and Horses", "Crumlin Arms", "Abercarn Inn",
         "Navigation Inn", "Colliers Arms", "Hanbury Arms"]
TEN = [t for t in EIGHT if t != "Hanbury Arms"] + ["Prince of Wales", "Halfway House", "Greyhound"]
TWELVE = TEN + ["Commercial", "Cwmcarn Hotel"]

# season: (teams, form: how the season survives, a boost to one team's strength that season)
SEASONS = [
    ("2015-16", EIGHT, "table", {"Royal Oak": 0.04}),
    ("2016-17", EIGHT, "table", {"Red Lion": 0.06}),
    ("2017-18", EIGHT, "grid", {"Crumlin Arms": 0.08}),
    ("2018-19", TEN, "grid", {"Royal Oak": 0.03}),
    ("2019-20", TEN, "matches", {"Abercarn Inn": 0.08}),
    ("2020-21", TEN, "nights", {"Colliers Arms": 0.10}),
    ("2021-22", TEN, "nights", {"Red Lion": 0.04}),
    ("2022-23", TWELVE, "nights", {"Navigation Inn": 0.09}),
    ("2023-24", TWELVE, "nights", {"Royal Oak": 0.05}),
    ("2024-25", TWELVE, "nights", {"Halfway House": 0.12}),
]
RENAMED = ("Colliers Arms", "Miners' Arms", "2022-07-01")
MISTYPED = ("2023-24", "Coach and Horses", "Coach & Horses")
KINDS = [("don", 121, 2), ("double-crib", 121, 2), ("single-crib", 61, 1)]
NIGHTS = ["season", "date", "home", "away", "home_points", "away_points", "note"]
MATCHES = ["season", "date", "home", "away", "kind", "slot", "home_players", "away_players",
           "home_legs", "away_legs", "leg_scores"]
TABLE = ["season", "pos", "team", "played", "won", "drawn", "lost", "matches_for",
         "matches_against", "legs_for", "legs_against", "points", "note"]


def schedule(teams, year):
    """A double round robin by the circle method on Thursdays from September; home and away
    alternate."""
    n = len(teams)
    idx = list(range(n))
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = idx[i], idx[n - 1 - i]
            pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        idx = [idx[0]] + [idx[-1]] + idx[1:-1]
    rounds += [[(b, a) for a, b in rnd] for rnd in rounds]
    day = datetime.date(year, 9, 1)
    while day.weekday() != 3:
        day += datetime.timedelta(days=1)
    out = []
    for rnd in rounds:
        while (day.month, day.day) in ((12, 25), (1, 1)):
            day += datetime.timedelta(days=7)
        out += [(day, teams[h], teams[a]) for h, a in rnd]
        day += datetime.timedelta(days=7)
    return out


def play_match(rng, p_home, target):
    legs, scores = [0, 0], []
    while max(legs) < 2:
        home = rng.random() < p_home
        legs[0 if home else 1] += 1
        loser = rng.randint(target // 2, target - 1)
        scores.append((target, loser) if home else (loser, target))
    return legs, scores


def rosters():
    """Each pub's players, from the sample season's rosters (a pub keeps its players)."""
    out = {}
    with open(os.path.join(ROOT, "examples", "league", "2025-26-rosters.csv"), encoding="utf-8") as f:
        for row in csv.DictReader(f):
            team = "Colliers Arms" if row["team"] == "Miners' Arms" else row["team"]
            out.setdefault(team, []).append(row["player"])
    return out


def season_nights(rng, season, teams, boost, roster):
    """Every night of a season: (date, home, away, home points, away points, walkover, matches)."""
    year = int(season[:4])
    nights = []
    for day, home, away in schedule(teams, year):
        sh = STRENGTH[home] + boost.get(home, 0.0)
        sa = STRENGTH[away] + boost.get(away, 0.0)
        p_home = min(0.9, max(0.1, 0.5 + (sh - sa) + 0.03))
        matches = []
        for kind, target, per_side in KINDS:
            hp = rng.sample(roster.get(home, []), 3 * per_side) if roster else []
            ap = rng.sample(roster.get(away, []), 3 * per_side) if roster else []
            for slot in range(1, 4):
                legs, scores = play_match(rng, p_home, target)
                matches.append((kind, slot, hp[(slot - 1) * per_side: slot * per_side],
                                ap[(slot - 1) * per_side: slot * per_side], legs, scores))
        won = sum(1 for m in matches if m[4][0] == 2)
        nights.append([day, home, away, won, 9 - won, False, matches])
    return nights


def tally(teams, nights, legs_known):
    """A season's table: points (a point a match), then legs difference, legs won, name."""
    t = {team: dict(team=team, played=0, won=0, drawn=0, lost=0, matches_for=0, matches_against=0,
                    legs_for=0, legs_against=0) for team in teams}
    for _, home, away, hp, ap, walkover, matches in nights:
        for me, them, f, a, side in ((home, away, hp, ap, 0), (away, home, ap, hp, 1)):
            r = t[me]
            r["played"] += 1
            r["won" if f > a else "lost" if f < a else "drawn"] += 1
            r["matches_for"] += f
            r["matches_against"] += a
            if legs_known and not walkover:
                r["legs_for"] += sum(m[4][side] for m in matches)
                r["legs_against"] += sum(m[4][1 - side] for m in matches)
    rows = list(t.values())
    for r in rows:
        r["points"] = r["matches_for"]
    rows.sort(key=lambda r: (-r["points"], -(r["legs_for"] - r["legs_against"]), -r["legs_for"],
                             r["team"].lower()))
    return rows


def write(path, header, rows):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        if header:
            w.writerow(header)
        w.writerows(rows)


def named(team, season):
    """The team's name as the season's files write it."""
    if team == RENAMED[0] and season >= RENAMED[2][:4]:
        return RENAMED[1]
    if (season, team) == MISTYPED[:2]:
        return MISTYPED[2]
    return team


def changed(season, nights):
    """What happened to a season beyond its matches: a walkover, a night never played."""
    if season == "2018-19":
        # Greyhound could not raise a team at Red Lion.
        n = next(n for n in nights if n[1] == "Red Lion" and n[2] == "Greyhound")
        n[3:6] = [9, 0, True]
    if season == "2017-18":
        # A night never played: Hanbury Arms at home to Colliers Arms.
        nights = [n for n in nights if not (n[1] == "Hanbury Arms" and n[2] == "Colliers Arms")]
    if season == "2021-22":
        n = next(n for n in nights if n[1] == "Halfway House" and n[2] == "Prince of Wales")
        n[3:6] = [0, 9, True]
    return nights


def main():
    roster = rosters()
    for old in os.listdir(BOOK) if os.path.isdir(BOOK) else []:
        os.remove(os.path.join(BOOK, old))
    write(os.path.join(BOOK, "01-About.csv"), None, [
        ["Abercarn Crib and Don League: results 2015-16 to 2021-22"],
        ["Kept by the league secretary from the handbooks. 2015-16 and 2016-17 survive only as "
         "their final tables; 2017-18 and 2018-19 as the handbook's results grids."],
    ])
    tables = {}
    sheet = 2
    for season, teams, form, boost in SEASONS:
        # The first draw of the season's nights in which the pub given a boost wins the title
        # clearly (two points or more) and the runners-up are clear of the third.
        for k in range(1000):
            rng = random.Random(f"{season}/{k}")
            nights = changed(season, season_nights(rng, season, teams, boost,
                                                   roster if form == "matches" else None))
            rows = tally(teams, nights, form in ("matches", "table"))
            if (rows[0]["team"] in boost and rows[0]["points"] >= rows[1]["points"] + 2
                    and rows[1]["points"] > rows[2]["points"]):
                break
        tables[season] = (form, rows)
        if form == "table":
            legs = season != "2015-16"
            out = []
            for pos, r in enumerate(rows, 1):
                note = {1: "champions", 2: "runners-up"}.get(pos, "")
                out.append([season, pos, r["team"], r["played"], r["won"], r["drawn"], r["lost"],
                            r["matches_for"], r["matches_against"],
                            r["legs_for"] if legs else "", r["legs_against"] if legs else "",
                            r["points"], note])
            write(os.path.join(BOOK, f"{sheet:02}-Table {season}.csv"), TABLE, out)
        elif form == "grid":
            order = sorted(teams)
            cell = {(n[1], n[2]): f"{n[3]}-{n[4]}" + (" w/o" if n[5] else "") for n in nights}
            out = [["season", season] + [""] * (len(order) - 1), [""] + order]
            for home in order:
                out.append([home] + ["x" if home == away else cell.get((home, away), "-")
                                     for away in order])
            write(os.path.join(BOOK, f"{sheet:02}-Grid {season}.csv"), None, out)
        elif form == "matches":
            out = []
            for day, home, away, _, _, _, matches in nights:
                for kind, slot, hp, ap, legs, scores in matches:
                    out.append([season, day.isoformat(), home, away, kind, slot, "+".join(hp),
                                "+".join(ap), legs[0], legs[1],
                                " ".join(f"{x}-{y}" for x, y in scores)])
            write(os.path.join(BOOK, f"{sheet:02}-Matches {season}.csv"), MATCHES, out)
        else:
            out = [[season, d.isoformat(), named(h, season), named(a, season), hp, ap,
                    "walkover" if w else ""] for d, h, a, hp, ap, w, _ in nights]
            if season < RENAMED[2][:4]:
                write(os.path.join(BOOK, f"{sheet:02}-Nights {season}.csv"), NIGHTS, out)
            else:
                write(os.path.join(PAST, f"{season}-nights.csv"), NIGHTS, out)
        if season < RENAMED[2][:4]:
            sheet += 1
    write(os.path.join(PAST, "map.csv"), ["name", "means"], [[MISTYPED[2], MISTYPED[1]]])
    report(tables)


def report(tables):
    oracle = os.path.join(ROOT, "tests", "data", "league", "standings_oracle.py")
    now = json.loads(subprocess.run([sys.executable, oracle], check=True, capture_output=True,
                                    text=True).stdout)
    tables["2025-26"] = ("matches", now)
    today = lambda t: RENAMED[1] if t == RENAMED[0] else t
    total = {}
    for season, (form, rows) in tables.items():
        print(f"{season} ({form}): " + "; ".join(
            f"{r['team']} {r['played']} {r['won']} {r['drawn']} {r['lost']} {r['points']}"
            for r in rows))
        for i, r in enumerate(rows):
            a = total.setdefault(today(r["team"]), dict(seasons=0, played=0, won=0, drawn=0,
                                                        lost=0, points=0, titles=0))
            a["seasons"] += 1
            for k in ("played", "won", "drawn", "lost", "points"):
                a[k] += r[k]
            a["titles"] += i == 0
    print("all time:")
    order = sorted(total.items(), key=lambda kv: (-kv[1]["points"], -kv[1]["titles"],
                                                  -kv[1]["won"], kv[0].lower()))
    for pos, (team, a) in enumerate(order, 1):
        print(f'({pos}, "{team}", {a["seasons"]}, {a["played"]}, {a["won"]}, {a["drawn"]}, '
              f'{a["lost"]}, {a["points"]}, {a["titles"]}),')


if __name__ == "__main__":
    main()
