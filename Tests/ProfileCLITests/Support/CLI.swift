import Foundation
import TestSupport
import Testing

/// Runs the built binaries as a user would, and captures what they print.
enum CLI {
    typealias Result = ProcessResult

    /// The folder holding the built products (`profile`, `countries`).
    static var productsDirectory: URL { TestPaths.productsDirectory }

    /// The repository root (for its `profiles/`).
    static var repositoryRoot: URL { TestPaths.repositoryRoot }

    static var profileBinary: String { productsDirectory.appendingPathComponent("profile").path }

    /// Runs `profile` with `arguments` in `directory`, with exactly `environment` (plus PATH when not given).
    @discardableResult
    static func profile(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], stdin: String? = nil
    ) throws -> Result {
        try run(profileBinary, arguments, in: directory, environment: environment, stdin: stdin)
    }

    /// Runs any program the same way (see `Subprocess.run`).
    static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        stdin: String? = nil
    ) throws -> Result {
        try Subprocess.run(executable, arguments, in: directory, environment: environment, stdin: stdin)
    }
}

/// A throwaway project folder with a `profiles/` directory, for end-to-end tests. Removed with everything in it when
/// the test that holds it ends, however it ends.
final class Project {
    let directory: TemporaryDirectory

    init(_ files: [String: String]) throws {
        directory = try TemporaryDirectory(prefix: "profile-e2e")
        for (path, text) in files { try write(path, text) }
    }

    var root: String { directory.path }

    func path(_ relative: String) -> String { directory.path(relative) }

    /// Writes a file through a close-on-exec descriptor (see `TemporaryDirectory.write`).
    func write(_ relative: String, _ text: String, executable: Bool = false) throws {
        try directory.write(relative, text, executable: executable)
    }

    func exists(_ relative: String) -> Bool { directory.exists(relative) }

    /// Runs `profile` in the project root (or a subfolder).
    @discardableResult
    func profile(_ arguments: [String], in sub: String = "", environment: [String: String] = [:], stdin: String? = nil)
        throws -> CLI.Result
    {
        let directory = sub.isEmpty ? root : path(sub)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try CLI.profile(arguments, in: directory, environment: environment, stdin: stdin)
    }
}

/// A child that prints what it received: one line per argument, then the environment, sorted.
let showChild = """
    #!/bin/sh
    for a in "$@"; do printf 'arg:%s\\n' "$a"; done
    env | LC_ALL=C sort | sed 's/^/env:/'
    """
