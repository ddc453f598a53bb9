/// One profile file as written: `profiles/uitest.yml`, or its overlay `profiles/uitest.local.yml`.
///
/// Nothing here is inherited or interpolated yet: that is ``Resolver``'s job.
package struct ProfileDefinition: Sendable {
    /// The profile's name (the file name without `.yml`, `.yaml` or `.local.yml`).
    package var name: String
    /// The file.
    package var file: SourceFile
    /// Whether this is a personal `.local` overlay.
    package var isOverlay: Bool
    /// The one-line description shown by `list` and completion.
    package var description: Located<String>?
    /// An abstract profile can be extended but not run, and is hidden from `list`.
    package var isAbstract: Bool = false
    /// Where `abstract: true` is written.
    package var abstractLocation: SourceLocation?
    /// The parents, in order (later wins).
    package var extends: [Located<String>] = []
    /// Environment entries in the order written; a nil value unsets the variable.
    package var environment: [EnvironmentEntry] = []
    /// Changes to the argument list, in the order written.
    package var arguments: [ArgumentOperation] = []
    /// `appendArguments: false`: the profile's arguments are never appended to the command's argv (a profile made
    /// for tools: they travel in the payload only). Inherited: the last file of the chain that sets it wins; nil
    /// when this file does not set it. Where the key is written.
    package var appendArguments: Located<Bool>?
    /// `redact: true`: `run` masks the secret values in the command's output, as `run --redact` does. Inherited: the
    /// last file of the chain that sets it wins; nil when this file does not set it. Where the key is written.
    package var redact: Located<Bool>?
    /// Flags switched on or off.
    package var flags: [Setting<Bool>] = []
    /// Mock points and the variant each selects.
    package var mocks: [Setting<String>] = []
    /// Typed values; a nil value removes an inherited one.
    package var values: [Setting<TypedValue?>] = []

    /// An empty definition for `name` in `file`.
    package init(name: String, file: SourceFile, isOverlay: Bool) {
        self.name = name
        self.file = file
        self.isOverlay = isOverlay
    }
}

/// One `env` entry: `NAME: value`, or `NAME: null` to unset.
package struct EnvironmentEntry: Sendable {
    /// The variable's name, where it is written.
    package var name: Located<String>
    /// The value as written (before interpolation); nil unsets the variable.
    package var value: Located<String>?
    /// Whether `${...}` and `$$` in the value are interpolated (false for `!verbatim` values).
    package var interpolates: Bool
    /// False for `NAME: {value: …, enabled: false}`: an entry written unchecked in Xcode exports, which `run` does
    /// not apply.
    package var isEnabled: Bool = true
}

/// A flag, mock or value setting: a key and what it is set to.
package struct Setting<Value: Sendable>: Sendable {
    /// The key, where it is written.
    package var key: Located<String>
    /// The setting, where it is written.
    package var value: Located<Value>
}

/// One item of a profile's `arguments`.
package enum ArgumentOperation: Sendable {
    /// Appends arguments. A group (`[-AppleLanguages, "(en)"]`) travels, drops and is replaced as one item. A
    /// disabled item (`- {argument: -verbose, enabled: false}`) is not applied by `run`; Xcode exports write it
    /// unchecked.
    case append([Located<String>], isEnabled: Bool = true)
    /// Removes the inherited items whose first argument is this one (`- drop: -verbose`).
    case drop(Located<String>)
    /// Replaces the inherited items whose first argument is `target` by `replacement`, in place.
    case replace(target: Located<String>, replacement: [Located<String>], isEnabled: Bool = true)
}
