import ProfileRuntime
import Testing

/// The preview layer through its public API, in this process where every other test reads inside a scope (which
/// hides the preview): a detached task has no scope and reads the preview.
@Suite(.serialized)
struct PreviewLayerTests {
    /// What a read with no scope sees.
    static func unscoped() async -> (profiles: [String], pageSize: Int, source: String) {
        await Task.detached {
            let profile = ActiveProfile.current
            return (
                profile.profiles, profile.value(ProfileValues.pageSize), "\(profile.source(of: ProfileValues.pageSize))"
            )
        }.value
    }

    @Test func previewingSetsThePreviewForTheProcessAndNilTurnsItOff() async {
        let launch = await Self.unscoped()
        let made = ActiveProfile.previewing(LaunchProfiles.uitest) { "the view" }
        #expect(made == "the view")
        #expect(ActiveProfile.preview == LaunchProfiles.uitest)
        let previewed = await Self.unscoped()
        #expect(previewed.profiles == ["uitest"])
        #expect(previewed.pageSize == 5)
        #expect(previewed.source == "preview (uitest)")
        // A scope still wins over the preview.
        ActiveProfile.withProfile(LaunchProfiles.offline) {
            #expect(ActiveProfile.current.profiles == ["offline"])
        }
        ActiveProfile.preview = nil
        #expect(ActiveProfile.preview == nil)
        let after = await Self.unscoped()
        #expect(after.profiles == launch.profiles)
        #expect(after.pageSize == launch.pageSize)
    }
}
