// @ts-check
// The words a table writes itself (labels, tooltips, what a screen reader hears) come from
// Python, in the notes the kernel sends once (`notes.words`, cardtable/page_words.py and the
// games' texts.py), in the table's language: this module holds them for the page and fills
// their {fields}. An entry is written as cardtable/i18n says: a template, a plural
// ({ plural: "count", one, other }: the language's plural rule, Intl.PluralRules, picks) or a
// choice ({ select: "field", <value>: …, other }); a table of words (ranks, suits) has no "other".

/** @typedef {string | { [form: string]: Word }} Word */

/** @type {Record<string, Word>} */
let words = {};
let plurals = new Intl.PluralRules("en");

/**
 * Use `given` (a table's `notes.words`, in the language `lang`) from now on.
 * @param {Record<string, Word> | undefined} given
 * @param {string} [lang]
 */
export function useWords(given, lang = "en") {
  words = { ...words, ...(given || {}) };
  plurals = new Intl.PluralRules(lang);
}

/**
 * An entry's form for `fields`: its plural form or branch, until a template is left.
 * @param {Word | undefined} word
 * @param {Record<string, string | number | boolean>} fields
 * @returns {string}
 */
function form(word, fields) {
  while (word && typeof word === "object" && "other" in word) {
    const select = typeof word.select === "string" ? word.select : null;
    const plural = typeof word.plural === "string" ? word.plural : "count";
    const branch = select ? String(fields[select]) : plurals.select(Number(fields[plural]));
    word = word[branch] ?? word.other;
  }
  return typeof word === "string" ? word : "";
}

/**
 * The word `key`, its `{field}`s filled (a plural's form or a choice's branch picked first).
 * @param {string} key
 * @param {Record<string, string | number | boolean>} [fields]
 * @returns {string}
 */
export function say(key, fields = {}) {
  return form(words[key], fields).replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
}

/**
 * One entry of a table of words (`ranks`, `suits`), or `fallback`.
 * @param {string} key
 * @param {string} entry
 * @param {string} fallback
 */
export function lookUp(key, entry, fallback) {
  const table = /** @type {Record<string, string> | undefined} */ (words[key]);
  return (table && typeof table === "object" && table[entry]) || fallback;
}
