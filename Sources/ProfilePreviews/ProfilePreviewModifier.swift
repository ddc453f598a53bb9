// SwiftUI previews with a profile: `#Preview(traits: .profile(LaunchProfiles.demo)) { CountryList() }`.
//
// Written from Apple's documentation (no Mac builds this here; the macOS job of .github/workflows/ci.yml does):
// - `PreviewModifier`: `@MainActor protocol PreviewModifier`, `associatedtype Context = Void`,
//   `static func makeSharedContext() async throws -> Self.Context`,
//   `func body(content: Self.Content, context: Self.Context) -> Self.Body`; iOS 18, macOS 15, tvOS 18, watchOS 11,
//   visionOS 2 (https://developer.apple.com/documentation/swiftui/previewmodifier,
//   .../previewmodifier/body(content:context:), .../previewmodifier/context).
// - `PreviewTrait.modifier(_:)`: `@MainActor static func modifier(_ modifier: some PreviewModifier) -> PreviewTrait<T>`
//   where `T == Preview.ViewTraits`, same availability
//   (https://developer.apple.com/documentation/developertoolssupport/previewtrait/modifier(_:)).
// - `#Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: …, body:)`
//   (https://developer.apple.com/documentation/swiftui/preview(_:traits:_:body:)).
#if canImport(SwiftUI)
@_exported import ProfileRuntime
import SwiftUI

/// Sets the process's preview profile (`ActiveProfile.preview`) for the preview it modifies.
///
/// Use it through the trait: `#Preview(traits: .profile(LaunchProfiles.demo))`. The profile is set when the preview's
/// content is built, before its views' `body` is evaluated: views read `ActiveProfile.current` there (or in `task`,
/// `onAppear`, a model created in them). A view that reads the profile in its `init`, which the `#Preview` body
/// calls first, makes it inside `ActiveProfile.previewing(LaunchProfiles.demo) { … }` instead.
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct ProfilePreviewModifier: PreviewModifier {
    /// The profile the preview runs with.
    public let configuration: LaunchConfiguration

    /// A modifier that previews with `configuration`.
    public init(configuration: LaunchConfiguration) {
        self.configuration = configuration
    }

    /// Sets the preview profile, then shows the preview's content unchanged.
    public func body(content: Content, context: Void) -> some View {
        ActiveProfile.preview = configuration
        return content
    }
}

@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension PreviewTrait where T == Preview.ViewTraits {
    /// Previews with `configuration` as `ActiveProfile.current` (a generated `LaunchProfiles.<name>`, changed with its
    /// typed overrides if need be): `#Preview(traits: .profile(LaunchProfiles.demo)) { CountryList() }`.
    @MainActor
    public static func profile(_ configuration: LaunchConfiguration) -> PreviewTrait<Preview.ViewTraits> {
        .modifier(ProfilePreviewModifier(configuration: configuration))
    }
}
#endif
