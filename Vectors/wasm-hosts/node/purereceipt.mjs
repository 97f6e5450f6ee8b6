// Calling purereceipt.wasm from Node (v18 or later: the built-in WebAssembly, no package).
//
//   import { loadVerifier } from "./purereceipt.mjs";
//   const verifier = await loadVerifier(fs.readFileSync("purereceipt.wasm"));
//   const { status, document } = verifier.verify(receiptBytes, { now: new Date().toISOString(), bundleId: "…" });
//
// `status`: 0 genuine, 1 not genuine or a check failed, 2 malformed, 64 usage (a bad request);
// `document`: the JSON text `purereceipt verify --json` prints. The request's members are in
// Docs/EMBEDDING.md; `roots` and `xcodeRoot` take certificate file bytes (Uint8Array, DER or PEM).
// The module imports nothing, so it is instantiated with an empty import object.

export async function loadVerifier(wasmBytes) {
    const { instance } = await WebAssembly.instantiate(wasmBytes, {});
    const { memory, alloc, free, verify } = instance.exports;

    // Copies `bytes` into a new block of the module's memory; the caller frees it.
    function place(bytes) {
        const address = alloc(bytes.length);
        if (address === 0) throw new Error("purereceipt.wasm: out of memory");
        new Uint8Array(memory.buffer, address, bytes.length).set(bytes);
        return address;
    }

    return {
        verify(input, request) {
            const body = { ...request };
            if (body.roots) body.roots = body.roots.map((r) => Buffer.from(r).toString("base64"));
            if (body.xcodeRoot) body.xcodeRoot = Buffer.from(body.xcodeRoot).toString("base64");
            const requestBytes = new TextEncoder().encode(JSON.stringify(body));
            const inputAddress = place(input);
            const requestAddress = place(requestBytes);
            try {
                const answer = verify(inputAddress, input.length, requestAddress, requestBytes.length);
                if (answer === 0) throw new Error("purereceipt.wasm: out of memory");
                // Read after the call: memory.buffer is replaced whenever the module's memory grows.
                const view = new DataView(memory.buffer);
                const status = view.getUint32(answer, true);
                const length = view.getUint32(answer + 4, true);
                const document = new TextDecoder().decode(new Uint8Array(memory.buffer, answer + 8, length));
                free(answer);
                return { status, document };
            } finally {
                free(inputAddress);
                free(requestAddress);
            }
        },
    };
}
