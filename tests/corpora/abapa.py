"""Worksheet 3, Abapa: mistakes and correct alternatives of every exercise.

Cells are appended after the whole solution notebook, so a mistake in a helper (``sow``,
``capture``...) also reaches ``Board.play``, which calls the helpers by name; a mistake in
a method is a monkeypatch (``Board.play = wrong_play``).
"""

from corpora import Alternative, Mistake

NOTEBOOK = "03_abapa"


def _play_with(sowing: str, capturing: str) -> str:
    """A cell making ``Board.play`` out of the given sowing and capturing functions."""
    return (
        "def play(self, pit):\n"
        "    if pit not in self.legal_moves():\n"
        "        raise ValueError(f'choose one of {self.legal_moves()}')\n"
        f"    cells, last = {sowing}(self._cells, cell(self.player, pit))\n"
        f"    cells = {capturing}(cells, last, self.player)\n"
        "    mover = opponent(self.player)\n"
        "    legal = [] if max(cells[6], cells[13]) >= 25 else legal_pits(cells, mover)\n"
        "    if not legal and max(cells[6], cells[13]) < 25:\n"
        "        cells = take_remaining(cells, mover)\n"
        "    self._cells, self.player, self._legal = cells, mover, legal\n"
        "Board.play = play\n"
    )


#: the start of a greedy choose_move: ``lead(pit)``, the mover's lead after playing ``pit``
_GREEDY_LEAD = (
    "def choose_move(self, board):\n"
    "    me = board.player\n"
    "    def lead(pit):\n"
    "        after = board.copy()\n"
    "        after.play(pit)\n"
    "        return after.score(me) - after.score(opponent(me))\n"
)


def _play_ending(ending: str) -> str:
    """A cell making ``Board.play`` that sows and captures with the notebook's helpers, then
    ends the move with ``ending`` (lines of the body that know ``cells`` and ``mover``)."""
    return (
        "def play(self, pit):\n"
        "    if pit not in self.legal_moves() or type(pit) is not int:\n"
        "        raise ValueError(f'choose one of {self.legal_moves()}')\n"
        "    cells, last = sow(self._cells, cell(self.player, pit))\n"
        "    cells = capture(cells, last, self.player)\n"
        "    mover = opponent(self.player)\n"
        + ending
        + "Board.play = play\n"
    )


MISTAKES = [
    # --- abapa.display
    Mistake("abapa-display-top-row-left-to-right", "abapa.display",
            "def board_text(cells):\n"
            "    top = '   ' + ''.join(f'{cells[i]:4}' for i in range(7, 13))\n"
            "    bottom = f'{cells[13]:<4}' + ''.join(f'{cells[i]:4}' for i in range(6))\n"
            "    return top + '\\n' + bottom + f'{cells[6]:7}'\n",
            "player 1's pits are drawn from 12 down to 7, as seen from player 0's side",
            rule="display-player-1-from-pit-12-down-to-7"),
    Mistake("abapa-display-kalahs-swapped", "abapa.display",
            "def board_text(cells):\n"
            "    top = '   ' + ''.join(f'{cells[i]:4}' for i in range(12, 6, -1))\n"
            "    bottom = f'{cells[6]:<4}' + ''.join(f'{cells[i]:4}' for i in range(6))\n"
            "    return top + '\\n' + bottom + f'{cells[13]:7}'\n",
            "the opponent's kalah 13 is on the left, the mover's kalah 6 on the right",
            rule="display-kalah-13-left-kalah-6-right"),
    Mistake("abapa-display-newline-at-the-end", "abapa.display",
            "_board_text = board_text\n"
            "def board_text(cells):\n"
            "    return _board_text(cells) + '\\n'\n",
            "the two lines have no newline at the end", rule="display-no-newline-at-the-end"),
    # --- abapa.sowing
    Mistake("abapa-sow-refills-the-origin", "abapa.sowing",
            "def sow(cells, start):\n"
            "    cells = list(cells)\n"
            "    seeds, cells[start] = cells[start], 0\n"
            "    for step in range(1, seeds + 1):\n"
            "        cells[(start + step) % 14] += 1\n"
            "    return cells, (start + seeds) % 14\n",
            "with 14 seeds or more the lap skips the pit the seeds came from", rule="sow-skips-the-emptied-pit"),
    Mistake("abapa-sow-skips-the-opponents-kalah", "abapa.sowing",
            "def sow(cells, start):\n"
            "    cells = list(cells)\n"
            "    seeds, cells[start] = cells[start], 0\n"
            "    skip = 13 if start < 7 else 6\n"
            "    position = start\n"
            "    while seeds:\n"
            "        position = (position + 1) % 14\n"
            "        if position not in (start, skip):\n"
            "            cells[position] += 1\n"
            "            seeds -= 1\n"
            "    return cells, position\n",
            "the sowing puts a seed in both kalahs, the opponent's too", rule="sow-into-both-kalahs"),
    Mistake("abapa-sow-changes-the-callers-list", "abapa.sowing",
            "_sow = sow\n"
            "def sow(cells, start):\n"
            "    new, last = _sow(cells, start)\n"
            "    cells[:] = new\n"
            "    return cells, last\n",
            "sow works on a copy and leaves the list it is given unchanged",
            rule="sow-leaves-the-cells-given-unchanged"),
    Mistake("abapa-sow-last-cell-forgets-the-skip", "abapa.sowing",
            "_sow = sow\n"
            "def sow(cells, start):\n"
            "    new, last = _sow(cells, start)\n"
            "    return new, (start + cells[start]) % 14\n",
            "an off-by-one that shows only on long sowings: the skipped origin moves the last seed on",
            rule="sow-skips-the-emptied-pit"),
    Mistake("abapa-sow-returns-a-list-of-two", "abapa.sowing",
            "_sow = sow\n"
            "def sow(cells, start):\n"
            "    return list(_sow(cells, start))\n",
            "sow returns a tuple: the new list of cells and the last cell",
            rule="sow-returns-a-tuple-of-cells-and-last-cell"),
    # --- abapa.capture
    Mistake("abapa-capture-without-grand-slam", "abapa.capture",
            "def capture(cells, last, player):\n"
            "    cells = list(cells)\n"
            "    while last in camp(opponent(player)) and cells[last] in (2, 3):\n"
            "        cells[kalah(player)] += cells[last]\n"
            "        cells[last] = 0\n"
            "        last -= 1\n"
            "    return cells\n",
            "captures that would empty the opponent's camp are not made (grand slam)",
            rule="grand-slam-captures-nothing"),
    Mistake("abapa-capture-only-the-last-cell", "abapa.capture",
            "def capture(cells, last, player):\n"
            "    cells = list(cells)\n"
            "    their = camp(opponent(player))\n"
            "    if last in their and cells[last] in (2, 3) and sum(cells[i] for i in their) > cells[last]:\n"
            "        cells[kalah(player)] += cells[last]\n"
            "        cells[last] = 0\n"
            "    return cells\n",
            "the capture goes on backwards, a chain over the previous cells", rule="capture-chain-goes-backwards"),
    Mistake("abapa-capture-chain-forwards", "abapa.capture",
            "def capture(cells, last, player):\n"
            "    cells = list(cells)\n"
            "    their = camp(opponent(player))\n"
            "    taken = []\n"
            "    position = last\n"
            "    while position in their and cells[position] in (2, 3):\n"
            "        taken.append(position)\n"
            "        position += 1\n"
            "    if taken and sum(cells[i] for i in taken) < sum(cells[i] for i in their):\n"
            "        for i in taken:\n"
            "            cells[kalah(player)] += cells[i]\n"
            "            cells[i] = 0\n"
            "    return cells\n",
            "the chain goes backwards from the last seed, not forwards", rule="capture-chain-goes-backwards"),
    Mistake("abapa-capture-in-the-movers-camp", "abapa.capture",
            "def capture(cells, last, player):\n"
            "    cells = list(cells)\n"
            "    taken = []\n"
            "    position = last\n"
            "    while position % 7 != 6 and position >= 0 and cells[position] in (2, 3):\n"
            "        taken.append(position)\n"
            "        position -= 1\n"
            "    their = camp(opponent(player))\n"
            "    if taken and any(cells[i] for i in their if i not in taken):\n"
            "        for i in taken:\n"
            "            cells[kalah(player)] += cells[i]\n"
            "            cells[i] = 0\n"
            "    return cells\n",
            "only the opponent's pits are captured, never the mover's own", rule="capture-only-the-opponents-pits"),
    Mistake("abapa-capture-changes-the-callers-list", "abapa.capture",
            "_capture = capture\n"
            "def capture(cells, last, player):\n"
            "    cells[:] = _capture(cells, last, player)\n"
            "    return cells\n",
            "capture leaves the list it is given unchanged", rule="capture-leaves-the-cells-given-unchanged"),
    Mistake("abapa-capture-only-two", "abapa.capture",
            "def capture(cells, last, player):\n"
            "    cells = list(cells)\n"
            "    their = camp(opponent(player))\n"
            "    taken = []\n"
            "    while last in their and cells[last] == 2:\n"
            "        taken.append(last)\n"
            "        last -= 1\n"
            "    if taken and sum(cells[i] for i in taken) < sum(cells[i] for i in their):\n"
            "        for i in taken:\n"
            "            cells[kalah(player)] += cells[i]\n"
            "            cells[i] = 0\n"
            "    return cells\n",
            "a pit holding 2 or 3 seeds is captured, 3 too", rule="capture-a-pit-of-2-or-3"),
    # --- abapa.feeding
    Mistake("abapa-feeds-off-by-one", "abapa.feeding",
            "def feeds(cells, player, pit):\n"
            "    return cells[cell(player, pit)] >= 6 - pit\n",
            "pit i reaches the opponent with 7 - i seeds: 5 - i own pits, the kalah, then their pit",
            rule="pit-i-feeds-from-7-minus-i-seeds"),
    Mistake("abapa-feeds-returns-a-count", "abapa.feeding",
            "def feeds(cells, player, pit):\n"
            "    return max(0, cells[cell(player, pit)] - (6 - pit))\n",
            "feeds answers True or False, not a number of seeds", rule="feeds-returns-a-bool"),
    Mistake("abapa-legal-pits-ignore-feeding", "abapa.feeding",
            "def legal_pits(cells, player):\n"
            "    return [pit for pit in range(6) if cells[cell(player, pit)] > 0]\n",
            "when the opponent's camp is empty only the pits that feed it are legal", rule="must-feed-an-empty-camp"),
    Mistake("abapa-legal-pits-always-player-0s-cells", "abapa.feeding",
            "def legal_pits(cells, player):\n"
            "    pits = [pit for pit in range(6) if cells[pit] > 0]\n"
            "    if not any(cells[i] for i in camp(opponent(player))):\n"
            "        pits = [pit for pit in pits if feeds(cells, player, pit)]\n"
            "    return pits\n",
            "player 1's pit i is cell 7 + i", rule="pits-counted-from-the-movers-side"),
    # --- abapa.end
    Mistake("abapa-game-over-at-24", "abapa.end",
            "def game_over(cells, player):\n"
            "    return max(cells[6], cells[13]) >= 24 or not legal_pits(cells, player)\n",
            "25 seeds, more than half, end the game; 24 do not", rule="over-at-25-in-either-kalah"),
    Mistake("abapa-take-remaining-to-the-other-kalah", "abapa.end",
            "def take_remaining(cells, player):\n"
            "    cells = list(cells)\n"
            "    for i in list(camp(0)) + list(camp(1)):\n"
            "        cells[kalah(opponent(player))] += cells[i]\n"
            "        cells[i] = 0\n"
            "    return cells\n",
            "the player who cannot feed takes the remaining seeds into their own kalah",
            rule="the-mover-takes-every-seed-left-into-their-kalah"),
    Mistake("abapa-take-remaining-only-own-camp", "abapa.end",
            "def take_remaining(cells, player):\n"
            "    cells = list(cells)\n"
            "    for i in camp(player):\n"
            "        cells[kalah(player)] += cells[i]\n"
            "        cells[i] = 0\n"
            "    return cells\n",
            "every seed left in the pits of both camps goes to the mover's kalah",
            rule="the-mover-takes-every-seed-left-into-their-kalah"),
    # --- abapa.board
    Mistake("abapa-board-cells-not-a-copy", "abapa.board",
            "Board.cells = property(lambda self: self._cells)\n",
            "board.cells returns a copy: changing it does not change the board", rule="board-cells-are-a-copy"),
    Mistake("abapa-board-keeps-the-callers-list", "abapa.board",
            "_init = Board.__init__\n"
            "def __init__(self, cells=None, player=0):\n"
            "    _init(self, cells, player)\n"
            "    if cells is not None:\n"
            "        self._cells = cells\n"
            "Board.__init__ = __init__\n",
            "the board keeps a copy of the list it is given", rule="board-cells-are-a-copy"),
    Mistake("abapa-board-no-seed-count", "abapa.board",
            "_init = Board.__init__\n"
            "def __init__(self, cells=None, player=0):\n"
            "    if cells is not None and len(cells) == 14 and sum(cells) != 48:\n"
            "        cells = list(cells)\n"
            "        self._cells, self.player, self._legal = cells, player, legal_pits(cells, player)\n"
            "        return\n"
            "    _init(self, cells, player)\n"
            "Board.__init__ = __init__\n",
            "a position holds 48 seeds, else ValueError", rule="board-refuses-bad-positions"),
    Mistake("abapa-board-accepts-whole-floats", "abapa.board",
            "_init = Board.__init__\n"
            "def __init__(self, cells=None, player=0):\n"
            "    whole = None if cells is None else [int(n) if isinstance(n, float) else n for n in cells]\n"
            "    _init(self, whole, player)\n"
            "Board.__init__ = __init__\n",
            "a cell is an int: a float is refused with ValueError, even 4.0", rule="board-refuses-bad-positions"),
    Mistake("abapa-board-accepts-player-2", "abapa.board",
            "_init = Board.__init__\n"
            "def __init__(self, cells=None, player=0):\n"
            "    _init(self, cells, player % 2)\n"
            "    self.player = player\n"
            "Board.__init__ = __init__\n",
            "the player to move is 0 or 1, else ValueError", rule="board-refuses-bad-positions"),
    Mistake("abapa-board-copy-returns-itself", "abapa.board",
            "Board.copy = lambda self: self\n",
            "copy() is a new, independent board", rule="board-copy-same-position-new-board"),
    Mistake("abapa-board-legal-moves-after-25", "abapa.board",
            "Board.legal_moves = lambda self: legal_pits(self._cells, self.player)\n",
            "legal_moves() is [] once a kalah holds 25 seeds: the game is over", rule="board-over-at-25"),
    Mistake("abapa-board-draw-goes-to-player-0", "abapa.board",
            "def winner(self):\n"
            "    if not self.is_over():\n"
            "        return None\n"
            "    return 0 if self.score(0) >= self.score(1) else 1\n"
            "Board.winner = winner\n",
            "24 to 24 is a draw: winner() is None", rule="board-24-24-is-a-draw"),
    Mistake("abapa-board-text-of-the-list", "abapa.board",
            "Board.__str__ = lambda self: str(self.cells)\n",
            "str(board) is board_text of its cells", rule="board-text-is-board-text"),
    Mistake("abapa-board-winner-while-the-game-goes-on", "abapa.board",
            "def winner(self):\n"
            "    if self.score(0) == self.score(1):\n"
            "        return None\n"
            "    return 0 if self.score(0) > self.score(1) else 1\n"
            "Board.winner = winner\n",
            "winner() is None while the game goes on, whoever leads", rule="board-no-winner-while-the-game-goes-on"),
    Mistake("abapa-board-over-only-at-25", "abapa.board",
            "Board.is_over = lambda self: max(self.score(0), self.score(1)) >= 25\n",
            "the game is also over when the mover has no legal pit", rule="board-over-when-the-mover-cannot-feed"),
    Mistake("abapa-board-is-over-as-a-number", "abapa.board",
            "Board.is_over = lambda self: len(self._legal) == 0 and 1 or 0\n",
            "is_over() answers True or False, not 1 or 0", rule="board-is-over-true-or-false"),
    Mistake("abapa-board-legal-moves-from-pit-5-down", "abapa.board",
            "Board.legal_moves = lambda self: sorted(self._legal, reverse=True)\n",
            "the legal moves come in increasing order", rule="board-legal-moves-from-the-movers-side-in-order"),
    # --- abapa.board_play
    Mistake("abapa-play-without-feeding-rule", "abapa.board_play",
            "def play(self, pit):\n"
            "    if self.is_over() or type(pit) is not int or not 0 <= pit < 6 or self._cells[cell(self.player, pit)] "
            "== 0:\n"
            "        raise ValueError(f'pit {pit} cannot be played')\n"
            "    cells, last = sow(self._cells, cell(self.player, pit))\n"
            "    cells = capture(cells, last, self.player)\n"
            "    mover = opponent(self.player)\n"
            "    won = max(cells[6], cells[13]) >= 25\n"
            "    legal = [] if won else legal_pits(cells, mover)\n"
            "    if not won and not legal:\n"
            "        cells = take_remaining(cells, mover)\n"
            "    self._cells, self.player, self._legal = cells, mover, legal\n"
            "Board.play = play\n",
            "when the opponent's camp is empty, a pit that does not feed it is refused", rule="play-must-feed"),
    Mistake("abapa-play-changes-the-board-before-refusing", "abapa.board_play",
            "_play = Board.play\n"
            "def play(self, pit):\n"
            "    if 0 <= pit < 6 and self._cells[cell(self.player, pit)] == 0:\n"
            "        self._cells = [0] * 6 + [24] + [0] * 6 + [24]\n"
            "    _play(self, pit)\n"
            "Board.play = play\n",
            "an illegal move raises ValueError and leaves the board unchanged: check first, change after",
            rule="play-refuses-illegal-moves-before-changing-anything"),
    Mistake("abapa-play-refuses-without-a-sentence", "abapa.board_play",
            "_play = Board.play\n"
            "def play(self, pit):\n"
            "    try:\n"
            "        _play(self, pit)\n"
            "    except ValueError:\n"
            "        raise ValueError\n"
            "Board.play = play\n",
            "the ValueError of an illegal move says what is allowed", rule="play-refusals-say-why"),
    Mistake("abapa-play-accepts-pit-minus-1", "abapa.board_play",
            "_play = Board.play\n"
            "def play(self, pit):\n"
            "    _play(self, pit % 6 if pit == -1 else pit)\n"
            "Board.play = play\n",
            "a pit is 0 to 5: -1 is refused, not Python's last item", rule="play-pit-is-0-to-5"),
    Mistake("abapa-play-forgets-the-remaining-seeds", "abapa.board_play",
            "def play(self, pit):\n"
            "    if pit not in self.legal_moves():\n"
            "        raise ValueError(f'choose one of {self.legal_moves()}')\n"
            "    cells, last = sow(self._cells, cell(self.player, pit))\n"
            "    cells = capture(cells, last, self.player)\n"
            "    self.player = opponent(self.player)\n"
            "    self._cells = cells\n"
            "    self._legal = [] if game_over(cells, self.player) else legal_pits(cells, self.player)\n"
            "Board.play = play\n",
            "a player who cannot feed takes every seed left: the game ends with them in their kalah",
            rule="play-the-mover-who-cannot-feed-takes-the-rest"),
    Mistake("abapa-play-its-own-capture-without-grand-slam", "abapa.board_play",
            "def _capture_all(cells, last, player):\n"
            "    cells = list(cells)\n"
            "    while last in camp(opponent(player)) and cells[last] in (2, 3):\n"
            "        cells[kalah(player)] += cells[last]\n"
            "        cells[last] = 0\n"
            "        last -= 1\n"
            "    return cells\n"
            + _play_with("sow", "_capture_all"),
            "Board.play applies the grand slam rule: no capture that would take every opponent seed",
            rule="play-grand-slam-captures-nothing"),
    Mistake("abapa-play-its-own-sowing-refills-the-origin", "abapa.board_play",
            "def _sow_round(cells, start):\n"
            "    cells = list(cells)\n"
            "    seeds, cells[start] = cells[start], 0\n"
            "    for step in range(1, seeds + 1):\n"
            "        cells[(start + step) % 14] += 1\n"
            "    return cells, (start + seeds) % 14\n"
            + _play_with("_sow_round", "capture"),
            "Board.play skips the emptied pit on a full lap of 14 seeds or more", rule="play-skips-the-emptied-pit"),
    Mistake("abapa-play-after-the-end", "abapa.board_play",
            "_play = Board.play\n"
            "def play(self, pit):\n"
            "    if self.is_over() and self._cells[cell(self.player, pit)]:\n"
            "        cells, last = sow(self._cells, cell(self.player, pit))\n"
            "        self._cells, self.player = cells, opponent(self.player)\n"
            "        return\n"
            "    _play(self, pit)\n"
            "Board.play = play\n",
            "no move may be played once the game is over", rule="play-refuses-any-move-after-the-end"),
    # --- abapa.players
    Mistake("abapa-random-player-uses-the-random-module", "abapa.players",
            "def choose_move(self, board):\n"
            "    return random.choice(board.legal_moves())\n"
            "RandomPlayer.choose_move = choose_move\n",
            "the random player draws with its own self.rng, so a seed replays a game",
            rule="random-draws-with-its-own-rng"),
    Mistake("abapa-random-player-chooses-among-the-legal-pits", "abapa.players",
            "def choose_move(self, board):\n"
            "    return self.rng.choice(board.legal_moves())\n"
            "RandomPlayer.choose_move = choose_move\n",
            "the worksheet's random player rolls a die, self.rng.randrange(6), until the pit is legal",
            rule="random-rolls-randrange-6-until-legal"),
    Mistake("abapa-random-player-is-the-packages-search", "abapa.players",
            "def choose_move(self, board):\n"
            "    return ai.MonteCarloPlayer(1, self.rng).choose_move(board)\n"
            "RandomPlayer.choose_move = choose_move\n",
            "the package's players are not the exercise: a random player draws self.rng.choice",
            rule="random-rolls-randrange-6-until-legal"),
    Mistake("abapa-random-player-is-the-packages-random", "abapa.players",
            "def choose_move(self, board):\n"
            "    return ai.RandomPlayer(self.rng).choose_move(board)\n"
            "RandomPlayer.choose_move = choose_move\n",
            "the package's random player draws among the legal moves, not self.rng.randrange(6) until legal",
            rule="random-rolls-randrange-6-until-legal"),
    Mistake("abapa-random-player-any-pit", "abapa.players",
            "RandomPlayer.choose_move = lambda self, board: self.rng.choice(range(6))\n",
            "the random player chooses among the legal pits only", rule="random-plays-only-legal-moves"),
    Mistake("abapa-human-player-any-pit-0-to-5", "abapa.players",
            "def choose_move(self, board):\n"
            "    while True:\n"
            "        answer = self.ask('pit? ')\n"
            "        if answer.isdigit() and int(answer) < 6:\n"
            "            return int(answer)\n"
            "HumanPlayer.choose_move = choose_move\n",
            "an empty pit, or one that does not feed when it must, is asked again",
            rule="human-asks-again-until-a-legal-pit"),
    Mistake("abapa-human-player-returns-the-text", "abapa.players",
            "def choose_move(self, board):\n"
            "    while True:\n"
            "        answer = self.ask('pit? ').strip()\n"
            "        if answer.isdigit() and int(answer) in board.legal_moves():\n"
            "            return answer\n"
            "HumanPlayer.choose_move = choose_move\n",
            "choose_move returns the pit as an int, not the text typed", rule="human-returns-the-pit-as-an-int"),
    Mistake("abapa-human-player-asks-once", "abapa.players",
            "def choose_move(self, board):\n"
            "    return int(self.ask('pit? '))\n"
            "HumanPlayer.choose_move = choose_move\n",
            "a human player is asked again until the answer is a legal pit", rule="human-asks-again-until-a-legal-pit"),
    # --- abapa.game
    Mistake("abapa-game-shows-the-real-board", "abapa.game",
            "def play_turn(self):\n"
            "    pit = self.players[self.board.player].choose_move(self.board)\n"
            "    self.board.play(pit)\n"
            "    return pit\n"
            "Game.play_turn = play_turn\n",
            "play_turn shows the player a copy of the board, so that it cannot cheat",
            rule="game-shows-the-player-a-copy"),
    Mistake("abapa-game-asks-player-0-every-turn", "abapa.game",
            "def play_turn(self):\n"
            "    pit = self.players[0].choose_move(self.board.copy())\n"
            "    self.board.play(pit)\n"
            "    return pit\n"
            "Game.play_turn = play_turn\n",
            "the player to move chooses: players[board.player], both players in turn",
            rule="game-player-to-move-chooses"),
    Mistake("abapa-game-run-is-the-packages-play-game", "abapa.game",
            "def run(self):\n"
            "    self.show_board()\n"
            "    ai.play_game(self.board, self.players)\n"
            "    self.show_board()\n"
            "    self.show_winner()\n"
            "    return self.board.winner()\n"
            "Game.run = run\n",
            "run() plays each turn with play_turn(), which shows the player a copy",
            rule="run-plays-each-turn-with-play-turn"),
    Mistake("abapa-game-run-shows-only-the-winner", "abapa.game",
            "def run(self):\n"
            "    while not self.is_over():\n"
            "        self.play_turn()\n"
            "    self.show_winner()\n"
            "    return self.board.winner()\n"
            "Game.run = run\n",
            "run() shows the board first and after each turn, as the worksheet's main loop does",
            rule="run-shows-the-board-before-and-after-each-turn"),
    Mistake("abapa-game-run-returns-the-scores", "abapa.game",
            "_run = Game.run\n"
            "def run(self):\n"
            "    _run(self)\n"
            "    return (self.board.score(0), self.board.score(1))\n"
            "Game.run = run\n",
            "run() returns the winner: 0, 1 or None", rule="run-returns-the-winner"),
    Mistake("abapa-game-ignores-the-given-board", "abapa.game",
            "_init = Game.__init__\n"
            "def __init__(self, player0, player1, board=None):\n"
            "    _init(self, player0, player1)\n"
            "Game.__init__ = __init__\n",
            "Game(p0, p1, board) plays on the board it is given", rule="game-board-given-or-a-new-start"),
    Mistake("abapa-game-default-board-made-once", "abapa.game",
            "def __init__(self, player0, player1, board=Board()):\n"
            "    self.players = [player0, player1]\n"
            "    self.board = board\n"
            "Game.__init__ = __init__\n",
            "each new game starts from a new board: a default argument Board() is made once and shared",
            rule="game-default-board-made-anew"),
    Mistake("abapa-game-play-turn-returns-nothing", "abapa.game",
            "_play_turn = Game.play_turn\n"
            "def play_turn(self):\n"
            "    _play_turn(self)\n"
            "Game.play_turn = play_turn\n",
            "play_turn() returns the pit that was played", rule="play-turn-returns-the-pit"),
    # --- abapa.greedy
    Mistake("abapa-greedy-is-the-packages-alpha-beta", "abapa.greedy",
            "GreedyPlayer.choose_move = lambda self, board: ai.AlphaBetaPlayer(depth=1).choose_move(board)\n",
            "the package's search is not the exercise: on a tie the greedy player plays the lowest pit",
            rule="greedy-lowest-pit-on-a-tie"),
    Mistake("abapa-greedy-is-the-packages-greedy", "abapa.greedy",
            "GreedyPlayer.choose_move = lambda self, board: ai.GreedyPlayer().choose_move(board)\n",
            "the package has no greedy player to answer the exercise with", rule="greedy-biggest-lead"),
    Mistake("abapa-greedy-highest-pit-on-a-tie", "abapa.greedy",
            _GREEDY_LEAD
            + "    return max(board.legal_moves(), key=lambda pit: (lead(pit), pit))\n"
            "GreedyPlayer.choose_move = choose_move\n",
            "on a tie, the greedy player plays the lowest pit", rule="greedy-lowest-pit-on-a-tie"),
    Mistake("abapa-greedy-own-kalah-only", "abapa.greedy",
            "def choose_move(self, board):\n"
            "    me = board.player\n"
            "    def mine(pit):\n"
            "        after = board.copy()\n"
            "        after.play(pit)\n"
            "        return after.score(me)\n"
            "    return max(board.legal_moves(), key=lambda pit: (mine(pit), -pit))\n"
            "GreedyPlayer.choose_move = choose_move\n",
            "the greedy player maximises its lead over the opponent, not only its own kalah",
            rule="greedy-lead-is-own-kalah-minus-the-others"),
    Mistake("abapa-greedy-tries-pits-on-the-board-itself", "abapa.greedy",
            "def choose_move(self, board):\n"
            "    me = board.player\n"
            "    best, best_lead = None, None\n"
            "    for pit in board.legal_moves():\n"
            "        after = board.copy()\n"
            "        after.play(pit)\n"
            "        lead = after.score(me) - after.score(opponent(me))\n"
            "        if best_lead is None or lead > best_lead:\n"
            "            best, best_lead = pit, lead\n"
            "    board.play(best)\n"
            "    return best\n"
            "GreedyPlayer.choose_move = choose_move\n",
            "choosing a move leaves the board it is given unchanged", rule="greedy-leaves-the-board-unchanged"),
    # --- written against the text and the rules, not against the tests (issue 24)
    Mistake("abapa-display-bottom-pits-padded-by-hand", "abapa.display",
            "def board_text(cells):\n"
            "    top = '   ' + ''.join(str(cells[i]).rjust(4) for i in range(12, 6, -1))\n"
            "    bottom = str(cells[13]).ljust(4) + ''.join('   ' + str(n) for n in cells[:6])\n"
            "    return top + '\\n' + bottom + str(cells[6]).rjust(7)\n",
            "every pit is right-aligned in 4 characters, two-digit pits of player 0 too",
            rule="display-counts-in-fixed-widths"),
    Mistake("abapa-sow-last-cell-wrong-at-13-seeds", "abapa.sowing",
            "def sow(cells, start):\n"
            "    cells = list(cells)\n"
            "    seeds, cells[start] = cells[start], 0\n"
            "    steps = seeds + seeds // 13  # one step more per lap, to skip start\n"
            "    for k in range(1, steps + 1):\n"
            "        if (start + k) % 14 != start:\n"
            "            cells[(start + k) % 14] += 1\n"
            "    return cells, (start + steps) % 14\n",
            "13 seeds go round to the cell before start without reaching start: no skip, the last seed there",
            rule="sow-13-seeds-do-not-reach-the-emptied-pit"),
    Mistake("abapa-capture-camp-by-integer-division", "abapa.capture",
            "def capture(cells, last, player):\n"
            "    cells = list(cells)\n"
            "    taken = []\n"
            "    position = last\n"
            "    while position >= 0 and position // 7 == opponent(player) and cells[position] in (2, 3):\n"
            "        taken.append(position)\n"
            "        position -= 1\n"
            "    left = sum(cells[i] for i in camp(opponent(player))) - sum(cells[i] for i in taken)\n"
            "    if taken and left > 0:\n"
            "        for i in taken:\n"
            "            cells[kalah(player)] += cells[i]\n"
            "            cells[i] = 0\n"
            "    return cells\n",
            "cell // 7 puts the opponent's kalah in their camp: a last seed in kalah 13 captures nothing",
            rule="capture-only-the-opponents-pits"),
    Mistake("abapa-game-over-only-the-last-movers-kalah", "abapa.end",
            "def game_over(cells, player):\n"
            "    # only the player who has just moved can have reached 25\n"
            "    return cells[kalah(opponent(player))] >= 25 or not legal_pits(cells, player)\n",
            "a kalah of 25 ends the game whichever player it is: sowing also feeds the mover-to-be's kalah",
            rule="over-at-25-in-either-kalah"),
    Mistake("abapa-board-over-checks-one-kalah", "abapa.board",
            "_init = Board.__init__\n"
            "def __init__(self, cells=None, player=0):\n"
            "    _init(self, cells, player)\n"
            "    won = self._cells[kalah(opponent(self.player))] >= 25\n"
            "    self._legal = [] if won else legal_pits(self._cells, self.player)\n"
            "Board.__init__ = __init__\n",
            "the game is over when either kalah holds 25, the kalah of the player to move too",
            rule="board-over-at-25"),
    Mistake("abapa-play-ends-only-above-25", "abapa.board_play",
            _play_ending(
                "    won = max(cells[6], cells[13]) > WINNING_SCORE\n"
                "    legal = [] if won else legal_pits(cells, mover)\n"
                "    if not won and not legal:\n"
                "        cells = take_remaining(cells, mover)\n"
                "    self._cells, self.player, self._legal = cells, mover, legal\n"),
            "25 seeds in a kalah end the game, not only 26", rule="play-ends-at-25"),
    Mistake("abapa-play-takes-the-rest-after-25", "abapa.board_play",
            _play_ending(
                "    if not legal_pits(cells, mover):\n"
                "        cells = take_remaining(cells, mover)\n"
                "    self._cells, self.player = cells, mover\n"
                "    self._legal = [] if game_over(cells, mover) else legal_pits(cells, mover)\n"),
            "once a kalah holds 25 the game is over: the remaining seeds are taken only when nobody has 25",
            rule="play-ends-at-25"),
    Mistake("abapa-human-player-refuses-spaces", "abapa.players",
            "def choose_move(self, board):\n"
            "    legal = board.legal_moves()\n"
            "    while True:\n"
            "        answer = self.ask(f'Player {board.player}, which pit? {legal} ')\n"
            "        if answer in [str(pit) for pit in legal]:\n"
            "            return int(answer)\n"
            "HumanPlayer.choose_move = choose_move\n",
            "an answer typed with spaces around the pit is still that pit", rule="human-strips-the-spaces"),
    Mistake("abapa-human-player-ignores-feeding", "abapa.players",
            "def choose_move(self, board):\n"
            "    cells = board.cells\n"
            "    while True:\n"
            "        answer = self.ask('Which pit? ').strip()\n"
            "        if answer.isdigit() and int(answer) < 6 and cells[cell(board.player, int(answer))] > 0:\n"
            "            return int(answer)\n"
            "HumanPlayer.choose_move = choose_move\n",
            "a legal pit is one of board.legal_moves(): when the opponent's camp is empty it must feed it",
            rule="human-legal-is-one-of-the-boards-legal-moves"),
    Mistake("abapa-game-own-turn-counter", "abapa.game",
            "_init = Game.__init__\n"
            "def __init__(self, player0, player1, board=None):\n"
            "    _init(self, player0, player1, board)\n"
            "    self.turn = 0\n"
            "def play_turn(self):\n"
            "    pit = self.players[self.turn].choose_move(self.board.copy())\n"
            "    self.board.play(pit)\n"
            "    self.turn = 1 - self.turn\n"
            "    return pit\n"
            "Game.__init__, Game.play_turn = __init__, play_turn\n",
            "the board says who is to move: a game given a board with player 1 to move asks player 1 first",
            rule="game-player-to-move-chooses"),
    Mistake("abapa-greedy-first-winning-pit", "abapa.greedy",
            "def choose_move(self, board):\n"
            "    me = board.player\n"
            "    for pit in board.legal_moves():  # a move that wins the game is best\n"
            "        after = board.copy()\n"
            "        after.play(pit)\n"
            "        if after.winner() == me:\n"
            "            return pit\n"
            "    def lead(pit):\n"
            "        after = board.copy()\n"
            "        after.play(pit)\n"
            "        return after.score(me) - after.score(opponent(me))\n"
            "    return max(board.legal_moves(), key=lambda pit: (lead(pit), -pit))\n"
            "GreedyPlayer.choose_move = choose_move\n",
            "the greedy player plays the biggest lead, even among pits that win the game",
            rule="greedy-tries-every-legal-pit"),
    Mistake("abapa-greedy-first-capturing-pit", "abapa.greedy",
            _GREEDY_LEAD
            + "    now = board.score(me) - board.score(opponent(me))\n"
            "    for pit in board.legal_moves():\n"
            "        if lead(pit) >= now + 2:  # a capture: take it\n"
            "            return pit\n"
            "    return max(board.legal_moves(), key=lambda pit: (lead(pit), -pit))\n"
            "GreedyPlayer.choose_move = choose_move\n",
            "the greedy player plays the biggest lead, not the first pit that captures",
            rule="greedy-tries-every-legal-pit"),
    Mistake('abapa-board-copy-shares-the-legal-moves', 'abapa.board',
            (
                'import copy as _copy\nBoard.copy = lambda self: _copy.copy(self)\nBoard.legal_moves = lambda self: '
                'self._legal\n'
            ),
            (
                "copy.copy shares the list of legal moves, and legal_moves() hands it out: clearing the copy's clears "
                "the board's"
            ), rule="board-copy-shares-no-list"),
    Mistake('abapa-play-looks-at-the-pit-before-its-range', 'abapa.board_play',
            (
                "_play = Board.play\ndef play(self, pit):\n    if self.is_over() or self._cells[cell(self.player, "
                "pit)] == 0:\n        raise ValueError(f'pit {pit} cannot be played: choose one of "
                "{self.legal_moves()}')\n    _play(self, pit)\nBoard.play = play\n"
            ),
            (
                "the pit is used as a cell before its range is checked: player 1's pit 7 raises IndexError, not "
                "ValueError"
            ), rule="play-pit-is-0-to-5"),
    Mistake('abapa-play-range-check-with-and', 'abapa.board_play',
            (
                "def play(self, pit):\n    if pit < 0 and pit > 5:\n        raise ValueError(f'a pit is from 0 to 5, "
                "not {pit}')\n    if self._cells[cell(self.player, pit)] == 0 or pit not in self._legal:\n        "
                "raise ValueError(f'choose one of {self._legal}')\n    cells, last = sow(self._cells, "
                "cell(self.player, pit))\n    cells = capture(cells, last, self.player)\n    mover = "
                "opponent(self.player)\n    won = max(cells[kalah(0)], cells[kalah(1)]) >= WINNING_SCORE\n    legal = "
                "[] if won else legal_pits(cells, mover)\n    if not won and not legal:\n        cells = "
                "take_remaining(cells, mover)\n    self._cells, self.player, self._legal = cells, mover, "
                "legal\nBoard.play = play\n"
            ),
            (
                'no pit is below 0 and above 5 at once: the range check with and never refuses, and pit 20 raises '
                'IndexError'
            ), rule="play-pit-is-0-to-5"),
    Mistake('abapa-game-winner-line-without-the-winner', 'abapa.game',
            (
                "def show_winner(self):\n    print('Game over,', self.board.score(0), 'to', "
                "self.board.score(1))\nGame.show_winner = show_winner\n"
            ),
            'show_winner says who won (or that it is a draw), not only the scores',
            rule="run-ends-with-the-winner-and-scores"),
    Mistake('abapa-game-player-0-wins-as-a-draw', 'abapa.game',
            (
                "def show_winner(self):\n    winner = self.board.winner()\n    scores = f'{self.board.score(0)} to "
                "{self.board.score(1)}'\n    if winner:\n        print(f'Player {winner} wins, {scores}')\n    else:\n "
                "       print(f'A draw, {scores}')\nGame.show_winner = show_winner\n"
            ),
            'winner 0 is false: a win of player 0 is announced as a draw; compare winner with None',
            rule="run-ends-with-the-winner-and-scores"),
    Mistake('abapa-game-players-numbered-from-1', 'abapa.game',
            (
                "def show_winner(self):\n    winner = self.board.winner()\n    scores = f'{self.board.score(0)} to "
                "{self.board.score(1)}'\n    print('A draw, ' + scores if winner is None else f'Player {winner + 1} "
                "wins, ' + scores)\nGame.show_winner = show_winner\n"
            ),
            'the players are 0 and 1, as board.winner() says: not 1 and 2', rule="run-ends-with-the-winner-and-scores"),
    Mistake('abapa-game-run-forgets-the-winner', 'abapa.game',
            (
                'def run(self):\n    self.show_board()\n    while not self.is_over():\n        self.play_turn()\n      '
                '  self.show_board()\n    return self.board.winner()\nGame.run = run\n'
            ),
            "run() ends by showing the winner, as the worksheet's main loop does",
            rule="run-ends-with-the-winner-and-scores"),
    # decisions written into the text: run() calls play_turn(), legal_moves() hands out a new
    # list, winner() compares the kalahs as they are, the random player draws even when one
    # pit is legal
    Mistake("abapa-game-run-plays-the-turns-itself", "abapa.game",
            "def run(self):\n"
            "    self.show_board()\n"
            "    while not self.is_over():\n"
            "        pit = self.players[self.board.player].choose_move(self.board.copy())\n"
            "        self.board.play(pit)\n"
            "        self.show_board()\n"
            "    self.show_winner()\n"
            "    return self.board.winner()\n"
            "Game.run = run\n",
            "run() plays each turn by calling play_turn(), not by a copy of its code",
            rule="run-plays-each-turn-with-play-turn"),
    Mistake("abapa-board-legal-moves-hands-out-its-own-list", "abapa.board",
            "Board.legal_moves = lambda self: self._legal\n"
            "def copy(self):\n"
            "    return Board(self.cells, self.player)\n"
            "Board.copy = copy\n",
            "legal_moves() returns a new list each time: clearing it must not end the board's game",
            rule="legal-moves-a-new-list-each-time"),
    Mistake("abapa-board-winner-counts-the-pits", "abapa.board",
            "def winner(self):\n"
            "    if not self.is_over():\n"
            "        return None\n"
            "    cells = self.cells\n"
            "    if max(cells[6], cells[13]) < 25:\n"
            "        cells = take_remaining(cells, self.player)\n"
            "    if cells[6] == cells[13]:\n"
            "        return None\n"
            "    return 0 if cells[6] > cells[13] else 1\n"
            "Board.winner = winner\n",
            "winner() compares the kalahs as they are: the seeds left are taken by play, not by winner",
            rule="board-winner-the-larger-kalah"),
    Mistake("abapa-random-player-no-draw-for-one-pit", "abapa.players",
            "_choose = RandomPlayer.choose_move\n"
            "def choose_move(self, board):\n"
            "    legal = list(board.legal_moves())\n"
            "    return legal[0] if len(legal) == 1 else _choose(self, board)\n"
            "RandomPlayer.choose_move = choose_move\n",
            "the random player draws until the pit is legal even when only one is: the draws are replayed",
            rule="random-rolls-randrange-6-until-legal"),
]

ALTERNATIVES = [
    Alternative("abapa-display-with-join-and-rjust", "abapa.display",
                "def board_text(cells):\n"
                "    top = ' ' * 3 + ''.join(str(cells[i]).rjust(4) for i in range(12, 6, -1))\n"
                "    pits = ''.join(str(n).rjust(4) for n in cells[0:6])\n"
                "    return '\\n'.join([top, str(cells[13]).ljust(4) + pits + str(cells[6]).rjust(7)])\n",
                "another way to pad the numbers"),
    Alternative("abapa-sow-by-arithmetic", "abapa.sowing",
                "def sow(cells, start):\n"
                "    new = list(cells)\n"
                "    seeds = new[start]\n"
                "    new[start] = 0\n"
                "    laps, rest = divmod(seeds, 13)\n"
                "    others = [(start + k) % 14 for k in range(1, 14)]\n"
                "    for i in others:\n"
                "        new[i] += laps\n"
                "    for i in others[:rest]:\n"
                "        new[i] += 1\n"
                "    last = others[rest - 1] if rest else others[-1]\n"
                "    return new, last\n",
                "whole laps of the 13 other cells counted with divmod instead of a loop"),
    Alternative("abapa-capture-recursive-then-undo", "abapa.capture",
                "def _chain(cells, position, player):\n"
                "    if position in camp(opponent(player)) and cells[position] in (2, 3):\n"
                "        return [position] + _chain(cells, position - 1, player)\n"
                "    return []\n"
                "def capture(cells, last, player):\n"
                "    taken = _chain(cells, last, player)\n"
                "    after = [0 if i in taken else n for i, n in enumerate(cells)]\n"
                "    after[kalah(player)] += sum(cells[i] for i in taken)\n"
                "    if not any(after[i] for i in camp(opponent(player))):\n"
                "        return list(cells)\n"
                "    return after\n",
                "the chain found by recursion, the grand slam seen on the result"),
    Alternative("abapa-legal-pits-with-a-set-of-cells", "abapa.feeding",
                "def feeds(cells, player, pit):\n"
                "    return cell(player, pit) + cells[cell(player, pit)] > kalah(player)\n"
                "def legal_pits(cells, player):\n"
                "    hungry = sum(cells[i] for i in camp(opponent(player))) == 0\n"
                "    full = {pit for pit in range(PITS) if cells[cell(player, pit)]}\n"
                "    return sorted(p for p in full if not hungry or feeds(cells, player, p))\n",
                "a set of pits, sorted at the end, and feeding seen as passing the kalah"),
    Alternative("abapa-board-in-one-class-with-a-tuple", "abapa.board",
                "class Board:\n"
                "    def __init__(self, cells=None, player=0):\n"
                "        cells = tuple([4] * 6 + [0] + [4] * 6 + [0] if cells is None else cells)\n"
                "        if len(cells) != 14 or sum(cells) != 48 or any(type(n) is not int or n < 0 for n in cells):\n"
                "            raise ValueError('a board is 14 whole numbers, 0 or more, adding up to 48')\n"
                "        if player not in (0, 1):\n"
                "            raise ValueError('the player to move is 0 or 1')\n"
                "        self._cells, self.player = cells, player\n"
                "    @property\n"
                "    def cells(self):\n"
                "        return list(self._cells)\n"
                "    def copy(self):\n"
                "        return Board(self._cells, self.player)\n"
                "    def score(self, player):\n"
                "        return self._cells[kalah(player)]\n"
                "    def legal_moves(self):\n"
                "        return [] if game_over(list(self._cells), self.player) else legal_pits(list(self._cells), "
                "self.player)\n"
                "    def is_over(self):\n"
                "        return not self.legal_moves()\n"
                "    def winner(self):\n"
                "        a, b = self.score(0), self.score(1)\n"
                "        return None if not self.is_over() or a == b else (0 if a > b else 1)\n"
                "    def play(self, pit):\n"
                "        if pit not in self.legal_moves() or type(pit) is not int:\n"
                "            raise ValueError(f'pit {pit!r} cannot be played: choose one of {self.legal_moves()}')\n"
                "        cells, last = sow(list(self._cells), cell(self.player, pit))\n"
                "        cells = capture(cells, last, self.player)\n"
                "        mover = opponent(self.player)\n"
                "        if max(cells[6], cells[13]) < WINNING_SCORE and not legal_pits(cells, mover):\n"
                "            cells = take_remaining(cells, mover)\n"
                "        self._cells, self.player = tuple(cells), mover\n"
                "    def __str__(self):\n"
                "        return board_text(list(self._cells))\n",
                "the whole class in one cell, play included, cells kept in a tuple, legal moves worked out on demand"),
    Alternative("abapa-play-in-a-subclass", "abapa.board_play",
                "class Board(Board):\n"
                "    def play(self, pit):\n"
                "        legal = self.legal_moves()\n"
                "        if pit not in legal or isinstance(pit, bool):\n"
                "            raise ValueError(f'you may play one of the pits {legal}, not {pit!r}')\n"
                "        cells, last = sow(self._cells, cell(self.player, pit))\n"
                "        cells = capture(cells, last, self.player)\n"
                "        mover = opponent(self.player)\n"
                "        self._legal = [] if game_over(cells, mover) else legal_pits(cells, mover)\n"
                "        if not self._legal and max(cells[6], cells[13]) < WINNING_SCORE:\n"
                "            cells = take_remaining(cells, mover)\n"
                "        self._cells, self.player = cells, mover\n",
                "play in a subclass of the Board of exercise 6, with one refusal for every illegal pit",
                replace=True),
    Alternative("abapa-random-player-by-recursion-with-randint", "abapa.players",
                "def choose_move(self, board):\n"
                "    pit = self.rng.randint(0, 5)\n"
                "    return pit if pit in board.legal_moves() else self.choose_move(board)\n"
                "RandomPlayer.choose_move = choose_move\n"
                "def ask_until_legal(self, board):\n"
                "    legal = board.legal_moves()\n"
                "    while True:\n"
                "        try:\n"
                "            pit = int(self.ask(f'pit, one of {legal}? '))\n"
                "        except ValueError:\n"
                "            continue\n"
                "        if pit in legal:\n"
                "            return pit\n"
                "HumanPlayer.choose_move = ask_until_legal\n",
                "randint(0, 5) is the same draw as randrange(6), and recursion instead of a loop; int() in a try"),
    Alternative("abapa-game-with-a-tuple-and-deepcopy", "abapa.game",
                "import copy as _copy\n"
                "def __init__(self, player0, player1, board=None):\n"
                "    self.players = (player0, player1)\n"
                "    self.board = board if board is not None else Board()\n"
                "def play_turn(self):\n"
                "    chooser = self.players[self.board.player]\n"
                "    pit = chooser.choose_move(_copy.deepcopy(self.board))\n"
                "    self.board.play(pit)\n"
                "    return pit\n"
                "def run(self):\n"
                "    self.show_board()\n"
                "    while not self.is_over():\n"
                "        self.play_turn()\n"
                "        self.show_board()\n"
                "    self.show_winner()\n"
                "    return self.board.winner()\n"
                "Game.__init__, Game.play_turn, Game.run = __init__, play_turn, run\n",
                "players in a tuple, a deep copy shown to the player"),
    Alternative("abapa-board-legal-moves-as-a-tuple", "abapa.board",
                "Board.legal_moves = lambda self: tuple(self._legal)\n",
                "the legal moves as a tuple, still in increasing order: any sequence will do"),
    Alternative("abapa-greedy-with-a-loop", "abapa.greedy",
                "def choose_move(self, board):\n"
                "    me = board.player\n"
                "    best, best_lead = None, None\n"
                "    for pit in sorted(board.legal_moves()):\n"
                "        after = board.copy()\n"
                "        after.play(pit)\n"
                "        lead = after.score(me) - after.score(1 - me)\n"
                "        if best_lead is None or lead > best_lead:\n"
                "            best, best_lead = pit, lead\n"
                "    return best\n"
                "GreedyPlayer.choose_move = choose_move\n",
                "a loop keeping the first best pit instead of max with a key"),
    Alternative("abapa-display-with-percent-formatting", "abapa.display",
                "def board_text(cells):\n"
                "    top = '   ' + ''.join('%4d' % cells[i] for i in (12, 11, 10, 9, 8, 7))\n"
                "    bottom = '%-4d' % cells[13] + ''.join('%4d' % n for n in cells[:6]) + '%7d' % cells[6]\n"
                "    return '%s\\n%s' % (top, bottom)\n",
                "printf-style % formatting instead of f-strings"),
    Alternative("abapa-capture-with-a-for-loop-and-break", "abapa.capture",
                "def capture(cells, last, player):\n"
                "    result = cells.copy()\n"
                "    their = camp(opponent(player))\n"
                "    if last not in their:\n"
                "        return result\n"
                "    taken = 0\n"
                "    for i in range(last, their.start - 1, -1):\n"
                "        if result[i] not in (2, 3):\n"
                "            break\n"
                "        taken += result[i]\n"
                "        result[i] = 0\n"
                "    if taken == 0 or all(result[i] == 0 for i in their):\n"
                "        return cells.copy()\n"
                "    result[kalah(player)] += taken\n"
                "    return result\n",
                "a for loop down to the camp's first pit, the grand slam seen on the result"),
    Alternative("abapa-human-player-compares-the-stripped-text", "abapa.players",
                "def choose_move(self, board):\n"
                "    allowed = {str(pit): pit for pit in board.legal_moves()}\n"
                "    answer = self.ask('Which pit? ').strip()\n"
                "    while answer not in allowed:\n"
                "        answer = self.ask('Not a pit you can play. Which pit? ').strip()\n"
                "    return allowed[answer]\n"
                "HumanPlayer.choose_move = choose_move\n",
                "the typed text looked up in a dict of the legal pits' texts"),
    Alternative("abapa-game-run-with-a-bounded-for-loop", "abapa.game",
                "def run(self):\n"
                "    self.show_board()\n"
                "    for _turn in range(49 * 241):  # no game lasts longer\n"
                "        if self.is_over():\n"
                "            break\n"
                "        self.play_turn()\n"
                "        self.show_board()\n"
                "    self.show_winner()\n"
                "    return self.board.winner()\n"
                "Game.run = run\n",
                "a for loop bounded by the longest possible game, instead of while"),
    Alternative("abapa-greedy-tries-every-pit-and-skips-refusals", "abapa.greedy",
                "def choose_move(self, board):\n"
                "    best = None\n"
                "    for pit in range(6):\n"
                "        after = board.copy()\n"
                "        try:\n"
                "            after.play(pit)\n"
                "        except ValueError:\n"
                "            continue  # an empty pit, or one that does not feed\n"
                "        lead = after.score(board.player) - after.score(1 - board.player)\n"
                "        if best is None or lead > best[0]:\n"
                "            best = (lead, pit)\n"
                "    return best[1]\n"
                "GreedyPlayer.choose_move = choose_move\n",
                "every pit 0 to 5 tried, the refused ones skipped, instead of asking for the legal moves"),
    Alternative("abapa-greedy-by-gain-with-min", "abapa.greedy",
                "def choose_move(self, board):\n"
                "    me, other = board.player, 1 - board.player\n"
                "    def gain(pit):\n"
                "        after = Board(board.cells, board.player)\n"
                "        after.play(pit)\n"
                "        return (after.score(me) - board.score(me)) - (after.score(other) - board.score(other))\n"
                "    return min(board.legal_moves(), key=lambda pit: -gain(pit))\n"
                "GreedyPlayer.choose_move = choose_move\n",
                (
                    "the move's gain instead of the lead after it (the same order), min of the opposite, a board "
                    "rebuilt from its cells"
                )),
    Alternative('abapa-game-winner-in-other-words', 'abapa.game',
            (
                "def show_winner(self):\n    zero, one = self.board.score(0), self.board.score(1)\n    who = "
                "self.board.winner()\n    print(f'Final score {zero}-{one}:', 'nobody wins' if who is None else "
                "f'player {who} takes the game')\nGame.show_winner = show_winner\n"
            ),
            'the result in other words and order: the scores first, then who won'),
    Alternative("abapa-game-show-board-without-a-blank-line", "abapa.game",
                "def show_board(self):\n"
                "    print(self.board)\n"
                "Game.show_board = show_board\n",
                "the board's two lines as print(board) prints them, with no blank line after: allowed"),
    Alternative("abapa-game-show-board-with-board-text", "abapa.game",
                "def show_board(self):\n"
                "    print(board_text(self.board.cells), end='\\n\\n')\n"
                "Game.show_board = show_board\n",
                "the board's two lines then a blank line, printed from board_text"),
]
