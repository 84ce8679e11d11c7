"""A short message: any button goes back."""


class Notice:
    def __init__(self, app, title, lines):
        self.app = app
        self.title = title
        self.lines = lines

    def on_event(self, ev):
        self.app.pop()

    def draw(self, c):
        c.centre(self.title, 0)
        c.invert_rows(0)
        row = 2
        for line in self.lines:
            c.centre(line, row)
            row += 1
        c.centre("any key: back", 7)
