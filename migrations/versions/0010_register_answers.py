"""the register's answers about the stock's plates, shared by every server process

Revision ID: 0010_register_answers
Revises: 0009_saved_searches
Create Date: 2026-11-27
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0010_register_answers'
down_revision: str | None = '0009_saved_searches'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'register_answer',
        sa.Column('plate', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column('vehicle', sa.JSON(), nullable=True),
        sa.Column('fetched_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('plate'),
    )


def downgrade() -> None:
    op.drop_table('register_answer')
