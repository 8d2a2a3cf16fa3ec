#!/usr/bin/python3
"""Trains gocount's ownership model (src/analysis/model.h) from make_dataset's
positions, and writes the weights file gocount reads.

    train.py --data DIR --out models/ownership.bin [--minutes M] [--seed S]
    train.py --tiny-test DIR --data DIR   (a tiny random model, inputs and its
                                           outputs: the C++ forward pass test)

CPU only (PyTorch from Debian, python3-torch), deterministic for a seed and a
thread count. The data: DIR/size9.bin, DIR/size19.bin and DIR/index.csv
(make_dataset.cpp says the layout). One record in twenty (by a hash of file
and game) is held out for validation; the figures printed are on it.
"""
import argparse
import csv
import os
import struct
import sys
import time
import zlib

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

NEUTRAL = 9
PER_COLOUR = 17
PLANES = NEUTRAL + 2 * PER_COLOUR
FEATURE_VERSION = 1
FORMAT_VERSION = 1


def unit_ids(units):
    """units (B, H, W), numbered per board -> one number per unit of the batch
    (flat, B*H*W), and each number's point count (at least 1)."""
    b, h, w = units.shape
    area = h * w
    ids = (units.reshape(b, area) + torch.arange(b, device=units.device).unsqueeze(1) * area).reshape(-1)
    return ids, torch.bincount(ids, minlength=b * area).clamp(min=1).float()


class Net(nn.Module):
    """The network of model.h, layer for layer."""

    def __init__(self, channels, blocks):
        super().__init__()
        c = channels
        self.stem = nn.Conv2d(PLANES, c, 1)
        self.convs = nn.ModuleList(nn.Conv2d(c, c, 3, padding=1, bias=False) for _ in range(blocks))
        self.unit = nn.ModuleList(nn.Linear(c, c, bias=False) for _ in range(blocks))
        self.glob = nn.ModuleList(nn.Linear(c, c, bias=False) for _ in range(blocks))
        self.bias = nn.ParameterList(nn.Parameter(torch.zeros(c)) for _ in range(blocks))
        self.head = nn.Conv2d(c, 1, 1)
        for conv in self.convs:  # a residual stack starts near the identity
            nn.init.normal_(conv.weight, std=0.5 / (3 * c ** 0.5))

    def forward(self, planes, units):
        """planes (B, PLANES, H, W) float; units (B, H, W) long, numbered per board.
        Returns the ownership logits z (B, H, W); ownership = tanh(z)."""
        x = F.relu(self.stem(planes))
        b, c, h, w = x.shape
        area = h * w
        ids, counts = unit_ids(units)
        counts = counts.unsqueeze(1)
        for conv, unit, glob, bias in zip(self.convs, self.unit, self.glob, self.bias):
            flat = x.permute(0, 2, 3, 1).reshape(b * area, c)
            mean = torch.zeros(b * area, c, device=x.device).index_add_(0, ids, flat) / counts
            uterm = unit(mean)[ids].reshape(b, h, w, c).permute(0, 3, 1, 2)
            gterm = glob(x.mean(dim=(2, 3)))[:, :, None, None]
            x = x + F.relu(conv(x) + uterm + gterm + bias[None, :, None, None])
        return self.head(x).squeeze(1)


def export(net, path):
    """The weights file of model.h, with its checksum."""
    c = net.stem.out_channels
    blocks = len(net.convs)
    out = bytearray(b"GOCNTOWN")
    out += struct.pack("<5I", FORMAT_VERSION, FEATURE_VERSION, PLANES, c, blocks)
    arrays = [net.stem.weight.reshape(c, PLANES), net.stem.bias]
    for conv, unit, glob, bias in zip(net.convs, net.unit, net.glob, net.bias):
        arrays += [conv.weight, unit.weight, glob.weight, bias]
    arrays += [net.head.weight.reshape(c), net.head.bias]
    for a in arrays:
        out += a.detach().numpy().astype("<f4").tobytes()
    h = 2166136261
    for byte in out:
        h = ((h ^ byte) * 16777619) & 0xFFFFFFFF
    out += struct.pack("<I", h)
    with open(path, "wb") as f:
        f.write(bytes(out))
    return len(out)


def import_weights(net, path):
    """Sets net's parameters from a weights file export() wrote (the same shape)."""
    raw = open(path, "rb").read()
    magic, header = raw[:8], struct.unpack("<5I", raw[8:28])
    c, blocks = net.stem.out_channels, len(net.convs)
    if magic != b"GOCNTOWN" or header != (FORMAT_VERSION, FEATURE_VERSION, PLANES, c, blocks):
        raise SystemExit(f"{path}: not a {blocks}-block, {c}-channel model of this format")
    floats = np.frombuffer(raw[28:-4], dtype="<f4")
    params = [net.stem.weight, net.stem.bias]
    for conv, unit, glob, bias in zip(net.convs, net.unit, net.glob, net.bias):
        params += [conv.weight, unit.weight, glob.weight, bias]
    params += [net.head.weight, net.head.bias]
    at = 0
    with torch.no_grad():
        for p in params:
            p.copy_(torch.from_numpy(floats[at : at + p.numel()].copy()).reshape(p.shape))
            at += p.numel()
    assert at == len(floats), f"{path}: {len(floats) - at} floats left over"


def load(data_dir, size):
    """planes (R, PLANES, N, N) uint8, units (R, N, N) int16, targets (R, N, N) int8.
    From DIR/sizeN.bin, or DIR/sizeN.npz as pack() wrote it."""
    area = size * size
    if os.path.exists(f"{data_dir}/size{size}.npz"):
        with np.load(f"{data_dir}/size{size}.npz") as z:
            planes = np.unpackbits(z["planes"], axis=1, count=PLANES * area).reshape(-1, PLANES, size, size)
            return planes, z["units"], z["targets"]
    rec = PLANES * area + 3 * area
    raw = np.fromfile(f"{data_dir}/size{size}.bin", dtype=np.uint8)
    raw = raw.reshape(-1, rec)
    planes = raw[:, : PLANES * area].reshape(-1, PLANES, size, size)
    units = raw[:, PLANES * area : PLANES * area + 2 * area].copy().view("<i2").reshape(-1, size, size)
    targets = raw[:, PLANES * area + 2 * area :].copy().view(np.int8).reshape(-1, size, size)
    return planes, units, targets


def held_out(data_dir):
    """Per size, two booleans per position: its record is held out for
    validation; it is a record's final position (not one before the end)."""
    held, final = {9: [], 19: []}, {9: [], 19: []}
    with open(f"{data_dir}/index.csv") as f:
        for row in csv.DictReader(f):
            key = f"{row['file']}:{row['game']}".encode()
            held[int(row["size"])].append(zlib.crc32(key) % 20 == 0)
            final[int(row["size"])].append(not row["label"].startswith("before"))
    as_array = lambda d: {k: np.array(v, dtype=bool) for k, v in d.items()}
    return as_array(held), as_array(final)


def blended(args, size, targets):
    """The training targets: the record's labels, mixed by --teacher with the
    teacher's ownership of the record's final position (teacher.py's file,
    --teacher-file) where the teacher has the record."""
    if args.teacher <= 0 or not args.teacher_file:
        return targets
    with np.load(args.teacher_file) as t:  # read each array once (an npz decompresses on every access)
        keys, ownership = t["keys"], t["ownership"]
    if ownership.shape[1] != size * size:
        return targets
    at = {k: i for i, k in enumerate(keys)}
    with open(f"{args.data}/index.csv") as f:
        rows = [r for r in csv.DictReader(f) if int(r["size"]) == size]
    teacher = targets.astype(np.float32).copy()
    found = 0
    for i, r in enumerate(rows):
        j = at.get(f"{r['file']}-{r['game']}")
        if j is not None:
            teacher[i] = ownership[j].reshape(size, size).astype(np.float32) / 127
            found += 1
    print(f"size {size}: the teacher's ownership for {found} of {len(rows)} positions, weighing {args.teacher}",
          flush=True)
    return ((1 - args.teacher) * targets + args.teacher * teacher).astype(np.float32)


def augment(planes, units, targets, gen):
    """One of the eight symmetries and, half the time, the colours swapped."""
    k = int(torch.randint(4, (1,), generator=gen))
    flip = bool(torch.randint(2, (1,), generator=gen))
    swap = bool(torch.randint(2, (1,), generator=gen))
    def sym(t, dims):
        t = torch.rot90(t, k, dims)
        return torch.flip(t, (dims[1],)) if flip else t
    planes, units, targets = sym(planes, (2, 3)), sym(units, (1, 2)), sym(targets, (1, 2))
    if swap:
        b0, b1 = NEUTRAL, NEUTRAL + PER_COLOUR
        planes = torch.cat([planes[:, :b0], planes[:, b1:], planes[:, b0:b1]], dim=1)
        targets = -targets
    return planes, units, targets


def loss_of(net, planes, units, targets):
    z = net(planes, units)
    t = (1 + targets) / 2
    # Stones count twice: a chain's verdict is what gocount decides from it.
    stone = planes[:, NEUTRAL] + planes[:, NEUTRAL + PER_COLOUR]
    weight = 1 + stone
    return (F.binary_cross_entropy_with_logits(2 * z, t, reduction="none") * weight).sum() / weight.sum()


def chain_verdicts(own, planes, units):
    """Per board: the set of dead stones (a bool array) by the mean ownership of each chain."""
    b, h, w = own.shape
    colour = planes[:, NEUTRAL] - planes[:, NEUTRAL + PER_COLOUR]  # +1 Black stone, -1 White
    area = h * w
    ids, counts = unit_ids(units)
    signed = (own * colour).reshape(-1)
    sums = torch.zeros(b * area, device=own.device).index_add_(0, ids, signed)
    mean = (sums / counts)[ids].reshape(b, h, w)
    return (colour != 0) & (mean < 0)


def evaluate(net, data, batch):
    """Validation: loss, and boards whose dead stones are exactly the label's."""
    net.eval()
    device = next(net.parameters()).device
    total, exact, boards = 0.0, 0, 0
    with torch.no_grad():
        for planes, units, targets in data:
            for i in range(0, len(planes), batch):
                p = torch.from_numpy(planes[i : i + batch]).to(device).float()
                u = torch.from_numpy(units[i : i + batch].astype(np.int64)).to(device)
                t = torch.from_numpy(targets[i : i + batch]).to(device).float()
                total += float(loss_of(net, p, u, t)) * len(p)
                own = torch.tanh(net(p, u))
                colour = p[:, NEUTRAL] - p[:, NEUTRAL + PER_COLOUR]
                dead = chain_verdicts(own, p, u)
                truth = (colour != 0) & (t * colour < 0)
                exact += int((dead == truth).reshape(len(p), -1).all(dim=1).sum())
                boards += len(p)
    net.train()
    return total / max(boards, 1), exact, boards


def validate(net, train_sets, val_sets, batch):
    """Prints the validation figures per size; returns the boards exact in all."""
    exact_all = 0
    for (size, *_), val in zip(train_sets, val_sets):
        loss, exact, boards = evaluate(net, [val], batch[size])
        print(f"validation {size}x{size}: loss {loss:.4f}, dead stones exact {exact}/{boards}", flush=True)
        exact_all += exact
    return exact_all


def train(args):
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    device = torch.device(args.device)
    gen = torch.Generator().manual_seed(args.seed)
    hold, final = held_out(args.data)
    train_sets, val_sets = [], []
    for size in (9, 19):
        planes, units, targets = load(args.data, size)
        h, v = hold[size], hold[size] & final[size]
        assert len(h) == len(planes), f"index.csv and size{size}.bin disagree"
        soft = blended(args, size, targets)
        # On a GPU the whole training set lives there (uint8 planes: under 1 GB).
        on = lambda a: torch.from_numpy(np.ascontiguousarray(a)).to(device)
        train_sets.append((size, on(planes[~h]), on(units[~h].astype(np.int64)), on(soft[~h])))
        val_sets.append((planes[v], units[v], targets[v]))
        print(f"size {size}: {int((~h).sum())} training positions, {int(v.sum())} final positions held out", flush=True)
    net = Net(args.channels, args.blocks)
    if args.init:
        import_weights(net, args.init)
        print(f"starting from {args.init}", flush=True)
    net.to(device)
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    batch = {9: 128 * args.batch_scale, 19: 32 * args.batch_scale}
    # Batches drawn in proportion to each size's points.
    weights = np.array([len(p) * s * s for s, p, _, _ in train_sets], dtype=float)
    weights /= weights.sum()
    start = time.time()
    budget = args.minutes * 60
    step, best, last_check = 0, -1, start
    while (step < args.steps) if args.steps else (time.time() - start < budget):
        frac = step / args.steps if args.steps else (time.time() - start) / budget
        for g in opt.param_groups:  # cosine decay over the time budget
            g["lr"] = args.lr * 0.5 * (1 + np.cos(np.pi * frac))
        which = int(torch.multinomial(torch.from_numpy(weights), 1, generator=gen))
        size, planes, units, targets = train_sets[which]
        idx = torch.randint(len(planes), (batch[size],), generator=gen).to(device)
        p, u, t = augment(planes[idx].float(), units[idx], targets[idx].float(), gen)
        loss = loss_of(net, p, u, t)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % 500 == 0:
            print(f"step {step} ({time.time() - start:.0f} s): loss {float(loss):.4f}", flush=True)
        if args.validate_every and time.time() - last_check > args.validate_every:
            # Keep the weights that did best on the held-out records (never a test set).
            last_check = time.time()
            print(f"step {step} ({last_check - start:.0f} s):", flush=True)
            exact = validate(net, train_sets, val_sets, batch)
            if exact > best:
                best = exact
                export(net.cpu(), args.out)
                net.to(device)
        elif not args.validate_every and step % 5000 == 0:
            export(net.cpu(), args.out)
            net.to(device)
    exact = validate(net, train_sets, val_sets, batch)
    net.cpu()
    if exact > best:
        n = export(net, args.out)
        print(f"{step} steps in {time.time() - start:.0f} s; wrote {args.out} ({n} bytes)")
    else:
        print(f"{step} steps in {time.time() - start:.0f} s; kept {args.out}: {best} exact")


def pack(data_dir):
    """DIR/sizeN.bin -> DIR/sizeN.npz: the planes as bits, compressed (to carry the data elsewhere)."""
    for size in (9, 19):
        if not os.path.exists(f"{data_dir}/size{size}.bin"):
            continue
        planes, units, targets = load(data_dir, size)
        bits = np.packbits(planes.reshape(len(planes), -1), axis=1)
        np.savez_compressed(f"{data_dir}/size{size}.npz", planes=bits, units=units, targets=targets)
        print(f"size {size}: {len(planes)} positions packed", flush=True)


def tiny_test(args):
    """A tiny model with random weights, a few inputs and its outputs."""
    torch.manual_seed(7)
    net = Net(16, 2)
    with torch.no_grad():
        for p in net.parameters():
            p.normal_(0, 0.3)
    export(net, f"{args.tiny_test}/tiny.bin")
    cases = bytearray()
    count = 0
    for size in (9, 19):
        planes, units, _ = load(args.data, size)
        for i in (0, len(planes) // 2):
            p = torch.from_numpy(planes[i : i + 1]).float()
            u = torch.from_numpy(units[i : i + 1].astype(np.int64))
            with torch.no_grad():
                own = torch.tanh(net(p, u))[0].numpy().astype("<f4")
            cases += struct.pack("<3I", size, size, int(units[i].max()) + 1)
            cases += planes[i].tobytes() + units[i].astype("<i4").tobytes() + own.tobytes()
            count += 1
    with open(f"{args.tiny_test}/cases.bin", "wb") as f:
        f.write(struct.pack("<I", count) + bytes(cases))
    print(f"wrote {count} cases to {args.tiny_test}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", default="models/ownership.bin")
    ap.add_argument("--channels", type=int, default=16)
    ap.add_argument("--blocks", type=int, default=6)
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--steps", type=int, default=0,
                    help="a fixed number of steps (the schedule over steps, not time): the same weights every run")
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=20261125)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--device", default="cpu", help="cpu, or cuda where a GPU is lent (its runs are not bit-reproducible)")
    ap.add_argument("--batch-scale", type=int, default=1, help="batches of 128 x K 9x9 / 32 x K 19x19 positions")
    ap.add_argument("--validate-every", type=float, default=0,
                    help="seconds: validate that often and keep the best weights (0: the last)")
    ap.add_argument("--pack", action="store_true", help="pack --data's sizeN.bin into sizeN.npz and stop")
    ap.add_argument("--teacher", type=float, default=0,
                    help="the weight of the teacher's ownership (--teacher-file) in the targets")
    ap.add_argument("--teacher-file", help="teacher.py's ownership of the records' final positions (.npz)")
    ap.add_argument("--init", help="start from this weights file (same shape) instead of random weights")
    ap.add_argument("--tiny-test")
    ap.add_argument("--init-only", action="store_true", help="write the untrained network")
    args = ap.parse_args()
    if args.pack:
        pack(args.data)
    elif args.tiny_test:
        tiny_test(args)
    elif args.init_only:
        torch.manual_seed(args.seed)
        print(export(Net(args.channels, args.blocks), args.out))
    else:
        train(args)


if __name__ == "__main__":
    sys.exit(main())
