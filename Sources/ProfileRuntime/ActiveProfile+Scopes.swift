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
    @inlinable
    public static var current: ActiveProfile {
        // By address, as the `static let` that `current` was: `ActiveProfile.current.flag(…)` borrows the profile
        // where it is kept, with no retain and release around the read (a `_read` or a `get` made the caller copy it:
        // 15% of a read). Every address handed out stays valid while a reader can use it: the launch's and the
        // preview's and baked profile's for the life of the process (``ProcessProfiles``), a scope's while the scope
        // (or a task that copied it) is alive, which it is while code in it reads.
        unsafeAddress {
            let layers = ProcessProfiles.shared
            if _stdlib_atomicAcquiringLoadARCRef(object: layers.quiet) != nil {
                // No scope alive, no preview or baked profile, the launch read before.
                return UnsafePointer(layers.launchCell)
            }
            return layers.addressPastTheLaunch()
        }
    }

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
        try withProfile(ActiveProfile(configuration: configuration, layer: .scope), operation: operation)
    }

    /// Runs the asynchronous `operation` with `configuration` as ``current``, for this task and its child tasks.
    @discardableResult
    public static func withProfile<R>(
        _ configuration: LaunchConfiguration,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await withProfile(
            ActiveProfile(configuration: configuration, layer: .scope), isolation: isolation, operation: operation)
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
        try ProfileScope.$binding.withValue(ScopeBinding(profile)) { try operation() }
    }

    /// Runs the asynchronous `operation` with `profile` as ``current``.
    @discardableResult
    public static func withProfile<R>(
        _ profile: ActiveProfile,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await ProfileScope.$binding.withValue(ScopeBinding(profile), operation: operation, isolation: isolation)
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
    /// What a scope binds. Its default is never read: ``boundAddress`` tells "nothing bound" by the runtime's `nil`.
    @TaskLocal static var binding = ScopeBinding.unbound

    /// The profile bound to this task (or thread), by address: `TaskLocal.get()` without its cost.
    ///
    /// Asked only while a scope is alive somewhere in the process (``ScopeToken``). `TaskLocal.get()` is not
    /// inlinable: a read through it is a call of unspecialised generic code that copies the value through its type's
    /// metadata and retains it, about 25 ns, which would make a read in a scope cost half as much again as one outside.
    /// What it does first is the runtime's `swift_task_localValueGet(const HeapObject *key)`, exported with the Swift
    /// calling convention (swiftlang/swift `include/swift/Runtime/Concurrency.h`), whose key is the `TaskLocal` object
    /// itself: `TaskLocal.key` is `unsafeBitCast(self, to: Builtin.RawPointer.self)`, emitted into every client
    /// (`@_alwaysEmitIntoClient`, the toolchain's `_Concurrency.swiftinterface`), so the runtime keeps accepting it. It
    /// answers `nil` when nothing is bound, else the address where the bound `Value` is stored, for as long as the
    /// binding's `withValue` runs: `get()` binds that address to `Value` and copies its `pointee` (swiftlang/swift
    /// `stdlib/public/Concurrency/TaskLocal.swift`, `get()`). Here `Value` is ``ScopeBinding``, a struct: its
    /// profile is at `MemoryLayout.offset(of: \.profile)` from there, lent out in place with no retain.
    @inline(__always)
    static var boundAddress: UnsafePointer<ActiveProfile>? {
        guard let stored = swiftTaskLocalValueGet(Unmanaged.passUnretained($binding).toOpaque()) else { return nil }
        return UnsafeRawPointer(stored + ScopeBinding.profileOffset).assumingMemoryBound(to: ActiveProfile.self)
    }
}

/// What a scope binds: the profile, and a token that counts the binding in ``ProcessProfiles``' state word for as
/// long as it is alive.
///
/// A binding lives as long as something can read it: the scope itself, and the unstructured tasks (`Task { }`) that
/// copied it and outlive the scope (they retain its token), and nothing else. So while the count is zero no task and
/// no thread can have a scope bound, and ``ActiveProfile/current`` answers without looking the task local up; while
/// it is not, reads outside scopes pay the lookup.
struct ScopeBinding: Sendable {
    /// The scope's profile; ``ActiveProfile/current`` lends it out by address, where the task local keeps it.
    let profile: ActiveProfile
    /// Counts the binding alive (`nil` only in ``unbound``, which is never bound).
    let token: ScopeToken?

    init(_ profile: ActiveProfile) {
        self.profile = profile
        token = ScopeToken()
    }

    private init(unbound profile: ActiveProfile) {
        self.profile = profile
        token = nil
    }

    /// The task local's default: an empty profile, never read.
    static var unbound: ScopeBinding {
        ScopeBinding(unbound: ActiveProfile(arguments: [], source: .fixed([:]), payloadText: nil))
    }

    /// Where ``profile`` is inside a binding (a stored property of a struct: `offset(of:)` answers it).
    @inline(__always)
    static var profileOffset: Int { MemoryLayout<ScopeBinding>.offset(of: \.profile)! }
}

/// Counts a scope's binding in (`init`) and out (`deinit`) of ``ProcessProfiles``' state word.
final class ScopeToken: Sendable {
    init() { ProcessProfiles.shared.countScope(1) }
    deinit { ProcessProfiles.shared.countScope(-1) }
}

@_silgen_name("swift_task_localValueGet")
private func swiftTaskLocalValueGet(_ key: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
