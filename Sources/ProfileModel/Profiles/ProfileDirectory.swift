import ProfilePlatform
import ProfileRuntime

/// The `profiles/` directory and what its file names say: which profiles, overlays and catalog exist.
///
/// Listing reads only file names, never file contents, so `profile list --names` and completion stay fast with
/// thousands of profiles.
package struct ProfileDirectory: Sendable {
    /// The environment variable that points at a profiles directory, like `--profiles-dir`.
    package static let environmentVariable = "PROFILES_DIR"
    /// The directory name searched for from the working directory upwards.
    package static let directoryName = "profiles"
    /// The catalog's file name, without extension (`_catalog.yml`): it is not a profile.
    package static let catalogName = "_catalog"

    /// One profile's files.
    package struct Entry: Sendable {
        /// The profile's name.
        package var name: String
        /// Its file, as shown to the user.
        package var path: String
        /// Its `.local` overlay, when there is one.
        package var overlayPath: String?
    }

    /// The directory, as shown to the user (relative to the working directory when it was found by walking up).
    package let path: String
    /// The profiles by name, matched byte for byte (see ``Entries``).
    package private(set) var entries = Entries()
    /// The profile names, sorted.
    package private(set) var names: [String] = []
    /// The catalog file, when there is one.
    package private(set) var catalogPath: String?
    /// Problems with file names (invalid names, `x.yml` beside `x.yaml`, an overlay without its profile).
    package private(set) var diagnostics: [Diagnostic] = []

    /// The same listing with no `.local` overlays: what a clean checkout has (`profile generate swift` without
    /// `--include-local`).
    package func withoutOverlays() -> ProfileDirectory {
        var copy = self
        for name in copy.names { copy.entries[name]?.overlayPath = nil }
        return copy
    }

    /// Finds the directory: `explicit` (the `--profiles-dir` option), else `$PROFILES_DIR`, else the first
    /// `profiles/` directory found walking up from `workingDirectory`, stopping at the repository root (the
    /// first directory that holds `.git`).
    package static func locate(
        explicit: String?, environment: EnvironmentTable, workingDirectory: String = FileSystem.currentDirectory()
    ) throws(Diagnostic) -> ProfileDirectory {
        if let explicit {
            if let reason = FileSystem.notDirectoryReason(explicit) {
                throw .error("`\(explicit)` (given with --profiles-dir) is not a directory: \(reason)")
            }
            return try ProfileDirectory(path: explicit)
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            if let reason = FileSystem.notDirectoryReason(fromEnvironment) {
                throw .error("`\(fromEnvironment)` (given with \(environmentVariable)) is not a directory: \(reason)")
            }
            return try ProfileDirectory(path: fromEnvironment)
        }
        var directory = workingDirectory
        var display = directoryName
        while true {
            let candidate = FileSystem.join(directory, directoryName)
            if FileSystem.isDirectory(candidate) { return try ProfileDirectory(path: display) }
            if FileSystem.exists(FileSystem.join(directory, ".git")) { break }
            let parent = FileSystem.directoryName(directory)
            if parent == directory { break }
            directory = parent
            display = "../" + display
        }
        throw .error(
            "no `\(directoryName)/` directory here or in any parent up to the repository root; create one with "
                + "`profile init`, or name one with --profiles-dir or \(environmentVariable)")
    }

    /// Lists `path`.
    package init(path: String) throws(Diagnostic) {
        let files: [(name: String, kind: FileSystem.EntryKind)]
        do {
            files = try FileSystem.listEntries(path)
        } catch {
            throw .error(error.description)
        }
        self.init(path: path, listing: files)
    }

    /// The profiles of a listing of `path` (what `readdir` returned): every name comes from here, so a name is a
    /// profile only if a file is named exactly so, whatever the file system would also open (APFS opens
    /// `uitest.yml` for `UITest.yml`).
    init(path: String, listing: [(name: String, kind: FileSystem.EntryKind)]) {
        self.path = path
        var files = listing
        files.sort { $0.name < $1.name }
        var overlays: [(String, String)] = []
        var added: [String] = []
        added.reserveCapacity(files.count)
        entries.reserveCapacity(files.count)
        let prefix = path.isEmpty || path == "." ? "" : path.utf8.last == UInt8(ascii: "/") ? path : path + "/"
        for (file, kind) in files {
            // Names are matched by bytes: `.yml` or `.yaml`, then `.local` and `_catalog` before it.
            let utf8 = file.utf8
            guard let first = utf8.first, first != UInt8(ascii: ".") else { continue }
            let extensionLength: Int
            if Self.endsWith(utf8, ".yml") {
                extensionLength = 4
            } else if Self.endsWith(utf8, ".yaml") {
                extensionLength = 5
            } else {
                continue
            }
            let stemUTF8 = utf8.dropLast(extensionLength)
            let filePath = prefix + file
            // `readdir` knows files and directories; links and unknown kinds are followed with `stat`.
            if kind == .directory || (kind == .other && FileSystem.isDirectory(filePath)) { continue }
            if stemUTF8.elementsEqual(Self.catalogName.utf8) {
                if let catalogPath {
                    diagnostics.append(
                        fileError(filePath, "there are two catalogs, `\(catalogPath)` and this one; keep one"))
                } else {
                    catalogPath = filePath
                }
                continue
            }
            if Self.endsWith(stemUTF8, ".local") {
                let name = String(Substring(stemUTF8.dropLast(6)))
                if Names.isValidProfileName(name) {
                    overlays.append((name, filePath))
                } else {
                    diagnostics.append(
                        fileError(
                            filePath, "`\(file)` is not a valid overlay name; overlays are named `<profile>.local.yml`")
                    )
                }
                continue
            }
            let name = String(Substring(stemUTF8))
            if let problem = Names.profileNameProblem(name) {
                let hint = first == UInt8(ascii: "_") ? " (the catalog is `\(Self.catalogName).yml`)" : ""
                diagnostics.append(
                    fileError(filePath, "`\(file)` is not a valid profile file name: \(problem)\(hint)"))
                continue
            }
            if let other = entries[name] {
                diagnostics.append(
                    fileError(filePath, "profile `\(name)` is defined twice, here and in `\(other.path)`; keep one"))
                continue
            }
            entries[name] = Entry(name: name, path: filePath, overlayPath: nil)
            added.append(name)
        }
        for (name, overlayPath) in overlays {
            if entries[name] == nil {
                diagnostics.append(
                    fileError(
                        overlayPath, "overlay for `\(name)`, but there is no profile `\(name)`",
                        suggestion: NearMiss.suggestion(for: name, in: entries.keys).map { "\($0).local.yml" }))
            } else if let existing = entries[name]?.overlayPath {
                diagnostics.append(
                    fileError(overlayPath, "profile `\(name)` has two overlays, here and in `\(existing)`; keep one"))
            } else {
                entries[name]?.overlayPath = overlayPath
            }
        }
        // The names come in the order of their files, which is nearly always theirs (`a-b.yml` before `a.yml` is not).
        if added.indices.dropFirst().allSatisfy({ added[$0 - 1] < added[$0] }) {
            names = added
        } else {
            names = added.sorted()
        }
    }

    /// The profiles by name. A lookup matches a name only when it is the file's name byte for byte: not the same
    /// name in another case (on a case-insensitive file system, macOS's APFS, `UITest.yml` opens `uitest.yml`, and
    /// `profile run UITest` must still be an unknown profile there as on Linux), and not a name Swift's `==` calls
    /// equal (canonical equivalence: `\u{212A}eys`, with the Kelvin sign, equals `Keys`).
    package struct Entries: Sendable {
        private var table: [String: Entry] = [:]

        init() {}

        /// The profile named exactly `name`, or nil.
        package subscript(name: String) -> Entry? {
            get {
                guard let entry = table[name], entry.name.utf8.elementsEqual(name.utf8) else { return nil }
                return entry
            }
            set { table[name] = newValue }
        }

        /// The names, in no particular order.
        package var keys: Dictionary<String, Entry>.Keys { table.keys }

        /// How many profiles there are.
        package var count: Int { table.count }

        mutating func reserveCapacity(_ capacity: Int) { table.reserveCapacity(capacity) }
    }

    /// Whether `bytes` ends with the ASCII `suffix`.
    private static func endsWith<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes, _ suffix: StaticString) -> Bool
    {
        let tail = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        return bytes.reversed().starts(with: tail.reversed())
    }

    private func fileError(_ path: String, _ message: String, suggestion: String? = nil) -> Diagnostic {
        .error(
            message, at: .wholeFile(SourceFile(path: path, bytes: [])),
            suggestion: suggestion)
    }
}
