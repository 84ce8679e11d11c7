"""What an Evil Robots frame may say about a player (issue 33), for the
tests that walk the screens: every string drawn is recorded with what the
round had made public at that moment, and ``leaks`` names each one that
tells a robot, side or power its holder has not shown.

A frame drawn while OK is held on a peek is the holder's own and is never
checked. Otherwise:

- a robot's name beside a player's name must be that player's robot, shown
  (``shown`` holds "r"), claimed on the reactions screen (the claim the
  device checked), the actor's claimed robot, or the LockBot a conversion's
  target or instigator proves it holds (evil-robots.txt, "When must you
  reveal things?");
- a robot's name alone only where the table picks one from a list of them
  (a claim, a reaction, a robot to copy, the pass phase's claims) or as the
  title of the action its player claimed;
- a side or a power beside a player's name only in a conversion's story,
  which the rules make shown (the new side, or the proof of a failure), or
  at the round's end, where every side is shown.
"""

import re

from rig import Rig

SIDE = re.compile(r"\b(good|evil|neutral)\b", re.IGNORECASE)
POWER = re.compile(r"\bpower \d")
_PASS_CLAIMS = ("PassBot: first", "FreeBot: level", "who claims PassBot?", "who is FreeBot?")
REFUSED = re.compile(r"^\S+ is not [A-Za-z]+Bot$")


def _state(app):
    from referee.evil.play import EvilGame

    for screen in reversed(app._stack):
        if isinstance(screen, EvilGame):
            return screen.session.state
    return None


def allowed(app):
    """The (player, robot) pairs the table may see now, and the screen's kind."""
    from referee.evil import rules as evil
    from referee.evil.calls import Ability
    from referee.evil.react import React

    state = _state(app)
    screen = app.screen
    pairs = set()
    if state is None or not state.bots:
        return pairs
    names = state.table.names
    for seat in range(state.table.players):
        if "r" in state.shown[seat]:
            pairs.add((names[seat], evil.BOTS[state.bots[seat]]))
    if isinstance(screen, React):
        reactors = {"fail": "BlockBot", "back": "BlockBot", "force": "ForceBot"}
        reactors["over"] = "DoOverBot"
        for chain in screen.chains:
            for seat, how in chain:
                pairs.add((names[seat], reactors[how]))
        action = screen.action
        for seat in [action["seat"], action.get("target", -1)] + action.get("targets", []):
            if 0 <= seat < state.table.players and state.bots[seat] == evil.bot("LockBot"):
                pairs.add((names[seat], "LockBot"))
    if isinstance(screen, (Ability, React)) and getattr(screen, "stage", None) != "claim":
        seat = screen.seat if isinstance(screen, Ability) else screen.action["seat"]
        pairs.add((names[seat], evil.BOTS[state.bots[seat]]))
    return pairs


_NOW = {}  # the rig being walked and the list its strings go to


def walk(monkeypatch, script, seed=1, rig=None):
    """Play ``script`` recording every string drawn: [(text, screen,
    peeking, the names, the pairs allowed, a robot listed), ...], each
    judged as it was drawn. Given ``rig``, goes on with it."""
    from referee.ui.canvas import Canvas

    if not getattr(Canvas.text, "evil_walk", False):  # once a test: the hook reads _NOW
        original = Canvas.text

        def text(self, s, *args, **kwargs):
            app = _NOW["rig"].app if _NOW.get("rig") is not None else None
            if app is not None:
                state = _state(app)
                names = list(state.table.names) if state is not None else []
                listed = _listing(app.screen, s)  # judged now: the screen moves on
                _NOW["seen"].append((s, app.screen, app.peeking, names, allowed(app), listed))
            return original(self, s, *args, **kwargs)

        text.evil_walk = True  # type: ignore[attr-defined]
        monkeypatch.setattr(Canvas, "text", text)
    seen = []  # type: list
    _NOW["seen"] = seen
    _NOW["rig"] = None  # the boot's frames come before the rig is in hand: the menu
    if rig is None:
        rig = Rig(seed=seed)
    _NOW["rig"] = rig
    rig.play(script)
    _NOW["rig"] = None
    return rig, seen


def _listing(screen, text):
    """A robot's name where the table picks from a list of them, or the
    title of an action claimed."""
    from referee.evil import rules as evil
    from referee.evil.calls import Ability, PassPhase
    from referee.evil.react import React

    if isinstance(screen, Ability):
        if screen.stage in ("claim", "copy") and text in evil.BOTS:
            return True
        return text in (screen._title(), "none acted yet")
    if isinstance(screen, React):
        return text == screen.title or text in [r[0] for r in _reactions()]
    if isinstance(screen, PassPhase):
        return text in _PASS_CLAIMS
    return False


def _reactions():
    from referee.evil.react import _REACTIONS

    return _REACTIONS


def leaks(seen):
    """The strings that tell what their holder has not shown: [(text, screen)]."""
    from referee.evil import rules as evil
    from referee.evil.calls import PassPhase
    from referee.evil.peek import ABILITY
    from referee.evil.react import React
    from referee.evil.round_end import RoundEnd, Summary

    abilities = {line for pair in ABILITY for line in pair}
    out = []
    for text, screen, peeking, names, pairs, listed in seen:
        if peeking or REFUSED.match(text):
            continue  # the holder's own; a false claim refused names the claimant only
        named = [n for n in names if re.search(r"(?<![A-Za-z0-9])" + n + r"(?![0-9])", text)]
        robots = [b for b in evil.BOTS if b in text]
        bad = text in abilities
        for robot in robots:
            if named:
                if isinstance(screen, PassPhase) and text.endswith(": FreeBot at"):
                    continue  # the table's claim, checked when it is kept
                bad = bad or not any((n, robot) in pairs for n in named)
            else:
                bad = bad or not listed
        if named and (SIDE.search(text) or POWER.search(text)):
            bad = bad or not isinstance(screen, (React, RoundEnd, Summary))
        if bad:
            out.append((text, type(screen).__name__))
    return out
