// Runs many verifications through purereceipt.wasm in one Node process, for .ci/wasm's comparison
// with the native command (Vectors/wasm-hosts/compare.py):
//
//   node run-jobs.mjs MODULE.wasm JOBS.json        JOBS: [{"input": path, "request": {…}}, …]
//
// Prints one JSON line per job: {"status": n, "document": "…"}. `roots`/`xcodeRoot` in a job's
// request are file paths here, read and passed as bytes.

import { readFileSync } from "node:fs";
import { loadVerifier } from "./purereceipt.mjs";

const verifier = await loadVerifier(readFileSync(process.argv[2]));
const jobs = JSON.parse(readFileSync(process.argv[3], "utf8"));
for (const job of jobs) {
    const request = { ...job.request };
    if (request.roots) request.roots = request.roots.map((path) => readFileSync(path));
    if (request.xcodeRoot) request.xcodeRoot = readFileSync(request.xcodeRoot);
    console.log(JSON.stringify(verifier.verify(readFileSync(job.input), request)));
}
