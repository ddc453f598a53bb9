/// A type a ``ValueKey`` reads and a ``LaunchConfiguration`` sets: how a value's text converts to it, and the text it
/// travels as.
///
/// `String`, `Int`, `Int64`, `Double` and `Bool` conform: the Swift types `profile generate swift` writes for the
/// catalog's value types (`string` and `url`, `int`, `double`, `bool`); an `enum` value reads through its generated
/// `RawRepresentable` type. A new kind of value is one more conformance here (and one entry in
/// `ProfileValueTypes.all`, which a test checks against the value types `profile` knows).
public protocol ProfileValueConvertible: Sendable {
    /// The value a key's text stands for, or `nil` when it does not convert. `text` is `nil` for a bare `-key` given
    /// without a value.
    static func profileValue(from text: String?) -> Self?

    /// The text the value travels as (in `PROFILE_PAYLOAD` and `-key value` arguments), which
    /// ``profileValue(from:)`` reads back as the same value.
    var profileText: String { get }
}

/// Every type of the runtime that conforms to ``ProfileValueConvertible``: a test checks them against the value types
/// of `profile`'s catalog (each kind's Swift types, the whole set).
package enum ProfileValueTypes {
    /// `String`, `Int`, `Int64`, `Double`, `Bool`.
    package static let all: [any ProfileValueConvertible.Type] = [
        String.self, Int.self, Int64.self, Double.self, Bool.self,
    ]
}

extension String: ProfileValueConvertible {
    /// The text as given; `nil` for a bare `-key`.
    public static func profileValue(from text: String?) -> String? { text }
    /// The string itself.
    public var profileText: String { self }
}

extension Int: ProfileValueConvertible {
    /// `Int(text)`: a decimal integer within `Int`'s range (32 bits on watchOS).
    public static func profileValue(from text: String?) -> Int? { text.flatMap { Int($0) } }
    /// The decimal form.
    public var profileText: String { String(self) }
}

extension Int64: ProfileValueConvertible {
    /// `Int64(text)`: a decimal integer within 64 bits, on every platform.
    public static func profileValue(from text: String?) -> Int64? {
        text.flatMap { TextConversion.lossless(Int64.self, $0) }
    }
    /// The decimal form.
    public var profileText: String { String(self) }
}

extension Double: ProfileValueConvertible {
    /// `Double(text)` (`2.5`, `1e3`, `inf`, `nan`); `nil` for a text holding a NUL byte.
    public static func profileValue(from text: String?) -> Double? { text.flatMap(TextConversion.double) }
    /// Swift's shortest round-tripping form.
    public var profileText: String { String(self) }
}

extension Bool: ProfileValueConvertible {
    /// `true`/`false`, `yes`/`no`, `on`/`off`, `1`/`0` in any letter case; a bare `-key` is `true`.
    public static func profileValue(from text: String?) -> Bool? { ActiveProfile.convertBool(text) }
    /// `true` or `false`.
    public var profileText: String { self ? "true" : "false" }
}
