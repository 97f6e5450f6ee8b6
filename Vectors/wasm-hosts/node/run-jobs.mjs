// Runs many verifications through purereceipt.wasm in one Node process, for .ci/wasm's comparison
// with the native command (Vectors/wasm-hosts/compare.py):
//
//   node run-jobs.mjs MODULE.wasm JOBS.json        JOBS: [{"input": path, "request": {…}}, …]
//
// Prints one JSON line per job: {"status": n, "document": "…"}, or {"status": -1, "document":
// "trap: …"} when the module trapped (then a fresh instance takes the next job). `roots`/`xcodeRoot`
// in a job's request are file paths here, read and passed as bytes.

import { readFileSync } from "node:fs";
import { loadVerifier } from "./purereceipt.mjs";

const wasm = readFileSync(process.argv[2]);
let verifier = await loadVerifier(wasm);
const jobs = JSON.parse(readFileSync(process.argv[3], "utf8"));
for (const job of jobs) {
    const request = { ...job.request };
    if (request.roots) request.roots = request.roots.map((path) => readFileSync(path));
    if (request.xcodeRoot) request.xcodeRoot = readFileSync(request.xcodeRoot);
    try {
        console.log(JSON.stringify(verifier.verify(readFileSync(job.input), request)));
    } catch (error) {
        console.log(JSON.stringify({ status: -1, document: `trap: ${error.message}` }));
        verifier = await loadVerifier(wasm);
    }
}
