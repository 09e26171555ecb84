"""the 421 dice game: mistakes and alternatives written from the worksheet's text and the rules
alone (shared/rules), not from its hidden tests or its checks."""

from corpora import Alternative, Mistake

NOTEBOOK = "02_dice_421"

MISTAKES = [
    # --- 1. sorting -------------------------------------------------------------------
    Mistake("dice421-unseen-swap-sorts-instead", "dice421.swap", '''\
def swap(a: int, b: int) -> tuple[int, int]:
    """Return the pair (b, a): the two integers exchanged."""
    return (max(a, b), min(a, b))
''', "swap must return (b, a) whatever the order: swap(2, 1) is (1, 2), not a sort", replace=True,
    rule="swap-gives-b-then-a"),

    Mistake("dice421-unseen-sort2-return-inside-if", "dice421.sort2_desc", '''\
def sort2_desc(a: int, b: int) -> tuple[int, int]:
    """Return (a, b) sorted decreasingly: a tuple (x, y) with x >= y."""
    if a < b:
        a, b = swap(a, b)
        return (a, b)
''', (
        "'Return the two integers in decreasing order': returns None when a >= b (return indented in the if)"
    ), replace=True, rule="sort2-larger-first"),

    Mistake("dice421-unseen-sort3-step2-uses-original-b", "dice421.sort3_desc", '''\
def sort3_desc(a: int, b: int, c: int) -> tuple[int, int, int]:
    """Return (a, b, c) sorted decreasingly, with three calls of sort2_desc."""
    x, y = sort2_desc(a, b)
    y, z = sort2_desc(b, c)
    x, y = sort2_desc(x, y)
    return (x, y, z)
''', "'then sort b and c': the second step sorts the original b, not the b of step one (2,3,1 -> 3,3,1)", replace=True,
    rule="sort3-keeps-each-pair-in-three-steps"),

    # --- 2. naming and scoring --------------------------------------------------------
    Mistake("dice421-unseen-straight-ends-only", "dice421.is_straight", '''\
def is_straight(a: int, b: int, c: int) -> bool:
    """True when the sorted combination (a, b, c) is a straight (three consecutive dice)."""
    return a - c == 2
''', (
        "'Test that a is b + 1 and b is c + 1': only the ends are tested, so 4-4-2 or 3-3-1 count as straights"
    ), replace=True, rule="straight-needs-both-steps"),

    Mistake("dice421-unseen-three-kind-compares-b-c", "dice421.is_three_of_a_kind", '''\
def is_three_of_a_kind(a: int, b: int, c: int) -> bool:
    """True when the three dice are equal."""
    # sorted, so comparing two of them is enough
    return b == c
''', "'three equal dice': on a sorted combination b == c is not enough (6-5-5 is not three of a kind)", replace=True,
    rule="three-of-a-kind-all-equal"),

    Mistake("dice421-unseen-421-forgets-middle", "dice421.is_421", '''\
def is_421(a: int, b: int, c: int) -> bool:
    """True when the sorted combination (a, b, c) is 4, 2, 1."""
    return a == 4 and c == 1
''', "'test that a is 4, b is 2 and c is 1': b is never tested, so 4-3-1 or 4-4-1 count as 421", replace=True,
    rule="421-is-exactly-4-2-1"),

    Mistake("dice421-unseen-tokens-cafe-111", "dice421.tokens_of", '''\
def tokens_of(a: int, b: int, c: int) -> int:
    """The number of tokens of the sorted combination (a, b, c)."""
    if is_421(a, b, c):
        return 8
    if a == b == c == 1:  # the "mac" of the cafe rules
        return 7
    if is_three_of_a_kind(a, b, c):
        return 5
    if is_straight(a, b, c):
        return 2
    return 1
''', "rules: tokens are 8, 5, 2 or 1 only; three of a kind (1-1-1 included) gives 5, not the cafe's 7", replace=True,
    rule="tokens-three-of-a-kind-is-5"),

    Mistake("dice421-unseen-value-as-text", "dice421.value_of", '''\
def value_of(a: int, b: int, c: int) -> int:
    """The value 100a + 10b + c of the sorted combination (a, b, c)."""
    return f"{a}{b}{c}"
''', "'The value is s = 100a + 10b + c', an int: this returns the string '651'", replace=True, rule="value-is-an-int"),

    # --- 3. a turn --------------------------------------------------------------------
    Mistake("dice421-unseen-roll-global-random", "dice421.roll_die", '''\
def roll_die(rng: random.Random) -> int:
    """One throw of a die."""
    return random.randint(1, 6)
''', (
        "'Throw it with the rng you are given ... exactly one call of rng.randint(1, 6)': uses the random module "
        "instead"
    ), replace=True, rule="roll-with-the-given-rng"),

    Mistake("dice421-unseen-rethrow-int-answer", "dice421.rethrow", '''\
def rethrow(die: int, n: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> int:
    """Ask whether to rethrow die number n (now showing die); return its new value."""
    answer = ask(f"Value of die {n} = {die} (type 1 to rethrow)? ")
    if int(answer) == 1:
        die = roll_die(rng)
    return die
''', (
        "'any other answer, a number or not, keeps the die ... compare the text': int() crashes on 'yes' and rethrows "
        "on '01'"
    ), replace=True, rule="rethrow-compares-the-text"),

    Mistake("dice421-unseen-rethrow-rolls-before-asking", "dice421.rethrow", '''\
def rethrow(die: int, n: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> int:
    """Ask whether to rethrow die number n (now showing die); return its new value."""
    new = roll_die(rng)
    answer = ask(f"Value of die {n} = {die} (type 1 to rethrow)? ")
    if answer.strip() == "1":
        return new
    return die
''', "'If the answer is \"1\", throw the die again': the die is thrown (rng used) even when it is kept", replace=True,
    rule="rethrow-a-kept-die-is-not-thrown"),

    Mistake("dice421-unseen-turn-asks-after-third-throw", "dice421.play_turn", '''\
def play_turn(ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play one turn of at most three throws; return (tokens, value) of the final combination."""
    d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)
    throws = 1
    print(f"Current combination = {d1}{d2}{d3}")
    while ask("Type 1 to throw again (anything else keeps)? ").strip() == "1" and throws < 3:
        d1 = rethrow(d1, 1, ask, rng)
        d2 = rethrow(d2, 2, ask, rng)
        d3 = rethrow(d3, 3, ask, rng)
        throws += 1
        print(f"Current combination = {d1}{d2}{d3}")
    print(f"Final combination = {d1}{d2}{d3}")
    a, b, c = sort3_desc(d1, d2, d3)
    return (tokens_of(a, b, c), value_of(a, b, c))
''', (
        "'asked whether to throw again only while a throw is still allowed': the question comes before the limit test, "
        "so it is asked after the third throw"
    ), replace=True, rule="turn-three-throws-at-most"),

    Mistake("dice421-unseen-turn-no-print-after-rethrow", "dice421.play_turn", '''\
def play_turn(ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play one turn of at most three throws; return (tokens, value) of the final combination."""
    d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)
    throws = 1
    print(f"Current combination = {d1}{d2}{d3}")
    while throws < 3 and ask("Type 1 to throw again (anything else keeps)? ").strip() == "1":
        d1 = rethrow(d1, 1, ask, rng)
        d2 = rethrow(d2, 2, ask, rng)
        d3 = rethrow(d3, 3, ask, rng)
        throws += 1
    print(f"Final combination = {d1}{d2}{d3}")
    a, b, c = sort3_desc(d1, d2, d3)
    return (tokens_of(a, b, c), value_of(a, b, c))
''', (
        "'count one more throw, and print the new combination': the Current combination line is missing after a rethrow"
    ), replace=True, rule="turn-prints-each-combination"),

    Mistake("dice421-unseen-turn-rethrow-order-321", "dice421.play_turn", '''\
def play_turn(ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play one turn of at most three throws; return (tokens, value) of the final combination."""
    d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)
    throws = 1
    print(f"Current combination = {d1}{d2}{d3}")
    while throws < 3 and ask("Type 1 to throw again (anything else keeps)? ").strip() == "1":
        d3 = rethrow(d3, 3, ask, rng)
        d2 = rethrow(d2, 2, ask, rng)
        d1 = rethrow(d1, 1, ask, rng)
        throws += 1
        print(f"Current combination = {d1}{d2}{d3}")
    print(f"Final combination = {d1}{d2}{d3}")
    a, b, c = sort3_desc(d1, d2, d3)
    return (tokens_of(a, b, c), value_of(a, b, c))
''', "'rethrow die 1, then die 2, then die 3': asks and throws the dice in the reverse order", replace=True,
    rule="turn-rethrows-die-1-2-3"),

    # --- 4. settling a round ----------------------------------------------------------
    Mistake("dice421-unseen-diff-p2-gives-nj1", "dice421.settle_different_tokens", '''\
def settle_different_tokens(nj1: int, nj2: int, total1: int, total2: int) -> tuple[int, int]:
    """The totals after a round where the players' tokens differ (nj1 != nj2)."""
    print("different tokens -- ", end="")
    if nj1 > nj2:
        print("player 1 wins")
        total1 -= nj1
        total2 += nj1
    else:
        print("player 2 wins")
        total1 += nj1
        total2 -= nj1
    return (total1, total2)
''', (
        "'the player with more tokens ... gives that many tokens': when player 2 wins, player 1's (smaller) count is "
        "moved"
    ), replace=True, rule="different-tokens-winner-gives-its-own-count"),

    Mistake("dice421-unseen-equal-p2-wrong-direction", "dice421.settle_equal_tokens", '''\
def settle_equal_tokens(nj: int, s1: int, s2: int, total1: int, total2: int) -> tuple[int, int]:
    """The totals after a round where both players have nj tokens and values s1 != s2."""
    print("equal tokens -- ", end="")
    if s1 > s2:
        print("player 1 wins")
        total1 -= nj
        total2 += nj
    else:
        print("player 2 wins")
        total1 -= nj
        total2 += nj
    return (total1, total2)
''', (
        "'the higher value wins the round and gives nj': when player 2 wins, player 1 still gives the tokens"
    ), replace=True, rule="equal-tokens-higher-value-gives"),

    # --- 5. the game ------------------------------------------------------------------
    Mistake("dice421-unseen-game-accepts-zero-tokens", "dice421.play_game", '''\
def play_game(tokens: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play rounds until a player has no tokens left; return the final (total1, total2)."""
    if tokens < 0:
        raise ValueError(f"the number of tokens cannot be negative, not {tokens}")
    total1 = total2 = tokens
    while total1 > 0 and total2 > 0:
        print("==> Player 1 active:")
        nj1, s1 = play_turn(ask, rng)
        print("==> Player 2 active:")
        nj2, s2 = play_turn(ask, rng)
        if s1 == s2:
            print("same combinations -- a draw, play again")
        elif nj1 != nj2:
            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)
        else:
            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)
        print(f"total1 = {total1}, total2 = {total2}")
    return (total1, total2)
''', "'It must be at least 1: raise a ValueError otherwise': 0 tokens is accepted and (0, 0) returned", replace=True,
    rule="game-refuses-no-tokens"),

    Mistake("dice421-unseen-game-no-draw", "dice421.play_game", '''\
def play_game(tokens: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play rounds until a player has no tokens left; return the final (total1, total2)."""
    if tokens < 1:
        raise ValueError(f"each player starts with at least one token, not {tokens}")
    total1 = total2 = tokens
    while total1 > 0 and total2 > 0:
        print("==> Player 1 active:")
        nj1, s1 = play_turn(ask, rng)
        print("==> Player 2 active:")
        nj2, s2 = play_turn(ask, rng)
        if nj1 != nj2:
            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)
        else:
            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)
        print(f"total1 = {total1}, total2 = {total2}")
    return (total1, total2)
''', (
        "'Same value: a draw; nobody gives tokens': equal values fall into settle_equal_tokens and player 2 is paid"
    ), replace=True, rule="game-same-value-is-a-draw"),

    Mistake("dice421-unseen-game-player2-default-rng", "dice421.play_game", '''\
def play_game(tokens: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play rounds until a player has no tokens left; return the final (total1, total2)."""
    if tokens < 1:
        raise ValueError(f"each player starts with at least one token, not {tokens}")
    total1 = total2 = tokens
    while total1 > 0 and total2 > 0:
        print("==> Player 1 active:")
        nj1, s1 = play_turn(ask, rng)
        print("==> Player 2 active:")
        nj2, s2 = play_turn(ask)
        if s1 == s2:
            print("same combinations -- a draw, play again")
        elif nj1 != nj2:
            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)
        else:
            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)
        print(f"total1 = {total1}, total2 = {total2}")
    return (total1, total2)
''', "'Both turns use the same ask and rng': player 2's turn forgets rng and throws the table's dice", replace=True,
        rule="game-both-turns-throw-with-the-given-rng"),
]

ALTERNATIVES = [
    Alternative("dice421-unseen-swap-tmp", "dice421.swap", '''\
def swap(a: int, b: int) -> tuple[int, int]:
    """Return the pair (b, a): the two integers exchanged."""
    tmp = a
    a = b
    b = tmp
    return a, b
''', "the classic swap through a third variable, as in the worksheet's pseudo-code", replace=True),

    Alternative("dice421-unseen-three-kind-ends", "dice421.is_three_of_a_kind", '''\
def is_three_of_a_kind(a: int, b: int, c: int) -> bool:
    """True when the three dice are equal."""
    # the combination is sorted (a >= b >= c): the ends are equal only if all are
    return a == c
''', "relies on the sorted order the text guarantees: a == c implies a == b == c", replace=True),

    Alternative("dice421-unseen-tokens-table", "dice421.tokens_of", '''\
def tokens_of(a: int, b: int, c: int) -> int:
    """The number of tokens of the sorted combination (a, b, c): 8, 5, 2 or 1."""
    if is_straight(a, b, c):
        return 2
    elif is_three_of_a_kind(a, b, c):
        return 5
    elif is_421(a, b, c):
        return 8
    else:
        return 1
''', "the three predicates tested in another order (they never overlap), with an elif/else chain", replace=True),

    Alternative("dice421-unseen-rethrow-early-return", "dice421.rethrow", '''\
def rethrow(die: int, n: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> int:
    """Ask whether to rethrow die number n (now showing die); return its new value."""
    prompt = "Value of die " + str(n) + " = " + str(die) + " (type 1 to rethrow)? "
    if ask(prompt).strip() != "1":
        return die
    return roll_die(rng)
''', "prompt built by concatenation, early return when the die is kept", replace=True),

    Alternative("dice421-unseen-turn-for-break", "dice421.play_turn", '''\
def play_turn(ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play one turn of at most three throws; return (tokens, value) of the final combination."""
    dice = [roll_die(rng) for _ in range(3)]
    print("Current combination = " + "".join(str(d) for d in dice))
    for _throw in range(2):  # at most two more throws after the first
        if ask("Type 1 to throw again (anything else keeps)? ").strip() != "1":
            break
        for i in range(3):
            dice[i] = rethrow(dice[i], i + 1, ask, rng)
        print("Current combination = " + "".join(str(d) for d in dice))
    print("Final combination = " + "".join(str(d) for d in dice))
    a, b, c = sort3_desc(*dice)
    return tokens_of(a, b, c), value_of(a, b, c)
''', "a list of dice and a bounded for loop with break instead of a while loop with a counter", replace=True),

    Alternative("dice421-unseen-game-tokens-case-first", "dice421.play_game", '''\
def play_game(tokens: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play rounds until a player has no tokens left; return the final (total1, total2)."""
    if not tokens >= 1:
        raise ValueError("the number of tokens must be at least 1")
    total1, total2 = tokens, tokens
    while min(total1, total2) > 0:
        print("==> Player 1 active:")
        nj1, s1 = play_turn(ask, rng)
        print("==> Player 2 active:")
        nj2, s2 = play_turn(ask, rng)
        if nj1 != nj2:  # different tokens imply different values: same outcome as testing s1 == s2 first
            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)
        elif s1 != s2:
            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)
        else:
            print("draw: same value, nobody gives tokens")
        print(f"total1 = {total1}, total2 = {total2}")
    return total1, total2
''', (
        "tests the tokens first (equal values always mean equal tokens), min() in the loop test, another draw message"
    ), replace=True),
]


# More of them, of other kinds than those above.
MISTAKES += [
    # --- 1. sorting -------------------------------------------------------------------
    Mistake("dice421-unseen-swap-no-tmp", "dice421.swap", '''\
def swap(a: int, b: int) -> tuple[int, int]:
    """Return the pair (b, a): the two integers exchanged."""
    a = b
    b = a
    return (a, b)
''', (
        "'The classic swap through a third variable': without tmp the first value is lost, swap(1, 2) is (2, 2)"
    ), replace=True, rule="swap-gives-b-then-a"),

    Mistake("dice421-unseen-sort2-forgets-equal", "dice421.sort2_desc", '''\
def sort2_desc(a: int, b: int) -> tuple[int, int]:
    """Return (a, b) sorted decreasingly: a tuple (x, y) with x >= y."""
    if a < b:
        return swap(a, b)
    elif a > b:
        return (a, b)
''', "'Return the two integers in decreasing order': two equal integers (a pair of dice) return None", replace=True,
    rule="sort2-equal-dice-unchanged"),

    Mistake("dice421-unseen-sort3-two-calls-bubble-max", "dice421.sort3_desc", '''\
def sort3_desc(a: int, b: int, c: int) -> tuple[int, int, int]:
    """Return (a, b, c) sorted decreasingly, with three calls of sort2_desc."""
    # bubble the largest up to a: two comparisons
    b, c = sort2_desc(b, c)
    a, b = sort2_desc(a, b)
    return (a, b, c)
''', (
        "'with three calls of sort2_desc ... why three comparisons are enough': two calls leave b and c unsorted, (1, "
        "2, 3) gives (3, 1, 2); passes 3 2 6, 3 2 1 and 4 5 3"
    ), replace=True, rule="sort3-keeps-each-pair-in-three-steps"),

    # --- 2. naming and scoring --------------------------------------------------------
    Mistake("dice421-unseen-straight-returns-int", "dice421.is_straight", '''\
def is_straight(a: int, b: int, c: int) -> bool:
    """True when the sorted combination (a, b, c) is a straight (three consecutive dice)."""
    if a == b + 1 and b == c + 1:
        return 1
    return 0
''', "'Return True or False (a bool)': returns the ints 1 and 0, as in the C++ worksheet", replace=True,
    rule="straight-returns-a-bool"),

    Mistake("dice421-unseen-three-kind-sum-middle", "dice421.is_three_of_a_kind", '''\
def is_three_of_a_kind(a: int, b: int, c: int) -> bool:
    """True when the three dice are equal."""
    # three equal dice: their sum is three times the middle one
    return a + b + c == 3 * b
''', (
        "'three equal dice': a sum of 3b also holds for any straight (6-5-4) or 5-3-1, which become three of a kind"
    ), replace=True, rule="three-of-a-kind-all-equal"),

    Mistake("dice421-unseen-421-product-eight", "dice421.is_421", '''\
def is_421(a: int, b: int, c: int) -> bool:
    """True when the sorted combination (a, b, c) is 4, 2, 1."""
    return a * b * c == 8  # 4 * 2 * 1
''', (
        "'test that a is 4, b is 2 and c is 1': the product 8 also holds for 2-2-2, which is then scored as a 421 (8 "
        "tokens)"
    ), replace=True, rule="421-is-exactly-4-2-1"),

    Mistake("dice421-unseen-tokens-typo-args", "dice421.tokens_of", '''\
def tokens_of(a: int, b: int, c: int) -> int:
    """The number of tokens of the sorted combination (a, b, c): 8, 5, 2 or 1."""
    if is_421(a, b, c):
        return 8
    elif is_three_of_a_kind(a, b, b):
        return 5
    elif is_straight(a, b, c):
        return 2
    else:
        return 1
''', (
        "'three of a kind: 5': a copy-paste typo passes (a, b, b), so any pair on top (6-6-1) gives 5 tokens"
    ), replace=True, rule="tokens-minor-is-1"),

    Mistake("dice421-unseen-value-display-order", "dice421.value_of", '''\
def value_of(a: int, b: int, c: int) -> int:
    """The value of the combination, read as the seed displays it (124 for a 421)."""
    return 100 * c + 10 * b + a
''', (
        "'s = 100a + 10b + c with a >= b >= c': the dice read smallest first (the seed's display order), 6-5-1 is 156"
    ), replace=True, rule="value-reads-hundreds-tens-units"),

    # --- 3. a turn --------------------------------------------------------------------
    Mistake("dice421-unseen-roll-random-times-six", "dice421.roll_die", '''\
def roll_die(rng: random.Random) -> int:
    """One throw of a die, from the rng given."""
    return int(rng.random() * 6) + 1
''', (
        "'roll_die is exactly one call of rng.randint(1, 6)': the C idiom on rng.random() gives other faces from the "
        "same seed and fails on loaded dice"
    ), replace=True, rule="roll-one-call-of-randint-1-6"),

    Mistake("dice421-unseen-rethrow-no-strip", "dice421.rethrow", '''\
def rethrow(die: int, n: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> int:
    """Ask whether to rethrow die number n (now showing die); return its new value."""
    answer = ask(f"Value of die {n} = {die} (type 1 to rethrow)? ")
    if answer == "1":
        die = roll_die(rng)
    return die
''', "'only the answer 1 (spaces around it ignored) rethrows': an answer ' 1' or '1 ' keeps the die", replace=True,
    rule="rethrow-spaces-ignored"),

    Mistake("dice421-unseen-rethrow-contains-1", "dice421.rethrow", '''\
def rethrow(die: int, n: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> int:
    """Ask whether to rethrow die number n (now showing die); return its new value."""
    answer = ask(f"Value of die {n} = {die} (type 1 to rethrow)? ")
    if "1" in answer:
        die = roll_die(rng)
    return die
''', "'any other answer, a number or not, keeps the die': '10', '21' or '11' contain a 1 and rethrow", replace=True,
    rule="rethrow-only-the-answer-1"),

    Mistake("dice421-unseen-turn-counts-rethrows-from-zero", "dice421.play_turn", '''\
def play_turn(ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play one turn of at most three throws; return (tokens, value) of the final combination."""
    d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)
    print(f"Current combination = {d1}{d2}{d3}")
    throws = 0  # no rethrow yet
    while throws < 3 and ask("Type 1 to throw again (anything else keeps)? ").strip() == "1":
        d1 = rethrow(d1, 1, ask, rng)
        d2 = rethrow(d2, 2, ask, rng)
        d3 = rethrow(d3, 3, ask, rng)
        throws += 1
        print(f"Current combination = {d1}{d2}{d3}")
    print(f"Final combination = {d1}{d2}{d3}")
    a, b, c = sort3_desc(d1, d2, d3)
    return (tokens_of(a, b, c), value_of(a, b, c))
''', (
        "'Count the throws: throws = 1 ... never more than three throws in all': counting from 0 allows three "
        "rethrows, four throws"
    ), replace=True, rule="turn-three-throws-at-most"),

    Mistake("dice421-unseen-turn-no-stop-after-keep", "dice421.play_turn", '''\
def play_turn(ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play one turn of at most three throws; return (tokens, value) of the final combination."""
    d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)
    print(f"Current combination = {d1}{d2}{d3}")
    for _ in range(2):  # two rethrows at most
        if ask("Type 1 to throw again (anything else keeps)? ").strip() == "1":
            d1 = rethrow(d1, 1, ask, rng)
            d2 = rethrow(d2, 2, ask, rng)
            d3 = rethrow(d3, 3, ask, rng)
            print(f"Current combination = {d1}{d2}{d3}")
    print(f"Final combination = {d1}{d2}{d3}")
    a, b, c = sort3_desc(d1, d2, d3)
    return (tokens_of(a, b, c), value_of(a, b, c))
''', "'While ... the player answers 1': after a keep the player is asked again and may still rethrow", replace=True,
    rule="turn-a-keep-ends-the-turn"),

    Mistake("dice421-unseen-turn-sort-result-discarded", "dice421.play_turn", '''\
def play_turn(ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play one turn of at most three throws; return (tokens, value) of the final combination."""
    d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)
    throws = 1
    print(f"Current combination = {d1}{d2}{d3}")
    while throws < 3 and ask("Type 1 to throw again (anything else keeps)? ").strip() == "1":
        d1 = rethrow(d1, 1, ask, rng)
        d2 = rethrow(d2, 2, ask, rng)
        d3 = rethrow(d3, 3, ask, rng)
        throws += 1
        print(f"Current combination = {d1}{d2}{d3}")
    print(f"Final combination = {d1}{d2}{d3}")
    sort3_desc(d1, d2, d3)  # in/out parameters, as in the worksheet
    return (tokens_of(d1, d2, d3), value_of(d1, d2, d3))
''', (
        "'sort the dice with sort3_desc, and return their tokens and value': the sorted result is dropped, dice scored "
        "in throw order (1-2-4 is not a 421)"
    ), replace=True, rule="turn-sorts-before-scoring"),

    # --- 4. settling a round ----------------------------------------------------------
    Mistake("dice421-unseen-diff-gives-difference", "dice421.settle_different_tokens", '''\
def settle_different_tokens(nj1: int, nj2: int, total1: int, total2: int) -> tuple[int, int]:
    """The totals after a round where the players' tokens differ (nj1 != nj2)."""
    given = abs(nj1 - nj2)
    print("different tokens -- ", end="")
    if nj1 > nj2:
        print("player 1 wins")
        total1 -= given
        total2 += given
    else:
        print("player 2 wins")
        total1 += given
        total2 -= given
    return (total1, total2)
''', (
        "'the player with more tokens ... gives that many tokens': the difference is given (421 vs minor gives 7, not "
        "8)"
    ), replace=True, rule="different-tokens-winner-gives-its-own-count"),

    Mistake("dice421-unseen-diff-wrong-winner-message", "dice421.settle_different_tokens", '''\
def settle_different_tokens(nj1: int, nj2: int, total1: int, total2: int) -> tuple[int, int]:
    """The totals after a round where the players' tokens differ (nj1 != nj2)."""
    print("different tokens -- ", end="")
    if nj1 > nj2:
        print("player 1 wins")
        total1 -= nj1
        total2 += nj1
    else:
        print("player 1 wins")
        total1 += nj2
        total2 -= nj2
    return (total1, total2)
''', (
        "'they also print which case it was and who won': a copy-paste prints 'player 1 wins' when player 2 wins "
        "(totals right)"
    ), replace=True, rule="different-tokens-prints-who-wins"),

    Mistake("dice421-unseen-equal-winner-takes", "dice421.settle_equal_tokens", '''\
def settle_equal_tokens(nj: int, s1: int, s2: int, total1: int, total2: int) -> tuple[int, int]:
    """The totals after a round where both players have nj tokens and values s1 != s2."""
    print("equal tokens -- ", end="")
    if s1 > s2:
        print("player 1 wins")
        total1 += nj
        total2 -= nj
    else:
        print("player 2 wins")
        total1 -= nj
        total2 += nj
    return (total1, total2)
''', (
        "'the winner of the round gives tokens to the loser' (the aim is to get rid of them): here the winner takes nj "
        "from the loser"
    ), replace=True, rule="equal-tokens-higher-value-gives"),

    # --- 5. the game ------------------------------------------------------------------
    Mistake("dice421-unseen-game-continues-at-zero", "dice421.play_game", '''\
def play_game(tokens: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play rounds until a player has no tokens left; return the final (total1, total2)."""
    if tokens <= 0:
        raise ValueError(f"each player starts with at least one token, not {tokens}")
    total1 = total2 = tokens
    while total1 >= 0 and total2 >= 0:
        print("==> Player 1 active:")
        nj1, s1 = play_turn(ask, rng)
        print("==> Player 2 active:")
        nj2, s2 = play_turn(ask, rng)
        if s1 == s2:
            print("same combinations -- a draw, play again")
        elif nj1 != nj2:
            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)
        else:
            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)
        print(f"total1 = {total1}, total2 = {total2}")
    return (total1, total2)
''', (
        "'while both totals are above 0' / 'no tokens left (0 or fewer) wins': a total of exactly 0 does not end the "
        "game"
    ), replace=True, rule="game-ends-when-a-total-is-0-or-below"),

    Mistake("dice421-unseen-game-assert-not-valueerror", "dice421.play_game", '''\
def play_game(tokens: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play rounds until a player has no tokens left; return the final (total1, total2)."""
    assert tokens >= 1, "each player starts with at least one token"
    total1 = total2 = tokens
    while total1 > 0 and total2 > 0:
        print("==> Player 1 active:")
        nj1, s1 = play_turn(ask, rng)
        print("==> Player 2 active:")
        nj2, s2 = play_turn(ask, rng)
        if s1 == s2:
            print("same combinations -- a draw, play again")
        elif nj1 != nj2:
            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)
        else:
            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)
        print(f"total1 = {total1}, total2 = {total2}")
    return (total1, total2)
''', (
        "'It must be at least 1: raise a ValueError otherwise': an assert raises AssertionError (and nothing under "
        "python -O)"
    ), replace=True, rule="game-refuses-no-tokens"),

    Mistake("dice421-unseen-game-draw-on-same-tokens", "dice421.play_game", '''\
def play_game(tokens: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play rounds until a player has no tokens left; return the final (total1, total2)."""
    if tokens < 1:
        raise ValueError(f"each player starts with at least one token, not {tokens}")
    total1 = total2 = tokens
    while total1 > 0 and total2 > 0:
        print("==> Player 1 active:")
        nj1, s1 = play_turn(ask, rng)
        print("==> Player 2 active:")
        nj2, s2 = play_turn(ask, rng)
        if nj1 == nj2:
            print("same tokens -- a draw, play again")
        else:
            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)
        print(f"total1 = {total1}, total2 = {total2}")
    return (total1, total2)
''', (
        "'Same value (same s): a draw ... Otherwise (same tokens, different values): the higher value wins': equal "
        "tokens are taken for a draw, 642 vs 631 gives nothing"
    ), replace=True, rule="game-same-value-is-a-draw"),
]

ALTERNATIVES += [
    Alternative("dice421-unseen-swap-arithmetic", "dice421.swap", '''\
def swap(a: int, b: int) -> tuple[int, int]:
    """Return the pair (b, a): the two integers exchanged."""
    a = a + b
    b = a - b
    a = a - b
    return (a, b)
''', "the swap without a third variable, by sums and differences (exact on Python ints)", replace=True),

    Alternative("dice421-unseen-sort2-conditional-expression", "dice421.sort2_desc", '''\
def sort2_desc(a: int, b: int) -> tuple[int, int]:
    """Return (a, b) sorted decreasingly: a tuple (x, y) with x >= y."""
    return (a, b) if a >= b else swap(a, b)
''', "one conditional expression; equal values are returned as they are instead of going to swap", replace=True),

    Alternative("dice421-unseen-value-horner", "dice421.value_of", '''\
def value_of(a: int, b: int, c: int) -> int:
    """The value 100a + 10b + c of the sorted combination (a, b, c)."""
    value = 0
    for die in (a, b, c):
        value = 10 * value + die
    return value
''', "Horner's scheme in a loop instead of the explicit formula", replace=True),

    Alternative("dice421-unseen-turn-recursive", "dice421.play_turn", '''\
def play_turn(ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play one turn of at most three throws; return (tokens, value) of the final combination."""

    def play_on(dice: tuple[int, int, int], throws: int) -> tuple[int, int, int]:
        print("Current combination = " + "".join(str(d) for d in dice))
        if throws >= 3 or ask("Type 1 to throw again (anything else keeps)? ").strip() != "1":
            return dice
        new = tuple(rethrow(die, n, ask, rng) for n, die in enumerate(dice, start=1))
        return play_on(new, throws + 1)

    first = (roll_die(rng), roll_die(rng), roll_die(rng))
    final = play_on(first, 1)
    print("Final combination = " + "".join(str(d) for d in final))
    a, b, c = sort3_desc(*final)
    return tokens_of(a, b, c), value_of(a, b, c)
''', "a recursive helper carrying the dice as a tuple and the throw count, instead of a while loop", replace=True),

    Alternative("dice421-unseen-equal-one-print", "dice421.settle_equal_tokens", '''\
def settle_equal_tokens(nj: int, s1: int, s2: int, total1: int, total2: int) -> tuple[int, int]:
    """The totals after a round where both players have nj tokens and values s1 != s2."""
    winner = 1 if s1 > s2 else 2
    print(f"equal tokens -- player {winner} wins")
    given = nj if winner == 1 else -nj
    return (total1 - given, total2 + given)
''', "the winner computed first, one print, and a signed transfer instead of two branches", replace=True),

    Alternative("dice421-unseen-game-round-helper", "dice421.play_game", '''\
def play_game(tokens: int, ask: Callable[[str], str] = input, rng: random.Random = table_rng) -> tuple[int, int]:
    """Play rounds until a player has no tokens left; return the final (total1, total2)."""
    if tokens < 1:
        raise ValueError(f"the number of tokens must be at least 1, not {tokens}")

    def settle(first: tuple[int, int], second: tuple[int, int], totals: list[int]) -> list[int]:
        (nj1, s1), (nj2, s2) = first, second
        if s1 == s2:
            print("draw (match nul): nobody gives tokens")
            return totals
        if nj1 != nj2:
            return list(settle_different_tokens(nj1, nj2, *totals))
        return list(settle_equal_tokens(nj1, s1, s2, *totals))

    totals = [tokens, tokens]
    while all(total > 0 for total in totals):
        results = []
        for player in (1, 2):
            print(f"==> Player {player} active:")
            results.append(play_turn(ask, rng))
        totals = settle(results[0], results[1], totals)
        print(f"total1 = {totals[0]}, total2 = {totals[1]}")
    return (totals[0], totals[1])
''', "a round helper, totals in a list, the two turns in a for loop, another draw message", replace=True),
]
