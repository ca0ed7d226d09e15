//
//  ClassicRefreshPreviews.swift
//  ClassicRefresh: the header above a list; each refresh "loads" for 2 s.
//

import UIKit

struct ClassicRefreshPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview.header("classic-refresh", size: CGSize(width: 320, height: 400)) { scrollView in
                scrollView.addPullToRefresh { [weak scrollView] in
                    // The demo's simulated load.
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
                        scrollView?.endPullToRefresh()
                    }
                }
            }
        ]
    }
}
