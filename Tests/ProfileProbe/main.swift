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
print("countries=\(profile.string(forKey: "countries") ?? "-")")
