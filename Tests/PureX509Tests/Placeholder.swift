import Testing

@Test func placeholderPureX509Tests() { #expect(Bool(true)) }
