//
//  AirplanePreviews.swift
//  Airplane: the refresh view above a list.
//

import Foundation
import UIKit

private let kRefreshViewHeight: CGFloat = 110.0

private func delay(seconds: Double, completion: @escaping () -> Void) {
    DispatchQueue.main.asyncAfter(deadline: .now() + seconds) {
        completion()
    }
}

/// The course's table view controller, as far as the refresh view needs it: it starts the
/// list's (simulated) load when a refresh begins and ends the refresh 4 s later.
final class AirplaneListController: RefreshViewDelegate {
    func refreshViewDidRefresh(_ refreshView: RefreshView) {
        delay(seconds: 4) {
            refreshView.endRefreshing()
        }
    }
}

struct AirplanePreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview.header(
                "airplane", size: CGSize(width: 320, height: 400), background: RefreshView.skyColor
            ) { scrollView in
                let refreshRect = CGRect(
                    x: 0.0, y: -kRefreshViewHeight, width: scrollView.frame.size.width, height: kRefreshViewHeight)
                let refreshView = RefreshView(frame: refreshRect, scrollView: scrollView)
                refreshView.delegate = AirplaneListController()
                scrollView.addSubview(refreshView)
                // A table view reports its first layout's offset to its delegate before anything
                // is drawn: the circle and the airplane start from the resting pull.
                refreshView.scrollViewDidScroll(scrollView)
            }
        ]
    }
}
