import ProfileRuntime

/// Resolves profiles into what a child receives: follows `extends` (ordered, diamonds once, cycles reported),
/// applies `.local` overlays, command-line overrides, then interpolates the environment in order.
///
/// Every problem is collected in the repository's diagnostics; a nil result means nothing may be launched.
public final class Resolver {
    /// What the resolution is for: `run` refuses abstract profiles, `show` explains them.
    public enum Purpose: Sendable {
        /// For launching: everything must hold.
        case run
        /// For showing: abstract profiles are allowed.
        case inspect
        /// For checking files: abstract profiles are allowed, and `${VAR:?message}` does not require the
        /// variable to be set where the check runs.
        case lint
    }

    /// The repository the profiles come from; its diagnostics collect every problem.
    public let repository: ProfileRepository

    private var visiting: [String] = []
    private var done = Set<String>()
    private var order: [ProfileDefinition] = []

    /// A resolver over `repository`.
    public init(repository: ProfileRepository) {
        self.repository = repository
    }

    /// Resolves `names` (applied in that order, later wins) with `overrides` on top, against the invoking
    /// `environment`. Returns nil when anything is wrong; the problems are in `repository.diagnostics`.
    public func resolve(
        _ names: [Located<String>], overrides: Overrides = Overrides(), environment: EnvironmentTable,
        purpose: Purpose = .run
    ) -> ResolvedProfile? {
        let errorsBefore = repository.diagnostics.filter { $0.severity == .error }.count
        visiting = []
        done = []
        order = []
        for name in names {
            visit(name)
            if purpose == .run, let definition = repository.definition(name.value), definition.isAbstract {
                repository.report(
                    .error(
                        "profile `\(name.value)` is abstract: it can be extended, not run", at: name.location,
                        length: name.length,
                        notes: definition.abstractLocation.map { [.note("declared abstract here", at: $0, length: 8)] } ?? []))
            }
        }
        var resolved = merge(names: names.map(\.value), overrides: overrides, environment: environment, purpose: purpose)
        if repository.diagnostics.filter({ $0.severity == .error }).count > errorsBefore { return nil }
        resolved.childEnvironment[WireFormat.environmentVariable] = WireFormat.encode(resolved.payload)
        return resolved
    }

    private func visit(_ name: Located<String>) {
        if done.contains(name.value) { return }
        if let start = visiting.firstIndex(of: name.value) {
            let cycle = (visiting[start...] + [name.value]).map { "`\($0)`" }.joined(separator: " → ")
            repository.report(.error("cycle in `extends`: \(cycle)", at: name.location, length: name.length))
            return
        }
        guard let definition = repository.definition(name.value) else {
            if repository.directory.entries[name.value] == nil {
                repository.report(
                    .error(
                        "unknown profile `\(name.value)`", at: name.location, length: name.length,
                        suggestion: NearMiss.suggestion(for: name.value, in: repository.directory.names)))
            }
            done.insert(name.value)
            return
        }
        visiting.append(name.value)
        for parent in definition.extends { visit(parent) }
        visiting.removeLast()
        done.insert(name.value)
        order.append(definition)
        if let overlay = repository.overlay(name.value) { order.append(overlay) }
    }

    private struct Pending<Value> {
        var value: Value
        var location: SourceLocation
    }

    private func merge(
        names: [String], overrides: Overrides, environment: EnvironmentTable, purpose: Purpose
    ) -> ResolvedProfile {
        var arguments = ArgumentList()
        var flags: [String: Pending<Bool>] = [:]
        var mocks: [String: Pending<String>] = [:]
        var values: [String: Pending<TypedValue>] = [:]
        var entries: [EnvironmentEntry] = []
        var description: String?
        for definition in order {
            if let text = definition.description?.value, names.contains(definition.name) { description = text }
            for operation in definition.arguments {
                if let problem = arguments.apply(operation) { repository.report(problem) }
            }
            for flag in definition.flags { flags[flag.key.value] = Pending(value: flag.value.value, location: flag.key.location) }
            for mock in definition.mocks { mocks[mock.key.value] = Pending(value: mock.value.value, location: mock.key.location) }
            for setting in definition.values {
                if let value = setting.value.value {
                    values[setting.key.value] = Pending(value: value, location: setting.key.location)
                } else {
                    values[setting.key.value] = nil
                }
            }
            entries.append(contentsOf: definition.environment)
        }
        var environmentOverrides: [(Located<String>, Located<String>?)] = []
        let catalog = repository.catalog
        let checker = catalog.map(CatalogChecker.init)
        for item in overrides.items {
            switch item {
            case .enable(let key), .disable(let key):
                if let problem = checker?.checkFlag(key) { repository.report(problem) }
                if case .enable = item {
                    flags[key.value] = Pending(value: true, location: key.location)
                } else {
                    flags[key.value] = Pending(value: false, location: key.location)
                }
            case .mock(let key, let variant):
                if let problems = checker?.checkMock(key, variant) { repository.report(problems) }
                mocks[key.value] = Pending(value: variant.value, location: key.location)
            case .value(let key, let text):
                var typed = TypedValue.inferred(fromPlain: text.value)
                if let checker {
                    switch checker.checkOverride(key, text) {
                    case .success(let checked): typed = checked
                    case .failure(let problem): repository.report(problem)
                    }
                }
                values[key.value] = Pending(value: typed, location: key.location)
            case .setEnvironment(let name, let value): environmentOverrides.append((name, value))
            case .unsetEnvironment(let name): environmentOverrides.append((name, nil))
            }
        }

        // The environment, applied in order like a shell: each entry sees what the entries before it built.
        var table = environment
        var displays: [String: String] = [:]
        var tainted = Set<String>()
        var changes: [String: ResolvedProfile.EnvironmentChange] = [:]
        var changeOrder: [String] = []
        func record(_ change: ResolvedProfile.EnvironmentChange) {
            if changes[change.name] == nil { changeOrder.append(change.name) }
            changes[change.name] = change
        }
        let interpolator = Interpolator(enforcesRequired: purpose != .lint) { name in
            guard let value = table[name] else { return nil }
            guard let display = displays[name] else { return Interpolator.Variable(value: value, display: nil) }
            return Interpolator.Variable(value: value, display: display, usesInvokingEnvironment: tainted.contains(name))
        }
        for entry in entries {
            let name = entry.name.value
            if name == WireFormat.environmentVariable {
                repository.report(
                    .error(
                        "`\(name)` is reserved: `profile` writes it for the runtime library", at: entry.name.location,
                        length: entry.name.length))
                continue
            }
            guard let value = entry.value else {
                table[name] = nil
                displays[name] = nil
                tainted.remove(name)
                record(.init(name: name, value: nil, display: nil, origin: entry.name.location, usesInvokingEnvironment: false))
                continue
            }
            guard let output = interpolate(value, with: interpolator) else { continue }
            table[name] = output.value
            displays[name] = output.display
            if output.usesInvokingEnvironment { tainted.insert(name) } else { tainted.remove(name) }
            record(
                .init(
                    name: name, value: output.value, display: output.display, origin: entry.name.location,
                    usesInvokingEnvironment: output.usesInvokingEnvironment))
        }
        for (name, value) in environmentOverrides {
            if name.value == WireFormat.environmentVariable {
                repository.report(.error("`\(name.value)` is reserved: `profile` writes it", at: name.location, length: name.length))
                continue
            }
            table[name.value] = value?.value
            displays[name.value] = value?.value
            tainted.remove(name.value)
            record(
                .init(
                    name: name.value, value: value?.value, display: value?.value, origin: name.location,
                    usesInvokingEnvironment: false))
        }

        // Arguments and string values may refer to the final environment.
        var resolvedArguments: [ResolvedProfile.Argument] = []
        for item in arguments.items {
            for argument in item {
                guard let output = interpolate(argument, with: interpolator) else { continue }
                resolvedArguments.append(.init(value: output.value, display: output.display, origin: argument.location))
            }
        }
        var resolvedValues: [ResolvedProfile.Entry<TypedValue>] = []
        for key in values.keys.sorted() {
            let pending = values[key]!
            var value = pending.value
            var display = value.text
            var secret = false
            if case .string(let text) = value, text.contains("$") {
                let located = Located(text, at: pending.location)
                guard let output = interpolate(located, with: interpolator, pointAtKey: true) else { continue }
                value = .string(output.value)
                display = output.display
                secret = output.usesInvokingEnvironment
                if let checker {
                    switch checker.checkInterpolated(key, text: output.value, at: pending.location) {
                    case .success(let typed): value = typed
                    case .failure(let problem): repository.report(problem)
                    }
                }
            }
            if catalog?.value(key)?.isSecret == true {
                secret = true
                display = "<secret>"
            }
            resolvedValues.append(.init(key: key, value: value, display: display, origin: pending.location, isSecret: secret))
        }

        var environmentChanges = changeOrder.map { changes[$0]! }
        for index in environmentChanges.indices where environmentChanges[index].value != nil {
            environmentChanges[index].isSecret = environmentChanges[index].usesInvokingEnvironment
            if catalog?.environmentVariable(environmentChanges[index].name)?.isSecret == true {
                environmentChanges[index].display = "<secret>"
                environmentChanges[index].isSecret = true
            }
        }
        return ResolvedProfile(
            names: names,
            chain: order.map { $0.isOverlay ? "\($0.name).local" : $0.name },
            description: description,
            arguments: resolvedArguments,
            environment: environmentChanges,
            flags: flags.keys.sorted().map {
                .init(key: $0, value: flags[$0]!.value, display: flags[$0]!.value ? "on" : "off",
                      origin: flags[$0]!.location, isSecret: false)
            },
            mocks: mocks.keys.sorted().map {
                .init(key: $0, value: mocks[$0]!.value, display: mocks[$0]!.value, origin: mocks[$0]!.location, isSecret: false)
            },
            values: resolvedValues,
            childEnvironment: table)
    }

    /// Interpolates a located string, reporting a failure at the character where it is (when the scalar is on one
    /// line, so columns can be trusted).
    private func interpolate(
        _ text: Located<String>, with interpolator: Interpolator, pointAtKey: Bool = false
    ) -> Interpolator.Output? {
        do {
            return try interpolator.interpolate(text.value)
        } catch {
            var location = text.location
            var length = text.length
            if !pointAtKey, !text.value.contains("\n"), let line = location.file.line(Int(location.mark.line)) {
                let column = Int(location.mark.column)
                let rest = Array(line.dropFirst(column - 1))
                let quoted = rest.first == "\"" || rest.first == "'"
                location = SourceLocation(
                    file: location.file, mark: Mark(line: Int(location.mark.line), column: column + error.offset + (quoted ? 1 : 0)))
                length = error.length
            }
            repository.report(.error(error.message, at: location, length: length))
            return nil
        }
    }
}
