// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "swift-refresh",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Observing", targets: ["Observing"]),
    .executable(name: "refresh-bench", targets: ["Benchmarks"]),
  ],
  targets: [
    .target(name: "Observing"),
    .testTarget(name: "ObservingTests", dependencies: ["Observing"]),
    .target(name: "AllocationCounter", path: "Examples/AllocationCounter"),
    .executableTarget(
      name: "Benchmarks",
      dependencies: ["Observing", "AllocationCounter"],
      path: "Examples/Benchmarks",
      exclude: ["README.md"]
    ),
  ]
)
