/// Where a read's value came from: the layer of ``ActiveProfile/current`` that set the key, and its profiles.
///
/// ```swift
/// let source = ActiveProfile.current.source(of: ProfileValues.pageSize)
/// print(source)   // "scope (offline)", "preview (demo)", "launch (uitest)", "baked (staging)" or "default"
/// ```
public struct ProfileSource: Sendable, Hashable, CustomStringConvertible {
    /// The layers ``ActiveProfile/current`` reads, highest first.
    public enum Layer: Sendable, Hashable {
        /// A scope set by `ActiveProfile.withProfile(_:operation:)` or a test's `.profile(…)` trait.
        case scope
        /// The process-wide preview profile (``ActiveProfile/preview``).
        case preview
        /// What the process was launched with: its arguments, `PROFILE_PAYLOAD` and its environment.
        case launch
        /// The profile compiled into the build (``ActiveProfile/bake(_:)``).
        case baked
        /// No layer sets the key: a registered default (the catalog's) or the call site's `default:`.
        case `default`

        /// `scope`, `preview`, `launch`, `baked` or `default`.
        public var name: String {
            switch self {
            case .scope: "scope"
            case .preview: "preview"
            case .launch: "launch"
            case .baked: "baked"
            case .default: "default"
            }
        }
    }

    /// The layer that set the key.
    public let layer: Layer
    /// The profiles of that layer, in the order they were applied (empty for ``Layer/default``, and for a launch
    /// without a profile: a plain launch argument or environment variable).
    public let profiles: [String]

    /// A source in `layer` with `profiles`.
    public init(layer: Layer, profiles: [String]) {
        self.layer = layer
        self.profiles = profiles
    }

    /// `scope (offline)`, `launch (base+uitest)`, `launch` (no profile), `default`.
    public var description: String {
        profiles.isEmpty ? layer.name : layer.name + " (" + profiles.joined(separator: "+") + ")"
    }
}
