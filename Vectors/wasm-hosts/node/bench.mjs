// Times purereceipt.wasm inside Node's WebAssembly engine (Docs/EMBEDDING.md, "Speed"):
//
//   node bench.mjs MODULE.wasm JOBS.json ITERATIONS
//
// JOBS: [{"name": …, "input": path, "request": {…}}] as run-jobs.mjs takes them. Each job is
// verified ITERATIONS times after 10 warm-up calls; prints one JSON line per job with the
// milliseconds per verification (the whole call: request, verification, document).

import { readFileSync } from "node:fs";
import { loadVerifier } from "./purereceipt.mjs";

const verifier = await loadVerifier(readFileSync(process.argv[2]));
const jobs = JSON.parse(readFileSync(process.argv[3], "utf8"));
const iterations = Number(process.argv[4]);
for (const job of jobs) {
    const request = { ...job.request };
    if (request.roots) request.roots = request.roots.map((path) => readFileSync(path));
    const input = readFileSync(job.input);
    for (let i = 0; i < 10; i++) verifier.verify(input, request);
    const start = process.hrtime.bigint();
    let status = 0;
    for (let i = 0; i < iterations; i++) status |= verifier.verify(input, request).status;
    const ms = Number(process.hrtime.bigint() - start) / 1e6 / iterations;
    console.log(JSON.stringify({ name: job.name, ms, status }));
}
