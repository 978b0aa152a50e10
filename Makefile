.PHONY: run test test-quick test-feature
run:
	@bash scripts/run.sh
test:
	@bash scripts/test.sh
# While editing: the unit and integration tests (under a minute), and the browser and
# HTTP tests of one feature, e.g. `make test-feature F=stock` (tests/*/test_stock.py).
test-quick:
	@bash scripts/test.sh tests/unit tests/integration
test-feature:
	@bash scripts/test.sh -n 0 $(wildcard tests/http/test_$(F).py tests/browser/test_$(F).py)
