// profile-probe: a tiny app for the end-to-end tests of `profile run`: prints what `ActiveProfile.current` reads, one
// `key=value` per line, so a test can check what an app receives when launched through a tool in between
// (`profile run uitest --no-arguments -- sh -c 'exec profile-probe'`).
import ProfileRuntime

// `profile-probe --hand-on APP [ARGS...]`: a stand-in UI test runner (see HandOn.swift).
if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "--hand-on" {
    handOn(app: CommandLine.arguments[2], arguments: Array(CommandLine.arguments.dropFirst(3)))
}

let profile = ActiveProfile.current
print("profiles=\(profile.profiles.joined(separator: "+"))")
print("argc=\(profile.arguments.count)")
print("UITests=\(profile.isEnabled("UITests"))")
print("skipOnboarding=\(profile.isEnabled("skipOnboarding"))")
print("AppleLanguages=\(profile.string(forKey: "AppleLanguages") ?? "-")")
print("pageSize=\(profile.int(forKey: "pageSize").map(String.init) ?? "-")")
print("countries.datasource=\(profile.string(forKey: "countries.datasource") ?? "-")")

// `PROBE_READS=int:hex,double:pinf,string:hex,decode` (read through the runtime's own environment fallback, as the
// key `probeReads`): one more line per read, `int:hex=31`, and for `decode` the `Numbers` struct's fields.
struct Numbers: Decodable {
    var hex: Int
    var oct: Int
    var pinf: Double
    var ninf: Double
    var nan: Double
}

for read in (profile.string(forKey: "probeReads") ?? "").split(separator: ",") {
    let parts = read.split(separator: ":", maxSplits: 1).map(String.init)
    switch (parts.first ?? "", parts.count == 2 ? parts[1] : "") {
    case ("int", let key): print("int:\(key)=\(profile.int(forKey: key).map { String($0) } ?? "-")")
    case ("double", let key): print("double:\(key)=\(profile.double(forKey: key).map { String($0) } ?? "-")")
    case ("string", let key): print("string:\(key)=\(profile.string(forKey: key) ?? "-")")
    case ("decode", _):
        do {
            let numbers = try profile.decode(Numbers.self)
            print("decode=\(numbers.hex) \(numbers.oct) \(numbers.pinf) \(numbers.ninf) \(numbers.nan)")
        } catch {
            print("decode=error \(error)")
        }
    default: print("unknown read \(read)")
    }
}
