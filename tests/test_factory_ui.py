"""Robo Factory through the buttons: a whole three-player game in each mode,
the device-customer secrets drawn only while the named player holds OK, and
resume after a reset with the order still secret."""

import re

from conftest import SCENARIOS, on_stack

from rig import Rig


def hub(rig):
    from referee.factory.play import FactoryGame

    return on_stack(rig, FactoryGame)


def test_a_whole_game_with_the_table_as_customer(flash):
    rig = Rig(seed=1)
    rig.play((SCENARIOS / "factory_table.txt").read_text())
    state = hub(rig).session.state
    # By hand from the printed payouts (robo-factory.txt, "Customer checks
    # the Robots"), with the rolls the script's header names (4, 6, 3).
    # Start 4 each, the bank 145 - 12 = 133.
    # T1 (cust P1): P2's tile pays P1 1 (P1 5, P2 3); P2 right +4: [5, 7, 4]
    # T2 (cust P2): P3 wrong Eureka rolls 4 and pays all 4; second try P1
    #   right +2, P3 wrong with no cube left pays nothing: [7, 7, 0]
    # T3 (cust P3): P1 right 4 + Eureka 6, P2 right 4: [17, 11, 0]
    # T4 (cust P1): nobody right twice; P2 pays P1 1, P3 has none: [18, 10, 0]
    # T5 (cust P2): P1's tile pays P2 1; P3 right +4: [17, 11, 4]
    # T6 (cust P3): P1 right +4; P2 wrong Eureka rolls 3, pays 3: [21, 8, 4]
    assert state.ledger.totals == [21, 8, 4]
    assert state.bank() == 145 - 33
    # 3 players: each is customer twice, so six turns, and P1 leads alone
    assert state.turn == 6 and state.over and state.winners == [0]


def test_a_whole_game_with_the_device_as_customer(flash):
    rig = Rig(seed=1)
    rig.play((SCENARIOS / "factory_device.txt").read_text())
    state = hub(rig).session.state
    # By hand, with the builds and rolls the script's comments name:
    # T1 order BRB. First try: P1 BRY, P2 BGB with Eureka (rolls 3), P3 YRB:
    #   all wrong; P1 and P3 paid a tile each (-1), P2 pays 3 for the wrong
    #   Eureka. Second try: P2 BRB right +2; P1 and P3 wrong, 1 each to the
    #   bank. Net: P1 -2, P2 -1, P3 -2: [2, 3, 2]
    # T2 order GYY: P1 right with Eureka (rolls 5): 4 + 5; P3 right +4;
    #   P2 wrong but someone was right, so no second try: [11, 3, 6]
    # T3 order BRY: P3 wrong Eureka (rolls 3) pays 3; second try P3 right
    #   +2, P1 and P2 wrong pay 1 each: [10, 2, 5]
    assert state.ledger.totals == [10, 2, 5]
    assert state.bank() == 145 - 17
    # one order per player: three turns, P1 leads alone
    assert state.turn == 3 and state.over and state.winners == [0]
    rolls = [a.get("rolls") for a in _actions() if a["a"] == "reveal"]
    assert rolls == [[0, 3, 0], [0, 0, 0], [5, 0, 0], [0, 0, 3], [0, 0, 0]]


def _actions():
    """The game's actions as the journal holds them (undone ones left out)."""
    from referee import JOURNAL
    from referee.core.journal_read import read

    with open("data/" + JOURNAL, "rb") as f:
        return read(f.read())[1]


def test_the_order_and_the_cards_show_only_while_their_player_holds_ok(flash, monkeypatch):
    """Record every string drawn with what the referee knew at that moment.
    Off a peek, the order (before its turn ends), the data tile and hint
    lines, and any player's cards never appear; on a peek, only the named
    player's own cards do."""
    from referee.factory import peek as factory_peek
    from referee.factory import rules as factory
    from referee.ui.canvas import Canvas

    rig = Rig(seed=1)
    seen = []  # (text, peeking, seat peeked or None, the secrets then)
    walked = set()  # the screens that drew while a turn's secrets stood
    original = Canvas.text

    def text(self, s, *args, **kwargs):
        screen = rig.app.screen
        state = screen.session.state if screen.session is not None else None
        state = getattr(screen, "state", state)  # the standings hold the state itself
        if getattr(state, "device", False) and state.order is not None:
            seat = screen.seat if isinstance(screen, factory_peek.Peek) else None
            public = [factory.name(c) for c in state.board]
            public += [factory.name(c) for c in state.last_built if c is not None]
            secret = state.phase in (factory.FIRST, factory.SECOND)
            hands = [[factory.name(c) for c in hand] for hand in state.hands]
            order = factory.name(state.order) if secret else None
            seen.append((s, rig.app.peeking, seat, order, hands, public))
            if secret:
                walked.add(type(screen).__name__)
        return original(self, s, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", text)
    # Before each reveal of turn 1 (first try, tiles bought; second try,
    # hints given) walk what a curious player reaches without a peek: the
    # hub (BACK from the last player's name), the standings, a player's own
    # peek from the hub (not held); then OK on the hub reveals.
    walk = "back\ndown x4\nok\nback\nup\nok\nback\nup x3\nok\n"
    script = (SCENARIOS / "factory_device.txt").read_text()
    rig.play(script.replace("down            # reveal\n", walk, 2))
    off = [row for row in seen if not row[1]]
    on = [row for row in seen if row[1]]
    assert len(on) > 30 and len(off) > 100
    assert {"FactoryGame", "Standings", "Peek"} <= walked
    assert any(s.startswith("hold OK") and row[2] for s, *row in off)  # an unheld peek
    for s, _, _, order, hands, public in off:
        cards = re.findall("[RGBY]{3}", s)  # a card's letters, even inside "RGB=2"
        assert order is None or order not in cards
        assert not re.match("1st [RGBY]{3}=", s)  # a player's own count
        for hand in hands:
            for card in hand:
                assert card in public or card not in cards
    for s, _, seat, _, hands, public in on:
        assert seat is not None  # a peek, never a hub or result page
        cards = re.findall("[RGBY]{3}", s)
        for other in range(len(hands)):
            if other != seat:
                for card in hands[other]:
                    assert card in hands[seat] or card in public or card not in cards
    # P1's tile, bought on RYY (no part in common with BRB), beside the
    # card; in the second try P1's first robot, BRY, with its count (2)
    assert any("RYY=0" in s for s, *_ in on)
    assert any(s == "1st BRY=2" for s, *_ in on)


def test_a_reset_mid_turn_keeps_the_order_secret_and_the_builds(flash):
    from referee.screens.resume import ResumeOffer

    first = Rig(seed=1)
    script = (SCENARIOS / "factory_device.txt").read_text().split("snap eureka_die")[0]
    first.play(script.replace("down            # reveal", ""))
    before = hub(first).session.state
    assert before.built.count(None) == 0 and before.order is not None
    again = Rig(seed=99)  # other entropy: the order must come from the journal
    assert isinstance(again.app.screen, ResumeOffer)
    again.play("ok")
    state = hub(again).session.state
    assert (state.order, state.hands, state.built) == (before.order, before.hands, before.built)
    assert state.asked == before.asked and state.phase == before.phase


def test_a_tile_is_refused_without_a_cube_and_undo_gives_it_back(flash):
    rig = Rig(seed=1)
    rig.play("down x3\nok\nok\nok\nok\nok long\nok")  # table mode, P1 customer
    game = hub(rig)
    rig.play("down x2\nok")  # P2 buys a tile
    assert game.session.state.ledger.totals == [5, 3, 4]
    rig.play("ok")  # and again: one a turn
    assert game.message == "P2 had a tile this turn"
    assert game.session.state.ledger.totals == [5, 3, 4]
    rig.play("back long")
    assert game.session.state.ledger.totals == [4, 4, 4]


def test_undo_cannot_take_back_a_deal_the_device_made(flash):
    rig = Rig(seed=1)
    script = (SCENARIOS / "factory_device.txt").read_text()
    rig.play(script.split("snap pass_to")[0])  # through the first deal
    rig.play("back")  # leave the first player's pass screen for the hub
    game = hub(rig)
    order = game.session.state.order
    before = _actions()
    rig.play("back long")
    assert game.message == "no undo: the cards are dealt"
    assert _actions() == before and game.session.state.order == order


def test_a_reveal_undone_to_mend_a_verdict_keeps_its_roll(flash, monkeypatch):
    # factory_table.txt's turn 2: P3 is wrong with Eureka and rolls 4 (its
    # header), paying all 4 cubes. The customer undoes the reveal and enters
    # the same verdict again: the die must not be thrown a second time, so a
    # die that would now say 1 is never asked.
    rig = Rig(seed=1)
    script = (SCENARIOS / "factory_table.txt").read_text()
    rig.play(script.split("snap eureka")[0] + "ok x2")  # past the die and the table
    game = hub(rig)
    assert game.session.state.ledger.totals == [5, 7, 0]
    rig.play("back long")
    assert game.session.state.ledger.totals == [5, 7, 4]
    monkeypatch.setattr(rig.app.chance, "roll", lambda sides: 1)
    rig.play("ok\ndown\nok x2\ndown\nok")  # the same verdict: P3 wrong with Eureka
    assert game.session.state.ledger.totals == [5, 7, 0]
    assert [a["rolls"] for a in _actions() if a["a"] == "reveal"][-1] == [0, 0, 4]


def test_a_build_is_one_step_at_let_go_and_undo_takes_it_back_whole(flash):
    """Issue 36: each colour stepped once a robot had every part was a build
    of its own, so a long BACK undid one click, not the build. Now the
    robot is built when its player lets go of OK. plays/factory_turn.txt's
    P1 (its header): a tile on RYY, BACK on GYB (a whole robot at once),
    then the torso Y -> R: GRB, one build."""
    rig = Rig(seed=1)
    script = (SCENARIOS.parent / "plays" / "factory_turn.txt").read_text()
    rig.play(script.split("\nsnap start")[0] + "\nok")  # the order dealt
    game = hub(rig)
    builds = len([a for a in _actions() if a["a"] == "build"])
    rig.play("peek down up down back down up\nwait 600")
    state = game.session.state
    assert state.built[0] == 1 * 16 + 0 * 4 + 2  # G R B: green 1, red 0, blue 2
    assert len([a for a in _actions() if a["a"] == "build"]) == builds + 1
    assert rig.app.screen.seat == 1  # passed on to P2
    rig.play("back long")  # the build undone whole, and the device back at P1
    state = game.session.state  # the undo replays the journal into a new state
    assert state.built[0] is None and rig.app.screen.seat == 0
    assert state.ledger.totals[0] == 4 - 1  # the tile stays bought: it was seen


def test_a_second_try_is_built_again_by_letting_go(flash):
    """The second try starts from the first robot: a player who keeps it
    lets go of OK, and it is built (it took a part changed and changed back)."""
    rig = Rig(seed=1)
    script = (SCENARIOS / "factory_device.txt").read_text()
    rig.play(script.split("snap peek_second")[0].rsplit("\n", 1)[0])  # at P1's second try
    state = hub(rig).session.state
    assert state.built == [None, None, None] and state.last_built[0] == 2 * 16 + 3
    rig.play("peek down\nwait 600")  # looks, keeps BRY, lets go
    assert state.built[0] == state.last_built[0]
    assert rig.app.screen.seat == 1  # passed on
