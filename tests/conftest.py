"""Test configuration: a fixed, seeded hypothesis profile so CI is deterministic."""

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None, max_examples=40,
                          print_blob=False, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


import pytest  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def _own_result_cache(tmp_path_factory):
    """The command line's result cache lives in a folder of the test run's own, never the user's."""
    import os
    old = os.environ.get("CARDSPEC_CACHE_DIR")
    os.environ["CARDSPEC_CACHE_DIR"] = str(tmp_path_factory.mktemp("result-cache"))
    yield
    if old is None:
        os.environ.pop("CARDSPEC_CACHE_DIR", None)
    else:
        os.environ["CARDSPEC_CACHE_DIR"] = old
