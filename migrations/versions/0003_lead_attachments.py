"""files sent with a lead (a CV with a job application)

Revision ID: 0003_lead_attachments
Revises: 0002_leads
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0003_lead_attachments'
down_revision: str | None = '0002_leads'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('lead_attachment',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('lead_id', sa.Integer(), nullable=False),
    sa.Column('field', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('token', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('filename', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
    sa.Column('content_type', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('sha256', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.ForeignKeyConstraint(['lead_id'], ['lead.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token')
    )
    with op.batch_alter_table('lead_attachment', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_lead_attachment_lead_id'), ['lead_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('lead_attachment', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_lead_attachment_lead_id'))
    op.drop_table('lead_attachment')
