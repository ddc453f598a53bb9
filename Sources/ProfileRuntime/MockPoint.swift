/// A place where the app can swap a real dependency for a fake one, declared as the app's own `enum: String`.
///
/// ```swift
/// enum CountriesSource: String, MockPoint {
///     static let mockKey = "countries"
///     case live, localMock = "local-mock", empty
/// }
///
/// let source = try ActiveProfile.current.variant(of: CountriesSource.self, default: .live)
/// ```
///
/// The variant is looked up under ``mockKey`` like any other key (`-countries local-mock`,
/// `--countries=local-mock`, `mock.countries=local-mock` in a profile, `COUNTRIES=local-mock`) and matched
/// exactly against the raw values. An unknown variant is a thrown error naming the key, the text and the allowed
/// variants, never a crash and never a silent fallback.
///
/// A type can declare the variant used when nothing selects one (the catalog's `default:`; generated code does):
///
/// ```swift
/// enum CountriesSource: String, MockPoint {
///     static let mockKey = "countries"
///     static let defaultVariant: Self? = .live
///     case live, localMock = "local-mock"
/// }
///
/// let source = try ActiveProfile.current.variant(of: CountriesSource.self)   // .live when unset
/// ```
public protocol MockPoint: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The key the variant is selected under, in any spelling (`countries`, `countriesDatasource`, `api.backend`).
    static var mockKey: String { get }

    /// The variant ``ActiveProfile/variant(of:)`` returns when no source selects one; `nil` (the default) makes
    /// that an error.
    static var defaultVariant: Self? { get }
}

extension MockPoint {
    /// No default variant: ``ActiveProfile/variant(of:)`` throws when nothing selects one.
    public static var defaultVariant: Self? { nil }
}

extension ActiveProfile {
    /// The variant selected for the mock point `T`, or `T.defaultVariant` when none is selected.
    /// - Throws: ``ProfileRuntimeError`` when no variant is selected and `T` has no ``MockPoint/defaultVariant``,
    ///   the selected variant is not one of `T`'s cases, or the payload is broken. An unknown variant is never
    ///   replaced by the default.
    public func variant<T: MockPoint>(of type: T.Type) throws(ProfileRuntimeError) -> T {
        try validate()
        let canonical = ProfileKey.canonical(T.mockKey)
        guard let found = find(canonical: canonical, prefer: .mock) else {
            if let defaultVariant = T.defaultVariant { return defaultVariant }
            throw ProfileRuntimeError(
                .noVariantSelected,
                key: T.mockKey,
                message: "no variant selected for mock point \"\(T.mockKey)\": "
                    + howToSet(canonical: canonical, key: T.mockKey, placeholder: "VARIANT")
                    + "; allowed variants: \(Self.allowedVariants(T.self))"
            )
        }
        return try match(found, T.self)
    }

    /// The variant selected for the mock point `T`, or `defaultVariant` when none is selected.
    /// - Throws: ``ProfileRuntimeError`` when the selected variant is not one of `T`'s cases, or the payload is
    ///   broken. An unknown variant is never replaced by the default: a typo must not silently pick the default.
    public func variant<T: MockPoint>(of type: T.Type, default defaultVariant: T) throws(ProfileRuntimeError) -> T {
        try validate()
        guard let found = find(canonical: ProfileKey.canonical(T.mockKey), prefer: .mock) else {
            return defaultVariant
        }
        return try match(found, T.self)
    }

    /// The variant selected for the mock point `T`, or `nil` when none is selected.
    /// - Throws: ``ProfileRuntimeError`` when the selected variant is not one of `T`'s cases, or the payload is broken.
    public func selectedVariant<T: MockPoint>(of type: T.Type) throws(ProfileRuntimeError) -> T? {
        try validate()
        guard let found = find(canonical: ProfileKey.canonical(T.mockKey), prefer: .mock) else { return nil }
        return try match(found, T.self)
    }

    private func match<T: MockPoint>(_ found: Found, _ type: T.Type) throws(ProfileRuntimeError) -> T {
        guard let text = found.text else {
            throw ProfileRuntimeError(
                .unknownVariant,
                key: T.mockKey,
                message: "mock point \"\(T.mockKey)\" is given without a variant (\(describe(found.source))); "
                    + "allowed variants: \(Self.allowedVariants(T.self))"
            )
        }
        if let variant = T(rawValue: text) { return variant }
        var message =
            "unknown variant \(text.debugDescription) for mock point \"\(T.mockKey)\" "
            + "(from \(describe(found.source))); allowed variants: \(Self.allowedVariants(T.self))"
        if let suggestion = NearMiss.suggestion(for: text, in: T.allCases.map(\.rawValue)) {
            message += "; did you mean \"\(suggestion)\"?"
        }
        throw ProfileRuntimeError(.unknownVariant, key: T.mockKey, message: message)
    }

    private static func allowedVariants<T: MockPoint>(_ type: T.Type) -> String {
        let names = T.allCases.map(\.rawValue)
        return names.isEmpty ? "(none declared)" : names.joined(separator: ", ")
    }
}
