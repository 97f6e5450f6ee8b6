// JSONLimits: every size, depth and count bound of the JSON reader, in one place.
//
// RFC 8259 §9: "An implementation may set limits on the size of texts that it accepts. An
// implementation may set limits on the maximum depth of nesting. [...] An implementation may set
// limits on the length and character contents of strings." Each bound has its own error kind.
// Values accept Apple's signed-data payloads (a few kilobytes, depth ≤ 4) with a wide margin.

/// Resource limits applied to untrusted JSON text.
public enum JSONLimits {
    /// Largest JSON text accepted, in bytes (4 MiB). App Store notifications are under 64 KiB.
    public static let maxInputBytes = 4 * 1024 * 1024
    /// Deepest nesting of arrays and objects (the top-level value is depth 1).
    public static let maxDepth = 32
    /// Longest string, in bytes of its JSON text between the quotes (1 MiB); numbers too.
    public static let maxStringBytes = 1024 * 1024
    /// Most members in one object.
    public static let maxObjectMembers = 1024
    /// Most elements in one array.
    public static let maxArrayElements = 65_536
}
