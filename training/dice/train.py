#!/usr/bin/python3
"""Trains the learned die reader (models/dice_reader.onnx) on crops the project renders.

Only renders: the crops come from `puzzlesat yahtzee dice-crops` (frontends/dice/crop_set.h),
never from photos. Classes: 0 not a die, 1..6 the top face's pips. Input: 64x64 BGR crops
as die_crop() cuts them, scaled to 0..1. Fixed seeds throughout; the figures it reached
(accuracy on held-out renders drawn with another seed) are printed and written beside the
model with its provenance.

  nice /usr/bin/python3 training/dice/train.py [--binary build/puzzlesat] [--quick]

Needs Debian's python3-torch and python3-onnx (scripts/install-deps train). 11 to 38
minutes on two CPU cores, as fast as the machine that day (docs/dice-vision.md).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIZE = 64
CLASSES = 7
SEED = 19
# (count, seed, min side, max side) of each crop set. Most dice are drawn 20-150 px across
# (quick to render); a share comes from the whole 20-600 px range, so large dice from
# phone photos are seen too. The test sets use other seeds: scenes the model never saw.
# A third of the crops are dice; 36,000 crops (12,000 dice) left the model at 82-85 % of
# held-out dice, still rising with more, so it takes three times that.
TRAIN_SETS = [(45000, 1, 20, 150), (45000, 3, 20, 150), (18000, 2, 20, 600)]
TEST_SETS = [(3000, 101, 20, 150), (1000, 102, 20, 600)]


def make_crops(binary, out, count, seed, lo, hi):
    cmd = [binary, "yahtzee", "dice-crops", "--out", out, "--count", str(count), "--seed", str(seed),
           "--size", str(SIZE), "--min-side", str(lo), "--max-side", str(hi), "--json"]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def load(folder):
    labels, kinds = [], []
    with open(os.path.join(folder, "labels.tsv")) as f:
        next(f)
        for line in f:
            _, label, kind, _ = line.rstrip("\n").split("\t")
            labels.append(int(label))
            kinds.append(kind)
    x = np.fromfile(os.path.join(folder, "crops.bin"), dtype=np.uint8).reshape(len(labels), SIZE, SIZE, 3)
    return x, np.array(labels, dtype=np.int64), kinds


def generate(binary, sets, tmp, name):
    """Runs the crop sets two at a time (the machine has two cores) and concatenates them."""
    folders = [os.path.join(tmp, f"{name}{i}") for i in range(len(sets))]
    procs = [make_crops(binary, d, *s) for d, s in zip(folders, sets)]
    for p in procs:
        out, _ = p.communicate()
        if p.returncode != 0:
            sys.exit(f"dice-crops failed ({p.returncode})")
    parts = [load(d) for d in folders]
    return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]),
            sum((p[2] for p in parts), []))


class DieNet(nn.Module):
    """Two strided conv layers (64 -> 16 px), two more with pooling (-> 4 px), one hidden
    layer. Small on purpose: it trains in minutes on two cores and reads a die in well
    under a millisecond."""

    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
            nn.Conv2d(32, 48, 3, padding=1), nn.BatchNorm2d(48), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(48, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(2))
        self.fc1 = nn.Linear(64 * 4 * 4, 96)
        self.fc2 = nn.Linear(96, CLASSES)

    def forward(self, x):
        x = torch.flatten(self.features(x), 1)
        x = F.dropout(F.relu(self.fc1(x)), 0.2, self.training)
        return self.fc2(x)


def augment(x, g):
    """Quarter turns and mirror images (every face reads the same), the colour channels in
    any order (a die's colour says nothing of its value), brightness and contrast; then the
    die a little larger or much smaller in its crop, and a blur on one batch in three.

    Why the scale: the finder's box on a photo is often looser than on a render (a shadow
    or a side face taken in), so a photographed die fills less of its crop. The model
    trained without this (fe6c584) read 94 of its 157 misses on matteop65's dice right
    once their crops were zoomed 1.25 times, and 137 of its right readings wrong at 0.8:
    it had learned the dice's size in the crop as well as their pips. Zooming in stops at
    1.12 so that a crop cut tight keeps its whole top face."""
    k = int(torch.randint(0, 4, (1,), generator=g))
    x = torch.rot90(x, k, (2, 3))
    if torch.rand(1, generator=g) < 0.5:
        x = torch.flip(x, (3,))
    perm = torch.randperm(3, generator=g)
    x = x[:, perm]
    n = x.shape[0]
    gain = 0.7 + 0.6 * torch.rand(n, 1, 1, 1, generator=g)
    bias = 0.15 * (torch.rand(n, 1, 1, 1, generator=g) - 0.5)
    x = (x * gain + bias).clamp(0, 1)
    # Zoom by z (log-uniform 0.72..1.12) about a point shifted up to 5 % of the side;
    # beyond the crop the edge repeats, as die_crop does beyond the frame.
    z = torch.exp(np.log(0.72) + (np.log(1.12) - np.log(0.72)) * torch.rand(n, generator=g))
    shift = 0.1 * (torch.rand(n, 2, generator=g) - 0.5)
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = theta[:, 1, 1] = 1 / z
    theta[:, :, 2] = shift
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    x = F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)
    if torch.rand(1, generator=g) < 1 / 3:
        sigma = 0.4 + 0.9 * float(torch.rand(1, generator=g))
        t = torch.arange(-3, 4, dtype=torch.float32)
        w = torch.exp(-t * t / (2 * sigma * sigma))
        w = w / w.sum()
        x = F.conv2d(F.pad(x, (3, 3, 0, 0), mode="replicate"), w.view(1, 1, 1, 7).repeat(3, 1, 1, 1), groups=3)
        x = F.conv2d(F.pad(x, (0, 0, 3, 3), mode="replicate"), w.view(1, 1, 7, 1).repeat(3, 1, 1, 1), groups=3)
    return x


def to_tensor(x):
    return torch.from_numpy(x).permute(0, 3, 1, 2).float().div_(255)


def accuracy(model, x, y, batch=512):
    model.eval()
    right = []
    with torch.no_grad():
        for i in range(0, len(x), batch):
            right.append(model(to_tensor(x[i:i + batch])).argmax(1) == torch.from_numpy(y[i:i + batch]))
    return torch.cat(right).numpy()


def git_commit():
    try:
        return subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def machine():
    """What the run's time and bytes depend on beyond the script: the CPU, and the BLAS that
    Debian's torch loads through the libblas.so.3 alternative (the reference BLAS unless an
    optimised one such as OpenBLAS is installed): the dense layers' products run there, so
    another BLAS may change the model's last bits."""
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), cpu)
    except OSError:
        pass
    blas = next((os.path.realpath(p) for p in ("/usr/lib/x86_64-linux-gnu/libblas.so.3",
                                               "/usr/lib/aarch64-linux-gnu/libblas.so.3") if os.path.exists(p)),
                "unknown")
    return {"cpu": cpu, "cores": os.cpu_count(), "torch_threads": torch.get_num_threads(), "blas": blas}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "puzzlesat"))
    ap.add_argument("--out", default=os.path.join(ROOT, "models", "dice_reader.onnx"))
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--quick", action="store_true", help="a tenth of the data and two epochs, to try the script")
    args = ap.parse_args()

    torch.manual_seed(SEED)
    np.random.seed(SEED)
    torch.set_num_threads(2)
    start = time.time()
    commit = git_commit()  # now, before the crops are drawn: the tree may move during training
    train_sets, test_sets, epochs = TRAIN_SETS, TEST_SETS, args.epochs
    if args.quick:
        train_sets = [(c // 10, s, lo, hi) for c, s, lo, hi in train_sets]
        test_sets = [(c // 10, s, lo, hi) for c, s, lo, hi in test_sets]
        epochs = 2
    with tempfile.TemporaryDirectory(prefix="dice_crops_") as tmp:
        xtr, ytr, _ = generate(args.binary, train_sets, tmp, "train")
        xte, yte, kte = generate(args.binary, test_sets, tmp, "test")
    made = time.time() - start
    print(f"crops: {len(ytr)} training, {len(yte)} held out, rendered in {made:.0f} s", flush=True)
    print("training labels:", np.bincount(ytr, minlength=CLASSES).tolist(), flush=True)

    model = DieNet()
    g = torch.Generator().manual_seed(SEED)
    batch = 128
    steps = epochs * ((len(ytr) + batch - 1) // batch)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    xt = to_tensor(xtr)
    yt = torch.from_numpy(ytr)
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(yt), generator=g)
        total, seen = 0.0, 0
        for i in range(0, len(order), batch):
            idx = order[i:i + batch]
            xb = augment(xt[idx], g)
            loss = F.cross_entropy(model(xb), yt[idx], label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss) * len(idx)
            seen += len(idx)
        right = accuracy(model, xte, yte)
        print(f"epoch {epoch + 1}/{epochs}: loss {total / seen:.4f}, held-out accuracy {right.mean():.4f} "
              f"({time.time() - start:.0f} s)", flush=True)

    right = accuracy(model, xte, yte)
    kinds = np.array(kte)
    figures = {
        "held_out_crops": int(len(yte)),
        "held_out_accuracy": round(float(right.mean()), 4),
        "dice_accuracy": round(float(right[yte > 0].mean()), 4),
        "not_a_die_accuracy": round(float(right[yte == 0].mean()), 4),
        "by_kind": {k: round(float(right[kinds == k].mean()), 4) for k in sorted(set(kte))},
        "by_label": {str(c): round(float(right[yte == c].mean()), 4) for c in range(CLASSES)},
    }
    print(json.dumps(figures, indent=1), flush=True)

    model.eval()
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    torch.onnx.export(model, torch.zeros(1, 3, SIZE, SIZE), args.out, opset_version=11,
                      input_names=["crop"], output_names=["logits"])
    seconds = time.time() - start
    provenance = {
        "model": os.path.basename(args.out),
        "script": "training/dice/train.py",
        "command": "nice /usr/bin/python3 training/dice/train.py" + (" --quick" if args.quick else ""),
        "seed": SEED,
        "renderer_commit": commit,
        "training_sets": [dict(zip(("crops", "seed", "min_side", "max_side"), s)) for s in train_sets],
        "held_out_sets": [dict(zip(("crops", "seed", "min_side", "max_side"), s)) for s in test_sets],
        "epochs": epochs,
        "input": "1x3x64x64 float, BGR 0..1, a die_crop() (frontends/dice/die_crop.h)",
        "output": "7 logits: not a die, 1..6 pips",
        "trained_on": "renders of the project's own renderer only (varied_scene); no photo",
        "torch": torch.__version__,
        "figures": figures,
        "machine": machine(),
        "seconds_crops": round(made),
        "seconds": round(seconds),
        "bytes": os.path.getsize(args.out),
    }
    with open(args.out + ".json", "w") as f:
        json.dump(provenance, f, indent=1)
        f.write("\n")
    print(f"wrote {args.out} ({provenance['bytes']} bytes) in {seconds:.0f} s")


if __name__ == "__main__":
    main()
