import Foundation
import Testing

@testable import Refresh

@MainActor
@Suite("autoresizingMask: UIKit's arithmetic when a superview changes size")
struct AutoresizingMaskTests {
  /// A 375 × 667 superview, as an iPhone's scroll view, with one subview.
  func superview(with frame: CGRect, mask: AutoresizingMask) -> (View, View) {
    let parent = View(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    let child = View(frame: frame)
    child.autoresizingMask = mask
    parent.addSubview(child)
    return (parent, child)
  }

  /// A frame, a mask, and the frame after the superview went from 375 × 667 to 768 × 1024.
  nonisolated static let rotations: [(CGRect, AutoresizingMask, CGRect)] = [
    // Headers and footers: as wide as the scroll view, from 375 to 768 pt.
    (
      CGRect(x: 0, y: -54, width: 375, height: 54), .flexibleWidth,
      CGRect(x: 0, y: -54, width: 768, height: 54)
    ),
    // A label inset by 25 on the left and right keeps both insets.
    (
      CGRect(x: 25, y: 0, width: 325, height: 18), .flexibleWidth,
      CGRect(x: 25, y: 0, width: 718, height: 18)
    ),
    // Both margins flexible: the view stays centred, (768 - 175) / 2 = 296.5.
    (
      CGRect(x: 100, y: 0, width: 175, height: 10), [.flexibleLeftMargin, .flexibleRightMargin],
      CGRect(x: 296.5, y: 0, width: 175, height: 10)
    ),
    // Left margin 75 and width 225 share 393 as 75 : 225, the right margin stays 75.
    (
      CGRect(x: 75, y: 0, width: 225, height: 10), [.flexibleLeftMargin, .flexibleWidth],
      CGRect(x: 173.25, y: 0, width: 519.75, height: 10)
    ),
    // Margins of zero share the change equally.
    (
      CGRect(x: 0, y: 0, width: 375, height: 10), [.flexibleLeftMargin, .flexibleRightMargin],
      CGRect(x: 196.5, y: 0, width: 375, height: 10)
    ),
    // Only the left margin: the view keeps its distance to the right edge.
    (
      CGRect(x: 315, y: 0, width: 60, height: 10), .flexibleLeftMargin,
      CGRect(x: 708, y: 0, width: 60, height: 10)
    ),
    // A trailer is as tall as the scroll view: 667 to 1024.
    (
      CGRect(x: 375, y: 0, width: 60, height: 667), .flexibleHeight,
      CGRect(x: 375, y: 0, width: 60, height: 1024)
    ),
    // A bottom bar keeps its distance to the bottom: 600 + 357.
    (
      CGRect(x: 0, y: 600, width: 375, height: 67), [.flexibleTopMargin, .flexibleWidth],
      CGRect(x: 0, y: 957, width: 768, height: 67)
    ),
    // No mask: nothing moves.
    (
      CGRect(x: 10, y: 20, width: 30, height: 40), [],
      CGRect(x: 10, y: 20, width: 30, height: 40)
    ),
  ]

  @Test(arguments: rotations)
  func rotatingTo768(frame: CGRect, mask: AutoresizingMask, expected: CGRect) {
    let (parent, child) = superview(with: frame, mask: mask)
    parent.frame.size = CGSize(width: 768, height: 1024)
    #expect(child.frame == expected)
  }

  @Test func rotatingBackRestoresTheFrame() {
    let (parent, child) = superview(
      with: CGRect(x: 75, y: 0, width: 225, height: 10),
      mask: [.flexibleLeftMargin, .flexibleWidth])
    parent.frame.size = CGSize(width: 768, height: 1024)
    parent.frame.size = CGSize(width: 375, height: 667)
    #expect(child.frame == CGRect(x: 75, y: 0, width: 225, height: 10))
  }

  @Test func nestedViewsFollowInTurn() {
    let (parent, header) = superview(
      with: CGRect(x: 0, y: -54, width: 375, height: 54), mask: .flexibleWidth)
    let label = View(frame: CGRect(x: 25, y: 0, width: 325, height: 18))
    label.autoresizingMask = .flexibleWidth
    header.addSubview(label)
    parent.bounds = CGRect(x: 0, y: 0, width: 768, height: 1024)
    #expect(header.frame.width == 768)
    #expect(label.frame == CGRect(x: 25, y: 0, width: 718, height: 18))
  }

  @Test func aSizeNeverGoesBelowZero() {
    let parent = View(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let child = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    parent.addSubview(child)
    parent.frame.size = CGSize(width: 50, height: 0)
    #expect(child.frame == CGRect(x: 0, y: 0, width: 0, height: 0))
  }

  @Test func turnedOffBySuperview() {
    let (parent, child) = superview(
      with: CGRect(x: 0, y: 0, width: 375, height: 54), mask: .flexibleWidth)
    parent.autoresizesSubviews = false
    parent.frame.size.width = 768
    #expect(child.frame.width == 375)
  }

  @Test func movingTheSuperviewChangesNothing() {
    let (parent, child) = superview(
      with: CGRect(x: 0, y: 0, width: 375, height: 54), mask: [.flexibleWidth, .flexibleTopMargin])
    parent.frame.origin = CGPoint(x: 40, y: 80)
    #expect(child.frame == CGRect(x: 0, y: 0, width: 375, height: 54))
  }

  @Test func nonFiniteSizesLeaveTheFrame() {
    let frame = CGRect(x: 0, y: 0, width: 375, height: 54)
    let mask: AutoresizingMask = .flexibleWidth
    #expect(
      mask.resized(
        frame, from: CGSize(width: 375, height: 1), to: CGSize(width: CGFloat.nan, height: 1))
        == frame)
    #expect(
      mask.resized(
        frame, from: CGSize(width: CGFloat.infinity, height: 1), to: CGSize(width: 2, height: 1))
        == frame)
  }

  @Test func observersSeeTheResize() {
    let (parent, child) = superview(
      with: CGRect(x: 0, y: 0, width: 375, height: 54), mask: .flexibleWidth)
    var widths: [CGFloat] = []
    let token = child.observe(\.frame, options: [.new]) { _, change in
      widths.append(change.newValue?.width ?? -1)
    }
    parent.frame.size.width = 768
    token.invalidate()
    #expect(widths == [768])
  }

  @Test func theWindowsSubviewsFollowTheWindow() {
    let clock = ManualFrameClock()
    let window = Window(frame: CGRect(x: 0, y: 0, width: 375, height: 667), clock: clock)
    let scroll = ScrollModel(frame: window.bounds)
    scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    window.addSubview(scroll)
    window.frame = CGRect(x: 0, y: 0, width: 768, height: 1024)
    #expect(scroll.frame == CGRect(x: 0, y: 0, width: 768, height: 1024))
  }
}
