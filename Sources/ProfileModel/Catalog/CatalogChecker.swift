import ProfilePlatform
import ProfileRuntime

/// Checks profiles and command-line overrides against the ``Catalog``: unknown flags, mock points, variants and
/// value keys, wrong value types, out-of-range numbers. Every finding is located, with a near miss when there is one.
package struct CatalogChecker {
    /// The catalog.
    package let catalog: Catalog

    /// A checker for `catalog`.
    package init(catalog: Catalog) { self.catalog = catalog }

    /// A problem with a value, before it is located.
    package struct Problem: Error, Sendable {
        /// The message.
        package var text: String
        /// The near miss.
        package var suggestion: String?

        package init(text: String, suggestion: String? = nil) {
            self.text = text
            self.suggestion = suggestion
        }
    }

    /// What is checked: a value's text and how it was written.
    package struct Candidate: Sendable {
        /// The value as typed by YAML (or inferred from command-line text).
        package var value: TypedValue
        /// Whether the text was written as a string (quoted), so that `5` is not accepted as an int.
        package var isQuoted: Bool

        package init(value: TypedValue, isQuoted: Bool) {
            self.value = value
            self.isQuoted = isQuoted
        }
    }

    /// A candidate from a YAML node (for the catalog's own defaults): typed as a profile's value is, tag first.
    static func typed(defaultNode node: YAMLNode) throws(TypedValue.Problem) -> Candidate {
        guard let scalar = node.scalar else { return Candidate(value: .string(""), isQuoted: true) }
        let value = try TypedValue.resolve(node) ?? .string(scalar.text)
        let isQuoted: Bool
        if case .string = value { isQuoted = scalar.style != .plain || node.tag != nil } else { isQuoted = false }
        return Candidate(value: value, isQuoted: isQuoted)
    }

    /// The value converted to the declared type, or what is wrong with it.
    ///
    /// A message never shows a secret: the value of a key the catalog marks secret is named `<secret>`, and a value
    /// built from the invoking environment (or from a secret variable) by its reference, passed as `shown`
    /// (`` `${API_TOKEN}` is not ``, never the token).
    package static func check(
        _ candidate: Candidate, against declaration: Catalog.Value, shown shownText: String? = nil
    ) -> Result<TypedValue, Problem> {
        let value = candidate.value
        let hidden = declaration.isSecret || shownText != nil
        let shown = declaration.isSecret ? Catalog.secretPlaceholder : "`\(shownText ?? value.text)`"
        let kind = declaration.type
        func wrong(_ expected: String) -> Result<TypedValue, Problem> {
            // `pageSize: "20"`: the text would do, but quotes make it a string.
            let plainType = (try? TypedValue.resolve(plain: value.text))?.typeName
            if !hidden, candidate.isQuoted, case .string(let text) = value, let plainType,
                kind.unquotedTypes.contains(plainType)
            {
                return .failure(
                    Problem(
                        text:
                            "`\(declaration.key.value)` is \(expected); `\(text)` is quoted, which makes it a string: "
                            + "write it without quotes", suggestion: nil))
            }
            return .failure(
                Problem(text: "`\(declaration.key.value)` is \(expected); \(shown) is not", suggestion: nil))
        }
        func range(_ number: Double) -> Problem? {
            if let minimum = declaration.minimum, number < minimum {
                return Problem(
                    text: "`\(declaration.key.value)` must be at least \(format(minimum)); \(shown) is smaller",
                    suggestion: nil)
            }
            if let maximum = declaration.maximum, number > maximum {
                return Problem(
                    text: "`\(declaration.key.value)` must be at most \(format(maximum)); \(shown) is larger",
                    suggestion: nil)
            }
            return nil
        }
        guard let typed = kind.convert(candidate, declaration.cases) else {
            guard kind.takesCases else { return wrong(kind.expectation) }
            let cases = declaration.cases
            return .failure(
                Problem(
                    text:
                        "`\(declaration.key.value)` is one of \(cases.map { "`\($0)`" }.joined(separator: ", ")); \(shown) is not",
                    suggestion: hidden ? nil : NearMiss.suggestion(for: value.text, in: cases)))
        }
        if kind.takesBounds, let problem = number(of: typed).flatMap(range) { return .failure(problem) }
        return .success(typed)
    }

    /// The number a checked int or double is, for its range.
    private static func number(of value: TypedValue) -> Double? {
        switch value {
        case .int(let number, _): return Double(number)
        case .double(let number, _): return number
        default: return nil
        }
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// Checks one profile file's flags, mocks and values; returns the diagnostics and the values retyped to their
    /// declared types (a plain `5` declared as a string becomes the string `"5"`).
    package func check(_ definition: ProfileDefinition) -> ([Diagnostic], [Setting<TypedValue?>]) {
        var diagnostics: [Diagnostic] = []
        for flag in definition.flags {
            if let problem = checkFlag(flag.key) { diagnostics.append(problem) }
        }
        for mock in definition.mocks {
            diagnostics.append(contentsOf: checkMock(mock.key, mock.value))
        }
        var values: [Setting<TypedValue?>] = []
        // The file's lines indexed once (not once per value: a file of N values would cost N²).
        var lines: (file: SourceFile, index: LineIndex)?
        func isPlainScalar(_ location: SourceLocation) -> Bool {
            if lines == nil || lines!.file !== location.file { lines = (location.file, LineIndex(location.file.bytes)) }
            guard let line = lines!.index.line(Int(location.mark.line)) else { return true }
            var rest = line.unicodeScalars.dropFirst(Int(location.mark.column) - 1)
            if rest.first == "&" {  // an anchor first: `&name "5"`
                rest = rest.drop { $0 != " " }.drop { $0 == " " }
            }
            // Not quoted, no tag: `!!str 5` is a string as `"5"` is.
            let first = rest.first
            return first != "\"" && first != "'" && first != "!"
        }
        for setting in definition.values {
            guard let declaration = catalog.value(setting.key.value) else {
                diagnostics.append(unknown("value", setting.key, in: catalog.values.map(\.key.value)))
                values.append(setting)
                continue
            }
            guard let value = setting.value.value else {
                values.append(setting)
                continue
            }
            // Interpolated strings are checked once interpolated, by the resolver.
            if case .string(let text) = value, text.contains("$") {
                values.append(setting)
                continue
            }
            let quoted: Bool
            if case .string = value { quoted = !isPlainScalar(setting.value.location) } else { quoted = false }
            switch Self.check(Candidate(value: value, isQuoted: quoted), against: declaration) {
            case .success(let typed):
                values.append(
                    Setting(
                        key: setting.key,
                        value: Located(typed, at: setting.value.location, length: setting.value.length)))
            case .failure(let problem):
                diagnostics.append(
                    Diagnostic.error(
                        problem.text, at: setting.value.location, length: setting.value.length,
                        suggestion: problem.suggestion
                    ).hidingExcerpt(declaration.isSecret))
                values.append(setting)
            }
        }
        return (diagnostics, values)
    }

    /// An unknown flag, or nil.
    package func checkFlag(_ key: Located<String>) -> Diagnostic? {
        guard catalog.flag(key.value) == nil else { return nil }
        return unknown("flag", key, in: catalog.flags.map(\.key.value))
    }

    /// An unknown mock point or variant.
    package func checkMock(_ key: Located<String>, _ variant: Located<String>) -> [Diagnostic] {
        guard let declaration = catalog.mock(key.value) else {
            return [unknown("mock point", key, in: catalog.mocks.map(\.key.value))]
        }
        let names = declaration.variants.map(\.name)
        guard names.contains(variant.value) else {
            return [
                .error(
                    "unknown variant `\(variant.value)` for mock point `\(key.value)` (variants: \(names.map { "`\($0)`" }.joined(separator: ", ")))",
                    at: variant.location, length: variant.length,
                    suggestion: NearMiss.suggestion(for: variant.value, in: names))
            ]
        }
        return []
    }

    /// A command-line `--value KEY=TEXT`, typed by the catalog.
    package func checkOverride(_ key: Located<String>, _ text: Located<String>) -> Result<TypedValue, Diagnostic> {
        guard let declaration = catalog.value(key.value) else {
            return .failure(unknown("value", key, in: catalog.values.map(\.key.value)))
        }
        let candidate: Candidate
        do {
            candidate = Candidate(value: try TypedValue.resolve(plain: text.value), isQuoted: false)
        } catch {
            return .failure(.error("value `\(key.value)`: " + error.message, at: text.location, length: text.length))
        }
        switch Self.check(candidate, against: declaration) {
        case .success(let typed): return .success(typed)
        case .failure(let problem):
            return .failure(
                Diagnostic.error(problem.text, at: text.location, length: text.length, suggestion: problem.suggestion)
                    .hidingExcerpt(declaration.isSecret))
        }
    }

    /// An interpolated string value, checked once its text is known. `shown` is how a message names it when it is
    /// secret (its display form, `${API_TOKEN}`), nil to name it by its text.
    package func checkInterpolated(
        _ key: String, text: String, shown: String? = nil, at location: SourceLocation
    ) -> Result<TypedValue, Diagnostic> {
        guard let declaration = catalog.value(key) else { return .success(.string(text)) }
        let value: TypedValue
        do {
            value = try TypedValue.resolve(plain: text)
        } catch {
            // The message quotes the text: a secret's is named by its reference or `<secret>` instead.
            let named = declaration.isSecret ? Catalog.secretPlaceholder : shown.map { "`\($0)`" }
            let message = named.map { "\($0) is out of range for its type" } ?? error.message
            return .failure(
                Diagnostic.error("value `\(key)`: " + message, at: location).hidingExcerpt(declaration.isSecret))
        }
        switch Self.check(Candidate(value: value, isQuoted: false), against: declaration, shown: shown) {
        case .success(let typed): return .success(typed)
        case .failure(let problem):
            return .failure(
                Diagnostic.error(problem.text, at: location, suggestion: problem.suggestion)
                    .hidingExcerpt(declaration.isSecret))
        }
    }

    private func unknown(_ what: String, _ key: Located<String>, in names: [String]) -> Diagnostic {
        .error(
            "unknown \(what) `\(key.value)`: the catalog (\(catalog.file.path)) does not declare it", at: key.location,
            length: key.length, suggestion: NearMiss.suggestion(for: key.value, in: names))
    }
}
