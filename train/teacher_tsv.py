#!/usr/bin/python3
"""KataGo's ownership (train/teacher/kgs19.npz) as the TSV bench_estimate's
BM_TeacherAgreement reads (GOCOUNT_TEACHER): one line a record, its key
(FILE-GAME), a tab, then the ownership times 127 separated by commas.

    /usr/bin/python3 train/teacher_tsv.py [NPZ] > /tmp/teacher_kgs19.tsv
"""
import sys

import numpy as np


def main():
    data = np.load(sys.argv[1] if len(sys.argv) > 1 else "train/teacher/kgs19.npz")
    for key, own in zip(data["keys"], data["ownership"]):
        sys.stdout.write(f"{key}\t{','.join(map(str, own.tolist()))}\n")


if __name__ == "__main__":
    main()
