// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation

// The names of UIApplication's notifications before Swift 4.2, when they were members of
// `NSNotification.Name` (`.UIApplicationWillEnterForeground`); each is the same name as the
// one on `UIApplication`. (The SDK marks them renamed in Swift 5 mode; here they stay usable.)
extension NSNotification.Name {
    /// The older name of `UIApplication.didBecomeActiveNotification`.
    public static let UIApplicationDidBecomeActive = UIApplication.didBecomeActiveNotification
    /// The older name of `UIApplication.willResignActiveNotification`.
    public static let UIApplicationWillResignActive = UIApplication.willResignActiveNotification
    /// The older name of `UIApplication.didEnterBackgroundNotification`.
    public static let UIApplicationDidEnterBackground = UIApplication.didEnterBackgroundNotification
    /// The older name of `UIApplication.willEnterForegroundNotification`.
    public static let UIApplicationWillEnterForeground = UIApplication.willEnterForegroundNotification
    /// The older name of `UIApplication.willTerminateNotification`.
    public static let UIApplicationWillTerminate = UIApplication.willTerminateNotification
    /// The older name of `UIApplication.didFinishLaunchingNotification`.
    public static let UIApplicationDidFinishLaunching = UIApplication.didFinishLaunchingNotification
    /// The older name of `UIApplication.didReceiveMemoryWarningNotification`.
    public static let UIApplicationDidReceiveMemoryWarning = UIApplication.didReceiveMemoryWarningNotification
    /// The older name of `UIApplication.didChangeStatusBarOrientationNotification`.
    public static let UIApplicationDidChangeStatusBarOrientation =
        UIApplication.didChangeStatusBarOrientationNotification
}
