import Foundation

// peers: runs each comparison with a peer and exits 1 when any shows a difference that is not documented.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var failures = 0
do {
    failures += try KeyMapping.run()
    let probe = ProcessInfo.processInfo.environment["DEFAULTS_PROBE"] ?? "defaults-probe"
    failures += try ArgumentDomain.run(probe: probe)
    failures += FoundationTypes.run()
} catch {
    print("error: \(error)")
    failures += 1
}
print(failures == 0 ? "peers: no undocumented difference" : "peers: \(failures) undocumented difference(s)")
exit(failures == 0 ? 0 : 1)
