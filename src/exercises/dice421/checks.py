"""Public checks of worksheet 2, the 421 dice game: one ``check_...`` per exercise.

Each check runs the student's function on the worksheet's own examples (those of the
seed's sample runs where there are some), with scripted answers and loaded dice for the
functions that ask or throw. What the functions print is kept out of the check's report.

A rule broken through the scripts (a question after the player's last answer, a die
thrown once too often, dice that do not come from the ``rng``) is reported in one
sentence that names it, never as a crash; and when a function the exercise calls (say
``roll_die`` inside ``play_turn``) fails its own check, the report names it as the
culprit to fix first.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import random
import re
from collections.abc import Callable
from typing import Any

from ..checks import CheckResult, Example, RuleBroken, Status, check, generated, hint_line, same, table
from ..i18n import N_, _, ngettext
from .model import ScriptedDice, ScriptError, answers

__all__ = [
    "check_swap",
    "check_sort2_desc",
    "check_sort3_desc",
    "check_is_straight",
    "check_is_three_of_a_kind",
    "check_is_421",
    "check_tokens_of",
    "check_value_of",
    "check_roll_die",
    "check_rethrow",
    "check_play_turn",
    "check_settle_different_tokens",
    "check_settle_equal_tokens",
    "check_play_game",
]


class _Broken(RuleBroken):
    """A rule the student's code broke, said in one sentence (not a crash).

    ``culprit`` is the function to check first when the sentence says so.
    """

    def __init__(self, sentence: str, culprit: str | None = None) -> None:
        super().__init__(sentence)
        self.culprit = culprit

    def __str__(self) -> str:
        return super().__str__() + "."


def _quietly(call: Callable[[], Any]) -> Any:
    """``call()``, with whatever it prints thrown away."""
    with contextlib.redirect_stdout(io.StringIO()):
        return call()


def _quiet(call: Callable[[], Any]) -> Callable[[], Any]:
    """``call`` with whatever it prints thrown away (an example's call)."""
    return functools.partial(_quietly, call)


def _call(function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)``: an example's call of the student's function, made when it runs."""
    return function(*args)


def _said(name: str, error: ScriptError) -> str:
    """A script that ran out, as the rule ``name`` broke."""
    if error.kind == "answers":
        return _(
            "{name} asked question {number} ({question}), but the player "
            "gave {count} answer(s) and no more"
        ).format(name=name, number=error.number, question=repr(error.prompt), count=error.scripted)
    if error.kind == "dice":
        return _(
            "{name} threw die number {number}, but the script holds {count} "
            "dice and no more"
        ).format(name=name, number=error.number, count=error.scripted)
    return _("{name} threw a die another way: {error}").format(name=name, error=error)


def _run_scripted(name: str, call: Callable[[ScriptedDice], Any], faces: list[int],
                  function: Callable[..., Any]) -> Any:
    """``call`` run quietly with loaded ``faces``; a broken script becomes one sentence."""
    dice = ScriptedDice(faces)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            result = call(dice)
    except ScriptError as error:
        raise _Broken(_said(name, error)) from None
    if faces and dice.thrown == 0:
        raise _rng_culprit(name, function)
    return result


def _scripted(
    name: str, call: Callable[[ScriptedDice], Any], faces: list[int], function: Callable[..., Any]
) -> Callable[[], Any]:
    """Run ``call`` quietly with loaded ``faces``; a broken script becomes one sentence."""
    return functools.partial(_run_scripted, name, call, faces, function)


def _rng_culprit(name: str, function: Callable[..., Any]) -> _Broken:
    """Why ``name`` threw none of the loaded dice: roll_die (or play_turn), or the rng not passed on."""
    culprit = next((f for f in ("roll_die", "rethrow", "play_turn") if _fails(f, function)), None)
    if culprit is not None:
        return _Broken(_("{name}'s dice do not follow the rng: check {culprit} first").format(
            name=name, culprit=culprit), culprit)
    return _Broken(_("{name}'s dice do not follow the rng: throw every die with roll_die(rng), "
                     "passing on the rng it was given").format(name=name))


_CHECKS: dict[str, Callable[[Any], CheckResult]] = {}

#: rethrow's prompt, as the text gives it (a French notebook gives its own)
RETHROW_QUESTION = N_("Value of die {n} = {die} (type 1 to rethrow)? ")


def rethrow_question(n: int, die: int) -> str:
    """The prompt rethrow passes to ask for die number ``n`` showing ``die``, in the notebook's language."""
    return _(RETHROW_QUESTION).format(n=n, die=die)


def _names(code: Any) -> set[str]:
    """The global names a code object (and the code nested in it) refers to."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if hasattr(constant, "co_names"):
            names |= _names(constant)
    return names


def _fails(name: str, function: Callable[..., Any]) -> bool:
    """True when ``function`` calls the notebook's ``name`` and that fails its own check."""
    code = getattr(function, "__code__", None)
    namespace = getattr(function, "__globals__", {})
    if code is None or name not in _names(code) or name not in namespace or name not in _CHECKS:
        return False
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            result = _CHECKS[name](namespace[name])
    except Exception:
        return True
    return result.status in (Status.FAILED, Status.ERROR)


def _watched(call: Callable[[], Any], broken: list[_Broken]) -> Any:
    """``call()``, keeping in ``broken`` the rule it broke, if it broke one."""
    try:
        return call()
    except _Broken as error:
        broken.append(error)
        raise


def _check(exercise: str, examples: list[Example], function: Callable[..., Any],
           earlier: tuple[str, ...] = (), rng: bool = False) -> CheckResult:
    """:func:`check` (``rng`` as there), with a broken rule said in one sentence and a
    failing earlier function named. (rethrow, play_turn and play_game say themselves which
    function's dice do not follow the rng: roll_die's check says it draws elsewhere.)"""
    broken: list[_Broken] = []
    result = check(exercise, [dataclasses.replace(example, call=functools.partial(_watched, example.call, broken))
                              for example in examples], rng=rng)
    if broken and broken[-1].culprit is not None:  # the hint is about this function, not the culprit
        hint = hint_line("")
        result.lines = [line for line in result.lines if not line.startswith(hint)]
        return result
    if result.status in (Status.FAILED, Status.ERROR):
        culprit = next((name for name in earlier if _fails(name, function)), None)
        if culprit is not None:
            result.lines.append("    " + _(
                "Check {name} first: your {name}, which this function calls, "
                "does not pass its own check yet."
            ).format(name=culprit))
    return result


def _calls(function: Callable[..., Any], name: str, cases: list[tuple[tuple[Any, ...], Any]],
           hint: str = "") -> list[Example]:
    """The examples of a table of (arguments, expected), each a quiet call of ``name``."""
    rows = [(f"{name}{args!r}", expected) for args, expected in cases]
    return [dataclasses.replace(example, call=_quiet(example.call))
            for example in table(rows, {name: function}, hint=hint, compare=same)]


def _printed(call: Callable[[], Any]) -> list[str]:
    """The non-blank lines ``call()`` prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        call()
    return [line for line in out.getvalue().splitlines() if line.strip()]


def _again(call: Callable[[Callable[[str], str]], Any], replies: list[str]) -> list[Any]:
    """``call(ask)`` made twice with one scripted player: what each call returned."""
    ask = answers(replies, echo=False)
    return [call(ask), call(ask)]


def _numbers(line: str) -> list[int]:
    """The integers a line shows, in order; digits apart by spaces are one number (6 6 5)."""
    return [int(number) for number in re.findall(r"-?\d+", re.sub(r"(?<=\d)\s+(?=\d)", "", line))]


def _same_lines(got: Any, expected: list[str]) -> bool:
    """As many lines as expected, each showing the expected line's numbers (any words)."""
    return (isinstance(got, list) and len(got) == len(expected)
            and all(isinstance(line, str) and _numbers(line) == _numbers(wanted)
                    for line, wanted in zip(got, expected)))


def _lines(description: str, call: Callable[[], Any], expected: list[str], hint: str) -> Example:
    """An example of the lines ``call()`` prints, compared by their numbers."""
    return Example(description, functools.partial(_printed, call), expected, hint=hint, compare=_same_lines)


def _combination(dice: str, final: bool = False) -> str:
    """The line that shows the current (or final) combination of ``dice``."""
    return (_("Final combination = {dice}") if final else _("Current combination = {dice}")).format(dice=dice)


def _generated(exercise: str, **names: Any) -> list[Example]:
    """The exercise's generated examples (see ``course cases``), each run quietly, with the
    package's scripted keyboard and dice at hand."""
    names.update(answers=answers, ScriptedDice=ScriptedDice, random=random)
    return [dataclasses.replace(example, call=_quiet(example.call)) for example in generated(exercise, names)]


def check_swap(swap: Callable[[int, int], tuple[int, int]]) -> CheckResult:
    """Check ``swap(a, b)`` [permuter2i]."""
    cases = [((1, 2), (2, 1)), ((6, 3), (3, 6)), ((5, 5), (5, 5)), ((0, -7), (-7, 0))]
    return _check("dice421.swap", _calls(swap, "swap", cases, hint=_("Return the tuple (b, a).")), swap)


def check_sort2_desc(sort2_desc: Callable[[int, int], tuple[int, int]]) -> CheckResult:
    """Check ``sort2_desc(a, b)`` [decroitre2i]."""
    cases = [((3, 5), (5, 3)), ((5, 3), (5, 3)), ((4, 4), (4, 4)), ((-3, 10), (10, -3))]
    return _check(
        "dice421.sort2_desc",
        _calls(sort2_desc, "sort2_desc", cases,
               hint=_("The larger number comes first: when a < b, a, b = swap(a, b) (swap returns "
                    "the pair; it cannot change a and b by itself).")),
        sort2_desc, ("swap",),
    )


def _counted(inner: Callable[[int, int], Any], made: list[tuple[int, int]], a: int, b: int) -> Any:
    """``inner(a, b)``, the call kept in ``made``."""
    made.append((a, b))
    return inner(a, b)


def _sort2_calls(sort3_desc: Callable[[int, int, int], Any], dice: tuple[int, int, int]) -> int:
    """How many times ``sort3_desc(*dice)`` calls the notebook's ``sort2_desc`` (put back after)."""
    namespace = getattr(sort3_desc, "__globals__", {})
    inner = namespace.get("sort2_desc")
    if inner is None:
        return 0
    made: list[tuple[int, int]] = []
    namespace["sort2_desc"] = functools.partial(_counted, inner, made)
    try:
        sort3_desc(*dice)
    finally:
        namespace["sort2_desc"] = inner
    return len(made)


def check_sort3_desc(sort3_desc: Callable[[int, int, int], tuple[int, int, int]]) -> CheckResult:
    """Check ``sort3_desc(a, b, c)`` [decroitre3i] on the seed's examples and every order."""
    cases = [((3, 2, 6), (6, 3, 2)), ((3, 2, 1), (3, 2, 1))]
    cases += [(order, (6, 4, 1)) for order in [(1, 4, 6), (1, 6, 4), (4, 1, 6), (6, 1, 4)]]
    cases += [((2, 5, 2), (5, 2, 2)), ((1, 1, 6), (6, 1, 1)), ((3, 3, 3), (3, 3, 3))]
    cases += [((7, 100, 42), (100, 42, 7)), ((-5, 12, 0), (12, 0, -5))]
    return _check(
        "dice421.sort3_desc",
        _calls(sort3_desc, "sort3_desc", cases,
               hint=_("Sort a and b, then b and c, then a and b again, with sort2_desc; any "
                    "integers, not only dice."))
        + [Example(_("the calls of sort2_desc that sort3_desc(3, 2, 6) makes"),
                   _quiet(functools.partial(_sort2_calls, sort3_desc, (3, 2, 6))), 3,
                   hint=_("Sort with three calls of sort2_desc, not with sorted, max or min."))]
        + _generated("dice421.sort3_desc", sort3_desc=sort3_desc),
        sort3_desc, ("sort2_desc",),
    )


def check_is_straight(is_straight: Callable[[int, int, int], bool]) -> CheckResult:
    """Check ``is_straight(a, b, c)`` [tierce]."""
    cases = [((3, 2, 1), True), ((5, 3, 2), False), ((6, 5, 4), True), ((4, 4, 4), False),
             ((4, 2, 1), False), ((5, 4, 4), False), ((4, 3, 2), True), ((4, 2, 2), False),
             ((3, 3, 1), False), ((6, 5, 3), False)]
    return _check("dice421.is_straight", _calls(
        is_straight, "is_straight", cases,
        hint=_("The dice are sorted: a == b + 1 and b == c + 1, both. Return True or False.")), is_straight)


def check_is_three_of_a_kind(is_three_of_a_kind: Callable[[int, int, int], bool]) -> CheckResult:
    """Check ``is_three_of_a_kind(a, b, c)`` [brelan]."""
    cases = [((6, 6, 6), True), ((1, 1, 1), True), ((6, 6, 5), False), ((2, 1, 1), False),
             ((3, 2, 1), False), ((6, 1, 1), False)]
    return _check("dice421.is_three_of_a_kind", _calls(
        is_three_of_a_kind, "is_three_of_a_kind", cases,
        hint=_("All three dice are equal. Return True or False.")), is_three_of_a_kind)


def check_is_421(is_421: Callable[[int, int, int], bool]) -> CheckResult:
    """Check ``is_421(a, b, c)`` [est421]."""
    cases = [((4, 2, 1), True), ((4, 2, 2), False), ((4, 1, 1), False), ((5, 2, 1), False),
             ((4, 3, 1), False), ((3, 2, 1), False), ((5, 1, 1), False), ((2, 2, 2), False),
             ((4, 4, 4), False)]
    return _check("dice421.is_421", _calls(
        is_421, "is_421", cases, hint=_("The sorted dice are exactly 4, 2 and 1.")), is_421)


def check_tokens_of(tokens_of: Callable[[int, int, int], int]) -> CheckResult:
    """Check ``tokens_of(a, b, c)`` [njetons]."""
    cases = [((4, 2, 1), 8), ((6, 6, 6), 5), ((1, 1, 1), 5), ((3, 2, 1), 2), ((5, 4, 3), 2),
             ((6, 4, 1), 1), ((6, 6, 5), 1), ((4, 2, 2), 1), ((4, 4, 1), 1), ((5, 2, 1), 1)]
    return _check("dice421.tokens_of", _calls(
        tokens_of, "tokens_of", cases,
        hint=_("421 gives 8, three of a kind 5, a straight 2, anything else 1 (an int).")),
        tokens_of, ("is_421", "is_three_of_a_kind", "is_straight"))


def check_value_of(value_of: Callable[[int, int, int], int]) -> CheckResult:
    """Check ``value_of(a, b, c)`` [evalcmb]."""
    cases = [((6, 5, 1), 651), ((4, 2, 1), 421), ((1, 1, 1), 111), ((6, 6, 6), 666),
             ((5, 3, 3), 533)]
    return _check("dice421.value_of", _calls(
        value_of, "value_of", cases, hint=_("100 * a + 10 * b + c, an int.")), value_of)


class _Recorder:
    """An rng that records its calls and always answers ``face``."""

    def __init__(self, face: int) -> None:
        self.face = face
        self.calls: list[tuple[Any, ...]] = []

    def randint(self, a: int, b: int) -> int:
        self.calls.append((a, b))
        return self.face

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise _Broken(_("roll_die called rng.{name}, but a die is thrown with rng.randint(1, 6)").format(
            name=name))


def _recorded(roll_die: Callable[[Any], int]) -> list[tuple[Any, ...]]:
    """The calls ``roll_die`` makes of an rng that records them."""
    recorder = _Recorder(5)
    roll_die(recorder)
    return recorder.calls


def _throw(roll_die: Callable[[random.Random], int], seed: int) -> int:
    """``roll_die`` of a new ``random.Random(seed)``."""
    return roll_die(random.Random(seed))


def _faces(roll_die: Callable[[random.Random], int], throws: int) -> list[int]:
    """The faces ``roll_die`` shows in ``throws`` throws with one ``random.Random(1)``, each once."""
    return sorted({roll_die(rng) for rng in [random.Random(1)] for _ in range(throws)})


def check_roll_die(roll_die: Callable[[random.Random], int]) -> CheckResult:
    """Check ``roll_die(rng)`` [jetDe]: one call of ``rng.randint(1, 6)``."""
    examples = [
        Example(
            f"roll_die(random.Random({seed})) == random.Random({seed}).randint(1, 6)",
            _quiet(functools.partial(_throw, roll_die, seed)),
            random.Random(seed).randint(1, 6),
            hint=_("Throw the die with the rng you are given: return rng.randint(1, 6)."),
        )
        for seed in range(4)
    ]
    examples.append(
        Example(_("roll_die(rng) calls rng.randint(1, 6) once: calls"), _quiet(functools.partial(_recorded, roll_die)),
                [(1, 6)], hint=_("Call rng.randint(1, 6) exactly once."))
    )
    examples.append(
        Example(
            _("the faces of 300 throws with random.Random(1)"),
            _quiet(functools.partial(_faces, roll_die, 300)),
            [1, 2, 3, 4, 5, 6],
        )
    )
    return _check("dice421.roll_die", examples, roll_die, rng=True)


def _shows_in_order(prompt: Any, numbers: tuple[str, ...]) -> bool:
    """True when ``prompt`` is a text whose numbers include ``numbers``, in this order."""
    found = iter(re.findall(r"\d+", prompt)) if isinstance(prompt, str) else iter(())
    return isinstance(prompt, str) and all(number in found for number in numbers)


_RETHROW_HINT = N_('Only the answer "1" rethrows (with roll_die, after the answer); any other '
                   "keeps the die and throws nothing.")


def _answered(asked: list[str], reply: str, prompt: str = "") -> str:
    """An ``ask`` that keeps each question in ``asked`` and answers ``reply``."""
    asked.append(prompt)
    return reply


def _rethrow_question(rethrow: Callable[..., int]) -> str:
    """The question ``rethrow(5, 3, ask, rng)`` asks, or how many it asked when not one."""
    asked: list[str] = []
    try:
        _quietly(functools.partial(_call, rethrow, 5, 3, functools.partial(_answered, asked, "0"), ScriptedDice([])))
    except ScriptError as error:
        raise _Broken(_said("rethrow", error)) from None
    if len(asked) == 1:
        return asked[0]
    return ngettext("{count} question: {asked}", "{count} questions: {asked}", len(asked)).format(
        count=len(asked), asked=repr(asked))


#: check_rethrow: (die, n, the player's answer, the faces loaded)
_RETHROWS: tuple[tuple[int, int, str, list[int]], ...] = (
    (3, 2, "1", [6]), (3, 2, "0", []), (5, 2, "1", [1]), (5, 2, "", []), (4, 2, "yes", []), (4, 2, "2", []),
    (5, 1, "11", []), (2, 3, " 1 ", [2]), (2, 1, "1\t", [3]), (4, 2, "01", []), (6, 1, "+1", []),
    (3, 3, "oui", []), (1, 2, "Yes", []),
)


def check_rethrow(rethrow: Callable[..., int]) -> CheckResult:
    """Check ``rethrow(die, n, ask, rng)`` [relancer] with scripted answers and dice."""
    examples = [
        Example(f"rethrow({die}, {n}, answers([{reply!r}]), ScriptedDice({faces}))",
                _scripted("rethrow", functools.partial(_played, rethrow, (die, n), [reply]), faces, rethrow),
                faces[0] if faces else die,
                hint=_(_RETHROW_HINT), compare=same)
        for die, n, reply, faces in _RETHROWS
    ]
    examples.append(Example(
        _("the question of rethrow(5, 3, ask, rng) names die 3 and its value 5"),
        functools.partial(_rethrow_question, rethrow), rethrow_question(3, 5),
        hint=_("Ask once, with the text's prompt exactly (not printed, then asked with an empty prompt)."),
    ))
    examples.append(Example(
        _("rethrow(6, 1, ask, rng) twice with one player and one rng: asked and thrown each time"),
        _scripted("rethrow", functools.partial(_twice, rethrow, (6, 1), ["1", "1"]), [4, 5], rethrow),
        [4, 5], hint=_("Each call asks and throws afresh: keep nothing from one call to the next."), compare=same))
    examples += _generated("dice421.rethrow", rethrow=rethrow)
    return _check("dice421.rethrow", examples, rethrow, ("roll_die",))


def _played(function: Callable[..., Any], before: tuple[Any, ...], replies: list[str], dice: ScriptedDice) -> Any:
    """``function(*before, ask, dice)``, where ``ask`` types ``replies`` in order."""
    return function(*before, answers(replies, echo=False), dice)


def _printed_play(function: Callable[..., Any], before: tuple[Any, ...], replies: list[str],
                  dice: ScriptedDice) -> list[str]:
    """The non-blank lines ``function(*before, ask, dice)`` prints, ``ask`` typing ``replies``."""
    return _printed(functools.partial(_played, function, before, replies, dice))


def _asking(function: Callable[..., Any], before: tuple[Any, ...], dice: ScriptedDice,
            ask: Callable[[str], str]) -> Any:
    """``function(*before, ask, dice)``: a call with a given player."""
    return function(*before, ask, dice)


def _twice(function: Callable[..., Any], before: tuple[Any, ...], replies: list[str], dice: ScriptedDice) -> list[Any]:
    """``function(*before, ask, dice)`` made twice with one player typing ``replies``: what each returned."""
    return _again(functools.partial(_asking, function, before, dice), replies)


def _recorded_ask(asked: list[str], keys: Callable[[str], str], prompt: str = "") -> str:
    """``keys(prompt)``, the question kept in ``asked``."""
    asked.append(str(prompt))
    return keys(prompt)


def _questions(play_turn: Callable[..., Any], replies: list[str], dice: ScriptedDice) -> list[str]:
    """The three questions ``play_turn`` asks after the first one, with ``replies`` typed."""
    asked: list[str] = []
    play_turn(functools.partial(_recorded_ask, asked, answers(replies, echo=False)), dice)
    return asked[1:4]


def _numbered(got: Any, expected: list[str]) -> bool:
    """Each question shows the die number and value of ``expected``'s, in order."""
    return (isinstance(got, list) and len(got) == len(expected)
            and all(_shows_in_order(question, tuple(re.findall(r"\d+", wanted)))
                    for question, wanted in zip(got, expected)))


#: The answers of the seed's turn.
_SEED_TURN = ["1", "0", "0", "1", "1", "0", "0", "1", "0"]

#: check_play_turn: (description, the player's answers, the faces loaded, expected, hint)
_TURNS: tuple[tuple[str, list[str], list[int], tuple[int, int], str], ...] = (
    (N_("keep the first throw 6 6 5"), ["0"], [6, 6, 5], (1, 665),
     N_("Return the tuple (tokens, value): two ints.")),
    (N_("keep the first throw 1 2 4 (sorted before scoring)"), ["0"], [1, 2, 4], (8, 421),
     N_("Sort the dice with sort3_desc before tokens_of and value_of.")),
    (N_("the seed's turn: 665, rethrow die 3 -> 665, rethrow die 3 -> 666, keep"), _SEED_TURN, [6, 6, 5, 5, 6],
     (5, 666), N_("Ask 'throw again?'; then rethrow die 1, die 2 and die 3, each asked once.")),
    (N_("1 1 3, rethrow dice 2 and 3 -> 1 2 4, then keep"), ["1", "0", "1", "1", "0"], [1, 1, 3, 2, 4], (8, 421),
     N_("A second throw rethrows only the dice the player chose, then asks again.")),
    (N_("answer 1 every time: three throws, no fourth"), ["1"] * 8, [1, 2, 3, 4, 5, 6, 4, 2, 1], (8, 421),
     N_("After the third throw the turn is over: do not ask again.")),
    (N_("a non-number answer keeps the dice"), ["yes"], [3, 3, 3], (5, 333),
     N_('Only the answer "1" throws again.')),
    (N_("' 1' to throw again (spaces ignored): 1 1 3, rethrow dice 2 and 3 -> 1 2 4"),
     [" 1", "0", "1", "1", "0"], [1, 1, 3, 2, 4], (8, 421),
     N_('Only the answer "1" throws again, spaces around it ignored: answer.strip() == "1".')),
    (N_("'01' to throw again keeps the dice"), ["01"], [6, 6, 5], (1, 665),
     N_('Only the answer "1" throws again, spaces around it ignored: answer.strip() == "1".')),
    (N_("'10' to throw again keeps the dice"), ["10"], [2, 2, 2], (5, 222),
     N_('Only the answer "1" throws again, spaces around it ignored: answer.strip() == "1".')),
    (N_("answer 1 every time, the same faces come back: three throws, no fourth"), ["1"] * 8, [6, 6, 5] * 3,
     (1, 665), N_("Every throw counts, also one whose dice show the same faces again.")),
    (N_("throw again but rethrow no die, twice: both throws count, no fourth"), ["1", "0", "0", "0"] * 2,
     [5, 3, 1], (1, 531), N_("Every throw counts, also one where the player rethrows no die.")),
)


def check_play_turn(play_turn: Callable[..., tuple[int, int]]) -> CheckResult:
    """Check ``play_turn(ask, rng)`` [jouerTour] on scripted turns, the seed's among them."""
    return _check(
        "dice421.play_turn",
        [
            *(Example(_(description), _scripted("play_turn", functools.partial(_played, play_turn, (), replies),
                                                faces, play_turn), expected, hint=_(hint), compare=same)
              for description, replies, faces, expected, hint in _TURNS),
            Example(_("the questions after 'throw again' on 6 6 5 show die 1 = 6, die 2 = 6, die 3 = 5"),
                    _scripted("play_turn", functools.partial(_questions, play_turn, ["1", "0", "0", "0", "0"]),
                              [6, 6, 5], play_turn),
                    ["die 1 = 6", "die 2 = 6", "die 3 = 5"], compare=_numbered,
                    hint=_("Rethrow die 1, then die 2, then die 3: rethrow(d1, 1, ask, rng) and so on, "
                           "numbered from 1.")),
            Example(_("the lines the seed's turn prints (compared by their numbers)"),
                    _scripted("play_turn", functools.partial(_printed_play, play_turn, (), _SEED_TURN),
                              [6, 6, 5, 5, 6], play_turn),
                    [_combination("665"), _combination("665"), _combination("666"),
                     _combination("666", final=True)], compare=_same_lines,
                    hint=_("Print the combination after every throw, the first one too, then the final "
                           "combination once, each on its own line.")),
            Example(_("the lines 1 1 3, rethrow dice 2 and 3 -> 1 2 4, then keep prints (the dice in throw order)"),
                    _scripted("play_turn", functools.partial(_printed_play, play_turn, (), ["1", "0", "1", "1", "0"]),
                              [1, 1, 3, 2, 4], play_turn),
                    [_combination("113"), _combination("124"), _combination("124", final=True)],
                    compare=_same_lines,
                    hint=_("Print the dice in the order they were thrown, d1 d2 d3, not sorted.")),
            Example(_("two turns with one player and one rng, as play_game plays them: 665 kept, then 124 kept"),
                    _scripted("play_turn", functools.partial(_twice, play_turn, (), ["0", "0"]),
                              [6, 6, 5, 1, 2, 4], play_turn),
                    [(1, 665), (8, 421)], compare=same,
                    hint=_("Each turn throws its own dice: keep nothing from one call to the next.")),
            *_generated("dice421.play_turn", play_turn=play_turn),
        ],
        play_turn, ("roll_die", "rethrow", "sort3_desc", "tokens_of", "value_of"),
    )


def check_settle_different_tokens(settle: Callable[[int, int, int, int], tuple[int, int]]) -> CheckResult:
    """Check ``settle_different_tokens(nj1, nj2, total1, total2)`` [traiterJetonsDiff]."""
    cases = [((8, 1, 10, 10), (2, 18)), ((1, 2, 10, 10), (12, 8)), ((5, 2, 3, 7), (-2, 12)),
             ((1, 8, 6, 14), (14, 6)), ((2, 5, 9, 4), (14, -1))]
    shown = _("the lines {call} prints (compared by their numbers)")
    wins = _("different tokens -- player {number} wins")
    return _check("dice421.settle_different_tokens", _calls(
        settle, "settle_different_tokens", cases,
        hint=_("The player with more tokens gives that many to the other; totals may go below 0."))
        + [_lines(shown.format(call=f"settle_different_tokens{args!r}"), functools.partial(_call, settle, *args),
                  [wins.format(number=number)],
                  _("Print one line: the case, then which player wins, with the player's number."))
           for args, number in (((8, 1, 10, 10), 1), ((2, 5, 9, 4), 2))]
        + _generated("dice421.settle_different_tokens", settle_different_tokens=settle),
        settle)


def check_settle_equal_tokens(settle: Callable[[int, int, int, int, int], tuple[int, int]]) -> CheckResult:
    """Check ``settle_equal_tokens(nj, s1, s2, total1, total2)`` [traiterJetonsEgaux]."""
    cases = [((5, 666, 444, 10, 10), (5, 15)), ((2, 321, 654, 10, 10), (12, 8)),
             ((1, 642, 631, 4, 4), (3, 5)), ((1, 521, 643, 2, 9), (3, 8)),
             ((5, 111, 222, 6, 3), (11, -2))]
    shown = _("the lines {call} prints (compared by their numbers)")
    wins = _("equal tokens -- player {number} wins")
    return _check("dice421.settle_equal_tokens", _calls(
        settle, "settle_equal_tokens", cases,
        hint=_("The higher value gives nj tokens to the other; totals may go below 0."))
        + [_lines(shown.format(call=f"settle_equal_tokens{args!r}"), functools.partial(_call, settle, *args),
                  [wins.format(number=number)],
                  _("Print one line: the case, then which player wins, with the player's number."))
           for args, number in (((5, 666, 444, 10, 10), 1), ((2, 321, 654, 10, 10), 2))]
        + _generated("dice421.settle_equal_tokens", settle_equal_tokens=settle), settle)


def _round(first: str, second: str) -> list[str]:
    """What a round's two turns print when both players keep their first throw."""
    return [_("==> Player 1 active:"), _combination(first), _combination(first, final=True),
            _("==> Player 2 active:"), _combination(second), _combination(second, final=True)]


def _totals(total1: int, total2: int) -> str:
    return _("total1 = {total1}, total2 = {total2}").format(total1=total1, total2=total2)


def _game(play_game: Callable[..., tuple[int, int]], description: str, tokens: int, faces: list[int],
          expected: Any = None, hint: str = "", raises: type[BaseException] | None = None) -> Example:
    """An example of a game of ``tokens`` with loaded ``faces``, where each player keeps the first throw."""
    replies = ["0"] * (len(faces) // 3)
    return Example(description, _scripted("play_game", functools.partial(_played, play_game, (tokens,), replies),
                                          faces, play_game), expected, raises=raises, hint=hint, compare=same)


#: check_play_game: (description, tokens, the faces loaded, expected, hint) of games where each
#: player keeps the first throw
_GAMES: tuple[tuple[str, int, list[int], tuple[int, int], str], ...] = (
    (N_("8 tokens; 421 against 641"), 8, [4, 2, 1, 6, 4, 1], (0, 16),
     N_("A total of 0 ends the game at once: play rounds while both totals are above 0.")),
    (N_("10 tokens; 421 against 641, then 111 against 652"), 10, [4, 2, 1, 6, 4, 1, 1, 1, 1, 6, 5, 2], (-3, 23),
     N_("Play rounds while both totals are above 0; return the tuple of two ints.")),
    (N_("3 tokens; 654 against 333 (player 2 wins)"), 3, [6, 5, 4, 3, 3, 3], (8, -2),
     N_("The game ends when either total is 0 or less.")),
    (N_("8 tokens; 665 against 566 (a draw), then 124 against 331"), 8, [6, 6, 5, 5, 6, 6, 1, 2, 4, 3, 3, 1],
     (0, 16), N_("Same value: nothing changes, and a new round starts.")),
    (N_("1 token; 543 against 654 (same tokens, player 2's value is higher)"), 1, [5, 4, 3, 6, 5, 4], (3, -1),
     N_("Same tokens, different values: settle_equal_tokens, the higher value gives.")),
    (N_("2 tokens; 521 against 431, then 654 against 321"), 2, [5, 2, 1, 4, 3, 1, 6, 5, 4, 3, 2, 1], (-1, 5),
     N_("Settle each round from both players' totals, total1 and total2, as they are "
        "after the rounds before.")),
    (N_("5 tokens; 654 against 654, then 222 against 654"), 5, [6, 5, 4, 6, 5, 4, 2, 2, 2, 6, 5, 4], (0, 10), ""),
    (N_("2 tokens; two draws, then 641 against 652, then 531 against 222"), 2,
     [6, 6, 5, 5, 6, 6, 3, 2, 1, 2, 1, 3, 6, 4, 1, 6, 5, 2, 5, 3, 1, 2, 2, 2], (8, -4),
     N_("Keep playing rounds, as many as it takes, carrying the totals over.")),
)


def check_play_game(play_game: Callable[..., tuple[int, int]]) -> CheckResult:
    """Check ``play_game(tokens, ask, rng)`` [test_jeu] on scripted games."""
    return _check(
        "dice421.play_game",
        [
            *(_game(play_game, _(description), tokens, faces, expected, hint=_(hint) if hint else "")
              for description, tokens, faces, expected, hint in _GAMES),
            Example(_("the lines a game of 8 tokens prints: 665 against 566 (a draw), then 124 against 331"),
                    _scripted("play_game", functools.partial(_printed_play, play_game, (8,), ["0"] * 4),
                              [6, 6, 5, 5, 6, 6, 1, 2, 4, 3, 3, 1], play_game),
                    [*_round("665", "566"), _("same combinations -- a draw, play again"), _totals(8, 8),
                     *_round("124", "331"), _("different tokens -- player {number} wins").format(number=1),
                     _totals(0, 16)], compare=_same_lines,
                    hint=_("Each round prints who is active before each turn, a line for a draw, "
                           "then the new totals: total1 = 2, total2 = 18.")),
            _game(play_game, "play_game(0, ...)", 0, [], raises=ValueError,
                  hint=_("Each player starts with at least one token: raise ValueError otherwise.")),
            _game(play_game, "play_game(-4, ...)", -4, [], raises=ValueError),
            Example(_("two games of 8 tokens with one player and one rng: 421 against 641, then 641 against 421"),
                    _scripted("play_game", functools.partial(_twice, play_game, (8,), ["0"] * 4),
                              [4, 2, 1, 6, 4, 1, 6, 4, 1, 4, 2, 1], play_game),
                    [(0, 16), (16, 0)], compare=same,
                    hint=_("Each game starts afresh from its tokens: keep nothing from one call to the next.")),
            *_generated("dice421.play_game", play_game=play_game),
        ],
        play_game, ("play_turn", "settle_different_tokens", "settle_equal_tokens"),
    )


_CHECKS.update({
    "swap": check_swap, "sort2_desc": check_sort2_desc, "sort3_desc": check_sort3_desc,
    "is_straight": check_is_straight, "is_three_of_a_kind": check_is_three_of_a_kind,
    "is_421": check_is_421, "tokens_of": check_tokens_of, "value_of": check_value_of,
    "roll_die": check_roll_die, "rethrow": check_rethrow, "play_turn": check_play_turn,
    "settle_different_tokens": check_settle_different_tokens,
    "settle_equal_tokens": check_settle_equal_tokens,
})
