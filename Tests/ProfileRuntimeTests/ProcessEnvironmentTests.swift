import Testing

@testable import ProfileRuntime

/// Issue 14, item 5: the environment is read without ever going past an entry's terminator, and a name no variable can
/// have (holding a NUL byte or `=`) is never found, in the live process environment as in a fixed one.
@Suite struct ProcessEnvironmentTests {
    /// An `environ`-shaped table: each entry in a buffer of exactly its length plus the terminator.
    final class Table {
        let pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        let count: Int

        init(_ entries: [String]) {
            count = entries.count
            pointer = .allocate(capacity: entries.count + 1)
            for (index, entry) in entries.enumerated() {
                let bytes = Array(entry.utf8)
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (offset, byte) in bytes.enumerated() { copy[offset] = CChar(bitPattern: byte) }
                copy[bytes.count] = 0
                pointer[index] = copy
            }
            pointer[entries.count] = nil
        }

        deinit {
            for index in 0..<count { pointer[index]?.deallocate() }
            pointer.deallocate()
        }

        func containsName(withPrefix prefix: String) -> Bool {
            ProcessEnvironment.containsName(withPrefix: prefix, in: UnsafePointer(pointer))
        }
    }

    @Test func prefixesInAFixedProcessEnvironment() {
        let table = Table(["HTTP_TIMEOUT=2", "AB=1", "A", "NOEQUALS", "EMPTY=", "=value"])
        #expect(table.containsName(withPrefix: "HTTP_"))
        #expect(table.containsName(withPrefix: "HTTP_TIMEOUT"))
        #expect(table.containsName(withPrefix: "AB"))
        #expect(table.containsName(withPrefix: "EMPTY"))
        #expect(table.containsName(withPrefix: ""))
        // A prefix with a NUL matches no name: the scan compares the measured name, not up to the prefix's length.
        #expect(!table.containsName(withPrefix: "AB\u{0}"))
        #expect(!table.containsName(withPrefix: "A\u{0}"))
        #expect(!table.containsName(withPrefix: "\u{0}"))
        #expect(!table.containsName(withPrefix: "HTTP_\u{0}TIMEOUT"))
        // Longer than the entry, or reaching into its value: no match, and no read past the terminator.
        #expect(!table.containsName(withPrefix: "AB=1\u{0}XYZ"))
        #expect(!table.containsName(withPrefix: "AB=1"))
        #expect(!table.containsName(withPrefix: "HTTP_TIMEOUT_AND_MUCH_MORE_THAN_THE_ENTRY_HOLDS"))
        // Entries without `=` are not variables.
        #expect(!table.containsName(withPrefix: "NOEQ"))
        #expect(!table.containsName(withPrefix: "A\u{0}"))
    }

    @Test func forEachEntrySplitsAtTheFirstEquals() {
        let table = Table(["A=b=c", "B", "C="])
        var seen: [String] = []
        ProcessEnvironment.forEachEntry(in: UnsafePointer(table.pointer)) { name, value in
            seen.append(String(decoding: name, as: UTF8.self) + "|" + String(decoding: value, as: UTF8.self))
            return true
        }
        #expect(seen == ["A|b=c", "C|"])
    }

    @Test func namesNoVariableCanHave() throws {
        // PATH is set in any test process; getenv("PATH\0X") would read it.
        let process = ProcessEnvironment.process
        #expect(process.value("PATH") != nil)
        #expect(process.value("PATH\u{0}X") == nil)
        #expect(process.value("PATH=") == nil)
        #expect(process.value("") == nil)
        #expect(!process.containsName(withPrefix: "PATH\u{0}"))
        #expect(process.containsName(withPrefix: "PAT"))

        let fixed = ProcessEnvironment.fixed(["A": "1", "A\u{0}B": "2", "C=D": "3"])
        #expect(fixed.value("A") == "1")
        #expect(fixed.value("A\u{0}B") == nil)
        #expect(fixed.value("C=D") == nil)
        #expect(!fixed.containsName(withPrefix: "A\u{0}"))
        #expect(!fixed.containsName(withPrefix: "C="))

        // Through the reads: the key `path\0x` is not `PATH`.
        let profile = ActiveProfile(arguments: ["app"], source: .process, payloadText: nil)
        #expect(profile.string(forKey: "path") != nil)
        #expect(profile.string(forKey: "path\u{0}x") == nil)
        #expect(profile.string(forKey: "path=x") == nil)
        struct Nested: Decodable { var x: String? }
        struct Root: Decodable { var nested: Nested? }
        #expect(try profile.decode(Root.self, prefix: "path\u{0}").nested == nil)
    }
}
