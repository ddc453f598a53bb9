import ProfilePlatform

/// Ends the command with an exit status after its message has been printed (the CLI prints its own diagnostics,
/// like swift-format, then exits).
struct Exit: Error {
    let status: Int32
}

/// Ends the process now with `status` (inside a command, where `exit` names swift-argument-parser's method).
func terminate(_ status: Int32) -> Never {
    ProcessExit.now(status)
}
