-- don's database, version 1 (PRAGMA user_version = 1).
--
-- What is kept is what was recorded: the games, their hands, tricks and penalties, as typed at
-- the table or imported. No score is stored: every score is worked out by replaying these
-- entries through the rules engine. Every change is made by one operation (one transaction),
-- and what it changed is logged in `changes`, so `don undo` can put it back, and undo the undo:
-- each row it updates or deletes by the triggers below (with the row as it was), each thing it
-- adds by the program (a row entered at the table; a game, with all its hands, as one).

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

-- What an operation changed: each row it updated or deleted, with the row before (`old`, JSON);
-- each thing it added (a game stands for its seats, hands, tricks and penalties: undoing the
-- insert deletes them all).
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

-- The change log. Each table that holds what users entered has two triggers; the operation is
-- the latest one begun, since a change is always made inside its operation's transaction.
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
