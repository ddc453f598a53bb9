import ProfileModel
import ProfileRuntime

/// The files `profile import` reads, in the order help and the docs list them (`docs/importing.md` is checked
/// against this list). Each is read into ``ImportedEntries`` by its reader (``ProfileImporter/importProfile``).
package enum ImportFormat: String, CaseIterable, Sendable {
    /// The arguments and environment of one action of an Xcode `.xcscheme`.
    case xcscheme
    /// The arguments and environment of an Xcode `.xctestplan` (its `defaultOptions`, or one configuration's).
    case xctestplan
    /// A `.env` file (docker compose / python-dotenv syntax).
    case dotenv
    /// The `args` and `env` of one configuration of a VS Code `launch.json`.
    case vscode

    /// What it reads, for help.
    package var summary: String {
        switch self {
        case .xcscheme: return "one action of an Xcode .xcscheme (Run, or --action test|profile)"
        case .xctestplan: return "an Xcode .xctestplan (defaultOptions, or --configuration NAME)"
        case .dotenv: return "a .env file (docker compose / python-dotenv syntax)"
        case .vscode: return "one configuration of a VS Code launch.json (--configuration NAME)"
        }
    }
}

/// What an import read from a file, in the file's order, before it becomes a profile.
struct ImportedEntries {
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
