"""The 55 events (scope §19), one small function per card, registered in
``events.RESOLVERS`` on import: ``age_a`` (all beneficial, L1376-L1384), ``age_i``,
``age_ii``, ``age_iii`` (the "Impact of …" scorings, also scored at game end,
L2081-L2103). ``targets`` reads "strongest / weakest / most culture" (L1390-L1408),
``effects`` holds what events do to a civilization (gains, losses, population, draws)."""

from engines.tta.event_cards import age_a, age_i, age_ii, age_iii

__all__ = ["age_a", "age_i", "age_ii", "age_iii"]
