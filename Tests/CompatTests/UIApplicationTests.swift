import Foundation
import Testing
@_spi(LoaderLabHost) import UIKit

/// `UIApplication.shared`, windows made key and visible, their scene, and view controllers
/// shown as a window's root. On the main actor, as the suites that set the screen's bounds
/// (UIScreenPerPreviewTests) are: they never run beside each other.
@MainActor
@Suite(.serialized) struct UIApplicationTests {
    @Test func aWindowIsHiddenUntilMadeKeyAndVisible() {
        let app = UIApplication.shared
        #expect(app === UIApplication.shared)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(window.isHidden && !window.isKeyWindow)
        #expect(!app.windows.contains { $0 === window })
        window.windowLevel = UIWindow.Level.alert + 1
        #expect(window.windowLevel.rawValue == 2001)
        window.makeKeyAndVisible()
        #expect(!window.isHidden && window.isKeyWindow && app.keyWindow === window)
        #expect(app.windows.last === window)
        window.isHidden = true
        #expect(!window.isKeyWindow && !app.windows.contains { $0 === window })
    }

    @Test func theAppIsActiveInOneForegroundScene() {
        let app = UIApplication.shared
        #expect(app.applicationState == .active)
        let scene = try? #require(app.connectedScenes.first as? UIWindowScene)
        #expect(app.connectedScenes.count == 1 && scene?.activationState == .foregroundActive)
        let window = UIWindow(windowScene: scene!)
        #expect(window.windowScene === scene && window.bounds == UIScreen.main.bounds)
        #expect(UIWindow(frame: .zero).windowScene == nil)
        // The screen's shape says the orientation.
        let size = UIScreen.main.bounds.size
        #expect(app.statusBarOrientation == (size.width > size.height ? .landscapeRight : .portrait))
        #expect(scene?.interfaceOrientation == app.statusBarOrientation)
        app.isIdleTimerDisabled = true
        #expect(app.isIdleTimerDisabled)
        app.isIdleTimerDisabled = false
        #expect(
            UIApplication.didBecomeActiveNotification.rawValue == "UIApplicationDidBecomeActiveNotification")
        #expect(
            UIApplication.didChangeStatusBarOrientationNotification.rawValue
                == "UIApplicationDidChangeStatusBarOrientationNotification")
    }

    final class LoggingController: UIViewController {
        var log: [String] = []
        override func loadView() {
            log.append("loadView")
            super.loadView()
        }
        override func viewDidLoad() { log.append("viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) {
            log.append("willAppear \(viewIfLoaded?.window == nil ? "out" : "in")")
        }
        override func viewDidAppear(_ animated: Bool) {
            log.append("didAppear \(viewIfLoaded?.window == nil ? "out" : "in")")
        }
        override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
    }

    @Test func aRootControllersViewFillsItsWindowAndHearsItAppear() {
        let controller = LoggingController()
        #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil && controller.log.isEmpty)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
        window.rootViewController = controller
        // Loaded on first use, sized to the window, in it; a hidden window shows nothing yet.
        #expect(controller.log == ["loadView", "viewDidLoad"])
        #expect(controller.view.superview === window && controller.view.frame == window.bounds)
        window.makeKeyAndVisible()
        #expect(controller.log.suffix(2) == ["willAppear in", "didAppear in"])
        window.frame.size = CGSize(width: 60, height: 40)
        #expect(controller.view.frame.size == CGSize(width: 60, height: 40))
        // Replaced: the old one disappears and leaves the window.
        let next = LoggingController()
        window.rootViewController = next
        #expect(controller.log.suffix(2) == ["willDisappear", "didDisappear"])
        #expect(controller.view.superview == nil && next.view.superview === window)
        #expect(next.log == ["loadView", "viewDidLoad", "willAppear out", "didAppear in"])
        window.isHidden = true
        #expect(next.log.suffix(2) == ["willDisappear", "didDisappear"])
    }

    @Test func aControllersOwnViewIsKeptAndItsDefaultsAreIOSs() {
        final class Own: UIViewController {
            override func loadView() { view = UILabel() }
        }
        let own = Own()
        #expect(own.view is UILabel)
        let plain = UIViewController()
        #expect(plain.view.frame == UIScreen.main.bounds)
        #expect(plain.shouldAutorotate && !plain.prefersStatusBarHidden)
        #expect(plain.supportedInterfaceOrientations == .allButUpsideDown)
    }
}
