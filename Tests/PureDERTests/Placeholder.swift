import Testing

@Test func placeholderPureDERTests() { #expect(Bool(true)) }
