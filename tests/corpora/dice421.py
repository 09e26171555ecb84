"""Worksheet 2, the 421 dice game: mistakes and correct alternatives of every exercise.

Each cell is appended to the solution notebook, so it redefines one function; the
functions after it in the worksheet (``play_turn`` calls ``roll_die``...) pick up the
redefinition, as they would in a student's notebook.
"""

from corpora import Alternative, Mistake

NOTEBOOK = "02_dice_421"

MISTAKES = [
    # 1. Sorting ------------------------------------------------------------------------
    Mistake("dice421-swap-unchanged", "dice421.swap",
            "def swap(a, b):\n    return (a, b)\n",
            "swap must exchange the two integers", rule="swap-gives-b-then-a"),
    Mistake("dice421-swap-list", "dice421.swap",
            "def swap(a, b):\n    return [b, a]\n",
            "swap returns a tuple, not a list", rule="swap-returns-one-tuple"),
    Mistake("dice421-swap-in-out", "dice421.swap",
            "def swap(a, b):\n    tmp = a\n    a = b\n    b = tmp\n",
            "the pseudo-code's in/out swap changes nothing in Python: swap must return the pair",
            rule="swap-returns-one-tuple"),
    Mistake("dice421-sort2-ignores-swap-result", "dice421.sort2_desc",
            "def sort2_desc(a, b):\n    if a < b:\n        swap(a, b)\n    return (a, b)\n",
            "swap returns the swapped pair; calling it without a, b = swap(a, b) leaves a and b as they were",
            rule="sort2-larger-first"),
    Mistake("dice421-sort2-ascending", "dice421.sort2_desc",
            "def sort2_desc(a, b):\n    return (a, b) if a <= b else (b, a)\n",
            "the larger integer comes first", rule="sort2-larger-first"),
    Mistake("dice421-sort2-dice-only", "dice421.sort2_desc",
            "def sort2_desc(a, b):\n"
            "    for high in range(6, 0, -1):\n"
            "        if high in (a, b):\n"
            "            return (high, a + b - high)\n"
            "    return (a, b)\n",
            "sort2_desc sorts any two integers, not only the faces of a die", rule="sort2-any-integers"),
    Mistake("dice421-sort3-two-calls", "dice421.sort3_desc",
            "def sort3_desc(a, b, c):\n    a, b = sort2_desc(a, b)\n    b, c = sort2_desc(b, c)\n"
            "    return (a, b, c)\n",
            "two calls of sort2_desc put the smallest last but may leave the two others unsorted",
            rule="sort3-keeps-each-pair-in-three-steps"),
    Mistake("dice421-sort3-wrong-pairs", "dice421.sort3_desc",
            "def sort3_desc(a, b, c):\n    a, b = sort2_desc(a, b)\n    a, c = sort2_desc(a, c)\n"
            "    a, b = sort2_desc(a, b)\n    return (a, b, c)\n",
            "the last two dice are never compared, so b and c can stay in the wrong order",
            rule="sort3-keeps-each-pair-in-three-steps"),
    Mistake("dice421-sort3-dice-only", "dice421.sort3_desc",
            "def sort3_desc(a, b, c):\n"
            "    numbers = [a, b, c]\n"
            "    return tuple(face for face in range(6, 0, -1) for _ in range(numbers.count(face)))\n",
            "sort3_desc sorts any three integers, not only the faces of a die", rule="sort3-any-integers"),
    Mistake("dice421-sort3-ascending", "dice421.sort3_desc",
            "def sort3_desc(a, b, c):\n    a, b = sort2_desc(a, b)\n    b, c = sort2_desc(b, c)\n"
            "    a, b = sort2_desc(a, b)\n    return (c, b, a)\n",
            "a combination is sorted in decreasing order", rule="sort3-largest-first"),
    # 2. Tokens and value ----------------------------------------------------------------
    Mistake("dice421-straight-span-two", "dice421.is_straight",
            "def is_straight(a, b, c):\n    return a - c == 2\n",
            "a straight has three consecutive dice: 4 2 2 spans two but is no straight",
            rule="straight-needs-both-steps"),
    Mistake("dice421-straight-or", "dice421.is_straight",
            "def is_straight(a, b, c):\n    return a == b + 1 or b == c + 1\n",
            "both gaps must be one, not either of them", rule="straight-needs-both-steps"),
    Mistake("dice421-straight-int", "dice421.is_straight",
            "def is_straight(a, b, c):\n    return int(a == b + 1 and b == c + 1)\n",
            "a predicate returns True or False, not 1 or 0", rule="straight-returns-a-bool"),
    Mistake("dice421-three-two-equal", "dice421.is_three_of_a_kind",
            "def is_three_of_a_kind(a, b, c):\n    return a == b\n",
            "three of a kind needs all three dice equal", rule="three-of-a-kind-all-equal"),
    Mistake("dice421-three-one-zero", "dice421.is_three_of_a_kind",
            "def is_three_of_a_kind(a, b, c):\n    return 1 if a == b == c else 0\n",
            "a predicate returns True or False, not 1 or 0", rule="three-of-a-kind-returns-a-bool"),
    Mistake("dice421-421-sum-seven", "dice421.is_421",
            "def is_421(a, b, c):\n    return a + b + c == 7\n",
            "5 1 1 also adds up to 7: a 421 is exactly 4, 2 and 1", rule="421-is-exactly-4-2-1"),
    Mistake("dice421-421-product-eight", "dice421.is_421",
            "def is_421(a, b, c):\n    return a * b * c == 8\n",
            "2 2 2 also multiplies to 8: a 421 is exactly 4, 2 and 1", rule="421-is-exactly-4-2-1"),
    Mistake("dice421-421-package-strategy", "dice421.is_421",
            "from exercises.dice421 import hunt_421\n\n"
            "def is_421(a, b, c):\n    return not hunt_421((a, b, c), 2)\n",
            "the package's hunt_421 keeps three of a kind too: what it keeps is no 421 test",
            rule="421-is-exactly-4-2-1"),
    Mistake("dice421-tokens-421-ten", "dice421.tokens_of",
            "def tokens_of(a, b, c):\n    if is_421(a, b, c):\n        return 10\n"
            "    if is_three_of_a_kind(a, b, c):\n        return 5\n"
            "    if is_straight(a, b, c):\n        return 2\n    return 1\n",
            "a 421 gives 8 tokens", rule="tokens-421-is-8"),
    Mistake("dice421-tokens-minor-zero", "dice421.tokens_of",
            "def tokens_of(a, b, c):\n    if is_421(a, b, c):\n        return 8\n"
            "    if is_three_of_a_kind(a, b, c):\n        return 5\n"
            "    if is_straight(a, b, c):\n        return 2\n    return 0\n",
            "a minor combination gives 1 token, not 0", rule="tokens-minor-is-1"),
    Mistake("dice421-tokens-five-and-two-swapped", "dice421.tokens_of",
            "def tokens_of(a, b, c):\n    if is_421(a, b, c):\n        return 8\n"
            "    if is_straight(a, b, c):\n        return 5\n"
            "    if is_three_of_a_kind(a, b, c):\n        return 2\n    return 1\n",
            "three of a kind gives 5 and a straight 2, not the other way round", rule="tokens-three-of-a-kind-is-5"),
    Mistake("dice421-value-reversed", "dice421.value_of",
            "def value_of(a, b, c):\n    return 100 * c + 10 * b + a\n",
            "the value reads the sorted dice from the largest: 100a + 10b + c", rule="value-reads-hundreds-tens-units"),
    Mistake("dice421-value-float", "dice421.value_of",
            "def value_of(a, b, c):\n    return a * 1e2 + b * 1e1 + c\n",
            "the value is an int, not a float", rule="value-is-an-int"),
    Mistake("dice421-value-text", "dice421.value_of",
            "def value_of(a, b, c):\n    return f'{a}{b}{c}'\n",
            "the value is a number to compare, not the text of the dice", rule="value-is-an-int"),
    # 3. A turn ------------------------------------------------------------------------
    Mistake("dice421-roll-global-random", "dice421.roll_die",
            "def roll_die(rng):\n    return random.randint(1, 6)\n",
            "roll_die throws with the rng it is given, not with the random module", rule="roll-with-the-given-rng"),
    Mistake("dice421-roll-zero-to-six", "dice421.roll_die",
            "def roll_die(rng):\n    return rng.randint(0, 6)\n",
            "a die shows 1 to 6: rng.randint(1, 6)", rule="die-shows-1-to-6"),
    Mistake("dice421-roll-randrange", "dice421.roll_die",
            "def roll_die(rng):\n    return rng.randrange(1, 7)\n",
            "the worksheet asks for exactly one call of rng.randint(1, 6), which loaded dice count on",
            rule="roll-one-call-of-randint-1-6"),
    Mistake("dice421-roll-twice", "dice421.roll_die",
            "def roll_die(rng):\n    rng.randint(1, 6)\n    return rng.randint(1, 6)\n",
            "one throw is one call of rng.randint(1, 6)", rule="roll-one-call-of-randint-1-6"),
    Mistake("dice421-rethrow-contains-1", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    answer = ask(f'Value of die {n} = {die} (type 1 to rethrow)? ')\n"
            "    return roll_die(rng) if '1' in answer else die\n",
            "only the answer 1 rethrows: 11 keeps the die", rule="rethrow-only-the-answer-1"),
    Mistake("dice421-rethrow-no-strip", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    if ask(f'Value of die {n} = {die} (type 1 to rethrow)? ') == '1':\n"
            "        return roll_die(rng)\n    return die\n",
            "spaces around the answer 1 are ignored: ' 1 ' rethrows too", rule="rethrow-spaces-ignored"),
    Mistake("dice421-rethrow-int-answer", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    answer = int(ask(f'Value of die {n} = {die} (type 1 to rethrow)? '))\n"
            "    return roll_die(rng) if answer == 1 else die\n",
            "an answer that is not a number keeps the die instead of crashing the turn",
            rule="rethrow-compares-the-text"),
    Mistake("dice421-rethrow-throws-first", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    new = roll_die(rng)\n"
            "    answer = ask(f'Value of die {n} = {die} (type 1 to rethrow)? ')\n"
            "    return new if answer.strip() == '1' else die\n",
            "a kept die is not thrown at all: throw only after the answer 1", rule="rethrow-a-kept-die-is-not-thrown"),
    Mistake("dice421-rethrow-vague-question", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    if ask('Type 1 to rethrow this die: ').strip() == '1':\n"
            "        return roll_die(rng)\n    return die\n",
            "the question shows the die's number and its value", rule="rethrow-question-shows-number-and-value"),
    Mistake("dice421-rethrow-table-rng", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    if ask(f'Value of die {n} = {die} (type 1 to rethrow)? ').strip() == '1':\n"
            "        return roll_die(table_rng)\n    return die\n",
            "the die is thrown again with the rng rethrow is given", rule="rethrow-1-throws-again-with-the-rng"),
    Mistake("dice421-turn-fourth-throw", "dice421.play_turn",
            "def play_turn(ask=input, rng=table_rng):\n"
            "    d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)\n"
            "    throws = 1\n"
            "    while throws <= 3 and ask('Type 1 to throw again? ').strip() == '1':\n"
            "        d1, d2, d3 = rethrow(d1, 1, ask, rng), rethrow(d2, 2, ask, rng), rethrow(d3, 3, ask, rng)\n"
            "        throws += 1\n"
            "    a, b, c = sort3_desc(d1, d2, d3)\n"
            "    return (tokens_of(a, b, c), value_of(a, b, c))\n",
            "the seed's loop `while throws <= 3` allows a fourth throw; a turn has three at most",
            rule="turn-three-throws-at-most"),
    Mistake("dice421-turn-asks-after-third", "dice421.play_turn",
            "def play_turn(ask=input, rng=table_rng):\n"
            "    d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)\n"
            "    throws = 1\n"
            "    while ask('Type 1 to throw again? ').strip() == '1' and throws < 3:\n"
            "        d1, d2, d3 = rethrow(d1, 1, ask, rng), rethrow(d2, 2, ask, rng), rethrow(d3, 3, ask, rng)\n"
            "        throws += 1\n"
            "    a, b, c = sort3_desc(d1, d2, d3)\n"
            "    return (tokens_of(a, b, c), value_of(a, b, c))\n",
            "after the third throw the player is not asked again", rule="turn-three-throws-at-most"),
    Mistake("dice421-turn-two-throws", "dice421.play_turn",
            "def play_turn(ask=input, rng=table_rng):\n"
            "    d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)\n"
            "    throws = 1\n"
            "    while throws < 2 and ask('Type 1 to throw again? ').strip() == '1':\n"
            "        d1, d2, d3 = rethrow(d1, 1, ask, rng), rethrow(d2, 2, ask, rng), rethrow(d3, 3, ask, rng)\n"
            "        throws += 1\n"
            "    a, b, c = sort3_desc(d1, d2, d3)\n"
            "    return (tokens_of(a, b, c), value_of(a, b, c))\n",
            "an off-by-one: a turn allows three throws, which shows only when the player throws three times",
            rule="turn-three-throws-at-most"),
    Mistake("dice421-turn-unsorted", "dice421.play_turn",
            "def play_turn(ask=input, rng=table_rng):\n"
            "    d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)\n"
            "    throws = 1\n"
            "    while throws < 3 and ask('Type 1 to throw again? ').strip() == '1':\n"
            "        d1, d2, d3 = rethrow(d1, 1, ask, rng), rethrow(d2, 2, ask, rng), rethrow(d3, 3, ask, rng)\n"
            "        throws += 1\n"
            "    return (tokens_of(d1, d2, d3), value_of(d1, d2, d3))\n",
            "the final dice are sorted decreasingly before they are scored", rule="turn-sorts-before-scoring"),
    Mistake("dice421-turn-rethrows-all", "dice421.play_turn",
            "def play_turn(ask=input, rng=table_rng):\n"
            "    d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)\n"
            "    throws = 1\n"
            "    while throws < 3 and ask('Type 1 to throw again? ').strip() == '1':\n"
            "        d1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)\n"
            "        throws += 1\n"
            "    a, b, c = sort3_desc(d1, d2, d3)\n"
            "    return (tokens_of(a, b, c), value_of(a, b, c))\n",
            "a rethrow throws only the dice the player chooses, each asked with rethrow",
            rule="turn-rethrows-die-1-2-3"),
    Mistake("dice421-turn-package-strategy", "dice421.play_turn",
            "from exercises.dice421 import Turn, keep_first, play_computer_turn\n\n"
            "def play_turn(ask=input, rng=table_rng):\n"
            "    turn = Turn(lambda: roll_die(rng))\n"
            "    play_computer_turn(turn, keep_first)\n"
            "    a, b, c = sort3_desc(*turn.dice)\n"
            "    return (tokens_of(a, b, c), value_of(a, b, c))\n",
            "the package's computer turn never asks the player: the player decides with ask",
            rule="turn-asks-the-player"),
    Mistake("dice421-turn-list", "dice421.play_turn",
            "_play_turn = play_turn\n\n"
            "def play_turn(ask=input, rng=table_rng):\n    return list(_play_turn(ask, rng))\n",
            "a turn's result is the tuple (tokens, value)", rule="turn-returns-a-tuple-of-two-ints"),
    # 4. Settling a round ----------------------------------------------------------------
    Mistake("dice421-settle-diff-loser-count", "dice421.settle_different_tokens",
            "def settle_different_tokens(nj1, nj2, total1, total2):\n"
            "    if nj1 > nj2:\n        return (total1 - nj2, total2 + nj2)\n"
            "    return (total1 + nj1, total2 - nj1)\n",
            "the winner gives its own number of tokens, not the loser's",
            rule="different-tokens-winner-gives-its-own-count"),
    Mistake("dice421-settle-diff-receives", "dice421.settle_different_tokens",
            "def settle_different_tokens(nj1, nj2, total1, total2):\n"
            "    if nj1 > nj2:\n        return (total1 + nj1, total2 - nj1)\n"
            "    return (total1 - nj2, total2 + nj2)\n",
            "the winner of the round gives tokens away; it does not receive them",
            rule="different-tokens-winner-gives"),
    Mistake("dice421-settle-diff-floor-zero", "dice421.settle_different_tokens",
            "def settle_different_tokens(nj1, nj2, total1, total2):\n"
            "    if nj1 > nj2:\n        return (max(0, total1 - nj1), total2 + nj1)\n"
            "    return (total1 + nj2, max(0, total2 - nj2))\n",
            "a total may go below 0: the winner gives all its tokens", rule="different-tokens-totals-may-go-below-0"),
    Mistake("dice421-settle-eq-lower-gives", "dice421.settle_equal_tokens",
            "def settle_equal_tokens(nj, s1, s2, total1, total2):\n"
            "    if s1 < s2:\n        return (total1 - nj, total2 + nj)\n"
            "    return (total1 + nj, total2 - nj)\n",
            "with equal tokens the higher value wins and gives, not the lower", rule="equal-tokens-higher-value-gives"),
    Mistake("dice421-settle-eq-one-token", "dice421.settle_equal_tokens",
            "def settle_equal_tokens(nj, s1, s2, total1, total2):\n"
            "    if s1 > s2:\n        return (total1 - 1, total2 + 1)\n"
            "    return (total1 + 1, total2 - 1)\n",
            "the winner gives the common number of tokens nj, not always 1", rule="equal-tokens-winner-gives-nj"),
    # 5. The game --------------------------------------------------------------------------
    Mistake("dice421-game-plays-on-at-zero", "dice421.play_game",
            "def play_game(tokens, ask=input, rng=table_rng):\n"
            "    if tokens <= 0:\n        raise ValueError('at least one token')\n"
            "    total1 = total2 = tokens\n"
            "    while total1 >= 0 and total2 >= 0:\n"
            "        nj1, s1 = play_turn(ask, rng)\n        nj2, s2 = play_turn(ask, rng)\n"
            "        if s1 == s2:\n            continue\n"
            "        if nj1 != nj2:\n            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)\n"
            "        else:\n            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)\n"
            "    return (total1, total2)\n",
            "a total of exactly 0 ends the game", rule="game-ends-when-a-total-is-0-or-below"),
    Mistake("dice421-game-watches-player-1-only", "dice421.play_game",
            "def play_game(tokens, ask=input, rng=table_rng):\n"
            "    if tokens <= 0:\n        raise ValueError('at least one token')\n"
            "    total1 = total2 = tokens\n"
            "    while total1 > 0:\n"
            "        nj1, s1 = play_turn(ask, rng)\n        nj2, s2 = play_turn(ask, rng)\n"
            "        if s1 == s2:\n            continue\n"
            "        if nj1 != nj2:\n            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)\n"
            "        else:\n            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)\n"
            "    return (total1, total2)\n",
            "the game ends when either player has no tokens left, player 2 too",
            rule="game-ends-when-a-total-is-0-or-below"),
    Mistake("dice421-game-draw-settled", "dice421.play_game",
            "def play_game(tokens, ask=input, rng=table_rng):\n"
            "    if tokens <= 0:\n        raise ValueError('at least one token')\n"
            "    total1 = total2 = tokens\n"
            "    while total1 > 0 and total2 > 0:\n"
            "        nj1, s1 = play_turn(ask, rng)\n        nj2, s2 = play_turn(ask, rng)\n"
            "        if nj1 != nj2:\n            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)\n"
            "        else:\n            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)\n"
            "    return (total1, total2)\n",
            "the same value is a draw that changes nothing, checked before the tokens",
            rule="game-same-value-is-a-draw"),
    Mistake("dice421-game-no-value-error", "dice421.play_game",
            "def play_game(tokens, ask=input, rng=table_rng):\n"
            "    total1 = total2 = tokens\n"
            "    while total1 > 0 and total2 > 0:\n"
            "        nj1, s1 = play_turn(ask, rng)\n        nj2, s2 = play_turn(ask, rng)\n"
            "        if s1 == s2:\n            continue\n"
            "        if nj1 != nj2:\n            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)\n"
            "        else:\n            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)\n"
            "    return (total1, total2)\n",
            "a game without tokens is refused with a ValueError", rule="game-refuses-no-tokens"),
    Mistake("dice421-game-assert", "dice421.play_game",
            "_play_game = play_game\n\n"
            "def play_game(tokens, ask=input, rng=table_rng):\n"
            "    assert tokens > 0, 'at least one token'\n"
            "    return _play_game(tokens, ask, rng)\n",
            "the wrong error type: a bad token count raises ValueError, not AssertionError",
            rule="game-refuses-no-tokens"),
    Mistake("dice421-game-three-rounds-at-most", "dice421.play_game",
            "def play_game(tokens, ask=input, rng=table_rng):\n"
            "    if tokens <= 0:\n        raise ValueError('at least one token')\n"
            "    total1 = total2 = tokens\n"
            "    for _ in range(3):\n"
            "        if total1 <= 0 or total2 <= 0:\n            break\n"
            "        nj1, s1 = play_turn(ask, rng)\n        nj2, s2 = play_turn(ask, rng)\n"
            "        if s1 == s2:\n            continue\n"
            "        if nj1 != nj2:\n            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)\n"
            "        else:\n            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)\n"
            "    return (total1, total2)\n",
            "rounds go on until a player has no tokens, however many it takes (shows on long games)",
            rule="game-goes-on-until-a-total-is-0"),
    Mistake("dice421-game-stale-totals", "dice421.play_game",
            "def play_game(tokens, ask=input, rng=table_rng):\n"
            "    if tokens <= 0:\n        raise ValueError('at least one token')\n"
            "    total1 = total2 = tokens\n"
            "    while total1 > 0 and total2 > 0:\n"
            "        nj1, s1 = play_turn(ask, rng)\n        nj2, s2 = play_turn(ask, rng)\n"
            "        if s1 == s2:\n            continue\n"
            "        if nj1 != nj2:\n            total1, total2 = settle_different_tokens(nj1, nj2, tokens, tokens)\n"
            "        else:\n            total1, total2 = settle_equal_tokens(nj1, s1, s2, tokens, tokens)\n"
            "    return (total1, total2)\n",
            "the totals carry over from round to round; each round does not start again from tokens",
            rule="game-totals-carry-over"),
    Mistake("dice421-game-list", "dice421.play_game",
            "_play_game = play_game\n\n"
            "def play_game(tokens, ask=input, rng=table_rng):\n    return list(_play_game(tokens, ask, rng))\n",
            "the final totals are the tuple (total1, total2)", rule="game-returns-a-tuple-of-two-ints"),
    # Written after the first round of hidden tests, and kept out of their sight: answers
    # typed another way, throws counted another way, a question that shows its numbers
    # the other way round, one player's total forgotten.
    Mistake("dice421-rethrow-int-or-keep", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    answer = ask(f'Value of die {n} = {die} (type 1 to rethrow)? ')\n"
            "    try:\n        wanted = int(answer) == 1\n"
            "    except ValueError:\n        wanted = False\n"
            "    return roll_die(rng) if wanted else die\n",
            "only the text 1 rethrows: 01, +1 or a full-width 1 are other answers, which keep",
            rule="rethrow-compares-the-text"),
    Mistake("dice421-rethrow-oui", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    answer = ask(f'Value of die {n} = {die} (type 1 to rethrow)? ').strip().lower()\n"
            "    return roll_die(rng) if answer in ('1', 'o', 'oui') else die\n",
            "any answer but 1 keeps the die, oui and o too", rule="rethrow-only-the-answer-1"),
    Mistake("dice421-rethrow-value-before-number", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    if ask(f'Value of die {die} = {n} (type 1 to rethrow)? ').strip() == '1':\n"
            "        return roll_die(rng)\n    return die\n",
            "the question shows the die's number, then its value: 'Value of die 3 = 5'",
            rule="rethrow-question-shows-number-and-value"),
    Mistake("dice421-turn-again-no-strip", "dice421.play_turn",
            (
                'def play_turn(ask=input, rng=table_rng):\n    d1, d2, d3 = roll_die(rng), roll_die(rng), '
                'roll_die(rng)\n    throws = 1\n    print(f"Current combination = {d1}{d2}{d3}")\n    while throws < 3 '
                'and ask(\'Type 1 to throw again (anything else keeps)? \') == \'1\':\n        d1 = rethrow(d1, 1, '
                'ask, rng)\n        d2 = rethrow(d2, 2, ask, rng)\n        d3 = rethrow(d3, 3, ask, rng)\n        '
                'throws += 1\n        print(f"Current combination = {d1}{d2}{d3}")\n    print(f"Final combination = '
                '{d1}{d2}{d3}")\n    a, b, c = sort3_desc(d1, d2, d3)\n    return (tokens_of(a, b, c), value_of(a, b, '
                'c))\n'
            ),
            "as in rethrow, spaces around the answer 1 are ignored: ' 1' throws again",
            rule="turn-only-the-answer-1-throws-again"),
    Mistake("dice421-turn-again-int", "dice421.play_turn",
            (
                'def again(ask):\n    try:\n        return int(ask(\'Type 1 to throw again (anything else keeps)? \')) '
                '== 1\n    except ValueError:\n        return False\n\ndef play_turn(ask=input, rng=table_rng):\n    '
                'd1, d2, d3 = roll_die(rng), roll_die(rng), roll_die(rng)\n    throws = 1\n    print(f"Current '
                'combination = {d1}{d2}{d3}")\n    while throws < 3 and again(ask):\n        d1 = rethrow(d1, 1, ask, '
                'rng)\n        d2 = rethrow(d2, 2, ask, rng)\n        d3 = rethrow(d3, 3, ask, rng)\n        throws += '
                '1\n        print(f"Current combination = {d1}{d2}{d3}")\n    print(f"Final combination = '
                '{d1}{d2}{d3}")\n    a, b, c = sort3_desc(d1, d2, d3)\n    return (tokens_of(a, b, c), value_of(a, b, '
                'c))\n'
            ),
            "only the text 1 throws again: 01 keeps the dice", rule="turn-only-the-answer-1-throws-again"),
    Mistake("dice421-turn-again-starts-with-1", "dice421.play_turn",
            (
                'def play_turn(ask=input, rng=table_rng):\n    d1, d2, d3 = roll_die(rng), roll_die(rng), '
                'roll_die(rng)\n    throws = 1\n    print(f"Current combination = {d1}{d2}{d3}")\n    while throws < 3 '
                'and ask(\'Type 1 to throw again (anything else keeps)? \').strip().startswith(\'1\'):\n        d1 = '
                'rethrow(d1, 1, ask, rng)\n        d2 = rethrow(d2, 2, ask, rng)\n        d3 = rethrow(d3, 3, ask, '
                'rng)\n        throws += 1\n        print(f"Current combination = {d1}{d2}{d3}")\n    print(f"Final '
                'combination = {d1}{d2}{d3}")\n    a, b, c = sort3_desc(d1, d2, d3)\n    return (tokens_of(a, b, c), '
                'value_of(a, b, c))\n'
            ),
            "only the answer 1 throws again: 10 or 1.0 keep the dice", rule="turn-only-the-answer-1-throws-again"),
    Mistake("dice421-turn-counts-changed-dice", "dice421.play_turn",
            (
                'def play_turn(ask=input, rng=table_rng):\n    d1, d2, d3 = roll_die(rng), roll_die(rng), '
                'roll_die(rng)\n    throws = 1\n    print(f"Current combination = {d1}{d2}{d3}")\n    while throws < 3 '
                'and ask(\'Type 1 to throw again (anything else keeps)? \').strip() == \'1\':\n        before = (d1, '
                'd2, d3)\n        d1, d2, d3 = rethrow(d1, 1, ask, rng), rethrow(d2, 2, ask, rng), rethrow(d3, 3, ask, '
                'rng)\n        if (d1, d2, d3) != before:\n            throws += 1\n    print(f"Final combination = '
                '{d1}{d2}{d3}")\n    a, b, c = sort3_desc(d1, d2, d3)\n    return (tokens_of(a, b, c), value_of(a, b, '
                'c))\n'
            ),
            "every throw counts, also one whose dice come back with the same faces", rule="turn-every-throw-counts"),
    Mistake("dice421-turn-counts-rethrown-dice", "dice421.play_turn",
            (
                "def play_turn(ask=input, rng=table_rng):\n    dice = [roll_die(rng) for _ in range(3)]\n    throws = "
                "1\n    while throws < 3 and ask('Type 1 to throw again (anything else keeps)? ').strip() == '1':\n    "
                "    moved = False\n        for n in (1, 2, 3):\n            if ask(f'Value of die {n} = {dice[n - 1]} "
                "(type 1 to rethrow)? ').strip() == '1':\n                dice[n - 1] = roll_die(rng)\n                "
                "moved = True\n        if moved:\n            throws += 1\n    a, b, c = sort3_desc(*dice)\n    return "
                "(tokens_of(a, b, c), value_of(a, b, c))\n"
            ),
            "a throw where the player rethrows no die still counts: three throws at most",
            rule="turn-every-throw-counts"),
    Mistake("dice421-turn-dice-numbered-from-0", "dice421.play_turn",
            (
                "def play_turn(ask=input, rng=table_rng):\n    dice = [roll_die(rng) for _ in range(3)]\n    for _ in "
                "range(2):\n        if ask('Type 1 to throw again (anything else keeps)? ').strip() != '1':\n          "
                "  break\n        dice = [rethrow(die, n, ask, rng) for n, die in enumerate(dice)]\n    a, b, c = "
                "sort3_desc(*dice)\n    return (tokens_of(a, b, c), value_of(a, b, c))\n"
            ),
            "the dice are numbered 1, 2, 3 in the questions, as rethrow's n", rule="turn-rethrows-die-1-2-3"),
    Mistake("dice421-game-equal-tokens-total1-twice", "dice421.play_game",
            "def play_game(tokens, ask=input, rng=table_rng):\n"
            "    if tokens <= 0:\n        raise ValueError('at least one token')\n"
            "    total1 = total2 = tokens\n"
            "    while total1 > 0 and total2 > 0:\n"
            "        nj1, s1 = play_turn(ask, rng)\n        nj2, s2 = play_turn(ask, rng)\n"
            "        if s1 == s2:\n            continue\n"
            "        if nj1 != nj2:\n            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)\n"
            "        else:\n            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total1)\n"
            "    return (total1, total2)\n",
            "each round starts from both players' own totals: player 2's total is total2",
            rule="game-totals-carry-over"),
    Mistake('dice421-turn-prints-sorted-dice', 'dice421.play_turn',
            (
                'def play_turn(ask=input, rng=table_rng):\n    d1, d2, d3 = roll_die(rng), roll_die(rng), '
                'roll_die(rng)\n    throws = 1\n    print("Current combination = %d%d%d" % sort3_desc(d1, d2, d3))\n   '
                ' while throws < 3 and ask(\'Type 1 to throw again (anything else keeps)? \').strip() == \'1\':\n      '
                '  d1 = rethrow(d1, 1, ask, rng)\n        d2 = rethrow(d2, 2, ask, rng)\n        d3 = rethrow(d3, 3, '
                'ask, rng)\n        throws += 1\n        print("Current combination = %d%d%d" % sort3_desc(d1, d2, '
                'd3))\n    print("Final combination = %d%d%d" % sort3_desc(d1, d2, d3))\n    a, b, c = sort3_desc(d1, '
                'd2, d3)\n    return (tokens_of(a, b, c), value_of(a, b, c))\n'
            ),
            'the combination is printed in throw order (d1 d2 d3), as the text says, not sorted',
            rule="turn-prints-each-combination"),
    Mistake('dice421-turn-no-final-line', 'dice421.play_turn',
            (
                'def play_turn(ask=input, rng=table_rng):\n    d1, d2, d3 = roll_die(rng), roll_die(rng), '
                'roll_die(rng)\n    throws = 1\n    print(f"Current combination = {d1}{d2}{d3}")\n    while throws < 3 '
                'and ask(\'Type 1 to throw again (anything else keeps)? \').strip() == \'1\':\n        d1 = '
                'rethrow(d1, 1, ask, rng)\n        d2 = rethrow(d2, 2, ask, rng)\n        d3 = rethrow(d3, 3, ask, '
                'rng)\n        throws += 1\n        print(f"Current combination = {d1}{d2}{d3}")\n    pass\n    a, b, '
                'c = sort3_desc(d1, d2, d3)\n    return (tokens_of(a, b, c), value_of(a, b, c))\n'
            ),
            'the turn ends with the line Final combination = ...', rule="turn-prints-each-combination"),
    Mistake('dice421-turn-prints-first-throw-only', 'dice421.play_turn',
            (
                'def play_turn(ask=input, rng=table_rng):\n    d1, d2, d3 = roll_die(rng), roll_die(rng), '
                'roll_die(rng)\n    throws = 1\n    print(f"Current combination = {d1}{d2}{d3}")\n    while throws < 3 '
                'and ask(\'Type 1 to throw again (anything else keeps)? \').strip() == \'1\':\n        d1 = '
                'rethrow(d1, 1, ask, rng)\n        d2 = rethrow(d2, 2, ask, rng)\n        d3 = rethrow(d3, 3, ask, '
                'rng)\n        throws += 1\n        pass\n    print(f"Final combination = {d1}{d2}{d3}")\n    a, b, c '
                '= sort3_desc(d1, d2, d3)\n    return (tokens_of(a, b, c), value_of(a, b, c))\n'
            ),
            'every throw again prints the new combination, not only the first throw',
            rule="turn-prints-each-combination"),
    Mistake('dice421-turn-prints-at-the-top-of-the-loop', 'dice421.play_turn',
            (
                "def play_turn(ask=input, rng=table_rng):\n    d1, d2, d3 = roll_die(rng), roll_die(rng), "
                "roll_die(rng)\n    throws = 1\n    while throws < 3:\n        print(f'Current combination = "
                "{d1}{d2}{d3}')\n        if ask('Type 1 to throw again (anything else keeps)? ').strip() != '1':\n     "
                "       break\n        d1 = rethrow(d1, 1, ask, rng)\n        d2 = rethrow(d2, 2, ask, rng)\n        "
                "d3 = rethrow(d3, 3, ask, rng)\n        throws += 1\n    print(f'Final combination = {d1}{d2}{d3}')\n  "
                "  a, b, c = sort3_desc(d1, d2, d3)\n    return (tokens_of(a, b, c), value_of(a, b, c))\n"
            ),
            'the combination printed at the top of the loop: the third throw is never shown',
            rule="turn-prints-each-combination"),
    Mistake('dice421-settle-diff-prints-the-loser', 'dice421.settle_different_tokens',
            (
                "def settle_different_tokens(nj1, nj2, total1, total2):\n    if nj1 > nj2:\n        print('different "
                "tokens -- player 2 loses')\n        return (total1 - nj1, total2 + nj1)\n    print('different tokens "
                "-- player 1 loses')\n    return (total1 + nj2, total2 - nj2)\n"
            ),
            'the line says who wins the round: the player with more tokens', rule="different-tokens-prints-who-wins"),
    Mistake('dice421-settle-eq-silent', 'dice421.settle_equal_tokens',
            (
                'def settle_equal_tokens(nj, s1, s2, total1, total2):\n    if s1 > s2:\n        return (total1 - nj, '
                'total2 + nj)\n    return (total1 + nj, total2 - nj)\n'
            ),
            'like the worksheet, settling prints which case it was and who won', rule="equal-tokens-prints-who-wins"),
    Mistake('dice421-game-no-totals-line', 'dice421.play_game',
            (
                "def play_game(tokens, ask=input, rng=table_rng):\n    if tokens <= 0:\n        raise ValueError('at "
                "least one token')\n    total1 = total2 = tokens\n    while total1 > 0 and total2 > 0:\n        "
                "print('==> Player 1 active:')\n        nj1, s1 = play_turn(ask, rng)\n        print('==> Player 2 "
                "active:')\n        nj2, s2 = play_turn(ask, rng)\n        pass\n        if s1 == s2:\n            "
                "print('same combinations -- a draw, play again')\n        elif nj1 != nj2:\n            total1, "
                "total2 = settle_different_tokens(nj1, nj2, total1, total2)\n        else:\n            total1, total2 "
                "= settle_equal_tokens(nj1, s1, s2, total1, total2)\n        pass\n    return (total1, total2)\n"
            ),
            'each round ends with the line total1 = ..., total2 = ... (the widget reads it)',
            rule="game-prints-players-rounds-and-totals"),
    Mistake('dice421-game-totals-before-settling', 'dice421.play_game',
            (
                "def play_game(tokens, ask=input, rng=table_rng):\n    if tokens <= 0:\n        raise ValueError('at "
                "least one token')\n    total1 = total2 = tokens\n    while total1 > 0 and total2 > 0:\n        "
                "print('==> Player 1 active:')\n        nj1, s1 = play_turn(ask, rng)\n        print('==> Player 2 "
                "active:')\n        nj2, s2 = play_turn(ask, rng)\n        print(f'total1 = {total1}, total2 = "
                "{total2}')\n        if s1 == s2:\n            print('same combinations -- a draw, play again')\n      "
                "  elif nj1 != nj2:\n            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)\n  "
                "      else:\n            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)\n        "
                "pass\n    return (total1, total2)\n"
            ),
            'the totals printed are the new ones, after the round is settled',
            rule="game-prints-players-rounds-and-totals"),
    Mistake('dice421-game-silent-draw', 'dice421.play_game',
            (
                "def play_game(tokens, ask=input, rng=table_rng):\n    if tokens <= 0:\n        raise ValueError('at "
                "least one token')\n    total1 = total2 = tokens\n    while total1 > 0 and total2 > 0:\n        "
                "print('==> Player 1 active:')\n        nj1, s1 = play_turn(ask, rng)\n        print('==> Player 2 "
                "active:')\n        nj2, s2 = play_turn(ask, rng)\n        pass\n        if s1 == s2:\n            "
                "pass\n        elif nj1 != nj2:\n            total1, total2 = settle_different_tokens(nj1, nj2, "
                "total1, total2)\n        else:\n            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, "
                "total2)\n        print(f'total1 = {total1}, total2 = {total2}')\n    return (total1, total2)\n"
            ),
            'a draw prints a line that says so', rule="game-prints-players-rounds-and-totals"),
    Mistake('dice421-game-one-active-line', 'dice421.play_game',
            (
                "def play_game(tokens, ask=input, rng=table_rng):\n    if tokens <= 0:\n        raise ValueError('at "
                "least one token')\n    total1 = total2 = tokens\n    while total1 > 0 and total2 > 0:\n        "
                "print('==> Player 1 active:')\n        nj1, s1 = play_turn(ask, rng)\n        nj2, s2 = "
                "play_turn(ask, rng)\n        pass\n        if s1 == s2:\n            print('same combinations -- a "
                "draw, play again')\n        elif nj1 != nj2:\n            total1, total2 = "
                "settle_different_tokens(nj1, nj2, total1, total2)\n        else:\n            total1, total2 = "
                "settle_equal_tokens(nj1, s1, s2, total1, total2)\n        print(f'total1 = {total1}, total2 = "
                "{total2}')\n    return (total1, total2)\n"
            ),
            "each turn is announced: ==> Player 2 active: before player 2's turn too",
            rule="game-prints-players-rounds-and-totals"),
    # decisions written into the text: three calls of sort2_desc, the prompt exactly, strip()
    Mistake("dice421-sort3-with-sorted", "dice421.sort3_desc",
            "def sort3_desc(a, b, c):\n    return tuple(sorted((a, b, c), reverse=True))\n",
            "the text asks for three calls of sort2_desc, not sorted: right results, no call",
            rule="sort3-three-calls-of-sort2"),
    Mistake("dice421-sort3-four-calls", "dice421.sort3_desc",
            "def sort3_desc(a, b, c):\n    a, b = sort2_desc(a, b)\n    b, c = sort2_desc(b, c)\n"
            "    a, b = sort2_desc(a, b)\n    b, c = sort2_desc(b, c)\n    return (a, b, c)\n",
            "three calls are enough and the text asks for three: a fourth, just in case, is one too many",
            rule="sort3-three-calls-of-sort2"),
    Mistake("dice421-rethrow-in-french", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    reponse = ask(f'Valeur du dé {n} = {die} (tapez 1 pour relancer) ? ')\n"
            "    if reponse.strip() in {'1'}:\n        return roll_die(rng)\n    return die\n",
            "the prompt is the text's, in the notebook's language: an English notebook asks in English",
            rule="rethrow-asks-the-texts-prompt"),
    Mistake("dice421-rethrow-space-before-question-mark", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    if ask(f'Value of die {n} = {die} (type 1 to rethrow) ? ').strip() == '1':\n"
            "        return roll_die(rng)\n    return die\n",
            "the prompt is the text's exactly: no space before the question mark",
            rule="rethrow-asks-the-texts-prompt"),
    Mistake("dice421-rethrow-prints-then-asks", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    print(f'Value of die {n} = {die} (type 1 to rethrow)? ', end='')\n"
            "    if ask('').strip() == '1':\n"
            "        return roll_die(rng)\n    return die\n",
            "the prompt is passed to ask, not printed before an empty one: it looks the same on a console only",
            rule="rethrow-asks-the-texts-prompt"),
    Mistake("dice421-rethrow-strips-spaces-only", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    if ask(f'Value of die {n} = {die} (type 1 to rethrow)? ').strip(' ') == '1':\n"
            "        return roll_die(rng)\n    return die\n",
            "whitespace around the 1 is ignored as str.strip() ignores it: a tab after the 1 too",
            rule="rethrow-spaces-ignored"),

]

ALTERNATIVES = [
    Alternative("dice421-swap-through-tmp", "dice421.swap",
                "def swap(a, b):\n    tmp = a\n    a = b\n    b = tmp\n    return a, b\n",
                "the pseudo-code's swap through a third variable, then the pair returned"),
    Alternative("dice421-sort2-max-min", "dice421.sort2_desc",
                "def sort2_desc(a, b):\n    return (max(a, b), min(a, b))\n",
                "max and min instead of a comparison and swap"),
    Alternative("dice421-sort3-other-order", "dice421.sort3_desc",
                "def sort3_desc(a, b, c):\n    b, c = sort2_desc(b, c)\n    a, b = sort2_desc(a, b)\n"
                "    b, c = sort2_desc(b, c)\n    return (a, b, c)\n",
                "another legal order of the three calls: the largest first, then the two others"),
    Alternative("dice421-predicates-as-sets-and-tuples", "dice421.is_421",
                "def is_421(a, b, c):\n    return {a, b, c} == {1, 2, 4}\n\n"
                "def is_three_of_a_kind(a, b, c):\n    return len({a, b, c}) == 1\n\n"
                "def is_straight(a, b, c):\n    return (a, b, c) == (c + 2, c + 1, c)\n",
                "sets and tuples instead of chained comparisons"),
    Alternative("dice421-tokens-from-bools", "dice421.tokens_of",
                "def tokens_of(a, b, c):\n"
                "    return 8 * is_421(a, b, c) + 5 * is_three_of_a_kind(a, b, c) "
                "+ 2 * is_straight(a, b, c) or 1\n",
                "arithmetic on the predicates' bools (at most one is true) gives the same ints"),
    Alternative("dice421-tokens-table", "dice421.tokens_of",
                "TOKENS = [(is_straight, 2), (is_421, 8), (is_three_of_a_kind, 5)]\n\n"
                "def tokens_of(a, b, c):\n"
                "    for named, tokens in TOKENS:\n"
                "        if named(a, b, c):\n            return tokens\n"
                "    return 1\n",
                "a table of predicates in another order: the three kinds never overlap"),
    Alternative("dice421-value-from-text", "dice421.value_of",
                "def value_of(a, b, c):\n    return int(f'{a}{b}{c}')\n",
                "the dice read as a number through their text"),
    Alternative("dice421-turn-list-and-for", "dice421.play_turn",
                "def play_turn(ask=input, rng=table_rng):\n"
                "    dice = [roll_die(rng) for _ in range(3)]\n"
                "    print('Current combination =', ''.join(map(str, dice)))\n"
                "    for _ in range(2):\n"
                "        if ask('Type 1 to throw again (anything else keeps)? ').strip() != '1':\n"
                "            break\n"
                "        dice = [rethrow(die, n, ask, rng) for n, die in enumerate(dice, start=1)]\n"
                "        print('Current combination =', ''.join(map(str, dice)))\n"
                "    print('Final:', *dice)\n"
                "    a, b, c = sort3_desc(*dice)\n"
                "    return (tokens_of(a, b, c), value_of(a, b, c))\n",
                (
                    "a list of dice and a bounded for loop with break instead of three names and a while; the final "
                    "dice printed apart by spaces"
                )),
    Alternative("dice421-game-recursive", "dice421.play_game",
                "def play_game(tokens, ask=input, rng=table_rng):\n"
                "    if not tokens >= 1:\n        raise ValueError(f'tokens must be at least 1, not {tokens}')\n"
                "    return next_rounds(tokens, tokens, ask, rng)\n\n"
                "def next_rounds(total1, total2, ask, rng):\n"
                "    if min(total1, total2) <= 0:\n        return (total1, total2)\n"
                "    print('\\n==> Player 1 active:')\n    nj1, s1 = play_turn(ask, rng)\n"
                "    print('==> Player 2 active:')\n    nj2, s2 = play_turn(ask, rng)\n"
                "    if nj1 != nj2:\n        total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)\n"
                "    elif s1 != s2:\n        total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)\n"
                "    else:\n        print('Draw: nobody gives a token')\n"
                "    print(f'total1 = {total1}, total2 = {total2}')\n"
                "    return next_rounds(total1, total2, ask, rng)\n",
                "recursion over the rounds, with tokens compared before values (equal values mean equal tokens)"),
    Alternative("dice421-rethrow-split", "dice421.rethrow",
            "def rethrow(die, n, ask=input, rng=table_rng):\n"
            "    words = ask('Value of die ' + str(n) + ' = ' + str(die) + ' (type 1 to rethrow)? ').split()\n"
            "    return rng.randint(1, 6) if words == ['1'] else die\n",
            "the answer's words compared with ['1'], the die thrown with rng.randint itself"),
    Alternative("dice421-turn-recursive", "dice421.play_turn",
            "def play_turn(ask=input, rng=table_rng):\n"
            "    return next_throw([roll_die(rng), roll_die(rng), roll_die(rng)], 2, ask, rng)\n\n"
            "def next_throw(dice, left, ask, rng):\n"
            "    print('The dice show', *dice)\n"
            "    if left and ask('Type 1 to throw again (anything else keeps)? ').strip() == '1':\n"
            "        return next_throw([rethrow(d, n, ask, rng) for n, d in enumerate(dice, 1)], left - 1, ask, rng)\n"
            "    print('You keep', ''.join(map(str, dice)))\n"
            "    a, b, c = sort3_desc(*dice)\n"
            "    return tokens_of(a, b, c), value_of(a, b, c)\n",
            "recursion over the throws left instead of a counter, the combinations printed in other words"),
    Alternative("dice421-game-draw-as-pairs", "dice421.play_game",
            "def play_game(tokens, ask=input, rng=table_rng):\n"
            "    if tokens < 1:\n        raise ValueError('each player starts with at least one token')\n"
            "    totals = [tokens, tokens]\n"
            "    while min(totals) > 0:\n"
            "        turns = []\n"
            "        for player in (1, 2):\n"
            "            print(f'==> Player {player} active:')\n"
            "            turns.append(play_turn(ask, rng))\n"
            "        first, second = turns\n"
            "        if first == second:\n            print('A draw: same combinations, the round is played again.')\n"
            "        elif first[0] != second[0]:\n"
            "            totals = list(settle_different_tokens(first[0], second[0], *totals))\n"
            "        else:\n"
            "            totals = list(settle_equal_tokens(first[0], first[1], second[1], *totals))\n"
            "        print('total1 = %d, total2 = %d' % tuple(totals))\n"
            "    return tuple(totals)\n",
            "a draw as equal (tokens, value) pairs, the totals in a list, the players' turns in a loop"),
    Alternative("dice421-settle-by-sign", "dice421.settle_different_tokens",
            "def settle_different_tokens(nj1, nj2, total1, total2):\n"
            "    given = nj1 if nj1 > nj2 else -nj2\n"
            "    print('different tokens:', 'player', 1 if given > 0 else 2, 'wins')\n"
            "    return total1 - given, total2 + given\n",
            "one signed number of tokens given by player 1 instead of two branches"),
    Alternative('dice421-settle-eq-one-print-in-french', 'dice421.settle_equal_tokens',
            (
                "def settle_equal_tokens(nj, s1, s2, total1, total2):\n    winner = 1 if s1 > s2 else 2\n    "
                "print(f'jetons égaux : le joueur {winner} gagne la manche')\n    if winner == 1:\n        return "
                "total1 - nj, total2 + nj\n    return total1 + nj, total2 - nj\n"
            ),
            'one line in French naming the winner, then one branch per winner'),
    Alternative('dice421-turn-dice-spaced', 'dice421.play_turn',
            (
                "def play_turn(ask=input, rng=table_rng):\n    dice = [roll_die(rng), roll_die(rng), roll_die(rng)]\n  "
                "  throws = 1\n    print('Current combination =', *dice)\n    while throws < 3 and ask('Type 1 to "
                "throw again (anything else keeps)? ').strip() == '1':\n        dice = [rethrow(die, n, ask, rng) for "
                "n, die in zip((1, 2, 3), dice)]\n        throws += 1\n        print('Current combination =', *dice)\n "
                "   print('Final combination =', *dice, end='\\n\\n')\n    a, b, c = sort3_desc(*dice)\n    return "
                "(tokens_of(a, b, c), value_of(a, b, c))\n"
            ),
            'the dice printed apart by spaces (6 6 5), and a blank line after the turn'),
    Alternative("dice421-sort3-other-three-calls", "dice421.sort3_desc",
                "def sort3_desc(a, b, c):\n    b, c = sort2_desc(b, c)\n    a, b = sort2_desc(a, b)\n"
                "    b, c = sort2_desc(b, c)\n    return (a, b, c)\n",
                "three calls of sort2_desc in another working order: the largest rises first"),
    Alternative("dice421-game-tokens-le-zero", "dice421.play_game",
                "_play_game = play_game\n"
                "def play_game(tokens, ask=input, rng=table_rng):\n"
                "    if tokens <= 0:\n"
                "        raise ValueError(f'at least one token, not {tokens}')\n"
                "    return _play_game(tokens, ask, rng)\n",
                "tokens is an int: 'at least 1' and 'not 0 or less' are the same test"),
]
