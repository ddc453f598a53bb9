import ProfileModel
import ProfilePlatform
import ProfileRuntime

/// Resolves profiles into what a child receives: follows `extends` (ordered, diamonds once, cycles reported),
/// applies `.local` overlays, command-line overrides, then interpolates the environment in order.
///
/// Every problem is collected in the repository's diagnostics; a nil result means nothing may be launched.
package final class Resolver {
    /// What the resolution is for: `run` refuses abstract profiles, `show` explains them.
    package enum Purpose: Sendable {
        /// For launching: everything must hold.
        case run
        /// For showing (`show`, `diff`): abstract profiles are allowed, and a `${VAR:?message}` whose variable is
        /// not set where the command runs is a warning, not an error (the variable is shown as `${VAR}`): inspecting
        /// a profile does not need its secrets; launching it does.
        case inspect
        /// For checking files: abstract profiles are allowed, and `${VAR:?message}` does not require the
        /// variable to be set where the check runs.
        case lint
    }

    /// The repository the profiles come from; its diagnostics collect every problem.
    package let repository: ProfileRepository

    /// The profiles being visited (the path from the first name, for a cycle's message) and the same as a set.
    private var visiting: [String] = []
    private var visitingSet = Set<String>()
    /// The profiles visited (a set: a chain thousands deep costs as many steps, not their square).
    private var done = Set<String>()
    private var order: [PreparedDefinition] = []
    /// For `.inspect`: the interpolator that does not enforce `${VAR:?message}` (see ``Purpose/inspect``).
    private var lenient: Interpolator?
    /// Whether the last ``interpolate(_:with:for:pointAtKey:name:hidesExcerpt:)`` took the lenient interpolator's
    /// result.
    private var tookLenient = false
    /// Whether the strict interpolator read an incomplete variable (see `Variable.isIncomplete`) since it was reset.
    private var readIncomplete = false

    /// When set, the payload's size problem of each resolution is kept here instead of reported (``Linter`` reports one
    /// error for the profiles whose payload is too long for one cause: ``LintPayload``); nil when the payload fits.
    var keepsPayloadProblem = false
    private(set) var payloadProblem: Diagnostic?

    /// A resolver over `repository`.
    package init(repository: ProfileRepository) {
        self.repository = repository
    }

    /// Resolves `names` (applied in that order, later wins) with `overrides` on top, against the invoking
    /// `environment`. Returns nil when anything is wrong; the problems are in `repository.diagnostics`.
    ///
    /// With an `outer` profile (the one an enclosing `profile shell` or `profile run` applied, from the invoking
    /// environment's payload: ``OuterProfile/read(from:)``), the profiles apply on top of it: its flags, mocks and
    /// values are the starting point that the chain's settings override key by key, and its arguments come first
    /// (each `-key value` pair one item, which the chain can drop or replace). Its environment is the invoking
    /// environment already.
    package func resolve(
        _ names: [Located<String>], overrides: Overrides = Overrides(), environment: EnvironmentTable,
        purpose: Purpose = .run, outer: OuterProfile? = nil
    ) -> ResolvedProfile? {
        let errorsBefore = repository.errorCount
        visiting = []
        visitingSet = []
        done = []
        order = []
        for name in names {
            visit(name)
            if purpose == .run, let definition = repository.prepared(name.value)?.definition, definition.isAbstract {
                repository.report(
                    .error(
                        "profile `\(name.value)` is abstract: it can be extended, not run", at: name.location,
                        length: name.length,
                        notes: definition.abstractLocation.map { [.note("declared abstract here", at: $0, length: 8)] }
                            ?? []))
            }
        }
        var resolved = merge(
            names: names.map(\.value), overrides: overrides, environment: environment, purpose: purpose, outer: outer)
        resolved.outer = outer
        if repository.errorCount > errorsBefore { return nil }
        return resolved
    }

    /// Reports what a `.lint` resolution of `names` reports, in the same order, without building the resolved
    /// profile (`lint` never reads it): when nothing in the chain can fail while the environment, the arguments and
    /// the values are interpolated, only `extends` and the argument operations are checked.
    /// Returns the merged profile when it was merged (its payload measured), nil when the shortcut answered.
    @discardableResult
    func check(_ names: [Located<String>], environment: EnvironmentTable) -> ResolvedProfile? {
        visiting = []
        visitingSet = []
        done = []
        order = []
        payloadProblem = nil
        for name in names { visit(name) }
        let (isClean, editsArguments) = Self.lintShortcut(order, hasCatalog: repository.catalog != nil)
        if !isClean {
            return merge(names: names.map(\.value), overrides: Overrides(), environment: environment, purpose: .lint)
        }
        // Appending never fails: only a drop or a replace can find nothing to act on.
        if editsArguments { repository.report(Self.argumentProblems(order)) }
        return nil
    }

    /// Reports the payload's size problem, or keeps it (``keepsPayloadProblem``).
    private func reportPayload(_ problem: Diagnostic) {
        if keepsPayloadProblem { payloadProblem = problem } else { repository.report(problem) }
    }

    /// Visits `name` (depth first, parents before children, each once). A parent's definition is looked up the first
    /// time `child` visits it and kept in `child` (slot `index` of its `extends`): later resolutions skip the lookups.
    /// The profiles being visited are a stack of their own, not calls: an `extends` chain thousands of profiles long
    /// costs the thread's stack nothing (a few hundred levels of calls overflowed a 256 KiB stack).
    private func visit(_ name: Located<String>) {
        // Each profile being visited, with the index of the parent it visits next.
        var stack: [(name: String, prepared: PreparedDefinition, next: Int)] = []
        if let prepared = enter(name, from: nil, index: 0) { stack.append((name.value, prepared, 0)) }
        while let top = stack.last {
            let extends = top.prepared.definition.extends
            guard top.next < extends.count else {
                stack.removeLast()
                leave(top.name, top.prepared)
                continue
            }
            stack[stack.count - 1].next = top.next + 1
            if let parent = enter(extends[top.next], from: top.prepared, index: top.next) {
                stack.append((extends[top.next].value, parent, 0))
            }
        }
    }

    /// Starts visiting `name`: its prepared definition, now on the path being visited; nil when there is nothing to
    /// visit (visited already, a cycle, an unknown profile: reported).
    private func enter(_ name: Located<String>, from child: PreparedDefinition?, index: Int) -> PreparedDefinition? {
        if done.contains(name.value) { return nil }
        if visitingSet.contains(name.value), let start = visiting.firstIndex(of: name.value) {
            let cycle = (visiting[start...] + [name.value]).map { "`\($0)`" }.joined(separator: " → ")
            repository.report(.error("cycle in `extends`: \(cycle)", at: name.location, length: name.length))
            return nil
        }
        let found: PreparedDefinition?
        if let child {
            if let cached = child.parents[index] {
                found = cached
            } else {
                found = repository.prepared(name.value)
                child.parents[index] = .some(found)
            }
        } else {
            found = repository.prepared(name.value)
        }
        guard let prepared = found else {
            if repository.directory.entries[name.value] == nil {
                repository.report(
                    .error(
                        "unknown profile `\(name.value)`", at: name.location, length: name.length,
                        suggestion: NearMiss.suggestion(for: name.value, in: repository.directory.names)))
                // Say why, when a file for that name exists but cannot be a profile (`_private.yml`, `q.local.yml`).
                repository.reportDirectoryProblems(for: name.value)
            }
            done.insert(name.value)
            return nil
        }
        visiting.append(name.value)
        visitingSet.insert(name.value)
        return prepared
    }

    /// Ends visiting `name` once its parents are: it goes into the order, then its overlay.
    private func leave(_ name: String, _ prepared: PreparedDefinition) {
        visiting.removeLast()
        visitingSet.remove(name)
        done.insert(name)
        order.append(prepared)
        if prepared.overlay == nil { prepared.overlay = .some(repository.preparedOverlay(name)) }
        if let overlay = prepared.overlay! { order.append(overlay) }
    }

    private typealias Keyed = PreparedDefinition.Keyed

    /// One variable the profiles touched: its current value (nil when unset) and how to display it.
    private struct Variable {
        var value: String?
        var display: String?
        /// Whether its value came from the invoking environment.
        var tainted: Bool
        /// Whether its value is secret (see ``Redaction``).
        var secret: Bool
        var change: ResolvedProfile.EnvironmentChange
        /// False when the variable's last entry is `enabled: false`: the profile does not touch it.
        var isEnabled = true
        /// Inspecting: its value lacks a required variable that is not set (`run` would have refused the entry).
        var isIncomplete = false
    }

    private func merge(
        names: [String], overrides: Overrides, environment: EnvironmentTable, purpose: Purpose,
        outer: OuterProfile? = nil
    ) -> ResolvedProfile {
        var arguments = ArgumentList()
        var flags: [Keyed<Bool>] = []
        var mocks: [Keyed<String>] = []
        var values: [Keyed<TypedValue>] = []
        var description: String?
        var appendArguments: Located<Bool>?
        var redact: Located<Bool>?
        if let outer {
            for item in outer.argumentItems { _ = arguments.apply(.append(item)) }
            flags = outer.flags
            mocks = outer.mocks
            values = outer.values
        }
        for prepared in order {
            let definition = prepared.definition
            if let text = definition.description?.value, names.contains(definition.name) { description = text }
            if let append = definition.appendArguments { appendArguments = append }
            if let asked = definition.redact { redact = asked }
            for operation in definition.arguments {
                if let problem = arguments.apply(operation) { repository.report(problem) }
            }
            flags = PreparedDefinition.merge(flags, prepared.flags)
            mocks = PreparedDefinition.merge(mocks, prepared.mocks)
            values = PreparedDefinition.merge(values, prepared.values)
        }
        var environmentOverrides: [(Located<String>, Located<String>?)] = []
        let catalog = repository.catalog
        let checker = catalog.map(CatalogChecker.init)
        for item in overrides.items {
            switch item {
            case .enable(let key), .disable(let key):
                if let problem = checker?.checkFlag(key) { repository.report(problem) }
                let isEnable: Bool
                if case .enable = item { isEnable = true } else { isEnable = false }
                PreparedDefinition.set(&flags, Keyed(key: key.value, value: isEnable, location: key.location))
            case .mock(let key, let variant):
                if let problems = checker?.checkMock(key, variant) { repository.report(problems) }
                PreparedDefinition.set(&mocks, Keyed(key: key.value, value: variant.value, location: key.location))
            case .value(let key, let text):
                var typed = TypedValue.string(text.value)
                if let checker {
                    switch checker.checkOverride(key, text) {
                    case .success(let checked): typed = checked
                    case .failure(let problem): repository.report(problem)
                    }
                } else {
                    do {
                        typed = try TypedValue.resolve(plain: text.value)
                    } catch {
                        repository.report(
                            .error("value `\(key.value)`: " + error.message, at: text.location, length: text.length))
                    }
                }
                PreparedDefinition.set(&values, Keyed(key: key.value, value: typed, location: key.location))
            case .setEnvironment(let name, let value): environmentOverrides.append((name, value))
            case .unsetEnvironment(let name): environmentOverrides.append((name, nil))
            }
        }
        repository.report(KeyCollisions.problems(flags: flags, mocks: mocks, values: values, chain: order))

        // The environment, applied in order like a shell: each entry sees what the entries before it built. Each
        // variable touched has one slot (in the order first touched); the others are read from `environment`.
        var slotOfName: [String: Int] = [:]
        var slots: [Variable] = []
        // A variable the catalog marks secret is shown as its `${NAME}` wherever it is used, and taints what uses it.
        let secretVariables = repository.secretEnvironmentNames
        func record(
            _ change: ResolvedProfile.EnvironmentChange, display: String?, tainted: Bool, secret: Bool = false,
            isEnabled: Bool = true, isIncomplete: Bool = false
        ) {
            var variable = Variable(
                value: change.value, display: display, tainted: tainted, secret: tainted || secret, change: change,
                isEnabled: isEnabled, isIncomplete: isIncomplete)
            if change.value != nil, !secretVariables.isEmpty, secretVariables.contains(change.name) {
                variable.display = nil
                variable.secret = true
            }
            if let slot = slotOfName[change.name] {
                slots[slot] = variable
            } else {
                slotOfName[change.name] = slots.count
                slots.append(variable)
            }
        }
        // The strict lookup sees an incomplete variable as `run` would: not set by the profile (`run` refused its entry).
        func lookup(_ name: String, strict: Bool) -> Interpolator.Variable? {
            if let slot = slotOfName[name], slots[slot].isEnabled {
                let variable = slots[slot]
                if !strict || !variable.isIncomplete {
                    guard let value = variable.value else { return nil }
                    return Interpolator.Variable(
                        value: value, display: variable.display, usesInvokingEnvironment: variable.tainted,
                        isSecret: variable.secret)
                }
                readIncomplete = true
            }
            guard let value = environment[name] else { return nil }
            return Interpolator.Variable(value: value, display: nil)
        }
        let interpolator = Interpolator(enforcesRequired: purpose != .lint) { lookup($0, strict: true) }
        // `show` and `diff`: what fails only because a required variable is not set is retried without the check.
        lenient =
            purpose == .inspect
            ? Interpolator(enforcesRequired: false, marksMissing: true) { lookup($0, strict: false) } : nil
        for prepared in order {
            for entry in prepared.definition.environment {
                let name = entry.name.value
                if let reserved = ReservedEnvironment.problem(setting: entry.name) {
                    repository.report(reserved)
                    continue
                }
                guard let value = entry.value else {
                    record(
                        .init(
                            name: name, value: nil, display: nil, origin: entry.name.location,
                            usesInvokingEnvironment: false),
                        display: nil, tainted: false)
                    continue
                }
                let destination = Interpolator.Destination.environment(name: name)
                let secretName = !secretVariables.isEmpty && secretVariables.contains(name)
                guard
                    let output = interpolate(
                        value, with: interpolator, for: destination, name: entry.name, hidesExcerpt: secretName)
                else {
                    continue
                }
                let change = ResolvedProfile.EnvironmentChange(
                    name: name, value: output.value, display: output.display, origin: entry.name.location,
                    usesInvokingEnvironment: output.usesInvokingEnvironment)
                record(
                    change, display: output.display, tainted: output.usesInvokingEnvironment, secret: output.isSecret,
                    isEnabled: entry.isEnabled, isIncomplete: tookLenient)
            }
        }
        for (name, value) in environmentOverrides {
            if let reserved = ReservedEnvironment.problem(setting: name) {
                repository.report(reserved)
                continue
            }
            record(
                .init(
                    name: name.value, value: value?.value, display: value?.value, origin: name.location,
                    usesInvokingEnvironment: false),
                // Taken literally: shown in the profile's syntax (a `$` as `$$`) where a secret built from it is shown.
                display: value?.value.replacingAll("$", with: "$$"), tainted: false)
        }

        // Arguments and string values may refer to the final environment.
        var resolvedArguments: [ResolvedProfile.Argument] = []
        var disabledArguments: [ResolvedProfile.Disabled<[ResolvedProfile.Argument]>] = []
        var itemStarts: [Int] = []
        for (itemIndex, item) in arguments.items.enumerated() {
            if !arguments.enabled[itemIndex] {
                var group: [ResolvedProfile.Argument] = []
                for argument in item {
                    guard let output = interpolate(argument, with: interpolator, for: .argument) else { continue }
                    group.append(
                        .init(
                            value: output.value, display: output.display, origin: argument.location,
                            usesInvokingEnvironment: output.usesInvokingEnvironment, isSecret: output.isSecret))
                }
                disabledArguments.append(.init(position: resolvedArguments.count, entry: group))
                continue
            }
            itemStarts.append(resolvedArguments.count)
            for argument in item {
                if outer != nil, OuterProfile.isOuter(argument.location) {  // interpolated by the outer `profile`
                    // Read back from the invoking environment (it may hold what the outer `profile` interpolated, a
                    // token among it): secret, shown as `<outer>` like the outer values.
                    resolvedArguments.append(
                        .init(
                            value: argument.value, display: OuterProfile.hiddenValue, origin: argument.location,
                            isSecret: true))
                    continue
                }
                guard let output = interpolate(argument, with: interpolator, for: .argument) else { continue }
                resolvedArguments.append(
                    .init(
                        value: output.value, display: output.display, origin: argument.location,
                        usesInvokingEnvironment: output.usesInvokingEnvironment, isSecret: output.isSecret))
            }
        }
        let secretValues = repository.secretValueKeys
        var resolvedValues: [ResolvedProfile.Entry<TypedValue>] = []
        resolvedValues.reserveCapacity(values.count)
        for setting in values {
            let key = setting.key
            var value = setting.value
            var display = value.text
            var secret = false
            let isOuter = outer != nil && OuterProfile.isOuter(setting.location)
            if !isOuter, case .string(let text) = value, Interpolator.containsDollar(text) {
                let located = Located(text, at: setting.location)
                let secretKey = !secretValues.isEmpty && secretValues.contains(key)
                guard
                    let output = interpolate(
                        located, with: interpolator, for: .value, pointAtKey: true, hidesExcerpt: secretKey)
                else {
                    continue
                }
                value = .string(output.value)
                display = output.display
                secret = output.isSecret
                // Inspecting without a required variable: there is no value to type-check (`run` would check it).
                if let checker, !tookLenient {
                    switch checker.checkInterpolated(
                        key, text: output.value, shown: output.isSecret ? output.display : nil, at: setting.location)
                    {
                    case .success(let typed): value = typed
                    case .failure(let problem): repository.report(problem)
                    }
                }
            }
            if isOuter {
                secret = true
                display = OuterProfile.hiddenValue
            }
            if !secretValues.isEmpty, secretValues.contains(key) {
                secret = true
                display = Redaction.placeholder
            }
            resolvedValues.append(
                .init(key: key, value: value, display: display, origin: setting.location, isSecret: secret))
        }

        var environmentChanges: [ResolvedProfile.EnvironmentChange] = []
        var disabledEnvironment: [ResolvedProfile.Disabled<ResolvedProfile.EnvironmentChange>] = []
        environmentChanges.reserveCapacity(slots.count)
        for slot in slots {
            var change = slot.change
            if !slot.isEnabled {
                change.isSecret = slot.secret
                if !secretVariables.isEmpty, secretVariables.contains(change.name) {
                    change.display = Redaction.placeholder
                }
                disabledEnvironment.append(.init(position: environmentChanges.count, entry: change))
                continue
            }
            if change.value != nil {
                change.isSecret = slot.secret
                if !secretVariables.isEmpty, secretVariables.contains(change.name) {
                    change.display = Redaction.placeholder
                }
            }
            environmentChanges.append(change)
        }
        var resolved = ResolvedProfile(
            names: names,
            chain: order.map(\.chainName),
            description: description,
            arguments: resolvedArguments,
            environment: environmentChanges,
            flags: flags.map {
                .init(
                    key: $0.key, value: $0.value, display: $0.value ? "on" : "off", origin: $0.location, isSecret: false
                )
            },
            mocks: mocks.map {
                .init(key: $0.key, value: $0.value, display: $0.value, origin: $0.location, isSecret: false)
            },
            values: resolvedValues,
            invokingEnvironment: environment)
        resolved.disabledArguments = disabledArguments
        resolved.argumentItemStarts = itemStarts
        resolved.disabledEnvironment = disabledEnvironment
        if let appendArguments {
            resolved.appendsArguments = appendArguments.value
            resolved.appendArgumentsOrigin = appendArguments.location
        }
        if let redact, redact.value { resolved.redactOrigin = redact.location }
        resolved.outer = outer
        if let problem = PayloadSize.problem(resolved, chain: order) { reportPayload(problem) }
        return resolved
    }

    /// Interpolates a located string for `destination`, reporting a failure at the character where it is (when the
    /// scalar is on one line, so columns can be trusted), or, for a result too long, at the variable's name.
    private func interpolate(
        _ text: Located<String>, with interpolator: Interpolator, for destination: Interpolator.Destination,
        pointAtKey: Bool = false, name: Located<String>? = nil, hidesExcerpt: Bool = false
    ) -> Interpolator.Output? {
        tookLenient = false
        readIncomplete = false
        do {
            let output = try interpolator.interpolate(text.value, for: destination)
            // Built from an incomplete variable: incomplete too, shown as the lenient interpolator shows it.
            if readIncomplete, let lenient = try? lenient?.interpolate(text.value, for: destination) {
                tookLenient = true
                return lenient
            }
            return output
        } catch {
            // Inspecting: a failure the lenient interpolator does not have is a required variable that is not set.
            let lenient = try? self.lenient?.interpolate(text.value, for: destination)
            var location = text.location
            var length = text.length
            if error.isTooLong {
                if let name {
                    location = name.location
                    length = name.length
                }
            } else if !pointAtKey, !text.value.contains("\n"), let line = location.file.line(Int(location.mark.line)) {
                let column = Int(location.mark.column)
                let first = line.unicodeScalars.dropFirst(column - 1).first  // columns count Unicode scalars
                let quoted = first == "\"" || first == "'"
                location = SourceLocation(
                    file: location.file,
                    mark: Mark(line: Int(location.mark.line), column: column + error.offset + (quoted ? 1 : 0)))
                length = error.length
            }
            if let lenient {
                tookLenient = true
                repository.report(
                    Diagnostic.warning(
                        error.message + " (`run` refuses this profile until it is set)", at: location, length: length
                    ).hidingExcerpt(hidesExcerpt))
                return lenient
            }
            repository.report(Diagnostic.error(error.message, at: location, length: length).hidingExcerpt(hidesExcerpt))
            return nil
        }
    }
}
