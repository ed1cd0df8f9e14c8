"""Static pictures of a table as SVG, the way python-chess draws a board: a card face, a card
back, an empty place, text, put together with ElementTree. Both games' pictures
(``tripeaks/picture.py``, ``stoeptegel/picture.py``) draw from a view only, so a picture shows
exactly what the player sees.

>>> svg = Picture(120, 80, title="One card")
>>> svg.card(10, 5, "TH", playable=True)
>>> out = svg.render("10♥ alone")
>>> out.startswith("<svg") and 'data-card="TH"' in out and "10" in out
True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .cards import Card

CARD_W, CARD_H = 48, 66
"""A card's size in the picture's units."""
FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"  # fonts that have ♠ ♥ ♦ ♣
INK = {"S": "#1f2328", "C": "#1f2328", "H": "#c62828", "D": "#c62828", None: "#6a1b9a"}
GOLD = "#f2b705"


class Svg(str):
    """An SVG document as text that Jupyter draws (``_repr_svg_``, and ``_repr_html_`` for
    front ends that prefer HTML), as python-chess's ``SvgWrapper`` does."""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return str(self)


class Picture:
    """One SVG being drawn: cards, backs, places and text at given coordinates."""

    def __init__(self, width: int, height: int, *, title: str) -> None:
        self.root = ET.Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "width": str(width),
                "height": str(height),
                "viewBox": f"0 0 {width} {height}",
                "role": "img",
                "font-family": FONT,
            },
        )
        ET.SubElement(self.root, "title").text = title
        ET.SubElement(self.root, "rect", _attrs(0, 0, width, height, fill="#1e6b43", rx=8))

    def card(self, x: float, y: float, code: str, *, playable: bool = False,
             dim: bool = False) -> None:  # fmt: skip
        """A face-up card (wire ``code``) with its top-left corner at ``x, y``; ``playable``
        rings it in gold, ``dim`` greys it (an inert card)."""
        card = Card.parse(code)
        group = ET.SubElement(self.root, "g", {"data-card": code})
        border = GOLD if playable else "#8a8f98"
        fill = "#e9e9e4" if dim else "#ffffff"
        width = {"stroke-width": 3 if playable else 1}
        ET.SubElement(group, "rect", _attrs(x, y, CARD_W, CARD_H, fill=fill, stroke=border,
                                            rx=5, **width))  # fmt: skip
        ink = INK[card.suit]
        if card.is_joker:
            self.text(x + CARD_W / 2, y + CARD_H / 2 + 5, "Joker", size=11, fill=ink, parent=group)
            return
        rank, suit = str(card)[:-1], str(card)[-1]
        self.text(x + 4, y + 15, rank, size=13, fill=ink, anchor="start", bold=True, parent=group)
        self.text(x + 4, y + 28, suit, size=12, fill=ink, anchor="start", parent=group)  # a fan
        self.text(x + CARD_W / 2, y + CARD_H / 2 + 12, suit, size=26, fill=ink, parent=group)

    def back(self, x: float, y: float, label: str | None = None) -> None:
        """A face-down card; ``label`` (a count) is written on it."""
        group = ET.SubElement(self.root, "g", {"class": "back"})
        ET.SubElement(group, "rect", _attrs(x, y, CARD_W, CARD_H, fill="#2b4c7e",
                                            stroke="#ffffff", rx=5))  # fmt: skip
        ET.SubElement(group, "rect", _attrs(x + 5, y + 5, CARD_W - 10, CARD_H - 10,
                                            fill="none", stroke="#7fa3d6", rx=3))  # fmt: skip
        if label is not None:
            self.text(x + CARD_W / 2, y + CARD_H / 2 + 6, label, size=16, fill="#ffffff",
                      bold=True, parent=group)  # fmt: skip

    def place(self, x: float, y: float) -> None:
        """An empty place where a card could lie."""
        ET.SubElement(self.root, "rect", _attrs(x, y, CARD_W, CARD_H, fill="none", rx=5,
                      stroke="#9ccfb1", **{"stroke-dasharray": "4 3"}))  # fmt: skip

    def text(self, x: float, y: float, words: str, *, size: int = 13, fill: str = "#ffffff",
             anchor: str = "middle", bold: bool = False,
             parent: ET.Element | None = None) -> None:  # fmt: skip
        """``words`` at ``x, y`` (the baseline), centred unless ``anchor`` says otherwise."""
        attrs = {"x": _num(x), "y": _num(y), "font-size": str(size), "fill": fill,
                 "text-anchor": anchor}  # fmt: skip
        if bold:
            attrs["font-weight"] = "bold"
        ET.SubElement(self.root if parent is None else parent, "text", attrs).text = words

    def render(self, description: str) -> Svg:
        """The finished document; ``description`` (the board as text) is its ``<desc>``, for
        screen readers and for anyone reading the SVG's source."""
        ET.SubElement(self.root, "desc").text = description
        return Svg(ET.tostring(self.root, encoding="unicode"))


def _num(value: float) -> str:
    return f"{value:g}"


def _attrs(x: float, y: float, w: float, h: float, **more: object) -> dict[str, str]:
    return {"x": _num(x), "y": _num(y), "width": _num(w), "height": _num(h),
            **{key: str(value) for key, value in more.items()}}  # fmt: skip
