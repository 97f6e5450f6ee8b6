// DeviceHash: the receipt hash check (attribute 5).
//
// Apple: SHA-1(device identifier ‖ opaque value (attribute 4) ‖ bundle identifier (attribute 2,
// the raw value: the whole DER UTF8String TLV)) equals attribute 5. It is SHA-1 even in
// SHA-256-signed receipts. Compared in constant time.

import PureCrypto

/// The device binding of a receipt.
public enum DeviceHash {
    static func expected(
        deviceIdentifier: [UInt8], opaqueValue: ArraySlice<UInt8>, bundleIdentifierTLV: ArraySlice<UInt8>
    )
        -> [UInt8]?
    {
        guard !opaqueValue.isEmpty, !bundleIdentifierTLV.isEmpty else { return nil }
        // Apple receipt rule (device-hash): SHA-1(device identifier ‖ attribute 4 ‖ attribute 2's whole
        // DER TLV) is attribute 5, SHA-1 even in SHA-256-signed receipts.
        var sha1 = SHA1()
        sha1.update(deviceIdentifier)
        sha1.update(opaqueValue)
        sha1.update(bundleIdentifierTLV)
        return sha1.finalize()
    }

    static func matches(
        deviceIdentifier: [UInt8], opaqueValue: ArraySlice<UInt8>, bundleIdentifierTLV: ArraySlice<UInt8>,
        hash: ArraySlice<UInt8>
    ) -> Bool {
        guard
            let expected = expected(
                deviceIdentifier: deviceIdentifier, opaqueValue: opaqueValue, bundleIdentifierTLV: bundleIdentifierTLV)
        else { return false }
        return constantTimeEqual(expected, Array(hash))
    }
}
