// Fuzz target `cms`: `SignedData.parse` on the input (BER envelope, DER inside) and, when it
// parses, every certificate and SignerInfo it holds, and verification with the test root as the
// only anchor.

import PureDER
import PureX509

extension FuzzTargets {
    /// Parses `data` as a CMS SignedData and exercises everything derived from it.
    @Sendable package static func cms(_ data: [UInt8]) {
        guard let signedData = try? SignedData.parse(data) else { return }
        sink(signedData.version)
        sink(signedData.digestAlgorithms)
        sink(signedData.contentType.description)
        sink(signedData.content.wasConstructed)
        sink(signedData.contentBytes)
        for certificate in signedData.certificates { exercise(certificate) }
        for signer in signedData.signerInfos {
            sink(signer.version)
            sink(signer.signerIdentifier)
            sink(signer.digestAlgorithm)
            sink(signer.signedAttributes?.contentType.description)
            sink(signer.signedAttributes?.messageDigest)
            sink(signer.signatureAlgorithm)
            sink(signer.signature)
        }
        verifySignedData(signedData)
    }
}
