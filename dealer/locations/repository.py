"""Reading branches and their staff for the pages: plain frozen dataclasses, no ORM
objects, so pages can keep the results after the session has closed."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import selectinload
from sqlmodel import Session, col, select

from dealer.stock import catalog
from dealer.stock.models import Brand, Employee, Location


@dataclass(frozen=True)
class OpeningTime:
    department: str  # showroom | workshop | parts
    weekday: int  # 0 = Monday
    is_open: bool
    opens: str | None
    closes: str | None
    comment: str | None


@dataclass(frozen=True)
class EmployeeView:
    name: str
    job_title: str
    department: str
    email: str | None
    phone: str | None
    location_slug: str
    location_name: str


@dataclass(frozen=True)
class LocationView:
    slug: str
    name: str
    brands: tuple[tuple[str, str], ...]  # (slug, name)
    services: tuple[str, ...]
    street: str
    postal_code: str
    city: str
    country: str
    latitude: float
    longitude: float
    vat_number: str
    iban: str
    email: str
    phone: str
    fax: str | None
    opening_hours: tuple[OpeningTime, ...]  # showroom first, Monday first
    employees: tuple[EmployeeView, ...]
    whatsapp: str | None = None  # a mobile number

    def hours(self, department: str) -> tuple[OpeningTime, ...]:
        return tuple(time for time in self.opening_hours if time.department == department)


_DEPARTMENT_ORDER = {key: position for position, key in enumerate(catalog.OPENING_DEPARTMENTS)}


def _employee_view(employee: Employee, location: Location) -> EmployeeView:
    return EmployeeView(employee.name, employee.job_title, employee.department, employee.email,
                        employee.phone, location.slug, location.name)


def location_view(location: Location) -> LocationView:
    hours = sorted(
        location.opening_hours,
        key=lambda time: (_DEPARTMENT_ORDER.get(time.department, 99), time.weekday),
    )
    return LocationView(
        slug=location.slug, name=location.name,
        brands=tuple((brand.slug, brand.name)
                     for brand in sorted(location.brands, key=lambda b: b.position)),
        services=tuple(location.services), street=location.street,
        postal_code=location.postal_code, city=location.city, country=location.country,
        latitude=location.latitude, longitude=location.longitude,
        vat_number=location.vat_number, iban=location.iban, email=location.email,
        phone=location.phone, fax=location.fax, whatsapp=location.whatsapp,
        opening_hours=tuple(
            OpeningTime(time.department, time.weekday, time.is_open, time.opens, time.closes,
                        time.comment)
            for time in hours
        ),
        employees=tuple(
            _employee_view(employee, location)
            for employee in sorted(location.employees, key=lambda e: (e.position, e.name))
        ),
    )


LOCATION_LOADS = (
    selectinload(Location.brands),  # type: ignore[arg-type]
    selectinload(Location.opening_hours),  # type: ignore[arg-type]
    selectinload(Location.employees),  # type: ignore[arg-type]
)


def get_location(session: Session, slug: str) -> LocationView | None:
    location = session.exec(
        select(Location).where(Location.slug == slug).options(*LOCATION_LOADS)
    ).first()
    return None if location is None else location_view(location)


def list_locations(
    session: Session,
    *,
    brand: str | None = None,
    service: str | None = None,
    place: str | None = None,
) -> list[LocationView]:
    """Branches by name; optionally only those selling ``brand``, offering ``service``, or
    whose city, postal code or name contains ``place`` (case-insensitive)."""
    statement = select(Location).options(*LOCATION_LOADS).order_by(Location.name)
    if brand:
        statement = statement.where(Location.brands.any(Brand.slug == brand))  # type: ignore[attr-defined]
    locations = [location_view(location) for location in session.exec(statement)]
    if service:
        locations = [location for location in locations if service in location.services]
    if place and (needle := place.strip().casefold()):
        locations = [
            location for location in locations
            if any(needle in text.casefold()
                   for text in (location.city, location.postal_code, location.name))
        ]
    return locations


def branch_names(session: Session) -> dict[str, str]:
    """Every branch's slug and name, by name: one small query, for pages that only name
    the branches (the group rating reads this on every home page)."""
    rows = session.exec(select(Location.slug, Location.name).order_by(Location.name))
    return dict(rows.all())


def list_employees(
    session: Session,
    *,
    name: str | None = None,
    location: str | None = None,
    job_title: str | None = None,
    department: str | None = None,
) -> list[EmployeeView]:
    """Staff ordered by branch and role; filters: name contains, branch slug, job title and
    department keys."""
    statement = (
        select(Employee, Location)
        .join(Location, col(Location.id) == Employee.location_id)
        .order_by(Location.name, Employee.position, Employee.name)
    )
    if location:
        statement = statement.where(Location.slug == location)
    if job_title:
        statement = statement.where(Employee.job_title == job_title)
    if department:
        statement = statement.where(Employee.department == department)
    employees = [_employee_view(employee, branch) for employee, branch in session.exec(statement)]
    if name and (needle := name.strip().casefold()):
        employees = [e for e in employees if needle in e.name.casefold()]
    return employees
