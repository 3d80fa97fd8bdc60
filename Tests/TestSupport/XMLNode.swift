import Foundation
import FoundationXML

/// An element of a parsed XML document, for assertions on SVG output.
public final class XMLNode {
  /// The element's name.
  public let name: String
  /// The element's attributes.
  public let attributes: [String: String]
  /// The child elements, in document order.
  public internal(set) var children: [XMLNode] = []
  /// The text directly inside the element.
  public internal(set) var text = ""

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// This element and all its descendants, in document order.
  public var all: [XMLNode] { [self] + children.flatMap(\.all) }

  /// The descendants (and self) with a name.
  ///
  /// - Parameter name: An element name.
  /// - Returns: The elements, in document order.
  public func elements(named name: String) -> [XMLNode] { all.filter { $0.name == name } }

  /// The children with a name.
  ///
  /// - Parameter name: An element name.
  /// - Returns: The children, in document order.
  public func children(named name: String) -> [XMLNode] { children.filter { $0.name == name } }

  /// Parses a document with Foundation's `XMLParser`; `nil` when it is not well-formed.
  ///
  /// - Parameter document: The XML text.
  /// - Returns: The root element.
  public static func parse(_ document: String) -> XMLNode? {
    let builder = Builder()
    let parser = XMLParser(data: Data(document.utf8))
    parser.delegate = builder
    guard parser.parse(), builder.error == nil else { return nil }
    return builder.root
  }

  private final class Builder: NSObject, XMLParserDelegate {
    var root: XMLNode?
    var stack: [XMLNode] = []
    var error: Error?

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String]
    ) {
      let node = XMLNode(name: elementName, attributes: attributes)
      if let parent = stack.last {
        parent.children.append(node)
      } else {
        root = node
      }
      stack.append(node)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      stack.last?.text += string
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
      error = parseError
    }
  }
}
