"""The hex grid under the War board drawing (shared by the board tools).

Cells are pointy-top hexagons in "odd-r" offset rows: odd rows are shifted
half a cell to the right. Vertex positions live on an integer lattice (units of
``sx`` across, ``sy`` down), so shared edges are found exactly, with no
floating-point matching.
"""

from __future__ import annotations

from dataclasses import dataclass

# One character per territory in war-board.txt; "." is sea.
CODES: dict[str, str] = {
    "alasca": "a", "mackenzie": "m", "groenlandia": "g", "vancouver": "v", "ottawa": "o",
    "labrador": "l", "california": "c", "nova_york": "n", "mexico": "x",
    "venezuela": "V", "peru": "P", "brasil": "B", "argentina": "A",
    "islandia": "i", "inglaterra": "e", "suecia": "s", "moscou": "M", "alemanha": "D",
    "polonia": "p", "franca": "f",
    "argelia": "G", "egito": "E", "sudao": "S", "congo": "C", "africa_do_sul": "Z",
    "madagascar": "q",
    "oriente_medio": "O", "aral": "R", "omsk": "K", "dudinka": "d", "siberia": "b",
    "tchita": "t", "mongolia": "y", "vladivostok": "w", "china": "h", "india": "I",
    "japao": "j", "vietna": "u",
    "sumatra": "T", "borneu": "N", "nova_guine": "W", "australia": "U",
}
SEA = "."

Cell = tuple[int, int]
Vertex = tuple[int, int]


@dataclass(frozen=True)
class Grid:
    width: float
    height: float
    cols: int
    rows: int
    margin: float

    @property
    def sx(self) -> float:
        return self.width / (2 * self.cols + 1)

    @property
    def sy(self) -> float:
        return self.height / (3 * self.rows + 1)

    def lattice_centre(self, r: int, c: int) -> Vertex:
        return 2 * c + (r & 1) + 1, 3 * r + 2

    def centre(self, r: int, c: int) -> tuple[float, float]:
        x, y = self.lattice_centre(r, c)
        return x * self.sx, y * self.sy

    def point(self, v: Vertex) -> tuple[float, float]:
        return v[0] * self.sx, v[1] * self.sy

    def corners(self, r: int, c: int) -> list[Vertex]:
        """The six lattice corners, clockwise (y down) from the top."""
        x, y = self.lattice_centre(r, c)
        return [(x, y - 2), (x + 1, y - 1), (x + 1, y + 1), (x, y + 2), (x - 1, y + 1),
                (x - 1, y - 1)]

    def neighbours(self, r: int, c: int) -> list[Cell]:
        odd = r & 1
        cand = [(r, c - 1), (r, c + 1), (r - 1, c - 1 + odd), (r - 1, c + odd),
                (r + 1, c - 1 + odd), (r + 1, c + odd)]
        return [(rr, cc) for rr, cc in cand if 0 <= rr < self.rows and 0 <= cc < self.cols]


GRID = Grid(width=1000.0, height=560.0, cols=170, rows=110, margin=6.0)
