"""What the bench plays of each game once a saved game is resumed: the
steady-state presses, the screen the resume must land on, and a correction
(a closed round or hand re-scored; games without one have none)."""

UP = "board.BUTTON_PINS[0]"  # pins as the VM names them (host_tools/mpvm_programs/device.py)
DOWN = "board.BUTTON_PINS[1]"
OK = "board.BUTTON_PINS[2]"

# Steady-state events per game, after the resume offer: (button, hold ms) steps.
EVENTS = {
    # a whole round of the sample's three players: open the entry, count
    # up, save (the cursor moves on to the next player); then OK on "end
    # round" closes it, the cursor back on the first player
    "scorepad": [(OK, 60), (UP, 60), (OK, 60)] * 3 + [(OK, 60)],
    # a whole hand: open, four players (one 2-9 in a spread, a long OK to the
    # hand, a long OK to keep it), who went out (four empty hands: asked),
    # standings back
    "robots": [(OK, 60)] + [(UP, 60), (OK, 800), (OK, 800)] * 4 + [(OK, 60), (OK, 60)],
    # a quiet round from the hub: deal, five passes of the device, start the
    # calls, "nobody else: end" (UP, OK), score, the standings, the hub
    "evil": (
        [(OK, 60)]
        + [(DOWN, 60)] * 5
        + [(OK, 800), (UP, 60), (OK, 60), (OK, 800), (OK, 60), (OK, 60)]
    ),
    # the pass round: open it, then each of five players holds OK to peek and passes on
    "factory": [(OK, 60)] + [(OK, 800), (DOWN, 60)] * 5,
    # the program phase ("> on to build" first): down to the first robot,
    # toggle its mode and back, up to "on to build" again
    "duel": [(DOWN, 60), (OK, 60), (OK, 60), (UP, 60)],
}

# Cycles in the measured window (10 unless named): it must hold fewer
# journal lines than a snapshot period (SNAPSHOT_EVERY, 24). A score pad
# round writes 4 lines (three scores, its end), a ROBOTS! hand 5, an Evil
# Robots round 8 (the deal, each player's peek passed on, the end of the
# calls, the end).
CYCLES = {"scorepad": 5, "robots": 4, "evil": 2}

CORRECTIONS = {
    "scorepad": {"a": "fix", "round": 1, "seat": 0, "pts": 5},
    "robots": {"a": "fix", "hand": 1, "side": 0, "pts": 5},
}
