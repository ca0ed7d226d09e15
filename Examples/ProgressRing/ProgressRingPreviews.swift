//
//  ProgressRingPreviews.swift
//  A 120-point progress ring filling up every two seconds, and one resting at 1.
//

import UIKit

struct ProgressRingPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview("progress-ring", size: CGSize(width: 200, height: 200)) { layer in
                let ring = ProgressRingView(frame: CGRect(x: 40, y: 40, width: 120, height: 120))
                layer.addSublayer(ring.layer)
                ring.startAnimating()
            }
        ]
    }
}
