"""Evil Robots' undo from a public screen: it takes back the last public
step, keeps the hidden steps after it (PlusBot's choice, JudasBot's switch),
and says the same words whether or not a hidden step was there."""

from referee.core.journal import Journal
from referee.core.journal_read import resume
from referee.core.session import Session
from referee.evil import rules as evil
from referee.evil import rules_full as evil_more
from referee.games import rules as find_rules
from referee.hw.storage import Storage

HH, TT, HT = [True, True], [False, False], [True, False]
BOTS = ["PlusBot", "JudasBot", "CopyBot", "BadBot", "MiseryBot"]


def started(flash):
    session = Session.start(Storage(str(flash)), evil, {"players": 5, "target": 10})
    deal = {"a": "deal", "bots": [evil.bot(b) for b in BOTS], "power": [5, 3, 6, 2, 8]}
    deal["coins"] = [HH, TT, HT, HH, TT]
    deal["v"] = 2
    assert session.act(deal) is None
    return session


def test_a_public_undo_keeps_the_hidden_steps_and_says_nothing_of_them(flash):
    quiet = started(flash)
    assert quiet.act({"a": "call", "level": 9}) is None
    plain = evil_more.undo(quiet)
    assert quiet.state.level == 12

    session = quiet
    assert session.act({"a": "call", "level": 9}) is None
    assert session.act({"a": "plus", "seat": 0, "power": 8}) is None  # PlusBot's peek
    said = evil_more.undo(session)
    assert said == plain  # the same words: nothing tells of the hidden step
    assert session.state.level == 12  # the call is taken back...
    assert session.state.power[0] == 8 and session.state.plus_set  # ...the choice kept
    # and a resume agrees with the state in hand
    saved, rules, replayed = resume(Journal(session.journal.storage), find_rules)
    assert replayed.power == session.state.power and replayed.level == 12


def test_a_hidden_step_that_needed_the_undone_one_goes_with_it(flash):
    session = started(flash)
    session.act({"a": "turn", "seat": 1, "do": "pass"})  # JudasBot's pretended pass
    session.act({"a": "judas", "seat": 1, "to": "good"})
    assert session.state.side[1] == "good"
    evil_more.undo(session)  # the pass was a mistake: the switch cannot stand alone
    assert session.state.side[1] == "evil" and 1 not in session.state.used
    assert session.state.acted == [] and session.state.hidden == []


def test_behind_the_deal_a_hidden_step_changes_nothing_said(flash):
    session = started(flash)
    alone = evil_more.undo(session)
    session.act({"a": "plus", "seat": 0, "power": 6})
    assert evil_more.undo(session) == alone == "no undo: the cards are dealt"
    assert session.state.power[0] == 6
