//
//  ThreeDotsPreviews.swift
//  Three dots: the header above a list.
//

import Foundation
import UIKit

struct ThreeDotsPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview.header("three-dots", size: CGSize(width: 320, height: 400)) { scrollView in
                weak var header: CYXRefreshHeader?
                header = scrollView.setRefreshHeader {
                    // The demo's simulated request: the list "loads" for 3 s, then the refresh
                    // ends.
                    DispatchQueue.main.asyncAfter(deadline: .now() + 3) {
                        header?.endRefresh()
                    }
                }
            }
        ]
    }
}
