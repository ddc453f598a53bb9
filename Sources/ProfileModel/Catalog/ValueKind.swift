import ProfilePlatform
import ProfileRuntime

/// A type a catalog value can have (`type: int`), and everything each part of `profile` knows about it, in one
/// table: its catalog spelling, how a profile's scalar is checked and converted to it, its JSON Schema, its Swift
/// type and literal in generated code, and how `profile import` recognises a launch argument's text as one.
///
/// A new kind is one more entry in ``all``: the catalog decoder and checker, both JSON Schemas, the Swift generator,
/// completion and the importer read this table, never a list of their own. Its Swift type must be one the runtime's
/// `ValueKey` reads (`ProfileValueConvertible`), which a test checks for the whole set.
package struct ValueKind: Sendable, Equatable, CustomStringConvertible {
    package typealias JSON = JSONWriter.Value

    /// How the catalog spells it, and how messages name it (`int`).
    package let name: String
    /// How a message says what a text should be (`an int`).
    let expectation: String
    /// The YAML types (``TypedValue/typeName``) whose unquoted text it takes, so that `pageSize: "20"` is told its
    /// quotes are the problem.
    let unquotedTypes: Set<String>
    /// Whether the catalog takes `minimum` and `maximum` for it.
    package let takesBounds: Bool
    /// Whether the catalog takes (and needs) `cases` for it.
    package let takesCases: Bool
    /// The value of this kind a candidate denotes (given the declaration's `cases`), nil when it is not one.
    let convert: @Sendable (_ candidate: CatalogChecker.Candidate, _ cases: [String]) -> TypedValue?
    /// How `profile import` reads a launch argument's text for a value of this kind before it is checked.
    package let recognise: @Sendable (_ text: String) throws(TypedValue.Problem) -> TypedValue
    /// The JSON Schema keywords of a profile's value of this kind (given the declaration's `cases`).
    package let schema: @Sendable (_ cases: [String]) -> [(String, JSON)]
    /// What the catalog's JSON Schema checks of a `default` of this kind (nil: nothing; `profile lint` does).
    package let defaultSchema: JSON?
    /// Every Swift type the generated `ValueKey`s of this kind can have (an `enum` kind's generated type aside).
    package let swiftTypes: [String]
    /// The Swift type of a declared value, given the enum the generator writes for it (an `enum` kind).
    package let swiftType: @Sendable (_ value: Catalog.Value, _ generated: GeneratedEnum?) -> String
    /// A default as a Swift literal of ``swiftType``.
    package let swiftLiteral:
        @Sendable (_ value: Catalog.Value, _ typed: TypedValue, _ generated: GeneratedEnum?) -> String
    /// Whether the literal is a string literal (written in pieces when a line is too long).
    package let isTextLiteral: Bool
    /// The runtime read of a value declared without a default (`int(forKey:)`).
    package let optionalRead: @Sendable (_ value: Catalog.Value, _ generated: GeneratedEnum?) -> String
    /// A sentence the generated documentation adds (`An absolute URL.`).
    package let documentationNote: String?
    /// The texts shell completion offers for a value of this kind (given the declaration's `cases`).
    package let completions: @Sendable (_ cases: [String]) -> [String]

    /// The Swift enum `profile generate swift` writes for a value of a kind that ``takesCases``.
    package struct GeneratedEnum: Sendable {
        /// The type's name (`Theme`).
        package var typeName: String
        /// Its cases' names, in the order of the catalog's `cases`.
        package var caseNames: [String]
        /// `.name` (or `Self.name` where `.name` would mean something else), as the generator writes a member.
        package var member: @Sendable (_ name: String) -> String

        /// A description of the enum.
        package init(typeName: String, caseNames: [String], member: @escaping @Sendable (String) -> String) {
            self.typeName = typeName
            self.caseNames = caseNames
            self.member = member
        }
    }

    package var description: String { name }

    package static func == (left: ValueKind, right: ValueKind) -> Bool { left.name == right.name }

    // MARK: - The table

    /// Every kind, in the order the catalog's messages and schema list them.
    package static let all: [ValueKind] = [.string, .int, .double, .bool, .url, .enum]

    /// The names the catalog's `type:` takes.
    package static var names: [String] { all.map(\.name) }

    /// The kind the catalog spells `name`.
    package static func named(_ name: String) -> ValueKind? { all.first { $0.name == name } }

    /// Any text.
    package static let string = ValueKind(
        name: "string", expectation: "a string", unquotedTypes: ["string"],
        convert: { candidate, _ in .string(candidate.value.text) },
        schema: { _ in [("type", .string("string"))] }, defaultSchema: nil,
        swiftType: "String", swiftLiteral: { _, typed, _ in SwiftLiteral.string(typed.text) }, isTextLiteral: true,
        optionalRead: "string(forKey:)")

    /// A 64-bit integer in one of YAML's forms (`20`, `0x1F`); `Int` in Swift, or `Int64` when a bound lies past 32
    /// bits (see ``integerType(_:default:)``).
    package static let int = ValueKind(
        name: "int", expectation: "an int", unquotedTypes: ["int"], takesBounds: true,
        convert: { candidate, _ in
            let number: Int?
            switch candidate.value {
            case .int(let parsed, _): number = parsed
            case .string(let text) where !candidate.isQuoted: number = TypedValue.parseInt(text)
            default: number = nil
            }
            return number.map { .int($0, text: candidate.value.text) }
        },
        schema: { _ in [("type", .string("integer"))] }, defaultSchema: .object([("type", .string("integer"))]),
        swiftTypes: ["Int", "Int64"],
        swiftType: { value, _ in integerType(value, default: value.defaultValue.flatMap(integer)) },
        swiftLiteral: { _, typed, _ in SwiftLiteral.integer(integer(typed) ?? 0) },
        optionalRead: { value, _ in
            integerType(value, default: nil) == "Int64" ? "value(Int64.self, forKey:)" : "int(forKey:)"
        })

    /// A number (an int is one too).
    package static let double = ValueKind(
        name: "double", expectation: "a double", unquotedTypes: ["double", "int"], takesBounds: true,
        convert: { candidate, _ in
            switch candidate.value {
            case .int(let parsed, _): return .double(Double(parsed), text: candidate.value.text)
            case .double(let parsed, _): return .double(parsed, text: candidate.value.text)
            default: return nil
            }
        },
        schema: { _ in [("type", .string("number"))] }, defaultSchema: .object([("type", .string("number"))]),
        swiftType: "Double",
        swiftLiteral: { _, typed, _ in
            switch typed {
            case .double(let number, _): return SwiftLiteral.double(number)
            case .int(let number, _): return SwiftLiteral.double(Double(number))
            default: return SwiftLiteral.double(Double(typed.text) ?? 0)
            }
        },
        optionalRead: "double(forKey:)")

    /// `true` or `false` (and, from launch arguments, the runtime's boolean words: `YES`, `1`…).
    package static let bool = ValueKind(
        name: "bool", expectation: "a bool (`true` or `false`)", unquotedTypes: ["bool"],
        convert: { candidate, _ in
            if case .bool = candidate.value { return candidate.value }
            return nil
        },
        recognise: { text throws(TypedValue.Problem) in
            if let value = TextConversion.bool(text) { return .bool(value) }
            return try TypedValue.resolve(plain: text)
        },
        schema: { _ in booleanSchema }, defaultSchema: .object(booleanSchema),
        swiftType: "Bool",
        swiftLiteral: { _, typed, _ in
            if case .bool(let flag) = typed { return String(flag) }
            return "false"
        },
        optionalRead: "bool(forKey:)", completions: { _ in ["true", "false"] })

    /// An absolute URL (`scheme://…` or `scheme:…`), read as a `String`.
    package static let url = ValueKind(
        name: "url", expectation: "an absolute URL (`https://…`)", unquotedTypes: [],
        convert: { candidate, _ in
            guard case .string(let text) = candidate.value, isURL(text) else { return nil }
            return candidate.value
        },
        schema: { _ in urlSchema }, defaultSchema: .object(urlSchema),
        swiftType: "String", swiftLiteral: { _, typed, _ in SwiftLiteral.string(typed.text) }, isTextLiteral: true,
        optionalRead: "string(forKey:)", documentationNote: "An absolute URL.")

    /// One of the strings the catalog lists in `cases`; a Swift enum of its own in generated code.
    package static let `enum` = ValueKind(
        name: "enum", expectation: "one of its cases", unquotedTypes: [], takesCases: true,
        convert: { candidate, cases in
            cases.contains(candidate.value.text) ? .string(candidate.value.text) : nil
        },
        schema: { cases in [("enum", .array(cases.map { .string($0) }))] }, defaultSchema: nil,
        swiftTypes: [],
        swiftType: { _, generated in generated?.typeName ?? "String" },
        swiftLiteral: { value, typed, generated in
            guard let generated, !generated.caseNames.isEmpty else { return SwiftLiteral.string(typed.text) }
            let index = value.cases.firstIndex(of: typed.text) ?? 0
            return generated.member(generated.caseNames[index])
        },
        optionalRead: { _, generated in "value(ProfileValues.\(generated?.typeName ?? "").self, forKey:)" })

    // MARK: - Shared by the entries

    /// `true`/`false`, and the words `profile` takes where only a boolean can be (`yes`, `no`, `on`, `off`, any case).
    package static let booleanSchema: [(String, JSON)] = [
        (
            "anyOf",
            .array([
                .object([("type", .string("boolean"))]),
                .object([
                    ("type", .string("string")),
                    (
                        "pattern",
                        .string("^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|[Oo][Nn]|[Oo][Ff][Ff])$")
                    ),
                ]),
            ])
        )
    ]

    /// A scheme and a colon first (``isURL(_:)``).
    static let urlSchema: [(String, JSON)] = [
        ("type", .string("string")), ("pattern", .string("^[A-Za-z][A-Za-z0-9+.-]*:")),
    ]

    /// `scheme:` followed by something, the scheme being a letter then letters, digits, `+`, `-` or `.`; no space.
    static func isURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex
        else {
            return false
        }
        let scheme = text[..<colon]
        guard scheme.first!.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else {
            return false
        }
        return !text.contains(" ")
    }

    /// A text as YAML reads a plain scalar (``TypedValue/resolve(plain:)``): how most kinds recognise an imported text.
    private static func plainScalar(_ text: String) throws(TypedValue.Problem) -> TypedValue {
        try TypedValue.resolve(plain: text)
    }

    /// An int default's number.
    private static func integer(_ typed: TypedValue) -> Int? {
        if case .int(let parsed, _) = typed { return parsed }
        return TypedValue.parseInt(typed.text)
    }

    /// The Swift type of a catalog `int`: `Int`, unless its default, `minimum` or `maximum` lies outside the range of a
    /// 32-bit `Int` (watchOS's, on arm64_32), where `ValueKey<Int>("k", default: 5000000000)` does not compile and a
    /// value past 2³¹ does not read: then `Int64`, whose reads are the same on every platform. Decided from the
    /// catalog alone, so the generated file is the same for every platform it is compiled for.
    static func integerType(_ value: Catalog.Value, default number: Int?) -> String {
        let bounds = [number.map(Double.init), value.minimum, value.maximum].compactMap { $0 }
        let fits = bounds.allSatisfy { $0 >= Double(Int32.min) && $0 <= Double(Int32.max) }
        return fits ? "Int" : "Int64"
    }

    // MARK: - Building entries

    /// An entry: the defaults are a kind without bounds or cases, read from launch arguments as YAML reads a plain
    /// scalar, whose one Swift type is `swiftType`.
    private init(
        name: String, expectation: String, unquotedTypes: Set<String>, takesBounds: Bool = false,
        takesCases: Bool = false,
        convert: @escaping @Sendable (CatalogChecker.Candidate, [String]) -> TypedValue?,
        recognise: @escaping @Sendable (String) throws(TypedValue.Problem) -> TypedValue = plainScalar,
        schema: @escaping @Sendable ([String]) -> [(String, JSON)], defaultSchema: JSON?,
        swiftTypes: [String],
        swiftType: @escaping @Sendable (Catalog.Value, GeneratedEnum?) -> String,
        swiftLiteral: @escaping @Sendable (Catalog.Value, TypedValue, GeneratedEnum?) -> String,
        isTextLiteral: Bool = false,
        optionalRead: @escaping @Sendable (Catalog.Value, GeneratedEnum?) -> String,
        documentationNote: String? = nil,
        completions: @escaping @Sendable ([String]) -> [String] = { cases in cases }
    ) {
        self.name = name
        self.expectation = expectation
        self.unquotedTypes = unquotedTypes
        self.takesBounds = takesBounds
        self.takesCases = takesCases
        self.convert = convert
        self.recognise = recognise
        self.schema = schema
        self.defaultSchema = defaultSchema
        self.swiftTypes = swiftTypes
        self.swiftType = swiftType
        self.swiftLiteral = swiftLiteral
        self.isTextLiteral = isTextLiteral
        self.optionalRead = optionalRead
        self.documentationNote = documentationNote
        self.completions = completions
    }

    /// An entry whose Swift type and optional read are the same for every declaration.
    private init(
        name: String, expectation: String, unquotedTypes: Set<String>, takesBounds: Bool = false,
        convert: @escaping @Sendable (CatalogChecker.Candidate, [String]) -> TypedValue?,
        recognise: @escaping @Sendable (String) throws(TypedValue.Problem) -> TypedValue = plainScalar,
        schema: @escaping @Sendable ([String]) -> [(String, JSON)], defaultSchema: JSON?,
        swiftType: String,
        swiftLiteral: @escaping @Sendable (Catalog.Value, TypedValue, GeneratedEnum?) -> String,
        isTextLiteral: Bool = false,
        optionalRead: String,
        documentationNote: String? = nil,
        completions: @escaping @Sendable ([String]) -> [String] = { cases in cases }
    ) {
        self.init(
            name: name, expectation: expectation, unquotedTypes: unquotedTypes, takesBounds: takesBounds,
            convert: convert, recognise: recognise, schema: schema, defaultSchema: defaultSchema,
            swiftTypes: [swiftType], swiftType: { _, _ in swiftType }, swiftLiteral: swiftLiteral,
            isTextLiteral: isTextLiteral, optionalRead: { _, _ in optionalRead }, documentationNote: documentationNote,
            completions: completions)
    }
}
