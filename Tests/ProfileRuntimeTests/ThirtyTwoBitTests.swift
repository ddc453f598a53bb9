import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The runtime's date arithmetic compiled where `Int` really is 32 bits, and run. The toolchain has no 32-bit Linux
/// standard library (only x86_64 in `lib/swift/linux`), so the whole runtime cannot be built for a 32-bit triple here;
/// but its Embedded Swift standard library has an i686 variant, and `ISO8601Date.swift` (no existentials, no Codable)
/// compiles with it. Linked against the i386 C library (Debian `libc6-dev-i386`), it runs on an x86_64 Linux kernel.
/// Skipped, saying why, where either is missing (the official Swift image has no i386 C library).
@Suite(.timeLimit(.minutes(20))) struct ThirtyTwoBitTests {
    /// `lib/swift` of the toolchain that runs the tests (`runtimeResourcePath` of `swiftc -print-target-info`).
    static let resourceDirectory: String? = {
        #if os(Linux)
        guard let result = try? Subprocess.run("/usr/bin/env", ["swiftc", "-print-target-info"], environment: path),
            result.status == 0
        else { return nil }
        let marker = "\"runtimeResourcePath\": \""
        guard let start = result.stdout.firstRange(of: marker)?.upperBound,
            let end = result.stdout[start...].firstIndex(of: "\"")
        else { return nil }
        return String(result.stdout[start..<end])
        #else
        return nil
        #endif
    }()

    /// The test process's PATH, where `swiftc` and `clang` are.
    static var path: [String: String] {
        #if os(Linux)
        if let value = getenv("PATH") { return ["PATH": String(cString: value)] }
        #endif
        return [:]
    }

    static var unicodeTables: String? {
        resourceDirectory.map { $0 + "/embedded/i686-unknown-none-elf/libswiftUnicodeDataTables.a" }
    }

    static var canBuild: Bool {
        #if os(Linux)
        guard let unicodeTables else { return false }
        return access(unicodeTables, R_OK) == 0 && access("/usr/lib32/crt1.o", R_OK) == 0
        #else
        return false
        #endif
    }

    static let program = """
        @main struct Main {
            static func check(_ text: String) {
                guard let seconds = ISO8601Date.timeIntervalSinceReferenceDate(text) else { return print(text + " nil") }
                print(text + " " + String(Int64(seconds)))
            }
            static func main() {
                print("Int.bitWidth " + String(Int.bitWidth))
                for text in [
                    "2038-01-19T03:14:07Z", "2038-01-19T03:14:08Z", "2106-02-07T06:28:16Z", "9999-12-31T23:59:59Z",
                    "1901-12-13T20:45:51Z", "0001-01-01T00:00:00Z", "0000-01-01T00:00:00+23:59", "2026-02-29T00:00:00Z",
                ] {
                    check(text)
                }
            }
        }

        """

    @Test(
        .enabled(
            if: canBuild,
            "needs the toolchain's Embedded Swift i686 library and the i386 C library (Debian libc6-dev-i386)"))
    func datesPast2038WithARealThirtyTwoBitInt() throws {
        let work = try TemporaryDirectory(prefix: "runtime-i686")
        try work.write("main.swift", Self.program)
        let source = TestPaths.repositoryPath("Sources/ProfileRuntime/ISO8601Date.swift")
        let compile = try Subprocess.run(
            "/usr/bin/env",
            [
                "swiftc", "-enable-experimental-feature", "Embedded", "-target", "i686-unknown-none-elf", "-wmo",
                "-parse-as-library", "-Xfrontend", "-disable-stack-protector", "-c", source, "main.swift",
                "-o", "dates.o",
            ],
            in: work.path, environment: Self.path, mergingStandardError: true)
        try #require(compile.status == 0, "\(compile.stdout)")
        let link = try Subprocess.run(
            "/usr/bin/env",
            [
                "clang", "-m32", "--target=i686-linux-gnu", "-fuse-ld=lld", "dates.o", Self.unicodeTables!, "-o",
                "dates",
            ],
            in: work.path, environment: Self.path, mergingStandardError: true)
        try #require(link.status == 0, "\(link.stdout)")
        let run = try Subprocess.run(work.path("dates"), [], in: work.path, mergingStandardError: true)
        #expect(run.signaled == false, "a trap: the arithmetic overflowed a 32-bit Int")
        #expect(
            run.stdout == """
                Int.bitWidth 32
                2038-01-19T03:14:07Z 1169176447
                2038-01-19T03:14:08Z 1169176448
                2106-02-07T06:28:16Z 3316660096
                9999-12-31T23:59:59Z 252423993599
                1901-12-13T20:45:51Z -3125790849
                0001-01-01T00:00:00Z -63113904000
                0000-01-01T00:00:00+23:59 -63145612740
                2026-02-29T00:00:00Z nil

                """)
    }
}
