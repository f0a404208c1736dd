"""Ratings for people (issue 31 §4): OpenSkill ratings per game for accounts, from the finished
games created as rated.

- ``anchors``: the bots' fixed ratings, as the bot ladder measured them;
- ``model``: a finished game's seats ranked from its result, and the OpenSkill update;
- ``store``: the tables (migration 0008) and the one transaction that rates a game once;
- ``service``: when that runs (a game's end, off the event loop; a sweep at start-up and now
  and then);
- ``routes``: the profile and leaderboard API and pages.

What makes a game rated (the ``rated`` table option: a clock, no undo) is checked where the other
table options are, in ravenry.server.clocks and the lobby.
"""
