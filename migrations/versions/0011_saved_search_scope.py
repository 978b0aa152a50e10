"""saved searches: the deal listing a search was saved from, and the visitor who saved it
(a keyed hash of the address, for the save form's rate limit)

Revision ID: 0011_saved_search_scope
Revises: 0010_register_answers
Create Date: 2026-11-27
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0011_saved_search_scope'
down_revision: str | None = '0010_register_answers'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TEXT = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    with op.batch_alter_table('saved_search') as batch_op:
        batch_op.add_column(sa.Column('deal', _TEXT(length=20), nullable=True))
        batch_op.add_column(sa.Column('client_key', _TEXT(length=64), nullable=False,
                                      server_default=''))
        batch_op.create_index('ix_saved_search_client_key', ['client_key'])


def downgrade() -> None:
    with op.batch_alter_table('saved_search') as batch_op:
        batch_op.drop_index('ix_saved_search_client_key')
        batch_op.drop_column('client_key')
        batch_op.drop_column('deal')
