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
''', "docstring: 'kalah 13 left-aligned in 4 characters' - pads with 3 spaces, so a 2-digit kalah 13 takes 5 characters", replace=True),

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
''', "'never putting a seed into start itself': with 14 seeds or more the lap refills the emptied pit", replace=True),

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
''', "'Do not change the list you are given: work on a copy' - sows into the caller's list", replace=True),

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
''', "'The last seed in a kalah or in the mover's own camp captures nothing': captures 2s and 3s in the mover's own camp", replace=True),

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
''', "grand slam 'if the captures would leave the opponent's camp empty': only detected when all 6 pits are captured, not when the other pits were already empty", replace=True),

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
''', "'its seeds reach the opponent's camp when it holds at least 7 - i': forgets the kalah, uses 6 - i", replace=True),

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
''', "'A player names their own pits 0 to 5 ... player 1's pit 3 is cell 10': feeds reads cells[pit], player 0's row, whoever the player is", replace=True),

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
''', "'It ends when a kalah holds 25 seeds or more': uses > 25, so a kalah of exactly 25 does not end the game", replace=True),

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
''', "take_remaining docstring: '`cells` is left unchanged' - empties the caller's list in place", replace=True),

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
''', "'board.cells is a copy of the 14 cells (a property): changing the list it returns does not change the board' - returns the board's own list", replace=True),

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
''', "'legal_moves() ... ([] when the game is over)': a position given with a kalah of 25 or more still lists moves and is_over() is False", replace=True),

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
''', "'winner() is 0 or 1, or None for a draw or a game still going': names the leader of an unfinished game", replace=True),

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
''', "'if that player has no legal pit ..., they take the remaining seeds': gives them to the player who just moved", replace=True),

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
''', "'An illegal pit (not 0 to 5, empty, not feeding when it must ...) raises ValueError': a non-empty pit that does not feed an empty opponent is played", replace=True),

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
''', "'An illegal pit (..., or any move after the end) raises ValueError': raises RuntimeError after the end", replace=True),

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
''', "'draws a pit with self.rng.randrange(6), again and again until the pit drawn is legal': draws among the legal pits, so a seeded game replays differently", replace=True),

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
''', "'asks ... until the answer is a legal pit': an answer that is not a number raises ValueError instead of asking again", replace=True),

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
''', "'players[p] chooses the moves of player p; the board says who is to move': alternates from player 0, wrong when the given board has player 1 to move", replace=True),

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
''', "'play_turn() lets the player to move choose a pit (give it a copy of the board, so that it cannot cheat)': hands the game's own board to the player", replace=True),

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
''', "'between pits that lead by as much, it plays the lowest': >= keeps the last (highest) of tied pits", replace=True),

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
''', "'keeps the one after which its kalah leads the opponent's by the most': maximises its own kalah, ignoring seeds its sowing drops into the opponent's kalah or the remaining seeds the opponent takes", replace=True),
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
''', "one legality test against the legal moves, then a reason chosen for the message; end detected with game_over", replace=True),

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
''', "HumanPlayer parses with try/except int(); RandomPlayer uses a set and a while-not loop with the same draws", replace=True),

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
