import Foundation
import ProfileGeneration
import TestSupport
import Testing

/// Compiles generated code for a catalog full of awkward names and texts against the built runtime library, runs
/// it, and checks that every literal reads back as the catalog's text.
@Suite(.timeLimit(.minutes(20))) struct GeneratedCodeTests {
    /// The build folder of this test bundle: the runtime's module (`Modules/`) and objects (`ProfileRuntime.build/`)
    /// are there, as SwiftPM lays them out. Where they are not, the test is skipped (`canCompile`).
    static let buildDirectory: URL? = TestPaths.productsDirectory

    static var runtimeObjects: [String] {
        guard let directory = buildDirectory?.appendingPathComponent("ProfileRuntime.build"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".o") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    static var canCompile: Bool {
        !runtimeObjects.isEmpty
            && FileManager.default.fileExists(
                atPath: buildDirectory!.appendingPathComponent("Modules/ProfileRuntime.swiftmodule").path)
    }

    static let awkward = "tab\there \"q\" \\ \\(x) \"\"\" #\"raw\"# \u{202E}rtl é 😀\nnext"

    static let catalog = #"""
        flags:
          default: "Quotes \" backslash \\ \\(interpolation) \u202E"
          UITests: {default: true}
        mocks:
          api.backend:
            description: "Line one\nLine two"
            variants:
              live: The real one
              local-mock: Local
              local_mock: Another
              "2x": Fast
              none: Nothing
              self: Itself
              "café": Unicode
              mockKey: Reserved
              'say"hi\': Quoted
            default: none
          string: [a, b]
        values:
          pageSize: {type: int, default: -3}
          ratio: {type: double, default: 1e3}
          limit: {type: double, default: .inf}
          name: {type: string, default: "tab\there \"q\" \\ \\(x) \"\"\" #\"raw\"# \u202Ertl é 😀\nnext"}
          motto: {type: string, default: "\#(String(repeating: #"é😀 \\(x) \"q\" \u202E\t; "#, count: 12))"}
          on: {type: bool, default: true}
          theme: {type: enum, cases: [light, "high-contrast", default, "a b"], default: "a b"}
          count: {type: int}
          fileLimit: {type: int, default: 5000000000}
          retries: {type: int, default: 3, maximum: 3000000000}
          shift: {type: int, minimum: -2147483649}

        """#

    /// Longer than a line: the generator splits its literals (between characters) into pieces joined by `+`.
    static let long = String(repeating: "é😀 \\(x) \"q\" \u{202E}\t; ", count: 12)

    static let profile = #"""
        description: "CI \"quoted\""
        env:
          GREETING: "Hi ${NAME:-you}\nnext"
          LONG: "\#(String(repeating: #"é😀 \\(x) \"q\" \u202E\t; "#, count: 12))"
          GONE: null
        arguments: ["a \\(b)", "ünï", "\"\"\"", "\#(String(repeating: #"é😀 \\(x) \"q\" \u202E\t; "#, count: 12))"]
        flags: {default: true}
        mocks: {api.backend: 'say"hi\'}
        values: {name: "x;y=z,%\\(q)", theme: high-contrast}

        """#

    static let program = #"""
        import ProfileRuntime

        func show(_ label: String, _ text: String) { print(label + ": " + Array(text.utf8).description) }

        let unset = try ActiveProfile(arguments: ["app"], environment: [:])
        print("variants: \(ApiBackend.allCases.map(\.rawValue))")
        print("default variant: \(try unset.variant(of: ApiBackend.self).rawValue)")
        print("string mock: \(StringMock.allCases.map(\.rawValue)) \(StringMock.defaultVariant!.rawValue)")
        print("flags: \(unset.isEnabled(ProfileFlags.default)) \(unset.isEnabled(ProfileFlags.uiTests))")
        print("numbers: \(unset.value(ProfileValues.pageSize)) \(unset.value(ProfileValues.ratio)) \(unset.value(ProfileValues.limit))")
        show("name", unset.value(ProfileValues.name))
        show("motto", unset.value(ProfileValues.motto))
        show("motto default", ProfileValues.defaults["motto"]!)
        print("theme: \(unset.value(ProfileValues.theme).rawValue) \(ProfileValues.Theme.allCases.map(\.rawValue))")
        print("names: \(ProfileValues.Names.count) \(ProfileValues.Names.shift)")
        print("wide: \(unset.value(ProfileValues.fileLimit)) \(type(of: unset.value(ProfileValues.retries))) \(type(of: unset.value(ProfileValues.pageSize)))")
        let ci = LaunchProfiles.ciMacos
        print("profile: \(ci.name) \(LaunchProfiles.all.count)")
        print("arguments: \(ci.launchArguments.filter { $0.count < 100 })")
        show("long argument", ci.launchArguments[3])
        show("long variable", ci.launchEnvironment["LONG"]!)
        show("greeting", ci.launchEnvironment["GREETING"]!)
        print("gone: \(ci.launchEnvironment["GONE"] == nil)")
        let child = try ActiveProfile(arguments: ["app"], environment: ci.launchEnvironment)
        print("child: \(child.profiles) \(try child.variant(of: ApiBackend.self).rawValue) \(child.value(ProfileValues.theme))")
        show("child name", child.value(ProfileValues.name))
        """#

    @Test(.enabled(if: canCompile, "needs the runtime's module and objects beside the test bundle (as SwiftPM builds)"))
    func compilesAndReadsBackEveryLiteral() throws {
        let profiles = try TemporaryProfiles(["_catalog.yml": Self.catalog, "ci-macos.yml": Self.profile])
        let repository = try profiles.repository()
        let generator = try #require(
            SwiftGenerator.forRepository(repository, options: GenerationOptions(access: .public)),
            "\(profiles.render(repository.diagnostics))")
        let work = URL(fileURLWithPath: profiles.root)
        try generator.render().write(
            to: work.appendingPathComponent("Generated.swift"), atomically: true, encoding: .utf8)
        try Self.program.write(to: work.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        let lines = try String(contentsOf: work.appendingPathComponent("Generated.swift"), encoding: .utf8)
            .split(separator: "\n")
        #expect(lines.filter { $0.count > 120 } == [])
        #expect(lines.contains { $0.drop { $0 == " " }.hasPrefix("+ \"") }, "a literal split into pieces")
        if (try? Self.run("/usr/bin/env", ["swift", "format", "--version"], in: work).status) == 0 {
            let configuration = TestPaths.repositoryPath(".swift-format")
            let lint = try Self.run(
                "/usr/bin/env",
                ["swift", "format", "lint", "--strict", "--configuration", configuration, "Generated.swift"], in: work)
            // Names are the catalog's (`mockKey_` escapes a reserved one): the layout is the generator's.
            let problems = lint.output.split(separator: "\n").filter { !$0.contains("[AlwaysUseLowerCamelCase]") }
            #expect(problems == [], "\(lint.output)")
        }

        let compile = try Self.run(
            "/usr/bin/env",
            [
                "swiftc", "-I", Self.buildDirectory!.appendingPathComponent("Modules").path, "Generated.swift",
                "main.swift",
            ] + Self.runtimeObjects + ["-o", "generated"],
            in: work)
        try #require(compile.status == 0, "\(compile.output)")
        let result = try Self.run(work.appendingPathComponent("generated").path, [], in: work)
        #expect(result.status == 0)

        func bytes(_ text: String) -> String { Array(text.utf8).description }
        let expected = [
            #"variants: ["live", "local-mock", "local_mock", "2x", "none", "self", "café", "mockKey", "say\"hi\\"]"#,
            "default variant: none",
            #"string mock: ["a", "b"] a"#,
            "flags: false true",
            "numbers: -3 1000.0 inf",
            "name: \(bytes(Self.awkward))",
            "motto: \(bytes(Self.long))",
            "motto default: \(bytes(Self.long))",
            #"theme: a b ["light", "high-contrast", "default", "a b"]"#,
            "names: count shift",
            "wide: 5000000000 Int64 Int",
            "profile: ci-macos 1",
            #"arguments: ["a \\(b)", "ünï", "\"\"\"", "-default", "YES", "-api.backend", "say\"hi\\", "-name", "x;y=z,%\\(q)", "-theme", "high-contrast"]"#,
            "long argument: \(bytes(Self.long))",
            "long variable: \(bytes(Self.long))",
            "greeting: \(bytes("Hi you\nnext"))",
            "gone: true",
            #"child: ["ci-macos"] say"hi\ highContrast"#,
            "child name: \(bytes("x;y=z,%\\(q)"))",
        ]
        #expect(
            result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == expected + [""])
    }

    static func run(_ executable: String, _ arguments: [String], in directory: URL) throws -> (
        status: Int32, output: String
    ) {
        let result = try Subprocess.run(
            executable, arguments, in: directory.path, environment: ProcessInfo.processInfo.environment,
            mergingStandardError: true)
        return (result.status, result.stdout)
    }
}
