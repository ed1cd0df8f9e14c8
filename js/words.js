// @ts-check
// The words a table writes itself (labels, tooltips, what a screen reader hears) come from
// Python, in the notes the kernel sends once (`notes.words`, cardtable/page_words.py and the
// games' texts.py): this module holds them for the page and fills their {fields}. A word with
// a count is { one, other }: the page picks the form (a language's plural rule, later).

/** @typedef {string | { one: string, other: string } | Record<string, string>} Word */

/** @type {Record<string, Word>} */
let words = {};

/**
 * Use `given` (a table's `notes.words`) from now on.
 * @param {Record<string, Word> | undefined} given
 */
export function useWords(given) {
  words = { ...words, ...(given || {}) };
}

/**
 * The word `key`, its `{field}`s filled (`count` picks a plural's form).
 * @param {string} key
 * @param {Record<string, string | number>} [fields]
 * @returns {string}
 */
export function say(key, fields = {}) {
  const word = words[key];
  /** @type {unknown} */
  let text = word;
  if (word && typeof word === "object" && "other" in word) text = fields.count === 1 ? word.one : word.other;
  return String(text ?? "").replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
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
