//
//  FourDotsPreviews.swift
//  Four dots: the header above a list.
//

import Foundation
import UIKit

struct FourDotsPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview.header("four-dots", size: CGSize(width: 320, height: 400)) { scrollView in
                weak var header: SURefreshHeader?
                header = scrollView.addRefreshHeader {
                    // The demo's simulated load: the list "loads" for 3 s, then the refresh ends.
                    DispatchQueue.main.asyncAfter(deadline: .now() + 3) {
                        header?.endRefreshing()
                    }
                }
            }
        ]
    }
}
