import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts child processes one at a time across the whole test run. Foundation's `Process.run()` on
/// Linux is not safe to call from several threads at once (a CI run crashed inside it, in `memcpy`,
/// while other tests were launching their own), and the tests run in parallel.
///
/// It also over-reads: `findMaximumOpenFromProcSelfFD` copies 256 bytes from the last entry that
/// `readdir` returns for `/proc/self/fd` (swift-corelibs-foundation #5472, fixed upstream after this
/// toolchain). With a thousand descriptors open — the parallel suites' servers and sockets — that
/// entry sits at the end of glibc's 32 KB directory buffer, and when the next page is unmapped the
/// test process crashes. Allocations of 16 KB and more are then given their own mapping, which
/// rounds up to a page and leaves room after the buffer for the over-read.
public enum ProcessLaunch {
    private static let lock = NSLock()
    private static let roomForTheOverRead: Void = {
        #if canImport(Glibc)
        // mallopt(M_MMAP_THRESHOLD = -3, …): <malloc.h> is not in the Glibc module, so by name.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") {
            _ = unsafeBitCast(symbol, to: Mallopt.self)(-3, 16 * 1024)
        }
        #endif
    }()

    public static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        _ = roomForTheOverRead
        try process.run()
    }
}
