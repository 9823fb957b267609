"""``python -m games verify-replays ...`` (see :mod:`games.cli`)."""

import sys

from games.cli import main

sys.exit(main())
