"""Form validation: the rule engine (``rules``) and its translated error texts (``messages``)."""
