"""The action phase's actions, one module per rule (scope §6, §7).

Each module exposes ``options(st, seat)`` — the legal options for the current seat as
``Option`` objects — and ``do(st, seat, arg)`` which applies one of them (already checked
against the prompt, so it may assume legality) and returns the events. ``engine.py``
dispatches on the option id's prefix (``RULE_ACTIONS`` in ``prompts.py``, beside the
options).
"""
