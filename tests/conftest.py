"""Test configuration: a fixed, seeded hypothesis profile so CI is deterministic."""

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None, max_examples=40,
                          print_blob=False, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")
