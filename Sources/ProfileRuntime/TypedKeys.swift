/// A flag declared once, with its key and its default, so call sites cannot misspell either.
///
/// `profile generate swift` writes one per catalog flag:
///
/// ```swift
/// enum ProfileFlags {
///     static let skipOnboarding = FlagKey("skipOnboarding", default: false)
/// }
///
/// if ActiveProfile.current.isEnabled(ProfileFlags.skipOnboarding) { ... }
/// ```
public struct FlagKey: Sendable, Hashable {
    /// The key the flag is read under, in any spelling (`skipOnboarding`, `http.keepAlive`).
    public let name: String
    /// Whether the flag is on when no source sets it (or its text is not a boolean).
    public let defaultValue: Bool

    /// A flag read under `name` that is `default` when unset.
    public init(_ name: String, default defaultValue: Bool = false) {
        self.name = name
        self.defaultValue = defaultValue
    }
}

/// A typed value declared once, with its key, its type and its default.
///
/// `profile generate swift` writes one per catalog value that has a default:
///
/// ```swift
/// enum ProfileValues {
///     static let pageSize = ValueKey<Int>("pageSize", default: 20)
/// }
///
/// let pageSize = ActiveProfile.current.value(ProfileValues.pageSize)
/// ```
///
/// Reads exist for `String`, `Int`, `Int64`, `Double`, `Bool` and `RawRepresentable` types with a `String` raw value.
///
/// `Int` is 32 bits on watchOS (arm64_32) and 64 bits elsewhere. So that the generated file compiles and reads the
/// same on every platform, `profile generate swift` types a catalog `int` whose default, `minimum` or `maximum` lies
/// outside -2147483648...2147483647 as `ValueKey<Int64>` (`ValueKey<Int>("fileLimit", default: 5000000000)` would
/// not compile for watchOS); the others stay `ValueKey<Int>`.
public struct ValueKey<Value: Sendable>: Sendable {
    /// The key the value is read under, in any spelling (`pageSize`, `http.timeout`).
    public let name: String
    /// The value used when no source sets the key, or its text does not convert to `Value`.
    public let defaultValue: Value

    /// A value read under `name` that is `default` when unset or unconvertible.
    public init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
    }
}

extension ValueKey: Equatable where Value: Equatable {}
extension ValueKey: Hashable where Value: Hashable {}

/// Reads through typed keys. Each returns the key's default when no source sets the key or its text does not
/// convert, exactly like the `x(forKey:default:)` reads (which have the same precedence and spellings).
extension ActiveProfile {
    /// Whether the flag is on; its default when no source sets it or its text is not a boolean.
    public func isEnabled(_ key: FlagKey) -> Bool {
        flag(forKey: key.name, default: key.defaultValue)
    }

    /// The value as `V` (`String`, `Int`, `Int64`, `Double`, `Bool`: ``ProfileValueConvertible``); its default when
    /// no source sets it or its text does not convert. On watchOS, where `Int` is 32 bits, an `Int` outside
    /// -2147483648...2147483647 does not convert: such a catalog value is generated as a `ValueKey<Int64>`.
    public func value<V: ProfileValueConvertible>(_ key: ValueKey<V>) -> V {
        optionalRead(key.name, .value, V.profileValue(from:)) ?? key.defaultValue
    }

    /// The value as `V`, built with `V(rawValue:)` from its text; its default when unset or not a raw value of `V`.
    public func value<V: RawRepresentable & Sendable>(_ key: ValueKey<V>) -> V where V.RawValue == String {
        value(V.self, forKey: key.name, default: key.defaultValue)
    }
}
