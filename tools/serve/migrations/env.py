"""alembic's entry: the server hands its connection in (``swrebellion.tools.serve.store.migrate``)."""

from alembic import context

from swrebellion.tools.serve.store import metadata

context.configure(connection=context.config.attributes["connection"], target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
