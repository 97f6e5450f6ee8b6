// DERTag: an ASN.1 identifier (class, primitive/constructed, tag number), X.690 §8.1.2.

/// The class bits of an identifier octet (X.690 §8.1.2.2, Table 1).
public enum TagClass: UInt8, Sendable {
    /// Universal: types defined by X.680 (INTEGER, SEQUENCE, …).
    case universal = 0
    /// Application-wide tags.
    case application = 1
    /// Context-specific tags (`[n]` inside a SEQUENCE or CHOICE).
    case contextSpecific = 2
    /// Private-use tags.
    case `private` = 3
}

/// An ASN.1 tag as read from an identifier octet and any subsequent octets.
public struct DERTag: Sendable, Hashable {
    /// The class bits of the identifier octet.
    public let tagClass: TagClass
    /// True for the constructed form (contents are TLVs), false for primitive.
    public let isConstructed: Bool
    /// The tag number (low-tag or high-tag form, at most 32 bits here).
    public let number: UInt32

    /// The tag with this class, number and constructed bit.
    public init(_ tagClass: TagClass, number: UInt32, constructed: Bool) {
        self.tagClass = tagClass
        self.number = number
        self.isConstructed = constructed
    }

    /// A universal primitive tag.
    public static func universal(_ number: UInt32) -> DERTag { DERTag(.universal, number: number, constructed: false) }
    /// `[n]` constructed (EXPLICIT tagging, or IMPLICIT over a constructed type).
    public static func contextConstructed(_ number: UInt32) -> DERTag {
        DERTag(.contextSpecific, number: number, constructed: true)
    }
    /// `[n]` primitive (IMPLICIT over a primitive type).
    public static func contextPrimitive(_ number: UInt32) -> DERTag {
        DERTag(.contextSpecific, number: number, constructed: false)
    }

    /// End-of-contents (universal 0): terminates a BER indefinite length.
    public static let endOfContents = universal(0)
    /// BOOLEAN (universal 1).
    public static let boolean = universal(1)
    /// INTEGER (universal 2).
    public static let integer = universal(2)
    /// BIT STRING (universal 3), primitive.
    public static let bitString = universal(3)
    /// OCTET STRING (universal 4), primitive.
    public static let octetString = universal(4)
    /// NULL (universal 5).
    public static let null = universal(5)
    /// OBJECT IDENTIFIER (universal 6).
    public static let objectIdentifier = universal(6)
    /// ENUMERATED (universal 10).
    public static let enumerated = universal(10)
    /// UTF8String (universal 12).
    public static let utf8String = universal(12)
    /// PrintableString (universal 19).
    public static let printableString = universal(19)
    /// TeletexString, also called T61String (universal 20).
    public static let t61String = universal(20)
    /// IA5String (universal 22): ASCII.
    public static let ia5String = universal(22)
    /// UTCTime (universal 23).
    public static let utcTime = universal(23)
    /// GeneralizedTime (universal 24).
    public static let generalizedTime = universal(24)
    /// UniversalString (universal 28): UTF-32BE.
    public static let universalString = universal(28)
    /// BMPString (universal 30): UCS-2 big-endian.
    public static let bmpString = universal(30)
    /// SEQUENCE and SEQUENCE OF (universal 16, constructed).
    public static let sequence = DERTag(.universal, number: 16, constructed: true)
    /// SET and SET OF (universal 17, constructed).
    public static let set = DERTag(.universal, number: 17, constructed: true)
    /// A constructed OCTET STRING (BER only).
    public static let constructedOctetString = DERTag(.universal, number: 4, constructed: true)

    /// The same class and number with the constructed bit set or cleared.
    public func withConstructed(_ constructed: Bool) -> DERTag {
        DERTag(tagClass, number: number, constructed: constructed)
    }
}
