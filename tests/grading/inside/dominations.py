"""What the hidden tests of worksheet 5, Domi'Nations, run inside the notebook's process:
games played to the end, and the reference's whole games with every position they go through.

Shipped by course.grading.notebook.shipped, which gives this module ``snapshot``, ``caught`` and
``taped``. The loops make the calls the hidden tests made one by one before, in the same
order, taping each value read; the grader replays the tests' assertions on those values.
"""

import random

#: how a played-out game picks its move among the legal ones
PICKS = ("first", "middle", "random")


def pick(how, moves, rng):
    """The move ``how`` picks: the first, the middle one, or ``rng.choice``."""
    if how == "first":
        return moves[0]
    if how == "middle":
        return moves[len(moves) // 2]
    return rng.choice(moves)


def play_out(tape, game, how, seed, lines):
    """Play ``game`` to the end (300 moves at most): at each move is_over(), the player, the
    domino to place, the legal moves, the line's numbers (when ``lines``) and the play; at the
    end is_over()."""
    rng = random.Random(seed)
    for _ in range(300):
        if tape(game.is_over()):
            return
        tape(game.player), tape(game.to_place)
        move = pick(how, tape(game.legal_moves()), rng)
        if lines:
            tape([domino.number for domino in game.line])
        tape(game.play(move))


def placing(tape, Kingdom, text, size, domino, first, second):
    """A placement tried on ``Kingdom.from_text(text, size)``: the kingdom, can_place, what
    place did, to_text, then a new kingdom from the same text and its to_text."""
    kingdom = tape(Kingdom.from_text(text, size))
    tape(kingdom.can_place(domino, first, second))
    tape(attempt(lambda: kingdom.place(domino, first, second)))
    tape(kingdom.to_text())
    tape(tape(Kingdom.from_text(text, size)).to_text())


# --- whole games against the reference (test_dominations.play_alongside) ---------------------


def position(game):
    """What the text fixes of a game's position, as it crosses (the grader puts the legal
    moves, last, in a set: test_dominations.as_position)."""
    return snapshot((game.player, game.to_place, game.turn, list(game.kings), [tuple(pair) for pair in game.claimed],
                     [tuple(pair) for pair in game.previous], list(game.line), game.free(), game.is_over(),
                     [kingdom.to_text() for kingdom in game.kingdoms], game.legal_moves()))


def as_position(found):
    """A position with its legal moves in a set (as test_dominations.as_position)."""
    *rest, moves = found
    return (*rest, None if moves is None else frozenset(tuple(move) if isinstance(move, list) else move
                                                         for move in moves))


def attributes(game):
    """The attributes that put another game in this one's position."""
    return snapshot({"pile": list(game.pile), "line": list(game.line), "kings": list(game.kings),
                     "claimed": [tuple(pair) for pair in game.claimed],
                     "previous": [tuple(pair) for pair in game.previous], "turn": game.turn,
                     "texts": [kingdom.to_text() for kingdom in game.kingdoms]})


def sync(game, Kingdom, attributes, size, rng):
    """Put ``game`` in the position ``attributes`` describe, with the generator ``rng``."""
    kingdoms = [Kingdom.from_text(text, size) for text in attributes["texts"]]
    for name in ("pile", "line", "kings", "claimed", "previous", "turn"):
        setattr(game, name, attributes[name])
    game.rng = rng
    game.kingdoms = kingdoms


def candidate_moves(rng, moves, game_state, size):
    """Moves to ask problem() about: some legal ones and the illegal moves next to them."""
    player, to_place, *_ = game_state
    chosen = rng.sample(moves, min(3, len(moves)))
    choices = sorted({choice for choice, _ in moves}, key=repr)
    placements = sorted({placement for _, placement in moves}, key=repr)
    side = 2 * size - 1
    wrong = [(99, placements[0]), (None, placements[0]) if choices != [None] else (choices[0], placements[0])]
    if choices != [None]:
        wrong.append((choices[0], ((0, 0), (0, 1))))  # far from every kingdom
        wrong.append((choices[-1], ((side, 0), (side, 1))))  # outside the area
    if to_place is not None and placements != [None]:
        wrong.append((choices[0], None))  # a discard while the domino fits
    return chosen + [move for move in wrong if move not in moves]


def reference_game(Game, Kingdom, players, seed, mighty_duel, moves_checked):
    """The reference's whole game as test_dominations.play_alongside plays it: per step the
    attributes synced into both games, the position, the moves asked about with the answers,
    the move played and the position after it; the last step is the end."""
    rng, size = random.Random(seed), 7 if mighty_duel else 5
    game = Game(players, random.Random(seed), mighty_duel=mighty_duel)
    steps = []
    for step in range(300):
        synced = attributes(game)
        # the game gets its own copy, as when the attributes cross to it
        sync(game, Kingdom, snapshot(synced), size, random.Random(seed * 1000 + step))
        found = position(game)
        want = as_position(found)
        entry = {"attributes": synced, "position": found}
        steps.append(entry)
        if want[8]:
            return steps
        legal = sorted(want[-1], key=repr)
        asked = candidate_moves(rng, legal, want, size) if step < moves_checked else []
        entry["asked"] = [(move, game.problem(move) is None) for move in asked]
        entry["move"] = move = rng.choice(legal)
        game.play(move)
        entry["after"] = position(game)
    raise AssertionError("the reference's game did not end after 300 moves")


def checked_position(tape, game, Kingdom, synced, size, seed, asked):
    """The notebook's game synced to the reference's position: its position; when over, its
    legal moves and problem() of two moves; else for each move asked, problem(move) is None,
    and when that says illegal, what play(move) did and the position after it."""
    sync(game, Kingdom, synced, size, random.Random(seed))
    if as_position(tape(position(game)))[8]:
        tape(game.legal_moves())
        for move in ((None, None), (1, None)):
            tape(game.problem(move) is None)
        return
    for move in asked:
        if tape(game.problem(move) is None) is False:
            tape(attempt(lambda move=move: game.play(move)))
            tape(position(game))


def played(tape, game, move):
    """``game.play(move)``, then the position after it."""
    tape(game.play(move))
    tape(position(game))
