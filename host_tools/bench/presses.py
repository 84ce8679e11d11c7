"""Presses per play, counted in scripts between two snaps, against their
budgets: Evil Robots' rounds (tests/scenarios/evil_*.txt, issue 17), and
the realistic plays of issue 18 (tests/plays/*.txt: each script's header
says what the hand is, so a reader can check it is one a table plays).
A press is one button going down and up: a short press, a long one, or a
hold; a peek (OK held while others are pressed) is OK and each of the
others.

    python -m host_tools.bench.presses

Budgets (docs/design.md's table has the quiet round; the rest are issues
17's and 33's). Since issue 33 the device judges conversions, and the table
claims each reaction and a robot's action (OK on the reaction, OK on who
claims it) instead of the device naming the holder, which told the table
who held BlockBot, ForceBot or DoOverBot: a claim costs the press or two
that pick the claimant, so the budgets with a reaction in them rose by that.

- quiet round, after the deal's pass round of peeks: the calls, "nobody
  else: end", the score, the standings, back at the hub: at most 8
- a conversion with one reaction, from the call at which its player acts
  to the turn saved: at most 10 (8 before claims: the claimant's pick)
- a typical round (one pass, a failed conversion, a PushBot push, a
  conversion bounced by a claimed BlockBot, a pass in the pass phase): at
  most 56
- a reaction chain of two (BlockBot fails it, ForceBot forces it), from
  the call to the turn saved: at most 14
- a reaction-heavy round (a false claim refused, the chain of two, a
  pass-phase conversion): at most 64 (the false claim's detour is 8)
- a round with every side-changing robot of its deal (RandomBot, GroupBot
  with two pulls, PushBot bounced by BlockBot, JudasBot's switch in its
  peek): at most 80

Each play is also timed at a table's pace (issue 36): a tap held 150 ms,
250 ms between presses, a long press held 800 ms (LONG_MS and the rig's
100 ms more), a hold as long as its script says. Seconds, not only
presses: an OK held to move on cost as much as two and a half taps, and
counting a hand now takes none (tests/test_plays.py). The targets are
issue 36's, kept as budgets: `make bench` fails on a play over its seconds
as on one over its presses.
"""

from pathlib import Path

from host_tools.fakes.button_script import commands

SCENARIOS = Path(__file__).resolve().parents[2] / "tests" / "scenarios"
PLAYS = SCENARIOS.parent / "plays"

# tests/plays/<name>.txt, counted from "snap start" to "snap end", and its
# budget (docs/design.md's table; the score pad's is three presses a player and
# the round's end, as the score apps people use take a few taps a player)
PLAY_BUDGETS = (
    ("robots_hand", 30),
    ("robber_hand", 36),
    ("factory_turn", 40),
    ("duel_quiet", 3),
    ("duel_busy", 12),
    ("scorepad_round", 13),
)

# issue 36's targets for the seconds a play takes at a table's pace, the
# budgets of docs/design.md
SECONDS_TARGETS = {"robots_hand": 15.0, "robber_hand": 12.0, "duel_busy": 4.0}
TAP_MS = 150
BETWEEN_MS = 250

# A second evening (issue 36): each game set up again for the same table,
# from its row in the menu to the game's screen, on the setup the device
# reads back from that game's newest journal: (game, its menu row, the
# first evening's setup from the menu's top, an answer off its default,
# the second's presses). tests/test_remembered_tables.py plays both.
# docs/design.md's budget: 4.
SECOND_EVENING = (
    ("scorepad", 1, "down\nok\nok\ndown x9\nok\nok long", "ok\nok"),  # to 10
    ("evil", 2, "down x2\nok\ndown\nok\nok\nup\nok\nok long", "ok\nok"),  # 4, to 11
    ("factory", 3, "down x3\nok\nup\nok\nup\nok\nok\nok\nok long", "ok\nok"),  # 4, device
    ("robots", 4, "down x4\nok\nok\nup\nok\nok long\nok", "ok\nok\nok"),  # to 260
    ("robber", 5, "down x5\nok\nok\nok\nup\nok\nok long\nok", "ok\nok\nok"),  # to 410
    ("duel", 6, "down x6\nok\nok\nup\nok\nok long\nok", "ok\nok\nok"),  # 3 wins
)
SECOND_EVENING_BUDGET = 4

# (script, first snap, last snap): the stretch counted, and its budget
BUDGETS = (
    ("evil_quiet", "round", "end", 8),
    ("evil_typical", "convert", "converted", 10),
    ("evil_typical", "round", "end", 56),
    ("evil_reactions", "call2", "saved", 14),
    ("evil_reactions", "round", "end", 64),
    ("evil_round", "round", "end", 80),
)


def presses(script: str, first: str, last: str) -> int:
    """Button presses in ``script`` after ``snap first`` up to ``snap last``."""
    counting = False
    count = 0
    for step in commands(script):
        if step[0] == "snap":
            if step[1] == first:
                counting = True
            elif step[1] == last:
                if not counting:
                    break
                return count
        elif counting and step[0] == "hold":
            count += 1
        elif counting and step[0] == "peek":
            count += 1 + len(step[1])
    raise ValueError(f"no snap {first} ... snap {last} in the script")


def table_seconds(script: str, first: str = "start", last: str = "end") -> float:
    """Seconds from ``snap first`` to ``snap last`` at a table's pace."""
    from host_tools.pico import lane

    snaps = dict(lane.timeline_for(script, TAP_MS, BETWEEN_MS).snaps)
    return (snaps[last] - snaps[first]) / 1000


def figures() -> list[tuple[str, int, int]]:
    """(what, presses, budget) for each counted stretch."""
    out = []
    for name, first, last, budget in BUDGETS:
        script = (SCENARIOS / (name + ".txt")).read_text()
        out.append((f"{name}.txt, {first} to {last}", presses(script, first, last), budget))
    return out


def play_figures() -> list[tuple[str, int, int]]:
    """(what, presses, budget) for each realistic play."""
    out = []
    for name, budget in PLAY_BUDGETS:
        script = (PLAYS / (name + ".txt")).read_text()
        out.append((f"plays/{name}.txt", presses(script, "start", "end"), budget))
    return out


def play_seconds() -> list[tuple[str, float, float | None]]:
    """(what, seconds at a table's pace, issue 36's target or None) for each play."""
    out = []
    for name, _budget in PLAY_BUDGETS:
        script = (PLAYS / (name + ".txt")).read_text()
        out.append((f"plays/{name}.txt", table_seconds(script), SECONDS_TARGETS.get(name)))
    return out


def second_evening_figures() -> list[tuple[str, int, int]]:
    """(what, presses, budget) for setting each game up again."""
    out = []
    for name, _row, _first, again in SECOND_EVENING:
        script = "snap start\n" + again + "\nsnap end\n"
        count = presses(script, "start", "end")
        out.append((f"second evening, {name}", count, SECOND_EVENING_BUDGET))
    return out


def main() -> int:
    over = 0
    for what, count, budget in figures() + play_figures() + second_evening_figures():
        flag = "" if count <= budget else "  OVER"
        over += count > budget
        print(f"presses, {what:45} {count:3}  (budget {budget}){flag}")
    for what, seconds, target in play_seconds():
        aim = "" if target is None else f"  (budget {target:g} s)"
        late = target is not None and seconds > target
        flag = "  OVER" if late else ""
        over += late
        print(f"seconds at a table's pace, {what:26} {seconds:5.1f}{aim}{flag}")
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
