// DERTagNames: an ASN.1 tag as text (X.680 type names), for messages and the command-line tool's
// dump (presentation: tags are compared as values, never as their names).

extension DERTag: CustomStringConvertible {
    /// "INTEGER", "SEQUENCE", "[0] constructed", "[APPLICATION 17]", …
    public var description: String {
        let form = isConstructed ? " constructed" : ""
        switch tagClass {
        case .universal:
            switch number {
            case 0: return "end-of-contents"
            case 1: return "BOOLEAN"
            case 2: return "INTEGER"
            case 3: return "BIT STRING\(form)"
            case 4: return "OCTET STRING\(form)"
            case 5: return "NULL"
            case 6: return "OBJECT IDENTIFIER"
            case 10: return "ENUMERATED"
            case 12: return "UTF8String\(form)"
            case 16: return isConstructed ? "SEQUENCE" : "SEQUENCE (primitive)"
            case 17: return isConstructed ? "SET" : "SET (primitive)"
            case 19: return "PrintableString"
            case 20: return "TeletexString"
            case 22: return "IA5String"
            case 23: return "UTCTime"
            case 24: return "GeneralizedTime"
            case 28: return "UniversalString"
            case 30: return "BMPString"
            default: return "UNIVERSAL \(number)\(form)"
            }
        case .application: return "[APPLICATION \(number)]\(form)"
        case .contextSpecific: return "[\(number)]\(form)"
        case .private: return "[PRIVATE \(number)]\(form)"
        }
    }
}
