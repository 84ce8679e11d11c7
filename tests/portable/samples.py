"""Sample games of any length, one a game, for the benchmarks (host_tools/
bench.py) and the snapshot tests: plain loops both VMs run. Each plays a
legal game that does not end before ``count`` actions."""

FACTORY_SETUP = {"players": 5, "device": True, "rounds": 9}
DUEL_SETUP = {"players": ["ANN", "BOB"], "jokers": True, "wins": 9}


def sample_actions(count):
    """A score pad game of ``count`` actions: three players, three scores a round."""
    actions = []  # type: list
    k = 0
    while len(actions) < count:
        for seat in range(3):
            actions.append({"a": "score", "seat": seat, "pts": (k * 7 + seat * 5) % 60 - 10})
            k += 1
        actions.append({"a": "next"})
    return actions[:count]


SAMPLE_SETUP = {"players": ["ANN", "BOB", "CY"], "target": 0}


def sample_robots_actions(count):
    """A ROBOTS! game of ``count`` actions: four players, each hand four
    counts and its close; small scores, so nobody reaches the target."""
    actions = []  # type: list
    hand = 0
    while len(actions) < count:
        for seat in range(4):
            n = [0] * 9
            n[0] = (hand + seat) % 4  # a few 2-9 in spreads
            n[2] = (hand * 3 + seat) % 4  # and a few in hand
            actions.append({"a": "count", "seat": seat, "n": n})
        actions.append({"a": "end", "out": hand % 4, "how": "out"})
        hand += 1
    return actions[:count]


def sample_robber_actions(count):
    """A Robber Rummy game of ``count`` actions: three players, each hand
    three counts and its close. Every player shows a set of three low cards
    (3 x 5 = 15) and holds four low cards (4 x -5 = -20), so each hand
    scores -5 apiece and nobody nears the 400 target."""
    actions = []  # type: list
    hand = 0
    while len(actions) < count:
        for seat in range(3):
            n = [0] * 11
            n[2] = 3  # set 2-9: three cards
            n[4] = 4  # hand 2-9: four cards
            actions.append({"a": "count", "seat": seat, "n": n})
        actions.append({"a": "end", "out": hand % 3, "how": "rummy"})
        hand += 1
    return actions[:count]


def sample_evil_actions(count):
    """An Evil Robots game of ``count`` actions: five players racing to 100,
    each round a deal, five turns (a conversion among them) and an end
    where one side wins (after round 40, where nobody does: at 500 actions
    the leaders stand at 56, so a bench that plays rounds on from there
    plays a live game, not one already won)."""
    actions = []  # type: list
    k = 0
    sides = ("good", "evil", "neutral")
    while len(actions) < count:
        bots = [(k + i * 3) % 18 for i in range(5)]
        power = [1 + (k + i) % 9 for i in range(5)]
        coins = [[(k + i) % 2 == 0, (k + i) % 3 == 0] for i in range(5)]
        actions.append({"a": "deal", "bots": bots, "power": power, "coins": coins})
        for seat in range(5):
            if seat == k % 5:
                turn = {"a": "turn", "seat": seat, "do": "convert", "target": (seat + 1) % 5}
                turn["ok"] = True
            else:
                turn = {"a": "turn", "seat": seat, "do": "own"}
            actions.append(turn)
        if k < 40:  # the first 280 actions: a side wins each round
            actions.append({"a": "end", "side": [sides[(k + i) % 3] for i in range(5)]})
        else:  # then nobody scores (no team), so a long game never reaches 100
            actions.append({"a": "end", "side": ["neutral"] * 5})
        k += 1
    return actions[:count]


def sample_factory_actions(count):
    """A Robo Factory game of ``count`` actions, the device as customer: five
    players, nine orders each. Each turn a deal, a data tile (for those with
    a cube) and a build for every player, a first try where nobody is right,
    then a second try where one player is (the heaviest turn: hints,
    payouts both ways). The last turn stops mid-build, so the pass round
    can be played over and over without changing the game."""
    from referee.factory import rules as factory

    state = factory.setup(FACTORY_SETUP)
    actions = []  # type: list

    def act(action):
        factory.step(state, action)
        actions.append(action)

    k = 0
    while True:
        cards = []  # type: list
        for card in [(k * 7 + i * 5) % 64 for i in range(64)] + list(range(64)):
            if card not in cards:
                cards.append(card)
        order = cards[0]
        hands = [cards[4 + 3 * s : 7 + 3 * s] for s in range(5)]
        act({"a": "order", "order": order, "board": cards[1:4], "hands": hands})
        # a turn is at most 18 actions; the last planned turn is not finished
        if len(actions) + 18 > count or state.turn + 1 >= state.turns:
            while len(actions) < count:  # seat 0 changes its mind; the rest wait
                act({"a": "build", "seat": 0, "robot": len(actions) % 64, "eureka": False})
            return actions
        for s in range(5):
            if state.cubes(s):
                act({"a": "tile", "seat": s, "card": hands[s][0]})
            act({"a": "build", "seat": s, "robot": order ^ 1, "eureka": False})
        act({"a": "reveal", "rolls": [0] * 5})
        for s in range(5):
            robot = order if s == k % 5 else order ^ 2
            act({"a": "build", "seat": s, "robot": robot, "eureka": False})
        act({"a": "reveal", "rolls": [0] * 5})
        k += 1


def sample_duel_actions(count):
    """A Robots duel match of ``count`` actions: two players trading builds,
    attacks, blocks, discards and recoveries, duel after duel. Each turn
    the active player toggles every robot, builds from the first legal pair
    left in their half, attacks with half their robots; the defender blocks
    the first attacker and takes the loss from the supply. The last turn
    stops in a program phase with two robots or more, so one can be
    toggled there and back over and over."""
    from referee.duel import rules as duel

    state = duel.setup(DUEL_SETUP)
    actions = []  # type: list

    def act(action):
        duel.step(state, action)
        actions.append(action)

    def in_play():
        return [c for side in state.robots for r in side for c in [r[0]] + r[2]]

    while True:
        if state.phase == duel.OVER:
            act({"a": "duel"})
            continue
        if state.phase == duel.PROGRAM:
            last = max(state.match.wins) + 1 >= state.match.wins_needed
            # two robots at least: toggling one does not end the phase (with
            # one, the duel's screen moves on to the build by itself)
            ending = len(actions) + 40 > count or (last and state.duel > 1 and state.turn > 6)
            if ending and len(state.robots[state.active]) > 1:
                while len(actions) < count:  # toggles, the last turn
                    act({"a": "mode", "robot": state.robots[state.active][0][0]})
                return actions
            for robot in state.robots[state.active]:
                act({"a": "mode", "robot": robot[0]})
            act({"a": "next"})
        elif state.phase == duel.BUILD:
            colour = state.colour[state.active]
            suits = (0, 1) if colour == duel.BLACK else (2, 3)
            cards = [r * 4 + s for r in range(1, 14) for s in suits if r * 4 + s not in in_play()]
            pair = None
            for i, a in enumerate(cards):
                for b in cards[i + 1 :]:
                    if pair is None and duel.build_problem(a, b) is None:
                        pair = [a, b]
            act({"a": "build", "cards": pair} if pair else {"a": "next"})
        elif state.phase == duel.SCRAP:
            act({"a": "scrap", "robot": state.robots[state.active][0][0]})
        elif state.phase == duel.COMBAT:
            ready = [r[0] for r in state.robots[state.active] if r[1]]
            act({"a": "attack", "robots": ready[: max(1, len(ready) // 2)]})
        elif state.phase == duel.BLOCK:
            free = [r[0] for r in state.robots[state.defender] if not r[1]]
            pairs = [[state.attackers[0], free[0]]] if free else []
            act({"a": "block", "pairs": pairs})
        elif state.phase == duel.DISCARD:
            act({"a": "discard", "supply": min(state.loss, state.supply[state.defender])})
        elif state.phase == duel.RECOVERY:
            act({"a": "next"})


SAMPLES = {
    "scorepad": (SAMPLE_SETUP, sample_actions),
    "robots": ({"players": ["ANN", "BOB", "CY", "DEE"], "target": 250}, sample_robots_actions),
    "robber": ({"players": ["ANN", "BOB", "CY"]}, sample_robber_actions),
    "evil": ({"players": 5, "target": 100}, sample_evil_actions),
    "factory": (FACTORY_SETUP, sample_factory_actions),
    "duel": (DUEL_SETUP, sample_duel_actions),
}
