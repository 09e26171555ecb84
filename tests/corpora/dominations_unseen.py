"""Domi'Nations: mistakes and alternatives written from the worksheet's text and the rules
alone (shared/rules), not from its hidden tests or its checks."""

from corpora import Alternative, Mistake

NOTEBOOK = "05_dominations"

MISTAKES = [
    # ------------------------------------------------------------------ dominations.load
    Mistake("dom-unseen-load-lines-counted-from-one", "dominations.load", r'''
HEADER = ["number", "terrain1", "crowns1", "terrain2", "crowns2"]


def read_square(terrain: str, crowns: str, line: int) -> Square:
    """The square of a CSV line with `terrain` and `crowns` (ValueError naming the line)."""
    if terrain not in TERRAINS:
        raise ValueError(f"line {line}: unknown terrain {terrain!r}")
    if not crowns.isdigit() or int(crowns) > 3:
        raise ValueError(f"line {line}: a square has 0 to 3 crowns, not {crowns!r}")
    return Square(terrain, int(crowns))


def load_dominos(path: str) -> list[Domino]:
    """Read the dominos of the CSV file at `path`, in the order of the file.

    >>> len(load_dominos(DOMINOS_CSV))
    48
    """
    with open(path, newline="", encoding="utf-8") as file:
        reader = csv.reader(file)
        header = next(reader, None)
        if header is None or [cell.strip() for cell in header] != HEADER:
            raise ValueError(f"line 1: the header must be {','.join(HEADER)}")
        dominos = []
        line = 0
        for line, row in enumerate(reader, start=1):
            if len(row) != 5:
                raise ValueError(f"line {line}: expected 5 columns, found {len(row)}")
            number, terrain1, crowns1, terrain2, crowns2 = (cell.strip() for cell in row)
            if not number.isdigit():
                raise ValueError(f"line {line}: the number {number!r} is not a whole number")
            first = read_square(terrain1, crowns1, line)
            second = read_square(terrain2, crowns2, line)
            dominos.append(Domino(int(number), first, second))
    if len(dominos) != 48:
        raise ValueError(f"line {line}: the file holds {len(dominos)} dominos, not 48")
    return dominos
''', (
        "'line 1 is the header, line 2 the first domino': skips the header then numbers the dominos from 1, so every "
        "line named is one too low"
    ), replace=True, rule="load-header-is-line-1"),

    Mistake("dom-unseen-load-crowns-range-left-to-square", "dominations.load", r'''
HEADER = ["number", "terrain1", "crowns1", "terrain2", "crowns2"]


def read_square(terrain: str, crowns: str, line: int) -> Square:
    """The square of a CSV line with `terrain` and `crowns` (ValueError naming the line)."""
    if terrain not in TERRAINS:
        raise ValueError(f"line {line}: unknown terrain {terrain!r}, expected one of {', '.join(TERRAINS)}")
    if not crowns.isdigit():
        raise ValueError(f"line {line}: the crowns {crowns!r} are not a whole number")
    return Square(terrain, int(crowns))  # Square itself refuses more than 3 crowns


def load_dominos(path: str) -> list[Domino]:
    """Read the dominos of the CSV file at `path`, in the order of the file.

    >>> len(load_dominos(DOMINOS_CSV))
    48
    """
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    if not rows or [cell.strip() for cell in rows[0]] != HEADER:
        raise ValueError(f"line 1: the header must be {','.join(HEADER)}")
    dominos = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(HEADER):
            raise ValueError(f"line {line}: expected {len(HEADER)} columns, found {len(row)}")
        number, terrain1, crowns1, terrain2, crowns2 = (cell.strip() for cell in row)
        if not number.isdigit():
            raise ValueError(f"line {line}: the number {number!r} is not a whole number")
        first = read_square(terrain1, crowns1, line)
        second = read_square(terrain2, crowns2, line)
        dominos.append(Domino(int(number), first, second))
    if len(dominos) != 48:
        raise ValueError(f"line {len(rows)}: the file holds {len(dominos)} dominos, not 48")
    return dominos
''', (
        "'a crown count is not 0 to 3' must raise a ValueError naming 'line N': a count of 4 gets Square's own error, "
        "which names no line"
    ), replace=True, rule="load-crowns-0-to-3-naming-the-line"),

    # ------------------------------------------------------------- dominations.placement
    Mistake("dom-unseen-place-connection-first-half-only", "dominations.placement", r'''
def problem(self: Kingdom, domino: Domino, first: Position, second: Position) -> str | None:
    """None if `domino` may go with its first square on `first` and its second on `second`,
    else the rule that the placement breaks.

    >>> Kingdom().problem(Domino(1, Square("wheat", 0), Square("wheat", 0)), (4, 5), (4, 6)) is None
    True
    """
    for position in (first, second):
        if not self.inside(position):
            return f"square {position} is outside the {self.side}x{self.side} area"
    if abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
        return f"the two halves must cover neighbouring squares, {first} and {second} are not"
    for position in (first, second):
        if self.grid[position[0]][position[1]] is not None:
            return f"square {position} is already taken"
    if not self.touches(first, domino.first):
        return "the domino must touch the castle or a square of the same terrain"
    rows = [r for r, row in enumerate(self.grid) if any(row)] + [first[0], second[0]]
    columns = [c for c, column in enumerate(zip(*self.grid)) if any(column)]
    columns += [first[1], second[1]]
    if max(rows) - min(rows) >= self.size or max(columns) - min(columns) >= self.size:
        return f"the kingdom would no longer fit in a {self.size}x{self.size} square"
    return None


def touches(self: Kingdom, position: Position, square: Square) -> bool:
    """True when `position` has the castle or a square of `square`'s terrain next to it."""
    row, column = position
    for dr, dc in STEPS:
        r, c = row + dr, column + dc
        if 0 <= r < self.side and 0 <= c < self.side:
            neighbour = self.grid[r][c]
            if neighbour is not None and neighbour.terrain in ("castle", square.terrain):
                return True
    return False


def can_place(self: Kingdom, domino: Domino, first: Position, second: Position) -> bool:
    """True when `domino` may go on `first` and `second` (see `problem`)."""
    return self.problem(domino, first, second) is None


def place(self: Kingdom, domino: Domino, first: Position, second: Position) -> None:
    """Put `domino` on `first` and `second`; ValueError (kingdom unchanged) if illegal."""
    problem = self.problem(domino, first, second)
    if problem is not None:
        raise ValueError(f"cannot place domino {domino.number} there: {problem}")
    self.grid[first[0]][first[1]] = domino.first
    self.grid[second[0]][second[1]] = domino.second


add_methods(Kingdom, problem, touches, can_place, place)
''', (
        "rule 3 'at least one of its squares touches': only the first half is tested, so a domino connected by its "
        "second half only is refused"
    ), replace=True, rule="either-half-connects"),

    Mistake("dom-unseen-place-size-six-wide", "dominations.placement", r'''
def problem(self: Kingdom, domino: Domino, first: Position, second: Position) -> str | None:
    """None if `domino` may go with its first square on `first` and its second on `second`,
    else the rule that the placement breaks.

    >>> Kingdom().problem(Domino(1, Square("wheat", 0), Square("wheat", 0)), (4, 5), (4, 6)) is None
    True
    """
    for position in (first, second):
        if not self.inside(position):
            return f"square {position} is outside the {self.side}x{self.side} area"
    if abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
        return f"the two halves must cover neighbouring squares, {first} and {second} are not"
    for position in (first, second):
        if self.grid[position[0]][position[1]] is not None:
            return f"square {position} is already taken"
    if not (self.touches(first, domino.first) or self.touches(second, domino.second)):
        return "the domino must touch the castle or a square of the same terrain"
    rows = [r for r, row in enumerate(self.grid) if any(row)] + [first[0], second[0]]
    columns = [c for c, column in enumerate(zip(*self.grid)) if any(column)]
    columns += [first[1], second[1]]
    if max(rows) - min(rows) > self.size or max(columns) - min(columns) > self.size:
        return f"the kingdom would no longer fit in a {self.size}x{self.size} square"
    return None


def touches(self: Kingdom, position: Position, square: Square) -> bool:
    """True when `position` has the castle or a square of `square`'s terrain next to it."""
    row, column = position
    for dr, dc in STEPS:
        r, c = row + dr, column + dc
        if 0 <= r < self.side and 0 <= c < self.side:
            neighbour = self.grid[r][c]
            if neighbour is not None and neighbour.terrain in ("castle", square.terrain):
                return True
    return False


def can_place(self: Kingdom, domino: Domino, first: Position, second: Position) -> bool:
    """True when `domino` may go on `first` and `second` (see `problem`)."""
    return self.problem(domino, first, second) is None


def place(self: Kingdom, domino: Domino, first: Position, second: Position) -> None:
    """Put `domino` on `first` and `second`; ValueError (kingdom unchanged) if illegal."""
    problem = self.problem(domino, first, second)
    if problem is not None:
        raise ValueError(f"cannot place domino {domino.number} there: {problem}")
    self.grid[first[0]][first[1]] = domino.first
    self.grid[second[0]][second[1]] = domino.second


add_methods(Kingdom, problem, touches, can_place, place)
''', (
        "rule 4 'still fits in a 5x5 square': compares the spread (last - first) with > size, so a kingdom 6 squares "
        "wide is accepted"
    ), replace=True, rule="kingdom-fits-in-size-by-size"),

    # ----------------------------------------------------------------- dominations.legal
    Mistake("dom-unseen-legal-skips-area-border", "dominations.legal", r'''
def legal_placements(self: Kingdom, domino: Domino) -> list[Placement]:
    """Every placement `(first, second)` of `domino` allowed by the rules.

    >>> len(Kingdom().legal_placements(Domino(1, Square("wheat", 0), Square("wheat", 0))))
    24
    """
    placements = []
    # stay one square away from the border, so that every neighbour is in the area
    for row in range(1, self.side - 1):
        for column in range(1, self.side - 1):
            for dr, dc in STEPS:
                first, second = (row, column), (row + dr, column + dc)
                if self.can_place(domino, first, second):
                    placements.append((first, second))
    return placements


def is_full(self: Kingdom) -> bool:
    """True when the kingdom has size * size squares (castle included)."""
    taken = sum(square is not None for row in self.grid for square in row)
    return taken == self.size * self.size


add_methods(Kingdom, legal_placements, is_full)
''', (
        "'every pair (first, second) that can_place accepts': never tries a first square on the area's border "
        "(row/column 0 or side-1), which a kingdom pushed to one side may use"
    ), replace=True, rule="legal-placements-over-the-whole-area"),

    Mistake("dom-unseen-legal-full-is-25", "dominations.legal", r'''
def legal_placements(self: Kingdom, domino: Domino) -> list[Placement]:
    """Every placement `(first, second)` of `domino` allowed by the rules.

    >>> len(Kingdom().legal_placements(Domino(1, Square("wheat", 0), Square("wheat", 0))))
    24
    """
    placements = []
    for row in range(self.side):
        for column in range(self.side):
            for dr, dc in STEPS:
                first, second = (row, column), (row + dr, column + dc)
                if self.can_place(domino, first, second):
                    placements.append((first, second))
    return placements


def is_full(self: Kingdom) -> bool:
    """True when the kingdom has size * size squares (castle included)."""
    taken = sum(square is not None for row in self.grid for square in row)
    return taken == 25


add_methods(Kingdom, legal_placements, is_full)
''', (
        "is_full: 'True when the kingdom has size * size squares': hard-codes 25, wrong for the Mighty Duel's 7x7 "
        "(size 7, 49 squares)"
    ), replace=True, rule="full-at-size-times-size"),

    # ------------------------------------------------------------ dominations.properties
    Mistake("dom-unseen-props-start-not-marked", "dominations.properties", r'''
def property_of(self: Kingdom, start: Position) -> list[Position]:
    """The positions of the property holding `start` (edge-connected, same terrain)."""
    square = self.grid[start[0]][start[1]]
    if square is None or square.terrain == "castle":
        return []
    seen = []
    stack = [start]
    while stack:
        row, column = stack[-1]
        for dr, dc in STEPS:
            position = (row + dr, column + dc)
            if not self.inside(position) or position in seen:
                continue
            neighbour = self.grid[position[0]][position[1]]
            if neighbour is not None and neighbour.terrain == square.terrain:
                seen.append(position)
                stack.append(position)
                break
        else:
            stack.pop()
    return seen


def crown_map(self: Kingdom) -> list[list[int]]:
    """For every square, the crowns of its whole property (0 for empty squares and the castle)."""
    crowns = [[0] * self.side for _ in range(self.side)]
    done = set()
    for row in range(self.side):
        for column in range(self.side):
            if self.grid[row][column] is None or (row, column) in done:
                continue
            positions = self.property_of((row, column))
            total = sum(self.grid[r][c].crowns for r, c in positions)
            for r, c in positions:
                crowns[r][c] = total
            done.update(positions)
    return crowns


add_methods(Kingdom, property_of, crown_map)
''', (
        "the search 'marks as seen' each square it pushes but the start is never marked first: a property of a single "
        "square comes back [] and its crowns score 0"
    ), replace=True, rule="lone-square-is-a-property"),

    Mistake("dom-unseen-props-castle-joins-property", "dominations.properties", r'''
def property_of(self: Kingdom, start: Position) -> list[Position]:
    """The positions of the property holding `start` (edge-connected, same terrain)."""
    square = self.grid[start[0]][start[1]]
    if square is None or square.terrain == "castle":
        return []
    seen = [start]
    stack = [start]
    while stack:
        row, column = stack[-1]
        for dr, dc in STEPS:
            position = (row + dr, column + dc)
            if not self.inside(position) or position in seen:
                continue
            neighbour = self.grid[position[0]][position[1]]
            # the castle goes with every terrain, as for the connection rule
            if neighbour is not None and neighbour.terrain in (square.terrain, "castle"):
                seen.append(position)
                stack.append(position)
                break
        else:
            stack.pop()
    return seen


def crown_map(self: Kingdom) -> list[list[int]]:
    """For every square, the crowns of its whole property (0 for empty squares and the castle)."""
    crowns = [[0] * self.side for _ in range(self.side)]
    done = set()
    for row in range(self.side):
        for column in range(self.side):
            if self.grid[row][column] is None or (row, column) in done:
                continue
            positions = self.property_of((row, column))
            total = sum(self.grid[r][c].crowns for r, c in positions)
            for r, c in positions:
                crowns[r][c] = total
            done.update(positions)
    return crowns


add_methods(Kingdom, property_of, crown_map)
''', (
        "'The castle belongs to no property': the search walks onto the castle like a wildcard, so it joins (and "
        "links) properties and gets crowns in the map"
    ), replace=True, rule="castle-in-no-property"),

    # ----------------------------------------------------------------- dominations.score
    Mistake("dom-unseen-score-one-bonus-only", "dominations.score", r'''
def is_centred(self: Kingdom) -> bool:
    """True when every square is within size // 2 rows and columns of the castle."""
    reach = self.size // 2
    return all(
        abs(row - self.castle[0]) <= reach and abs(column - self.castle[1]) <= reach
        for row in range(self.side)
        for column in range(self.side)
        if self.grid[row][column] is not None
    )


def score(self: Kingdom, middle_kingdom: bool = False, harmony: bool = False) -> int:
    """The kingdom's points: squares x crowns summed over its properties, plus the bonuses asked."""
    points = sum(sum(row) for row in self.crown_map())
    if middle_kingdom and self.is_centred():
        points += 10
    elif harmony and self.is_full():
        points += 5
    return points


add_methods(Kingdom, is_centred, score)
''', (
        "the two bonuses are separate ('each switched on by an argument'): with elif a full, centred kingdom gets +10 "
        "but not the Harmony +5"
    ), replace=True, rule="harmony-bonus"),

    # --------------------------------------------------------------- dominations.ranking
    Mistake("dom-unseen-rank-tied-players-decreasing", "dominations.ranking", r'''
def largest_property(self: Kingdom) -> int:
    """The number of squares of the kingdom's largest property (0 if it has none)."""
    return max(
        (len(self.property_of((row, column))) for row in range(self.side) for column in range(self.side)),
        default=0,
    )


def crowns(self: Kingdom) -> int:
    """The number of crowns in the kingdom."""
    return sum(square.crowns for row in self.grid for square in row if square is not None)


add_methods(Kingdom, largest_property, crowns)


def ranking(kingdoms: list[Kingdom], middle_kingdom: bool = False, harmony: bool = False) -> list[list[int]]:
    """The players from best to worst, in groups of players that are still tied."""
    results = sorted(
        ((kingdom.score(middle_kingdom, harmony), kingdom.largest_property(), kingdom.crowns(), player)
         for player, kingdom in enumerate(kingdoms)),
        reverse=True,
    )
    groups: list[list[int]] = []
    previous = None
    for *key, player in results:
        if key == previous:
            groups[-1].append(player)
        else:
            groups.append([player])
            previous = key
    return groups
''', (
        "'a group holds the players still equal after every tie-break, in increasing order': sorting the tuples with "
        "the player last, in reverse, lists tied players in decreasing order"
    ), replace=True, rule="then-a-shared-victory-in-increasing-order"),

    Mistake("dom-unseen-rank-crowns-tiebreak-forgotten", "dominations.ranking", r'''
def largest_property(self: Kingdom) -> int:
    """The number of squares of the kingdom's largest property (0 if it has none)."""
    return max(
        (len(self.property_of((row, column))) for row in range(self.side) for column in range(self.side)),
        default=0,
    )


def crowns(self: Kingdom) -> int:
    """The number of crowns in the kingdom."""
    return sum(square.crowns for row in self.grid for square in row if square is not None)


add_methods(Kingdom, largest_property, crowns)


def ranking(kingdoms: list[Kingdom], middle_kingdom: bool = False, harmony: bool = False) -> list[list[int]]:
    """The players from best to worst, in groups of players that are still tied."""
    keys = [(kingdom.score(middle_kingdom, harmony), kingdom.largest_property()) for kingdom in kingdoms]
    groups: list[list[int]] = []
    for player in sorted(range(len(kingdoms)), key=lambda p: keys[p], reverse=True):
        if groups and keys[groups[-1][0]] == keys[player]:
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups
''', (
        "'if still equal, the one with the most crowns in the kingdom': the second tie-break is missing, players equal "
        "in score and largest property share a place"
    ), replace=True, rule="then-the-most-crowns"),

    # ---------------------------------------------------------------- dominations.greedy
    Mistake("dom-unseen-greedy-first-best-placement", "dominations.greedy", r'''
def distance(kingdom: Kingdom, placement: Placement) -> int:
    """Rows plus columns from the castle to each square of `placement`, summed."""
    row, column = kingdom.castle
    return sum(abs(r - row) + abs(c - column) for r, c in placement)


def greedy_placement(kingdom: Kingdom, domino: Domino) -> Placement | None:
    """The placement of `domino` with the best score now (ties: closest to the castle)."""
    best, best_score = None, None
    for placement in kingdom.legal_placements(domino):
        trial = kingdom.copy()
        trial.place(domino, *placement)
        points = trial.score()
        if best_score is None or points > best_score:
            best, best_score = placement, points
    return best


def greedy_choice(kingdom: Kingdom, line: list[Domino], previous: Domino | None) -> Domino:
    """The domino of `line` (not empty) whose greedy placement scores best, after `previous`."""
    base = kingdom.copy()
    if previous is not None:
        placement = greedy_placement(base, previous)
        if placement is not None:
            base.place(previous, *placement)
    best, best_key = None, None
    for domino in line:
        placement = greedy_placement(base, domino)
        if placement is None:
            key = (-base.score(), float("inf"), domino.number)
        else:
            trial = base.copy()
            trial.place(domino, *placement)
            key = (-trial.score(), distance(base, placement), domino.number)
        if best_key is None or key < best_key:
            best, best_key = domino, key
    return best
''', (
        "'on equal scores, take the placement closest to the castle ... then the smallest placement': keeps the first "
        "best placement found, the report's bug before its fix"
    ), replace=True, rule="greedy-ties-closest-then-smallest"),

    Mistake("dom-unseen-greedy-choice-ignores-previous", "dominations.greedy", r'''
def distance(kingdom: Kingdom, placement: Placement) -> int:
    """Rows plus columns from the castle to each square of `placement`, summed."""
    row, column = kingdom.castle
    return sum(abs(r - row) + abs(c - column) for r, c in placement)


def greedy_placement(kingdom: Kingdom, domino: Domino) -> Placement | None:
    """The placement of `domino` with the best score now (ties: closest to the castle)."""
    best, best_key = None, None
    for placement in kingdom.legal_placements(domino):
        trial = kingdom.copy()
        trial.place(domino, *placement)
        key = (-trial.score(), distance(kingdom, placement), placement)
        if best_key is None or key < best_key:
            best, best_key = placement, key
    return best


def greedy_choice(kingdom: Kingdom, line: list[Domino], previous: Domino | None) -> Domino:
    """The domino of `line` (not empty) whose greedy placement scores best, after `previous`."""
    best, best_key = None, None
    for domino in line:
        placement = greedy_placement(kingdom, domino)
        if placement is None:
            key = (-kingdom.score(), float("inf"), domino.number)
        else:
            trial = kingdom.copy()
            trial.place(domino, *placement)
            key = (-trial.score(), distance(kingdom, placement), domino.number)
        if best_key is None or key < best_key:
            best, best_key = domino, key
    return best
''', (
        "'first place the previous domino (if any) at its greedy placement, on a copy of the kingdom': `previous` is "
        "never placed, the line is judged on the kingdom as it is"
    ), replace=True, rule="greedy-choice-places-the-previous-domino-first"),

    Mistake("dom-unseen-greedy-choice-places-on-kingdom", "dominations.greedy", r'''
def distance(kingdom: Kingdom, placement: Placement) -> int:
    """Rows plus columns from the castle to each square of `placement`, summed."""
    row, column = kingdom.castle
    return sum(abs(r - row) + abs(c - column) for r, c in placement)


def greedy_placement(kingdom: Kingdom, domino: Domino) -> Placement | None:
    """The placement of `domino` with the best score now (ties: closest to the castle)."""
    best, best_key = None, None
    for placement in kingdom.legal_placements(domino):
        trial = kingdom.copy()
        trial.place(domino, *placement)
        key = (-trial.score(), distance(kingdom, placement), placement)
        if best_key is None or key < best_key:
            best, best_key = placement, key
    return best


def greedy_choice(kingdom: Kingdom, line: list[Domino], previous: Domino | None) -> Domino:
    """The domino of `line` (not empty) whose greedy placement scores best, after `previous`."""
    base = kingdom
    if previous is not None:
        placement = greedy_placement(base, previous)
        if placement is not None:
            base.place(previous, *placement)
    best, best_key = None, None
    for domino in line:
        placement = greedy_placement(base, domino)
        if placement is None:
            key = (-base.score(), float("inf"), domino.number)
        else:
            trial = base.copy()
            trial.place(domino, *placement)
            key = (-trial.score(), distance(base, placement), domino.number)
        if best_key is None or key < best_key:
            best, best_key = domino, key
    return best
''', (
        "'Neither function may change the kingdom it is given': `base = kingdom` is no copy, the previous domino is "
        "placed in the player's own kingdom"
    ), replace=True, rule="greedy-changes-no-kingdom"),

    # ------------------------------------------------------------ dominations.game_setup
    Mistake("dom-unseen-setup-lines-from-shuffled-pile", "dominations.game_setup", r'''
class Game:
    """A game of Kingdomino between `players` players, numbered 0 to players - 1.

    Its attributes, listed above, hold the whole state of the game.
    """

    def __init__(self, players: int, rng: random.Random, mighty_duel: bool = False,
                 middle_kingdom: bool = False, harmony: bool = False) -> None:
        """Set up the kingdoms, the kings in a random order, the pile, and draw the first line."""
        if players not in IN_PLAY:
            raise ValueError(f"Kingdomino is played by 2, 3 or 4 players, not {players}")
        if mighty_duel and players != 2:
            raise ValueError("the Mighty Duel is a game for 2 players")
        self.num_players = players
        self.rng = rng
        self.middle_kingdom, self.harmony = middle_kingdom, harmony
        self.kingdoms = [Kingdom(7 if mighty_duel else 5) for _ in range(players)]
        # the pile is shuffled once: a line is then its top dominos
        self.pile = rng.sample(load_dominos(DOMINOS_CSV), 48 if mighty_duel else IN_PLAY[players])
        self.kings = [player for player in range(players) for _ in range(KINGS[players])]
        rng.shuffle(self.kings)
        self.claimed: list[tuple[Domino, int]] = []
        self.previous: list[tuple[Domino, int]] = []
        self.turn = 0
        self.line = self.draw_line()

    def draw_line(self) -> list[Domino]:
        """Take one domino per king from the pile, sorted by number ([] once the pile is empty)."""
        count = len(self.kings)
        line, self.pile = self.pile[:count], self.pile[count:]
        return sorted(line, key=lambda domino: domino.number)

    @property
    def player(self) -> int | None:
        """The owner of the king to act (None when every king has acted)."""
        return self.kings[self.turn] if self.turn < len(self.kings) else None

    @property
    def to_place(self) -> Domino | None:
        """The domino the king to act stands on (None in the opening and at the end)."""
        return self.previous[self.turn][0] if self.turn < len(self.previous) else None

    def free(self) -> list[Domino]:
        """The dominos of the new line that no king stands on yet."""
        taken = {domino.number for domino, _ in self.claimed}
        return [domino for domino in self.line if domino.number not in taken]

    def copy(self) -> "Game":
        """An independent copy of the game (its random generator too)."""
        return copy.deepcopy(self)
''', (
        "'Draw every line with self.rng (self.rng.sample(self.pile, k)) only when it is needed': lines are cut from a "
        "pile shuffled at the start, so a copy given a new rng still knows the future lines"
    ), replace=True, rule="drawn-with-self-rng"),

    Mistake("dom-unseen-setup-mighty-duel-any-players", "dominations.game_setup", r'''
class Game:
    """A game of Kingdomino between `players` players, numbered 0 to players - 1.

    Its attributes, listed above, hold the whole state of the game.
    """

    def __init__(self, players: int, rng: random.Random, mighty_duel: bool = False,
                 middle_kingdom: bool = False, harmony: bool = False) -> None:
        """Set up the kingdoms, the kings in a random order, the pile, and draw the first line."""
        if players not in (2, 3, 4):
            raise ValueError(f"Kingdomino is played by 2, 3 or 4 players, not {players}")
        self.num_players = players
        self.rng = rng
        self.middle_kingdom, self.harmony = middle_kingdom, harmony
        self.kingdoms = [Kingdom(7 if mighty_duel else 5) for _ in range(players)]
        self.pile = rng.sample(load_dominos(DOMINOS_CSV), 48 if mighty_duel else IN_PLAY[players])
        self.kings = [player for player in range(players) for _ in range(KINGS[players])]
        rng.shuffle(self.kings)
        self.claimed: list[tuple[Domino, int]] = []
        self.previous: list[tuple[Domino, int]] = []
        self.turn = 0
        self.line = self.draw_line()

    def draw_line(self) -> list[Domino]:
        """Take one domino per king from the pile, sorted by number ([] once the pile is empty)."""
        if not self.pile:
            return []
        line = self.rng.sample(self.pile, len(self.kings))
        self.pile = [domino for domino in self.pile if domino not in line]
        return sorted(line, key=lambda domino: domino.number)

    @property
    def player(self) -> int | None:
        """The owner of the king to act (None when every king has acted)."""
        return self.kings[self.turn] if self.turn < len(self.kings) else None

    @property
    def to_place(self) -> Domino | None:
        """The domino the king to act stands on (None in the opening and at the end)."""
        return self.previous[self.turn][0] if self.turn < len(self.previous) else None

    def free(self) -> list[Domino]:
        """The dominos of the new line that no king stands on yet."""
        taken = {domino.number for domino, _ in self.claimed}
        return [domino for domino in self.line if domino.number not in taken]

    def copy(self) -> "Game":
        """An independent copy of the game (its random generator too)."""
        return copy.deepcopy(self)
''', (
        "'__init__ refuses ... a Mighty Duel for other than 2 players with ValueError': only the number of players is "
        "checked, Game(3, rng, mighty_duel=True) starts"
    ), replace=True, rule="bad-set-ups-raise-value-error"),

    # ------------------------------------------------------------- dominations.game_turn
    Mistake("dom-unseen-turn-no-moves-in-last-round", "dominations.game_turn", r'''
def legal_moves(self: Game) -> list[Move]:
    """Every legal move of the king to act ([] when no king is left to act)."""
    if self.player is None:
        return []
    choices = [domino.number for domino in self.free()]
    placements: list = [None]
    if self.to_place is not None:
        placements = self.kingdoms[self.player].legal_placements(self.to_place) or [None]
    return [(choice, placement) for choice in choices for placement in placements]


def problem(self: Game, move: Move) -> str | None:
    """None if `move` is legal now, else the rule it breaks."""
    if self.player is None:
        return "the game is over"
    if not isinstance(move, tuple) or len(move) != 2:
        return "a move is a pair (choice, placement)"
    choice, placement = move
    free = [domino.number for domino in self.free()]
    if free and choice not in free:
        return f"choose one of the free dominos {free}, not {choice!r}"
    if not free and choice is not None:
        return "there is no new line in the last round: the choice must be None"
    domino = self.to_place
    if domino is None:
        return None if placement is None else "there is no domino to place in the opening round"
    kingdom = self.kingdoms[self.player]
    if placement is None:
        if kingdom.legal_placements(domino):
            return f"domino {domino.number} fits in the kingdom: it may be discarded only when it fits nowhere"
        return None
    if not isinstance(placement, tuple) or len(placement) != 2:
        return "a placement is a pair (first, second) of (row, column) squares"
    return kingdom.problem(domino, *placement)


def play(self: Game, move: Move) -> None:
    """Play `move` for the king to act; ValueError (game unchanged) if it breaks a rule."""
    problem = self.problem(move)
    if problem is not None:
        raise ValueError(problem)
    choice, placement = move
    player = self.player
    if placement is not None:
        self.kingdoms[player].place(self.to_place, *placement)
    if choice is not None:
        domino = next(domino for domino in self.line if domino.number == choice)
        self.claimed.append((domino, player))
    self.turn += 1
    if self.turn == len(self.kings):
        self.next_round()


add_methods(Game, legal_moves, problem, play)
''', (
        "last round: 'choice is None in the last round' but the moves are built over the free dominos only, so with no "
        "line legal_moves() is [] while kings still have to place"
    ), replace=True, rule="legal-moves-every-choice-with-every-placement"),

    Mistake("dom-unseen-turn-discard-allowed-anytime", "dominations.game_turn", r'''
def legal_moves(self: Game) -> list[Move]:
    """Every legal move of the king to act ([] when no king is left to act)."""
    if self.player is None:
        return []
    choices = [domino.number for domino in self.free()] or [None]
    placements: list = [None]
    if self.to_place is not None:
        placements = self.kingdoms[self.player].legal_placements(self.to_place) or [None]
    return [(choice, placement) for choice in choices for placement in placements]


def problem(self: Game, move: Move) -> str | None:
    """None if `move` is legal now, else the rule it breaks."""
    if self.player is None:
        return "the game is over"
    if not isinstance(move, tuple) or len(move) != 2:
        return "a move is a pair (choice, placement)"
    choice, placement = move
    free = [domino.number for domino in self.free()]
    if free and choice not in free:
        return f"choose one of the free dominos {free}, not {choice!r}"
    if not free and choice is not None:
        return "there is no new line in the last round: the choice must be None"
    domino = self.to_place
    if domino is None:
        return None if placement is None else "there is no domino to place in the opening round"
    if placement is None:
        return None  # the player discards the domino
    if not isinstance(placement, tuple) or len(placement) != 2:
        return "a placement is a pair (first, second) of (row, column) squares"
    return self.kingdoms[self.player].problem(domino, *placement)


def play(self: Game, move: Move) -> None:
    """Play `move` for the king to act; ValueError (game unchanged) if it breaks a rule."""
    problem = self.problem(move)
    if problem is not None:
        raise ValueError(problem)
    choice, placement = move
    player = self.player
    if placement is not None:
        self.kingdoms[player].place(self.to_place, *placement)
    if choice is not None:
        domino = next(domino for domino in self.line if domino.number == choice)
        self.claimed.append((domino, player))
    self.turn += 1
    if self.turn == len(self.kings):
        self.next_round()


add_methods(Game, legal_moves, problem, play)
''', (
        "'(or discards it, only when it fits nowhere)': problem accepts placement None for a domino that fits, so a "
        "player may throw away any domino"
    ), replace=True, rule="discard-only-when-it-fits-nowhere"),

    # ------------------------------------------------------------------ dominations.game
    Mistake("dom-unseen-game-kings-in-claim-order", "dominations.game", r'''
def next_round(self: Game) -> None:
    """Order the kings by the numbers they chose, and draw the next line."""
    self.previous = self.claimed  # the kings took their dominos in turn
    self.kings = [player for _, player in self.previous]
    self.claimed = []
    self.turn = 0
    self.line = self.draw_line()


def is_over(self: Game) -> bool:
    """True when every domino has been placed or discarded."""
    return not self.kings


def final_score(self: Game, player: int) -> int:
    """The score of `player`'s kingdom, with the game's bonuses."""
    return self.kingdoms[player].score(self.middle_kingdom, self.harmony)


def final_ranking(self: Game) -> list[list[int]]:
    """The players from best to worst, in groups still tied after the tie-breaks."""
    return ranking(self.kingdoms, self.middle_kingdom, self.harmony)


add_methods(Game, next_round, is_over, score=final_score, ranking=final_ranking)
''', (
        "'the kings of the next round act in the order of the numbers of the dominos they chose, lowest first': they "
        "keep the order in which they chose, and `previous` is not sorted by number"
    ), replace=True, rule="kings-act-by-the-numbers-chosen"),

    Mistake("dom-unseen-game-over-when-pile-empty", "dominations.game", r'''
def next_round(self: Game) -> None:
    """Order the kings by the numbers they chose, and draw the next line."""
    self.previous = sorted(self.claimed, key=lambda pair: pair[0].number)
    self.kings = [player for _, player in self.previous]
    self.claimed = []
    self.turn = 0
    self.line = self.draw_line()


def is_over(self: Game) -> bool:
    """True when every domino has been placed or discarded."""
    return not self.pile and not self.claimed and not self.line


def final_score(self: Game, player: int) -> int:
    """The score of `player`'s kingdom, with the game's bonuses."""
    return self.kingdoms[player].score(self.middle_kingdom, self.harmony)


def final_ranking(self: Game) -> list[list[int]]:
    """The players from best to worst, in groups still tied after the tie-breaks."""
    return ranking(self.kingdoms, self.middle_kingdom, self.harmony)


add_methods(Game, next_round, is_over, score=final_score, ranking=final_ranking)
''', (
        "'True when every domino has been placed or discarded' / 'In the last round ... each king only places its "
        "domino': over as soon as no line is left, so the game ends before the last round's placements"
    ), replace=True, rule="last-round-only-places"),
]

ALTERNATIVES = [
    Alternative("dom-unseen-alt-load-streaming-regex", "dominations.load", r'''
import re

HEADER = ["number", "terrain1", "crowns1", "terrain2", "crowns2"]
WHOLE = re.compile(r"[0-9]+")


def read_square(terrain: str, crowns: str, line: int) -> Square:
    """The square of a CSV line with `terrain` and `crowns` (ValueError naming the line)."""
    if terrain not in TERRAINS:
        raise ValueError(f"line {line}: {terrain!r} is not a terrain ({', '.join(TERRAINS)})")
    if WHOLE.fullmatch(crowns) is None:
        raise ValueError(f"line {line}: {crowns!r} crowns is not a whole number")
    count = int(crowns)
    if not 0 <= count <= 3:
        raise ValueError(f"line {line}: {count} crowns, a square has 0 to 3")
    return Square(terrain, count)


def load_dominos(path: str) -> list[Domino]:
    """Read the dominos of the CSV file at `path`, in the order of the file.

    >>> len(load_dominos(DOMINOS_CSV))
    48
    """
    dominos = []
    last = 0
    with open(path, newline="", encoding="utf-8") as file:
        for line, row in enumerate(csv.reader(file), start=1):
            last = line
            cells = [cell.strip() for cell in row]
            if line == 1:
                if cells != HEADER:
                    raise ValueError(f"line 1: expected the header {','.join(HEADER)}")
                continue
            if len(cells) != 5:
                raise ValueError(f"line {line}: a domino has 5 columns, this line has {len(cells)}")
            if WHOLE.fullmatch(cells[0]) is None:
                raise ValueError(f"line {line}: the domino number {cells[0]!r} is not a whole number")
            first = read_square(cells[1], cells[2], line)
            second = read_square(cells[3], cells[4], line)
            dominos.append(Domino(int(cells[0]), first, second))
    if last == 0:
        raise ValueError("line 1: the file is empty, the header is missing")
    if len(dominos) != 48:
        raise ValueError(f"line {last}: {len(dominos)} dominos read, there must be 48")
    return dominos
''', (
        "reads the CSV row by row without a list, tests whole numbers with a regex and remembers the last line for the "
        "count error"
    ), replace=True),

    Alternative("dom-unseen-alt-place-put-down-measure", "dominations.placement", r'''
def touches(self: Kingdom, position: Position, square: Square) -> bool:
    """True when `position` has the castle or a square of `square`'s terrain next to it."""
    row, column = position
    neighbours = [(row + dr, column + dc) for dr, dc in STEPS]
    return any(
        self.grid[r][c] is not None and self.grid[r][c].terrain in ("castle", square.terrain)
        for r, c in neighbours
        if self.inside((r, c))
    )


def problem(self: Kingdom, domino: Domino, first: Position, second: Position) -> str | None:
    """None if `domino` may go with its first square on `first` and its second on `second`,
    else the rule that the placement breaks.

    >>> Kingdom().problem(Domino(1, Square("wheat", 0), Square("wheat", 0)), (4, 5), (4, 6)) is None
    True
    """
    if not (self.inside(first) and self.inside(second)):
        return "both halves of the domino must be inside the area"
    if self.grid[first[0]][first[1]] is not None or self.grid[second[0]][second[1]] is not None:
        return "both squares must be free"
    if (abs(first[0] - second[0]), abs(first[1] - second[1])) not in ((0, 1), (1, 0)):
        return "the two squares of a domino must share an edge"
    if not self.touches(first, domino.first) and not self.touches(second, domino.second):
        return "one half must touch the castle or a square of its own terrain"
    # as the report: put the domino down, measure the kingdom, take it back
    self.grid[first[0]][first[1]] = domino.first
    self.grid[second[0]][second[1]] = domino.second
    try:
        taken = [(r, c) for r in range(self.side) for c in range(self.side) if self.grid[r][c] is not None]
        height = max(r for r, _ in taken) - min(r for r, _ in taken) + 1
        width = max(c for _, c in taken) - min(c for _, c in taken) + 1
    finally:
        self.grid[first[0]][first[1]] = None
        self.grid[second[0]][second[1]] = None
    if height > self.size or width > self.size:
        return f"the kingdom must fit in a {self.size}x{self.size} square"
    return None


def can_place(self: Kingdom, domino: Domino, first: Position, second: Position) -> bool:
    """True when `domino` may go on `first` and `second` (see `problem`)."""
    return not self.problem(domino, first, second)


def place(self: Kingdom, domino: Domino, first: Position, second: Position) -> None:
    """Put `domino` on `first` and `second`; ValueError (kingdom unchanged) if illegal."""
    reason = self.problem(domino, first, second)
    if reason:
        raise ValueError(reason)
    self.grid[first[0]][first[1]], self.grid[second[0]][second[1]] = domino.first, domino.second


add_methods(Kingdom, problem, touches, can_place, place)
''', (
        "the report's size test (put down, measure the bounding box, take back in a finally), rules tested in another "
        "order, touches with any()"
    ), replace=True),

    Alternative("dom-unseen-alt-legal-pairs-both-ways", "dominations.legal", r'''
def legal_placements(self: Kingdom, domino: Domino) -> list[Placement]:
    """Every placement `(first, second)` of `domino` allowed by the rules.

    >>> len(Kingdom().legal_placements(Domino(1, Square("wheat", 0), Square("wheat", 0))))
    24
    """
    placements = []
    for row in range(self.side):
        for column in range(self.side):
            a = (row, column)
            for b in ((row, column + 1), (row + 1, column)):  # each pair of neighbours once
                if not self.inside(b):
                    continue
                for first, second in ((a, b), (b, a)):  # and the domino both ways round
                    if self.can_place(domino, first, second):
                        placements.append((first, second))
    return placements


def is_full(self: Kingdom) -> bool:
    """True when the kingdom has size * size squares (castle included)."""
    empty = sum(row.count(None) for row in self.grid)
    return self.side * self.side - empty == self.size ** 2


add_methods(Kingdom, legal_placements, is_full)
''', (
        "scans the whole area, each pair of neighbouring squares once (right and below) tried in both orientations; "
        "is_full counts the empty squares"
    ), replace=True),

    Alternative("dom-unseen-alt-props-pop-first-dfs", "dominations.properties", r'''
def property_of(self: Kingdom, start: Position) -> list[Position]:
    """The positions of the property holding `start` (edge-connected, same terrain)."""
    square = self.grid[start[0]][start[1]]
    if square is None or square is CASTLE:
        return []
    found = []
    seen = {start}
    stack = [start]
    while stack:
        row, column = stack.pop()
        found.append((row, column))
        for dr, dc in reversed(STEPS):
            r, c = row + dr, column + dc
            if self.inside((r, c)) and (r, c) not in seen:
                other = self.grid[r][c]
                if other is not None and other.terrain == square.terrain:
                    seen.add((r, c))
                    stack.append((r, c))
    return found


def crown_map(self: Kingdom) -> list[list[int]]:
    """For every square, the crowns of its whole property (0 for empty squares and the castle)."""
    crowns_of: dict[Position, int] = {}
    for row in range(self.side):
        for column in range(self.side):
            if (row, column) not in crowns_of:
                positions = self.property_of((row, column))
                total = sum(self.grid[r][c].crowns for r, c in positions)
                crowns_of.update(dict.fromkeys(positions, total))
    return [[crowns_of.get((row, column), 0) for column in range(self.side)] for row in range(self.side)]


add_methods(Kingdom, property_of, crown_map)
''', (
        "textbook stack DFS (pop, then push every unseen neighbour) with a set; crown_map through a dict from position "
        "to property crowns"
    ), replace=True),

    Alternative("dom-unseen-alt-ranking-groupby", "dominations.ranking", r'''
from itertools import groupby


def largest_property(self: Kingdom) -> int:
    """The number of squares of the kingdom's largest property (0 if it has none)."""
    best = 0
    done: set = set()
    for row in range(self.side):
        for column in range(self.side):
            if (row, column) not in done:
                positions = self.property_of((row, column))
                done.update(positions)
                best = max(best, len(positions))
    return best


def crowns(self: Kingdom) -> int:
    """The number of crowns in the kingdom."""
    return sum(square.crowns if square else 0 for row in self.grid for square in row)


add_methods(Kingdom, largest_property, crowns)


def ranking(kingdoms: list[Kingdom], middle_kingdom: bool = False, harmony: bool = False) -> list[list[int]]:
    """The players from best to worst, in groups of players that are still tied."""
    def key(player: int) -> tuple[int, int, int]:
        kingdom = kingdoms[player]
        return (-kingdom.score(middle_kingdom=middle_kingdom, harmony=harmony),
                -kingdom.largest_property(), -kingdom.crowns())

    order = sorted(range(len(kingdoms)), key=lambda player: (key(player), player))
    return [list(group) for _, group in groupby(order, key=key)]
''', (
        "largest property with a set of squares already seen; ranking sorts on negated keys then the player, and "
        "groups with itertools.groupby"
    ), replace=True),

    Alternative("dom-unseen-alt-greedy-min-keys", "dominations.greedy", r'''
def distance(kingdom: Kingdom, placement: Placement) -> int:
    """Rows plus columns from the castle to each square of `placement`, summed."""
    (castle_row, castle_column), total = kingdom.castle, 0
    for row, column in placement:
        total += abs(row - castle_row) + abs(column - castle_column)
    return total


def score_after(kingdom: Kingdom, domino: Domino, placement: Placement) -> int:
    """The plain score of a copy of `kingdom` with `domino` on `placement`."""
    trial = kingdom.copy()
    trial.place(domino, *placement)
    return trial.score()


def greedy_placement(kingdom: Kingdom, domino: Domino) -> Placement | None:
    """The placement of `domino` with the best score now (ties: closest to the castle)."""
    return min(
        kingdom.legal_placements(domino),
        key=lambda placement: (-score_after(kingdom, domino, placement), distance(kingdom, placement), placement),
        default=None,
    )


def greedy_choice(kingdom: Kingdom, line: list[Domino], previous: Domino | None) -> Domino:
    """The domino of `line` (not empty) whose greedy placement scores best, after `previous`."""
    base = copy.deepcopy(kingdom)
    if previous is not None and (first_move := greedy_placement(base, previous)) is not None:
        base.place(previous, *first_move)

    def key(domino: Domino) -> tuple:
        placement = greedy_placement(base, domino)
        if placement is None:
            return (-base.score(), 1, 0, domino.number)
        return (-score_after(base, domino, placement), 0, distance(base, placement), domino.number)

    return min(line, key=key)
''', (
        "min() with key tuples and a helper score_after; an unplaceable domino ranked after every placeable one of "
        "equal score by a flag instead of infinity"
    ), replace=True),

    Alternative("dom-unseen-alt-game-turn-product", "dominations.game_turn", r'''
from itertools import product


def legal_moves(self: Game) -> list[Move]:
    """Every legal move of the king to act ([] when no king is left to act)."""
    if self.player is None:
        return []
    choices = [domino.number for domino in self.free()]
    if not choices:
        choices = [None]
    if self.to_place is None:
        placements = [None]
    else:
        placements = self.kingdoms[self.player].legal_placements(self.to_place)
        if not placements:
            placements = [None]
    return list(product(choices, placements))


def problem(self: Game, move: Move) -> str | None:
    """None if `move` is legal now, else the rule it breaks."""
    if self.player is None:
        return "no king is left to act: the game is over"
    if not isinstance(move, tuple) or len(move) != 2:
        return "a move is a pair (choice, placement)"
    choice, placement = move
    free = {domino.number for domino in self.free()}
    if not free:
        if choice is not None:
            return "the last round has no line: choose None"
    elif choice not in free:
        return f"the king must go to a free domino of the line ({sorted(free)}), not {choice!r}"
    domino, kingdom = self.to_place, self.kingdoms[self.player]
    if domino is None:
        if placement is not None:
            return "in the opening round there is nothing to place: the placement must be None"
        return None
    if placement is None:
        if kingdom.legal_placements(domino):
            return f"domino {domino.number} can be placed, so it may not be discarded"
        return None
    if not isinstance(placement, tuple) or len(placement) != 2:
        return "a placement is a pair (first, second) of squares"
    first, second = placement
    return kingdom.problem(domino, first, second)


def play(self: Game, move: Move) -> None:
    """Play `move` for the king to act; ValueError (game unchanged) if it breaks a rule."""
    reason = self.problem(move)
    if reason is not None:
        raise ValueError(reason)
    choice, placement = move
    owner = self.kings[self.turn]
    if placement is not None:
        self.kingdoms[owner].place(self.to_place, *placement)
    if choice is not None:
        for domino in self.line:
            if domino.number == choice:
                self.claimed.append((domino, owner))
                break
    self.turn += 1
    if self.player is None:
        self.next_round()


add_methods(Game, legal_moves, problem, play)
''', (
        "legal moves with itertools.product, moves unpacked with try/except, other wordings, next round when `player` "
        "becomes None"
    ), replace=True),
]


# More of them, of other kinds than those above.
MISTAKES += [
    # ------------------------------------------------------------ dominations.load
    Mistake('dom-unseen-load-count-names-domino-count', 'dominations.load', r'''
HEADER = ["number", "terrain1", "crowns1", "terrain2", "crowns2"]


def read_square(terrain: str, crowns: str, line: int) -> Square:
    """The square of a CSV line with `terrain` and `crowns` (ValueError naming the line)."""
    if terrain not in TERRAINS:
        raise ValueError(f"line {line}: unknown terrain {terrain!r}, expected one of {', '.join(TERRAINS)}")
    if not crowns.isdigit() or int(crowns) > 3:
        raise ValueError(f"line {line}: a square has 0 to 3 crowns, not {crowns!r}")
    return Square(terrain, int(crowns))


def load_dominos(path: str) -> list[Domino]:
    """Read the dominos of the CSV file at `path`, in the order of the file.

    >>> len(load_dominos(DOMINOS_CSV))
    48
    """
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    if not rows or [cell.strip() for cell in rows[0]] != HEADER:
        raise ValueError(f"line 1: the header must be {','.join(HEADER)}")
    dominos = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(HEADER):
            raise ValueError(f"line {line}: expected {len(HEADER)} columns, found {len(row)}")
        number, terrain1, crowns1, terrain2, crowns2 = (cell.strip() for cell in row)
        if not number.isdigit():
            raise ValueError(f"line {line}: the number {number!r} is not a whole number")
        first = read_square(terrain1, crowns1, line)
        second = read_square(terrain2, crowns2, line)
        dominos.append(Domino(int(number), first, second))
    if len(dominos) != 48:
        raise ValueError(f"line {len(dominos)}: the file holds {len(dominos)} dominos, not 48")
    return dominos
''',
            (
                "'the file does not hold exactly 48 dominos (name the last line of the file)': names line "
                "len(dominos), one less than the last line (the header counts)"
            ), replace=True, rule="load-48-dominos-naming-the-last-line"),

    Mistake('dom-unseen-load-header-not-checked', 'dominations.load', r'''
HEADER = ["number", "terrain1", "crowns1", "terrain2", "crowns2"]


def read_square(terrain: str, crowns: str, line: int) -> Square:
    """The square of a CSV line with `terrain` and `crowns` (ValueError naming the line)."""
    if terrain not in TERRAINS:
        raise ValueError(f"line {line}: unknown terrain {terrain!r}, expected one of {', '.join(TERRAINS)}")
    if not crowns.isdigit() or int(crowns) > 3:
        raise ValueError(f"line {line}: a square has 0 to 3 crowns, not {crowns!r}")
    return Square(terrain, int(crowns))


def load_dominos(path: str) -> list[Domino]:
    """Read the dominos of the CSV file at `path`, in the order of the file.

    >>> len(load_dominos(DOMINOS_CSV))
    48
    """
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    # rows[0] is the header: skip it
    dominos = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(HEADER):
            raise ValueError(f"line {line}: expected {len(HEADER)} columns, found {len(row)}")
        number, terrain1, crowns1, terrain2, crowns2 = (cell.strip() for cell in row)
        if not number.isdigit():
            raise ValueError(f"line {line}: the number {number!r} is not a whole number")
        first = read_square(terrain1, crowns1, line)
        second = read_square(terrain2, crowns2, line)
        dominos.append(Domino(int(number), first, second))
    if len(dominos) != 48:
        raise ValueError(f"line {len(rows)}: the file holds {len(dominos)} dominos, not 48")
    return dominos
''',
            (
                "'(or the header is not the one above)' must raise ValueError naming line 1: the first line is skipped "
                "unread, any header is accepted"
            ), replace=True, rule="load-header-checked"),

    Mistake('dom-unseen-load-castle-is-a-terrain', 'dominations.load', r'''
HEADER = ["number", "terrain1", "crowns1", "terrain2", "crowns2"]


def read_square(terrain: str, crowns: str, line: int) -> Square:
    """The square of a CSV line with `terrain` and `crowns` (ValueError naming the line)."""
    if not crowns.isdigit():
        raise ValueError(f"line {line}: the crowns {crowns!r} are not a whole number")
    try:
        return Square(terrain, int(crowns))  # Square checks the terrain and the 0 to 3 crowns
    except ValueError as error:
        raise ValueError(f"line {line}: {error}") from None


def load_dominos(path: str) -> list[Domino]:
    """Read the dominos of the CSV file at `path`, in the order of the file.

    >>> len(load_dominos(DOMINOS_CSV))
    48
    """
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    if not rows or [cell.strip() for cell in rows[0]] != HEADER:
        raise ValueError(f"line 1: the header must be {','.join(HEADER)}")
    dominos = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(HEADER):
            raise ValueError(f"line {line}: expected {len(HEADER)} columns, found {len(row)}")
        number, terrain1, crowns1, terrain2, crowns2 = (cell.strip() for cell in row)
        if not number.isdigit():
            raise ValueError(f"line {line}: the number {number!r} is not a whole number")
        first = read_square(terrain1, crowns1, line)
        second = read_square(terrain2, crowns2, line)
        dominos.append(Domino(int(number), first, second))
    if len(dominos) != 48:
        raise ValueError(f"line {len(rows)}: the file holds {len(dominos)} dominos, not 48")
    return dominos
''',
            (
                "'a terrain is not one of TERRAINS': lets Square judge the terrain, and Square knows the castle too, "
                "so a line 'castle,0' loads the castle as a domino square"
            ), replace=True, rule="load-terrain-one-of-terrains"),

    Mistake('dom-unseen-load-sorted-by-number', 'dominations.load', r'''
HEADER = ["number", "terrain1", "crowns1", "terrain2", "crowns2"]


def read_square(terrain: str, crowns: str, line: int) -> Square:
    """The square of a CSV line with `terrain` and `crowns` (ValueError naming the line)."""
    if terrain not in TERRAINS:
        raise ValueError(f"line {line}: unknown terrain {terrain!r}, expected one of {', '.join(TERRAINS)}")
    if not crowns.isdigit() or int(crowns) > 3:
        raise ValueError(f"line {line}: a square has 0 to 3 crowns, not {crowns!r}")
    return Square(terrain, int(crowns))


def load_dominos(path: str) -> list[Domino]:
    """Read the dominos of the CSV file at `path`, in the order of the file.

    >>> len(load_dominos(DOMINOS_CSV))
    48
    """
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    if not rows or [cell.strip() for cell in rows[0]] != HEADER:
        raise ValueError(f"line 1: the header must be {','.join(HEADER)}")
    dominos = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(HEADER):
            raise ValueError(f"line {line}: expected {len(HEADER)} columns, found {len(row)}")
        number, terrain1, crowns1, terrain2, crowns2 = (cell.strip() for cell in row)
        if not number.isdigit():
            raise ValueError(f"line {line}: the number {number!r} is not a whole number")
        first = read_square(terrain1, crowns1, line)
        second = read_square(terrain2, crowns2, line)
        dominos.append(Domino(int(number), first, second))
    if len(dominos) != 48:
        raise ValueError(f"line {len(rows)}: the file holds {len(dominos)} dominos, not 48")
    return sorted(dominos, key=lambda domino: domino.number)
''',
            (
                "'returns the list of its dominos, in the order of the file': sorts them by number (same list for the "
                "course's file, not for a file in another order)"
            ), replace=True, rule="load-dominos-in-the-file-order"),

    # ------------------------------------------------------------ dominations.placement
    Mistake('dom-unseen-place-unseen-half-on-taken-square', 'dominations.placement', r'''
def problem(self: Kingdom, domino: Domino, first: Position, second: Position) -> str | None:
    """None if `domino` may go with its first square on `first` and its second on `second`,
    else the rule that the placement breaks.

    >>> Kingdom().problem(Domino(1, Square("wheat", 0), Square("wheat", 0)), (4, 5), (4, 6)) is None
    True
    """
    for position in (first, second):
        if not self.inside(position):
            return f"square {position} is outside the {self.side}x{self.side} area"
    if abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
        return f"the two halves must cover neighbouring squares, {first} and {second} are not"
    if self.grid[first[0]][first[1]] is not None:
        return f"square {first} is already taken"
    if not (self.touches(first, domino.first) or self.touches(second, domino.second)):
        return "the domino must touch the castle or a square of the same terrain"
    rows = [r for r, row in enumerate(self.grid) if any(row)] + [first[0], second[0]]
    columns = [c for c, column in enumerate(zip(*self.grid)) if any(column)]
    columns += [first[1], second[1]]
    if max(rows) - min(rows) >= self.size or max(columns) - min(columns) >= self.size:
        return f"the kingdom would no longer fit in a {self.size}x{self.size} square"
    return None


def touches(self: Kingdom, position: Position, square: Square) -> bool:
    """True when `position` has the castle or a square of `square`'s terrain next to it."""
    row, column = position
    for dr, dc in STEPS:
        r, c = row + dr, column + dc
        if 0 <= r < self.side and 0 <= c < self.side:
            neighbour = self.grid[r][c]
            if neighbour is not None and neighbour.terrain in ("castle", square.terrain):
                return True
    return False


def can_place(self: Kingdom, domino: Domino, first: Position, second: Position) -> bool:
    """True when `domino` may go on `first` and `second` (see `problem`)."""
    return self.problem(domino, first, second) is None


def place(self: Kingdom, domino: Domino, first: Position, second: Position) -> None:
    """Put `domino` on `first` and `second`; ValueError (kingdom unchanged) if illegal."""
    problem = self.problem(domino, first, second)
    if problem is not None:
        raise ValueError(f"cannot place domino {domino.number} there: {problem}")
    self.grid[first[0]][first[1]] = domino.first
    self.grid[second[0]][second[1]] = domino.second


add_methods(Kingdom, problem, touches, can_place, place)
''',
            (
                "rule 1 'both squares are inside the area and free': only the first square is tested, the second half "
                "may cover a square of the kingdom or the castle"
            ), replace=True, rule="squares-free"),

    Mistake('dom-unseen-place-touches-diagonally', 'dominations.placement', r'''
def problem(self: Kingdom, domino: Domino, first: Position, second: Position) -> str | None:
    """None if `domino` may go with its first square on `first` and its second on `second`,
    else the rule that the placement breaks.

    >>> Kingdom().problem(Domino(1, Square("wheat", 0), Square("wheat", 0)), (4, 5), (4, 6)) is None
    True
    """
    for position in (first, second):
        if not self.inside(position):
            return f"square {position} is outside the {self.side}x{self.side} area"
    if abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
        return f"the two halves must cover neighbouring squares, {first} and {second} are not"
    for position in (first, second):
        if self.grid[position[0]][position[1]] is not None:
            return f"square {position} is already taken"
    if not (self.touches(first, domino.first) or self.touches(second, domino.second)):
        return "the domino must touch the castle or a square of the same terrain"
    rows = [r for r, row in enumerate(self.grid) if any(row)] + [first[0], second[0]]
    columns = [c for c, column in enumerate(zip(*self.grid)) if any(column)]
    columns += [first[1], second[1]]
    if max(rows) - min(rows) >= self.size or max(columns) - min(columns) >= self.size:
        return f"the kingdom would no longer fit in a {self.size}x{self.size} square"
    return None


def touches(self: Kingdom, position: Position, square: Square) -> bool:
    """True when `position` has the castle or a square of `square`'s terrain next to it."""
    row, column = position
    for r in range(row - 1, row + 2):  # the 3x3 block around the square
        for c in range(column - 1, column + 2):
            if (r, c) != position and self.inside((r, c)):
                neighbour = self.grid[r][c]
                if neighbour is not None and neighbour.terrain in ("castle", square.terrain):
                    return True
    return False


def can_place(self: Kingdom, domino: Domino, first: Position, second: Position) -> bool:
    """True when `domino` may go on `first` and `second` (see `problem`)."""
    return self.problem(domino, first, second) is None


def place(self: Kingdom, domino: Domino, first: Position, second: Position) -> None:
    """Put `domino` on `first` and `second`; ValueError (kingdom unchanged) if illegal."""
    problem = self.problem(domino, first, second)
    if problem is not None:
        raise ValueError(f"cannot place domino {domino.number} there: {problem}")
    self.grid[first[0]][first[1]] = domino.first
    self.grid[second[0]][second[1]] = domino.second


add_methods(Kingdom, problem, touches, can_place, place)
''',
            (
                "rule 3 'touches (by an edge) the castle, or a square of the same terrain': touches looks at the 8 "
                "squares around, so a corner contact connects"
            ), replace=True, rule="touch-by-an-edge-only"),

    Mistake('dom-unseen-place-measure-not-taken-back', 'dominations.placement', r'''
def problem(self: Kingdom, domino: Domino, first: Position, second: Position) -> str | None:
    """None if `domino` may go with its first square on `first` and its second on `second`,
    else the rule that the placement breaks.

    >>> Kingdom().problem(Domino(1, Square("wheat", 0), Square("wheat", 0)), (4, 5), (4, 6)) is None
    True
    """
    for position in (first, second):
        if not self.inside(position):
            return f"square {position} is outside the {self.side}x{self.side} area"
    if abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
        return f"the two halves must cover neighbouring squares, {first} and {second} are not"
    for position in (first, second):
        if self.grid[position[0]][position[1]] is not None:
            return f"square {position} is already taken"
    if not (self.touches(first, domino.first) or self.touches(second, domino.second)):
        return "the domino must touch the castle or a square of the same terrain"
    # as the report: put the domino down, measure, take it back
    self.grid[first[0]][first[1]] = domino.first
    self.grid[second[0]][second[1]] = domino.second
    taken = [(r, c) for r in range(self.side) for c in range(self.side) if self.grid[r][c] is not None]
    height = max(r for r, _ in taken) - min(r for r, _ in taken) + 1
    width = max(c for _, c in taken) - min(c for _, c in taken) + 1
    if height > self.size or width > self.size:
        return f"the kingdom would no longer fit in a {self.size}x{self.size} square"
    self.grid[first[0]][first[1]] = None
    self.grid[second[0]][second[1]] = None
    return None


def touches(self: Kingdom, position: Position, square: Square) -> bool:
    """True when `position` has the castle or a square of `square`'s terrain next to it."""
    row, column = position
    for dr, dc in STEPS:
        r, c = row + dr, column + dc
        if 0 <= r < self.side and 0 <= c < self.side:
            neighbour = self.grid[r][c]
            if neighbour is not None and neighbour.terrain in ("castle", square.terrain):
                return True
    return False


def can_place(self: Kingdom, domino: Domino, first: Position, second: Position) -> bool:
    """True when `domino` may go on `first` and `second` (see `problem`)."""
    return self.problem(domino, first, second) is None


def place(self: Kingdom, domino: Domino, first: Position, second: Position) -> None:
    """Put `domino` on `first` and `second`; ValueError (kingdom unchanged) if illegal."""
    problem = self.problem(domino, first, second)
    if problem is not None:
        raise ValueError(f"cannot place domino {domino.number} there: {problem}")
    self.grid[first[0]][first[1]] = domino.first
    self.grid[second[0]][second[1]] = domino.second


add_methods(Kingdom, problem, touches, can_place, place)
''',
            (
                "'put the domino down, measure, take it back' / place 'leaves the kingdom unchanged': on the too-big "
                "path problem returns before taking the domino back, so asking (can_place, legal_placements, place) "
                "changes the kingdom"
            ), replace=True, rule="refused-placement-changes-nothing"),

    # ------------------------------------------------------------ dominations.legal
    Mistake('dom-unseen-legal-frontier-twice', 'dominations.legal', r'''
def legal_placements(self: Kingdom, domino: Domino) -> list[Placement]:
    """Every placement `(first, second)` of `domino` allowed by the rules.

    >>> len(Kingdom().legal_placements(Domino(1, Square("wheat", 0), Square("wheat", 0))))
    24
    """
    # a legal domino touches the kingdom: one of its squares is an empty square next to it
    frontier = []
    for row in range(self.side):
        for column in range(self.side):
            if self.grid[row][column] is None and any(
                self.inside((row + dr, column + dc)) and self.grid[row + dr][column + dc] is not None
                for dr, dc in STEPS
            ):
                frontier.append((row, column))
    placements = []
    for square in frontier:
        for dr, dc in STEPS:
            other = (square[0] + dr, square[1] + dc)
            for first, second in ((square, other), (other, square)):
                if self.can_place(domino, first, second):
                    placements.append((first, second))
    return placements


def is_full(self: Kingdom) -> bool:
    """True when the kingdom has size * size squares (castle included)."""
    taken = sum(square is not None for row in self.grid for square in row)
    return taken == self.size * self.size


add_methods(Kingdom, legal_placements, is_full)
''',
            (
                "legal_placements: 'every pair (first, second) that can_place accepts ... each once': a domino lying "
                "on two squares of the frontier is found from both, so it is listed twice (not on the empty kingdom of "
                "the example)"
            ), replace=True, rule="each-placement-listed-once"),

    Mistake('dom-unseen-legal-full-is-5x5-box', 'dominations.legal', r'''
def legal_placements(self: Kingdom, domino: Domino) -> list[Placement]:
    """Every placement `(first, second)` of `domino` allowed by the rules.

    >>> len(Kingdom().legal_placements(Domino(1, Square("wheat", 0), Square("wheat", 0))))
    24
    """
    # A square more than size - 1 rows (or columns) away from a square of the kingdom
    # can never be used: only try the squares of that window.
    taken = [(r, c) for r in range(self.side) for c in range(self.side) if self.grid[r][c] is not None]
    top = max(0, max(r for r, _ in taken) - self.size + 1)
    bottom = min(self.side - 1, min(r for r, _ in taken) + self.size - 1)
    left = max(0, max(c for _, c in taken) - self.size + 1)
    right = min(self.side - 1, min(c for _, c in taken) + self.size - 1)
    placements = []
    for row in range(top, bottom + 1):
        for column in range(left, right + 1):
            if self.grid[row][column] is not None:
                continue
            for dr, dc in STEPS:
                first, second = (row, column), (row + dr, column + dc)
                if self.can_place(domino, first, second):
                    placements.append((first, second))
    return placements


def is_full(self: Kingdom) -> bool:
    """True when the kingdom has size * size squares (castle included)."""
    rows = [r for r in range(self.side) if any(self.grid[r])]
    columns = [c for c in range(self.side) if any(row[c] for row in self.grid)]
    return len(rows) == self.size and len(columns) == self.size  # a complete 5x5


add_methods(Kingdom, legal_placements, is_full)
''',
            (
                "is_full: 'True when the kingdom has size * size squares': tests that the kingdom spans 5 rows and 5 "
                "columns, so a 5x5 with holes counts as full"
            ), replace=True, rule="full-at-size-times-size"),

    Mistake('dom-unseen-legal-window-centred-on-castle', 'dominations.legal', r'''
def legal_placements(self: Kingdom, domino: Domino) -> list[Placement]:
    """Every placement `(first, second)` of `domino` allowed by the rules.

    >>> len(Kingdom().legal_placements(Domino(1, Square("wheat", 0), Square("wheat", 0))))
    24
    """
    # the kingdom is a 5x5 around the castle: only try the squares of that window
    reach = self.size // 2
    top, bottom = self.castle[0] - reach, self.castle[0] + reach
    left, right = self.castle[1] - reach, self.castle[1] + reach
    placements = []
    for row in range(top, bottom + 1):
        for column in range(left, right + 1):
            if self.grid[row][column] is not None:
                continue
            for dr, dc in STEPS:
                first, second = (row, column), (row + dr, column + dc)
                if self.can_place(domino, first, second):
                    placements.append((first, second))
    return placements


def is_full(self: Kingdom) -> bool:
    """True when the kingdom has size * size squares (castle included)."""
    taken = sum(square is not None for row in self.grid for square in row)
    return taken == self.size * self.size


add_methods(Kingdom, legal_placements, is_full)
''',
            (
                "'The finished kingdom must fit in a 5x5 square (anywhere around the castle)': first squares are only "
                "tried in the 5x5 centred on the castle, so placements of a kingdom grown to one side are missing"
            ), replace=True, rule="legal-placements-over-the-whole-area"),

    # ------------------------------------------------------------ dominations.properties
    Mistake('dom-unseen-props-marked-when-popped', 'dominations.properties', r'''
def property_of(self: Kingdom, start: Position) -> list[Position]:
    """The positions of the property holding `start` (edge-connected, same terrain)."""
    square = self.grid[start[0]][start[1]]
    if square is None or square.terrain == "castle":
        return []
    seen = []
    stack = [start]
    while stack:
        row, column = stack.pop()
        seen.append((row, column))
        for dr, dc in STEPS:
            position = (row + dr, column + dc)
            if not self.inside(position) or position in seen:
                continue
            neighbour = self.grid[position[0]][position[1]]
            if neighbour is not None and neighbour.terrain == square.terrain:
                stack.append(position)
    return seen


def crown_map(self: Kingdom) -> list[list[int]]:
    """For every square, the crowns of its whole property (0 for empty squares and the castle)."""
    crowns = [[0] * self.side for _ in range(self.side)]
    done = set()
    for row in range(self.side):
        for column in range(self.side):
            if self.grid[row][column] is None or (row, column) in done:
                continue
            positions = self.property_of((row, column))
            total = sum(self.grid[r][c].crowns for r, c in positions)
            for r, c in positions:
                crowns[r][c] = total
            done.update(positions)
    return crowns


add_methods(Kingdom, property_of, crown_map)
''',
            (
                "'marks it as seen, pushes it' / 'each once': squares are marked only when popped, so in a 2x2 block a "
                "square pushed twice is listed twice and its crowns count twice"
            ), replace=True, rule="property-lists-each-square-once"),

    Mistake('dom-unseen-props-crown-map-shared-rows', 'dominations.properties', r'''
def property_of(self: Kingdom, start: Position) -> list[Position]:
    """The positions of the property holding `start` (edge-connected, same terrain)."""
    square = self.grid[start[0]][start[1]]
    if square is None or square.terrain == "castle":
        return []
    seen = [start]
    stack = [start]
    while stack:
        row, column = stack[-1]
        for dr, dc in STEPS:
            position = (row + dr, column + dc)
            if not self.inside(position) or position in seen:
                continue
            neighbour = self.grid[position[0]][position[1]]
            if neighbour is not None and neighbour.terrain == square.terrain:
                seen.append(position)
                stack.append(position)
                break
        else:
            stack.pop()
    return seen


def crown_map(self: Kingdom) -> list[list[int]]:
    """For every square, the crowns of its whole property (0 for empty squares and the castle)."""
    crowns = [[0] * self.side] * self.side
    done = set()
    for row in range(self.side):
        for column in range(self.side):
            if self.grid[row][column] is None or (row, column) in done:
                continue
            positions = self.property_of((row, column))
            total = sum(self.grid[r][c].crowns for r, c in positions)
            for r, c in positions:
                crowns[r][c] = total
            done.update(positions)
    return crowns


add_methods(Kingdom, property_of, crown_map)
''',
            (
                "crown_map 'a grid of ints, same shape as grid': [[0] * side] * side makes every row the same list, so "
                "a property's crowns appear in every row"
            ), replace=True, rule="crown-map-zero-outside-properties"),

    Mistake('dom-unseen-props-castle-alone', 'dominations.properties', r'''
def property_of(self: Kingdom, start: Position) -> list[Position]:
    """The positions of the property holding `start` (edge-connected, same terrain)."""
    square = self.grid[start[0]][start[1]]
    if square is None:
        return []
    seen = [start]
    stack = [start]
    while stack:
        row, column = stack[-1]
        for dr, dc in STEPS:
            position = (row + dr, column + dc)
            if not self.inside(position) or position in seen:
                continue
            neighbour = self.grid[position[0]][position[1]]
            if neighbour is not None and neighbour.terrain == square.terrain:
                seen.append(position)
                stack.append(position)
                break
        else:
            stack.pop()
    return seen


def crown_map(self: Kingdom) -> list[list[int]]:
    """For every square, the crowns of its whole property (0 for empty squares and the castle)."""
    crowns = [[0] * self.side for _ in range(self.side)]
    done = set()
    for row in range(self.side):
        for column in range(self.side):
            if self.grid[row][column] is None or (row, column) in done:
                continue
            positions = self.property_of((row, column))
            total = sum(self.grid[r][c].crowns for r, c in positions)
            for r, c in positions:
                crowns[r][c] = total
            done.update(positions)
    return crowns


add_methods(Kingdom, property_of, crown_map)
''',
            (
                "'[] for an empty square or the castle' / 'The castle belongs to no property': property_of of the "
                "castle returns [castle] (a property of one square)"
            ), replace=True, rule="castle-in-no-property"),

    # ------------------------------------------------------------ dominations.score
    Mistake('dom-unseen-score-centred-strictly-inside', 'dominations.score', r'''
def is_centred(self: Kingdom) -> bool:
    """True when every square is within size // 2 rows and columns of the castle."""
    reach = self.size // 2
    return all(
        abs(row - self.castle[0]) < reach and abs(column - self.castle[1]) < reach
        for row in range(self.side)
        for column in range(self.side)
        if self.grid[row][column] is not None
    )


def score(self: Kingdom, middle_kingdom: bool = False, harmony: bool = False) -> int:
    """The kingdom's points: squares x crowns summed over its properties, plus the bonuses asked."""
    points = sum(sum(row) for row in self.crown_map())
    if middle_kingdom and self.is_centred():
        points += 10
    if harmony and self.is_full():
        points += 5
    return points


add_methods(Kingdom, is_centred, score)
''',
            (
                "Middle Kingdom: 'every square is at most size // 2 rows and size // 2 columns away': < instead of <=, "
                "a square 2 away from the castle loses the bonus"
            ), replace=True, rule="middle-kingdom-bonus"),

    Mistake('dom-unseen-score-harmony-method-not-called', 'dominations.score', r'''
def is_centred(self: Kingdom) -> bool:
    """True when every square is within size // 2 rows and columns of the castle."""
    reach = self.size // 2
    return all(
        abs(row - self.castle[0]) <= reach and abs(column - self.castle[1]) <= reach
        for row in range(self.side)
        for column in range(self.side)
        if self.grid[row][column] is not None
    )


def score(self: Kingdom, middle_kingdom: bool = False, harmony: bool = False) -> int:
    """The kingdom's points: squares x crowns summed over its properties, plus the bonuses asked."""
    points = sum(sum(row) for row in self.crown_map())
    if middle_kingdom and self.is_centred():
        points += 10
    if harmony and self.is_full:
        points += 5
    return points


add_methods(Kingdom, is_centred, score)
''',
            (
                "Harmony '+5 when the kingdom is complete (is_full())': the method is not called, the bound method is "
                "always true, so +5 for any kingdom"
            ), replace=True, rule="harmony-bonus"),

    # ------------------------------------------------------------ dominations.ranking
    Mistake('dom-unseen-rank-groups-on-score-only', 'dominations.ranking', r'''
def largest_property(self: Kingdom) -> int:
    """The number of squares of the kingdom's largest property (0 if it has none)."""
    return max(
        (len(self.property_of((row, column))) for row in range(self.side) for column in range(self.side)),
        default=0,
    )


def crowns(self: Kingdom) -> int:
    """The number of crowns in the kingdom."""
    return sum(square.crowns for row in self.grid for square in row if square is not None)


add_methods(Kingdom, largest_property, crowns)


def ranking(kingdoms: list[Kingdom], middle_kingdom: bool = False, harmony: bool = False) -> list[list[int]]:
    """The players from best to worst, in groups of players that are still tied."""
    keys = [
        (kingdom.score(middle_kingdom, harmony), kingdom.largest_property(), kingdom.crowns())
        for kingdom in kingdoms
    ]
    groups: list[list[int]] = []
    for player in sorted(range(len(kingdoms)), key=lambda p: keys[p], reverse=True):
        if groups and keys[groups[-1][0]][0] == keys[player][0]:
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups
''',
            (
                "'a group holds the players still equal after every tie-break': sorted by the tie-breaks but grouped "
                "on the score alone, so a tie-break winner still shares the place"
            ), replace=True, rule="tie-goes-to-the-largest-property"),

    Mistake('dom-unseen-rank-largest-by-value', 'dominations.ranking', r'''
def largest_property(self: Kingdom) -> int:
    """The number of squares of the kingdom's largest property (0 if it has none)."""
    best, best_value = 0, -1
    for row in range(self.side):
        for column in range(self.side):
            positions = self.property_of((row, column))
            if positions:
                value = len(positions) * sum(self.grid[r][c].crowns for r, c in positions)
                if value > best_value:
                    best, best_value = len(positions), value
    return best


def crowns(self: Kingdom) -> int:
    """The number of crowns in the kingdom."""
    return sum(square.crowns for row in self.grid for square in row if square is not None)


add_methods(Kingdom, largest_property, crowns)


def ranking(kingdoms: list[Kingdom], middle_kingdom: bool = False, harmony: bool = False) -> list[list[int]]:
    """The players from best to worst, in groups of players that are still tied."""
    keys = [
        (kingdom.score(middle_kingdom, harmony), kingdom.largest_property(), kingdom.crowns())
        for kingdom in kingdoms
    ]
    groups: list[list[int]] = []
    for player in sorted(range(len(kingdoms)), key=lambda p: keys[p], reverse=True):
        if groups and keys[groups[-1][0]] == keys[player]:
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups
''',
            (
                "'largest property has the most squares (crowns do not count there)': takes the size of the property "
                "worth the most points, not of the one with the most squares"
            ), replace=True, rule="tie-goes-to-the-largest-property"),

    # ------------------------------------------------------------ dominations.greedy
    Mistake('dom-unseen-greedy-distance-first-square', 'dominations.greedy', r'''
def distance(kingdom: Kingdom, placement: Placement) -> int:
    """Rows plus columns from the castle to each square of `placement`, summed."""
    row, column = kingdom.castle
    r, c = placement[0]  # where the domino is put down
    return abs(r - row) + abs(c - column)


def greedy_placement(kingdom: Kingdom, domino: Domino) -> Placement | None:
    """The placement of `domino` with the best score now (ties: closest to the castle)."""
    best, best_key = None, None
    for placement in kingdom.legal_placements(domino):
        trial = kingdom.copy()
        trial.place(domino, *placement)
        key = (-trial.score(), distance(kingdom, placement), placement)
        if best_key is None or key < best_key:
            best, best_key = placement, key
    return best


def greedy_choice(kingdom: Kingdom, line: list[Domino], previous: Domino | None) -> Domino:
    """The domino of `line` (not empty) whose greedy placement scores best, after `previous`."""
    base = kingdom.copy()
    if previous is not None:
        placement = greedy_placement(base, previous)
        if placement is not None:
            base.place(previous, *placement)
    best, best_key = None, None
    for domino in line:
        placement = greedy_placement(base, domino)
        if placement is None:
            key = (-base.score(), float("inf"), domino.number)
        else:
            trial = base.copy()
            trial.place(domino, *placement)
            key = (-trial.score(), distance(base, placement), domino.number)
        if best_key is None or key < best_key:
            best, best_key = domino, key
    return best
''',
            (
                "distance: 'the sum, over its two squares, of the rows plus the columns between the square and the "
                "castle': only the first square is measured"
            ), replace=True, rule="greedy-ties-closest-then-smallest"),

    Mistake('dom-unseen-greedy-placement-with-bonuses', 'dominations.greedy', r'''
def distance(kingdom: Kingdom, placement: Placement) -> int:
    """Rows plus columns from the castle to each square of `placement`, summed."""
    row, column = kingdom.castle
    return sum(abs(r - row) + abs(c - column) for r, c in placement)


def greedy_placement(kingdom: Kingdom, domino: Domino) -> Placement | None:
    """The placement of `domino` with the best score now (ties: closest to the castle)."""
    best, best_key = None, None
    for placement in kingdom.legal_placements(domino):
        trial = kingdom.copy()
        trial.place(domino, *placement)
        key = (-trial.score(middle_kingdom=True, harmony=True), distance(kingdom, placement), placement)
        if best_key is None or key < best_key:
            best, best_key = placement, key
    return best


def greedy_choice(kingdom: Kingdom, line: list[Domino], previous: Domino | None) -> Domino:
    """The domino of `line` (not empty) whose greedy placement scores best, after `previous`."""
    base = kingdom.copy()
    if previous is not None:
        placement = greedy_placement(base, previous)
        if placement is not None:
            base.place(previous, *placement)
    best, best_key = None, None
    for domino in line:
        placement = greedy_placement(base, domino)
        if placement is None:
            key = (-base.score(), float("inf"), domino.number)
        else:
            trial = base.copy()
            trial.place(domino, *placement)
            key = (-trial.score(), distance(base, placement), domino.number)
        if best_key is None or key < best_key:
            best, best_key = domino, key
    return best
''',
            (
                "'The scores here are plain scores, without bonuses': greedy_placement counts the Middle Kingdom and "
                "Harmony bonuses"
            ), replace=True, rule="greedy-best-plain-score"),

    Mistake('dom-unseen-greedy-nowhere-counts-closest', 'dominations.greedy', r'''
def distance(kingdom: Kingdom, placement: Placement) -> int:
    """Rows plus columns from the castle to each square of `placement`, summed."""
    row, column = kingdom.castle
    return sum(abs(r - row) + abs(c - column) for r, c in placement)


def greedy_placement(kingdom: Kingdom, domino: Domino) -> Placement | None:
    """The placement of `domino` with the best score now (ties: closest to the castle)."""
    best, best_key = None, None
    for placement in kingdom.legal_placements(domino):
        trial = kingdom.copy()
        trial.place(domino, *placement)
        key = (-trial.score(), distance(kingdom, placement), placement)
        if best_key is None or key < best_key:
            best, best_key = placement, key
    return best


def greedy_choice(kingdom: Kingdom, line: list[Domino], previous: Domino | None) -> Domino:
    """The domino of `line` (not empty) whose greedy placement scores best, after `previous`."""
    base = kingdom.copy()
    if previous is not None:
        placement = greedy_placement(base, previous)
        if placement is not None:
            base.place(previous, *placement)
    best, best_key = None, None
    for domino in line:
        placement = greedy_placement(base, domino)
        if placement is None:
            key = (-base.score(), 0, domino.number)  # nothing placed: no distance
        else:
            trial = base.copy()
            trial.place(domino, *placement)
            key = (-trial.score(), distance(base, placement), domino.number)
        if best_key is None or key < best_key:
            best, best_key = domino, key
    return best
''',
            (
                "greedy_choice: 'on equal scores ... (a domino that fits nowhere is farthest)': a domino that fits "
                "nowhere gets distance 0 and beats placeable dominos of equal score"
            ), replace=True, rule="greedy-choice-ties-closest-then-lowest-number"),

    Mistake('dom-unseen-greedy-previous-fits-nowhere', 'dominations.greedy', r'''
def distance(kingdom: Kingdom, placement: Placement) -> int:
    """Rows plus columns from the castle to each square of `placement`, summed."""
    row, column = kingdom.castle
    return sum(abs(r - row) + abs(c - column) for r, c in placement)


def greedy_placement(kingdom: Kingdom, domino: Domino) -> Placement | None:
    """The placement of `domino` with the best score now (ties: closest to the castle)."""
    best, best_key = None, None
    for placement in kingdom.legal_placements(domino):
        trial = kingdom.copy()
        trial.place(domino, *placement)
        key = (-trial.score(), distance(kingdom, placement), placement)
        if best_key is None or key < best_key:
            best, best_key = placement, key
    return best


def greedy_choice(kingdom: Kingdom, line: list[Domino], previous: Domino | None) -> Domino:
    """The domino of `line` (not empty) whose greedy placement scores best, after `previous`."""
    base = kingdom.copy()
    if previous is not None:
        base.place(previous, *greedy_placement(base, previous))
    best, best_key = None, None
    for domino in line:
        placement = greedy_placement(base, domino)
        if placement is None:
            key = (-base.score(), float("inf"), domino.number)
        else:
            trial = base.copy()
            trial.place(domino, *placement)
            key = (-trial.score(), distance(base, placement), domino.number)
        if best_key is None or key < best_key:
            best, best_key = domino, key
    return best
''',
            (
                "'first place the previous domino (if any) at its greedy placement': when the previous domino fits "
                "nowhere (greedy_placement is None) greedy_choice crashes with TypeError instead of judging the line "
                "on the kingdom as it is"
            ), replace=True, rule="greedy-choice-places-the-previous-domino-only-if-it-fits"),

    # ------------------------------------------------------------ dominations.game_setup
    Mistake('dom-unseen-setup-one-king-per-player', 'dominations.game_setup', r'''
class Game:
    """A game of Kingdomino between `players` players, numbered 0 to players - 1.

    Its attributes, listed above, hold the whole state of the game.
    """

    def __init__(self, players: int, rng: random.Random, mighty_duel: bool = False,
                 middle_kingdom: bool = False, harmony: bool = False) -> None:
        """Set up the kingdoms, the kings in a random order, the pile, and draw the first line."""
        if players not in IN_PLAY:
            raise ValueError(f"Kingdomino is played by 2, 3 or 4 players, not {players}")
        if mighty_duel and players != 2:
            raise ValueError("the Mighty Duel is a game for 2 players")
        self.num_players = players
        self.rng = rng
        self.middle_kingdom, self.harmony = middle_kingdom, harmony
        self.kingdoms = [Kingdom(7 if mighty_duel else 5) for _ in range(players)]
        self.pile = rng.sample(load_dominos(DOMINOS_CSV), 48 if mighty_duel else IN_PLAY[players])
        self.kings = list(range(players))  # one king per player
        rng.shuffle(self.kings)
        self.claimed: list[tuple[Domino, int]] = []
        self.previous: list[tuple[Domino, int]] = []
        self.turn = 0
        self.line = self.draw_line()

    def draw_line(self) -> list[Domino]:
        """Take one domino per king from the pile, sorted by number ([] once the pile is empty)."""
        if not self.pile:
            return []
        line = self.rng.sample(self.pile, len(self.kings))
        self.pile = [domino for domino in self.pile if domino not in line]
        return sorted(line, key=lambda domino: domino.number)

    @property
    def player(self) -> int | None:
        """The owner of the king to act (None when every king has acted)."""
        return self.kings[self.turn] if self.turn < len(self.kings) else None

    @property
    def to_place(self) -> Domino | None:
        """The domino the king to act stands on (None in the opening and at the end)."""
        return self.previous[self.turn][0] if self.turn < len(self.previous) else None

    def free(self) -> list[Domino]:
        """The dominos of the new line that no king stands on yet."""
        taken = {domino.number for domino, _ in self.claimed}
        return [domino for domino in self.line if domino.number not in taken]

    def copy(self) -> "Game":
        """An independent copy of the game (its random generator too)."""
        return copy.deepcopy(self)
''',
            (
                "'With 2 players each player has two kings': every player gets one king, a 2-player game has lines of "
                "2 and 12 rounds of one domino each"
            ), replace=True, rule="kings-and-dominos-per-player"),

    Mistake('dom-unseen-setup-module-random', 'dominations.game_setup', r'''
class Game:
    """A game of Kingdomino between `players` players, numbered 0 to players - 1.

    Its attributes, listed above, hold the whole state of the game.
    """

    def __init__(self, players: int, rng: random.Random, mighty_duel: bool = False,
                 middle_kingdom: bool = False, harmony: bool = False) -> None:
        """Set up the kingdoms, the kings in a random order, the pile, and draw the first line."""
        if players not in IN_PLAY:
            raise ValueError(f"Kingdomino is played by 2, 3 or 4 players, not {players}")
        if mighty_duel and players != 2:
            raise ValueError("the Mighty Duel is a game for 2 players")
        self.num_players = players
        self.rng = rng
        self.middle_kingdom, self.harmony = middle_kingdom, harmony
        self.kingdoms = [Kingdom(7 if mighty_duel else 5) for _ in range(players)]
        self.pile = rng.sample(load_dominos(DOMINOS_CSV), 48 if mighty_duel else IN_PLAY[players])
        self.kings = [player for player in range(players) for _ in range(KINGS[players])]
        rng.shuffle(self.kings)
        self.claimed: list[tuple[Domino, int]] = []
        self.previous: list[tuple[Domino, int]] = []
        self.turn = 0
        self.line = self.draw_line()

    def draw_line(self) -> list[Domino]:
        """Take one domino per king from the pile, sorted by number ([] once the pile is empty)."""
        if not self.pile:
            return []
        line = random.sample(self.pile, len(self.kings))
        self.pile = [domino for domino in self.pile if domino not in line]
        return sorted(line, key=lambda domino: domino.number)

    @property
    def player(self) -> int | None:
        """The owner of the king to act (None when every king has acted)."""
        return self.kings[self.turn] if self.turn < len(self.kings) else None

    @property
    def to_place(self) -> Domino | None:
        """The domino the king to act stands on (None in the opening and at the end)."""
        return self.previous[self.turn][0] if self.turn < len(self.previous) else None

    def free(self) -> list[Domino]:
        """The dominos of the new line that no king stands on yet."""
        taken = {domino.number for domino, _ in self.claimed}
        return [domino for domino in self.line if domino.number not in taken]

    def copy(self) -> "Game":
        """An independent copy of the game (its random generator too)."""
        return copy.deepcopy(self)
''',
            (
                "'Draw every line with self.rng (self.rng.sample(self.pile, k))': the lines come from the module's "
                "random, so a seeded game is not reproducible"
            ), replace=True, rule="drawn-with-self-rng"),

    Mistake('dom-unseen-setup-assert-players', 'dominations.game_setup', r'''
class Game:
    """A game of Kingdomino between `players` players, numbered 0 to players - 1.

    Its attributes, listed above, hold the whole state of the game.
    """

    def __init__(self, players: int, rng: random.Random, mighty_duel: bool = False,
                 middle_kingdom: bool = False, harmony: bool = False) -> None:
        """Set up the kingdoms, the kings in a random order, the pile, and draw the first line."""
        assert players in IN_PLAY, f"Kingdomino is played by 2, 3 or 4 players, not {players}"
        assert not mighty_duel or players == 2, "the Mighty Duel is a game for 2 players"
        self.num_players = players
        self.rng = rng
        self.middle_kingdom, self.harmony = middle_kingdom, harmony
        self.kingdoms = [Kingdom(7 if mighty_duel else 5) for _ in range(players)]
        self.pile = rng.sample(load_dominos(DOMINOS_CSV), 48 if mighty_duel else IN_PLAY[players])
        self.kings = [player for player in range(players) for _ in range(KINGS[players])]
        rng.shuffle(self.kings)
        self.claimed: list[tuple[Domino, int]] = []
        self.previous: list[tuple[Domino, int]] = []
        self.turn = 0
        self.line = self.draw_line()

    def draw_line(self) -> list[Domino]:
        """Take one domino per king from the pile, sorted by number ([] once the pile is empty)."""
        if not self.pile:
            return []
        line = self.rng.sample(self.pile, len(self.kings))
        self.pile = [domino for domino in self.pile if domino not in line]
        return sorted(line, key=lambda domino: domino.number)

    @property
    def player(self) -> int | None:
        """The owner of the king to act (None when every king has acted)."""
        return self.kings[self.turn] if self.turn < len(self.kings) else None

    @property
    def to_place(self) -> Domino | None:
        """The domino the king to act stands on (None in the opening and at the end)."""
        return self.previous[self.turn][0] if self.turn < len(self.previous) else None

    def free(self) -> list[Domino]:
        """The dominos of the new line that no king stands on yet."""
        taken = {domino.number for domino, _ in self.claimed}
        return [domino for domino in self.line if domino.number not in taken]

    def copy(self) -> "Game":
        """An independent copy of the game (its random generator too)."""
        return copy.deepcopy(self)
''',
            (
                "'__init__ refuses a number of players other than 2, 3 or 4 ... with ValueError': refuses with assert, "
                "an AssertionError (and nothing at all under python -O)"
            ), replace=True, rule="bad-set-ups-raise-value-error"),

    Mistake('dom-unseen-setup-player-past-last-king', 'dominations.game_setup', r'''
class Game:
    """A game of Kingdomino between `players` players, numbered 0 to players - 1.

    Its attributes, listed above, hold the whole state of the game.
    """

    def __init__(self, players: int, rng: random.Random, mighty_duel: bool = False,
                 middle_kingdom: bool = False, harmony: bool = False) -> None:
        """Set up the kingdoms, the kings in a random order, the pile, and draw the first line."""
        if players not in IN_PLAY:
            raise ValueError(f"Kingdomino is played by 2, 3 or 4 players, not {players}")
        if mighty_duel and players != 2:
            raise ValueError("the Mighty Duel is a game for 2 players")
        self.num_players = players
        self.rng = rng
        self.middle_kingdom, self.harmony = middle_kingdom, harmony
        self.kingdoms = [Kingdom(7 if mighty_duel else 5) for _ in range(players)]
        self.pile = rng.sample(load_dominos(DOMINOS_CSV), 48 if mighty_duel else IN_PLAY[players])
        self.kings = [player for player in range(players) for _ in range(KINGS[players])]
        rng.shuffle(self.kings)
        self.claimed: list[tuple[Domino, int]] = []
        self.previous: list[tuple[Domino, int]] = []
        self.turn = 0
        self.line = self.draw_line()

    def draw_line(self) -> list[Domino]:
        """Take one domino per king from the pile, sorted by number ([] once the pile is empty)."""
        if not self.pile:
            return []
        line = self.rng.sample(self.pile, len(self.kings))
        self.pile = [domino for domino in self.pile if domino not in line]
        return sorted(line, key=lambda domino: domino.number)

    @property
    def player(self) -> int | None:
        """The owner of the king to act (None when every king has acted)."""
        return self.kings[self.turn]

    @property
    def to_place(self) -> Domino | None:
        """The domino the king to act stands on (None in the opening and at the end)."""
        return self.previous[self.turn][0] if self.turn < len(self.previous) else None

    def free(self) -> list[Domino]:
        """The dominos of the new line that no king stands on yet."""
        taken = {domino.number for domino, _ in self.claimed}
        return [domino for domino in self.line if domino.number not in taken]

    def copy(self) -> "Game":
        """An independent copy of the game (its random generator too)."""
        return copy.deepcopy(self)
''',
            (
                "player: 'The owner of the king to act (None when every king has acted)': indexes kings without the "
                "bound, IndexError at the end of the game (legal_moves() then fails instead of [])"
            ), replace=True, rule="player-to-place-free-and-draw-line"),

    # ------------------------------------------------------------ dominations.game_turn
    Mistake('dom-unseen-turn-claim-before-placing', 'dominations.game_turn', r'''
def legal_moves(self: Game) -> list[Move]:
    """Every legal move of the king to act ([] when no king is left to act)."""
    if self.player is None:
        return []
    choices = [domino.number for domino in self.free()] or [None]
    placements: list = [None]
    if self.to_place is not None:
        placements = self.kingdoms[self.player].legal_placements(self.to_place) or [None]
    return [(choice, placement) for choice in choices for placement in placements]


def problem(self: Game, move: Move) -> str | None:
    """None if `move` is legal now, else the rule it breaks."""
    if self.player is None:
        return "the game is over"
    if not isinstance(move, tuple) or len(move) != 2:
        return "a move is a pair (choice, placement)"
    choice, placement = move
    free = [domino.number for domino in self.free()]
    if free and choice not in free:
        return f"choose one of the free dominos {free}, not {choice!r}"
    if not free and choice is not None:
        return "there is no new line in the last round: the choice must be None"
    domino = self.to_place
    if domino is None:
        return None if placement is None else "there is no domino to place in the opening round"
    kingdom = self.kingdoms[self.player]
    if placement is None:
        if kingdom.legal_placements(domino):
            return f"domino {domino.number} fits in the kingdom: it may be discarded only when it fits nowhere"
        return None
    if not isinstance(placement, tuple) or len(placement) != 2:
        return "a placement is a pair (first, second) of (row, column) squares"
    return kingdom.problem(domino, *placement)


def play(self: Game, move: Move) -> None:
    """Play `move` for the king to act; ValueError (game unchanged) if it breaks a rule."""
    if self.player is None:
        raise ValueError("the game is over")
    choice, placement = move
    player = self.player
    free = [domino.number for domino in self.free()]
    if free and choice not in free:
        raise ValueError(f"choose one of the free dominos {free}, not {choice!r}")
    if not free and choice is not None:
        raise ValueError("there is no new line in the last round: the choice must be None")
    if self.to_place is None and placement is not None:
        raise ValueError("there is no domino to place in the opening round")
    if choice is not None:
        domino = next(domino for domino in self.line if domino.number == choice)
        self.claimed.append((domino, player))
    if placement is not None:
        self.kingdoms[player].place(self.to_place, *placement)  # ValueError if illegal
    elif self.to_place is not None and self.kingdoms[player].legal_placements(self.to_place):
        raise ValueError(f"domino {self.to_place.number} fits: it may be discarded only when it fits nowhere")
    self.turn += 1
    if self.turn == len(self.kings):
        self.next_round()


add_methods(Game, legal_moves, problem, play)
''',
            (
                "'A move that breaks a rule raises ValueError ... and leaves the game unchanged': the king takes its "
                "new domino before the placement is checked, so a refused placement leaves the domino claimed"
            ), replace=True, rule="refused-move-changes-nothing"),

    Mistake('dom-unseen-turn-claimed-domino-chosen-again', 'dominations.game_turn', r'''
def legal_moves(self: Game) -> list[Move]:
    """Every legal move of the king to act ([] when no king is left to act)."""
    if self.player is None:
        return []
    choices = [domino.number for domino in self.free()] or [None]
    placements: list = [None]
    if self.to_place is not None:
        placements = self.kingdoms[self.player].legal_placements(self.to_place) or [None]
    return [(choice, placement) for choice in choices for placement in placements]


def problem(self: Game, move: Move) -> str | None:
    """None if `move` is legal now, else the rule it breaks."""
    if self.player is None:
        return "the game is over"
    if not isinstance(move, tuple) or len(move) != 2:
        return "a move is a pair (choice, placement)"
    choice, placement = move
    free = [domino.number for domino in self.free()]
    if free and choice not in [domino.number for domino in self.line]:
        return f"choose one of the free dominos {free}, not {choice!r}"
    if not free and choice is not None:
        return "there is no new line in the last round: the choice must be None"
    domino = self.to_place
    if domino is None:
        return None if placement is None else "there is no domino to place in the opening round"
    kingdom = self.kingdoms[self.player]
    if placement is None:
        if kingdom.legal_placements(domino):
            return f"domino {domino.number} fits in the kingdom: it may be discarded only when it fits nowhere"
        return None
    if not isinstance(placement, tuple) or len(placement) != 2:
        return "a placement is a pair (first, second) of (row, column) squares"
    return kingdom.problem(domino, *placement)


def play(self: Game, move: Move) -> None:
    """Play `move` for the king to act; ValueError (game unchanged) if it breaks a rule."""
    problem = self.problem(move)
    if problem is not None:
        raise ValueError(problem)
    choice, placement = move
    player = self.player
    if placement is not None:
        self.kingdoms[player].place(self.to_place, *placement)
    if choice is not None:
        domino = next(domino for domino in self.line if domino.number == choice)
        self.claimed.append((domino, player))
    self.turn += 1
    if self.turn == len(self.kings):
        self.next_round()


add_methods(Game, legal_moves, problem, play)
''',
            (
                "'then moves the king to a free domino of the new line': problem checks the choice against the whole "
                "line, so a king may stand on a domino another king already took"
            ), replace=True, rule="choose-a-free-domino"),

    Mistake('dom-unseen-turn-opening-placement-ignored', 'dominations.game_turn', r'''
def legal_moves(self: Game) -> list[Move]:
    """Every legal move of the king to act ([] when no king is left to act)."""
    if self.player is None:
        return []
    choices = [domino.number for domino in self.free()] or [None]
    placements: list = [None]
    if self.to_place is not None:
        placements = self.kingdoms[self.player].legal_placements(self.to_place) or [None]
    return [(choice, placement) for choice in choices for placement in placements]


def problem(self: Game, move: Move) -> str | None:
    """None if `move` is legal now, else the rule it breaks."""
    if self.player is None:
        return "the game is over"
    if not isinstance(move, tuple) or len(move) != 2:
        return "a move is a pair (choice, placement)"
    choice, placement = move
    free = [domino.number for domino in self.free()]
    if free and choice not in free:
        return f"choose one of the free dominos {free}, not {choice!r}"
    if not free and choice is not None:
        return "there is no new line in the last round: the choice must be None"
    domino = self.to_place
    if domino is None:
        return None  # nothing to place in the opening: the placement is ignored
    kingdom = self.kingdoms[self.player]
    if placement is None:
        if kingdom.legal_placements(domino):
            return f"domino {domino.number} fits in the kingdom: it may be discarded only when it fits nowhere"
        return None
    if not isinstance(placement, tuple) or len(placement) != 2:
        return "a placement is a pair (first, second) of (row, column) squares"
    return kingdom.problem(domino, *placement)


def play(self: Game, move: Move) -> None:
    """Play `move` for the king to act; ValueError (game unchanged) if it breaks a rule."""
    problem = self.problem(move)
    if problem is not None:
        raise ValueError(problem)
    choice, placement = move
    player = self.player
    if placement is not None:
        self.kingdoms[player].place(self.to_place, *placement)
    if choice is not None:
        domino = next(domino for domino in self.line if domino.number == choice)
        self.claimed.append((domino, player))
    self.turn += 1
    if self.turn == len(self.kings):
        self.next_round()


add_methods(Game, legal_moves, problem, play)
''',
            (
                "'placement ... None in the opening round': a move with a placement in the opening is accepted (and "
                "the placement silently dropped) instead of refused"
            ), replace=True, rule="opening-is-only-choices"),

    # ------------------------------------------------------------ dominations.game
    Mistake('dom-unseen-game-previous-aliases-claimed', 'dominations.game', r'''
def next_round(self: Game) -> None:
    """Order the kings by the numbers they chose, and draw the next line."""
    self.claimed.sort(key=lambda pair: pair[0].number)
    self.previous = self.claimed
    self.kings = [player for _, player in self.previous]
    self.claimed.clear()  # the new round starts with no claim
    self.turn = 0
    self.line = self.draw_line()


def is_over(self: Game) -> bool:
    """True when every domino has been placed or discarded."""
    return not self.kings


def final_score(self: Game, player: int) -> int:
    """The score of `player`'s kingdom, with the game's bonuses."""
    return self.kingdoms[player].score(self.middle_kingdom, self.harmony)


def final_ranking(self: Game) -> list[list[int]]:
    """The players from best to worst, in groups still tied after the tie-breaks."""
    return ranking(self.kingdoms, self.middle_kingdom, self.harmony)


add_methods(Game, next_round, is_over, score=final_score, ranking=final_ranking)
''',
            (
                "next_round: 'those dominos are the ones to place': previous is the same list as claimed, emptied with "
                "clear(), so no domino is ever placed (to_place stays None)"
            ), replace=True, rule="owner-places-the-chosen-domino"),

    Mistake('dom-unseen-game-score-without-bonuses', 'dominations.game', r'''
def next_round(self: Game) -> None:
    """Order the kings by the numbers they chose, and draw the next line."""
    self.previous = sorted(self.claimed, key=lambda pair: pair[0].number)
    self.kings = [player for _, player in self.previous]
    self.claimed = []
    self.turn = 0
    self.line = self.draw_line()


def is_over(self: Game) -> bool:
    """True when every domino has been placed or discarded."""
    return not self.kings


def final_score(self: Game, player: int) -> int:
    """The score of `player`'s kingdom, with the game's bonuses."""
    return self.kingdoms[player].score()


def final_ranking(self: Game) -> list[list[int]]:
    """The players from best to worst, in groups still tied after the tie-breaks."""
    return ranking(self.kingdoms, self.middle_kingdom, self.harmony)


add_methods(Game, next_round, is_over, score=final_score, ranking=final_ranking)
''',
            (
                "'the final score(player) (with the game's bonuses)': the game's middle_kingdom and harmony are not "
                "passed, a game with bonuses scores without them"
            ), replace=True, rule="game-scores-with-its-bonuses"),

    Mistake('dom-unseen-game-ranking-bonuses-swapped', 'dominations.game', r'''
def next_round(self: Game) -> None:
    """Order the kings by the numbers they chose, and draw the next line."""
    self.previous = sorted(self.claimed, key=lambda pair: pair[0].number)
    self.kings = [player for _, player in self.previous]
    self.claimed = []
    self.turn = 0
    self.line = self.draw_line()


def is_over(self: Game) -> bool:
    """True when every domino has been placed or discarded."""
    return not self.kings


def final_score(self: Game, player: int) -> int:
    """The score of `player`'s kingdom, with the game's bonuses."""
    return self.kingdoms[player].score(self.middle_kingdom, self.harmony)


def final_ranking(self: Game) -> list[list[int]]:
    """The players from best to worst, in groups still tied after the tie-breaks."""
    return ranking(self.kingdoms, self.harmony, self.middle_kingdom)


add_methods(Game, next_round, is_over, score=final_score, ranking=final_ranking)
''',
            (
                "ranking() 'as ranking of exercise 6' with the game's bonuses: the two flags are passed in the wrong "
                "order, a game with only one bonus ranks with the other one"
            ), replace=True, rule="game-scores-with-its-bonuses"),

]

ALTERNATIVES += [
    Alternative('dom-unseen-alt-legal-frontier-set', 'dominations.legal', r'''
def legal_placements(self: Kingdom, domino: Domino) -> list[Placement]:
    """Every placement `(first, second)` of `domino` allowed by the rules.

    >>> len(Kingdom().legal_placements(Domino(1, Square("wheat", 0), Square("wheat", 0))))
    24
    """
    # a legal domino touches the kingdom, so one of its halves lies on an empty square
    # next to a square of the kingdom: start from those squares only
    frontier = {
        (row + dr, column + dc)
        for row in range(self.side)
        for column in range(self.side)
        if self.grid[row][column] is not None
        for dr, dc in STEPS
        if self.inside((row + dr, column + dc)) and self.grid[row + dr][column + dc] is None
    }
    found: set[Placement] = set()
    for square in frontier:
        for dr, dc in STEPS:
            other = (square[0] + dr, square[1] + dc)
            for placement in ((square, other), (other, square)):
                if placement not in found and self.can_place(domino, *placement):
                    found.add(placement)
    return sorted(found)


def is_full(self: Kingdom) -> bool:
    """True when the kingdom has size * size squares (castle included)."""
    return sum(1 for row in self.grid for square in row if square) == self.size ** 2


add_methods(Kingdom, legal_placements, is_full)
''',
                (
                    'tries only dominos with a half on the frontier (empty squares next to the kingdom), a set removes '
                    'the pairs found from both halves; sorted list'
                ), replace=True),

    Alternative('dom-unseen-alt-score-sum-of-products', 'dominations.score', r'''
def is_centred(self: Kingdom) -> bool:
    """True when every square is within size // 2 rows and columns of the castle."""
    taken = [(r, c) for r, row in enumerate(self.grid) for c, square in enumerate(row) if square is not None]
    rows = [r for r, _ in taken]
    columns = [c for _, c in taken]
    castle_row, castle_column = self.castle
    reach = self.size // 2
    return (castle_row - reach <= min(rows) and max(rows) <= castle_row + reach
            and castle_column - reach <= min(columns) and max(columns) <= castle_column + reach)


def score(self: Kingdom, middle_kingdom: bool = False, harmony: bool = False) -> int:
    """The kingdom's points: squares x crowns summed over its properties, plus the bonuses asked."""
    points = 0
    counted: set[Position] = set()
    for row in range(self.side):
        for column in range(self.side):
            if (row, column) in counted:
                continue
            positions = self.property_of((row, column))
            counted.update(positions)
            points += len(positions) * sum(self.grid[r][c].crowns for r, c in positions)
    bonus = (10 if middle_kingdom and self.is_centred() else 0) + (5 if harmony and self.is_full() else 0)
    return points + bonus


add_methods(Kingdom, is_centred, score)
''',
                (
                    'is_centred compares the bounding box of the squares with the window around the castle; the score '
                    'sums squares x crowns per property (the product, not the crown map)'
                ), replace=True),

    Alternative('dom-unseen-alt-greedy-put-down-take-back', 'dominations.greedy', r'''
def distance(kingdom: Kingdom, placement: Placement) -> int:
    """Rows plus columns from the castle to each square of `placement`, summed."""
    return sum(abs(a - b) for square in placement for a, b in zip(square, kingdom.castle))


def greedy_placement(kingdom: Kingdom, domino: Domino) -> Placement | None:
    """The placement of `domino` with the best score now (ties: closest to the castle)."""
    ranked = []
    for placement in kingdom.legal_placements(domino):
        (r1, c1), (r2, c2) = placement
        # as the report: put the domino down, score, take it back
        kingdom.grid[r1][c1], kingdom.grid[r2][c2] = domino.first, domino.second
        try:
            points = kingdom.score()
        finally:
            kingdom.grid[r1][c1] = kingdom.grid[r2][c2] = None
        ranked.append((-points, distance(kingdom, placement), placement))
    return sorted(ranked)[0][2] if ranked else None


def greedy_choice(kingdom: Kingdom, line: list[Domino], previous: Domino | None) -> Domino:
    """The domino of `line` (not empty) whose greedy placement scores best, after `previous`."""
    base = kingdom.copy()
    if previous is not None:
        where = greedy_placement(base, previous)
        if where is not None:
            base.place(previous, *where)
    ranked = []
    for domino in line:
        where = greedy_placement(base, domino)
        if where is None:
            ranked.append((-base.score(), 1, 0, domino.number, domino))
        else:
            trial = base.copy()
            trial.place(domino, *where)
            ranked.append((-trial.score(), 0, distance(base, where), domino.number, domino))
    ranked.sort(key=lambda entry: entry[:4])
    return ranked[0][4]
''',
                (
                    'greedy_placement puts the domino down on the kingdom itself, scores it and takes it back (in a '
                    'finally), then sorts the keys; greedy_choice sorts (score, fits, distance, number)'
                ), replace=True),

    Alternative('dom-unseen-alt-setup-docstring-order', 'dominations.game_setup', r'''
class Game:
    """A game of Kingdomino between `players` players, numbered 0 to players - 1.

    Its attributes, listed above, hold the whole state of the game.
    """

    def __init__(self, players: int, rng: random.Random, mighty_duel: bool = False,
                 middle_kingdom: bool = False, harmony: bool = False) -> None:
        """Set up the kingdoms, the kings in a random order, the pile, and draw the first line."""
        if players not in (2, 3, 4):
            raise ValueError(f"{players} players: Kingdomino is a game for 2 to 4 players")
        if mighty_duel and players != 2:
            raise ValueError(f"the Mighty Duel is played by 2 players, not {players}")
        self.num_players = players
        self.middle_kingdom = middle_kingdom
        self.harmony = harmony
        self.rng = rng
        size = 7 if mighty_duel else 5
        self.kingdoms = [Kingdom(size) for _ in range(players)]
        kings = []
        for player in range(players):
            kings += [player] * KINGS[players]
        self.rng.shuffle(kings)
        self.kings = kings
        in_play = 48 if mighty_duel else IN_PLAY[players]
        self.pile = self.rng.sample(load_dominos(DOMINOS_CSV), in_play)
        self.claimed = []
        self.previous = []
        self.turn = 0
        self.line = self.draw_line()

    def draw_line(self) -> list[Domino]:
        """Take one domino per king from the pile, sorted by number ([] once the pile is empty)."""
        if len(self.pile) == 0:
            return []
        drawn = self.rng.sample(self.pile, len(self.kings))
        rest = list(self.pile)
        for domino in drawn:
            rest.remove(domino)
        self.pile = rest
        drawn.sort(key=lambda domino: domino.number)
        return drawn

    @property
    def player(self) -> int | None:
        """The owner of the king to act (None when every king has acted)."""
        if self.turn >= len(self.kings):
            return None
        return self.kings[self.turn]

    @property
    def to_place(self) -> Domino | None:
        """The domino the king to act stands on (None in the opening and at the end)."""
        if self.turn >= len(self.previous):
            return None
        domino, _owner = self.previous[self.turn]
        return domino

    def free(self) -> list[Domino]:
        """The dominos of the new line that no king stands on yet."""
        taken = [domino for domino, _ in self.claimed]
        return [domino for domino in self.line if domino not in taken]

    def copy(self) -> "Game":
        """An independent copy of the game (its random generator too)."""
        return copy.deepcopy(self)
''',
                (
                    "follows the docstring's order (kings shuffled before the pile is drawn, both with the rng given), "
                    "removes the drawn dominos one by one, compares dominos instead of numbers"
                ), replace=True),

    Alternative('dom-unseen-alt-game-nothing-left', 'dominations.game', r'''
def next_round(self: Game) -> None:
    """Order the kings by the numbers they chose, and draw the next line."""
    order = sorted(range(len(self.claimed)), key=lambda i: self.claimed[i][0].number)
    self.previous = [self.claimed[i] for i in order]
    self.kings = [self.claimed[i][1] for i in order]
    self.claimed = []
    self.line = self.draw_line()
    self.turn = 0


def is_over(self: Game) -> bool:
    """True when every domino has been placed or discarded."""
    # nothing left to draw, nothing in the line, nothing waiting to be placed
    return not self.pile and not self.line and not self.previous


def final_score(self: Game, player: int) -> int:
    """The score of `player`'s kingdom, with the game's bonuses."""
    return self.kingdoms[player].score(middle_kingdom=self.middle_kingdom, harmony=self.harmony)


def final_ranking(self: Game) -> list[list[int]]:
    """The players from best to worst, in groups still tied after the tie-breaks."""
    return ranking(self.kingdoms, middle_kingdom=self.middle_kingdom, harmony=self.harmony)


add_methods(Game, next_round, is_over, score=final_score, ranking=final_ranking)
''',
                (
                    'sorts the indexes of the claims, draws the line before resetting the turn, is_over when pile, '
                    'line and dominos to place are all empty, keyword arguments'
                ), replace=True),

]
