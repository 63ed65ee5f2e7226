"""Reference values for tests/integration/onnx-embedder.test.ts, computed once with the model's own
Python runtime (sentence-transformers on PyTorch), never by the code under test. Run by hand; its
output is committed as tests/fixtures/embedder/all-mpnet-base-v2.json.

Usage (in a venv with sentence-transformers installed):
  reference_embeddings.py MODEL_DIR > tests/fixtures/embedder/all-mpnet-base-v2.json
MODEL_DIR is the unpacked all-mpnet-base-v2 folder from its PyPI packages (unpack_split_zip.py).
"""

import json
import sys

import sentence_transformers
from sentence_transformers import SentenceTransformer

# Our own sentences: plain, accented and punctuated, and one long enough to be cut at 384 tokens.
SENTENCES = [
    "A lighthouse keeper logs the passing ships in a leather notebook every evening.",
    "Crème brûlée, naïve façades & résumé-writing: 42 quirks of the café's menu (v2.0)!",
    " ".join(["Tidal mills grind grain while the estuary ebbs and floods twice daily."] * 60),
]
# Texts whose token ids the JS tokenizer must reproduce exactly.
TOKENIZER_CASES = SENTENCES[:2] + [
    "Unbelievably, the über-quick Zebra jumped!!! Wasn't it?",
    "tab\there\nnew line, ümlaut, 東京 tower, emoji 🙂 and a-very-long-hyphenated-compound",
    "",
]

model = SentenceTransformer(sys.argv[1], device="cpu")
vectors = model.encode(SENTENCES, convert_to_numpy=True, normalize_embeddings=False)
tokenizer = model.tokenizer
json.dump(
    {
        "producedBy": f"sentence-transformers {sentence_transformers.__version__}, max_seq_length {model.max_seq_length}",
        "sentences": [{"text": s, "embedding": [round(float(x), 7) for x in v]} for s, v in zip(SENTENCES, vectors)],
        "tokens": [{"text": t, "ids": tokenizer(t, truncation=True, max_length=384)["input_ids"]} for t in TOKENIZER_CASES],
    },
    sys.stdout,
    indent=1,
)
