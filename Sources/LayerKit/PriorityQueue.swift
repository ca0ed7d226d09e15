/// A binary min-heap: `push` and `popFirst` in O(log n), `first` in O(1).
///
/// The order is given by `precedes`, a strict weak order; elements that neither precedes come
/// out in no particular order, so callers that need a total order (the scene's events) break
/// ties themselves.
struct PriorityQueue<Element> {
    private var heap: [Element] = []
    private let precedes: (Element, Element) -> Bool

    init(by precedes: @escaping (Element, Element) -> Bool) {
        self.precedes = precedes
    }

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }

    /// The element that precedes every other, if any.
    var first: Element? { heap.first }

    mutating func push(_ element: Element) {
        heap.append(element)
        siftUp(heap.count - 1)
    }

    mutating func popFirst() -> Element? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
        return top
    }

    mutating func removeAll() { heap.removeAll(keepingCapacity: true) }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        let n = heap.count
        while true {
            let left = 2 * parent + 1
            guard left < n else { return }
            var best = left
            let right = left + 1
            if right < n, precedes(heap[right], heap[left]) { best = right }
            guard precedes(heap[best], heap[parent]) else { return }
            heap.swapAt(best, parent)
            parent = best
        }
    }
}
