// swift-tools-version: 6.1
import PackageDescription

// The release executable's link (lld, which the toolchain ships): the functions that start-up and a
// key run laid out together (scripts/link/startup-order.txt, made by scripts/link/startup-order.sh),
// no symbols exported (scripts/link/exports.map), and a position-dependent executable, so the loader
// applies no relocations: less of the binary is read and made resident at start. Not DT_RELR
// (`-z pack-relative-relocs`): it needs glibc 2.36, and the release runs on 2.35. Benchmarks/README.md.
let link = Context.packageDirectory + "/scripts/link"
let releaseLink: [LinkerSetting] = [
    .unsafeFlags([
        "-use-ld=lld", "-Xclang-linker", "-no-pie",
        "-Xlinker", "--version-script=\(link)/exports.map",
        "-Xlinker", "--symbol-ordering-file=\(link)/startup-order.txt", "-Xlinker", "--no-warn-symbol-ordering",
    ], .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "enrollsim",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "enrollsim", targets: ["enrollsim"]),
    ],
    traits: [
        // HTTPS in `enrollsim serve` (swift-nio-ssl, which compiles BoringSSL: minutes of cold build,
        // so off by default). `swift build --traits TLS`; docs/futurae-auth-api.md.
        .trait(name: "TLS", description: "enrollsim serve speaks HTTPS (--tls-cert/--tls-key, --tls-self-signed)"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Without its default ConfigurationSupport trait: swift-configuration is not built.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        // Its test support lets CustomDump's expectNoDifference fail a Swift Testing test (without
        // it a difference is only printed).
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // HeapModule alone: the PIMS clock's queue of steps by due time (already resolved for SwiftNIO).
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // The kernel every system shares: envelope and JSON, clock, seeded ids, faults, controls,
        // session settings, strict scenario reading, events, the backend protocol, batch.
        .target(name: "SimKernel", dependencies: [.product(name: "Yams", package: "Yams")]),
        // A system: PIMS (catalogue, errors, value types, rules R0–R25, controls, session options).
        .target(name: "PIMS", dependencies: ["SimKernel", .product(name: "HeapModule", package: "swift-collections")]),
        // A system: Futurae (activation-code enrollment: catalogue, errors, value types, rules F0–F7, controls).
        .target(name: "Futurae", dependencies: ["SimKernel"]),
        // A system: CA Strong Authentication (card activation and auto-enrollment by push: rules C0–C12, controls).
        .target(name: "Card", dependencies: ["SimKernel"]),
        // The world: the systems composed, the simulator core, scenarios, the in-process backend.
        .target(
            name: "SimWorld",
            dependencies: ["SimKernel", "PIMS", "Futurae", "Card", "EnrollsimAssets", .product(name: "Yams", package: "Yams")]
        ),
        // Assets/ (built-in scenarios) as a resource bundle.
        .target(name: "EnrollsimAssets", path: "Assets", resources: [.copy("scenarios"), .copy("walks")]),
        // The team server: Hummingbird routes over the world, SQLite store through GRDB.
        .target(
            name: "SimServer",
            dependencies: [
                "SimKernel", "SimWorld",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                "COpenSSLCrypto",
                .product(name: "HummingbirdTLS", package: "hummingbird", condition: .when(traits: ["TLS"])),
            ]
        ),
        // Futurae's server side: its Auth API (FA1–FA14), registered with the team server as a
        // `SystemRoutes` (a Hummingbird `RouteCollection`); SimServer names no system.
        .target(
            name: "FuturaeServer",
            dependencies: ["SimKernel", "SimWorld", "Futurae", "SimServer", "QRCode", .product(name: "Hummingbird", package: "hummingbird")]
        ),
        // SHA-256 of the session tokens and HMAC-SHA256 of the Auth API's signatures, from the
        // system's OpenSSL libcrypto (the one libcurl's TLS uses too) through dlopen on first use:
        // its headers at build time (libssl-dev), and no libcrypto among the binary's needed objects.
        .target(name: "COpenSSLCrypto", cSettings: [
            // macOS has no OpenSSL headers: Homebrew's openssl@3 (Apple silicon, then Intel).
            .unsafeFlags(["-I/opt/homebrew/opt/openssl@3/include", "-I/usr/local/opt/openssl@3/include"], .when(platforms: [.macOS])),
        ]),
        // SimBackend over HTTP, on libcurl (HTTPS and proxies included), loaded on the first request.
        .target(name: "SimClient", dependencies: ["SimKernel", "CCurl"]),
        // libcurl's C API through dlopen: its header at build time (libcurl4-openssl-dev), and no
        // libcurl among the binary's needed objects, so the terminal app never loads it.
        .target(name: "CCurl"),
        // The view-model: state, actions, pure reducer, effects.
        .target(name: "Enrollment", dependencies: ["PIMS", "Futurae", "Card", "Walk"]),
        // Walks: the recorded file (strict reading), replay --check, batch and Markdown exports, coverage.
        .target(name: "Walk", dependencies: ["SimKernel"]),
        // A walk played through the front headless: frames for asciicast, the terminal replay, screenshots.
        .target(name: "WalkPlayer", dependencies: ["Walk", "Enrollment", "Screens", "TerminalUI", "PIMS", "CZlib"]),
        // `enrollsim explore`: coverage-guided keys through the headless front, minimal walks, oracles.
        .target(name: "Explore", dependencies: ["Walk", "WalkPlayer", "Enrollment", "Screens", "TerminalUI", "SimKernel", "SimWorld"]),
        // gzip for the bug-report bundle (.tar.gz), from the system's zlib (the one libcurl uses too).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Frames, styles, widgets, keymap: no curses here.
        .target(name: "TerminalUI"),
        // render(State, Size) -> Frame for every screen.
        .target(name: "Screens", dependencies: ["Enrollment", "TerminalUI", "PIMS", "Card", "QRCode"]),
        // A QR code of a text, by libqrencode (the Futurae back office's activation code).
        .target(name: "QRCode", dependencies: ["CQRencode", "CPNG"]),
        // PNG images of QR codes (the Auth API's activation_qrcode_url), by libpng.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
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
                "SimKernel", "PIMS", "Futurae", "SimWorld", "SimServer", "FuturaeServer", "SimClient", "Enrollment", "Screens",
                "TerminalUI", "CursesTerminal", "EnrollsimConfig", "Walk", "WalkPlayer", "EnrollsimAssets", "Explore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            linkerSettings: releaseLink
        ),
        // Release-build benchmarks: `swift run -c release enrollsim-bench`.
        .executableTarget(
            name: "enrollsim-bench",
            dependencies: ["SimKernel", "PIMS", "SimWorld", "SimServer", "FuturaeServer", "SimClient", "Enrollment", "Screens", "TerminalUI"],
            path: "Benchmarks/enrollsim-bench"
        ),

        .testTarget(name: "PIMSTests", dependencies: ["PIMS"]),
        .testTarget(name: "WalkTests", dependencies: ["Walk", "WalkPlayer", "Screens", "SimKernel", "PIMS", "SimWorld", "Enrollment", "TerminalUI",
                                               "EnrollsimAssets", "SimServer", "SimClient", "SimTestSupport"],
                    // The JUnit schema the suite report is validated against, and the walk page's
                    // browser driver (both read by path).
                    exclude: ["Schemas", "Browser"]),
        .testTarget(name: "ExploreTests", dependencies: ["Explore", "Walk", "WalkPlayer", "Screens", "SimKernel", "SimWorld", "Enrollment",
                                                  "TerminalUI"]),
        .testTarget(name: "FuturaeTests", dependencies: ["SimKernel", "Futurae"]),
        .testTarget(name: "CardTests", dependencies: ["SimKernel", "Card"]),
        .testTarget(name: "SimKernelTests", dependencies: ["SimKernel", "SimTestSupport"]),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "SimKernel", "PIMS", "Futurae", "Card", "SimWorld", "SimServer", "SimClient", "SimTestSupport",
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ]
        ),
        // Yams: the exporter is checked against Yams's own encoder.
        .testTarget(name: "SimWorldTests", dependencies: ["SimKernel", "PIMS", "Futurae", "Card", "SimWorld", "SimTestSupport",
                                                  .product(name: "Yams", package: "Yams")]),
        .testTarget(
            name: "SimServerTests",
            dependencies: [
                "SimKernel", "PIMS", "SimWorld", "SimServer", "FuturaeServer", "SimClient", "SimTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                // Reads docs/openapi.yaml to check the server's answers against it.
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "EnrollmentTests",
            dependencies: [
                "PIMS", "Futurae", "Card", "SimWorld", "Enrollment",
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
        .testTarget(
            name: "ScreensTests",
            dependencies: [
                "Screens", "TerminalUI", "Enrollment", "PIMS", "Futurae", "Card", "QRCode", "SimWorld", "FrameSnapshotTesting", "SimTestSupport",
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
        // Test helpers shared by the backend test targets (reading event streams).
        .target(name: "SimTestSupport", dependencies: ["SimKernel"], path: "Tests/SimTestSupport"),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "FrameSnapshotTesting", "SimKernel", "SimTestSupport"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TerminalUI", "SimKernel", "SimWorld", "SimTestSupport"]),
        // The executable's own loop between a driver and the store, on the memory driver.
        .testTarget(name: "EnrollsimTests", dependencies: ["enrollsim", "Enrollment", "TerminalUI"]),
        .testTarget(name: "EnrollsimConfigTests", dependencies: ["EnrollsimConfig", "PIMS", "TerminalUI"]),
        // The built binary from outside: --version, the manual page, completions, the settings'
        // refusals, and the release tarball (scripts/release.sh) unpacked elsewhere.
        .testTarget(name: "CommandLineTests", dependencies: ["SimTestSupport"]),
    ]
)
