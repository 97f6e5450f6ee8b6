// Helpers for the PureJSON tests.

import PureJSON

/// The error kind and offset reading `text` fails with, or nil when it is accepted.
func failure(_ bytes: [UInt8]) -> JSONError? {
    do {
        _ = try JSONReader.read(bytes)
        return nil
    } catch {
        return error
    }
}

/// `failure` of a string's UTF-8.
func failure(_ text: String) -> JSONError? { failure(Array(text.utf8)) }

/// The value of `text`, or nil when it is rejected.
func accepted(_ text: String) -> JSONValue? { try? JSONReader.read(text) }
