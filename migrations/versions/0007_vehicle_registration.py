"""a vehicle's licence plate, for the facts of the vehicle register on its page

Revision ID: 0007_vehicle_registration
Revises: 0006_price_history
Create Date: 2026-11-27
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0007_vehicle_registration'
down_revision: str | None = '0006_price_history'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('vehicle', schema=None) as batch_op:
        batch_op.add_column(sa.Column('licence_plate', sqlmodel.sql.sqltypes.AutoString(length=12),
                                      nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('vehicle', schema=None) as batch_op:
        batch_op.drop_column('licence_plate')
