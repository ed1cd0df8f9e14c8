// node --test: card names on the page (js/cards.js), as the UI writes them with the words
// Python sends (words.json is cardtable.page_words.SHARED, kept in step by test_js_words.py).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { cardLabel, cardSpoken, isRed } from "../../js/cards.js";
import { useWords } from "../../js/words.js";

useWords(JSON.parse(readFileSync(new URL("./words.json", import.meta.url), "utf-8")));

test("labels use 10 and suit symbols; wire codes use T", () => {
  assert.equal(cardLabel("TH"), "10♥");
  assert.equal(cardLabel("AS"), "A♠");
  assert.equal(cardLabel("QC"), "Q♣");
  assert.equal(cardLabel("JK"), "Joker");
});

test("screen readers hear the card's name", () => {
  assert.equal(cardSpoken("TH"), "10 of hearts");
  assert.equal(cardSpoken("KD"), "king of diamonds");
  assert.equal(cardSpoken("JK"), "joker");
});

test("hearts and diamonds are red; a hidden card is not", () => {
  assert.deepEqual(["TH", "KD", "AS", "QC", "JK", null].map(isRed), [true, true, false, false, false, false]);
});
