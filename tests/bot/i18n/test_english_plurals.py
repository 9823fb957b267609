"""English text says "1 coin", "21 points": one catalogue string serves both."""

from bot.i18n import raw, t


def test_one_takes_the_singular() -> None:
    assert t("en", "seven_wonders.status.coins", cost=1) == "costs 1 coin"
    line = t("en", "duel.hand.coins", coins=1, points=1, pawn=0)
    assert line.startswith("🪙 1 coin · ⭐ 1 point ·")


def test_other_numbers_keep_the_plural() -> None:
    assert t("en", "seven_wonders.status.coins", cost=11) == "costs 11 coins"
    assert t("en", "seven_wonders.status.coins", cost=0) == "costs 0 coins"
    assert t("en", "duel.event.coins_lost", player="Bo", amount=21, source="x") == (
        "Bo loses 21 coins (x)."
    )


def test_other_languages_are_formatted_as_written() -> None:
    for lang in ("zh-TW", "zh-CN"):
        template = raw(lang, "duel.event.coins_lost")
        assert template is not None
        expected = template.format(player="Bo", amount=1, source="x")
        assert t(lang, "duel.event.coins_lost", player="Bo", amount=1, source="x") == expected
