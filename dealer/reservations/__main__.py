"""Reservation commands for the dealer: ``python -m dealer.reservations
list|expire|cancel ID|refund ID``."""

from __future__ import annotations

import argparse
import sys

from dealer.db import get_engine
from dealer.reservations import service
from dealer.reservations.models import Reservation
from dealer.reservations.mollie import PaymentError, mollie_client
from dealer.visible import visible


def listed(reservation: Reservation) -> str:
    return (f"#{reservation.id}  {reservation.created_at:%Y-%m-%d %H:%M}  "
            f"{reservation.status:<9} {reservation.vehicle_slug}  "
            f"until {reservation.expires_at:%Y-%m-%d %H:%M} UTC  "
            f"{reservation.payment_id or '-'}  {visible(reservation.name)} "
            f"<{visible(reservation.email)}>")


def _list(args: argparse.Namespace) -> int:
    rows = service.reservations(get_engine(), args.limit)
    for row in rows:
        print(listed(row))
    print(f"{len(rows)} reservation(s)")
    return 0


def _expire(_args: argparse.Namespace) -> int:
    print(f"ended {service.expire(get_engine())} hold(s)")
    return 0


def _cancel(args: argparse.Namespace) -> int:
    reservation = service.cancel(get_engine(), args.id)
    if reservation is None:
        print(f"reservation #{args.id} holds no vehicle", file=sys.stderr)
        return 1
    print(f"canceled: {listed(reservation)}")
    if reservation.paid_at is not None:
        print(f"the deposit is not refunded: python -m dealer.reservations refund {args.id}")
    return 0


def _refund(args: argparse.Namespace) -> int:
    client = mollie_client()
    try:
        reservation = service.refund(get_engine(), client, args.id)
    except PaymentError as exc:
        print(f"the refund failed: {exc}; it is tried again automatically", file=sys.stderr)
        return 1
    finally:
        client.close()
    if reservation is None:
        print(f"reservation #{args.id} has no paid deposit to refund", file=sys.stderr)
        return 1
    print(f"refunded: {listed(reservation)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dealer.reservations")
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="show reservations, newest first")
    listing.add_argument("--limit", type=int, default=50)
    listing.set_defaults(handler=_list)
    commands.add_parser("expire", help="end the holds whose time is over").set_defaults(
        handler=_expire)
    cancel = commands.add_parser("cancel", help="end a reservation's hold (no refund)")
    cancel.add_argument("id", type=int)
    cancel.set_defaults(handler=_cancel)
    refund = commands.add_parser("refund", help="refund a deposit and end its hold")
    refund.add_argument("id", type=int)
    refund.set_defaults(handler=_refund)
    args = parser.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
