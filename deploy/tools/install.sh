#!/usr/bin/env bash
# Installs the template tools of requirements.txt (moto, cfn-lint, checkov), or the Python tools of
# the requirements file given as the only argument (api-fuzz-requirements.txt: schemathesis), into a
# virtualenv kept outside the repository, one per requirements file and Python version, and prints
# its bin folder.
# Idempotent and cached: a second run only prints the folder. Safe to run from several test files
# at once (they queue on a lock). Needs python3 with venv; exits 3 with a message when it is absent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
requirements="${1:-$here/requirements.txt}"
name=aws-tools
[ $# -gt 0 ] && name=$(basename "$requirements" .txt)

python=$(command -v python3 || true)
if [ -z "$python" ] || ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "deploy/tools/install.sh: python3 with venv and ensurepip is needed (Debian: python3-venv)" >&2
  exit 3
fi

key=$( { cat "$requirements"; "$python" -c 'import sys; print(sys.version)'; } | sha256sum | cut -c1-12)
cache="${FNQ_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fnquery}"
venv="$cache/$name-$key"
mkdir -p "$cache"

exec 9>"$cache/aws-tools.lock"
flock 9
if [ ! -f "$venv/.complete" ]; then
  rm -rf "$venv"
  echo "installing $(basename "$requirements") into $venv (a few minutes, once)" >&2
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$requirements" >&2
  touch "$venv/.complete"
fi
echo "$venv/bin"
