#!/usr/bin/env python3
"""Extracts the P-256 and P-384 SHA-2 sections of NIST CAVP FIPS 186-3 ECDSA SigVer.rsp.

The full file (730 KB, 55 curve/hash sections) ships in the PyPI package cryptography-vectors at
cryptography_vectors/asymmetric/ECDSA/FIPS_186-3/SigVer.rsp; this keeps the header and the
sections [P-256,SHA-224|256|384|512] and [P-384,SHA-224|256|384|512], byte for byte.

  pip download --no-deps -d /tmp/cv cryptography-vectors==50.0.2
  unzip -o -q /tmp/cv/cryptography_vectors-50.0.2-py3-none-any.whl -d /tmp/cv
  python3 Vectors/ecdsa/extract-sigver.py \
      /tmp/cv/cryptography_vectors/asymmetric/ECDSA/FIPS_186-3/SigVer.rsp > Vectors/ecdsa/SigVer-P256-P384-SHA2.rsp
"""
import sys

KEEP = {f"[{curve},SHA-{bits}]" for curve in ("P-256", "P-384") for bits in (224, 256, 384, 512)}

lines = open(sys.argv[1], encoding="ascii").read().splitlines()
out, keeping, header = [], False, True
for line in lines:
    if line.startswith("["):
        header = False
        keeping = line.strip() in KEEP
    if header or keeping:
        out.append(line)
sys.stdout.write("\n".join(out) + "\n")
