"""Abapa: mistakes and alternatives written from the worksheet's text and the rules
alone (shared/rules), not from its hidden tests or its checks."""

from corpora import Alternative, Mistake

NOTEBOOK = "03_abapa"

MISTAKES = [
    # ----------------------------------------------------------------- abapa.display
    Mistake("abapa-unseen-kalah13-fixed-padding", "abapa.display", r'''
def board_text(cells: list[int]) -> str:
    """The board as two lines of text, as in the worksheet's figure 1."""
    top = "   "
    for i in range(12, 6, -1):
        top += f"{cells[i]:4}"
    bottom = str(cells[13]) + "   "
    for i in range(6):
        bottom += f"{cells[i]:4}"
    bottom += f"{cells[6]:7}"
    return top + "\n" + bottom
''', (
        "docstring: 'kalah 13 left-aligned in 4 characters' - pads with 3 spaces, so a 2-digit kalah 13 takes 5 "
        "characters"
    ), replace=True, rule="display-counts-in-fixed-widths"),

    # ----------------------------------------------------------------- abapa.sowing
    Mistake("abapa-unseen-sow-refills-start", "abapa.sowing", r'''
def sow(cells: list[int], start: int) -> tuple[list[int], int]:
    """Sow the seeds of cell `start`: return the new cells and the cell of the last seed."""
    cells = list(cells)
    seeds = cells[start]
    cells[start] = 0
    position = start
    for _ in range(seeds):
        position = (position + 1) % CELLS
        cells[position] += 1
    return cells, position
''', "'never putting a seed into start itself': with 14 seeds or more the lap refills the emptied pit", replace=True,
    rule="sow-skips-the-emptied-pit"),

    Mistake("abapa-unseen-sow-mutates-argument", "abapa.sowing", r'''
def sow(cells: list[int], start: int) -> tuple[list[int], int]:
    """Sow the seeds of cell `start`: return the new cells and the cell of the last seed."""
    seeds = cells[start]
    cells[start] = 0
    position = start
    while seeds > 0:
        position = (position + 1) % CELLS
        if position != start:
            cells[position] += 1
            seeds -= 1
    return cells, position
''', "'Do not change the list you are given: work on a copy' - sows into the caller's list", replace=True,
    rule="sow-leaves-the-cells-given-unchanged"),

    # ----------------------------------------------------------------- abapa.capture
    Mistake("abapa-unseen-capture-in-own-camp", "abapa.capture", r'''
def capture(cells: list[int], last: int, player: int) -> list[int]:
    """The cells after `player`'s captures, when their last seed fell in cell `last`."""
    cells = list(cells)
    taken = []
    position = last
    # stop at a kalah or at a pit that does not hold 2 or 3 seeds
    while position not in (kalah(0), kalah(1)) and cells[position] in (2, 3):
        taken.append(position)
        position = (position - 1) % CELLS
    left = sum(cells[i] for i in camp(opponent(player)) if i not in taken)
    if not taken or left == 0:
        return cells
    for i in taken:
        cells[kalah(player)] += cells[i]
        cells[i] = 0
    return cells
''', (
        "'The last seed in a kalah or in the mover's own camp captures nothing': captures 2s and 3s in the mover's own "
        "camp"
    ), replace=True, rule="capture-only-the-opponents-pits"),

    Mistake("abapa-unseen-grand-slam-six-pits", "abapa.capture", r'''
def capture(cells: list[int], last: int, player: int) -> list[int]:
    """The cells after `player`'s captures, when their last seed fell in cell `last`."""
    cells = list(cells)
    their_camp = camp(opponent(player))
    taken = []
    position = last
    while position in their_camp and cells[position] in (2, 3):
        taken.append(position)
        position -= 1
    if len(taken) == PITS:
        return cells  # grand slam: all 6 pits would be taken
    for i in taken:
        cells[kalah(player)] += cells[i]
        cells[i] = 0
    return cells
''', (
        "grand slam 'if the captures would leave the opponent's camp empty': only detected when all 6 pits are "
        "captured, not when the other pits were already empty"
    ), replace=True, rule="grand-slam-captures-nothing"),

    # ----------------------------------------------------------------- abapa.feeding
    Mistake("abapa-unseen-feeds-forgets-kalah", "abapa.feeding", r'''
def feeds(cells: list[int], player: int, pit: int) -> bool:
    """True when the seeds of `player`'s pit (0 to 5) reach the opponent's camp."""
    # pit i is followed by 5 - i pits of mine, then the opponent's first pit
    return cells[cell(player, pit)] >= 6 - pit


def legal_pits(cells: list[int], player: int) -> list[int]:
    """The pits (0 to 5) that `player` may empty, in increasing order."""
    my_camp = camp(player)
    pits = [pit for pit in range(PITS) if cells[my_camp[pit]] > 0]
    if not any(cells[i] for i in camp(opponent(player))):
        pits = [pit for pit in pits if feeds(cells, player, pit)]
    return pits
''', "'its seeds reach the opponent's camp when it holds at least 7 - i': forgets the kalah, uses 6 - i", replace=True,
    rule="pit-i-feeds-from-7-minus-i-seeds"),

    Mistake("abapa-unseen-feeds-reads-player0-row", "abapa.feeding", r'''
def feeds(cells: list[int], player: int, pit: int) -> bool:
    """True when the seeds of `player`'s pit (0 to 5) reach the opponent's camp."""
    return cells[pit] >= 7 - pit


def legal_pits(cells: list[int], player: int) -> list[int]:
    """The pits (0 to 5) that `player` may empty, in increasing order."""
    legal = []
    for pit in range(PITS):
        if cells[cell(player, pit)] == 0:
            continue
        if sum(cells[i] for i in camp(opponent(player))) == 0 and not feeds(cells, player, pit):
            continue
        legal.append(pit)
    return legal
''', (
        "'A player names their own pits 0 to 5 ... player 1's pit 3 is cell 10': feeds reads cells[pit], player 0's "
        "row, whoever the player is"
    ), replace=True, rule="pits-counted-from-the-movers-side"),

    # ----------------------------------------------------------------- abapa.end
    Mistake("abapa-unseen-game-over-strictly-above-25", "abapa.end", r'''
def game_over(cells: list[int], player: int) -> bool:
    """True when the game has ended, `player` being the one to move."""
    if cells[kalah(0)] > WINNING_SCORE or cells[kalah(1)] > WINNING_SCORE:
        return True
    return legal_pits(cells, player) == []


def take_remaining(cells: list[int], player: int) -> list[int]:
    """The cells after `player` takes every seed left in the pits into their kalah."""
    cells = list(cells)
    for i in list(camp(0)) + list(camp(1)):
        cells[kalah(player)] += cells[i]
        cells[i] = 0
    return cells
''', (
        "'It ends when a kalah holds 25 seeds or more': uses > 25, so a kalah of exactly 25 does not end the game"
    ), replace=True, rule="over-at-25-in-either-kalah"),

    Mistake("abapa-unseen-take-remaining-in-place", "abapa.end", r'''
def game_over(cells: list[int], player: int) -> bool:
    """True when the game has ended, `player` being the one to move."""
    if max(cells[kalah(0)], cells[kalah(1)]) >= WINNING_SCORE:
        return True
    return not legal_pits(cells, player)


def take_remaining(cells: list[int], player: int) -> list[int]:
    """The cells after `player` takes every seed left in the pits into their kalah."""
    for i in range(CELLS):
        if i != kalah(0) and i != kalah(1):
            cells[kalah(player)] += cells[i]
            cells[i] = 0
    return cells
''', "take_remaining docstring: '`cells` is left unchanged' - empties the caller's list in place", replace=True,
    rule="take-remaining-on-a-copy"),

    # ----------------------------------------------------------------- abapa.board
    Mistake("abapa-unseen-cells-property-no-copy", "abapa.board", r'''
class Board:
    """An Abapa board (the seed's Plateau): 14 cells and the player to move."""

    def __init__(self, cells: list[int] | None = None, player: int = 0) -> None:
        if cells is None:
            cells = [4] * PITS + [0] + [4] * PITS + [0]
        cells = list(cells)
        if len(cells) != CELLS:
            raise ValueError(f"a board has {CELLS} cells, not {len(cells)}")
        if any(type(seeds) is not int or seeds < 0 for seeds in cells):
            raise ValueError(f"every cell holds a whole number of seeds, 0 or more: {cells}")
        if sum(cells) != SEEDS:
            raise ValueError(f"a board holds {SEEDS} seeds, not {sum(cells)}")
        if player not in (0, 1):
            raise ValueError(f"the player to move is 0 or 1, not {player!r}")
        self._cells = cells
        self.player = player
        self._legal = [] if game_over(cells, player) else legal_pits(cells, player)

    @property
    def cells(self) -> list[int]:
        """The 14 cells."""
        return self._cells

    def copy(self) -> "Board":
        twin = copy.copy(self)
        twin._cells = list(self._cells)
        return twin

    def score(self, player: int) -> int:
        return self._cells[kalah(player)]

    def is_over(self) -> bool:
        return not self._legal

    def legal_moves(self) -> list[int]:
        return list(self._legal)

    def winner(self) -> int | None:
        if not self.is_over() or self.score(0) == self.score(1):
            return None
        return 0 if self.score(0) > self.score(1) else 1

    def __str__(self) -> str:
        return board_text(self.cells)

    def __repr__(self) -> str:
        return f"Board({self.cells}, {self.player})"
''', (
        "'board.cells is a copy of the 14 cells (a property): changing the list it returns does not change the board' "
        "- returns the board's own list"
    ), replace=True, rule="board-cells-are-a-copy"),

    Mistake("abapa-unseen-board-legal-after-win", "abapa.board", r'''
class Board:
    """An Abapa board (the seed's Plateau): 14 cells and the player to move."""

    def __init__(self, cells: list[int] | None = None, player: int = 0) -> None:
        if cells is None:
            cells = [4] * PITS + [0] + [4] * PITS + [0]
        cells = list(cells)
        if len(cells) != CELLS:
            raise ValueError(f"a board has {CELLS} cells, not {len(cells)}")
        if any(type(seeds) is not int or seeds < 0 for seeds in cells):
            raise ValueError(f"every cell holds a whole number of seeds, 0 or more: {cells}")
        if sum(cells) != SEEDS:
            raise ValueError(f"a board holds {SEEDS} seeds, not {sum(cells)}")
        if player not in (0, 1):
            raise ValueError(f"the player to move is 0 or 1, not {player!r}")
        self._cells = cells
        self.player = player
        self._legal = legal_pits(cells, player)

    @property
    def cells(self) -> list[int]:
        return list(self._cells)

    def copy(self) -> "Board":
        twin = copy.copy(self)
        twin._cells = list(self._cells)
        return twin

    def score(self, player: int) -> int:
        return self._cells[kalah(player)]

    def is_over(self) -> bool:
        return not self._legal

    def legal_moves(self) -> list[int]:
        return list(self._legal)

    def winner(self) -> int | None:
        if not self.is_over() or self.score(0) == self.score(1):
            return None
        return 0 if self.score(0) > self.score(1) else 1

    def __str__(self) -> str:
        return board_text(self.cells)

    def __repr__(self) -> str:
        return f"Board({self.cells}, {self.player})"
''', (
        "'legal_moves() ... ([] when the game is over)': a position given with a kalah of 25 or more still lists moves "
        "and is_over() is False"
    ), replace=True, rule="board-over-at-25"),

    Mistake("abapa-unseen-winner-of-unfinished-game", "abapa.board", r'''
class Board:
    """An Abapa board (the seed's Plateau): 14 cells and the player to move."""

    def __init__(self, cells: list[int] | None = None, player: int = 0) -> None:
        if cells is None:
            cells = [4] * PITS + [0] + [4] * PITS + [0]
        cells = list(cells)
        if len(cells) != CELLS:
            raise ValueError(f"a board has {CELLS} cells, not {len(cells)}")
        if any(type(seeds) is not int or seeds < 0 for seeds in cells):
            raise ValueError(f"every cell holds a whole number of seeds, 0 or more: {cells}")
        if sum(cells) != SEEDS:
            raise ValueError(f"a board holds {SEEDS} seeds, not {sum(cells)}")
        if player not in (0, 1):
            raise ValueError(f"the player to move is 0 or 1, not {player!r}")
        self._cells = cells
        self.player = player
        self._legal = [] if game_over(cells, player) else legal_pits(cells, player)

    @property
    def cells(self) -> list[int]:
        return list(self._cells)

    def copy(self) -> "Board":
        twin = copy.copy(self)
        twin._cells = list(self._cells)
        return twin

    def score(self, player: int) -> int:
        return self._cells[kalah(player)]

    def is_over(self) -> bool:
        return not self._legal

    def legal_moves(self) -> list[int]:
        return list(self._legal)

    def winner(self) -> int | None:
        """The player with the larger kalah, None on equal kalahs."""
        if self.score(0) == self.score(1):
            return None
        return 0 if self.score(0) > self.score(1) else 1

    def __str__(self) -> str:
        return board_text(self.cells)

    def __repr__(self) -> str:
        return f"Board({self.cells}, {self.player})"
''', (
        "'winner() is 0 or 1, or None for a draw or a game still going': names the leader of an unfinished game"
    ), replace=True, rule="board-no-winner-while-the-game-goes-on"),

    # ----------------------------------------------------------------- abapa.board_play
    Mistake("abapa-unseen-play-remaining-to-last-mover", "abapa.board_play", r'''
def play(self: Board, pit: int) -> None:
    """The mover empties `pit` (0 to 5): sow, capture, and the other player moves."""
    if self.is_over():
        raise ValueError("the game is over: no more moves can be played")
    if not isinstance(pit, int) or isinstance(pit, bool) or not 0 <= pit < PITS:
        raise ValueError(f"a pit is a number from 0 to 5, not {pit!r}")
    if self._cells[cell(self.player, pit)] == 0:
        raise ValueError(f"pit {pit} is empty; choose one of {self._legal}")
    if pit not in self._legal:
        raise ValueError(f"you must feed your opponent: choose one of {self._legal}")
    cells, last = sow(self._cells, cell(self.player, pit))
    cells = capture(cells, last, self.player)
    if game_over(cells, opponent(self.player)):
        if max(cells[kalah(0)], cells[kalah(1)]) < WINNING_SCORE:
            # nobody can feed anymore: the one who just played keeps what is left
            cells = take_remaining(cells, self.player)
        self._legal = []
    else:
        self._legal = legal_pits(cells, opponent(self.player))
    self._cells = cells
    self.player = opponent(self.player)


Board.play = play
''', (
        "'if that player has no legal pit ..., they take the remaining seeds': gives them to the player who just moved"
    ), replace=True, rule="play-the-mover-who-cannot-feed-takes-the-rest"),

    Mistake("abapa-unseen-play-skips-feeding-check", "abapa.board_play", r'''
def play(self: Board, pit: int) -> None:
    """The mover empties `pit` (0 to 5): sow, capture, and the other player moves."""
    if self.is_over():
        raise ValueError("the game is over: no more moves can be played")
    if not isinstance(pit, int) or not 0 <= pit < PITS:
        raise ValueError(f"a pit is a number from 0 to 5, not {pit!r}")
    if self._cells[cell(self.player, pit)] == 0:
        raise ValueError(f"pit {pit} is empty; choose a pit with seeds")
    cells, last = sow(self._cells, cell(self.player, pit))
    cells = capture(cells, last, self.player)
    mover = opponent(self.player)
    won = max(cells[kalah(0)], cells[kalah(1)]) >= WINNING_SCORE
    legal = [] if won else legal_pits(cells, mover)
    if not won and not legal:
        cells = take_remaining(cells, mover)
    self._cells, self.player, self._legal = cells, mover, legal


Board.play = play
''', (
        "'An illegal pit (not 0 to 5, empty, not feeding when it must ...) raises ValueError': a non-empty pit that "
        "does not feed an empty opponent is played"
    ), replace=True, rule="play-must-feed"),

    Mistake("abapa-unseen-play-over-runtimeerror", "abapa.board_play", r'''
def play(self: Board, pit: int) -> None:
    """The mover empties `pit` (0 to 5): sow, capture, and the other player moves."""
    if self.is_over():
        raise RuntimeError("the game is over")
    if pit not in range(PITS):
        raise ValueError(f"a pit is a number from 0 to 5, not {pit!r}")
    if self._cells[cell(self.player, pit)] == 0:
        raise ValueError(f"pit {pit} is empty; choose one of {self._legal}")
    if pit not in self._legal:
        raise ValueError(f"you must feed your opponent: choose one of {self._legal}")
    cells, last = sow(self._cells, cell(self.player, pit))
    cells = capture(cells, last, self.player)
    mover = opponent(self.player)
    won = max(cells[kalah(0)], cells[kalah(1)]) >= WINNING_SCORE
    legal = [] if won else legal_pits(cells, mover)
    if not won and not legal:
        cells = take_remaining(cells, mover)
    self._cells, self.player, self._legal = cells, mover, legal


Board.play = play
''', (
        "'An illegal pit (..., or any move after the end) raises ValueError': raises RuntimeError after the end"
    ), replace=True, rule="play-refuses-any-move-after-the-end"),

    # ----------------------------------------------------------------- abapa.players
    Mistake("abapa-unseen-random-choice-of-legal", "abapa.players", r'''
class Player:
    """Someone who plays Abapa (the seed's Joueur)."""

    def choose_move(self, board: Board) -> int:
        raise NotImplementedError("each kind of player says how it chooses its move")


class HumanPlayer(Player):
    """A player at the keyboard: `ask(prompt)` returns what they type."""

    def __init__(self, ask=input) -> None:
        self.ask = ask

    def choose_move(self, board: Board) -> int:
        legal = board.legal_moves()
        while True:
            answer = str(self.ask(f"Player {board.player}, which pit? {legal} ")).strip()
            if answer.isdigit() and int(answer) in legal:
                return int(answer)
            print(f"{answer!r} is not a pit you can play: choose one of {legal}.")


class RandomPlayer(Player):
    """An artificial player that plays at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_move(self, board: Board) -> int:
        # no need to roll again and again: pick straight among the legal pits
        return self.rng.choice(board.legal_moves())
''', (
        "'draws a pit with self.rng.randrange(6), again and again until the pit drawn is legal': draws among the legal "
        "pits, so a seeded game replays differently"
    ), replace=True, rule="random-rolls-randrange-6-until-legal"),

    Mistake("abapa-unseen-human-crashes-on-text", "abapa.players", r'''
class Player:
    """Someone who plays Abapa (the seed's Joueur)."""

    def choose_move(self, board: Board) -> int:
        raise NotImplementedError("each kind of player says how it chooses its move")


class HumanPlayer(Player):
    """A player at the keyboard: `ask(prompt)` returns what they type."""

    def __init__(self, ask=input) -> None:
        self.ask = ask

    def choose_move(self, board: Board) -> int:
        legal = board.legal_moves()
        pit = int(self.ask(f"Player {board.player}, which pit? {legal} "))
        while pit not in legal:
            print(f"{pit} is not a pit you can play: choose one of {legal}.")
            pit = int(self.ask(f"Player {board.player}, which pit? {legal} "))
        return pit


class RandomPlayer(Player):
    """An artificial player that plays at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_move(self, board: Board) -> int:
        legal = board.legal_moves()
        while True:
            pit = self.rng.randrange(PITS)
            if pit in legal:
                return pit
''', (
        "'asks ... until the answer is a legal pit': an answer that is not a number raises ValueError instead of "
        "asking again"
    ), replace=True, rule="human-asks-again-until-a-legal-pit"),

    # ----------------------------------------------------------------- abapa.game
    Mistake("abapa-unseen-game-own-turn-counter", "abapa.game", r'''
class Game:
    """A game of Abapa (the seed's Jeu): a board and two players."""

    def __init__(self, player0: Player, player1: Player, board: Board | None = None) -> None:
        self.players = [player0, player1]
        self.board = Board() if board is None else board
        self.turn = 0  # player 0 starts

    def show_board(self) -> None:
        print(self.board)
        print()

    def is_over(self) -> bool:
        return self.board.is_over()

    def play_turn(self) -> int:
        pit = self.players[self.turn].choose_move(self.board.copy())
        self.board.play(pit)
        self.turn = 1 - self.turn
        return pit

    def show_winner(self) -> None:
        scores = f"{self.board.score(0)} to {self.board.score(1)}"
        winner = self.board.winner()
        print("A draw, " + scores if winner is None else f"Player {winner} wins, " + scores)

    def run(self) -> int | None:
        self.show_board()
        while not self.is_over():
            self.play_turn()
            self.show_board()
        self.show_winner()
        return self.board.winner()
''', (
        "'players[p] chooses the moves of player p; the board says who is to move': alternates from player 0, wrong "
        "when the given board has player 1 to move"
    ), replace=True, rule="game-player-to-move-chooses"),

    Mistake("abapa-unseen-game-hands-real-board", "abapa.game", r'''
class Game:
    """A game of Abapa (the seed's Jeu): a board and two players."""

    def __init__(self, player0: Player, player1: Player, board: Board | None = None) -> None:
        self.players = [player0, player1]
        if board is None:
            board = Board()
        self.board = board

    def show_board(self) -> None:
        print(self.board)
        print()

    def is_over(self) -> bool:
        return self.board.is_over()

    def play_turn(self) -> int:
        board = self.board
        pit = self.players[board.player].choose_move(board)
        board.play(pit)
        return pit

    def show_winner(self) -> None:
        scores = f"{self.board.score(0)} to {self.board.score(1)}"
        winner = self.board.winner()
        print("A draw, " + scores if winner is None else f"Player {winner} wins, " + scores)

    def run(self) -> int | None:
        self.show_board()
        while not self.is_over():
            self.play_turn()
            self.show_board()
        self.show_winner()
        return self.board.winner()
''', (
        "'play_turn() lets the player to move choose a pit (give it a copy of the board, so that it cannot cheat)': "
        "hands the game's own board to the player"
    ), replace=True, rule="game-shows-the-player-a-copy"),

    # ----------------------------------------------------------------- abapa.greedy
    Mistake("abapa-unseen-greedy-tie-highest-pit", "abapa.greedy", r'''
class GreedyPlayer(Player):
    """Plays the pit after which its kalah leads the opponent's by the most."""

    def choose_move(self, board: Board) -> int:
        me = board.player
        best, best_lead = None, None
        for pit in board.legal_moves():
            after = board.copy()
            after.play(pit)
            lead = after.score(me) - after.score(opponent(me))
            if best_lead is None or lead >= best_lead:
                best, best_lead = pit, lead
        return best
''', (
        "'between pits that lead by as much, it plays the lowest': >= keeps the last (highest) of tied pits"
    ), replace=True, rule="greedy-lowest-pit-on-a-tie"),

    Mistake("abapa-unseen-greedy-own-kalah-only", "abapa.greedy", r'''
class GreedyPlayer(Player):
    """Plays the pit after which its kalah leads the opponent's by the most."""

    def choose_move(self, board: Board) -> int:
        me = board.player

        def gain(pit: int) -> int:
            after = board.copy()
            after.play(pit)
            return after.score(me)

        return max(board.legal_moves(), key=lambda pit: (gain(pit), -pit))
''', (
        "'keeps the one after which its kalah leads the opponent's by the most': maximises its own kalah, ignoring "
        "seeds its sowing drops into the opponent's kalah or the remaining seeds the opponent takes"
    ), replace=True, rule="greedy-lead-is-own-kalah-minus-the-others"),
]

ALTERNATIVES = [
    Alternative("abapa-unseen-alt-text-rjust", "abapa.display", r'''
def board_text(cells: list[int]) -> str:
    """The board as two lines of text, as in the worksheet's figure 1."""
    top = " " * 3 + "".join(str(cells[i]).rjust(4) for i in range(12, 6, -1))
    bottom = (
        str(cells[13]).ljust(4)
        + "".join(str(cells[i]).rjust(4) for i in range(0, 6))
        + str(cells[6]).rjust(7)
    )
    return "\n".join([top, bottom])
''', "str.rjust/ljust and explicit ranges instead of format specs and camp()", replace=True),

    Alternative("abapa-unseen-alt-sow-by-laps", "abapa.sowing", r'''
def sow(cells: list[int], start: int) -> tuple[list[int], int]:
    """Sow the seeds of cell `start`: return the new cells and the cell of the last seed."""
    new = list(cells)
    seeds = new[start]
    new[start] = 0
    if seeds == 0:
        return new, start
    order = [(start + k) % CELLS for k in range(1, CELLS)]  # the 13 other cells
    laps, rest = divmod(seeds, len(order))
    for k, i in enumerate(order):
        new[i] += laps + (1 if k < rest else 0)
    return new, order[(seeds - 1) % len(order)]
''', "computes whole laps and the remainder arithmetically instead of a seed-by-seed loop", replace=True),

    Alternative("abapa-unseen-alt-capture-apply-then-undo", "abapa.capture", r'''
def capture(cells: list[int], last: int, player: int) -> list[int]:
    """The cells after `player`'s captures, when their last seed fell in cell `last`."""
    theirs = camp(opponent(player))
    after = list(cells)
    if last not in theirs:
        return after
    for i in range(last, theirs.start - 1, -1):
        if after[i] not in (2, 3):
            break
        after[kalah(player)] += after[i]
        after[i] = 0
    if not any(after[i] for i in theirs):
        return list(cells)  # grand slam: the opponent would starve, take nothing
    return after
''', "captures first on a copy, then undoes everything if the opponent's camp ended up empty", replace=True),

    Alternative("abapa-unseen-alt-board-tuple-state", "abapa.board", r'''
class Board:
    """An Abapa board (the seed's Plateau): 14 cells and the player to move."""

    START = (4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0)

    def __init__(self, cells=None, player: int = 0) -> None:
        cells = tuple(self.START if cells is None else cells)
        if len(cells) != CELLS:
            raise ValueError(f"a board has {CELLS} cells")
        for seeds in cells:
            if isinstance(seeds, bool) or not isinstance(seeds, int) or seeds < 0:
                raise ValueError(f"a cell holds a whole number of seeds, 0 or more, not {seeds!r}")
        if sum(cells) != SEEDS:
            raise ValueError(f"the cells must hold {SEEDS} seeds in all, not {sum(cells)}")
        if player != 0 and player != 1:
            raise ValueError("player must be 0 or 1")
        self._cells = cells  # a tuple: nobody can change it in place
        self.player = player
        self._legal = tuple() if game_over(list(cells), player) else tuple(legal_pits(list(cells), player))

    @property
    def cells(self) -> list[int]:
        return list(self._cells)

    def copy(self) -> "Board":
        return Board(self._cells, self.player)

    def score(self, player: int) -> int:
        return self._cells[kalah(player)]

    def is_over(self) -> bool:
        return len(self._legal) == 0

    def legal_moves(self) -> list[int]:
        return list(self._legal)

    def winner(self) -> int | None:
        if not self.is_over():
            return None
        mine, theirs = self.score(0), self.score(1)
        if mine > theirs:
            return 0
        if theirs > mine:
            return 1
        return None

    def __str__(self) -> str:
        return board_text(list(self._cells))

    def __repr__(self) -> str:
        return f"Board({list(self._cells)}, {self.player})"
''', "keeps cells and legal moves as tuples, and copy() rebuilds a Board through the constructor", replace=True),

    Alternative("abapa-unseen-alt-play-messages-table", "abapa.board_play", r'''
def play(self: Board, pit: int) -> None:
    """The mover empties `pit` (0 to 5): sow, capture, and the other player moves."""
    legal = self.legal_moves()
    if pit not in legal or isinstance(pit, bool) or not isinstance(pit, int):
        if not legal:
            reason = "the game has ended, no pit can be played"
        elif not (isinstance(pit, int) and not isinstance(pit, bool) and 0 <= pit <= 5):
            reason = f"{pit!r} is not a pit: pits are 0 to 5"
        elif self.cells[cell(self.player, pit)] == 0:
            reason = f"pit {pit} has no seeds"
        else:
            reason = f"pit {pit} does not reach your opponent, who has no seeds"
        raise ValueError(f"{reason}; legal pits: {legal}")
    me, you = self.player, opponent(self.player)
    cells, last = sow(self.cells, cell(me, pit))
    cells = capture(cells, last, me)
    if game_over(cells, you):
        if max(cells[kalah(me)], cells[kalah(you)]) < WINNING_SCORE:
            cells = take_remaining(cells, you)
        next_legal = []
    else:
        next_legal = legal_pits(cells, you)
    self._cells = cells
    self.player = you
    self._legal = next_legal


Board.play = play
''', (
        "one legality test against the legal moves, then a reason chosen for the message; end detected with game_over"
    ), replace=True),

    Alternative("abapa-unseen-alt-players-try-int", "abapa.players", r'''
class Player:
    """Someone who plays Abapa (the seed's Joueur)."""

    def choose_move(self, board: Board) -> int:
        raise NotImplementedError


class HumanPlayer(Player):
    """A player at the keyboard: `ask(prompt)` returns what they type."""

    def __init__(self, ask=input) -> None:
        self.ask = ask

    def choose_move(self, board: Board) -> int:
        legal = board.legal_moves()
        prompt = f"Your move (one of {', '.join(map(str, legal))}): "
        while True:
            try:
                pit = int(str(self.ask(prompt)).strip())
            except ValueError:
                print("Please type a pit number.")
                continue
            if pit in legal:
                return pit
            print(f"Pit {pit} cannot be played.")


class RandomPlayer(Player):
    """An artificial player that plays at random, like a six-sided die."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_move(self, board: Board) -> int:
        legal = set(board.legal_moves())
        pit = self.rng.randrange(6)
        while pit not in legal:
            pit = self.rng.randrange(6)
        return pit
''', (
        "HumanPlayer parses with try/except int(); RandomPlayer uses a set and a while-not loop with the same draws"
    ), replace=True),

    Alternative("abapa-unseen-alt-greedy-loop", "abapa.greedy", r'''
class GreedyPlayer(Player):
    """Plays the pit after which its kalah leads the opponent's by the most."""

    def choose_move(self, board: Board) -> int:
        me, them = board.player, opponent(board.player)
        best = None
        best_lead = -SEEDS - 1
        for pit in sorted(board.legal_moves()):
            trial = board.copy()
            trial.play(pit)
            lead = trial.score(me) - trial.score(them)
            if lead > best_lead:  # strict: a tie keeps the lower pit found first
                best, best_lead = pit, lead
        return best
''', "explicit loop with a strict comparison instead of max with a tuple key", replace=True),
]


# More of them, of other kinds than those above.
MISTAKES += [
    # ----------------------------------------------------------------- abapa.display
    Mistake("abapa-unseen-text-trailing-newline", "abapa.display", r'''
def board_text(cells: list[int]) -> str:
    """The board as two lines of text, as in the worksheet's figure 1."""
    text = "   "
    for i in range(12, 6, -1):
        text += f"{cells[i]:4}"
    text += "\n"
    text += f"{cells[13]:<4}"
    for i in range(6):
        text += f"{cells[i]:4}"
    text += f"{cells[6]:7}" + "\n"
    return text
''', (
        "'returns those two lines (joined by a newline, no newline at the end)': ends the text with a newline"
    ), replace=True, rule="display-no-newline-at-the-end"),

    # ----------------------------------------------------------------- abapa.sowing
    Mistake("abapa-unseen-sow-skips-opponent-kalah", "abapa.sowing", r'''
def sow(cells: list[int], start: int) -> tuple[list[int], int]:
    """Sow the seeds of cell `start`: return the new cells and the cell of the last seed."""
    cells = list(cells)
    seeds = cells[start]
    cells[start] = 0
    my_kalah = 6 if start < 6 else 13
    position = start
    while seeds > 0:
        position = (position + 1) % CELLS
        if position == start:
            continue
        if position in (6, 13) and position != my_kalah:
            continue  # no seed in the opponent's store
        cells[position] += 1
        seeds -= 1
    return cells, position
''', (
        "'one seed in each following cell, kalahs included' / rules: 'both kalahs: y compris dans les kalahs' - skips "
        "the opponent's kalah, as in Kalah"
    ), replace=True, rule="sow-into-both-kalahs"),

    Mistake("abapa-unseen-sow-last-ignores-skip", "abapa.sowing", r'''
def sow(cells: list[int], start: int) -> tuple[list[int], int]:
    """Sow the seeds of cell `start`: return the new cells and the cell of the last seed."""
    new = list(cells)
    seeds = new[start]
    new[start] = 0
    i = start
    for _ in range(seeds):
        i = (i + 1) % CELLS
        if i == start:  # a full lap: skip the emptied pit
            i = (i + 1) % CELLS
        new[i] += 1
    last = (start + seeds) % CELLS  # the last seed is `seeds` cells further on
    return new, last
''', (
        "'Return the new list of cells and the cell where the last seed fell': with 14 seeds or more the skipped pit "
        "shifts the last cell by one, the returned cell ignores it"
    ), replace=True, rule="sow-skips-the-emptied-pit"),

    # ----------------------------------------------------------------- abapa.capture
    Mistake("abapa-unseen-capture-two-or-more", "abapa.capture", r'''
def capture(cells: list[int], last: int, player: int) -> list[int]:
    """The cells after `player`'s captures, when their last seed fell in cell `last`."""
    cells = list(cells)
    their_camp = camp(opponent(player))
    taken = []
    position = last
    while position in their_camp and cells[position] >= 2:
        taken.append(position)
        position -= 1
    if not taken or sum(cells[i] for i in taken) == sum(cells[i] for i in their_camp):
        return cells
    for i in taken:
        cells[kalah(player)] += cells[i]
        cells[i] = 0
    return cells
''', (
        "'a pit of the opponent's camp that then holds 2 or 3 seeds': captures pits of 2 seeds or more (4, 5, ... too)"
    ), replace=True, rule="capture-a-pit-of-2-or-3"),

    Mistake("abapa-unseen-grand-slam-counts-kalah", "abapa.capture", r'''
def capture(cells: list[int], last: int, player: int) -> list[int]:
    """The cells after `player`'s captures, when their last seed fell in cell `last`."""
    cells = list(cells)
    other = opponent(player)
    taken = []
    position = last
    while position in camp(other) and cells[position] in (2, 3):
        taken.append(position)
        position -= 1
    # the opponent's side: their 6 pits and their kalah
    their_side = range(cell(other, 0), kalah(other) + 1)
    left = sum(cells[i] for i in their_side) - sum(cells[i] for i in taken)
    if left == 0:
        return cells  # grand slam: they would have nothing left
    for i in taken:
        cells[kalah(player)] += cells[i]
        cells[i] = 0
    return cells
''', (
        "grand slam 'if the captures would leave the opponent's camp empty': counts the opponent's kalah with their "
        "camp, so a non-empty kalah hides the grand slam"
    ), replace=True, rule="grand-slam-captures-nothing"),

    # ----------------------------------------------------------------- abapa.feeding
    Mistake("abapa-unseen-feeds-threshold-from-cell", "abapa.feeding", r'''
def feeds(cells: list[int], player: int, pit: int) -> bool:
    """True when the seeds of `player`'s pit (0 to 5) reach the opponent's camp."""
    i = cell(player, pit)
    return cells[i] >= 7 - i  # pit i reaches the opponent with 7 - i seeds


def legal_pits(cells: list[int], player: int) -> list[int]:
    """The pits (0 to 5) that `player` may empty, in increasing order."""
    my_camp = camp(player)
    pits = [pit for pit in range(PITS) if cells[my_camp[pit]] > 0]
    if not any(cells[i] for i in camp(opponent(player))):
        pits = [pit for pit in pits if feeds(cells, player, pit)]
    return pits
''', (
        "'Pit i of the mover ... reaches the opponent's camp when it holds at least 7 - i' (i a pit, 0 to 5): uses the "
        "cell number, so every non-empty pit of player 1 'feeds'"
    ), replace=True, rule="pits-counted-from-the-movers-side"),

    Mistake("abapa-unseen-legal-fallback-when-none-feeds", "abapa.feeding", r'''
def feeds(cells: list[int], player: int, pit: int) -> bool:
    """True when the seeds of `player`'s pit (0 to 5) reach the opponent's camp."""
    return cells[cell(player, pit)] >= 7 - pit


def legal_pits(cells: list[int], player: int) -> list[int]:
    """The pits (0 to 5) that `player` may empty, in increasing order."""
    pits = [pit for pit in range(PITS) if cells[cell(player, pit)] > 0]
    if not any(cells[i] for i in camp(opponent(player))):
        feeding = [pit for pit in pits if feeds(cells, player, pit)]
        if feeding:  # when no pit can feed, any non-empty pit will do
            pits = feeding
    return pits
''', (
        "feeding rule: 'If no pit can, the game ends' - when no pit feeds, every non-empty pit stays legal and the "
        "game goes on"
    ), replace=True, rule="must-feed-an-empty-camp"),

    # ----------------------------------------------------------------- abapa.end
    Mistake("abapa-unseen-game-over-movers-kalah-only", "abapa.end", r'''
def game_over(cells: list[int], player: int) -> bool:
    """True when the game has ended, `player` being the one to move."""
    if cells[kalah(player)] >= WINNING_SCORE:
        return True
    return not legal_pits(cells, player)


def take_remaining(cells: list[int], player: int) -> list[int]:
    """The cells after `player` takes every seed left in the pits into their kalah."""
    cells = list(cells)
    for i in list(camp(0)) + list(camp(1)):
        cells[kalah(player)] += cells[i]
        cells[i] = 0
    return cells
''', (
        "'It ends when a kalah holds 25 seeds or more': only looks at the kalah of the player to move, not at the one "
        "who just reached 25"
    ), replace=True, rule="over-at-25-in-either-kalah"),

    Mistake("abapa-unseen-take-remaining-misses-cell-12", "abapa.end", r'''
def game_over(cells: list[int], player: int) -> bool:
    """True when the game has ended, `player` being the one to move."""
    if max(cells[kalah(0)], cells[kalah(1)]) >= WINNING_SCORE:
        return True
    return not legal_pits(cells, player)


def take_remaining(cells: list[int], player: int) -> list[int]:
    """The cells after `player` takes every seed left in the pits into their kalah."""
    cells = list(cells)
    for i in range(12):  # the 12 pits...
        if i == kalah(0):  # ...but not player 0's kalah
            continue
        cells[kalah(player)] += cells[i]
        cells[i] = 0
    return cells
''', (
        "'takes every seed left in the pits': range(12) minus cell 6 leaves out pit 12 (player 1's last pit)"
    ), replace=True, rule="the-mover-takes-every-seed-left-into-their-kalah"),

    # ----------------------------------------------------------------- abapa.board
    Mistake("abapa-unseen-board-no-length-check", "abapa.board", r'''
class Board:
    """An Abapa board (the seed's Plateau): 14 cells and the player to move."""

    def __init__(self, cells: list[int] | None = None, player: int = 0) -> None:
        if cells is None:
            cells = [4] * PITS + [0] + [4] * PITS + [0]
        cells = list(cells)
        for seeds in cells:
            if type(seeds) is not int or seeds < 0:
                raise ValueError(f"a cell holds a whole number of seeds, 0 or more, not {seeds!r}")
        if sum(cells) != SEEDS:
            raise ValueError(f"a board holds {SEEDS} seeds, not {sum(cells)}")
        if player not in (0, 1):
            raise ValueError(f"the player to move is 0 or 1, not {player!r}")
        self._cells = cells
        self.player = player
        self._legal = [] if game_over(cells, player) else legal_pits(cells, player)

    @property
    def cells(self) -> list[int]:
        return list(self._cells)

    def copy(self) -> "Board":
        twin = copy.copy(self)
        twin._cells = list(self._cells)
        return twin

    def score(self, player: int) -> int:
        return self._cells[kalah(player)]

    def is_over(self) -> bool:
        return not self._legal

    def legal_moves(self) -> list[int]:
        return list(self._legal)

    def winner(self) -> int | None:
        if not self.is_over() or self.score(0) == self.score(1):
            return None
        return 0 if self.score(0) > self.score(1) else 1

    def __str__(self) -> str:
        return board_text(self.cells)

    def __repr__(self) -> str:
        return f"Board({self.cells}, {self.player})"
''', (
        "'Board(cells, player) any position: 14 whole numbers ... (else ValueError)': the number of cells is never "
        "checked (15 cells accepted, 13 give an IndexError)"
    ), replace=True, rule="board-refuses-bad-positions"),

    Mistake("abapa-unseen-board-keeps-callers-list", "abapa.board", r'''
class Board:
    """An Abapa board (the seed's Plateau): 14 cells and the player to move."""

    def __init__(self, cells: list[int] | None = None, player: int = 0) -> None:
        if cells is None:
            cells = [4] * PITS + [0] + [4] * PITS + [0]
        if len(cells) != CELLS:
            raise ValueError(f"a board has {CELLS} cells, not {len(cells)}")
        if any(type(seeds) is not int or seeds < 0 for seeds in cells):
            raise ValueError(f"every cell holds a whole number of seeds, 0 or more: {list(cells)}")
        if sum(cells) != SEEDS:
            raise ValueError(f"a board holds {SEEDS} seeds, not {sum(cells)}")
        if player not in (0, 1):
            raise ValueError(f"the player to move is 0 or 1, not {player!r}")
        self._cells = cells  # the list we were given
        self.player = player
        self._legal = [] if game_over(cells, player) else legal_pits(cells, player)

    @property
    def cells(self) -> list[int]:
        return list(self._cells)

    def copy(self) -> "Board":
        twin = copy.copy(self)
        twin._cells = list(self._cells)
        return twin

    def score(self, player: int) -> int:
        return self._cells[kalah(player)]

    def is_over(self) -> bool:
        return not self._legal

    def legal_moves(self) -> list[int]:
        return list(self._legal)

    def winner(self) -> int | None:
        if not self.is_over() or self.score(0) == self.score(1):
            return None
        return 0 if self.score(0) > self.score(1) else 1

    def __str__(self) -> str:
        return board_text(self.cells)

    def __repr__(self) -> str:
        return f"Board({self.cells}, {self.player})"
''', (
        "'The board keeps a copy of the list it is given: changing that list later changes nothing': keeps the "
        "caller's list itself"
    ), replace=True, rule="board-cells-are-a-copy"),

    Mistake("abapa-unseen-board-copy-forgets-player", "abapa.board", r'''
class Board:
    """An Abapa board (the seed's Plateau): 14 cells and the player to move."""

    def __init__(self, cells: list[int] | None = None, player: int = 0) -> None:
        if cells is None:
            cells = [4] * PITS + [0] + [4] * PITS + [0]
        cells = list(cells)
        if len(cells) != CELLS:
            raise ValueError(f"a board has {CELLS} cells, not {len(cells)}")
        if any(type(seeds) is not int or seeds < 0 for seeds in cells):
            raise ValueError(f"every cell holds a whole number of seeds, 0 or more: {cells}")
        if sum(cells) != SEEDS:
            raise ValueError(f"a board holds {SEEDS} seeds, not {sum(cells)}")
        if player not in (0, 1):
            raise ValueError(f"the player to move is 0 or 1, not {player!r}")
        self._cells = cells
        self.player = player
        self._legal = [] if game_over(cells, player) else legal_pits(cells, player)

    @property
    def cells(self) -> list[int]:
        return list(self._cells)

    def copy(self) -> "Board":
        return Board(self.cells)  # a new board with the same cells

    def score(self, player: int) -> int:
        return self._cells[kalah(player)]

    def is_over(self) -> bool:
        return not self._legal

    def legal_moves(self) -> list[int]:
        return list(self._legal)

    def winner(self) -> int | None:
        if not self.is_over() or self.score(0) == self.score(1):
            return None
        return 0 if self.score(0) > self.score(1) else 1

    def __str__(self) -> str:
        return board_text(self.cells)

    def __repr__(self) -> str:
        return f"Board({self.cells}, {self.player})"
''', (
        "'board.copy() an independent board' (of the same position): rebuilds Board(self.cells), so the copy always "
        "has player 0 to move"
    ), replace=True, rule="board-copy-same-position-new-board"),

    Mistake("abapa-unseen-winner-tie-to-player0", "abapa.board", r'''
class Board:
    """An Abapa board (the seed's Plateau): 14 cells and the player to move."""

    def __init__(self, cells: list[int] | None = None, player: int = 0) -> None:
        if cells is None:
            cells = [4] * PITS + [0] + [4] * PITS + [0]
        cells = list(cells)
        if len(cells) != CELLS:
            raise ValueError(f"a board has {CELLS} cells, not {len(cells)}")
        if any(type(seeds) is not int or seeds < 0 for seeds in cells):
            raise ValueError(f"every cell holds a whole number of seeds, 0 or more: {cells}")
        if sum(cells) != SEEDS:
            raise ValueError(f"a board holds {SEEDS} seeds, not {sum(cells)}")
        if player not in (0, 1):
            raise ValueError(f"the player to move is 0 or 1, not {player!r}")
        self._cells = cells
        self.player = player
        self._legal = [] if game_over(cells, player) else legal_pits(cells, player)

    @property
    def cells(self) -> list[int]:
        return list(self._cells)

    def copy(self) -> "Board":
        twin = copy.copy(self)
        twin._cells = list(self._cells)
        return twin

    def score(self, player: int) -> int:
        return self._cells[kalah(player)]

    def is_over(self) -> bool:
        return not self._legal

    def legal_moves(self) -> list[int]:
        return list(self._legal)

    def winner(self) -> int | None:
        if not self.is_over():
            return None
        if self.score(0) >= self.score(1):
            return 0
        return 1

    def __str__(self) -> str:
        return board_text(self.cells)

    def __repr__(self) -> str:
        return f"Board({self.cells}, {self.player})"
''', (
        "'winner() is 0 or 1, or None for a draw' / '24 to 24 is a draw': a finished 24-24 game is won by player 0"
    ), replace=True, rule="board-24-24-is-a-draw"),

    # ----------------------------------------------------------------- abapa.board_play
    Mistake("abapa-unseen-play-feeding-checked-after-sowing", "abapa.board_play", r'''
def play(self: Board, pit: int) -> None:
    """The mover empties `pit` (0 to 5): sow, capture, and the other player moves."""
    if self.is_over():
        raise ValueError("the game is over: no more moves can be played")
    if not isinstance(pit, int) or isinstance(pit, bool) or not 0 <= pit < PITS:
        raise ValueError(f"a pit is a number from 0 to 5, not {pit!r}")
    me, you = self.player, opponent(self.player)
    if self._cells[cell(me, pit)] == 0:
        raise ValueError(f"pit {pit} is empty; choose one of {self.legal_moves()}")
    starving = sum(self._cells[i] for i in camp(you)) == 0
    self._cells, last = sow(self._cells, cell(me, pit))
    if starving and sum(self._cells[i] for i in camp(you)) == 0:
        raise ValueError(f"you must feed your opponent: choose one of {self.legal_moves()}")
    self._cells = capture(self._cells, last, me)
    won = max(self._cells[kalah(0)], self._cells[kalah(1)]) >= WINNING_SCORE
    legal = [] if won else legal_pits(self._cells, you)
    if not won and not legal:
        self._cells = take_remaining(self._cells, you)
    self.player, self._legal = you, legal


Board.play = play
''', (
        "'An illegal pit (... not feeding when it must ...) raises ValueError ... and leaves the board unchanged: "
        "check everything before changing anything': finds out the move does not feed after sowing it into the board"
    ), replace=True, rule="play-refuses-illegal-moves-before-changing-anything"),

    Mistake("abapa-unseen-play-takes-remaining-after-win", "abapa.board_play", r'''
def play(self: Board, pit: int) -> None:
    """The mover empties `pit` (0 to 5): sow, capture, and the other player moves."""
    if self.is_over():
        raise ValueError("the game is over: no more moves can be played")
    if not isinstance(pit, int) or isinstance(pit, bool) or not 0 <= pit < PITS:
        raise ValueError(f"a pit is a number from 0 to 5, not {pit!r}")
    if self._cells[cell(self.player, pit)] == 0:
        raise ValueError(f"pit {pit} is empty; choose one of {self._legal}")
    if pit not in self._legal:
        raise ValueError(f"your opponent has no seeds, so you must feed them: choose one of {self._legal}")
    cells, last = sow(self._cells, cell(self.player, pit))
    cells = capture(cells, last, self.player)
    mover = opponent(self.player)
    if not legal_pits(cells, mover):
        cells = take_remaining(cells, mover)  # they cannot feed: they take what is left
    self._cells, self.player = cells, mover
    self._legal = [] if game_over(cells, mover) else legal_pits(cells, mover)


Board.play = play
''', (
        "'if that player has no legal pit (and no kalah has 25), they take the remaining seeds': also sweeps the pits "
        "into their kalah when the game was already won by 25"
    ), replace=True, rule="play-ends-at-25"),

    Mistake("abapa-unseen-random-uses-module-random", "abapa.players", r'''
class Player:
    """Someone who plays Abapa (the seed's Joueur)."""

    def choose_move(self, board: Board) -> int:
        raise NotImplementedError("each kind of player says how it chooses its move")


class HumanPlayer(Player):
    """A player at the keyboard: `ask(prompt)` returns what they type."""

    def __init__(self, ask=input) -> None:
        self.ask = ask

    def choose_move(self, board: Board) -> int:
        legal = board.legal_moves()
        while True:
            answer = str(self.ask(f"Player {board.player}, which pit? {legal} ")).strip()
            if answer.isdigit() and int(answer) in legal:
                return int(answer)
            print(f"{answer!r} is not a pit you can play: choose one of {legal}.")


class RandomPlayer(Player):
    """An artificial player that plays at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_move(self, board: Board) -> int:
        legal = board.legal_moves()
        while True:
            pit = random.randrange(6)  # roll a six-sided die
            if pit in legal:
                return pit
''', (
        "'draws a pit with self.rng.randrange(6) ... the same seed gives the same moves': rolls Python's global "
        "random, not self.rng, so a seeded game cannot be replayed"
    ), replace=True, rule="random-draws-with-its-own-rng"),

    Mistake("abapa-unseen-human-accepts-empty-pit", "abapa.players", r'''
class Player:
    """Someone who plays Abapa (the seed's Joueur)."""

    def choose_move(self, board: Board) -> int:
        raise NotImplementedError("each kind of player says how it chooses its move")


class HumanPlayer(Player):
    """A player at the keyboard: `ask(prompt)` returns what they type."""

    def __init__(self, ask=input) -> None:
        self.ask = ask

    def choose_move(self, board: Board) -> int:
        while True:
            answer = str(self.ask(f"Player {board.player}, which pit (0 to 5)? ")).strip()
            if answer in ("0", "1", "2", "3", "4", "5"):
                return int(answer)
            print(f"{answer!r} is not a pit: type a number from 0 to 5.")


class RandomPlayer(Player):
    """An artificial player that plays at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_move(self, board: Board) -> int:
        legal = board.legal_moves()
        while True:
            pit = self.rng.randrange(PITS)
            if pit in legal:
                return pit
''', (
        "'asks ... until the answer is a legal pit': accepts any pit 0 to 5, an empty one or one that does not feed too"
    ), replace=True, rule="human-asks-again-until-a-legal-pit"),

    Mistake("abapa-unseen-human-returns-string", "abapa.players", r'''
class Player:
    """Someone who plays Abapa (the seed's Joueur)."""

    def choose_move(self, board: Board) -> int:
        raise NotImplementedError("each kind of player says how it chooses its move")


class HumanPlayer(Player):
    """A player at the keyboard: `ask(prompt)` returns what they type."""

    def __init__(self, ask=input) -> None:
        self.ask = ask

    def choose_move(self, board: Board) -> int:
        allowed = [str(pit) for pit in board.legal_moves()]
        answer = self.ask(f"Player {board.player}, which pit? {', '.join(allowed)} ").strip()
        while answer not in allowed:
            print(f"Choose one of {', '.join(allowed)}.")
            answer = self.ask(f"Player {board.player}, which pit? {', '.join(allowed)} ").strip()
        return answer


class RandomPlayer(Player):
    """An artificial player that plays at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_move(self, board: Board) -> int:
        legal = board.legal_moves()
        while True:
            pit = self.rng.randrange(PITS)
            if pit in legal:
                return pit
''', "'choose_move asks ... and returns it as an int': returns the text typed, a str", replace=True,
    rule="human-returns-the-pit-as-an-int"),

    # ----------------------------------------------------------------- abapa.game
    Mistake("abapa-unseen-game-default-board-shared", "abapa.game", r'''
class Game:
    """A game of Abapa (the seed's Jeu): a board and two players."""

    def __init__(self, player0: Player, player1: Player, board: Board = Board()) -> None:
        self.players = [player0, player1]
        self.board = board

    def show_board(self) -> None:
        print(self.board)
        print()

    def is_over(self) -> bool:
        return self.board.is_over()

    def play_turn(self) -> int:
        pit = self.players[self.board.player].choose_move(self.board.copy())
        self.board.play(pit)
        return pit

    def show_winner(self) -> None:
        scores = f"{self.board.score(0)} to {self.board.score(1)}"
        winner = self.board.winner()
        print("A draw, " + scores if winner is None else f"Player {winner} wins, " + scores)

    def run(self) -> int | None:
        self.show_board()
        while not self.is_over():
            self.play_turn()
            self.show_board()
        self.show_winner()
        return self.board.winner()
''', (
        "'holds a board (a new Board() when none is given)': a default argument Board() is made once, so every game "
        "without a board shares one (the second starts where the first ended)"
    ), replace=True, rule="game-default-board-made-anew"),

    Mistake("abapa-unseen-game-run-misses-final-board", "abapa.game", r'''
class Game:
    """A game of Abapa (the seed's Jeu): a board and two players."""

    def __init__(self, player0: Player, player1: Player, board: Board | None = None) -> None:
        self.players = [player0, player1]
        self.board = Board() if board is None else board

    def show_board(self) -> None:
        print(self.board)
        print()

    def is_over(self) -> bool:
        return self.board.is_over()

    def play_turn(self) -> int:
        pit = self.players[self.board.player].choose_move(self.board.copy())
        self.board.play(pit)
        return pit

    def show_winner(self) -> None:
        scores = f"{self.board.score(0)} to {self.board.score(1)}"
        winner = self.board.winner()
        print("A draw, " + scores if winner is None else f"Player {winner} wins, " + scores)

    def run(self) -> int | None:
        while not self.is_over():
            self.show_board()
            self.play_turn()
        self.show_winner()
        return self.board.winner()
''', (
        "main loop 'show the board / while not over: play a turn, show the board / show the winner': shows the board "
        "before each turn, so the final position is never shown"
    ), replace=True, rule="run-shows-the-board-before-and-after-each-turn"),

    # ----------------------------------------------------------------- abapa.greedy
    Mistake("abapa-unseen-greedy-ignores-feeding", "abapa.greedy", r'''
class GreedyPlayer(Player):
    """Plays the pit after which its kalah leads the opponent's by the most."""

    def choose_move(self, board: Board) -> int:
        me, you = board.player, opponent(board.player)
        best, best_lead = None, None
        for pit in range(PITS):
            if board.cells[cell(me, pit)] == 0:
                continue  # an empty pit cannot be played
            after = board.copy()
            after.play(pit)
            lead = after.score(me) - after.score(you)
            if best_lead is None or lead > best_lead:
                best, best_lead = pit, lead
        return best
''', (
        "'it tries each legal pit': tries every non-empty pit, so when the opponent must be fed play raises ValueError "
        "on a pit that does not feed"
    ), replace=True, rule="greedy-tries-every-legal-pit"),

    Mistake("abapa-unseen-greedy-lead-of-next-mover", "abapa.greedy", r'''
class GreedyPlayer(Player):
    """Plays the pit after which its kalah leads the opponent's by the most."""

    def choose_move(self, board: Board) -> int:
        def lead(pit: int) -> int:
            after = board.copy()
            after.play(pit)
            mine = after.score(after.player)
            theirs = after.score(opponent(after.player))
            return mine - theirs

        return max(board.legal_moves(), key=lambda pit: (lead(pit), -pit))
''', (
        "'after which its kalah leads the opponent's by the most': measures the lead of after.player, who is the "
        "opponent once the pit is played"
    ), replace=True, rule="greedy-lead-of-the-player-who-moved"),
]

ALTERNATIVES += [
    Alternative("abapa-unseen-alt-text-percent", "abapa.display", r'''
def board_text(cells: list[int]) -> str:
    """The board as two lines of text, as in the worksheet's figure 1."""
    lines = [
        "   " + "".join("%4d" % cells[i] for i in range(12, 6, -1)),
        "%-4d" % cells[13] + "".join("%4d" % seeds for seeds in cells[0:6]) + "%7d" % cells[6],
    ]
    return "\n".join(lines)
''', "printf-style % formatting, a list of lines joined, slices instead of camp()", replace=True),

    Alternative("abapa-unseen-alt-sow-cycle", "abapa.sowing", r'''
from itertools import cycle, islice


def sow(cells: list[int], start: int) -> tuple[list[int], int]:
    """Sow the seeds of cell `start`: return the new cells and the cell of the last seed."""
    new = list(cells)
    seeds, new[start] = new[start], 0
    others = [(start + step) % CELLS for step in range(1, CELLS)]  # never `start`
    targets = list(islice(cycle(others), seeds))
    for target in targets:
        new[target] += 1
    return new, targets[-1] if targets else start
''', "cycles over the 13 other cells with itertools.cycle/islice, so the skip is built in", replace=True),

    Alternative("abapa-unseen-alt-capture-recursive", "abapa.capture", r'''
def capture(cells: list[int], last: int, player: int) -> list[int]:
    """The cells after `player`'s captures, when their last seed fell in cell `last`."""
    theirs = camp(opponent(player))

    def chain(i: int) -> list[int]:
        """The cells captured from cell i backwards."""
        if i in theirs and cells[i] in (2, 3):
            return [i] + chain(i - 1)
        return []

    taken = chain(last)
    left = sum(cells[i] for i in theirs if i not in taken)
    after = list(cells)
    if taken and left > 0:  # left == 0 would be a grand slam
        for i in taken:
            after[kalah(player)] += after[i]
            after[i] = 0
    return after
''', "collects the chain recursively and tests the grand slam as 'seeds left outside the chain'", replace=True),

    Alternative("abapa-unseen-alt-feeds-by-sowing", "abapa.feeding", r'''
def feeds(cells: list[int], player: int, pit: int) -> bool:
    """True when the seeds of `player`'s pit (0 to 5) reach the opponent's camp."""
    theirs = camp(opponent(player))
    after, _ = sow(cells, cell(player, pit))
    return sum(after[i] for i in theirs) > sum(cells[i] for i in theirs)


def legal_pits(cells: list[int], player: int) -> list[int]:
    """The pits (0 to 5) that `player` may empty, in increasing order."""
    starving = all(cells[i] == 0 for i in camp(opponent(player)))
    return list(filter(
        lambda pit: cells[cell(player, pit)] > 0 and (not starving or feeds(cells, player, pit)),
        range(PITS),
    ))
''', (
        "feeds sows on a copy and compares the opponent's camp instead of the 7 - i formula; legal_pits with filter"
    ), replace=True),

    Alternative("abapa-unseen-alt-play-via-constructor", "abapa.board_play", r'''
def play(self: Board, pit: int) -> None:
    """The mover empties `pit` (0 to 5): sow, capture, and the other player moves."""
    allowed = self.legal_moves()
    if not allowed:
        raise ValueError("the game has ended: no pit can be played any more")
    if type(pit) is not int or pit not in allowed:
        raise ValueError(f"you may play one of the pits {allowed}, not {pit!r}")
    cells, last = sow(self.cells, cell(self.player, pit))
    cells = capture(cells, last, self.player)
    following = opponent(self.player)
    if max(cells[kalah(0)], cells[kalah(1)]) < WINNING_SCORE and not legal_pits(cells, following):
        cells = take_remaining(cells, following)
    after = Board(cells, following)  # the constructor works out the legal moves and the end
    self._cells, self.player, self._legal = after._cells, after.player, after._legal


Board.play = play
''', (
        "one legality test against legal_moves(), then builds the next position with the Board constructor and takes "
        "its state"
    ), replace=True),

    Alternative("abapa-unseen-alt-players-randint-recursive", "abapa.players", r'''
class Player:
    """Someone who plays Abapa (the seed's Joueur)."""

    def choose_move(self, board: Board) -> int:
        raise NotImplementedError


class HumanPlayer(Player):
    """A player at the keyboard: `ask(prompt)` returns what they type."""

    def __init__(self, ask=input) -> None:
        self.ask = ask

    def choose_move(self, board: Board) -> int:
        answer = str(self.ask("Your pit: ")).strip()
        if answer in [str(pit) for pit in board.legal_moves()]:
            return int(answer)
        print("You can play", " or ".join(str(pit) for pit in board.legal_moves()))
        return self.choose_move(board)  # ask again


class RandomPlayer(Player):
    """An artificial player that plays at random, like a six-sided die."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_move(self, board: Board) -> int:
        while True:
            pit = self.rng.randint(0, 5)  # the same draws as randrange(6)
            if pit in board.legal_moves():
                return pit
''', (
        "HumanPlayer asks again by recursion with another prompt; RandomPlayer uses rng.randint(0, 5), which draws the "
        "same numbers as randrange(6)"
    ), replace=True),

    Alternative("abapa-unseen-alt-game-plain-print", "abapa.game", r'''
class Game:
    """A game of Abapa (the seed's Jeu): a board and two players."""

    def __init__(self, player0: Player, player1: Player, board: Board | None = None) -> None:
        self.board = board if board is not None else Board()
        self.players = {0: player0, 1: player1}

    def show_board(self) -> None:
        print(self.board)

    def is_over(self) -> bool:
        return self.board.is_over()

    def play_turn(self) -> int:
        chooser = self.players[self.board.player]
        pit = chooser.choose_move(self.board.copy())
        self.board.play(pit)
        return pit

    def show_winner(self) -> None:
        winner = self.board.winner()
        if winner is None:
            print(f"Draw: {self.board.score(0)}-{self.board.score(1)}")
        else:
            print(f"Winner: player {winner} ({self.board.score(winner)} seeds "
                  f"against {self.board.score(opponent(winner))})")

    def run(self) -> int | None:
        self.show_board()
        while not self.is_over():
            self.play_turn()
            self.show_board()
        self.show_winner()
        return self.board.winner()
''', (
        "players in a dict; show_board prints exactly as print(board) does (no blank line); other wording for the "
        "result"
    ), replace=True),

    Alternative("abapa-unseen-alt-greedy-try-every-pit", "abapa.greedy", r'''
class GreedyPlayer(Player):
    """Plays the pit after which its kalah leads the opponent's by the most."""

    def choose_move(self, board: Board) -> int:
        me, you = board.player, opponent(board.player)
        before = board.score(me) - board.score(you)
        best_pit, best_gain = None, None
        for pit in range(PITS):  # lowest first: a tie keeps the lowest
            trial = board.copy()
            try:
                trial.play(pit)
            except ValueError:
                continue  # not a legal pit
            gain = trial.score(me) - trial.score(you) - before
            if best_gain is None or gain > best_gain:
                best_pit, best_gain = pit, gain
        return best_pit
''', (
        "finds the legal pits by trying all six and catching ValueError; compares the gain in lead, which orders pits "
        "as the lead does"
    ), replace=True),
]
