import ProfileRuntime

// Reads the active profile through the keys that the prebuilt `profile` generated from profiles/_catalog.yml.
let profile = ActiveProfile.current
do {
    print("profiles: \(profile.profiles.isEmpty ? "none" : profile.profiles.joined(separator: "+"))")
    print("onboarding: \(profile.isEnabled(ProfileFlags.onboarding))")
    print("countries: \(try profile.variant(of: Countries.self).rawValue)")
    print("retries: \(profile.value(ProfileValues.retries))")
} catch {
    print("error: \(error)")
}
