//
//  DrawnSpinnerPreviews.swift
//  A 64-point spoke spinner drawn in draw(_:).
//

import UIKit

struct DrawnSpinnerPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview("spoke-spinner", size: CGSize(width: 200, height: 200)) { layer in
                let spinner = SpokeSpinnerView(frame: CGRect(x: 68, y: 68, width: 64, height: 64))
                layer.addSublayer(spinner.layer)
                spinner.startAnimating()
            }
        ]
    }
}
