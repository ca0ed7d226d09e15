import Foundation
import LayerKit
import LayerKitCairo
import SnapshotTesting
import Testing
import UIKit

/// `UIActivityIndicatorView`: sizes, showing and hiding, and the drawing read back from pixels
/// — eight spokes, the brightness ramp behind the brightest one (Flutter's alphas, extracted
/// from iOS 13.2: 147, 122, 97, 72, 47 of 255), one step every eighth of a second.
@Suite(.serialized) struct UIActivityIndicatorViewTests {
    /// Pixels per point the spinners are drawn at: spokes many pixels wide.
    static let scale = 4

    /// The spinner started at time 0 in a stage of its own size.
    private func running(_ style: UIActivityIndicatorView.Style, color: UIColor? = nil) -> (
        Stage, UIActivityIndicatorView
    ) {
        let spinner = UIActivityIndicatorView(style: style)
        if let color { spinner.color = color }
        let stage = stage(showing: spinner, width: spinner.bounds.width, height: spinner.bounds.height)
        stage.perform { spinner.startAnimating() }
        return (stage, spinner)
    }

    /// The darkness at `distance` points from the centre of a `side`-point spinner, `angle`
    /// degrees clockwise from 12 o'clock.
    private func ink(_ surface: ImageSurface, side: CGFloat, distance: CGFloat, angle: Double) -> Int {
        let s = CGFloat(Self.scale)
        let a = angle * .pi / 180
        let x = (side / 2 + distance * CGFloat(sin(a))) * s
        let y = (side / 2 - distance * CGFloat(cos(a))) * s
        return CompatTests.ink(surface, Int(x), Int(y))
    }

    @Test func stylesHaveIOSSizes() {
        for (style, side) in [
            (UIActivityIndicatorView.Style.medium, 20.0), (.large, 37), (.white, 20), (.gray, 20),
            (.whiteLarge, 37),
        ] {
            let spinner = UIActivityIndicatorView(style: style)
            #expect(spinner.frame.size == CGSize(width: side, height: side), "\(style)")
            #expect(spinner.intrinsicContentSize == CGSize(width: side, height: side))
            spinner.frame = CGRect(x: 3, y: 4, width: 100, height: 50)
            spinner.sizeToFit()
            #expect(spinner.frame == CGRect(x: 3, y: 4, width: side, height: side))
        }
        #expect(UIActivityIndicatorView(frame: .zero).style == .medium)
        #expect(UIActivityIndicatorView(style: .whiteLarge).color == .white)
        #expect(UIActivityIndicatorView(style: .gray).color == .gray)
        let tinted = UIActivityIndicatorView(style: .medium)
        tinted.color = .red
        #expect(tinted.color == .red)
        tinted.color = nil
        #expect(tinted.color != .red && tinted.color != nil)
    }

    @Test func hiddenWhileStoppedUnlessToldOtherwise() throws {
        let spinner = UIActivityIndicatorView(style: .medium)
        #expect(spinner.hidesWhenStopped && spinner.isHidden && !spinner.isAnimating)
        spinner.startAnimating()
        #expect(spinner.isAnimating && !spinner.isHidden)
        spinner.stopAnimating()
        #expect(!spinner.isAnimating && spinner.isHidden)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden)
        spinner.hidesWhenStopped = true
        #expect(spinner.isHidden)
        // Hidden: nothing drawn.
        let stage = stage(showing: spinner, width: 20, height: 20)
        #expect(inkBox(try render(stage, scale: Self.scale), threshold: 5) == nil)
    }

    @Test func eightSpokesAroundTheCircle() throws {
        let (stage, spinner) = running(.large, color: .black)
        stage.at(0.3)
        let surface = try render(stage, scale: Self.scale)
        let side = spinner.bounds.width
        // Round the circle half-way along the spokes (r/3 … r, r = 18.5): runs of ink.
        let samples = (0..<720).map {
            ink(surface, side: side, distance: side / 3, angle: Double($0) / 2) > 20
        }
        let starts = samples.indices.filter {
            samples[$0] && !samples[($0 + samples.count - 1) % samples.count]
        }
        #expect(starts.count == 8, "\(starts)")
        // Nothing inside r/3 nor outside r: the spokes are a ring.
        for angle in stride(from: 0.0, to: 360, by: 15) {
            #expect(ink(surface, side: side, distance: side / 2 * 0.25, angle: angle) < 10)
        }
        // Each spoke is a capsule r/5 = 3.7 points wide: across the 12 o'clock spoke half-way
        // out, the inked columns span 3.7 × 4 = 14.8 pixels (the columns within 6 points of the
        // centre line: the 45° spokes cross the row further out).
        let y = Int((side / 2 - side / 3) * CGFloat(Self.scale))
        let mid = Int(side / 2 * CGFloat(Self.scale))
        let row = (mid - 24...mid + 24).filter { CompatTests.ink(surface, $0, y) > 20 }
        #expect(row.count >= 14 && row.count <= 16, "\(row)")
    }

    @Test func theSpokesFadeBehindTheBrightestByIOSsAlphas() throws {
        let (stage, spinner) = running(.medium)
        let side = spinner.bounds.width
        // The default colour rgb(60, 60, 68): a spoke of alpha a darkens white by a × 192.3.
        let alphas = [147.0, 122, 97, 72, 47, 47, 47, 47]
        let darkest = 255 - (60.0 + 60 + 68) / 3
        for time in [0.05, 0.3, 0.9] {
            stage.at(time)
            let surface = try render(stage, scale: Self.scale)
            // Step floor(8t): the brightest spoke is the one before it, clockwise from 12.
            let step = Int(time * 8)
            let head = (step + 7) % 8
            for behind in 0..<8 {
                let spoke = (head - behind + 8) % 8
                let measured = ink(surface, side: side, distance: side / 3, angle: Double(spoke) * 45)
                let expected = alphas[behind] / 255 * darkest
                #expect(
                    abs(Double(measured) - expected) <= 4,
                    "t \(time) spoke \(spoke): \(measured) vs \(expected)")
            }
        }
    }

    @Test func itStepsDiscretelyEightTimesASecond() throws {
        let (stage, _) = running(.medium, color: .black)
        func frame(_ t: Double) throws -> [UInt8] {
            stage.at(t)
            return bytes(try render(stage, scale: Self.scale))
        }
        // Within a step (0.25 … 0.375) nothing moves; the next step differs; a second later
        // the same step looks the same.
        let a = try frame(0.26)
        #expect(try frame(0.30) == a)
        #expect(try frame(0.37) == a)
        #expect(try frame(0.38) != a)
        #expect(try frame(1.30) == a)
        // Eight steps make the turn: each eighth of the second differs from the one before.
        var previous = try frame(2.01)
        for k in 1..<8 {
            let next = try frame(2.01 + Double(k) / 8)
            #expect(next != previous, "step \(k)")
            previous = next
        }
        #expect(try frame(3.01) == frame(2.01))
    }

    @Test func stoppedItStandsStillOnTheFirstStep() throws {
        let (stage, spinner) = running(.medium, color: .black)
        spinner.hidesWhenStopped = false
        stage.at(0.3)
        stage.perform { spinner.stopAnimating() }
        stage.at(0.31)
        let stopped = bytes(try render(stage, scale: Self.scale))
        stage.at(0.9)
        #expect(bytes(try render(stage, scale: Self.scale)) == stopped)
        // The first step's pattern: the brightest spoke at 10:30 (spoke 7).
        let surface = try render(stage, scale: Self.scale)
        let darkest = (0..<8).max {
            ink(surface, side: 20, distance: 20 / 3, angle: Double($0) * 45)
                < ink(surface, side: 20, distance: 20 / 3, angle: Double($1) * 45)
        }
        #expect(darkest == 7)
    }

    @Test func theSpinnerKeepsItsSizeInTheMiddleOfABiggerView() throws {
        let spinner = UIActivityIndicatorView(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        spinner.color = .black
        spinner.startAnimating()
        let stage = stage(showing: spinner, width: 60, height: 40)
        let box = try #require(inkBox(try render(stage, scale: Self.scale), threshold: 10))
        // 20 points (80 pixels) across, centred on (30, 20) points = (120, 80) pixels.
        #expect(box.maxX - box.minX + 1 <= 80 && box.maxX - box.minX + 1 >= 72, "\(box)")
        #expect(
            abs(Double(box.minX + box.maxX) / 2 - 119.5) <= 1.5
                && abs(Double(box.minY + box.maxY) / 2 - 79.5) <= 1.5)
    }
}
