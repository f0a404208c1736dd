"""The ravenry server: lobby over HTTP, live games over WebSocket, storage by replayable records.

``app`` builds the ASGI application and its HTTP routes, ``hub`` holds the games (made, found,
restored at start-up), ``live`` owns one game being played (its only writer, its bots),
``sockets`` serves one WebSocket, ``storage`` the database (SQLAlchemy Core, schema by the Alembic
migrations in ``migrations``), ``messages`` the schemas of untrusted input. The contract with
clients is docs/server-protocol.md.
"""
