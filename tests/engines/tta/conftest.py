"""The TTA tests edit states by hand between answers (``give``, ``set_row``…), so they run
without the prompt cache of ``engines/tta/undo_window.py``, which relies on a state changing
only through ``apply``; ``test_tta_undo.py`` turns it on where it checks it."""

from __future__ import annotations

from engines.tta import undo_window

undo_window.CACHING = False
