import ProfileRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `live` datasource: the REST Countries API at `COUNTRIES_API_URL`. It really goes to the network: it opens a
/// TCP connection to the API's host within `requestTimeout` seconds, and fails clearly when it cannot. (HTTPS needs
/// a TLS client, which this zero-dependency example leaves out: once the host answers, it lists the bundled data.)
struct LiveCountries: CountriesDatasource {
    let timeout: Double

    func countries() throws -> [Country] {
        let url = ActiveProfile.current.string(forKey: "COUNTRIES_API_URL", default: "https://restcountries.com/v3.1")
        let (host, port) = Self.hostAndPort(url)
        if let problem = Self.reach(host: host, port: port, timeout: timeout) {
            throw DatasourceError(
                message: "live datasource: cannot reach \(host):\(port) (\(problem)): "
                    + "run with the `offline` or `uitest` profile for local data")
        }
        note("countries: live datasource: reached \(host):\(port); with no TLS client here, listing the bundled data")
        return LocalCountries.all
    }

    /// `https://host:port/path` → (`host`, port), the port defaulting to the scheme's.
    static func hostAndPort(_ url: String) -> (String, String) {
        var rest = Substring(url)
        var port = "443"
        if let scheme = rest.firstRange(of: "://") {
            if rest[..<scheme.lowerBound].lowercased() == "http" { port = "80" }
            rest = rest[scheme.upperBound...]
        }
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            port = String(authority[authority.index(after: colon)...])
            authority = authority[..<colon]
        }
        if authority.hasPrefix("[") { authority = authority.dropFirst().prefix { $0 != "]" } }
        return (String(authority), port)
    }

    /// Resolves `host` and connects to each address in turn; nil once one connects, else why none did.
    static func reach(host: String, port: String, timeout: Double) -> String? {
        var hints = addrinfo()
        // glibc declares `SOCK_STREAM` in an enum (`__socket_type`, imported as a struct with a raw value); Darwin's
        // <sys/socket.h> has `#define SOCK_STREAM 1`, an `Int32`.
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, port, &hints, &list)
        guard status == 0 else { return String(cString: gai_strerror(status)) }
        defer { freeaddrinfo(list) }
        var problem = "no address"
        var next = list
        while let info = next?.pointee {
            next = info.ai_next
            let fd = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if connect(fd, info.ai_addr, info.ai_addrlen) == 0 { return nil }
            guard errno == EINPROGRESS else {
                problem = String(cString: strerror(errno))
                continue
            }
            var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&waiting, 1, Int32(min(timeout, 600) * 1000)) == 1 else {
                problem = "no answer within \(timeout) s"
                continue
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error == 0 { return nil }
            problem = String(cString: strerror(error))
        }
        return problem
    }
}
