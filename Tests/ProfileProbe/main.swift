// profile-probe: a tiny app for the end-to-end tests of `profile run`: prints what `ActiveProfile.current` reads, one
// `key=value` per line, so a test can check what an app receives when launched through a tool in between
// (`profile run uitest --no-arguments -- sh -c 'exec profile-probe'`).
import ProfileRuntime

let profile = ActiveProfile.current
print("profiles=\(profile.profiles.joined(separator: "+"))")
print("argc=\(profile.arguments.count)")
print("UITests=\(profile.isEnabled("UITests"))")
print("skipOnboarding=\(profile.isEnabled("skipOnboarding"))")
print("AppleLanguages=\(profile.string(forKey: "AppleLanguages") ?? "-")")
print("pageSize=\(profile.int(forKey: "pageSize").map(String.init) ?? "-")")
print("countries=\(profile.string(forKey: "countries") ?? "-")")
