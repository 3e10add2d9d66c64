#!/usr/bin/env python3
"""Writes the sample season in examples/league/: twelve Welsh valley pub teams, a double round
robin on Thursdays from September 2025, every night of Abercarn's nine matches (three Don, three
double crib, three single crib; best of three legs), most nights match by match, some known only
by their totals, one walkover and one points deduction. Deterministic: the same files each run.

    python3 tools/make_sample_season.py
"""

import csv
import datetime
import os
import random

SEASON = "2025-26"
OUT = os.path.join(os.path.dirname(__file__), "..", "examples", "league")

TEAMS = [
    # name, strength (how likely it wins a leg against an even side)
    ("Royal Oak", 0.60),
    ("Red Lion", 0.55),
    ("Coach and Horses", 0.53),
    ("Crumlin Arms", 0.51),
    ("Abercarn Inn", 0.50),
    ("Navigation Inn", 0.50),
    ("Halfway House", 0.49),
    ("Prince of Wales", 0.48),
    ("Miners' Arms", 0.47),
    ("Greyhound", 0.46),
    ("Commercial", 0.45),
    ("Cwmcarn Hotel", 0.42),
]

FIRST = [
    "Gareth", "Rhys", "Dai", "Huw", "Sian", "Mair", "Emrys", "Glyn", "Aled", "Bethan", "Carys",
    "Dafydd", "Eirian", "Ffion", "Geraint", "Iestyn", "Llinos", "Meinir", "Owain", "Rhian",
    "Tomos", "Wyn", "Alun", "Bryn", "Ceri", "Delyth", "Elin", "Gwilym", "Hywel", "Ieuan",
    "Nia", "Osian", "Rhodri", "Siwan", "Tegwen", "Menna", "Gethin", "Nerys", "Cadi", "Islwyn",
]
LAST = [
    "Jones", "Davies", "Evans", "Williams", "Thomas", "Roberts", "Lewis", "Hughes", "Morgan",
    "Griffiths", "Price", "Pritchard", "Bevan", "Lloyd", "Watkins", "Powell", "Jenkins",
    "Rees", "Howells", "Parry", "Prosser", "Harries", "Meredith", "Vaughan",
]

KINDS = [("don", 121, 2), ("double-crib", 121, 2), ("single-crib", 61, 1)]


def rosters(rng):
    used = set()
    out = {}
    for team, _ in TEAMS:
        players = []
        size = rng.choice([7, 8, 8, 9])
        while len(players) < size:
            name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
            if name not in used:
                used.add(name)
                players.append(name)
        out[team] = players
    return out


def schedule():
    """A double round robin by the circle method; home and away alternate."""
    n = len(TEAMS)
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
    day = datetime.date(2025, 9, 4)
    skip = {datetime.date(2025, 12, 25), datetime.date(2026, 1, 1)}
    dated = []
    for rnd in rounds:
        while day in skip:
            day += datetime.timedelta(days=7)
        dated.append((day, rnd))
        day += datetime.timedelta(days=7)
    return dated


def leg_score(rng, target, home_wins):
    loser = rng.randint(target // 2, target - 1)
    return (target, loser) if home_wins else (loser, target)


def match(rng, p_home, target):
    legs = [0, 0]
    scores = []
    while max(legs) < 2:
        home = rng.random() < p_home
        legs[0 if home else 1] += 1
        scores.append(leg_score(rng, target, home))
    return legs, scores


def main():
    rng = random.Random(int(os.environ.get("SEED", "177")))
    roster = rosters(rng)
    fixtures = schedule()
    nights_rows, match_rows = [], []
    # Some nights are known only by their totals; one is a walkover.
    flat = [(d, h, a) for d, rnd in fixtures for h, a in rnd]
    totals_nights = set(rng.sample(range(len(flat)), 10))
    walkover = rng.choice([i for i in range(len(flat)) if i not in totals_nights])
    for n, (day, h, a) in enumerate(flat):
        home, hs = TEAMS[h]
        away, as_ = TEAMS[a]
        p_home = min(0.9, max(0.1, 0.5 + (hs - as_) + 0.03))  # a little home advantage
        if n == walkover:
            nights_rows.append([SEASON, day.isoformat(), home, away, 0, 9, "walkover"])
            continue
        legs_won = [0, 0]
        matches = []
        for kind, target, per_side in KINDS:
            hp = rng.sample(roster[home], 3 * per_side)
            ap = rng.sample(roster[away], 3 * per_side)
            for slot in range(1, 4):
                legs, scores = match(rng, p_home, target)
                matches.append((kind, slot, hp[(slot - 1) * per_side: slot * per_side],
                                ap[(slot - 1) * per_side: slot * per_side], legs, scores))
        if n in totals_nights:
            won = sum(1 for m in matches if m[4][0] == 2)
            nights_rows.append([SEASON, day.isoformat(), home, away, won, 9 - won, ""])
            continue
        for kind, slot, hp, ap, legs, scores in matches:
            players_known = rng.random() > 0.03
            scores_known = rng.random() > 0.15
            match_rows.append([
                SEASON, day.isoformat(), home, away, kind, slot,
                "+".join(hp) if players_known else "",
                "+".join(ap) if players_known else "",
                legs[0], legs[1],
                " ".join(f"{x}-{y}" for x, y in scores) if scores_known else "",
            ])
    os.makedirs(OUT, exist_ok=True)

    def write(name, header, rows):
        with open(os.path.join(OUT, name), "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(header)
            w.writerows(rows)

    write(f"{SEASON}-rosters.csv", ["season", "team", "player"],
          sorted(([SEASON, t, p] for t, _ in TEAMS for p in roster[t]),
                 key=lambda r: (r[1].lower(), r[2].lower())))
    write(f"{SEASON}-matches.csv",
          ["season", "date", "home", "away", "kind", "slot", "home_players", "away_players",
           "home_legs", "away_legs", "leg_scores"], match_rows)
    write(f"{SEASON}-nights.csv",
          ["season", "date", "home", "away", "home_points", "away_points", "note"], nights_rows)
    write(f"{SEASON}-adjustments.csv", ["season", "date", "team", "adjustment", "reason"],
          [[SEASON, "2025-11-20", "Red Lion", "-2", "fielded a player not on its roster"]])


if __name__ == "__main__":
    main()
