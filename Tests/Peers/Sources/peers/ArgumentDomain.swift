import Foundation

/// The argument domain held against swift-corelibs-foundation's `UserDefaults`: for each argv of the table,
/// `defaults-probe` is launched with it and prints what `UserDefaults.standard.object(forKey:)` holds and what
/// `ActiveProfile` reads for each key. A string must read as that string (`string(forKey:)`), an array of strings as
/// its elements (`strings(forKey:)`), nothing as nothing; the deliberate differences (also in the README) must show
/// as differences.
enum ArgumentDomain {
    struct Case {
        var arguments: [String]
        var key: String
        /// Why the runtime reads this one differently, for a documented difference.
        var difference: String?
    }

    static let cases: [Case] = [
        Case(arguments: ["-a", "\"hello world\""], key: "a"),
        Case(arguments: ["-a", "(en, fr)"], key: "a"),
        Case(arguments: ["-a", "(en, \"fr ca\")"], key: "a"),
        Case(arguments: ["-a", "plain text"], key: "a"),
        Case(arguments: ["-a", "(\"a\\\"b\", \"c,d\")"], key: "a"),
        Case(arguments: ["-a", "\"\\U00e9\\n\\t\\101\\\\\""], key: "a"),
        Case(arguments: ["-a", "( )"], key: "a"),
        Case(arguments: ["-a", "(a,)"], key: "a"),
        Case(arguments: ["-a", "( \"a\" , b , )"], key: "a"),
        Case(arguments: ["-a", "('a', $c, /d:e.f-g_h, 1.5)"], key: "a"),
        Case(arguments: ["-a", "(a // comment\n, b /* c */)"], key: "a"),
        Case(arguments: ["-a", "\"unterminated"], key: "a"),
        Case(arguments: ["-a", "(en"], key: "a"),
        Case(arguments: ["-a", "(a@b)"], key: "a"),
        Case(arguments: ["-a", "(a+b)"], key: "a"),
        Case(arguments: ["-a", "(a b)"], key: "a"),
        Case(arguments: ["-a", "(,)"], key: "a"),
        Case(arguments: ["-a", " \"x\" "], key: "a"),
        Case(arguments: ["-a", "'q'"], key: "a"),
        Case(arguments: ["-a", "\"a\" trailing"], key: "a"),
        Case(arguments: ["-a", "\"\""], key: "a"),
        Case(arguments: ["-a", "5"], key: "a"),
        Case(arguments: ["-a", "YES"], key: "a"),
        Case(arguments: ["-a", "(é)"], key: "a"),
        Case(arguments: ["-AppleLanguages", "(en)"], key: "AppleLanguages"),
        Case(arguments: ["-a", "1", "-a", "2"], key: "a"),
        Case(
            arguments: ["-a", "x", "--", "-b", "y"], key: "b",
            difference: "`--` ends the options (UserDefaults reads on)"),
        Case(arguments: ["-a"], key: "a", difference: "a bare `-flag` is on (`isEnabled`); UserDefaults drops it"),
        Case(arguments: ["-a", "-b", "x"], key: "a", difference: "a bare `-flag` is on; UserDefaults drops it"),
        Case(arguments: ["-a", "-5"], key: "a", difference: "a negative number is a value; UserDefaults drops it"),
        Case(arguments: ["--a", "1"], key: "a", difference: "`--key value` is read too; UserDefaults reads one dash"),
        Case(arguments: ["-a=1"], key: "a", difference: "`-key=value` is read too; UserDefaults does not"),
        Case(arguments: ["-a", "{x = 1;}"], key: "a", difference: "a dictionary stays text: no typed form"),
        Case(arguments: ["-a", "<0102>"], key: "a", difference: "data stays text: no typed form"),
        Case(arguments: ["-a", "((a))"], key: "a", difference: "a nested array stays text: no typed form"),
        Case(arguments: ["-page-size", "3"], key: "pageSize", difference: "keys compare as the runtime maps them"),
    ]

    /// What the runtime's reads must be for what UserDefaults holds; nil when UserDefaults holds a type the runtime has
    /// no typed form for.
    static func expected(fromDefaults defaults: String) -> String? {
        if defaults == "nil" { return "string nil; strings nil" }
        if defaults.hasPrefix("string ") {
            let text = String(defaults.dropFirst(7))
            return "string \(text); strings"
        }
        if defaults.hasPrefix("array ["), defaults.hasSuffix("]") {
            let inner = defaults.dropFirst(7).dropLast()
            if inner.isEmpty { return "strings []" }
            let items = inner.components(separatedBy: ", string ")
            guard items.first?.hasPrefix("string ") == true else { return nil }
            let strings = items.enumerated().map { $0 == 0 ? String($1.dropFirst(7)) : $1 }
            return "strings [" + strings.joined(separator: ", ") + "]"
        }
        return nil
    }

    /// Whether the runtime's line agrees with what UserDefaults holds.
    static func agrees(defaults: String, runtime: String) -> Bool {
        guard let expected = expected(fromDefaults: defaults) else { return false }
        if expected.hasPrefix("string ") && !expected.hasPrefix("string nil") {
            // `string "x"; strings`: the string read gives the string.
            return runtime.hasPrefix(String(expected.dropLast("; strings".count)) + ";")
        }
        if expected.hasPrefix("strings [") { return runtime.contains("; " + expected + ";") }
        return runtime.hasPrefix(expected + ";") && runtime.hasSuffix("enabled false")
    }

    static func run(probe: String) throws -> Int {
        print("== argument domain: swift-corelibs-foundation UserDefaults vs ProfileRuntime")
        var failures = 0
        for item in cases {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: probe)
            process.arguments = item.arguments
            process.environment = ["PROBE_KEYS": item.key, "PATH": "/usr/bin:/bin"]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let fields = output.trimmingCharacters(in: .newlines).components(separatedBy: "\t")
            guard fields.count == 3 else {
                print("\(item.arguments): the probe printed \(output.debugDescription): FAIL")
                failures += 1
                continue
            }
            let same = agrees(defaults: fields[1], runtime: fields[2])
            let verdict: String
            switch (same, item.difference) {
            case (true, nil): verdict = "same"
            case (false, let reason?): verdict = "differs (documented: \(reason))"
            case (true, .some): verdict = "same, but documented as a difference: FAIL"
            case (false, nil): verdict = "DIFFERS: FAIL"
            }
            if verdict.hasSuffix("FAIL") { failures += 1 }
            print(
                "\(item.arguments.debugDescription) \(item.key): UserDefaults \(fields[1]); runtime \(fields[2]): \(verdict)"
            )
        }
        return failures
    }
}
