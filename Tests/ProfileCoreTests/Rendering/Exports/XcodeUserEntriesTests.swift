import Foundation
import ProfileInterop
import ProfileModel
import ProfileResolution
import ProfileRuntime
import Testing

/// Reading the entries back out of Xcode files, independently of the code under test.
enum XcodeEntries {
    /// One argument (`value` nil) or variable, with its checkbox.
    struct Entry: Equatable, CustomStringConvertible {
        var identity: String
        var value: String?
        var isEnabled: Bool

        init(_ identity: String, _ value: String? = nil, enabled: Bool = true) {
            self.identity = identity
            self.value = value
            self.isEnabled = enabled
        }

        var description: String { "\(identity)\(value.map { "=" + $0 } ?? "")\(isEnabled ? "" : " (off)")" }
    }

    /// `text` without its leading spaces.
    static func trimmed(_ line: Substring) -> Substring { line.drop { $0 == " " || $0 == "\t" } }

    /// The value of `name = "…"` among `lines`, XML entities decoded.
    static func attribute(_ name: String, in lines: ArraySlice<Substring>) -> String? {
        for line in lines {
            let text = trimmed(line)
            guard text.hasPrefix(name + " = \"") else { continue }
            var value = text.dropFirst(name.count + 4)
            while value.hasSuffix(">") { value = value.dropLast() }
            if value.hasSuffix("\"") { value = value.dropLast() }
            return String(value).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
                of: "&apos;", with: "'"
            )
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&#10;", with: "\n").replacingOccurrences(of: "&amp;", with: "&")
        }
        return nil
    }

    /// The arguments and variables of `action` in a scheme written the way Xcode writes them (one attribute a line).
    static func scheme(_ text: String, _ action: XcodeSchemeAction) -> (arguments: [Entry], variables: [Entry]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { trimmed($0) == "<\(action.elementName)" }),
            let end = lines[start...].firstIndex(where: { trimmed($0) == "</\(action.elementName)>" })
        else { return ([], []) }
        var arguments: [Entry] = []
        var variables: [Entry] = []
        var index = start
        while index < end {
            let text = trimmed(lines[index])
            let isArgument = text == "<CommandLineArgument"
            guard isArgument || text == "<EnvironmentVariable" else {
                index += 1
                continue
            }
            let close = lines[index...].firstIndex {
                trimmed($0).hasPrefix(isArgument ? "</CommandLineArgument>" : "</EnvironmentVariable>")
            }!
            let block = lines[index...close]
            let enabled = attribute("isEnabled", in: block) != "NO"
            if isArgument {
                arguments.append(Entry(attribute("argument", in: block) ?? "?", enabled: enabled))
            } else {
                variables.append(
                    Entry(attribute("key", in: block) ?? "?", attribute("value", in: block), enabled: enabled))
            }
            index = close + 1
        }
        return (arguments, variables)
    }

    /// `text` without the entry blocks `isProfiles` picks, and without list elements left empty by that.
    static func schemeWithout(_ text: String, _ isProfiles: (Entry) -> Bool) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [Substring] = []
        var index = 0
        while index < lines.count {
            let text = trimmed(lines[index])
            let isArgument = text == "<CommandLineArgument"
            guard isArgument || text == "<EnvironmentVariable" else {
                out.append(lines[index])
                index += 1
                continue
            }
            let close = lines[index...].firstIndex {
                trimmed($0).hasPrefix(isArgument ? "</CommandLineArgument>" : "</EnvironmentVariable>")
            }!
            let block = lines[index...close]
            let entry =
                isArgument
                ? Entry(attribute("argument", in: block) ?? "?")
                : Entry(attribute("key", in: block) ?? "?", attribute("value", in: block))
            if !isProfiles(entry) { out += block }
            index = close + 1
        }
        var compact: [Substring] = []
        for line in out {
            if let last = compact.last,
                trimmed(last) == "<CommandLineArguments>" && trimmed(line) == "</CommandLineArguments>"
                    || trimmed(last) == "<EnvironmentVariables>" && trimmed(line) == "</EnvironmentVariables>"
            {
                compact.removeLast()
                continue
            }
            compact.append(line)
        }
        return compact.joined(separator: "\n")
    }

    /// The options (`defaultOptions`, or a configuration's) of a test plan.
    static func options(_ text: String, configuration: String? = nil) throws -> [String: Any] {
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        guard let configuration else { return plan["defaultOptions"] as? [String: Any] ?? [:] }
        let configurations = plan["configurations"] as? [[String: Any]] ?? []
        let found = try #require(configurations.first { $0["name"] as? String == configuration })
        return found["options"] as? [String: Any] ?? [:]
    }

    /// The arguments and variables of a test plan's options.
    static func plan(_ text: String, configuration: String? = nil) throws -> (arguments: [Entry], variables: [Entry]) {
        let options = try options(text, configuration: configuration)
        let arguments = (options["commandLineArgumentEntries"] as? [[String: Any]] ?? []).map {
            Entry($0["argument"] as? String ?? "?", enabled: $0["enabled"] as? Bool ?? true)
        }
        let variables = (options["environmentVariableEntries"] as? [[String: Any]] ?? []).map {
            Entry($0["key"] as? String ?? "?", $0["value"] as? String, enabled: $0["enabled"] as? Bool ?? true)
        }
        return (arguments, variables)
    }

    /// The test plan as an object, without the entries `isProfiles` picks (and without entry lists left empty by
    /// that), for comparing everything else.
    static func planWithout(_ text: String, _ isProfiles: (Entry) -> Bool) throws -> NSDictionary {
        var plan = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        func strip(_ options: [String: Any]) -> [String: Any] {
            var options = options
            for key in ["commandLineArgumentEntries", "environmentVariableEntries"] {
                guard let entries = options[key] as? [[String: Any]] else { continue }
                let kept = entries.filter { entry in
                    let parsed =
                        key == "commandLineArgumentEntries"
                        ? Entry(entry["argument"] as? String ?? "?")
                        : Entry(entry["key"] as? String ?? "?", entry["value"] as? String)
                    return !isProfiles(parsed)
                }
                options[key] = kept.isEmpty ? nil : kept
            }
            return options
        }
        if let options = plan["defaultOptions"] as? [String: Any] { plan["defaultOptions"] = strip(options) }
        if let configurations = plan["configurations"] as? [[String: Any]] {
            plan["configurations"] = configurations.map { configuration in
                var configuration = configuration
                if let options = configuration["options"] as? [String: Any] {
                    configuration["options"] = strip(options)
                }
                return configuration
            }
        }
        return plan as NSDictionary
    }

    /// The lines of `original` that `updated` does not have, and those `updated` has in addition.
    static func diff(_ original: String, _ updated: String) -> (removed: [String], inserted: [String]) {
        let difference = updated.components(separatedBy: "\n").difference(from: original.components(separatedBy: "\n"))
        var removed: [String] = []
        var inserted: [String] = []
        for change in difference {
            switch change {
            case .remove(_, let line, _): removed.append(line)
            case .insert(_, let line, _): inserted.append(line)
            }
        }
        return (removed, inserted)
    }
}

/// `--update` keeps what belongs to the user: fixtures written as Xcode 15/16 write schemes and test plans, holding
/// the user's own entries (enabled and disabled) beside everything else Xcode writes.
@Suite struct XcodeUserEntriesTests {
    typealias Entry = XcodeEntries.Entry

    static let schemes = ["Weather.xcscheme", "Shop.xcscheme", "Exported.xcscheme", "Countries.xcscheme"]
    static let plans = ["Weather.xctestplan", "Shop.xctestplan", "Countries.xctestplan"]

    let profile: ResolvedProfile
    let payload: String

    init() throws {
        profile = try XcodeFixtures.resolve(XcodeFixtures.profile)
        payload = Self.xcodePayload(profile)
    }

    /// The `PROFILE_PAYLOAD` value the Xcode exports write for `profile`.
    static func xcodePayload(_ profile: ResolvedProfile) -> String {
        ExportContent(profile, exact: false, checkboxes: true).setVariables.last?.value ?? ""
    }

    /// The profile's entries: `XcodeFixtures.profile`.
    var profileArguments: [Entry] { [Entry("-UITests"), Entry("-skipOnboarding YES")] }
    var profileVariables: [Entry] {
        [Entry("API_BASE_URL", "http://localhost:8080"), Entry("MODE", "a&b"), Entry("PROFILE_PAYLOAD", payload)]
    }

    /// Whether `entry` is one `profile` writes (any checkbox).
    func isProfiles(_ entry: Entry, of profile: ResolvedProfile? = nil) -> Bool {
        let profile = profile ?? self.profile
        let content = ExportContent(profile, exact: false, checkboxes: true)
        let payload = content.setVariables.last?.value
        // An entry this export writes, or one an export before checkboxes wrote (one word an entry, typed layer in
        // the payload).
        if entry.value == nil {
            return content.argumentEntries.contains { $0.text == entry.identity }
                || profile.payload.launchArguments.contains(entry.identity)
        }
        return entry.identity == "PROFILE_PAYLOAD"
            && (entry.value == payload || entry.value == WireFormat.encode(profile.payload))
            || profile.environment.contains { $0.name == entry.identity && $0.value == entry.value }
    }

    func scheme(_ text: String, with profile: ResolvedProfile? = nil, action: XcodeSchemeAction = .launch) throws
        -> ExportOutput
    {
        try XcodeSchemeFormat().update(
            Array(text.utf8), path: "App.xcscheme", with: profile ?? self.profile, action: action)
    }

    func plan(_ text: String, with profile: ResolvedProfile? = nil, configuration: String? = nil) throws -> ExportOutput
    {
        try XcodeTestPlanFormat().update(
            Array(text.utf8), path: "App.xctestplan", with: profile ?? self.profile, configuration: configuration)
    }

    // MARK: - Schemes

    @Test(arguments: schemes, XcodeSchemeAction.allCases)
    func noByteOfTheUsersIsLostAndTheSecondUpdateChangesNothing(_ name: String, _ action: XcodeSchemeAction) throws {
        let original = try XcodeFixtures.text(name)
        let once = try scheme(original, action: action)
        // Every line outside the profile's own entries is as it was (the Test action's switch aside).
        var stripped = XcodeEntries.schemeWithout(once.text) { isProfiles($0) }
        if action == .test, once.warnings.contains(where: { $0.message.contains("shouldUseLaunchSchemeArgsEnv") }) {
            // Switched back, in the Test action's start tag only.
            var lines = stripped.components(separatedBy: "\n")
            let start = try #require(lines.firstIndex(of: "   <TestAction"))
            let line = try #require(lines[start...].firstIndex { $0.contains("shouldUseLaunchSchemeArgsEnv") })
            lines[line] = lines[line].replacingOccurrences(of: "\"NO\"", with: "\"YES\"")
            stripped = lines.joined(separator: "\n")
        }
        #expect(stripped == XcodeEntries.schemeWithout(original) { isProfiles($0) }, "\(name) \(action)")
        // The user's entries keep their order and checkboxes; the profile's are there, in order.
        let before = XcodeEntries.scheme(original, action)
        let after = XcodeEntries.scheme(once.text, action)
        #expect(after.arguments.filter { !isProfiles($0) } == before.arguments.filter { !isProfiles($0) })
        #expect(after.variables.filter { !isProfiles($0) } == before.variables.filter { !isProfiles($0) })
        // (Exported.xcscheme's Run action holds an earlier export's entries, one word each: kept as they are.)
        #expect(
            after.arguments.filter { isProfiles($0) }.map(\.identity).joined(separator: " ")
                == profileArguments.map(\.identity).joined(separator: " "))
        #expect(after.variables.filter { isProfiles($0) }.map(\.identity) == profileVariables.map(\.identity))
        // Nothing else of the file moved: only lines were added (and the switch, and an earlier export's payload,
        // which takes the shape with checkboxes).
        let diff = XcodeEntries.diff(original, once.text)
        #expect(
            diff.removed.allSatisfy {
                $0.contains("shouldUseLaunchSchemeArgsEnv") || $0.contains("value = \"profile/1;")
            }, "\(diff.removed)")

        let twice = try scheme(once.text, action: action)
        #expect(twice.text == once.text, "\(name) \(action)")
        #expect(XcodeEntries.scheme(try scheme(twice.text, action: action).text, action) == after)
    }

    /// The issue's scheme: a disabled argument and `OS_ACTIVITY_MODE` of the user's keep both entries through
    /// `--update`, twice.
    @Test func aDisabledArgumentAndOSActivityModeSurviveTwoUpdates() throws {
        let original = try XcodeFixtures.text("Weather.xcscheme")
        let users = (
            arguments: [Entry("-com.apple.CoreData.SQLDebug 1", enabled: false), Entry("-AppleLanguages (fr)")],
            variables: [Entry("OS_ACTIVITY_MODE", "disable"), Entry("MallocStackLogging", "1", enabled: false)]
        )
        #expect(XcodeEntries.scheme(original, .launch) == users)
        let once = try scheme(original).text
        let twice = try scheme(once).text
        #expect(twice == once)
        let after = XcodeEntries.scheme(twice, .launch)
        #expect(after.arguments == users.arguments + profileArguments)
        #expect(after.variables == users.variables + profileVariables)
        // The user's blocks are the very bytes they were.
        let sqlDebug = """
                     <CommandLineArgument
                        argument = "-com.apple.CoreData.SQLDebug 1"
                        isEnabled = "NO">
                     </CommandLineArgument>

            """
        let activity = """
                     <EnvironmentVariable
                        key = "OS_ACTIVITY_MODE"
                        value = "disable"
                        isEnabled = "YES">
                     </EnvironmentVariable>

            """
        #expect(twice.contains(sqlDebug) && twice.contains(activity))
        #expect(XcodeEntries.diff(original, twice).removed == [])
    }

    /// The profile changed: its removed entries disappear, the user's stay, and the result is what updating the
    /// untouched file gives.
    @Test(arguments: schemes) func aRemovedProfileEntryDisappears(_ name: String) throws {
        let original = try XcodeFixtures.text(name)
        let changed = try XcodeFixtures.resolve(
            "env: {API_BASE_URL: \"http://localhost:9090\"}\narguments: [-resetState]\nflags: {analytics: false}\n")
        let first = try scheme(original).text
        let second = try scheme(first, with: changed).text
        let entries = XcodeEntries.scheme(second, .launch)
        #expect(!second.contains("-UITests") && !second.contains("-skipOnboarding") && !second.contains("\"MODE\""))
        #expect(
            entries.arguments.filter { isProfiles($0, of: changed) }.map(\.identity) == [
                "-resetState", "-analytics NO",
            ])
        #expect(
            entries.variables.filter { isProfiles($0, of: changed) }.map(\.identity) == [
                "API_BASE_URL", "PROFILE_PAYLOAD",
            ])
        let users = XcodeEntries.scheme(original, .launch)
        let ownedBefore = name == "Exported.xcscheme" ? 3 : 0
        #expect(entries.arguments.filter { !isProfiles($0, of: changed) } == users.arguments.filter { !isProfiles($0) })
        #expect(entries.variables.filter { !isProfiles($0, of: changed) }.count == users.variables.count - ownedBefore)
        if name != "Exported.xcscheme" {
            #expect(second == (try scheme(original, with: changed).text))
        }
        #expect(try scheme(second, with: changed).text == second)
    }

    /// A scheme exported before updates were lossless (every entry the export's), then edited in Xcode: the user
    /// added entries after the profile's and unchecked one of them.
    @Test func aSchemeExportedByThePreviousVersionIsRecognised() throws {
        let original = try XcodeFixtures.text("Exported.xcscheme")
        let legacy = WireFormat.encode(profile.payload)
        #expect(original.contains("value = \"\(legacy)\""))
        // The same profile: the user's entries and toggle stay, and the profile's (`-skipOnboarding`, `YES`: together
        // its `-skipOnboarding YES`); only the payload takes the shape with checkboxes.
        let same = try scheme(original)
        #expect(same.text == original.replacingOccurrences(of: legacy, with: payload))
        #expect(try scheme(same.text).text == same.text)
        #expect(same.warnings.isEmpty)
        // Another profile: the old entries go, the user's additions stay in place, the new entries come where the old
        // ones were.
        let other = try XcodeFixtures.resolve("env: {MODE: light}\narguments: [-resetState]\n")
        let updated = try scheme(original, with: other).text
        let entries = XcodeEntries.scheme(updated, .launch)
        #expect(entries.arguments == [Entry("-resetState"), Entry("-com.apple.CoreData.SQLDebug 1", enabled: false)])
        #expect(
            entries.variables == [
                Entry("MODE", "light"), Entry("PROFILE_PAYLOAD", Self.xcodePayload(other)),
                Entry("OS_ACTIVITY_MODE", "disable"),
            ])
    }

    /// The user unchecks profile entries in Xcode: an update with the same profile keeps the toggles; once the
    /// profile changes an entry, that entry is the profile's again.
    @Test func aUsersToggleSurvivesUntilTheProfileChangesTheEntry() throws {
        let once = try scheme(try XcodeFixtures.text("Weather.xcscheme")).text
        func uncheck(_ marker: String, in text: String) throws -> String {
            let range = try #require(text.range(of: marker))
            let enabled = try #require(text.range(of: "isEnabled = \"YES\"", range: range.upperBound..<text.endIndex))
            return text.replacingCharacters(in: enabled, with: "isEnabled = \"NO\"")
        }
        var toggled = try uncheck("argument = \"-UITests\"", in: once)
        toggled = try uncheck("key = \"API_BASE_URL\"", in: toggled)
        toggled = try uncheck("key = \"MODE\"", in: toggled)
        #expect(try scheme(toggled).text == toggled)

        let changed = try XcodeFixtures.resolve(
            XcodeFixtures.profile.replacingOccurrences(of: "localhost:8080", with: "localhost:9090"))
        let updated = XcodeEntries.scheme(try scheme(toggled, with: changed).text, .launch)
        #expect(updated.arguments.first { $0.identity == "-UITests" }?.isEnabled == false)
        #expect(
            updated.variables.first { $0.identity == "API_BASE_URL" } == Entry("API_BASE_URL", "http://localhost:9090"))
        #expect(updated.variables.first { $0.identity == "MODE" }?.isEnabled == false)
    }

    /// The profile reorders its arguments: they follow, and a moved entry keeps its bytes and checkbox.
    @Test func reorderedEntriesMoveWithTheirToggle() throws {
        let first = try XcodeFixtures.resolve("arguments: [-a, -b, -c]\n")
        let once = try scheme(try XcodeFixtures.text("Weather.xcscheme"), with: first).text
        let range = try #require(once.range(of: "argument = \"-c\"\n            isEnabled = \"YES\""))
        let toggled = once.replacingCharacters(in: range, with: "argument = \"-c\"\n            isEnabled = \"NO\"")
        let reordered = try XcodeFixtures.resolve("arguments: [-c, -a, -b]\n")
        let updated = try scheme(toggled, with: reordered).text
        #expect(
            XcodeEntries.scheme(updated, .launch).arguments == [
                Entry("-com.apple.CoreData.SQLDebug 1", enabled: false), Entry("-AppleLanguages (fr)"),
                Entry("-c", enabled: false), Entry("-a"), Entry("-b"),
            ])
        #expect(try scheme(updated, with: reordered).text == updated)
    }

    /// A user's entry equal to one the profile writes (`YES`, a second `API_BASE_URL`) stays the user's.
    @Test func theUsersEntriesEqualToTheProfilesAreToldApart() throws {
        let original = try XcodeFixtures.text("Shop.xcscheme")
        let withYes = original.replacingOccurrences(
            of: "argument = \"-AppleLocale de_DE\"", with: "argument = \"YES\"")
        let once = try scheme(withYes)
        // The user's disabled `API_BASE_URL` (another server) stays, unwarned; the profile's comes at the end.
        #expect(once.warnings.isEmpty)
        var entries = XcodeEntries.scheme(once.text, .launch)
        #expect(
            entries.arguments.map(\.identity) == [
                "-AppleLanguages (de)", "YES", "-UIViewLayoutFeedbackLoopDebuggingThreshold 100", "-UITests",
                "-skipOnboarding YES",
            ])
        #expect(
            entries.variables.map(\.identity) == ["API_BASE_URL", "SHOP_FIXTURES", "OS_ACTIVITY_MODE"]
                + profileVariables.map(\.identity))
        #expect(
            entries.variables[0]
                == Entry("API_BASE_URL", "https://staging.shop.example.com/api?lang=de&v=2", enabled: false))
        // Without the profile's entries, the user's are all that is left, as they were.
        let nothing = try XcodeFixtures.resolve("description: nothing\n")
        let emptied = try scheme(try scheme(once.text, with: nothing).text, with: nothing).text
        entries = XcodeEntries.scheme(emptied, .launch)
        #expect(entries.arguments == XcodeEntries.scheme(withYes, .launch).arguments)
        #expect(entries.variables.dropLast() == XcodeEntries.scheme(withYes, .launch).variables[...])
        #expect(
            XcodeEntries.schemeWithout(emptied) { $0.identity == "PROFILE_PAYLOAD" }
                == XcodeEntries.schemeWithout(withYes) { _ in false })

        // The user adds a disabled `-UITests` of their own at the top: the profile's `-UITests` is the one that lines
        // up with its other entries.
        let list = "      <CommandLineArguments>\n"
        let own =
            list
            + "         <CommandLineArgument\n            argument = \"-UITests\"\n            isEnabled = \"NO\">\n"
            + "         </CommandLineArgument>\n"
        let added = once.text.replacingOccurrences(of: list, with: own)
        #expect(added != once.text)
        #expect(try scheme(added).text == added)
        let withoutProfile = XcodeEntries.scheme(try scheme(added, with: nothing).text, .launch)
        #expect(
            withoutProfile.arguments == [Entry("-UITests", enabled: false)]
                + XcodeEntries.scheme(withYes, .launch).arguments)

        // An enabled entry of the user's setting a variable the profile sets too is kept, with a warning.
        let enabled = original.replacingOccurrences(
            of: "value = \"https://staging.shop.example.com/api?lang=de&amp;v=2\"\n            isEnabled = \"NO\"",
            with: "value = \"https://staging.shop.example.com/api?lang=de&amp;v=2\"\n            isEnabled = \"YES\"")
        let warned = try scheme(enabled)
        #expect(warned.warnings.map(\.severity) == [.warning])
        #expect(
            warned.warnings.first?.message.hasPrefix("`API_BASE_URL` is also set by this entry of your own") == true)
        #expect(warned.warnings.first?.location?.description == "App.xcscheme:86:10")
    }

    /// Entries written by hand (attributes in another order, other quotes and spacing) keep their bytes.
    @Test func handWrittenEntriesKeepTheirBytes() throws {
        let block = """
                  <CommandLineArguments>
                     <CommandLineArgument isEnabled='NO'   argument="-verbose &amp; loud"/>
                     <!-- kept for the simulator -->
                     <CommandLineArgument
                        argument = "-NSShowAllViews YES"
                        isEnabled = "YES">
                     </CommandLineArgument>
                  </CommandLineArguments>
            """
        let original = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme
               version = "1.7">
               <LaunchAction
                  buildConfiguration = "Debug">
            \(block)
               </LaunchAction>
            </Scheme>

            """
        let once = try scheme(original).text
        #expect(once.contains(block.replacingOccurrences(of: "\n      </CommandLineArguments>", with: "")))
        #expect(try scheme(once).text == once)
        let nothing = try XcodeFixtures.resolve("description: nothing\n")
        let undone = try scheme(once, with: nothing).text
        #expect(undone.contains(block + "\n      <EnvironmentVariables>\n"))
    }

    @Test func anUnreadablePayloadEntryIsRefusedWithItsPlace() throws {
        let original = try XcodeFixtures.text("Exported.xcscheme").replacingOccurrences(
            of: "value = \"profile/1;", with: "value = \"profile/9;")
        let error = #expect(throws: Diagnostic.self) { try scheme(original) }
        #expect(
            error?.message.hasPrefix("this `PROFILE_PAYLOAD` entry tells which entries the last export wrote") == true)
        #expect(error?.message.contains("newer format version 9") == true, "\(error?.message ?? "")")
        #expect(error?.location?.description == "App.xcscheme:97:22")
    }

    // MARK: - Test plans

    @Test(arguments: plans, [nil, "German", "English", "Staging", "Production"])
    func noByteOfTheUsersIsLostInATestPlan(_ name: String, _ configuration: String?) throws {
        let original = try XcodeFixtures.text(name)
        let plan = try JSONSerialization.jsonObject(with: Data(original.utf8)) as? [String: Any]
        let names = (plan?["configurations"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        guard configuration.map(names.contains) ?? true else {
            let error = #expect(throws: Diagnostic.self) { try self.plan(original, configuration: configuration) }
            #expect(error?.message.hasPrefix("`App.xctestplan` has no configuration named `\(configuration!)`") == true)
            return
        }
        let once = try self.plan(original, configuration: configuration)
        // Everything but the profile's entries is as it was.
        #expect(
            try XcodeEntries.planWithout(once.text) { isProfiles($0) }
                == XcodeEntries.planWithout(original) { _ in false })
        // Only lines were added, and commas after the elements now followed by one.
        let diff = XcodeEntries.diff(original, once.text)
        #expect(
            diff.removed.allSatisfy {
                diff.inserted.contains($0 + ",") || $0.trimmingCharacters(in: .whitespaces).isEmpty
            }, "\(diff.removed)")
        let before = try XcodeEntries.plan(original, configuration: configuration)
        let after = try XcodeEntries.plan(once.text, configuration: configuration)
        #expect(after.arguments.filter { !isProfiles($0) } == before.arguments)
        #expect(after.variables.filter { !isProfiles($0) } == before.variables)
        #expect(after.arguments.filter { isProfiles($0) } == profileArguments)
        #expect(after.variables.filter { isProfiles($0) } == profileVariables)
        if configuration != nil {
            #expect(
                try XcodeEntries.options(once.text) as NSDictionary == XcodeEntries.options(original) as NSDictionary)
        }
        #expect(try self.plan(once.text, configuration: configuration).text == once.text)
    }

    @Test func aTestPlansUserEntriesAndTogglesSurvive() throws {
        let original = try XcodeFixtures.text("Weather.xctestplan")
        let once = try plan(original).text
        let entries = try XcodeEntries.plan(once)
        #expect(
            entries.arguments == [
                Entry("-com.apple.CoreData.SQLDebug 1", enabled: false), Entry("-AppleLanguages (fr)"),
            ]
                + profileArguments)
        #expect(
            entries.variables == [
                Entry("OS_ACTIVITY_MODE", "disable"), Entry("MallocStackLogging", "1", enabled: false),
            ]
                + profileVariables)
        // Unchecking a profile entry the way Xcode writes it: kept through updates while the profile keeps it.
        let argument = "        \"argument\" : \"-UITests\"\n"
        #expect(once.contains(argument))
        let toggled = once.replacingOccurrences(
            of: argument, with: "        \"argument\" : \"-UITests\",\n        \"enabled\" : false\n")
        #expect(try plan(toggled).text == toggled)
        let changed = try XcodeFixtures.resolve("env: {MODE: dark}\narguments: [-UITests]\n")
        let updated = try XcodeEntries.plan(try plan(toggled, with: changed).text)
        #expect(updated.arguments.last == Entry("-UITests", enabled: false))
        #expect(
            updated.variables.map(\.identity) == ["OS_ACTIVITY_MODE", "MallocStackLogging", "MODE", "PROFILE_PAYLOAD"])
        // The profile gone: the user's entries as they were.
        let nothing = try XcodeFixtures.resolve("description: nothing\n")
        let undone = try plan(try plan(once, with: nothing).text, with: nothing).text
        let left = try XcodeEntries.plan(undone)
        #expect(left.arguments == (try XcodeEntries.plan(original)).arguments)
        #expect(left.variables.dropLast() == (try XcodeEntries.plan(original)).variables[...])
    }

    @Test func aTestPlanVariableTheUserSetsTooIsKeptWithAWarning() throws {
        let original = try XcodeFixtures.text("Shop.xctestplan")
        // Disabled (another server to switch to): no warning.
        #expect(try plan(original).warnings.isEmpty)
        let enabled = original.replacingOccurrences(
            of: "        \"enabled\" : false,\n        \"key\" : \"API_BASE_URL\"",
            with: "        \"key\" : \"API_BASE_URL\"")
        #expect(enabled != original)
        let output = try plan(enabled)
        #expect(output.warnings.count == 1)
        #expect(
            output.warnings.first?.message.hasPrefix("`API_BASE_URL` is also set by this entry of your own") == true)
        #expect(output.warnings.first?.location?.description == "App.xctestplan:34:7")
        let variables = try XcodeEntries.plan(output.text).variables
        #expect(variables.first == Entry("API_BASE_URL", "https://staging.shop.example.com/api?lang=de&v=2"))
        #expect(variables.filter { $0.identity == "API_BASE_URL" }.count == 2)
    }

    @Test func aConfigurationGetsTheEntriesInItsOwnOptions() throws {
        let original = try XcodeFixtures.text("Weather.xctestplan")
        let german = try plan(original, configuration: "German").text
        let expected = """
                  "options" : {
                    "commandLineArgumentEntries" : [
                      {
                        "argument" : "-UITests"
                      },
                      {
                        "argument" : "-skipOnboarding YES"
                      }
                    ],
                    "environmentVariableEntries" : [
                      {
                        "key" : "WEATHER_UNITS",
                        "value" : "metric"
                      },
                      {
                        "key" : "API_BASE_URL",
                        "value" : "http:\\/\\/localhost:8080"
                      },
                      {
                        "key" : "MODE",
                        "value" : "a&b"
                      },
                      {
                        "key" : "PROFILE_PAYLOAD",
                        "value" : "\(payload.replacingOccurrences(of: "/", with: "\\/"))"
                      }
                    ],
                    "language" : "de",
                    "region" : "DE"
                  }
            """
        #expect(german.contains(expected))
        // The default options, and the other configuration, are untouched.
        #expect(
            german.hasPrefix(
                original.prefix(
                    upTo: try #require(original.range(of: "        \"environmentVariableEntries\"")).lowerBound)))
        #expect(
            german.hasSuffix(original.suffix(from: try #require(original.range(of: "  \"defaultOptions\"")).lowerBound))
        )

        // A configuration whose options are empty gets them filled the Xcode way.
        let staging = try plan(try XcodeFixtures.text("Shop.xctestplan"), configuration: "Staging").text
        #expect(
            staging.contains(
                "      \"name\" : \"Staging\",\n      \"options\" : {\n        \"commandLineArgumentEntries\" : [\n          {\n"
            ))
    }

    @Test func unknownConfigurationsAndMisplacedOptionsAreRefused() throws {
        let original = try XcodeFixtures.text("Weather.xctestplan")
        let typo = #expect(throws: Diagnostic.self) { try plan(original, configuration: "Germn") }
        #expect(typo?.message == "`App.xctestplan` has no configuration named `Germn`: it has `English`, `German`")
        #expect(typo?.suggestion == "German")
        #expect(typo?.location?.description == "App.xctestplan:2:22")
        let scheme = #expect(throws: Diagnostic.self) {
            try XcodeSchemeFormat().update(
                Array(try XcodeFixtures.text("Weather.xcscheme").utf8), path: "App.xcscheme", with: profile,
                configuration: "German")
        }
        #expect(scheme?.message.contains("an .xcscheme has no configurations") == true)
        let notArray = #expect(throws: Diagnostic.self) {
            try plan("{\n  \"defaultOptions\" : {\n    \"environmentVariableEntries\" : {}\n  }\n}\n")
        }
        #expect(notArray?.message == "`environmentVariableEntries` in `App.xctestplan` is not an array")
    }

    // MARK: - Writing

    @Test func aFileChangedOnDiskSinceItWasReadIsNotClobbered() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "profile-cas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("App.xcscheme").path
        let original = try XcodeFixtures.text("Weather.xcscheme")
        try original.write(toFile: path, atomically: true, encoding: .utf8)

        let output = try XcodeSchemeFormat().update(
            Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path, with: profile)
        // Xcode saves the scheme meanwhile.
        let saved = original.replacingOccurrences(of: "value = \"disable\"", with: "value = \"default\"")
        try saved.write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: Diagnostic.self) { try output.write(to: path) }
        #expect(error?.message.hasPrefix("`\(path)` changed on disk after it was read") == true)
        let line = try #require(
            original.components(separatedBy: "\n").firstIndex { $0.contains("value = \"disable\"") })
        #expect(error?.location?.description == "\(path):\(line + 1):23")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == saved)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["App.xcscheme"])

        // Unchanged since it was read: written, permissions kept.
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try output.write(to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == output.text)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["App.xcscheme"])

        // Another destination is simply written.
        let other = directory.appendingPathComponent("Other.xcscheme").path
        try output.write(to: other)
        #expect(try String(contentsOfFile: other, encoding: .utf8) == output.text)
    }
}
