"""the price changes each stock import records, per vehicle and deal type

Revision ID: 0006_price_history
Revises: 0005_pending_uploads
Create Date: 2026-11-27
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0006_price_history'
down_revision: str | None = '0005_pending_uploads'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('price_change',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('vehicle_id', sa.Integer(), nullable=False),
    sa.Column('deal_type', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('old_amount', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('new_amount', sa.Numeric(precision=12, scale=2), nullable=False),
    sa.Column('changed_on', sa.Date(), nullable=False),
    sa.ForeignKeyConstraint(['vehicle_id'], ['vehicle.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('price_change', schema=None) as batch_op:
        batch_op.create_index('ix_price_change_vehicle_deal', ['vehicle_id', 'deal_type', 'id'],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table('price_change', schema=None) as batch_op:
        batch_op.drop_index('ix_price_change_vehicle_deal')
    op.drop_table('price_change')
