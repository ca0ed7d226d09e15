//
//  LayoutSpinnerPreviews.swift
//  LayoutSpinner: two spinners sized two ways — a large one that its container resizes after
//  set-up (autoresizing), a small one sized by `sizeToFit()`.
//

import UIKit

struct LayoutSpinnerPreviews: LoaderPreviewProvider {
    static var previews: [LoaderPreview] {
        [
            LoaderPreview("layout-spinner", size: CGSize(width: 200, height: 200)) { layer in
                // A container laid out for 100×100 first, its spinner 10 points in from each
                // side; then the container grows to 120×120 and the spinner with it.
                let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                let large = LayoutSpinnerView(frame: container.bounds.insetBy(dx: 10, dy: 10))
                large.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                large.lineWidth = 8
                large.color = UIColor(red: 0, green: 122 / 255.0, blue: 1, alpha: 1)
                container.addSubview(large)
                layer.addSublayer(container.layer)
                container.frame = CGRect(x: 10, y: 40, width: 120, height: 120)
                large.startAnimating()

                // A spinner of its intrinsic size (40×40), centred at (160, 100).
                let small = LayoutSpinnerView(
                    color: UIColor(red: 1, green: 149 / 255.0, blue: 0, alpha: 1), lineWidth: 4)
                small.sizeToFit()
                small.center = CGPoint(x: 160, y: 100)
                layer.addSublayer(small.layer)
                small.startAnimating()
            }
        ]
    }
}
