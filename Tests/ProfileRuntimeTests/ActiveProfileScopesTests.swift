import Testing

@testable import ProfileRuntime

/// A mock point of the test profiles below.
enum ScopeSource: String, MockPoint {
    static let mockKey = "countries.datasource"
    case live
    case localMock = "local-mock"
}

/// Configurations as `profile generate swift` writes them: launch arguments, plain variables and the payload.
enum ScopeProfiles {
    static let skipOnboarding = FlagKey("skipOnboarding", default: false)
    static let pageSize = ValueKey<Int>("pageSize", default: 20)
    static let greeting = ValueKey<String>("greeting", default: "Welcome")

    static func configuration(
        _ name: String, flags: [String: Bool] = [:], mocks: [String: String] = [:], values: [String: String] = [:],
        arguments: [String] = [], environment: [String: String] = [:]
    ) -> LaunchConfiguration {
        let payload = ProfilePayload(
            profiles: [name], flags: flags, mocks: mocks, values: values, arguments: arguments,
            environmentKeys: environment.keys.sorted())
        var launchEnvironment = environment
        launchEnvironment[WireFormat.environmentVariable] = WireFormat.encode(payload)
        return LaunchConfiguration(
            name: name, launchArguments: payload.launchArguments, launchEnvironment: launchEnvironment)
    }

    static let uitest = configuration(
        "uitest", flags: ["skipOnboarding": true], mocks: ["countries.datasource": "local-mock"],
        values: ["pageSize": "5"], arguments: ["-UITests"], environment: ["LOG_LEVEL": "debug"])
    static let offline = configuration(
        "offline", flags: ["skipOnboarding": false], mocks: ["countries.datasource": "local-mock"],
        values: ["requestTimeout": "0.5"])
    static let staging = configuration(
        "staging", mocks: ["countries.datasource": "live"], values: ["pageSize": "50", "greeting": "Staging"],
        environment: ["API_URL": "https://staging.example.com"])
}

/// What a read of the profile answers, in one value to compare whole.
struct Reading: Equatable, CustomStringConvertible {
    var profiles: [String]
    var skipOnboarding: Bool
    var source: String
    var pageSize: Int
    var pageSizeSource: String
    var greeting: String
    var logLevel: String?

    init(_ profile: ActiveProfile = .current) {
        profiles = profile.profiles
        skipOnboarding = profile.isEnabled(ScopeProfiles.skipOnboarding)
        source = (try? profile.variant(of: ScopeSource.self, default: .live).rawValue) ?? "error"
        pageSize = profile.value(ScopeProfiles.pageSize)
        pageSizeSource = profile.source(of: ScopeProfiles.pageSize).description
        greeting = profile.value(ScopeProfiles.greeting)
        logLevel = profile.string(forKey: "logLevel")
    }

    init(
        profiles: [String], skipOnboarding: Bool, source: String, pageSize: Int, pageSizeSource: String,
        greeting: String, logLevel: String?
    ) {
        self.profiles = profiles
        self.skipOnboarding = skipOnboarding
        self.source = source
        self.pageSize = pageSize
        self.pageSizeSource = pageSizeSource
        self.greeting = greeting
        self.logLevel = logLevel
    }

    var description: String {
        "\(profiles) \(skipOnboarding) \(source) \(pageSize) \(pageSizeSource) \(greeting) \(logLevel ?? "nil")"
    }

    static let uitest = Reading(
        profiles: ["uitest"], skipOnboarding: true, source: "local-mock", pageSize: 5,
        pageSizeSource: "scope (uitest)", greeting: "Welcome", logLevel: "debug")
    static let offline = Reading(
        profiles: ["offline"], skipOnboarding: false, source: "local-mock", pageSize: 20, pageSizeSource: "default",
        greeting: "Welcome", logLevel: nil)
}

@Suite struct ActiveProfileScopesTests {
    @Test func aScopeReadsItsConfigurationAlone() {
        ActiveProfile.withProfile(ScopeProfiles.uitest) {
            #expect(Reading() == .uitest)
            let profile = ActiveProfile.current
            #expect(profile.source(of: ScopeProfiles.skipOnboarding).description == "scope (uitest)")
            #expect(profile.source(of: ScopeSource.self) == ProfileSource(layer: .scope, profiles: ["uitest"]))
            #expect(profile.source(ofKey: "logLevel").description == "scope (uitest)")
            #expect(profile.source(ofKey: "greeting") == ProfileSource(layer: .default, profiles: []))
            // Its launch arguments are the configuration's: what a UI test hands to the app it launches.
            #expect(profile.launchConfiguration == ScopeProfiles.uitest)
            #expect(profile.launchArguments == ScopeProfiles.uitest.launchArguments)
            #expect(profile.launchEnvironment == ScopeProfiles.uitest.launchEnvironment)
            #expect(profile.isEnabled("UITests"))
            // The process's own variables are not read: the scope replaces the launch whole.
            #expect(profile.string(forKey: "path") == nil)
        }
    }

    @Test func aKeyTheScopeDoesNotSetReadsTheRegisteredDefault() {
        ActiveProfile.withProfile(ScopeProfiles.offline) {
            let profile = ActiveProfile.current.registering(defaults: ["pageSize": "20", "greeting": "Hello"])
            #expect(profile.value(ScopeProfiles.pageSize) == 20)
            #expect(profile.value(ScopeProfiles.greeting) == "Hello")
            #expect(profile.source(of: ScopeProfiles.greeting).description == "default")
            #expect(profile.source(ofKey: "requestTimeout").description == "scope (offline)")
        }
    }

    @Test func scopesNestAndTheOuterComesBack() throws {
        let outside = ActiveProfile.current
        #expect(outside.source(ofKey: "neverSetAnywhere").description == "default")
        ActiveProfile.withProfile(ScopeProfiles.offline) {
            #expect(Reading() == .offline)
            ActiveProfile.withProfile(ScopeProfiles.uitest) {
                #expect(Reading() == .uitest)
            }
            #expect(Reading() == .offline)
        }
        #expect(ActiveProfile.current.profiles == outside.profiles)
        #expect(ActiveProfile.current.arguments == outside.arguments)
    }

    struct Failure: Error, Equatable {}

    @Test func theThrowingFormRethrowsAndEndsTheScope() {
        #expect(throws: Failure()) {
            try ActiveProfile.withProfile(ScopeProfiles.uitest) {
                #expect(Reading() == .uitest)
                throw Failure()
            }
        }
        #expect(ActiveProfile.current.configuration == nil)
        let value = ActiveProfile.withProfile(ScopeProfiles.uitest) {
            ActiveProfile.current.value(ScopeProfiles.pageSize)
        }
        #expect(value == 5)
    }

    @Test func childTasksInheritTheScopeAndADetachedTaskDoesNot() async {
        await ActiveProfile.withProfile(ScopeProfiles.uitest) {
            async let child = Reading()
            #expect(await child == .uitest)
            let group = await withTaskGroup(of: Reading.self) { group in
                for _ in 0..<4 { group.addTask { Reading() } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(group == Array(repeating: .uitest, count: 4))
            #expect(await Task { Reading() }.value == .uitest)
            // A detached task starts without task locals; the profile is carried there by hand.
            #expect(await Task.detached { ActiveProfile.current.configuration }.value == nil)
            let profile = ActiveProfile.current
            let carried = await Task.detached { ActiveProfile.withProfile(profile) { Reading() } }.value
            #expect(carried == .uitest)
        }
    }

    /// An unstructured task copies the scope's binding and may outlive the scope: it keeps reading the scope's profile
    /// after the scope has ended (the binding is counted while it lives, so reads do not skip the lookup), while the
    /// task that entered the scope reads the launch again.
    @Test func aTaskThatOutlivesItsScopeKeepsReadingIt() async {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let task = ActiveProfile.withProfile(ScopeProfiles.uitest) {
            Task {
                for await _ in gate { break }
                return Reading()
            }
        }
        // Outside the scope (another suite may set the process's preview meanwhile: not a scope either).
        #expect(ActiveProfile.current.source(of: ScopeProfiles.pageSize).layer != .scope)
        open.yield()
        open.finish()
        #expect(await task.value == .uitest)
        #expect(ActiveProfile.current.source(of: ScopeProfiles.pageSize).layer != .scope)
    }

    @Test func theAsynchronousFormsRethrow() async {
        await #expect(throws: Failure()) {
            try await ActiveProfile.withProfile(ScopeProfiles.offline) {
                await Task.yield()
                #expect(Reading() == .offline)
                throw Failure()
            }
        }
        let profile = ActiveProfile(configuration: ScopeProfiles.uitest, layer: .scope)
        let reading = await ActiveProfile.withProfile(profile) {
            await Task.yield()
            return Reading()
        }
        #expect(reading == .uitest)
    }

    @Test func aPayloadThatDoesNotParseNamesTheProfile() {
        let broken = LaunchConfiguration(
            name: "offline", launchArguments: ["-pageSize", "7"],
            launchEnvironment: ["PROFILE_PAYLOAD": "profile/1;flag.skipOnboarding=1"])
        ActiveProfile.withProfile(broken) {
            let profile = ActiveProfile.current
            let expected = ProfileRuntimeError(
                .truncatedPayload,
                message: "the scope profile \"offline\" cannot be read: "
                    + (ActiveProfile.payloadError(of: "profile/1;flag.skipOnboarding=1")?.message ?? ""))
            #expect(profile.payloadError == expected)
            #expect(throws: expected) { try profile.validate() }
            #expect(throws: expected) { try profile.requiredInt(forKey: "pageSize") }
            // The optional reads use what remains: the configuration's launch arguments.
            #expect(profile.int(forKey: "pageSize") == 7)
            #expect(profile.profiles == ["offline"])
        }
    }
}

extension ActiveProfile {
    /// The error a launch with this payload has.
    static func payloadError(of text: String) -> ProfileRuntimeError? {
        (try? ActiveProfile(arguments: [], environment: ["PROFILE_PAYLOAD": text])) == nil
            ? ActiveProfile(arguments: [], source: .fixed([:]), payloadText: text).payloadError : nil
    }
}
