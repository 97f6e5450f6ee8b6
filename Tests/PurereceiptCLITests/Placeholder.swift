import Testing

@Test func placeholderPurereceiptCLITests() { #expect(Bool(true)) }
