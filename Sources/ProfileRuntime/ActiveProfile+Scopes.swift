/// The layers ``ActiveProfile/current`` answers from, so that code nothing launches (a unit test, a SwiftUI preview, a
/// build opened from the home screen) reads a profile too. From the highest:
///
/// 1. **A scope**: `withProfile(_:operation:)` (or a test's `.profile(…)` trait), a task local. Scopes
///    nest (the inner one wins, the outer one is back on exit); child tasks (`async let`, task groups, `Task { }`)
///    inherit it.
/// 2. **The preview**: ``preview``, one for the whole process.
/// 3. **The launch**: the process's arguments, `PROFILE_PAYLOAD` and environment, parsed once (see ``ActiveProfile``).
/// 4. **The baked profile**: ``bake(_:)``, compiled into the app; below the launch key by key.
///
/// A scope or the preview replaces the launch and the baked profile whole: a test reads the same whatever launched
/// the test runner, and a key its profile does not set reads the registered (catalog) default or the call site's.
/// Nothing here touches the process environment.
extension ActiveProfile {
    /// The profile of the current code: the innermost scope, else the preview, else the launch over the baked
    /// profile.
    ///
    /// The launch is parsed once (lazily, thread-safely) from `CommandLine.arguments` and the process environment.
    /// Reading `current` never crashes and never throws. When `PROFILE_PAYLOAD` is present but broken (for example,
    /// written by a newer `profile`), ``payloadError`` holds the error, the payload is ignored, the optional and
    /// `default:` reads use the remaining sources, and every throwing read (`required…`, ``variant(of:)``,
    /// ``decode(_:prefix:)``) throws that error, so a half-configured app stops where it asks for certainty. Call
    /// ``validate()`` at startup to fail fast.
    public static var current: ActiveProfile {
        _read {
            let layers = ProcessProfiles.shared
            if layers.scopeWasEntered, ProfileScope.isBound, let scoped = ProfileScope.profile {
                yield scoped
            } else if !layers.layersWereSet {
                // Borrowed, as the `static let` that `current` was: no retain for the common read.
                yield launch
            } else {
                yield layers.current
            }
        }
    }

    /// The launch layer alone: the process's arguments, payload and environment, parsed once.
    static let launch = ActiveProfile(
        arguments: CommandLine.arguments,
        source: .process,
        payloadText: ProcessEnvironment.process.value(WireFormat.environmentVariable)
    )

    // MARK: - Scopes

    /// Runs `operation` with `configuration` as ``current``, for this task and the tasks it creates.
    ///
    /// ```swift
    /// ActiveProfile.withProfile(LaunchProfiles.offline) {
    ///     #expect(ActiveProfile.current.value(ProfileValues.requestTimeout) == 0.5)
    /// }
    /// ```
    ///
    /// The profile is read from the configuration alone (its launch arguments, its `PROFILE_PAYLOAD` and its other
    /// variables as the environment), never from the process's. When its payload does not parse, the scope's
    /// ``payloadError`` names the configuration and its throwing reads throw it.
    ///
    /// A task local: nested scopes stack, and child tasks inherit the scope. A detached task, a Dispatch queue, a
    /// `Thread` or a C callback does not: carry it there with `withProfile(_:operation:)` with an `ActiveProfile`.
    @discardableResult
    public static func withProfile<R>(_ configuration: LaunchConfiguration, operation: () throws -> R) rethrows -> R {
        ProfileScope.noteEntered()
        return try ProfileScope.$profile.withValue(ActiveProfile(configuration: configuration, layer: .scope)) {
            try operation()
        }
    }

    /// Runs the asynchronous `operation` with `configuration` as ``current``, for this task and its child tasks.
    @discardableResult
    public static func withProfile<R>(
        _ configuration: LaunchConfiguration,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        ProfileScope.noteEntered()
        return try await ProfileScope.$profile.withValue(
            ActiveProfile(configuration: configuration, layer: .scope), operation: operation, isolation: isolation)
    }

    /// Runs `operation` with `profile` as ``current``: how a scope reaches code that does not inherit it.
    ///
    /// ```swift
    /// let profile = ActiveProfile.current              // inside the scope
    /// Task.detached {
    ///     ActiveProfile.withProfile(profile) { readSettings() }
    /// }
    /// ```
    ///
    /// Each read still says where its value came from (``source(ofKey:)``): the scope's, preview's or launch's.
    @discardableResult
    public static func withProfile<R>(_ profile: ActiveProfile, operation: () throws -> R) rethrows -> R {
        ProfileScope.noteEntered()
        return try ProfileScope.$profile.withValue(profile) { try operation() }
    }

    /// Runs the asynchronous `operation` with `profile` as ``current``.
    @discardableResult
    public static func withProfile<R>(
        _ profile: ActiveProfile,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        ProfileScope.noteEntered()
        return try await ProfileScope.$profile.withValue(profile, operation: operation, isolation: isolation)
    }

    // MARK: - Preview

    /// The preview profile: ``current`` for the whole process wherever no scope is set, over the launch and the
    /// baked profile. `nil` (the default) turns it off.
    ///
    /// SwiftUI previews set it with `#Preview(traits: .profile(LaunchProfiles.demo))` (the `ProfilePreviews`
    /// product); a UIKit or AppKit preview with ``previewing(_:_:)``.
    ///
    /// One for the process: the last one set wins. Tests should use scopes, which are per task.
    public static var preview: LaunchConfiguration? {
        get { ProcessProfiles.shared.preview }
        set { ProcessProfiles.shared.preview = newValue }
    }

    /// Sets ``preview`` to `configuration`, then makes the previewed value: the one expression a UIKit or AppKit
    /// `#Preview` body needs.
    ///
    /// ```swift
    /// #Preview {
    ///     ActiveProfile.previewing(LaunchProfiles.demo) { CountriesViewController() }
    /// }
    /// ```
    public static func previewing<T>(_ configuration: LaunchConfiguration, _ make: () throws -> T) rethrows -> T {
        preview = configuration
        return try make()
    }

    // MARK: - Baked

    /// What ``bake(_:)`` did.
    public enum BakeResult: Sendable, Equatable {
        /// The profile is baked; no read had answered from the launch before.
        case baked
        /// The profile is baked, but reads made before this call answered without it (a value read then, and kept,
        /// stays as read). Bake first thing in `main` or the app's `init`.
        case bakedAfterReads
        /// The same configuration was baked before: nothing changes.
        case alreadyBaked
        /// Another configuration was baked before, and it stays: a build has one baked profile.
        case refused(current: LaunchConfiguration)
    }

    /// Compiles `configuration` into the app as the lowest layer of ``current``: the launch (arguments,
    /// `PROFILE_PAYLOAD`, environment) wins over it key by key, so `profile run uitest -- ./App` still decides in a
    /// baked staging build, and a build opened from the home screen reads the baked profile.
    ///
    /// ```swift
    /// #if STAGING
    /// ActiveProfile.bake(LaunchProfiles.staging)
    /// #endif
    /// ```
    ///
    /// Call it once, before the first read. A second call does not replace the first (``BakeResult/refused(current:)``),
    /// a call after reads applies from then on (``BakeResult/bakedAfterReads``); neither traps. The baked
    /// configuration's environment variables are read as the launch's are (below the process's own). What the
    /// process hands on to processes it launches (``launchArguments``) is the launch's alone.
    @discardableResult
    public static func bake(_ configuration: LaunchConfiguration) -> BakeResult {
        ProcessProfiles.shared.bake(configuration)
    }

    /// The baked configuration, if ``bake(_:)`` was called.
    public static var bakedConfiguration: LaunchConfiguration? { ProcessProfiles.shared.baked }

    /// A profile read from `configuration` alone, as `layer`: its launch arguments, `PROFILE_PAYLOAD` and other
    /// variables. A payload error names the configuration.
    init(configuration: LaunchConfiguration, layer: ProfileSource.Layer) {
        let parsed = ActiveProfile(
            arguments: [""] + configuration.launchArguments,
            source: .fixed(configuration.launchEnvironment),
            payloadText: configuration.launchEnvironment[WireFormat.environmentVariable])
        let error = parsed.payloadError.map {
            ProfileRuntimeError(
                $0.kind, key: $0.key,
                message: "the \(layer.name) profile \"\(configuration.name)\" cannot be read: \($0.message)")
        }
        var profiles = parsed.profiles
        if profiles.isEmpty, !configuration.name.isEmpty {
            profiles = configuration.name.split(separator: "+").map(String.init)
        }
        self.init(
            storage: parsed.storage.with(
                profiles: profiles, payloadError: .some(error), layer: layer, configuration: .some(configuration)))
    }

    // MARK: - Where a value came from

    /// The layer, and its profiles, that sets `key` (read as a value), or ``ProfileSource/Layer/default``.
    public func source(ofKey key: String) -> ProfileSource {
        source(canonical: ProfileKey.canonical(key), prefer: .value)
    }

    /// Where the flag's value comes from.
    public func source(of flag: FlagKey) -> ProfileSource {
        source(canonical: ProfileKey.canonical(flag.name), prefer: .flag)
    }

    /// Where the value comes from.
    public func source<V>(of value: ValueKey<V>) -> ProfileSource {
        source(canonical: ProfileKey.canonical(value.name), prefer: .value)
    }

    /// Where the mock point's variant comes from.
    public func source<M: MockPoint>(of mockPoint: M.Type) -> ProfileSource {
        source(canonical: ProfileKey.canonical(M.mockKey), prefer: .mock)
    }

    func source(canonical: String, prefer section: Section) -> ProfileSource {
        guard let found = find(canonical: canonical, prefer: section) else {
            return ProfileSource(layer: .default, profiles: [])
        }
        switch found.source {
        case .registered: return ProfileSource(layer: .default, profiles: [])
        case .baked: return ProfileSource(layer: .baked, profiles: baked?.profiles ?? [])
        case .argument, .payload, .environment:
            return ProfileSource(layer: layer, profiles: Array(profiles.dropFirst(baked?.profiles.count ?? 0)))
        }
    }
}

/// The task local behind scopes.
enum ProfileScope {
    @TaskLocal static var profile: ActiveProfile?

    /// Whether this task (or thread) has the task local bound: `TaskLocal.get()` without its cost when it is not.
    ///
    /// `TaskLocal.get()` is not inlinable: a read through it is a call of unspecialised generic code that copies the
    /// value through its type's metadata, about 25 ns, which a read outside any scope (about 100 ns) would pay every
    /// time. The lookup it makes first is the runtime's `swift_task_localValueGet(const HeapObject *key)`, exported
    /// with the Swift calling convention (swiftlang/swift `include/swift/Runtime/Concurrency.h`), whose key is the
    /// `TaskLocal` object itself: `TaskLocal.key` is `unsafeBitCast(self, to: Builtin.RawPointer.self)`, emitted into
    /// every client (`@_alwaysEmitIntoClient`, the toolchain's `_Concurrency.swiftinterface`), so the runtime keeps
    /// accepting it. It answers `nil` when nothing is bound: then `current` goes on without the generic call; when
    /// something is, the value is read through `TaskLocal.get()` as usual.
    static func noteEntered() { ProcessProfiles.shared.noteScopeEntered() }

    @inline(__always)
    static var isBound: Bool {
        swiftTaskLocalValueGet(Unmanaged.passUnretained($profile).toOpaque()) != nil
    }
}

@_silgen_name("swift_task_localValueGet")
private func swiftTaskLocalValueGet(_ key: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
