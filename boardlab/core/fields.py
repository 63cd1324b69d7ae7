"""Named parts of one grouped field: a state keeps rarely written facts in one list or
tuple, and each keeps its name as a property.

Why: CPython 3.11 keeps an instance's attributes in its compact layout only up to about
29 names shared by the class's instances; past it, every attribute read of every step
is a dict look-up. Grouping facts read a few times a turn (Jambo's turn clock, Kombo
Afrika's effect under way) keeps a state within it, and their names keep the rules
readable.
"""

from __future__ import annotations


def part_of(field: str, index: int, doc: str) -> property:
    """A property for item ``index`` of the attribute ``field``: setting it changes a list
    in place, or replaces a tuple by a new one (a tuple may be shared by clones)."""

    def get(obj):
        return getattr(obj, field)[index]

    def put(obj, value) -> None:
        parts = getattr(obj, field)
        if type(parts) is list:
            parts[index] = value
        else:
            setattr(obj, field, (*parts[:index], value, *parts[index + 1 :]))

    return property(get, put, doc=doc)
