// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "enrollsim",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "enrollsim", targets: ["enrollsim"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // The PIMS contract: envelope, API and error catalogues, value types, the backend protocol.
        .target(name: "PIMS"),
        // The in-process simulated backend: world, rules R0–R25, clock, outbox, faults, scenarios.
        .target(
            name: "PIMSSimulator",
            dependencies: ["PIMS", "EnrollsimAssets", .product(name: "Yams", package: "Yams")]
        ),
        // Assets/ (built-in scenarios) as a resource bundle.
        .target(name: "EnrollsimAssets", path: "Assets", resources: [.copy("scenarios")]),
        // The team server: Hummingbird routes over the simulator, SQLite store through GRDB.
        .target(
            name: "PIMSServer",
            dependencies: [
                "PIMS", "PIMSSimulator",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // PIMSBackend over HTTP.
        .target(
            name: "PIMSClient",
            dependencies: [
                "PIMS",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // The view-model: state, actions, pure reducer, effects.
        .target(name: "Enrollment", dependencies: ["PIMS"]),
        // Frames, styles, widgets, keymap: no curses here.
        .target(name: "TerminalUI"),
        // render(State, Size) -> Frame for every screen.
        .target(name: "Screens", dependencies: ["Enrollment", "TerminalUI", "PIMS"]),
        .systemLibrary(
            name: "CNcursesW",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // The settings file ($XDG_CONFIG_HOME/enrollsim/config.toml), the environment and the flags,
        // resolved with where each setting came from.
        .target(name: "EnrollsimConfig", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")]),
        // The only code that touches curses.
        .target(name: "CursesTerminal", dependencies: ["CNcursesW", "TerminalUI"]),
        .executableTarget(
            name: "enrollsim",
            dependencies: [
                "PIMS", "PIMSSimulator", "PIMSServer", "PIMSClient", "Enrollment", "Screens",
                "TerminalUI", "CursesTerminal", "EnrollsimConfig",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Release-build benchmarks: `swift run -c release enrollsim-bench`.
        .executableTarget(
            name: "enrollsim-bench",
            dependencies: ["PIMS", "PIMSSimulator", "Enrollment", "Screens", "TerminalUI"],
            path: "Benchmarks/enrollsim-bench"
        ),

        .testTarget(name: "PIMSTests", dependencies: ["PIMS"]),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "PIMS", "PIMSSimulator", "PIMSServer", "PIMSClient",
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ]
        ),
        .testTarget(name: "PIMSSimulatorTests", dependencies: ["PIMS", "PIMSSimulator"]),
        .testTarget(
            name: "PIMSServerTests",
            dependencies: [
                "PIMS", "PIMSSimulator", "PIMSServer", "PIMSClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "EnrollmentTests",
            dependencies: [
                "PIMS", "PIMSSimulator", "Enrollment",
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ]
        ),
        .testTarget(
            name: "ScreensTests",
            dependencies: [
                "Screens", "TerminalUI", "Enrollment", "PIMS", "PIMSSimulator", "FrameSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        // Frame snapshots (text + style grid) for swift-snapshot-testing, shared by the UI test targets.
        .target(
            name: "FrameSnapshotTesting",
            dependencies: ["TerminalUI", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            path: "Tests/FrameSnapshotTesting"
        ),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "FrameSnapshotTesting"], exclude: ["__Snapshots__"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TerminalUI", "PIMSSimulator"]),
        .testTarget(name: "EnrollsimConfigTests", dependencies: ["EnrollsimConfig", "PIMS", "TerminalUI"]),
        // The built binary from outside: --version, the manual page, completions, the settings'
        // refusals, and the release tarball (scripts/release.sh) unpacked elsewhere.
        .testTarget(name: "CommandLineTests"),
    ]
)
