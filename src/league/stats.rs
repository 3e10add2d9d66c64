//! Statistics per player and per partnership, per kind of game.
