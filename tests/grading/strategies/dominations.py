"""Strategies of worksheet 5, Domi'Nations, and the rules written from RULES.md.

The engine below (placements, properties, scores, the greedy AI) is written from the
rules, independent of the notebook: the strategies use it to build legal kingdoms, and
the hidden tests to state what a rule gives on any kingdom.
"""

from __future__ import annotations

import random

from course.grading.grader.drawing import st
from course.grading.instructor.cases import Sample
from exercises.dominations import DOMINOS_CSV, Domino, Square, format_kingdom, parse_kingdom
from exercises.dominations.model import TERRAINS

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def d(number: int, first: str, second: str) -> Domino:
    """A domino from its squares as text: ``d(19, "W1", "F0")``."""
    return Domino(number, Square.from_text(first), Square.from_text(second))


def csv_lines() -> list[str]:
    with open(DOMINOS_CSV, encoding="utf-8") as file:
        return file.read().splitlines()


# ---- a reference implementation of the rules, on grids from parse_kingdom -------------


def taken(grid):
    return [(r, c) for r, row in enumerate(grid) for c, sq in enumerate(row) if sq is not None]


def ref_legal(grid, size, domino, first, second) -> bool:
    side = len(grid)
    for r, c in (first, second):
        if not (0 <= r < side and 0 <= c < side) or grid[r][c] is not None:
            return False
    if abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
        return False
    touches = False
    for (r, c), sq in ((first, domino.first), (second, domino.second)):
        for dr, dc in STEPS:
            if 0 <= r + dr < side and 0 <= c + dc < side:
                other = grid[r + dr][c + dc]
                if other is not None and other.terrain in ("castle", sq.terrain):
                    touches = True
    if not touches:
        return False
    squares = taken(grid) + [first, second]
    rows = [r for r, _ in squares]
    cols = [c for _, c in squares]
    return max(rows) - min(rows) < size and max(cols) - min(cols) < size


def ref_placements(grid, size, domino) -> set:
    side = len(grid)
    return {
        ((r, c), (r + dr, c + dc))
        for r in range(side)
        for c in range(side)
        for dr, dc in STEPS
        if ref_legal(grid, size, domino, (r, c), (r + dr, c + dc))
    }


def ref_place(grid, domino, first, second):
    new = [row[:] for row in grid]
    new[first[0]][first[1]] = domino.first
    new[second[0]][second[1]] = domino.second
    return new


def ref_properties(grid) -> list[set]:
    seen, properties = set(), []
    for start in taken(grid):
        sq = grid[start[0]][start[1]]
        if start in seen or sq.terrain == "castle":
            continue
        group, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in STEPS:
                n = (r + dr, c + dc)
                if 0 <= n[0] < len(grid) and 0 <= n[1] < len(grid) and n not in group:
                    other = grid[n[0]][n[1]]
                    if other is not None and other.terrain == sq.terrain:
                        group.add(n)
                        todo.append(n)
        seen |= group
        properties.append(group)
    return properties


def ref_score(grid, size, middle=False, harmony=False) -> int:
    points = sum(len(p) * sum(grid[r][c].crowns for r, c in p) for p in ref_properties(grid))
    castle = (size - 1, size - 1)
    squares = taken(grid)
    if middle and all(abs(r - castle[0]) <= size // 2 and abs(c - castle[1]) <= size // 2 for r, c in squares):
        points += 10
    if harmony and len(squares) == size * size:
        points += 5
    return points


def ref_greedy_placement(grid, size, domino):
    castle = (size - 1, size - 1)
    best = None
    for placement in ref_placements(grid, size, domino):
        distance = sum(abs(r - castle[0]) + abs(c - castle[1]) for r, c in placement)
        key = (-ref_score(ref_place(grid, domino, *placement), size), distance, placement)
        best = key if best is None or key < best else best
    return None if best is None else best[2]


def ref_greedy_choice(grid, size, line, previous):
    castle = (size - 1, size - 1)
    if previous is not None:
        placement = ref_greedy_placement(grid, size, previous)
        if placement is not None:
            grid = ref_place(grid, previous, *placement)
    best = None
    for domino in line:
        placement = ref_greedy_placement(grid, size, domino)
        if placement is None:
            key = (-ref_score(grid, size), float("inf"), domino.number)
        else:
            distance = sum(abs(r - castle[0]) + abs(c - castle[1]) for r, c in placement)
            key = (-ref_score(ref_place(grid, domino, *placement), size), distance, domino.number)
        best = key if best is None or key < best else best
    return best[2]


def all_dominos() -> list[Domino]:
    lines = csv_lines()[1:]
    result = []
    for line in lines:
        number, t1, c1, t2, c2 = line.split(",")
        result.append(Domino(int(number), Square(t1, int(c1)), Square(t2, int(c2))))
    return result


def frontier_placements(grid, size, domino) -> set:
    """``ref_placements``, found faster: a legal domino has a half next to a square of the
    kingdom, so only the empty squares along the kingdom's edge are tried."""
    side = len(grid)
    cells = taken(grid)
    rows, columns = [r for r, _ in cells], [c for _, c in cells]
    top, bottom, left, right = min(rows), max(rows), min(columns), max(columns)

    def free(r, c):
        return 0 <= r < side and 0 <= c < side and grid[r][c] is None

    def touches(r, c, terrain):
        return any(0 <= r + dr < side and 0 <= c + dc < side and grid[r + dr][c + dc] is not None
                   and grid[r + dr][c + dc].terrain in ("castle", terrain) for dr, dc in STEPS)

    edge = {(r + dr, c + dc) for r, c in cells for dr, dc in STEPS if free(r + dr, c + dc)}
    found = set()
    for r, c in edge:
        for dr, dc in STEPS:
            other = (r + dr, c + dc)
            if not free(*other):
                continue
            for first, second in (((r, c), other), (other, (r, c))):
                if not (touches(*first, domino.first.terrain) or touches(*second, domino.second.terrain)):
                    continue
                if (max(bottom, first[0], second[0]) - min(top, first[0], second[0]) < size
                        and max(right, first[1], second[1]) - min(left, first[1], second[1]) < size):
                    found.add((first, second))
    return found


def random_kingdom(rng: random.Random, count: int, size: int = 5):
    """A grid built by ``count`` random legal placements of random dominos."""
    side = 2 * size - 1
    grid = [[None] * side for _ in range(side)]
    grid[size - 1][size - 1] = Square("castle", 0)
    dominos = all_dominos()
    rng.shuffle(dominos)
    for domino in dominos[:count]:
        placements = sorted(frontier_placements(grid, size, domino))
        if placements:
            grid = ref_place(grid, domino, *rng.choice(placements))
    return grid


# ---- strategies ----------------------------------------------------------------------------

HEADER = "number,terrain1,crowns1,terrain2,crowns2"


def squares():
    """Any square: a terrain and 0 to 3 crowns."""
    return st.builds(Square, st.sampled_from(TERRAINS), st.integers(0, 3))


def dominos():
    """A domino of the box, or any domino with the numbers of the box."""
    return st.one_of(st.sampled_from(all_dominos()), st.builds(Domino, st.integers(1, 48), squares(), squares()))


def any_grid(rng: random.Random, size: int, top: int | None = None, left: int | None = None):
    """Squares of three terrains (so that properties meet) around the castle, anywhere
    inside a size x size window (at `top`, `left` when given): legal or not, as scoring
    reads any kingdom."""
    side = 2 * size - 1
    castle = size - 1
    top = rng.randint(0, castle) if top is None else top
    left = rng.randint(0, castle) if left is None else left
    grid = [[None] * side for _ in range(side)]
    for row in range(top, top + size):
        for column in range(left, left + size):
            if (row, column) == (castle, castle):
                grid[row][column] = Square("castle", 0)
            elif rng.randint(0, 2):
                grid[row][column] = Square(rng.choice(TERRAINS[:3]), rng.choice((0, 0, 0, 1, 1, 2, 3)))
    return grid


@st.composite
def grids(draw, size=None):
    """A grid of a kingdom: built by legal placements (0 to 24 dominos, a complete kingdom
    included), or any squares around the castle."""
    size = draw(st.sampled_from((5, 5, 5, 7))) if size is None else size
    seed = draw(st.integers(0, 2**32 - 1))
    if draw(st.booleans()):
        return random_kingdom(random.Random(seed), draw(st.sampled_from((0, 1, 2, 4, 8, 12, 24))), size)
    return any_grid(random.Random(seed), size)


def kingdoms(size=None):
    """(text, size) of a kingdom, as ``Kingdom.from_text`` takes it."""
    return st.sampled_from((5, 5, 7)).flatmap(lambda s: grids(s).map(lambda g: (format_kingdom(g), s))) \
        if size is None else grids(size).map(lambda g: (format_kingdom(g), size))


@st.composite
def placements_near(draw, grid):
    """A pair of positions around the kingdom's squares: neighbours or not, inside or not."""
    side = len(grid)
    squares_taken = taken(grid)
    row, column = draw(st.sampled_from(squares_taken))
    first = (row + draw(st.integers(-2, 2)), column + draw(st.integers(-2, 2)))
    first = (min(max(first[0], -1), side), min(max(first[1], -1), side))
    if draw(st.integers(0, 4)):
        step = draw(st.sampled_from(STEPS))
    else:
        step = draw(st.sampled_from(((0, 0), (1, 1), (0, 2), (-1, 1), (2, 0))))
    return first, (first[0] + step[0], first[1] + step[1])


@st.composite
def placement_cases(draw):
    """The names of one placement question: a kingdom, a domino and where its halves go."""
    size = draw(st.sampled_from((5, 5, 7)))
    grid = draw(grids(size))
    domino = draw(dominos())
    if draw(st.integers(0, 2)):
        legal = sorted(frontier_placements(grid, size, domino))
        if legal:
            first, second = draw(st.sampled_from(legal))
            return {"text": format_kingdom(grid), "size": size, "domino": domino, "first": first, "second": second}
    first, second = draw(placements_near(grid))
    return {"text": format_kingdom(grid), "size": size, "domino": domino, "first": first, "second": second}


@st.composite
def kingdom_cases(draw):
    """The names of a question about one kingdom: its text, size, a domino and a start square."""
    size = draw(st.sampled_from((5, 5, 7)))
    grid = draw(grids(size))
    side = 2 * size - 1
    start = draw(st.sampled_from(taken(grid) + [(draw(st.integers(0, side - 1)), draw(st.integers(0, side - 1)))]))
    return {"text": format_kingdom(grid), "size": size, "domino": draw(dominos()), "start": start,
            "middle": draw(st.booleans()), "harmony": draw(st.booleans())}


def transposed(grid):
    """The grid mirrored on its diagonal: the same score, properties and crowns."""
    return [list(row) for row in zip(*grid)]


def mirrored(cases):
    """Each kingdom case with ``mirror``, its kingdom mirrored on the diagonal through the
    castle, and ``across``, its start square mirrored: a metamorphic variant, whose score,
    properties and crown map are the original's, mirrored."""
    return [{**case, "mirror": format_kingdom(transposed(parse_kingdom(case["text"], case["size"]))),
             "across": tuple(case["start"])[::-1]} for case in cases]


@st.composite
def ranking_cases(draw):
    """A few kingdoms of one size with ties of every kind (copies, mirrored kingdoms)."""
    size = draw(st.sampled_from((5, 5, 7)))
    pool = draw(st.lists(grids(size), min_size=1, max_size=4))
    players = []
    for _ in range(draw(st.integers(2, 4))):
        grid = draw(st.sampled_from(pool))
        players.append(transposed(grid) if draw(st.booleans()) else grid)
    return {"texts": [format_kingdom(grid) for grid in players], "size": size,
            "middle": draw(st.booleans()), "harmony": draw(st.booleans())}


@st.composite
def greedy_cases(draw):
    """A kingdom built by legal play, a line of 1 to 4 dominos and maybe a previous domino."""
    size = draw(st.sampled_from((5, 5, 7)))
    grid = random_kingdom(random.Random(draw(st.integers(0, 2**32 - 1))), draw(st.integers(0, 12)), size)
    line = draw(st.lists(st.sampled_from(all_dominos()), min_size=1, max_size=4, unique_by=lambda d: d.number))
    previous = draw(st.one_of(st.none(), st.sampled_from(all_dominos())))
    return {"text": format_kingdom(grid), "size": size, "domino": line[0], "line": sorted(line, key=lambda d: d.number),
            "previous": previous}


#: how a CSV file of dominos can be wrong, one way at a time (the text fixes no order
#: between two mistakes, so a file has one)
CORRUPTIONS = ("none", "columns", "header", "terrain", "crowns", "number", "count")


@st.composite
def csv_files(draw):
    """The lines of a dominos file: the course's, or with one mistake on one line."""
    lines = csv_lines()
    kind = draw(st.sampled_from(CORRUPTIONS))
    index = draw(st.integers(1, len(lines) - 1))
    cells = lines[index].split(",")
    if kind == "columns":
        cells = cells[:draw(st.integers(0, 4))] if draw(st.booleans()) else cells + ["0"]
        lines[index] = ",".join(cells)
    elif kind == "header":
        names = HEADER.split(",")
        wrong = draw(st.sampled_from([names[:4], names + ["extra"], [names[0], names[2], names[1]] + names[3:]]))
        lines[0] = ",".join(wrong)
    elif kind == "terrain":
        cells[draw(st.sampled_from((1, 3)))] = draw(st.sampled_from(("desert", "Wheat", "forêt", "lake", "")))
        lines[index] = ",".join(cells)
    elif kind == "crowns":
        cells[draw(st.sampled_from((2, 4)))] = draw(st.sampled_from(("4", "-1", "one", "1.5", "", "7")))
        lines[index] = ",".join(cells)
    elif kind == "number":
        cells[0] = draw(st.sampled_from(("x", "", "1.0", "seven", "#3")))
        lines[index] = ",".join(cells)
    elif kind == "count":
        lines = lines[:index] + lines[index + 1:] if draw(st.booleans()) else lines + ["49,wheat,0,wheat,0"]
    return lines


@st.composite
def touch_cases(draw):
    """The names of a `touches` question: a kingdom, a free square of the area (next to a
    square of the kingdom, or on the area's edge, across from the far side) and a square
    of the terrain of a neighbour or of the square across the edge, or of any terrain."""
    size = draw(st.sampled_from((5, 5, 7)))
    side = 2 * size - 1
    reaching = draw(st.booleans())
    if reaching:  # a kingdom that reaches an edge of the area
        rng, castle = random.Random(draw(st.integers(0, 2**32 - 1))), size - 1
        top, left = draw(st.sampled_from(((0, None), (castle, None), (None, 0), (None, castle))))
        grid = any_grid(rng, size, top, left)
    else:
        grid = draw(grids(size))
    cells = taken(grid)
    edge = [(r, c) for r, c in cells if r in (0, side - 1) or c in (0, side - 1)]
    inward = [((r + dr, c + dc), (r, c)) for r, c in edge for dr, dc in STEPS
              if 0 <= r + dr < side and 0 <= c + dc < side and grid[r + dr][c + dc] is None
              and (r + dr, c + dc) not in edge]
    mode = draw(st.sampled_from(("inward", "across", "near") if reaching else ("near", "inward", "across")))
    if mode == "inward" and inward:
        position, across = draw(st.sampled_from(inward))
    elif mode != "across":
        (row, column), (dr, dc) = draw(st.sampled_from(cells)), draw(st.sampled_from(STEPS))
        position, across = (row + dr, column + dc), (row, column)
    else:
        across = draw(st.sampled_from(edge)) if edge else (side - 1, draw(st.integers(0, side - 1)))
        r, c = across
        opposite = {0: side - 1, side - 1: 0}
        position = (opposite[r], c) if r in opposite and draw(st.booleans()) or c not in opposite \
            else (r, opposite[c])
    inside = 0 <= position[0] < side and 0 <= position[1] < side
    if not inside or grid[position[0]][position[1]] is not None:
        position = draw(st.sampled_from([(r, c) for r in range(side) for c in range(side) if grid[r][c] is None]))
    there = grid[across[0]][across[1]]
    square = Square(there.terrain, draw(st.integers(0, 3))) \
        if there is not None and there.terrain != "castle" and draw(st.integers(0, 3)) else draw(squares())
    return {"text": format_kingdom(grid), "size": size, "position": position, "square": square}


@st.composite
def set_ups(draw):
    """The arguments of a new game: 2, 3 or 4 players, the Mighty Duel (2 players only),
    either bonus, and the seed of its generator."""
    players = draw(st.sampled_from((2, 3, 4)))
    return {"players": players, "seed": draw(st.integers(0, 10_000)),
            "duel": players == 2 and draw(st.booleans()),
            "middle": draw(st.booleans()), "harmony": draw(st.booleans())}


def player_counts():
    """A number of players from -1 to 6, with or without the Mighty Duel: a legal set-up or not."""
    return st.fixed_dictionaries({"players": st.integers(-1, 6), "duel": st.booleans(), "seed": st.integers(0, 10_000)})


@st.composite
def game_positions(draw):
    """A position of a game, as its attributes (the checks put a game in a position so):
    the opening, a middle round or the last round, any number of kings already acted
    (all of them too), the pile empty or not; `seed` seeds the generator of the next line."""
    players = draw(st.sampled_from((2, 3, 4)))
    count = 3 if players == 3 else 4
    owners = [player for player in range(players) for _ in range(count // players)]
    dominos = draw(st.permutations(all_dominos()))
    phase = draw(st.sampled_from(("opening", "round", "last")))
    if phase == "opening":
        kings, previous = draw(st.permutations(owners)), []
    else:
        placed = sorted(dominos[:count], key=lambda domino: domino.number)
        kings = draw(st.permutations(owners))
        previous = list(zip(placed, kings))
    line = [] if phase == "last" else sorted(dominos[count:2 * count], key=lambda domino: domino.number)
    turn = draw(st.integers(0, count))
    claimed = list(zip(draw(st.permutations(line)), kings))[:turn] if line else []
    left = 0 if phase == "last" else draw(st.integers(0, 3))
    pile = dominos[2 * count:2 * count + left * count]
    return {"players": players, "seed": draw(st.integers(0, 10_000)),
            "state": {"kings": kings, "previous": previous, "line": line, "claimed": claimed,
                      "turn": turn, "pile": pile}}


SAMPLES = [
    Sample("dominations.placement", "Kingdom.from_text(text, size).can_place(domino, first, second)",
           placement_cases(), count=12),
    Sample("dominations.legal", "sorted(Kingdom.from_text(text, size).legal_placements(domino))",
           kingdom_cases(), count=8),
    Sample("dominations.properties", "sorted(Kingdom.from_text(text, size).property_of(start))",
           kingdom_cases(), count=8),
    Sample("dominations.score", "Kingdom.from_text(text, size).score(middle, harmony)", kingdom_cases(), count=10),
    Sample("dominations.ranking",
           "[list(group) for group in ranking([Kingdom.from_text(t, size) for t in texts], middle, harmony)]",
           ranking_cases(), count=10),
    Sample("dominations.greedy", "greedy_placement(Kingdom.from_text(text, size), domino)", greedy_cases(), count=8),
    Sample("dominations.greedy", "greedy_choice(Kingdom.from_text(text, size), line, previous).number",
           greedy_cases(), count=8),
]


# ---- the boundaries the worksheet's text names, tried before the generated cases -------------
# Each list is plain data, passed to draw(..., boundaries=...): the cases come first, in order.

#: a complete 5x5 kingdom with its castle in the middle, crowns in every property
FULL = "\n".join(["W1 W0 F0 F2 L0", "W0 G1 F0 L0 L1", "S0 G0 C0 M2 L0", "S2 G0 M0 M0 W0", "S0 S0 M1 W0 W3"])
#: a complete 5x5 kingdom with its castle in a corner
CORNER = "\n".join(["C0 W1 W0 F0 F1", "G0 G1 W0 F0 L0", "G0 S0 S1 L2 L0", "M0 M0 S0 L0 W0", "M2 W0 W0 W1 W0"])
#: a complete 7x7 kingdom, the largest legal board (the Mighty Duel)
FULL_DUEL = "\n".join(["W1 W0 W0 F0 F0 F1 L0"] * 3 + ["G0 G1 G0 C0 S0 S2 L0"] + ["M0 M1 M0 W0 W0 L1 L0"] * 3)
#: the last hole of a 5x5 kingdom, two squares side by side
ALMOST = "\n".join(["W0 W0 W0 W0 W0"] * 2 + ["W0 W0 C0 W0 W0", "W0 W0 W0 W0 W0", "W0 W0 W0 .. .."])
#: squares 2 columns from the castle (size // 2: the Middle Kingdom still), then 3
TWO_AWAY, THREE_AWAY = "C0 W1 W0", "C0 W1 W0 W0"


def _placement(text, domino, first, second, size=5):
    return {"text": text, "size": size, "domino": domino, "first": first, "second": second}


WHEAT, FOREST = d(1, "W0", "W0"), d(9, "F0", "F0")

#: rules 1 to 4 of a placement: "inside the area", "neighbours", "connection", "fits in a 5x5 square (7x7 in the Duel)"
PLACEMENTS = [
    _placement("C0", WHEAT, (4, 5), (4, 6)), _placement("C0", WHEAT, (4, 3), (4, 2)),
    _placement("C0", WHEAT, (3, 4), (2, 4)), _placement("C0", WHEAT, (5, 4), (6, 4)),
    _placement("C0", WHEAT, (4, 5), (4, 5)), _placement("C0", WHEAT, (4, 5), (5, 6)),
    _placement("C0 W0", FOREST, (4, 6), (4, 7)), _placement("C0 W0", WHEAT, (4, 6), (4, 7)),
    _placement("W0 C0 W0 W0", WHEAT, (3, 7), (4, 7)), _placement("W0 C0 W0 W0", WHEAT, (4, 7), (4, 8)),
    _placement("C0 W0 W0 W0", WHEAT, (3, 8), (4, 8)), _placement("C0 W0 W0 W0", WHEAT, (4, 8), (4, 9)),
    _placement(ALMOST, WHEAT, (4, 5), (4, 6)), _placement(ALMOST, WHEAT, (6, 5), (6, 6)),
    _placement("C0 W0 W0 W0 W0", WHEAT, (6, 11), (6, 12), 7),
    _placement("C0 W0 W0 W0 W0", WHEAT, (6, 12), (6, 13), 7),
    _placement("W0 C0 W0 W0 W0 W0", WHEAT, (5, 11), (6, 11), 7),
    _placement("W0 C0 W0 W0 W0 W0", WHEAT, (6, 11), (6, 12), 7),
]


def _kingdom(text, start, size=5, middle=True, harmony=True):
    return {"text": text, "size": size, "domino": WHEAT, "start": start, "middle": middle, "harmony": harmony}


#: "[] for an empty square or the castle", "a complete 5x5", "at most size // 2 away", "Harmony", the 7x7 Duel
KINGDOMS = [
    _kingdom("C0", (4, 4)), _kingdom("C0", (0, 0)), _kingdom(FULL, (4, 4)), _kingdom(FULL, (2, 2)),
    _kingdom(CORNER, (4, 5)), _kingdom(ALMOST, (6, 6)), _kingdom(TWO_AWAY, (4, 5)),
    _kingdom(THREE_AWAY, (4, 5)), _kingdom(FULL_DUEL, (3, 3), size=7),
]

#: the same score and largest property, one more crown (B wins on crowns)
CROWN_A, CROWN_B = "W1 W0 C0 G0 G0", "F1 C0 S1 G0 G0"
#: the same score, a larger property (LARGE wins on the largest property)
LARGE, SMALL = "C0 W1 W0", "C0 W1 F1"

#: "On equal scores, the largest property...; if still equal, the most crowns; if still equal, they share the victory"
RANKINGS = [
    {"texts": [FULL, FULL], "size": 5, "middle": True, "harmony": True},
    {"texts": [SMALL, LARGE], "size": 5, "middle": False, "harmony": False},
    {"texts": [CROWN_A, CROWN_B, CROWN_A], "size": 5, "middle": False, "harmony": False},
    {"texts": [FULL, CORNER, TWO_AWAY, THREE_AWAY], "size": 5, "middle": True, "harmony": True},
]

#: "closest to the castle", "the smallest placement", "No legal placement: None", "fits nowhere is farthest"
GREEDY = [
    {"text": "C0", "size": 5, "domino": WHEAT, "line": [WHEAT, FOREST], "previous": None},
    {"text": FULL, "size": 5, "domino": WHEAT, "line": [WHEAT, FOREST], "previous": WHEAT},
    {"text": ALMOST, "size": 5, "domino": FOREST, "line": [WHEAT, FOREST], "previous": None},
    {"text": ALMOST, "size": 5, "domino": WHEAT, "line": [d(2, "W0", "W0"), FOREST], "previous": WHEAT},
]

def _changed(index, cell, text):
    lines = csv_lines()
    cells = lines[index].split(",")
    cells[cell] = text
    return lines[:index] + [",".join(cells)] + lines[index + 1:]


#: "03 is 3; -5, +3, 1.0 and one are refused", "not 0 to 3", "not exactly 48 dominos (name the last line)"
CSV_FILES = [
    csv_lines(), _changed(1, 2, "03"), _changed(1, 4, "4"), _changed(48, 2, "+3"), _changed(2, 0, "-5"),
    _changed(3, 4, "1.0"), _changed(1, 2, "one"), csv_lines()[:-1], csv_lines() + ["49,wheat,0,wheat,0"],
]


def _position(players, phase, turn, left, seed=7):
    """A position of :func:`game_positions`, made by hand from the lowest dominos."""
    count = 3 if players == 3 else 4
    kings = [player for player in range(players) for _ in range(count // players)]
    dominos = all_dominos()
    previous = [] if phase == "opening" else list(zip(dominos[:count], kings))
    line = [] if phase == "last" else dominos[count:2 * count]
    claimed = list(zip(line, kings))[:turn]
    return {"players": players, "seed": seed,
            "state": {"kings": kings, "previous": previous, "line": line, "claimed": claimed, "turn": turn,
                      "pile": dominos[2 * count:2 * count + left * count]}}


#: "Last round. When the pile is empty there is no new line"; the opening; a round's last king; every king acted
POSITIONS = [
    _position(2, "last", 0, 0), _position(4, "last", 3, 0), _position(3, "round", 0, 0),
    _position(2, "opening", 0, 1), _position(4, "round", 3, 1), _position(4, "round", 4, 0),
]

#: "2 to 4 players" and "the Mighty Duel, a 2-player variant", with either bonus
SET_UPS = [
    {"players": 2, "seed": 5, "duel": True, "middle": True, "harmony": True},
    {"players": 2, "seed": 5, "duel": False, "middle": False, "harmony": True},
    {"players": 3, "seed": 5, "duel": False, "middle": True, "harmony": False},
    {"players": 4, "seed": 5, "duel": False, "middle": False, "harmony": False},
]

#: "refuses a number of players other than 2, 3 or 4 (and a Mighty Duel for other than 2 players)"
PLAYER_COUNTS = [{"players": players, "duel": duel, "seed": 5} for players in (1, 2, 4, 5) for duel in (False, True)]

#: rule 3 ("touches by an edge") on the area's edges: a square across the area is no neighbour
TOUCHES = [
    {"text": "C0\nW0\nW0\nW0\nW0", "size": 5, "position": (0, 4), "square": Square("wheat", 0)},
    {"text": "C0 W0 W0 W0 W0", "size": 5, "position": (4, 0), "square": Square("wheat", 1)},
    {"text": "W0\nW0\nW0\nW0\nC0", "size": 5, "position": (0, 3), "square": Square("wheat", 0)},
    {"text": "W0\nW0\nW0\nW0\nC0", "size": 5, "position": (0, 5), "square": Square("forest", 0)},
    {"text": "C0", "size": 5, "position": (4, 5), "square": Square("mine", 2)},
]
