"""saved stock searches with e-mail alerts: the searches, their matches, the mails

Revision ID: 0009_saved_searches
Revises: 0008_reservations
Create Date: 2026-11-27
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0009_saved_searches'
down_revision: str | None = '0008_reservations'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TEXT = sqlmodel.sql.sqltypes.AutoString


def upgrade() -> None:
    op.create_table(
        'saved_search',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('email', _TEXT(length=254), nullable=False),
        sa.Column('locale', _TEXT(length=5), nullable=False),
        sa.Column('params', sa.JSON(), nullable=False),
        sa.Column('display', _TEXT(length=20), nullable=False),
        sa.Column('mode', _TEXT(length=10), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('confirmed_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_saved_search_email', 'saved_search', ['email'])
    op.create_index('ix_saved_search_confirmed_at', 'saved_search', ['confirmed_at'])
    op.create_table(
        'alert_match',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('search_id', sa.Integer(), nullable=False),
        sa.Column('vehicle_id', sa.Integer(), nullable=False),
        sa.Column('price_key', _TEXT(length=200), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('mail_id', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['search_id'], ['saved_search.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('search_id', 'vehicle_id', 'price_key'),
    )
    op.create_index('ix_alert_match_search_id', 'alert_match', ['search_id'])
    op.create_index('ix_alert_match_mail_id', 'alert_match', ['mail_id'])
    op.create_table(
        'alert_mail',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('key', _TEXT(length=300), nullable=False),
        sa.Column('kind', _TEXT(length=10), nullable=False),
        sa.Column('email', _TEXT(length=254), nullable=False),
        sa.Column('message', _TEXT(), nullable=False),
        sa.Column('status', _TEXT(length=10), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('next_attempt_at', sa.DateTime(), nullable=False),
        sa.Column('last_error', _TEXT(length=500), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('sent_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('key'),
    )
    op.create_index('ix_alert_mail_email', 'alert_mail', ['email'])
    op.create_index('ix_alert_mail_status', 'alert_mail', ['status'])
    op.create_index('ix_alert_mail_next_attempt_at', 'alert_mail', ['next_attempt_at'])


def downgrade() -> None:
    op.drop_table('alert_mail')
    op.drop_table('alert_match')
    op.drop_table('saved_search')
