#!/usr/bin/env bash
# Prints the path of moto's `moto_server` command, from the one cached virtualenv of the template tools
# (deploy/tools/install.sh, pinned in deploy/tools/requirements.txt). The DynamoDB transaction tests
# (tests/integration/aws/dynamo-transactions.test.ts) run against it.
set -euo pipefail
bin="$("$(dirname "$0")/../deploy/tools/install.sh")"
echo "$bin/moto_server"
