"""Boot: build the board's hardware and hand it to the referee."""

import board
from referee.app import run

run(board.hardware())
