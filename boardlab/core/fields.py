"""A state's own fields: the declared ones that core copies, saves and loads
(``copied``, ``declared``: ``State._FIELDS``), and named parts of one grouped field.

Named parts: a state keeps rarely written facts in one list or tuple, and each keeps
its name as a property.

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


def copied(value):
    """``value`` as a state's field copy holds it: a list, dict or set copied, and each
    list, dict or set inside it too (a hand inside the hands); anything else (ints,
    strings, tuples, frozen actions) shared, as it never changes in place."""
    kind = type(value)
    if kind is list:
        return [copied(v) if type(v) in _MUTABLE else v for v in value]
    if kind is dict:
        return {k: copied(v) if type(v) in _MUTABLE else v for k, v in value.items()}
    if kind is set:
        return set(value)
    return value


_MUTABLE = (list, dict, set)


def declared(state, hook: str) -> tuple[str, ...]:
    """``state``'s declared fields (``State._FIELDS``), which core's default ``hook``
    (``_copy``, ``_dump``, ``_load``, ``_arrange``) reads; none declared: the game
    must write ``hook`` itself."""
    names = type(state)._FIELDS
    if names is None:
        raise NotImplementedError(
            f"{type(state).__name__} declares no _FIELDS (the names of its own fields): "
            f"declare them, or write {hook}"
        )
    return names
