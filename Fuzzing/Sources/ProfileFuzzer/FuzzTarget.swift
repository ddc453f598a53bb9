import Dispatch
import FuzzerEntry
import ProfileModel
import ProfilePlatform
import ProfileResolution

// The fuzz target: `LLVMFuzzerTestOneInput` (libFuzzer provides `main`). Built with `-parse-as-library`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte that separates the pieces of an input: never valid in UTF-8, so a piece's own text cannot hold it.
let separator: UInt8 = 0xFF

/// The files the pieces become, in order (the last piece holds overrides, one per line).
let pieceFiles = ["p.yml", "base.yml", "_catalog.yml", "p.local.yml"]

/// A directory of this process's own on a RAM disk when there is one: `<dir>/profiles/`.
let profilesDirectory: String = {
    let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    let root = "\(base)/profile-fuzz-\(getpid())"
    mkdir(root, 0o700)
    mkdir(root + "/profiles", 0o700)
    return root + "/profiles"
}()

/// The environment `profile` is invoked with, the same for every input.
let invokingEnvironment = EnvironmentTable([
    ("PATH", "/usr/bin:/bin"), ("HOME", "/home/fuzz"), ("USER", "fuzz"), ("EMPTY", ""), ("LANG", "C.UTF-8"),
])

/// Keeps rendered text alive so that rendering is not optimised away.
nonisolated(unsafe) var renderedBytes = 0

func sink(_ text: String) { renderedBytes &+= text.utf8.count }

func render(_ diagnostics: [Diagnostic]) {
    sink(DiagnosticRenderer(colors: false).render(diagnostics.sortedByLocation()))
    sink(DiagnosticRenderer(colors: true).render(diagnostics))
    sink(DiagnosticFormats.json(diagnostics))
    sink(DiagnosticFormats.github(diagnostics))
}

func split(_ bytes: [UInt8]) -> [[UInt8]] {
    var pieces: [[UInt8]] = [[]]
    for byte in bytes {
        if byte == separator {
            if pieces.count == pieceFiles.count + 1 { break }
            pieces.append([])
        } else {
            pieces[pieces.count - 1].append(byte)
        }
    }
    return pieces
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { fatalError("cannot write \(path)") }
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written > 0 else { fatalError("cannot write \(path)") }
        offset += written
    }
    close(fd)
}

/// Every piece on its own, in memory: parse, decode as a profile (and as an overlay), as a catalog, check the
/// profile against the catalog it declares, render everything.
func loadInMemory(_ pieces: [[UInt8]]) {
    for (index, piece) in pieces.prefix(pieceFiles.count).enumerated() {
        let file = SourceFile(path: "profiles/" + pieceFiles[index], bytes: piece)
        do {
            let document = try YAMLParser.parse(file)
            let (definition, problems) = ProfileDecoder.decode(document, name: "p", isOverlay: index == 3)
            let (catalog, catalogProblems) = CatalogDecoder.decode(document)
            let (findings, _) = CatalogChecker(catalog: catalog).check(definition)
            render(problems + catalogProblems + findings)
            // Interpolation of every environment value and argument on its own.
            let interpolator = Interpolator { name in
                invokingEnvironment[name].map { Interpolator.Variable(value: $0, display: nil) }
            }
            for entry in definition.environment {
                if let value = entry.value { _ = try? interpolator.interpolate(value.value) }
            }
        } catch {
            render([error])
        }
    }
}

/// The overrides piece: one per line, `e FLAG`, `d FLAG`, `m POINT=VARIANT`, `v KEY=VALUE`, `s NAME=VALUE`,
/// `u NAME`, located in a pseudo command line like the CLI's.
func overrides(_ piece: [UInt8]) -> Overrides {
    let lines = String(decoding: piece, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    let source = CommandLineSource(arguments: lines.map(String.init))
    var result = Overrides()
    for (index, line) in lines.enumerated() where line.count >= 2 {
        let text = String(line.dropFirst(2))
        let whole = source.located(text, argument: index, offset: 2)
        let equals = text.firstIndex(of: "=")
        let key = source.located(equals.map { String(text[..<$0]) } ?? text, argument: index, offset: 2)
        let value = source.located(
            equals.map { String(text[text.index(after: $0)...]) } ?? "", argument: index,
            offset: 2 + key.value.count + 1)
        switch line.first {
        case "e": result.items.append(.enable(whole))
        case "d": result.items.append(.disable(whole))
        case "m": result.items.append(.mock(key, value))
        case "v": result.items.append(.value(key, value))
        case "s": result.items.append(.setEnvironment(key, value))
        case "u": result.items.append(.unsetEnvironment(whole))
        default: break
        }
    }
    return result
}

/// The pieces as files in a profiles directory, resolved for `run`, `show` and `lint`.
func resolveOnDisk(_ pieces: [[UInt8]]) {
    for (index, name) in pieceFiles.enumerated() {
        let path = profilesDirectory + "/" + name
        if index < pieces.count { writeFile(path, pieces[index]) } else { unlink(path) }
    }
    let changes = pieces.count > pieceFiles.count ? overrides(pieces[pieceFiles.count]) : Overrides()
    let commandLine = CommandLineSource(arguments: ["run", "p", "--", "true"])
    let names = [commandLine.located("p", argument: 1)]
    for purpose in [Resolver.Purpose.run, .inspect, .lint] {
        let directory: ProfileDirectory
        do {
            directory = try ProfileDirectory(path: profilesDirectory)
        } catch {
            render([error])
            return
        }
        let repository = ProfileRepository(directory: directory)
        let resolved = Resolver(repository: repository).resolve(
            names, overrides: changes, environment: invokingEnvironment, purpose: purpose)
        repository.reportDirectoryProblems()
        render(repository.diagnostics)
        if let resolved {
            let show = ShowRenderer(reveal: purpose == .inspect)
            sink(show.text(resolved))
            sink(show.json(resolved))
            for (name, value) in resolved.childEnvironment.pairs { sink(name + value) }
            for argument in resolved.argv(command: ["true"]) { sink(argument) }
        }
        if purpose == .lint {
            // `Linter.run` is async (it loads on every processor); libFuzzer's thread waits for it.
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var diagnostics: [Diagnostic] = []
            Task {
                diagnostics = await Linter(repository: ProfileRepository(directory: directory)).run(
                    environment: invokingEnvironment)
                done.signal()
            }
            done.wait()
            render(diagnostics)
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let pieces = split(bytes)
    loadInMemory(pieces)
    resolveOnDisk(pieces)
    return 0
}
