// @ts-check
// The words a table writes itself (labels, tooltips, what a screen reader hears) come from
// Python, in the notes the kernel sends (`notes.words`, cardtable/page_words.py: the catalogs'
// `page.*` entries and the game's), in the table's language (`lang`). Each table reads its own
// words through its model (`wordsOf(model)`): two tables on one page in two languages never mix
// their words, and a live switch (`table.lang = "ca"` sends new notes) is read at the next call.
// An entry is written as cardtable/i18n says: a template, a plural ({ plural: "count", one,
// other }: the language's plural rule, Intl.PluralRules, picks) or a choice ({ select: "field",
// <value>: …, other }); a table of words (ranks, suits) has no "other".

/** @typedef {string | { [form: string]: Word }} Word */
/** @typedef {Record<string, string | number | boolean>} Fields */
/**
 * A table's words: `say(key, fields)` writes one; `lookUp(key, entry, fallback)` reads one
 * entry of a table of words (`ranks`, `suits`).
 * @typedef {{ say: (key: string, fields?: Fields) => string,
 *   lookUp: (key: string, entry: string, fallback: string) => string }} Words
 */

/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();

/** The plural rule of `lang` (English where the browser knows no such language). @param {string} lang */
function pluralsOf(lang) {
  let rules = pluralRules.get(lang);
  if (!rules) {
    try { rules = new Intl.PluralRules(lang); } catch { rules = new Intl.PluralRules("en"); }
    pluralRules.set(lang, rules);
  }
  return rules;
}

// Catalan writes "de" as "d'" before a vowel or an h and a vowel ("d'Anna", "d'1"), not
// before a semivowel i or u ("de Iolanda"): where a template says "de {field}", the value
// filled in decides, as cardtable/i18n does in Python.
const CATALAN_DE = /(?<![\p{L}\p{N}_])([Dd])e \{(\w+)\}/gu;
const VOWEL_START = /^(?:[Hh]?(?![IiUuÍÚíú][AEIOUaeiouÀÈÉÒÓàèéòó])[AEIOUaeiouÀÈÉÍÏÒÓÚÜàèéíïòóúü]|11?(?!\d))/u;
/** @param {string} template @param {Fields} fields */
const catalanDe = (template, fields) => template.replace(CATALAN_DE, (whole, d, name) =>
  VOWEL_START.test(String(fields[name] ?? "")) ? `${d}'{${name}}` : whole);

/**
 * The words `given` (a table's `notes.words`) in the language `lang`.
 * @param {Record<string, Word> | undefined} given
 * @param {string} [lang]
 * @returns {Words}
 */
export function wordsFrom(given, lang = "en") {
  const words = given || {};
  const plurals = pluralsOf(lang || "en");
  /**
   * An entry's form for `fields`: its plural form or branch, until a template is left.
   * @param {Word | undefined} word
   * @param {Fields} fields
   * @returns {string}
   */
  const form = (word, fields) => {
    while (word && typeof word === "object" && "other" in word) {
      const select = typeof word.select === "string" ? word.select : null;
      const plural = typeof word.plural === "string" ? word.plural : "count";
      const branch = select ? String(fields[select]) : plurals.select(Number(fields[plural]));
      word = word[branch] ?? word.other;
    }
    return typeof word === "string" ? word : "";
  };
  const catalan = (lang || "en") === "ca";
  return {
    say: (key, fields = {}) => {
      const template = form(words[key], fields);
      return (catalan ? catalanDe(template, fields) : template).replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
    },
    lookUp(key, entry, fallback) {
      const table = /** @type {Record<string, string> | undefined} */ (words[key]);
      return (table && typeof table === "object" && table[entry]) || fallback;
    },
  };
}

/**
 * The words of the table whose model is `model`: its `notes.words` in its `lang`, read at each
 * call (so a language switched live is written from then on).
 * @param {import("./types.js").Model<import("./types.js").TableTraits>} model
 * @returns {Words}
 */
export function wordsOf(model) {
  /** @type {[unknown, unknown, Words] | null} */
  let last = null; // the words last read, kept while the model's notes and lang stay the same
  const current = () => {
    const given = (model.get("notes") || {}).words;
    const lang = model.get("lang") || "en";
    if (!last || last[0] !== given || last[1] !== lang) last = [given, lang, wordsFrom(given, lang)];
    return last[2];
  };
  return {
    say: (key, fields) => current().say(key, fields),
    lookUp: (key, entry, fallback) => current().lookUp(key, entry, fallback),
  };
}
