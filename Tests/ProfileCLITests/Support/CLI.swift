import Foundation
import Testing

/// Runs the built binaries as a user would, and captures what they print.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var signaled: Bool = false
        var pid: Int32 = 0
    }

    /// The folder holding the built products (`profile`, `countries`).
    static let productsDirectory: URL = {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
        #else
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
        #endif
    }()

    /// The repository root (for its `profiles/`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var profileBinary: String { productsDirectory.appendingPathComponent("profile").path }

    /// Runs `profile` with `arguments` in `directory`, with exactly `environment` (plus PATH when not given).
    @discardableResult
    static func profile(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], stdin: String? = nil
    ) throws -> Result {
        try run(profileBinary, arguments, in: directory, environment: environment, stdin: stdin)
    }

    static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        stdin: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = environment
        if env["PATH"] == nil { env["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // Output goes to files, so a chatty child can never block on a full pipe.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("profile-cli-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: scratch.path + ".out", contents: nil)
        FileManager.default.createFile(atPath: scratch.path + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: scratch.path + ".out")
            try? FileManager.default.removeItem(atPath: scratch.path + ".err")
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path + ".out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path + ".err"))
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: URL(fileURLWithPath: scratch.path + ".out"))
        let errData = try Data(contentsOf: URL(fileURLWithPath: scratch.path + ".err"))
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), signaled: process.terminationReason == .uncaughtSignal,
            pid: process.processIdentifier)
    }
}

/// A throwaway project folder with a `profiles/` directory, for end-to-end tests.
final class Project {
    let root: String

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("profile-e2e-\(UUID().uuidString)").path
        for (path, text) in files { try write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ relative: String) -> String { root + "/" + relative }

    func write(_ relative: String, _ text: String, executable: Bool = false) throws {
        let full = path(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
        if executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: full) }
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// Runs `profile` in the project root (or a subfolder).
    @discardableResult
    func profile(_ arguments: [String], in sub: String = "", environment: [String: String] = [:], stdin: String? = nil) throws -> CLI.Result {
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
