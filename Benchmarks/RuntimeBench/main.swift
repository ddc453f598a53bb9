// Micro-benchmark of the runtime's first read: parse a 30-entry profile (payload + argv) and read one value.
//
//     swift build -c release --scratch-path .build-runtime --product runtime-bench
//     .build-runtime/release/runtime-bench [iterations]
//
// Prints the median over many iterations, e.g. `runtime first read (30 entries): 4.2 us`.

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

let iterations = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
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
if checksum == 42 { print("") }  // keeps the reads observable
