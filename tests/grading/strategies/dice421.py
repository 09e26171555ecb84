"""Hypothesis strategies of worksheet 2, the 421 dice game: dice, answers, turns and games.

They cover what the worksheet's text allows: any integers where it says integers (the
sorting functions), every combination of three dice (sorted decreasingly where the text
says so), answers typed with spaces, another case, as another number (``01``,
``+1``, ``1.0``) or in another language, scripted turns that stop after any throw or
throw three times, and games from 1 token up, seeded, whose players answer any way.
"""

from __future__ import annotations

from course.grading.grader.drawing import st
from course.grading.instructor.cases import Sample

#: The answers that mean "yes, throw": the text's "1", spaces around it ignored.
BLANKS = ["", " ", "  "]
#: Answers that keep: "1" written another way, other numbers, words in any case (the
#: trickiest first: Hypothesis draws the first ones most often).
OTHER_ANSWERS = ["01", "10", "+1", "1.0", "１", "1 1", "11", "0", "", " ", "2", "-1", "l", "I",
                 "yes", "Yes", "YES", "y", "Y", "o", "O", "oui", "Oui", "one", "no", "non", "?"]


def faces() -> st.SearchStrategy[int]:
    """A die: 1 to 6."""
    return st.integers(1, 6)


def throws() -> st.SearchStrategy[tuple[int, int, int]]:
    """Three dice in the order they were thrown."""
    return st.tuples(faces(), faces(), faces())


def combinations() -> st.SearchStrategy[tuple[int, int, int]]:
    """Three dice sorted decreasingly, as the text hands them to tokens_of and the others."""
    return throws().map(lambda dice: tuple(sorted(dice, reverse=True)))


def numbers() -> st.SearchStrategy[int]:
    """Any integer: the sorting functions take integers, not only dice."""
    return st.one_of(faces(), st.integers(-1000, 1000))


#: The text's yes, "1", with any spaces around it.
YES = [left + "1" + right for left in BLANKS for right in BLANKS]


def yes() -> st.SearchStrategy[str]:
    """The answer 1, with any spaces around it."""
    return st.sampled_from(YES)


def keeps() -> st.SearchStrategy[str]:
    """An answer that keeps: any but the text's yes."""
    return st.sampled_from(OTHER_ANSWERS)


def answers() -> st.SearchStrategy[str]:
    """Any answer to a prompt: the yes of the text, or one of many that keep."""
    return st.sampled_from(YES + OTHER_ANSWERS)


def tokens() -> st.SearchStrategy[int]:
    """The tokens of a combination."""
    return st.sampled_from([1, 2, 5, 8])


def totals() -> st.SearchStrategy[int]:
    """A player's total during a game: it may be 0 or below after a round."""
    return st.integers(-8, 30)


def value(dice: tuple[int, int, int]) -> int:
    a, b, c = sorted(dice, reverse=True)
    return 100 * a + 10 * b + c


def kind(dice: tuple[int, int, int]) -> int:
    """The tokens of a combination, from the rules (for drawing consistent rounds only)."""
    a, b, c = sorted(dice, reverse=True)
    if (a, b, c) == (4, 2, 1):
        return 8
    if a == b == c:
        return 5
    if a == b + 1 == c + 2:
        return 2
    return 1


@st.composite
def different_tokens(draw) -> dict[str, int]:
    """The arguments of settle_different_tokens: nj1 != nj2, any totals."""
    nj1, nj2 = draw(st.lists(tokens(), min_size=2, max_size=2, unique=True))
    return {"nj1": nj1, "nj2": nj2, "total1": draw(totals()), "total2": draw(totals())}


@st.composite
def equal_tokens(draw) -> dict[str, int]:
    """The arguments of settle_equal_tokens: two combinations of the same tokens, other values."""
    first = draw(combinations().filter(lambda dice: kind(dice) != 8))
    second = draw(combinations().filter(lambda dice: kind(dice) == kind(first) and value(dice) != value(first)))
    return {"nj": kind(first), "s1": value(first), "s2": value(second),
            "total1": draw(totals()), "total2": draw(totals())}


@st.composite
def rethrows(draw) -> dict:
    """The arguments of rethrow: a die, its number, the answer typed and the dice's faces."""
    return {"die": draw(faces()), "n": draw(st.integers(1, 3)), "reply": draw(answers()),
            "faces": [draw(faces())]}


@st.composite
def turns(draw) -> dict:
    """A scripted turn: 8 answers (enough for any turn) and 9 faces (enough dice).

    The player throws again 0, 1 or 2 times (any yes), answers the dice's questions
    any way, then keeps with any other answer when a throw is still allowed."""
    replies = draw(st.lists(answers(), min_size=8, max_size=8))
    rethrows = draw(st.integers(0, 2))
    for throw in range(rethrows):
        replies[4 * throw] = draw(yes())
    if rethrows < 2:
        replies[4 * rethrows] = draw(keeps())
    return {"replies": replies, "faces": draw(st.lists(faces(), min_size=9, max_size=9))}


@st.composite
def games(draw) -> dict:
    """A seeded game: the starting tokens, the players' answers (typed in turn, over and
    over) and the seed of the dice."""
    return {"tokens": draw(st.integers(1, 12)),
            "replies": draw(st.lists(answers(), min_size=1, max_size=6)),
            "seed": draw(st.integers(0, 2**16))}


def refused_games() -> st.SearchStrategy[dict]:
    """A game the text refuses: 0 tokens or fewer ("It must be at least 1")."""
    return st.fixed_dictionaries({"tokens": st.integers(-5, 0),
                                  "replies": st.lists(answers(), min_size=1, max_size=6),
                                  "seed": st.integers(0, 2**16)})


# ----------------------------------------------------------------------------- the checks' samples


def named_integers(*names: str) -> st.SearchStrategy[dict]:
    """The names of one call, each any integer."""
    return st.fixed_dictionaries({name: numbers() for name in names})


#: The generated examples of the public checks (``course cases`` computes their answers
#: from the reference): a sample of each rule's domain, never a small domain whole.
SAMPLES = [
    Sample("dice421.sort3_desc", "sort3_desc(a, b, c)", named_integers("a", "b", "c"), count=6),
    Sample("dice421.settle_different_tokens", "settle_different_tokens(nj1, nj2, total1, total2)",
           different_tokens(), count=6),
    Sample("dice421.settle_equal_tokens", "settle_equal_tokens(nj, s1, s2, total1, total2)",
           equal_tokens(), count=6),
    Sample("dice421.rethrow", "rethrow(die, n, answers([reply], echo=False), ScriptedDice(faces))",
           rethrows(), count=10),
    Sample("dice421.play_turn", "play_turn(answers(replies, echo=False), ScriptedDice(faces))",
           turns(), count=8),
    Sample("dice421.play_game", "play_game(tokens, answers(replies * 500, echo=False), random.Random(seed))",
           games().filter(lambda game: game["tokens"] <= 5), count=6),
]
