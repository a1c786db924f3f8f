"""Shared test configuration: hypothesis profiles.

``ci`` (the default) keeps property tests quick; choose ``dev`` for a deeper search with
``HYPOTHESIS_PROFILE=dev python3 tasks.py test``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
