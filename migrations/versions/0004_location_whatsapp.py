"""a branch's WhatsApp number

Revision ID: 0004_location_whatsapp
Revises: 0003_lead_attachments
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0004_location_whatsapp'
down_revision: str | None = '0003_lead_attachments'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('location', schema=None) as batch_op:
        batch_op.add_column(sa.Column('whatsapp', sqlmodel.sql.sqltypes.AutoString(length=30),
                                      nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('location', schema=None) as batch_op:
        batch_op.drop_column('whatsapp')
