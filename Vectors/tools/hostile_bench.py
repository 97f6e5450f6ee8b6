#!/usr/bin/env python3
"""Time and memory of refusing the hostile-name receipts of hostile_names.py, PureReceipt against
OpenSSL on the same bytes, as one table (run by `Vectors/tools/bench.sh hostile`).

For each case present in FIXTURES (bench case names of HostileCases.swift and
bench_openssl_hostile.c):
  1. one PureReceipt refusal, `BENCH FIXTURES --once CASE`, killed after TIMEOUT seconds (the
     refusal's wall time; the whole process's user+system CPU time, steadier than wall time on a
     loaded machine, and its peak RSS, both as /usr/bin/time reports them; the verdict from stderr);
  2. OpenSSL: the anchor's median (`ANCHOR FIXTURES CASE`) and the peak RSS of `ANCHOR FIXTURES
     --one CASE 1`;
  3. cases whose single refusal took at most FAST seconds are timed again by compare.py (ABBA
     rounds, median of per-round ratios: the number to quote); slower ones keep the single-run
     ratio against OpenSSL's median ("1 run" in the table).
Memory: (peak RSS − the same process on a case that does almost nothing, x509_parse_leaf) ÷ input
bytes; the input is held once by the harness, so 1.0 is the floor. Below 1 MB of input the ratio is
within the noise of a process's RSS (about 1 MB) and is not judged. Goals: time ratio ≤ 1.5, memory
≤ 1.5× the input.

usage: hostile_bench.py --bench BENCH --anchor ANCHOR --fixtures DIR --compare COMPARE.PY
                        [--rounds 5] [--timeout 120] [--fast 2] [CASE...]
Part of the PureReceipt measurements. Licence: Apache-2.0.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import threading

KILLED = "killed"
CASES = [
    ("reject_samename_short", "samename-short.der"),
    ("reject_samename_20k", "samename-20k.der"),
    ("reject_samename_60k", "samename-60k.der"),
    ("reject_samename_100k", "samename-100k.der"),
    ("reject_decoys_1m", "decoys-1m.der"),
    ("reject_decoys_hangul_2m", "decoys-hangul-2m.der"),
    ("reject_decoys_escapes_1_5m", "decoys-escapes-1_5m.der"),
]


def timed(argv, limit, env=None):
    """Runs argv, killed after `limit` seconds: (exit status or KILLED, stdout, stderr, user+system
    CPU s, peak RSS KB). The CPU time and peak RSS are the kernel's (wait4), the numbers
    `/usr/bin/time -f '%U %S %M'` prints, and still there for a process that had to be killed."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        p = subprocess.Popen(argv, stdout=out, stderr=err, text=True, env=env)
        timer = threading.Timer(limit, p.kill)
        timer.start()
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        killed = not timer.is_alive()
        timer.cancel()
        out.seek(0)
        err.seek(0)
        return (KILLED if killed else p.returncode, out.read(), err.read(), usage.ru_utime + usage.ru_stime,
                usage.ru_maxrss)


def tsv_median(stdout, case):
    for line in stdout.splitlines():
        f = line.split("\t")
        if len(f) >= 9 and f[1] == case:
            return float(f[3]) / 1e9
    return None


def seconds(s):
    if s is None:
        return "n/a"
    return "%.1f µs" % (s * 1e6) if s < 1e-3 else "%.2f ms" % (s * 1e3) if s < 1 else "%.2f s" % s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bench", required=True)
    ap.add_argument("--anchor", required=True)
    ap.add_argument("--fixtures", required=True)
    ap.add_argument("--compare", required=True)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--fast", type=float, default=2.0)
    ap.add_argument("cases", nargs="*")
    a = ap.parse_args()
    pin = ["taskset", "-c", "1"]
    cases = [(c, f) for c, f in CASES if (not a.cases or c in a.cases)
             and os.path.exists(os.path.join(a.fixtures, f))]
    if not cases:
        sys.exit("no hostile-name fixtures in %s (Vectors/tools/bench.sh hostile makes them)" % a.fixtures)
    _, _, _, _, baseline = timed(pin + [a.bench, a.fixtures, "--once", "x509_parse_leaf"], a.timeout)
    print("harness baseline (x509_parse_leaf --once): peak RSS %.1f MB" % (baseline / 1024), file=sys.stderr)
    rows = {}
    for case, file in cases:
        size = os.path.getsize(os.path.join(a.fixtures, file))
        status, out, err, cpu, rss = timed(pin + [a.bench, a.fixtures, "--once", case], a.timeout)
        verdict = re.search(r"refused as (.*?), \d+ bytes", err)
        row = {"size": size, "rss": rss, "cpu": cpu, "killed": status == KILLED, "status": status,
               "verdict": verdict.group(1) if verdict else ("killed after %d s" % a.timeout if status == KILLED
                                                            else "failed: " + err.strip()[-200:]),
               "ours": tsv_median(out, case) if status == 0 else None}
        env = dict(os.environ, SAMPLES="5", SAMPLE_MS="5")
        _, out, _, _, _ = timed(pin + [a.anchor, a.fixtures, case], a.timeout, env)
        row["openssl"] = tsv_median(out, case)
        _, _, err, _, row["openssl_rss"] = timed(pin + [a.anchor, a.fixtures, "--one", case, "1"], a.timeout)
        found = re.search(r"refused as (.*)", err)
        row["openssl_verdict"] = found.group(1) if found else "?"
        row["method"] = "1 run"
        if row["ours"] is not None and row["openssl"]:
            row["ratio"] = row["ours"] / row["openssl"]
        rows[case] = row
        print("%s: %s in %s (OpenSSL %s), peak %.1f MB" % (case, row["verdict"], seconds(row["ours"]),
                                                          seconds(row["openssl"]), rss / 1024), file=sys.stderr)
    fast = [c for c, _ in cases if rows[c]["ours"] is not None and rows[c]["ours"] <= a.fast]
    if fast:
        p = subprocess.run([sys.executable, a.compare, "--cand", a.bench, "--base", a.anchor, "--fixtures",
                            a.fixtures, "--rounds", str(a.rounds)] + fast, stdout=subprocess.PIPE, text=True)
        for line in p.stdout.splitlines():
            f = [x.strip() for x in line.strip("|").split("|")]
            if len(f) == 6 and f[0] in rows and re.match(r"^[\d.]+$", f[2]):
                rows[f[0]]["ratio"] = float(f[2])
                rows[f[0]]["method"] = "compare.py, %s rounds (min–max %s)" % (f[5], f[3])
    print()
    print("| case | input | PureReceipt refusal | its process CPU | OpenSSL refusal | time ratio (≤ 1.5) | how | "
          "PureReceipt peak RSS | above baseline | ÷ input (≤ 1.5) | OpenSSL peak RSS | PureReceipt verdict | "
          "OpenSSL |")
    print("|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---|---|")
    for case, _ in cases:
        r = rows[case]
        ratio = r.get("ratio")
        ours = ("> %d s (killed)" % a.timeout) if r["killed"] else seconds(r["ours"])
        ratio_text = ("> %.0f ✗" % (a.timeout / r["openssl"])) if r["killed"] and r["openssl"] else (
            "%.2f%s" % (ratio, "" if ratio <= 1.5 else " ✗") if ratio is not None else "n/a")
        memory = (r["rss"] - baseline) * 1024 / r["size"]
        judged = " (input < 1 MB: not judged)" if r["size"] < 1e6 else " ✗" if memory > 1.5 else ""
        print("| %s | %.2f MB | %s | %s | %s | %s | %s | %.1f MB%s | %.1f MB | %.2f%s | %.1f MB | %s | %s |" % (
            case, r["size"] / 1e6, ours, seconds(r["cpu"]), seconds(r["openssl"]), ratio_text, r["method"], r["rss"] / 1024,
            " (at kill)" if r["killed"] else "", (r["rss"] - baseline) / 1024, memory, judged, r["openssl_rss"] / 1024,
            r["verdict"], r["openssl_verdict"]))


if __name__ == "__main__":
    main()
