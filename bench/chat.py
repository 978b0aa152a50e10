"""The chat assistant's answer time on a large stock: the phrasings of the chat's table
tests asked in turn (100 stock questions, 86 about a department's hours or a monthly
price), as the chat asks them (``answer``, with the stock index warm, as on a running
site).

    .venv/bin/python bench/chat.py [--vehicles 100000] [--db PATH] [--rounds 5]

Prints the median and p95 answer time (wall clock and the process's CPU time) per kind of
question (as the tables give it) and over all questions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from demo_database import add_arguments, demo_database

from dealer.chat import assistant
from dealer.stock.index import get_index
from dealer.stock.query import StockQuery
from tests.unit.test_chat_understand import ASKED_DE, ASKED_NL, DE, NL

# Besides the questions of the tables: the other kinds a visitor asks.
OTHER_QUESTIONS = (
    ("openingstijden Utrecht", "nl", "hours"), ("Wann hat Köln geöffnet?", "de", "hours"),
    ("wat kost deze auto per maand?", "nl", "this car"),
    ("Was kostet der im Monat?", "de", "this car"),
    ("ik wil een verkoper spreken", "nl", "other"), ("Wie ist das Wetter?", "de", "other"),
)
KINDS = {"branch": "hours", "monthly": "monthly"}


def percentile_95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[max(0, int(len(ordered) * 0.95) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    parser.add_argument("--rounds", type=int, default=5, help="times each question is asked")
    args = parser.parse_args()

    _path, engine = demo_database(args)
    started = time.perf_counter()
    index = get_index(engine)
    print(f"stock index of {index.size} vehicles built in {time.perf_counter() - started:.1f} s")
    vehicle = index.search(StockQuery(), page=1, per_page=1).cards[0].slug

    questions = [(text, locale, "stock") for locale, table in (("nl", NL), ("de", DE))
                 for text, _ in table]
    questions += [(text, locale, KINDS[asked.intent])
                  for locale, table in (("nl", ASKED_NL), ("de", ASKED_DE))
                  for text, asked in table]
    questions += list(OTHER_QUESTIONS)
    # Wall time as a visitor waits it, and the process's CPU time: on a machine shared
    # with other work the CPU time is the steadier figure to compare.
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    for _ in range(args.rounds):
        for text, locale, kind in questions:
            started, started_cpu = time.perf_counter(), time.process_time()
            assistant.answer(text, locale, vehicle_slug=vehicle, engine=engine)
            wall[kind].append((time.perf_counter() - started) * 1000)
            cpu[kind].append((time.process_time() - started_cpu) * 1000)
    print(f"{len(questions)} questions x {args.rounds} rounds, {index.size} vehicles in stock")
    print(f"{'question':<12}{'answers':>9}{'median ms':>11}{'p95 ms':>9}"
          f"{'cpu median':>12}{'cpu p95':>9}")
    for kind in [*sorted(wall), "all"]:
        samples = [s for k in wall for s in wall[k]] if kind == "all" else wall[kind]
        spent = [s for k in cpu for s in cpu[k]] if kind == "all" else cpu[kind]
        print(f"{kind:<12}{len(samples):>9}{statistics.median(samples):>11.2f}"
              f"{percentile_95(samples):>9.2f}{statistics.median(spent):>12.2f}"
              f"{percentile_95(spent):>9.2f}")

if __name__ == "__main__":
    main()
