// defaults-probe: launched by `peers` with an argv; for each key of PROBE_KEYS (comma-separated) prints one line
// `KEY<TAB>defaults <TAB>runtime` with what `UserDefaults.standard.object(forKey:)` holds and what `ActiveProfile`
// reads (`string(forKey:)`, `strings(forKey:)`, `isEnabled`), each described the same way.
import Foundation
import ProfileRuntime

func describe(_ object: Any?) -> String {
    switch object {
    case nil: return "nil"
    case let string as String: return "string " + string.debugDescription
    case let array as [Any]: return "array [" + array.map(describe).joined(separator: ", ") + "]"
    case let dictionary as [String: Any]:
        let pairs = dictionary.keys.sorted().map { "\($0): \(describe(dictionary[$0]))" }
        return "dictionary {" + pairs.joined(separator: ", ") + "}"
    case let data as Data: return "data \(Array(data))"
    default: return "other \(type(of: object!))"
    }
}

let keys = (ProcessInfo.processInfo.environment["PROBE_KEYS"] ?? "").split(separator: ",").map(String.init)
let profile = ActiveProfile.current
for key in keys {
    let string = profile.string(forKey: key)
    let strings = profile.strings(forKey: key)
    let ours =
        "string \(string.map(\.debugDescription) ?? "nil"); strings "
        + (strings.map { "[" + $0.map(\.debugDescription).joined(separator: ", ") + "]" } ?? "nil")
        + "; enabled \(profile.isEnabled(key))"
    print("\(key)\t\(describe(UserDefaults.standard.object(forKey: key)))\t\(ours)")
}
