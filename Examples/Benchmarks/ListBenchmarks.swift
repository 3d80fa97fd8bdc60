import Foundation
import Refresh
import Rendering

#if canImport(Glibc)
  import Glibc
#endif

extension Bench {
  /// A `ListView` at scale: 10^3 and 10^6 rows of the terminal section's two-label rows, each
  /// 10^6 figure beside the 10^3 one (its growth) and beside its goal; the scrolling frames of
  /// both and of a 400-row list are measured interleaved (``Bench/interleaved(_:)``).
  @MainActor
  mutating func runList() {
    let section = "List"
    let (columns, rows) = (200, 60)
    let screen = CGRect(
      x: 0, y: 0, width: CGFloat(columns) * TextMetrics.cellWidth,
      height: CGFloat(rows) * TextMetrics.lineHeight)

    /// A list of `count` rows in a window, laid out.
    func makeList(_ count: Int) -> (Window, ListView, PlainRows) {
      let clock = ManualFrameClock()
      let window = Window(frame: screen, clock: clock)
      let list = ListView(frame: screen)
      let source = PlainRows(count: count)
      list.dataSource = source
      window.addSubview(list)
      clock.advance(by: 0)
      return (window, list, source)
    }

    /// A scrolling frame, as a body for the harness: a line down (back to the top past the
    /// end), layout, drawing, diffing and encoding.
    func frames(_ window: Window, _ list: ListView) -> (Int) -> Void {
      let canvas = TerminalCanvas(columns: columns, rows: rows)
      var buffer = TerminalFrameBuffer()
      let limit = min(list.maximumContentOffset.y, 100_000 * TextMetrics.lineHeight)
      return { iterations in
        for _ in 0..<iterations {
          let next = list.contentOffset.y + TextMetrics.lineHeight
          list.contentOffset.y = next > limit ? 0 : next
          window.layoutIfNeeded()
          canvas.clear(background: .white)
          window.render(in: canvas)
          blackHole(buffer.frame(from: canvas))
        }
      }
    }

    struct Scale {
      var window: Window
      var list: ListView
      var source: PlainRows
      var reload = 0.0
      var frame = 0.0
      var insert = 0.0
      var bytesPerRow = 0.0
    }
    /// A list of `count` rows, its resident bytes per row and its reload time.
    func load(_ count: Int) -> Scale {
      let before = residentBytes()
      let (window, list, source) = makeList(count)
      var scale = Scale(window: window, list: list, source: source)
      scale.bytesPerRow = Double(residentBytes() - before) / Double(count)
      scale.reload = nanoseconds { iterations in
        for _ in 0..<iterations { list.reloadData() }
      }
      return scale
    }
    /// A chat list loading older messages: 20 rows at the top, scrolled down into the list.
    func insertion(_ scale: Scale) -> Double {
      let (window, list, source) = (scale.window, scale.list, scale.source)
      list.contentOffset.y = list.maximumContentOffset.y / 2
      window.layoutIfNeeded()
      return nanoseconds { iterations in
        for _ in 0..<iterations {
          source.count += 20
          list.insertRows(at: Array(0..<20))
        }
      }
    }

    let (smallWindow, smallList, smallSource) = makeList(400)
    var small = load(1_000)
    var large = load(1_000_000)
    // The three frames are compared with each other: their samples are interleaved, so that
    // a change in the machine's load reaches all three alike.
    let frameTimes = interleaved([
      frames(smallWindow, smallList), frames(small.window, small.list),
      frames(large.window, large.list),
    ])
    let reference = frameTimes[0]
    (small.frame, large.frame) = (frameTimes[1], frameTimes[2])
    blackHole(smallSource)
    small.insert = insertion(small)
    large.insert = insertion(large)
    record(section, "400 rows: scrolling frame", reference / 1e6, unit: "ms")
    record(section, "10^3 rows: reloadData", small.reload / 1e6, unit: "ms")
    record(
      section, "10^6 rows: reloadData", large.reload / 1e6, unit: "ms",
      anchor: ("10^3 rows", small.reload / 1e6), goal: ("< 100 ms", large.reload < 100e6))
    record(
      section, "10^3 rows: scrolling frame", small.frame / 1e6, unit: "ms",
      anchor: ("400 rows", reference / 1e6))
    record(
      section, "10^6 rows: scrolling frame", large.frame / 1e6, unit: "ms",
      anchor: ("400 rows", reference / 1e6),
      goal: ("<= 1.2x 400 rows", large.frame <= 1.2 * reference))
    record(section, "10^3 rows: insert 20 rows at the top", small.insert / 1e6, unit: "ms")
    record(
      section, "10^6 rows: insert 20 rows at the top", large.insert / 1e6, unit: "ms",
      anchor: ("10^3 rows", small.insert / 1e6), goal: ("< 5 ms", large.insert < 5e6))
    record(section, "10^3 rows: resident bytes per row", small.bytesPerRow, unit: "bytes")
    record(
      section, "10^6 rows: resident bytes per row", large.bytesPerRow, unit: "bytes",
      anchor: ("10^3 rows", small.bytesPerRow),
      goal: ("<= 12 (a row height and a few)", large.bytesPerRow <= 12))
  }
}

/// The bytes of memory the process has resident (`/proc/self/statm`'s second field, in pages).
///
/// A list's row offsets are one block too large for the allocator's counters (glibc maps it),
/// but its pages are touched and counted here. 0 where there is no `/proc`.
private func residentBytes() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
