import ProfileModel
import ProfileRuntime

/// What `profile import` reads: a format (``ImportFormat``), and the choices of the command line that say which part
/// of the file to read.
package struct ImportSource: Sendable {
    /// The format the file is read in.
    package var format: any ImportFormat
    /// `--action`: the action of a scheme to read (for the formats taking ``ImportOptions/action``).
    package var action: XcodeImportAction
    /// `--configuration`: the configuration inside the file to read (for the formats taking
    /// ``ImportOptions/configuration``); nil when not given.
    package var configuration: String?

    package init(_ format: any ImportFormat, action: XcodeImportAction = .launch, configuration: String? = nil) {
        self.format = format
        self.action = action
        self.configuration = configuration
    }
}

/// What an import read from a file, in the file's order, before it becomes a profile.
package struct ImportedEntries {
    /// One launch-argument entry (one Xcode entry, which Xcode splits into words).
    struct Argument {
        var text: String
        var isEnabled: Bool
        /// Where the entry is (its text, when it can be pointed at).
        var location: SourceLocation
        /// Whether the entry is one argument as it is (a `launch.json` `args` element), not words to split.
        var isOneWord = false
        /// The argument in the profile format's interpolation syntax, when the file has references the profile
        /// keeps as references (VS Code's `${env:NAME}` becomes `${NAME}`); nil when its text is taken literally.
        var template: String? = nil
    }

    /// One environment variable entry.
    struct Variable {
        var name: String
        var value: String
        var isEnabled: Bool
        var location: SourceLocation
        /// The value in the profile format's interpolation syntax, when the file interpolates it too (a dotenv
        /// value outside single quotes: `${NAME}` stays a reference); nil when every `$` of ``value`` is literal.
        var template: String? = nil
    }

    /// The `PROFILE_PAYLOAD` entry of a file an export wrote, decoded.
    struct Payload {
        var payload: ProfilePayload
        var isEnabled: Bool
        var location: SourceLocation
    }

    /// What the entries are from, for comments: `App.xcscheme (LaunchAction)`.
    var origin: String
    /// How a file of this kind says an entry is switched off, for comments: `disabled in Xcode`.
    var disabledWording = "disabled in Xcode"
    var arguments: [Argument] = []
    var variables: [Variable] = []
    var payload: Payload?
    /// Warnings and notes found while reading.
    var notes: [Diagnostic] = []
    /// The errors found while reading (every line of a `.env` that cannot be read): nothing is imported when there is
    /// one.
    var errors: [Diagnostic] = []
    /// Whether the entries are Xcode's, where Xcode expands build setting references (`$(SRCROOT)`): the import warns
    /// that `profile run` passes them as they are.
    var expandsBuildSettings = false
    /// Whether `-key value` arguments of catalog keys become flags, mocks and values (Xcode's entries, which an
    /// export writes so); a `launch.json`'s `args` are the profile's arguments as they are (its typed layer travels in
    /// `PROFILE_PAYLOAD`).
    var typesArguments = true
}

extension ImportedEntries {
    /// A `PROFILE_PAYLOAD` value read back, or the error saying why it cannot be.
    static func payload(
        _ text: String, isEnabled: Bool, at location: SourceLocation, length: Int
    ) throws(Diagnostic) -> Payload {
        do {
            return Payload(payload: try WireFormat.decode(text), isEnabled: isEnabled, location: location)
        } catch {
            throw .error(
                "this `\(WireFormat.environmentVariable)` entry holds the typed layer of an earlier export, but it "
                    + "cannot be read (\(error.message)): restore its value, or delete the entry, and import again",
                at: location, length: length)
        }
    }
}
