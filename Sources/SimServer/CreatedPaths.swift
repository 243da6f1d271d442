import Foundation

/// The database file and the folders above it that do not exist yet, noted before start-up creates
/// them, so that a start that fails can take them away again (SQLite's -wal, -shm and -journal
/// files beside a file it created go with it). A folder is removed only if it is empty.
struct CreatedPaths {
    let file: String?
    let folders: [String]

    init(database path: String) {
        let manager = FileManager.default
        file = manager.fileExists(atPath: path) ? nil : path
        var folders: [String] = []
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        while !manager.fileExists(atPath: folder) {
            folders.append(folder)
            let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
            if parent == folder { break }
            folder = parent
        }
        self.folders = folders
    }

    func remove() {
        if let file {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(file + suffix) }
        }
        for folder in folders { rmdir(folder) }  // innermost first; fails harmlessly if not empty
    }
}
