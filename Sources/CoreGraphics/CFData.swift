// swift-format-ignore-file: AlwaysUseLowerCamelCase
import Foundation

/// `CFData`, which Foundation has no Swift type for here: `NSData`, as it is toll-free bridged on
/// Apple's platforms (`data as CFData`, `provider.data as Data?`).
public typealias CFData = NSData

/// The first byte of `data` (`CFDataGetBytePtr`); nil for empty data.
public func CFDataGetBytePtr(_ data: CFData!) -> UnsafePointer<UInt8>! {
    guard let data, data.length > 0 else { return nil }
    return data.bytes.assumingMemoryBound(to: UInt8.self)
}

/// How many bytes `data` holds (`CFDataGetLength`).
public func CFDataGetLength(_ data: CFData!) -> Int {
    data?.length ?? 0
}
