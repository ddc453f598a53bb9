import Foundation
import ProfileModel
import TestSupport
import Testing

/// The typing of `values` held against a real YAML 1.2 implementation: every scalar of the table is written as a
/// profile's value and typed by ``ProfileDecoder`` (so by `TypedValue.resolve`), and the same scalar is loaded by
/// ruamel.yaml's safe loader (YAML 1.2 by default) through `Fixtures/YAML12/ruamel-typing.py`. The outcomes
/// (`int 31`, `double 2.5`, `bool true`, `null`, `string text`, `error`) must be equal, except for the deliberate
/// differences (also listed in the README's "Typed values" section), each of which must give our documented outcome and
/// something else in ruamel: where ruamel keeps YAML 1.1 forms the core schema dropped, or goes beyond 64 bits.
///
/// Without python3 and ruamel.yaml (`pip install ruamel.yaml`) the comparison is skipped with the reason; under
/// `PROFILE_REQUIRE_SHELLS=1` (`.ci/run` sets it, and installs ruamel) `ruamelIsInstalled` fails instead.
@Suite(.timeLimit(.minutes(20))) struct YAMLCoreSchemaParityTests {
    /// A scalar as written after `key: `, and for a deliberate difference our outcome and why.
    struct Case: Sendable, CustomTestStringConvertible {
        var scalar: String
        var ours: String?
        var reason: String?

        var testDescription: String { scalar }
    }

    static func same(_ scalars: String...) -> [Case] { scalars.map { Case(scalar: $0) } }

    static func differs(_ scalar: String, ours: String, _ reason: String) -> Case {
        Case(scalar: scalar, ours: ours, reason: reason)
    }

    static let cases: [Case] =
        // ints: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`
        same(
            "5", "+5", "-5", "0", "-0", "+0", "007", "00", "0x1F", "0xff", "0x0", "0o17", "0o0", "0X1F", "0x-1", "0x",
            "0o", "0o8", "0x1G", "1 000", "9223372036854775807", "-9223372036854775808", "0x7FFFFFFFFFFFFFFF",
            "0o777777777777777777777")
        // floats: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, the infinities and NaNs
        + same(
            "1.5", "1.", "+.5", ".5", "-.5", "1e3", "1E3", "1e+3", "1e-3", "1.e3", "12e03", "-1.5e+3", "0.0", "-0.0",
            ".e3", "1e", "e3", ".", "+", "1.5.5", "1e3.5", ".inf", ".Inf", ".INF", "+.inf", "+.INF", "-.inf", "-.Inf",
            "-.INF", ".nan", ".NaN", ".NAN", "-.nan", "+.nan", ".iNf", ".nAn", "inf", "nan", "-inf", "Infinity",
            "1e308", "2.2250738585072014e-308", "5e-324", "1e-400")
        // bools and nulls: only the core schema's words
        + same(
            "true", "True", "TRUE", "false", "False", "FALSE", "tRUE", "yes", "no", "on", "off", "y", "n", "Yes", "NO",
            "null", "Null", "NULL", "~", "", "nULL")
        // strings that look like something else
        + same("1:20", "1:20:30", "12:30:45.5", "0.1.2", "v1", "<<x", "é5", "５", "1,000", "$5", "5 apples")
        // quoted and block scalars are strings
        + same(
            "'5'", "\"5\"", "'true'", "\"null\"", "'~'", "''", "\"0x1F\"", "'.inf'", "\"1e3\"", "|\n      5",
            ">\n      true")
        // explicit tags
        + same(
            "!!str 5", "!!str true", "!!str null", "!!str 0x1F", "!!str ''", "!!int \"5\"", "!!int '0x1F'",
            "!!int 0o17", "!!int -5", "!!float 5", "!!float '1.5'", "!!float .inf", "!!float -.INF", "!!float 1e3",
            "!!float \"2\"", "!!bool true", "!!bool 'False'", "!!null ''", "!!null null", "!!null x", "!!int 1.5",
            "!!int abc",
            "!!int ''", "!!float abc", "!!float 0x1F", "!!bool 1", "!!bool maybe", "!custom 5",
            "!<tag:yaml.org,2002:int> 7", "!<tag:yaml.org,2002:str> 7")
        // deliberate differences
        + [
            differs("-0x1F", ours: "string -0x1F", "the core schema's `0x` form takes no sign (ruamel reads -31)"),
            differs("+0x1F", ours: "string +0x1F", "the core schema's `0x` form takes no sign (ruamel reads 31)"),
            differs("-0o17", ours: "string -0o17", "the core schema's `0o` form takes no sign (ruamel reads -15)"),
            differs("0b101", ours: "string 0b101", "binary ints are YAML 1.1, not the core schema"),
            differs("1_000", ours: "string 1_000", "`_` in numbers is YAML 1.1, not the core schema"),
            differs("0x_1F", ours: "string 0x_1F", "`_` in numbers is YAML 1.1, not the core schema"),
            differs("1_000.5", ours: "string 1_000.5", "`_` in numbers is YAML 1.1, not the core schema"),
            differs(".1e3", ours: "double 100.0", "the core schema's float form matches `.1e3` (ruamel: a string)"),
            differs("2001-12-14", ours: "string 2001-12-14", "timestamps are not in the core schema (ruamel: a date)"),
            differs("9223372036854775808", ours: "error", "beyond 64 bits: an error, never a rounded double"),
            differs("-9223372036854775809", ours: "error", "beyond 64 bits: an error, never a rounded double"),
            differs("99999999999999999999", ours: "error", "beyond 64 bits: an error, never a rounded double"),
            differs("0x8000000000000000", ours: "error", "beyond 64 bits: an error, never a rounded double"),
            differs("!!int 99999999999999999999", ours: "error", "beyond 64 bits: an error"),
            differs("1e400", ours: "error", "a finite literal beyond Double is an error, not infinity"),
            differs("-1e400", ours: "error", "a finite literal beyond Double is an error, not infinity"),
            differs("!!bool yes", ours: "error", "`!!bool` takes the core schema's words only (ruamel: YAML 1.1's)"),
            differs("!!int 1_000", ours: "error", "`!!int` takes the core schema's forms only"),
            differs("!!int +0x1F", ours: "error", "`!!int` takes the core schema's forms only"),
            differs("! 5", ours: "string 5", "the non-specific tag `!` makes a scalar a string (YAML 1.2, 6.9.1)"),
            differs("1_", ours: "string 1_", "`_` in numbers is YAML 1.1, not the core schema"),
            differs("=", ours: "string =", "the value key `=` is YAML 1.1 (ruamel: an error)"),
            differs("!!binary aGk=", ours: "error", "a value is a string, int, double or bool"),
            differs("!!timestamp 2001-12-14", ours: "error", "a value is a string, int, double or bool"),
        ]

    /// Our outcome for `scalar`: decoded as a profile's value.
    static func ours(_ scalar: String) -> String {
        let text = "values:\n  v: " + scalar + "\n"
        guard let document = try? YAMLParser.parse(SourceFile(path: "p.yml", bytes: Array(text.utf8))) else {
            return "error"
        }
        let (definition, diagnostics) = ProfileDecoder.decode(document, name: "p", isOverlay: false)
        if !diagnostics.isEmpty || document.diagnostics.count > 0 { return "error" }
        guard let setting = definition.values.first else { return "error" }
        switch setting.value.value {
        case nil: return "null"
        case .int(let value, _)?: return "int \(value)"
        case .double(let value, _)?: return "double \(value)"
        case .bool(let value)?: return "bool \(value)"
        case .string(let text)?: return "string " + text
        }
    }

    /// ruamel's outcomes, doubles written as Swift writes them (`1e+20`, `inf`, `nan`); nil without python/ruamel.
    static func ruamel(_ scalars: [String]) throws -> [String] {
        let input = String(decoding: try JSONEncoder().encode(scalars), as: UTF8.self)
        let result = try Python.run([script], stdin: input)
        try #require(result.status == 0, "ruamel-typing.py failed: \(result.stderr)")
        let outcomes = try JSONDecoder().decode([String].self, from: Data(result.stdout.utf8))
        return outcomes.map { outcome in
            guard outcome.hasPrefix("double "), let value = Double(outcome.dropFirst(7)) else { return outcome }
            return "double \(value)"
        }
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/YAML12/ruamel-typing.py").path

    @Test(.enabled(if: Python.required, "PROFILE_REQUIRE_SHELLS is not 1: without ruamel.yaml the comparison skips"))
    func ruamelIsInstalled() {
        #expect(
            Python.hasRuamel,
            "PROFILE_REQUIRE_SHELLS=1 and python3 with ruamel.yaml is missing: pip install ruamel.yaml")
    }

    @Test(.enabled(if: Python.hasRuamel, "needs python3 with ruamel.yaml (pip install ruamel.yaml)"))
    func typingAgreesWithRuamel() throws {
        let theirs = try Self.ruamel(Self.cases.map(\.scalar))
        try #require(theirs.count == Self.cases.count)
        var agreed = 0
        for (item, their) in zip(Self.cases, theirs) {
            let our = Self.ours(item.scalar)
            if let documented = item.ours {
                #expect(our == documented, "\(item.scalar.debugDescription): ours")
                #expect(
                    our != their, "\(item.scalar.debugDescription): documented as a difference, but ruamel agrees")
            } else {
                #expect(our == their, "\(item.scalar.debugDescription): ours \(our), ruamel \(their)")
                if our == their { agreed += 1 }
            }
        }
        #expect(agreed > 140)
    }

    /// The comparison sees a wrong typing: a scalar typed differently on purpose is caught.
    @Test(.enabled(if: Python.hasRuamel, "needs python3 with ruamel.yaml (pip install ruamel.yaml)"))
    func aWrongTypingIsSeen() throws {
        #expect(try Self.ruamel(["0x1F", "yes", "'5'"]) == ["int 31", "string yes", "string 5"])
        #expect(Self.ours("0x1F") != "string 0x1F")
    }

    @Test func tagsAndRangesAreLocatedErrors() throws {
        let text = "values:\n  a: !!int abc\n  b: !custom 5\n  c: 99999999999999999999\n  d: !!bool yes\n"
        let document = try YAMLParser.parse(SourceFile(path: "p.yml", bytes: Array(text.utf8)))
        let (_, diagnostics) = ProfileDecoder.decode(document, name: "p", isOverlay: false)
        #expect(
            DiagnosticRenderer().render(diagnostics) == """
                p.yml:2:6: error: value `a`: `!!int` takes an int (`5`, `-5`, `0x1F`, `0o17`); `abc` is not one in YAML 1.2's core schema
                  a: !!int abc
                     ^~~~~
                p.yml:3:6: error: value `b`: unknown tag `!custom`: a value takes `!!str`, `!!int`, `!!float`, `!!bool` or `!!null`
                  b: !custom 5
                     ^~~~~~~
                p.yml:4:6: error: value `c`: `99999999999999999999` is out of range for an int (64 bits: -9223372036854775808…9223372036854775807); quote it for a string
                  c: 99999999999999999999
                     ^~~~~~~~~~~~~~~~~~~~
                p.yml:5:6: error: value `d`: `!!bool` takes `true` or `false`; `yes` is not one in YAML 1.2's core schema
                  d: !!bool yes
                     ^~~~~~

                """)
    }
}

/// python3 with ruamel.yaml, found on the test's own PATH.
enum Python {
    static var required: Bool { Tools.required }

    /// The interpreter the test's own PATH runs as python3 (found once: `Tools.path`).
    static var executable: String? { Tools.path("python3") }

    static let hasRuamel: Bool = {
        guard let result = try? run(["-c", "import ruamel.yaml"]) else { return false }
        return result.status == 0
    }()

    struct Missing: Error {}

    static func run(_ arguments: [String], stdin: String = "") throws -> ProcessResult {
        guard let executable else { throw Missing() }
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        return try Subprocess.run(executable, arguments, environment: environment, stdin: stdin)
    }
}
