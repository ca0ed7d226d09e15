import CX11
import Dispatch
import Foundation
import HostSeam
import LayerKit

/// What the window tells the window manager: its names, class, protocols, process and hints.
extension HostWindow {
    /// WM_NAME and _NET_WM_NAME (UTF-8), WM_CLASS, WM_PROTOCOLS with WM_DELETE_WINDOW, _NET_WM_PID.
    func setProperties(title: String) {
        XStoreName(x.display, window, title)
        let utf8 = Array(title.utf8)
        XChangeProperty(
            x.display, window, x.atom("_NET_WM_NAME"), x.atom("UTF8_STRING"), 8, PropModeReplace,
            utf8, Int32(utf8.count))
        let classHint = XAllocClassHint()
        "loaderlab".withCString { name in
            "LoaderLab".withCString { cls in
                classHint?.pointee.res_name = UnsafeMutablePointer(mutating: name)
                classHint?.pointee.res_class = UnsafeMutablePointer(mutating: cls)
                XSetClassHint(x.display, window, classHint)
            }
        }
        XFree(classHint)
        var protocols = [deleteWindowAtom]
        XSetWMProtocols(x.display, window, &protocols, 1)
        var pid = UInt(getpid())
        _ = withUnsafeBytes(of: &pid) { bytes in
            XChangeProperty(
                x.display, window, x.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        // Window managers give keyboard focus only to windows that say they take input.
        if let wmHints = XAllocWMHints() {
            wmHints.pointee.flags = InputHint | StateHint
            wmHints.pointee.input = 1
            wmHints.pointee.initial_state = NormalState
            XSetWMHints(x.display, window, wmHints)
            XFree(wmHints)
        }
        // Any size down to 1×1 is allowed; the app lays out whatever it gets.
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = PMinSize
            hints.pointee.min_width = 1
            hints.pointee.min_height = 1
            XSetWMNormalHints(x.display, window, hints)
            XFree(hints)
        }
    }
}
