// The module's `free` trusts nothing it is given (Sources/PureReceiptWasm/Allocator.swift): an
// answer block freed twice, an address never handed out, an address inside a block and a
// misaligned one are each refused and counted (`refused_frees`), and every later call works and
// gets distinct blocks. Run by .ci/wasm:
//
//   node Vectors/wasm-hosts/node/free-is-checked.mjs .build/wasm/purereceipt.wasm

import { readFileSync } from "node:fs";

const { instance } = await WebAssembly.instantiate(readFileSync(process.argv[2]), {});
const { memory, alloc, free, verify, refused_frees } = instance.exports;
const request = new TextEncoder().encode(JSON.stringify({ now: "2025-03-14T09:26:53Z" }));
const input = new TextEncoder().encode("not a receipt");

function answer() {
    const inputAddress = alloc(input.length);
    const requestAddress = alloc(request.length);
    new Uint8Array(memory.buffer, inputAddress, input.length).set(input);
    new Uint8Array(memory.buffer, requestAddress, request.length).set(request);
    const address = verify(inputAddress, input.length, requestAddress, request.length);
    free(inputAddress);
    free(requestAddress);
    return address;
}

const first = answer();
const status = new DataView(memory.buffer).getUint32(first, true);
free(first);
free(first); // double free
free(first + 16); // inside a block
free(first + 4); // misaligned
free(0x7ff0); // below every block
free(memory.buffer.byteLength - 16); // never handed out
const refused = refused_frees();
const a = alloc(40);
const b = alloc(40);
const again = answer();
const results = [
    ["the first answer is malformed input (2)", status === 2],
    ["five refused frees counted", refused === 5],
    ["two live blocks are distinct", a !== 0 && b !== 0 && a !== b],
    ["verify still answers", again !== 0 && new DataView(memory.buffer).getUint32(again, true) === 2],
];
free(a);
free(b);
free(again);
for (const [name, ok] of results) console.log(`${ok ? "ok  " : "FAIL"} node: free is checked: ${name}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
