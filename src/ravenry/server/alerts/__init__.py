"""Turn alerts that reach a person with the game's tab closed (issue 31 §3), all opt-in: Web Push
to the devices an account subscribed, email to the address it set, and a webhook per game that
its host set (Discord-compatible JSON).

- ``waits``: what a wait is (a seat deciding, named by the seq at which it began) and which
  waits are alerted (human seats, not away; a slow game's reminder at a quarter of the time);
- ``text``: what an alert says (public things only: no token, nothing hidden);
- ``webhook``, ``mail``, ``push``: one channel each;
- ``worker``: delivery in a thread of its own, once per wait and channel, with retries;
- ``service``: the live game's hook (it only takes note) and the check at send time (the wait
  still stands, the seat's page is not visible);
- ``store``: the tables (migration 0009) and their queries; ``config``: the settings;
- ``routes``: the HTTP API.

Nothing is imported here, so that the live game may import ``waits`` alone.
"""
