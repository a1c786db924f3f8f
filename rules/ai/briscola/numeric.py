"""numpy for the learned evaluation, on one core: the AI's batches are small (a few hundred rows), where
BLAS threads only cost (measured: 2.3 ms a batch of 750 leaves on one thread, 10.5 ms with two on a busy
2-core machine), and the bot runs its AI in a pool of processes. The thread counts are set before numpy
loads, unless the environment already sets them."""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

__all__ = ["np"]
