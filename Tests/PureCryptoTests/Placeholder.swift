import Testing

@Test func placeholderPureCryptoTests() { #expect(Bool(true)) }
