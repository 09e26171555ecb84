"""``course adequacy --operators student``: the mutants of the kinds students make.

Each operator is checked on small sources: a mutant it must make, and one it must not; each
mutant compiles. The memo and the kept container are run, to show they keep what they keep.
"""

from __future__ import annotations

import json

import pytest

from conftest import ROOT
from course.adequacy import report
from course.adequacy.mutants import FAMILIES, OPERATORS, cell_mutants, notebook_mutants
from course.adequacy.student import OPERATORS as STUDENT


def cell(code: str, header: str = "def f(a, b, xs):", before: str = "") -> str:
    """A cell: ``before``, then ``header`` and ``code`` in its solution region."""
    indent = " " * (len(header) - len(header.lstrip()) + 4)
    body = "\n".join(indent + line for line in code.strip("\n").splitlines())
    return f"{before}{header}\n{indent}### BEGIN SOLUTION\n{body}\n{indent}### END SOLUTION\n"


def made(source: str, operator: str) -> list[str]:
    """The mutated sources ``operator`` makes of ``source`` (each compiles)."""
    found = [text for name, text in cell_mutants(source, family="student") if name == operator]
    for text in found:
        compile(text, "<mutant>", "exec")
    return found


def changed(source: str, operator: str) -> set[str]:
    """The lines (stripped) that each mutant of ``operator`` adds, joined by newlines."""
    original = set(source.splitlines())
    return {"\n".join(line.strip() for line in text.splitlines() if line not in original)
            for text in made(source, operator)}


@pytest.mark.parametrize("operator, code, expected", [
    ("keep", "seen = []\nseen.append(a)\nreturn seen", {'seen = globals().setdefault(\'_kept_seen\', [])'}),
    ("keep", "seen: set = set()\nreturn seen", {"seen: set = globals().setdefault('_kept_seen', set())"}),
    ("keep", "seen = [a]\nreturn seen", set()),  # not empty: not a container kept to fill
    ("rand", "return rng.choice(xs)", {"return __import__('random').choice(xs)"}),
    ("rand", "random.shuffle(xs)\nreturn xs", set()),  # already module random
    ("text", 'print("Total: ")', {"print('Total:')", "print('Total. ')", "print('total: ')"}),
    ("text", 'print(f"Player {a} wins.")', {"print(f'player {a} wins.')", "print(f'Player {a} wins!')"}),
    ("text", 'raise ValueError("a is negative.")', set()),  # a message's wording is free
    ("text", 'return xs["key"]', set()),  # a key, not shown text
    ("order", "for k, v in xs.items():\n    print(k)", {"for k, v in reversed(list(xs.items())):"}),
    ("order", "return [x for x in set(xs)]", {"return [x for x in reversed(list(set(xs)))]"}),
    ("order", "return list(dict.fromkeys(xs))", {"return list(set(xs))"}),
    ("order", "for x in xs:\n    print(x)", set()),  # a list keeps its order
    ("etype", 'raise ValueError("no")', {'raise TypeError("no")'}),
    ("etype", "try:\n    return int(a)\nexcept ValueError:\n    return 0", {"except TypeError:"}),
    ("etype", "raise KeyError(a)", set()),
    ("guard", "if a < 0:\n    raise ValueError(a)\nreturn a", {"pass"}),
    ("alias", "return [[] for _ in range(a)]", {"return [[]] * a"}),
    ("alias", "return {k: [] for k in xs}", {"return dict.fromkeys(xs, [])"}),
    ("alias", "return [0 for _ in range(a)] + [[i] for i in range(b)]", set()),  # immutable, or each its own
    ("is", "return a == b or xs != b", {"return a is b or xs != b", "return a == b or xs is not b"}),
    ("is", "return a == 0 or b != None", set()),  # a literal: not two computed values
])
def test_each_student_operator_yields_its_mutants(operator: str, code: str, expected: set[str]) -> None:
    assert changed(cell(code), operator) == expected


def test_a_method_hands_out_its_own_list() -> None:
    source = cell("return list(self.cards)", "    def hand(self):", "class Player:\n")
    assert changed(source, "leak") == {"return self.cards"}
    assert changed(cell("return list(self.cards) + sorted(self.cards)\nreturn list(xs)", "    def hand(self, xs):",
                        "class Player:\n"), "leak") == set()  # not returned alone, or not the object's own


def test_a_memo_keys_values_by_value_and_the_rest_by_id() -> None:
    source = cell("if a < 0:\n    return 0\nreturn a + len(xs)", "def f(a: int, xs: list[int]) -> int:")
    [mutant] = made(source, "memo")
    assert changed(source, "memo") == {"\n".join([
        "_memo = globals().setdefault(\"_memo_f\", {})", "_key = (a, id(xs))", "if _key in _memo:",
        "return _memo[_key]", "return _memo.setdefault(_key, 0)", "return _memo.setdefault(_key, a + len(xs))"])}
    space: dict = {}
    exec(mutant, space)
    cards = [1, 2]
    assert space["f"](1, cards) == 3
    cards.append(3)
    assert space["f"](1, cards) == 3  # the memo answers for the changed list: a student's stale cache
    method = cell("return self.n + n", "    def g(self, n: int) -> int:", "class C:\n")
    assert "_key = (id(self), n)" in made(method, "memo")[0]


def test_no_memo_for_a_procedure_or_a_generator() -> None:
    assert made(cell("xs.append(a)"), "memo") == []
    assert made(cell("yield a\nreturn b"), "memo") == []


def test_a_kept_container_keeps_what_the_last_call_left() -> None:
    [mutant] = made(cell("seen = []\nseen.append(a)\nreturn seen"), "keep")
    space: dict = {}
    exec(mutant, space)
    assert space["f"](1, 0, []) == [1] and space["f"](2, 0, []) == [1, 2]


def test_a_validation_is_moved_after_the_change_that_follows_it() -> None:
    source = cell("if a < 0:\n    raise ValueError(a)\nn = len(xs)\nxs.append(a)\nreturn n")
    moved = [text for text in made(source, "guard") if "pass" not in text]
    assert len(moved) == 1
    body = [line.strip() for line in moved[0].splitlines()[2:-1]]
    assert body == ["n = len(xs)", "xs.append(a)", "if a < 0:", "raise ValueError(a)", "return n"]
    space: dict = {}
    exec(moved[0], space)
    kept: list[int] = []
    with pytest.raises(ValueError):
        space["f"](-1, 0, kept)
    assert kept == [-1]  # refused, yet changed: the mistake the move makes
    local = cell("if a < 0:\n    raise ValueError(a)\nn = a + 1\nreturn n")
    assert [text for text in made(local, "guard") if "pass" not in text] == []  # nothing a caller sees changes


def test_the_families_do_not_mix() -> None:
    source = cell("if a == b:\n    raise ValueError(a)\nreturn [[] for _ in range(a + 1)]")
    first = {name for name, _ in cell_mutants(source)}
    assert first and first <= set(OPERATORS)
    assert {name for name, _ in cell_mutants(source, family="student")} <= set(STUDENT)
    every = list(cell_mutants(source, family="all"))
    assert len({text for _, text in every}) == len(every)  # a mutant both families make, once
    assert FAMILIES["all"] == OPERATORS + STUDENT


def test_every_student_operator_makes_mutants_of_the_course() -> None:
    seen = set()
    for path in sorted((ROOT / "solutions").glob("*.ipynb")):
        for mutant in notebook_mutants(json.loads(path.read_text(encoding="utf-8")), family="student"):
            seen.add(mutant.operator)
            compile(mutant.source, mutant.id, "exec")
    assert seen == set(STUDENT)


def test_the_report_counts_each_operator() -> None:
    rows = [{"id": f"x.y#{n}", "exercise": "x.y", "operator": operator, "status": status, "check": check,
             "before": "a", "after": "b", "line": 1, "diff": "", "by": "", "stale": False, "seconds": 0.1}
            for n, (operator, status, check) in enumerate([("memo", "killed", "flagged"), ("memo",
                "survived", "passed"),
                                                           ("is", "equivalent", "passed")])]
    result = {"exercises": ["x.y"], "baseline": {}, "mutants": rows, "seconds": 1.0, "gradings": 4}
    assert report.by_operator(result) == [
        {"operator": "memo", "mutants": 2, "killed": 1, "flagged": 1, "equivalent": 0, "survivors": 1},
        {"operator": "is", "mutants": 1, "killed": 0, "flagged": 0, "equivalent": 1, "survivors": 0}]
    assert "| memo | 2 | 1 | 1 | 0 | 1 |" in report.markdown(result)


def test_course_adequacy_plans_the_family_asked_for() -> None:
    """roll_die draws with its rng: a student draws from module random, or memoizes it."""
    from course.adequacy.run import plan

    [(_, student)] = plan(ROOT, ["dice421.roll_die"], family="student")
    assert {m.operator for m in student} == {"rand", "memo"}
    [(_, first)] = plan(ROOT, ["dice421.roll_die"])
    [(_, both)] = plan(ROOT, ["dice421.roll_die"], family="all")
    assert sorted(m.after for m in both) == sorted(m.after for m in first + student)
