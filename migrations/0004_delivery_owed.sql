-- 0004: which version of each game the bot has finished telling (posts, notes, questions).
-- A game whose delivered_version is behind its version owes a delivery: an answer was
-- committed and telling it failed part-way (a write error, a crash). The commit itself
-- records the duty (it moves version on); the bot moves delivered_version up once the
-- telling is done, and its reminder pass and start-up catch up every game still behind.
-- Games already running are taken as told.

ALTER TABLE games ADD COLUMN delivered_version INTEGER NOT NULL DEFAULT -1;

UPDATE games SET delivered_version = version WHERE status <> 'lobby';
