"""``ravenry train-evaluator``: self-play positions (:mod:`ravenry.evaluators.selfplay`), a
network trained on them with torch (CPU; the ``train`` extra), its numpy weights written for play
(:mod:`ravenry.evaluators.network`), and a report in ``docs/evaluators/``: the learning curve,
the reliability diagram, and held-out Brier score and log loss beside the hand-written
heuristic's on the same positions (PNG and JSON).

Reproducible from ``--seed``: the games, the held-out split, the initial weights and the batch
order all derive from it (torch on one thread per op order). It resumes: the positions are kept
beside the output (``FILE.positions.npz``) and the training state after every epoch
(``FILE.ckpt.pt``), and a run with the same settings picks up where the last one stopped.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ravenry.evaluators.features import FEATURES, assemble
from ravenry.evaluators.heuristic import softmax
from ravenry.evaluators.network import CLIP, Network
from ravenry.evaluators.selfplay import Positions, SelfPlay, generate

SPREAD_FLOOR = 0.1  # the least spread a number is standardised by
HELD_OUT = 0.15  # the share of games (not positions) kept out of training
TEMPERATURES = (0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 2.8, 4.0)  # the heuristic's fitted on training games


@dataclass(frozen=True)
class TrainSettings:
    game_id: str
    players: int
    games: int
    seed: int
    every: int = 20
    epsilon: float = 0.1
    bot: str = "greedy"
    hidden: tuple[int, ...] = (64, 32)
    epochs: int = 12
    batch: int = 1024
    lr: float = 1e-3
    workers: int = 2
    siblings: int = 0  # sibling positions (selfplay.py): moves compared at each, 0 for none
    sibling_every: int = 100


def network_inputs(positions: Positions, idx: npt.NDArray[np.int64]) -> npt.NDArray[np.float32]:
    """The network's input for rows ``idx`` of ``positions`` (rows x seats x inputs)."""
    return assemble(positions.seats[idx], positions.overall[idx], positions.viewer[idx].astype(np.int64))


def brier(p: npt.NDArray[np.float32], y: npt.NDArray[np.float32]) -> float:
    return float(((p - y) ** 2).sum(axis=1).mean())


def log_loss(p: npt.NDArray[np.float32], y: npt.NDArray[np.float32]) -> float:
    return float(-(y * np.log(np.clip(p, 1e-7, 1.0))).sum(axis=1).mean())


def heuristic_table(standing: npt.NDArray[np.float32], temperature: float) -> npt.NDArray[np.float32]:
    return np.array([softmax(list(map(float, row)), temperature) for row in standing], np.float32)


def _positions(settings: TrainSettings, out: Path, log: Callable[[str], None]) -> Positions:
    """The self-play positions of ``settings``, kept beside ``out`` and read back if kept."""
    from rich.progress import Progress

    cache = out.with_suffix(".positions.npz")
    plan = SelfPlay(
        settings.game_id,
        settings.players,
        settings.seed,
        settings.bot,
        settings.every,
        settings.epsilon,
        siblings=settings.siblings,
        sibling_every=settings.sibling_every,
    )
    key = json.dumps(asdict(plan) | {"games": settings.games, "features": FEATURES}, sort_keys=True)
    if cache.exists():
        with np.load(cache, allow_pickle=False) as data:
            if str(data["key"]) == key:
                log(f"positions read from {cache}")
                return Positions(
                    data["seats"],
                    data["overall"],
                    data["target"],
                    data["viewer"],
                    data["game"],
                    data["standing"],
                )
    with Progress() as bar:
        task = bar.add_task(f"self-play {settings.game_id}", total=settings.games)
        positions = generate(plan, settings.games, settings.workers, lambda k: bar.advance(task, k))
    cache.parent.mkdir(parents=True, exist_ok=True)
    with cache.open("wb") as f:
        np.savez(f, key=np.array(key), **asdict(positions))
    return positions


def train(
    settings: TrainSettings, out: Path, docs: Path | None, log: Callable[[str], None] = print
) -> dict[str, Any]:
    """Train, write the network to ``out`` and the report to ``docs`` (None: no report);
    returns the report's numbers."""
    started = time.perf_counter()
    positions = _positions(settings, out, log)
    # torch after the pool's processes are done (a forked worker must not inherit its threads)
    import torch
    from rich.progress import Progress

    torch.manual_seed(settings.seed)
    torch.set_num_threads(max(1, settings.workers))
    rng = np.random.default_rng(settings.seed)
    games = np.unique(positions.game)
    held = set(rng.choice(games, size=max(1, round(len(games) * HELD_OUT)), replace=False).tolist())
    is_held = np.array([g in held for g in positions.game.tolist()])
    train_idx = np.flatnonzero(~is_held)
    test_idx = np.flatnonzero(is_held)
    sample = train_idx[:: max(1, len(train_idx) // 50000)]
    x_train = network_inputs(positions, sample).reshape(-1, network_inputs(positions, sample[:1]).shape[2])
    mean = x_train.mean(axis=0)
    std = x_train.std(axis=0)
    # A number that (almost) never varies in training must not blow up where it does: its
    # spread is taken as at least SPREAD_FLOOR, and every standardised number is clipped.
    scale = np.where(std > 1e-6, 1.0 / np.maximum(std, SPREAD_FLOOR), 0.0).astype(np.float32)
    n = settings.players
    size = x_train.shape[1]
    del x_train
    widths = (size, *settings.hidden, 1)
    layers: list[torch.nn.Module] = []
    for i in range(len(widths) - 1):
        layers.append(torch.nn.Linear(widths[i], widths[i + 1]))
        if i < len(widths) - 2:
            layers.append(torch.nn.ReLU())
    model = torch.nn.Sequential(*layers)  # one seat's row -> its score, the same for every seat
    optimiser = torch.optim.Adam(model.parameters(), lr=settings.lr)
    mean_t, scale_t = torch.from_numpy(mean), torch.from_numpy(scale)

    def batch_of(idx: npt.NDArray[np.int64]) -> tuple[Any, Any]:
        x = torch.from_numpy(network_inputs(positions, idx))
        return ((x - mean_t) * scale_t).clamp_(-CLIP, CLIP), torch.from_numpy(positions.target[idx])

    def evaluate(idx: npt.NDArray[np.int64]) -> tuple[float, npt.NDArray[np.float32]]:
        model.eval()
        probs = []
        total = 0.0
        with torch.no_grad():
            for start in range(0, len(idx), 8192):
                x, y = batch_of(idx[start : start + 8192])
                logp = torch.log_softmax(model(x)[..., 0], dim=1)
                total += float(-(y * logp).sum())
                probs.append(logp.exp().numpy())
        model.train()
        return total / max(1, len(idx)), np.concatenate(probs) if probs else np.zeros((0, n), np.float32)

    checkpoint = out.with_suffix(".ckpt.pt")
    curve: list[dict[str, float]] = []
    best: dict[str, Any] | None = None
    first_epoch = 0
    key = json.dumps(asdict(settings) | {"features": FEATURES}, sort_keys=True)
    if checkpoint.exists():
        saved = torch.load(checkpoint, weights_only=False)
        if saved.get("key") == key:
            model.load_state_dict(saved["model"])
            optimiser.load_state_dict(saved["optimiser"])
            curve, best, first_epoch = saved["curve"], saved["best"], saved["epoch"]
            torch.set_rng_state(saved["torch_rng"])
            rng.bit_generator.state = saved["numpy_rng"]
            log(f"resumed after epoch {first_epoch} from {checkpoint}")
    with Progress() as bar:
        task = bar.add_task(f"training {settings.game_id}", total=settings.epochs, completed=first_epoch)
        for epoch in range(first_epoch, settings.epochs):
            order = rng.permutation(train_idx)
            total = 0.0
            for start in range(0, len(order), settings.batch):
                x, y = batch_of(order[start : start + settings.batch])
                loss = -(y * torch.log_softmax(model(x)[..., 0], dim=1)).sum(dim=1).mean()
                optimiser.zero_grad()
                loss.backward()
                optimiser.step()
                total += float(loss.detach()) * len(x)
            held_loss, _ = evaluate(test_idx)
            curve.append(
                {"epoch": epoch + 1, "train_log_loss": total / len(order), "held_out_log_loss": held_loss}
            )
            if best is None or held_loss < best["loss"]:
                best = {
                    "loss": held_loss,
                    "epoch": epoch + 1,
                    "state": {k: v.clone() for k, v in model.state_dict().items()},
                }
            out.parent.mkdir(parents=True, exist_ok=True)
            torch.save(
                {
                    "key": key,
                    "model": model.state_dict(),
                    "optimiser": optimiser.state_dict(),
                    "curve": curve,
                    "best": best,
                    "epoch": epoch + 1,
                    "torch_rng": torch.get_rng_state(),
                    "numpy_rng": rng.bit_generator.state,
                },
                checkpoint,
            )
            bar.advance(task)
    assert best is not None
    model.load_state_dict(best["state"])
    _, p_test = evaluate(test_idx)
    y_test = positions.target[test_idx]
    # The heuristic's temperature fitted on the training games, judged on the held-out ones.
    fit_idx = train_idx[:: max(1, len(train_idx) // 20000)]
    t_best = min(
        TEMPERATURES,
        key=lambda t: log_loss(heuristic_table(positions.standing[fit_idx], t), positions.target[fit_idx]),
    )
    h_test = heuristic_table(positions.standing[test_idx], t_best)
    linear = [m for m in model if isinstance(m, torch.nn.Linear)]
    network = Network(
        mean.astype(np.float32),
        scale,
        tuple((m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in linear),
        {
            "game": settings.game_id,
            "players": n,
            "inputs": size,
            "features": FEATURES,
            "settings": asdict(settings),
            "best_epoch": best["epoch"],
        },
    )
    network.save(out)
    report: dict[str, Any] = {
        "game": settings.game_id,
        "players": n,
        "settings": asdict(settings),
        "positions": {
            "train_rows": len(train_idx),
            "held_out_rows": len(test_idx),
            "games": len(games),
        },
        "held_out": {
            "network": {"brier": brier(p_test, y_test), "log_loss": log_loss(p_test, y_test)},
            "heuristic": {"brier": brier(h_test, y_test), "log_loss": log_loss(h_test, y_test)},
            "uniform": {
                "brier": brier(np.full_like(y_test, 1.0 / n), y_test),
                "log_loss": log_loss(np.full_like(y_test, 1.0 / n), y_test),
            },
        },
        "heuristic_temperature": t_best,
        "best_epoch": best["epoch"],
        "curve": curve,
        "calibration": {
            "network": reliability(p_test, y_test),
            "heuristic": reliability(h_test, y_test),
        },
        "seconds": round(time.perf_counter() - started, 1),
        "weights_bytes": out.stat().st_size,
    }
    if docs is not None:
        write_report(report, docs)
    return report


def reliability(
    p: npt.NDArray[np.float32], y: npt.NDArray[np.float32], bins: int = 10
) -> list[dict[str, float]]:
    """Each seat's predicted chance against how often it won, in ``bins`` bins of the chance."""
    flat_p, flat_y = p.ravel(), y.ravel()
    out = []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        inside = (flat_p >= lo) & ((flat_p < hi) | (b == bins - 1))
        count = int(inside.sum())
        if count:
            out.append(
                {
                    "predicted": float(flat_p[inside].mean()),
                    "observed": float(flat_y[inside].mean()),
                    "count": count,
                }
            )
    return out


def write_report(report: dict[str, Any], docs: Path) -> None:
    """``docs/GAME.json``, ``GAME-learning.png`` and ``GAME-calibration.png``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    docs.mkdir(parents=True, exist_ok=True)
    game = report["game"]
    (docs / f"{game}.json").write_text(json.dumps(report, indent=2) + "\n")
    curve = report["curve"]
    fig, ax = plt.subplots(figsize=(6, 4))
    epochs = [c["epoch"] for c in curve]
    ax.plot(epochs, [c["train_log_loss"] for c in curve], label="training games", marker="o")
    ax.plot(epochs, [c["held_out_log_loss"] for c in curve], label="held-out games", marker="o")
    ax.axhline(
        report["held_out"]["heuristic"]["log_loss"],
        color="grey",
        linestyle="--",
        label="heuristic (held out)",
    )
    ax.axhline(report["held_out"]["uniform"]["log_loss"], color="lightgrey", linestyle=":", label="uniform")
    ax.set_xlabel("epoch")
    ax.set_ylabel("log loss (who wins)")
    ax.set_title(f"{game}: learning curve")
    ax.legend()
    fig.tight_layout()
    fig.savefig(docs / f"{game}-learning.png", dpi=110)
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.plot([0, 1], [0, 1], color="lightgrey", linestyle=":")
    for name, style in (("network", "o-"), ("heuristic", "s--")):
        points = report["calibration"][name]
        brier_score = report["held_out"][name]["brier"]
        ax.plot(
            [q["predicted"] for q in points],
            [q["observed"] for q in points],
            style,
            label=f"{name} (Brier {brier_score:.4f})",
        )
    ax.set_xlabel("predicted chance of winning")
    ax.set_ylabel("share that won")
    ax.set_title(f"{game}: reliability on held-out games")
    ax.legend()
    fig.tight_layout()
    fig.savefig(docs / f"{game}-calibration.png", dpi=110)
    plt.close(fig)
