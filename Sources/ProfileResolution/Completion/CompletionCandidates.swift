import ProfileModel

/// What shell completion offers, computed fast: profile names come from file names and a scan of each file's
/// top lines (``ProfileSummary``), never from a full load; flags, mock points and values come from the catalog (or,
/// without one, from the profiles themselves).
package struct CompletionCandidates {
    /// One candidate: the word and its description (shown by zsh and fish).
    package struct Candidate: Sendable, Equatable {
        /// The word to insert.
        package var word: String
        /// The description, possibly empty.
        package var description: String

        /// Creates a candidate.
        package init(_ word: String, _ description: String = "") {
            self.word = word
            self.description = description
        }

        /// `word<TAB>description`, the line format of `profile __complete`.
        package var line: String {
            // A description on one line without tabs (nearly all of them) is its own clean form.
            let isClean = description.utf8.allSatisfy { $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
            let clean =
                isClean
                ? description
                : description.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
            return clean.isEmpty ? word : word + "\t" + clean
        }
    }

    private let directory: ProfileDirectory
    private lazy var repository = ProfileRepository(directory: directory)

    /// Candidates from `directory`.
    package init(directory: ProfileDirectory) {
        self.directory = directory
    }

    /// The profiles that can be run (abstract ones hidden), with their descriptions.
    package func profiles() -> [Candidate] {
        let names = directory.names
        let paths = names.map { directory.entries[$0]?.path }
        // One file after another, in this thread: a TAB press starts no task (starting the concurrency runtime's threads
        // costs more than reading thousands of summaries; Benchmarks/README.md).
        let summaries = names.indices.map { index in
            paths[index].flatMap { ProfileSummary.read(name: names[index], path: $0) }
        }
        var candidates: [Candidate] = []
        candidates.reserveCapacity(names.count)
        for (index, name) in names.enumerated() where paths[index] != nil {
            guard let summary = summaries[index] else {
                candidates.append(Candidate(name))
                continue
            }
            if summary.isAbstract { continue }
            candidates.append(Candidate(name, summary.description ?? ""))
        }
        return candidates
    }

    /// Flag keys.
    package mutating func flags() -> [Candidate] {
        if let catalog = repository.catalog {
            return catalog.flags.map { Candidate($0.key.value, $0.description ?? "") }
        }
        return keysFromProfiles(.flags)
    }

    /// Mock point keys.
    package mutating func mockPoints() -> [Candidate] {
        if let catalog = repository.catalog {
            return catalog.mocks.map { Candidate($0.key.value, $0.description ?? "") }
        }
        return keysFromProfiles(.mocks)
    }

    /// The variants of mock point `point`.
    package mutating func variants(of point: String) -> [Candidate] {
        if let catalog = repository.catalog {
            return catalog.mock(point)?.variants.map { Candidate($0.name, $0.description ?? "") } ?? []
        }
        var seen = Set<String>()
        var result: [Candidate] = []
        for name in directory.names {
            for source in [repository.definition(name), repository.overlay(name)] {
                guard let definition = source else { continue }
                for mock in definition.mocks where mock.key.value == point && seen.insert(mock.value.value).inserted {
                    result.append(Candidate(mock.value.value))
                }
            }
        }
        return result.sorted { $0.word < $1.word }
    }

    /// Value keys, with their types.
    package mutating func values() -> [Candidate] {
        if let catalog = repository.catalog {
            return catalog.values.map { value in
                let type = value.type.name
                return Candidate(value.key.value, value.description.map { "\($0) (\(type))" } ?? type)
            }
        }
        return keysFromProfiles(.values)
    }

    /// The allowed texts of value `key`, when the catalog knows them (enum cases, bools).
    package mutating func valueTexts(of key: String) -> [Candidate] {
        guard let value = repository.catalog?.value(key) else { return [] }
        return value.type.completions(value.cases).map { Candidate($0) }
    }

    /// Environment variable names the catalog declares.
    package mutating func environmentNames() -> [Candidate] {
        repository.catalog?.environment.map { Candidate($0.name.value, $0.description ?? "") } ?? []
    }

    /// The keys the profiles and their overlays set in `section`, sorted: each file's section scanned, not the file
    /// loaded (``SectionKeys``).
    private func keysFromProfiles(_ section: SectionKeys.Section) -> [Candidate] {
        var files: [(name: String, path: String, isOverlay: Bool)] = []
        for name in directory.names {
            guard let entry = directory.entries[name] else { continue }
            files.append((name, entry.path, false))
            if let overlay = entry.overlayPath { files.append((name, overlay, true)) }
        }
        // One file after another, in this thread (see ``profiles()``).
        let found = files.map { SectionKeys.read(section, name: $0.name, path: $0.path, isOverlay: $0.isOverlay) }
        var seen = Set<String>()
        var result: [Candidate] = []
        for keys in found {
            for key in keys ?? [] where seen.insert(key).inserted { result.append(Candidate(key)) }
        }
        return result.sorted { $0.word < $1.word }
    }
}
