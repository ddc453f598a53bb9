/// What exists, declared once in `profiles/_catalog.yml`: flags, mock points with their variants, typed values and
/// notable environment variables. When a catalog exists every profile and every override is checked against it,
/// and `profile generate swift` turns it into typed Swift.
package struct Catalog: Sendable {
    /// A declared flag.
    package struct Flag: Sendable {
        /// The flag's key (`skipOnboarding`).
        package var key: Located<String>
        /// What it does.
        package var description: String?
        /// Its value when no profile sets it.
        package var defaultValue: Bool
    }

    /// A declared mock point.
    package struct MockPoint: Sendable {
        /// A variant of a mock point.
        package struct Variant: Sendable {
            /// The variant's name (`local-mock`).
            package var name: String
            /// What it does.
            package var description: String?
        }

        /// The mock point's key (`countries`).
        package var key: Located<String>
        /// What it stands for.
        package var description: String?
        /// The allowed variants, in the order declared.
        package var variants: [Variant]
        /// The variant used when no profile selects one (the first declared when not given).
        package var defaultVariant: String
        /// The name of the enum `profile generate swift` writes for it, when the catalog gives one (`swiftName:`,
        /// for a name that would clash with one of the app's own types); else the key in UpperCamelCase.
        package var swiftName: Located<String>? = nil
    }

    /// A declared value.
    package struct Value: Sendable {
        /// The value's key (`pageSize`, `http.timeout`).
        package var key: Located<String>
        /// Its type (`type:`).
        package var type: ValueKind
        /// What it controls.
        package var description: String?
        /// Its value when no profile sets it.
        package var defaultValue: TypedValue?
        /// The smallest allowed number (int and double).
        package var minimum: Double?
        /// The largest allowed number (int and double).
        package var maximum: Double?
        /// Whether the value is secret: hidden by `show` and by exports meant for reading.
        package var isSecret: Bool
        /// The allowed strings of a kind that takes them (`enum`), in the order declared; else empty.
        package var cases: [String] = []
    }

    /// How a secret is written where it is hidden (`show`, committed exports, messages): `<secret>`.
    package static let secretPlaceholder = "<secret>"

    /// A declared environment variable.
    package struct EnvironmentVariable: Sendable {
        /// The variable's name.
        package var name: Located<String>
        /// What it is for.
        package var description: String?
        /// Whether its value is secret.
        package var isSecret: Bool
    }

    /// The catalog's file.
    package var file: SourceFile
    /// Declared flags, in order.
    package var flags: [Flag] = [] { didSet { flagIndex.update(flags, key: \.key.value) } }
    /// Declared mock points, in order.
    package var mocks: [MockPoint] = [] { didSet { mockIndex.update(mocks, key: \.key.value) } }
    /// Declared values, in order.
    package var values: [Value] = [] { didSet { valueIndex.update(values, key: \.key.value) } }
    /// Declared environment variables, in order.
    package var environment: [EnvironmentVariable] = [] {
        didSet { environmentIndex.update(environment, key: \.name.value) }
    }

    /// Key → position of its first declaration, so that a lookup costs the same with 10 or 10,000 declarations.
    private var flagIndex = Index()
    private var mockIndex = Index()
    private var valueIndex = Index()
    private var environmentIndex = Index()

    /// Creates an empty catalog for `file`.
    package init(file: SourceFile) { self.file = file }

    /// The flag with this key.
    package func flag(_ key: String) -> Flag? { flagIndex.positions[key].map { flags[$0] } }
    /// The mock point with this key.
    package func mock(_ key: String) -> MockPoint? { mockIndex.positions[key].map { mocks[$0] } }
    /// The value with this key.
    package func value(_ key: String) -> Value? { valueIndex.positions[key].map { values[$0] } }
    /// The environment variable with this name.
    package func environmentVariable(_ name: String) -> EnvironmentVariable? {
        environmentIndex.positions[name].map { environment[$0] }
    }

    /// Where each key is first declared in one of the lists. Appending (what decoding does) indexes only the new
    /// entries; any other change indexes the list again.
    private struct Index: Sendable {
        var positions: [String: Int] = [:]
        var count = 0

        mutating func update<Element>(_ list: [Element], key: (Element) -> String) {
            if list.count <= count {
                positions = [:]
                count = 0
            }
            for position in count..<list.count where positions[key(list[position])] == nil {
                positions[key(list[position])] = position
            }
            count = list.count
        }
    }
}
