// node --test: card names on the page (js/cards.js) and the words of js/words.js, as the UI
// writes them with the words Python sends (words.json is cardtable.page_words' entries in each
// language, kept in step by test_js_words.py).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { cardLabel, cardSpoken, isRed } from "../../js/cards.js";
import { wordsFrom, wordsOf } from "../../js/words.js";

const WORDS = JSON.parse(readFileSync(new URL("./words.json", import.meta.url), "utf-8"));
const en = wordsFrom(WORDS.en, "en");
const nl = wordsFrom(WORDS.nl, "nl");
const ca = wordsFrom(WORDS.ca, "ca");

test("labels use 10 and suit symbols in every language; wire codes use T", () => {
  for (const words of [en, nl, ca]) {
    assert.equal(cardLabel("TH", words), "10♥");
    assert.equal(cardLabel("AS", words), "A♠");
    assert.equal(cardLabel("QC", words), "Q♣");
  }
  assert.equal(cardLabel("JK", en), "Joker");
  assert.equal(cardLabel("JK", ca), "Comodí");
});

test("screen readers hear the card's name the language's way", () => {
  assert.equal(cardSpoken("TH", en), "10 of hearts");
  assert.equal(cardSpoken("KD", en), "king of diamonds");
  assert.equal(cardSpoken("JK", en), "joker");
  assert.equal(cardSpoken("TH", nl), "harten 10");
  assert.equal(cardSpoken("JS", nl), "schoppen boer");
  assert.equal(cardSpoken("AC", nl), "klaveren aas");
  assert.equal(cardSpoken("QD", ca), "dama de diamants");
  assert.equal(cardSpoken("AS", ca), "as de piques");
  assert.equal(cardSpoken("KC", ca), "rei de trèvols");
});

test("hearts and diamonds are red; a hidden card is not", () => {
  assert.deepEqual(["TH", "KD", "AS", "QC", "JK", null].map(isRed), [true, true, false, false, false, false]);
});

test("a plural's form is the language's, a choice's branch its field's", () => {
  const words = wordsFrom({ n: { one: "{count} kaart", other: "{count} kaarten" },
    you: { select: "mine", true: "jouw beurt", other: "de beurt van {name}" } }, "nl");
  assert.deepEqual([0, 1, 2].map((count) => words.say("n", { count })), ["0 kaarten", "1 kaart", "2 kaarten"]);
  assert.equal(words.say("you", { mine: true }), "jouw beurt");
  assert.equal(words.say("you", { mine: false, name: "Anna" }), "de beurt van Anna");
});

test("Catalan elides de before a vowel in a name filled in, not before a semivowel", () => {
  const words = wordsFrom({ from: "de {name}" }, "ca");
  assert.deepEqual(["Anna", "Hug", "Bram", "Iolanda", "11", "Ana de Armas"].map((name) => words.say("from", { name })),
    ["d'Anna", "d'Hug", "de Bram", "de Iolanda", "d'11", "d'Ana de Armas"]);
  assert.equal(wordsFrom({ at: "Rosède {name}" }, "ca").say("at", { name: "Anna" }), "Rosède Anna");
  assert.equal(wordsFrom({ from: "de {name}" }, "nl").say("from", { name: "Anna" }), "de Anna");
});

test("two tables on one page keep their own words, and a live switch is read at once", () => {
  /** @param {Record<string, unknown>} traits */
  const model = (traits) => ({ get: (/** @type {string} */ key) => traits[key], traits });
  const dutch = model({ lang: "nl", notes: { words: WORDS.nl } });
  const catalan = model({ lang: "ca", notes: { words: WORDS.ca } });
  const [a, b] = [wordsOf(/** @type {any} */ (dutch)), wordsOf(/** @type {any} */ (catalan))];
  assert.equal(a.say("help"), "Zo speel je");
  assert.equal(b.say("help"), "Com es juga");
  assert.equal(cardSpoken("JH", a), "harten boer");
  dutch.traits.lang = "en";
  dutch.traits.notes = { words: WORDS.en };
  assert.equal(a.say("help"), "How to play");
  assert.equal(b.say("help"), "Com es juga");
});
