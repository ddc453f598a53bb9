import Foundation
import ProfileRuntime
import TestSupport
import Testing

@testable import ProfileInterop
@testable import ProfileModel
@testable import ProfileResolution

/// Real `launch.json` files (`Fixtures/VSCode`, sources in its `SOURCES.md`): every Swift launch configuration of each
/// is updated in place, and the whole file is compared with the expected splice (everything outside that
/// configuration's `args` and `env` byte-identical); the second update is byte-identical; `import vscode` then
/// `export vscode --update` gives the file back byte for byte; python's `json5` (a JSONC reader: comments and trailing
/// commas, as VS Code's jsonc-parser reads `launch.json`) reads the result with the values expected.
@Suite(.timeLimit(.minutes(20))) struct VSCodeCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/VSCode")

    static let files = [
        "sourcekit-lsp.launch.json", "carton.launch.json", "swift-nio.launch.json", "vscode-swift.launch.json",
        "vscode-swift-test.launch.json", "vscode-swift-defaultPackage.launch.json",
        "vscode-swift-diagnostics.launch.json",
    ]

    static let profile = """
        env:
          API_URL: http://localhost:8080
          FIXTURES: $${workspaceFolder}/Fixtures
          TOKEN: Bearer ${API_TOKEN}
        arguments: [-UITests, --greeting, "Hello there"]
        flags: {skipOnboarding: true}
        """
    static let environment = [("API_TOKEN", "s3cret")]

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func resolve(_ yaml: String) throws -> ResolvedProfile {
        let profiles = try TemporaryProfiles(["ui.yml": yaml])
        let (resolved, diagnostics) = try profiles.resolve(["ui"], environment: environment)
        #expect(diagnostics == "")
        return try #require(resolved)
    }

    /// The names of the file's Swift launch configurations (each name once: an update takes the first of a name).
    static func swiftConfigurations(_ bytes: [UInt8]) throws -> [String] {
        let launch = try VSCodeLaunchFile(bytes, path: "launch.json")
        var names: [String] = []
        for element in try launch.configurations()?.elements ?? [] {
            guard let type = launch.string(element.member("type")?.value),
                VSCodeLaunchFile.swiftTypes.contains(type),
                launch.string(element.member("request")?.value) == "launch",
                let name = launch.string(element.member("name")?.value), !names.contains(name)
            else { continue }
            names.append(name)
        }
        return names
    }

    /// `original` with the configuration `name`'s `args` and `env` values, and what was added after its last member,
    /// taken from `output`: the only bytes an update may change.
    static func splice(_ original: [UInt8], _ output: [UInt8], _ name: String) throws -> [UInt8] {
        let before = try #require(try VSCodeLaunchFile(original, path: "o").configuration(named: name))
        let after = try #require(try VSCodeLaunchFile(output, path: "n").configuration(named: name))
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        for key in ["args", "env"] {
            guard let old = before.member(key) else { continue }
            let new = try #require(after.member(key))
            edits.append((old.value.start..<old.value.end, Array(output[new.value.start..<new.value.end])))
        }
        if before.member("args") == nil || before.member("env") == nil {
            // Members are only added after the others: the original's last member is at the same place in the list.
            let members = try #require(before.object)
            let last = try #require(members.last)
            let same = try #require(after.object?[members.count - 1])
            #expect(same.key == last.key)
            edits.append((last.value.end..<(before.end - 1), Array(output[same.value.end..<(after.end - 1)])))
        }
        return VSCodeFormat.apply(edits, to: original)
    }

    /// The file as python's json5 reads it, as Foundation objects; nil when json5 is not installed.
    static func parsed(_ bytes: [UInt8]) throws -> [String: Any]? {
        guard Python.hasJSON5 else { return nil }
        let result = try Python.json5.run([Python.json5Script], stdin: String(decoding: bytes, as: UTF8.self))
        try #require(result.status == 0, "json5 could not read it: \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    }

    /// A parsed value as canonical JSON text, to compare whole structures.
    static func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    static let argumentsWritten = ["-UITests", "--greeting", "Hello there"]
    static let payload =
        "profile/1;profile=ui;flag.skipOnboarding=1;argument=-UITests;argument=--greeting;argument=Hello there;"
        + "env=API_URL;env=FIXTURES;env=TOKEN;end"
    static let variablesWritten = [
        "API_URL": "http://localhost:8080", "FIXTURES": "${workspaceFolder}/Fixtures",
        "TOKEN": "Bearer ${env:API_TOKEN}", "PROFILE_PAYLOAD": payload,
    ]

    @Test(arguments: files)
    func everySwiftConfigurationIsUpdatedLosslessly(_ file: String) throws {
        let original = try Self.bytes(file)
        let profile = try Self.resolve(Self.profile)
        let before = try Self.parsed(original)
        for name in try Self.swiftConfigurations(original) {
            let once = try VSCodeFormat().update(original, path: file, with: profile, configuration: name)
            #expect(try Self.splice(original, once.bytes, name) == once.bytes, "\(file): \(name)")
            let twice = try VSCodeFormat().update(once.bytes, path: file, with: profile, configuration: name)
            #expect(twice.bytes == once.bytes, "\(file): \(name): a second update changes nothing")

            // The peer reads the result: the other configurations as they were, this one with the profile's entries
            // after the user's.
            if let before, let after = try Self.parsed(once.bytes) {
                let old = try #require(before["configurations"] as? [[String: Any]])
                let new = try #require(after["configurations"] as? [[String: Any]])
                try #require(old.count == new.count)
                let index = try #require(old.firstIndex { $0["name"] as? String == name })
                for position in old.indices where position != index {
                    #expect(try Self.canonical(old[position]) == Self.canonical(new[position]), "\(file)")
                }
                var expected = old[index]
                expected["args"] = (old[index]["args"] as? [String] ?? []) + Self.argumentsWritten
                var variables = old[index]["env"] as? [String: String] ?? [:]
                variables.merge(Self.variablesWritten) { $1 }
                expected["env"] = variables
                #expect(try Self.canonical(expected) == Self.canonical(new[index]), "\(file): \(name)")
            }

            // import vscode, then export vscode --update: byte for byte.
            let imported = ProfileImporter.importProfile(
                once.bytes, path: file, from: .vscode(configuration: name), catalog: nil)
            #expect(!imported.diagnostics.hasErrors, "\(imported.diagnostics)")
            let back = try Self.resolve(try #require(imported.text))
            let again = try VSCodeFormat().update(once.bytes, path: file, with: back, configuration: name)
            #expect(again.bytes == once.bytes, "\(file): \(name): import then update")

            // The untouched configuration imported and updated comes back byte for byte too.
            let plain = ProfileImporter.importProfile(
                original, path: file, from: .vscode(configuration: name), catalog: nil)
            let adopted = try VSCodeFormat().update(
                original, path: file, with: try Self.resolve(try #require(plain.text)), configuration: name)
            #expect(adopted.bytes == original, "\(file): \(name): import then update of the file as it was")
        }
    }

    @Test(arguments: files)
    func aConfigurationIsAddedAfterTheOthers(_ file: String) throws {
        let original = try Self.bytes(file)
        let profile = try Self.resolve(Self.profile)
        let added = try VSCodeFormat().update(original, path: file, with: profile)
        let launch = try VSCodeLaunchFile(added.bytes, path: file)
        let elements = try #require(try launch.configurations()?.elements)
        let new = try #require(elements.last)
        #expect(launch.string(new.member("name")?.value) == "ui")
        // Taking the new configuration (and the separator before it) away gives the file back.
        let previous = elements[elements.count - 2]
        #expect(Array(added.bytes[..<previous.end] + added.bytes[new.end...]) == original, "\(file)")
        let twice = try VSCodeFormat().update(added.bytes, path: file, with: profile)
        #expect(twice.bytes == added.bytes, "\(file)")
        if let after = try Self.parsed(added.bytes) {
            let configuration = try #require((after["configurations"] as? [[String: Any]])?.last)
            #expect(configuration["args"] as? [String] == Self.argumentsWritten)
            #expect(configuration["env"] as? [String: String] == Self.variablesWritten)
        }
    }

    @Test(.enabled(if: Python.required, "PROFILE_REQUIRE_SHELLS is not 1: without json5 the peer check skips"))
    func json5IsInstalled() {
        #expect(Python.hasJSON5, "PROFILE_REQUIRE_SHELLS=1 and python3 with json5 is missing: pip install json5")
    }
}

extension Python {
    static let hasJSON5: Bool = {
        guard let result = try? run(["-c", "import json5"]) else { return false }
        return result.status == 0
    }()

    static let json5Script = VSCodeCorpusTests.directory.appendingPathComponent("json5-parse.py").path

    /// The interpreters that run `json5Script` for the suite, one for each test that asks at the same time: json5
    /// imported once in each (`PythonServers`).
    static let json5 = Tools.pythonServers()
}
