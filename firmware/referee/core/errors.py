"""The one error the cores raise for bad input: its message names what was
wrong in words a player understands, and the state it was raised from is
left as it was."""


class RulesError(ValueError):
    pass
