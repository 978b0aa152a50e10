"""leads and their delivery outbox

Revision ID: 0002_leads
Revises: 0001
Create Date: 2025-06-10
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0002_leads'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('lead',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('form_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('payload', sa.JSON(), nullable=False),
    sa.Column('vehicle_slug', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=True),
    sa.Column('brand', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=True),
    sa.Column('model', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=True),
    sa.Column('subject', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('locale', sqlmodel.sql.sqltypes.AutoString(length=5), nullable=False),
    sa.Column('source_page', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=False),
    sa.Column('client_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('idempotency_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('idempotency_key')
    )
    with op.batch_alter_table('lead', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_lead_client_key'), ['client_key'], unique=False)
        batch_op.create_index(batch_op.f('ix_lead_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_lead_form_id'), ['form_id'], unique=False)

    op.create_table('outbox_message',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('lead_id', sa.Integer(), nullable=False),
    sa.Column('channel', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('next_attempt_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('last_error', sqlmodel.sql.sqltypes.AutoString(length=500), nullable=True),
    sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['lead_id'], ['lead.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('outbox_message', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_outbox_message_lead_id'), ['lead_id'], unique=False)
        batch_op.create_index(
            batch_op.f('ix_outbox_message_next_attempt_at'), ['next_attempt_at'], unique=False
        )
        batch_op.create_index(batch_op.f('ix_outbox_message_status'), ['status'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('outbox_message', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_outbox_message_status'))
        batch_op.drop_index(batch_op.f('ix_outbox_message_next_attempt_at'))
        batch_op.drop_index(batch_op.f('ix_outbox_message_lead_id'))
    op.drop_table('outbox_message')
    with op.batch_alter_table('lead', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_lead_form_id'))
        batch_op.drop_index(batch_op.f('ix_lead_created_at'))
        batch_op.drop_index(batch_op.f('ix_lead_client_key'))
    op.drop_table('lead')
