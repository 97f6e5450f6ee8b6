import Testing

@Test func placeholderPureReceiptTests() { #expect(Bool(true)) }
