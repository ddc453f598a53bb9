// Micro-benchmark of the runtime's first read: parse a 30-entry profile (payload + argv) and read one value.
//
//     swift build -c release --scratch-path .build-runtime --product runtime-bench
//     .build-runtime/release/runtime-bench [iterations]
//
// Prints the median over many iterations, e.g. `runtime first read (30 entries): 4.2 us`; then the cost of a read
// through `ActiveProfile.current` with no scope and inside a scope (`ActiveProfile.withProfile`), each as a ratio to
// the read as it was before scopes existed (a `static let` holding the launch's profile), measured in the same run,
// interleaved. For that part the program runs itself again with the profile as its launch (argv and
// `PROFILE_PAYLOAD`), so `current` has a real launch to answer from.

import ProfileRuntime

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Monotonic clock in nanoseconds.
func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Median of the samples, in microseconds.
func medianMicroseconds(_ samples: [UInt64]) -> Double {
    let sorted = samples.sorted()
    return Double(sorted[sorted.count / 2]) / 1000
}

/// Formats a duration in microseconds with one decimal (no Foundation `String(format:)`).
func format(_ microseconds: Double) -> String {
    let tenths = Int((microseconds * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) us"
}

// The 30-entry profile: 2 profiles, 8 flags, 5 mocks, 10 values, 3 arguments, 2 environment keys.
let payload = ProfilePayload(
    profiles: ["base", "uitest"],
    flags: [
        "analytics": false, "skipOnboarding": true, "UITests": true, "verboseLogging": false,
        "newCheckout": true, "darkMode": false, "resetState": true, "disableAnimations": true,
    ],
    mocks: [
        "countries": "local-mock", "payments": "sandbox", "auth": "always-signed-in", "clock": "frozen",
        "location": "berlin",
    ],
    values: [
        "apiTimeout": "2.5", "pageSize": "5", "apiBaseURL": "http://localhost:8080/api;v=2", "retryCount": "3",
        "locale": "en_US", "http.maxConnections": "8", "featureRollout": "0.25", "userName": "Zoë Tester",
        "cacheSize": "1048576", "theme": "high-contrast",
    ],
    arguments: ["-AppleLanguages", "(en)", "-UITests"],
    environmentKeys: ["API_BASE_URL", "LOG_LEVEL"]
)
let encoded = WireFormat.encode(payload)
let arguments = ["/usr/local/bin/countries", "-AppleLanguages", "(en)", "-UITests", "--page-size", "7", "input.txt"]
var environment: [String: String] = [
    WireFormat.environmentVariable: encoded, "API_BASE_URL": "http://localhost:8080", "LOG_LEVEL": "debug",
    "HOME": "/home/tester", "PATH": "/usr/local/bin:/usr/bin:/bin", "SHELL": "/bin/bash", "TERM": "xterm-256color",
    "USER": "tester", "LANG": "en_US.UTF-8", "PWD": "/work",
]
for index in 0..<20 { environment["UNRELATED_VARIABLE_\(index)"] = "value \(index)" }

/// The marker of the second run, the one launched with the profile.
let launchedMarker = "--runtime-bench-launched"

if !CommandLine.arguments.contains(launchedMarker) {
    // The first run: run again with the profile as the launch (execve: same pid, so the caller waits as before).
    var childArguments = arguments
    childArguments[0] = CommandLine.arguments[0]
    childArguments += [launchedMarker, CommandLine.arguments.dropFirst().first ?? "20000"]
    var childEnvironment = environment.map { "\($0.key)=\($0.value)" }
    childEnvironment.append("RUNTIME_BENCH_FIRST=1")
    #if os(Linux)
    let executable = "/proc/self/exe"
    #else
    let executable = CommandLine.arguments[0]
    #endif
    let argv = childArguments.map { strdup($0) } + [nil]
    let envp = childEnvironment.map { strdup($0) } + [nil]
    execve(executable, argv, envp)
    print("runtime-bench: cannot run itself again: errno \(errno)")
    exit(1)
}

let iterations = CommandLine.arguments.last.flatMap { Int($0) } ?? 20_000
var checksum = 0
var firstRead: [UInt64] = []
firstRead.reserveCapacity(iterations)
var readOnly: [UInt64] = []
readOnly.reserveCapacity(iterations)

do {
    for _ in 0..<iterations {
        let start = now()
        let profile = try ActiveProfile(arguments: arguments, environment: environment)
        checksum &+= profile.int(forKey: "pageSize", default: 0)
        let middle = now()
        checksum &+= profile.int(forKey: "cacheSize", default: 0)
        let end = now()
        // Keep the profile alive past the clock reads so its deallocation is not timed as part of a read.
        withExtendedLifetime(profile) {
            firstRead.append(middle - start)
            readOnly.append(end - middle)
        }
    }
} catch {
    print("runtime-bench: \(error)")
    exit(1)
}

print("payload: \(encoded.utf8.count) bytes, argv: \(arguments.count) tokens, \(iterations) iterations")
print("runtime first read (30 entries): \(format(medianMicroseconds(firstRead)))")
print("runtime later read: \(format(medianMicroseconds(readOnly)))")

// Reads through `ActiveProfile.current`, in batches of `batch` reads (a clock read costs about as much as one read).

/// The read as it was before scopes: `ActiveProfile.current` was this `static let`.
enum Before {
    static let current = ActiveProfile.current
}

let configuration = LaunchConfiguration(
    name: "uitest", launchArguments: payload.launchArguments + ["--page-size", "7"], launchEnvironment: environment)
let batch = 100
let rounds = max(iterations / 20, 200)
var before: [UInt64] = []
var noScope: [UInt64] = []
var inScope: [UInt64] = []

@MainActor @inline(never)
func timeBatch(_ read: () -> Int) -> UInt64 {
    let start = now()
    for _ in 0..<batch { checksum &+= read() }
    return now() - start
}

// Phase 1: a process that never entered a scope (an app): `current` is the launch, read as before.
var firstBefore: [UInt64] = []
var firstNoScope: [UInt64] = []
for _ in 0..<rounds {
    firstBefore.append(timeBatch { Before.current.int(forKey: "pageSize", default: 0) })
    firstNoScope.append(timeBatch { ActiveProfile.current.int(forKey: "pageSize", default: 0) })
}
// Phase 2: scopes come and go in the process (a test runner): a read outside one, when none is alive, and inside one.
for _ in 0..<rounds {
    before.append(timeBatch { Before.current.int(forKey: "pageSize", default: 0) })
    noScope.append(timeBatch { ActiveProfile.current.int(forKey: "pageSize", default: 0) })
    ActiveProfile.withProfile(configuration) {
        inScope.append(timeBatch { ActiveProfile.current.int(forKey: "pageSize", default: 0) })
    }
}
// Phase 3: a read outside any scope while another thread is inside one (parallel tests, one of them unscoped): the
// read looks the task local up. The other thread enters its scope, says so on a pipe, and waits for a byte back.
var entered: [Int32] = [0, 0]
var release: [Int32] = [0, 0]
guard pipe(&entered) == 0, pipe(&release) == 0 else {
    print("runtime-bench: pipe: errno \(errno)")
    exit(1)
}
nonisolated(unsafe) var pipes = (entered: entered, release: release)
let heldConfiguration = configuration

/// The other thread: inside a scope until told to leave.
nonisolated func holdScope(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    ActiveProfile.withProfile(heldConfiguration) {
        var byte: UInt8 = 1
        _ = write(pipes.entered[1], &byte, 1)
        _ = read(pipes.release[0], &byte, 1)
    }
    return nil
}
#if canImport(Darwin)
var holder: pthread_t?
#else
var holder = pthread_t()
#endif
let created = pthread_create(&holder, nil, holdScope, nil)
guard created == 0 else {
    print("runtime-bench: pthread_create: \(created)")
    exit(1)
}
var byte: UInt8 = 0
_ = read(entered[0], &byte, 1)
var elsewhereBefore: [UInt64] = []
var elsewhere: [UInt64] = []
for _ in 0..<rounds {
    elsewhereBefore.append(timeBatch { Before.current.int(forKey: "pageSize", default: 0) })
    elsewhere.append(timeBatch { ActiveProfile.current.int(forKey: "pageSize", default: 0) })
}
_ = write(release[1], &byte, 1)
#if canImport(Darwin)
if let holder { pthread_join(holder, nil) }
#else
pthread_join(holder, nil)
#endif

/// Nanoseconds per read, median over the batches.
func perRead(_ samples: [UInt64]) -> Double { medianMicroseconds(samples) * 1000 / Double(batch) }

/// A ratio with two decimals.
func ratio(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)x"
}

/// One line: the read's cost and its ratio to the read before scopes measured beside it.
func report(_ label: String, _ samples: [UInt64], against baseline: [UInt64]) {
    let nanoseconds = perRead(samples)
    print(
        "read through current, \(label): \(Int(nanoseconds.rounded())) ns, "
            + "\(ratio(nanoseconds / perRead(baseline))) of before (\(Int(perRead(baseline).rounded())) ns)")
}

report("no scope ever entered", firstNoScope, against: firstBefore)
report("no scope, scopes come and go", noScope, against: before)
report("in a scope", inScope, against: before)
report("no scope, one alive on another thread", elsewhere, against: elsewhereBefore)
if checksum == 42 { print("") }  // keeps the reads observable
