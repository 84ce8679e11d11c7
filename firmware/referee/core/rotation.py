"""A role that moves round the table (the Robo Factory customer)."""

from referee.core.errors import RulesError


class Rotation:
    """A role that moves left each turn (the Robo Factory customer); the game
    ends once every player has held it ``times`` times."""

    def __init__(self, players, times, start=0):
        if times < 1:
            raise RulesError("each player must hold the role at least once")
        self.players = players
        self.times = times
        self.start = start

    @property
    def turns(self):
        return self.players * self.times

    def holder(self, turn):
        return (self.start + turn) % self.players

    def held(self, seat, turns_done):
        """How many of the first ``turns_done`` turns ``seat`` held the role."""
        offset = (seat - self.start) % self.players
        if turns_done <= offset:
            return 0
        return (turns_done - offset - 1) // self.players + 1

    def over(self, turns_done):
        return turns_done >= self.turns
