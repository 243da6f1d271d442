#if canImport(Glibc)
import Glibc
#endif

/// A TCP port on 127.0.0.1 that accepts connections (the kernel does, into its backlog) and never
/// answers: a server that hangs, for the client's timeout.
struct SilentListener: ~Copyable {
    let fd: Int32
    let port: Int

    init() throws {
        let (fd, port) = try loopbackSocket()
        guard listen(fd, 16) == 0 else {
            close(fd)
            throw ServeProcess.Failure("listen failed: errno \(errno)")
        }
        self.fd = fd
        self.port = port
    }

    deinit { close(fd) }
}

/// A port on 127.0.0.1 that refuses connections for as long as this is held: bound, never
/// listening. A port merely bound and closed again is free for anyone: on a busy machine another
/// test's server took it (a refusal became that server's answer: 2204, not 2202), and a client's
/// own ephemeral port could be it (a connection to itself). A bound port is neither.
final class ClosedPort: Sendable {
    private let fd: Int32
    let port: Int

    init() throws {
        (fd, port) = try loopbackSocket()
    }

    /// Gives the port up (at the end of the test that used it: the call keeps it held until then).
    func release() { close(fd) }
}

/// Whether a new server could listen on `port` of 127.0.0.1 now (it listens, then closes at once).
func canListen(on port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    return bound == 0 && listen(fd, 1) == 0
}

/// A TCP socket bound to a free port of 127.0.0.1 (the kernel's choice), not yet listening, and the port.
func loopbackSocket() throws -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ServeProcess.Failure("socket() failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
        close(fd)
        throw ServeProcess.Failure("bind failed: errno \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}
