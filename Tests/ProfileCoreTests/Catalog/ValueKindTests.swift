import ProfileRuntime
import Testing

@testable import ProfileModel

/// The catalog's value kinds are one table (``ValueKind``); the runtime reads them through one protocol
/// (`ProfileValueConvertible`). The two must agree: every Swift type a kind is generated as is one the runtime reads,
/// and the runtime reads no type that no kind is generated as.
@Suite struct ValueKindTests {
    /// A catalog declaring one value of `kind` (with `cases` when it takes them), decoded without a problem.
    func declaration(_ kind: ValueKind, default text: String? = nil) throws -> Catalog.Value {
        var fields = ["type: \(kind.name)"]
        if kind.takesCases { fields.append("cases: [light, dark]") }
        if let text { fields.append("default: \(text)") }
        let yaml = "values:\n  v: {\(fields.joined(separator: ", "))}\n"
        let document = try YAMLParser.parse(SourceFile(path: "_catalog.yml", bytes: Array(yaml.utf8)))
        let (catalog, diagnostics) = CatalogDecoder.decode(document)
        #expect(diagnostics.isEmpty, "\(DiagnosticRenderer().render(diagnostics))")
        return try #require(catalog.value("v"))
    }

    /// One default each kind's catalog accepts, as YAML writes it: a new kind needs its line here.
    static let samples: [String: String] = [
        "string": "hello", "int": "0x1F", "double": "2.50", "bool": "true", "url": "'https://example.com/a'",
        "enum": "dark",
    ]

    @Test func theTableListsEveryKindOnce() {
        #expect(ValueKind.names == ["string", "int", "double", "bool", "url", "enum"])
        #expect(Set(ValueKind.names).count == ValueKind.all.count)
        #expect(Set(Self.samples.keys) == Set(ValueKind.names))
        for name in ValueKind.names { #expect(ValueKind.named(name)?.name == name) }
        #expect(ValueKind.named("integer") == nil)
    }

    /// The whole set: the Swift types the kinds are generated as are exactly the runtime's conforming types.
    @Test func theRuntimeReadsExactlyTheKindsSwiftTypes() {
        let generated = Set(ValueKind.all.flatMap(\.swiftTypes))
        let runtime = Set(ProfileValueTypes.all.map { String(describing: $0) })
        #expect(generated == runtime)
        #expect(runtime == ["String", "Int", "Int64", "Double", "Bool"])
    }

    /// What the catalog accepts as a default travels as a text the runtime reads back, through the Swift type the
    /// generator writes for it, as the value the generated literal says.
    @Test func eachKindsDefaultReadsBackThroughItsSwiftType() throws {
        let runtime = Dictionary(
            uniqueKeysWithValues: ProfileValueTypes.all.map { (String(describing: $0), $0) })
        var read: [String: String] = [:]
        for kind in ValueKind.all {
            let value = try declaration(kind, default: Self.samples[kind.name] ?? "")
            let typed = try #require(value.defaultValue)
            let generated = ValueKind.GeneratedEnum(typeName: "V", caseNames: ["light", "dark"]) { "." + $0 }
            let swiftType = kind.swiftType(value, kind.takesCases ? generated : nil)
            let literal = kind.swiftLiteral(value, typed, kind.takesCases ? generated : nil)
            if kind.takesCases {
                read[kind.name] = "\(swiftType) \(literal) \(typed.text)"
                continue
            }
            let type = try #require(runtime[swiftType], "\(kind.name) is generated as \(swiftType)")
            let converted: (any ProfileValueConvertible)? = type.profileValue(from: typed.text)
            let back = try #require(converted, "\(kind.name): \(typed.text)")
            read[kind.name] = "\(swiftType) \(literal) \(back.profileText)"
        }
        #expect(
            read == [
                "string": #"String "hello" hello"#, "int": "Int 31 31", "double": "Double 2.5 2.5",
                "bool": "Bool true true", "url": #"String "https://example.com/a" https://example.com/a"#,
                "enum": "V .dark dark",
            ])
    }

    /// A value of each kind in a profile, checked against its declaration: the typed value, or the whole message.
    @Test func eachKindChecksAProfilesScalar() throws {
        let cases: [(String, String, String)] = [
            ("string", "5", "string 5"),
            (
                "int", "\"5\"",
                "`v` is an int; `5` is quoted, which makes it a string: "
                    + "write it without quotes"
            ),
            ("int", "5", "int 5"), ("double", "5", "double 5"), ("double", "x", "`v` is a double; `x` is not"),
            ("bool", "yes", "`v` is a bool (`true` or `false`); `yes` is not"), ("bool", "false", "bool false"),
            ("url", "example", "`v` is an absolute URL (`https://…`); `example` is not"), ("url", "a:b", "string a:b"),
            ("enum", "dak", "`v` is one of `light`, `dark`; `dak` is not"), ("enum", "light", "string light"),
        ]
        for (name, yaml, expected) in cases {
            let kind = try #require(ValueKind.named(name))
            let node = try #require(
                try YAMLParser.parse(SourceFile(path: "p.yml", bytes: Array(yaml.utf8))).root)
            let candidate = try CatalogChecker.typed(defaultNode: node)
            let result: String
            switch CatalogChecker.check(candidate, against: try declaration(kind)) {
            case .success(let typed): result = "\(typed.typeName) \(typed.text)"
            case .failure(let problem): result = problem.text
            }
            #expect(result == expected, "\(name) \(yaml)")
        }
    }
}
