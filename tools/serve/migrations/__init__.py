"""The database's schema history (alembic): one module per change in ``versions/``."""
