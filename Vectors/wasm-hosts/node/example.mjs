// The Node example, run by .ci/wasm: verifies one synthetic receipt and one StoreKit 2 transaction
// from Vectors/ with purereceipt.wasm and checks the verdicts.
//
//   node Vectors/wasm-hosts/node/example.mjs .build/wasm/purereceipt.wasm

import { readFileSync } from "node:fs";
import { loadVerifier } from "./purereceipt.mjs";

const verifier = await loadVerifier(readFileSync(process.argv[2]));
const root = readFileSync("Vectors/pki/root.der");

const receipt = verifier.verify(readFileSync("Vectors/receipts/valid-der-sha256.der"), {
    roots: [root], bundleId: "com.example.pureapp", bundleVersion: "42",
    deviceId: "0123456789abcdeffedcba9876543210", environment: "Production", now: "2025-03-14T09:26:53Z",
});
const transaction = verifier.verify(readFileSync("Vectors/jws/transaction-valid.jws"), {
    roots: [readFileSync("Vectors/jws/root.der")], bundleId: "com.example.vectors", environment: "Sandbox",
    now: new Date().toISOString(),
});
const forged = verifier.verify(readFileSync("Vectors/receipts/forged-signature-over-different-bytes.der"), {
    roots: [root], now: "2025-03-14T09:26:53Z",
});

const results = [
    ["app receipt", receipt.status === 0 && JSON.parse(receipt.document).status === 0],
    ["StoreKit 2 transaction", transaction.status === 0 && JSON.parse(transaction.document).verdict === "genuine"],
    ["forged receipt refused", forged.status === 1 && JSON.parse(forged.document).status !== 0],
];
for (const [name, ok] of results) console.log(`${ok ? "ok  " : "FAIL"} node: ${name}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
