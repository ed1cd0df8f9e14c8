"""The quiz positions' verdicts, worked out by ``cardtable.lessons.quiz.generate``
(``python -m cardtable.lessons.quiz``); the tests work them out again."""

from typing import Any

DATA: dict[str, Any] = {
    "stoeptegel": [
        {
            "table": {
                "dealer": 1,
                "hands": ["8S TH JC QC", "4S 3H 8H 5C"],
                "round": 1,
                "rows": [
                    {"cards": "5S", "played": [False]},
                    {"cards": "8C 8D", "played": [False, True]},
                    {"cards": "TS", "played": [True]},
                ],
                "scores": [1, 1],
                "stock": "6D AD JK 9H KD 9C JK KC 3C 4C 9S JD 6H 6C KS 3S 6S 9D 2C "
                "2S TC 4H AC 4D 3D TD QS 7C QH 7D KH 7H 5H 2D JS 2H 5D JH "
                "AH",
                "stoeptegels": ["AS", "QD"],
            },
            "values": {
                "8S 1": 1.721,
                "8S 2": 1.938,
                "JC 1": 1.271,
                "JC 2": 1.633,
                "JC 3": 1.393,
                "pass": 0.429,
            },
        },
        {
            "table": {
                "dealer": 0,
                "hands": ["7S 8S JS KD TC", "5S QS KS 3C"],
                "round": 2,
                "rows": [
                    {"cards": "3S 3H", "played": [False, True]},
                    {"cards": "5C", "played": [False]},
                    {"cards": "JC", "played": [False]},
                ],
                "scores": [1, 4],
                "stock": "6D TH TD 9C QD AD 2C 2H 5D 4D 8C 8H 8D AC 4S 2S 9H 2D TS "
                "6H QH JK JK KH JH 7D 6S AH 4C QC 6C 7H 9S 7C 9D JD KC 5H "
                "4H",
                "stoeptegels": ["AS", "3D"],
            },
            "values": {
                "JS 1": 2.809,
                "JS 2": 2.286,
                "JS 3": 2.248,
                "TC 2": 2.359,
                "TC 3": 2.327,
                "pass": -0.488,
            },
        },
        {
            "table": {
                "dealer": 1,
                "hands": ["5S 5D 6D JD", "9S QH 7D 5C"],
                "round": 1,
                "rows": [
                    {"cards": "3H JC", "played": [False, True]},
                    {"cards": "8C 8S", "played": [False, True]},
                    {"cards": "2C", "played": [False]},
                ],
                "scores": [1, 1],
                "stock": "9C 7C JH KD 3D AC JK 6H 3S 5H TH 4S 7H 4H 8D QD AD TC 2S "
                "QS TS 3C 6C 4D 9D AS KH TD 2H JS 8H 4C KS 6S 9H 2D 7S AH",
                "stoeptegels": ["QC", "KC"],
            },
            "values": {"5S 2": 1.912, "JD 1": 1.168, "JD 2": 2.29, "JD 3": 1.587, "pass": 0.774},
        },
        {
            "table": {
                "dealer": 1,
                "hands": ["TS 2H 9H 3C", "AS JS QS QD"],
                "round": 1,
                "rows": [
                    {"cards": "8D", "played": [False]},
                    {"cards": "5C 9C", "played": [False, True]},
                    {"cards": "KC KS", "played": [False, True]},
                ],
                "scores": [1, 1],
                "stock": "JK TC 3S 8S 7H 6H AD TH 2C TD JH 6S AC 7S JK 6D 8H 5S KD "
                "3H 9S 9D 3D 7C 5H JD AH 6C 8C 7D 2S KH 2D QC 4S QH 4C JC "
                "4H",
                "stoeptegels": ["5D", "4D"],
            },
            "values": {"9H 2": 0.429, "TS 3": 0.097, "pass": -0.27},
        },
        {
            "table": {
                "dealer": 0,
                "hands": ["KS 7H 8C TC KC", "2S TS 4H 3C"],
                "round": 2,
                "rows": [
                    {"cards": "9S", "played": [False]},
                    {"cards": "6S 7S", "played": [False, True]},
                    {"cards": "QC", "played": [False]},
                ],
                "scores": [2, 2],
                "stock": "QS 3D 6D QD 4S 5C 9D QH KH TH 9C AD JS 8S JK AS 4D 4C 6H "
                "JH KD 9H 3S AH 8H JD 5D 2D JK 3H TD 8D JC 7C AC 6C 5S 7D "
                "2C",
                "stoeptegels": ["2H", "5H"],
            },
            "values": {"7H 2": 1.013, "KC 3": 0.067, "KS 1": 0.545, "TC 3": 0.386, "pass": 0.086},
        },
    ],
    "tripeaks": [
        {
            "after": {
                "14": [112, True],
                "20": [112, True],
                "25": [112, True],
                "26": [112, True],
                "draw": [88, False],
            },
            "best": 112,
            "moves": [23, 19, 22, "draw", "draw", "draw", 24, 21, 18, 13],
            "winnable": True,
        },
        {
            "after": {"11": [34, False], "16": [58, True], "draw": [58, True]},
            "best": 58,
            "moves": [
                27,
                "draw",
                24,
                20,
                "draw",
                19,
                23,
                "draw",
                25,
                "draw",
                22,
                "draw",
                21,
                13,
                15,
                18,
                26,
            ],
            "winnable": True,
        },
        {
            "after": {"15": [53, True], "16": [53, True], "draw": [23, False]},
            "best": 53,
            "moves": [
                22,
                "draw",
                "draw",
                26,
                27,
                24,
                23,
                "draw",
                19,
                20,
                "draw",
                "draw",
                17,
                "draw",
                "draw",
                "draw",
                10,
                14,
                "draw",
                "draw",
                13,
                25,
                18,
            ],
            "winnable": True,
        },
        {
            "after": {"11": [38, False], "25": [69, True], "27": [68, True], "draw": [69, True]},
            "best": 69,
            "moves": [20, 19, 26, 18, 21, "draw", "draw", 23, "draw", "draw", 24, 10, 22],
            "winnable": True,
        },
        {
            "after": {"12": [28, False], "25": [36, False], "26": [21, False], "draw": [28, False]},
            "best": 36,
            "moves": ["draw", 21, 22, "draw", 27, 24, "draw", 20, 18],
            "winnable": False,
        },
    ],
}
