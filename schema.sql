-- don's database, version 1 (PRAGMA user_version = 1).
--
-- What is kept is what was recorded: the games, their hands, tricks and penalties, as typed at
-- the table or imported. No score is stored: every score is worked out by replaying these
-- entries through the rules engine. Every change is made by one operation (one transaction),
-- and what it changed is logged in `changes`, so `don undo` can put it back, and undo the undo:
-- each row it adds, updates or deletes, by triggers (with the row as it was). Since version 6
-- the triggers are made by don from one list of the logged tables (`store::LOGGED`, in src/store/logged.rs).

-- One command that changed the database.
CREATE TABLE operations (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,               -- when, RFC 3339 in UTC
    command TEXT NOT NULL,          -- new, play, take-back, import, undo, …
    summary TEXT NOT NULL,          -- what it did, in words
    game INTEGER,                   -- the game a table entry went to (not a foreign key: a game
                                    -- may be undone while its operations stay in the log)
    undoes INTEGER REFERENCES operations (id),
    undone_by INTEGER REFERENCES operations (id)
);
CREATE INDEX operations_game ON operations (game, id);

-- What an operation changed: each row it added, updated or deleted, with the row before (`old`,
-- JSON; none for a row added). Before version 6 a thing added was logged by the program, a game
-- standing for its seats, hands, tricks and penalties; version 6 logs each of those rows too.
CREATE TABLE changes (
    id INTEGER PRIMARY KEY,
    op INTEGER NOT NULL REFERENCES operations (id),
    tbl TEXT NOT NULL,
    row INTEGER NOT NULL,
    action TEXT NOT NULL CHECK (action IN ('insert', 'update', 'delete')),
    old TEXT
);
CREATE INDEX changes_op ON changes (op, id);

-- A player, known by name; `key` is the name folded (case and extra spaces ignored).
CREATE TABLE players (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE
);

-- A game (or a match of legs or games), with its complete ruleset: every option written out,
-- so that a changed default never rescores it.
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    record_id TEXT UNIQUE,          -- the record's `id`, when it has one
    variant TEXT NOT NULL,
    ruleset TEXT NOT NULL,          -- JSON, FORMAT.md §1 `ruleset`
    date TEXT,
    venue TEXT,
    conceded_side TEXT,
    conceded_after INTEGER,
    jacks_pool REAL,
    created TEXT NOT NULL
);
CREATE INDEX games_variant_date ON games (variant, date);

-- Who sat where.
CREATE TABLE seats (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game INTEGER NOT NULL REFERENCES games (id),
    seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W')),
    player INTEGER NOT NULL REFERENCES players (id),
    name TEXT NOT NULL,             -- the name as written for this game
    UNIQUE (game, seat)
);
CREATE INDEX seats_player ON seats (player);

-- The players chosen by jacks out, in order.
CREATE TABLE entrants (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game INTEGER NOT NULL REFERENCES games (id),
    position INTEGER NOT NULL,
    player INTEGER NOT NULL REFERENCES players (id),
    name TEXT NOT NULL,
    UNIQUE (game, position)
);

-- A hand (a deal), numbered from 1 as in the record, abandoned deals counted. `body` says how it
-- was kept; it is NULL for a hand begun at the table with only its pitcher or a penalty so far.
CREATE TABLE hands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game INTEGER NOT NULL REFERENCES games (id),
    number INTEGER NOT NULL,
    pitcher TEXT,
    body TEXT CHECK (body IN ('tricks', 'totals', 'abandoned')),
    totals TEXT,                    -- JSON: `points` and the award fields, FORMAT.md §1
    abandon_reason TEXT,
    abandon_seat TEXT,
    claimed INTEGER NOT NULL DEFAULT 0, -- ended by a claim before the deal was played out
    layout TEXT,                    -- JSON: Blind Don's `layout` and `hand`
    at TEXT NOT NULL,
    UNIQUE (game, number)
);

-- A trick as written, its cards in the order played from the leader.
CREATE TABLE tricks (
    id INTEGER PRIMARY KEY,
    hand INTEGER NOT NULL REFERENCES hands (id),
    number INTEGER NOT NULL,
    cards TEXT NOT NULL,
    at TEXT,                        -- when entered at the table (an imported trick: its hand's)
    UNIQUE (hand, number)
);

-- A penalty on a hand: a kind (out-of-turn, renege) or explicit points.
CREATE TABLE penalties (
    id INTEGER PRIMARY KEY,
    hand INTEGER NOT NULL REFERENCES hands (id),
    number INTEGER NOT NULL,
    side TEXT NOT NULL,
    kind TEXT,
    points INTEGER,
    at TEXT NOT NULL,
    UNIQUE (hand, number)
);

-- The change log (up to version 5; version 6 makes these anew, with one for inserts). Each table
-- that holds what users entered has two triggers; the operation is the latest one begun, since a
-- change is always made inside its operation's transaction.
CREATE TRIGGER players_update AFTER UPDATE ON players BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'players', old.id, 'update',
        json_object('id', old.id, 'name', old.name, 'key', old.key));
END;
CREATE TRIGGER players_delete AFTER DELETE ON players BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'players', old.id, 'delete',
        json_object('id', old.id, 'name', old.name, 'key', old.key));
END;

CREATE TRIGGER games_update AFTER UPDATE ON games BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'games', old.id, 'update',
        json_object('id', old.id, 'record_id', old.record_id, 'variant', old.variant, 'ruleset', old.ruleset,
            'date', old.date, 'venue', old.venue, 'conceded_side', old.conceded_side,
            'conceded_after', old.conceded_after, 'jacks_pool', old.jacks_pool, 'created', old.created));
END;
CREATE TRIGGER games_delete AFTER DELETE ON games BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'games', old.id, 'delete',
        json_object('id', old.id, 'record_id', old.record_id, 'variant', old.variant, 'ruleset', old.ruleset,
            'date', old.date, 'venue', old.venue, 'conceded_side', old.conceded_side,
            'conceded_after', old.conceded_after, 'jacks_pool', old.jacks_pool, 'created', old.created));
END;

CREATE TRIGGER seats_update AFTER UPDATE ON seats BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'seats', old.id, 'update',
        json_object('id', old.id, 'game', old.game, 'seat', old.seat, 'player', old.player, 'name', old.name));
END;
CREATE TRIGGER seats_delete AFTER DELETE ON seats BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'seats', old.id, 'delete',
        json_object('id', old.id, 'game', old.game, 'seat', old.seat, 'player', old.player, 'name', old.name));
END;

CREATE TRIGGER entrants_update AFTER UPDATE ON entrants BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'entrants', old.id, 'update',
        json_object('id', old.id, 'game', old.game, 'position', old.position, 'player', old.player, 'name', old.name));
END;
CREATE TRIGGER entrants_delete AFTER DELETE ON entrants BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'entrants', old.id, 'delete',
        json_object('id', old.id, 'game', old.game, 'position', old.position, 'player', old.player, 'name', old.name));
END;

CREATE TRIGGER hands_update AFTER UPDATE ON hands BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'hands', old.id, 'update',
        json_object('id', old.id, 'game', old.game, 'number', old.number, 'pitcher', old.pitcher, 'body', old.body,
            'totals', old.totals, 'abandon_reason', old.abandon_reason, 'abandon_seat', old.abandon_seat,
            'claimed', old.claimed, 'layout', old.layout, 'at', old.at));
END;
CREATE TRIGGER hands_delete AFTER DELETE ON hands BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'hands', old.id, 'delete',
        json_object('id', old.id, 'game', old.game, 'number', old.number, 'pitcher', old.pitcher, 'body', old.body,
            'totals', old.totals, 'abandon_reason', old.abandon_reason, 'abandon_seat', old.abandon_seat,
            'claimed', old.claimed, 'layout', old.layout, 'at', old.at));
END;

CREATE TRIGGER tricks_update AFTER UPDATE ON tricks BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'tricks', old.id, 'update',
        json_object('id', old.id, 'hand', old.hand, 'number', old.number, 'cards', old.cards, 'at', old.at));
END;
CREATE TRIGGER tricks_delete AFTER DELETE ON tricks BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'tricks', old.id, 'delete',
        json_object('id', old.id, 'hand', old.hand, 'number', old.number, 'cards', old.cards, 'at', old.at));
END;

CREATE TRIGGER penalties_update AFTER UPDATE ON penalties BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'penalties', old.id, 'update',
        json_object('id', old.id, 'hand', old.hand, 'number', old.number, 'side', old.side, 'kind', old.kind,
            'points', old.points, 'at', old.at));
END;
CREATE TRIGGER penalties_delete AFTER DELETE ON penalties BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'penalties', old.id, 'delete',
        json_object('id', old.id, 'hand', old.hand, 'number', old.number, 'side', old.side, 'kind', old.kind,
            'points', old.points, 'at', old.at));
END;

-- Undoing an operation marks it; undoing that undo clears the mark. Logged like any change.
CREATE TRIGGER operations_update AFTER UPDATE OF undone_by ON operations BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'operations', old.id, 'update',
        json_object('undone_by', old.undone_by));
END;

-- @@ version 2: leagues (RULES.md §7) ----------------------------------------------------------
-- A league, its seasons, teams and rosters, fixtures and the nights played. A season keeps the
-- configuration it was made with (JSON, every setting written out): editing the league's changes
-- new seasons only. No table or score is stored: standings are worked out from the nights.

-- A league; `config` is what its next season is made with.
CREATE TABLE leagues (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,       -- the name folded (case and extra spaces ignored)
    config TEXT NOT NULL,
    created TEXT NOT NULL
);

CREATE TABLE seasons (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    league INTEGER NOT NULL REFERENCES leagues (id),
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    config TEXT NOT NULL,           -- fixed for the season
    created TEXT NOT NULL,
    UNIQUE (league, key)
);

-- A pub or club team of a league.
CREATE TABLE teams (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    league INTEGER NOT NULL REFERENCES leagues (id),
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    venue TEXT,
    UNIQUE (league, key)
);

-- A team entered in a season; `withdrawn` is the day it withdrew (it is then expunged).
CREATE TABLE entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    season INTEGER NOT NULL REFERENCES seasons (id),
    team INTEGER NOT NULL REFERENCES teams (id),
    withdrawn TEXT,
    UNIQUE (season, team)
);

-- A team's players in a season.
CREATE TABLE rosters (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    season INTEGER NOT NULL REFERENCES seasons (id),
    team INTEGER NOT NULL REFERENCES teams (id),
    player INTEGER NOT NULL REFERENCES players (id),
    UNIQUE (season, team, player)
);

-- A fixture: one team at home to another on a date; once played, a match night with its
-- result: `matches` (entered match by match, below), `totals` (only the matches each side won
-- are known) or `walkover` (`walkover` names the side that turned up).
CREATE TABLE fixtures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    season INTEGER NOT NULL REFERENCES seasons (id),
    round INTEGER,
    date TEXT NOT NULL,
    home INTEGER NOT NULL REFERENCES teams (id),
    away INTEGER NOT NULL REFERENCES teams (id),
    status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
    result TEXT CHECK (result IN ('matches', 'totals', 'walkover')),
    home_points INTEGER,            -- totals: matches won
    away_points INTEGER,
    walkover TEXT CHECK (walkover IN ('home', 'away'))
);
CREATE INDEX fixtures_season_date ON fixtures (season, date);

-- A match of a night: its kind and slot, who played (JSON arrays of player ids, in order), the
-- legs won and, when known, each leg's score (`121-87 96-121 121-110`, home first).
CREATE TABLE matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    fixture INTEGER NOT NULL REFERENCES fixtures (id),
    kind TEXT NOT NULL,
    slot INTEGER NOT NULL,
    home_players TEXT NOT NULL DEFAULT '[]',
    away_players TEXT NOT NULL DEFAULT '[]',
    home_legs INTEGER NOT NULL,
    away_legs INTEGER NOT NULL,
    leg_scores TEXT,
    UNIQUE (fixture, kind, slot)
);

-- A Don leg scored in a stored game: its score is the game's; `home_side` is the game's side
-- (NS or EW) that played for the home team.
CREATE TABLE leg_games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    match INTEGER NOT NULL REFERENCES matches (id),
    leg INTEGER NOT NULL,
    game INTEGER NOT NULL REFERENCES games (id),
    home_side TEXT NOT NULL CHECK (home_side IN ('NS', 'EW')),
    UNIQUE (match, leg)
);
CREATE INDEX leg_games_game ON leg_games (game);

-- A points deduction (negative) or award, with its reason, on a team in a season.
CREATE TABLE adjustments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    season INTEGER NOT NULL REFERENCES seasons (id),
    team INTEGER NOT NULL REFERENCES teams (id),
    points INTEGER NOT NULL,
    reason TEXT NOT NULL,
    date TEXT NOT NULL
);

CREATE TRIGGER leagues_update AFTER UPDATE ON leagues BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'leagues', old.id, 'update',
        json_object('id', old.id, 'name', old.name, 'key', old.key, 'config', old.config, 'created', old.created));
END;
CREATE TRIGGER leagues_delete AFTER DELETE ON leagues BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'leagues', old.id, 'delete',
        json_object('id', old.id, 'name', old.name, 'key', old.key, 'config', old.config, 'created', old.created));
END;
CREATE TRIGGER seasons_update AFTER UPDATE ON seasons BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'seasons', old.id, 'update',
        json_object('id', old.id, 'league', old.league, 'name', old.name, 'key', old.key, 'config', old.config, 'created', old.created));
END;
CREATE TRIGGER seasons_delete AFTER DELETE ON seasons BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'seasons', old.id, 'delete',
        json_object('id', old.id, 'league', old.league, 'name', old.name, 'key', old.key, 'config', old.config, 'created', old.created));
END;
CREATE TRIGGER teams_update AFTER UPDATE ON teams BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'teams', old.id, 'update',
        json_object('id', old.id, 'league', old.league, 'name', old.name, 'key', old.key, 'venue', old.venue));
END;
CREATE TRIGGER teams_delete AFTER DELETE ON teams BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'teams', old.id, 'delete',
        json_object('id', old.id, 'league', old.league, 'name', old.name, 'key', old.key, 'venue', old.venue));
END;
CREATE TRIGGER entries_update AFTER UPDATE ON entries BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'entries', old.id, 'update',
        json_object('id', old.id, 'season', old.season, 'team', old.team, 'withdrawn', old.withdrawn));
END;
CREATE TRIGGER entries_delete AFTER DELETE ON entries BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'entries', old.id, 'delete',
        json_object('id', old.id, 'season', old.season, 'team', old.team, 'withdrawn', old.withdrawn));
END;
CREATE TRIGGER rosters_update AFTER UPDATE ON rosters BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'rosters', old.id, 'update',
        json_object('id', old.id, 'season', old.season, 'team', old.team, 'player', old.player));
END;
CREATE TRIGGER rosters_delete AFTER DELETE ON rosters BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'rosters', old.id, 'delete',
        json_object('id', old.id, 'season', old.season, 'team', old.team, 'player', old.player));
END;
CREATE TRIGGER fixtures_update AFTER UPDATE ON fixtures BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'fixtures', old.id, 'update',
        json_object('id', old.id, 'season', old.season, 'round', old.round, 'date', old.date, 'home', old.home, 'away', old.away, 'status', old.status, 'result', old.result, 'home_points', old.home_points, 'away_points', old.away_points, 'walkover', old.walkover));
END;
CREATE TRIGGER fixtures_delete AFTER DELETE ON fixtures BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'fixtures', old.id, 'delete',
        json_object('id', old.id, 'season', old.season, 'round', old.round, 'date', old.date, 'home', old.home, 'away', old.away, 'status', old.status, 'result', old.result, 'home_points', old.home_points, 'away_points', old.away_points, 'walkover', old.walkover));
END;
CREATE TRIGGER matches_update AFTER UPDATE ON matches BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'matches', old.id, 'update',
        json_object('id', old.id, 'fixture', old.fixture, 'kind', old.kind, 'slot', old.slot, 'home_players', old.home_players, 'away_players', old.away_players, 'home_legs', old.home_legs, 'away_legs', old.away_legs, 'leg_scores', old.leg_scores));
END;
CREATE TRIGGER matches_delete AFTER DELETE ON matches BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'matches', old.id, 'delete',
        json_object('id', old.id, 'fixture', old.fixture, 'kind', old.kind, 'slot', old.slot, 'home_players', old.home_players, 'away_players', old.away_players, 'home_legs', old.home_legs, 'away_legs', old.away_legs, 'leg_scores', old.leg_scores));
END;
CREATE TRIGGER leg_games_update AFTER UPDATE ON leg_games BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'leg_games', old.id, 'update',
        json_object('id', old.id, 'match', old.match, 'leg', old.leg, 'game', old.game, 'home_side', old.home_side));
END;
CREATE TRIGGER leg_games_delete AFTER DELETE ON leg_games BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'leg_games', old.id, 'delete',
        json_object('id', old.id, 'match', old.match, 'leg', old.leg, 'game', old.game, 'home_side', old.home_side));
END;
CREATE TRIGGER adjustments_update AFTER UPDATE ON adjustments BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'adjustments', old.id, 'update',
        json_object('id', old.id, 'season', old.season, 'team', old.team, 'points', old.points, 'reason', old.reason, 'date', old.date));
END;
CREATE TRIGGER adjustments_delete AFTER DELETE ON adjustments BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'adjustments', old.id, 'delete',
        json_object('id', old.id, 'season', old.season, 'team', old.team, 'points', old.points, 'reason', old.reason, 'date', old.date));
END;

-- @@ version 3: results confirmed by both sides ---------------------------------------------------
-- A night entered for one team is provisional until it is confirmed for the other, or disputed
-- with a reason. A night with no row here was imported from the record (or entered before
-- version 3) and stands as confirmed. `entered_by` is the side that entered it (none for a night
-- from the record), `disputed_by` the side that disputes it; `date` is the day of the last step.
CREATE TABLE confirmations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    fixture INTEGER NOT NULL UNIQUE REFERENCES fixtures (id),
    state TEXT NOT NULL CHECK (state IN ('provisional', 'confirmed', 'disputed')),
    entered_by TEXT CHECK (entered_by IN ('home', 'away')),
    disputed_by TEXT CHECK (disputed_by IN ('home', 'away')),
    reason TEXT,
    date TEXT NOT NULL
);

CREATE TRIGGER confirmations_update AFTER UPDATE ON confirmations BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'confirmations', old.id, 'update',
        json_object('id', old.id, 'fixture', old.fixture, 'state', old.state, 'entered_by', old.entered_by, 'disputed_by', old.disputed_by, 'reason', old.reason, 'date', old.date));
END;
CREATE TRIGGER confirmations_delete AFTER DELETE ON confirmations BEGIN
    INSERT INTO changes (op, tbl, row, action, old) VALUES ((SELECT max(id) FROM operations), 'confirmations', old.id, 'delete',
        json_object('id', old.id, 'fixture', old.fixture, 'state', old.state, 'entered_by', old.entered_by, 'disputed_by', old.disputed_by, 'reason', old.reason, 'date', old.date));
END;

-- @@ version 4: names matched in NFC -------------------------------------------------------------
-- No table changes: `don` folds every name's `key` anew (accents composed, as `name_key` now
-- does) when it brings a database up to this version, so a name once typed with its accents
-- apart is found when it is typed again. A key another row of the same scope already holds is
-- left as it was (the two stay apart, as they were). The folding is one operation in the log.
SELECT 1;

-- @@ version 5: who made each change -------------------------------------------------------------
-- Every operation names its actor: at the command line the local user (their login name); on the
-- web the captain or the secretary signed in. `team` is the team the actor acted for, where there
-- is one (a captain's own team; the team named with `--by` at the command line). Operations
-- logged before this version were made by an unknown actor (an empty name).
ALTER TABLE operations ADD COLUMN actor TEXT NOT NULL DEFAULT '';
ALTER TABLE operations ADD COLUMN team INTEGER;

-- @@ version 6: every row added, changed or taken away is logged by one mechanism -------------
-- Each logged table (the list is `store::LOGGED`, in src/store/logged.rs: don's one list of them)
-- has three triggers, made by don when it brings a database up to this version: `<table>_insert` logs the
-- row added (no `old`), `<table>_update` and `<table>_delete` the row as it was (`old`, JSON of
-- every column). Undoing an operation works from these rows alone: a row added is deleted (the
-- latest first, so what refers to a row goes before it), a row changed or taken away is put
-- back as it was. The triggers of the versions before are dropped. A row a change added before
-- this version without its own line in the log (a game's seats, hands and tricks, imported as
-- one) is given one, as added by the latest operation that added a row it refers to.
-- `changes_row` finds what later changes did to a row (what holds it, what it would clash with).
CREATE INDEX changes_row ON changes (tbl, row, op);

-- @@ version 7: a summary of each game ----------------------------------------------------------
-- What `don games` lists and what `don play` looks for (the latest unfinished game), kept so that
-- neither replays every game: each row is worked out by replaying its game (in `app`), and written
-- in the same change as every change to the game (`don new`, each line at the table and its
-- take-back, an import, an undo of any of these). It is derived from what is recorded, never
-- recorded itself: it is not in the log (an undo works it out anew), and a game without one (a
-- database brought up from version 6) has it worked out by the first command that changes the
-- database, and in memory until then. `finished`: the game is decided; `in_play`: a hand of it is
-- begun at the table and not finished; `losers`: the seat letters that lost (`NE`), in order.
CREATE TABLE game_summaries (
    game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    variant_name TEXT NOT NULL,
    hands INTEGER NOT NULL,
    finished INTEGER NOT NULL CHECK (finished IN (0, 1)),
    in_play INTEGER NOT NULL CHECK (in_play IN (0, 1)),
    winner TEXT,
    draw INTEGER NOT NULL CHECK (draw IN (0, 1)),
    losers TEXT NOT NULL
);
CREATE INDEX game_summaries_unfinished ON game_summaries(finished, game);

-- Each side's final score, in the variant's order of sides.
CREATE TABLE game_summary_scores (
    game INTEGER NOT NULL REFERENCES game_summaries(game) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    side TEXT NOT NULL,
    score INTEGER NOT NULL,
    PRIMARY KEY (game, position)
) WITHOUT ROWID;

-- @@ version 8: private links for captains and the secretary, and their sessions on the web ------
-- A link (`don captain link TEAM`, `don secretary link`) lets whoever holds it act on the web for a
-- team (`team`) or, with no team, as the league's secretary. Only the SHA-256 of its token is kept
-- (`token_hash`, hex), never the token. `revoked`: when `don captain revoke` ended it (RFC 3339,
-- UTC); a revoked link and every session opened with it stop at once. Links are logged: making or
-- revoking one is a change `don undo` puts back. A link's number is never given again, even when
-- its making is undone, so that "link 3" in the log is one link.
CREATE TABLE links (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    league INTEGER NOT NULL REFERENCES leagues(id),
    team INTEGER REFERENCES teams(id),
    token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    made TEXT NOT NULL,
    revoked TEXT
);
CREATE INDEX links_league ON links(league, team);

-- When each link was last opened or used (RFC 3339, UTC): kept apart from `links`, as a use is no
-- change to the league and is not in the log.
CREATE TABLE link_uses (
    link INTEGER PRIMARY KEY REFERENCES links(id) ON DELETE CASCADE,
    last_used TEXT NOT NULL
);

-- A session on the web, opened with a link: its cookie's value is never kept, only its SHA-256
-- (`key_hash`, hex). `csrf`: the token every form of the session posts back. Not in the log.
CREATE TABLE web_sessions (
    key_hash TEXT PRIMARY KEY CHECK (length(key_hash) = 64),
    link INTEGER NOT NULL REFERENCES links(id) ON DELETE CASCADE,
    csrf TEXT NOT NULL,
    made TEXT NOT NULL,
    expires TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX web_sessions_link ON web_sessions(link);

-- @@ version 9: games scored on the web, and a game's scorer's link -------------------------------
-- A scorer's link (`don scorer link GAME`) lets whoever holds it score that one game on the web,
-- and nothing else (`game`; `team` is then NULL). It belongs to the league that serves it.
ALTER TABLE links ADD COLUMN game INTEGER REFERENCES games(id);
CREATE INDEX links_game ON links(game);

-- The games of a league on the web (`don serve`): begun there, or given a scorer's link. Its
-- board is public, read only. `team`: the team whose captain began it (who may score it too);
-- NULL when the secretary or a scorer's link did. `fixture`: the night it is played for, if one was
-- named (its board shows the night's games). Logged, with the game it belongs to.
CREATE TABLE web_games (
    id INTEGER PRIMARY KEY REFERENCES games(id),
    league INTEGER NOT NULL REFERENCES leagues(id),
    team INTEGER REFERENCES teams(id),
    fixture INTEGER REFERENCES fixtures(id)
);
CREATE INDEX web_games_league ON web_games(league, team);
CREATE INDEX web_games_fixture ON web_games(fixture);

-- @@ version 10: the league's past: undated nights, final tables, names across the years ----------
-- A night known only from a results grid (FORMAT.md §7) has no date: `undated` is 1, and its
-- `date` is the season's end as the import found it (`league::fixtures::season_end`), so that it
-- counts in any `--on` from then.
ALTER TABLE fixtures ADD COLUMN undated INTEGER NOT NULL DEFAULT 0;

-- A season known only by its final table (FORMAT.md §7), recorded as it was printed, one row a
-- team in its printed order (`pos` as printed; may be shared). A season with any row here is
-- closed: its standings are these rows, and no night can be entered in it.
CREATE TABLE season_tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    season INTEGER NOT NULL REFERENCES seasons (id),
    position INTEGER NOT NULL,      -- its place in the printed order, from 1
    pos INTEGER NOT NULL,           -- the position as printed
    team INTEGER NOT NULL REFERENCES teams (id),
    played INTEGER NOT NULL,
    won INTEGER NOT NULL,
    drawn INTEGER NOT NULL,
    lost INTEGER NOT NULL,
    matches_for INTEGER NOT NULL,
    matches_against INTEGER NOT NULL,
    legs_for INTEGER,
    legs_against INTEGER,
    points INTEGER NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    UNIQUE (season, position),
    UNIQUE (season, team)
);

-- The other names of a team: a former name (`until`: the last day the team was so called;
-- `don team rename OLD NEW --from DATE` keeps OLD until the day before DATE), or an alias
-- (`until` NULL: another way the name is written, `don team alias`, or a choice made on import).
-- `teams.name` is the name today. A name or alias is unique within its league (`key`, folded
-- as `teams.key`), across teams' names and these.
CREATE TABLE team_names (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    team INTEGER NOT NULL REFERENCES teams (id),
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    until TEXT
);
CREATE INDEX team_names_team ON team_names (team);
CREATE INDEX team_names_key ON team_names (key);

-- A player's likewise (`players.name` is the name today; keys unique across players' names
-- and these).
CREATE TABLE player_names (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player INTEGER NOT NULL REFERENCES players (id),
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    until TEXT
);
CREATE INDEX player_names_player ON player_names (player);
CREATE UNIQUE INDEX player_names_key ON player_names (key);

-- @@ version 11: an entry sent from a phone is applied once ---------------------------------------
-- `entry`: the id a phone's page gave a line it sent to the table (its queue's, kept on the phone
-- while there is no connection), on the operation that applied it. The same line sent again (its
-- answer lost on the way) is found by it and answered as applied, never applied twice. Not a
-- change of what was recorded: an undo leaves it, so a line once applied is not applied again.
ALTER TABLE operations ADD COLUMN entry TEXT;
CREATE UNIQUE INDEX operations_entry ON operations (game, entry) WHERE entry IS NOT NULL;

-- A pub's friendly games scored on a phone with no league: a scorer's link (`don scorer link
-- GAME` on a database with no league) and its game on the web belong to no league (`league`
-- NULL), and act on that one game only. `links.league` and `web_games.league` may be NULL from
-- this version: don takes their NOT NULL away when it brings a database up to it (a change of the
-- schema's text alone, as SQLite allows for a constraint taken away: every row stays as it is).

-- @@ version 12: two players of one name, and a player moved to another team from a date -------
-- Two people of one name are two players (RULES.md §9): `players.key` is indexed, no longer
-- unique. Where two players share a name the league tells them apart by the team each first
-- played for ("Dai Jones (Red Lion)"). SQLite cannot drop a UNIQUE: the table is made anew,
-- every row kept with its number (and the numbers given before, in `sqlite_sequence`).
CREATE TABLE players_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    key TEXT NOT NULL
);
INSERT INTO players_new (id, name, key) SELECT id, name, key FROM players ORDER BY id;
DELETE FROM sqlite_sequence WHERE name = 'players_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'players_new', seq FROM sqlite_sequence WHERE name = 'players';
DROP TABLE players;
ALTER TABLE players_new RENAME TO players;
CREATE INDEX players_key ON players (key);

-- A dated transfer (`don roster transfer`): a player moved during a season is on the old team's
-- roster until the day before the transfer (`until`) and on the new team's from its day
-- (`since`); NULL: from the season's start, to its end.
ALTER TABLE rosters ADD COLUMN since TEXT;
ALTER TABLE rosters ADD COLUMN until TEXT;

-- @@ version 13: a change that only adds rows is logged as one fact a table ---------------------
-- An import of game records adds a million rows in one change; logging each in `changes` (as a
-- trigger logs a row added by any other change) doubled what it wrote. A change made to add rows
-- only (`Store::change_adding`) logs instead, for each table it added to, the numbers of the
-- first and last rows it added: every row of `tbl` numbered `first` to `last` was added by `op`,
-- and none of them was in place before it (numbers only grow). Undoing it deletes those rows
-- (the deletes are logged as any are, so undoing the undo puts back each row as it was); nothing
-- else is ever changed by such a change (it is refused at its commit if it did).
CREATE TABLE added (
    op INTEGER NOT NULL REFERENCES operations (id),
    tbl TEXT NOT NULL,
    first INTEGER NOT NULL,
    last INTEGER NOT NULL,
    PRIMARY KEY (op, tbl)
) WITHOUT ROWID;
CREATE INDEX added_tbl ON added (tbl, first);
-- Each check of a column against a list of three or more values (`changes.action`, `seats.seat`,
-- `hands.body`, `fixtures.result`, `confirmations.state`) is written anew as the same check said
-- with OR (`seat = 'N' OR seat = 'E' OR …`): SQLite builds a table of an IN list each time a
-- statement runs, twice for every hand imported. Done by don (the tables' text changed in place,
-- as SQLite allows for a check every row meets), as the version's step.

-- @@ version 14: cups, knockout competitions of a season (RULES.md §11) --------------------------
-- A cup of a season: `kind` is `team` (each tie a match night of the season's composition) or
-- the kind of match of an individual cup (each tie one match of that kind, best of `best_of`
-- legs). `seed` is the seed its draw was made from, when don made it. Nothing of a cup counts
-- in the league table.
CREATE TABLE cups (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    season INTEGER NOT NULL REFERENCES seasons (id),
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    kind TEXT NOT NULL,
    best_of INTEGER NOT NULL DEFAULT 3,
    seed TEXT,
    UNIQUE (season, key)
);

-- An entry of a cup: a team, or one or two players (a JSON array of player ids, in order);
-- `draw` is its place in the draw (from 1), once drawn.
CREATE TABLE cup_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    cup INTEGER NOT NULL REFERENCES cups (id),
    team INTEGER REFERENCES teams (id),
    players TEXT,
    draw INTEGER,
    UNIQUE (cup, draw)
);

-- A tie played: tie `tie` of round `round` of the bracket, between the entries `home` and
-- `away`, with its result (`matches` below, `totals`, `walkover` naming the side that turned
-- up, or `legs` for an individual tie: the legs in `home_points`/`away_points`), the winner of
-- a deciding leg when it was level, and whether both teams stand by it (as `confirmations`).
CREATE TABLE cup_ties (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    cup INTEGER NOT NULL REFERENCES cups (id),
    round INTEGER NOT NULL,
    tie INTEGER NOT NULL,
    home INTEGER NOT NULL REFERENCES cup_entries (id),
    away INTEGER NOT NULL REFERENCES cup_entries (id),
    date TEXT,
    result TEXT NOT NULL CHECK (result = 'matches' OR result = 'totals' OR result = 'walkover' OR result = 'legs'),
    home_points INTEGER,
    away_points INTEGER,
    walkover TEXT CHECK (walkover IN ('home', 'away')),
    decider TEXT CHECK (decider IN ('home', 'away')),
    state TEXT NOT NULL DEFAULT 'confirmed' CHECK (state = 'provisional' OR state = 'confirmed' OR state = 'disputed'),
    entered_by TEXT CHECK (entered_by IN ('home', 'away')),
    disputed_by TEXT CHECK (disputed_by IN ('home', 'away')),
    reason TEXT,
    UNIQUE (cup, round, tie)
);

-- A match of a team tie, as `matches` keeps a night's (players by name as entered).
CREATE TABLE cup_matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tie INTEGER NOT NULL REFERENCES cup_ties (id),
    kind TEXT NOT NULL,
    slot INTEGER NOT NULL,
    home_players TEXT NOT NULL DEFAULT '[]',
    away_players TEXT NOT NULL DEFAULT '[]',
    home_legs INTEGER NOT NULL,
    away_legs INTEGER NOT NULL,
    leg_scores TEXT,
    UNIQUE (tie, kind, slot)
);

-- @@ version 15: divisions, ranked, and each team's division in a season (RULES.md §10) ---------
-- A season's divisions, ranked from the top (`rank` 1). A season with none is one division, as
-- before. `entries.division` is the division a team plays in that season (NULL: the season has
-- no divisions).
CREATE TABLE divisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    season INTEGER NOT NULL REFERENCES seasons (id),
    rank INTEGER NOT NULL,
    name TEXT NOT NULL,
    key TEXT NOT NULL,
    UNIQUE (season, key)
);
ALTER TABLE entries ADD COLUMN division INTEGER REFERENCES divisions (id);
