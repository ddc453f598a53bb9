import Foundation
import Testing

/// The runtime library links no Foundation: the example app, which uses nothing else, must not load any of it.
@Suite(.timeLimit(.minutes(20))) struct RuntimeLinkageTests {
    static let foundationLibraries = [
        "libFoundation", "FoundationEssentials", "FoundationInternationalization", "lib_FoundationICU",
        "Foundation.framework",
    ]

    /// The shared libraries a binary needs, as the dynamic linker sees them (`readelf -d`; `otool -L` on macOS).
    static func neededLibraries(_ binary: String) throws -> [String] {
        #if os(macOS)
        let result = try CLI.run("/usr/bin/otool", ["-L", binary])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        #else
        let result = try CLI.run("/usr/bin/env", ["readelf", "-d", binary])
        #expect(result.status == 0, "\(result.stderr)")
        // 0x0000000000000001 (NEEDED)             Shared library: [libswiftCore.so]
        return result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        #endif
    }

    @Test func countriesLinksNoFoundation() throws {
        let binary = CLI.productsDirectory.appendingPathComponent("countries").path
        let needed = try Self.neededLibraries(binary)
        #expect(needed.contains { $0.contains("swiftCore") }, "cannot read the libraries of \(binary): \(needed)")
        let foundation = needed.filter { library in Self.foundationLibraries.contains { library.contains($0) } }
        #expect(foundation.isEmpty, "countries links Foundation: \(foundation)")
    }
}
