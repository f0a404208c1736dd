"""A multilayer perceptron in numpy: what a trained evaluator is at play time (no torch).

The file format (``.npz``) is this module's alone: ``mean`` and ``scale`` standardise the
input, ``w0, b0, w1, b1, ...`` are the layers (ReLU between them, none after the last), and
``meta`` is a JSON string (game, players, input size, training facts). The input is one row per
seat (B x seats x inputs, :func:`ravenry.evaluators.features.assemble`), the same weights score
every seat's row, and a softmax over the seats' scores is each seat's chance of winning.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]
CLIP = 8.0  # every standardised input is clipped to [-CLIP, CLIP] (as in training)


@dataclass(frozen=True)
class Network:
    mean: Array
    scale: Array
    layers: tuple[tuple[Array, Array], ...]
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def inputs(self) -> int:
        return int(self.mean.shape[0])

    def logits(self, x: Array) -> Array:
        """Each seat's score for a batch ``x`` (B x seats x inputs) → B x seats."""
        h = np.clip((x - self.mean) * self.scale, -CLIP, CLIP)
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        out: Array = h[..., 0]
        return out

    def probabilities(self, x: Array) -> Array:
        """Each row's softmax: every seat's chance of winning, each row summing to 1."""
        z = self.logits(x)
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z)
        out: Array = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
        return out

    def save(self, path: Path) -> None:
        arrays: dict[str, Any] = {"mean": self.mean, "scale": self.scale}
        for i, (w, b) in enumerate(self.layers):
            # float16 on disk halves the package's size; the numbers are read back as float32
            arrays[f"w{i}"] = w.astype(np.float16)
            arrays[f"b{i}"] = b.astype(np.float32)
        arrays["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            np.savez_compressed(f, **arrays)


def load_network(path: Path) -> Network:
    """A network saved by :meth:`Network.save`; :class:`ValueError` for a file that is not one."""
    with np.load(path, allow_pickle=False) as data:
        try:
            count = sum(1 for k in data.files if k.startswith("w"))
            layers = tuple(
                (data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32)) for i in range(count)
            )
            mean = data["mean"].astype(np.float32)
            scale = data["scale"].astype(np.float32)
            meta = json.loads(str(data["meta"]))
        except KeyError as exc:
            raise ValueError(f"{path} is not an evaluator network: no {exc.args[0]}") from None
    if not layers or layers[0][0].shape[0] != mean.shape[0] or layers[-1][0].shape[1] != 1:
        raise ValueError(f"{path} is not an evaluator network: its layers do not fit its input")
    return Network(mean, scale, layers, meta)
