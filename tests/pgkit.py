"""A throw-away PostgreSQL cluster for tests: initdb in a temporary folder, listening on 127.0.0.1 on a free port,
stopped (and its folder removed) at the end. Debian's binaries (/usr/lib/postgresql/<version>/bin; `.ci/run`
installs them). PostgreSQL refuses to run as root, so as root the cluster runs as ``nobody`` (``runuser``).

Without PostgreSQL the tests that need it skip, unless SWREBELLION_REQUIRE_POSTGRES=1 (CI sets it): then it is a
failure."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile

import pytest

from servekit import free_port


def _missing(reason: str):
    if os.environ.get("SWREBELLION_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"{reason} (SWREBELLION_REQUIRE_POSTGRES=1: the PostgreSQL tests must run)")
    pytest.skip(reason)


class Cluster:
    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
        if not found:
            _missing("no PostgreSQL in /usr/lib/postgresql (apt-get install postgresql)")
        self.bin = os.path.dirname(found[-1])
        self.folder = tempfile.mkdtemp(prefix="swrebellion-pg-")
        self.data = os.path.join(self.folder, "data")
        self.port = free_port()
        self.as_user = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            os.chmod(self.folder, 0o755)
            shutil.chown(self.folder, "nobody")
        self.running = False
        self._run("initdb", "-D", self.data, "-A", "trust", "-U", "rebellion", "--no-sync", "-E", "UTF8")
        self.url = f"postgresql://rebellion@127.0.0.1:{self.port}/rebellion"

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run([*self.as_user, os.path.join(self.bin, tool), *args], capture_output=True, text=True)
        assert done.returncode == 0, f"{tool}: {done.stderr}"

    def start(self) -> None:
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", self.data, "-l", os.path.join(self.folder, "log"),
                  "-o", f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off -c max_connections=200")
        self.running = True

    def create_database(self) -> None:
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "rebellion", "rebellion")

    def stop(self) -> None:
        if self.running:
            self._run("pg_ctl", "stop", "-w", "-t", "60", "-m", "fast", "-D", self.data)
            self.running = False

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def postgres():
    """A running cluster with an empty database ``rebellion``; its URL is ``postgres.url``."""
    cluster = Cluster()
    try:
        cluster.start()
        cluster.create_database()
        yield cluster
    finally:
        cluster.remove()
