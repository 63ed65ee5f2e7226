#!/usr/bin/env bash
# Installs moto's server (PyPI) into a cached virtual environment and prints the path of its
# `moto_server` command. Idempotent: a second run only checks the version. The DynamoDB
# transaction tests (tests/integration/aws/dynamo-transactions.test.ts) run against it.
set -euo pipefail
MOTO_VERSION=5.2.5
VENV="${FNQ_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fnquery}/moto-$MOTO_VERSION"
if ! "$VENV/bin/python" -c "import moto.server" >/dev/null 2>&1; then
  python3 -m venv "$VENV" >&2
  "$VENV/bin/pip" install -q --disable-pip-version-check "moto[server]==$MOTO_VERSION" >&2
fi
echo "$VENV/bin/moto_server"
