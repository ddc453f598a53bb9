import Foundation
import Testing

/// What the CLI types, the runtime reads (issue 15 item 3): ints written `0x1F` and `0o17` and doubles written
/// `.inf`, `-.inf`, `.NaN` travel as `31`, `15`, `inf`, `-inf`, `nan`, which the runtime's typed reads and `decode`
/// read back — through the payload (`profile run`), through `-key value` exports (`profile export arguments`) and
/// through generated Swift (`profile generate swift`).
@Suite(.timeLimit(.minutes(20))) struct CanonicalValueTests {
    static let values = """
        values:
          hex: 0x1F
          oct: 0o17
          pinf: .inf
          ninf: -.INF
          nan: .NaN
        """

    static let catalog = """
        values:
          hex: {type: int, default: 0x10}
          oct: {type: int, default: 0o7}
          pinf: {type: double, default: +.Inf}
          ninf: {type: double, default: -.inf}
          nan: {type: double, default: .nan}
        """

    static let reads = "int:hex,int:oct,double:pinf,double:ninf,double:nan,string:hex,string:pinf,decode"

    /// What the probe prints for ``reads`` when the profile (or the defaults' values) arrive.
    static func expected(_ hex: Int, _ oct: Int) -> [String] {
        [
            "int:hex=\(hex)", "int:oct=\(oct)", "double:pinf=inf", "double:ninf=-inf", "double:nan=nan",
            "string:hex=\(hex)", "string:pinf=inf", "decode=\(hex) \(oct) inf -inf nan",
        ]
    }

    func probed(_ result: CLI.Result) -> [String] {
        result.stdout.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("int:") || $0.hasPrefix("double:") || $0.hasPrefix("string:") || $0.hasPrefix("decode")
        }
    }

    @Test func thePayloadCarriesCanonicalTextsThatTheRuntimeReads() throws {
        let project = try Project(["profiles/p.yml": Self.values, ".git/HEAD": "ref: refs/heads/main\n"])
        let result = try project.profile(
            ["run", "p", "--", WrapTests.probe], environment: ["PROBE_READS": Self.reads])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(probed(result) == Self.expected(31, 15))
        let dryRun = try project.profile(["run", "p", "--dry-run", "--", WrapTests.probe])
        #expect(dryRun.stdout.contains("value.hex=31;value.nan=nan;value.ninf=-inf;value.oct=15;value.pinf=inf;"))
        let show = try project.profile(["show", "p"])
        #expect(show.stdout.contains("hex = 31"), "\(show.stdout)")
    }

    @Test func argumentExportsCarryCanonicalTextsThatTheRuntimeReads() throws {
        let project = try Project(["profiles/p.yml": Self.values, ".git/HEAD": "ref: refs/heads/main\n"])
        let export = try project.profile(["export", "arguments", "p"])
        #expect(export.status == 0, "\(export.stderr)")
        let arguments = export.stdout.split(separator: "\n").map(String.init)
        #expect(arguments == ["-hex", "31", "-nan", "nan", "--ninf=-inf", "-oct", "15", "-pinf", "inf"])
        // The app launched with those arguments alone (no payload) reads the same.
        let result = try CLI.run(WrapTests.probe, arguments, environment: ["PROBE_READS": Self.reads])
        #expect(probed(result) == Self.expected(31, 15))
    }

    @Test func generatedSwiftCarriesCanonicalForms() throws {
        let project = try Project([
            "profiles/p.yml": Self.values, "profiles/_catalog.yml": Self.catalog, ".git/HEAD": "ref: refs/heads/main\n",
        ])
        let generated = try project.profile(["generate", "swift"])
        #expect(generated.status == 0, "\(generated.stderr)")
        let text = generated.stdout
        for line in [
            "static let hex = ValueKey<Int>(\"hex\", default: 16)",
            "static let oct = ValueKey<Int>(\"oct\", default: 7)",
            "static let pinf = ValueKey<Double>(\"pinf\", default: .infinity)",
            "static let ninf = ValueKey<Double>(\"ninf\", default: -.infinity)",
            "static let nan = ValueKey<Double>(\"nan\", default: .nan)",
        ] {
            #expect(text.contains(line), "\(line)")
        }
        // The payload's literal may be written in pieces (`"…"` then `+ "…"` lines) to stay within 120 columns.
        let joined = text.replacing(try Regex(#""\n *\+ ""#), with: "")
        #expect(joined.contains("value.hex=31;value.nan=nan;value.ninf=-inf;value.oct=15;value.pinf=inf;"), "\(text)")
        #expect(text.contains("\"-hex\",\n            \"31\",\n"), "\(text)")
        #expect(text.contains("\"--ninf=-inf\",\n"), "\(text)")
    }
}
