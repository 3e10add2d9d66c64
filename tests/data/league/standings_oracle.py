#!/usr/bin/env python3
"""An independent reading of RULES.md §7 and FORMAT.md §4, to check `don standings` against:
reads a season's results CSVs (matches, nights, adjustments; rosters are passed over) and prints
the table as FORMAT.md §4 JSON. Default configuration (Abercarn): one point a match, a walkover
9–0, ties broken by legs difference, then legs won, then name.

    python3 standings_oracle.py [--on YYYY-MM-DD] FILE.csv...
"""

import csv
import json
import sys


def main(argv):
    on = None
    if argv[:1] == ["--on"]:
        on, argv = argv[1], argv[2:]
    teams = {}

    def line(name):
        return teams.setdefault(name, dict(played=0, won=0, drawn=0, lost=0, mf=0, ma=0, lf=0, la=0, adj=0))

    nights = {}  # (date, home, away) -> [home matches, away matches, home legs, away legs, by matches]
    for path in argv:
        with open(path, newline="", encoding="utf-8-sig") as f:
            rows = list(csv.DictReader(f))
        for r in rows:
            if on and r.get("date", "") > on:
                continue
            if "kind" in r:
                key = (r["date"], r["home"], r["away"])
                n = nights.setdefault(key, [0, 0, 0, 0, True])
                hl, al = int(r["home_legs"]), int(r["away_legs"])
                n[0 if hl > al else 1] += 1
                n[2] += hl
                n[3] += al
            elif "home_points" in r:
                nights[(r["date"], r["home"], r["away"])] = [int(r["home_points"]), int(r["away_points"]), 0, 0, False]
            elif "adjustment" in r:
                line(r["team"])["adj"] += int(r["adjustment"])
            else:
                line(r["team"])
    for (date, home, away), (hm, am, hl, al, _) in nights.items():
        for me, them, mf, ma, lf, la in ((home, away, hm, am, hl, al), (away, home, am, hm, al, hl)):
            t = line(me)
            t["played"] += 1
            t["won"] += mf > ma
            t["drawn"] += mf == ma
            t["lost"] += mf < ma
            t["mf"] += mf
            t["ma"] += ma
            t["lf"] += lf
            t["la"] += la
    order = sorted(teams, key=lambda n: (-(teams[n]["mf"] + teams[n]["adj"]),
                                         -(teams[n]["lf"] - teams[n]["la"]),
                                         -teams[n]["lf"], n.lower()))
    out = []
    for pos, name in enumerate(order, 1):
        t = teams[name]
        out.append({"pos": pos, "team": name, "played": t["played"], "won": t["won"],
                    "drawn": t["drawn"], "lost": t["lost"], "matches_for": t["mf"],
                    "matches_against": t["ma"], "legs_for": t["lf"], "legs_against": t["la"],
                    "points": t["mf"] + t["adj"]})
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
