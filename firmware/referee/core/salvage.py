"""A journal the reader refused: a newer referee's, or a damaged one, which
keeps its good part (issue 20). Loaded only when that happens (the reader's
own code stays small: a 5,000-action game's resume fills the chip's heap).

A newer referee's file is kept whole as game.jnl.newerN, told once. A
damaged file is kept aside whole, as game.jnl.badN, and when the damage is
after the header its bytes up to the first line that did not read or
replay become the journal again: the header and every action before that
line, undo lines included, which read back as they did before."""

_CHUNK = 512  # bytes copied at a time: the heap never holds the file


def refused(journal, e, good, saved):
    """Fill ``saved`` (the reader's Saved) for a journal whose reading raised
    RulesError ``e``; ``good``: where the line being read started (None:
    the header)."""
    if str(e).startswith("format "):
        # A newer referee's game: its bytes kept whole under another name,
        # so it is told once, not at every boot, and new games can start; a
        # newer referee can still read it there.
        saved.problem = "made by a newer referee (%s)" % e
        try:
            saved.kept_as = journal._move(journal.name + ".newer%d")
        except OSError:
            pass  # the flash refuses even a rename: told again next boot
        return
    saved.problem = "saved game damaged: %s" % e
    saved.kept_as = journal.set_aside()
    if good is not None:  # a line after the header: the lines before it are good
        saved.salvaged = salvage(journal, saved.kept_as, good)


def salvage(journal, kept, good):
    """Start the journal again from the first ``good`` bytes of the damaged
    file, kept aside as ``kept``. Returns whether the good part is the
    journal now; a flash that refuses the copy leaves no journal, only the
    file kept aside (nothing of it is lost)."""
    storage = journal.storage
    journal.forget_snapshots()  # they may stand past the damage
    source = storage.open_read(kept)
    if source is None:
        return False

    def produce(out):
        left = good
        while left > 0:
            chunk = source.read(_CHUNK if left > _CHUNK else left)
            if not chunk:
                raise OSError(5)  # EIO: shorter than it was a moment ago
            out.write(chunk)
            left -= len(chunk)

    try:
        storage.write_with(journal.name, produce)
    except OSError:
        return False
    finally:
        source.close()
    return True


def reread(journal, damaged, resume, find_rules):
    """Read the game back from its good part: (saved, rules, state, what
    the error log adds), the damage's reason and kept file carried over."""
    saved, rules, state = resume(journal, find_rules)
    if saved.problem is not None:
        return saved, rules, state, ""
    saved.problem, saved.kept_as, saved.salvaged = damaged.problem, damaged.kept_as, True
    return saved, rules, state, "; resumes at step %d" % saved.actions


def told(saved, reason, wrap):
    """The DAMAGED LINE notice's lines: which line or action was wrong, in
    one line (the log has the whole reason), the step the game goes back
    to, and where the whole file went."""
    what = reason[: reason.find(":")] if ":" in reason else reason
    return wrap(what, 1) + ["back to step %d" % saved.actions, "kept as", saved.kept_as]
