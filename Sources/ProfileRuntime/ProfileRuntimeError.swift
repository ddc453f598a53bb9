/// An error thrown by the runtime library: a broken payload, a missing or unparsable value, an unknown mock variant.
///
/// Every error carries a ``kind`` to switch on, the ``key`` it is about (when there is one) and a ``message`` written
/// for a person: it names the key, the offending text and what was expected. `description` is the message.
public struct ProfileRuntimeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for code that wants to react to a particular failure.
    public enum Kind: Sendable, Equatable {
        /// The payload is from a newer wire format version than this library understands.
        case unsupportedVersion
        /// The payload does not start with a valid `profile/N` header, or an entry is malformed.
        case malformedPayload
        /// The payload does not end with `;end`: it was cut short.
        case truncatedPayload
        /// A `%` escape in the payload is not followed by two hexadecimal digits, or decodes to invalid UTF-8.
        case invalidEscape
        /// A required value is set by no source.
        case missingValue
        /// A value is set but its text cannot be converted to the requested type.
        case invalidValue
        /// A mock point selects a variant that the app's type does not declare.
        case unknownVariant
        /// A mock point has no variant selected and no default was given.
        case noVariantSelected
    }

    /// What went wrong.
    public var kind: Kind
    /// The key the error is about, as the caller spelled it (or as the payload spelled it), when there is one.
    public var key: String?
    /// A human-readable explanation naming the key, the text and what was expected.
    public var message: String

    /// Creates an error of the given kind with a human-readable message.
    public init(_ kind: Kind, key: String? = nil, message: String) {
        self.kind = kind
        self.key = key
        self.message = message
    }

    /// The human-readable message.
    public var description: String { message }
}
