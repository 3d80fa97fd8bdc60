import Foundation
import Refresh
import Rendering

/// The posts: numbers, newest first.
///
/// A refresh brings newer ones, a page older ones.
@MainActor
final class Posts: ListViewDataSource {
  var numbers = Array((61...100).reversed())

  func numberOfRows(in listView: ListView) -> Int { numbers.count }

  func listView(_ listView: ListView, heightForRowAt row: Int) -> CGFloat { 18 }

  func listView(_ listView: ListView, viewForRowAt row: Int, reusing view: View?) -> View {
    let label = view as? Label ?? Label()
    label.text = "  Post #\(numbers[row])"
    return label
  }
}

let host: TerminalHost
do {
  host = try TerminalHost()
} catch {
  print("refresh-minimal: \(error)")
  exit(1)
}
let posts = Posts()
let list = ListView(frame: host.window.bounds)
list.autoresizingMask = [.flexibleWidth, .flexibleHeight]
list.dataSource = posts
list.header = RefreshNormalHeader {
  Task {
    try await Task.sleep(for: .seconds(1))  // the network
    let newest = posts.numbers[0]
    posts.numbers.insert(contentsOf: [newest + 3, newest + 2, newest + 1], at: 0)
    list.insertRows(at: [0, 1, 2])
    list.header?.endRefreshing()
  }
}
list.footer = RefreshAutoNormalFooter {
  Task {
    try await Task.sleep(for: .seconds(1))
    posts.numbers += (1...20).map { posts.numbers.last! - $0 }.filter { $0 > 0 }
    list.reloadData()
    if posts.numbers.last == 1 {
      list.footer?.endRefreshingWithNoMoreData()
    } else {
      list.footer?.endRefreshing()
    }
  }
}
host.window.addSubview(list)
host.onKey = { key in
  if key == .character("q") { host.stop() }
}
try await host.run()
