import ProfileModel
import ProfilePlatform
import ProfileResolution

/// `profile __complete [--profiles-dir DIR] KIND [WORD]`: the hidden query the completion scripts run on TAB.
///
/// Parsed by hand and answered without swift-argument-parser: it runs on every TAB press. Prints one candidate per
/// line as `word<TAB>description`; prints nothing (and exits 0) when there is nothing to offer or anything is wrong.
///
/// Kinds: `profiles [NAMED...]` (the runnable profiles but those already named on the line); `flags`; `mock WORD` (`point=` entries, or `point=variant` entries once WORD has a `=`);
/// `value WORD` (`key=` entries, or `key=text` for enum and bool values); `env-names`. (Fixed choices, such as
/// `export`'s formats, are written into the scripts from `Grammar`.)
enum CompletionQuery {
    static func answer(_ arguments: ArraySlice<String>) -> Int32 {
        var arguments = arguments
        var profilesDirectory: String?
        if arguments.first == "--profiles-dir", arguments.count >= 2 {
            profilesDirectory = arguments[arguments.startIndex + 1]
            arguments = arguments.dropFirst(2)
        }
        guard let kind = arguments.first else { return 0 }
        let word = arguments.dropFirst().first ?? ""
        let environment = EnvironmentTable.current()
        guard let directory = try? ProfileDirectory.locate(explicit: profilesDirectory, environment: environment) else {
            return 0
        }
        var candidates = CompletionCandidates(directory: directory)
        switch kind {
        case "profiles":
            // The words after the kind: the profiles already named, not offered again (a few words: no set to hash).
            let named = arguments.dropFirst()
            let profiles = candidates.profiles()
            print(lines: named.allSatisfy(\.isEmpty) ? profiles : profiles.filter { !named.contains($0.word) })
        case "flags":
            print(lines: candidates.flags())
        case "env-names":
            print(lines: candidates.environmentNames())
        case "mock":
            if let equals = word.firstIndex(of: "=") {
                let point = String(word[..<equals])
                print(lines: candidates.variants(of: point).map { .init(point + "=" + $0.word, $0.description) })
            } else {
                print(lines: candidates.mockPoints().map { .init($0.word + "=", $0.description) })
            }
        case "value":
            if let equals = word.firstIndex(of: "=") {
                let key = String(word[..<equals])
                print(lines: candidates.valueTexts(of: key).map { .init(key + "=" + $0.word, $0.description) })
            } else {
                print(lines: candidates.values().map { .init($0.word + "=", $0.description) })
            }
        default:
            break
        }
        return 0
    }

    private static func print(lines: [CompletionCandidates.Candidate]) {
        var out = ""
        out.reserveCapacity(lines.count * 64)
        for candidate in lines {
            out.append(candidate.line)
            out.append("\n")
        }
        Terminal.out(out)
    }
}
