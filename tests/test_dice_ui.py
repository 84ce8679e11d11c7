"""Dice & coins driven through the buttons, checked on the glass and in state."""

from rig import Rig, SeededEntropy


def dice_screen(rig):
    from referee.screens.dice import Dice

    screen = rig.app.screen
    assert isinstance(screen, Dice)
    return screen


def test_boot_lands_on_the_menu_with_dice_first(rig):
    from referee.screens.menu import Menu

    assert isinstance(rig.app.screen, Menu)
    rig.play("ok")
    assert dice_screen(rig).choice == (0, 2)  # a coin until told otherwise


class ScriptedEntropy:
    """The bytes a test queues in ``next``, else the rig's seeded generator;
    ``fallback`` counts the bytes the generator gave. Chance asks for a pool
    of 16 bytes at a time: the queued ones come back alone (a short read),
    so a throw uses exactly them and the next throw asks afresh."""

    def __init__(self):
        self.next = []
        self.generator = SeededEntropy(1)
        self.fallback = 0

    def __call__(self, n):
        if self.next:
            out, self.next = bytes(self.next[:n]), self.next[n:]
            return out
        self.fallback += n
        return self.generator(n)


def test_each_d6_face_shown_is_the_firmwares_draw(flash):
    # The draw itself is proved exactly uniform by enumeration in
    # test_chance.py (test_one_byte_draws_are_exactly_uniform[6]); this
    # proves a throw on the glass is that draw: d6 keeps a byte's low 3
    # bits, 0..5 are faces 1..6, and 6 and 7 are thrown away for a new byte.
    entropy = ScriptedEntropy()
    rig = Rig(entropy=entropy)
    rig.play("ok\ndown")  # Dice & coins, then COIN -> 1d6
    screen = dice_screen(rig)
    throws = [([0], 1), ([1], 2), ([2], 3), ([3], 4), ([4], 5), ([5], 6)]
    throws += [([0xFA], 3), ([6, 7, 0x0D], 6), ([0xFF, 0x08], 1)]
    for number, (entropy_bytes, face) in enumerate(throws, 1):
        entropy.next = list(entropy_bytes)
        before = entropy.fallback
        rig.press(2)  # OK
        assert screen.values == [face] and screen.throws == number
        assert entropy.next == [] and entropy.fallback == before  # only the queued bytes


def test_each_coin_shown_is_the_firmwares_draw(flash):
    # The coin is Chance.below(2) == 1, proved exactly uniform by enumeration
    # in test_chance.py; a flip keeps a byte's lowest bit: 1 heads, 0 tails,
    # and never throws a byte away (both values are in range).
    entropy = ScriptedEntropy()
    rig = Rig(entropy=entropy)
    rig.play("ok")  # Dice & coins opens on the coin
    screen = dice_screen(rig)
    flips = [(0x00, 0), (0x01, 1), (0xFE, 0), (0x81, 1), (0x80, 0), (0xFF, 1)]
    for byte, heads in flips:
        entropy.next = [byte]
        before = entropy.fallback
        rig.press(2)  # OK
        assert screen.values == [heads], hex(byte)
        assert entropy.next == [] and entropy.fallback == before  # that byte alone


def test_each_throw_changes_the_glass(rig):
    rig.play("ok\ndown x2")  # 2d6
    before = len(rig.frames)
    rig.play("ok x5")
    assert len(rig.frames) == before + 5  # the counter changes even if the dice repeat


def test_the_throw_counter_counts_the_chosen_dice_only(rig, monkeypatch):
    """Two coin flips, then a die: the die has not been thrown, so no "#2"
    stands over its "OK to roll"; its first throw is #1. The same after the
    editor sets other dice."""
    from conftest import drawn_text

    rig.play("ok\nok x2\ndown")  # the coin flipped twice, then 1d6
    drawn = drawn_text(monkeypatch)
    rig.app.dirty = True
    rig.play("wait 10")
    assert "#" not in drawn and dice_screen(rig).throws == 0
    rig.play("ok")
    assert dice_screen(rig).throws == 1 and "#" in drawn
    rig.play("ok long\nup\nok\nok")  # the editor: 2 dice, sides as they were
    assert dice_screen(rig).choice == (2, 6) and dice_screen(rig).throws == 0


def test_choice_survives_a_reset(flash):
    rig = Rig(seed=1)
    rig.play("ok\ndown x3")  # 3d6
    assert dice_screen(rig).choice == (3, 6)
    again = Rig(seed=2)  # power cycle: same flash, fresh RAM
    again.play("ok")
    assert dice_screen(again).choice == (3, 6)


def test_editor_sets_any_dice_from_d2_to_d100(rig):
    rig.play("ok\nok long")  # open the editor on the coin: starts at 1d6
    rig.play("up x2\nok")  # 3 dice, then to the sides
    rig.play("up hold 5950")  # 6 -> runs up by repeat and stops at 100
    rig.play("ok")
    screen = dice_screen(rig)
    assert screen.choice == (3, 100)
    rig.play("ok")
    assert len(screen.values) == 3 and all(1 <= v <= 100 for v in screen.values)


def test_editor_clamps_and_back_cancels(rig):
    rig.play("ok\nok long\ndown x5\nok")  # below one die is the coin
    assert dice_screen(rig).choice == (0, 2)
    rig.play("ok long\nup\nok\ndown hold 2950\nback\nback")  # sides to 2, then cancel
    assert dice_screen(rig).choice == (0, 2)


def test_damaged_settings_fall_back_to_the_coin(flash):
    import os

    os.mkdir("data")
    with open("data/dice", "wb") as f:
        f.write(b"\xff\x00 nonsense")
    rig = Rig(seed=1)
    rig.play("ok")
    assert dice_screen(rig).choice == (0, 2)


def test_every_menu_entry_opens_and_back_returns(rig):
    """Every game and the tools have landed: no entry says "soon"."""
    from referee.games import GAMES
    from referee.screens.menu import ROWS, Menu

    titles = []
    for k in range(ROWS):
        rig.play(f"down x{k}\nok" if k else "ok")
        screen = rig.app.screen
        assert not isinstance(screen, Menu)
        titles.append(getattr(screen, "title", type(screen).__name__))
        rig.play("back")
        assert isinstance(rig.app.screen, Menu)
        rig.play("back")  # the menu's BACK returns to the top
    # every game's setup carries its own title; the tools are their screens
    assert titles[0] == "Dice" and titles[-2:] == ["History", "Settings"]
    assert titles[1:-2] == [game[1].upper() for game in GAMES]  # the registry's order
    assert "SCORE PAD" in titles and "ROBOTS DUEL" in titles


def test_back_from_dice_returns_to_the_menu(rig):
    from referee.screens.menu import Menu

    rig.play("ok\nback")
    assert isinstance(rig.app.screen, Menu)
