import Foundation

/// `CGDataProvider`: the bytes behind an image (`CGImage.dataProvider`, and what
/// `CGImage(width:…provider:…)` and `CGImage(maskWidth:…provider:…)` read). Here always a copy of
/// bytes in memory; providers that read files or call back as they go are absent.
public final class CGDataProvider: @unchecked Sendable {
    /// The bytes (`CGDataProviderCopyData`).
    public let data: CFData?

    /// A provider of `data`'s bytes (`CGDataProviderCreateWithCFData`).
    public init?(data: CFData) {
        self.data = NSData(data: data as Data)
    }

    /// A provider of bytes already copied.
    package init(bytes: Data) {
        data = bytes as NSData
    }
}
