// node --test: card names on the page (js/cards.js), as the UI writes them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cardLabel, cardSpoken, isRed } from "../../js/cards.js";

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
