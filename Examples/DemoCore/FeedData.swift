/// The posts shipped with the demo: the first pages of the feed, then the newer posts that
/// each refresh brings (a few at a time, as a server would).
enum FeedData {
  /// The feed as it is at launch, newest first.
  static let initial: [FeedItem] = [
    FeedItem(
      title: "Notes from a week of profiling a SwiftUI list on an old phone", author: "mira.k",
      minutesAgo: 12),
    FeedItem(
      title: "Why our build times halved after splitting one module into four", author: "devon",
      minutesAgo: 49),
    FeedItem(
      title: "A gentle introduction to structured concurrency", author: "the_rust_curious",
      minutesAgo: 86),
    FeedItem(
      title: "Pull-to-refresh, forty years after the first list view", author: "archivist",
      minutesAgo: 123),
    FeedItem(
      title: "Ask: how do you test code that depends on the clock?", author: "nadia",
      minutesAgo: 160),
    FeedItem(
      title: "The case for boring technology, revisited", author: "ops_owl", minutesAgo: 197),
    FeedItem(
      title: "Building a terminal UI without a framework", author: "tty_tinkerer", minutesAgo: 234),
    FeedItem(
      title: "What rubber banding actually computes", author: "physics_pete", minutesAgo: 271),
    FeedItem(
      title: "Show: a tiny key-value observer for Linux", author: "kvo_fan", minutesAgo: 308),
    FeedItem(
      title: "Designing empty states people do not hate", author: "ux_jules", minutesAgo: 345),
    FeedItem(
      title: "Lessons from moving a million users between regions", author: "sre_anna",
      minutesAgo: 382),
    FeedItem(title: "Unicode width is harder than it looks", author: "cjk_dev", minutesAgo: 419),
    FeedItem(
      title: "The small joys of a deterministic test suite", author: "flaky_no_more",
      minutesAgo: 456),
    FeedItem(
      title: "How we review pull requests in under an hour", author: "lead_lin", minutesAgo: 493),
    FeedItem(
      title: "Postmortem: the night the cache forgot everything", author: "oncall_omar",
      minutesAgo: 530),
    FeedItem(
      title: "A field guide to scroll physics constants", author: "decel_dan", minutesAgo: 567),
    FeedItem(
      title: "Is infinite scroll still a good idea?", author: "product_paz", minutesAgo: 604),
    FeedItem(
      title: "Writing documentation that answers the next question", author: "doc_dora",
      minutesAgo: 641),
    FeedItem(
      title: "Memory layouts every Swift developer should know", author: "bits_and_bytes",
      minutesAgo: 678),
    FeedItem(
      title: "Show: a dashboard that runs entirely in your terminal", author: "ansi_artist",
      minutesAgo: 715),
    FeedItem(
      title: "Threads, locks and the sanitizer that catches them", author: "tsan_tom",
      minutesAgo: 752),
    FeedItem(
      title: "What I learned maintaining a library for ten years", author: "oss_olga",
      minutesAgo: 789),
    FeedItem(
      title: "Ask: favourite strategies for pagination APIs?", author: "api_abe", minutesAgo: 826),
    FeedItem(
      title: "Animations are state machines in disguise", author: "motion_mo", minutesAgo: 863),
    FeedItem(
      title: "Localisation checklists for small teams", author: "i18n_ines", minutesAgo: 900),
    FeedItem(title: "The hidden cost of a dependency", author: "supply_chain_sam", minutesAgo: 937),
    FeedItem(
      title: "Why your spinner should not spin forever", author: "ux_jules", minutesAgo: 974),
    FeedItem(
      title: "Benchmarks that compare against themselves", author: "perf_priya", minutesAgo: 1011),
    FeedItem(
      title: "From KVO to async sequences: a migration story", author: "legacy_lee",
      minutesAgo: 1048),
    FeedItem(title: "Keyboard shortcuts nobody discovers", author: "power_user", minutesAgo: 1085),
    FeedItem(
      title: "Show: an SVG storyboard for UI flows", author: "frame_by_frame", minutesAgo: 1122),
    FeedItem(
      title: "Choosing sensible defaults for a public API", author: "api_abe", minutesAgo: 1159),
    FeedItem(title: "How to read a flame graph", author: "perf_priya", minutesAgo: 1196),
    FeedItem(title: "On writing tests before the bug report", author: "qa_quinn", minutesAgo: 1233),
    FeedItem(
      title: "Design review: a refresh control that explains itself", author: "ux_jules",
      minutesAgo: 1270),
    FeedItem(
      title: "Notes on terminal mouse reporting modes", author: "tty_tinkerer", minutesAgo: 1307),
    FeedItem(
      title: "What the alternate screen buffer is for", author: "ansi_artist", minutesAgo: 1344),
    FeedItem(
      title: "Ask: how do you name a state machine's states?", author: "nadia", minutesAgo: 1381),
    FeedItem(title: "Shipping a feature flag cleanup sprint", author: "ops_owl", minutesAgo: 1418),
    FeedItem(title: "A tour of Swift's key paths", author: "kvo_fan", minutesAgo: 1455),
    FeedItem(title: "The physics of a good fling", author: "decel_dan", minutesAgo: 1492),
    FeedItem(title: "Every list needs a last page", author: "product_paz", minutesAgo: 1529),
    FeedItem(title: "Small diffs, fast reviews", author: "lead_lin", minutesAgo: 1566),
    FeedItem(
      title: "Debugging a leak with weak references", author: "bits_and_bytes", minutesAgo: 1603),
    FeedItem(title: "Show: a haptic pattern designer", author: "motion_mo", minutesAgo: 1640),
    FeedItem(title: "Writing release notes people read", author: "doc_dora", minutesAgo: 1677),
    FeedItem(title: "Caches, clocks and other lies", author: "oncall_omar", minutesAgo: 1714),
    FeedItem(title: "When to reach for a spring animation", author: "motion_mo", minutesAgo: 1751),
    FeedItem(title: "Load more, or load less?", author: "product_paz", minutesAgo: 1788),
    FeedItem(title: "Ask: what belongs in a README?", author: "doc_dora", minutesAgo: 1825),
    FeedItem(title: "The day our CI learned to say no", author: "flaky_no_more", minutesAgo: 1862),
    FeedItem(
      title: "Thread sanitizer false positives and how to avoid them", author: "tsan_tom",
      minutesAgo: 1899),
    FeedItem(title: "Status lines in terminal apps", author: "tty_tinkerer", minutesAgo: 1936),
    FeedItem(
      title: "Notes from a conference on observability", author: "sre_anna", minutesAgo: 1973),
    FeedItem(title: "Why East Asian text breaks your layout", author: "cjk_dev", minutesAgo: 2010),
    FeedItem(title: "A quiet plea for fewer notifications", author: "ux_jules", minutesAgo: 2047),
    FeedItem(
      title: "Show: reproducible screenshots from text", author: "frame_by_frame", minutesAgo: 2084),
    FeedItem(title: "The end of the list", author: "archivist", minutesAgo: 2121),
  ]

  /// Posts that arrive with refreshes, oldest first.
  static let arriving: [FeedItem] = [
    FeedItem(
      title: "Swift 6.3 is out: what changed for packages", author: "release_watch", minutesAgo: 0),
    FeedItem(
      title: "Just now: the storyboard renderer learned captions", author: "frame_by_frame",
      minutesAgo: 0),
    FeedItem(
      title: "Ask: is a 54-point header still the right height?", author: "ux_jules", minutesAgo: 0),
    FeedItem(title: "Show: pull to refresh in a terminal", author: "tty_tinkerer", minutesAgo: 0),
    FeedItem(title: "Hot take: every list is a feed", author: "product_paz", minutesAgo: 0),
    FeedItem(
      title: "A five-minute guide to manual clocks in tests", author: "qa_quinn", minutesAgo: 0),
    FeedItem(
      title: "Why the footer hides when the list is empty", author: "ux_jules", minutesAgo: 0),
    FeedItem(
      title: "New: Korean, Russian and Ukrainian titles", author: "i18n_ines", minutesAgo: 0),
    FeedItem(title: "The arrow turns in a quarter of a second", author: "motion_mo", minutesAgo: 0),
    FeedItem(title: "Refreshing is a state, not an animation", author: "nadia", minutesAgo: 0),
    FeedItem(title: "Show: letters that dance while loading", author: "motion_mo", minutesAgo: 0),
    FeedItem(
      title: "Ask: what should a refresh say when it fails?", author: "doc_dora", minutesAgo: 0),
  ]

  /// The "Popular" tab's posts: the shipped feed's in another order, as the most discussed
  /// might come (every eleventh post, round the feed from the sixth: each post once).
  static var popular: [FeedItem] {
    initial.indices.map { initial[($0 * 11 + 5) % initial.count] }
  }

  /// The posts refreshes bring to the "Popular" tab: the arriving posts, the other way round.
  static var rising: [FeedItem] { arriving.reversed() }

  /// The "Saved" tab's posts: every fourth post of the shipped feed, from the second.
  static var saved: [FeedItem] {
    initial.indices.filter { $0 % 4 == 1 }.map { initial[$0] }
  }
}
