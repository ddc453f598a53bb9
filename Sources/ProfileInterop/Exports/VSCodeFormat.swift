import ProfileModel
import ProfilePlatform
import ProfileResolution
import ProfileRuntime

/// `vscode`: a VS Code launch configuration (`.vscode/launch.json`, `"type": "swift"` as swiftlang/vscode-swift
/// writes them) whose `args` and `env` give the program what `profile run` gives it: the profile's arguments, and its
/// variables with `PROFILE_PAYLOAD` (the flags, mocks and values) last.
///
/// Without `--update` it prints one whole configuration object; with `--update FILE` it merges the entries into the
/// configuration named `--configuration NAME` (default: the profiles' names joined by `+`), or adds that
/// configuration, keeping every other byte of the file (see ``update(_:path:with:reveal:target:)``).
///
/// Secrets are written as VS Code references (``Redaction/References/vsCode``): a value taken from the invoking
/// environment as `${env:NAME}`, which VS Code substitutes from its own environment when it launches; a catalog secret
/// as `<secret>`. A `$` of a value is written as itself: VS Code has no escape, so a value holding `${workspaceFolder}`
/// (written `$${workspaceFolder}` in a profile) reaches VS Code as its variable.
package struct VSCodeFormat: ExportFormat {
    package let name = "vscode"
    package let summary = "a VS Code `launch.json` configuration's `args` and `env`"
    package let writesExactValues = false
    package let options: ExportOptions = [.update, .configuration]
    package let updatedFile = "launch.json"
    package init() {}

    /// The indentation step of a configuration printed alone (VS Code's default: four spaces).
    static let step = "    "

    /// The content: exact values with `reveal`, else secrets as VS Code references.
    func content(_ profile: ResolvedProfile, reveal: Bool) -> ExportContent {
        ExportContent(profile, exact: reveal, references: .vsCode)
    }

    /// The arguments written to `args`: the profile's, as `run` appends them (the typed layer travels in the payload).
    func arguments(_ content: ExportContent) -> [String] { Array(content.arguments.prefix(content.plainArgumentCount)) }

    /// The variables written to `env`, `PROFILE_PAYLOAD` last.
    func variables(_ content: ExportContent) -> [(name: String, value: String)] { content.setVariables }

    /// The name of the configuration the profiles get when none is named: their names joined by `+`.
    func defaultName(_ profile: ResolvedProfile) -> String { profile.names.joined(separator: "+") }

    func warnings(_ content: ExportContent) -> [Diagnostic] {
        content.referenceWarnings
            + content.unsetWarnings(in: "a VS Code launch configuration", consequence: "left out")
    }

    package func render(_ profile: ResolvedProfile, reveal: Bool) throws(Diagnostic) -> ExportOutput {
        let content = content(profile, reveal: reveal)
        var members = [
            "\"type\": \"swift\"", "\"request\": \"launch\"",
            "\"name\": " + JSONWriter.quote(defaultName(profile)),
        ]
        members += membersFor(content, step: Self.step)
        let lines = ["{"] + members.joined(separator: ",\n").split(separator: "\n").map { Self.step + $0 } + ["}"]
        return ExportOutput(text: lines.joined(separator: "\n") + "\n", warnings: warnings(content))
    }

    /// The `args` and `env` members (each possibly several lines, indented by `step` inside), those that have entries.
    func membersFor(_ content: ExportContent, step: String) -> [String] {
        var members: [String] = []
        let arguments = arguments(content)
        if !arguments.isEmpty {
            members.append("\"args\": " + Self.block("[", arguments.map { JSONWriter.quote($0) }, "]", step))
        }
        let variables = variables(content)
        if !variables.isEmpty {
            members.append("\"env\": " + Self.block("{", variables.map(Self.member), "}", step))
        }
        return members
    }

    /// `"NAME": "value"`.
    static func member(_ variable: (name: String, value: String)) -> String {
        JSONWriter.quote(variable.name) + ": " + JSONWriter.quote(variable.value)
    }

    /// `open`, each item on a line of its own one `step` in, and `close` (lines joined by `\n`).
    static func block(_ open: String, _ items: [String], _ close: String, _ step: String) -> String {
        guard !items.isEmpty else { return open + close }
        let lines = items.enumerated().map { position, item in
            item.split(separator: "\n", omittingEmptySubsequences: false).map { step + $0 }.joined(separator: "\n")
                + (position < items.count - 1 ? "," : "")
        }
        return ([open] + lines + [close]).joined(separator: "\n")
    }

    /// Merges the profile's `args` and `env` into the configuration named `target.configuration` (default: the
    /// profiles' names joined by `+`) of `file`, a `launch.json`, leaving every other byte as it was.
    ///
    /// - The user's own entries (those the last export did not write) stay byte for byte in their place; the
    ///   profile's are found from the `PROFILE_PAYLOAD` variable the last export left in `env` (its `argument=` and
    ///   `env=` entries), then kept, rewritten, removed or inserted as for an Xcode file (see ``XcodeEntryMerge``:
    ///   alignment, adoption of the entries that already say what the profile writes, the note when a file without a
    ///   record already holds them all).
    /// - A missing `args` or `env` is added at the end of the configuration; a configuration that does not exist is
    ///   added at the end of `configurations`, named so, as a Swift launch configuration that launches what the file's
    ///   first Swift launch configuration launches (its `program` or `target`, `configuration`, `cwd`,
    ///   `preLaunchTask`, copied byte for byte).
    /// - Comments, trailing commas, indentation and line endings stay; a comment before a removed entry stays.
    package func update(
        _ file: [UInt8], path: String, with profile: ResolvedProfile, reveal: Bool, target: ExportTarget
    ) throws(Diagnostic) -> ExportOutput {
        let content = content(profile, reveal: reveal)
        let name = target.configuration ?? defaultName(profile)
        var warnings = warnings(content)
        let launch = try VSCodeLaunchFile(file, path: path)
        var output: ExportOutput
        if let configuration = try launch.configuration(named: name) {
            let record = try Self.record(launch, configuration)
            let wantedArguments = arguments(content)
            var wantedVariables = variables(content)
            // A file without a record that already holds every entry as the profile says (an imported file) is left
            // as it is when the payload carries nothing else: the record is written with the first change.
            if !target.recording, record == nil, profile.flags.isEmpty, profile.mocks.isEmpty, profile.values.isEmpty,
                wantedVariables.last?.name == WireFormat.environmentVariable
            {
                wantedVariables.removeLast()
                let trial = try merge(
                    launch, configuration, record: nil, arguments: wantedArguments, variables: wantedVariables)
                if trial.bytes == file {
                    output = ExportOutput(
                        bytes: file,
                        warnings: warnings + trial.notes + [.note(XcodeFormats.alreadyAsTheProfileSaysMessage(path))])
                    output.source = ExportOutput.Source(path: path, bytes: file)
                    return output
                }
                wantedVariables = variables(content)
            }
            let merged = try merge(
                launch, configuration, record: record, arguments: wantedArguments, variables: wantedVariables)
            warnings += merged.notes
            output = ExportOutput(bytes: merged.bytes, warnings: warnings)
        } else {
            let added = try add(launch, name: name, content: content)
            output = ExportOutput(bytes: added.bytes, warnings: warnings + added.notes)
        }
        output.source = ExportOutput.Source(path: path, bytes: file)
        return output
    }

    /// What the last export wrote into `configuration`: the arguments and variable names its `PROFILE_PAYLOAD` names;
    /// nil without one.
    static func record(
        _ launch: VSCodeLaunchFile, _ configuration: JSONScanner.Value
    ) throws(Diagnostic) -> (arguments: [String], variables: [String])? {
        guard let environment = try launch.environment(of: configuration),
            let entry = environment.entries.first(where: { $0.text == WireFormat.environmentVariable }),
            let text = entry.value
        else { return nil }
        do {
            let payload = try WireFormat.decode(text)
            return (payload.arguments, payload.environmentKeys + [WireFormat.environmentVariable])
        } catch {
            let value = (environment.object.object ?? []).first { $0.keyStart == entry.range.lowerBound }?.value
            throw .error(
                XcodeEntryMerge.unreadableRecordMessage(error.message),
                at: launch.location(value?.start ?? entry.range.lowerBound),
                length: value.map { $0.end - $0.start } ?? 1)
        }
    }

    /// The file with the configuration's `args` and `env` merged (see ``update(_:path:with:reveal:target:)``).
    func merge(
        _ launch: VSCodeLaunchFile, _ configuration: JSONScanner.Value,
        record: (arguments: [String], variables: [String])?, arguments: [String],
        variables: [(name: String, value: String)]
    ) throws(Diagnostic) -> (bytes: [UInt8], notes: [Diagnostic]) {
        var notes: [Diagnostic] = []
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        var missing: [String] = []
        let step = launch.step
        // `env` first, so that the warnings about it point into the file as it was read.
        let wantedVariables = variables.map { XcodeEntryMerge.Wanted(identity: $0.name, value: $0.value) }
        if let environment = try launch.environment(of: configuration) {
            let found = environment.entries.map { entry in
                XcodeEntryMerge.Found(identity: entry.text, value: entry.value, isEnabled: true)
            }
            let recorded = record.map { XcodeEntryMerge.Recorded(words: $0.variables, states: []) }
            let owned = XcodeEntryMerge.owned(found: found, record: recorded, wanted: wantedVariables, units: nil)
            let plan = XcodeEntryMerge.plan(found: found, owned: owned, wanted: wantedVariables)
            for index in XcodeEntryMerge.clashes(found: found, plan: plan, wanted: wantedVariables) {
                notes.append(
                    .warning(
                        "`\(found[index].identity ?? "")` is also set by this entry of your own, which is kept: an "
                            + "object holds one value per name (VS Code takes the last one), so delete one of them",
                        at: launch.location(environment.entries[index].range.lowerBound)))
            }
            if plan.changesFile {
                edits.append(
                    edit(
                        launch, environment.object, environment.entries, plan: plan,
                        render: { Self.member((variables[$0].name, variables[$0].value)) }, step: step))
            }
        } else if !variables.isEmpty {
            missing.append("\"env\": " + Self.block("{", variables.map(Self.member), "}", step))
        }
        let wantedArguments = arguments.map { XcodeEntryMerge.Wanted(identity: $0) }
        if let list = try launch.arguments(of: configuration) {
            let found = list.entries.map { entry in
                XcodeEntryMerge.Found(identity: entry.text, value: nil, isEnabled: true)
            }
            let recorded = record.map { XcodeEntryMerge.Recorded(words: $0.arguments, states: []) }
            let owned = XcodeEntryMerge.owned(found: found, record: recorded, wanted: wantedArguments, units: nil)
            let plan = XcodeEntryMerge.plan(found: found, owned: owned, wanted: wantedArguments)
            if plan.changesFile {
                edits.append(
                    edit(
                        launch, list.list, list.entries, plan: plan, render: { JSONWriter.quote(arguments[$0]) },
                        step: step))
            }
        } else if !arguments.isEmpty {
            missing.insert("\"args\": " + Self.block("[", arguments.map { JSONWriter.quote($0) }, "]", step), at: 0)
        }
        guard !missing.isEmpty else { return (Self.apply(edits, to: launch.bytes), notes) }
        // The members to add go at the end of the configuration, found again after the edits inside it.
        let edited = try VSCodeLaunchFile(Self.apply(edits, to: launch.bytes), path: launch.path)
        edits = []
        if let configuration = try edited.configurations()?.elements?.first(where: { $0.start == configuration.start })
        {
            let launch = edited
            let members = configuration.object ?? []
            let pieces = members.indices.map { JSONCListEditor.Piece.keep($0) } + missing.map { .insert($0) }
            let container = configuration.start..<configuration.end
            edits.append(
                (
                    container,
                    JSONCListEditor.edit(
                        launch.bytes, container: container, items: members.map { $0.keyStart..<$0.value.end },
                        pieces: pieces, step: step)
                ))
        }
        return (Self.apply(edits, to: edited.bytes), notes)
    }

    /// The new text of `container` for a merge `plan` of its `entries`.
    func edit(
        _ launch: VSCodeLaunchFile, _ container: JSONScanner.Value, _ entries: [VSCodeLaunchFile.Entry],
        plan: XcodeEntryMerge.Plan, render: (Int) -> String, step: String
    ) -> (range: Range<Int>, bytes: [UInt8]) {
        let pieces: [JSONCListEditor.Piece] = plan.steps.map { step in
            switch step {
            case .keep(let index): return .keep(index)
            case .rewrite(let index, let wanted): return .replace(index, render(wanted))
            case .insert(let wanted, let moving):
                guard let moving else { return .insert(render(wanted)) }
                let range = entries[moving].range
                return .insert(String(decoding: launch.bytes[range], as: UTF8.self))
            }
        }
        let range = container.start..<container.end
        return (
            range,
            JSONCListEditor.edit(
                launch.bytes, container: range, items: entries.map(\.range), pieces: pieces, step: step)
        )
    }

    /// The file with a configuration named `name` added (see ``update(_:path:with:reveal:target:)``).
    func add(
        _ launch: VSCodeLaunchFile, name: String, content: ExportContent
    ) throws(Diagnostic) -> (bytes: [UInt8], notes: [Diagnostic]) {
        let step = launch.step
        var members = ["\"type\": \"swift\"", "\"request\": \"launch\"", "\"name\": " + JSONWriter.quote(name)]
        var notes: [Diagnostic] = []
        if let template = try launch.swiftTemplate() {
            if let type = template.member("type"), launch.string(type.value) != "swift" {
                members[0] =
                    "\"type\": " + String(decoding: launch.bytes[type.value.start..<type.value.end], as: UTF8.self)
            }
            for member in template.object ?? [] where VSCodeLaunchFile.launchTargetKeys.contains(member.key) {
                members.append(
                    JSONWriter.quote(member.key) + ": "
                        + String(decoding: launch.bytes[member.value.start..<member.value.end], as: UTF8.self))
            }
            let templateName = launch.string(template.member("name")?.value) ?? ""
            notes.append(
                .note(
                    "added the configuration `\(name)` to `\(launch.path)`, launching what `\(templateName)` launches",
                    at: launch.location(template.start)))
        } else {
            notes.append(
                .warning(
                    "added the configuration `\(name)` to `\(launch.path)` without a `program` or `target` (the file has "
                        + "no Swift launch configuration to take them from): add one of them, as vscode-swift needs"))
        }
        members += membersFor(content, step: step)
        let configuration = Self.block("{", members, "}", step)
        if let configurations = try launch.configurations() {
            let elements = configurations.elements ?? []
            let container = configurations.start..<configurations.end
            let pieces = elements.indices.map { JSONCListEditor.Piece.keep($0) } + [.insert(configuration)]
            return (
                Self.apply(
                    [
                        (
                            container,
                            JSONCListEditor.edit(
                                launch.bytes, container: container, items: elements.map { $0.start..<$0.end },
                                pieces: pieces, step: step)
                        )
                    ], to: launch.bytes), notes
            )
        }
        let members0 = launch.root.object ?? []
        let container = launch.root.start..<launch.root.end
        let pieces =
            members0.indices.map { JSONCListEditor.Piece.keep($0) }
            + [.insert("\"configurations\": " + Self.block("[", [configuration], "]", step))]
        return (
            Self.apply(
                [
                    (
                        container,
                        JSONCListEditor.edit(
                            launch.bytes, container: container, items: members0.map { $0.keyStart..<$0.value.end },
                            pieces: pieces, step: step)
                    )
                ], to: launch.bytes), notes
        )
    }

    /// `bytes` with the replacements `edits` (ranges that do not overlap) made.
    static func apply(_ edits: [(range: Range<Int>, bytes: [UInt8])], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: edit.bytes)
        }
        return result
    }
}
