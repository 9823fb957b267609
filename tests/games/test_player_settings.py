"""Per-player settings (``/settings``): stored per user, defaults when absent, partial
updates; the same on SQLite and PostgreSQL."""

from __future__ import annotations

from games.models import PlayerSettings
from games.service import GameService
from games.storage import SqlStore, open_store


async def test_settings_round_trip(store: SqlStore, db_url: str) -> None:
    assert await store.get_player_settings(7) is None
    both_off = await store.set_player_settings(2**62, False, False, 10.0)
    assert both_off == PlayerSettings(dm_on_turn=False, reminder_pings=False)
    # a partial change keeps the other setting; a new row takes the defaults for the rest
    assert await store.set_player_settings(2**62, None, True, 11.0) == PlayerSettings(
        dm_on_turn=False, reminder_pings=True
    )
    assert await store.set_player_settings(7, False, None, 12.0) == PlayerSettings(
        dm_on_turn=False, reminder_pings=True
    )
    assert await store.set_player_settings(8, None, None, 13.0) == PlayerSettings()
    reopened = await open_store(db_url)
    try:
        assert await reopened.get_player_settings(2**62) == PlayerSettings(
            dm_on_turn=False, reminder_pings=True
        )
        assert await reopened.get_player_settings(7) == PlayerSettings(dm_on_turn=False)
    finally:
        await reopened.close()


async def test_service_defaults_and_changes(service: GameService) -> None:
    assert await service.player_settings(5) == PlayerSettings(dm_on_turn=True, reminder_pings=True)
    changed = await service.set_player_settings(5, reminder_pings=False)
    assert changed == PlayerSettings(dm_on_turn=True, reminder_pings=False)
    assert await service.player_settings(5) == changed
    assert await service.player_settings(6) == PlayerSettings()
