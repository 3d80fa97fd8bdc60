// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "swift-refresh",
  defaultLocalization: "en",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Observing", targets: ["Observing"]),
    .library(name: "Refresh", targets: ["Refresh"]),
    .library(name: "Rendering", targets: ["Rendering"]),
    .library(name: "RefreshTesting", targets: ["RefreshTesting"]),
    .executable(name: "refresh-demo", targets: ["Demo"]),
    .executable(name: "refresh-bench", targets: ["Benchmarks"]),
    .executable(name: "refresh-storyboard", targets: ["Storyboard"]),
    .executable(name: "refresh-minimal", targets: ["Minimal"]),
    .executable(name: "refresh-snapshots", targets: ["Snapshots"]),
  ],
  targets: [
    .target(name: "_ObservingShims"),
    .target(name: "Observing", dependencies: ["_ObservingShims"]),
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "ObservingTests", dependencies: ["TestSupport", "Observing"]),
    .target(name: "Refresh", dependencies: ["Observing"], resources: [.process("Resources")]),
    .testTarget(name: "RefreshTests", dependencies: ["TestSupport", "Refresh"]),
    .target(name: "Rendering", dependencies: ["Refresh"]),
    .testTarget(
      name: "RenderingTests",
      dependencies: ["TestSupport", "TerminalTestSupport", "Rendering", "Refresh"]),
    .target(name: "RefreshTesting", dependencies: ["Refresh", "Rendering"]),
    .testTarget(
      name: "RefreshTestingTests", dependencies: ["RefreshTesting", "Refresh", "Rendering"],
      exclude: ["__Snapshots__", "Recordings"]),
    .target(name: "Gallery", dependencies: ["Observing", "Refresh"], path: "Examples/Gallery"),
    .testTarget(
      name: "GalleryTests",
      dependencies: ["TestSupport", "Gallery", "Refresh", "Rendering", "RefreshTesting"],
      exclude: ["__Snapshots__"]),
    .target(
      name: "DemoCore", dependencies: ["Refresh", "Rendering", "Gallery"], path: "Examples/DemoCore"
    ),
    .executableTarget(
      name: "Demo", dependencies: ["DemoCore", "Rendering"], path: "Examples/Demo",
      exclude: ["README.md"]),
    .testTarget(
      name: "DemoTests",
      dependencies: [
        "TestSupport", "TerminalTestSupport", "DemoCore", "Demo", "Rendering", "Refresh",
        "RefreshTesting",
      ], exclude: ["__Snapshots__", "Recordings"]),
    .target(
      name: "TerminalTestSupport", dependencies: ["Refresh", "Rendering"],
      path: "Tests/TerminalTestSupport"),
    .executableTarget(
      name: "Minimal", dependencies: ["Refresh", "Rendering"], path: "Examples/Minimal"),
    .testTarget(name: "MinimalTests", dependencies: ["TerminalTestSupport", "Minimal"]),
    .executableTarget(
      name: "Snapshots", dependencies: ["RefreshTesting", "Rendering"], path: "Examples/Snapshots",
      exclude: ["README.md"]),
    .testTarget(
      name: "SnapshotsTests", dependencies: ["TerminalTestSupport", "Snapshots", "RefreshTesting"]),
    .target(name: "AllocationCounter", path: "Examples/AllocationCounter"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["Observing", "Refresh", "Rendering", "DemoCore", "AllocationCounter"],
      path: "Examples/Benchmarks",
      exclude: ["README.md", "ncurses"]
    ),
    .executableTarget(
      name: "Storyboard",
      dependencies: ["Refresh", "Rendering", "Gallery", "DemoCore"],
      path: "Examples/Storyboard",
      exclude: ["README.md"]
    ),
    .testTarget(
      name: "StoryboardTests", dependencies: ["TestSupport", "Storyboard", "Refresh", "Rendering"]),
  ]
)
