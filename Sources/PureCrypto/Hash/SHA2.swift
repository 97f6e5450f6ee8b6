// The SHA-2 compression function (FIPS 180-4 §6.2.2 and §6.4.2), written once for both word sizes:
// SHA-224/256 on 32-bit words with 64 rounds, SHA-384/512 on 64-bit words with 80 rounds. The
// algorithm is the same; what differs is data (the initial values, the round constants K) and the
// rotation amounts of Σ0, Σ1, σ0 and σ1, which each word type supplies (`SHA2Word`:
// SHA256.swift for UInt32, SHA512.swift for UInt64).
//
// Accepts: message blocks cut by `BlockBuffer` (MessageBlock.swift).
// Timing depends only on the message length, never on its contents.
//
// FIPS 180-4 §3.2: "addition (+) is performed modulo 2^w" (w = 32 or 64) — every `&+` on a word in
// this file is that addition; wrapping is the specified behaviour, not an overflow.
//
// Generic so that one reviewed body serves both sizes; the compiler specialises it for each word
// type, inlines the passes and folds the rotation amounts and round constants (measured: 0.991× the
// instructions of the two hand-unrolled copies it replaced for SHA-256, 0.999× for SHA-512,
// Docs/PERFORMANCE.md "Merged crypto"; a loop over the passes with the constants in an array cost
// 1.035×).

/// A SHA-2 word type: the rounds' constants and the four functions that depend on the word size.
protocol SHA2Word: FixedWidthInteger & UnsignedInteger & Sendable {
    /// K_(16·pass) … K_(16·pass + 15) (FIPS 180-4 §4.2.2, §4.2.3): the constants of the sixteen rounds of
    /// `pass` (0 ..< 4 for 32-bit words, 0 ..< 5 for 64-bit). A function of a constant `pass` after
    /// inlining, so the constants become immediate operands, as in a hand-unrolled round list.
    static func roundConstants(_ pass: Int) -> MessageBlock<Self>
    /// Σ0 (FIPS 180-4 (4.4), (4.10)).
    static func bigSigma0(_ x: Self) -> Self
    /// Σ1 (FIPS 180-4 (4.5), (4.11)).
    static func bigSigma1(_ x: Self) -> Self
    /// σ0 (FIPS 180-4 (4.6), (4.12)).
    static func smallSigma0(_ x: Self) -> Self
    /// σ1 (FIPS 180-4 (4.7), (4.13)).
    static func smallSigma1(_ x: Self) -> Self
}

extension SHA2Word {
    /// FIPS 180-4 §3.2: ROTR^n(x) = (x >> n) ∨ (x << (w − n)), for 0 < n < w.
    @inline(__always)
    static func rotr(_ x: Self, _ n: Self) -> Self { (x &>> n) | (x &<< (Self(Self.bitWidth) &- n)) }
}

/// The SHA-2 state and compression function, shared by SHA-224 and SHA-256 (`Word` = UInt32) and
/// by SHA-384 and SHA-512 (`Word` = UInt64).
struct SHA2Core<Word: SHA2Word>: BlockCompressing {
    typealias State = (Word, Word, Word, Word, Word, Word, Word, Word)

    /// The intermediate hash value H(i).
    var state: State

    var stateWords: MessageBlock<Word> {
        MessageBlock(
            w: (state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// FIPS 180-4 §6.2.2 (§6.4.2): the hash computation for one message block, in passes of sixteen
    /// rounds: four for 32-bit words (64 rounds), five for 64-bit words (80 rounds).
    @inline(__always)
    mutating func compress(_ m: MessageBlock<Word>) {
        var w = m
        var (a, b, c, d, e, f, g, h) = state
        sixteenRounds(&a, &b, &c, &d, &e, &f, &g, &h, &w, Word.roundConstants(0), schedule: false)
        sixteenRounds(&a, &b, &c, &d, &e, &f, &g, &h, &w, Word.roundConstants(1), schedule: true)
        sixteenRounds(&a, &b, &c, &d, &e, &f, &g, &h, &w, Word.roundConstants(2), schedule: true)
        sixteenRounds(&a, &b, &c, &d, &e, &f, &g, &h, &w, Word.roundConstants(3), schedule: true)
        if Word.bitWidth == 64 {
            sixteenRounds(&a, &b, &c, &d, &e, &f, &g, &h, &w, Word.roundConstants(4), schedule: true)
        }
        // Step 4: H(i) = H(i−1) + the working variables.
        state.0 &+= a
        state.1 &+= b
        state.2 &+= c
        state.3 &+= d
        state.4 &+= e
        state.5 &+= f
        state.6 &+= g
        state.7 &+= h
    }
}

/// Sixteen rounds of step 3, t = 16·pass … 16·pass + 15, with `k` their constants. The message
/// schedule W_t lives in sixteen words used as a ring: with `schedule`, step 1 computes each W_t
/// (t ≥ 16) just before its round, into the slot of W_(t−16). The working variables are renamed
/// from one round to the next instead of shifted (see `round`); sixteen rounds bring them back to
/// their own names.
@inline(__always)
private func sixteenRounds<Word: SHA2Word>(
    _ a: inout Word, _ b: inout Word, _ c: inout Word, _ d: inout Word,
    _ e: inout Word, _ f: inout Word, _ g: inout Word, _ h: inout Word,
    _ w: inout MessageBlock<Word>, _ k: MessageBlock<Word>, schedule: Bool
) {
    // Step 1: W_t = σ1(W_(t−2)) + W_(t−7) + σ0(W_(t−15)) + W_(t−16).
    @inline(__always) func next(_ w16: Word, _ w15: Word, _ w7: Word, _ w2: Word) -> Word {
        schedule ? Word.smallSigma1(w2) &+ w7 &+ Word.smallSigma0(w15) &+ w16 : w16
    }
    w.w.0 = next(w.w.0, w.w.1, w.w.9, w.w.14)
    round(a, b, c, &d, e, f, g, &h, k.w.0 &+ w.w.0)
    w.w.1 = next(w.w.1, w.w.2, w.w.10, w.w.15)
    round(h, a, b, &c, d, e, f, &g, k.w.1 &+ w.w.1)
    w.w.2 = next(w.w.2, w.w.3, w.w.11, w.w.0)
    round(g, h, a, &b, c, d, e, &f, k.w.2 &+ w.w.2)
    w.w.3 = next(w.w.3, w.w.4, w.w.12, w.w.1)
    round(f, g, h, &a, b, c, d, &e, k.w.3 &+ w.w.3)
    w.w.4 = next(w.w.4, w.w.5, w.w.13, w.w.2)
    round(e, f, g, &h, a, b, c, &d, k.w.4 &+ w.w.4)
    w.w.5 = next(w.w.5, w.w.6, w.w.14, w.w.3)
    round(d, e, f, &g, h, a, b, &c, k.w.5 &+ w.w.5)
    w.w.6 = next(w.w.6, w.w.7, w.w.15, w.w.4)
    round(c, d, e, &f, g, h, a, &b, k.w.6 &+ w.w.6)
    w.w.7 = next(w.w.7, w.w.8, w.w.0, w.w.5)
    round(b, c, d, &e, f, g, h, &a, k.w.7 &+ w.w.7)
    w.w.8 = next(w.w.8, w.w.9, w.w.1, w.w.6)
    round(a, b, c, &d, e, f, g, &h, k.w.8 &+ w.w.8)
    w.w.9 = next(w.w.9, w.w.10, w.w.2, w.w.7)
    round(h, a, b, &c, d, e, f, &g, k.w.9 &+ w.w.9)
    w.w.10 = next(w.w.10, w.w.11, w.w.3, w.w.8)
    round(g, h, a, &b, c, d, e, &f, k.w.10 &+ w.w.10)
    w.w.11 = next(w.w.11, w.w.12, w.w.4, w.w.9)
    round(f, g, h, &a, b, c, d, &e, k.w.11 &+ w.w.11)
    w.w.12 = next(w.w.12, w.w.13, w.w.5, w.w.10)
    round(e, f, g, &h, a, b, c, &d, k.w.12 &+ w.w.12)
    w.w.13 = next(w.w.13, w.w.14, w.w.6, w.w.11)
    round(d, e, f, &g, h, a, b, &c, k.w.13 &+ w.w.13)
    w.w.14 = next(w.w.14, w.w.15, w.w.7, w.w.12)
    round(c, d, e, &f, g, h, a, &b, k.w.14 &+ w.w.14)
    w.w.15 = next(w.w.15, w.w.0, w.w.8, w.w.13)
    round(b, c, d, &e, f, g, h, &a, k.w.15 &+ w.w.15)
}

/// One round t of step 3, with the eight working variables renamed instead of shifted: on return
/// `h` holds T1 + T2 (the new a) and `d` holds d + T1 (the new e). `kw` is K_t + W_t.
@inline(__always)
private func round<Word: SHA2Word>(
    _ a: Word, _ b: Word, _ c: Word, _ d: inout Word,
    _ e: Word, _ f: Word, _ g: Word, _ h: inout Word, _ kw: Word
) {
    // Ch(x, y, z) = (x ∧ y) ⊕ (¬x ∧ z) = z ⊕ (x ∧ (y ⊕ z)) (FIPS 180-4 (4.2), (4.8)). The additions
    // are ordered so that Σ1, on the chain from one round to the next and ready last, comes last.
    let t1 = h &+ kw &+ (g ^ (e & (f ^ g))) &+ Word.bigSigma1(e)
    // Maj(x, y, z) = (x ∧ y) ⊕ (x ∧ z) ⊕ (y ∧ z) = y ⊕ ((x ⊕ y) ∧ (y ⊕ z)) (FIPS 180-4 (4.3), (4.9)).
    let t2 = Word.bigSigma0(a) &+ (b ^ ((a ^ b) & (b ^ c)))
    d = d &+ t1
    h = t1 &+ t2
}
