"""The one door to the framework's internals and its build's output.

Everything that relies on more than Reflex's public API (``rx``, ``reflex.vars``,
``reflex.event``) or on what its build writes lives here, behind a small API the rest of
the site calls (docs/architecture.md, "The framework behind one door", lists each
assumption):

- ``build``: where the build lies and what is where in it (plain Python);
- ``shell``: the built HTML's places and the app's start (plain Python);
- ``app``: the app's error boundary replaced, a page's file named after its module;
- ``components``: the framework's own components the site draws;
- ``uploads``: what the framework knows of an upload's target, its client's upload;
- ``theme``: the Radix Themes plugin and its build hooks;
- ``radix``: the classes of Radix's components, for the markup the server writes itself;
- ``serve``: the production server started without bundling an unchanged bundle again.

The contract tests (tests/unit/test_framework_contract.py against the installed framework,
tests/http/test_framework_contract.py against a real build) fail naming the assumption
that broke; tests/unit/test_architecture.py keeps them all here.
"""
