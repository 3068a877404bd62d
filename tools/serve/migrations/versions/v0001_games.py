"""The first schema: games, their links and their choices.

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("expansions", sa.Text, nullable=False),
        sa.Column("packs", sa.Text, nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("state_hash", sa.String(64), nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
    )
    op.create_table(
        "links",
        sa.Column("game", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("role", sa.String(16), primary_key=True),
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("agent", sa.String(200), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
    )
    op.create_table(
        "choices",
        sa.Column("game", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("option", sa.String(200), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("choices")
    op.drop_table("links")
    op.drop_table("games")
