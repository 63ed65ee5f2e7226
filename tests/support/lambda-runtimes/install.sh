#!/usr/bin/env bash
# Installs what the tests need to run Lambda zips the way Lambda runs them, idempotent and cached:
#   bin/aws-lambda-rie   AWS's Lambda Runtime Interface Emulator, built from its Go module
#   node/                aws-lambda-ric, AWS's runtime interface client for Node.js (its native part built here)
#   python/              awslambdaric, AWS's runtime interface client for Python (a manylinux wheel from PyPI)
#   java/lib/            aws-lambda-java-runtime-interface-client and its jars (Maven Central, java/pom.xml)
# Ruby's client (aws_lambda_ric) lives on RubyGems, which this machine cannot reach: Ruby functions speak the
# Runtime API through tests/support/lambda-runtimes/ruby-bootstrap.rb instead (docs/functions.md).
#
# Prints where each part is, as JSON, on its last line. Called by .ci/run and by tests/support/lambda-rie.ts (first use).
# Needs go, cmake, g++, autoconf, automake, libtool, python3's pip and maven (.ci/debian-packages.txt).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"

RIE_MODULE=github.com/aws/aws-lambda-runtime-interface-emulator
# The module has no tagged release on the Go proxy; this pseudo-version is its newest commit there.
RIE_VERSION=v0.0.0-20261030222936-bef5c4ba774d
PY_RIC_VERSION=3.1.1

ROOT="${FNQ_LAMBDA_RUNTIMES_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/fnquery/lambda-runtimes}"
# Each part in a folder named after what it was built from, so a change rebuilds only that part.
RIE_DIR="$ROOT/rie-$RIE_VERSION"
NODE_RIC_DIR="$ROOT/node-$( (node -v; cat "$HERE/node/package.json" "$HERE/node/package-lock.json") | sha256sum | cut -c1-16)"
PYTHON_RIC_DIR="$ROOT/python-$PY_RIC_VERSION-$(/usr/bin/python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
JAVA_RIC_DIR="$ROOT/java-$(sha256sum "$HERE/java/pom.xml" | cut -c1-16)"
mkdir -p "$ROOT"
# One installer at a time (test files may start together); the others wait, then find it done.
exec 9>"$ROOT/.lock"
flock 9

log() { printf '[lambda-runtimes] %s\n' "$*" >&2; }

if [ ! -x "$RIE_DIR/aws-lambda-rie" ]; then
  log "building aws-lambda-rie $RIE_VERSION"
  GOBIN="$RIE_DIR" GOFLAGS=-buildvcs=false go install "$RIE_MODULE/cmd/aws-lambda-rie@$RIE_VERSION" >&2
fi

if [ ! -f "$NODE_RIC_DIR/.done" ]; then
  log "installing aws-lambda-ric (builds curl and aws-lambda-cpp, a few minutes once)"
  rm -rf "$NODE_RIC_DIR" && mkdir -p "$NODE_RIC_DIR"
  cp "$HERE/node/package.json" "$HERE/node/package-lock.json" "$NODE_RIC_DIR/"
  # node-gyp builds against this Node's own headers (next to its binary) instead of downloading them.
  NODE_DIR="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
  (cd "$NODE_RIC_DIR" && npm_config_nodedir="$NODE_DIR" npm ci --no-audit --no-fund --foreground-scripts >&2)
  test -f "$NODE_RIC_DIR/node_modules/aws-lambda-ric/dist/rapid-client.node"
  touch "$NODE_RIC_DIR/.done"
fi

if [ ! -f "$PYTHON_RIC_DIR/.done" ]; then
  log "installing awslambdaric $PY_RIC_VERSION"
  rm -rf "$PYTHON_RIC_DIR"
  # For the system python3 (the one the sandbox binds), from its prebuilt wheel: no compiler needed.
  /usr/bin/python3 -m pip install --quiet --disable-pip-version-check --no-input --only-binary=:all: \
    --target "$PYTHON_RIC_DIR" "awslambdaric==$PY_RIC_VERSION" >&2
  touch "$PYTHON_RIC_DIR/.done"
fi

if [ ! -f "$JAVA_RIC_DIR/.done" ]; then
  log "fetching aws-lambda-java-runtime-interface-client"
  rm -rf "$JAVA_RIC_DIR" && mkdir -p "$JAVA_RIC_DIR"
  cp "$HERE/java/pom.xml" "$JAVA_RIC_DIR/"
  (cd "$JAVA_RIC_DIR" && mvn -q -B dependency:copy-dependencies -DoutputDirectory="$JAVA_RIC_DIR/lib" >&2)
  touch "$JAVA_RIC_DIR/.done"
fi

printf '{"rie":"%s/aws-lambda-rie","nodeRic":"%s/node_modules","pythonRic":"%s","javaRic":"%s/lib"}\n' \
  "$RIE_DIR" "$NODE_RIC_DIR" "$PYTHON_RIC_DIR" "$JAVA_RIC_DIR"
