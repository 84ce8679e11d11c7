"""Robot Referee: a pocket referee for five robot card games."""

VERSION = "0.1.0"
