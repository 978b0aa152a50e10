"""online reservations of vehicles, paid with a deposit

Revision ID: 0008_reservations
Revises: 0007_vehicle_registration
Create Date: 2026-11-27
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0008_reservations'
down_revision: str | None = '0007_vehicle_registration'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    text = sqlmodel.sql.sqltypes.AutoString
    op.create_table(
        'reservation',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('vehicle_slug', text(length=200), nullable=False),
        sa.Column('held_vehicle', text(length=200), nullable=True),
        sa.Column('status', text(length=12), nullable=False),
        sa.Column('payment_id', text(length=40), nullable=True),
        sa.Column('amount_cents', sa.Integer(), nullable=False),
        sa.Column('name', text(length=100), nullable=False),
        sa.Column('email', text(length=254), nullable=False),
        sa.Column('locale', text(length=5), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('expires_at', sa.DateTime(), nullable=False),
        sa.Column('paid_at', sa.DateTime(), nullable=True),
        sa.Column('lead_id', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['lead_id'], ['lead.id'], ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('held_vehicle'),
        sa.UniqueConstraint('payment_id'),
    )
    with op.batch_alter_table('reservation', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_reservation_vehicle_slug'), ['vehicle_slug'])
        batch_op.create_index(batch_op.f('ix_reservation_status'), ['status'])
        batch_op.create_index(batch_op.f('ix_reservation_expires_at'), ['expires_at'])


def downgrade() -> None:
    op.drop_table('reservation')
