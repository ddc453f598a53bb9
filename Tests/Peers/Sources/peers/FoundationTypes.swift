import Foundation
import ProfileRuntime

/// Foundation types decoded through `ActiveProfile.decode`, held against `JSONDecoder` (dates as ISO 8601): a settings
/// struct with `URL`, `UUID` and `Date` fields (plain, optional and in lists) read from launch arguments must equal the
/// same struct decoded by `JSONDecoder` from the same texts.
enum FoundationTypes {
    struct Settings: Decodable, Equatable {
        var api: URL
        var id: UUID
        var since: Date
        var mirror: URL?
        var missing: URL?
        var ids: [UUID]
        var until: Date?
    }

    /// Texts `decode` refuses on purpose where `JSONDecoder` rolls them over to the next day.
    static let documentedDifferences: [String: String] = [
        "2026-02-29T00:00:00Z": "an impossible date is an error (JSONDecoder: March 1)",
        "2026-11-24T24:00:00Z": "hour 24 is an error (JSONDecoder: the next day)",
    ]

    static let cases: [[String: String]] = [
        [
            "api": "https://example.org/v1?q=a%20b#top", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "since": "2026-11-24T14:30:00Z", "mirror": "file:///tmp/x", "ids": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "until": "2026-11-24T16:30:00+02:00",
        ],
        [
            "api": "relative/path", "id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "since": "1999-12-31T23:59:59Z",
            "ids": "", "until": "2000-02-29T00:00:00-05:30",
        ],
        ["api": "https://example.org", "id": "not-a-uuid", "since": "2026-11-24T14:30:00Z", "ids": ""],
        ["api": "https://example.org", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "since": "yesterday", "ids": ""],
        ["api": "", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "since": "2026-11-24T14:30:00Z", "ids": ""],
        [
            "api": "https://a.b", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "since": "2026-02-29T00:00:00Z",
            "ids": "",
        ],
        [
            "api": "https://a.b", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "since": "2024-02-29T23:59:59-00:30",
            "ids": "",
        ],
        [
            "api": "https://a.b", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "since": "2026-11-24T14:30:00.25Z",
            "ids": "",
        ],
        [
            "api": "https://a.b", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "since": "2026-11-24T24:00:00Z",
            "ids": "",
        ],
        [
            "api": "https://a.b", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "since": "1900-01-01T00:00:00Z",
            "ids": "",
        ],
        ["api": "a b", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "since": "2026-11-24T14:30:00Z", "ids": ""],
    ]

    static func json(_ texts: [String: String]) -> Data {
        var object: [String: Any] = [:]
        for (key, text) in texts {
            object[key] = key == "ids" ? (text.isEmpty ? [] : text.split(separator: ",").map(String.init)) : text
        }
        return try! JSONSerialization.data(withJSONObject: object)
    }

    static func run() -> Int {
        print("== Foundation types: ActiveProfile.decode vs JSONDecoder (.iso8601)")
        var failures = 0
        for texts in cases {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let theirs = Result { try decoder.decode(Settings.self, from: json(texts)) }
            let arguments = ["app"] + texts.keys.sorted().flatMap { ["--\($0)=\(texts[$0]!)"] }
            let ours = Result { try ActiveProfile(arguments: arguments, environment: [:]).decode(Settings.self) }
            let same: Bool
            switch (theirs, ours) {
            case (.success(let a), .success(let b)): same = a == b
            case (.failure, .failure): same = true
            default: same = false
            }
            let verdict: String
            switch (same, documentedDifferences[texts["since"] ?? ""]) {
            case (true, nil): verdict = "same"
            case (false, let reason?): verdict = "differs (documented: \(reason))"
            case (true, .some): verdict = "same, but documented as a difference: FAIL"
            case (false, nil): verdict = "DIFFERS: FAIL"
            }
            if verdict.hasSuffix("FAIL") { failures += 1 }
            print("\(arguments.dropFirst().joined(separator: " ")): JSONDecoder \(theirs); decode \(ours): \(verdict)")
        }
        return failures
    }
}
