"""The games. Each package registers itself with :mod:`ravenry.core.registry` on import."""
