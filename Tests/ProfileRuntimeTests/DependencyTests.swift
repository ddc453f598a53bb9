import TestSupport
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The runtime must link nothing but the standard library and libc: no Foundation, no FoundationEssentials.
/// (A source-level guard; a linkage check of a built binary belongs to the build scripts.)
@Suite struct DependencyTests {
    static let allowedImports: Set<String> = ["Darwin", "Glibc", "Musl", "Android"]

    /// `Sources/ProfileRuntime`, found from this file's path.
    static var sourceDirectory: String { TestPaths.repositoryPath("Sources/ProfileRuntime") }

    static func swiftFiles(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".swift") { names.append(directory + "/" + name) }
        }
        return names.sorted()
    }

    static func contents(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func importsOnlyLibc() throws {
        let files = Self.swiftFiles(in: Self.sourceDirectory)
        #expect(files.count >= 10, "sources not found under \(Self.sourceDirectory)")
        for file in files {
            let text = try #require(Self.contents(of: file))
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                let isAttributed = words.first?.hasPrefix("@") == true && words.dropFirst().first == "import"
                guard words.first == "import" || isAttributed else { continue }
                let module = String(words.last ?? "")
                #expect(Self.allowedImports.contains(module), "\(file): \(line)")
            }
        }
    }

    /// The runtime's one unchecked `Sendable` is ``ProcessProfiles`` (its lock and state word, explained at its
    /// declaration); every other type is checked by the compiler. Compares the whole list of such declarations.
    @Test func processProfilesIsTheOnlyUncheckedSendable() throws {
        var declarations: [String] = []
        for file in Self.swiftFiles(in: Self.sourceDirectory) {
            let text = try #require(Self.contents(of: file))
            for line in text.split(separator: "\n")
            where line.contains("@unchecked Sendable") && !line.trimmingPrefix(while: \.isWhitespace).hasPrefix("///") {
                declarations.append(
                    file.split(separator: "/").last! + ": " + line.trimmingPrefix(while: \.isWhitespace))
            }
        }
        #expect(declarations == ["ProcessProfiles.swift: final class ProcessProfiles: @unchecked Sendable {"])
    }
}
