import LayerKit

extension Catalog {
    /// The showcase: one standalone loop per LayerKit feature beyond the five loaders' needs,
    /// reachable by id wherever a loader id is (`loaderlab --loader showcase-cube`, `render`,
    /// `inspect`, `record`, `sheet --showcase`) but not among the gallery's five.
    public static let showcase: [LoaderInfo] = Showcase.Piece.allCases.map { piece in
        LoaderInfo(id: piece.id, title: piece.title, kind: .standalone, defaultSize: Showcase.defaultSize)
    }
}
