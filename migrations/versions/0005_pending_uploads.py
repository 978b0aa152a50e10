"""files visitors sent that no lead has claimed yet, for quotas and a bounded sweep

Revision ID: 0005_pending_uploads
Revises: 0004_location_whatsapp
Create Date: 2026-11-27
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0005_pending_uploads'
down_revision: str | None = '0004_location_whatsapp'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('pending_upload',
    sa.Column('token', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('client_key', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('sha256', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('content_type', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('token')
    )
    with op.batch_alter_table('pending_upload', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pending_upload_client_key'), ['client_key'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_pending_upload_created_at'), ['created_at'],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table('pending_upload', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pending_upload_created_at'))
        batch_op.drop_index(batch_op.f('ix_pending_upload_client_key'))
    op.drop_table('pending_upload')
