/// The typed layer of a resolved profile, as it travels to the launched process in `PROFILE_PAYLOAD`.
///
/// `profile run` builds one of these from the resolved profile and encodes it with ``WireFormat/encode(_:)``;
/// the launched app decodes it (usually through ``ActiveProfile/current``).
public struct ProfilePayload: Sendable, Equatable {
    /// The names of the applied profiles, in the order they were applied.
    public var profiles: [String]
    /// On/off switches by key.
    public var flags: [String: Bool]
    /// The selected variant of each mock point, by mock point key.
    public var mocks: [String: String]
    /// Typed settings by key, as text; readers convert on demand.
    public var values: [String: String]
    /// The arguments the profile added to the child's argv, in order.
    public var arguments: [String]
    /// The names of the environment variables the profile set, in order, so they can be forwarded.
    public var environmentKeys: [String]
    /// The argument entries an export into a file with checkboxes (an Xcode scheme or test plan) wrote, in order:
    /// each entry's words (Xcode splits an entry shell-style) and whether it was written checked. In such a file the
    /// arguments and the typed entries that can be options travel as those entries, each with its checkbox, and not
    /// in ``arguments``, ``flags``, ``mocks`` or ``values``: unchecking `-pageSize 5` in Xcode makes the app read
    /// its default. Nothing reads them as launch arguments (a checked entry is on the process's argv already); they
    /// tell `profile export --update` what it wrote, and ``ActiveProfile/launchArguments`` hands on those of them
    /// that are on this process's argv.
    public var checkboxArguments: [CheckboxEntry] = []
    /// The environment variables such an export wrote unchecked (`enabled: false`), each placed among
    /// ``environmentKeys``.
    public var disabledEnvironmentKeys: [Placed] = []

    /// One argument entry with a checkbox.
    public struct CheckboxEntry: Sendable, Equatable {
        /// The entry's words.
        public var words: [String]
        /// Whether it was written checked.
        public var isEnabled: Bool

        /// Creates an entry.
        public init(words: [String], isEnabled: Bool) {
            self.words = words
            self.isEnabled = isEnabled
        }
    }

    /// A disabled entry and where it goes: before the entry at `position` of its list (at the end when `position`
    /// is the list's count).
    public struct Placed: Sendable, Equatable {
        /// How many entries of the list come before it.
        public var position: Int
        /// The argument, or the variable's name.
        public var text: String

        /// Creates a placed entry.
        public init(position: Int, text: String) {
            self.position = position
            self.text = text
        }
    }

    /// Creates a payload; every part defaults to empty.
    public init(
        profiles: [String] = [],
        flags: [String: Bool] = [:],
        mocks: [String: String] = [:],
        values: [String: String] = [:],
        arguments: [String] = [],
        environmentKeys: [String] = []
    ) {
        self.profiles = profiles
        self.flags = flags
        self.mocks = mocks
        self.values = values
        self.arguments = arguments
        self.environmentKeys = environmentKeys
    }

    /// The payload in Apple's argument-domain form, which `UserDefaults` reads natively.
    ///
    /// The profile's ``arguments`` come first, as given; then flags as `-key YES|NO`, mocks as `-key variant` and
    /// values as `-key value`, each group sorted by key (byte order), inserted before the arguments' own first `--`
    /// when they have one (after it they would not be options). A value that would read as an option (it starts with
    /// `-` and is not a negative number) is written `--key=value` instead, so that it reads back exactly.
    ///
    /// A process launched with these arguments and this payload reads each key as the payload says: a key that is
    /// two things at once (a flag and a value, `-k YES -k x`), is set under two spellings of one runtime key
    /// (`pageSize`, `page_size`), or cannot be written as an option (a text or key holding a NUL byte, a key holding
    /// `=`) is left to the payload, and the arguments' own options for such a key are left out.
    public var launchArguments: [String] {
        LaunchArgumentsWriter.arguments(for: self, overrides: [:])
    }

    /// True when the payload carries nothing at all.
    public var isEmpty: Bool {
        profiles.isEmpty && flags.isEmpty && mocks.isEmpty && values.isEmpty && arguments.isEmpty
            && environmentKeys.isEmpty && checkboxArguments.isEmpty && disabledEnvironmentKeys.isEmpty
    }
}

/// Byte-order comparison of two strings' UTF-8 (`String.<` compares canonically equivalent forms, not bytes).
@inline(__always)
func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
}
