// PureReceipt module. See Docs/ARCHITECTURE.md.
//
// Lower-layer names that users call directly, reachable from `import PureReceipt` alone.

public import PureDER

/// Standard base64 (RFC 4648 §4) as receipts are sent as text: the one decoder, in PureDER.
public typealias Base64 = PureDER.Base64

/// Why base64 text was rejected (PureDER).
public typealias Base64Error = PureDER.Base64Error
