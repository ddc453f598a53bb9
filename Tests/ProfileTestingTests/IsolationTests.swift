import Foundation
import ProfileRuntime
import ProfileTesting
import Testing

#if canImport(Darwin)
@_silgen_name("_NSGetEnviron")
private func _NSGetEnviron() -> UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
#endif

/// Parallel tests in one process, two profiles, no cross-read: two suites of parameterised tests, one with
/// `.profile(LaunchProfiles.offline)` and one with `.profile(LaunchProfiles.uitest)`, run in parallel (Swift Testing's
/// default). Every case reads its flags, mock and values through the generated keys and `ActiveProfile.current`, many
/// rounds, yielding between reads so that cases interleave; inside, a scope of its own with a value no other case
/// has. No case starts its reads before a case of the other profile is in flight (or has finished), so the two
/// profiles really overlap. The process environment, `PROFILE_PAYLOAD` and every other variable, is compared byte for
/// byte with what it was before the first case, at every round and after the last case.
enum Isolation {
    static let casesPerProfile = 25
    static let rounds = 200

    /// What one read sees, compared whole.
    struct Reading: Equatable, Sendable {
        var profiles: [String]
        var skipOnboarding: Bool
        var inMemorySettings: Bool
        var uiTests: Bool
        var datasource: CountriesDatasourceMock
        var pageSize: Int
        var requestTimeout: Double
        var logLevel: String?
        var pageSizeSource: String

        static func read() -> Reading {
            let profile = ActiveProfile.current
            return Reading(
                profiles: profile.profiles,
                skipOnboarding: profile.isEnabled(ProfileFlags.skipOnboarding),
                inMemorySettings: profile.isEnabled(ProfileFlags.inMemorySettings),
                uiTests: profile.isEnabled("UITests"),
                datasource: (try? profile.variant(of: CountriesDatasourceMock.self)) ?? .live,
                pageSize: profile.value(ProfileValues.pageSize),
                requestTimeout: profile.value(ProfileValues.requestTimeout),
                logLevel: profile.string(forKey: "LOG_LEVEL"),
                pageSizeSource: profile.source(of: ProfileValues.pageSize).description)
        }
    }

    static let offline = Reading(
        profiles: ["offline"], skipOnboarding: false, inMemorySettings: false, uiTests: false,
        datasource: .localMock, pageSize: 20, requestTimeout: 0.5, logLevel: "info", pageSizeSource: "scope (offline)")
    static let uitest = Reading(
        profiles: ["uitest"], skipOnboarding: true, inMemorySettings: true, uiTests: true, datasource: .localMock,
        pageSize: 5, requestTimeout: 2.5, logLevel: "debug", pageSizeSource: "scope (uitest)")

    /// The environment block, every `NAME=value` entry as bytes, in order.
    static func environmentBytes() -> [[UInt8]] {
        #if canImport(Darwin)
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron()?.pointee
        #else
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        #endif
        var result: [[UInt8]] = []
        while let pointer = entry?.pointee {
            result.append(
                Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }))
            entry = entry?.advanced(by: 1)
        }
        return result
    }

    /// The environment before the first case.
    static let environmentBefore = environmentBytes()

    /// Which cases are in flight and done, per profile; cases waiting for the other profile to be in flight.
    final class Tracker: @unchecked Sendable {
        private let lock = NSLock()
        private var inFlight = ["offline": 0, "uitest": 0]
        private var started = ["offline": 0, "uitest": 0]
        private var finished = 0
        private var overlapping = 0
        private var crossReads = 0
        private var reads = 0
        private var waiting: [(profile: String, continuation: CheckedContinuation<Void, Never>)] = []

        /// Marks a case of `profile` in flight, and waits until one of the other profile is (or all of them ran).
        func start(_ profile: String) async {
            let other = profile == "offline" ? "uitest" : "offline"
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.lock()
                inFlight[profile, default: 0] += 1
                started[profile, default: 0] += 1
                var resumed: [CheckedContinuation<Void, Never>] = []
                waiting.removeAll { waiter in
                    guard waiter.profile == other else { return false }
                    resumed.append(waiter.continuation)
                    return true
                }
                let ready = inFlight[other, default: 0] > 0 || started[other, default: 0] == casesPerProfile
                if !ready { waiting.append((profile, continuation)) }
                lock.unlock()
                for waiter in resumed { waiter.resume() }
                if ready { continuation.resume() }
            }
        }

        /// Records a read; whether the other profile is in flight.
        func record(_ profile: String, crossRead: Bool) {
            lock.lock()
            reads += 1
            if crossRead { crossReads += 1 }
            if inFlight[profile == "offline" ? "uitest" : "offline", default: 0] > 0 { overlapping += 1 }
            lock.unlock()
        }

        /// Marks a case done; true for the last case of both profiles.
        func finish(_ profile: String) -> (last: Bool, reads: Int, overlapping: Int, crossReads: Int) {
            lock.lock()
            defer { lock.unlock() }
            inFlight[profile, default: 0] -= 1
            finished += 1
            return (finished == 2 * casesPerProfile, reads, overlapping, crossReads)
        }
    }

    static let tracker = Tracker()

    /// One case: `rounds` rounds of reads under the suite's profile and under a scope of the case's own.
    static func run(_ profile: String, case index: Int) async throws {
        _ = environmentBefore
        await tracker.start(profile)
        let expected = profile == "offline" ? offline : uitest
        let base = profile == "offline" ? LaunchProfiles.offline : LaunchProfiles.uitest
        // A value no other case reads: 1000 + index for offline, 2000 + index for uitest.
        let own = (profile == "offline" ? 1000 : 2000) + index
        // Made once: each round enters a scope of its own with it (building it again each round re-encoded the same
        // payload 10,000 times, half of the suite's time).
        let scoped = base.setting(ProfileValues.pageSize, to: own)
        for round in 0..<rounds {
            let reading = Reading.read()
            #expect(reading == expected, "round \(round)")
            tracker.record(profile, crossRead: reading != expected)
            try await ActiveProfile.withProfile(scoped) {
                await Task.yield()
                let inner = await withTaskGroup(of: Int.self) { group in
                    group.addTask { ActiveProfile.current.value(ProfileValues.pageSize) }
                    group.addTask { ActiveProfile.current.value(ProfileValues.pageSize) }
                    return await group.reduce(into: []) { $0.append($1) }
                }
                #expect(inner == [own, own])
                tracker.record(profile, crossRead: inner != [own, own])
                try ActiveProfile.current.validate()
            }
            await Task.yield()
            #expect(Reading.read() == expected)
            if round % 50 == 0 { #expect(environmentBytes() == environmentBefore) }
        }
        let result = tracker.finish(profile)
        if result.last {
            #expect(environmentBytes() == environmentBefore)
            #expect(
                ProcessInfo.processInfo.environment["PROFILE_PAYLOAD"] == nil
                    || environmentBefore.contains {
                        $0.starts(with: Array("PROFILE_PAYLOAD=".utf8))
                    })
            #expect(result.crossReads == 0)
            #expect(result.reads == 2 * casesPerProfile * rounds * 2)
            #expect(result.overlapping > 0, "the two profiles' cases never ran at the same time")
            print(
                "isolation: \(2 * casesPerProfile) cases, \(rounds) rounds each, \(result.reads) reads, "
                    + "\(result.overlapping) while the other profile was in flight, \(result.crossReads) cross-reads")
        }
    }
}

@Suite(.profile(LaunchProfiles.offline), .timeLimit(.minutes(20)))
struct OfflineIsolationTests {
    @Test(arguments: 0..<Isolation.casesPerProfile)
    func readsOnlyOffline(index: Int) async throws {
        try await Isolation.run("offline", case: index)
    }
}

@Suite(.profile(LaunchProfiles.uitest), .timeLimit(.minutes(20)))
struct UITestIsolationTests {
    @Test(arguments: 0..<Isolation.casesPerProfile)
    func readsOnlyUITest(index: Int) async throws {
        try await Isolation.run("uitest", case: index)
    }
}
