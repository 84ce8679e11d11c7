"""ROBOTS! and Robber Rummy through the buttons: the scripted 3-hand games
end where the rules say, worked out by hand in the scripts' comments."""

from conftest import SCENARIOS, on_stack

from rig import Rig


def main_screen(rig):
    from referee.rummy.play import Rummy

    return on_stack(rig, Rummy)


def test_robots_three_hands(flash):
    rig = Rig(seed=1)
    rig.play((SCENARIOS / "robots.txt").read_text())
    state = main_screen(rig).session.state
    # hand 1: P1 +45, P2 +50, P3 -5, P4 -35; hand 2: -20, -20, +75, +15;
    # hand 3: P4 +300 -> P1 25, P2 30, P3 70, P4 280: P4 at 250 and alone
    assert state.ledger.round_scores(1) == [45, 50, -5, -35]
    assert state.ledger.round_scores(2) == [-20, -20, 75, 15]
    assert state.ledger.totals == [25, 30, 70, 280]
    assert state.table.name(state.winner) == "P4"
    assert [state.ending(h) for h in (1, 2, 3)] == [("out", 1), ("out", 2), ("out", 3)]


def _barred_rows(rig):
    """The page rows of the glass drawn as a bar (more lit than dark)."""
    glass = rig.panel.pixels()
    return [
        row
        for row in range(8)
        if sum(bin(b).count("1") for b in glass[row * 128 : row * 128 + 128]) > 512
    ]


def test_the_bar_marks_whose_count_ok_opens(rig):
    """A play-test found the bar on P1 while OK opened P2's count (from the
    dealer's left): a bar that promised a choice OK did not make. It marks
    the next player to count now, and the tools are a press away."""
    from referee.rummy.hand import CountEntry
    from referee.screens.standings import Standings

    rig.play("down x4\nok\nok\nok\nok long\nok")  # ROBOTS!, 4 players, P1 deals
    # the title (row 0), then P1..P4 on rows 1..4: the bar on P2, P1's left
    assert _barred_rows(rig) == [0, 2]
    rig.play("ok")
    assert isinstance(rig.app.screen, CountEntry) and rig.app.screen.seat == 1
    rig.play("ok\nok\nback long")  # P2's count kept (0); P3's left unkept
    assert _barred_rows(rig) == [0, 3]  # P3 is next: the bar moved with the count
    rig.play("down\nok")  # one press from the hand to the standings
    assert isinstance(rig.app.screen, Standings)
    rig.play("back\nup\nok")  # back on the hand: OK opens P3's count
    assert isinstance(rig.app.screen, CountEntry) and rig.app.screen.seat == 2


def test_robber_partnership_three_hands(flash):
    rig = Rig(seed=1)
    rig.play((SCENARIOS / "robber.txt").read_text())
    state = main_screen(rig).session.state
    # hand 1: P1+P3 150 + 30 = 180, P2+P4 5 - 30 = -25
    # hand 2: -15 - 100 = -115 and 30 + 30 = 60; hand 3: 0 and 540
    assert state.ledger.round_scores(1) == [180, -25]
    assert state.ledger.round_scores(2) == [-115, 60]
    assert state.ledger.totals == [65, 575]
    assert state.table.side_name(state.winner) == "P2+P4"
    assert [state.ending(h) for h in (1, 2, 3)] == [("rummy", 0), ("stock", -1), ("rummy", 1)]


def test_counting_refuses_what_the_deck_cannot_hold(rig):
    rig.play("down x4\nok\nok\nok\nok long\nok\nok")  # ROBOTS! setup, start: P2's count
    rig.play("down x2\nup hold 1950\nok\nok")  # P2: stars in a spread, held up to 5
    assert main_screen(rig).session.state.counts[1][4] == 5  # saved; P3's entry now
    assert rig.app.screen.seat == 2
    rig.play("down x2\nup\nok\nok")  # P3: one more star would be a sixth
    assert rig.app.screen.message == "the deck has 5 cards stars, not 6"
    assert 2 not in main_screen(rig).session.state.counts


def test_every_move_on_in_a_count_is_a_tap(rig):
    """Issue 36: moving on took a long OK (on to the hand, the count kept),
    1.05 s at a table's pace against a tap's 0.4. Now UP adds, BACK takes
    one off (at 0: a line back), DOWN moves on a line, OK ends the part,
    and BACK held leaves the count unkept. ROBOTS!: P2's table lines are
    spread 2-9, 10-14, star, robots; the hand's start at line 4."""
    from referee.rummy.hand import CountEntry

    rig.play("down x4\nok\nok\nok\nok long\nok\nok")  # P2's count, on spread 2-9
    entry = rig.app.screen
    rig.play("up x3\nback")  # three, one taken off
    assert entry.counts[0] == 2 and entry.line == 0
    rig.play("down\nback")  # on to 10-14; at 0 there, BACK goes back a line
    assert entry.line == 0 and entry.counts[0] == 2
    rig.play("ok")  # the table's part done: the hand
    assert entry.line == 4
    rig.play("ok")  # the hand's part done: kept, P3's count opens
    state = main_screen(rig).session.state
    assert state.counts[1][0] == 2 and entry.seat == 2
    rig.play("up\nback long")  # P3 starts, then leaves: nothing kept
    assert not isinstance(rig.app.screen, CountEntry) and 2 not in state.counts


def test_undo_takes_back_a_count_then_a_hand(flash):
    rig = Rig(seed=1)
    script = (SCENARIOS / "robots.txt").read_text().split("snap hand1")[0]
    rig.play(script)
    main = main_screen(rig)
    assert main.session.state.hand == 2
    rig.play("back long")  # the hand's close
    assert main.session.state.hand == 1 and len(main.session.state.counts) == 4
    rig.play("back long")  # P1's count
    assert sorted(main.session.state.counts) == [1, 2, 3]


def test_who_went_out_follows_from_the_counts(rig):
    """ROBOTS!, four players, P1 deals: P3 alone ends with an empty hand, so
    P3 went out and nobody is asked; a picker comes only when two hands
    are empty."""
    from referee.rummy.hand import OutPicker

    rig.play("down x4\nok\nok\nok\nok long\nok\nok")  # P2's count
    rig.play("ok\nup\nok")  # P2: one 2-9 in hand (-5)
    rig.play("up x3\nok\nok")  # P3: three 2-9 in spreads (+15), none in hand
    rig.play("ok\nup\nok")  # P4: -5
    rig.play("ok\nup\nok")  # P1: -5: the hand closes at once
    state = main_screen(rig).session.state
    assert state.hand == 2 and state.ending(1) == ("out", 2)
    assert state.ledger.round_scores(1) == [-5, -5, 15, -5]
    # hand 2 (P2 deals, counting from P3): P3 and P4 both show empty hands
    # (the standings, then the hub's OK first)
    rig.play("ok\nok\n" + "ok\nok\n" * 2 + "ok\nup\nok\n" * 2)
    assert isinstance(rig.app.screen, OutPicker)
    assert rig.app.screen.index == 2  # it starts on P3, the first empty hand
    rig.play("down\nok\nok")  # P4 went out
    assert state.ending(2) == ("out", 3)


def test_robber_rummy_with_cards_in_every_hand_ran_out_of_stock(rig):
    rig.play("down x5\nok\ndown x2\nok\nok\nok\nok long\nok")  # two players, P1 deals
    rig.play("ok\nok\nup\nok")  # P2: a 2-9 in hand
    rig.play("ok\nup\nok")  # P1: a 2-9 in hand: the stock ran out
    state = main_screen(rig).session.state
    assert state.ending(1) == ("stock", -1) and state.ledger.totals == [-5, -5]


def test_a_net_score_is_kept_as_the_table_added_it(rig):
    rig.play("down x4\nok\nok\nok\nok long\nok\nok")  # P2's count, on its first card line
    rig.play("back\nup hold 950\n")  # the net score line; held: by 5s
    entry = rig.app.screen
    net = entry.net
    assert net > 0 and net % 5 == 0 and entry.score() == net
    rig.play("ok")
    assert main_screen(rig).session.state.counts[1][-1] == net  # past the fields
    # a net score says nothing of the hand: who went out is asked at the end
    rig.play("ok\nup\nok\n" * 3)
    from referee.rummy.hand import OutPicker

    assert isinstance(rig.app.screen, OutPicker)
    # it starts on P2: no hand counted empty, and P2's net is the best of
    # the hand (the others -5), as the one who went out usually has
    assert rig.app.screen.index == 1
    rig.play("ok")
    state = main_screen(rig).session.state
    assert state.ledger.round_scores(1) == [-5, net, -5, -5]


def test_a_sequence_by_its_length_and_top_card(rig):
    # robber-rummy.txt: 9 to ace in one suit scores 10 + 4 x 20 + 30 = 120
    rig.play("down x5\nok\ndown x2\nok\nok\nok\nok long\nok")  # two players
    rig.play("ok\nup\nup x3\nok\nok")  # P2: UP on "+ a sequence": 6 cards, top A, added
    entry = rig.app.screen
    assert entry.score() == 120
    assert [entry.counts[i] for i in (0, 1, 8, 9)] == [1, 4, 1, 0]
    # A-2-3: an ace low at the bottom, two 2-9 doubled: 10 + 10 + 10 = 30
    rig.play("up\nok\ndown x11\nok")  # 3 cards, top 14 -> 3
    assert entry.score() == 150 and entry.counts[9] == 1


def test_a_reset_mid_hand_keeps_the_counts_already_made(flash):
    first = Rig(seed=1)
    script = (SCENARIOS / "robots.txt").read_text().split("snap count")[0]
    first.play(script + "ok\nok\nup x3\nok\nok")  # P2, P3 counted
    again = Rig(seed=2)  # power cut
    again.play("ok")  # resume
    state = main_screen(again).session.state
    assert sorted(state.counts) == [1, 2] and state.hand == 1
    again.play("ok")  # scoring the hand again goes on with P4
    assert again.app.screen.seat == 3


def test_history_corrects_an_earlier_hand(flash):
    rig = Rig(seed=1)
    script = (SCENARIOS / "robots.txt").read_text().split("snap hand2")[0]
    rig.play(script)
    main = main_screen(rig)
    # the hand, then the tools: standings, history; DOWN x2 lands on history
    rig.play("down x2\nok")  # history opens on hand 2 (the last closed)
    rig.play("down\n")  # hand 2 -> hand 1 (pages wrap)
    rig.play("ok\ndown\nok")  # pick P2 (the second side), open the number
    assert rig.app.screen.value == 50  # hand 1's +50 for P2
    rig.play("down x2\nok")  # P2 scored 40 in hand 1, not 50: two steps of 5
    assert main.session.state.ledger.round_scores(1) == [45, 40, -5, -35]
    assert main.session.state.ledger.totals == [25, 20, 70, -20]


def test_a_correction_from_the_history_ends_the_game(rig):
    # Robber Rummy, two players to 400; hand 1: P1 goes rummy with a
    # sequence of three 2-9 (3 x 10 = 30), P2 holds nothing.
    rig.play("down x5\nok\ndown x2\nok\nok\nok\nok long\nok")  # 2 players, no sitting, to 400
    # P2 nothing; P1 a sequence of three 2-9; both hands empty: P1 went out
    rig.play("ok\nok\nok\ndown x4\nup x3\nok\nok\nok\nok")
    state = main_screen(rig).session.state
    assert state.ledger.totals == [30, 0] and not state.over
    rig.play("up\nok\nok\nok")  # history, hand 1, P1, the number
    rig.play("up hold 4950")
    corrected = rig.app.screen.value
    assert corrected >= 400  # P1's sequence was really worth more than the target
    rig.play("ok\nback\nback")  # saved; out of the side, out of the history
    assert rig.app.screen is main_screen(rig)
    state = main_screen(rig).session.state
    # re-judged at once: P1 alone at or over 400 wins, no hand 2 is played
    assert state.ledger.totals == [corrected, 0] and state.table.name(state.winner) == "P1"
    assert state.over and main_screen(rig)._hint(state) == "P1 won"
    rig.play("ok\nok\nok\ndown hold 4950\nok")  # the same (history still picked), under 400
    state = main_screen(rig).session.state
    assert state.ledger.totals[0] < 400 and not state.over  # the game reopens


def test_a_robber_correction_steps_by_five_as_every_card_scores(rig):
    """robber-rummy.txt's table: every card scores 5, 10 or 15, doubled in
    a sequence, and a renege is -100, so no hand can score off a multiple of
    5. A correction counts by 5, held too, never through a value between."""
    rig.play("down x5\nok\ndown x2\nok\nok\nok\nok long\nok")  # 2 players, no sitting, to 400
    rig.play("ok\nok\nok\ndown x4\nup x3\nok\nok\nok\nok")  # P1 30, P2 0
    rig.play("up\nok\nok\nok")  # history, hand 1, P1, the number
    entry = rig.app.screen
    assert entry.value == 30
    rig.play("up")
    assert entry.value == 35  # 30 + 5 (by 1 it was 31)
    rig.play("down x9")
    assert entry.value == -10  # 35 - 9 x 5
    seen = []
    original = entry.on_event

    def watched(ev):
        original(ev)
        seen.append(entry.value)

    entry.on_event = watched
    rig.play("up hold 2950")
    assert len(seen) > 10 and all(v % 5 == 0 for v in seen)
    assert all(b - a == 5 for a, b in zip(seen, seen[1:], strict=False))  # each in turn
    rig.play("ok")
    state = main_screen(rig).session.state
    assert state.ledger.round_scores(1)[0] == seen[-1]


def test_a_value_off_the_grain_comes_back_onto_it_at_the_first_press(rig):
    """A correction saved before corrections kept to the grain (-2 in a
    Robber Rummy hand) is shown as it is, and the first press lands on the
    multiple of 5 on that side of it."""
    from referee.screens.number_entry import NumberEntry

    # held 850 ms: the press lands on 0, then a repeat at 350 ms and every
    # 120 ms after (350, 470, 590, 710, 830: hw/buttons.py's timing) adds 5
    for keys, want in (("up", 0), ("down", -5), ("up hold 850", 25)):
        entry = NumberEntry(rig.app, "P1", lambda v: None, None, -2, -2, 5)
        rig.app.push(entry)
        rig.play(keys)
        assert entry.value == want, keys
        rig.app.pop()


def test_a_sitting_shows_its_games_and_numbers_hands_within_each(rig, monkeypatch):
    """Robber Rummy, two players, best of seven to 50: P2 wins game 1 in one
    hand (five 2-9 in a sequence: 50); the next game's hub says so, numbers
    its hands from 1 and shows its own totals."""
    from referee.ui.canvas import Canvas

    rig.play("down x5\nok\ndown x2\nok\nup\nok\ndown x35\nok\nok long\nok")  # sitting, to 50
    rig.play("ok\ndown x4\nup hold 770\nok\nok")  # P2: a sequence of five 2-9
    rig.play("ok\nup\nok\nok")  # P1: a 2-9 in hand; the standings; back
    state = main_screen(rig).session.state
    assert state.match.wins == [0, 1] and state.ledger.totals == [-5, 50]
    rig.play("ok")  # the next game
    drawn = []  # (row, x, text) of every run of small characters, numbers too
    original = Canvas._draw_codes

    def draw_codes(self, n, x, row, scale, invert):
        drawn.append((row, x, bytes(self._codes[:n]).decode()))
        return original(self, n, x, row, scale, invert)

    monkeypatch.setattr(Canvas, "_draw_codes", draw_codes)
    rig.play("down")
    del drawn[:]
    rig.play("up")  # one redraw, the cursor back where it was

    def line(row):
        return "".join(text for r, _x, text in sorted(drawn) if r == row)

    assert line(0).startswith("HAND 1")  # game 2's first hand
    assert line(1) == "game 2, P2 1-0"
    assert main_screen(rig).session.state.match.totals(state.ledger) == [0, 0]


def test_a_sittings_standings_are_this_games_totals(rig, monkeypatch):
    """The same sitting as above: P2 wins game 1 with a sequence of five 2-9
    (50, P1 -5 for a 2-9 in hand); game 2's first hand is dealt by P2, so
    the same presses count P1 first: P1 50, P2 -5. The ledger then holds
    45 and 45, a tie; game 2's own totals are [50, -5], and the standings
    after the hand show those, P1 first as the game's winner."""
    from referee.screens.standings import Standings
    from referee.ui.canvas import Canvas

    rig.play("down x5\nok\ndown x2\nok\nup\nok\ndown x35\nok\nok long\nok")  # sitting, to 50
    hand = "ok\ndown x4\nup hold 770\nok\nok\nok\nup\nok"
    rig.play(hand + "\nok\nok")  # game 1, back from the standings, the next game
    big = []
    original = Canvas.big_number

    def big_number(self, value, x, row, sign=False):
        big.append(value)
        return original(self, value, x, row, sign)

    monkeypatch.setattr(Canvas, "big_number", big_number)
    rig.play(hand)  # game 2's first hand, ending on the standings
    assert isinstance(rig.app.screen, Standings)
    state = main_screen(rig).session.state
    assert state.ledger.totals == [45, 45] and state.match.wins == [1, 1]
    del big[:]
    rig.play("down")  # the next page: P2
    rig.play("down")  # back to the first: P1
    assert big == [-5, 50]


def test_the_reminders_and_the_beam_say_which_keys_do_what(rig, monkeypatch):
    """A play-test read "UP/DOWN  any key:back" on the reminders, where UP
    and DOWN turn the page, and found no key hint on the Tractor Beam."""
    from conftest import drawn_text

    from referee.robots.help import Powers, TractorBeam

    rig.play("down x4\nok\nok\nok\nok long\nok")  # ROBOTS!, 4 players, P1 deals
    drawn = drawn_text(monkeypatch)
    rig.play("down x3\nok\ndown")  # the reminders, on to the second page
    assert isinstance(rig.app.screen, Powers) and rig.app.screen.index == 1
    assert not [s for s in drawn if "any key" in s] and "UP/DOWN:page OK:back" in drawn
    rig.play("ok\ndown\nok")  # back to the tools; the Tractor Beam
    assert isinstance(rig.app.screen, TractorBeam)
    drawn.clear()
    rig.play("up x7")  # a heap of 7 without the beam: half, rounded up, moves
    assert "UP/DOWN:heap OK:back" in drawn and rig.app.screen.heap == 7
    rig.play("ok")
    assert not isinstance(rig.app.screen, TractorBeam)
